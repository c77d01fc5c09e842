// SPDX-License-Identifier: GPL-3.0-or-later
// Any text as a FEN, X-FEN or Shredder-FEN, with and without Chess960 rules: accepted positions
// are consistent, print back to a FEN that parses to the same position, and make and unmake
// every legal move cleanly.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riposte;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const bool chess960 : {false, true}) {
    auto pos = Position::from_fen(text, chess960);
    if (!pos.ok()) {
      fuzz::check(!pos.status().message().empty(), "a rejected FEN without a reason");
      continue;
    }
    fuzz::check_position(*pos);
    fuzz::check_moves(*pos);
  }
  return 0;
}
