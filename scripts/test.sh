#!/usr/bin/env bash
# All tests: unit tests (GTest), CUDA compile checks, consumer tests, the Python module's tests (pytest),
# then the playground's (web/test.sh: the .wasm in Node and the page in headless Chromium;
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

# The Python module (python/, issue 15): build it into $build/python, then run its tests
# (public conformance cases against the tool, property tests, pycute's known wrong cases).
# Not with sanitizers (an ASan library does not load into a plain python3).
if [ "${TESSEL_SANITIZE:-0}" != 1 ]; then
  py=$(sed -n 's/^TESSEL_PYTHON:FILEPATH=//p' "$build/CMakeCache.txt")
  [ -n "$py" ] || { echo "test.sh: no python3 with numpy for the Python module (scripts/deps.sh installs it)" >&2; exit 1; }
  cmake --build "$build" --target tessel_python tessel_cli -j2
  PYTHONPATH="$PWD/$build/python" TESSEL_CLI="$PWD/$build/tools/tessel" \
    "$py" -m pytest -q -p no:cacheprovider python/tests
fi

# The playground (web/): built with Emscripten, compared with this build's tool.
TESSEL_CLI="$PWD/$build/tools/tessel" bash web/test.sh
