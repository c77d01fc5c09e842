// The history tables: the gravity rule, and what a cutoff updates, indexed by piece and square
// for both colours.
#include "search/history.h"

#include <memory>

#include "gtest/gtest.h"
#include "movegen/notation.h"
#include "search/picker.h"

namespace riposte::testing {
namespace {

TEST(HistoryEntry, GravityBoundsAndDecay) {
  History h;
  h.update(1000);
  EXPECT_EQ(h, 1000);
  h.update(1000);  // 1000 + 1000 - 1000 * 1000 / 16384
  EXPECT_EQ(h, 2000 - 1000 * 1000 / kHistoryLimit);
  for (int i = 0; i < 1000; ++i) h.update(1600);
  EXPECT_LE(int(h), kHistoryLimit);
  EXPECT_GE(int(h), kHistoryLimit - 1600);
  h.update(-1600);  // a malus on a saturated entry is felt twice: bonus plus decay
  EXPECT_LT(int(h), kHistoryLimit - 1600 - 1400);
  for (int i = 0; i < 1000; ++i) h.update(-1600);
  EXPECT_GE(int(h), -kHistoryLimit);
  History big;
  big.update(1 << 20);  // clamped to the limit
  EXPECT_EQ(big, kHistoryLimit);
}

TEST(HistoryBonus, GrowsWithDepthAndIsCapped) {
  EXPECT_EQ(history_bonus(1), 48);
  EXPECT_EQ(history_bonus(4), 384);
  EXPECT_LT(history_bonus(5), history_bonus(6));
  EXPECT_EQ(history_bonus(40), 1600);
}

class CutoffUpdates : public ::testing::Test {
 protected:
  void SetUp() override { tables_->clear(); }
  CutoffContext context(Move prev, Piece prev_piece) {
    return {killers_, prev, prev_piece, &tables_->counter.table[prev_piece][prev.to()],
            &tables_->followup.table[W_KNIGHT][SQ_F3]};
  }
  std::unique_ptr<HistoryTables> tables_ = std::make_unique<HistoryTables>();
  Move killers_[2] = {};
  OrderingSwitches on_;
};

TEST_F(CutoffUpdates, QuietCutoffRewardsTheMoveAndPunishesEarlierQuiets) {
  // Black to move after 1. e4 Nf3-type play: the previous move was White's e2e4.
  Position pos = Position::start_position();
  for (const char* m : {"g1f3", "b8c6", "e2e4"}) pos.do_move(*parse_uci_move(pos, m));
  const Move prev(SQ_E2, SQ_E4);
  const CutoffContext ctx = context(prev, W_PAWN);
  const Move best = *parse_uci_move(pos, "g8f6");
  const Move tried[2] = {*parse_uci_move(pos, "a7a6"), *parse_uci_move(pos, "h7h6")};
  record_cutoff(*tables_, on_, pos, ctx, best, 4, tried, 2, nullptr, 0);

  const int b = history_bonus(4);
  EXPECT_EQ(tables_->butterfly.table[BLACK][SQ_G8][SQ_F6], b);
  EXPECT_EQ(tables_->butterfly.table[WHITE][SQ_G8][SQ_F6], 0) << "colour is part of the index";
  EXPECT_EQ(tables_->butterfly.table[BLACK][SQ_A7][SQ_A6], -b);
  EXPECT_EQ(tables_->butterfly.table[BLACK][SQ_H7][SQ_H6], -b);
  // Counter-move history: selected by White's pawn to e4, indexed by Black's knight to f6.
  EXPECT_EQ(tables_->counter.table[W_PAWN][SQ_E4].table[B_KNIGHT][SQ_F6], b);
  EXPECT_EQ(tables_->counter.table[W_PAWN][SQ_E4].table[W_KNIGHT][SQ_F6], 0);
  EXPECT_EQ(tables_->counter.table[W_PAWN][SQ_E4].table[B_PAWN][SQ_A6], -b);
  // Follow-up history: selected by our (Black's) move two plies back, here given as Nf3's table.
  EXPECT_EQ(tables_->followup.table[W_KNIGHT][SQ_F3].table[B_KNIGHT][SQ_F6], b);
  EXPECT_EQ(killers_[0], best);
  EXPECT_EQ(tables_->countermoves.table[W_PAWN][SQ_E4], best);
  EXPECT_EQ(quiet_history(*tables_, on_, ctx, BLACK, B_KNIGHT, best), 3 * b);

  // A second quiet cutoff shifts the first killer to slot two.
  const Move next = *parse_uci_move(pos, "d7d5");
  record_cutoff(*tables_, on_, pos, ctx, next, 2, nullptr, 0, nullptr, 0);
  EXPECT_EQ(killers_[0], next);
  EXPECT_EQ(killers_[1], best);
}

TEST_F(CutoffUpdates, CaptureCutoffUpdatesCaptureHistoryOnly) {
  const Position pos = *Position::from_fen("4k3/8/2n5/3p4/4P3/8/8/4K2R w K - 0 1");
  const CutoffContext ctx = context(Move::none(), NO_PIECE);
  const Move best = *parse_uci_move(pos, "e4d5");
  const Move tried_captures[1] = {best};
  record_cutoff(*tables_, on_, pos, ctx, best, 3, nullptr, 0, tried_captures, 1);
  EXPECT_EQ(tables_->capture.table[W_PAWN][SQ_D5][PAWN], history_bonus(3));
  EXPECT_EQ(killers_[0], Move::none()) << "captures are not killers";
  EXPECT_EQ(tables_->butterfly.table[WHITE][SQ_E4][SQ_D5], 0);
}

TEST_F(CutoffUpdates, QuietCutoffPunishesCapturesTriedFirstAndSwitchesTurnTablesOff) {
  const Position pos = *Position::from_fen("4k3/8/2n5/3p4/4P3/8/8/4K2R w K - 0 1");
  const CutoffContext ctx = context(Move::none(), NO_PIECE);
  const Move capture = *parse_uci_move(pos, "e4d5");
  const Move best = *parse_uci_move(pos, "h1h7");
  OrderingSwitches sw;
  sw.butterfly = false;
  sw.killers = false;
  record_cutoff(*tables_, sw, pos, ctx, best, 3, nullptr, 0, &capture, 1);
  EXPECT_EQ(tables_->capture.table[W_PAWN][SQ_D5][PAWN], -history_bonus(3));
  EXPECT_EQ(tables_->butterfly.table[WHITE][SQ_H1][SQ_H7], 0);
  EXPECT_EQ(killers_[0], Move::none());
  EXPECT_EQ(tables_->followup.table[W_KNIGHT][SQ_F3].table[W_ROOK][SQ_H7], history_bonus(3));
  EXPECT_EQ(tables_->countermoves.table[NO_PIECE][SQ_A1], Move::none()) << "no previous move";
}

}  // namespace
}  // namespace riposte::testing
