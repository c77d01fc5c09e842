// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/uci_transcript.h"

#include <chrono>
#include <sstream>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "engine/uci.h"

namespace riposte::testing {

std::vector<std::string> transcript(const std::vector<std::string>& commands) {
  std::ostringstream out;
  {
    Uci uci(out);
    for (const std::string& line : commands) {
      if (absl::StartsWith(line, "#sleep ")) {
        int ms = 0;
        (void)absl::SimpleAtoi(absl::string_view(line).substr(7), &ms);
        std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        continue;
      }
      if (line == "#wait") {
        uci.wait_for_search();
        continue;
      }
      if (!uci.execute(line)) break;
      if (absl::StartsWith(line, "go") && !absl::StrContains(line, "infinite") &&
          !absl::StrContains(line, "ponder"))
        uci.wait_for_search();
    }
  }
  return absl::StrSplit(out.str(), '\n', absl::SkipEmpty());
}

std::vector<std::string> transcript(const std::string& commands) {
  return transcript(std::vector<std::string>(absl::StrSplit(commands, '\n', absl::SkipEmpty())));
}

}  // namespace riposte::testing
