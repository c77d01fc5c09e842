// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/uci.h"

#include <algorithm>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/bench.h"
#include "engine/version.h"
#include "engine/wdl.h"
#include "movegen/notation.h"
#include "movegen/perft.h"
#include "nnue-free-eval/evaluate.h"
#ifdef RIPOSTE_TUNING
#include "nnue-free-eval/tuner.h"
#endif
#include "search/params.h"
#include "search/syzygy.h"

namespace riposte {

namespace {

constexpr const char* kEngineAuthor = "the Riposte developers";
constexpr int kMaxHashMb = 1 << 20;  // 1 TB
constexpr int kMaxThreads = 1024;
constexpr int kBenchDepth = 11;

std::string score_text(int v) {
  if (!is_mate_score(v)) return absl::StrCat("cp ", v);
  return absl::StrCat("mate ", v > 0 ? (kValueMate - v + 1) / 2 : -(kValueMate + v) / 2);
}

}  // namespace

Uci::Uci(std::ostream& out, bool dev_options, int hash_mb)
    : out_(out), pool_(tt_), pos_(Position::start_position()) {
  // Without a table every probe would read through a null pointer: if the default size cannot
  // be had, say so and take the smallest.
  hash_mb = std::clamp(hash_mb, 1, kMaxHashMb);
  if (absl::Status s = tt_.resize(std::size_t(hash_mb)); !s.ok()) {
    error(s.message());
    if (absl::Status smallest = tt_.resize(1); !smallest.ok()) error(smallest.message());
  }
  options_.add_spin("Hash", hash_mb, 1, kMaxHashMb, [this](const std::string& v) {
    pool_.wait();
    return tt_.resize(std::stoull(v), pool_.size());
  });
  options_.add_spin("Threads", 1, 1, kMaxThreads, [this](const std::string& v) {
    pool_.set_threads(std::stoi(v));
    return absl::OkStatus();
  });
  options_.add_button("Clear Hash", [this](const std::string&) {
    pool_.wait();
    tt_.clear(pool_.size());
    return absl::OkStatus();
  });
  SearchOptions& so = search_options_;
  options_.bind_spin("Move Overhead", so.move_overhead, 0, 5000);
  options_.bind_spin("MultiPV", so.multipv, 1, 256);
  options_.bind_check("Ponder", so.ponder);
  options_.add_check("UCI_Chess960", false);  // read by each `position` and `go`
  options_.add_check("UCI_ShowWDL", false);   // read by each report
  options_.bind_check("UCI_LimitStrength", so.strength.enabled);
  options_.bind_spin("UCI_Elo", so.strength.elo, kStrengthMinElo, kStrengthMaxElo);
  options_.add_string("SyzygyPath", "", [this](const std::string& v) {
    pool_.wait();
    auto loaded = syzygy::load(v);
    if (!loaded.ok()) return loaded.status();
    if (loaded->largest == 0) return absl::OkStatus();  // <empty>: tables unloaded
    std::string text =
        absl::StrCat("info string Syzygy: ", loaded->wdl_files, " WDL and ", loaded->dtz_files,
                     " DTZ tables, up to ", loaded->largest, " pieces");
    if (!loaded->problems.empty())
      absl::StrAppend(&text, "; ignored: ", absl::StrJoin(loaded->problems, "; "));
    out_.line(text);
    return absl::OkStatus();
  });
  options_.bind_spin("SyzygyProbeDepth", so.syzygy_probe_depth, 1, 100);
  options_.bind_check("Syzygy50MoveRule", so.syzygy_50_move_rule);
  options_.bind_spin("SyzygyProbeLimit", so.syzygy_probe_limit, 0, 7);

  // Development switches: each turns one move-ordering heuristic on or off for measuring it in
  // games (listed by `uci` only under --dev). Each starts at the engine's default.
  const bool hidden = !dev_options;
  const std::pair<const char*, bool*> switches[] = {
      {"DevBaselineOrdering", &so.ordering.baseline},
      {"DevKillers", &so.ordering.killers},
      {"DevCountermove", &so.ordering.countermove},
      {"DevButterflyHistory", &so.ordering.butterfly},
      {"DevCounterMoveHistory", &so.ordering.counter_history},
      {"DevFollowUpHistory", &so.ordering.followup_history},
      {"DevCaptureHistory", &so.ordering.capture_history},
      {"DevDeepContinuation", &so.ordering.deep_continuation},
      {"DevThreatOrdering", &so.ordering.threats},
      {"DevPawnHistory", &so.ordering.pawn_history},
      {"DevLowPlyHistory", &so.ordering.low_ply_history},
      {"DevContinuationSplit", &so.ordering.continuation_split},
      {"DevCaptureSeeHistory", &so.ordering.capture_see_history},
      {"DevEvalDiffHistory", &so.ordering.eval_diff_history},
      {"DevLMRContinuationUpdate", &so.ordering.lmr_continuation_update},
  };
  for (const auto& [name, flag] : switches) options_.bind_check(name, *flag, hidden);

  // Tuning builds expose every search parameter as a spin option, for SPSA.
  if constexpr (params::kTuning)
    for (const params::Param& p : params::all())
      options_.add_spin(p.name, p.default_value, p.min, p.max, [this, p](const std::string& v) {
        pool_.wait();             // helpers of the last search may still read the parameters
        *p.value = std::stoi(v);  // the reduction tables are made anew at each start
#ifdef RIPOSTE_TUNING
        eval::apply_group_scales();
#endif
        return absl::OkStatus();
      });
}

Uci::~Uci() {
  pool_.stop();
  pool_.wait();
}

void Uci::loop(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!execute(line)) return;
  execute("quit");
}

void Uci::finish_search() {
  // A `go` that arrives while an infinite or ponder search runs would otherwise wait forever
  // for a `stop` the blocked reader could not read: end the old search (it sends its bestmove).
  pool_.stop();
  pool_.wait();
}

void Uci::error(absl::string_view message) {
  // Messages quote the input, which may be any length and hold any byte: the GUI gets one
  // short printable line.
  constexpr std::size_t kMaxQuoted = 200;
  std::string line = "info string error: ";
  for (const char ch : message.substr(0, kMaxQuoted)) line += ch >= 0x20 && ch < 0x7f ? ch : '?';
  if (message.size() > kMaxQuoted) absl::StrAppend(&line, "... (", message.size(), " bytes)");
  out_.line(line);
}

bool Uci::execute(std::string_view line) {
  const std::vector<std::string> tokens = absl::StrSplit(
      absl::string_view(line.data(), line.size()), absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
  if (tokens.empty()) return true;
  const std::string& cmd = tokens[0];

  if (cmd == "quit") {
    pool_.stop();
    pool_.wait();
    return false;
  }
  if (cmd == "stop")
    pool_.stop();
  else if (cmd == "isready")
    out_.line("readyok");
  else if (cmd == "ponderhit")
    pool_.ponderhit();
  else if (cmd == "uci")
    cmd_uci();
  else if (cmd == "ucinewgame") {
    pool_.stop();
    pool_.clear();
  } else if (cmd == "setoption")
    cmd_setoption(line);
  else if (cmd == "position")
    cmd_position(tokens);
  else if (cmd == "go")
    cmd_go(tokens);
  else if (cmd == "d")
    out_.line(pos_.pretty());
  else if (cmd == "eval")
    out_.line(eval::trace(pos_));
  else if (cmd == "bench")
    cmd_bench(tokens);
  else if (cmd == "spsa")
    cmd_spsa();
#ifdef RIPOSTE_TUNING
  else if (cmd == "weights") {
    std::string source =
        tune::weights_source({eval::weights(), eval::weights() + eval::kNumParams});
    source.pop_back();  // the file's last newline: out_.line adds it
    out_.line(source);
  }
#endif
  else if (cmd == "debug") {
  } else
    error(absl::StrCat("unknown command '", std::string(line), "'"));
  return true;
}

void Uci::cmd_uci() {
  out_.line(absl::StrCat("id name ", kEngineName));
  out_.line(absl::StrCat("id author ", kEngineAuthor));
  for (const std::string& l : options_.uci_lines()) out_.line(l);
  out_.line("uciok");
}

void Uci::cmd_setoption(std::string_view line) {
  if (pool_.searching()) return error("options cannot change during a search");
  // Names and values may contain spaces: `setoption name Clear Hash`, `... name X value a b`.
  const std::string text(line);
  const std::size_t name_at = text.find(" name ");
  if (name_at == std::string::npos) return error("setoption needs 'name <id> [value <x>]'");
  const std::size_t value_at = text.find(" value ", name_at);
  std::string name = text.substr(
      name_at + 6, value_at == std::string::npos ? std::string::npos : value_at - name_at - 6);
  std::string value = value_at == std::string::npos ? "" : text.substr(value_at + 7);
  auto trim = [](std::string& s) {
    s.erase(0, s.find_first_not_of(" \t\r\n"));
    s.erase(s.find_last_not_of(" \t\r\n") + 1);
  };
  trim(name);
  trim(value);
  if (absl::Status s = options_.set(name, value); !s.ok()) error(s.message());
}

void Uci::cmd_position(const std::vector<std::string>& tokens) {
  std::size_t i = 1;
  std::string fen;
  if (i < tokens.size() && tokens[i] == "startpos") {
    fen = std::string(kStartFen);
    ++i;
  } else if (i < tokens.size() && tokens[i] == "fen") {
    std::vector<std::string> fields;
    for (++i; i < tokens.size() && tokens[i] != "moves"; ++i) fields.push_back(tokens[i]);
    fen = absl::StrJoin(fields, " ");
  } else {
    return error("position needs 'startpos' or 'fen <fen>'");
  }
  auto pos = Position::from_fen(fen, options_.check("UCI_Chess960"));
  if (!pos.ok()) return error(pos.status().message());
  if (i < tokens.size() && tokens[i] == "moves") {
    for (++i; i < tokens.size(); ++i) {
      const auto move = parse_uci_move(*pos, tokens[i]);
      if (!move.ok()) return error(move.status().message());
      pos->do_move(*move);
    }
  } else if (i < tokens.size()) {
    return error(absl::StrCat("unexpected '", tokens[i], "' in position command"));
  }
  pos_ = std::move(*pos);
}

void Uci::print_report(const SearchReport& r, const ReportStyle& style) {
  // wdl follows the score and its bound, which belong together.
  const auto wdl_text = [&](const Wdl& w) {
    return style.show_wdl ? absl::StrCat(" wdl ", w.win, " ", w.draw, " ", w.loss) : "";
  };
  if (r.pv.empty()) {  // no legal move at the root: mated, or a stalemate, which is a sure draw
    const Wdl w = r.score == kValueDraw ? Wdl{0, 1000, 0} : wdl_from_score(r.score, 0);
    out_.line(absl::StrCat("info depth 0 score ", score_text(r.score), wdl_text(w)));
    return;
  }
  std::string line = absl::StrCat("info depth ", r.depth, " seldepth ", r.seldepth, " multipv ",
                                  r.multipv, " score ", score_text(r.score));
  if (r.bound == BOUND_LOWER) line += " lowerbound";
  if (r.bound == BOUND_UPPER) line += " upperbound";
  line += wdl_text(wdl_from_score(r.score, style.material));
  const std::uint64_t nps = r.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, r.time_ms));
  absl::StrAppend(&line, " nodes ", r.nodes, " nps ", nps, " hashfull ", r.hashfull, " tbhits ",
                  r.tb_hits, " time ", r.time_ms, " pv");
  for (Move m : r.pv) absl::StrAppend(&line, " ", to_uci(m, style.chess960));
  out_.line(line);
}

void Uci::cmd_go(const std::vector<std::string>& tokens) {
  const TimePoint received = now();
  if (tokens.size() >= 2 && tokens[1] == "perft") return cmd_perft(tokens);

  SearchLimits limits;
  static const std::vector<std::string> keywords = {
      "searchmoves", "ponder", "wtime", "btime", "winc",     "binc",
      "movestogo",   "depth",  "nodes", "mate",  "movetime", "infinite"};
  auto number = [&](std::size_t& i, std::int64_t& out) {
    std::int64_t v;
    if (i + 1 < tokens.size() && absl::SimpleAtoi(tokens[i + 1], &v)) {
      out = v;
      ++i;
      return true;
    }
    error(absl::StrCat("go ", tokens[i], " needs a number; ignored"));
    return false;
  };
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    std::int64_t v = 0;
    if (t == "infinite")
      limits.infinite = true;
    else if (t == "ponder")
      limits.ponder = true;
    else if (t == "wtime") {
      // A clock at zero or below (a GUI's overrun) is an empty clock: move at once.
      if (number(i, v)) limits.time[WHITE] = std::max<std::int64_t>(0, v);
    } else if (t == "btime") {
      if (number(i, v)) limits.time[BLACK] = std::max<std::int64_t>(0, v);
    } else if (t == "winc") {
      if (number(i, v)) limits.inc[WHITE] = std::max<std::int64_t>(0, v);
    } else if (t == "binc") {
      if (number(i, v)) limits.inc[BLACK] = std::max<std::int64_t>(0, v);
    } else if (t == "movestogo") {
      if (number(i, v)) limits.movestogo = int(std::clamp<std::int64_t>(v, 0, 10000));
    } else if (t == "depth") {
      // A depth, node count, mate distance or move time of zero or less cannot be met by any
      // search: it gets the shortest one, which still yields a legal move.
      if (number(i, v)) limits.depth = int(std::clamp<std::int64_t>(v, 1, kMaxPly - 1));
    } else if (t == "nodes") {
      if (number(i, v)) limits.nodes = std::uint64_t(std::max<std::int64_t>(1, v));
    } else if (t == "mate") {
      if (number(i, v)) {
        if (v > 0)
          limits.mate = int(std::min<std::int64_t>(v, kMaxPly));
        else
          limits.depth = 1;
      }
    } else if (t == "movetime") {
      if (number(i, v)) limits.movetime = std::max<std::int64_t>(1, v);
    } else if (t == "searchmoves") {
      while (i + 1 < tokens.size() &&
             std::find(keywords.begin(), keywords.end(), tokens[i + 1]) == keywords.end()) {
        const auto m = parse_uci_move(pos_, tokens[++i]);
        if (m.ok())
          limits.searchmoves.push_back(*m);
        else
          error(absl::StrCat(m.status().message(), "; ignored in searchmoves"));
      }
    } else {
      error(absl::StrCat("unknown go parameter '", t, "' ignored"));
    }
  }

  const bool chess960 = pos_.is_chess960();
  const ReportStyle style{chess960, options_.check("UCI_ShowWDL"), wdl_material(pos_)};
  SearchListener listener{[this, style](const SearchReport& r) { print_report(r, style); },
                          [this, chess960](Move best, Move ponder) {
                            if (!best) {
                              out_.line("bestmove 0000");
                              return;
                            }
                            std::string line = "bestmove " + to_uci(best, chess960);
                            if (ponder) line += " ponder " + to_uci(ponder, chess960);
                            out_.line(line);
                          }};
  finish_search();
  pool_.start(pos_, limits, search_options_, std::move(listener), received);
}

void Uci::cmd_spsa() {
  // Only the tuning build can honour the table: elsewhere the parameters are constants, and
  // an SPSA run would tune nothing.
  if constexpr (!params::kTuning) {
    out_.line(
        "info string spsa: this binary's search parameters are constants; build the tuning "
        "binary (make TUNING=1, or cmake --preset tuning) to tune them");
    return;
  }
  for (const params::Param& p : params::all()) out_.line(params::spsa_line(p));
}

void Uci::cmd_perft(const std::vector<std::string>& tokens) {
  int depth = 0;
  if (tokens.size() < 3 || !absl::SimpleAtoi(tokens[2], &depth) || depth < 1 || depth > 64)
    return error("go perft needs a depth from 1 to 64");
  finish_search();
  std::uint64_t total = 0;
  Position pos = pos_;
  for (const auto& [move, nodes] : perft_divide(pos, depth)) {
    out_.line(absl::StrCat(to_uci(move, pos.is_chess960()), ": ", nodes));
    total += nodes;
  }
  out_.line("");
  out_.line(absl::StrCat("Nodes searched: ", total));
}

void Uci::cmd_bench(const std::vector<std::string>& tokens) {
  int args[3] = {kBenchDepth, 1, kDefaultHashMb};
  const int limits[3][2] = {{1, kMaxPly - 1}, {1, kMaxThreads}, {1, kMaxHashMb}};
  for (std::size_t i = 1; i < tokens.size() && i <= 3; ++i) {
    if (!absl::SimpleAtoi(tokens[i], &args[i - 1]) || args[i - 1] < limits[i - 1][0] ||
        args[i - 1] > limits[i - 1][1])
      return error("usage: bench [depth] [threads] [hash MB] [FEN or EPD file]");
  }
  if (tokens.size() > 5) return error("usage: bench [depth] [threads] [hash MB] [FEN or EPD file]");
  finish_search();
  if (tokens.size() == 5) {
    const auto positions = load_bench_positions(tokens[4]);
    if (!positions.ok()) return error(std::string(positions.status().message()));
    run_bench(out_, args[0], args[1], args[2], search_options_, *positions);
    return;
  }
  run_bench(out_, args[0], args[1], args[2], search_options_);
}

}  // namespace riposte
