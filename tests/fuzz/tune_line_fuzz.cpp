// SPDX-License-Identifier: GPL-3.0-or-later
// A line of tuning data (`FEN [result] score | leaf FEN`): an accepted line has a result of 0,
// 0.5 or 1, a finite score, and consistent positions; the tuner then builds its sample from it.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "nnue-free-eval/tuner.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace riposte;
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const auto parsed = tune::parse_labelled_line(line);
  if (!parsed.ok()) return 0;
  fuzz::check(parsed->result == 0 || parsed->result == 0.5f || parsed->result == 1,
              "a result other than 0, 0.5 or 1");
  fuzz::check(std::isfinite(parsed->score), "a score that is not a number");
  fuzz::check_position(parsed->pos);
  if (parsed->leaf) fuzz::check_position(*parsed->leaf);
  if (!parsed->pos.checkers()) {
    tune::SampleSet samples;
    samples.add(parsed->pos, parsed->result, parsed->score);
  }
  return 0;
}
