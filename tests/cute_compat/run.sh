#!/usr/bin/env bash
# tests/cute_compat/run.sh CUTLASS_DIR [--against tessel|cute] [--suite core|tutorials|device|pycute|compile-time|all]
#                          [--jobs N] [--out DIR] [--filter REGEX] [--no-run] [--reuse] [--pythonpath DIR]
#
# Compiles and runs CuTe's own sources (core unit tests, tutorials, device unit tests, pycute's tests)
# from a CUTLASS checkout the user supplies, against tessel's CuTe drop-in (include/tessel/compat) or,
# for reference, against CuTe itself. One line per file, a total, and a TSV summary in --out.
# Only our code lives here: CUTLASS's files are read from CUTLASS_DIR and compiled under --out.
# The work is done by harness.py (same folder); see its --help.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/harness.py" "$@"
