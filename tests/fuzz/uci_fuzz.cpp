// SPDX-License-Identifier: GPL-3.0-or-later
// Any sequence of command lines given to a live engine object. So that every input ends, each
// `go` gets a node limit and loses `infinite` and `ponder`, `go perft` searches depth 2 at most,
// and the lines that cost seconds by design (bench, Threads above 4, Hash above 64 MB) are left
// out; everything else, `stop` and `isready` during a search included, goes in as it is.
// Checked: the engine's position stays consistent, and every byte it prints is printable.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/uci.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

constexpr int kMaxThreads = 4;
constexpr int kMaxHashMb = 64;
constexpr const char* kNodeLimit = "2000";

// The line to run instead of `line`, or nothing to skip it.
std::optional<std::string> bounded(std::string_view line) {
  std::vector<std::string> tokens = absl::StrSplit(absl::string_view(line.data(), line.size()),
                                                   absl::ByAnyChar(" \t\r"), absl::SkipEmpty());
  if (tokens.empty()) return std::string(line);
  if (tokens[0] == "bench") return std::nullopt;
  if (tokens[0] == "go") {
    if (tokens.size() > 1 && tokens[1] == "perft") return "go perft 2";
    std::vector<std::string> kept;
    for (const std::string& t : tokens)
      if (t != "infinite" && t != "ponder") kept.push_back(t);
    kept.push_back("nodes");
    kept.push_back(kNodeLimit);
    return absl::StrJoin(kept, " ");
  }
  if (tokens[0] == "setoption") {
    const std::string lower = absl::AsciiStrToLower(std::string(line));
    for (const auto& [name, limit] : {std::pair{"threads", kMaxThreads}, {"hash", kMaxHashMb}}) {
      if (!absl::StrContains(lower, name)) continue;
      std::int64_t v = 0;
      for (const std::string& t : tokens)
        if (absl::SimpleAtoi(t, &v) && v > limit) return std::nullopt;
    }
  }
  return std::string(line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riposte;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::ostringstream out;
  {
    Uci uci(out, /*dev_options=*/false, /*hash_mb=*/1);
    for (const absl::string_view piece :
         absl::StrSplit(absl::string_view(text.data(), text.size()), '\n')) {
      const auto command = bounded(std::string_view(piece.data(), piece.size()));
      if (!command) continue;
      if (!uci.execute(*command)) break;
    }
    uci.wait_for_search();
    fuzz::check_position(uci.position());
    Position pos = uci.position();
    fuzz::check_moves(pos);
  }
  for (const char ch : out.str())
    fuzz::check(ch == '\n' || (ch >= 0x20 && ch < 0x7f), "the engine printed a control byte",
                std::string(1, ch));
  return 0;
}
