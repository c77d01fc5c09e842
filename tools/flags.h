// SPDX-License-Identifier: GPL-3.0-or-later
// Command-line flags of the tools' binaries, parsed the same way by each.
#pragma once

#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"

namespace riposte {

// Parses argv with `usage` as the --help text. The flags live in *_main.cpp, not in a file
// named after the binary, which is where --help looks by default.
inline void parse_tool_flags(int argc, char** argv, absl::string_view usage) {
  absl::FlagsUsageConfig config;
  config.contains_help_flags = [](absl::string_view file) {
    return absl::EndsWith(file, "_main.cpp");
  };
  absl::SetFlagsUsageConfig(config);
  absl::SetProgramUsageMessage(usage);
  absl::ParseCommandLine(argc, argv);
}

}  // namespace riposte
