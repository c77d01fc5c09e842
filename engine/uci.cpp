#include "engine/uci.h"

#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "movegen/notation.h"
#include "movegen/perft.h"

namespace riposte {

namespace {
constexpr const char* kEngineName = "Riposte 0.1";
constexpr const char* kEngineAuthor = "the Riposte developers";
}  // namespace

Uci::Uci(std::ostream& out) : out_(out), pos_(Position::start_position()) {
  options_.add_check("UCI_Chess960", false);
}

void Uci::loop(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!execute(line)) return;
  execute("quit");
}

void Uci::error(absl::string_view message) {
  out_.line(absl::StrCat("info string error: ", message));
}

bool Uci::execute(std::string_view line) {
  const std::vector<std::string> tokens = absl::StrSplit(
      absl::string_view(line.data(), line.size()), absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
  if (tokens.empty()) return true;
  const std::string& cmd = tokens[0];

  if (cmd == "quit") return false;
  if (cmd == "uci")
    cmd_uci();
  else if (cmd == "isready")
    out_.line("readyok");
  else if (cmd == "ucinewgame") {
  } else if (cmd == "setoption")
    cmd_setoption(line);
  else if (cmd == "position")
    cmd_position(tokens);
  else if (cmd == "go")
    cmd_go(tokens);
  else if (cmd == "d")
    out_.line(pos_.pretty());
  else
    error(absl::StrCat("unknown command '", std::string(line), "'"));
  return true;
}

void Uci::cmd_uci() {
  out_.line(absl::StrCat("id name ", kEngineName));
  out_.line(absl::StrCat("id author ", kEngineAuthor));
  for (const std::string& l : options_.uci_lines()) out_.line(l);
  out_.line("uciok");
}

void Uci::cmd_setoption(std::string_view line) {
  // Names and values may contain spaces: `setoption name Clear Hash`, `... name X value a b`.
  const std::string text(line);
  const std::size_t name_at = text.find(" name ");
  if (name_at == std::string::npos) return error("setoption needs 'name <id> [value <x>]'");
  const std::size_t value_at = text.find(" value ", name_at);
  std::string name = text.substr(
      name_at + 6, value_at == std::string::npos ? std::string::npos : value_at - name_at - 6);
  std::string value = value_at == std::string::npos ? "" : text.substr(value_at + 7);
  auto trim = [](std::string& s) {
    s.erase(0, s.find_first_not_of(" \t\r\n"));
    s.erase(s.find_last_not_of(" \t\r\n") + 1);
  };
  trim(name);
  trim(value);
  if (absl::Status s = options_.set(name, value); !s.ok()) error(s.message());
}

void Uci::cmd_position(const std::vector<std::string>& tokens) {
  std::size_t i = 1;
  std::string fen;
  if (i < tokens.size() && tokens[i] == "startpos") {
    fen = std::string(kStartFen);
    ++i;
  } else if (i < tokens.size() && tokens[i] == "fen") {
    std::vector<std::string> fields;
    for (++i; i < tokens.size() && tokens[i] != "moves"; ++i) fields.push_back(tokens[i]);
    fen = absl::StrJoin(fields, " ");
  } else {
    return error("position needs 'startpos' or 'fen <fen>'");
  }
  auto pos = Position::from_fen(fen, options_.check("UCI_Chess960"));
  if (!pos.ok()) return error(pos.status().message());
  if (i < tokens.size() && tokens[i] == "moves") {
    for (++i; i < tokens.size(); ++i) {
      const auto move = parse_uci_move(*pos, tokens[i]);
      if (!move.ok()) return error(move.status().message());
      pos->do_move(*move);
    }
  } else if (i < tokens.size()) {
    return error(absl::StrCat("unexpected '", tokens[i], "' in position command"));
  }
  pos_ = std::move(*pos);
}

void Uci::cmd_go(const std::vector<std::string>& tokens) {
  if (tokens.size() >= 2 && tokens[1] == "perft") {
    int depth = 0;
    if (tokens.size() < 3 || !absl::SimpleAtoi(tokens[2], &depth) || depth < 1 || depth > 64)
      return error("go perft needs a depth from 1 to 64");
    std::uint64_t total = 0;
    Position pos = pos_;
    for (const auto& [move, nodes] : perft_divide(pos, depth)) {
      out_.line(absl::StrCat(to_uci(move, pos.is_chess960()), ": ", nodes));
      total += nodes;
    }
    out_.line("");
    out_.line(absl::StrCat("Nodes searched: ", total));
    return;
  }
  error("search is not implemented yet");
}

}  // namespace riposte
