// SPDX-License-Identifier: GPL-3.0-or-later
#include "movegen/pgn.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "movegen/notation.h"
#include "movegen/position.h"

namespace riposte {

namespace {

// The value of tag `name` in a line `[name "value"]`, if the line is that tag.
bool tag_value(std::string_view line, std::string_view name, std::string& value) {
  if (line.size() < name.size() + 4 || line[0] != '[' || line.substr(1, name.size()) != name ||
      line[name.size() + 1] != ' ')
    return false;
  const std::size_t open = line.find('"'), close = line.rfind('"');
  if (open == std::string_view::npos || close <= open) return false;
  value = std::string(line.substr(open + 1, close - open - 1));
  return true;
}

// The engine's score in a move comment, from the mover's view: `+0.45/17 0.134s` gives 45.
// Mate scores (`+M3/245`) and comments without a score (`book`) give nothing.
bool comment_score(std::string_view comment, int& cp) {
  const std::size_t slash = comment.find('/');
  if (slash == std::string_view::npos) return false;
  std::string_view number = comment.substr(0, slash);
  while (!number.empty() && std::isspace(static_cast<unsigned char>(number.front())))
    number.remove_prefix(1);
  double pawns;
  if (number.find('M') != std::string_view::npos ||
      !absl::SimpleAtod(absl::string_view(number.data(), number.size()), &pawns))
    return false;
  cp = int(std::lround(pawns * 100));
  return true;
}

bool is_result(std::string_view token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

}  // namespace

std::vector<std::string_view> split_pgn_games(std::string_view text) {
  std::vector<std::string_view> games;
  std::size_t start = std::string_view::npos;
  bool in_movetext = false;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line[0] == '[') {
      if (start != std::string_view::npos && in_movetext)
        games.push_back(text.substr(start, at - start));
      if (start == std::string_view::npos || in_movetext) start = at;
      in_movetext = false;
    } else if (!line.empty() && start != std::string_view::npos) {
      in_movetext = true;
    }
    at = end + 1;
  }
  if (start != std::string_view::npos) games.push_back(text.substr(start));
  return games;
}

absl::StatusOr<PgnGame> read_pgn_game(std::string_view text) {
  PgnGame game;
  std::string fen(kStartFen), value, variant;
  std::size_t at = 0;
  // Tag pairs first.
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    if (line.empty() || line[0] != '[') {
      if (!line.empty()) break;
      at = end + 1;
      continue;
    }
    if (tag_value(line, "FEN", value)) fen = value;
    if (tag_value(line, "Result", value)) game.result = value;
    if (tag_value(line, "White", value)) game.white = value;
    if (tag_value(line, "Black", value)) game.black = value;
    if (tag_value(line, "Variant", value)) variant = value;
    at = end + 1;
  }
  auto start = Position::from_fen(fen, variant == "Chess960" || variant == "chess 960");
  if (!start.ok()) return start.status();
  Position pos = *start;

  // Then the movetext: each move, and the score in the comment that follows it.
  std::string_view moves = text.substr(std::min(at, text.size()));
  std::string pending_fen;  // the position before the last move, until its comment is read
  Color pending_side = WHITE;
  int depth = 0;  // inside a variation
  for (std::size_t i = 0; i < moves.size();) {
    const char ch = moves[i];
    if (std::isspace(static_cast<unsigned char>(ch))) {
      ++i;
    } else if (ch == '{') {
      const std::size_t close = moves.find('}', i);
      const std::string_view comment =
          moves.substr(i + 1, (close == std::string_view::npos ? moves.size() : close) - i - 1);
      int cp;
      if (depth == 0 && !pending_fen.empty() && comment_score(comment, cp))
        game.positions.push_back({pending_fen, pending_side == WHITE ? cp : -cp, pending_side});
      pending_fen.clear();
      i = close == std::string_view::npos ? moves.size() : close + 1;
    } else if (ch == ';') {  // a comment to the end of the line
      const std::size_t nl = moves.find('\n', i);
      i = nl == std::string_view::npos ? moves.size() : nl + 1;
    } else if (ch == '(' || ch == ')') {
      depth += ch == '(' ? 1 : (depth > 0 ? -1 : 0);
      ++i;
    } else {
      std::size_t end = i;
      while (end < moves.size() && !std::isspace(static_cast<unsigned char>(moves[end])) &&
             moves[end] != '{' && moves[end] != '(' && moves[end] != ')')
        ++end;
      std::string_view token = moves.substr(i, end - i);
      i = end;
      if (depth > 0 || token[0] == '$' || is_result(token)) continue;
      // A move number (`9.`, `9...`), maybe glued to its move (`9.h3`).
      std::size_t digits = 0;
      while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
        ++digits;
      if (digits > 0 && digits < token.size() && token[digits] == '.') {
        while (digits < token.size() && token[digits] == '.') ++digits;
        token.remove_prefix(digits);
      }
      if (token.empty() || (digits == token.size() && digits > 0)) continue;
      const auto move = parse_san(pos, token);
      if (!move.ok())
        return absl::InvalidArgumentError(
            absl::StrCat("ply ", game.plies + 1, ": ", move.status().message()));
      pending_fen = pos.fen();
      pending_side = pos.side_to_move();
      pos.do_move(*move);
      ++game.plies;
    }
  }
  return game;
}

std::string data_line(const ScoredPosition& p, std::string_view result) {
  const char* label = result == "1-0" ? "[1.0]" : result == "0-1" ? "[0.0]" : "[0.5]";
  return absl::StrCat(p.fen, " ", label, " ", p.score);
}

}  // namespace riposte
