// SPDX-License-Identifier: GPL-3.0-or-later
// Drives a Uci object through a list of command lines and collects what it printed.
#pragma once

#include <string>
#include <vector>

namespace riposte::testing {

// Runs the commands through a fresh engine and returns its output lines. A `go` with a finite
// limit is waited for before the next command; `#sleep N` pauses N ms; `#wait` waits for the
// search. The output is read only after the engine has shut down.
std::vector<std::string> transcript(const std::string& commands);

// The same for commands given one per element, so that a line may hold any byte (NUL, '\n').
std::vector<std::string> transcript(const std::vector<std::string>& commands);

}  // namespace riposte::testing
