// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/epd.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "movegen/position.h"

namespace riposte {

namespace {

bool is_counter(absl::string_view field) {
  int n = 0;
  return absl::SimpleAtoi(field, &n) && n >= 0;
}

// The operations after the position: split at semicolons outside double quotes (a quote left
// open runs to the end of the line). Each starts with its opcode, which ends at the first
// blank or quote; an operation with none is an error.
absl::StatusOr<std::vector<std::pair<std::string, std::string>>> parse_operations(
    absl::string_view text) {
  std::vector<std::pair<std::string, std::string>> ops;
  auto add = [&](absl::string_view op) {
    op = absl::StripAsciiWhitespace(op);
    if (op.empty()) return absl::OkStatus();
    const std::size_t end = std::min(op.find_first_of(" \t\""), op.size());
    if (end == 0)
      return absl::InvalidArgumentError(
          absl::StrCat("an EPD operation without an opcode: ", op.substr(0, 40)));
    ops.emplace_back(std::string(op.substr(0, end)),
                     std::string(absl::StripAsciiWhitespace(op.substr(end))));
    return absl::OkStatus();
  };
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '"') quoted = !quoted;
    if (text[i] == ';' && !quoted) {
      if (absl::Status s = add(text.substr(start, i - start)); !s.ok()) return s;
      start = i + 1;
    }
  }
  if (absl::Status s = add(text.substr(start)); !s.ok()) return s;
  return ops;
}

}  // namespace

absl::StatusOr<EpdRecord> parse_epd_line(std::string_view line, bool chess960) {
  const absl::string_view text =
      absl::StripAsciiWhitespace(absl::string_view(line.data(), line.size()));
  if (text.empty() || text[0] == '#') return absl::NotFoundError("no position on this line");

  // The position is the first four whitespace-separated fields, and two more when both are
  // counters; what follows them is operations.
  std::vector<absl::string_view> fields;
  std::size_t rest = 0;
  for (std::size_t i = 0; i < text.size() && fields.size() < 6;) {
    if (absl::ascii_isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !absl::ascii_isspace(static_cast<unsigned char>(text[end])) &&
           text[end] != ';')
      ++end;
    if (end == i) break;  // an operation begins here
    fields.push_back(text.substr(i, end - i));
    rest = i = end;
  }
  if (fields.size() < 4)
    return absl::InvalidArgumentError(
        absl::StrCat("expected a position of at least 4 fields, got ", fields.size()));
  const bool counters = fields.size() == 6 && is_counter(fields[4]) && is_counter(fields[5]);
  if (!counters && fields.size() > 4) {
    // The fifth field is an opcode: the operations start there.
    rest = std::size_t(fields[4].data() - text.data());
    fields.resize(4);
  }
  std::string fen = absl::StrJoin(fields, " ");
  if (!counters) fen += " 0 1";
  if (auto pos = Position::from_fen(fen, chess960); !pos.ok()) return pos.status();
  auto operations = parse_operations(text.substr(rest));
  if (!operations.ok()) return operations.status();
  return EpdRecord{std::move(fen), *std::move(operations)};
}

}  // namespace riposte
