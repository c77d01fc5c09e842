// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue-free-eval/evaluate.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <optional>

#include "nnue-free-eval/endgame.h"
#include "nnue-free-eval/evaluator.h"

namespace riposte::eval {

namespace detail {

// White-minus-black middlegame/endgame score before phase and scale.
template <class T>
Score Evaluator<T>::run() {
  init(WHITE);
  init(BLACK);
  material_and_squares();
  imbalance();
  pawns();
  for (Color c : {WHITE, BLACK}) {
    pieces<KNIGHT>(c);
    pieces<BISHOP>(c);
    pieces<ROOK>(c);
    pieces<QUEEN>(c);
  }
  for (Color c : {WHITE, BLACK}) {
    king_safety(c);
    passed(c);
    threats(c);
  }
  Sum tempo = sum(pos_.side_to_move());
  tempo.add(kTempo);
  score_[pos_.side_to_move()] += tempo.sum();
  return total();
}

template <class T>
void Evaluator<T>::init(Color us) {
  const Color them = ~us;
  const Bitboard pawns = pos_.pieces(us, PAWN);
  pawn_attacks_[us] = pawn_attacks(us, pawns);
  const Square ksq = pos_.king_square(us);
  attacked_[us][KING] = attacks::king(ksq);
  attacked_[us][PAWN] = pawn_attacks_[us];
  attacked_[us][ALL_PIECES] = attacked_[us][KING] | pawn_attacks_[us];
  const Bitboard pawn_doubles = us == WHITE ? shift<NORTH_EAST>(pawns) & shift<NORTH_WEST>(pawns)
                                            : shift<SOUTH_EAST>(pawns) & shift<SOUTH_WEST>(pawns);
  attacked2_[us] = (attacked_[us][KING] & pawn_attacks_[us]) | pawn_doubles;
  king_zone_[us] = attacks::king(ksq) | square_bb(ksq);
  rammed_[us] = pawns & forward(them, pos_.pieces(them, PAWN));
  // Mobility counts squares not attacked by enemy pawns and not holding our pawns or king.
  const Bitboard their_pawn_attacks = pawn_attacks(them, pos_.pieces(them, PAWN));
  mobility_area_[us] = ~(their_pawn_attacks | pawns | pos_.pieces(us, KING));
}

template <class T>
void Evaluator<T>::material_and_squares() {
  // The evaluation proper reads the sum Position keeps up to date; a trace (the tuner, `eval`)
  // adds the pieces up one by one to count them.
  if constexpr (!T::kActive) {
    score_[WHITE] += piece_square_sum(pos_);
    return;
  }
  const bool opposite = kings_on_opposite_wings(pos_);
  const int squares = opposite ? kPsqtOppositeWings : kPsqt;
  Sum terms[COLOR_NB] = {sum(WHITE), sum(BLACK)};
  for (Bitboard b = pos_.pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece pc = pos_.piece_on(s);
    const PieceType pt = type_of(pc);
    const Color c = color_of(pc);
    if (pt != KING) terms[c].add(kMaterial + int(pt));
    terms[c].add(squares + int(pt) * 64 + relative_square(c, s));
  }
  for (Color c : {WHITE, BLACK}) score_[c] += terms[c].sum();
}

namespace {

// The imbalance's piece kinds: the bishop pair (0 or 1), then pawns to queens by PieceType.
constexpr int kImbalanceKinds = 6;
using KindCounts = std::array<int, kImbalanceKinds>;

KindCounts kind_counts(const Position& pos, Color c) {
  KindCounts n;
  n[0] = pos.count(c, BISHOP) >= 2;
  for (int pt = PAWN; pt <= QUEEN; ++pt) n[pt] = pos.count(c, PieceType(pt));
  return n;
}

// The evaluation proper reads the imbalance from tables over the counts of a normal game (up
// to 8 pawns, 2 knights, bishops and rooks, 1 queen): a side's own-pieces part, and per own
// kind the sum of its enemy-pieces weights times the enemy's counts, so that a side's score
// is a lookup and six products. Other counts take the full sum.
constexpr int kImbalanceEntries = 9 * 3 * 3 * 3 * 2;
Score own_imbalance[kImbalanceEntries];
Score their_imbalance[kImbalanceEntries][kImbalanceKinds];

int imbalance_index(const KindCounts& n) {
  if (n[PAWN] > 8 || n[KNIGHT] > 2 || n[BISHOP] > 2 || n[ROOK] > 2 || n[QUEEN] > 1) return -1;
  return n[PAWN] + 9 * (n[KNIGHT] + 3 * (n[BISHOP] + 3 * (n[ROOK] + 3 * n[QUEEN])));
}

}  // namespace

void init_imbalance_tables() {
  for (int q = 0; q <= 1; ++q)
    for (int r = 0; r <= 2; ++r)
      for (int b = 0; b <= 2; ++b)
        for (int k = 0; k <= 2; ++k)
          for (int p = 0; p <= 8; ++p) {
            const KindCounts n = {b >= 2, p, k, b, r, q};
            const int i = imbalance_index(n);
            own_imbalance[i] = Score{};
            for (int a = 0; a < kImbalanceKinds; ++a) {
              their_imbalance[i][a] = Score{};
              for (int c = 0; c <= a; ++c)
                own_imbalance[i] +=
                    weights()[kImbalanceOurs + kImbalanceKinds * a + c] * (n[a] * n[c]);
              for (int c = 0; c < a; ++c)
                their_imbalance[i][a] +=
                    weights()[kImbalanceTheirs + kImbalanceKinds * a + c] * n[c];
            }
          }
}

// Quadratic material imbalance: each pair of own piece kinds, and each own kind against each
// enemy kind, counted as the product of their numbers.
template <class T>
void Evaluator<T>::imbalance() {
  const KindCounts counts[COLOR_NB] = {kind_counts(pos_, WHITE), kind_counts(pos_, BLACK)};
  if constexpr (!T::kActive) {
    const int index[COLOR_NB] = {imbalance_index(counts[WHITE]), imbalance_index(counts[BLACK])};
    if (index[WHITE] >= 0 && index[BLACK] >= 0) {
      for (Color us : {WHITE, BLACK}) {
        Score v = own_imbalance[index[us]];
        for (int a = 0; a < kImbalanceKinds; ++a)
          v += their_imbalance[index[~us]][a] * counts[us][a];
        score_[us] += v;
      }
      return;
    }
  }
  for (Color us : {WHITE, BLACK}) {
    const KindCounts& ours = counts[us];
    const KindCounts& theirs = counts[~us];
    Sum terms = sum(us);
    for (int a = 0; a < kImbalanceKinds; ++a) {
      if (!ours[a]) continue;
      for (int b = 0; b <= a; ++b)
        if (ours[b]) terms.add(kImbalanceOurs + kImbalanceKinds * a + b, ours[a] * ours[b]);
      for (int b = 0; b < a; ++b)
        if (theirs[b]) terms.add(kImbalanceTheirs + kImbalanceKinds * a + b, ours[a] * theirs[b]);
    }
    score_[us] += terms.sum();
  }
}

}  // namespace detail

namespace {

using detail::CountTrace;
using detail::Evaluator;
using detail::NoTrace;

// The middlegame part weighted by the phase, the endgame part, scaled, by the rest: one formula
// for the engine's integers and for the doubles of the linear form the tuner fits.
template <class T>
T blend(T mg, T eg, int phase, int scale) {
  return (mg * phase + eg * scale / kScaleMax * (kPhaseMax - phase)) / kPhaseMax;
}

// The endgame scale for the side the endgame score favours.
template <class T>
int endgame_scale(const Position& pos, const Evaluator<T>& ev, Score s) {
  const Color strong = s.eg() >= 0 ? WHITE : BLACK;
  return scale_factor(pos, strong, popcount(ev.passed_pawns(strong)));
}

template <class T>
int evaluate_white(const Position& pos, PawnCache* cache, T& trace) {
  if (const std::optional<int> v = endgame_rule(pos)) return *v;
  Evaluator<T> ev(pos, cache, trace);
  const Score s = ev.run();
  const int scale = endgame_scale(pos, ev, s);
  return blend(s.mg(), s.eg(), phase(pos), scale);
}

constexpr const char* kTermNames[] = {"Material", "Imbalance",    "PSQT",        "Mobility",
                                      "Pawns",    "Passed pawns", "King safety", "Threats",
                                      "Pieces",   "Tempo"};

// Which report line a parameter belongs to.
int term_of(int p) {
  if (p < kPsqt) return 0;
  if (p < kKnightMobility) return 2;
  if (p < kIsolatedPawn) return 3;
  if (p < kPassedPawn) return 4;
  if (p < kKingAttackerWeight) return 5;
  if (p < kPawnThreatMinor) return 6;
  if (p < kBishopPair) return 7;
  if (p < kTempo) return 8;
  if (p == kTempo) return 9;
  if (p < kPawnlessFlank) return 4;
  if (p == kPawnlessFlank) return 6;
  if (p < kThreatByMinor) return 1;
  if (p < kPassedOwnKingProximity) return 7;
  if (p < kPsqtOppositeWings) return 5;
  if (p < kDangerAttacker) return 2;
  return 6;  // king danger
}

// Material plus piece-square weights, into the values Position sums.
void set_piece_square_values() {
  for (int set = 0; set < kPsqSets; ++set)
    for (Color c : {WHITE, BLACK})
      for (int pt = PAWN; pt <= KING; ++pt)
        for (Square s = SQ_A1; s <= SQ_H8; ++s) {
          Score v = weights()[(set ? kPsqtOppositeWings : kPsqt) + pt * 64 + relative_square(c, s)];
          if (pt != KING) v += weights()[kMaterial + pt];
          set_piece_square_value(set, make_piece(c, PieceType(pt)), s, c == WHITE ? v : -v);
        }
}

}  // namespace

#ifdef RIPOSTE_TUNING
Score gScaledWeights[kNumParams];

namespace {

// Whether p is a pawn's piece-square weight on the first or last rank.
bool pawn_on_back_rank(int p) {
  for (const int table : {int(kPsqt), int(kPsqtOppositeWings)}) {
    const int s = p - (table + PAWN * 64);
    if (s >= 0 && s < 64) return s < 8 || s >= 56;
  }
  return false;
}

// The group scales of parameter p, middlegame and endgame, or null for the parameters no group
// holds (material, tempo, king danger, a pawn's back-rank squares, which no position reads).
std::pair<const int*, const int*> group_scales(int p) {
  const auto in = [p](int first, int end) { return p >= first && p < end; };
  if (pawn_on_back_rank(p)) return {nullptr, nullptr};
  if (in(kPsqt, kKnightMobility) || in(kPsqtOppositeWings, kDangerAttacker))
    return {&GroupPsqtMg, &GroupPsqtEg};
  if (in(kImbalanceOurs, kThreatByMinor)) return {&GroupImbalanceMg, &GroupImbalanceEg};
  if (in(kKnightMobility, kIsolatedPawn)) return {&GroupMobilityMg, &GroupMobilityEg};
  if (in(kIsolatedPawn, kPassedPawn) || in(kWeakUnopposedPawn, kPawnlessFlank))
    return {&GroupPawnsMg, &GroupPawnsEg};
  if (in(kPassedPawn, kKingAttackerWeight) || in(kPassedOwnKingProximity, kPsqtOppositeWings))
    return {&GroupPassedMg, &GroupPassedEg};
  if (in(kKingAttackerWeight, kPawnThreatMinor) || p == kPawnlessFlank)
    return {&GroupKingMg, &GroupKingEg};
  if (in(kPawnThreatMinor, kBishopPair) || in(kThreatByMinor, kPassedOwnKingProximity))
    return {&GroupThreatsMg, &GroupThreatsEg};
  if (in(kBishopPair, kTempo)) return {&GroupPiecesMg, &GroupPiecesEg};
  return {nullptr, nullptr};
}

// The weights scaled about one centre, as [first, end): p's mobility or piece-square table, or
// p alone.
struct ScaledTable {
  int first, end;
  bool piece_square;
};

ScaledTable table_of(int p) {
  for (const auto& [first, end] :
       {std::pair{kKnightMobility, kBishopMobility}, std::pair{kBishopMobility, kRookMobility},
        std::pair{kRookMobility, kQueenMobility}, std::pair{kQueenMobility, kIsolatedPawn}})
    if (p >= first && p < end) return {first, end, false};
  for (const int table : {int(kPsqt), int(kPsqtOppositeWings)})
    if (p >= table && p < table + 8 * 64) {
      const int first = table + (p - table) / 64 * 64;
      return {first, first + 64, true};
    }
  return {p, p + 1, false};
}

// The weight a table is scaled about, since its level is part of the piece's value: a mobility
// table's middle entry, a piece-square table's mean over the squares the piece can stand on,
// zero for a lone weight.
Score scale_centre(const ScaledTable& t) {
  if (t.piece_square) {
    int mg = 0, eg = 0, n = 0;
    for (int p = t.first; p < t.end; ++p)
      if (!pawn_on_back_rank(p)) {
        mg += kWeights[p].mg();
        eg += kWeights[p].eg();
        ++n;
      }
    return Score{mg / n, eg / n};
  }
  return t.end - t.first > 1 ? kWeights[t.first + (t.end - t.first) / 2] : Score{};
}

}  // namespace

void apply_group_scales() {
  ScaledTable table{0, 0, false};
  Score c{};
  for (int p = 0; p < kNumParams; ++p) {
    if (p >= table.end) c = scale_centre(table = table_of(p));  // once per table
    const auto [mg, eg] = group_scales(p);
    const Score w = kWeights[p];
    gScaledWeights[p] =
        mg ? Score{c.mg() + (w.mg() - c.mg()) * *mg / 64, c.eg() + (w.eg() - c.eg()) * *eg / 64}
           : w;
  }
  const int* offsets[][2] = {{&OffsetPawnMg, &OffsetPawnEg},
                             {&OffsetKnightMg, &OffsetKnightEg},
                             {&OffsetBishopMg, &OffsetBishopEg},
                             {&OffsetRookMg, &OffsetRookEg},
                             {&OffsetQueenMg, &OffsetQueenEg}};
  for (int pt = PAWN; pt <= QUEEN; ++pt)
    gScaledWeights[kMaterial + pt] += Score{*offsets[pt - PAWN][0], *offsets[pt - PAWN][1]};
  gScaledWeights[kTempo] += Score{OffsetTempoMg, OffsetTempoEg};
  set_piece_square_values();
  detail::init_imbalance_tables();
}
#endif

void init() {
  static std::once_flag flag;
  std::call_once(flag, [] {
#ifdef RIPOSTE_TUNING
    apply_group_scales();
#else
    set_piece_square_values();
    detail::init_imbalance_tables();
#endif
  });
  init_endgames();
}

int phase(const Position& pos) {
  const int ph = kMinorPhase * popcount(pos.pieces(KNIGHT, BISHOP)) +
                 kRookPhase * popcount(pos.pieces(ROOK)) +
                 kQueenPhase * popcount(pos.pieces(QUEEN));
  return std::min(ph, kPhaseMax);
}

int evaluate(const Position& pos, PawnCache& cache) {
  NoTrace none;
  const int v = evaluate_white(pos, &cache, none);
  return pos.side_to_move() == WHITE ? v : -v;
}

int evaluate(const Position& pos, PawnCache& pawns, EvalCache& evals) {
  int v;
  if (evals.probe(pos.key(), v)) return v;
  v = evaluate(pos, pawns);
  evals.store(pos.key(), v);
  return v;
}

int evaluate(const Position& pos) {
  NoTrace none;
  const int v = evaluate_white(pos, nullptr, none);
  return pos.side_to_move() == WHITE ? v : -v;
}

Coefficients coefficients(const Position& pos) {
  Coefficients c;
  c.phase = phase(pos);
  if (endgame_rule(pos)) {
    c.special = true;
    return c;
  }
  CountTrace trace;
  Evaluator<CountTrace> ev(pos, nullptr, trace);
  const Score s = ev.run();
  c.scale = endgame_scale(pos, ev, s);
  for (int p = 0; p < kNumParams; ++p) {
    if (is_king_danger(p)) {
      for (Color side : {WHITE, BLACK})
        if (trace.count[p][side])
          c.danger[side].emplace_back(std::int16_t(p), std::int16_t(trace.count[p][side]));
      continue;
    }
    const int n = trace.count[p][WHITE] - trace.count[p][BLACK];
    if (n) c.counts.emplace_back(std::int16_t(p), std::int16_t(n));
  }
  return c;
}

double evaluate_linear(const Coefficients& c, const Score* weights) {
  double mg = 0, eg = 0;
  for (const auto& [p, n] : c.counts) {
    mg += double(weights[p].mg()) * n;
    eg += double(weights[p].eg()) * n;
  }
  for (Color side : {WHITE, BLACK}) {
    if (c.danger[side].empty()) continue;
    double s_mg = 0, s_eg = 0;
    for (const auto& [p, n] : c.danger[side]) {
      s_mg += double(weights[p].mg()) * n;
      s_eg += double(weights[p].eg()) * n;
    }
    const double sign = side == WHITE ? 1.0 : -1.0;
    mg += sign * danger_penalty_mg(s_mg);
    eg += sign * danger_penalty_eg(s_eg);
  }
  return blend(mg, eg, c.phase, c.scale);
}

std::string trace(const Position& pos) {
  CountTrace t;
  Evaluator<CountTrace> ev(pos, nullptr, t);
  const Score total = ev.run();
  Score by_term[std::size(kTermNames)][COLOR_NB];
  for (int p = 0; p < kNumParams; ++p)
    if (!is_king_danger(p))
      for (Color c : {WHITE, BLACK}) by_term[term_of(p)][c] += weights()[p] * t.count[p][c];
  for (Color c : {WHITE, BLACK}) by_term[term_of(kDangerBase)][c] += ev.danger_penalty(c);

  std::string out =
      "      Term    |    White    |    Black    |    Total   \n"
      "              |   MG    EG  |   MG    EG  |   MG    EG \n"
      " -------------+-------------+-------------+------------\n";
  char line[512];
  for (std::size_t i = 0; i < std::size(kTermNames); ++i) {
    const Score w = by_term[i][WHITE], b = by_term[i][BLACK], d = w - b;
    std::snprintf(line, sizeof line, " %12s | %5d %5d | %5d %5d | %5d %5d \n", kTermNames[i],
                  w.mg(), w.eg(), b.mg(), b.eg(), d.mg(), d.eg());
    out += line;
  }
  const int ph = phase(pos);
  const bool special = endgame_rule(pos).has_value();
  const int scale = endgame_scale(pos, ev, total);
  std::snprintf(line, sizeof line,
                " -------------+-------------+-------------+------------\n"
                " %12s |             |             | %5d %5d \n"
                "Phase %d/%d, endgame scale %d/%d%s\n",
                "Total", total.mg(), total.eg(), ph, kPhaseMax, special ? kScaleMax : scale,
                kScaleMax, special ? " (an endgame rule scores this position)" : "");
  out += line;
  NoTrace none;
  std::snprintf(line, sizeof line, "Final evaluation: %d (white side)\n",
                evaluate_white(pos, nullptr, none));
  return out + line;
}

}  // namespace riposte::eval
