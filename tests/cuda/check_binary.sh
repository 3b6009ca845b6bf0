#!/usr/bin/env bash
# check_binary.sh PTXAS_LOG: what CI can check of a CUDA test without a GPU,
# from ptxas's report of the build (nvcc -Xptxas -v): the kernels were
# compiled to sm_90a machine code, there is at least one, and none spills
# registers to local memory. The device runs are tests/cuda/run_device.sh's
# (docs/DEVICE_RUNS.md records them).
set -euo pipefail
log=$1
kernels=$(grep -c "Compiling entry function .* for 'sm_90a'" "$log" || true)
[ "$kernels" -gt 0 ] || { echo "no kernel compiled for sm_90a in $log"; exit 1; }
if grep -E 'bytes spill (stores|loads)' "$log" | grep -qvE '^.*\b0 bytes spill stores, 0 bytes spill loads'; then
  echo "register spills:"; grep -E "entry function|spill" "$log"; exit 1
fi
echo "$(basename "$log" .ptxas.log): $kernels kernels compiled for sm_90a, no spills"
