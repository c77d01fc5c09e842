#include <iostream>

#include "engine/uci.h"
#include "movegen/position.h"

// With arguments, each one is run as a command and the engine exits (`riposte bench`);
// without, it speaks UCI on standard input and output.
int main(int argc, char** argv) {
  riposte::init_movegen();
  riposte::Uci uci(std::cout);
  if (argc > 1) {
    for (int i = 1; i < argc; ++i)
      if (!uci.execute(argv[i])) break;
    return 0;
  }
  uci.loop(std::cin);
  return 0;
}
