#!/usr/bin/env bash
# The main job: build the `tessel` tool and the demo (Release; nothing else),
# run the demo, then the tool on every worked example of the spec documents.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh
cmake -S . -B build-main -DCMAKE_BUILD_TYPE=Release -DTESSEL_BUILD_TESTS=OFF -DTESSEL_CUDA=OFF
cmake --build build-main -j2 --target tessel_cli tessel_demo

./build-main/examples/tessel_demo


# The tessel CLI on every worked example of the spec documents.
echo
echo "== tessel eval on the spec examples (examples/seed_expressions.txt) =="
while IFS= read -r expr; do
  case "$expr" in ''|'#'*) continue ;; esac
  printf '%-70s => ' "$expr"
  ./build-main/tools/tessel eval "$expr" 2>&1 | head -n 1 || true
done < examples/seed_expressions.txt

echo
echo "== tessel show and check on the seed's 2-D logical_divide =="
./build-main/tools/tessel show 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)'
./build-main/tools/tessel check -q 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)'
./build-main/tools/tessel check 'composition((4,6,8):(2,3,5),6:3)' || true

echo
echo "== tessel swizzle: the seed's threadblock swizzles (4 x 4 tiles, N = 1 and N = 2) =="
./build-main/tools/tessel swizzle -N 1
./build-main/tools/tessel swizzle -N 2
