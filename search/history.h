// SPDX-License-Identifier: GPL-3.0-or-later
// Per-thread move-ordering tables: killers, the countermove table and the history tables, each
// history table updated with one bounded "gravity" rule under a limit of its own.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>

#include "movegen/position.h"
#include "movegen/types.h"
#include "search/params.h"

namespace riposte {

// One history counter. update() moves the value towards +-Limit by `bonus` while decaying it in
// proportion to its size: v += bonus - v * |bonus| / Limit. |v| never exceeds Limit, so the
// 16-bit cell cannot overflow, and old knowledge fades as new cutoffs arrive. Limit names the
// table's row of the parameter table, a constant outside tuning builds.
template <const int& Limit>
class HistoryEntry {
 public:
  operator int() const { return value_; }
  void update(int bonus) {
    bonus = std::clamp(bonus, -Limit, Limit);
    value_ = std::int16_t(value_ + bonus - value_ * std::abs(bonus) / Limit);
  }
  void set(int v) { value_ = std::int16_t(v); }

 private:
  std::int16_t value_ = 0;
};

// The squares the opponent attacks, by the least valuable kind of attacker, for threat-aware
// ordering. All empty when threat-aware ordering is off.
struct Threats {
  Bitboard by_pawn = 0;   // attacked by a pawn
  Bitboard by_minor = 0;  // ... by a pawn or a minor piece
  Bitboard by_rook = 0;   // ... by a pawn, a minor piece or a rook
  Bitboard all = 0;       // attacked by any piece
};
// The threats against the side to move in pos.
Threats threats_against_side_to_move(const Position& pos);

// Butterfly history: quiet moves by side to move, whether the from- and to-squares are
// attacked by the opponent, from and to square. Without threat information only the
// [c][0][0] slice is used.
struct ButterflyHistory {
  using Entry = HistoryEntry<params::ButterflyHistoryLimit>;
  Entry table[COLOR_NB][2][2][SQUARE_NB][SQUARE_NB];
  Entry& at(Color c, Move m, Bitboard threatened) {
    return table[c][bool(threatened & square_bb(m.from()))][bool(threatened & square_bb(m.to()))]
                [m.from()][m.to()];
  }
  int get(Color c, Move m, Bitboard threatened) const {
    return table[c][bool(threatened & square_bb(m.from()))][bool(threatened & square_bb(m.to()))]
                [m.from()][m.to()];
  }
};

// Capture history: captures by moving piece, target square and captured piece type.
struct CaptureHistory {
  using Entry = HistoryEntry<params::CaptureHistoryLimit>;
  Entry table[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];
};

// Pawn-structure history: quiet moves by a few bits of the pawn key, moving piece and target
// square, so that a plan learned in one pawn structure is tried again in the same structure.
struct PawnHistory {
  static constexpr int kSize = 512;  // pawn structures told apart; a power of two
  using Entry = HistoryEntry<params::PawnHistoryLimit>;
  Entry table[kSize][PIECE_NB][SQUARE_NB];
  static int index(Key pawn_key) { return int(pawn_key & (kSize - 1)); }
};

// Low-ply history: quiet moves by ply, from and to square, for the first plies from the root
// only. Root ordering shifts between iterations; this table follows it without the noise of
// the whole tree. Cleared at every `go`.
struct LowPlyHistory {
  static constexpr int kPlies = 4;
  using Entry = HistoryEntry<params::LowPlyHistoryLimit>;
  Entry table[kPlies][SQUARE_NB][SQUARE_NB];
  void clear() { std::memset(static_cast<void*>(table), 0, sizeof(table)); }
};

// A [piece][to] table of quiet-move scores, selected by an earlier move's [piece][to].
struct PieceToHistory {
  using Entry = HistoryEntry<params::ContinuationHistoryLimit>;
  Entry table[PIECE_NB][SQUARE_NB];
};

// Continuation history: one PieceToHistory per [piece][to] of the move that selects it. Entry
// [NO_PIECE][SQ_A1] is the table used after a null move or before the root, so lookups never
// branch.
struct ContinuationHistory {
  PieceToHistory table[PIECE_NB][SQUARE_NB];
  PieceToHistory* sentinel() { return &table[NO_PIECE][SQ_A1]; }
};

// How many plies back the moves that select a node's continuation tables lie. The opponent's
// move one ply back selects a table of the counter-move history; our own moves two, four and
// six plies back select tables of the follow-up history.
inline constexpr std::array<int, 4> kContinuationPlies = {1, 2, 4, 6};
inline constexpr int kContinuationCount = int(kContinuationPlies.size());
enum ContinuationKind { kCounterMoveHistory, kFollowUpHistory, kContinuationKinds };
constexpr ContinuationKind continuation_kind(int plies_back) {
  return plies_back % 2 ? kCounterMoveHistory : kFollowUpHistory;
}

// The quiet move that refuted the opponent's move, by that move's [piece][to].
struct CounterMoveTable {
  Move table[PIECE_NB][SQUARE_NB];
};

// The two most recent quiet moves that caused a cutoff at one ply.
struct Killers {
  Move moves[2] = {};
  void add(Move m) {
    if (moves[0] == m) return;
    moves[1] = moves[0];
    moves[0] = m;
  }
  void clear() { moves[0] = moves[1] = Move::none(); }
};

// Bonus for a cutoff at `depth`: grows with depth (deeper cutoffs are rarer and more reliable),
// capped so that one deep node cannot wipe out what many shallow ones taught.
inline int history_bonus(int depth) {
  using namespace params;
  return std::min(HistoryBonusQuad * depth * depth + HistoryBonusLinear * depth, HistoryBonusMax);
}
// What each move tried before the cutoff move loses, by the same shape.
inline int history_malus(int depth) {
  using namespace params;
  return std::min(HistoryMalusQuad * depth * depth + HistoryMalusLinear * depth, HistoryMalusMax);
}

// Everything one search thread learns about move ordering, killers aside. Continuation
// history is kept apart by whether the move selecting a table was made in check and whether it
// was noisy; without that split only continuation[0][0] is used.
struct HistoryTables {
  ButterflyHistory butterfly;
  CaptureHistory capture;
  ContinuationHistory continuation[2][2][kContinuationKinds];
  CounterMoveTable countermoves;
  PawnHistory pawn;
  LowPlyHistory low_ply;

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

// Turn individual heuristics off to measure what each is worth (development switches).
// `baseline` restores the simple ordering the picker is measured against: TT move, captures by
// MVV-LVA without a SEE split, the two killers, then quiets in generation order.
struct OrderingSwitches {
  bool baseline = false;
  bool killers = true;
  bool countermove = true;
  bool butterfly = true;
  bool capture_history = true;
  bool counter_history = true;    // continuation history one ply back
  bool followup_history = true;   // ... two plies back
  bool deep_continuation = true;  // ... four and six plies back
  bool threats = true;  // threat-aware quiets: escapes, attacked squares, butterfly by threats
  // Six history ideas kept together on their games as one bundle (docs/ordering.md).
  bool pawn_history = true;             // quiet history by pawn structure
  bool low_ply_history = true;          // quiet history of the first plies from the root
  bool continuation_split = true;       // continuation history by check and capture
  bool capture_see_history = true;      // capture history moves the good/bad capture line
  bool eval_diff_history = true;        // the opponent's quiet move learns from the eval swing
  bool lmr_continuation_update = true;  // continuation history learns from LMR re-searches

  // Whether the continuation table kContinuationPlies[i] plies back is read and updated.
  // The baseline ordering has none: it neither reads nor teaches any history table.
  bool continuation(int i) const {
    if (baseline) return false;
    const int plies = kContinuationPlies[i];
    return plies == 1 ? counter_history : plies == 2 ? followup_history : deep_continuation;
  }
};

// The continuation histories, one per kind, from which move m in pos selects its tables: with
// the split on, by whether pos is in check and whether m is noisy.
inline ContinuationHistory* continuation_histories(HistoryTables& h, const OrderingSwitches& sw,
                                                   const Position& pos, Move m) {
  return h.continuation[sw.continuation_split && pos.checkers()]
                       [sw.continuation_split && pos.is_noisy(m)];
}

// The continuation tables of one node, one per entry of kContinuationPlies; null where the
// table is switched off.
using ContinuationTables = std::array<PieceToHistory*, kContinuationCount>;

// What the ordering at one node reads besides the thread's tables, and what a cutoff there
// updates: the opponent's last move (for the countermove) and the continuation tables.
struct OrderingContext {
  Move previous_move;    // may be none or null
  Piece previous_piece;  // the piece it moved
  ContinuationTables continuation{};
  Threats threats{};
  int ply = LowPlyHistory::kPlies;  // distance from the root; no low-ply history beyond
  int pawn_index = 0;               // PawnHistory::index of the node's pawn key
};

// Quiet-move history as the picker scores it: butterfly plus the first Tables continuation
// tables of ctx. Inline with a constant count: it runs for every quiet move scored.
template <int Tables = kContinuationCount>
inline int quiet_history(const HistoryTables& h, const OrderingSwitches& sw,
                         const OrderingContext& ctx, Color us, Piece pc, Move m) {
  int v = sw.butterfly ? h.butterfly.get(us, m, ctx.threats.all) : 0;
  for (int i = 0; i < Tables; ++i)
    if (const PieceToHistory* t = ctx.continuation[i]) v += t->table[pc][m.to()];
  return v;
}

// What the quiet score adds to quiet_history in the picker: pawn-structure and low-ply
// history, when switched on. Not part of the history that LMR and history pruning read.
inline int quiet_ordering_extra(const HistoryTables& h, const OrderingSwitches& sw,
                                const OrderingContext& ctx, Piece pc, Move m) {
  int v = 0;
  if (sw.pawn_history) v += h.pawn.table[ctx.pawn_index][pc][m.to()];
  // Weighted most at the root, where the table knows most, and less with each ply.
  if (sw.low_ply_history && ctx.ply < LowPlyHistory::kPlies)
    v +=
        params::LowPlyHistoryScale * h.low_ply.table[ctx.ply][m.from()][m.to()] / (1 + 2 * ctx.ply);
  return v;
}

// Capture history of a noisy move in pos.
int capture_history(const HistoryTables& h, const Position& pos, Move m);

// A beta cutoff by `best` at `depth` in `pos`: a quiet best move becomes the countermove and
// gets the bonus in butterfly and continuation history while every quiet tried before it gets
// the malus; a capture gets the bonus in capture history. Captures tried before `best` always
// get the capture-history malus. Killers are the caller's (they live in the search stack).
void record_cutoff(HistoryTables& h, const OrderingSwitches& sw, const Position& pos,
                   const OrderingContext& ctx, Move best, int depth, std::span<const Move> quiets,
                   std::span<const Move> captures);

// The continuation tables of ctx learn `bonus` for piece pc moving to `to` (a quiet move whose
// reduced search was overturned by its re-search).
void update_continuation(const OrderingContext& ctx, Piece pc, Square to, int bonus);

// The butterfly update for the opponent's quiet move from the swing of the static eval it
// caused (previous_eval from their view before it, eval from ours after it): a move after
// which our eval fell below what theirs was is rewarded, one that lost ground punished.
int eval_diff_bonus(int previous_eval, int eval);
// That update, for the quiet move m the opponent (`mover`) made from a node where the squares
// `threatened` were attacked, when the switches ask for it.
void record_eval_swing(HistoryTables& h, const OrderingSwitches& sw, Color mover, Move m,
                       Bitboard threatened, int previous_eval, int eval);

}  // namespace riposte
