// The UCI front end: reads commands, keeps the game state, and drives the search.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"
#include "engine/options.h"
#include "engine/output.h"
#include "movegen/position.h"

namespace riposte {

class Uci {
 public:
  explicit Uci(std::ostream& out);

  // Reads commands until `quit` or end of input.
  void loop(std::istream& in);
  // Executes one command line; returns false once the engine should exit.
  bool execute(std::string_view line);

 private:
  void cmd_uci();
  void cmd_setoption(std::string_view line);
  void cmd_position(const std::vector<std::string>& tokens);
  void cmd_go(const std::vector<std::string>& tokens);
  void error(absl::string_view message);

  Output out_;
  Options options_;
  Position pos_;
};

}  // namespace riposte
