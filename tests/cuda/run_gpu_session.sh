#!/usr/bin/env bash
# tests/cuda/run_gpu_session.sh [BUILD_DIR]: every device check of the project in
# one call on the lent H100 (carry BUILD_DIR/cuda, built here with
# `cmake --build BUILD_DIR --target tessel_cuda_tests`):
#   1. the Hopper atoms (wgmma, TMA, mbarriers) and the copy bench: run_hopper.sh
#   2. the Ampere-style atoms: run_atoms.sh
#   3. the layout/tensor/swizzle kernels: run_device.sh
#   4. the SASS counts of bench/gpu/atoms_sass.cu
# Each part's output goes to $OUT/<part>.txt (or ./gpu-logs without $OUT); the
# sanitizer logs are packed into sanitizer-logs.tgz. Exits non-zero if any fails.
set -u
B=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
OUTDIR=${OUT:-gpu-logs}
mkdir -p "$OUTDIR" /tmp/sanlogs
export LOGDIR=/tmp/sanlogs
status=0
part() { local name=$1; shift; echo "######## $name"; "$@" > "$OUTDIR/$name.txt" 2>&1 || { status=1; echo "$name: FAILED"; }; tail -n 25 "$OUTDIR/$name.txt"; }
part hopper bash "$here/run_hopper.sh" "$B"
part atoms bash "$here/run_atoms.sh" "$B/cuda/atoms"
part device bash "$here/run_device.sh" "$B"
part sass bash "$here/../../bench/gpu/atoms_sass.sh" "$B/cuda/atoms_sass"
tar czf "$OUTDIR/sanitizer-logs.tgz" -C /tmp sanlogs
echo "run_gpu_session: status $status"
exit $status
