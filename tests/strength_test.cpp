// SPDX-License-Identifier: GPL-3.0-or-later
// UCI_LimitStrength: the draw among the candidates keeps to its rules, a lower Elo searches
// less, every move stays legal, and switching the limit off gives the full-strength search back.
#include "search/strength.h"

#include <random>
#include <set>
#include <sstream>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/uci.h"
#include "gtest/gtest.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "search/params.h"
#include "search/value.h"
#include "tests/uci_transcript.h"

namespace riposte::testing {
namespace {

std::vector<RootMove> ranked(const std::vector<int>& scores) {
  std::vector<RootMove> moves;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    moves.emplace_back(Move(make_square(File(i), RANK_2), make_square(File(i), RANK_3)));
    moves.back().score = scores[i];
  }
  return moves;
}

std::multiset<std::size_t> draws(const std::vector<RootMove>& moves, int elo, int n = 2000) {
  std::mt19937_64 rng(7);
  std::multiset<std::size_t> out;
  for (int i = 0; i < n; ++i) out.insert(choose_weakened_move(moves, moves.size(), elo, rng));
  return out;
}

TEST(Strength, TheBudgetAndTheNoiseFollowTheElo) {
  for (int elo = kStrengthMinElo; elo < kStrengthMaxElo; elo += 10) {
    EXPECT_LE(strength_node_budget(elo), strength_node_budget(elo + 10)) << elo;
    EXPECT_GE(strength_noise_cp(elo), strength_noise_cp(elo + 10)) << elo;
    EXPECT_GE(strength_candidates(elo), 1);
  }
  EXPECT_GT(strength_node_budget(kStrengthMaxElo), 10 * strength_node_budget(kStrengthMinElo));
  EXPECT_EQ(strength_noise_cp(kStrengthMaxElo), 0);
  EXPECT_GT(strength_noise_cp(kStrengthMinElo), 0);
}

TEST(Strength, AtTheTopTheBestMoveIsAlwaysPlayed) {
  const auto moves = ranked({50, 45, 40});
  EXPECT_EQ(draws(moves, kStrengthMaxElo).count(0), 2000u);
}

TEST(Strength, LowStrengthDrawsAmongCloseMovesTheBestMostOften) {
  const auto moves = ranked({50, 40, 30, 20});
  const auto d = draws(moves, kStrengthMinElo);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_GT(d.count(i), 0u) << i;
  EXPECT_GT(d.count(0), d.count(1));
  EXPECT_GT(d.count(1), d.count(3));
}

TEST(Strength, NeverAMoveFarWorseNorAProvenLossNorAwayFromAProvenWin) {
  const int far = strength_max_loss_cp(kStrengthMinElo) + 1;
  const auto d = draws(ranked({100, 100 - far, -kValueTbWin + 10}), kStrengthMinElo);
  EXPECT_EQ(d.count(0), 2000u);
  // The mate is played even when the search listed it second.
  auto mate = ranked({30, 20, 10});
  mate[1].score = mate_in(5);
  EXPECT_EQ(draws(mate, kStrengthMinElo).count(1), 2000u);
  // A line the search did not reach (stopped inside an iteration) is not drawn.
  auto stopped = ranked({30, 20});
  stopped[1].score = -kValueInfinite;
  EXPECT_EQ(draws(stopped, kStrengthMinElo).count(0), 2000u);
}

// The nodes of the last info line of a search.
std::uint64_t last_nodes(const std::vector<std::string>& lines) {
  std::uint64_t nodes = 0;
  for (const std::string& l : lines) {
    const std::size_t at = l.find(" nodes ");
    if (l.rfind("info depth", 0) != 0 || at == std::string::npos) continue;
    const std::string rest = l.substr(at + 7);
    EXPECT_TRUE(absl::SimpleAtoi(rest.substr(0, rest.find(' ')), &nodes)) << l;
  }
  return nodes;
}

TEST(Strength, ALowerEloSearchesLess) {
  const std::string setup =
      "setoption name UCI_LimitStrength value true\nposition startpos moves e2e4 e7e5\n";
  const auto weak = transcript(setup + "setoption name UCI_Elo value 1320\ngo depth 40\n");
  const auto strong = transcript(setup + "setoption name UCI_Elo value 2300\ngo depth 40\n");
  const std::uint64_t weak_nodes = last_nodes(weak), strong_nodes = last_nodes(strong);
  EXPECT_LE(weak_nodes, strength_node_budget(1320) + params::kNodeLimitCheckInterval);
  EXPECT_LE(strong_nodes, strength_node_budget(2300) + params::kNodeLimitCheckInterval);
  EXPECT_GT(strong_nodes, 4 * weak_nodes);
}

TEST(Strength, AnEloOutOfRangeIsRefusedAndTheLastOneKept) {
  const auto lines = transcript(
      "setoption name UCI_Elo value 2400\nsetoption name UCI_Elo value 1000\n"
      "setoption name UCI_Elo value 2601\nsetoption name UCI_LimitStrength value true\n"
      "position startpos\ngo depth 40\n");
  EXPECT_EQ(lines[0],
            "info string error: option 'UCI_Elo' takes an integer from 1320 to 2600, got '1000'");
  EXPECT_EQ(lines[1],
            "info string error: option 'UCI_Elo' takes an integer from 1320 to 2600, got '2601'");
  // The search ran at 2400: more nodes than 1320 allows, no more than 2400 does.
  EXPECT_GT(last_nodes(lines), strength_node_budget(1320) + params::kNodeLimitCheckInterval);
  EXPECT_LE(last_nodes(lines), strength_node_budget(2400) + params::kNodeLimitCheckInterval);
}

TEST(Strength, EveryMoveOfAWeakGameIsLegal) {
  std::ostringstream out;
  Uci uci(out, false, 1);
  uci.execute("setoption name UCI_LimitStrength value true");
  uci.execute("setoption name UCI_Elo value 1320");
  Position pos = Position::start_position();
  std::string moves;
  int plies = 0;
  for (; plies < 80; ++plies) {
    out.str("");
    uci.execute("position startpos" + (moves.empty() ? "" : " moves" + moves));
    uci.execute("go wtime 60000 btime 60000");
    uci.wait_for_search();
    const std::vector<std::string> lines = absl::StrSplit(out.str(), '\n', absl::SkipEmpty());
    ASSERT_FALSE(lines.empty());
    ASSERT_EQ(lines.back().rfind("bestmove ", 0), 0u) << lines.back();
    const std::string uci_move = std::vector<std::string>(absl::StrSplit(lines.back(), ' '))[1];
    if (uci_move == "0000") break;  // mate or stalemate
    const auto move = parse_uci_move(pos, uci_move);
    ASSERT_TRUE(move.ok()) << plies << " " << uci_move;
    pos.do_move(*move);
    moves += " " + uci_move;
  }
  EXPECT_GT(plies, 10);
}

TEST(Strength, SwitchedOffItSearchesAsBefore) {
  const std::string search = "position startpos moves d2d4\ngo depth 9\n";
  const auto fresh = transcript(search);
  const auto toggled = transcript(
      "setoption name UCI_Elo value 1500\nsetoption name UCI_LimitStrength value true\n"
      "position startpos\ngo depth 5\nsetoption name UCI_LimitStrength value false\n"
      "ucinewgame\n" +
      search);
  EXPECT_EQ(last_nodes(fresh), last_nodes(toggled));
  EXPECT_EQ(fresh.back(), toggled.back());
  const auto bench = [](const std::string& before) {
    for (const std::string& l : transcript(before + "bench 6\n"))
      if (l.rfind("Nodes searched", 0) == 0) return l;
    return std::string("no bench");
  };
  EXPECT_EQ(bench(""), bench("setoption name UCI_LimitStrength value true\n"));
}

}  // namespace
}  // namespace riposte::testing
