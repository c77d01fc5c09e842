// SPDX-License-Identifier: GPL-3.0-or-later
// riposte_tbbook: an opening book of endgame starts for measuring tablebase use in games.
//   riposte_tbbook --tables=../shared/data/syzygy --positions=400 --seed=1 > endgames.epd
// Four-man positions from the tables, half decided and half drawn where the material allows,
// and five-man positions one capture away from them; no capture or check at the start, so the
// first moves are play rather than a free piece.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "movegen/endgame_positions.h"
#include "movegen/movegen.h"
#include "nnue-free-eval/evaluate.h"
#include "search/syzygy.h"
#include "tools/flags.h"

ABSL_FLAG(std::string, tables, "../shared/data/syzygy", "Syzygy directory (3- and 4-man)");
ABSL_FLAG(int, positions, 400, "book lines to write");
ABSL_FLAG(int, seed, 1, "random seed: the same seed writes the same book");

namespace {

struct Material {
  const char* white;
  const char* black;
};

// Endings where knowing the result matters: conversions that take technique, defences that
// hold only with exact play, pawn races.
constexpr Material kFourMan[] = {{"KR", "KP"}, {"KQ", "KP"}, {"KP", "KP"}, {"KB", "KP"},
                                 {"KN", "KP"}, {"KR", "KB"}, {"KR", "KN"}, {"KQ", "KR"},
                                 {"KBN", "K"}, {"KPP", "K"}};
constexpr Material kFiveMan[] = {{"KRP", "KR"}, {"KPP", "KP"}, {"KR", "KPP"},
                                 {"KBP", "KB"}, {"KQ", "KRP"}, {"KRP", "KB"}};

// EPD wants the FEN's first four fields.
std::string epd(const riposte::Position& pos) {
  std::string fen = pos.fen();
  std::size_t at = 0;
  for (int field = 0; field < 4 && at != std::string::npos; ++field) at = fen.find(' ', at + 1);
  return fen.substr(0, at);
}

bool quiet(const riposte::Position& pos) {
  if (pos.checkers()) return false;
  for (const riposte::ExtMove& m : riposte::MoveList<riposte::LEGAL>(pos))
    if (pos.is_noisy(m.move)) return false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  riposte::parse_tool_flags(argc, argv,
                            "riposte_tbbook --tables=DIR [flags]:\n"
                            "  an EPD book of endgame starts, checked with Syzygy tables");
  using namespace riposte;
  init_movegen();
  eval::init();
  auto loaded = syzygy::load(absl::GetFlag(FLAGS_tables));
  if (!loaded.ok()) {
    std::fprintf(stderr, "error: %s\n", std::string(loaded.status().message()).c_str());
    return 1;
  }
  std::mt19937 rng(absl::GetFlag(FLAGS_seed));
  const int total = absl::GetFlag(FLAGS_positions);
  int decided = 0, drawn = 0, five = 0;
  for (int i = 0; i < total; ++i) {
    const Color to_move = rng() % 2 ? BLACK : WHITE;
    // Two lines in three are four-man positions, alternately decided and drawn.
    if (i % 3 == 2) {
      const Material& m = kFiveMan[(i / 3) % std::size(kFiveMan)];
      Position pos = random_endgame(rng, m.white, m.black, {to_move});
      while (!quiet(pos)) pos = random_endgame(rng, m.white, m.black, {to_move});
      std::printf("%s\n", epd(pos).c_str());
      ++five;
      continue;
    }
    const Material& m = kFourMan[(i / 3 * 2 + i % 3) % std::size(kFourMan)];
    const bool want_draw = i % 2;
    Position pos = random_endgame(rng, m.white, m.black, {to_move});
    for (int tries = 0;; ++tries) {
      const auto wdl = syzygy::probe_wdl(pos);
      const bool draw = wdl && *wdl == syzygy::Wdl::kDraw;
      // Some materials are (almost) never drawn or never won: take what comes after a while.
      if (quiet(pos) && wdl && (draw == want_draw || tries > 2000)) break;
      pos = random_endgame(rng, m.white, m.black, {to_move});
    }
    const bool draw = *syzygy::probe_wdl(pos) == syzygy::Wdl::kDraw;
    ++(draw ? drawn : decided);
    std::printf("%s\n", epd(pos).c_str());
  }
  std::fprintf(stderr, "%d lines: %d four-man decided, %d four-man drawn, %d five-man\n", total,
               decided, drawn, five);
  return 0;
}
