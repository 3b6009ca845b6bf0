#!/usr/bin/env bash
# All tests: unit tests (GTest), CUDA compile checks, consumer tests, then the
# playground's (web/test.sh: the .wasm in Node and the page in headless Chromium;
# TESSEL_WEB=0 skips them).
# TESSEL_SANITIZE=1 ./scripts/test.sh  -> ASan+UBSan build in build-asan/
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh
build=build
opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
if [ "${TESSEL_SANITIZE:-0}" = 1 ]; then
  build=build-asan
  opts+=(-DTESSEL_SANITIZE=ON)
fi

cmake -S . -B "$build" "${opts[@]}"
cmake --build "$build" -j2          # 'all' includes tessel_cuda_tests when TESSEL_CUDA=ON
ctest --test-dir "$build" --output-on-failure -j2

# The playground (web/): built with Emscripten, compared with this build's tool.
TESSEL_CLI="$PWD/$build/tools/tessel" bash web/test.sh
