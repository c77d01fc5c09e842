#include <cstring>
#include <iostream>
#include <string>

#include "engine/uci.h"
#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"

// `riposte` speaks UCI on standard input and output. `riposte --dev` also lists the development
// switches. Other arguments form one command that is run before the engine exits
// (`riposte bench`, `riposte bench 13 1 16`).
int main(int argc, char** argv) {
  riposte::init_movegen();
  riposte::eval::init();
  const bool dev = argc > 1 && std::strcmp(argv[1], "--dev") == 0;
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
