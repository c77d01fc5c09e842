// SPDX-License-Identifier: GPL-3.0-or-later
// The search techniques beyond alpha-beta basics: correction history, the excluded-move search
// of singular extensions, and the parameter table.
#include <cctype>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "nnue-free-eval/evaluate.h"
#include "nnue-free-eval/params.h"
#ifdef RIPOSTE_TUNING
#include "nnue-free-eval/tuner.h"
#endif
#include "search/correction.h"
#include "search/params.h"
#include "search/threads.h"

namespace riposte::testing {
namespace {

TEST(CorrectionHistory, EntriesStayWithinTheirBoundsUnderRandomUpdates) {
  auto corr = std::make_unique<CorrectionHistory>();
  std::mt19937_64 rng(20261123);
  for (const int max_error : {16, 64, 127}) {
    corr->clear();
    for (int i = 0; i < 2'000'000; ++i) {
      const Color c = Color(rng() & 1);
      const Key key = rng() & 0xFFF;  // few keys, so each entry sees many updates
      const int depth = int(rng() % 40) - 5;
      const int error = int(rng() % 70001) - 35000;
      corr->update(c, key, depth, error, max_error, 1 + int(rng() % 64));
      ASSERT_LE(std::abs(corr->get(c, key)), max_error) << i;
    }
  }
}

TEST(CorrectionHistory, LearnsAConstantErrorAndNothingElse) {
  auto corr = std::make_unique<CorrectionHistory>();
  const Key key = 0x1234'5678'9abc'def0ULL;
  // The update takes what the entry still leaves over.
  for (int i = 0; i < 200; ++i) corr->update(WHITE, key, 10, 37 - corr->get(WHITE, key), 64, 16);
  EXPECT_NEAR(corr->get(WHITE, key), 37, 1);
  EXPECT_EQ(corr->get(BLACK, key), 0);  // the other side to move is its own entry
  EXPECT_EQ(corr->get(WHITE, key + 1), 0);
  // A larger error than the cap is learned as the cap.
  for (int i = 0; i < 200; ++i) corr->update(BLACK, key, 10, -900 - corr->get(BLACK, key), 64, 16);
  EXPECT_NEAR(corr->get(BLACK, key), -64, 1);
}

// The whole search, every detail on, still finds a mate and holds a perpetual check.
TEST(SearchDetails, FindTheMateAndThePerpetual) {
  const auto run = [](const char* fen, int depth) {
    TranspositionTable tt;
    EXPECT_TRUE(tt.resize(16).ok());
    ThreadPool pool(tt);
    SearchLimits limits;
    limits.depth = depth;
    std::pair<Move, int> result{Move::none(), 0};
    pool.start(*Position::from_fen(fen), limits, SearchOptions{},
               {[&](const SearchReport& r) { result.second = r.score; },
                [&](Move m, Move) { result.first = m; }});
    pool.wait();
    return result;
  };
  const auto [mate_move, mate_score] = run("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 8);
  EXPECT_EQ(mate_score, mate_in(1));
  EXPECT_EQ(to_uci(mate_move, false), "d1d8");
  const auto [perpetual_move, perpetual_score] = run("6k1/6p1/8/6KQ/1r6/q2b4/8/8 w - - 0 1", 10);
  EXPECT_EQ(to_uci(perpetual_move, false), "h5e8");
  EXPECT_EQ(perpetual_score, 0);
}

TEST(FiftyMoveDamping, ShrinksTheScoreAsTheCounterGrows) {
  // King and queen against king: no capture in the tree resets the counter, and no mate or
  // 50-move draw is within a 4-ply search.
  const auto score = [](int rule50) {
    TranspositionTable tt;
    EXPECT_TRUE(tt.resize(16).ok());
    ThreadPool pool(tt);
    SearchOptions options;
    SearchLimits limits;
    limits.depth = 4;
    int s = 0;
    pool.start(*Position::from_fen("k7/8/8/8/8/8/8/KQ6 w - - " + std::to_string(rule50) + " 60"),
               limits, options, {[&](const SearchReport& r) { s = r.score; }, [](Move, Move) {}});
    pool.wait();
    return s;
  };
  const int fresh = score(0), late = score(80);
  EXPECT_GT(late, 0);
  // (FiftyMoveDamping - 80) / FiftyMoveDamping of the fresh score, give or take the tree's own
  // changes (leaves are up to four plies later).
  const double expected = double(params::FiftyMoveDamping - 80) / params::FiftyMoveDamping;
  EXPECT_NEAR(double(late) / fresh, expected, 0.1) << fresh << " " << late;
  EXPECT_GT(score(0), score(20));
}

// A worker outside the pool's threads, to call the excluded-move search directly.
struct ExcludedSearch : ::testing::Test {
  void SetUp() override { ASSERT_TRUE(tt.resize(16).ok()); }
  TTData search_then_probe(const Position& pos, int depth) {
    ThreadPool pool(tt);
    SearchLimits limits;
    limits.depth = depth;
    pool.start(pos, limits, SearchOptions{}, {[](const SearchReport&) {}, [](Move, Move) {}});
    pool.wait();
    TTData e{};
    EXPECT_TRUE(tt.probe(pos.key(), e));
    return e;
  }
  TranspositionTable tt;
};

TEST_F(ExcludedSearch, NeverOverwritesTheFullNodesEntry) {
  for (const char* fen : {"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}) {
    Position pos = *Position::from_fen(fen);
    const TTData before = search_then_probe(pos, 9);
    ASSERT_TRUE(before.move) << fen;
    ThreadPool pool(tt);
    auto worker = std::make_unique<Worker>(pool, 1);  // megabytes of tables: not on the stack
    for (const int margin : {-200, 0, 30, 200}) {
      const int beta = before.value + margin;
      const int value = worker->search_excluding(pos, before.move, beta, 6);
      EXPECT_GT(value, -kValueInfinite) << fen;
      TTData after{};
      ASSERT_TRUE(tt.probe(pos.key(), after)) << fen;
      EXPECT_EQ(after.move, before.move) << fen;
      EXPECT_EQ(after.value, before.value) << fen;
      EXPECT_EQ(after.depth, before.depth) << fen;
      EXPECT_EQ(after.bound, before.bound) << fen;
      EXPECT_EQ(pos.fen(), fen);  // every move was taken back
    }
  }
}

TEST_F(ExcludedSearch, NoOtherMoveIsAFailLowNotAMate) {
  // Black's only legal move is Kxh8; with it excluded the search must report a fail low, not a
  // mate or a stalemate.
  const char* fen = "6kQ/8/6K1/8/8/8/8/8 b - - 0 1";
  Position pos = *Position::from_fen(fen);
  ASSERT_EQ(MoveList<LEGAL>(pos).size(), 1u);
  const Move only = MoveList<LEGAL>(pos).begin()->move;
  ThreadPool pool(tt);
  auto worker = std::make_unique<Worker>(pool, 1);
  for (const int beta : {-500, 0, 300})
    EXPECT_EQ(worker->search_excluding(pos, only, beta, 5), beta - 1);
}

TEST(SearchParams, NamesAreUniqueAndDefaultsInRange) {
  std::set<std::string> names;
  for (const params::Param& p : params::all()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_LE(p.min, p.default_value) << p.name;
    EXPECT_LE(p.default_value, p.max) << p.name;
    EXPECT_LT(p.min, p.max) << p.name;
    EXPECT_EQ(p.value != nullptr, params::kTuning) << p.name;
  }
  EXPECT_GE(names.size(), 40u);
}

TEST(SearchParams, SpsaLineIsOpenBenchFormat) {
  int found = 0;
  for (const params::Param& p : params::all()) {
    if (std::string(p.name) != "SingularMargin") continue;
    EXPECT_EQ(params::spsa_line(p), "SingularMargin, int, 65, 16, 192, 8.8, 0.002");
    ++found;
  }
  EXPECT_EQ(found, 1);
}

// A group scale multiplies its terms' weights in a tuning build (a mobility table about its
// middle entry) and leaves every other weight alone; at 64 the evaluation reads kWeights.
TEST(SearchParams, EvalGroupScalesMoveOnlyTheirTerms) {
#ifndef RIPOSTE_TUNING
  GTEST_SKIP() << "the group scales exist only in tuning builds";
#else
  using namespace eval;
  for (int p = 0; p < kNumParams; ++p) ASSERT_EQ(weights()[p], kWeights[p]) << p;
  GroupPassedEg = 128;
  GroupMobilityMg = 96;
  apply_group_scales();
  const Score passer = kWeights[kPassedPawn + 5], centre = kWeights[kKnightMobility + 4];
  const Score trapped = kWeights[kKnightMobility];
  EXPECT_EQ(weights()[kPassedPawn + 5], Score(passer.mg(), 2 * passer.eg()));
  EXPECT_EQ(weights()[kKnightMobility + 4], centre);
  EXPECT_EQ(weights()[kKnightMobility],
            Score(centre.mg() + (trapped.mg() - centre.mg()) * 96 / 64, trapped.eg()));
  for (const int p :
       {int(kMaterial) + int(ROOK), int(kTempo), int(kDangerBase), int(kImbalanceOurs)})
    EXPECT_EQ(weights()[p], kWeights[p]) << p;
  GroupPassedEg = GroupMobilityMg = 64;
  apply_group_scales();
  for (int p = 0; p < kNumParams; ++p) ASSERT_EQ(weights()[p], kWeights[p]) << p;
#endif
}

// The piece-square scale reaches the sums Position keeps as pieces move (they are set from the
// scaled weights), moves a table about its mean, and leaves the material and a pawn's unused
// back-rank entries alone.
TEST(SearchParams, EvalPsqtScaleReachesThePositionSums) {
#ifndef RIPOSTE_TUNING
  GTEST_SKIP() << "the group scales exist only in tuning builds";
#else
  using namespace eval;
  const char* fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
  const auto eval_of = [fen] { return evaluate(*Position::from_fen(fen)); };
  const int before = eval_of();
  GroupPsqtMg = 128;
  apply_group_scales();
  EXPECT_NE(eval_of(), before);
  const auto psqt = [](PieceType pt, Square s) { return int(kPsqt) + int(pt) * 64 + int(s); };
  const Score knight_a1 = kWeights[psqt(KNIGHT, SQ_A1)];
  EXPECT_EQ(weights()[psqt(KNIGHT, SQ_A1)].eg(), knight_a1.eg());
  EXPECT_LT(weights()[psqt(KNIGHT, SQ_A1)].mg(), knight_a1.mg()) << "a corner below the mean";
  EXPECT_EQ(weights()[psqt(PAWN, SQ_E1)], kWeights[psqt(PAWN, SQ_E1)]);
  EXPECT_EQ(weights()[int(kMaterial) + int(KNIGHT)], kWeights[int(kMaterial) + int(KNIGHT)]);
  GroupPsqtMg = 64;
  apply_group_scales();
  EXPECT_EQ(eval_of(), before);
#endif
}

// The material and tempo offsets move only their own weights, reach the sums Position keeps, and
// at 0 give back kWeights.
TEST(SearchParams, EvalWeightOffsetsMoveMaterialAndTempo) {
#ifndef RIPOSTE_TUNING
  GTEST_SKIP() << "the weight offsets exist only in tuning builds";
#else
  using namespace eval;
  // White is a knight up, so the knight's value reaches the score through Position's sums.
  const char* fen = "4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1";
  const auto eval_of = [fen] { return evaluate(*Position::from_fen(fen)); };
  const int before = eval_of();
  OffsetKnightMg = 40;
  OffsetKnightEg = 40;
  OffsetTempoEg = -7;
  apply_group_scales();
  const Score knight = kWeights[int(kMaterial) + int(KNIGHT)];
  EXPECT_EQ(weights()[int(kMaterial) + int(KNIGHT)], Score(knight.mg() + 40, knight.eg() + 40));
  EXPECT_EQ(weights()[int(kTempo)], Score(kWeights[kTempo].mg(), kWeights[kTempo].eg() - 7));
  for (const int p :
       {int(kMaterial) + int(BISHOP), int(kPsqt) + int(KNIGHT) * 64 + int(SQ_B1), int(kDangerBase)})
    EXPECT_EQ(weights()[p], kWeights[p]) << p;
  EXPECT_GT(eval_of(), before + 20);
  OffsetKnightMg = OffsetKnightEg = OffsetTempoEg = 0;
  apply_group_scales();
  EXPECT_EQ(eval_of(), before);
  for (int p = 0; p < kNumParams; ++p) ASSERT_EQ(weights()[p], kWeights[p]) << p;
#endif
}

// The tuning build's `weights` command bakes the scales into weights.cpp through the tuner's
// writer: at scale 64 it must give back the file as it is.
TEST(SearchParams, WeightsSourceAtUnitScalesIsTheWeightsFile) {
#ifndef RIPOSTE_TUNING
  GTEST_SKIP() << "the baking command exists only in tuning builds";
#else
  std::ifstream in(std::string(RIPOSTE_TEST_DATA_DIR) + "/../../nnue-free-eval/weights.cpp");
  ASSERT_TRUE(in) << "nnue-free-eval/weights.cpp not found";
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(tune::weights_source({eval::weights(), eval::weights() + eval::kNumParams}), file);
#endif
}

}  // namespace
}  // namespace riposte::testing
