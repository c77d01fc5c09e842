#include "search/history.h"

#include "search/picker.h"

namespace riposte {

namespace {

PieceType victim_of(const Position& pos, Move m) {
  return m.type() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
}

History& capture_entry(HistoryTables& h, const Position& pos, Move m) {
  return h.capture.table[pos.moved_piece(m)][m.to()][victim_of(pos, m)];
}

void update_quiet(HistoryTables& h, const OrderingSwitches& sw, const CutoffContext& ctx, Color us,
                  Piece pc, Move m, int bonus) {
  if (sw.butterfly) h.butterfly.at(us, m).update(bonus);
  if (sw.counter_history) ctx.counter_hist->table[pc][m.to()].update(bonus);
  if (sw.followup_history) ctx.followup_hist->table[pc][m.to()].update(bonus);
  if (sw.deep_continuation) {
    if (ctx.ply4_hist) ctx.ply4_hist->table[pc][m.to()].update(bonus);
    if (ctx.ply6_hist) ctx.ply6_hist->table[pc][m.to()].update(bonus);
  }
}

}  // namespace

int capture_history(const HistoryTables& h, const Position& pos, Move m) {
  return h.capture.table[pos.moved_piece(m)][m.to()][victim_of(pos, m)];
}

int quiet_history(const HistoryTables& h, const OrderingSwitches& sw, const CutoffContext& ctx,
                  Color us, Piece pc, Move m) {
  int v = 0;
  if (sw.butterfly) v += h.butterfly.get(us, m);
  if (sw.counter_history) v += ctx.counter_hist->table[pc][m.to()];
  if (sw.followup_history) v += ctx.followup_hist->table[pc][m.to()];
  if (sw.deep_continuation) {
    if (ctx.ply4_hist) v += ctx.ply4_hist->table[pc][m.to()];
    if (ctx.ply6_hist) v += ctx.ply6_hist->table[pc][m.to()];
  }
  return v;
}

void record_cutoff(HistoryTables& h, const OrderingSwitches& sw, const Position& pos,
                   const CutoffContext& ctx, Move best, int depth, const Move* quiets,
                   int quiet_count, const Move* captures, int capture_count) {
  if (sw.baseline) return;
  const Color us = pos.side_to_move();
  const int bonus = history_bonus(depth);

  if (!pos.is_noisy(best)) {
    if (sw.killers && ctx.killers[0] != best) {
      ctx.killers[1] = ctx.killers[0];
      ctx.killers[0] = best;
    }
    if (sw.countermove && ctx.previous_move.is_ok())
      h.countermoves.table[ctx.previous_piece][ctx.previous_move.to()] = best;
    update_quiet(h, sw, ctx, us, pos.moved_piece(best), best, bonus);
    for (int i = 0; i < quiet_count; ++i)
      if (quiets[i] != best)
        update_quiet(h, sw, ctx, us, pos.moved_piece(quiets[i]), quiets[i], -bonus);
  } else if (sw.capture_history) {
    capture_entry(h, pos, best).update(bonus);
  }
  if (sw.capture_history)
    for (int i = 0; i < capture_count; ++i)
      if (captures[i] != best) capture_entry(h, pos, captures[i]).update(-bonus);
}

}  // namespace riposte
