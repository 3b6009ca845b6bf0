#!/usr/bin/env bash
# nvcc_build.sh NVCC HOST_CXX INCLUDE_DIR SRC OUT [EXTRA_FLAGS [ARCH]]: build one CUDA test for
# ARCH (default sm_90a; sm_80 for the Ampere builds), keeping ptxas's report in OUT.ptxas.log
# (check_binary.sh reads it). EXTRA_FLAGS: more nvcc flags, split on spaces (e.g. -DTESSEL_NO_CHECKS).
set -uo pipefail
nvcc=$1 host=$2 inc=$3 src=$4 out=$5
extra=${6:-}
arch=${7:-sm_90a}
"$nvcc" -ccbin "$host" -std=c++20 -O2 -gencode=arch=compute_${arch#sm_},code=$arch -Xcompiler -Wall -Xptxas -v \
  $extra -I"$inc" -o "$out" "$src" 2>"$out.ptxas.log"
rc=$?
grep -vE '^ptxas info|^ptxas\s*$|bytes stack frame|Used [0-9]+ registers|Compile time' "$out.ptxas.log" >&2 || true
exit $rc
