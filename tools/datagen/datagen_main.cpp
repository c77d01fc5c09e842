// SPDX-License-Identifier: GPL-3.0-or-later
// riposte_datagen: self-play games written as tuning data, `FEN [result] score` per line.
//   riposte_datagen --games=20000 --threads=2 --seed=1 --out=/data/riposte-1.txt
// Thread t plays games t, t + T, t + 2T, ... each from its own seed, and the lines are written
// in game order, so a seed and a thread count always give the same file.
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "engine/selfplay.h"
#include "movegen/epd.h"
#include "nnue-free-eval/evaluate.h"
#include "tools/flags.h"

ABSL_FLAG(std::string, book, "../shared/data/books/8moves_v3.epd.xz",
          "EPD openings (plain or .xz), one picked at random per game");
ABSL_FLAG(std::string, out, "", "output file (required)");
ABSL_FLAG(int, games, 1000, "games to play");
ABSL_FLAG(int, threads, 1, "games played at once, one search thread each");
ABSL_FLAG(std::uint64_t, seed, 1, "random seed");
ABSL_FLAG(std::uint64_t, nodes, 5000, "nodes searched per move");
ABSL_FLAG(std::uint64_t, opening_nodes, 1000,
          "nodes per move before positions are kept (0: as --nodes)");
ABSL_FLAG(int, hash, 4, "TT megabytes per thread");

namespace {

std::vector<std::string> read_book(const std::string& path) {
  const bool xz = path.size() > 3 && path.substr(path.size() - 3) == ".xz";
  const std::string command = (xz ? "xz -dc '" : "cat '") + path + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> in(popen(command.c_str(), "r"), pclose);
  std::vector<std::string> lines;
  if (!in) return lines;
  char buf[1024];
  while (fgets(buf, sizeof buf, in.get()))
    if (auto record = riposte::parse_epd_line(buf); record.ok())
      lines.push_back(std::move(record->fen));
  return lines;
}

// Writes each game's lines in game order, whichever thread finishes first.
class OrderedWriter {
 public:
  explicit OrderedWriter(FILE* out) : out_(out) {}
  struct Counts {
    int games = 0;
    std::size_t positions = 0;
    std::uint64_t nodes = 0;
  };
  void put(int game, std::string lines, std::size_t positions, std::uint64_t nodes) {
    std::lock_guard lock(mutex_);
    pending_.emplace(game, std::move(lines));
    ++counts_.games;
    counts_.positions += positions;
    counts_.nodes += nodes;
    for (auto it = pending_.find(next_); it != pending_.end(); it = pending_.find(++next_)) {
      std::fputs(it->second.c_str(), out_);
      pending_.erase(it);
    }
  }
  Counts counts() {
    std::lock_guard lock(mutex_);
    return counts_;
  }

 private:
  FILE* out_;
  std::mutex mutex_;
  std::map<int, std::string> pending_;
  int next_ = 0;
  Counts counts_;
};

}  // namespace

int main(int argc, char** argv) {
  riposte::parse_tool_flags(argc, argv,
                            "riposte_datagen --games=N --out=FILE [flags]:\n"
                            "  self-play games at a fixed node count, written as tuning data");
  using namespace riposte;
  init_movegen();
  eval::init();
  const std::string out_path = absl::GetFlag(FLAGS_out);
  if (out_path.empty()) {
    std::fprintf(stderr, "error: --out is required\n");
    return 1;
  }
  const std::vector<std::string> book = read_book(absl::GetFlag(FLAGS_book));
  if (book.empty()) {
    std::fprintf(stderr, "error: no openings in %s\n", absl::GetFlag(FLAGS_book).c_str());
    return 1;
  }
  datagen::Settings settings;
  settings.nodes = absl::GetFlag(FLAGS_nodes);
  settings.opening_nodes = absl::GetFlag(FLAGS_opening_nodes);
  const int games = absl::GetFlag(FLAGS_games);
  const int threads = std::max(1, absl::GetFlag(FLAGS_threads));
  const std::uint64_t seed = absl::GetFlag(FLAGS_seed);
  std::vector<std::unique_ptr<datagen::SelfPlay>> players;
  try {
    for (int t = 0; t < threads; ++t)
      players.push_back(std::make_unique<datagen::SelfPlay>(settings, absl::GetFlag(FLAGS_hash)));
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> out(std::fopen(out_path.c_str(), "w"), std::fclose);
  if (!out) {
    std::fprintf(stderr, "error: cannot write %s\n", out_path.c_str());
    return 1;
  }

  OrderedWriter writer(out.get());
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      datagen::SelfPlay& player = *players[t];
      for (int g = t; g < games; g += threads) {
        // Each game its own stream: the file depends on the seed, not on timing.
        std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(g));
        std::optional<datagen::Game> game;
        while (!game)
          game = player.play(
              book[std::uniform_int_distribution<std::size_t>(0, book.size() - 1)(rng)], rng);
        writer.put(g, datagen::to_lines(*game), game->positions.size(), game->nodes);
      }
    });
  // Progress on stderr every ten seconds, and once at the end.
  std::thread progress([&] {
    for (;;) {
      const auto c = writer.counts();
      const double s =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "games %d/%d, positions %zu, %.0f positions/s, %.0f nodes/position\n",
                   c.games, games, c.positions, c.positions / std::max(s, 1e-3),
                   double(c.nodes) / double(std::max<std::size_t>(c.positions, 1)));
      if (c.games == games) return;
      for (int i = 0; i < 100 && writer.counts().games < games; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  for (std::thread& w : workers) w.join();
  progress.join();
  return 0;
}
