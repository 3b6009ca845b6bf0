#!/usr/bin/env bash
# tests/cuda/build_all.sh OUTDIR [EXTRA_FLAGS [tests]]: every CUDA test and bench of the
# project built with nvcc in parallel (one job per core), without CMake (the GPU
# machine has no GoogleTest): tests/cuda/*.cu and bench/gpu/*.cu for sm_90a through
# nvcc_build.sh (ptxas's report beside each binary, checked by check_binary.sh), and
# atoms.cu/wgmma.cu for sm_80. EXTRA_FLAGS go to every nvcc (e.g. -DTESSEL_NO_CHECKS);
# a third argument "tests" builds tests/cuda/*.cu only. TESSEL_INCLUDE: the include folder
# (default: the checkout's; a snapshot of committed headers when the working tree is
# mid-edit). Exit status: the number of failed builds.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$1 extra=${2:-} what=${3:-all}
mkdir -p "$out"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
srcs=("$root"/tests/cuda/*.cu)
[ "$what" = tests ] || srcs+=("$root"/bench/gpu/*.cu)
jobs=()
for s in "${srcs[@]}"; do
  # device_checks.cu is the build with the device checks on: not a TESSEL_NO_CHECKS test.
  case "$extra" in *TESSEL_NO_CHECKS*) [ "$(basename "$s")" = device_checks.cu ] && continue ;; esac
  jobs+=("$s $out/$(basename "$s" .cu) sm_90a")
done
[ "$what" = tests ] || jobs+=("$root/tests/cuda/atoms.cu $out/atoms_sm80 sm_80" "$root/tests/cuda/wgmma.cu $out/wgmma_sm80 sm_80")
printf '%s\n' "${jobs[@]}" | xargs -P "$(nproc)" -L 1 bash -c \
  'bash "$0" "$1" g++ "$2" "$4" "$5" "$3" "$6" 2>"$5.build.log" || { echo "BUILD FAILED: $5"; head -30 "$5.build.log"; exit 1; }' \
  "$here/nvcc_build.sh" "$nvcc" "${TESSEL_INCLUDE:-$root/include}" "$extra"
fails=0
for j in "${jobs[@]}"; do
  set -- $j
  if [ -x "$2" ]; then
    case $(basename "$2") in *_host) ;; *) bash "$here/check_binary.sh" "$2.ptxas.log" "$([ "$(basename "$2")" = copy_bench ] && echo 2 || echo 0)" "$3" || fails=$((fails + 1)) ;; esac
  else
    echo "not built: $2"; fails=$((fails + 1))
  fi
done
echo "build_all $out: $fails failures"
exit $fails
