#!/usr/bin/env bash
# tests/cuda/run_atoms.sh [BIN]: the atom layer's device checks in one go, for
# the device machine: the atoms test (tests/cuda/atoms.cu, built for sm_90a
# into BIN, default build/cuda/atoms), then the same binary under
# compute-sanitizer memcheck and racecheck. Prints each tool's summary and
# exits non-zero if any of the three fails. The sanitizer logs go to $LOGDIR
# (default: the current directory).
set -u
BIN=${1:-build/cuda/atoms}
status=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
echo "== atoms"
"$BIN" || status=1
for tool in memcheck racecheck; do
  echo "== compute-sanitizer --tool $tool"
  compute-sanitizer --tool "$tool" --error-exitcode 3 "$BIN" > "${LOGDIR:-.}/sanitizer_$tool.log" 2>&1
  rc=$?
  grep -E "passed, .* failed|ERROR SUMMARY|RACECHECK SUMMARY|Device not supported|error" "${LOGDIR:-.}/sanitizer_$tool.log" | tail -5
  echo "$tool exit status $rc"
  [ "$rc" -eq 0 ] || status=1
done
exit $status
