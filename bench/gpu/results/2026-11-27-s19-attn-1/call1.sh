#!/bin/bash
# Session 19 (helper attn, issue 26), call 1: Stagger_, EpiEarly_ and EpiWide_ (new AttentionConfig parameters, off by
# default) and ping-pong with today's defaults, on the H100, one call from the helper's tree (16 cores; nvcc, torch, compute-sanitizer):
#   cd .h/attn && bash bench/gpu/results/2026-11-27-s19-attn-1/call1.sh     -> $OUT/attn/summary.txt, $OUT/attn.tgz
#  - attention_bench variants (ptxas, the sweep of each): the short configuration 2s with st (Stagger_), ee (EpiEarly_),
#    stee (both), pp (Pingpong_); 2 (BN 192) st, pp; 3 (d128 causal) st, stee; 0 / 1 (d64) st, 0pp; 4 / 5 (d256) st, 4pp;
#    EpiWide_ (ew) on every configuration without the TMA store: 0, 1, 2, 4, 5, 9 (FP8 d128), 2stew;
#    the defaults 2s, 2, 3, 1, 4, 9 (their timing tables beside the st / ew ones);
#  - pair libraries of capi_s.cu (bit masks: 1 causal, 2 short, 4 long; each library d64 + d128 + d256): base (the
#    defaults), st (ST 7), ee (EE 3), stee, pp (PP 6: every non-causal configuration), ew (EW 7), stew (ST 7, EW 7);
#    attention_pair.py (all 10 rows),
#    5 rounds of 30, every library and SDPA's cuDNN alternated launch by launch in one process;
#  - compute-sanitizer on the small cases: memcheck and racecheck of 2sstee, 3stee, 2stew; racecheck of 0st; memcheck of
#    4ew and 3ew (the wide stores of varlen warpgroups crossing their sequence's end); synccheck of 2sstee;
#  - kernel-alone tables (attention_bench --time-only --reps 20), default, st and ew alternated, 3 rounds: 2, 4, 1, 3
#    (cut once the script has run ${BUDGET:-300} s).
set -u
T0=$(date +%s)
ROOT=$(pwd)
OUT=${OUT:-/tmp/out}; W=/tmp/s19attn1; R=$W/attn; d=$W/bin
X=bench/gpu/results/2026-11-27-s19-attn-1
rm -rf $W; mkdir -p $R $d $OUT/attn
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn/progress.txt 2>/dev/null; tar czf $OUT/attn.tgz -C $W attn 2>/dev/null; }
left() { local l=$(( ${BUDGET:-300} - $(el) )); [ $l -lt 10 ] && l=10; [ $l -gt $1 ] && l=$1; echo $l; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
echo "nproc $(nproc); $(nvcc --version | tail -n 1); $(python3 -c 'import torch; print("torch", torch.__version__, "cudnn", torch.backends.cudnn.version())' 2>&1)" >> $R/gpu.txt

# ---- builds, all at once ----
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
SH=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2,-DTESSEL_ATTN_NEXT_EARLY=1,-DTESSEL_ATTN_RESCALE_EARLY=0
ST=-DTESSEL_ATTN_STAGGER=1; EE=-DTESSEL_ATTN_EPI_EARLY=1; PP=-DTESSEL_ATTN_PINGPONG=1; EW=-DTESSEL_ATTN_EPI_WIDE=1
V="2s=$SH 2sst=$SH,$ST 2see=$SH,$EE 2sstee=$SH,$ST,$EE 2spp=$SH,$PP 2= 2st=$ST 2pp=$PP 3= 3st=$ST 3stee=$ST,$EE 0st=$ST 0pp=$PP 1= 1st=$ST 4= 4st=$ST 4pp=$PP 5st=$ST
  0ew=$EW 1ew=$EW 2ew=$EW 2stew=$ST,$EW 4ew=$EW 5ew=$EW 9= 9ew=$EW 3ew=$EW"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
L="base= st=-DCAPI_ST=7 ee=-DCAPI_EE=3 stee=-DCAPI_ST=7,-DCAPI_EE=3 pp=-DCAPI_PP=6 ew=-DCAPI_EW=7 stew=-DCAPI_ST=7,-DCAPI_EW=7"
libs=""
for lf in $L; do n=${lf%%=*}; f=${lf#*=}; libs="$libs $n"
  ( ok=1; for D in 64 128 256; do
      $nv -Iinclude -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique -DCAPI_D=$D ${f//,/ } -c $X/capi_s.cu -o $d/lib_${n}_$D.o > $R/buildlib_${n}_$D.log 2>&1 &
    done; wait
    nvcc -shared -o $d/lib_$n.so $d/lib_${n}_64.o $d/lib_${n}_128.o $d/lib_${n}_256.o > $R/link_$n.log 2>&1 ) &
done
wait
log "builds at $(el) s: $(ls $d/attn_* 2>/dev/null | wc -l) of $(echo $all | wc -w) bench [$all], $(ls $d/lib_*.so 2>/dev/null | wc -l) of $(echo $libs | wc -w) libs [$libs]"
for f in $R/build_*.log $R/buildlib_*.log; do
  b=$(basename $f .log)
  awk -v b="$b" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; n++; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s kernel %d: %s, %s\n", b, n, s, substr($0, RSTART, RLENGTH); k = 0}' $f
  echo "$b: $(grep -c ': error' $f) errors, $(grep -c 'C75[0-9][0-9]' $f) C75xx"
  grep -E ": error|C75[0-9][0-9]" $f | head -n 3
done > $R/ptxas.txt 2>&1
log "ptxas: $(grep -cE ' [1-9][0-9]* bytes spill stores' $R/ptxas.txt) kernels spill ($(grep -E ' [1-9][0-9]* bytes spill stores' $R/ptxas.txt | cut -d' ' -f1 | sort -u | tr '\n' ' ')); builds with errors: $(grep -cE ' [1-9][0-9]* errors' $R/ptxas.txt); with C75xx: $(grep -cE ' [1-9][0-9]* C75xx' $R/ptxas.txt)"
pack

# ---- correctness: the sweep of every variant, 6 at a time ----
for v in $all; do echo $v; done | xargs -P 6 -I{} sh -c "[ -x $d/attn_{} ] && { timeout $(left 60) $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt; }"
for v in $all; do echo "== $v"; cat $R/check_$v.txt 2>/dev/null || echo "not built"; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
log "sweeps at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest error ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr -s ' \n' ' ')"
for v in $all; do echo "$v: $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^ok') ok, $(awk -v v="== $v" '$0 == v {p = 1; next} /^== / {p = 0} p' $R/check_all.txt | grep -cE '^FAIL') FAIL"; done >> $R/progress.txt
pack

# ---- timing: the pair libraries and cuDNN alternated (the GPU otherwise idle) ----
plibs=""; for n in $libs; do [ -f $d/lib_$n.so ] && plibs="$plibs --lib $n=$d/lib_$n.so"; done
PYTHONUNBUFFERED=1 timeout $(left 100) python3 bench/gpu/attention_pair.py --rounds 5 --reps 30 $plibs > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
pack

# ---- compute-sanitizer on the small cases, all at once ----
SAN="memcheck:2sstee racecheck:2sstee synccheck:2sstee memcheck:3stee racecheck:3stee racecheck:0st
  memcheck:2stew racecheck:2stew memcheck:4ew memcheck:3ew"
st=$(left 60)
for s in $SAN; do t=${s%%:*} v=${s#*:}
  ( timeout $st compute-sanitizer --tool $t $d/attn_$v --small > $R/san_${t}_$v.txt 2>&1; echo "rc=$?" >> $R/san_${t}_$v.txt ) &
done
( timeout $st $d/attn_2sstee --small --no-time --describe > $R/describe_2sstee.txt 2>&1 ) &
wait
for s in $SAN; do t=${s%%:*} v=${s#*:}
  log "sanitizer $t $v: $(tail -n 1 $R/san_${t}_$v.txt) $(grep -c '^ok' $R/san_${t}_$v.txt) ok $(grep -c '^FAIL' $R/san_${t}_$v.txt) FAIL; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/san_${t}_$v.txt | tail -n 1)"
done
pack

# ---- kernel-alone tables (as attention_run.sh's), the default and st alternated, 3 rounds ----
for r in 1 2 3; do
  for v in 2 2st 2ew 4 4st 4ew 1 1st 1ew 3 3st; do
    [ $(el) -gt ${BUDGET:-300} ] && break 2
    [ -x $d/attn_$v ] && { echo "== round $r $v"; timeout 30 $d/attn_$v --time-only --reps 20 2>&1 | grep -iE "tflop|ms"; } >> $R/table.txt
  done
done
log "tables at $(el) s: $(grep -c '^== round' $R/table.txt 2>/dev/null) runs"
log "done at $(el) s"

# ---- summary ----
python3 - $R/pair.txt > $R/pair_summary.txt 2>&1 <<'PY'
import re, sys
from collections import defaultdict
ratio, cud, order, rows = defaultdict(lambda: defaultdict(list)), defaultdict(list), [], []
for line in open(sys.argv[1]):
    m = re.match(r"(?:round \d+ )?pair d(\d+) S=(\d+) .*? (causal|non-causal): (.*); cudnn [0-9.]+ ms ([0-9.]+) TFLOP/s", line)
    if not m: continue
    row = (int(m.group(1)), int(m.group(2)), m.group(3)); cud[row].append(float(m.group(5)))
    if row not in rows: rows.append(row)
    for part in m.group(4).split("; "):
        n = re.match(r"(\S+) [0-9.]+ ms [0-9.]+ TFLOP/s ratio ([0-9.]+)", part)
        if n:
            ratio[row][n.group(1)].append(float(n.group(2)))
            if n.group(1) not in order: order.append(n.group(1))
med = lambda v: sorted(v)[len(v) // 2] if v else float("nan")
print("ratio to cuDNN per round (median of 30 per-iteration ratios), bf16, 16k tokens, heads x dim 2048; [median]")
for row in rows:
    print(f"d{row[0]} S={row[1]} {row[2]}: cuDNN {min(cud[row]):.0f}-{max(cud[row]):.0f} TFLOP/s")
    for n in order:
        v = ratio[row][n]
        print(f"  {n:5s} " + " ".join(f"{x:.3f}" for x in v) + f"  [{med(v):.3f}]")
    base = ratio[row].get("base", [])
    for n in order:
        if n == "base" or not base: continue
        dv = [a - b for a, b in zip(ratio[row][n], base)]
        print(f"  {n} - base per round: " + " ".join(f"{x:+.3f}" for x in dv) + f"; ahead in {sum(x > 0 for x in dv)}/{len(dv)}, median {med(dv):+.3f}")
PY
{ echo "session 19 helper attn: call1.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt | grep -v "kernel 1: 0 bytes" | head -n 80; echo;
  grep -h "schedule:" $R/describe_2sstee.txt | cut -c1-400 | head -n 2; grep -h '^FAIL' $R/check_all.txt | head -n 5; echo; cat $R/pair_summary.txt; echo; cat $R/table.txt 2>/dev/null | head -n 120; } > $R/summary.txt
pack
cat $R/summary.txt
