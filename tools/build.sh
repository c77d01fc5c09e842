#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# One entry point for a fresh Debian machine: installs what is missing, then builds.
#   bash tools/build.sh run    build the engine as `make` does (profile-guided, ./riposte) and
#                              start it on UCI (build log on stderr)
#   bash tools/build.sh test   build Release and ASan/UBSan and run every test in both, then the
#                              threaded tests (UCI, SMP, TT) under ThreadSanitizer and the
#                              parameter-table tests in the SPSA tuning build, then each
#                              libFuzzer target for 30 s on its seed corpus (clang)
#   bash tools/build.sh build  only build Release (build/release/riposte)
set -euo pipefail
usage() { awk 'NR > 1 && !/^#/ { exit } NR > 2 { sub(/^# ?/, ""); print }' "$0"; }
case "${1:-}" in
  run | build | test) ;;
  -h | --help) usage; exit 0 ;;
  *) usage >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."

packages=(cmake make g++ clang llvm lld libabsl-dev libgtest-dev libbenchmark-dev libfathom-dev polyglot)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing missing packages: ${missing[*]}" >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
fi

jobs=$(nproc)
build() {  # build <preset> [target...]: everything, or only the targets named
  local preset=$1
  shift
  cmake --preset "$preset" >&2
  cmake --build --preset "$preset" -j"$jobs" ${1:+--target "$@"} >&2
}

case "${1:-}" in
  run)
    make EXE=riposte >&2
    exec ./riposte
    ;;
  build)
    build release
    ;;
  test)
    # The clock transcripts (UciTime) run alone: beside 64-thread SMP tests on two cores they
    # would measure the machine's load, not the engine.
    build release
    ctest --preset release -j"$jobs" -E 'UciTime|OpenBench'
    ctest --preset release -R UciTime
    # Two engine builds of its own, with every core: alone, so no timed test shares the machine.
    ctest --preset release -R OpenBench
    build sanitize riposte_tests
    # Xboard, Cli and Docs need the engine binary (built in Release only); the two longest
    # searches (40 s under ASan) ran in Release.
    ctest --preset sanitize -j"$jobs" \
      -E 'UciTime|Xboard|Cli|Docs|WdlAgreesWithEveryMateTheSearchProves|PvsAndBestmoveAgreeInEveryBenchPosition'
    ctest --preset sanitize -R UciTime
    build tsan riposte_tests
    # One-thread searches (90 s under TSan) gain nothing from it.
    ctest --preset tsan -j"$jobs" -R 'Smp|TranspositionTable|Uci|Syzygy.Threads' \
      -E 'UciTime|PvsAndBestmoveAgreeInEveryBenchPosition|MateScoreInMoves'
    ctest --preset tsan -R UciTime
    build tuning riposte_params_tests
    ctest --preset tuning -j"$jobs" -R 'SearchParams|Spsa'
    # The five targets fuzz at once for their 30 s each: the test command stays within 20 min.
    build fuzz fuzz_fen fuzz_move fuzz_epd fuzz_tune_line fuzz_uci
    ctest --preset fuzz -j5
    ;;
esac
