#!/usr/bin/env bash
# Build the playground (web/) with Emscripten into build-web/site/.
#   web/build.sh           configure (once) and build the target tessel_web
# Installs what it needs first (web/deps.sh build: emscripten, nlohmann-json3-dev).
set -euo pipefail
cd "$(dirname "$0")/.."
bash web/deps.sh build
# Debian's emscripten runs its JS optimizer with node and Debian's acorn
# (/usr/share/nodejs); a node from elsewhere (e.g. nodesource) does not look there.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
build=${TESSEL_WEB_BUILD:-build-web}
if [ ! -f "$build/CMakeCache.txt" ]; then
  emcmake cmake -S web -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j2 --target tessel_web
echo "web/build.sh: the page is in $build/site/ (tessel.wasm: $(stat -c %s "$build/site/tessel.wasm") bytes)"
