// `bench [depth] [threads] [hash]`: a fixed set of positions searched to a fixed depth with
// fresh tables. The node total is the build's signature (OpenBench reads the last line).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/output.h"
#include "search/search.h"

namespace riposte {

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};

const std::vector<std::string>& bench_positions();

// Searches every bench position; prints one line per position and the summary, ending with
// `<nodes> nodes <nps> nps`.
BenchResult run_bench(Output& out, int depth, int threads, int hash_mb,
                      const SearchOptions& options);

}  // namespace riposte
