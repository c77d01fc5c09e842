#include "nnue-free-eval/evaluate.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <mutex>

namespace riposte::eval {

namespace {

// Ranks strictly in front of rank r, from c's point of view.
Bitboard ranks_ahead(Color c, Rank r) {
  if (c == WHITE) return r == RANK_8 ? 0 : ~Bitboard(0) << (8 * (r + 1));
  return (Bitboard(1) << (8 * r)) - 1;
}
// Squares in front of s on its file, from c's point of view.
Bitboard forward_file(Color c, Square s) { return file_bb(s) & ranks_ahead(c, rank_of(s)); }
Bitboard adjacent_files(Square s) {
  const Bitboard f = file_bb(s);
  return shift<EAST>(f) | shift<WEST>(f);
}
// Squares in front of s on its own and the adjacent files (where enemy pawns stop a passer).
Bitboard passed_span(Color c, Square s) {
  Bitboard span = forward_file(c, s);
  return span | shift<EAST>(span) | shift<WEST>(span);
}

constexpr Bitboard kCentre =
    (file_bb(FILE_D) | file_bb(FILE_E)) & (rank_bb(RANK_4) | rank_bb(RANK_5));

// One square towards c's promotion rank.
Bitboard forward(Color c, Bitboard b) { return c == WHITE ? shift<NORTH>(b) : shift<SOUTH>(b); }
// Squares that c's pawns on b attack.
Bitboard pawn_attacks(Color c, Bitboard b) {
  return c == WHITE ? pawn_attacks_bb<WHITE>(b) : pawn_attacks_bb<BLACK>(b);
}

struct NoTrace {
  static constexpr bool kActive = false;
  void add(int, Color, int) {}
};

struct CountTrace {
  static constexpr bool kActive = true;
  int count[kNumParams][COLOR_NB] = {};
  void add(int p, Color c, int n) { count[p][c] += n; }
};

// One evaluation. T records the count of every parameter for the tuner and `eval`.
template <class T>
class Evaluator {
 public:
  Evaluator(const Position& pos, PawnCache* cache, T& trace)
      : pos_(pos), cache_(cache), trace_(trace) {}

  // White-minus-black middlegame/endgame score before phase and scale.
  Score run() {
    init(WHITE);
    init(BLACK);
    material_and_squares();
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
    add(kTempo, pos_.side_to_move());
    return total();
  }

  Score total() const { return score_[WHITE] - score_[BLACK]; }
  Score danger_penalty(Color c) const { return danger_penalty_[c]; }

 private:
  // A linear term for side c, or (for king danger inputs) danger to c's king.
  void add(int p, Color c, int n = 1) {
    (is_king_danger(p) ? danger_[c] : score_[c]) += kWeights[p] * n;
    trace_.add(p, c, n);
  }

  void init(Color us) {
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

  void material_and_squares() {
    // The evaluation proper reads the sum Position keeps up to date; a trace (the tuner, `eval`)
    // adds the pieces up one by one to count them.
    if constexpr (!T::kActive) {
      score_[WHITE] += pos_.psq();
      return;
    }
    for (Bitboard b = pos_.pieces(); b;) {
      const Square s = pop_lsb(b);
      const Piece pc = pos_.piece_on(s);
      const PieceType pt = type_of(pc);
      const Color c = color_of(pc);
      if (pt != KING) add(kMaterial + int(pt), c);
      add(kPsqt + int(pt) * 64 + relative_square(c, s), c);
    }
  }

  void pawns() {
    if (cache_) {
      PawnCache::Entry& e = cache_->slot(pos_.pawn_key());
      pawn_entry_ = &e;
      if (e.key == pos_.pawn_key()) {
        score_[WHITE] += e.score;
        passed_[WHITE] = e.passed[WHITE];
        passed_[BLACK] = e.passed[BLACK];
        return;
      }
      const Score before = total();
      pawn_structure(WHITE);
      pawn_structure(BLACK);
      e.key = pos_.pawn_key();
      e.score = total() - before;
      e.king[WHITE] = e.king[BLACK] = SQ_NONE;
      e.passed[WHITE] = passed_[WHITE];
      e.passed[BLACK] = passed_[BLACK];
      return;
    }
    pawn_structure(WHITE);
    pawn_structure(BLACK);
  }

  void pawn_structure(Color us) {
    const Color them = ~us;
    const Bitboard ours = pos_.pieces(us, PAWN), theirs = pos_.pieces(them, PAWN);
    const Direction up = pawn_push(us);
    for (Bitboard b = ours; b;) {
      const Square s = pop_lsb(b);
      const int r = relative_rank(us, s);
      const Bitboard neighbours = ours & adjacent_files(s);
      const Bitboard phalanx = neighbours & rank_bb(s);
      const Bitboard supporters = neighbours & rank_bb(s - up);
      const Bitboard stoppers = theirs & passed_span(us, s);
      if (!neighbours) add(kIsolatedPawn, us);
      if (ours & forward_file(us, s)) add(kDoubledPawn, us);
      // Backward: every neighbour is ahead, and the stop square is guarded by an enemy pawn.
      if (neighbours && !(neighbours & ~passed_span(us, s)) && (attacks::pawn(us, s + up) & theirs))
        add(kBackwardPawn, us);
      if (phalanx | supporters) add(kConnectedPawn + r, us);
      if (!stoppers) {
        passed_[us] |= square_bb(s);
        add(kPassedPawn + r, us);
      } else if (!(stoppers & forward_file(us, s)) &&
                 popcount(stoppers) <= popcount(supporters | phalanx)) {
        // Candidate: no enemy pawn on its file, and no more enemy pawns in the way than own
        // pawns beside or behind it to exchange them.
        add(kCandidatePasser + r, us);
      }
    }
  }

  // Mobility and king attack of every piece of type Pt, then the terms of its kind.
  template <PieceType Pt>
  void pieces(Color us) {
    const Color them = ~us;
    int attackers = 0, zone_hits = 0;
    for (Bitboard b = pos_.pieces(us, Pt); b;) {
      const Square s = pop_lsb(b);
      // Sliders see through their own queen (and rooks through rooks) for mobility and attack.
      Bitboard occ = pos_.pieces();
      if (Pt == BISHOP) occ ^= pos_.pieces(us, QUEEN);
      if (Pt == ROOK) occ ^= pos_.pieces(us, QUEEN, ROOK);
      Bitboard att = attacks::of(Pt, s, occ);
      if (pos_.blockers_for_king(us) & square_bb(s)) att &= line_bb(pos_.king_square(us), s);

      attacked2_[us] |= attacked_[us][ALL_PIECES] & att;
      attacked_[us][Pt] |= att;
      attacked_[us][ALL_PIECES] |= att;

      const int mob = popcount(att & mobility_area_[us]);
      add((Pt == KNIGHT   ? kKnightMobility
           : Pt == BISHOP ? kBishopMobility
           : Pt == ROOK   ? kRookMobility
                          : kQueenMobility) +
              mob,
          us);

      if (att & king_zone_[them]) {
        ++attackers;
        zone_hits += popcount(att & king_zone_[them]);
        attacker_types_[us][Pt]++;
      }
      if constexpr (Pt == KNIGHT || Pt == BISHOP) minor_terms<Pt>(us, s);
      if constexpr (Pt == BISHOP) bishop_terms(us, s);
      if constexpr (Pt == ROOK) rook_terms(us, s);
      if constexpr (Pt == QUEEN) queen_terms(us, s);
    }
    if constexpr (Pt == BISHOP)
      if (pos_.count(us, BISHOP) >= 2) add(kBishopPair, us);
    king_attackers_[us] += attackers;
    king_zone_hits_[us] += zone_hits;
  }

  template <PieceType Pt>
  void minor_terms(Color us, Square s) {
    const Color them = ~us;
    const Bitboard outpost_ranks = us == WHITE
                                       ? rank_bb(RANK_4) | rank_bb(RANK_5) | rank_bb(RANK_6)
                                       : rank_bb(RANK_5) | rank_bb(RANK_4) | rank_bb(RANK_3);
    // Outpost: advanced, defended by a pawn, and no enemy pawn can ever attack it.
    const bool safe = !(pos_.pieces(them, PAWN) & passed_span(us, s) & adjacent_files(s));
    if ((outpost_ranks & square_bb(s)) && (pawn_attacks_[us] & square_bb(s)) && safe)
      add(Pt == KNIGHT ? kKnightOutpost : kBishopOutpost, us);
    // A pawn in front shields the piece from frontal attack and is itself hard to block.
    if (forward(them, pos_.pieces(PAWN)) & square_bb(s)) add(kMinorBehindPawn, us);
  }

  void bishop_terms(Color us, Square s) {
    const Bitboard colour = kDarkSquares & square_bb(s) ? kDarkSquares : ~kDarkSquares;
    const int rammed = popcount(rammed_[us] & colour);
    if (rammed) add(kBishopRammedPawns, us, rammed);
    // Pawns are the only pieces that block a long diagonal for long.
    if (more_than_one(attacks::bishop(s, pos_.pieces(PAWN)) & kCentre))
      add(kBishopLongDiagonal, us);
  }

  void rook_terms(Color us, Square s) {
    const Color them = ~us;
    if (!(pos_.pieces(PAWN) & file_bb(s)))
      add(kRookOpenFile, us);
    else if (!(pos_.pieces(us, PAWN) & file_bb(s)))
      add(kRookSemiOpenFile, us);
    if (relative_rank(us, s) == RANK_7 && (relative_rank(us, pos_.king_square(them)) == RANK_8 ||
                                           (pos_.pieces(them, PAWN) & rank_bb(s))))
      add(kRookOnSeventh, us);
  }

  void queen_terms(Color us, Square s) {
    const Color them = ~us;
    // Most queens share no line with an enemy rook or bishop: skip the ray walk for them.
    const Bitboard snipers = (attacks::rook(s, 0) & pos_.pieces(them, ROOK)) |
                             (attacks::bishop(s, 0) & pos_.pieces(them, BISHOP));
    Bitboard pinners;
    if (snipers && pos_.slider_blockers(snipers, s, pinners)) add(kQueenRelativePin, us);
  }

  // Danger to `us`'s king from `them`. Linear part: attackers of the king zone and attacked zone
  // squares, counted only with two attackers (or one and a queen), and safe checks. Non-linear
  // part, on the same condition: those inputs plus weak zone squares summed into one danger
  // score and converted by king_danger_penalty, so that threats together cost more than apart.
  // Pawn shelter and storm stay linear.
  void king_safety(Color us) {
    const Color them = ~us;
    const Square ksq = pos_.king_square(us);
    const bool enemy_queen = pos_.pieces(them, QUEEN);
    const bool attacked = king_attackers_[them] >= 2 || (king_attackers_[them] >= 1 && enemy_queen);
    if (attacked) {
      for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        if (attacker_types_[them][pt]) {
          add(kKingAttackerWeight + int(pt), them, attacker_types_[them][pt]);
          add(kDangerAttacker + int(pt), us, attacker_types_[them][pt]);
        }
      add(kKingZoneAttacks, them, king_zone_hits_[them]);
      add(kDangerZoneHits, us, king_zone_hits_[them]);
      const Bitboard minor_or_rook_guards =
          attacked_[us][PAWN] | attacked_[us][KNIGHT] | attacked_[us][BISHOP] | attacked_[us][ROOK];
      add(kDangerWeakSquares, us,
          popcount(king_zone_[us] & attacked_[them][ALL_PIECES] & ~minor_or_rook_guards));
      if (!enemy_queen) add(kDangerNoQueen, us);
      add(kDangerBase, us);
    }
    // Checks from squares we neither guard nor occupy. The queen checks along the rook and
    // bishop rays, so each ray is looked up once.
    const Bitboard safe = ~attacked_[us][ALL_PIECES] & ~pos_.pieces(them);
    const Bitboard bishop_rays = attacks::bishop(ksq, pos_.pieces());
    const Bitboard rook_rays = attacks::rook(ksq, pos_.pieces());
    const auto safe_checks = [&](PieceType pt, Bitboard from) {
      const Bitboard checks = from & attacked_[them][pt] & safe;
      if (!checks) return;
      add(kSafeCheck + int(pt), them, popcount(checks));
      if (attacked) add(kDangerSafeCheck + int(pt), us, popcount(checks));
    };
    safe_checks(KNIGHT, attacks::knight(ksq));
    safe_checks(BISHOP, bishop_rays);
    safe_checks(ROOK, rook_rays);
    safe_checks(QUEEN, bishop_rays | rook_rays);
    if (attacked) {
      danger_penalty_[us] = king_danger_penalty(danger_[us]);
      score_[us] += danger_penalty_[us];
    }
    add(kKingDefenders +
            popcount(king_zone_[us] & (pos_.pieces(us, PAWN) | pos_.pieces(us, KNIGHT, BISHOP))),
        us);
    shelter(us);
  }

  // Shelter and storm depend on the pawns and the king square only, so the pawn cache entry
  // keeps them for the last king square it saw on each side.
  void shelter(Color us) {
    const Square ksq = pos_.king_square(us);
    if (!pawn_entry_) return shelter_and_storm(us, ksq);
    if (pawn_entry_->king[us] == ksq) {
      score_[us] += pawn_entry_->shelter[us];
      return;
    }
    const Score before = score_[us];
    shelter_and_storm(us, ksq);
    pawn_entry_->king[us] = ksq;
    pawn_entry_->shelter[us] = score_[us] - before;
  }

  // On the king's file and its neighbours.
  void shelter_and_storm(Color us, Square ksq) {
    const Color them = ~us;
    // A king on the a- or h-file counts the three files nearest to it.
    const int kf = std::clamp(int(file_of(ksq)), int(FILE_B), int(FILE_G));
    const Bitboard ahead = ranks_ahead(us, rank_of(ksq));
    for (int f = kf - 1; f <= kf + 1; ++f) {
      const Bitboard file = file_bb(File(f));
      const Bitboard own = pos_.pieces(us, PAWN) & file & ahead;
      const Bitboard enemy = pos_.pieces(them, PAWN) & file & ahead;
      const int own_d =
          own ? std::abs(rank_of(us == WHITE ? lsb(own) : msb(own)) - rank_of(ksq)) : 0;
      const int enemy_d =
          enemy ? std::abs(rank_of(us == WHITE ? lsb(enemy) : msb(enemy)) - rank_of(ksq)) : 0;
      add(kPawnShelter + std::min(own_d, 7), us);
      add(kPawnStorm + std::min(enemy_d, 7), us);
      if (!(pos_.pieces(PAWN) & file)) add(kKingOpenFile, us);
    }
  }

  void passed(Color us) {
    const Color them = ~us;
    for (Bitboard b = passed_[us]; b;) {
      const Square s = pop_lsb(b);
      const int r = relative_rank(us, s);
      const Square stop = s + pawn_push(us);
      if (!pos_.empty(stop)) add(kPassedBlocked + r, us);
      if (!(forward_file(us, s) & pos_.pieces())) add(kPassedFreePath + r, us);
      add(kPassedOwnKingDistance + std::min(distance(pos_.king_square(us), stop), 7), us);
      add(kPassedEnemyKingDistance + std::min(distance(pos_.king_square(them), stop), 7), us);
    }
  }

  void threats(Color us) {
    const Color them = ~us;
    const Bitboard minors = pos_.pieces(them, KNIGHT, BISHOP);
    const Bitboard majors = pos_.pieces(them, ROOK, QUEEN);
    add(kPawnThreatMinor, us, popcount(pawn_attacks_[us] & minors));
    add(kPawnThreatMajor, us, popcount(pawn_attacks_[us] & majors));
    const Bitboard by_minors = attacked_[us][KNIGHT] | attacked_[us][BISHOP];
    add(kMinorThreatRook, us, popcount(by_minors & pos_.pieces(them, ROOK)));
    add(kMinorThreatQueen, us, popcount(by_minors & pos_.pieces(them, QUEEN)));
    add(kRookThreatQueen, us, popcount(attacked_[us][ROOK] & pos_.pieces(them, QUEEN)));
    const Bitboard their_pieces = pos_.pieces(them) & ~pos_.pieces(them, PAWN, KING);
    add(kHangingPiece, us,
        popcount(their_pieces & attacked_[us][ALL_PIECES] & ~attacked_[them][ALL_PIECES]));
    // Their pawns without pawn support, attacked and undefended or attacked twice and defended
    // once at most.
    const Bitboard poorly_defended = (attacked_[us][ALL_PIECES] & ~attacked_[them][ALL_PIECES]) |
                                     (attacked2_[us] & ~attacked2_[them]);
    add(kWeakPawn, us,
        popcount(pos_.pieces(them, PAWN) & ~attacked_[them][PAWN] & poorly_defended));
    // Attacked once and defended once: one more attacker, or a defender drawn away, wins it.
    add(kOverloadedPiece, us,
        popcount(their_pieces & attacked_[us][ALL_PIECES] & ~attacked2_[us] &
                 attacked_[them][ALL_PIECES] & ~attacked2_[them]));
    // Pieces that a pawn push to a safe square would attack (those a pawn attacks already are
    // counted above).
    const Bitboard empty = ~pos_.pieces();
    const Bitboard third = rank_bb(us == WHITE ? RANK_3 : RANK_6);
    Bitboard push = forward(us, pos_.pieces(us, PAWN)) & empty;
    push |= forward(us, push & third) & empty;
    push &= ~attacked_[them][PAWN] & (attacked_[us][ALL_PIECES] | ~attacked_[them][ALL_PIECES]);
    add(kPawnPushThreat, us, popcount(pawn_attacks(us, push) & their_pieces & ~pawn_attacks_[us]));
  }

  const Position& pos_;
  PawnCache* cache_;
  PawnCache::Entry* pawn_entry_ = nullptr;  // this position's, when there is a cache
  T& trace_;
  Score score_[COLOR_NB];
  Score danger_[COLOR_NB];          // king danger inputs summed, per defending side
  Score danger_penalty_[COLOR_NB];  // what the danger costs, in score_ already
  Bitboard pawn_attacks_[COLOR_NB] = {};
  Bitboard attacked_[COLOR_NB][PIECE_TYPE_NB] = {};
  Bitboard king_zone_[COLOR_NB] = {};
  Bitboard mobility_area_[COLOR_NB] = {};
  Bitboard passed_[COLOR_NB] = {};
  Bitboard rammed_[COLOR_NB] = {};     // pawns with an enemy pawn right in front
  Bitboard attacked2_[COLOR_NB] = {};  // squares attacked at least twice
  int king_attackers_[COLOR_NB] = {};
  int king_zone_hits_[COLOR_NB] = {};
  int attacker_types_[COLOR_NB][PIECE_TYPE_NB] = {};
};

int non_pawn_material(const Position& pos, Color c) {
  return kMinorUnits * popcount(pos.pieces(c, KNIGHT, BISHOP)) + kRookUnits * pos.count(c, ROOK) +
         kQueenUnits * pos.count(c, QUEEN);
}

// Endgame scale, out of kScaleMax, for the side `strong` that the endgame score favours.
int scale_factor(const Position& pos, Color strong) {
  const Color weak = ~strong;
  const int strong_npm = non_pawn_material(pos, strong), weak_npm = non_pawn_material(pos, weak);
  if (!pos.pieces(strong, PAWN)) {
    // Without pawns a minor-piece edge does not win; a single minor cannot mate at all.
    if (strong_npm <= kMinorUnits) return kScaleCannotMate;
    if (strong_npm - weak_npm <= kMinorUnits) return kScalePawnlessMinorEdge;
  }
  // Opposite-coloured bishops: drawish, especially without other pieces.
  if (pos.count(WHITE, BISHOP) == 1 && pos.count(BLACK, BISHOP) == 1 &&
      bool(pos.pieces(WHITE, BISHOP) & kDarkSquares) !=
          bool(pos.pieces(BLACK, BISHOP) & kDarkSquares))
    return strong_npm == kMinorUnits && weak_npm == kMinorUnits ? kScaleBareOppositeBishops
                                                                : kScaleOppositeBishops;
  return kScaleMax;
}

// KBN vs K is a win, but only by driving the king to a corner of the bishop's colour.
bool is_kbnk(const Position& pos, Color& strong) {
  for (Color c : {WHITE, BLACK}) {
    if (popcount(pos.pieces(c)) == 3 && pos.count(c, BISHOP) == 1 && pos.count(c, KNIGHT) == 1 &&
        popcount(pos.pieces(~c)) == 1) {
      strong = c;
      return true;
    }
  }
  return false;
}

int kbnk(const Position& pos, Color strong) {
  const Square weak_king = pos.king_square(~strong), strong_king = pos.king_square(strong);
  const bool dark = pos.pieces(strong, BISHOP) & kDarkSquares;
  const int corner = dark ? std::min(distance(weak_king, SQ_A1), distance(weak_king, SQ_H8))
                          : std::min(distance(weak_king, SQ_A8), distance(weak_king, SQ_H1));
  constexpr int kFarthest = 7;  // the largest distance between two squares
  const int v = kKbnkBase + kKbnkCornerStep * (kFarthest - corner) +
                kKbnkKingStep * (kFarthest - distance(weak_king, strong_king));
  return strong == WHITE ? v : -v;
}

// The middlegame part weighted by the phase, the endgame part, scaled, by the rest: one formula
// for the engine's integers and for the doubles of the linear form the tuner fits.
template <class T>
T blend(T mg, T eg, int phase, int scale) {
  return (mg * phase + eg * scale / kScaleMax * (kPhaseMax - phase)) / kPhaseMax;
}

template <class T>
int evaluate_white(const Position& pos, PawnCache* cache, T& trace) {
  Color strong;
  if (is_kbnk(pos, strong)) return kbnk(pos, strong);
  Evaluator<T> ev(pos, cache, trace);
  const Score s = ev.run();
  const int scale = scale_factor(pos, s.eg >= 0 ? WHITE : BLACK);
  return blend(s.mg, s.eg, phase(pos), scale);
}

constexpr const char* kTermNames[] = {"Material",    "PSQT",    "Mobility", "Pawns", "Passed pawns",
                                      "King safety", "Threats", "Pieces",   "Tempo"};

// Which report line a parameter belongs to.
int term_of(int p) {
  if (p < kPsqt) return 0;
  if (p < kKnightMobility) return 1;
  if (p < kIsolatedPawn) return 2;
  if (p < kPassedPawn) return 3;
  if (p < kKingAttackerWeight) return 4;
  if (p < kPawnThreatMinor) return 5;
  if (p < kBishopPair) return 6;
  if (p < kTempo) return 7;
  if (p == kTempo) return 8;
  return 5;  // king danger
}

// Material plus piece-square weights, into the values Position sums.
void set_piece_square_values() {
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= KING; ++pt)
      for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        Score v = kWeights[kPsqt + pt * 64 + relative_square(c, s)];
        if (pt != KING) v += kWeights[kMaterial + pt];
        set_piece_square_value(make_piece(c, PieceType(pt)), s, c == WHITE ? v : -v);
      }
}

}  // namespace

void init() {
  static std::once_flag flag;
  std::call_once(flag, set_piece_square_values);
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
  Color strong;
  if (is_kbnk(pos, strong)) {
    c.special = true;
    return c;
  }
  CountTrace trace;
  Evaluator<CountTrace> ev(pos, nullptr, trace);
  const Score s = ev.run();
  c.scale = scale_factor(pos, s.eg >= 0 ? WHITE : BLACK);
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
    mg += double(weights[p].mg) * n;
    eg += double(weights[p].eg) * n;
  }
  for (Color side : {WHITE, BLACK}) {
    if (c.danger[side].empty()) continue;
    double s_mg = 0, s_eg = 0;
    for (const auto& [p, n] : c.danger[side]) {
      s_mg += double(weights[p].mg) * n;
      s_eg += double(weights[p].eg) * n;
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
      for (Color c : {WHITE, BLACK}) by_term[term_of(p)][c] += kWeights[p] * t.count[p][c];
  for (Color c : {WHITE, BLACK}) by_term[term_of(kDangerBase)][c] += ev.danger_penalty(c);

  std::string out =
      "      Term    |    White    |    Black    |    Total   \n"
      "              |   MG    EG  |   MG    EG  |   MG    EG \n"
      " -------------+-------------+-------------+------------\n";
  char line[512];
  for (std::size_t i = 0; i < std::size(kTermNames); ++i) {
    const Score w = by_term[i][WHITE], b = by_term[i][BLACK], d = w - b;
    std::snprintf(line, sizeof line, " %12s | %5d %5d | %5d %5d | %5d %5d \n", kTermNames[i], w.mg,
                  w.eg, b.mg, b.eg, d.mg, d.eg);
    out += line;
  }
  const int ph = phase(pos);
  Color strong;
  const bool special = is_kbnk(pos, strong);
  const int scale = scale_factor(pos, total.eg >= 0 ? WHITE : BLACK);
  std::snprintf(line, sizeof line,
                " -------------+-------------+-------------+------------\n"
                " %12s |             |             | %5d %5d \n"
                "Phase %d/%d, endgame scale %d/%d%s\n",
                "Total", total.mg, total.eg, ph, kPhaseMax, special ? kScaleMax : scale, kScaleMax,
                special ? " (KBN vs K rule)" : "");
  out += line;
  NoTrace none;
  std::snprintf(line, sizeof line, "Final evaluation: %d (white side)\n",
                evaluate_white(pos, nullptr, none));
  return out + line;
}

}  // namespace riposte::eval
