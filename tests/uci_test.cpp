// SPDX-License-Identifier: GPL-3.0-or-later
// UCI transcripts: commands in, exact lines out, driven through the engine's command loop.
#include "engine/uci.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/bench.h"
#include "gtest/gtest.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"
#include "search/params.h"
#include "tests/uci_transcript.h"

namespace riposte::testing {
namespace {

int count_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
  return int(std::count_if(lines.begin(), lines.end(),
                           [&](const std::string& l) { return l.rfind(prefix, 0) == 0; }));
}

int index_of_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind(prefix, 0) == 0) return int(i);
  return -1;
}

TEST(Uci, HandshakeListsTheStandardOptions) {
  const auto lines = transcript("uci\nisready\nquit\n");
  const std::vector<std::string> expected = {
      "id name Riposte " RIPOSTE_VERSION,
      "id author the Riposte developers",
      "option name Hash type spin default 16 min 1 max 1048576",
      "option name Threads type spin default 1 min 1 max 1024",
      "option name Clear Hash type button",
      "option name Move Overhead type spin default 10 min 0 max 5000",
      "option name MultiPV type spin default 1 min 1 max 256",
      "option name Ponder type check default false",
      "option name UCI_Chess960 type check default false",
      "option name UCI_ShowWDL type check default false",
      "option name UCI_LimitStrength type check default false",
      "option name UCI_Elo type spin default 1320 min 1320 max 2600",
      "option name SyzygyPath type string default <empty>",
      "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
      "option name Syzygy50MoveRule type check default true",
      "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
      "uciok",
      "readyok"};
  auto listed = lines;
#ifdef RIPOSTE_TUNING
  // Tuning builds list the search and evaluation parameters, as spin options, after these.
  ASSERT_GT(listed.size(), expected.size());
  const auto tuned = listed.begin() + std::ptrdiff_t(expected.size() - 2),
             tuned_end = listed.end() - 2;
  for (auto it = tuned; it != tuned_end; ++it)
    EXPECT_TRUE(it->rfind("option name ", 0) == 0 &&
                it->find(" type spin default ") != std::string::npos)
        << *it;
  listed.erase(tuned, tuned_end);
#endif
  EXPECT_EQ(listed, expected);
}

TEST(Uci, DevelopmentSwitchesAreListedOnlyOnRequest) {
  std::ostringstream out;
  {
    Uci uci(out, true);
    uci.execute("uci");
  }
  EXPECT_NE(out.str().find("option name DevKillers type check default true"), std::string::npos);
  EXPECT_NE(out.str().find("option name DevBaselineOrdering type check default false"),
            std::string::npos);
}

TEST(Uci, AnEngineMadeWithAnotherHashDefaultListsItAndKeepsTheBounds) {
  for (const auto& [asked, listed] : {std::pair{1, 1}, {0, 1}, {64, 64}}) {
    std::ostringstream out;
    {
      Uci uci(out, false, asked);
      uci.execute("uci");
    }
    EXPECT_NE(out.str().find(absl::StrCat("option name Hash type spin default ", listed,
                                          " min 1 max 1048576\n")),
              std::string::npos)
        << asked;
  }
}

TEST(Uci, GoDepthGivesInfoThenExactlyOneLegalBestmove) {
  const auto lines = transcript("position startpos moves e2e4\ngo depth 5\nisready\n");
  EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
  const int best = index_of_prefix(lines, "bestmove ");
  ASSERT_GT(best, 0);
  EXPECT_EQ(lines[best - 1].rfind("info depth 5 seldepth ", 0), 0u) << lines[best - 1];
  EXPECT_NE(lines[best - 1].find(" score cp "), std::string::npos);
  // The last PV starts with the best move.
  const std::string move = lines[best].substr(9, 4);
  EXPECT_NE(lines[best - 1].find(" pv " + move), std::string::npos);
  EXPECT_EQ(lines.back(), "readyok");
}

// A search that only a later command ends: `isready` meanwhile must be answered at once, before
// the one bestmove.
struct OpenSearch {
  const char* name;
  const char* commands;
  const char* last_line_prefix;
  const char* why;
};

void PrintTo(const OpenSearch& c, std::ostream* os) { *os << c.name; }

class UciOpenSearch : public ::testing::TestWithParam<OpenSearch> {};

TEST_P(UciOpenSearch, ReadyokComesBeforeTheOnlyBestmove) {
  const OpenSearch& c = GetParam();
  const auto lines = transcript(c.commands);
  const int ready = index_of_prefix(lines, "readyok");
  const int best = index_of_prefix(lines, "bestmove ");
  ASSERT_GE(ready, 0);
  ASSERT_GE(best, 0);
  EXPECT_LT(ready, best) << c.why;
  EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
  EXPECT_TRUE(absl::StartsWith(lines.back(), c.last_line_prefix)) << lines.back();
}

INSTANTIATE_TEST_SUITE_P(
    Transcripts, UciOpenSearch,
    ::testing::Values(OpenSearch{"InfiniteUntilStop",
                                 "position startpos\ngo infinite\n#sleep 100\nisready\n"
                                 "#sleep 50\nstop\n#wait\nisready\n",
                                 "readyok", "readyok must come while the search runs"},
                      // With 1 s on the clock a normal search would be over long before the
                      // 300 ms sleep.
                      OpenSearch{"PonderUntilPonderhit",
                                 "position startpos\ngo ponder wtime 1000 btime 1000\n#sleep 300\n"
                                 "isready\nponderhit\n#wait\n",
                                 "bestmove ", "no bestmove before ponderhit"}),
    [](const ::testing::TestParamInfo<OpenSearch>& info) { return std::string(info.param.name); });

TEST(Uci, GoDuringAnInfiniteSearchEndsItFirst) {
  // Out of protocol, but it must not hang: each go still gets exactly one bestmove.
  const auto lines = transcript(
      "position startpos\ngo infinite\n#sleep 30\ngo depth 3\n"
      "go ponder\n#sleep 30\ngo perft 1\nisready\n");
  EXPECT_EQ(count_prefix(lines, "bestmove "), 3);
  EXPECT_EQ(lines.back(), "readyok");
}

TEST(Uci, QuitDuringASearchStillAnswersOnce) {
  const auto lines = transcript("position startpos\ngo infinite\n#sleep 50\nquit\nisready\n");
  EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
  EXPECT_EQ(count_prefix(lines, "readyok"), 0) << "nothing runs after quit";
}

TEST(Uci, NoLegalMoveGivesNullBestmove) {
  const auto mated = transcript("position fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1\ngo depth 3\n");
  EXPECT_EQ(mated, (std::vector<std::string>{"info depth 0 score mate 0", "bestmove 0000"}));
  const auto stalemate = transcript("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo wtime 100\n");
  EXPECT_EQ(stalemate, (std::vector<std::string>{"info depth 0 score cp 0", "bestmove 0000"}));
}

TEST(Uci, MateScoreInMoves) {
  const auto lines = transcript(
      "position fen 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1\n"
      "go mate 2\n");
  const int best = index_of_prefix(lines, "bestmove ");
  ASSERT_GT(best, 0);
  EXPECT_NE(lines[best - 1].find(" score mate 2 "), std::string::npos) << lines[best - 1];
  EXPECT_EQ(lines[best].rfind("bestmove g3g6", 0), 0u) << lines[best];
}

TEST(Uci, MultiPvReportsEachLine) {
  const auto lines = transcript("setoption name MultiPV value 3\nposition startpos\ngo depth 4\n");
  for (const char* k : {" multipv 1 ", " multipv 2 ", " multipv 3 "})
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
      return l.rfind("info depth 4 ", 0) == 0 && l.find(k) != std::string::npos;
    })) << k;
}

TEST(Uci, SearchmovesRestrictsTheRoot) {
  const auto lines = transcript("position startpos\ngo depth 4 searchmoves a2a3 h2h3\n");
  const int best = index_of_prefix(lines, "bestmove ");
  ASSERT_GE(best, 0);
  const std::string move = lines[best].substr(9, 4);
  EXPECT_TRUE(move == "a2a3" || move == "h2h3") << lines[best];
}

TEST(Uci, Chess960CastlingIsKingTakesRook) {
  const auto lines = transcript(
      "setoption name UCI_Chess960 value true\n"
      "position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n"
      "go depth 2 searchmoves e1h1\n");
  EXPECT_EQ(lines.back().rfind("bestmove e1h1", 0), 0u) << lines.back();
}

TEST(Uci, NodeLimitAndBadGoParameters) {
  const auto lines = transcript("position startpos\ngo nodes 2000 wtime abc\nisready\n");
  EXPECT_EQ(lines[0], "info string error: go wtime needs a number; ignored");
  EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
  EXPECT_EQ(lines.back(), "readyok");
}

TEST(Uci, OptionErrorsKeepTheEngineWorking) {
  const auto lines = transcript(
      "setoption name Hash value 0\n"
      "setoption name Threads value many\n"
      "setoption name NoSuchOption value 1\n"
      "setoption name hash value 32\n"  // names are case-insensitive
      "setoption name Ponder value maybe\n"
      "setoption name Clear Hash\n"
      "setoption name Hash value 1048576\n"  // 1 TB: refused by the allocator here
      "isready\n"
      "position startpos\ngo depth 3\n");
  EXPECT_EQ(lines[0],
            "info string error: option 'Hash' takes an integer from 1 to 1048576, got '0'");
  EXPECT_EQ(lines[1],
            "info string error: option 'Threads' takes an integer from 1 to 1024, got 'many'");
  EXPECT_EQ(lines[2], "info string error: no such option 'NoSuchOption'");
  EXPECT_EQ(lines[3], "info string error: option 'Ponder' takes true or false, got 'maybe'");
  EXPECT_EQ(lines[4].rfind("info string error: could not allocate 1048576 MB", 0), 0u) << lines[4];
  EXPECT_EQ(lines[5], "readyok");
  EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
}

TEST(Uci, BenchIsDeterministicAndEndsInOpenBenchFormat) {
  const auto a = transcript("bench 4\n");
  const auto b = transcript("bench 4\n");
  ASSERT_FALSE(a.empty());
  const std::string& last = a.back();
  const std::size_t nodes_at = last.find(" nodes ");
  ASSERT_NE(nodes_at, std::string::npos) << last;
  EXPECT_EQ(last.substr(last.size() - 4), " nps");
  EXPECT_EQ(last.substr(0, nodes_at), b.back().substr(0, b.back().find(" nodes ")));
  EXPECT_EQ(count_prefix(a, "bench "), 50);
}

TEST(Uci, BenchReadsPositionsFromAFenOrEpdFile) {
  const std::string dir = ::testing::TempDir();
  const std::string good = dir + "/riposte-bench-good.epd", bad = dir + "/riposte-bench-bad.epd";
  {
    std::ofstream f(good);
    f << "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5;\n\n"
      << "8/8/4k3/8/8/4K3/4P3/8 w - - 3 60\n";
    std::ofstream g(bad);
    g << "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1\nnot a position\n";
  }
  const auto lines = transcript("bench 3 1 16 " + good + "\nbench 3 1 16 " + bad +
                                "\nbench 3 1 16 " + dir + "/no-such-file.epd\nbench 3 1 16 a b\n");
  EXPECT_EQ(count_prefix(lines, "bench "), 2);
  EXPECT_NE(std::find_if(lines.begin(), lines.end(),
                         [](const std::string& l) {
                           return l.rfind("bench 1/2 ", 0) == 0 &&
                                  l.find("2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1") !=
                                      std::string::npos;
                         }),
            lines.end());
  EXPECT_NE(std::find_if(lines.begin(), lines.end(),
                         [](const std::string& l) {
                           return l.rfind("bench 2/2 ", 0) == 0 &&
                                  l.find("4P3/8 w - - 3 60") != std::string::npos;
                         }),
            lines.end());
  std::vector<std::string> errors;
  for (const std::string& l : lines)
    if (l.rfind("info string error: ", 0) == 0) errors.push_back(l);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].rfind("info string error: " + bad + ":2: ", 0), 0u) << errors[0];
  EXPECT_EQ(errors[1], "info string error: cannot read " + dir + "/no-such-file.epd");
  EXPECT_EQ(errors[2],
            "info string error: usage: bench [depth] [threads] [hash MB] [FEN or EPD file]");
}

TEST(Uci, EvalEndsWithFinalEvaluation) {
  const auto lines = transcript("position startpos\neval\n");
  ASSERT_FALSE(lines.empty());
  // The same number the search uses, from White's side (White is to move here).
  const int expected = eval::evaluate(Position::start_position());
  EXPECT_EQ(lines.back(), "Final evaluation: " + std::to_string(expected) + " (white side)");
  const auto black = transcript("position startpos moves e2e4\neval\n");
  const Position after_e4 =
      *Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(black.back(),
            "Final evaluation: " + std::to_string(-eval::evaluate(after_e4)) + " (white side)");
}

TEST(Uci, GoPerftPrintsStockfishFormat) {
  const auto lines = transcript("position startpos moves e2e4\ngo perft 2\n");
  ASSERT_EQ(lines.size(), 21u);  // 20 root moves, then the total (the blank line is skipped)
  EXPECT_EQ(lines[20], "Nodes searched: 600");
  // Counts as Stockfish 15.1 prints them for the same position.
  EXPECT_NE(std::find(lines.begin(), lines.end(), "e7e5: 29"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "f7f5: 31"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "g8f6: 30"), lines.end());
}

TEST(Uci, DisplayPrintsFenAndKey) {
  const auto lines = transcript("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1\nd\n");
  bool fen = false, key = false;
  for (const std::string& l : lines) {
    fen |= l == "Fen: 4k3/8/8/8/8/8/8/5RK1 b - - 1 1";
    key |= l.rfind("Key: ", 0) == 0 && l.size() == 21;
  }
  EXPECT_TRUE(fen);
  EXPECT_TRUE(key);
}

TEST(Uci, BadFenKeepsThePreviousPosition) {
  const auto lines = transcript(
      "position startpos moves e2e4\n"
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0\n"  // fine: 5 fields
      "position fen 8/8/8 w - - 0 1\n"
      "go perft 1\n");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "info string error: bad FEN: the board has 3 ranks, expected 8");
  EXPECT_EQ(lines.back(), "Nodes searched: 20");  // the 5-field FEN is the position now
}

TEST(Uci, IllegalMoveKeepsThePreviousPosition) {
  const auto lines = transcript(
      "position startpos moves e2e4\n"
      "position startpos moves e2e4 e7e5 e1e3\n"
      "go perft 1\n");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("info string error: illegal move 'e1e3'", 0), 0u) << lines[0];
  EXPECT_EQ(lines.back(), "Nodes searched: 20");  // still after 1. e4: black has 20 moves
}

TEST(Uci, UnknownCommandAndEmptyMovesAreHandled) {
  const auto lines = transcript("bogus command\nposition startpos moves\nisready\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "info string error: unknown command 'bogus command'");
  EXPECT_EQ(lines[1], "readyok");
}

// Plays every `info ... pv` line of the transcript from `fen`; returns the first line with an
// illegal move (a move after mate is illegal too), or "" when all of them are legal.
std::string first_illegal_pv(const std::vector<std::string>& lines, const std::string& fen) {
  for (const std::string& line : lines) {
    const std::size_t at = line.find(" pv ");
    if (line.rfind("info ", 0) != 0 || at == std::string::npos) continue;
    Position pos = *Position::from_fen(fen);
    for (const absl::string_view text : absl::StrSplit(line.substr(at + 4), ' ')) {
      const absl::StatusOr<Move> m = parse_uci_move(pos, std::string(text));
      if (!m.ok()) return line;
      pos.do_move(*m);
    }
  }
  return "";
}

TEST(Uci, PvStopsAtMate) {
  // From a game: a move that raised alpha in a zero-window search (beta narrowed by mate distance
  // pruning) used to inherit a sibling's line, so the PV went on past the mate with "g7g8".
  // (Depth 3: at depth 2 reverse futility in the child can stand on the huge king-danger score
  // and stop short of the mate.)
  const std::string fen = "4Q3/8/3Q1k2/2p5/8/6K1/6P1/8 b - - 2 77";
  const auto lines = transcript("position fen " + fen + "\ngo depth 3\n");
  const int three = index_of_prefix(lines, "info depth 3 ");
  ASSERT_GE(three, 0);
  EXPECT_NE(lines[three].find(" score mate -1 "), std::string::npos) << lines[three];
  EXPECT_TRUE(absl::EndsWith(lines[three], " pv f6g7 d6g6")) << lines[three];
  EXPECT_EQ(first_illegal_pv(lines, fen), "");
}

TEST(Uci, EveryPvIsLegalInMatingPositions) {
  // Positions with forced mates on the board, where stale PV tails used to show up.
  for (const std::string fen :
       {"4Q3/8/3Q1k2/2p5/8/6K1/6P1/8 b - - 2 77", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "8/8/8/8/8/4k3/8/R3K3 w Q - 0 1"}) {
    const auto lines = transcript("position fen " + fen + "\ngo depth 8\n");
    ASSERT_GE(count_prefix(lines, "bestmove "), 1) << fen;
    EXPECT_EQ(first_illegal_pv(lines, fen), "") << fen;
  }
}

TEST(Uci, PvsAndBestmoveAgreeInEveryBenchPosition) {
  // Singular extensions, ProbCut and the LMR re-searches all search a node more than once;
  // whatever they leave behind, every reported line must be legal and bestmove/ponder must be
  // the final PV's head. Once as released, once without the deeper continuation histories.
  for (const std::string& options :
       {std::string(), std::string("setoption name DevDeepContinuation value false\n")}) {
    for (const std::string& fen : bench_positions()) {
      const auto lines = transcript(options + "position fen " + fen + "\ngo depth 9\n");
      EXPECT_EQ(count_prefix(lines, "info string error"), 0) << "every switch exists";
      EXPECT_EQ(first_illegal_pv(lines, fen), "") << fen;
      const int best = index_of_prefix(lines, "bestmove ");
      ASSERT_GE(best, 1) << fen;
      const std::string& last_info = lines[best - 1];
      const std::size_t at = last_info.find(" pv ");
      ASSERT_NE(at, std::string::npos) << fen;
      const std::vector<std::string> pv = absl::StrSplit(last_info.substr(at + 4), ' ');
      const std::vector<std::string> answer = absl::StrSplit(lines[best], ' ');
      EXPECT_EQ(answer[1], pv[0]) << fen;
      if (pv.size() > 1 && answer.size() == 4) {
        EXPECT_EQ(answer[3], pv[1]) << fen;
      }
    }
  }
}

TEST(Uci, SpsaPrintsOneOpenBenchLinePerParameterOnlyInTheTuningBuild) {
  const auto lines = transcript("spsa\n");
  if constexpr (!params::kTuning) {
    // The parameters are constants here: a table would promise a tuning that cannot happen.
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0],
              "info string spsa: this binary's search parameters are constants; build the "
              "tuning binary (make TUNING=1, or cmake --preset tuning) to tune them");
    return;
  }
  ASSERT_EQ(lines.size(), params::all().size());
  EXPECT_EQ(lines[0], absl::StrCat("AspirationDelta, int, ", params::AspirationDelta,
                                   ", 5, 50, 2.25, 0.002"));
  for (const std::string& l : lines) EXPECT_EQ(std::count(l.begin(), l.end(), ','), 6) << l;
}

// Runs setup commands, then times one `go` (and optional later commands) until bestmove.
struct TimedGo {
  std::int64_t ms = 0;
  std::vector<std::string> lines;
};

TimedGo timed_go(const std::string& setup, const std::string& go,
                 const std::vector<std::pair<int, std::string>>& later = {}) {
  std::ostringstream out;
  TimedGo result;
  {
    Uci uci(out);
    for (const absl::string_view line : absl::StrSplit(setup, '\n', absl::SkipEmpty()))
      uci.execute(std::string(line));
    uci.execute("isready");  // the TT is allocated and the threads are up before the clock
    const auto start = std::chrono::steady_clock::now();
    uci.execute(go);
    for (const auto& [sleep_ms, command] : later) {
      std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
      uci.execute(command);
    }
    uci.wait_for_search();
    result.ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - start)
                    .count();
  }
  result.lines = absl::StrSplit(out.str(), '\n', absl::SkipEmpty());
  return result;
}

std::string bestmove_of(const std::vector<std::string>& lines) {
  const int i = index_of_prefix(lines, "bestmove ");
  return i < 0 ? "" : std::vector<std::string>(absl::StrSplit(lines[i], ' '))[1];
}

bool is_legal(const std::string& fen, const std::string& move) {
  Position pos = *Position::from_fen(fen);
  return parse_uci_move(pos, move).ok();
}

const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// GCC names ASan and TSan with macros, Clang through __has_feature.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RIPOSTE_SANITIZED
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define RIPOSTE_SANITIZED
#endif
#endif
#ifdef RIPOSTE_SANITIZED
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// The latest an answer may come. ASan and TSan slow the engine several times over, so there
// the bound only catches a hang or a missed stop; the tight window is for plain builds.
constexpr std::int64_t latest(std::int64_t ms) { return kSanitized ? 10 * ms + 1000 : ms; }

TEST(UciTime, MovetimeIsUsedInFull) {
  // Move Overhead 10 (the default): 290 ms of search, whatever the position's stability.
  for (const std::string& fen :
       {kStart,
        std::string("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")}) {
    const TimedGo r = timed_go("position fen " + fen, "go movetime 300");
    EXPECT_GE(r.ms, 280) << fen;
    EXPECT_LE(r.ms, latest(320)) << fen;
    EXPECT_TRUE(is_legal(fen, bestmove_of(r.lines))) << fen;
  }
}

TEST(UciTime, EmptyOrNegativeClocksAnswerAtOnce) {
  for (const std::string go :
       {"go wtime 0 btime 0", "go wtime -1 btime 5000", "go wtime -250 btime -250 winc 0 binc 0",
        "go wtime 0 btime 0 movestogo 1", "go movetime 0", "go movetime -5"}) {
    const TimedGo r = timed_go("position startpos", go);
    EXPECT_LE(r.ms, latest(50)) << go;
    EXPECT_EQ(count_prefix(r.lines, "bestmove "), 1) << go;
    EXPECT_TRUE(is_legal(kStart, bestmove_of(r.lines))) << go;
  }
}

TEST(UciTime, ZeroOrNegativeLimitsGiveAShallowSearch) {
  for (const std::string go :
       {"go depth 0", "go depth -3", "go nodes 0", "go mate 0", "go mate -2"}) {
    const TimedGo r = timed_go("position startpos", go);
    EXPECT_LE(r.ms, latest(200)) << go;
    EXPECT_EQ(count_prefix(r.lines, "bestmove "), 1) << go;
    EXPECT_TRUE(is_legal(kStart, bestmove_of(r.lines))) << go;
  }
  // Depth 0 is searched as depth 1, exactly.
  const TimedGo r = timed_go("position startpos", "go depth 0");
  EXPECT_GE(count_prefix(r.lines, "info depth 1 "), 1);
  EXPECT_EQ(count_prefix(r.lines, "info depth 2 "), 0);
}

TEST(UciTime, ALoneLegalMoveIsPlayedAtOnce) {
  const std::string fen = "6kQ/8/6K1/8/8/8/8/8 b - - 0 1";  // only Kxh8
  const TimedGo r = timed_go("position fen " + fen, "go wtime 60000 btime 60000");
  EXPECT_LE(r.ms, latest(50));
  EXPECT_EQ(bestmove_of(r.lines), "g8h8");
}

TEST(UciTime, DepthAndNodeLimitsIgnoreTheClockWhenNoneIsGiven) {
  const TimedGo d = timed_go("position startpos", "go depth 7");
  EXPECT_GE(count_prefix(d.lines, "info depth 7 "), 1);
  EXPECT_EQ(count_prefix(d.lines, "info depth 8 "), 0);
  // A node limit is reached in full: the last report counts at least that many nodes.
  const TimedGo n = timed_go("position startpos", "go nodes 300000");
  const int best = index_of_prefix(n.lines, "bestmove ");
  ASSERT_GE(best, 1);
  const std::vector<std::string> words = absl::StrSplit(n.lines[best - 1], ' ');
  const auto at = std::find(words.begin(), words.end(), "nodes");
  ASSERT_NE(at, words.end());
  std::uint64_t nodes = 0;
  ASSERT_TRUE(absl::SimpleAtoi(*(at + 1), &nodes));
  EXPECT_GE(nodes, 300000u);
  EXPECT_LE(nodes, 300000u + 2000u);
}

TEST(UciTime, PonderhitAfterTheBudgetIsSpentStopsAtOnce) {
  // 2 s on the clock plans well under 300 ms; after 400 ms of pondering the time already spent
  // counts, so ponderhit gets the move at once instead of a fresh budget.
  const TimedGo r = timed_go("setoption name Ponder value true\nposition startpos",
                             "go ponder wtime 2000 btime 2000", {{400, "ponderhit"}});
  EXPECT_GE(r.ms, 400);
  EXPECT_LE(r.ms, latest(460));
  EXPECT_EQ(count_prefix(r.lines, "bestmove "), 1);
  EXPECT_TRUE(is_legal(kStart, bestmove_of(r.lines)));
}

TEST(UciTime, StopDuringPonderStillAnswersOnce) {
  const TimedGo r = timed_go("setoption name Ponder value true\nposition startpos",
                             "go ponder wtime 60000 btime 60000", {{50, "stop"}});
  EXPECT_LE(r.ms, latest(120));
  EXPECT_EQ(count_prefix(r.lines, "bestmove "), 1);
}

}  // namespace
}  // namespace riposte::testing
