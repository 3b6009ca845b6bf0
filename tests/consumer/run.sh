#!/usr/bin/env bash
# usage: run.sh find_package|add_subdirectory <tessel source dir> <scratch dir>
# Builds tests/consumer/<mode> against tessel and checks its output.
set -euo pipefail
mode=$1 src=$(cd "$2" && pwd) tmp=$3
rm -rf "$tmp" && mkdir -p "$tmp"
consumer=$src/tests/consumer/$mode

case $mode in
  find_package)
    # Exactly as the README says: configure with the defaults, install without
    # building (header-only; the tool is installed only once built).
    cmake -S "$src" -B "$tmp/b"
    cmake --install "$tmp/b" --prefix "$tmp/prefix"
    test -f "$tmp/prefix/include/tessel/engine/ops.hpp" || { echo "FAIL: headers not installed" >&2; exit 1; }
    cmake -S "$consumer" -B "$tmp/c" -DCMAKE_PREFIX_PATH="$tmp/prefix" ;;
  add_subdirectory)
    cmake -S "$consumer" -B "$tmp/c" -DTESSEL_SOURCE_DIR="$src" ;;
  *) echo "unknown mode: $mode" >&2; exit 2 ;;
esac
cmake --build "$tmp/c"

out=$("$tmp/c/consumer")
echo "consumer output: $out"
grep -qF '_8:_1' <<<"$out" || { echo "FAIL: expected '_8:_1' in output" >&2; exit 1; }
echo "OK ($mode)"
