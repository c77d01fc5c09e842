// Per-thread move-ordering tables: killers live in the search stack; here are the countermove
// table and the history tables, all updated with one bounded "gravity" rule.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "movegen/position.h"
#include "movegen/types.h"

namespace riposte {

// One history counter. update() moves the value towards +-kLimit by `bonus` while decaying it in
// proportion to its size: v += bonus - v * |bonus| / kLimit. |v| never exceeds kLimit, so the
// 16-bit cell cannot overflow, and old knowledge fades as new cutoffs arrive.
template <int kLimit>
class HistoryEntry {
 public:
  static constexpr int kMax = kLimit;
  operator int() const { return value_; }
  void update(int bonus) {
    bonus = std::clamp(bonus, -kLimit, kLimit);
    value_ = std::int16_t(value_ + bonus - value_ * std::abs(bonus) / kLimit);
  }
  void set(int v) { value_ = std::int16_t(v); }

 private:
  std::int16_t value_ = 0;
};

constexpr int kHistoryLimit = 16384;
using History = HistoryEntry<kHistoryLimit>;

// Butterfly history: quiet moves by side to move, from and to square.
struct ButterflyHistory {
  History table[COLOR_NB][SQUARE_NB][SQUARE_NB];
  History& at(Color c, Move m) { return table[c][m.from()][m.to()]; }
  int get(Color c, Move m) const { return table[c][m.from()][m.to()]; }
};

// Capture history: captures by moving piece, target square and captured piece type.
struct CaptureHistory {
  History table[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];
};

// A [piece][to] table of quiet-move scores, selected by an earlier move's [piece][to].
struct PieceToHistory {
  History table[PIECE_NB][SQUARE_NB];
};

// Continuation history: counter-move history when selected by the opponent's last move, follow-up
// history when selected by our own move two plies back. Entry [NO_PIECE][SQ_A1] is the table
// used after a null move or at the root, so lookups never branch.
struct ContinuationHistory {
  PieceToHistory table[PIECE_NB][SQUARE_NB];
  PieceToHistory* sentinel() { return &table[NO_PIECE][SQ_A1]; }
};

// The quiet move that refuted the opponent's move, by that move's [piece][to].
struct CounterMoveTable {
  Move table[PIECE_NB][SQUARE_NB];
};

// Bonus for a cutoff at `depth`: grows with depth (deeper cutoffs are rarer and more reliable),
// capped so that one deep node cannot wipe out what many shallow ones taught.
constexpr int history_bonus(int depth) { return std::min(16 * depth * depth + 32 * depth, 1600); }

// Everything one search thread learns about move ordering.
struct HistoryTables {
  ButterflyHistory butterfly;
  CaptureHistory capture;
  ContinuationHistory counter;   // selected by the move one ply back
  ContinuationHistory followup;  // selected by the move two plies back
  CounterMoveTable countermoves;

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

struct OrderingSwitches;

// The tables a cutoff at one node touches: its killer slots, the countermove slot of the
// previous move, and the continuation tables selected by the moves one, two, four and six plies
// back. Our own moves four and six plies back select tables of the follow-up history, as the
// move two plies back does; null pointers (or switched-off tables) are skipped.
struct CutoffContext {
  Move* killers;                        // this ply's two killer slots
  Move previous_move;                   // the opponent's last move (may be none or null)
  Piece previous_piece;                 // the piece it moved
  PieceToHistory* counter_hist;         // selected by the previous move
  PieceToHistory* followup_hist;        // selected by our move two plies back
  PieceToHistory* ply4_hist = nullptr;  // selected by our move four plies back
  PieceToHistory* ply6_hist = nullptr;  // selected by our move six plies back
};

// Quiet-move history as the picker scores it: butterfly + counter-move + follow-up, plus the
// four- and six-ply continuation tables when switched on.
int quiet_history(const HistoryTables& h, const OrderingSwitches& sw, const CutoffContext& ctx,
                  Color us, Piece pc, Move m);

// Capture history of a noisy move in pos.
int capture_history(const HistoryTables& h, const Position& pos, Move m);

// A beta cutoff by `best` at `depth` in `pos`: a quiet best move becomes a killer and the
// countermove, and gets the bonus in butterfly, counter-move and follow-up history while every
// quiet tried before it gets the malus; a capture gets the bonus in capture history. Captures
// tried before `best` always get the capture-history malus.
void record_cutoff(HistoryTables& h, const OrderingSwitches& sw, const Position& pos,
                   const CutoffContext& ctx, Move best, int depth, const Move* quiets,
                   int quiet_count, const Move* captures, int capture_count);

}  // namespace riposte
