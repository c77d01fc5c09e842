// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-crafted evaluation: a pure function of the position (plus a per-thread pawn cache).
// Terms: material, piece-square tables, mobility, pawn structure, passed pawns, king safety,
// threats, bishop pair, rooks on open files, outposts, tempo; tapered by game phase and scaled
// down in drawish endgames. Every term is weight x count (see params.h), which the tuner uses.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "movegen/position.h"
#include "movegen/score.h"
#include "movegen/zeroed_memory.h"
#include "nnue-free-eval/params.h"

namespace riposte::eval {

// Cached pawn-structure score (white minus black) and passed pawns, by pawn key; with each
// side's king shelter and storm score for the king square and castling rights last seen.
class PawnCache {
 public:
  struct Entry {
    Key key = 0;
    Score score;
    Bitboard passed[COLOR_NB] = {};
    Score shelter[COLOR_NB];
    int shelter_key[COLOR_NB] = {};  // 1 + (king square | castling rights << 6); 0: none
  };
  static constexpr std::size_t kSize = 1 << 14;
  PawnCache() : entries_(kSize) {}
  Entry& slot(Key key) { return entries_[key & (kSize - 1)]; }
  void clear() { entries_.clear(); }
  void release_pages() { entries_.release_pages(); }  // empty too, and the memory returned

 private:
  ZeroedArray<Entry> entries_;  // all-zero entries are empty: no pawn key but 0 matches them
};

// Whole evaluations by position key. A search meets many positions again (transpositions,
// re-searches, quiescence nodes the TT does not keep); one of these per thread makes each
// repeat a lookup. Key and value share one 64-bit word, so an entry is read or written whole.
class EvalCache {
 public:
  static constexpr std::size_t kSize = 1 << 16;  // 512 KB
  EvalCache() : entries_(kSize) {}
  bool probe(Key key, int& value) const {
    const std::uint64_t e = entries_[key & (kSize - 1)];
    if ((e ^ key) >> 16) return false;
    value = std::int16_t(e & 0xFFFF);
    return true;
  }
  void store(Key key, int value) {
    entries_[key & (kSize - 1)] = (key & ~std::uint64_t(0xFFFF)) | std::uint16_t(value);
  }
  void clear() { entries_.clear(); }
  void release_pages() { entries_.release_pages(); }  // empty too, and the memory returned

 private:
  ZeroedArray<std::uint64_t> entries_;  // zero: empty; a key with 48 zero upper bits would match
};

// Hands the material and piece-square weights to Position, which sums them as pieces move. Call
// at program start, after init_movegen and before the first position is made. Idempotent and
// thread-safe.
void init();

#ifdef RIPOSTE_TUNING
// Recomputes the weights the evaluation reads from kWeights, the group scales and the weight
// offsets (params.h); a tuning build calls it at start and after an option sets one.
void apply_group_scales();
#endif

// Centipawns from the side to move's point of view.
int evaluate(const Position& pos, PawnCache& cache);
// The same through an EvalCache.
int evaluate(const Position& pos, PawnCache& pawns, EvalCache& evals);
// Convenience for callers without a cache (tests, `eval`); slower.
int evaluate(const Position& pos);

// Game phase from 0 (kings and pawns) to kPhaseMax (all pieces on the board).
int phase(const Position& pos);

// Kings on opposite wings (one on files a-d, the other on e-h) read their own piece-square
// table, set 1 of Position's sums: pawn storms and the pieces' best squares differ from those of
// same-side castling.
inline bool kings_on_opposite_wings(const Position& pos) {
  return (file_of(pos.king_square(WHITE)) <= FILE_D) != (file_of(pos.king_square(BLACK)) <= FILE_D);
}
// The material and piece-square sum Position keeps, from White's view.
inline Score piece_square_sum(const Position& pos) { return pos.psq(kings_on_opposite_wings(pos)); }

// The evaluation's form for the tuner: white-minus-black counts of every linear parameter, the
// king danger counts of each side, the phase and the endgame scale (out of kScaleMax).
struct Coefficients {
  std::vector<std::pair<std::int16_t, std::int16_t>> counts;  // (param, count), nonzero only
  // King danger inputs, per defending side: (param, count), converted by king_danger_penalty.
  std::vector<std::pair<std::int16_t, std::int16_t>> danger[COLOR_NB];
  int phase = 0;
  int scale = kScaleMax;
  bool special = false;  // a rule decides this position (e.g. KBN vs K): not tunable
};
Coefficients coefficients(const Position& pos);
// The evaluation with arbitrary weights, from White's point of view (tuner, tests).
double evaluate_linear(const Coefficients& c, const Score* weights);

// The `eval` command's report: per-term white/black mg/eg breakdown, ending with
// `Final evaluation: <cp> (white side)`.
std::string trace(const Position& pos);

}  // namespace riposte::eval
