#!/usr/bin/env bash
# tests/cuda/run_pieces.sh: issue 25's kernel pieces on the lent GPU in one short call
# (about 5 minutes): every build in parallel (nvcc_build.sh's flags; headers from
# TESSEL_INCLUDE, default the checkout's include/), each test starting as soon as its
# binary exists, in this order:
#   kernels_host (host checks, then the pipeline and scheduler kernels) and its
#   compute-sanitizer memcheck, racecheck and synccheck;
#   gemm_bench --small, gemm_sm80_bench --small, copy_bench --small (bit-exact GEMMs,
#   every copy path, the TMA path through the TMA atom), each also built with
#   -DTESSEL_NO_CHECKS; memcheck, racecheck, synccheck on one small clustered GEMM
#   (gemm_bench --one TN 129 257 72 -1 2) and on copy_bench --small --no-time (every copy case, the TMA one included);
#   atoms, wgmma, tma (and atoms with -DTESSEL_NO_CHECKS).
# DEADLINE (seconds, default 285): a step that would start with under 15 s left is
# printed SKIPPED and counts as a failure (steps.sh). Logs: $OUT/pieces.tgz (one file per step,
# the build logs, ptxas reports); the summary is printed. Exit 1 if anything failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
inc=${TESSEL_INCLUDE:-$root/include}
B=${BUILD:-/tmp/pieces}
L=$B/logs
OUTDIR=${OUT:-$root/gpu-logs}
DEADLINE=${DEADLINE:-285}
mkdir -p "$B/n" "$B/c" "$L" "$OUTDIR"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
status=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$L/gpu.txt"
date -u | tee -a "$L/gpu.txt"
"$nvcc" --version | tail -n 1

# ---- builds: n/ as CI builds them, c/ with -DTESSEL_NO_CHECKS (kernels_host sets it itself)
{
  for s in tests/cuda/kernels_host.cu bench/gpu/gemm_bench.cu bench/gpu/copy_bench.cu bench/gpu/gemm_sm80_bench.cu \
           tests/cuda/atoms.cu tests/cuda/wgmma.cu tests/cuda/tma.cu; do
    echo "$root/$s $B/n/$(basename "$s" .cu) -"
  done
  for s in bench/gpu/gemm_bench.cu bench/gpu/copy_bench.cu bench/gpu/gemm_sm80_bench.cu tests/cuda/atoms.cu; do
    echo "$root/$s $B/c/$(basename "$s" .cu) -DTESSEL_NO_CHECKS"
  done
} | xargs -P 16 -L 1 bash -c 'f=$5; [ "$f" = - ] && f=; t0=$SECONDS;  # $0 nvcc_build.sh, $1 nvcc, $2 include, $3 src, $4 out
  if bash "$0" "$1" g++ "$2" "$3" "$4" "$f" > "$4.build.log" 2>&1; then echo "built $4 in $((SECONDS - t0)) s"; touch "$4.ok";
  else echo "BUILD FAILED $4"; head -20 "$4.build.log"; touch "$4.failed"; fi' \
  "$here/nvcc_build.sh" "$nvcc" "$inc" > "$L/build.txt" 2>&1 &
builds=$!

# wait_for BIN: until BIN.ok or BIN.failed exists (or the deadline); 0 when built.
wait_for() {
  while [ ! -e "$1.ok" ] && [ ! -e "$1.failed" ] && [ $SECONDS -lt $((DEADLINE - 10)) ]; do sleep 1; done
  [ -e "$1.ok" ]
}
STEP_LOGS=$L
source "$here/steps.sh"  # step NAME LIMIT CMD...
# run NAME LIMIT BIN CMD...: step NAME LIMIT CMD... once BIN is built.
run() {
  local name=$1 limit=$2 bin=$3
  shift 3
  if ! wait_for "$bin"; then
    printf '%-28s NOT BUILT (or no time left)\n' "$name"
    status=1
    return
  fi
  step "$name" "$limit" "$@"
}
sanitize() {  # sanitize NAME LIMIT BIN ARGS...: memcheck, racecheck and synccheck of BIN ARGS
  local name=$1 limit=$2 bin=$3
  shift 3
  for tool in memcheck racecheck synccheck; do
    run "${name}_$tool" "$limit" "$bin" "$san" --tool "$tool" --error-exitcode 3 "$bin" "$@"
  done
}

n=$B/n c=$B/c
run kernels_host 60 "$n/kernels_host" "$n/kernels_host"
sanitize kernels_host 60 "$n/kernels_host"
run gemm_small 90 "$n/gemm_bench" "$n/gemm_bench" --small --no-time
run copy_small 60 "$n/copy_bench" "$n/copy_bench" --small
sanitize gemm_one 60 "$n/gemm_bench" --one TN 129 257 72 -1 2
sanitize copy_small 120 "$n/copy_bench" --small --no-time  # every case checked, none timed (timed: minutes under racecheck)
run gemm_small_nochk 90 "$c/gemm_bench" "$c/gemm_bench" --small --no-time
run copy_small_nochk 60 "$c/copy_bench" "$c/copy_bench" --small
run sm80_small 60 "$n/gemm_sm80_bench" "$n/gemm_sm80_bench" --small --no-time
run sm80_small_nochk 60 "$c/gemm_sm80_bench" "$c/gemm_sm80_bench" --small --no-time
run atoms 60 "$n/atoms" "$n/atoms"
run atoms_nochk 60 "$c/atoms" "$c/atoms"
run wgmma 60 "$n/wgmma" "$n/wgmma"
run tma 60 "$n/tma" "$n/tma"
kill $builds 2>/dev/null
cat "$L/build.txt"
for f in "$B"/n/*.ptxas.log "$B"/c/*.ptxas.log "$B"/n/*.build.log "$B"/c/*.build.log; do
  [ -e "$f" ] && cp "$f" "$L/$(basename "$(dirname "$f")")_$(basename "$f")"
done
tar czf "$OUTDIR/pieces.tgz" -C "$B" logs
echo "run_pieces: status $status, $SECONDS s"
exit $status
