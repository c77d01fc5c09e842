// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/bench.h"

#include <algorithm>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/version.h"
#include "movegen/epd.h"
#include "movegen/notation.h"
#include "search/threads.h"

namespace riposte {

const std::vector<std::string>& bench_positions() {
  // The start position, 29 Strategic Test Suite middlegames, 10 Win-At-Chess tactics and 10
  // endgames.
  static const std::vector<std::string> positions = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - 0 1",
      "3r1bkr/2q3pp/1p1Npp2/pPn1P3/5B2/1P6/2P2PPP/R2QR1K1 w - - 0 1",
      "1b1r4/3rkp2/p3p2p/4q3/P5P1/2RBP3/P1Q4P/1R3K2 b - - 0 1",
      "4r1k1/R5p1/4b2p/1p2P3/7P/P1nP4/6PK/4R3 w - - 0 1",
      "1k2r2r/1bq2p2/pn4p1/3pP3/pbpN1P1p/4QN1B/1P4PP/2RR3K b - - 0 1",
      "5r1k/2p3q1/1p1npr2/pPn1N1pp/P1PN4/R4PPP/4Q1K1/3R4 w - - 0 1",
      "6k1/p2pp2p/bp4n1/q1r4R/1RP1P3/2P2B2/P2Q2P1/4K3 w - - 0 1",
      "r3r1k1/2q3p1/p2p1p2/3P2p1/n2B2P1/8/P1PQ3P/K2R1R2 b - - 0 1",
      "1b3rk1/5ppp/2p2rq1/1p1n4/3P2P1/1BPbBP2/1P1N2QP/R3R1K1 w - - 0 1",
      "4r1k1/p4p1p/1p2q1pB/1Q2Pn2/P3B2P/5P2/bR3P2/6K1 w - - 0 1",
      "1k1r1r2/p1p5/Bpnbb3/3p2pp/3P4/P1N1NPP1/1PP4P/2KR1R2 w - - 0 1",
      "5r2/4k3/2qpp2b/pN2p2n/P3PR1p/2P5/6PP/QB2R2K b - - 0 1",
      "1R3b2/r4pk1/2qpn1p1/P1p1p2p/2P1P2P/5PP1/6K1/1Q1BB3 w - - 0 1",
      "4r1k1/2R3p1/p4qnp/8/2P2p2/1Pn2Q2/5BPP/5N1K b - - 0 1",
      "1qr2k1r/pb3pp1/1b2p2p/3nP3/1p6/3B2QN/PP3PPP/R1BR2K1 b - - 0 1",
      "4rr1k/2q5/1pnn1b1p/p1p2b2/N1PppPp1/PP1P4/2QBPPBP/3R1RNK b - - 0 1",
      "1b2r1k1/1bqn1pp1/p1p4p/Pp2p3/1P2B3/2B1PN1P/5PP1/1Q1R2K1 b - - 0 1",
      "4rk2/2p1rpp1/pbn3bp/1p2P3/PP6/1BP2NNP/5PP1/2R1R1K1 w - - 0 1",
      "1b1qrr2/1p4pk/1np4p/p3Np1B/Pn1P4/R1N3B1/1Pb2PPP/2Q1R1K1 b - - 0 1",
      "3r4/5pk1/4rqp1/p2p4/Pb1Q3p/1Pp1P2P/2R1BPP1/3R2K1 b - - 0 1",
      "1k2r3/1p1bP3/2p2p1Q/Ppb5/4Rp1P/2q2N1P/5PB1/6K1 b - - 0 1",
      "4r1k1/2q1p3/2p2pp1/1p1b4/p7/P1Q3R1/1P3PP1/4R1K1 b - - 0 1",
      "1k1r4/4bp2/p1q1pnr1/6B1/NppP3P/6P1/1P3P2/2RQR1K1 w - - 0 1",
      "4r1k1/p5b1/P2p1pp1/q1pP3p/2Pn1BbP/2NP2P1/3Q2BK/1R6 w - - 0 1",
      "1k1r4/1p3p2/p1bq1p1p/4p3/3r1P1Q/P5P1/1PP1B2P/K2RR3 b - - 0 1",
      "4r1k1/1p1r1ppb/1qpp1n1p/p7/P1PRPN2/2Q2P2/1P4PP/1B1R2K1 b - - 0 1",
      "1k5r/1p1b4/4pp1r/3p4/q4PQ1/3B1R1P/2P1R1PK/8 w - - 0 1",
      "4b3/p2nP1k1/1r2R1p1/q1p5/2Br2P1/1P2QP2/P1P5/4R1K1 b - - 0 1",
      "rnb1r1k1/pp2bppp/2p2n2/8/1q1Q1B2/2N2NPP/PP2PPB1/R4RK1 w - - 0 1",
      "7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - 0 1",
      "3r4/2p1rk2/1pQq1pp1/7p/1P1P4/P4P2/6PP/R1R3K1 b - - 0 1",
      "1k1r2r1/ppq5/1bp4p/3pQ3/8/2P2N2/PP4P1/R4R1K b - - 0 1",
      "r1b4k/ppp2Bb1/6Pp/3pP3/1qnP1p1Q/8/PPP3P1/1K1R3R w - - 0 1",
      "r5r1/pQ5p/1qp2R2/2k1p3/4P3/2PP4/P1P3PP/6K1 w - - 0 1",
      "r1b1qN1k/1pp3p1/p2p3n/4p1B1/8/1BP4Q/PP3KPP/8 w - - 0 1",
      "r5r1/p1q2p1k/1p1R2pB/3pP3/6bQ/2p5/P1P1NPPP/6K1 w - - 0 1",
      "r2qr1k1/1b1nbppp/p3pn2/1p1pN3/3P1B2/2PB1N2/PP2QPPP/R4RK1 w - - 0 1",
      "6R1/4qp1p/ppr1n1pk/8/1P2P1QP/6N1/P4PP1/6K1 w - - 0 1",
      "r5k1/pp1RR1pp/1b6/6r1/2p5/B6P/P4qPK/3Q4 w - - 0 1",
      "8/8/1p1k4/p1p5/P1P2K2/1P6/8/8 w - - 0 1",
      "8/5pk1/6p1/8/5P2/6KP/8/3r4 w - - 0 1",
      "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
      "8/8/8/3k4/8/8/2KP4/8 w - - 0 1",
      "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
      "8/8/4kpp1/3p4/p6P/2B4b/6P1/6K1 b - - 0 1",
      "8/2k5/8/2P5/1K6/8/8/8 w - - 0 1",
      "6k1/6p1/8/6KQ/1r6/q2b4/8/8 w - - 0 1",
      "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
      "8/2k5/8/8/8/8/3RK3/8 w - - 0 1",
  };
  return positions;
}

absl::StatusOr<std::vector<std::string>> load_bench_positions(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::vector<std::string> positions;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    auto record = parse_epd_line(line);
    if (absl::IsNotFound(record.status())) continue;
    if (!record.ok())
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", number, ": ", record.status().message()));
    positions.push_back(std::move(record->fen));
  }
  if (positions.empty()) return absl::InvalidArgumentError(absl::StrCat(path, ": no positions"));
  return positions;
}

BenchResult run_bench(Output& out, int depth, int threads, int hash_mb,
                      const SearchOptions& uci_options, const std::vector<std::string>& positions) {
  // The bench measures the engine at full strength whatever UCI_LimitStrength says.
  SearchOptions options = uci_options;
  options.strength.enabled = false;
  TranspositionTable tt;
  ThreadPool pool(tt);
  if (absl::Status s = tt.resize(std::size_t(hash_mb), threads); !s.ok()) {
    out.line(absl::StrCat("info string error: ", s.message()));
    return {};
  }
  pool.set_threads(threads);
  // Which build and settings made these nodes, for logs that keep only the output.
  out.line(absl::StrCat("info string ", kEngineName, " bench depth ", depth, " threads ", threads,
                        " hash ", hash_mb, " positions ", positions.size()));
  SearchLimits limits;
  limits.depth = depth;

  BenchResult result;
  SearchStats stats;
  int index = 0;
  for (const std::string& fen : positions) {
    ++index;
    const Position pos = *Position::from_fen(fen);
    pool.clear();
    Move best = Move::none();
    int score = 0;
    SearchListener listener{[&](const SearchReport& r) { score = r.score; },
                            [&](Move m, Move) { best = m; }};
    // Only the searches are timed: clearing the tables between positions is not search speed.
    const TimePoint start = now();
    pool.start(pos, limits, options, listener);
    pool.wait();
    result.time_ms += elapsed_ms(start);
    result.nodes += pool.nodes();
    stats += pool.search_stats();
    out.line(absl::StrCat("bench ", index, "/", positions.size(), " score ", score, " best ",
                          to_uci(best, false), " nodes ", pool.nodes(), "  ", fen));
  }
  const std::uint64_t nps =
      result.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, result.time_ms));
  if constexpr (kSearchStats) {
    // Which picker stage produced the cutoff move, over all main-search beta cutoffs.
    static constexpr const char* kStageNames[] = {"tt",    "good-capture", "killer", "countermove",
                                                  "quiet", "bad-capture",  "evasion"};
    const double total = double(std::max<std::uint64_t>(1, stats.cutoffs));
    // The mean number of the move that cut, counting pruned moves, at nodes that cut.
    out.line(absl::StrCat("ordering cutoffs ", stats.cutoffs, " first-move ",
                          absl::StrFormat("%.4f", stats.first_move_cutoffs / total),
                          " mean-move-number ",
                          absl::StrFormat("%.3f", stats.cutoff_move_number_sum / total)));
    std::string shares = "ordering shares";
    for (int i = 0; i < int(PickStage::kCount); ++i)
      absl::StrAppend(&shares, " ", kStageNames[i], " ",
                      absl::StrFormat("%.4f", stats.by_stage[i] / total));
    out.line(shares);
    // Probes that found their position; with the table cleared before each position, table size
    // matters only once a position's search outgrows it.
    out.line(absl::StrCat(
        "tt probes ", stats.tt_probes, " hits ", stats.tt_hits, " hit-rate ",
        absl::StrFormat(
            "%.4f", double(stats.tt_hits) / double(std::max<std::uint64_t>(1, stats.tt_probes)))));
  }
  out.line("===========================");
  out.line(absl::StrCat("Total time (ms) : ", result.time_ms));
  out.line(absl::StrCat("Nodes searched  : ", result.nodes));
  out.line(absl::StrCat("Nodes/second    : ", nps));
  out.line(absl::StrCat(result.nodes, " nodes ", nps, " nps"));
  return result;
}

}  // namespace riposte
