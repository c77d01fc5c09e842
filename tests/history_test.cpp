// SPDX-License-Identifier: GPL-3.0-or-later
// The history tables: the gravity rule, and what a cutoff updates, indexed by piece and square
// for both colours.
#include "search/history.h"

#include <cstdlib>
#include <memory>
#include <random>

#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "search/picker.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

using History = ButterflyHistory::Entry;
const int kHistoryLimit = params::ButterflyHistoryLimit;

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
  using namespace params;
  EXPECT_EQ(history_bonus(1), HistoryBonusQuad + HistoryBonusLinear);
  EXPECT_EQ(history_bonus(4), 16 * HistoryBonusQuad + 4 * HistoryBonusLinear);
  EXPECT_LT(history_bonus(5), history_bonus(6));
  EXPECT_EQ(history_bonus(40), HistoryBonusMax);
  EXPECT_EQ(history_malus(1), HistoryMalusQuad + HistoryMalusLinear);
  EXPECT_EQ(history_malus(40), HistoryMalusMax);
}

// What one cutoff writes into a fresh entry: the bonus or malus times the table's own percent.
int share(int amount, int percent) { return amount * percent / 100; }

TEST(ContinuationPlies, OddPliesAreTheOpponentsMoves) {
  EXPECT_EQ(continuation_kind(1), kCounterMoveHistory);
  EXPECT_EQ(continuation_kind(2), kFollowUpHistory);
  EXPECT_EQ(continuation_kind(4), kFollowUpHistory);
  EXPECT_EQ(continuation_kind(6), kFollowUpHistory);
  const OrderingSwitches on;
  OrderingSwitches deep_off;
  deep_off.deep_continuation = false;
  for (int i = 0; i < kContinuationCount; ++i) {
    EXPECT_TRUE(on.continuation(i));
    EXPECT_EQ(deep_off.continuation(i), kContinuationPlies[i] <= 2) << kContinuationPlies[i];
  }
}

class CutoffUpdates : public ::testing::Test {
 protected:
  void SetUp() override { tables_->clear(); }
  // The counter-move table selected by the previous move, the follow-up table of a knight on f3
  // two plies back; nothing four and six plies back.
  OrderingContext context(Move prev, Piece prev_piece) {
    return {prev,
            prev_piece,
            {&counter().table[prev_piece][prev.to()], &followup().table[W_KNIGHT][SQ_F3], nullptr,
             nullptr}};
  }
  ContinuationHistory& counter() { return tables_->continuation[0][0][kCounterMoveHistory]; }
  ContinuationHistory& followup() { return tables_->continuation[0][0][kFollowUpHistory]; }
  std::unique_ptr<HistoryTables> tables_ = std::make_unique<HistoryTables>();
  OrderingSwitches on_;
};

TEST_F(CutoffUpdates, QuietCutoffRewardsTheMoveAndPunishesEarlierQuiets) {
  // Black to move after 1. e4 Nf3-type play: the previous move was White's e2e4.
  Position pos = Position::start_position();
  for (const char* m : {"g1f3", "b8c6", "e2e4"}) pos.do_move(*parse_uci_move(pos, m));
  const Move prev(SQ_E2, SQ_E4);
  const OrderingContext ctx = context(prev, W_PAWN);
  const Move best = *parse_uci_move(pos, "g8f6");
  const Move tried[2] = {*parse_uci_move(pos, "a7a6"), *parse_uci_move(pos, "h7h6")};
  record_cutoff(*tables_, on_, pos, ctx, best, 4, tried, {});

  using namespace params;
  const int butterfly = share(history_bonus(4), ButterflyBonusScale);
  const int continuation = share(history_bonus(4), ContinuationBonusScale);
  EXPECT_EQ(tables_->butterfly.table[BLACK][0][0][SQ_G8][SQ_F6], butterfly);
  EXPECT_EQ(tables_->butterfly.table[WHITE][0][0][SQ_G8][SQ_F6], 0)
      << "colour is part of the index";
  EXPECT_EQ(tables_->butterfly.table[BLACK][0][0][SQ_A7][SQ_A6],
            -share(history_malus(4), ButterflyMalusScale));
  EXPECT_EQ(tables_->butterfly.table[BLACK][0][0][SQ_H7][SQ_H6],
            -share(history_malus(4), ButterflyMalusScale));
  // Counter-move history: selected by White's pawn to e4, indexed by Black's knight to f6.
  EXPECT_EQ(counter().table[W_PAWN][SQ_E4].table[B_KNIGHT][SQ_F6], continuation);
  EXPECT_EQ(counter().table[W_PAWN][SQ_E4].table[W_KNIGHT][SQ_F6], 0);
  EXPECT_EQ(counter().table[W_PAWN][SQ_E4].table[B_PAWN][SQ_A6],
            -share(history_malus(4), ContinuationMalusScale));
  // Follow-up history: selected by our (Black's) move two plies back, here given as Nf3's table.
  EXPECT_EQ(followup().table[W_KNIGHT][SQ_F3].table[B_KNIGHT][SQ_F6], continuation);
  EXPECT_EQ(tables_->countermoves.table[W_PAWN][SQ_E4], best);
  EXPECT_EQ(quiet_history(*tables_, on_, ctx, BLACK, B_KNIGHT, best), butterfly + 2 * continuation);
  // Only the butterfly and the first continuation table, as evasions are scored.
  EXPECT_EQ(quiet_history<1>(*tables_, on_, ctx, BLACK, B_KNIGHT, best), butterfly + continuation);
}

TEST(Killers, ANewKillerShiftsTheFirstAndARepeatDoesNot) {
  Killers k;
  const Move a(SQ_G8, SQ_F6), b(SQ_D7, SQ_D5);
  k.add(a);
  EXPECT_EQ(k.moves[0], a);
  k.add(b);
  EXPECT_EQ(k.moves[0], b);
  EXPECT_EQ(k.moves[1], a);
  k.add(b);
  EXPECT_EQ(k.moves[1], a) << "the same killer twice keeps the other";
  k.clear();
  EXPECT_EQ(k.moves[0], Move::none());
  EXPECT_EQ(k.moves[1], Move::none());
}

TEST_F(CutoffUpdates, CaptureCutoffUpdatesCaptureHistoryOnly) {
  const Position pos = *Position::from_fen("4k3/8/2n5/3p4/4P3/8/8/4K2R w K - 0 1");
  const OrderingContext ctx = context(Move::none(), NO_PIECE);
  const Move best = *parse_uci_move(pos, "e4d5");
  const Move tried_captures[1] = {best};
  record_cutoff(*tables_, on_, pos, ctx, best, 3, {}, tried_captures);
  EXPECT_EQ(tables_->capture.table[W_PAWN][SQ_D5][PAWN],
            share(history_bonus(3), params::CaptureBonusScale));
  EXPECT_EQ(tables_->butterfly.table[WHITE][0][0][SQ_E4][SQ_D5], 0);
}

TEST_F(CutoffUpdates, QuietCutoffPunishesCapturesTriedFirstAndSwitchesTurnTablesOff) {
  const Position pos = *Position::from_fen("4k3/8/2n5/3p4/4P3/8/8/4K2R w K - 0 1");
  const OrderingContext ctx = context(Move::none(), NO_PIECE);
  const Move capture = *parse_uci_move(pos, "e4d5");
  const Move best = *parse_uci_move(pos, "h1h7");
  OrderingSwitches sw;
  sw.butterfly = false;
  record_cutoff(*tables_, sw, pos, ctx, best, 3, {}, {&capture, 1});
  EXPECT_EQ(tables_->capture.table[W_PAWN][SQ_D5][PAWN],
            -share(history_malus(3), params::CaptureMalusScale));
  EXPECT_EQ(tables_->butterfly.table[WHITE][0][0][SQ_H1][SQ_H7], 0);
  EXPECT_EQ(followup().table[W_KNIGHT][SQ_F3].table[W_ROOK][SQ_H7],
            share(history_bonus(3), params::ContinuationBonusScale));
  EXPECT_EQ(tables_->countermoves.table[NO_PIECE][SQ_A1], Move::none()) << "no previous move";
}

TEST(Threats, SquaresByTheLeastValuableAttacker) {
  // White to move; Black has a pawn on d5, a knight on f6, a rook on a8, a queen on h4.
  const Position pos = *Position::from_fen("r3k3/8/5n2/3p4/7q/8/8/4K3 w - - 0 1");
  const Threats t = threats_against_side_to_move(pos);
  EXPECT_EQ(t.by_pawn, square_bb(SQ_C4) | square_bb(SQ_E4));
  EXPECT_TRUE(t.by_minor & square_bb(SQ_G4)) << "the knight";
  EXPECT_FALSE(t.by_pawn & square_bb(SQ_G4));
  EXPECT_TRUE(t.by_rook & square_bb(SQ_A1)) << "the rook down the a-file";
  EXPECT_FALSE(t.by_minor & square_bb(SQ_A1));
  EXPECT_TRUE(t.all & square_bb(SQ_H1)) << "the queen";
  EXPECT_FALSE(t.by_rook & square_bb(SQ_H1));
  EXPECT_TRUE(t.all & square_bb(SQ_D7)) << "the king";
  EXPECT_EQ(t.by_pawn & ~t.by_minor, 0u);
  EXPECT_EQ(t.by_minor & ~t.by_rook, 0u);
  EXPECT_EQ(t.by_rook & ~t.all, 0u);
}

TEST_F(CutoffUpdates, ButterflyIsIndexedByThreatenedFromAndToSquares) {
  const Position pos = *Position::from_fen("4k3/8/2n5/3p4/4P3/8/8/4K2R w K - 0 1");
  OrderingContext ctx = context(Move::none(), NO_PIECE);
  ctx.threats.all = square_bb(SQ_H7);  // the target square is attacked
  const Move best = *parse_uci_move(pos, "h1h7");
  record_cutoff(*tables_, on_, pos, ctx, best, 3, {}, {});
  const int butterfly = share(history_bonus(3), params::ButterflyBonusScale);
  EXPECT_EQ(tables_->butterfly.table[WHITE][0][1][SQ_H1][SQ_H7], butterfly);
  EXPECT_EQ(tables_->butterfly.table[WHITE][0][0][SQ_H1][SQ_H7], 0);
  EXPECT_EQ(quiet_history<0>(*tables_, on_, ctx, WHITE, W_ROOK, best), butterfly);
  ctx.threats.all = 0;
  EXPECT_EQ(quiet_history<0>(*tables_, on_, ctx, WHITE, W_ROOK, best), 0);
}

TEST_F(CutoffUpdates, PawnAndLowPlyHistoryLearnAtACutoff) {
  const Position pos = *Position::from_fen("4k3/8/2n5/3p4/4P3/8/8/4K2R w K - 0 1");
  OrderingContext ctx = context(Move::none(), NO_PIECE);
  ctx.pawn_index = PawnHistory::index(pos.pawn_key());
  ctx.ply = 2;
  const Move best = *parse_uci_move(pos, "h1h7"), tried = *parse_uci_move(pos, "e1d2");
  OrderingSwitches sw;
  sw.pawn_history = sw.low_ply_history = false;
  record_cutoff(*tables_, sw, pos, ctx, best, 3, {&tried, 1}, {});
  EXPECT_EQ(tables_->pawn.table[ctx.pawn_index][W_ROOK][SQ_H7], 0) << "switched off";
  EXPECT_EQ(tables_->low_ply.table[2][SQ_H1][SQ_H7], 0) << "switched off";
  sw.pawn_history = sw.low_ply_history = true;
  record_cutoff(*tables_, sw, pos, ctx, best, 3, {&tried, 1}, {});
  using namespace params;
  const int low_ply = share(history_bonus(3), LowPlyBonusScale);
  EXPECT_EQ(tables_->pawn.table[ctx.pawn_index][W_ROOK][SQ_H7],
            share(history_bonus(3), PawnHistoryBonusScale));
  EXPECT_EQ(tables_->pawn.table[ctx.pawn_index][W_KING][SQ_D2],
            -share(history_malus(3), PawnHistoryMalusScale));
  EXPECT_EQ(tables_->low_ply.table[2][SQ_H1][SQ_H7], low_ply);
  EXPECT_EQ(tables_->low_ply.table[2][SQ_E1][SQ_D2], -share(history_malus(3), LowPlyMalusScale));
  ctx.ply = LowPlyHistory::kPlies;  // deeper: the low-ply table is left alone
  record_cutoff(*tables_, sw, pos, ctx, best, 3, {&tried, 1}, {});
  for (int ply = 0; ply < LowPlyHistory::kPlies; ++ply)
    EXPECT_EQ(tables_->low_ply.table[ply][SQ_H1][SQ_H7], ply == 2 ? low_ply : 0);
  tables_->low_ply.clear();
  EXPECT_EQ(tables_->low_ply.table[2][SQ_H1][SQ_H7], 0);
}

TEST(EvalDiffBonus, RewardsTheMoverForTheSwingAndIsClamped) {
  // They stood at +20 before their move; after it we stand at -60: they gained 40.
  EXPECT_EQ(eval_diff_bonus(20, -60), 40 * params::EvalDiffHistoryMult);
  EXPECT_EQ(eval_diff_bonus(20, 0), -20 * params::EvalDiffHistoryMult);
  EXPECT_EQ(eval_diff_bonus(-30, 30), 0);
  EXPECT_EQ(eval_diff_bonus(0, -5000), params::EvalDiffHistoryMax);
  EXPECT_EQ(eval_diff_bonus(0, 5000), -params::EvalDiffHistoryMax);
}

TEST(ContinuationSplit, SelectedByCheckAndCaptureOnlyWhenSwitchedOn) {
  auto tables = std::make_unique<HistoryTables>();
  // White in check from the rook on e2: Kxe2 is a capture, Kd1 a quiet move.
  const Position check = *Position::from_fen("6k1/8/8/8/8/8/4r3/4K3 w - - 0 1");
  const Move kxe2 = *parse_uci_move(check, "e1e2"), kd1 = *parse_uci_move(check, "e1d1");
  // Not in check: Rxh1 is a capture.
  const Position free = *Position::from_fen("6k1/8/8/8/7R/8/8/4K2n w - - 0 1");
  const Move rxh1 = *parse_uci_move(free, "h4h1");
  OrderingSwitches sw;
  sw.continuation_split = false;
  EXPECT_EQ(continuation_histories(*tables, sw, check, kxe2), tables->continuation[0][0]);
  EXPECT_EQ(continuation_histories(*tables, sw, free, rxh1), tables->continuation[0][0]);
  sw.continuation_split = true;
  EXPECT_EQ(continuation_histories(*tables, sw, check, kxe2), tables->continuation[1][1]);
  EXPECT_EQ(continuation_histories(*tables, sw, check, kd1), tables->continuation[1][0]);
  EXPECT_EQ(continuation_histories(*tables, sw, free, rxh1), tables->continuation[0][1]);
}

// Every move of every perft-suite position (castling, en passant and promotions among them)
// reaches an entry inside each of the new tables, for every switch setting that changes an
// index, and every entry stays within its limit under long random update sequences.
TEST(NewHistoryTables, IndexInBoundsForEveryMoveAndEntriesWithinLimits) {
  RIPOSTE_REQUIRE_SHARED_DATA("perft/perftsuite.epd");  // its counts assume the full suites
  auto tables = std::make_unique<HistoryTables>();
  tables->clear();
  const char* const begin = reinterpret_cast<const char*>(tables.get());
  const char* const end = begin + sizeof(HistoryTables);
  auto inside = [&](const void* p, const void* table, std::size_t size) {
    const char* c = static_cast<const char*>(p);
    const char* t = static_cast<const char*>(table);
    return c >= t && c + sizeof(std::int16_t) <= t + size && c >= begin && c < end;
  };
  OrderingSwitches split;
  split.continuation_split = true;
  std::mt19937_64 rng(30);
  std::size_t moves = 0, by_type[4] = {};
  for (const std::string& fen : all_suite_fens()) {
    const Position pos = *Position::from_fen(fen);
    const Threats threats = threats_against_side_to_move(pos);
    const int pawn_index = PawnHistory::index(pos.pawn_key());
    ASSERT_GE(pawn_index, 0);
    ASSERT_LT(pawn_index, PawnHistory::kSize);
    for (const ExtMove& em : MoveList<LEGAL>(pos)) {
      const Move m = em.move;
      const Piece pc = pos.moved_piece(m);
      ++moves;
      ++by_type[int(m.type()) >> 14];
      ASSERT_TRUE(inside(&tables->butterfly.at(pos.side_to_move(), m, threats.all),
                         tables->butterfly.table, sizeof(tables->butterfly.table)))
          << fen;
      ASSERT_TRUE(inside(&tables->pawn.table[pawn_index][pc][m.to()], tables->pawn.table,
                         sizeof(tables->pawn.table)))
          << fen;
      for (int ply = 0; ply < LowPlyHistory::kPlies; ++ply)
        ASSERT_TRUE(inside(&tables->low_ply.table[ply][m.from()][m.to()], tables->low_ply.table,
                           sizeof(tables->low_ply.table)));
      ContinuationHistory* c = continuation_histories(*tables, split, pos, m);
      ASSERT_TRUE(inside(&c[kFollowUpHistory].table[pc][m.to()], tables->continuation,
                         sizeof(tables->continuation)))
          << fen;
      ASSERT_EQ(c, tables->continuation[bool(pos.checkers())][pos.is_noisy(m)]) << fen;
    }
  }
  EXPECT_GT(moves, 20000u);
  for (const std::size_t n : by_type) EXPECT_GT(n, 0u) << "normal, promotion, en passant, castling";

  auto hammer = [&](auto& entry, int limit) {
    for (int i = 0; i < 200000; ++i) {
      const int bonus = int(rng() % 8001) - 4000 + (i % 1000 == 0 ? (1 << 20) : 0);
      entry.update(rng() % 2 ? bonus : -bonus);
      ASSERT_LE(std::abs(int(entry)), limit);
    }
  };
  hammer(tables->pawn.table[7][W_QUEEN][SQ_D4], params::PawnHistoryLimit);
  hammer(tables->low_ply.table[3][SQ_E2][SQ_E4], params::LowPlyHistoryLimit);
  hammer(tables->continuation[1][1][kCounterMoveHistory].table[B_PAWN][SQ_E5].table[W_KING][SQ_G1],
         params::ContinuationHistoryLimit);
  hammer(tables->butterfly.table[BLACK][1][1][SQ_A1][SQ_H8], params::ButterflyHistoryLimit);
}

// Each table's bonus and malus are the shared formula times the table's own row; the rows can
// only move in a tuning build.
TEST(SearchParams, EachHistoryTableScalesItsOwnBonusAndMalus) {
#ifndef RIPOSTE_TUNING
  GTEST_SKIP() << "the scales are constants outside tuning builds";
#else
  auto tables = std::make_unique<HistoryTables>();
  tables->clear();
  const Position pos = *Position::from_fen("4k3/8/2n5/3p4/4P3/8/8/4K2R w K - 0 1");
  PieceToHistory* follow = &tables->continuation[0][0][kFollowUpHistory].table[W_KNIGHT][SQ_F3];
  const OrderingContext ctx{Move::none(), NO_PIECE, {nullptr, follow, nullptr, nullptr}};
  const Move best = *parse_uci_move(pos, "h1h7"), tried = *parse_uci_move(pos, "e1d2");
  const Move capture = *parse_uci_move(pos, "e4d5");
  using namespace params;
  const int saved[5] = {ButterflyBonusScale, ButterflyMalusScale, ContinuationBonusScale,
                        ContinuationMalusScale, CaptureMalusScale};
  ButterflyBonusScale = 50;
  ButterflyMalusScale = ContinuationBonusScale = 100;
  ContinuationMalusScale = 200;
  CaptureMalusScale = 25;
  record_cutoff(*tables, OrderingSwitches{}, pos, ctx, best, 5, {&tried, 1}, {&capture, 1});
  ButterflyBonusScale = saved[0];
  ButterflyMalusScale = saved[1];
  ContinuationBonusScale = saved[2];
  ContinuationMalusScale = saved[3];
  CaptureMalusScale = saved[4];
  EXPECT_EQ(tables->butterfly.table[WHITE][0][0][SQ_H1][SQ_H7], history_bonus(5) / 2);
  EXPECT_EQ(tables->butterfly.table[WHITE][0][0][SQ_E1][SQ_D2], -history_malus(5));
  EXPECT_EQ(follow->table[W_ROOK][SQ_H7], history_bonus(5));
  EXPECT_EQ(follow->table[W_KING][SQ_D2], -2 * history_malus(5));
  EXPECT_EQ(tables->capture.table[W_PAWN][SQ_D5][PAWN], -history_malus(5) / 4);
#endif
}

}  // namespace
}  // namespace riposte::testing
