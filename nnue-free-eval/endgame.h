// SPDX-License-Identifier: GPL-3.0-or-later
// Endgame knowledge the weights cannot learn: rules that score a few endgames outright (KBN vs
// K, a lone king against a queen or rook, KPK from an exact bitbase, the wrong rook pawn, two
// knights, queen against rook or pawn, rook against pawn), and the scale factors for material
// the endgame score overrates.
#pragma once

#include <optional>

#include "movegen/position.h"

namespace riposte::eval {

// Builds the KPK bitbase (a few milliseconds); eval::init calls it once.
void init_endgames();

// KPK: whether the side with the pawn wins, whoever is to move. pos must hold exactly two kings
// and one pawn.
bool kpk_wins(const Position& pos);

// The score a rule gives pos, from White's point of view, or nullopt where no rule applies and
// the weights decide.
std::optional<int> endgame_rule(const Position& pos);

// The result a rule proves for pos, where it proves one: KPK either way, the wrong rook pawn a
// draw, a queen or rook against a lone king a win when the stronger side is to move. Every claim
// agrees with the Syzygy tables (tests/endgame_test.cpp).
enum class Verdict { kWhiteWins, kDraw, kBlackWins };
std::optional<Verdict> endgame_verdict(const Position& pos);

// Endgame scale, out of kScaleMax, for the side `strong` that the endgame score favours, which
// has `strong_passers` passed pawns.
int scale_factor(const Position& pos, Color strong, int strong_passers);

}  // namespace riposte::eval
