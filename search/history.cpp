#include "search/history.h"

namespace riposte {

namespace {

CaptureHistory::Entry& capture_entry(HistoryTables& h, const Position& pos, Move m) {
  return h.capture.table[pos.moved_piece(m)][m.to()][pos.captured_type(m)];
}

void update_quiet(HistoryTables& h, const OrderingSwitches& sw, const OrderingContext& ctx,
                  Color us, Piece pc, Move m, int bonus) {
  if (sw.butterfly) h.butterfly.at(us, m).update(bonus);
  for (PieceToHistory* t : ctx.continuation)
    if (t) t->table[pc][m.to()].update(bonus);
}

}  // namespace

int capture_history(const HistoryTables& h, const Position& pos, Move m) {
  return h.capture.table[pos.moved_piece(m)][m.to()][pos.captured_type(m)];
}

void record_cutoff(HistoryTables& h, const OrderingSwitches& sw, const Position& pos,
                   const OrderingContext& ctx, Move best, int depth, std::span<const Move> quiets,
                   std::span<const Move> captures) {
  if (sw.baseline) return;
  const Color us = pos.side_to_move();
  const int bonus = history_bonus(depth), malus = history_malus(depth);

  if (!pos.is_noisy(best)) {
    if (sw.countermove && ctx.previous_move.is_ok())
      h.countermoves.table[ctx.previous_piece][ctx.previous_move.to()] = best;
    update_quiet(h, sw, ctx, us, pos.moved_piece(best), best, bonus);
    for (const Move m : quiets)
      if (m != best) update_quiet(h, sw, ctx, us, pos.moved_piece(m), m, -malus);
  } else if (sw.capture_history) {
    capture_entry(h, pos, best).update(bonus);
  }
  if (sw.capture_history)
    for (const Move m : captures)
      if (m != best) capture_entry(h, pos, m).update(-malus);
}

}  // namespace riposte
