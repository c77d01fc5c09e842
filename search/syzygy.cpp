// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/syzygy.h"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "movegen/movegen.h"
#include "tbprobe.h"

namespace riposte::syzygy {

namespace {

// Fathom is opened at run time, on the first SyzygyPath, so that a binary copied to a machine
// without libfathom still runs: it then plays without tablebases and says why.
constexpr const char* kFathomLibrary = "libfathom.so.1";
struct Fathom {
  decltype(&tb_init) init = nullptr;
  decltype(&tb_probe_wdl_impl) probe_wdl = nullptr;
  decltype(&tb_probe_root_impl) probe_root = nullptr;
  decltype(&tb_probe_root_wdl) probe_root_wdl = nullptr;
  const unsigned* largest = nullptr;  // Fathom's TB_LARGEST
};

// The library's entry points, or nullptr when it or one of them is missing. Opened once and
// never closed: the tables it maps live as long as the engine.
const Fathom* fathom() {
  static const std::optional<Fathom> library = []() -> std::optional<Fathom> {
    void* handle = dlopen(kFathomLibrary, RTLD_NOW | RTLD_LOCAL);
    if (!handle) return std::nullopt;
    const auto symbol = [handle]<typename T>(T& target, const char* name) {
      target = reinterpret_cast<T>(dlsym(handle, name));
      return target != nullptr;
    };
    Fathom f;
    if (!symbol(f.init, "tb_init") || !symbol(f.probe_wdl, "tb_probe_wdl_impl") ||
        !symbol(f.probe_root, "tb_probe_root_impl") ||
        !symbol(f.probe_root_wdl, "tb_probe_root_wdl") || !symbol(f.largest, "TB_LARGEST"))
      return std::nullopt;
    return f;
  }();
  return library ? &*library : nullptr;
}

// Fathom's own TB_LARGEST survives an unload; this one is 0 whenever nothing is loaded.
std::atomic<int> loaded_largest{0};
// The path Fathom has open, and its largest table. Fathom crashes in probes made after it has
// been freed and initialised again, so it is initialised only when the path changes; an unload
// only stops the probes.
std::string fathom_path;
int fathom_largest = 0;
// Debian's libfathom is built without its own locks: two threads that open the same table on
// their first probe crash it. Every call into Fathom holds this lock.
std::mutex fathom_mutex;

// Syzygy files start with a magic number per kind and are 16 bytes past a multiple of 64.
constexpr std::array<unsigned char, 4> kWdlMagic = {0x71, 0xe8, 0x23, 0x5d};
constexpr std::array<unsigned char, 4> kDtzMagic = {0xd7, 0x66, 0x0c, 0xa5};

enum class FileCheck { kGood, kTruncated, kForeign };

FileCheck check_file(const std::filesystem::path& file, const std::array<unsigned char, 4>& magic) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec || size % 64 != 16) return FileCheck::kTruncated;
  std::ifstream in(file, std::ios::binary);
  std::array<unsigned char, 4> head{};
  if (!in.read(reinterpret_cast<char*>(head.data()), head.size())) return FileCheck::kTruncated;
  return head == magic ? FileCheck::kGood : FileCheck::kForeign;
}

// Fathom's board: one bitboard per colour and per piece type, a1 = bit 0 as in Riposte.
struct FathomBoard {
  std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  unsigned rule50, castling, ep;
  bool white_to_move;
};

FathomBoard fathom_board(const Position& pos) {
  return {pos.pieces(WHITE),
          pos.pieces(BLACK),
          pos.pieces(KING),
          pos.pieces(QUEEN),
          pos.pieces(ROOK),
          pos.pieces(BISHOP),
          pos.pieces(KNIGHT),
          pos.pieces(PAWN),
          unsigned(pos.rule50()),
          unsigned(pos.castling_rights()),
          pos.ep_square() == SQ_NONE ? 0u : unsigned(pos.ep_square()),
          pos.side_to_move() == WHITE};
}

// The legal move of pos that Fathom's from/to/promotion code names, or none.
Move find_move(const Position& pos, unsigned from, unsigned to, unsigned promotes) {
  static constexpr PieceType kPromotion[] = {NO_PIECE_TYPE, QUEEN, ROOK, BISHOP, KNIGHT};
  for (const ExtMove& em : MoveList<LEGAL>(pos)) {
    const Move m = em.move;
    if (unsigned(m.from()) != from || unsigned(m.to()) != to) continue;
    const bool promotion = m.type() == PROMOTION;
    if (promotes == TB_PROMOTES_NONE
            ? !promotion
            : promotes <= 4 && promotion && m.promotion_type() == kPromotion[promotes])
      return m;
  }
  return Move::none();
}

Wdl adjusted(int wdl, bool use_rule50) {
  if (!use_rule50) wdl = wdl > 0 ? 2 : wdl < 0 ? -2 : 0;
  return Wdl(wdl);
}

// Ranks by DTZ: wins by fewest plies to the next zeroing move, losses by most, cursed wins
// above draws above blessed losses. Fails when a DTZ table is missing.
std::optional<RootRanking> rank_by_dtz(const Position& pos, const FathomBoard& b, bool use_rule50) {
  std::array<unsigned, TB_MAX_MOVES> results{};
  if (b.castling) return std::nullopt;
  std::unique_lock lock(fathom_mutex);
  const unsigned root =
      fathom()->probe_root(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights,
                           b.pawns, b.rule50, b.ep, b.white_to_move, results.data());
  lock.unlock();
  if (root == TB_RESULT_FAILED || root == TB_RESULT_CHECKMATE || root == TB_RESULT_STALEMATE)
    return std::nullopt;
  RootRanking best;
  int best_rank = -1'000'000;
  for (std::size_t i = 0; i < results.size() && results[i] != TB_RESULT_FAILED; ++i) {
    const unsigned r = results[i];
    const Move m = find_move(pos, TB_GET_FROM(r), TB_GET_TO(r), TB_GET_PROMOTES(r));
    if (!m) return std::nullopt;
    const Wdl wdl = adjusted(int(TB_GET_WDL(r)) - 2, use_rule50);
    const int dtz = int(TB_GET_DTZ(r));
    const int rank = wdl == Wdl::kWin           ? 2000 - dtz
                     : wdl == Wdl::kCursedWin   ? 1000 - dtz
                     : wdl == Wdl::kDraw        ? 0
                     : wdl == Wdl::kBlessedLoss ? -1000 + dtz
                                                : -2000 + dtz;
    if (rank > best_rank) {
      best_rank = rank;
      best = {{}, wdl, wdl == Wdl::kDraw ? 0 : dtz};
    }
    if (rank == best_rank) best.moves.push_back(m);
  }
  if (best.moves.empty()) return std::nullopt;
  return best;
}

// The fallback without DTZ tables: every move that keeps the best WDL result.
std::optional<RootRanking> rank_by_wdl(const Position& pos, const FathomBoard& b, bool use_rule50) {
  auto rm = std::make_unique<TbRootMoves>();  // about 100 KB: not for the stack
  std::unique_lock lock(fathom_mutex);
  const bool ok = fathom()->probe_root_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops,
                                           b.knights, b.pawns, b.rule50, b.castling, b.ep,
                                           b.white_to_move, use_rule50, rm.get());
  lock.unlock();
  if (!ok) return std::nullopt;
  RootRanking best;
  int best_rank = -1'000'000;
  for (unsigned i = 0; i < rm->size; ++i) {
    const TbRootMove& tm = rm->moves[i];
    const Move m =
        find_move(pos, TB_MOVE_FROM(tm.move), TB_MOVE_TO(tm.move), TB_MOVE_PROMOTES(tm.move));
    if (!m) return std::nullopt;
    if (tm.tbRank > best_rank) {
      best_rank = tm.tbRank;
      // Fathom's WDL ranks: 1000 win, 899 cursed win, 0 draw, -899 blessed loss, -1000 loss.
      const int wdl = tm.tbRank >= 1000   ? 2
                      : tm.tbRank > 0     ? 1
                      : tm.tbRank == 0    ? 0
                      : tm.tbRank > -1000 ? -1
                                          : -2;
      best = {{}, adjusted(wdl, use_rule50), 0};
    }
    if (tm.tbRank == best_rank) best.moves.push_back(m);
  }
  if (best.moves.empty()) return std::nullopt;
  return best;
}

}  // namespace

absl::StatusOr<LoadReport> load(std::string_view path) {
  loaded_largest.store(0, std::memory_order_relaxed);
  if (path.empty() || path == "<empty>") return LoadReport{};

  LoadReport report;
  int directories = 0;
  for (const absl::string_view dir_name :
       absl::StrSplit(absl::string_view(path.data(), path.size()), ':', absl::SkipEmpty())) {
    const std::filesystem::path dir{std::string(dir_name)};
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
      report.problems.push_back(absl::StrCat("no directory '", dir_name, "'"));
      continue;
    }
    ++directories;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      const std::string ext = entry.path().extension().string();
      const bool wdl = ext == ".rtbw", dtz = ext == ".rtbz";
      if (!wdl && !dtz) continue;
      switch (check_file(entry.path(), wdl ? kWdlMagic : kDtzMagic)) {
        case FileCheck::kGood: ++(wdl ? report.wdl_files : report.dtz_files); break;
        case FileCheck::kTruncated:
          report.problems.push_back(absl::StrCat(entry.path().string(), " is truncated"));
          break;
        case FileCheck::kForeign:
          report.problems.push_back(absl::StrCat(entry.path().string(), " is not a Syzygy table"));
          break;
      }
    }
  }
  const std::string problems = absl::StrJoin(report.problems, "; ");
  if (directories == 0 || report.wdl_files == 0)
    return absl::NotFoundError(absl::StrCat("no Syzygy WDL tables in '", std::string(path), "'",
                                            problems.empty() ? "" : ": ", problems,
                                            "; playing without tablebases"));

  const Fathom* lib = fathom();
  if (!lib)
    return absl::UnavailableError(absl::StrCat("Syzygy tables need ", kFathomLibrary,
                                               " (Debian package libfathom1), which could not "
                                               "be loaded; playing without tablebases"));
  if (path != fathom_path || fathom_largest == 0) {
    // Fathom reports truncated files itself, on stdout: keep its line ahead of ours.
    const std::lock_guard lock(fathom_mutex);
    const bool ok = lib->init(std::string(path).c_str());
    std::fflush(stdout);
    fathom_path = std::string(path);
    fathom_largest = ok ? int(*lib->largest) : 0;
  }
  if (fathom_largest == 0)
    return absl::InternalError(absl::StrCat("the tables in '", std::string(path),
                                            "' could not be loaded; playing without tablebases"));
  report.largest = fathom_largest;
  loaded_largest.store(report.largest, std::memory_order_relaxed);
  return report;
}

int largest() { return loaded_largest.load(std::memory_order_relaxed); }

std::optional<Wdl> probe_wdl(const Position& pos) {
  if (popcount(pos.pieces()) > largest()) return std::nullopt;
  const FathomBoard b = fathom_board(pos);
  // Fathom's WDL tables know nothing of castling or of moves since the last zeroing move.
  if (b.castling || b.rule50) return std::nullopt;
  std::unique_lock lock(fathom_mutex);
  const unsigned r = fathom()->probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops,
                                         b.knights, b.pawns, b.ep, b.white_to_move);
  lock.unlock();
  if (r == TB_RESULT_FAILED) return std::nullopt;
  return Wdl(int(r) - 2);
}

std::optional<RootRanking> rank_root_moves(const Position& pos, bool use_rule50) {
  if (popcount(pos.pieces()) > largest() || pos.castling_rights()) return std::nullopt;
  const FathomBoard b = fathom_board(pos);
  if (auto ranking = rank_by_dtz(pos, b, use_rule50)) return ranking;
  return rank_by_wdl(pos, b, use_rule50);
}

}  // namespace riposte::syzygy
