#!/usr/bin/env bash
# Compile time and peak memory of bench/compile/seed_examples.cpp with g++ and
# nvcc (3 runs each, the median printed). Usage: bench/compile_time.sh [FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:-bench/compile/seed_examples.cpp}
out=$(mktemp -d)
measure() {  # label, command...
  local label=$1; shift
  local times=() mems=()
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$out/t" "$@" >/dev/null 2>"$out/err" || { cat "$out/err"; exit 1; }
    read -r s kb < "$out/t"; times+=("$s"); mems+=("$kb")
  done
  local med_t med_m
  med_t=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
  med_m=$(printf '%s\n' "${mems[@]}" | sort -n | sed -n 2p)
  printf '%-28s %6.2f s  %7.1f MiB peak\n' "$label" "$med_t" "$(echo "$med_m / 1024" | bc -l)"
}
measure "g++ -O2 -std=c++20" g++ -std=c++20 -O2 -Iinclude -c "$src" -o "$out/a.o"
if command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  measure "nvcc -O2 sm_90a" "$nvcc" -ccbin g++ -std=c++20 -O2 -gencode=arch=compute_90a,code=sm_90a -Iinclude -x cu -c "$src" -o "$out/b.o"
fi
rm -rf "$out"
