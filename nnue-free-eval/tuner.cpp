// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue-free-eval/tuner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
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

// A sample's evaluation from White's view, with the king danger sums it went through.
struct Evaluated {
  double eval = 0;
  double danger_mg[COLOR_NB] = {}, danger_eg[COLOR_NB] = {};
};

double mg_weight(const Sample& s) { return double(s.phase) / eval::kPhaseMax; }
double eg_weight(const Sample& s) {
  return double(eval::kPhaseMax - s.phase) / eval::kPhaseMax * s.scale / eval::kScaleMax;
}

Evaluated evaluate_sample(const SampleSet& set, const Sample& s, const std::vector<Score>& w) {
  Evaluated r;
  double mg = 0, eg = 0;
  for (const Count* c = set.begin(s); c != set.end(s); ++c) {
    const Score& v = w[c->param & Count::kIndex];
    if (c->param & (Count::kWhiteKing | Count::kBlackKing)) {
      const Color king = c->param & Count::kBlackKing ? BLACK : WHITE;
      r.danger_mg[king] += double(v.mg()) * c->count;
      r.danger_eg[king] += double(v.eg()) * c->count;
    } else {
      mg += double(v.mg()) * c->count;
      eg += double(v.eg()) * c->count;
    }
  }
  // The penalty of king_danger_penalty, against White's king and for Black's.
  for (Color side : {WHITE, BLACK}) {
    const double sign = side == WHITE ? 1.0 : -1.0;
    mg += sign * eval::danger_penalty_mg(r.danger_mg[side]);
    eg += sign * eval::danger_penalty_eg(r.danger_eg[side]);
  }
  r.eval = mg * mg_weight(s) + eg * eg_weight(s);
  return r;
}

double linear_eval(const SampleSet& set, const Sample& s, const std::vector<Score>& w) {
  return evaluate_sample(set, s, w).eval;
}

}  // namespace

bool SampleSet::add(const Position& pos, float result, float score) {
  const eval::Coefficients c = eval::coefficients(pos);
  if (c.special) return false;
  const std::size_t size = c.counts.size() + c.danger[WHITE].size() + c.danger[BLACK].size();
  samples_.push_back({std::uint32_t(counts_.size()), std::uint16_t(size), std::int8_t(c.phase),
                      std::int8_t(c.scale), result, score});
  for (const auto& [param, count] : c.counts)
    counts_.push_back({std::uint16_t(param), std::int16_t(count)});
  for (Color side : {WHITE, BLACK})
    for (const auto& [param, count] : c.danger[side])
      counts_.push_back(
          {std::uint16_t(param | (side == WHITE ? Count::kWhiteKing : Count::kBlackKing)),
           std::int16_t(count)});
  return true;
}

void SampleSet::append(const SampleSet& other) {
  const std::uint32_t offset = std::uint32_t(counts_.size());
  counts_.insert(counts_.end(), other.counts_.begin(), other.counts_.end());
  for (Sample s : other.samples_) {
    s.first += offset;
    samples_.push_back(s);
  }
}

absl::StatusOr<LabelledLine> parse_labelled_line(std::string_view text) {
  const absl::string_view line(text.data(), text.size());
  const std::size_t open = line.find('['), close = line.find(']');
  if (open == absl::string_view::npos || close == absl::string_view::npos || close < open)
    return absl::InvalidArgumentError("no [result] on the line");
  const absl::string_view fen = line.substr(0, open);
  auto pos = Position::from_fen(std::string_view(fen.data(), fen.size()));
  if (!pos.ok()) return pos.status();
  const absl::string_view result_text =
      absl::StripAsciiWhitespace(line.substr(open + 1, close - open - 1));
  float result = 0;
  if (!absl::SimpleAtof(result_text, &result) || !(result == 0 || result == 0.5f || result == 1))
    return absl::InvalidArgumentError(absl::StrCat("bad result '", result_text, "'"));
  const std::size_t bar = line.find('|', close);
  const absl::string_view score_text = absl::StripAsciiWhitespace(line.substr(
      close + 1, bar == absl::string_view::npos ? absl::string_view::npos : bar - close - 1));
  float score = 0;
  if (!score_text.empty() &&
      (!absl::SimpleAtof(score_text, &score) || !std::isfinite(score) || std::abs(score) > 100000))
    return absl::InvalidArgumentError(absl::StrCat("bad score '", score_text, "'"));
  LabelledLine parsed{*std::move(pos), result, score, std::nullopt};
  if (bar != absl::string_view::npos) {
    const absl::string_view leaf_fen = line.substr(bar + 1);
    auto leaf = Position::from_fen(std::string_view(leaf_fen.data(), leaf_fen.size()));
    if (leaf.ok()) parsed.leaf = *std::move(leaf);
  }
  return parsed;
}

namespace {

constexpr std::size_t kHoldoutBlock = 1000;
constexpr std::size_t kChunkLines = 1 << 20;  // parsed in parallel, then appended in order

std::size_t holdout_period(double holdout_fraction) {
  return holdout_fraction > 0
             ? std::max<std::size_t>(2, std::size_t(std::lround(1 / holdout_fraction)))
             : 0;
}

bool in_held_out_block(std::size_t index, std::size_t period) {
  return period && index / kHoldoutBlock % period == period - 1;
}

// Turns lines into samples in parallel, keeping the lines' order.
void parse_chunk(const std::vector<std::string>& lines, std::size_t first_line, int threads,
                 std::size_t period, Leaf leaf, Dataset& d) {
  const int n = std::max(1, threads);
  std::vector<SampleSet> train(n), holdout(n);
  parallel_for(lines.size(), n, [&](std::size_t b, std::size_t e, int t) {
    eval::PawnCache cache;
    std::vector<Move> pv;
    for (std::size_t i = b; i < e; ++i) {
      auto parsed = parse_labelled_line(lines[i]);
      if (!parsed.ok() || parsed->pos.checkers()) continue;
      const float result = parsed->result, score = parsed->score;
      std::optional<Position> pos = std::move(parsed->pos);
      if (leaf == Leaf::kSearchPv && parsed->leaf && !parsed->leaf->checkers())
        pos = std::move(parsed->leaf);
      qsearch(*pos, cache, -30000, 30000, 0, pv);
      for (Move m : pv) pos->do_move(m);
      const bool held_out = in_held_out_block(first_line + i, period);
      (held_out ? holdout : train)[t].add(*pos, result, score);
    }
  });
  for (int t = 0; t < n; ++t) {
    d.train.append(train[t]);
    d.holdout.append(holdout[t]);
  }
}

}  // namespace

void resolve_to_quiet(Position& pos, eval::PawnCache& cache) {
  std::vector<Move> pv;
  qsearch(pos, cache, -30000, 30000, 0, pv);
  for (Move m : pv) pos.do_move(m);
}

bool held_out_line(std::size_t index, double holdout_fraction) {
  return in_held_out_block(index, holdout_period(holdout_fraction));
}

absl::StatusOr<Dataset> load(const std::vector<std::string>& paths, double holdout_fraction,
                             std::size_t limit, int threads, Leaf leaf) {
  Dataset d;
  const std::size_t period = holdout_period(holdout_fraction);
  std::vector<std::string> lines;
  char buf[512];
  for (const std::string& path : paths) {
    const bool xz = path.size() > 3 && path.substr(path.size() - 3) == ".xz";
    const std::string command = xz ? "xz -dc '" + path + "'" : "cat '" + path + "'";
    std::unique_ptr<FILE, int (*)(FILE*)> in(popen(command.c_str(), "r"), pclose);
    if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
    const std::size_t before = d.lines;
    while ((!limit || d.lines < limit) && fgets(buf, sizeof buf, in.get())) {
      lines.emplace_back(buf);
      if (++d.lines % kChunkLines == 0) {
        parse_chunk(lines, d.lines - lines.size(), threads, period, leaf, d);
        lines.clear();
      }
    }
    if (d.lines == before && (!limit || d.lines < limit))
      return absl::NotFoundError(absl::StrCat("no positions in ", path));
  }
  parse_chunk(lines, d.lines - lines.size(), threads, period, leaf, d);
  return d;
}

double error(const SampleSet& data, const std::vector<Score>& w, const Objective& obj,
             int threads) {
  std::vector<double> partial(std::max(1, threads), 0.0);
  parallel_for(data.size(), threads, [&](std::size_t b, std::size_t e, int t) {
    double sum = 0;
    for (std::size_t i = b; i < e; ++i) {
      const double d = target(data[i], obj) - sigmoid(obj.k, linear_eval(data, data[i], w));
      sum += d * d;
    }
    partial[t] = sum;
  });
  double total = 0;
  for (double p : partial) total += p;
  return total / double(std::max<std::size_t>(1, data.size()));
}

std::vector<double> gradient(const SampleSet& data, const std::vector<Score>& w,
                             const Objective& obj, int threads) {
  const int n = std::max(1, threads);
  std::vector<std::vector<double>> partial(n, std::vector<double>(2 * w.size(), 0.0));
  parallel_for(data.size(), n, [&](std::size_t b, std::size_t e, int t) {
    std::vector<double>& g = partial[t];
    for (std::size_t i = b; i < e; ++i) {
      const Sample& s = data[i];
      const Evaluated ev = evaluate_sample(data, s, w);
      const double p = sigmoid(obj.k, ev.eval);
      // d/d eval of (target - p)^2
      const double d = -2.0 * (target(s, obj) - p) * p * (1.0 - p) * obj.k / 400.0;
      const double mg = d * mg_weight(s), eg = d * eg_weight(s);
      // King danger inputs reach the eval through the penalty: its slope at this danger
      // (2 max(s, 0) / 720 in the middlegame, [s > 0] / 20 in the endgame), negative for
      // White's king and positive for Black's.
      double danger_mg[COLOR_NB], danger_eg[COLOR_NB];
      for (Color side : {WHITE, BLACK}) {
        const double sign = side == WHITE ? -1.0 : 1.0;
        danger_mg[side] =
            sign * mg * 2.0 * std::max(ev.danger_mg[side], 0.0) / eval::DangerMgDivisor;
        danger_eg[side] = ev.danger_eg[side] > 0 ? sign * eg / eval::DangerEgDivisor : 0.0;
      }
      for (const Count* c = data.begin(s); c != data.end(s); ++c) {
        const std::size_t param = c->param & Count::kIndex;
        const Color side = c->param & Count::kBlackKing ? BLACK : WHITE;
        const bool danger = c->param & (Count::kWhiteKing | Count::kBlackKing);
        g[2 * param] += (danger ? danger_mg[side] : mg) * c->count;
        g[2 * param + 1] += (danger ? danger_eg[side] : eg) * c->count;
      }
    }
  });
  std::vector<double> grad(2 * w.size(), 0.0);
  for (const auto& g : partial)
    for (std::size_t i = 0; i < g.size(); ++i) grad[i] += g[i];
  for (double& g : grad) g /= double(std::max<std::size_t>(1, data.size()));
  return grad;
}

double fit_k(const SampleSet& data, const std::vector<Score>& w, double lambda, int threads) {
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

std::vector<Score> adam(const SampleSet& data, std::vector<Score> w, const Objective& obj,
                        int epochs, double learning_rate, int threads, int report_every,
                        const std::vector<bool>& trainable) {
  // Weights are integers in the engine; Adam works on doubles and rounds at the end.
  std::vector<double> x(2 * w.size()), m(x.size(), 0.0), v(x.size(), 0.0);
  for (std::size_t i = 0; i < w.size(); ++i) {
    x[2 * i] = w[i].mg();
    x[2 * i + 1] = w[i].eg();
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
    std::vector<double> g = gradient(data, current, obj, threads);
    // The pull: d/dx of pull * (opposite - ordinary)^2 on each opposite-wing weight.
    constexpr std::size_t kFirst = 2 * eval::kPsqtOppositeWings, kLast = 2 * eval::kDangerAttacker,
                          kOffset = 2 * (eval::kPsqtOppositeWings - eval::kPsqt);
    for (std::size_t i = kFirst; i < kLast; ++i) g[i] += 2 * obj.pull * (x[i] - x[i - kOffset]);
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (!trainable.empty() && !trainable[i / 2]) continue;
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

std::vector<bool> weights_in_blocks(const std::vector<std::string>& names) {
  std::vector<bool> in(eval::kNumParams, names.empty());
  for (const eval::ParamBlock& block : eval::kParamBlocks)
    for (const std::string& name : names)
      if (absl::StrContains(block.name, name))
        for (int i = 0; i < block.size; ++i) in[block.start + i] = true;
  return in;
}

std::string weights_source(const std::vector<Score>& w) {
  std::string out =
      "// SPDX-License-Identifier: GPL-3.0-or-later\n"
      "// Evaluation weights, one {mg, eg} pair per parameter of params.h, in its order.\n"
      "// Written by tools/tune (riposte_tune); edit by re-tuning rather than by hand.\n"
      "#include \"nnue-free-eval/params.h\"\n\nnamespace riposte::eval {\n\n"
      "// clang-format off\n"
      "const Score kWeights[kNumParams] = {\n";
  for (const eval::ParamBlock& block : eval::kParamBlocks) {
    absl::StrAppend(&out, "    // ", block.name, "\n");
    std::string line = "   ";
    for (int i = block.start; i < block.start + block.size; ++i) {
      const std::string item = absl::StrFormat(" {%d, %d},", w[i].mg(), w[i].eg());
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
