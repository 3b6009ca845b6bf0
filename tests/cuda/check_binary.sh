#!/usr/bin/env bash
# check_binary.sh PTXAS_LOG [ALLOWED_SPILLING_KERNELS [ARCH]]: what CI can check of a CUDA test without a GPU,
# from ptxas's report of the build (nvcc -Xptxas -v): the kernels were
# compiled to ARCH (default sm_90a) machine code, there is at least one, and no more than
# ALLOWED_SPILLING_KERNELS (default 0) of them spill registers to local memory. The device runs are tests/cuda/run_device.sh's
# (docs/DEVICE_RUNS.md records them).
set -euo pipefail
log=$1 allowed=${2:-0} arch=${3:-sm_90a}
kernels=$(grep -c "Compiling entry function .* for '$arch'" "$log" || true)
[ "$kernels" -gt 0 ] || { echo "no kernel compiled for $arch in $log"; exit 1; }
spilling=$(grep -E 'bytes spill (stores|loads)' "$log" | grep -cvE ' 0 bytes spill stores, 0 bytes spill loads' || true)
if [ "$spilling" -gt "$allowed" ]; then
  echo "register spills in $spilling kernels (allowed: $allowed):"; grep -E "entry function|spill" "$log"; exit 1
fi
echo "$(basename "$log" .ptxas.log): $kernels kernels compiled for $arch, $spilling spilling (allowed $allowed)"
