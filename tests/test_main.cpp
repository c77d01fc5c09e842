// SPDX-License-Identifier: GPL-3.0-or-later
#include "gtest/gtest.h"
#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"

int main(int argc, char** argv) {
  riposte::init_movegen();
  riposte::eval::init();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
