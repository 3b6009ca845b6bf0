#!/usr/bin/env bash
# grouped_prebuild.sh DIR [COMMIT]: builds what bench/gpu/grouped_run.sh runs, from a snapshot of COMMIT
# (default HEAD: `git archive`, so that uncommitted edits of the shared tree stay out), on this machine,
# for a GPU machine of the same CUDA (device time is then spent on the runs, not on nvcc):
#   DIR/snap.tgz       the snapshot (grouped_run.sh DIR runs from it)
#   DIR/commit.txt     which commit
#   DIR/bin/           grouped_bench (-DTESSEL_GROUPED_TIMING -lcublas), grouped_bench_fp8
#                      (-DTESSEL_GROUPED_FP8), kernels_host,
#                      prebuild.spills (ptxas's stack/spill lines)
#   DIR/cache/         tessel.cuda's grouped library, built with TESSEL_INCLUDE_DIR=/tmp/tessel_grouped_inc
#                      (the path is part of the library's hash: grouped_run.sh copies the snapshot's
#                      include folder there)
# JOBS (default 2) builds at a time.
set -euo pipefail
dir=$(realpath -m "$1")
commit=${2:-HEAD}
mkdir -p "$dir/bin" "$dir/cache"
git archive --format=tar "$commit" include python bench/gpu tests/cuda | gzip > "$dir/snap.tgz"
git log --oneline -1 "$commit" | cut -c1-100 > "$dir/commit.txt"
tree=$(mktemp -d)
tar xzf "$dir/snap.tgz" -C "$tree"
inc=/tmp/tessel_grouped_inc
rm -rf $inc && cp -r "$tree/include" $inc
cd "$tree"
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
jobs_max=${JOBS:-2}
run() { while [ "$(jobs -r | wc -l)" -ge "$jobs_max" ]; do sleep 2; done; "$@" & }
run bash -c "$nv -DTESSEL_GROUPED_TIMING bench/gpu/grouped_bench.cu -o '$dir/bin/grouped_bench' -lcublas > '$dir/build_bench.log' 2>&1"
run bash -c "$nv -DTESSEL_GROUPED_FP8 bench/gpu/grouped_bench.cu -o '$dir/bin/grouped_bench_fp8' > '$dir/build_fp8.log' 2>&1"
run bash -c "bash tests/cuda/nvcc_build.sh nvcc g++ include tests/cuda/kernels_host.cu '$dir/bin/kernels_host' '' > '$dir/build_host.log' 2>&1"
run env TESSEL_INCLUDE_DIR=$inc TESSEL_CUDA_CACHE="$dir/cache" python3 -c "
import importlib.util
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
print(c.build(kernels='grouped'))"
wait
rm -f "$dir/bin/kernels_host.ptxas.log"
{ for f in build_bench build_fp8; do echo "$f: $(grep -A2 'Compiling entry' "$dir/$f.log" | grep -c 'Compiling entry') kernels,"\
  "$(grep -E 'bytes spill' "$dir/$f.log" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads') with spills"; done; } > "$dir/bin/prebuild.spills"
cat "$dir/bin/prebuild.spills"
ls -la "$dir/bin" "$dir"/cache/*
