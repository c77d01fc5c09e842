// SPDX-License-Identifier: GPL-3.0-or-later
#include "gtest/gtest.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

TEST(Fen, StartPositionRoundTrips) {
  const Position pos = Position::start_position();
  EXPECT_EQ(pos.fen(), kStartFen);
  EXPECT_EQ(pos.side_to_move(), WHITE);
  EXPECT_EQ(pos.castling_rights(), ANY_CASTLING);
  EXPECT_EQ(popcount(pos.pieces()), 32);
}

TEST(Fen, EverySuitePositionRoundTrips) {
  RIPOSTE_REQUIRE_SHARED_DATA("perft/perftsuite.epd");  // its counts assume the full suites
  const auto fens = all_suite_fens();
  ASSERT_GT(fens.size(), 1000u);
  for (const std::string& fen : fens) {
    // Shredder-FEN castling switches to Chess960 rules by itself where it must.
    auto pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.status();
    auto again = Position::from_fen(pos->fen(), pos->is_chess960());
    ASSERT_TRUE(again.ok()) << pos->fen();
    EXPECT_EQ(again->fen(), pos->fen());
    EXPECT_EQ(again->key(), pos->key());
  }
}

TEST(Fen, EverySuitePositionIsConsistentAfterEachLegalMoveAndItsUndo) {
  RIPOSTE_REQUIRE_SHARED_DATA("perft/perftsuite.epd");  // its counts assume the full suites
  const auto fens = all_suite_fens();
  std::size_t checked = 0;
  for (std::size_t i = 0; i < fens.size(); i += 7) {
    Position pos = *Position::from_fen(fens[i]);
    ASSERT_TRUE(pos.check_consistency().ok()) << fens[i] << ": " << pos.check_consistency();
    const std::string before = pos.fen();
    for (const ExtMove& m : MoveList<LEGAL>(pos)) {
      pos.do_move(m.move);
      ASSERT_TRUE(pos.check_consistency().ok())
          << fens[i] << " " << to_uci(m.move, pos.is_chess960()) << ": " << pos.check_consistency();
      pos.undo_move(m.move);
      ++checked;
    }
    ASSERT_TRUE(pos.check_consistency().ok()) << fens[i];
    EXPECT_EQ(pos.fen(), before);
  }
  EXPECT_GT(checked, 1000u);
}

// Counters that fit the parser's int but no game reaches are kept at a bound, so that making
// moves from the position cannot overflow them.
TEST(Fen, HugeCountersAreKeptAtABound) {
  Position pos = *Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 2147483647 2147483647");
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 1000 1048576");
  EXPECT_TRUE(pos.is_fifty_move_draw());
  pos.do_move(*parse_uci_move(pos, "e1d1"));
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/4P3/3K4 b - - 1001 1048576");
  EXPECT_TRUE(pos.check_consistency().ok());
}

TEST(Fen, PlacementFromLetters) {
  std::string board(64, '.');
  board[0] = 'K';   // a1
  board[12] = 'P';  // e2
  board[63] = 'k';  // h8
  board[62] = 'r';  // g8
  EXPECT_EQ(fen_placement(board), "6rk/8/8/8/8/8/4P3/K7");
  EXPECT_EQ(fen_placement(std::string(64, '.')), "8/8/8/8/8/8/8/8");
}

TEST(Fen, KeepsMeaningfulEnPassantAndDropsUselessOne) {
  const auto with_capture =
      Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  ASSERT_TRUE(with_capture.ok());
  EXPECT_EQ(with_capture->ep_square(), SQ_F6);
  EXPECT_EQ(with_capture->fen(), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  // No white pawn can take on e3's counterpart: the square is dropped, so keys match.
  const auto useless =
      Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  const auto plain =
      Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  ASSERT_TRUE(useless.ok() && plain.ok());
  EXPECT_EQ(useless->ep_square(), SQ_NONE);
  EXPECT_EQ(useless->key(), plain->key());
}

TEST(Fen, AcceptsMissingCountersAndExtraSpaces) {
  auto pos = Position::from_fen("  4k3/8/8/8/8/8/8/4K2R   w  K -  ");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(pos->fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R b - - 12 40\r\n");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(pos->rule50(), 12);
  EXPECT_EQ(pos->game_ply(), 79);
}

TEST(Fen, ShredderAndXFenCastling) {
  // Chess960 start array BBQNNRKR: rooks on f and h, king on g.
  auto shredder =
      Position::from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", true);
  auto xfen = Position::from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", true);
  ASSERT_TRUE(shredder.ok()) << shredder.status();
  ASSERT_TRUE(xfen.ok()) << xfen.status();
  EXPECT_EQ(shredder->key(), xfen->key());
  EXPECT_EQ(shredder->castling_rook_square(WHITE_OOO), SQ_F1);
  EXPECT_EQ(shredder->castling_rook_square(BLACK_OO), SQ_H8);
  EXPECT_EQ(xfen->fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
}

TEST(Fen, NonStandardCastlingSwitchesToChess960Rules) {
  auto pos = Position::from_fen("4k3/8/8/8/8/8/8/1R3K1R w HB - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_TRUE(pos->is_chess960());
  auto castle = parse_uci_move(*pos, "f1h1");
  ASSERT_TRUE(castle.ok()) << castle.status();
  EXPECT_EQ(castle->type(), CASTLING);
}

struct BadFen {
  const char* fen;
  const char* message_part;
};

// ctest names each instance after its printed parameter: the text, not the struct's bytes.
void PrintTo(const BadFen& c, std::ostream* os) { *os << "'" << c.fen << "': " << c.message_part; }

class FenErrors : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenErrors, AreRejectedWithAClearMessage) {
  const auto pos = Position::from_fen(GetParam().fen);
  ASSERT_FALSE(pos.ok()) << GetParam().fen;
  EXPECT_EQ(pos.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(std::string(pos.status().message()).find(GetParam().message_part), std::string::npos)
      << "got: " << pos.status().message();
}

INSTANTIATE_TEST_SUITE_P(
    AllClasses, FenErrors,
    ::testing::Values(
        BadFen{"", "expected 4 to 6 fields, got 0"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
               "expected 4 to 6 fields"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks, expected 8"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 ranks"},
        BadFen{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter 'x'"},
        BadFen{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '9'"},
        BadFen{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "rank 7 has more than 8 squares"},
        BadFen{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
               "expected one white king, found 2"},
        BadFen{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
               "expected one black king, found 0"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNP w Qkq - 0 1",
               "pawn stands on the first or eighth rank"},
        BadFen{"rnbqkbnr/pppppppp/8/8/P7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "more than 8 white pawns"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
               "side to move must be 'w' or 'b'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
               "bad castling character 'z'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
               "castling right 'K' but no rook stands there"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", "expected one white king"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", "found 0"},
        BadFen{"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", "king is not on its first rank"},
        BadFen{"4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", "castling right 'K' given twice"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
               "bad en-passant square 'e9'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "is on the wrong rank"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
               "has no pawn in front of it"},
        BadFen{"rnbqkbnr/ppp1pppp/3p4/3P4/8/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 1",
               "has no pawn in front of it"},
        BadFen{"rnbqkbnr/ppp2ppp/3p4/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 1",
               "or the square behind it is occupied"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
               "bad halfmove clock 'x'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1",
               "bad halfmove clock '-3'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", "bad move number 'y'"},
        BadFen{"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "side not to move is in check"},
        BadFen{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "side not to move is in check"},
        BadFen{"3k4/8/8/8/8/8/8/3KK3 w - - 0 1", "expected one white king, found 2"}));

}  // namespace
}  // namespace riposte::testing
