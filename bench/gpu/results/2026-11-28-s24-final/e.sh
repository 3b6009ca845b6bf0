#!/bin/bash
# Session 24, lead, call E (H100): a dry run of attention_fa3_protocol.py (1 round) with the cache carried from the workstation
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
echo "repo $REPO"
export TESSEL_CUDA_CACHE=$REPO/.s24b/pycache PYTHONUNBUFFERED=1
python3 -c "
import importlib.util, time
s = importlib.util.spec_from_file_location('tc', 'python/tessel/cuda.py'); c = importlib.util.module_from_spec(s); s.loader.exec_module(c)
t = time.time(); print('attention', c.build(kernels='attention'), '%.1f s' % (time.time() - t), flush=True)
"
timeout 120 python3 bench/gpu/attention_fa3_protocol.py --rounds 1 2>&1 | tee $OUT/e.txt
echo "done at $(( $(date +%s) - T0 )) s"
