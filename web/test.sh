#!/usr/bin/env bash
# The playground's tests (scripts/test.sh runs this after the unit tests):
#   1. build the page (web/build.sh, Emscripten) into build-web/site/;
#   2. Node over the same .wasm: every public conformance case prints what the
#      native `tessel eval` prints (TESSEL_CLI, default build/tools/tessel) and
#      passes the conformance checker; check and show match the tool;
#   3. the page in headless Chromium (skipped without /usr/bin/chromium).
# TESSEL_WEB=0 skips it all.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${TESSEL_WEB:-1}" = 0 ] && { echo "web/test.sh: skipped (TESSEL_WEB=0)"; exit 0; }
t0=$(date +%s)
bash web/deps.sh
t1=$(date +%s)
bash web/build.sh
t2=$(date +%s)
node --test web/tests/conformance.test.mjs web/tests/e2e.test.mjs
t3=$(date +%s)
echo "web/test.sh: deps $((t1 - t0)) s, build $((t2 - t1)) s, tests $((t3 - t2)) s"
