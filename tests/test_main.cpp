#include "gtest/gtest.h"
#include "movegen/position.h"

int main(int argc, char** argv) {
  riposte::init_movegen();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
