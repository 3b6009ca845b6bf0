#!/usr/bin/env bash
# check_tma_ops.sh NVCC INCLUDE_DIR SRC OUT_DIR: compiles SRC (tma_ops.cu) to PTX for sm_90a and checks
# that every kernel probe_<op>_<N> holds exactly one cp.async.bulk.tensor instruction, the one of
# <op> (load, multicast, store) with N coordinates.
set -euo pipefail
nvcc=$1 inc=$2 src=$3 out=$4
mkdir -p "$out"
"$nvcc" -std=c++20 -O2 -arch=sm_90a -I"$inc" -ptx -o "$out/tma_ops.ptx" "$src"
python3 - "$out/tma_ops.ptx" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
kernels = re.split(r'\.entry\s+', text)[1:]
want = {'load': r'\.shared::cluster\.global\.mbarrier::complete_tx::bytes\.L2::cache_hint',
        'multicast': r'\.shared::cluster\.global\.mbarrier::complete_tx::bytes\.multicast::cluster\.L2::cache_hint',
        'store': r'\.global\.shared::cta\.bulk_group'}
bad, seen = 0, 0
for k in kernels:
    m = re.search(r'probe_(load|multicast|store)_(\d)', k.split('(')[0])
    if not m: continue
    op, n = m.group(1), m.group(2)
    ins = re.findall(r'cp\.async\.bulk\.tensor\.(\d)d(\S*)', k)
    seen += 1
    ok = len(ins) == 1 and ins[0][0] == n and re.fullmatch(want[op], ins[0][1])
    if not ok:
        bad += 1
        print(f'probe_{op}_{n}: {len(ins)} TMA instructions: {ins}')
print(f'{seen} TMA probes, {bad} wrong')
sys.exit(1 if bad or seen != 15 else 0)
PY
