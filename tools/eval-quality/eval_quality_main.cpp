// SPDX-License-Identifier: GPL-3.0-or-later
// riposte_eval_quality: how well a static evaluation predicts game results, without games.
// Held-out labelled positions (the tuner's split) are resolved to their quiet leaves; Riposte's
// evaluation and Stockfish's classical one (its `eval` command, Use NNUE=false) score each
// leaf; each gets its own sigmoid scale K and is judged by its log-loss against the results.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "movegen/position.h"
#include "nnue-free-eval/evaluate.h"
#include "nnue-free-eval/tuner.h"
#include "tools/flags.h"

ABSL_FLAG(std::string, data, "../shared/data/tuning/sf15-selfplay-5knodes.txt.xz",
          "labelled positions, <FEN> [<result>] <score> per line, optionally .xz");
ABSL_FLAG(double, holdout, 0.1, "the tuner's held-out fraction: only those blocks are read");
ABSL_FLAG(std::size_t, positions, 0,
          "held-out positions scored, spread evenly over the file (0: all)");
ABSL_FLAG(std::string, stockfish, "/usr/games/stockfish",
          "Stockfish binary whose classical `eval` is compared (empty: Riposte only)");

namespace {

using namespace riposte;

struct Labelled {
  std::string fen;
  double result;
  double riposte;
  std::optional<double> stockfish;
};

// A UCI engine on two pipes.
class Engine {
 public:
  explicit Engine(const std::string& path) {
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
  }
  ~Engine() {
    if (in_) {
      send("quit");
      std::fclose(in_);
    }
    if (out_) std::fclose(out_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  bool ok() const { return pid_ > 0 && in_ && out_; }
  void send(const std::string& line) {
    std::fprintf(in_, "%s\n", line.c_str());
    std::fflush(in_);
  }
  std::optional<std::string> read_line() {
    char buf[1024];
    if (!std::fgets(buf, sizeof buf, out_)) return std::nullopt;
    return std::string(absl::StripTrailingAsciiWhitespace(buf));
  }

 private:
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

// Stockfish's classical evaluation of fen in centipawns (White's view); none in check.
std::optional<double> stockfish_eval(Engine& sf, const std::string& fen, bool& alive) {
  sf.send("position fen " + fen);
  sf.send("eval");
  std::optional<double> value;
  while (auto line = sf.read_line()) {
    absl::string_view rest = *line;
    if (absl::ConsumePrefix(&rest, "Classical evaluation")) {
      const std::vector<absl::string_view> words =
          absl::StrSplit(rest, ' ', absl::SkipWhitespace());
      double pawns;
      if (!words.empty() && absl::SimpleAtod(words[0], &pawns)) value = 100 * pawns;
    }
    if (absl::StartsWith(*line, "Final evaluation")) return value;
  }
  alive = false;
  return std::nullopt;
}

double log_loss(const std::vector<std::pair<double, double>>& xy, double k) {
  double sum = 0;
  for (const auto& [cp, y] : xy) {
    const double p = std::clamp(1.0 / (1.0 + std::exp(-k * cp / 400.0)), 1e-12, 1 - 1e-12);
    sum -= y * std::log(p) + (1 - y) * std::log(1 - p);
  }
  return sum / double(xy.size());
}

// The scale K with the least log-loss: golden-section search on log K.
double fit_k(const std::vector<std::pair<double, double>>& xy) {
  double a = std::log(0.01), b = std::log(20.0);
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 80; ++i) {
    const double c = b - g * (b - a), d = a + g * (b - a);
    if (log_loss(xy, std::exp(c)) < log_loss(xy, std::exp(d)))
      b = d;
    else
      a = c;
  }
  return std::exp((a + b) / 2);
}

}  // namespace

int main(int argc, char** argv) {
  riposte::parse_tool_flags(argc, argv,
                            "riposte_eval_quality [flags]:\n"
                            "  log-loss of Riposte's and Stockfish's classical evaluation on "
                            "held-out quiet positions");
  init_movegen();
  eval::init();
  const std::string path = absl::GetFlag(FLAGS_data);
  const bool xz = absl::EndsWith(path, ".xz");
  const std::string command = (xz ? "xz -dc '" : "cat '") + path + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> in(popen(command.c_str(), "r"), pclose);
  std::vector<std::string> lines;
  char buf[512];
  for (std::size_t i = 0; in && std::fgets(buf, sizeof buf, in.get()); ++i)
    if (tune::held_out_line(i, absl::GetFlag(FLAGS_holdout))) lines.emplace_back(buf);
  if (lines.empty()) {
    std::fprintf(stderr, "error: no held-out positions in %s\n", path.c_str());
    return 1;
  }
  const std::size_t want = absl::GetFlag(FLAGS_positions);
  const std::size_t n = want ? std::min(want, lines.size()) : lines.size();

  std::unique_ptr<Engine> sf;
  if (const std::string sf_path = absl::GetFlag(FLAGS_stockfish); !sf_path.empty()) {
    sf = std::make_unique<Engine>(sf_path);
    if (!sf->ok()) {
      std::fprintf(stderr, "error: cannot start %s\n", sf_path.c_str());
      return 1;
    }
    sf->send("setoption name Use NNUE value false");
  }
  eval::PawnCache cache;
  std::vector<Labelled> scored;
  bool alive = true;
  for (std::size_t j = 0; j < n && alive; ++j) {
    auto parsed = tune::parse_labelled_line(lines[j * lines.size() / n]);
    if (!parsed.ok() || parsed->pos.checkers()) continue;
    Position pos = parsed->pos;
    tune::resolve_to_quiet(pos, cache);
    if (pos.checkers()) continue;
    const int own = eval::evaluate(pos);
    Labelled l{pos.fen(), parsed->result, double(pos.side_to_move() == WHITE ? own : -own), {}};
    if (sf) {
      l.stockfish = stockfish_eval(*sf, l.fen, alive);
      if (!l.stockfish) continue;
    }
    scored.push_back(std::move(l));
  }
  if (!alive) {
    std::fprintf(stderr, "error: Stockfish stopped answering\n");
    return 1;
  }
  std::printf("%zu held-out quiet positions from %s\n", scored.size(), path.c_str());
  std::vector<std::pair<double, double>> ours, theirs;
  for (const Labelled& l : scored) {
    ours.emplace_back(l.riposte, l.result);
    if (l.stockfish) theirs.emplace_back(*l.stockfish, l.result);
  }
  const double k_ours = fit_k(ours), loss_ours = log_loss(ours, k_ours);
  std::printf("Riposte             K %.4f  log-loss %.6f\n", k_ours, loss_ours);
  if (!theirs.empty()) {
    const double k_theirs = fit_k(theirs), loss_theirs = log_loss(theirs, k_theirs);
    std::printf("Stockfish classical K %.4f  log-loss %.6f\n", k_theirs, loss_theirs);
    std::printf("Riposte - Stockfish           %+.6f\n", loss_ours - loss_theirs);
  }
  return 0;
}
