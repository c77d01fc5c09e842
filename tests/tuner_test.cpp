// SPDX-License-Identifier: GPL-3.0-or-later
// The tuner's analytic gradient against finite differences, and its writer round trip.
#include "nnue-free-eval/tuner.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <regex>

#include "gtest/gtest.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

tune::SampleSet small_set() {
  tune::SampleSet data;
  int i = 0;
  for (const std::string& fen : all_suite_fens()) {
    const Position pos = *Position::from_fen(fen);
    // Labels vary so every term of the error contributes.
    data.add(pos, float(i % 3) / 2.0f, float((i * 37) % 400 - 200));
    if (++i == 300) break;
  }
  return data;
}

TEST(TunerLine, ReadsPositionResultScoreAndLeaf) {
  const auto line = tune::parse_labelled_line(
      "r1b1r1k1/p4p1p/5q2/1p6/1B2P1p1/1P6/2P2PPP/R2Q1RK1 b - - 0 12 [1.0] 162 | "
      "r1b1r1k1/5p1p/5q2/pp6/1B2P1p1/1P6/2P2PPP/R2QR1K1 b - - 1 13\n");
  ASSERT_TRUE(line.ok()) << line.status();
  EXPECT_EQ(line->pos.fen(), "r1b1r1k1/p4p1p/5q2/1p6/1B2P1p1/1P6/2P2PPP/R2Q1RK1 b - - 0 12");
  EXPECT_EQ(line->result, 1.0f);
  EXPECT_EQ(line->score, 162.0f);
  ASSERT_TRUE(line->leaf.has_value());
  EXPECT_EQ(line->leaf->fen(), "r1b1r1k1/5p1p/5q2/pp6/1B2P1p1/1P6/2P2PPP/R2QR1K1 b - - 1 13");

  const auto no_score = tune::parse_labelled_line("8/8/8/8/8/8/8/K1k5 w - - 0 1 [0.5]");
  ASSERT_TRUE(no_score.ok());
  EXPECT_EQ(no_score->score, 0.0f);
  EXPECT_FALSE(no_score->leaf.has_value());
  // A leaf that does not parse is dropped; the line's own position still serves.
  const auto bad_leaf = tune::parse_labelled_line("8/8/8/8/8/8/8/K1k5 w - - 0 1 [0] -12 | junk");
  ASSERT_TRUE(bad_leaf.ok());
  EXPECT_EQ(bad_leaf->score, -12.0f);
  EXPECT_FALSE(bad_leaf->leaf.has_value());
}

TEST(TunerLine, RejectsWhatWouldPoisonTheTraining) {
  for (const char* text : {
           "8/8/8/8/8/8/8/K1k5 w - - 0 1 [2.0] 10",     // no such result
           "8/8/8/8/8/8/8/K1k5 w - - 0 1 [nan] 10",     // not a number
           "8/8/8/8/8/8/8/K1k5 w - - 0 1 [0.5] inf",    // infinite score
           "8/8/8/8/8/8/8/K1k5 w - - 0 1 [0.5] 12abc",  // not a score
           "8/8/8/8/8/8/8/K1k5 w - - 0 1 0.5 12",       // no brackets
           "8/8/8/8/8/8/8/K1k5 w - - 0 1 ]0.5[ 12",     // brackets the wrong way round
           "8/8/8/8/8/8/8/K1K5 w - - 0 1 [0.5] 12",     // no black king
       }) {
    EXPECT_FALSE(tune::parse_labelled_line(text).ok()) << text;
  }
}

TEST(Tuner, GradientMatchesFiniteDifferences) {
  RIPOSTE_REQUIRE_SHARED_DATA("perft/perftsuite.epd");  // its counts assume the full suites
  const auto data = small_set();
  ASSERT_GT(data.size(), 250u);
  const std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  for (const double lambda : {1.0, 0.3}) {
    const tune::Objective obj{1.1, lambda};
    const std::vector<double> grad = tune::gradient(data, w, obj, 2);
    int compared = 0;
    for (int p : std::initializer_list<int>{
             eval::kMaterial + 2, eval::kMaterial + 4, eval::kPsqt + 64 * 2 + 27, eval::kBishopPair,
             eval::kDoubledPawn, eval::kRookOpenFile, eval::kTempo,
             // King danger inputs, through the non-linear penalty.
             eval::kDangerAttacker + int(KNIGHT), eval::kDangerAttacker + int(QUEEN),
             eval::kDangerZoneHits, eval::kDangerSafeCheck + int(ROOK), eval::kDangerWeakSquares,
             eval::kDangerNoQueen, eval::kDangerBase}) {
      for (int part = 0; part < 2; ++part) {
        std::vector<Score> up = w, down = w;
        const Score unit = part ? Score(0, 1) : Score(1, 0);
        up[p] += unit;
        down[p] -= unit;
        const double numeric =
            (tune::error(data, up, obj, 2) - tune::error(data, down, obj, 2)) / 2.0;
        const double analytic = grad[2 * p + part];
        if (std::abs(numeric) < 1e-9 && std::abs(analytic) < 1e-9) continue;
        // The endgame danger penalty has a kink at zero danger: a sample that a one-unit step
        // moves across it makes the central difference differ from the slope by about 5e-9.
        const bool kink = eval::is_king_danger(p) && part == 1;
        EXPECT_NEAR(analytic, numeric, 1e-3 * std::abs(numeric) + (kink ? 2e-8 : 1e-9))
            << "param " << p << (part ? " eg" : " mg") << " lambda " << lambda;
        ++compared;
      }
    }
    EXPECT_GE(compared, 20);
  }
}

TEST(Tuner, AdamLowersTheErrorAndKFitsTheScale) {
  // Labels that follow the evaluation (with some noise), so the best K lies inside the range.
  const std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  tune::SampleSet data;
  int i = 0;
  for (const std::string& fen : all_suite_fens()) {
    if (!data.add(*Position::from_fen(fen), 0, 0)) continue;
    const double e = eval::evaluate_linear(eval::coefficients(*Position::from_fen(fen)), w.data());
    data[data.size() - 1].result = (i++ % 5 == 0) ? 0.5f : e > 100 ? 1.0f : e < -100 ? 0.0f : 0.5f;
  }
  const double k = tune::fit_k(data, w, 1.0, 2);
  const tune::Objective obj{k, 1.0};
  EXPECT_LT(tune::error(data, w, obj, 2), tune::error(data, w, {k * 2, 1.0}, 2));
  EXPECT_LT(tune::error(data, w, obj, 2), tune::error(data, w, {k / 2, 1.0}, 2));
  const auto tuned = tune::adam(data, w, obj, 30, 2.0, 2, 0);
  EXPECT_LT(tune::error(data, tuned, obj, 2), tune::error(data, w, obj, 2));
}

TEST(Tuner, WeightsSourceListsEveryParameterInOrder) {
  const std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  const std::string src = tune::weights_source(w);
  // The file it replaces carries the licence line every source file starts with.
  EXPECT_TRUE(src.starts_with("// SPDX-License-Identifier: GPL-3.0-or-later\n"));
  const std::regex pair("\\{-?[0-9]+, -?[0-9]+\\}");
  const auto pairs =
      std::distance(std::sregex_iterator(src.begin(), src.end(), pair), std::sregex_iterator());
  EXPECT_EQ(pairs, eval::kNumParams);
  EXPECT_NE(src.find("// Tempo\n    {" + std::to_string(w[eval::kTempo].mg()) + ", "),
            std::string::npos);
}

TEST(Tuner, LoadsSeveralFilesPackedWithHeldOutBlocks) {
  // 11,000 lines over two files: line blocks 0-8 train, block 9 (lines 9,000-9,999, in the
  // second file) is held out, block 10 trains again. Positions with a few pieces a side, so
  // that no quiescence line reaches an ending an endgame rule scores.
  std::vector<std::string> fens;
  for (const std::string& fen : all_suite_fens()) {
    const Position pos = *Position::from_fen(fen);
    if (popcount(pos.pieces(WHITE)) >= 5 && popcount(pos.pieces(BLACK)) >= 5) fens.push_back(fen);
  }
  const std::string dir = ::testing::TempDir();
  const std::string a = dir + "/tuner-a.txt", b = dir + "/tuner-b.txt";
  std::vector<bool> usable;
  {
    std::ofstream fa(a), fb(b);
    for (int i = 0; i < 11000; ++i) {
      const std::string& fen = fens[std::size_t(i) % fens.size()];
      (i < 6000 ? fa : fb) << fen << " [" << (i % 2 ? "1.0" : "0.5") << "] " << i % 100 << "\n";
      tune::SampleSet probe;
      const Position pos = *Position::from_fen(fen);
      usable.push_back(!pos.checkers() && probe.add(pos, 0, 0));
    }
  }
  auto d = tune::load({a, b}, 0.1, 0, 2);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->lines, 11000u);
  const auto in_range = [&](int from, int to) {
    return int(std::count(usable.begin() + from, usable.begin() + to, true));
  };
  EXPECT_EQ(int(d->holdout.size()), in_range(9000, 10000));
  EXPECT_EQ(int(d->train.size()), in_range(0, 9000) + in_range(10000, 11000));
  // Every sample's counts are its own: the packed form evaluates like the position's form.
  const std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  EXPECT_GT(tune::error(d->train, w, {1.0, 1.0}, 2), 0.0);
  std::size_t counts = 0;
  for (std::size_t i = 0; i < d->train.size(); ++i)
    counts += std::size_t(d->train.end(d->train[i]) - d->train.begin(d->train[i]));
  EXPECT_EQ(d->train.bytes(),
            d->train.size() * sizeof(tune::Sample) + counts * sizeof(tune::Count));
  EXPECT_EQ(sizeof(tune::Sample), 16u);

  auto capped = tune::load({a, b}, 0.1, 7000, 2);
  ASSERT_TRUE(capped.ok());
  EXPECT_EQ(capped->lines, 7000u);
  EXPECT_EQ(capped->holdout.size(), 0u);
  EXPECT_FALSE(tune::load({a, dir + "/no-such-file.txt"}, 0.1, 0, 2).ok());
}

TEST(Tuner, LearnsFromThePvLeafOnlyWhenAskedAndWhenItIsUsable) {
  const std::string root = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  const std::string leaf = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
  const std::string in_check = "r1bqkbnr/pppp1Bpp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4";
  const std::string dir = ::testing::TempDir();
  const auto write = [&](const std::string& name, const std::vector<std::string>& lines) {
    std::ofstream out(dir + "/" + name);
    for (const std::string& l : lines) out << l << "\n";
    return dir + "/" + name;
  };
  const std::string with_leaves =
      write("leaves.txt", {root + " [1.0] 30 | " + leaf, root + " [0.5] 30 | " + in_check,
                           root + " [0.0] 30 | not a position", root + " [0.5] 30"});
  const std::string roots = write("roots.txt", {root + " [1.0] 30", root + " [0.5] 30",
                                                root + " [0.0] 30", root + " [0.5] 30"});
  const std::string leaves = write(
      "pv.txt", {leaf + " [1.0] 30", root + " [0.5] 30", root + " [0.0] 30", root + " [0.5] 30"});
  const std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  const auto error_of = [&](const std::string& path, tune::Leaf how) {
    auto d = tune::load({path}, 0.0, 0, 1, how);
    EXPECT_TRUE(d.ok());
    EXPECT_EQ(d->train.size(), 4u);
    return tune::error(d->train, w, {1.0, 1.0}, 1);
  };
  EXPECT_EQ(error_of(with_leaves, tune::Leaf::kLine), error_of(roots, tune::Leaf::kLine));
  EXPECT_EQ(error_of(with_leaves, tune::Leaf::kSearchPv), error_of(leaves, tune::Leaf::kLine));
  EXPECT_NE(error_of(leaves, tune::Leaf::kLine), error_of(roots, tune::Leaf::kLine));
}

}  // namespace
}  // namespace riposte::testing
