#!/usr/bin/env bash
# All tests: unit tests (GTest), CUDA compile checks, consumer tests, the Python module's tests (pytest),
# then the playground's (web/test.sh: the .wasm in Node and the page in headless Chromium;
# TESSEL_WEB=0 skips them).
# then the sanitizer stage (issue 17): the engine, text and typed-algebra tests and the tool built
# with ASan+UBSan in build-asan/, only those targets (TESSEL_CI_SANITIZE=0 skips it).
# TESSEL_SANITIZE=1 ./scripts/test.sh  -> everything as an ASan+UBSan build in build-asan/
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh
build=build
opts=(-DCMAKE_BUILD_TYPE=Release)  # no debug info: a third less compile and link time on the CI's 2 cores
opts+=(-DTESSEL_TEST_OPT_FLAGS=-O0)  # the unit tests unoptimized: half their compile time (tests/CMakeLists.txt)
if [ "${TESSEL_SANITIZE:-0}" = 1 ]; then
  build=build-asan
  opts+=(-DTESSEL_SANITIZE=ON)
fi

cmake -S . -B "$build" "${opts[@]}"
# The CUDA compile checks (tests/cuda, bench/gpu) are a required suite: without nvcc CMake turns
# TESSEL_CUDA off and they would be skipped in silence. TESSEL_REQUIRE_CUDA=0 runs without them.
if [ "${TESSEL_REQUIRE_CUDA:-1}" = 1 ] && ! grep -q '^TESSEL_CUDA:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "test.sh: the CUDA suite would be skipped: TESSEL_CUDA is OFF in $build (no nvcc found; TESSEL_REQUIRE_CUDA=0 to run without it)" >&2
  exit 1
fi
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

# Sanitizer stage: ASan+UBSan on the engine, text, typed-algebra and integer (bit operations) tests and on the tool (the
# conformance cases and the CLI outputs through it). Only these targets are built (a few minutes on
# 2 cores); each test executable runs directly (ctest would look for every test executable of the tree).
if [ "${TESSEL_SANITIZE:-0}" != 1 ] && [ "${TESSEL_CI_SANITIZE:-1}" = 1 ]; then
  asan=build-asan
  san_tests=(test_tuple_ops test_cli_check test_overflow test_dynamic_degenerate test_algebra_typed_vs_engine test_cute_int_tuple)  # longest first but the last
  # The atom tables are compiled uninstrumented at -O1 in either build: the main build's objects serve.
  atoms_objs=$(cat "$build/tessel_text_atoms_objects.txt")  # written by src/text/CMakeLists.txt
  # The unit tests at -O0 (TESSEL_TEST_OPT_FLAGS, after -O1): test_tuple_ops took two minutes of the
  # stage's compile at -O1; the library and the tool stay at -O1.
  cmake -S . -B $asan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DTESSEL_TEST_OPT_FLAGS=-O0 \
    -DTESSEL_SANITIZE=ON -DTESSEL_BUILD_EXAMPLES=OFF \
    -DTESSEL_BUILD_PYTHON=OFF -DTESSEL_CUDA=OFF "-DTESSEL_TEXT_ATOMS_OBJECTS=$atoms_objs" >/dev/null
  cmake --build $asan -j2 --target tessel_cli "${san_tests[@]}"
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  # The tests run two at a time (CI has 2 cores); each one's output is printed when it ends.
  pids=() logs=()
  for t in "${san_tests[@]}"; do
    exe=$(find $asan -type f -name "$t" -perm -u+x | head -n 1)
    [ -n "$exe" ] || { echo "test.sh: $t was not built in $asan" >&2; exit 1; }
    "$exe" --gtest_brief=1 >"$asan/$t.log" 2>&1 &
    pids+=($!) logs+=("$t")
    if [ ${#pids[@]} -ge 2 ]; then
      rc=0; wait "${pids[0]}" || rc=$?
      echo "sanitizer stage: ${logs[0]}"; cat "$asan/${logs[0]}.log"
      [ $rc -eq 0 ] || { echo "test.sh: ${logs[0]} failed under ASan/UBSan (exit $rc)" >&2; exit 1; }
      pids=("${pids[@]:1}") logs=("${logs[@]:1}")
    fi
  done
  for i in "${!pids[@]}"; do
    rc=0; wait "${pids[$i]}" || rc=$?
    echo "sanitizer stage: ${logs[$i]}"; cat "$asan/${logs[$i]}.log"
    [ $rc -eq 0 ] || { echo "test.sh: ${logs[$i]} failed under ASan/UBSan (exit $rc)" >&2; exit 1; }
  done
  bash tests/cli/run.sh $asan/tools/tessel
  if [ -f ../shared/conformance/run_cli.py ]; then python3 ../shared/conformance/run_cli.py $asan/tools/tessel | tail -n 1; fi
fi
