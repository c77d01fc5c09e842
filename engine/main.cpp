// SPDX-License-Identifier: GPL-3.0-or-later
#include <iostream>
#include <string>
#include <string_view>

#include "engine/uci.h"
#include "engine/version.h"
#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"

namespace {

constexpr const char* kUsage =
    "Usage: riposte [--dev] [COMMAND [ARGS...]]\n"
    "\n"
    "Without arguments Riposte speaks UCI on standard input and output; load it into a chess\n"
    "GUI or a match program (fastchess, cutechess-cli) as a UCI engine.\n"
    "\n"
    "  COMMAND [ARGS...]  run one UCI command and exit, e.g. 'riposte bench' or\n"
    "                     'riposte bench 13 1 16' (depth, threads, hash MB); its last line is\n"
    "                     '<nodes> nodes <nps> nps'\n"
    "  --dev              also list the development switches among the UCI options\n"
    "  --version          print the name and version, then exit\n"
    "  --help             print this text, then exit\n";

}  // namespace

int main(int argc, char** argv) {
  const std::string_view first = argc > 1 ? argv[1] : "";
  if (first == "--help" || first == "-h") {
    std::cout << kUsage;
    return 0;
  }
  if (first == "--version" || first == "-v") {
    std::cout << riposte::kEngineName << "\n";
    return 0;
  }
  if (first.size() > 1 && first[0] == '-' && first != "--dev") {
    std::cerr << "riposte: unknown option '" << first << "'\n" << kUsage;
    return 2;
  }
  riposte::init_movegen();
  riposte::eval::init();
  const bool dev = first == "--dev";
  riposte::Uci uci(std::cout, dev);
  if (argc > 1 && !dev) {
    std::string command;
    for (int i = 1; i < argc; ++i) command += std::string(i > 1 ? " " : "") + argv[i];
    uci.execute(command);
    uci.wait_for_search();
    return 0;
  }
  uci.loop(std::cin);
  return 0;
}
