#!/usr/bin/env bash
# tests/cuda/run_gpu_session.sh [PARTS...]: the project's device checks and the GEMM
# timings in one call on the lent GPU (issue 25). Builds on the device (every core:
# tests/cuda/build_all.sh, no CMake there), then the parts, each under a time limit,
# in this order (default: all):
#   build     every CUDA test and bench (build-dev/cuda), and tests/cuda/*.cu again with
#             -DTESSEL_NO_CHECKS (build-dev/nochk)
#   host      kernels_host (the kernels' host side; also run by ctest in CI)
#   gemm      gemm_bench --small --describe (bit-exact + per-64x64-block checks);
#             compute-sanitizer memcheck, racecheck, synccheck on --small;
#             gemm_bench --no-time (every bench shape, bit-exact); gemm_sm80_bench --small
#             and its memcheck
#   nochk     the device tests built with -DTESSEL_NO_CHECKS (layout, tensor, swizzle,
#             tile-cost, atoms, wgmma, tma, kernels_host) and gemm_bench --small of that build
#   rounds    3 rounds, each gemm_bench --time-only --reps 30 then gemm_torch.py (cuBLAS
#             through torch.matmul, median of 30), summed up by bench/gpu/gemm_rounds.py
#   device    run_device.sh, run_atoms.sh (memcheck/racecheck), run_hopper.sh (wgmma, tma,
#             copy_bench with sanitizers and timings)
# Logs: $OUT/<part>.txt (or ./gpu-logs), the rest packed into $OUT/logs.tgz. Exits non-zero
# if any part failed. BUILD (default build-dev) is where the binaries go; a warm machine
# keeps them, so a later call can skip "build" (it builds anyway where they are missing).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${BUILD:-$root/build-dev}
OUTDIR=${OUT:-$root/gpu-logs}
LOGS=/tmp/gpu-session-logs
mkdir -p "$OUTDIR" "$LOGS"
export LOGDIR=$LOGS
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(build host gemm nochk rounds device)
status=0
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }
# step NAME LIMIT_S CMD...: runs CMD with a time limit, its output into $LOGS/NAME.txt, a line of summary here.
# DEADLINE (seconds from the start, default 570): a step gets at most what is left before it, and
# one with under 15 s left is skipped (printed as SKIPPED; counted as a failure of the session).
DEADLINE=${DEADLINE:-570}
STEP_LOGS=$LOGS
source "$here/steps.sh"  # step NAME LIMIT CMD...
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee "$OUTDIR/gpu.txt"
nvcc --version | tail -n 2
if want build || [ ! -x "$B/cuda/gemm_bench" ]; then  # a fresh machine: build whatever the parts are
  t0=$SECONDS
  bash "$here/build_all.sh" "$B/cuda" "" > "$LOGS/build.txt" 2>&1 &
  p1=$!
  bash "$here/build_all.sh" "$B/nochk" "-DTESSEL_NO_CHECKS" tests > "$LOGS/build-nochk.txt" 2>&1 &
  p2=$!
  wait $p1 || status=1
  wait $p2 || status=1
  echo "build: $((SECONDS - t0)) s"; tail -n 3 "$LOGS/build.txt" "$LOGS/build-nochk.txt"
  grep -h "BUILD FAILED" -A12 "$LOGS"/build*.txt | head -40
  # the GEMM kernels' registers and stack frames (ptxas), one line per distinct figure
  for f in gemm_bench gemm_sm80_bench; do
    grep -E "Compiling entry|Used [0-9]+ registers" "$B/cuda/$f.ptxas.log" | paste - - | grep gemm_kernel |
      sed -E "s/.*kernels4(sm[89]0)11gemm_kernel.*ptxas info *: (Used .*)/\\1 \\2/" | sort | uniq -c
  done
fi
c=$B/cuda
if want host; then step kernels_host 60 "$c/kernels_host"; fi
if want gemm; then
  step gemm_small 120 "$c/gemm_bench" --small --describe --no-time
  step gemm_memcheck 240 "$san" --tool memcheck --error-exitcode 3 "$c/gemm_bench" --small --no-time
  step gemm_racecheck 300 "$san" --tool racecheck --error-exitcode 3 "$c/gemm_bench" --small --no-time
  step gemm_synccheck 240 "$san" --tool synccheck --error-exitcode 3 "$c/gemm_bench" --small --no-time
  step gemm_full_check 300 "$c/gemm_bench" --no-time
  step gemm_sm80_small 120 "$c/gemm_sm80_bench" --small --describe --no-time
  step gemm_sm80_memcheck 240 "$san" --tool memcheck --error-exitcode 3 "$c/gemm_sm80_bench" --small --no-time
fi
if want nochk; then
  n=$B/nochk
  for t in kernels_host layout_kernel tensor_tv_copy swizzle_kernel dynamic_tile_cost atoms wgmma tma; do step "nochk_$t" 120 "$n/$t"; done
fi
if want rounds; then
  py=$(command -v python3)
  for r in 1 2 3; do
    step "round${r}_tessel" 200 "$c/gemm_bench" --time-only --reps 30
    step "round${r}_cublas" 200 env PYTHONUNBUFFERED=1 PYTHONPATH="$root/bench/gpu" "$py" "$root/bench/gpu/gemm_torch.py"
  done
  "$py" "$root/bench/gpu/gemm_rounds.py" "$LOGS"/round1_tessel.txt "$LOGS"/round1_cublas.txt "$LOGS"/round2_tessel.txt "$LOGS"/round2_cublas.txt \
    "$LOGS"/round3_tessel.txt "$LOGS"/round3_cublas.txt | tee "$OUTDIR/rounds.txt"
fi
if want device; then
  step run_device 300 bash "$here/run_device.sh" "$B"
  step run_atoms 200 bash "$here/run_atoms.sh" "$c/atoms"
  step run_hopper 400 bash "$here/run_hopper.sh" "$B"
fi
cp "$LOGS"/gemm_small.txt "$LOGS"/gemm_full_check.txt "$OUTDIR"/ 2>/dev/null
tar czf "$OUTDIR/logs.tgz" -C /tmp gpu-session-logs
echo "run_gpu_session: status $status"
exit $status
