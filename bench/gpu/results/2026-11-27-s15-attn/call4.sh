#!/bin/bash
# Session 15 (helper attn), call 4 (H100, warm machine; call 3 was its first step alone, a one-line command): variant 3 (bf16 d128 causal default, built here at 722d199,
# carried as build-attn/bin/attn_3) under Nsight Compute at its last S = 8192 and first S = 16384 launches (clocks not
# locked), then the SM clock (nvidia-smi every 20 ms) while variant 3 runs 200 timed launches per shape and while
# SDPA's cuDNN runs 200 launches of d128 S = 16384 causal. One archive.
OUT=${OUT:-/tmp/out}; R=$OUT/c3; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.sm,temperature.gpu --format=csv,noheader > $R/gpu.txt
timeout 90 ncu --clock-control none -k regex:attention_kernel --launch-skip 51 --launch-count 2 --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active build-attn/bin/attn_3 --time-only --reps 1 > $R/ncu_3.txt 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu --format=csv,noheader -lms 20 > $R/smi.txt 2>&1 &
smi=$!
mark() { echo "$(date '+%Y/%m/%d %H:%M:%S.%3N') $*" >> $R/marks.txt; }
mark tessel; build-attn/bin/attn_3 --time-only --reps 200 > $R/time_3.txt 2>&1; mark tessel-end
sleep 1; mark cudnn
PYTHONUNBUFFERED=1 timeout 60 python3 - > $R/cudnn.txt 2>&1 <<'PY'
import torch, torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
q, k, v = (torch.randn(1, 16384, 16, 128, device="cuda", dtype=torch.bfloat16).transpose(1, 2) for _ in range(3))
e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
    for _ in range(5): F.scaled_dot_product_attention(q, k, v, is_causal=True)
    torch.cuda.synchronize()
    ts = []
    for _ in range(200):
        e0.record(); F.scaled_dot_product_attention(q, k, v, is_causal=True); e1.record(); e1.synchronize(); ts.append(e0.elapsed_time(e1))
ts.sort()
print("cudnn d128 S=16384 causal: median of 200 %.3f ms, %.1f TFLOP/s" % (ts[100], 4 * 16 * 16384**2 * 128 / 2 / ts[100] / 1e9))
PY
mark cudnn-end; kill $smi
tar czf $OUT/call3.tgz -C $OUT c3
cat $R/time_3.txt | cut -c1-120; cat $R/cudnn.txt
python3 - $R <<'PY'
import sys, datetime as dt
R = sys.argv[1]; t = lambda s: dt.datetime.strptime(s.strip(), "%Y/%m/%d %H:%M:%S.%f")
smi = [(t(p[0]), int(p[1].split()[0]), float(p[2].split()[0])) for p in (l.split(",") for l in open(R + "/smi.txt")) if len(p) >= 4 and "MHz" in p[1]]
m = [(t(l[:23]), l[24:].strip()) for l in open(R + "/marks.txt")]
for (a, n), (b, _) in zip(m, m[1:]):
    s = [x for x in smi if a <= x[0] < b and x[2] > 150]
    if s: print(n, len(s), "samples; SM clock by tenths of the run:", [sorted(x[1] for x in s[i * len(s) // 10:(i + 1) * len(s) // 10] or [0])[0] for i in range(10)], "max W %.0f" % max(x[2] for x in s))
PY
