// SPDX-License-Identifier: GPL-3.0-or-later
// `bench [depth] [threads] [hash] [file]`: a fixed set of positions (or those of an EPD or FEN
// file) searched to a fixed depth with fresh tables. The node total of the built-in set is the
// build's signature (OpenBench reads the last line).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/output.h"
#include "search/search.h"

namespace riposte {

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};

const std::vector<std::string>& bench_positions();

// The positions of a file with one FEN or EPD line each (EPD operations after the four board
// fields are ignored; blank lines are skipped). An unreadable file, an invalid position or an
// empty file is an error naming the line.
absl::StatusOr<std::vector<std::string>> load_bench_positions(const std::string& path);

// Searches every position; prints one line per position and the summary, ending with
// `<nodes> nodes <nps> nps`. In RIPOSTE_STATS builds also the ordering statistics.
BenchResult run_bench(Output& out, int depth, int threads, int hash_mb,
                      const SearchOptions& options,
                      const std::vector<std::string>& positions = bench_positions());

}  // namespace riposte
