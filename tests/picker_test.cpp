// SPDX-License-Identifier: GPL-3.0-or-later
// The staged MovePicker returns every move of its kind exactly once, whatever TT, killer and
// countermove inputs it is given (legal, illegal, stale, from other positions or random bits),
// and whatever the history tables hold.
#include "search/picker.h"

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "movegen/notation.h"
#include "movegen/see.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

std::unique_ptr<HistoryTables> random_tables(std::mt19937_64& rng) {
  auto h = std::make_unique<HistoryTables>();
  h->clear();
  auto fill = [&](auto& table) {
    using Entry = std::remove_all_extents_t<std::remove_reference_t<decltype(table)>>;
    Entry* p = reinterpret_cast<Entry*>(&table);
    for (std::size_t i = 0; i < sizeof(table) / sizeof(Entry); ++i)
      p[i].set(int(rng() % 20001) - 10000);
  };
  fill(h->butterfly.table);
  fill(h->capture.table);
  for (auto& by_check : h->continuation)
    for (auto& by_capture : by_check)
      for (ContinuationHistory& c : by_capture)
        for (auto& by_square : c.table)
          for (PieceToHistory& t : by_square) fill(t.table);
  fill(h->pawn.table);
  fill(h->low_ply.table);
  return h;
}

// Counts how often each move came out of the picker.
std::map<std::uint16_t, int> drain(MovePicker&& mp, bool skip_quiets_after = false) {
  std::map<std::uint16_t, int> seen;
  int n = 0;
  while (const Move m = mp.next(skip_quiets_after && n > 3)) {
    ++seen[m.raw()];
    ++n;
  }
  return seen;
}

template <GenType T>
std::map<std::uint16_t, int> expected(const Position& pos) {
  std::map<std::uint16_t, int> e;
  for (const ExtMove& m : MoveList<T>(pos)) e[m.move.raw()] = 1;
  return e;
}

class PickerExactlyOnce : public ::testing::Test {
 protected:
  // Inputs for the refutation slots: a mix of garbage and real moves of other kinds.
  Move candidate(const Position& pos, const std::vector<Move>& foreign) {
    const MoveList<LEGAL> legal(pos);
    switch (rng_() % 4) {
      case 0: return Move(std::uint16_t(rng_()));
      case 1: return legal.size() ? legal.begin()[rng_() % legal.size()].move : Move::none();
      case 2: return foreign.empty() ? Move::none() : foreign[rng_() % foreign.size()];
      default: return Move::none();
    }
  }
  std::mt19937_64 rng_{2024};
};

TEST_F(PickerExactlyOnce, AllVariantsOverThePerftSuites) {
  RIPOSTE_REQUIRE_SHARED_DATA("perft/perftsuite.epd");  // its counts assume the full suites
  const OrderingSwitches all_on;
  const OrderingSwitches threats_off = [] {
    OrderingSwitches sw;
    sw.threats = false;
    return sw;
  }();
  const OrderingSwitches new_off = [] {  // the ordering before threat-aware quiets
    OrderingSwitches sw;
    sw.threats = sw.pawn_history = sw.low_ply_history = sw.continuation_split = false;
    sw.capture_see_history = sw.eval_diff_history = sw.lmr_continuation_update = false;
    return sw;
  }();
  const OrderingSwitches baseline = [] {
    OrderingSwitches sw;
    sw.baseline = true;
    return sw;
  }();
  const auto tables = random_tables(rng_);
  std::vector<Move> foreign;  // moves legal in earlier positions
  int positions = 0;
  for (const std::string& fen : all_suite_fens()) {
    Position pos = *Position::from_fen(fen);
    for (int step = 0; step < 3; ++step) {  // the suite position and two random successors
      ++positions;
      const auto legal = expected<LEGAL>(pos);
      for (int trial = 0; trial < 3; ++trial) {
        Killers killers;
        killers.moves[0] = candidate(pos, foreign);
        killers.moves[1] = candidate(pos, foreign);
        const Move tt = candidate(pos, foreign), counter = candidate(pos, foreign);
        // The countermove comes from the table, selected by a random previous move.
        const Move prev(Square(rng_() % 64), Square(rng_() % 64));
        const Piece prev_piece = Piece(rng_() % 16);
        tables->countermoves.table[prev_piece][prev.to()] = counter;
        auto table = [&](ContinuationKind k) {
          return &tables->continuation[rng_() % 2][rng_() % 2][k].table[rng_() % 16][rng_() % 64];
        };
        const OrderingContext ctx{prev,
                                  prev_piece,
                                  {table(kCounterMoveHistory), table(kFollowUpHistory),
                                   table(kFollowUpHistory), table(kFollowUpHistory)},
                                  threats_against_side_to_move(pos),
                                  int(rng_() % 6),
                                  PawnHistory::index(pos.pawn_key())};
        const int depth = int(rng_() % 12) + 1;
        for (const OrderingSwitches* sw : {&all_on, &threats_off, &new_off, &baseline}) {
          ASSERT_EQ(
              drain(MovePicker(MovePicker::Main{}, pos, tt, depth, *tables, ctx, killers, *sw)),
              legal)
              << fen << " tt " << to_uci(tt, true);
        }
        // A singular-extension search: the excluded move (the TT move there) never comes out,
        // everything else does, once.
        if (!legal.empty()) {
          auto it = legal.begin();
          std::advance(it, rng_() % legal.size());
          const Move excluded(it->first);
          auto want = legal;
          want.erase(it->first);
          for (const OrderingSwitches* sw : {&all_on, &new_off})
            ASSERT_EQ(drain(MovePicker(MovePicker::Main{}, pos, excluded, depth, *tables, ctx,
                                       killers, *sw, excluded)),
                      want)
                << fen << " excluded " << to_uci(excluded, true);
        }
        // Quiescence: the noisy moves, or every evasion when in check.
        const auto q = drain(MovePicker(MovePicker::QSearch{}, pos, tt, *tables, ctx, all_on));
        ASSERT_EQ(q, pos.checkers() ? legal : expected<CAPTURES>(pos)) << fen;
        // ProbCut: the noisy moves reaching the SEE threshold.
        if (!pos.checkers()) {
          const int threshold = int(rng_() % 400) - 100;
          std::map<std::uint16_t, int> want;
          for (const ExtMove& m : MoveList<CAPTURES>(pos))
            if (pos.see_ge(m.move, threshold)) want[m.move.raw()] = 1;
          ASSERT_EQ(drain(MovePicker(MovePicker::ProbCut{}, pos, tt, threshold, *tables, all_on)),
                    want)
              << fen;
        }
      }
      const MoveList<LEGAL> moves(pos);
      if (moves.size() == 0) break;
      for (const ExtMove& m : moves) foreign.push_back(m.move);
      if (foreign.size() > 4096) foreign.erase(foreign.begin(), foreign.begin() + 2048);
      pos.do_move(moves.begin()[rng_() % moves.size()].move);
    }
  }
  EXPECT_GT(positions, 3000);
}

TEST(Picker, StagesComeInOrder) {
  // Kiwipete: a TT move, a killer, a countermove; the picker must yield TT first, then
  // winning captures, then killer and countermove, then the other quiets.
  const Position pos =
      *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  auto tables = std::make_unique<HistoryTables>();
  tables->clear();
  const Move tt = *parse_uci_move(pos, "a2a3");
  Killers killers;
  killers.add(*parse_uci_move(pos, "e1g1"));
  killers.add(*parse_uci_move(pos, "g2g3"));
  // Black's last move h4h3 (pawn) was refuted by d5d6 before.
  const Move prev(SQ_H4, SQ_H3);
  tables->countermoves.table[B_PAWN][SQ_H3] = *parse_uci_move(pos, "d5d6");
  const OrderingContext ctx{prev,
                            B_PAWN,
                            {tables->continuation[0][0][kCounterMoveHistory].sentinel(),
                             tables->continuation[0][0][kFollowUpHistory].sentinel()}};
  MovePicker mp(MovePicker::Main{}, pos, tt, 5, *tables, ctx, killers, OrderingSwitches{});
  std::vector<std::string> order;
  while (const Move m = mp.next()) order.push_back(to_uci(m, false));
  ASSERT_EQ(order.size(), 48u);
  EXPECT_EQ(order[0], "a2a3");
  auto pos_of = [&](const std::string& m) {
    return std::find(order.begin(), order.end(), m) - order.begin();
  };
  EXPECT_EQ(pos_of("g2g3") + 1, pos_of("e1g1"));
  EXPECT_EQ(pos_of("e1g1") + 1, pos_of("d5d6"));
  // Captures that do not lose material come before the killers, losing ones after every quiet.
  for (const char* c : {"e2a6", "d5e6", "g2h3"}) EXPECT_LT(pos_of(c), pos_of("g2g3")) << c;
  for (const char* c : {"e5f7", "e5g6", "e5d7", "f3f6", "f3h3"})
    EXPECT_GT(pos_of(c), pos_of("a1b1")) << c;
}

TEST(Picker, BaselineOrderingKeepsTheKillersAndReadsNoHistory) {
  // Kiwipete with random history tables and a countermove: the baseline ordering yields the TT
  // move, every capture by falling victim value (no SEE split), the two killers, then the other
  // quiets in generation order, whatever the tables and the countermove say.
  const Position pos =
      *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  std::mt19937_64 rng(67);
  const auto tables = random_tables(rng);
  const Move tt = *parse_uci_move(pos, "a2a3");
  const Move g2g3 = *parse_uci_move(pos, "g2g3"), e1g1 = *parse_uci_move(pos, "e1g1");
  Killers killers;
  killers.add(e1g1);
  killers.add(g2g3);
  tables->countermoves.table[B_PAWN][SQ_H3] = *parse_uci_move(pos, "d5d6");
  const OrderingContext ctx{Move(SQ_H4, SQ_H3),
                            B_PAWN,
                            {tables->continuation[0][0][kCounterMoveHistory].sentinel(),
                             tables->continuation[0][0][kFollowUpHistory].sentinel()}};
  OrderingSwitches sw;
  sw.baseline = true;
  MovePicker mp(MovePicker::Main{}, pos, tt, 5, *tables, ctx, killers, sw);
  std::vector<Move> order;
  while (const Move m = mp.next()) order.push_back(m);
  ASSERT_EQ(order.size(), MoveList<LEGAL>(pos).size());
  EXPECT_EQ(order[0], tt);

  const MoveList<CAPTURES> captures(pos);
  const std::size_t n = captures.size();
  ASSERT_EQ(n, 8u);
  std::vector<Move> want_captures;
  for (const ExtMove& m : captures) want_captures.push_back(m.move);
  const std::vector<Move> got_captures(order.begin() + 1, order.begin() + 1 + n);
  EXPECT_TRUE(std::is_permutation(got_captures.begin(), got_captures.end(), want_captures.begin(),
                                  want_captures.end()));
  for (std::size_t i = 1; i < n; ++i)
    EXPECT_GE(kSeeValue[pos.captured_type(got_captures[i - 1])],
              kSeeValue[pos.captured_type(got_captures[i])]);

  EXPECT_EQ(order[n + 1], g2g3);
  EXPECT_EQ(order[n + 2], e1g1);
  std::vector<Move> want_quiets;
  for (const ExtMove& m : MoveList<QUIETS>(pos))
    if (m.move != tt && m.move != g2g3 && m.move != e1g1) want_quiets.push_back(m.move);
  EXPECT_EQ(std::vector<Move>(order.begin() + n + 3, order.end()), want_quiets);
}

TEST(Picker, CaptureHistoryMovesTheGoodCaptureLine) {
  // Kiwipete: Nxf7 loses a knight for a pawn (SEE -220), Qxf6 a queen for a knight. With a
  // strong capture history and the switch on, Nxf7 is played among the good captures, before
  // the killer; Qxf6 stays behind every quiet either way.
  const Position pos =
      *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  auto tables = std::make_unique<HistoryTables>();
  tables->clear();
  tables->capture.table[W_KNIGHT][SQ_F7][PAWN].set(16000);
  tables->capture.table[W_QUEEN][SQ_F6][KNIGHT].set(16000);
  Killers killers;
  killers.add(*parse_uci_move(pos, "g2g3"));
  const OrderingContext ctx{Move::none(), NO_PIECE, {}};
  for (const bool on : {false, true}) {
    OrderingSwitches sw;
    sw.capture_see_history = on;
    MovePicker mp(MovePicker::Main{}, pos, Move::none(), 5, *tables, ctx, killers, sw);
    std::vector<std::string> order;
    while (const Move m = mp.next()) order.push_back(to_uci(m, false));
    auto pos_of = [&](const std::string& m) {
      return std::find(order.begin(), order.end(), m) - order.begin();
    };
    EXPECT_EQ(pos_of("e5f7") < pos_of("g2g3"), on);
    EXPECT_GT(pos_of("f3f6"), pos_of("a1b1")) << on;
  }
}

TEST(Picker, PawnAndLowPlyHistoryRaiseAQuiet) {
  const Position pos = Position::start_position();
  auto tables = std::make_unique<HistoryTables>();
  tables->clear();
  const Move b1c3 = *parse_uci_move(pos, "b1c3"), a2a3 = *parse_uci_move(pos, "a2a3");
  OrderingContext ctx{Move::none(), NO_PIECE, {}};
  ctx.pawn_index = PawnHistory::index(pos.pawn_key());
  ctx.ply = 1;
  tables->pawn.table[ctx.pawn_index][W_PAWN][SQ_A3].set(900);
  tables->low_ply.table[1][SQ_B1][SQ_C3].set(600);
  OrderingSwitches sw;
  sw.pawn_history = sw.low_ply_history = false;
  EXPECT_EQ(quiet_ordering_extra(*tables, sw, ctx, W_PAWN, a2a3), 0) << "both off";
  sw.pawn_history = sw.low_ply_history = true;
  EXPECT_EQ(quiet_ordering_extra(*tables, sw, ctx, W_PAWN, a2a3), 900);
  EXPECT_EQ(quiet_ordering_extra(*tables, sw, ctx, W_KNIGHT, b1c3),
            params::LowPlyHistoryScale * 600 / 3);
  ctx.ply = LowPlyHistory::kPlies;
  EXPECT_EQ(quiet_ordering_extra(*tables, sw, ctx, W_KNIGHT, b1c3), 0) << "beyond the low plies";
  // In the picker the pawn history lifts a2a3 to the first quiet.
  MovePicker mp(MovePicker::Main{}, pos, Move::none(), 5, *tables, ctx, Killers{}, sw);
  EXPECT_EQ(mp.next(), a2a3);
}

}  // namespace
}  // namespace riposte::testing
