#!/usr/bin/env bash
# run_device.sh BUILD_DIR: on a machine with a GPU, run every CUDA test built
# by CMake (BUILD_DIR/cuda/*), then compute-sanitizer memcheck on each and
# racecheck on the shared-memory tests. Prints each test's closing line.
set -uo pipefail
dir=${1:-build}/cuda
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
fails=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
for t in layout_kernel tensor_tv_copy swizzle_kernel dynamic_tile_cost device_checks; do
  [ -x "$dir/$t" ] || { echo "$t: not built"; fails=$((fails + 1)); continue; }
  echo "== $t"; "$dir/$t" | tail -n 3 || fails=$((fails + 1))
done
for t in tensor_tv_copy swizzle_kernel dynamic_tile_cost device_checks; do
  echo "== memcheck $t"; "$san" --tool memcheck --error-exitcode 9 "$dir/$t" >/tmp/san.log 2>&1 || { fails=$((fails + 1)); tail -20 /tmp/san.log; }
  tail -n 2 /tmp/san.log
done
echo "== racecheck swizzle_kernel"; "$san" --tool racecheck --error-exitcode 9 "$dir/swizzle_kernel" >/tmp/san.log 2>&1 || { fails=$((fails + 1)); tail -20 /tmp/san.log; }
tail -n 2 /tmp/san.log
echo "run_device: $fails failures"
exit $((fails > 0))
