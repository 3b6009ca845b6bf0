#!/usr/bin/env bash
# Compile time and peak memory of bench/compile/seed_examples.cpp with g++ and
# nvcc (3 runs each, the median printed): elapsed seconds, and CPU seconds
# (user + system), which a loaded machine disturbs far less. Usage: bench/compile_time.sh [FILE]
#
# CUTE_DIR=<dir>: also compile the CuTe version of the file, <dir>/seed_examples_cute.cpp
# with -I<dir>/include (a reference copy of CuTe, see bench/RESULTS.md), each run
# interleaved with tessel's, since the load of a shared machine varies; the
# ratio CuTe / tessel of the medians is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:-bench/compile/seed_examples.cpp}
cute=${CUTE_DIR:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() {  # label, command...: one run, appended to $out/<label>
  local label=$1; shift
  /usr/bin/time -f "%e %M %U %S" -o "$out/t" "$@" >/dev/null 2>"$out/err" || { cat "$out/err"; exit 1; }
  cat "$out/t" >> "$out/$label"
}
median() {  # label, column (1: seconds, 2: KiB, 3: CPU seconds)
  if [ "$2" = 3 ]; then awk '{print $3 + $4}' "$out/$1" | sort -n | sed -n 2p; return; fi
  cut -d' ' -f"$2" "$out/$1" | sort -n | sed -n 2p
}
report() {  # label, name
  printf '%-28s %6.2f s  %6.2f s CPU  %7.1f MiB peak\n' "$2" "$(median "$1" 1)" "$(median "$1" 3)" "$(echo "$(median "$1" 2) / 1024" | bc -l)"
}
measure() {  # name, tessel command..., then -- and the CuTe command...
  local name=$1; shift
  local tes=() cut=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do tes+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  cut=("$@")
  rm -f "$out/tessel" "$out/cute"
  for _ in 1 2 3; do
    run tessel "${tes[@]}"
    [ -n "$cute" ] && run cute "${cut[@]}"
  done
  report tessel "$name"
  if [ -n "$cute" ]; then
    report cute "  CuTe, $name"
    printf '%-28s %6.2f (CPU: %.2f)\n' "  CuTe / tessel" "$(echo "$(median cute 1) / $(median tessel 1)" | bc -l)" "$(echo "$(median cute 3) / $(median tessel 3)" | bc -l)"
  fi
}
measure "g++ -O2 -std=c++20" g++ -std=c++20 -O2 -Iinclude -c "$src" -o "$out/a.o" \
  -- g++ -std=c++20 -O2 -I"$cute/include" -I/usr/local/cuda/include -c "$cute/seed_examples_cute.cpp" -o "$out/b.o"
if command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  flags=(-ccbin g++ -std=c++20 -O2 -gencode=arch=compute_90a,code=sm_90a)
  measure "nvcc -O2 sm_90a" "$nvcc" "${flags[@]}" -Iinclude -x cu -c "$src" -o "$out/c.o" \
    -- "$nvcc" "${flags[@]}" -I"$cute/include" -x cu -c "$cute/seed_examples_cute.cpp" -o "$out/d.o"
fi
