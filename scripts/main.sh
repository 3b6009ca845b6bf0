#!/usr/bin/env bash
# The main job: build tessel (Release) and run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j2

./build/examples/tessel_demo

# --- CLI (tools/) goes here later, e.g. ./build/tools/tessel ... ---
