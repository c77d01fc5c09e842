// The tuner's analytic gradient against finite differences, and its writer round trip.
#include "tools/tune/tuner.h"

#include <cmath>
#include <iterator>
#include <regex>

#include "gtest/gtest.h"
#include "tests/test_data.h"

namespace riposte::testing {
namespace {

std::vector<tune::Sample> small_set() {
  std::vector<tune::Sample> data;
  int i = 0;
  for (const std::string& fen : all_suite_fens()) {
    tune::Sample s;
    const Position pos = *Position::from_fen(fen);
    // Labels vary so every term of the error contributes.
    if (tune::make_sample(pos, float(i % 3) / 2.0f, float((i * 37) % 400 - 200), s))
      data.push_back(s);
    if (++i == 300) break;
  }
  return data;
}

TEST(Tuner, GradientMatchesFiniteDifferences) {
  const auto data = small_set();
  ASSERT_GT(data.size(), 250u);
  const std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  for (const double lambda : {1.0, 0.3}) {
    const tune::Objective obj{1.1, lambda};
    const std::vector<double> grad = tune::gradient(data, w, obj, 2);
    int compared = 0;
    for (int p : std::initializer_list<int>{
             eval::kMaterial + 2, eval::kMaterial + 4, eval::kPsqt + 64 * 2 + 27, eval::kBishopPair,
             eval::kDoubledPawn, eval::kRookOpenFile, eval::kTempo}) {
      for (int part = 0; part < 2; ++part) {
        std::vector<Score> up = w, down = w;
        (part ? up[p].eg : up[p].mg) += 1;
        (part ? down[p].eg : down[p].mg) -= 1;
        const double numeric =
            (tune::error(data, up, obj, 2) - tune::error(data, down, obj, 2)) / 2.0;
        const double analytic = grad[2 * p + part];
        if (std::abs(numeric) < 1e-9 && std::abs(analytic) < 1e-9) continue;
        EXPECT_NEAR(analytic, numeric, 1e-3 * std::abs(numeric) + 1e-9)
            << "param " << p << (part ? " eg" : " mg") << " lambda " << lambda;
        ++compared;
      }
    }
    EXPECT_GE(compared, 8);
  }
}

TEST(Tuner, AdamLowersTheErrorAndKFitsTheScale) {
  // Labels that follow the evaluation (with some noise), so the best K lies inside the range.
  const std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  std::vector<tune::Sample> data;
  int i = 0;
  for (const std::string& fen : all_suite_fens()) {
    tune::Sample s;
    if (!tune::make_sample(*Position::from_fen(fen), 0, 0, s)) continue;
    const double e = eval::evaluate_linear(eval::coefficients(*Position::from_fen(fen)), w.data());
    s.result = (i++ % 5 == 0) ? 0.5f : e > 100 ? 1.0f : e < -100 ? 0.0f : 0.5f;
    data.push_back(s);
  }
  const double k = tune::fit_k(data, w, 1.0, 2);
  const tune::Objective obj{k, 1.0};
  EXPECT_LT(tune::error(data, w, obj, 2), tune::error(data, w, {k * 2, 1.0}, 2));
  EXPECT_LT(tune::error(data, w, obj, 2), tune::error(data, w, {k / 2, 1.0}, 2));
  const auto tuned = tune::adam(data, w, obj, 30, 2.0, 2, 0);
  EXPECT_LT(tune::error(data, tuned, obj, 2), tune::error(data, w, obj, 2));
}

TEST(Tuner, WeightsSourceListsEveryParameterInOrder) {
  const std::vector<Score> w(eval::kWeights, eval::kWeights + eval::kNumParams);
  const std::string src = tune::weights_source(w);
  const std::regex pair("\\{-?[0-9]+, -?[0-9]+\\}");
  const auto pairs =
      std::distance(std::sregex_iterator(src.begin(), src.end(), pair), std::sregex_iterator());
  EXPECT_EQ(pairs, eval::kNumParams);
  EXPECT_NE(src.find("// Tempo\n    {" + std::to_string(w[eval::kTempo].mg) + ", "),
            std::string::npos);
}

}  // namespace
}  // namespace riposte::testing
