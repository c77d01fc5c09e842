# SPDX-License-Identifier: GPL-3.0-or-later
# Shared helpers for tools/sprt and tools/gauntlet (sourced, not run).

require_fastchess() {
  if ! command -v fastchess >/dev/null 2>&1; then
    echo "error: fastchess is not on PATH. It is not a Debian package: build it from its" >&2
    echo "source (github.com/Disservin/fastchess, 'make -j2') outside this repository and put" >&2
    echo "the binary on PATH." >&2
    exit 1
  fi
}

# unpack_book NAME: prints the path of ../shared/data/books/NAME unpacked to a scratch folder;
# a NAME that is an existing file (an EPD made elsewhere) is used as it is.
unpack_book() {
  local root src dir out
  if [ -f "$1" ]; then realpath "$1"; return; fi
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  src="$root/../shared/data/books/$1.xz"
  dir="${RIPOSTE_SCRATCH:-${TMPDIR:-/tmp}/riposte-books}"
  out="$dir/$1"
  if [ ! -s "$out" ]; then
    [ -f "$src" ] || { echo "error: book $src not found" >&2; exit 1; }
    mkdir -p "$dir"
    xz -dc "$src" | tr -d '\r' > "$out.tmp" && mv "$out.tmp" "$out"
  fi
  echo "$out"
}

# summarize LOG: the final result block of a fastchess run, or a note that it has none (a run
# that failed early).
summarize() {
  echo "---- summary ----"
  grep -E "^Results of|^Elo:|^LOS:|^Games:|^Ptnml|^LLR|^SPRT" "$1" 2>/dev/null | tail -7 ||
    echo "no results in $1"
  local issues
  issues=$(grep -ciE "loses on time|illegal move|disconnect|stall|crashed: [1-9]" "$1" 2>/dev/null) ||
    true
  echo "time losses / illegal moves / disconnects / stalls mentioned in the log: $issues"
}

# Runs split into chunks (tools/switch-sprts, tools/ordering-games): STEM.partN.log is chunk N's
# fastchess log and STEM.partN.log.result the lines of its last report, kept to resume later.

# chunk_summary LOG: the lines of a fastchess log's last report that tools/combine-runs reads.
chunk_summary() {
  local kind
  for kind in Elo Games Ptnml LLR; do grep -E "^$kind" "$1" | tail -1 || true; done
}

# next_chunk STEM: prints the log of the first chunk of STEM not yet played. A chunk cut short
# (a log with a report but no .result) gets its .result from that report and counts as played.
next_chunk() {
  local part log
  for ((part = 0; ; ++part)); do
    log="$1.part$part.log"
    [ -s "$log.result" ] && continue
    if [ -s "$log" ] && grep -q '^Ptnml' "$log"; then
      chunk_summary "$log" > "$log.result"
      continue
    fi
    echo "$log"
    return
  done
}
