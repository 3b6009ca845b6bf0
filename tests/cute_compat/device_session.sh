#!/usr/bin/env bash
# tests/cute_compat/device_session.sh CUTLASS_DIR OUT_DIR
# On a GPU machine: the harness's GPU suites (CuTe's tutorials and device tests, run.sh) against
# tessel's drop-in and, for reference, against CuTe, both at once (half the cores each), then
# tests/cuda/tma.cu (the TMA atom and tma_partition) under compute-sanitizer memcheck.
# Writes OUT_DIR/{card.txt,tessel.txt,cute.txt,summary-*.tsv,hashes.txt,tutorials.tsv,tma.txt,logs.tgz}.
# SUITES (default tutorials,device) and JOBS (default nproc/2 per side) override.
set -uo pipefail
cutlass=$1; out=$2; mkdir -p "$out"
cd "$(dirname "$0")/../.."
jobs=${JOBS:-$(( $(nproc) / 2 ))}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/card.txt"
git rev-parse --short HEAD 2>/dev/null | tee -a "$out/card.txt"
suites=${SUITES:-tutorials,device}
# The tutorials are only built here (--no-run): tutorial_rounds.py below runs them, the two sides
# alternated, so that no tutorial runs twice or beside the other side's runs. The other suites
# (device tests) are built and run by the harness.
others=$(echo "$suites" | tr , '\n' | grep -vx tutorials | paste -sd, -)
for v in tessel cute; do
  {
    case $suites in *tutorials*)
      bash tests/cute_compat/run.sh "$cutlass" --against $v --suite tutorials --no-run --jobs "$jobs" \
           --out /tmp/cute-compat-$v ;;
    esac
    [ -n "$others" ] && bash tests/cute_compat/run.sh "$cutlass" --against $v --suite "$others" --jobs "$jobs" \
         --out /tmp/cute-compat-$v-others
  } > "$out/$v.txt" 2>&1 &
done
wait
for v in tessel cute; do
  cat /tmp/cute-compat-$v/summary.tsv /tmp/cute-compat-$v-others/summary.tsv 2>/dev/null | awk 'NR == 1 || !/^against\t/' \
      > "$out/summary-$v.tsv"
done
# The tutorials again, tessel's and CuTe's builds alternated (tutorial_rounds.py): the result hashes
# (d2h_hash.c) compared and the two GEMM tutorials' speed over 3 rounds in the same clock state.
case $suites in *tutorials*)
  python3 tests/cute_compat/tutorial_rounds.py /tmp/cute-compat-tessel /tmp/cute-compat-cute --rounds 3 \
          --tsv "$out/tutorials.tsv" 2>&1 | tee "$out/hashes.txt" ;;
esac
{ nvcc -std=c++20 -O3 -arch=sm_90a --expt-relaxed-constexpr -Iinclude tests/cuda/tma.cu -o /tmp/tma -lcuda &&
  /tmp/tma && compute-sanitizer --tool memcheck /tmp/tma | tail -n 3; } > "$out/tma.txt" 2>&1
tar czf "$out/logs.tgz" -C /tmp cute-compat-tessel/logs cute-compat-cute/logs cute-compat-tessel-others/logs \
    cute-compat-cute-others/logs 2>/dev/null
tail -n 30 "$out/tessel.txt" "$out/cute.txt" "$out/tma.txt"
