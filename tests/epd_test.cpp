// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/epd.h"

#include <string>

#include "gtest/gtest.h"

namespace riposte::testing {
namespace {

using Operations = std::vector<std::pair<std::string, std::string>>;

TEST(Epd, PerftSuiteLineKeepsItsCountersAndDepths) {
  const auto r = parse_epd_line(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\r\n");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(r->operations, (Operations{{"D1", "20"}, {"D2", "400"}, {"D3", "8902"}}));
}

TEST(Epd, BookLineGetsCountersAndQuotedSemicolonsStayInTheirOperand) {
  const auto r = parse_epd_line(
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - bm Nf3; id \"open.001\"; "
      "c0 \"a;b\";");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(r->operations, (Operations{{"bm", "Nf3"}, {"id", "\"open.001\""}, {"c0", "\"a;b\""}}));
  const auto bare = parse_epd_line("4k3/8/8/8/8/8/4P3/4K3 b - -");
  ASSERT_TRUE(bare.ok());
  EXPECT_EQ(bare->fen, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
  EXPECT_TRUE(bare->operations.empty());
}

TEST(Epd, BlankAndCommentLinesAreNotFoundAndBadPositionsSayWhy) {
  EXPECT_TRUE(absl::IsNotFound(parse_epd_line("").status()));
  EXPECT_TRUE(absl::IsNotFound(parse_epd_line("   \t\n").status()));
  EXPECT_TRUE(absl::IsNotFound(parse_epd_line("# openings, 2024").status()));
  const auto three = parse_epd_line("4k3/8/8/8/8/8/4P3/4K3 w -");
  ASSERT_FALSE(three.ok());
  EXPECT_EQ(three.status().message(), "expected a position of at least 4 fields, got 3");
  const auto no_king = parse_epd_line("8/8/8/8/8/8/4P3/4K3 w - - bm e4;");
  ASSERT_FALSE(no_king.ok());
  EXPECT_EQ(no_king.status().message(), "bad FEN: expected one black king, found 0");
}

// Found by fuzz_epd: a quote left open swallowed the semicolon after it, and the operation's
// whole text, separators and all, became its opcode.
TEST(Epd, AnOpcodeEndsAtABlankOrAQuoteAndAnOperationNeedsOne) {
  const std::string board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - ";
  const auto open_quote = parse_epd_line(board + "bm Nf3; id \"x \"a;b\";");
  ASSERT_TRUE(open_quote.ok()) << open_quote.status();
  EXPECT_EQ(open_quote->operations, (Operations{{"bm", "Nf3"}, {"id", "\"x \"a"}, {"b", "\";"}}));
  const auto glued = parse_epd_line(board + "c0\"text\";");
  ASSERT_TRUE(glued.ok()) << glued.status();
  EXPECT_EQ(glued->operations, (Operations{{"c0", "\"text\""}}));
  const auto none = parse_epd_line(board + "bm Nf3; \"a;b\";");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().message(), "an EPD operation without an opcode: \"a;b\"");
}

}  // namespace
}  // namespace riposte::testing
