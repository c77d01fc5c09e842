// SPDX-License-Identifier: GPL-3.0-or-later
// The WDL model behind UCI_ShowWDL: chances that sum to 1000, grow with the score, mirror for
// the two sides, and turn certain for proven results; the option prints them on every score.
#include "engine/wdl.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "search/value.h"
#include "tests/uci_transcript.h"

namespace riposte::testing {
namespace {

TEST(Wdl, ChancesSumTo1000GrowWithTheScoreAndMirror) {
  for (int material = 0; material <= 110; material += 2) {
    Wdl last = wdl_from_score(-4000, material);
    for (int v = -4000; v <= 4000; v += 5) {
      const Wdl w = wdl_from_score(v, material), mirror = wdl_from_score(-v, material);
      ASSERT_EQ(w.win + w.draw + w.loss, 1000) << v << " " << material;
      ASSERT_GE(w.draw, 0) << v << " " << material;
      ASSERT_GE(w.win, last.win) << v << " " << material;
      ASSERT_LE(w.loss, last.loss) << v << " " << material;
      ASSERT_EQ(w.win, mirror.loss) << v << " " << material;
      ASSERT_EQ(w.draw, mirror.draw) << v << " " << material;
      last = w;
    }
  }
}

TEST(Wdl, AnEqualScoreIsMostlyADrawAndAQueenUpIsMostlyAWin) {
  const Wdl equal = wdl_from_score(0, 40);
  EXPECT_EQ(equal.win, equal.loss);
  EXPECT_GT(equal.draw, equal.win);
  EXPECT_GT(wdl_from_score(900, 40).win, 950);
  // The material on the board changes what a score means.
  EXPECT_NE(wdl_from_score(150, 20).win, wdl_from_score(150, 70).win);
}

TEST(Wdl, ProvenResultsAreCertain) {
  for (int v : {mate_in(1), mate_in(30), kValueTbWin - 5, kValueTbWinInMaxPly}) {
    const Wdl w = wdl_from_score(v, 30);
    EXPECT_EQ(w.win, 1000) << v;
    const Wdl l = wdl_from_score(-v, 30);
    EXPECT_EQ(l.loss, 1000) << v;
  }
}

TEST(Wdl, MaterialCountsBothSides) {
  EXPECT_EQ(wdl_material(Position::start_position()), 2 * (8 + 2 * 3 + 2 * 3 + 2 * 5 + 9));
  auto kq = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  ASSERT_TRUE(kq.ok());
  EXPECT_EQ(wdl_material(*kq), 9);
}

// The three numbers after ` wdl ` of an info line, or nothing.
std::vector<int> wdl_of(const std::string& line) {
  const std::size_t at = line.find(" wdl ");
  if (at == std::string::npos) return {};
  std::vector<std::string> words = absl::StrSplit(line.substr(at + 5), ' ');
  std::vector<int> out;
  for (std::size_t i = 0; i < 3 && i < words.size(); ++i) {
    int v;
    if (absl::SimpleAtoi(words[i], &v)) out.push_back(v);
  }
  return out;
}

TEST(Wdl, ShowWdlPrintsThemAfterEveryScoreAndOnlyThen) {
  const auto on =
      transcript("setoption name UCI_ShowWDL value true\nposition startpos\ngo depth 5\n");
  int scored = 0;
  for (const std::string& l : on) {
    if (l.find(" score ") == std::string::npos) continue;
    ++scored;
    const std::vector<int> w = wdl_of(l);
    ASSERT_EQ(w.size(), 3u) << l;
    EXPECT_EQ(w[0] + w[1] + w[2], 1000) << l;
    EXPECT_LT(l.find(" score "), l.find(" wdl ")) << l;
    EXPECT_LT(l.find(" wdl "), l.find(" nodes ")) << l;
  }
  EXPECT_GE(scored, 5);  // one per iteration, and the final report
  const auto off = transcript("position startpos\ngo depth 5\n");
  for (const std::string& l : off) EXPECT_TRUE(wdl_of(l).empty()) << l;
}

TEST(Wdl, ShowWdlWithoutALegalMove) {
  const auto mated = transcript(
      "setoption name UCI_ShowWDL value true\n"
      "position fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1\ngo depth 3\n");
  EXPECT_EQ(mated,
            (std::vector<std::string>{"info depth 0 score mate 0 wdl 0 0 1000", "bestmove 0000"}));
  const auto stalemate = transcript(
      "setoption name UCI_ShowWDL value true\n"
      "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
  EXPECT_EQ(stalemate,
            (std::vector<std::string>{"info depth 0 score cp 0 wdl 0 1000 0", "bestmove 0000"}));
}

TEST(Wdl, AMateFoundShowsACertainWin) {
  const auto lines = transcript(
      "setoption name UCI_ShowWDL value true\n"
      "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo depth 3\n");
  bool seen = false;
  for (const std::string& l : lines)
    if (l.find(" score mate 1 ") != std::string::npos) {
      seen = true;
      EXPECT_EQ(wdl_of(l), (std::vector<int>{1000, 0, 0})) << l;
    }
  EXPECT_TRUE(seen);
}

}  // namespace
}  // namespace riposte::testing
