// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation: colour symmetry, the sign and rough size of each term on hand-made
// positions, and agreement between the evaluation and its linear form used by the tuner.
#include <cmath>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "nnue-free-eval/evaluate.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

int eval_of(const char* fen) { return eval::evaluate(*Position::from_fen(fen)); }

// White's view of the difference a feature makes: eval(with) - eval(without), both White to move.
int gain(const char* with, const char* without) { return eval_of(with) - eval_of(without); }

// Both halves share one integer: a negative endgame half borrows from the middlegame half, and
// sums may pass through values outside 16 bits as long as the result fits.
TEST(Score, HalvesSurviveArithmeticWithEitherSign) {
  const Score a(-5, 7), b(3, -9);
  EXPECT_EQ((a + b).mg(), -2);
  EXPECT_EQ((a + b).eg(), -2);
  EXPECT_EQ((a - b).mg(), -8);
  EXPECT_EQ((a - b).eg(), 16);
  EXPECT_EQ((-a).mg(), 5);
  EXPECT_EQ((-a).eg(), -7);
  EXPECT_EQ((b * -4).mg(), -12);
  EXPECT_EQ((b * -4).eg(), 36);
  Score s = Score(INT16_MAX, INT16_MIN);
  EXPECT_EQ(s.mg(), INT16_MAX);
  EXPECT_EQ(s.eg(), INT16_MIN);
  s += Score(INT16_MAX, INT16_MIN);
  s -= Score(INT16_MAX, INT16_MIN);
  EXPECT_EQ(s, Score(INT16_MAX, INT16_MIN));
  EXPECT_EQ(Score(0, -1).mg(), 0);
  EXPECT_EQ(Score(-1, 0).eg(), 0);
}

// The middlegame danger penalty is the formula's up to a cap that no game reaches.
TEST(Score, DangerPenaltyIsCappedOnlyFarOutsideGames) {
  const Score usual = eval::king_danger_penalty(Score(300, 900));
  EXPECT_EQ(usual.mg(), eval::danger_penalty_mg(300));
  EXPECT_EQ(usual.eg(), eval::danger_penalty_eg(900));
  const Score extreme = eval::king_danger_penalty(Score(30000, 30000));
  EXPECT_EQ(extreme.mg(), -eval::kMaxDangerPenalty);
  EXPECT_EQ(extreme.eg(), eval::danger_penalty_eg(30000));
}

TEST(Eval, ColourSymmetryOverEverySuitePosition) {
  RIPOSTE_REQUIRE_SHARED_DATA("perft/perftsuite.epd");  // its counts assume the full suites
  eval::PawnCache cache;
  int checked = 0;
  for (const std::string& fen : all_suite_fens()) {
    const Position pos = *Position::from_fen(fen);
    const Position flipped = pos.flipped();
    ASSERT_EQ(eval::evaluate(pos), eval::evaluate(flipped)) << fen << " vs " << flipped.fen();
    ASSERT_EQ(eval::evaluate(pos, cache), eval::evaluate(pos)) << "pawn cache changes the score";
    ++checked;
  }
  EXPECT_GT(checked, 1100);
}

TEST(Eval, LinearFormMatchesTheEvaluation) {
  for (const std::string& fen : all_suite_fens()) {
    const Position pos = *Position::from_fen(fen);
    const eval::Coefficients c = eval::coefficients(pos);
    if (c.special) continue;
    const int white_view = pos.side_to_move() == WHITE ? eval::evaluate(pos) : -eval::evaluate(pos);
    // Integer division in the engine versus doubles here: at most a few centipawns apart.
    ASSERT_NEAR(eval::evaluate_linear(c, eval::kWeights), white_view, 2.0) << fen;
  }
}

// Material and piece-square values of one table set straight from the weights, piece by piece.
Score summed_psq(const Position& pos, int set) {
  Score sum;
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece pc = pos.piece_on(s);
    const Color c = color_of(pc);
    const PieceType pt = type_of(pc);
    const int squares = set ? eval::kPsqtOppositeWings : eval::kPsqt;
    Score v = eval::kWeights[squares + int(pt) * 64 + relative_square(c, s)];
    if (pt != KING) v += eval::kWeights[eval::kMaterial + int(pt)];
    sum += c == WHITE ? v : -v;
  }
  return sum;
}

TEST(Eval, IncrementalPieceSquareSumFollowsEveryMove) {
  // Every suite position as parsed, then along every legal move and back (captures, castling,
  // en passant and promotions included), for both sets.
  const auto matches = [](const Position& pos) {
    for (int set = 0; set < kPsqSets; ++set)
      if (pos.psq(set) != summed_psq(pos, set)) return false;
    return true;
  };
  for (const std::string& fen : all_suite_fens()) {
    Position pos = *Position::from_fen(fen);
    ASSERT_TRUE(matches(pos)) << fen;
    const Score before = eval::piece_square_sum(pos);
    for (const ExtMove& m : MoveList<LEGAL>(pos)) {
      pos.do_move(m.move);
      ASSERT_TRUE(matches(pos)) << fen << " " << to_uci(m.move, pos.is_chess960());
      pos.undo_move(m.move);
      ASSERT_EQ(eval::piece_square_sum(pos), before) << fen;
    }
  }
}

TEST(Eval, PawnCacheFollowsTheKingsAlongEveryMove) {
  RIPOSTE_REQUIRE_SHARED_DATA("perft/perftsuite.epd");  // its counts assume the full suites
  // A king move keeps the pawn key, so it meets the cache entry made for the king's old square;
  // the shelter score the entry keeps must follow the king there and back.
  eval::PawnCache cache;
  int king_moves = 0;
  for (const std::string& fen : all_suite_fens()) {
    Position pos = *Position::from_fen(fen);
    ASSERT_EQ(eval::evaluate(pos, cache), eval::evaluate(pos)) << fen;
    for (const ExtMove& m : MoveList<LEGAL>(pos)) {
      king_moves += type_of(pos.piece_on(m.move.from())) == KING;
      pos.do_move(m.move);
      ASSERT_EQ(eval::evaluate(pos, cache), eval::evaluate(pos))
          << fen << " " << to_uci(m.move, pos.is_chess960());
      pos.undo_move(m.move);
      ASSERT_EQ(eval::evaluate(pos, cache), eval::evaluate(pos)) << fen;
    }
  }
  EXPECT_GT(king_moves, 1000);
}

TEST(Eval, Material) {
  EXPECT_GT(gain("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 700);
  EXPECT_GT(gain("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 50);
}

TEST(Eval, PawnStructure) {
  // Isolated and doubled pawns are worse than healthy ones.
  // (Black's pawns stop White's, so passed-pawn terms stay out of the comparison.)
  EXPECT_LT(gain("4k3/ppp5/8/8/8/8/P1P5/4K3 w - - 0 1", "4k3/ppp5/8/8/8/8/PP6/4K3 w - - 0 1"), 0);
  EXPECT_LT(gain("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1"), 0);
  // A passed pawn is worth more the further it has advanced.
  EXPECT_GT(gain("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"), 30);
  EXPECT_LT(gain("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1"), -100);
}

TEST(Eval, PiecesAndMobility) {
  // The bishop pair is worth more than bishop and knight.
  EXPECT_GT(gain("rn2k3/pppp4/8/8/8/8/PPPP4/2B1KB2 w - - 0 1",
                 "rn2k3/pppp4/8/8/8/8/PPPP4/2B1KN2 w - - 0 1"),
            10);
  // A rook on an open file beats one behind its own pawn.
  EXPECT_GT(
      gain("r3k3/p4ppp/8/8/8/8/P4PPP/1R2K3 w - - 0 1", "r3k3/p4ppp/8/8/8/8/P4PPP/R3K3 w - - 0 1"),
      5);
  // A centralised knight beats a cornered one.
  EXPECT_GT(
      gain("4k3/pppp4/8/8/3N4/8/PPPP4/4K3 w - - 0 1", "4k3/pppp4/8/8/8/8/PPPP4/N3K3 w - - 0 1"),
      20);
}

// White's count minus Black's of a linear term in fen.
int net_count(const char* fen, int param) {
  for (const auto& [p, n] : eval::coefficients(*Position::from_fen(fen)).counts)
    if (p == param) return n;
  return 0;
}

// A linear term counted once for White in `with`, and not at all in `without`, which differs
// from it in the one thing the term is about.
struct TermCase {
  const char* name;
  int term;
  const char* with;
  const char* without;
};

void PrintTo(const TermCase& c, std::ostream* os) { *os << c.name; }

class EvalTermCounts : public ::testing::TestWithParam<TermCase> {};

TEST_P(EvalTermCounts, CountedWithTheFeatureOnly) {
  const TermCase& c = GetParam();
  EXPECT_EQ(net_count(c.with, c.term), 1);
  EXPECT_EQ(net_count(c.without, c.term), 0);
}

INSTANTIATE_TEST_SUITE_P(
    HandMade, EvalTermCounts,
    ::testing::Values(
        // Rook on the 7th: counted with the enemy king on the 8th or enemy pawns on the 7th only.
        TermCase{"RookOnSeventh", eval::kRookOnSeventh, "6k1/R4ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
                 "8/R7/4k3/8/8/8/8/4K3 w - - 0 1"},
        // A queen with one piece between it and an enemy bishop; with nothing between, no pin.
        TermCase{"QueenRelativePin", eval::kQueenRelativePin, "4k3/8/8/b7/8/2P5/3Q4/4K3 w - - 0 1",
                 "4k3/8/8/b7/8/8/3Q4/4K3 w - - 0 1"},
        // The g2 bishop sees e4 and d5; a pawn on e4 shuts the diagonal.
        TermCase{"BishopLongDiagonal", eval::kBishopLongDiagonal, "4k3/8/8/8/8/8/6B1/4K3 w - - 0 1",
                 "4k3/8/8/8/4p3/8/6B1/4K3 w - - 0 1"},
        TermCase{"MinorBehindPawn", eval::kMinorBehindPawn, "4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1",
                 "4k3/8/8/8/3P4/8/3N4/4K3 w - - 0 1"},
        // The rammed e3 pawn stands on a dark square: it hinders the c1 bishop, not the f1 one.
        TermCase{"BishopRammedPawns", eval::kBishopRammedPawns,
                 "4k3/8/8/8/4p3/4P3/8/2B1K3 w - - 0 1", "4k3/8/8/8/4p3/4P3/8/4KB2 w - - 0 1"},
        // e4-e5 would attack the d6 knight from a square Black does not guard.
        TermCase{"PawnPushThreat", eval::kPawnPushThreat, "4k3/8/3n4/8/4P3/8/8/4K3 w - - 0 1",
                 "4k3/8/3n4/8/4P3/5n2/8/4K3 w - - 0 1"},
        // The rook attacks an unsupported d5 pawn; once e6 supports it, the pawn is not weak.
        TermCase{"WeakPawn", eval::kWeakPawn, "4k2n/8/8/3p4/8/8/8/3RK3 w - - 0 1",
                 "4k2n/8/4p3/3p4/8/8/8/3RK3 w - - 0 1"},
        // The d5 knight is attacked once (rook) and defended once (king).
        TermCase{"OverloadedPiece", eval::kOverloadedPiece, "8/8/4k3/3n4/8/8/8/3RK3 w - - 0 1",
                 "8/8/2p1k3/3n4/8/8/8/3RK3 w - - 0 1"}),
    [](const ::testing::TestParamInfo<TermCase>& info) { return std::string(info.param.name); });

TEST(Eval, KingDefenderCounts) {
  // Three pawns next to White's king, nothing next to Black's.
  const char* castled = "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1";
  EXPECT_EQ(net_count(castled, eval::kKingDefenders + 3), 1);
  EXPECT_EQ(net_count(castled, eval::kKingDefenders + 0), -1);
}

TEST(Eval, KingSafetyAndThreats) {
  // Pawns in front of the castled king are better than the same pawns pushed two squares away
  // (g3 and h3, one square, the tuned weights rate a little better, as players often do).
  EXPECT_GT(gain("r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 w - - 0 1",
                 "r4rk1/ppp2ppp/8/8/6PP/8/PPP2P2/R4RK1 w - - 0 1"),
            0);
  // A pawn attacking a knight is a threat.
  EXPECT_GT(
      gain("r3k3/pp6/8/3n4/4P3/8/PP6/R3K3 w - - 0 1", "r3k3/pp6/8/3n4/8/4P3/PP6/R3K3 w - - 0 1"),
      20);
}

TEST(Eval, KingDangerIsNonLinear) {
  // Nothing for a defended king; then the middlegame penalty grows with the square of the danger.
  EXPECT_EQ(eval::king_danger_penalty({-300, -300}), Score(0, 0));
  const Score one = eval::king_danger_penalty({300, 300});
  const Score two = eval::king_danger_penalty({600, 600});
  EXPECT_LT(one.mg(), 0);
  EXPECT_LT(two.mg(), 3 * one.mg());
  EXPECT_EQ(two.eg(), 2 * one.eg());
  // A queen and rook bearing down on a bare king: Black's king is in danger, White's is not.
  const Position attack = *Position::from_fen("6k1/5p1p/6pQ/8/8/8/5PPP/4R1K1 w - - 0 1");
  const eval::Coefficients c = eval::coefficients(attack);
  EXPECT_TRUE(c.danger[WHITE].empty());
  ASSERT_FALSE(c.danger[BLACK].empty());
  for (const auto& [p, n] : c.danger[BLACK]) EXPECT_TRUE(eval::is_king_danger(p)) << p;
  for (const auto& [p, n] : c.counts) EXPECT_FALSE(eval::is_king_danger(p)) << p;
}

TEST(Eval, EndgameScaling) {
  // K+B vs K and K+N vs K cannot win: about zero despite the extra piece.
  EXPECT_LT(std::abs(eval_of("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")), 25);
  EXPECT_LT(std::abs(eval_of("4k3/8/8/8/8/8/8/2N1K3 b - - 0 1")), 25);
  // KBN vs K is won, and better with the king near a corner of the bishop's colour (h8/a1
  // for a dark-squared bishop) than near a corner it cannot cover.
  const int near_right = eval_of("7k/8/5K2/8/8/8/8/2B1N3 w - - 0 1");
  const int near_wrong = eval_of("k7/8/2K5/8/8/8/8/2B1N3 w - - 0 1");
  EXPECT_GT(near_right, 800);
  EXPECT_GT(near_right, near_wrong);
  // Opposite-coloured bishops with a pawn up are scaled towards a draw.
  EXPECT_LT(eval_of("4k3/5b2/8/8/8/8/3PP3/3BK3 w - - 0 1"),
            eval_of("4k3/5n2/8/8/8/8/3PP3/3BK3 w - - 0 1"));
}

}  // namespace
}  // namespace riposte::testing

namespace riposte::testing {
namespace {

// White-minus-black count of linear parameter p, or the count against one king of a king
// danger input, in the tuner's form of the evaluation.
int count_of(const char* fen, int p, Color king = WHITE) {
  const eval::Coefficients c = eval::coefficients(*Position::from_fen(fen));
  const auto& list = eval::is_king_danger(p) ? c.danger[king] : c.counts;
  for (const auto& [param, n] : list)
    if (param == p) return n;
  return 0;
}

TEST(Eval, PawnTermsCountTheirPatterns) {
  // d5 blocked by d6 on White's fifth rank; d6 is on Black's third.
  EXPECT_EQ(count_of("4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1", eval::kBlockedPawn), 1);
  EXPECT_EQ(count_of("4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1", eval::kBlockedPawn + 1), 0);
  // An isolated pawn with no enemy pawn in front of it, and one with.
  EXPECT_EQ(count_of("1n2k3/8/8/8/8/8/P7/4K1N1 w - - 0 1", eval::kWeakUnopposedPawn), 1);
  EXPECT_EQ(count_of("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", eval::kWeakUnopposedPawn), 0);
  // d4 attacked by c5 and e5 and supported by nothing.
  EXPECT_EQ(count_of("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1", eval::kWeakLever), 1);
  EXPECT_EQ(count_of("4k3/8/8/2p1p3/3P4/2P5/8/4K3 w - - 0 1", eval::kWeakLever), 0);
  // c4-d4 in a phalanx, opposed on d by d6 and supported by e3 (Black's pawns are loose).
  const char* connected = "4k3/8/3p4/8/2PP4/4P3/8/4K3 w - - 0 1";
  EXPECT_EQ(count_of(connected, eval::kConnectedPhalanx), 2);
  EXPECT_EQ(count_of(connected, eval::kConnectedOpposed), 1);
  EXPECT_EQ(count_of(connected, eval::kConnectedSupporters), 1);
}

TEST(Eval, PieceAndPasserTermsCountTheirPatterns) {
  // A knight on e3 hits an undefended rook on d5.
  EXPECT_EQ(count_of("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", eval::kThreatByMinor + int(ROOK)), 1);
  EXPECT_EQ(count_of("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", eval::kThreatByRook + int(ROOK)), 0);
  // A rook behind the passer, own or enemy, and a path to promotion nothing attacks.
  EXPECT_EQ(count_of("1n2k3/8/8/8/3P4/8/8/3RK3 w - - 0 1", eval::kPassedRookBehind), 1);
  EXPECT_EQ(count_of("3rk2n/8/8/3P4/8/8/8/4K3 w - - 0 1", eval::kPassedEnemyRookBehind), 0);
  EXPECT_EQ(count_of("4k2n/8/8/8/3P4/8/8/3rK3 w - - 0 1", eval::kPassedEnemyRookBehind), 1);
  EXPECT_EQ(count_of("n6k/8/8/3P4/8/8/8/K7 w - - 0 1", eval::kPassedSafePath + int(RANK_5)), 1);
  EXPECT_EQ(count_of("n6k/8/8/3P4/8/8/8/K7 w - - 0 1", eval::kPassedEnemyKingProximity),
            (5 * RANK_5 - 13) * 4);
  // Black without its g8 knight: White's knights times pawns exceed Black's by 8.
  const char* knight_up = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(count_of(knight_up, eval::kImbalanceOurs + 6 * KNIGHT + PAWN), 2 * 8 - 8);
  EXPECT_EQ(count_of(knight_up, eval::kImbalanceTheirs + 6 * KNIGHT + PAWN), 2 * 8 - 8);
  EXPECT_EQ(count_of(knight_up, eval::kImbalanceOurs + 6 * KNIGHT + KNIGHT), 4 - 1);
}

TEST(Eval, ShelterIsTheBestOverTheCastlingSquares) {
  // White's king on e1 with the d- and e-files open but a full shelter on g1: with the right to
  // castle short the shelter counted is g1's, without it e1's. Black's king on e8 has the d- and
  // e-files open either way.
  EXPECT_EQ(count_of("r3k3/8/8/8/8/8/PPP2PPP/4K2R w K - 0 1", eval::kKingOpenFile), -2);
  EXPECT_EQ(count_of("r3k3/8/8/8/8/8/PPP2PPP/4K2R w - - 0 1", eval::kKingOpenFile), 0);
}

TEST(Eval, ScaleFactorsFollowTheMaterial) {
  const auto scale = [](const char* fen) {
    return eval::coefficients(*Position::from_fen(fen)).scale;
  };
  // Rook each, the extra pawn on the same flank, the weak king beside its pawn.
  EXPECT_EQ(scale("8/5pk1/8/8/8/8/5PPK/r6R w - - 0 1"), eval::ScaleRookEnding);
  // One queen and a pawn against two minors.
  EXPECT_EQ(scale("4k3/8/8/8/8/8/3nb2P/Q3K3 w - - 0 1"),
            eval::ScaleLoneQueen + 2 * eval::ScaleLoneQueenPerMinor);
  // Three pawns, all on the queen side.
  EXPECT_EQ(scale("4k3/4n3/8/8/8/8/PPP5/R3K3 w - - 0 1"),
            eval::ScalePawnsBase + 3 * eval::ScalePerPawn - eval::ScaleOneFlank);
  // Bare opposite bishops with two passers.
  EXPECT_EQ(scale("4k3/4b3/8/8/8/8/2PP4/3BK3 w - - 0 1"),
            eval::ScaleBareOppositeBishops + 2 * eval::ScaleBareOppositeBishopsPerPasser);
}

TEST(Eval, KnownDrawsOfOnePawnAgainstTheSamePiece) {
  const auto scale = [](const char* fen) {
    return eval::coefficients(*Position::from_fen(fen)).scale;
  };
  // The scale of one pawn on one flank when no drawing rule holds.
  const int plain = eval::ScalePawnsBase + eval::ScalePerPawn - eval::ScaleOneFlank;
  // Bishop and pawn against a bishop of the other colour.
  EXPECT_EQ(scale("4k3/4b3/8/8/8/8/3P4/3BK3 w - - 0 1"), eval::kScaleKnownDraw);
  // Bishops of one colour: the king in front of the pawn holds on the sixth rank, or on a square
  // the bishop does not reach; on the eighth, on the bishop's colour, it can be driven away.
  EXPECT_EQ(scale("8/8/3k4/8/3P4/b7/8/2B1K3 w - - 0 1"), eval::kScaleKnownDraw);
  EXPECT_EQ(scale("8/3k4/8/8/3P4/b2K4/8/2B5 w - - 0 1"), eval::kScaleKnownDraw);
  EXPECT_EQ(scale("3k4/8/8/8/3P4/b7/8/2B1K3 w - - 0 1"), plain);
  EXPECT_EQ(scale("k7/8/8/8/3P4/b7/8/2B1K3 w - - 0 1"), plain);
  // Philidor: the defending rook on the sixth rank; on the seventh the rule does not apply.
  EXPECT_EQ(scale("4k3/8/r7/8/4P3/3K4/8/7R w - - 0 1"), eval::kScaleKnownDraw);
  EXPECT_EQ(scale("4k3/r7/8/8/4P3/3K4/8/7R w - - 0 1"), plain);
  // The pawn on the sixth, checks from the first rank: in time only while the attacking king
  // stays behind the pawn's rank (a tempo counts).
  EXPECT_EQ(scale("4k3/8/4P3/3K4/8/8/8/r6R w - - 0 1"), eval::kScaleKnownDraw);
  EXPECT_EQ(scale("4k3/8/3KP3/8/8/8/8/r6R w - - 0 1"), plain);
  EXPECT_EQ(scale("4k3/8/3KP3/8/8/8/8/r6R b - - 0 1"), eval::kScaleKnownDraw);
}

}  // namespace
}  // namespace riposte::testing
