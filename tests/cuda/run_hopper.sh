#!/usr/bin/env bash
# tests/cuda/run_hopper.sh [BUILD_DIR]: the Hopper device checks in one go, for
# an H100 (sm_90a): the wgmma GEMMs (tests/cuda/wgmma.cu -> BUILD_DIR/cuda/wgmma)
# and the TMA/mbarrier checks (tests/cuda/tma.cu -> BUILD_DIR/cuda/tma), each run
# plainly and then under compute-sanitizer memcheck and racecheck; then the
# layout-to-layout copy bench with its TMA path (bench/gpu/copy_bench.cu) at
# small sizes under memcheck, and at full size (timings for bench/RESULTS.md). Builds the
# binaries first when they are missing (cmake --build BUILD_DIR --target
# tessel_cuda_tests). Prints each run's summary; exits non-zero if any fails.
# Logs go to $LOGDIR (default: the current directory).
set -u
B=${1:-build}
LOG=${LOGDIR:-.}
status=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
[ -x "$B/cuda/wgmma" ] || cmake --build "$B" --target tessel_cuda_tests -j"$(nproc)" || status=1
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
for t in wgmma tma; do
  bin="$B/cuda/$t"
  [ -x "$bin" ] || { echo "== $t: not built"; status=1; continue; }
  echo "== $t"
  "$bin" || status=1
  for tool in memcheck racecheck; do
    echo "== compute-sanitizer --tool $tool $t"
    "$san" --tool "$tool" --error-exitcode 3 "$bin" > "$LOG/sanitizer_${t}_$tool.log" 2>&1
    rc=$?
    grep -E "passed, .* failed|ERROR SUMMARY|RACECHECK SUMMARY|Device not supported|rror" "$LOG/sanitizer_${t}_$tool.log" | tail -5
    echo "$tool exit status $rc"
    [ "$rc" -eq 0 ] || status=1
  done
done
cb="$B/cuda/copy_bench"
if [ -x "$cb" ]; then
  echo "== copy_bench --small (every plan, and the TMA path where it applies, against a reference)"
  "$cb" --small || status=1
  echo "== compute-sanitizer --tool memcheck copy_bench --small"
  "$san" --tool memcheck --error-exitcode 3 "$cb" --small --no-time > "$LOG/sanitizer_copy_bench_memcheck.log" 2>&1 || status=1
  grep -E "passed, .* failed|ERROR SUMMARY" "$LOG/sanitizer_copy_bench_memcheck.log" | tail -2
  echo "== compute-sanitizer --tool racecheck copy_bench --small (the tile kernels' shared memory and barriers)"
  "$san" --tool racecheck --error-exitcode 3 "$cb" --small --no-time > "$LOG/sanitizer_copy_bench_racecheck.log" 2>&1 || status=1
  grep -E "passed, .* failed|RACECHECK SUMMARY" "$LOG/sanitizer_copy_bench_racecheck.log" | tail -2
  echo "== copy_bench (full sizes: TB/s beside D2D; the TMA path on its own line)"
  "$cb" || status=1
else
  echo "== copy_bench: not built"; status=1
fi
exit $status
