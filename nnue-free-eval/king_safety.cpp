// SPDX-License-Identifier: GPL-3.0-or-later
// King safety: the linear attack terms, the non-linear king danger, shelter and storm.
#include <algorithm>
#include <cstdlib>
#include <utility>

#include "nnue-free-eval/evaluator.h"

namespace riposte::eval::detail {

namespace {

// The files an attack on a king on file f comes over.
Bitboard king_flank(File f) {
  constexpr Bitboard kQueenSide = 0x0F0F0F0F0F0F0F0FULL, kKingSide = ~kQueenSide;
  constexpr Bitboard kCentreFiles = kQueenSide << 2 & kKingSide >> 2;
  switch (f) {
    case FILE_A: return kQueenSide & ~file_bb(FILE_D);
    case FILE_B:
    case FILE_C: return kQueenSide;
    case FILE_D:
    case FILE_E: return kCentreFiles;
    case FILE_F:
    case FILE_G: return kKingSide;
    default: return kKingSide & ~file_bb(FILE_E);
  }
}

// Shelter and storm on the three files nearest to a king on ksq (a king on the a- or h-file
// counts those of the b- or g-file king): the rank distance to the nearest own and enemy pawn
// in front of it on each file, 0 for none, and the files without pawns.
struct ShelterCounts {
  int shelter[3];
  int storm[3];
  int open_files = 0;
  Score value() const {
    Score v = weights()[kKingOpenFile] * open_files;
    for (int i = 0; i < 3; ++i)
      v += weights()[kPawnShelter + shelter[i]] + weights()[kPawnStorm + storm[i]];
    return v;
  }
};

ShelterCounts shelter_counts(const Position& pos, Color us, Square ksq) {
  const Color them = ~us;
  const int kf = std::clamp(int(file_of(ksq)), int(FILE_B), int(FILE_G));
  const Bitboard ahead = ranks_ahead(us, rank_of(ksq));
  ShelterCounts c;
  for (int i = 0; i < 3; ++i) {
    const Bitboard file = file_bb(File(kf - 1 + i));
    const Bitboard own = pos.pieces(us, PAWN) & file & ahead;
    const Bitboard enemy = pos.pieces(them, PAWN) & file & ahead;
    const int own_d = own ? std::abs(rank_of(us == WHITE ? lsb(own) : msb(own)) - rank_of(ksq)) : 0;
    const int enemy_d =
        enemy ? std::abs(rank_of(us == WHITE ? lsb(enemy) : msb(enemy)) - rank_of(ksq)) : 0;
    c.shelter[i] = std::min(own_d, 7);
    c.storm[i] = std::min(enemy_d, 7);
    c.open_files += !(pos.pieces(PAWN) & file);
  }
  return c;
}

}  // namespace

// Danger to `us`'s king from `them`. Linear part: attackers of the king zone and attacked zone
// squares, counted only with two attackers (or one and a queen), and safe checks. Non-linear
// part, on the same condition: those inputs plus weak zone squares summed into one danger
// score and converted by king_danger_penalty, so that threats together cost more than apart.
// Pawn shelter and storm stay linear.
template <class T>
void Evaluator<T>::king_safety(Color us) {
  const Color them = ~us;
  const Square ksq = pos_.king_square(us);
  const bool enemy_queen = pos_.pieces(them, QUEEN);
  const bool attacked = king_attackers_[them] >= 2 || (king_attackers_[them] >= 1 && enemy_queen);
  // Our own terms, the attacker's linear terms, and the danger inputs against our king.
  Sum ours = sum(us), attack = sum(them), danger = sum(us);
  if (attacked) {
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
      if (attacker_types_[them][pt]) {
        attack.add(kKingAttackerWeight + int(pt), attacker_types_[them][pt]);
        danger.add(kDangerAttacker + int(pt), attacker_types_[them][pt]);
      }
    attack.add(kKingZoneAttacks, king_zone_hits_[them]);
    danger.add(kDangerZoneHits, king_zone_hits_[them]);
    const Bitboard minor_or_rook_guards =
        attacked_[us][PAWN] | attacked_[us][KNIGHT] | attacked_[us][BISHOP] | attacked_[us][ROOK];
    danger.add(kDangerWeakSquares,
               popcount(king_zone_[us] & attacked_[them][ALL_PIECES] & ~minor_or_rook_guards));
    if (!enemy_queen) danger.add(kDangerNoQueen);
    danger.add(kDangerBase);
  }
  // Checks from squares we neither guard nor occupy. The queen checks along the rook and
  // bishop rays, so each ray is looked up once.
  const Bitboard safe = ~attacked_[us][ALL_PIECES] & ~pos_.pieces(them);
  const Bitboard bishop_rays = attacks::bishop(ksq, pos_.pieces());
  const Bitboard rook_rays = attacks::rook(ksq, pos_.pieces());
  Bitboard unsafe_checks = 0;
  const auto safe_checks = [&](PieceType pt, Bitboard from) {
    const Bitboard all = from & attacked_[them][pt] & ~pos_.pieces(them);
    unsafe_checks |= all & ~safe;
    const Bitboard checks = all & safe;
    if (!checks) return;
    attack.add(kSafeCheck + int(pt), popcount(checks));
    if (attacked) danger.add(kDangerSafeCheck + int(pt), popcount(checks));
  };
  safe_checks(KNIGHT, attacks::knight(ksq));
  safe_checks(BISHOP, bishop_rays);
  safe_checks(ROOK, rook_rays);
  safe_checks(QUEEN, bishop_rays | rook_rays);
  if (attacked) {
    danger.add(kDangerUnsafeChecks, popcount(unsafe_checks));
    danger.add(kDangerKingBlockers, popcount(pos_.blockers_for_king(us)));
    // Attacks on the king's flank in our own half (ranks 1 to 5), double ones counted twice.
    const Bitboard camp = us == WHITE ? (Bitboard(1) << 40) - 1 : ~((Bitboard(1) << 24) - 1);
    const Bitboard flank = king_flank(file_of(ksq)) & camp;
    const Bitboard flank_attacks = attacked_[them][ALL_PIECES] & flank;
    danger.add(kDangerFlankAttacks,
               popcount(flank_attacks) + popcount(flank_attacks & attacked2_[them]));
    danger.add(kDangerFlankDefence, popcount(attacked_[us][ALL_PIECES] & flank));
    if (attacked_[us][KNIGHT] & attacked_[us][KING]) danger.add(kDangerKnightDefender);
    danger_penalty_[us] = king_danger_penalty(danger.sum());
    score_[us] += danger_penalty_[us];
  }
  ours.add(kKingDefenders +
           popcount(king_zone_[us] & (pos_.pieces(us, PAWN) | pos_.pieces(us, KNIGHT, BISHOP))));
  score_[us] += ours.sum();
  score_[them] += attack.sum();
  shelter(us);
}

// Shelter and storm depend on the pawns, the king square and the castling rights only, so the
// pawn cache entry keeps them for the last king square and rights it saw on each side.
template <class T>
void Evaluator<T>::shelter(Color us) {
  const int key =
      1 + (int(pos_.king_square(us)) |
           int(pos_.castling_rights() & (us == WHITE ? WHITE_CASTLING : BLACK_CASTLING)) << 6);
  if (pawn_entry_ && pawn_entry_->shelter_key[us] == key) {
    score_[us] += pawn_entry_->shelter[us];
    return;
  }
  const Score value = shelter_and_storm(us);
  score_[us] += value;
  if (pawn_entry_) {
    pawn_entry_->shelter_key[us] = key;
    pawn_entry_->shelter[us] = value;
  }
}

// The shelter of a king where it stands or, if it may still castle, where castling takes it,
// whichever is best; and whether its flank has pawns at all.
template <class T>
Score Evaluator<T>::shelter_and_storm(Color us) {
  const Square ksq = pos_.king_square(us);
  ShelterCounts best = shelter_counts(pos_, us, ksq);
  Score best_value = best.value();
  for (const auto& [right, to] : {std::pair{KING_SIDE, SQ_G1}, std::pair{QUEEN_SIDE, SQ_C1}}) {
    if (!pos_.can_castle(CastlingRights(right & (us == WHITE ? WHITE_CASTLING : BLACK_CASTLING))))
      continue;
    const ShelterCounts c = shelter_counts(pos_, us, relative_square(us, to));
    if (const Score v = c.value(); v.mg() > best_value.mg()) {
      best = c;
      best_value = v;
    }
  }
  Sum terms = sum(us);
  for (int i = 0; i < 3; ++i) {
    terms.add(kPawnShelter + best.shelter[i]);
    terms.add(kPawnStorm + best.storm[i]);
  }
  if (best.open_files) terms.add(kKingOpenFile, best.open_files);
  if (!(pos_.pieces(PAWN) & king_flank(file_of(ksq)))) terms.add(kPawnlessFlank);
  return terms.sum();
}

template void Evaluator<NoTrace>::king_safety(Color);
template void Evaluator<CountTrace>::king_safety(Color);

}  // namespace riposte::eval::detail
