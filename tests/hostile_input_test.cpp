// SPDX-License-Identifier: GPL-3.0-or-later
// What a broken GUI or script sends: after each case the engine still answers `isready`, holds
// the last good position (or the new one, when the input was valid after all) and plays a legal
// move from it. No timing is asserted.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "tests/uci_transcript.h"

namespace riposte::testing {
namespace {

constexpr const char* kLastGood =
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
constexpr const char* kAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

struct HostileCase {
  const char* name;
  std::vector<std::string> lines;
  std::string position = kLastGood;  // the position the engine must hold afterwards
  std::string must_print = "";       // a line that must start with this, when not empty
};

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// Knights out and back: four legal plies that lead to the start position again.
std::string knight_shuffle(int cycles) { return repeat(" g1f3 g8f6 f3g1 f6g8", cycles); }

constexpr const char* kError = "info string error: ";

std::vector<HostileCase> cases() {
  const std::string fool = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
  return {
      {"MegabyteOfLetters", {std::string(1 << 20, 'a')}, kLastGood, kError},
      {"MegabyteOfLegalMoves",
       {"position startpos moves" + knight_shuffle(50000)},
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 200000 100001"},
      {"MegabyteOfGarbageMoves",
       {"position startpos moves" + repeat(" zz99", 200000)},
       kLastGood,
       kError},
      {"NulInsideACommand", {std::string("isr\0eady", 8)}, kLastGood, kError},
      {"ControlBytes", {"\x01\x02\x1b[A\x7f"}, kLastGood, kError},
      {"NulInsideAMove",
       {std::string("position startpos moves e2e4\0e7e5", 33)},
       kLastGood,
       kError},
      {"ThreeKings", {"position fen 4k3/8/8/8/8/8/8/K3K3 w - - 0 1"}, kLastGood, kError},
      {"NoWhiteKing", {"position fen 4k3/8/8/8/8/8/8/8 w - - 0 1"}, kLastGood, kError},
      {"KingsSideBySide", {"position fen 8/8/8/8/8/8/3k4/4K3 w - - 0 1"}, kLastGood, kError},
      {"PawnOnTheLastRank", {"position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1"}, kLastGood, kError},
      {"PawnOnTheFirstRank", {"position fen 4k3/8/8/8/8/8/8/p3K3 w - - 0 1"}, kLastGood, kError},
      {"SideNotToMoveInCheck", {"position fen 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"}, kLastGood, kError},
      {"CastlingRightsWithoutRooks",
       {"position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"},
       kLastGood,
       kError},
      {"ImpossibleEnPassantSquare",
       {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"},
       kLastGood,
       kError},
      {"MoveCountersPast32Bits",
       {"position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 99999999999"},
       kLastGood,
       kError},
      {"NegativeMoveCounters",
       {"position fen 4k3/8/8/8/8/8/4P3/4K3 w - - -5 -3"},
       kLastGood,
       kError},
      {"NineRanks", {"position fen 8/8/8/8/8/8/8/8/8 w - - 0 1"}, kLastGood, kError},
      {"NineFiles", {"position fen 4k4/8/8/8/8/8/8/4K3 w - - 0 1"}, kLastGood, kError},
      {"UnknownPieceLetter", {"position fen 4k3/8/8/8/3X4/8/8/4K3 w - - 0 1"}, kLastGood, kError},
      {"BadSideToMove", {"position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1"}, kLastGood, kError},
      {"EmptyFen", {"position fen"}, kLastGood, kError},
      {"FenThenMovesOnly", {"position fen moves e2e4"}, kLastGood, kError},
      {"PositionAlone", {"position"}, kLastGood, kError},
      {"PositionWithMovesOnly", {"position moves e2e4"}, kLastGood, kError},
      {"StartposThenGarbage", {"position startpos garbage"}, kLastGood, kError},
      {"IllegalMoveInTheList", {"position startpos moves e2e4 e7e5 e1e3"}, kLastGood, kError},
      {"HalfAMove", {"position startpos moves e2"}, kLastGood, kError},
      {"TwoMovesGluedTogether", {"position startpos moves e2e4e7e5"}, kLastGood, kError},
      {"PromotionThatIsNoPawnMove", {"position startpos moves e2e4 e7e5 g1f3q"}, kLastGood, kError},
      {"NullMoveInTheList", {"position startpos moves e2e4 0000"}, kLastGood, kError},
      {"MoveAfterMate", {"position fen " + fool + " moves a2a3"}, kLastGood, kError},
      {"TwoPositionCommandsOnOneLine",
       {"position startpos moves e2e4 position startpos"},
       kLastGood,
       kError},
      {"SixHundredPlyGame",
       {"position startpos moves" + knight_shuffle(150)},
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 600 301"},
      {"CarriageReturns", {"isready\r", "position startpos moves e2e4\r"}, kAfterE4},
      {"BlankLines", {"", "   ", "\t\t", "\r"}},
      {"UppercaseCommands", {"ISREADY", "POSITION STARTPOS"}, kLastGood, kError},
      {"NearlyQuit", {"quitx", "quit-"}, kLastGood, kError},
      {"GoTwiceWithoutStop", {"go infinite", "#sleep 30", "go infinite", "#sleep 30", "stop"}},
      {"PositionDuringASearch",
       {"go infinite", "#sleep 30", "position startpos moves e2e4", "stop"},
       kAfterE4},
      {"UcinewgameDuringASearch", {"go infinite", "#sleep 30", "ucinewgame"}},
      {"HashDuringASearch",
       {"go infinite", "#sleep 30", "setoption name Hash value 1", "stop"},
       kLastGood,
       kError},
      {"ThreadsDuringASearch",
       {"go infinite", "#sleep 30", "setoption name Threads value 3", "stop"},
       kLastGood,
       kError},
      {"ClearHashDuringASearch",
       {"go infinite", "#sleep 30", "setoption name Clear Hash", "stop"},
       kLastGood,
       kError},
      {"StopAndPonderhitWithoutASearch", {"stop", "ponderhit", "stop"}},
      {"PonderhitDuringAnInfiniteSearch", {"go infinite", "#sleep 20", "ponderhit", "stop"}},
      {"SearchmovesOnlyIllegal", {"go depth 3 searchmoves e1e8 a1a8 zz"}, kLastGood, kError},
      {"SearchmovesEmpty", {"go depth 3 searchmoves"}},
      {"MultiPvAboveTheMoveCount", {"setoption name MultiPV value 256", "go depth 3"}},
      {"BadGoParameters",
       // Each with a limit it can meet: a `go` without one searches until `stop`.
       {"go depth nodes 2000", "go depth abc nodes 2000", "go nodes -5", "go wtime -100 btime -100",
        "go movetime x nodes 2000", "go mate 0", "go bogus 7 depth 2"},
       kLastGood,
       kError},
      {"PerftOutOfRange", {"go perft 0", "go perft 99", "go perft abc"}, kLastGood, kError},
      {"OptionsGivenText",
       {"setoption name Hash value lots", "setoption name Threads value many",
        "setoption name MultiPV value x", "setoption name Move Overhead value soon",
        "setoption name Ponder value maybe", "setoption name UCI_Chess960 value yes",
        "setoption name SyzygyProbeDepth value deep", "setoption name Syzygy50MoveRule value 1",
        "setoption name UCI_ShowWDL value 2", "setoption name UCI_LimitStrength value perhaps",
        "setoption name UCI_Elo value strong"},
       kLastGood,
       kError},
      {"OptionsNegative",
       {"setoption name Hash value -1", "setoption name Threads value -4",
        "setoption name MultiPV value -1", "setoption name Move Overhead value -100",
        "setoption name SyzygyProbeLimit value -3", "setoption name UCI_Elo value -1500"},
       kLastGood,
       kError},
      {"OptionsHuge",
       {"setoption name Hash value 99999999999999999999", "setoption name Threads value 2147483648",
        "setoption name MultiPV value 1000000000", "setoption name Move Overhead value 1e9",
        "setoption name UCI_Elo value 99999"},
       kLastGood,
       kError},
      {"SetoptionMalformed",
       {"setoption", "setoption name", "setoption value 3", "setoption name Hash value",
        "setoption name NoSuchThing value 1"},
       kLastGood,
       kError},
      {"MissingTablebasePath",
       {"setoption name SyzygyPath value /no/such/directory"},
       kLastGood,
       kError},
      {"HugeTablebasePath",
       {"setoption name SyzygyPath value /" + std::string(100000, 'x')},
       kLastGood,
       kError},
      {"TablebasesUnloaded", {"setoption name SyzygyPath value <empty>"}},
      {"DebugSwitches", {"debug on", "debug off", "debug"}},
  };
}

class HostileInput : public ::testing::TestWithParam<HostileCase> {};

TEST_P(HostileInput, EngineAnswersKeepsItsPositionAndPlaysALegalMove) {
  const HostileCase& c = GetParam();
  std::vector<std::string> lines = {std::string("position fen ") + kLastGood};
  lines.insert(lines.end(), c.lines.begin(), c.lines.end());
  for (const char* tail : {"isready", "d", "go depth 3"}) lines.push_back(tail);
  const std::vector<std::string> out = transcript(lines);

  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(std::find(out.begin(), out.end(), "readyok") != out.end());
  std::string fen;
  for (const std::string& l : out)
    if (absl::StartsWith(l, "Fen: ")) fen = l.substr(5);
  EXPECT_EQ(fen, c.position);
  // The last line answers the last `go`, with a move that is legal where the engine stands.
  ASSERT_TRUE(absl::StartsWith(out.back(), "bestmove ")) << out.back();
  const auto pos = Position::from_fen(c.position);
  ASSERT_TRUE(pos.ok());
  const std::string best = out.back().substr(9, out.back().find(' ', 9) - 9);
  EXPECT_TRUE(parse_uci_move(*pos, best).ok()) << best;
  if (!c.must_print.empty()) {
    EXPECT_TRUE(std::any_of(out.begin(), out.end(), [&](const std::string& l) {
      return absl::StartsWith(l, c.must_print);
    })) << c.name;
  }
  // Whatever came in, every line out is short and printable: a GUI reads it line by line.
  for (const std::string& l : out) {
    EXPECT_LE(l.size(), 4000u) << l.substr(0, 80);
    EXPECT_TRUE(std::all_of(l.begin(), l.end(), [](char ch) { return ch >= 0x20 && ch < 0x7f; }))
        << l.substr(0, 80);
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, HostileInput, ::testing::ValuesIn(cases()),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace riposte::testing
