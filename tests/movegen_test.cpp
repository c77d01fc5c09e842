// SPDX-License-Identifier: GPL-3.0-or-later
// Move generation invariants over the perft suites and random playouts: the kinds partition
// the legal moves, the pseudo-legal/legal tests agree with generation for every 16-bit value,
// make/unmake restores everything, and gives_check matches the position after the move.
#include "movegen/movegen.h"

#include <random>

#include "gtest/gtest.h"
#include "movegen/notation.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

// Suite positions plus positions reached by short random playouts from them.
std::vector<Position> sample_positions(std::size_t stride) {
  std::vector<Position> out;
  std::mt19937_64 rng(12345);
  const auto fens = all_suite_fens();
  for (std::size_t i = 0; i < fens.size(); i += stride) {
    Position pos = *Position::from_fen(fens[i]);
    out.push_back(pos);
    for (int ply = 0; ply < 12; ++ply) {
      const MoveList<LEGAL> moves(pos);
      if (moves.size() == 0) break;
      pos.do_move(moves.begin()[rng() % moves.size()].move);
      if (ply % 4 == 3) out.push_back(pos);
    }
  }
  return out;
}

TEST(MoveGen, KindsPartitionTheLegalMoves) {
  for (const Position& pos : sample_positions(1)) {
    const MoveList<LEGAL> legal(pos);
    const MoveList<CAPTURES> captures(pos);
    const MoveList<QUIETS> quiets(pos);
    ASSERT_EQ(captures.size() + quiets.size(), legal.size()) << pos.fen();
    EXPECT_EQ(count_legal_moves(pos), legal.size()) << pos.fen();
    for (const ExtMove& m : captures) {
      EXPECT_TRUE(legal.contains(m.move)) << pos.fen();
      EXPECT_TRUE(pos.is_noisy(m.move)) << to_uci(m.move, true) << " " << pos.fen();
    }
    for (const ExtMove& m : quiets) {
      EXPECT_TRUE(legal.contains(m.move)) << pos.fen();
      EXPECT_FALSE(pos.is_noisy(m.move)) << to_uci(m.move, true) << " " << pos.fen();
    }
    if (pos.checkers()) {
      EXPECT_EQ(MoveList<EVASIONS>(pos).size(), legal.size());
    }
  }
}

TEST(MoveGen, PseudoLegalAndLegalAgreeWithGenerationForEvery16BitMove) {
  RIPOSTE_REQUIRE_SHARED_DATA("perft/perftsuite.epd");  // its counts assume the full suites
  int positions = 0;
  std::vector<char> generated(65536);
  for (const Position& pos : sample_positions(11)) {
    std::fill(generated.begin(), generated.end(), 0);
    for (const ExtMove& m : MoveList<LEGAL>(pos)) generated[m.move.raw()] = 1;
    for (unsigned raw = 0; raw < 65536; ++raw) {
      const Move m{std::uint16_t(raw)};
      const bool ok = pos.pseudo_legal(m) && pos.legal(m);
      if (ok != bool(generated[raw])) {
        ADD_FAILURE() << pos.fen() << " move " << to_uci(m, true) << " raw " << raw
                      << " generated=" << int(generated[raw]);
        return;
      }
    }
    ++positions;
  }
  EXPECT_GT(positions, 400);
}

TEST(MoveGen, MakeUnmakeRestoresKeysAndState) {
  std::mt19937_64 rng(7);
  for (const std::string& fen : all_suite_fens()) {
    Position pos = *Position::from_fen(fen);
    const std::string start_fen = pos.fen();
    const Key start_key = pos.key(), start_pawn_key = pos.pawn_key();
    std::vector<Move> played;
    for (int ply = 0; ply < 16; ++ply) {
      const MoveList<LEGAL> moves(pos);
      if (moves.size() == 0) break;
      const Move m = moves.begin()[rng() % moves.size()].move;
      const bool check = pos.gives_check(m);
      pos.do_move(m);
      played.push_back(m);
      EXPECT_EQ(check, pos.checkers() != 0) << "gives_check wrong for " << to_uci(m, true);
      // The incremental keys equal keys computed from scratch.
      const Position fresh = *Position::from_fen(pos.fen(), pos.is_chess960());
      ASSERT_EQ(pos.key(), fresh.key()) << pos.fen() << " after " << to_uci(m, true);
      ASSERT_EQ(pos.pawn_key(), fresh.pawn_key()) << pos.fen();
      for (const Color c : {WHITE, BLACK})
        ASSERT_EQ(pos.non_pawn_key(c), fresh.non_pawn_key(c)) << pos.fen();
      ASSERT_EQ(pos.checkers(), fresh.checkers()) << pos.fen();
    }
    while (!played.empty()) {
      pos.undo_move(played.back());
      played.pop_back();
    }
    EXPECT_EQ(pos.fen(), start_fen);
    EXPECT_EQ(pos.key(), start_key);
    EXPECT_EQ(pos.pawn_key(), start_pawn_key);
  }
}

TEST(MoveGen, GivesCheckMatchesForEveryLegalMove) {
  for (Position pos : sample_positions(3)) {
    for (const ExtMove& m : MoveList<LEGAL>(pos)) {
      const bool predicted = pos.gives_check(m.move);
      pos.do_move(m.move);
      EXPECT_EQ(predicted, pos.checkers() != 0) << to_uci(m.move, true) << " in " << pos.fen();
      pos.undo_move(m.move);
    }
  }
}

TEST(MoveGen, NullMoveFlipsSideAndRestores) {
  Position pos =
      *Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  const Key key = pos.key();
  pos.do_null_move();
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
  EXPECT_EQ(
      pos.key(),
      Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3")->key());
  pos.undo_null_move();
  EXPECT_EQ(pos.key(), key);
  EXPECT_EQ(pos.ep_square(), SQ_F6);
}

TEST(Notation, UciMoveTextBothWays) {
  Position pos = *Position::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_uci(*parse_uci_move(pos, "e1g1"), false), "e1g1");
  EXPECT_EQ(to_uci(*parse_uci_move(pos, "e1h1"), false), "e1g1");  // king takes rook, accepted
  EXPECT_EQ(to_uci(*parse_uci_move(pos, "e1c1"), true), "e1a1");
  EXPECT_EQ(parse_uci_move(pos, "b7a8n")->promotion_type(), KNIGHT);
  EXPECT_EQ(to_uci(*parse_uci_move(pos, "b7b8q"), false), "b7b8q");
  EXPECT_FALSE(parse_uci_move(pos, "e1e3").ok());
  EXPECT_FALSE(parse_uci_move(pos, "b7b8").ok());  // promotion needs its piece
  EXPECT_FALSE(parse_uci_move(pos, "zz").ok());
  EXPECT_EQ(to_uci(Move::null(), false), "0000");
}

TEST(Notation, SanOfEveryLegalMoveReadsBackAsThatMove) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1",  // many knights and rooks to disambiguate
      "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",          // en passant
  };
  int moves = 0;
  for (const char* fen : fens) {
    const Position pos = *Position::from_fen(fen);
    for (const ExtMove& m : MoveList<LEGAL>(pos)) {
      const std::string san = to_san(pos, m.move);
      const auto back = parse_san(pos, san);
      ASSERT_TRUE(back.ok()) << fen << " " << san << ": " << back.status();
      EXPECT_EQ(*back, m.move) << fen << " " << san;
      ++moves;
    }
  }
  EXPECT_EQ(moves, 20 + 48 + 14 + 6 + 44 + 46 + 56 + 7);
}

TEST(Notation, SanTextIsExact) {
  const Position kiwi =
      *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const auto san = [](const Position& pos, const char* uci) {
    return to_san(pos, *parse_uci_move(pos, uci));
  };
  EXPECT_EQ(san(kiwi, "e1g1"), "O-O");
  EXPECT_EQ(san(kiwi, "e1c1"), "O-O-O");
  EXPECT_EQ(san(kiwi, "e5f7"), "Nxf7");
  EXPECT_EQ(san(kiwi, "d5e6"), "dxe6");
  EXPECT_EQ(san(kiwi, "c3b1"), "Nb1");
  EXPECT_EQ(san(kiwi, "f3f6"), "Qxf6");
  const Position knights = *Position::from_fen("N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1");
  EXPECT_EQ(san(knights, "a8b6"), "N8b6");  // the a4 knight reaches b6 too: same file
  EXPECT_EQ(san(knights, "d5f6"), "Nf6+");
  EXPECT_EQ(san(knights, "b2b3"), "Rbb3");
  EXPECT_EQ(san(knights, "c3c2"), "Rcc2");
  const Position queens = *Position::from_fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  EXPECT_EQ(san(queens, "a1b2"), "Qa1b2");  // a3 shares the file, c1 the rank
  EXPECT_EQ(san(queens, "a3b2"), "Q3b2");
  EXPECT_EQ(san(queens, "c1b2"), "Qcb2");
  const Position promo = *Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(san(promo, "b7b8q"), "b8=Q+");
  EXPECT_EQ(san(promo, "b7b8n"), "b8=N");
  const Position mate = *Position::from_fen("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_EQ(san(mate, "a1a8"), "Ra8#");
  const Position ep = *Position::from_fen("4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2");
  EXPECT_EQ(san(ep, "d5c6"), "dxc6");
}

TEST(Notation, SanReadsLooseTextAndRejectsBadText) {
  const Position pos = *Position::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_uci(*parse_san(pos, "0-0"), false), "e1g1");
  EXPECT_EQ(to_uci(*parse_san(pos, "O-O-O+"), false), "e1c1");
  EXPECT_EQ(to_uci(*parse_san(pos, "bxa8Q!?"), false), "b7a8q");
  EXPECT_EQ(to_uci(*parse_san(pos, "b8=N"), false), "b7b8n");
  EXPECT_EQ(to_uci(*parse_san(pos, "Ra1b1"), false), "a1b1");  // more than it needs
  EXPECT_EQ(to_uci(*parse_san(pos, "Kf1"), false), "e1f1");
  EXPECT_FALSE(parse_san(pos, "b8").ok());  // a promotion needs its piece
  const Position rooks = *Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
  EXPECT_FALSE(parse_san(rooks, "Rd1").ok());  // either rook: ambiguous
  EXPECT_EQ(to_uci(*parse_san(rooks, "Rhd1"), false), "h1d1");
  EXPECT_FALSE(parse_san(pos, "Nf3").ok());  // no knight
  EXPECT_FALSE(parse_san(pos, "Ri9").ok());  // no such square
  EXPECT_FALSE(parse_san(pos, "").ok());
  EXPECT_FALSE(parse_san(pos, "+").ok());
  EXPECT_FALSE(parse_san(pos, "Rzza1").ok());  // not SAN
}

}  // namespace
}  // namespace riposte::testing
