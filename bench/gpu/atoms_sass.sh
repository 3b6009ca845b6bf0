#!/usr/bin/env bash
# bench/gpu/atoms_sass.sh [BINARY]: prints the number of SASS instructions of
# each kernel of bench/gpu/atoms_sass.cu (cuobjdump -sass; the NOP padding
# and the final branch-to-self not counted). Without BINARY it first builds
# the file for sm_90a with the nvcc on the PATH (no GPU needed, but cuobjdump is).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-}
if [ -z "$bin" ]; then
  out=$(mktemp -d)
  bin="$out/atoms_sass"
  nvcc -std=c++20 -O2 -gencode=arch=compute_90a,code=sm_90a -I"$here/../../include" -o "$bin" "$here/atoms_sass.cu"
fi
cuobjdump -sass "$bin" | awk '
  /Function :/ { name = $3; prev = "" }
  /^ +\/\*[0-9a-f]+\*\// {
    insn = $0; sub(/^ +\/\*[0-9a-f]+\*\/ +/, "", insn); sub(/ *;.*/, "", insn)
    if (insn ~ /^NOP/) next
    if (insn ~ /^BRA/ && prev ~ /^EXIT/) next
    count[name]++; prev = insn
  }
  END { for (n in count) printf "%-40s %d\n", n, count[n] }' | sort
