#!/usr/bin/env bash
# nvcc_build.sh NVCC HOST_CXX INCLUDE_DIR SRC OUT: build one CUDA test for
# sm_90a, keeping ptxas's report in OUT.ptxas.log (check_binary.sh reads it).
set -uo pipefail
nvcc=$1 host=$2 inc=$3 src=$4 out=$5
"$nvcc" -ccbin "$host" -std=c++20 -O2 -gencode=arch=compute_90a,code=sm_90a -Xcompiler -Wall -Xptxas -v \
  -I"$inc" -o "$out" "$src" 2>"$out.ptxas.log"
rc=$?
grep -vE '^ptxas info|^ptxas\s*$|bytes stack frame|Used [0-9]+ registers|Compile time' "$out.ptxas.log" >&2 || true
exit $rc
