#include "tools/tune/tuner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "movegen/movegen.h"

namespace riposte::tune {

namespace {

// Runs fn(begin, end, thread_index) over [0, n) split into `threads` chunks.
template <class Fn>
void parallel_for(std::size_t n, int threads, Fn fn) {
  threads = std::max(1, threads);
  std::vector<std::thread> pool;
  const std::size_t chunk = (n + threads - 1) / threads;
  for (int t = 0; t < threads; ++t) {
    const std::size_t b = std::min(n, chunk * t), e = std::min(n, b + chunk);
    pool.emplace_back([=, &fn] { fn(b, e, t); });
  }
  for (std::thread& th : pool) th.join();
}

// Quiescence search that follows captures (SEE >= 0) and reports the PV leaf.
int qsearch(Position& pos, eval::PawnCache& cache, int alpha, int beta, int ply,
            std::vector<Move>& pv) {
  pv.clear();
  const int stand_pat = eval::evaluate(pos, cache);
  if (stand_pat >= beta || ply >= 12) return stand_pat;
  alpha = std::max(alpha, stand_pat);
  std::vector<Move> child;
  for (const ExtMove& m : MoveList<CAPTURES>(pos)) {
    if (!pos.see_ge(m.move, 0)) continue;
    pos.do_move(m.move);
    const int v = -qsearch(pos, cache, -beta, -alpha, ply + 1, child);
    pos.undo_move(m.move);
    if (v > alpha) {
      alpha = v;
      pv.assign(1, m.move);
      pv.insert(pv.end(), child.begin(), child.end());
      if (v >= beta) break;
    }
  }
  return alpha;
}

double sigmoid(double k, double cp) { return 1.0 / (1.0 + std::exp(-k * cp / 400.0)); }

double target(const Sample& s, const Objective& obj) {
  return obj.lambda * s.result + (1.0 - obj.lambda) * sigmoid(obj.k, s.score);
}

double linear_eval(const Sample& s, const std::vector<Score>& w) {
  double mg = 0, eg = 0;
  for (const auto& [p, n] : s.counts) {
    mg += double(w[p].mg) * n;
    eg += double(w[p].eg) * n;
  }
  return (mg * s.phase + eg * s.scale / eval::kScaleMax * (eval::kPhaseMax - s.phase)) /
         eval::kPhaseMax;
}

}  // namespace

bool make_sample(const Position& pos, float result, float score, Sample& out) {
  const eval::Coefficients c = eval::coefficients(pos);
  if (c.special) return false;
  out.counts = c.counts;
  out.phase = std::int8_t(c.phase);
  out.scale = std::int8_t(c.scale);
  out.result = result;
  out.score = score;
  return true;
}

absl::StatusOr<Dataset> load(const std::string& path, double holdout_fraction, std::size_t limit,
                             int threads) {
  const bool xz = path.size() > 3 && path.substr(path.size() - 3) == ".xz";
  const std::string command = xz ? "xz -dc '" + path + "'" : "cat '" + path + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> in(popen(command.c_str(), "r"), pclose);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::vector<std::string> lines;
  char buf[512];
  while (fgets(buf, sizeof buf, in.get()) && (!limit || lines.size() < limit))
    lines.emplace_back(buf);
  if (lines.empty()) return absl::NotFoundError(absl::StrCat("no positions in ", path));

  std::vector<Sample> samples(lines.size());
  std::vector<char> ok(lines.size(), 0);
  parallel_for(lines.size(), threads, [&](std::size_t b, std::size_t e, int) {
    eval::PawnCache cache;
    std::vector<Move> pv;
    for (std::size_t i = b; i < e; ++i) {
      const std::string& line = lines[i];
      const std::size_t open = line.find('['), close = line.find(']');
      if (open == std::string::npos || close == std::string::npos) continue;
      auto pos = Position::from_fen(line.substr(0, open));
      if (!pos.ok() || pos->checkers()) continue;
      const float result = std::strtof(line.c_str() + open + 1, nullptr);
      const float score = std::strtof(line.c_str() + close + 1, nullptr);
      qsearch(*pos, cache, -30000, 30000, 0, pv);
      for (Move m : pv) pos->do_move(m);
      ok[i] = make_sample(*pos, result, score, samples[i]);
    }
  });
  Dataset d;
  const std::size_t split = lines.size() - std::size_t(double(lines.size()) * holdout_fraction);
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (ok[i]) (i < split ? d.train : d.holdout).push_back(std::move(samples[i]));
  return d;
}

double error(const std::vector<Sample>& data, const std::vector<Score>& w, const Objective& obj,
             int threads) {
  std::vector<double> partial(std::max(1, threads), 0.0);
  parallel_for(data.size(), threads, [&](std::size_t b, std::size_t e, int t) {
    double sum = 0;
    for (std::size_t i = b; i < e; ++i) {
      const double d = target(data[i], obj) - sigmoid(obj.k, linear_eval(data[i], w));
      sum += d * d;
    }
    partial[t] = sum;
  });
  double total = 0;
  for (double p : partial) total += p;
  return total / double(std::max<std::size_t>(1, data.size()));
}

std::vector<double> gradient(const std::vector<Sample>& data, const std::vector<Score>& w,
                             const Objective& obj, int threads) {
  const int n = std::max(1, threads);
  std::vector<std::vector<double>> partial(n, std::vector<double>(2 * w.size(), 0.0));
  parallel_for(data.size(), n, [&](std::size_t b, std::size_t e, int t) {
    std::vector<double>& g = partial[t];
    for (std::size_t i = b; i < e; ++i) {
      const Sample& s = data[i];
      const double p = sigmoid(obj.k, linear_eval(s, w));
      // d/d eval of (target - p)^2
      const double d = -2.0 * (target(s, obj) - p) * p * (1.0 - p) * obj.k / 400.0;
      const double mg = d * s.phase / eval::kPhaseMax;
      const double eg =
          d * (eval::kPhaseMax - s.phase) / eval::kPhaseMax * s.scale / eval::kScaleMax;
      for (const auto& [param, count] : s.counts) {
        g[2 * param] += mg * count;
        g[2 * param + 1] += eg * count;
      }
    }
  });
  std::vector<double> grad(2 * w.size(), 0.0);
  for (const auto& g : partial)
    for (std::size_t i = 0; i < g.size(); ++i) grad[i] += g[i];
  for (double& g : grad) g /= double(std::max<std::size_t>(1, data.size()));
  return grad;
}

double fit_k(const std::vector<Sample>& data, const std::vector<Score>& w, double lambda,
             int threads) {
  double lo = 0.1, hi = 4.0;
  const double phi = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 40; ++i) {
    const double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    if (error(data, w, {a, lambda}, threads) < error(data, w, {b, lambda}, threads))
      hi = b;
    else
      lo = a;
  }
  return (lo + hi) / 2;
}

std::vector<Score> adam(const std::vector<Sample>& data, std::vector<Score> w, const Objective& obj,
                        int epochs, double learning_rate, int threads, int report_every) {
  // Weights are integers in the engine; Adam works on doubles and rounds at the end.
  std::vector<double> x(2 * w.size()), m(x.size(), 0.0), v(x.size(), 0.0);
  for (std::size_t i = 0; i < w.size(); ++i) {
    x[2 * i] = w[i].mg;
    x[2 * i + 1] = w[i].eg;
  }
  auto rounded = [&] {
    std::vector<Score> out(w.size());
    for (std::size_t i = 0; i < w.size(); ++i)
      out[i] = {int(std::lround(x[2 * i])), int(std::lround(x[2 * i + 1]))};
    return out;
  };
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  for (int epoch = 1; epoch <= epochs; ++epoch) {
    // The gradient is taken at the unrounded point: evaluate with doubles via a scaled copy.
    std::vector<Score> current = rounded();
    const std::vector<double> g = gradient(data, current, obj, threads);
    for (std::size_t i = 0; i < x.size(); ++i) {
      m[i] = beta1 * m[i] + (1 - beta1) * g[i];
      v[i] = beta2 * v[i] + (1 - beta2) * g[i] * g[i];
      const double mh = m[i] / (1 - std::pow(beta1, epoch)),
                   vh = v[i] / (1 - std::pow(beta2, epoch));
      x[i] -= learning_rate * mh / (std::sqrt(vh) + eps);
    }
    if (report_every && epoch % report_every == 0)
      std::fprintf(stderr, "epoch %d error %.6f\n", epoch, error(data, rounded(), obj, threads));
  }
  return rounded();
}

std::string weights_source(const std::vector<Score>& w) {
  std::string out =
      "// Evaluation weights, one {mg, eg} pair per parameter of params.h, in its order.\n"
      "// Written by tools/tune (riposte_tune); edit by re-tuning rather than by hand.\n"
      "#include \"nnue-free-eval/params.h\"\n\nnamespace riposte::eval {\n\n"
      "// clang-format off\n"
      "const Score kWeights[kNumParams] = {\n";
  for (const eval::ParamBlock& block : eval::kParamBlocks) {
    absl::StrAppend(&out, "    // ", block.name, "\n");
    std::string line = "   ";
    for (int i = block.start; i < block.start + block.size; ++i) {
      const std::string item = absl::StrFormat(" {%d, %d},", w[i].mg, w[i].eg);
      if (line.size() + item.size() > 96) {
        absl::StrAppend(&out, line, "\n");
        line = "   ";
      }
      line += item;
    }
    absl::StrAppend(&out, line, "\n");
  }
  return out + "};\n// clang-format on\n\n}  // namespace riposte::eval\n";
}

}  // namespace riposte::tune
