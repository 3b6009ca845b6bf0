#!/usr/bin/env bash
# run 1 of the ping-pong/epilogue session: TN variants (epilogue direct/TMA x cluster 1/2), clocks, cuBLAS
set -uo pipefail
d=.gemm_dev; out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv | tee $out/gpu.txt
timeout 60 $d/gemm_bench --small --no-time > $out/small.txt 2>&1; echo "small rc=$?"; grep -v "^ok" $out/small.txt | tail -5
timeout 100 compute-sanitizer --tool memcheck $d/gemm_bench --small --no-time > $out/memcheck.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $out/memcheck.txt
timeout 60 $d/gemm_bench --tn-only --reps 30 > $out/bench.txt 2>&1; echo "bench rc=$?"; grep -v "^ok" $out/bench.txt | sed 's/(min.*host/host/'
PYTHONUNBUFFERED=1 timeout 60 python3 $d/gemm_torch.py --tn-only > $out/torch.txt 2>&1; cat $out/torch.txt
python3 $d/gemm_clocks.py sample $out/clk.csv & sp=$!
sleep 1
timeout 60 $d/gemm_bench --soak 600 > $out/soak.txt 2>&1; echo "soak rc=$?"
PYTHONUNBUFFERED=1 timeout 60 python3 $d/gemm_torch.py --soak 600 >> $out/soak.txt 2>&1
kill $sp
python3 $d/gemm_clocks.py join $out/clk.csv $out/soak.txt
grep kernels $out/soak.txt | sed 's/.*kernels/kernels/'
m=lts__t_sector_hit_rate.pct,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second
for cfg in "TN 8192 8192 8192 -1 1" "TN 8192 8192 8192 -1 2"; do
  echo "== ncu $cfg"
  timeout 40 ncu --metrics $m -k regex:gemm_kernel -c 1 $d/gemm_bench --one $cfg 2>&1 | grep -E "lts__|sm__|dram__|gpu__time|FAIL|rror" | tee -a $out/ncu.txt
done
