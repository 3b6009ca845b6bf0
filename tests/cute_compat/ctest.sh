#!/usr/bin/env bash
# ctest cute_compat_core_pycute: CuTe's core unit tests and pycute's tests against tessel, through
# tests/cute_compat/run.sh, when TESSEL_CUTLASS_DIR names a CUTLASS checkout; otherwise skipped (77) with
# the reason printed. CI has no CUTLASS and fetches none.
#   ctest.sh BUILD_DIR
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:?usage: ctest.sh BUILD_DIR}"
if [ -z "${TESSEL_CUTLASS_DIR:-}" ]; then
  echo "skipped: TESSEL_CUTLASS_DIR is not set (point it to a CUTLASS checkout to run CuTe's core and pycute tests against tessel)"
  exit 77
fi
if [ ! -d "$TESSEL_CUTLASS_DIR/include/cute" ] || [ ! -d "$TESSEL_CUTLASS_DIR/test/unit/cute/core" ]; then
  echo "skipped: TESSEL_CUTLASS_DIR=$TESSEL_CUTLASS_DIR is not a CUTLASS checkout (no include/cute or test/unit/cute/core)"
  exit 77
fi
args=(--suite core,pycute --jobs "${TESSEL_CUTE_COMPAT_JOBS:-2}" --out "$build/cute_compat")
if ls "$build"/python/tessel/_tessel* >/dev/null 2>&1; then
  args+=(--pythonpath "$build/python")
fi
exec "$here/run.sh" "$TESSEL_CUTLASS_DIR" "${args[@]}"
