// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/params.h"

#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "nnue-free-eval/params.h"

namespace riposte::params {

namespace {

// The search's rows, then the evaluation's scalars (nnue-free-eval/params.h).
#ifdef RIPOSTE_TUNING
#define RIPOSTE_PARAM_ENTRY(name, value, lo, hi) Param{#name, value, lo, hi, &name},
#define RIPOSTE_EVAL_ENTRY(name, value, lo, hi) Param{#name, value, lo, hi, &eval::name},
#else
#define RIPOSTE_PARAM_ENTRY(name, value, lo, hi) Param{#name, value, lo, hi, nullptr},
#define RIPOSTE_EVAL_ENTRY(name, value, lo, hi) Param{#name, value, lo, hi, nullptr},
#endif
const auto kTable = std::to_array<Param>(
    {RIPOSTE_SEARCH_PARAMS(RIPOSTE_PARAM_ENTRY) RIPOSTE_EVAL_SCALARS(RIPOSTE_EVAL_ENTRY)
#ifdef RIPOSTE_TUNING
         RIPOSTE_EVAL_GROUP_SCALES(RIPOSTE_EVAL_ENTRY)
             RIPOSTE_EVAL_WEIGHT_OFFSETS(RIPOSTE_EVAL_ENTRY)
#endif
    });
#undef RIPOSTE_PARAM_ENTRY
#undef RIPOSTE_EVAL_ENTRY

// OpenBench's usual starting point: a step of about a twentieth of the range, rate 0.002.
constexpr double kLearningRate = 0.002;

}  // namespace

std::span<const Param> all() { return kTable; }

std::string spsa_line(const Param& p) {
  const int value = p.value ? *p.value : p.default_value;
  const double step = std::max(0.5, (p.max - p.min) / 20.0);
  return absl::StrCat(p.name, ", int, ", value, ", ", p.min, ", ", p.max, ", ", step, ", ",
                      kLearningRate);
}

}  // namespace riposte::params
