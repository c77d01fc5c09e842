// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy tablebases through libfathom, on the 3- and 4-man tables in ../shared/data/syzygy:
// loading and bad paths, WDL probes against proven search mates, the root ranking, scores and
// tbhits in the search, and whole endgames converted with and without the tables.
#include "search/syzygy.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>

#include "absl/strings/match.h"
#include "engine/uci.h"
#include "gtest/gtest.h"
#include "movegen/endgame_positions.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "search/threads.h"
#include "tbprobe.h"
#include "test_data.h"

namespace riposte::testing {
namespace {

namespace fs = std::filesystem;

std::string tables() { return data_path("syzygy"); }

// Loads the shared tables for one test and unloads them afterwards: Fathom's state is global.
class Syzygy : public ::testing::Test {
 protected:
  void SetUp() override {
    RIPOSTE_REQUIRE_SHARED_DATA("syzygy");
    ASSERT_TRUE(syzygy::load(tables()).ok());
  }
  void TearDown() override { ASSERT_TRUE(syzygy::load("").ok()); }
};

// Fathom's own per-move results at the root, read directly: the reference for the ranking.
struct FathomMove {
  Square from, to;
  unsigned promotes;  // TB_PROMOTES_NONE, _QUEEN, _ROOK, _BISHOP, _KNIGHT
  int wdl;            // TB_LOSS .. TB_WIN
  int dtz;
};
struct FathomRoot {
  int wdl = -1, dtz = 0;
  std::vector<FathomMove> moves;
};
FathomRoot fathom_root(const Position& pos) {
  unsigned results[TB_MAX_MOVES];
  const unsigned r = tb_probe_root(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING),
                                   pos.pieces(QUEEN), pos.pieces(ROOK), pos.pieces(BISHOP),
                                   pos.pieces(KNIGHT), pos.pieces(PAWN), unsigned(pos.rule50()), 0,
                                   pos.ep_square() == SQ_NONE ? 0 : unsigned(pos.ep_square()),
                                   pos.side_to_move() == WHITE, results);
  FathomRoot root;
  if (r == TB_RESULT_FAILED || r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE) return root;
  root.wdl = int(TB_GET_WDL(r));
  root.dtz = int(TB_GET_DTZ(r));
  for (int i = 0; results[i] != TB_RESULT_FAILED; ++i)
    root.moves.push_back({Square(TB_GET_FROM(results[i])), Square(TB_GET_TO(results[i])),
                          TB_GET_PROMOTES(results[i]), int(TB_GET_WDL(results[i])),
                          int(TB_GET_DTZ(results[i]))});
  return root;
}

struct Outcome {
  Move best;
  int score = 0;
  std::uint64_t tb_hits = 0;
};

// One search on a shared TT and pool, the last report's score and tbhits.
class Searcher {
 public:
  Searcher() : pool_(tt_) { EXPECT_TRUE(tt_.resize(4).ok()); }
  Outcome run(const Position& pos, SearchLimits limits, SearchOptions options = {}) {
    Outcome out;
    SearchListener listener{[&](const SearchReport& r) {
                              out.score = r.score;
                              out.tb_hits = r.tb_hits;
                            },
                            [&](Move best, Move) { out.best = best; }};
    pool_.start(pos, limits, options, listener);
    pool_.wait();
    return out;
  }
  void clear() { pool_.clear(); }

 private:
  TranspositionTable tt_;
  ThreadPool pool_;
};

SearchLimits depth(int d) {
  SearchLimits l;
  l.depth = d;
  return l;
}

TEST(SyzygyLoad, BadPathsLeaveTheEngineWithoutTables) {
  RIPOSTE_REQUIRE_SHARED_DATA("syzygy");
  auto missing = syzygy::load("/no/such/directory");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            "no Syzygy WDL tables in '/no/such/directory': no directory '/no/such/directory'; "
            "playing without tablebases");
  EXPECT_EQ(syzygy::largest(), 0);

  const fs::path dir = fs::temp_directory_path() / ("riposte-syzygy-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto empty = syzygy::load(dir.string());
  ASSERT_FALSE(empty.ok());
  EXPECT_TRUE(absl::StrContains(empty.status().message(), "no Syzygy WDL tables"));
  EXPECT_EQ(syzygy::largest(), 0);

  // One good table, one cut short, one with the right size and the wrong contents.
  fs::create_symlink(fs::path(tables()) / "KQvK.rtbw", dir / "KQvK.rtbw");
  fs::create_symlink(fs::path(tables()) / "KQvK.rtbz", dir / "KQvK.rtbz");
  std::ofstream(dir / "KRvK.rtbw", std::ios::binary) << std::string(100, 'x');
  std::ofstream(dir / "KBvK.rtbw", std::ios::binary) << std::string(80, '\0');
  auto partial = syzygy::load(dir.string());
  ASSERT_TRUE(partial.ok()) << partial.status();
  EXPECT_EQ(partial->wdl_files, 1);
  EXPECT_EQ(partial->dtz_files, 1);
  EXPECT_EQ(partial->largest, 3);
  ASSERT_EQ(partial->problems.size(), 2u);
  std::vector<std::string> problems = partial->problems;
  std::sort(problems.begin(), problems.end());
  EXPECT_EQ(problems[0], (dir / "KBvK.rtbw").string() + " is not a Syzygy table");
  EXPECT_EQ(problems[1], (dir / "KRvK.rtbw").string() + " is truncated");
  // The good table answers; the broken ones are simply not there, and nothing crashes.
  EXPECT_EQ(syzygy::probe_wdl(*Position::from_fen("8/8/8/k7/8/8/8/3QK3 w - - 0 1")),
            syzygy::Wdl::kWin);
  EXPECT_EQ(syzygy::probe_wdl(*Position::from_fen("8/8/8/k7/8/8/8/3RK3 w - - 0 1")), std::nullopt);
  EXPECT_EQ(syzygy::probe_wdl(*Position::from_fen("8/8/8/k7/8/8/8/3BK3 w - - 0 1")), std::nullopt);
  Searcher searcher;
  EXPECT_TRUE(searcher.run(*Position::from_fen("8/8/8/k7/8/8/8/3BK3 w - - 0 1"), depth(6)).best);

  int wdl = 0, dtz = 0;
  for (const auto& e : fs::directory_iterator(tables())) {
    wdl += e.path().extension() == ".rtbw";
    dtz += e.path().extension() == ".rtbz";
  }
  auto full = syzygy::load(tables());
  ASSERT_TRUE(full.ok()) << full.status();
  EXPECT_EQ(full->wdl_files, wdl);
  EXPECT_EQ(full->dtz_files, dtz);
  EXPECT_EQ(full->largest, 4);
  EXPECT_TRUE(full->problems.empty());
  EXPECT_TRUE(syzygy::load("<empty>").ok());
  EXPECT_EQ(syzygy::largest(), 0);
  fs::remove_all(dir);
}

TEST(SyzygyUci, OptionsAndMessages) {
  RIPOSTE_REQUIRE_SHARED_DATA("syzygy");
  std::ostringstream out;
  {
    Uci uci(out);
    for (const std::string& line :
         {std::string("uci"), std::string("setoption name SyzygyPath value /no/such/directory"),
          std::string("position fen 8/8/8/k7/8/8/8/3QK3 w - - 0 1"), std::string("go depth 3"),
          "setoption name SyzygyPath value " + tables(), std::string("go depth 3"),
          std::string("setoption name SyzygyProbeLimit value 8"),
          std::string("setoption name SyzygyPath value <empty>")}) {
      uci.execute(line);
      if (absl::StartsWith(line, "go")) uci.wait_for_search();
    }
  }
  const std::string text = out.str();
  EXPECT_TRUE(absl::StrContains(text, "option name SyzygyPath type string default <empty>\n"));
  EXPECT_TRUE(
      absl::StrContains(text, "option name SyzygyProbeDepth type spin default 1 min 1 max 100\n"));
  EXPECT_TRUE(absl::StrContains(text, "option name Syzygy50MoveRule type check default true\n"));
  EXPECT_TRUE(
      absl::StrContains(text, "option name SyzygyProbeLimit type spin default 7 min 0 max 7\n"));
  EXPECT_TRUE(absl::StrContains(
      text,
      "info string error: no Syzygy WDL tables in '/no/such/directory': no directory "
      "'/no/such/directory'; playing without tablebases\n"));
  EXPECT_TRUE(
      absl::StrContains(text, "info string Syzygy: 35 WDL and 35 DTZ tables, up to 4 pieces\n"));
  EXPECT_TRUE(absl::StrContains(
      text,
      "info string error: option 'SyzygyProbeLimit' takes an integer from 0 to 7, got '8'\n"));
  // Both searches answer; only the one with tables reports tablebase hits.
  std::vector<std::string> bestmoves, finals;
  std::istringstream in(text);
  std::string line, last_info;
  while (std::getline(in, line)) {
    if (absl::StartsWith(line, "info depth")) last_info = line;
    if (absl::StartsWith(line, "bestmove")) bestmoves.push_back(line), finals.push_back(last_info);
  }
  ASSERT_EQ(bestmoves.size(), 2u);
  EXPECT_TRUE(absl::StrContains(finals[0], " tbhits 0 "));
  EXPECT_FALSE(absl::StrContains(finals[1], " tbhits 0 ")) << finals[1];
  EXPECT_EQ(syzygy::largest(), 0);
}

TEST_F(Syzygy, WdlAgreesWithEveryMateTheSearchProves) {
  std::mt19937 rng(20261123);
  const std::pair<const char*, const char*> material[] = {
      {"KQ", "K"},  {"KR", "K"},  {"KP", "K"},  {"KQ", "KR"}, {"KR", "KP"}, {"KQ", "KP"},
      {"KP", "KP"}, {"KR", "KN"}, {"KQ", "KN"}, {"KBN", "K"}, {"KQ", "KQ"}, {"KR", "KB"}};
  Searcher searcher;
  SearchOptions no_probes;
  no_probes.syzygy_probe_limit = 0;
  int proven = 0, positions = 0;
  for (int i = 0; i < 20000; ++i) {
    const auto& [white, black] = material[i % std::size(material)];
    const Position pos = random_endgame(rng, white, black, {i % 2 ? BLACK : WHITE, 0, true});
    const auto wdl = syzygy::probe_wdl(pos);
    ASSERT_TRUE(wdl) << pos.fen();
    ++positions;
    const Outcome o = searcher.run(pos, depth(5), no_probes);
    if (!is_mate_score(o.score)) continue;
    ++proven;
    EXPECT_EQ(*wdl, o.score > 0 ? syzygy::Wdl::kWin : syzygy::Wdl::kLoss)
        << pos.fen() << " search score " << o.score;
    EXPECT_EQ(o.tb_hits, 0u);
  }
  std::cout << "[ syzygy ] " << proven << " of " << positions
            << " random positions proved mates, every one agreeing with the WDL tables\n";
  EXPECT_GE(proven, 2000);
}

TEST_F(Syzygy, SearchCountsProbesAndScoresTheWinAsATablebaseWin) {
  // Queen takes rook into a won 4-man ending: the probe there proves the win.
  const Position pos = *Position::from_fen("3r2k1/8/8/8/8/8/8/1R1Q2K1 w - - 0 1");
  Searcher searcher;
  const Outcome with = searcher.run(pos, depth(8));
  EXPECT_GT(with.tb_hits, 0u);
  EXPECT_GE(with.score, kValueTbWinInMaxPly);
  SearchOptions off;
  off.syzygy_probe_limit = 0;
  searcher.clear();
  const Outcome without = searcher.run(pos, depth(8), off);
  EXPECT_EQ(without.tb_hits, 0u);
  EXPECT_TRUE(without.score < kValueTbWinInMaxPly || is_mate_score(without.score));
}

// Probes from several threads at once (run under ThreadSanitizer too); every thread's count
// reaches the report.
TEST_F(Syzygy, ThreadsProbeTogetherAndSumTheirHits) {
  const Position pos = *Position::from_fen("3r2k1/8/8/8/8/8/8/1R1Q2K1 w - - 0 1");
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(4).ok());
  ThreadPool pool(tt);
  pool.set_threads(3);
  std::uint64_t reported = 0;
  pool.start(pos, depth(9), SearchOptions{},
             {[&](const SearchReport& r) { reported = r.tb_hits; }, [](Move, Move) {}});
  pool.wait();
  EXPECT_EQ(reported, pool.tb_hits());
  EXPECT_GT(reported, 0u);
}

TEST_F(Syzygy, RootMoveKeepsTheWinAtTheShortestDtzAndKeepsDraws) {
  std::mt19937 rng(7);
  const std::pair<const char*, const char*> material[] = {
      {"KQ", "K"},  {"KR", "K"},  {"KP", "K"},  {"KBN", "K"}, {"KQ", "KR"},
      {"KR", "KP"}, {"KR", "KR"}, {"KP", "KP"}, {"KB", "KP"}, {"KQ", "KQ"}};
  Searcher searcher;
  int wins = 0, draws = 0;
  for (int i = 0; i < 300; ++i) {
    const auto& [white, black] = material[i % std::size(material)];
    const Position pos = random_endgame(rng, white, black);
    const FathomRoot root = fathom_root(pos);
    ASSERT_GE(root.wdl, 0) << pos.fen();
    if (root.wdl != TB_WIN && root.wdl != TB_DRAW) continue;
    const Move best = searcher.run(pos, depth(4)).best;
    const unsigned promotes = best.type() != PROMOTION          ? TB_PROMOTES_NONE
                              : best.promotion_type() == QUEEN  ? TB_PROMOTES_QUEEN
                              : best.promotion_type() == ROOK   ? TB_PROMOTES_ROOK
                              : best.promotion_type() == BISHOP ? TB_PROMOTES_BISHOP
                                                                : TB_PROMOTES_KNIGHT;
    const auto it = std::find_if(root.moves.begin(), root.moves.end(), [&](const FathomMove& m) {
      return m.from == best.from() && m.to == best.to() && m.promotes == promotes;
    });
    ASSERT_NE(it, root.moves.end()) << pos.fen();
    EXPECT_EQ(it->wdl, root.wdl) << pos.fen() << " " << to_uci(best, false);
    if (root.wdl == TB_WIN) {
      ++wins;
      int shortest = 1000;
      for (const FathomMove& m : root.moves)
        if (m.wdl == TB_WIN) shortest = std::min(shortest, m.dtz);
      EXPECT_EQ(it->dtz, shortest) << pos.fen() << " " << to_uci(best, false);
    } else {
      ++draws;
    }
  }
  EXPECT_GE(wins, 60);
  EXPECT_GE(draws, 20);
}

TEST_F(Syzygy, CursedWinIsADrawUnderTheFiftyMoveRule) {
  // A rook win whose next zeroing move (mate) lies beyond the 50-move limit.
  std::mt19937 rng(11);
  Position pos = random_endgame(rng, "KR", "K");
  while (fathom_root(pos).wdl != TB_WIN || fathom_root(pos).dtz < 24)
    pos = random_endgame(rng, "KR", "K");
  std::string fen = pos.fen();
  fen.replace(fen.rfind(" 0 "), 3, " 80 ");
  const Position cursed = *Position::from_fen(fen);
  ASSERT_EQ(fathom_root(cursed).wdl, TB_CURSED_WIN);

  EXPECT_EQ(syzygy::rank_root_moves(cursed, true)->wdl, syzygy::Wdl::kCursedWin);
  EXPECT_EQ(syzygy::rank_root_moves(cursed, false)->wdl, syzygy::Wdl::kWin);
  Searcher searcher;
  EXPECT_EQ(searcher.run(cursed, depth(5)).score, kValueDraw + 1);
  SearchOptions no_rule;
  no_rule.syzygy_50_move_rule = false;
  const int score = searcher.run(cursed, depth(5), no_rule).score;
  EXPECT_GE(score, kValueTbWinInMaxPly);
  EXPECT_FALSE(is_mate_score(score));
}

// Plays a game from pos, both sides searching `nodes` per move; the winning side probes the
// tables only when `attacker_tables`. Returns the plies until mate, or -1 when the game ends
// otherwise (50-move rule, repetition, stalemate, insufficient material, 300 plies).
int plies_to_mate(Position pos, bool attacker_tables, std::uint64_t nodes) {
  Searcher attacker, defender;
  SearchOptions with, without;
  without.syzygy_probe_limit = 0;
  const Color winner = pos.side_to_move();
  SearchLimits limits;
  limits.nodes = nodes;
  for (int ply = 0; ply < 300; ++ply) {
    if (MoveList<LEGAL>(pos).size() == 0) return pos.checkers() ? ply : -1;
    if (pos.is_fifty_move_draw() || pos.has_insufficient_material() || pos.is_repetition(0))
      return -1;
    const bool attacking = pos.side_to_move() == winner;
    const Move m = attacking ? attacker.run(pos, limits, attacker_tables ? with : without).best
                             : defender.run(pos, limits, with).best;
    pos.do_move(m);
  }
  return -1;
}

TEST_F(Syzygy, WonEndingsAreMatedWithinTheFiftyMoveRuleAndFasterWithTables) {
  std::mt19937 rng(3);
  int total_with = 0, total_without = 0, unconverted_without = 0;
  for (const char* attacker : {"KQ", "KR", "KBN", "KP"}) {
    for (int game = 0; game < 3; ++game) {
      // Pawn endings zero at every pawn move: any win will do there.
      const int min_dtz = std::string(attacker) == "KP" ? 1 : 15;
      Position start = random_endgame(rng, attacker, "K");
      while (fathom_root(start).wdl != TB_WIN || fathom_root(start).dtz < min_dtz)
        start = random_endgame(rng, attacker, "K");
      const int with = plies_to_mate(start, true, 3000);
      const int without = plies_to_mate(start, false, 3000);
      std::cout << "[ syzygy ] " << start.fen() << " (DTZ " << fathom_root(start).dtz
                << "): mate after " << with << " plies with tables, "
                << (without < 0 ? std::string("no mate") : std::to_string(without) + " plies")
                << " without\n";
      EXPECT_GT(with, 0) << start.fen();  // mate, never a 50-move draw
      total_with += with;
      // A game not won counts as the longest the rule allows.
      total_without += without < 0 ? 101 : without;
      unconverted_without += without < 0;
    }
  }
  std::cout << "[ syzygy ] 12 games: " << total_with << " plies to mate with tables, "
            << total_without << " without (" << unconverted_without << " not won)\n";
  EXPECT_LT(total_with, total_without);
}

}  // namespace
}  // namespace riposte::testing
