// SPDX-License-Identifier: GPL-3.0-or-later
// Endgame rules against the 3- and 4-man Syzygy tables: the KPK bitbase on every position,
// the wrong rook pawn's draws and the lone king's losses wherever the rules claim them, and
// the scores the rules give.
#include "nnue-free-eval/endgame.h"

#include <cstdio>
#include <initializer_list>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>

#include "gtest/gtest.h"
#include "movegen/endgame_positions.h"
#include "movegen/movegen.h"
#include "nnue-free-eval/evaluate.h"
#include "search/syzygy.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

using eval::Verdict;

class Endgame : public ::testing::Test {
 protected:
  void SetUp() override {
    RIPOSTE_REQUIRE_SHARED_DATA("syzygy");
    ASSERT_TRUE(syzygy::load(data_path("syzygy")).ok());
  }
  void TearDown() override { ASSERT_TRUE(syzygy::load("").ok()); }
};

// The position with these pieces, or nullopt when two share a square or it is not legal.
std::optional<Position> make(std::initializer_list<std::pair<char, Square>> pieces, Color stm) {
  std::string board(64, '.');
  for (const auto& [letter, s] : pieces) {
    if (board[s] != '.') return std::nullopt;
    board[s] = letter;
  }
  const std::string fen = fen_placement(board) + (stm == WHITE ? " w - - 0 1" : " b - - 0 1");
  auto pos = Position::from_fen(fen);
  if (!pos.ok()) return std::nullopt;
  return *std::move(pos);
}

// The tables' result from White's view; cursed wins and blessed losses count as the 50-move
// rule makes them, draws.
Verdict table_verdict(const Position& pos) {
  const std::optional<syzygy::Wdl> wdl = syzygy::probe_wdl(pos);
  EXPECT_TRUE(wdl.has_value()) << pos.fen();
  const int v = int(wdl.value_or(syzygy::Wdl::kDraw)) * (pos.side_to_move() == WHITE ? 1 : -1);
  return v == 2 ? Verdict::kWhiteWins : v == -2 ? Verdict::kBlackWins : Verdict::kDraw;
}

bool no_legal_move(const Position& pos) { return MoveList<LEGAL>(pos).size() == 0; }

TEST_F(Endgame, KpkBitbaseAgreesWithTheTablesOnEveryPosition) {
  int positions = 0, wins = 0;
  for (Color stm : {WHITE, BLACK})
    for (Square wk = SQ_A1; wk <= SQ_H8; ++wk)
      for (Square bk = SQ_A1; bk <= SQ_H8; ++bk)
        for (Square p = SQ_A2; p <= SQ_H7; ++p) {
          const auto pos = make({{'K', wk}, {'k', bk}, {'P', p}}, stm);
          if (!pos || no_legal_move(*pos)) continue;
          const Verdict table = table_verdict(*pos);
          ASSERT_EQ(eval::endgame_verdict(*pos), table) << pos->fen();
          // Black holding the pawn: the same position seen from the other side.
          const Position flipped = pos->flipped();
          ASSERT_EQ(eval::endgame_verdict(flipped),
                    table == Verdict::kWhiteWins ? Verdict::kBlackWins : table)
              << flipped.fen();
          ++positions;
          wins += table == Verdict::kWhiteWins;
        }
  // Every legal KPK position with a move to make, and the known share of wins in it.
  EXPECT_GT(positions, 300000);
  EXPECT_GT(wins, positions / 2);
  EXPECT_LT(wins, positions * 4 / 5);
}

TEST_F(Endgame, WrongRookPawnDrawsAgreeWithTheTables) {
  int claims = 0, not_claimed = 0;
  for (Color stm : {WHITE, BLACK})
    for (Square bk : {SQ_A8, SQ_B8, SQ_A7, SQ_B7, SQ_H8, SQ_G8, SQ_H7, SQ_G7})
      for (Square wk = SQ_A1; wk <= SQ_H8; ++wk)
        for (Square b = SQ_A1; b <= SQ_H8; ++b)
          for (Rank r = RANK_2; r <= RANK_7; r = Rank(r + 1))
            for (File f : {FILE_A, FILE_H}) {
              const auto pos =
                  make({{'K', wk}, {'k', bk}, {'B', b}, {'P', make_square(f, r)}}, stm);
              if (!pos || no_legal_move(*pos)) continue;
              if (eval::endgame_verdict(*pos) != Verdict::kDraw) {
                ++not_claimed;
                continue;
              }
              ASSERT_EQ(table_verdict(*pos), Verdict::kDraw) << pos->fen();
              ASSERT_EQ(eval::endgame_rule(*pos), 0) << pos->fen();
              ++claims;
            }
  // Half the bishops are the right colour, and a king in the other corner is no defence.
  EXPECT_GT(claims, 50000);
  EXPECT_GT(not_claimed, claims);
}

TEST_F(Endgame, QueenOrRookAgainstALoneKingWinsWithTheMove) {
  std::mt19937 rng(31);
  std::uniform_int_distribution<int> square(0, 63);
  int claims = 0;
  // Every KQK and KRK position, and samples of the four-man endings with a spare piece.
  for (char heavy : {'Q', 'R'})
    for (Square wk = SQ_A1; wk <= SQ_H8; ++wk)
      for (Square bk = SQ_A1; bk <= SQ_H8; ++bk)
        for (Square h = SQ_A1; h <= SQ_H8; ++h) {
          const auto pos = make({{'K', wk}, {'k', bk}, {heavy, h}}, WHITE);
          if (!pos || no_legal_move(*pos)) continue;
          ASSERT_EQ(eval::endgame_verdict(*pos), Verdict::kWhiteWins) << pos->fen();
          ASSERT_EQ(table_verdict(*pos), Verdict::kWhiteWins) << pos->fen();
          ++claims;
        }
  for (char extra : {'Q', 'R', 'B', 'N', 'P'})
    for (char heavy : {'Q', 'R'})
      for (int i = 0; i < 20000; ++i) {
        const Square p = Square(square(rng));
        if (extra == 'P' && (rank_of(p) == RANK_1 || rank_of(p) == RANK_8)) continue;
        const auto pos = make({{'K', Square(square(rng))},
                               {'k', Square(square(rng))},
                               {heavy, Square(square(rng))},
                               {extra, p}},
                              WHITE);
        if (!pos || no_legal_move(*pos)) continue;
        ASSERT_EQ(eval::endgame_verdict(*pos), Verdict::kWhiteWins) << pos->fen();
        ASSERT_EQ(table_verdict(*pos), Verdict::kWhiteWins) << pos->fen();
        ASSERT_EQ(eval::endgame_verdict(pos->flipped()), Verdict::kBlackWins) << pos->fen();
        ++claims;
      }
  EXPECT_GT(claims, 2 * 20000 + 5 * 2 * 10000);
  // With the lone king to move nothing is claimed: it may take the piece or be stalemated.
  EXPECT_EQ(eval::endgame_verdict(*Position::from_fen("8/8/8/8/8/8/1q6/K6k w - - 0 1")),
            std::nullopt);
}

// The share of random positions of one material, either side to move, where the evaluation
// calls the result the tables give: a win beyond +-200 cp, a draw within.
double agreement(std::string_view white, std::string_view black, int samples) {
  std::mt19937 rng(977);
  int agree = 0;
  for (int i = 0; i < samples; ++i) {
    const Position pos = random_endgame(rng, white, black, {i % 2 ? BLACK : WHITE});
    const int v = eval::evaluate(pos) * (pos.side_to_move() == WHITE ? 1 : -1);
    const Verdict ours = v >= 200    ? Verdict::kWhiteWins
                         : v <= -200 ? Verdict::kBlackWins
                                     : Verdict::kDraw;
    agree += ours == table_verdict(pos);
  }
  return double(agree) / samples;
}

TEST_F(Endgame, SpecialisedEndingsAgreeWithTheTables) {
  // Each rate is a little under what the rules reach; in brackets the rate of the weights
  // alone, before the rules. The rest are tactics a static score cannot see.
  const struct {
    std::string_view white, black;
    double at_least;
  } cases[] = {
      {"KNN", "K", 0.99},  // two knights cannot force mate (0.015)
      {"KQ", "KR", 0.80},  // the queen wins; the weights saw two pawns at most (0.604)
      {"KQ", "KP", 0.89},  // the rook- and bishop-pawn stalemate defence (0.896)
      {"KR", "KP", 0.82},  // who wins the race (0.751)
  };
  for (const auto& c : cases) {
    const double rate = agreement(c.white, c.black, 4000);
    std::printf("%s vs %s: %.3f\n", std::string(c.white).c_str(), std::string(c.black).c_str(),
                rate);
    EXPECT_GE(rate, c.at_least) << c.white << " vs " << c.black;
  }
}

TEST(EndgameRule, BishopPawnAgainstKnightHeldByTheKingInFront) {
  eval::init();
  // The defending king on the pawn's path, on a square of the other colour: scaled to a draw.
  // The same pawn with the king beside the path is a normal, winning score.
  const int held = eval::evaluate(*Position::from_fen("3k4/8/8/3P4/8/3B4/8/4K1n1 w - - 0 1"));
  const int aside = eval::evaluate(*Position::from_fen("7k/8/8/3P4/8/3B4/8/4K1n1 w - - 0 1"));
  EXPECT_LT(std::abs(held), 40);
  EXPECT_GT(aside, held + 60);
}

TEST(EndgameRule, LoneKingIsDrivenToTheEdgeAndPromotionPays) {
  eval::init();
  // The same material: the weak king at the edge and the kings close score higher.
  const int centre = *eval::endgame_rule(*Position::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"));
  const int edge = *eval::endgame_rule(*Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
  const int close = *eval::endgame_rule(*Position::from_fen("4k3/8/4K3/8/8/8/8/R7 w - - 0 1"));
  EXPECT_GT(centre, 900);
  EXPECT_GT(edge, centre);
  EXPECT_GT(close, edge);
  // A queen is worth more than a rook, and a won KPK less than either; Black's win is negative.
  EXPECT_GT(*eval::endgame_rule(*Position::from_fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1")), edge);
  const int kpk = *eval::endgame_rule(*Position::from_fen("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"));
  EXPECT_GT(kpk, 500);
  EXPECT_LT(kpk, centre);
  EXPECT_EQ(*eval::endgame_rule(*Position::from_fen("8/8/8/8/4p3/4k3/8/4K3 b - - 0 1")), -kpk);
  // A drawn KPK (the pawn on the sixth with its king behind it, White to move) scores 0.
  EXPECT_EQ(*eval::endgame_rule(*Position::from_fen("4k3/8/4P3/4K3/8/8/8/8 w - - 0 1")), 0);
  // The evaluation reports the rule from the side to move's view.
  EXPECT_EQ(eval::evaluate(*Position::from_fen("8/8/8/8/4p3/4k3/8/4K3 b - - 0 1")), kpk);
  // Material no rule covers goes to the weights.
  EXPECT_EQ(eval::endgame_rule(*Position::from_fen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")),
            std::nullopt);
}

}  // namespace
}  // namespace riposte::testing
