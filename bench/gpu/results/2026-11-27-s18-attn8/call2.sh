#!/bin/bash
# Session 18 (helper attn8, issue 26), call 2: FP8 d128 ping-pong on the H100, one call from the repo root (16 cores; nvcc, ncu,
# compute-sanitizer; about 100-130 s wall):
#   bash bench/gpu/results/2026-11-27-s18-attn8/call2.sh    (main 00c7037 with turn_after_s.diff applied) -> $OUT/summary.txt, $OUT/attn8.tgz (every log)
# Call 1 (ncu of the default at S = 8192): tensor pipe 50.7%, XU (MUFU) 51.9% of the elapsed cycles: S's wgmmas and the
# exponentials take turns (both warpgroups in step) instead of overlapping. p: ping-pong (Pingpong_), pl: ping-pong with
# the turn handed on once the warpgroup's S has retired (TurnAfterS_), so that the other's S runs under this one's
# softmax; e1: ExpEmu_ 1; b128: BN 128.
#  - attention_bench variants 9 (e4m3 d128 non-causal, default), 9p, 9pl, 9ple1, 9plb128, 10 (causal), 10p, 10pl:
#    ptxas registers / spills, the correctness sweep of each, the SASS instruction mix of 9 and 9pl;
#  - compute-sanitizer (--small): memcheck, racecheck, synccheck of 9pl and 10pl;
#  - timings: ROUNDS rounds, every variant once per round in turn (--time-only --reps 30: S = 2k, 8k, 16k);
#  - Nsight Compute of variants 9 and 9pl, the first S = 8192 launch (pipes, issue, stalls).
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s18attn8; R=$W/attn8; d=$W/bin
rm -rf $W; mkdir -p $R $d $OUT
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "[$(el) s] $*" >> $R/progress.txt; }
pack() { tar czf $OUT/attn8.tgz -C $W attn8 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(nvcc --version | tail -n 1)" >> $R/gpu.txt

nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
P=-DTESSEL_ATTN_PINGPONG=1; L=-DTESSEL_ATTN_TURN_AFTER_S=1; E1=-DTESSEL_ATTN_EXP_EMU=1
V="9= 9p=$P 9pl=$P,$L 9ple1=$P,$L,$E1 9plb128=$P,$L,-DTESSEL_ATTN_BN=128 10= 10p=$P 10pl=$P,$L"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
wait
for v in $all; do
  awk -v b="$v" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s: %s, %s\n", b, s, substr($0, RSTART, RLENGTH); k = 0}' $R/build_$v.log
  [ -x $d/attn_$v ] || { echo "$v: BUILD FAILED"; grep -E "error" $R/build_$v.log | head -n 3; }
  grep -cE "C75[0-9][0-9]" $R/build_$v.log | sed "s/^/$v: C75xx warnings /"
done > $R/ptxas.txt 2>&1
log "builds: $(ls $d/attn_* | wc -l) of $(echo $all | wc -w)"
pack

# SASS instruction mix of the attention kernel (9, 9pl)
for v in 9 9pl; do
  cuobjdump -sass $d/attn_$v > $W/sass_$v.txt 2>&1
  python3 - $W/sass_$v.txt $v >> $R/sass_mix.txt 2>&1 <<'PY'
import re, sys, collections
c, on = collections.Counter(), False
for line in open(sys.argv[1]):
    if "Function :" in line: on = "attention_kernel" in line
    m = re.match(r"\s+/\*[0-9a-f]{4,}\*/\s+(@!?U?P\w+\s+)?([A-Z0-9_.]+)", line)
    if on and m: c[m.group(2).split(".")[0]] += 1
keys = ["HGMMA", "MUFU", "F2FP", "FADD", "FFMA", "FMUL", "FMNMX", "SHFL", "PRMT", "WARPGROUP", "BAR", "SYNCS"]
print(f"{sys.argv[2]}: total {sum(c.values())} " + " ".join(f"{k} {c[k]}" for k in keys))
PY
done

# correctness: every variant's sweep, 4 at a time; sanitizers in the background
for v in $all; do echo $v; done | xargs -P 4 -I{} sh -c "[ -x $d/attn_{} ] && { timeout 60 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do echo "== $v"; cat $R/check_$v.txt 2>/dev/null || echo "not built"; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
log "sweeps: $(grep -c '^ok' $R/check_all.txt) ok, $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest error ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); largest lse rel $(grep -oE 'lse rel [0-9.e-]+' $R/check_all.txt | sort -k3 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr -s ' \n' ' ')"
for v in $all; do echo "$v: $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^ok') ok, $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^FAIL') FAIL"; done >> $R/progress.txt
SAN="memcheck:9pl racecheck:9pl synccheck:9pl memcheck:10pl racecheck:10pl synccheck:10pl"
for s in $SAN; do t=${s%%:*} v=${s#*:}
  ( timeout 50 compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
( timeout 30 $d/attn_9pl --small --no-time --describe > $R/describe_9pl.txt 2>&1 ) &
wait
for s in $SAN; do t=${s%%:*} v=${s#*:}
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok $(grep -c '^FAIL' $R/san_${t}_$v.txt) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
done
pack

# timings: ROUNDS rounds, the variants in turn (the GPU otherwise idle)
for r in $(seq 1 ${ROUNDS:-3}); do
  for v in $all; do
    [ -x $d/attn_$v ] && timeout 30 $d/attn_$v --time-only --reps 30 2>&1 | grep -E "^time|error" | sed "s/^/round $r [$v] /" >> $R/time.txt
  done
done
log "timings: $(grep -c ' time ' $R/time.txt) lines"
pack

# Nsight Compute: variants 9 and 9pl, the first S = 8192 launch (26 launches of S = 2048 before it with --reps 1)
for v in 9 9pl; do
timeout 60 ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats --section WarpStateStats \
  --section SchedulerStats --metrics sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fmalite.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active \
  -k regex:attention_kernel --launch-skip 26 --launch-count 1 $d/attn_$v --time-only --reps 1 > $R/ncu_$v.txt 2>&1
log "ncu $v rc=$?"
done
pack

python3 - $R/time.txt > $R/time_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
t = defaultdict(list); ka = defaultdict(list); order = []
for line in open(sys.argv[1]):
    m = re.match(r"round (\d+) \[(\w+)\] time e4m3 d128 (causal|non-causal).*? S=(\d+) .*?: [0-9.]+ ms, ([0-9.]+) TFLOP/s.*?kernel alone ([0-9.]+)", line)
    if not m: continue
    r, v, mask, s, tf, k = int(m.group(1)), m.group(2), m.group(3), int(m.group(4)), float(m.group(5)), float(m.group(6))
    t[(v, s)].append(tf); ka[(v, s)].append(k)
    if v not in order: order.append(v)
med = lambda x: sorted(x)[len(x) // 2] if x else float("nan")
print("TFLOP/s with the V^T pass per round [median] (kernel alone median); per-round ratio to the default of the mask (9 / 10) [median]")
for v in order:
    base = "9" if v.startswith("9") else "10"
    for s in (2048, 8192, 16384):
        x = t[(v, s)]; b = t[(base, s)]
        rr = [a / c for a, c in zip(x, b)]
        print(f"{v:6s} S={s:5d}: " + " ".join(f"{a:7.1f}" for a in x) + f"  [{med(x):7.1f}] ({med(ka[(v, s)]):7.1f})  ratio " + " ".join(f"{a:.3f}" for a in rr) + f" [{med(rr):.3f}]")
PY
{ echo "session 18 helper attn8 (call2.sh): $(tail -n 2 $R/gpu.txt | head -n 1)"; tail -n 1 $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo; cat $R/sass_mix.txt; echo;
  grep -h '^FAIL' $R/check_all.txt | head -n 5; cat $R/time_summary.txt; echo;
  for v in 9 9pl; do grep -E "Duration|SM Frequency|Issue Slots Busy|No Eligible|Eligible Warps|pct_of_peak|issue_active" $R/ncu_$v.txt | sed "s/  */ /g; s/^/[$v]/" | head -n 20; done; } > $R/summary.txt
cp $R/summary.txt $OUT/summary.txt
pack
cat $R/summary.txt
