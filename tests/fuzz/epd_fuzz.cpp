// SPDX-License-Identifier: GPL-3.0-or-later
// A line of an EPD book, bench file or perft suite: an accepted line gives a position that
// parses, is consistent and prints back, and operations with a name each.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "movegen/epd.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riposte;
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const auto record = parse_epd_line(line);
  if (!record.ok()) return 0;
  const auto pos = Position::from_fen(record->fen);
  fuzz::check(pos.ok(), "an accepted EPD line's FEN does not parse", record->fen);
  fuzz::check_position(*pos);
  for (const auto& [opcode, operands] : record->operations) {
    fuzz::check(!opcode.empty(), "an EPD operation without an opcode", operands);
    fuzz::check(opcode.find_first_of(" \t;\"") == std::string::npos, "an opcode with a separator",
                opcode);
  }
  return 0;
}
