#!/usr/bin/env bash
# The main job: build tessel (Release) and run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j2

./build/examples/tessel_demo


# The tessel CLI on every worked example of the spec documents.
echo
echo "== tessel eval on the spec examples (examples/seed_expressions.txt) =="
while IFS= read -r expr; do
  case "$expr" in ''|'#'*) continue ;; esac
  printf '%-70s => ' "$expr"
  ./build/tools/tessel eval "$expr" 2>&1 | head -n 1 || true
done < examples/seed_expressions.txt

echo
echo "== tessel show and check on the seed's 2-D logical_divide =="
./build/tools/tessel show 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)'
./build/tools/tessel check -q 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)'
./build/tools/tessel check 'composition((4,6,8):(2,3,5),6:3)' || true

echo
echo "== tessel swizzle: the seed's threadblock swizzles (4 x 4 tiles, N = 1 and N = 2) =="
./build/tools/tessel swizzle -N 1
./build/tools/tessel swizzle -N 2
