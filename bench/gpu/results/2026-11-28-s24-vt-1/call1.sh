#!/bin/bash
# Session 24 (helper vt, issue 26), call 1 on the H100: FP8's V^T pass. n9 / n11 = this tree: the attention kernel's
# producer waits for the pass (griddepcontrol.wait) only before its first V^T load (Q and the first K blocks load
# under the pass's tail), the pass's shapes selectable (AttentionArgs::vt_shape, TESSEL_ATTN_VT_SHAPE; default = main's
# shape); m9 / m11 = main's include (5f1c902), the same bench source. Steps: vt_probe (every shape's V^T equal to the
# default's, ragged sk included; the shapes and a D2D copy of V's bytes timed alternated, L2 cleared before each run);
# the best shape of each head dim by the probe; the FP8 sweeps (V^T checked byte by byte) of n9 / n11 in the default
# and the best shape; rows (--time-only --reps 20 --pause-ms 1000, one process a row, 4 rounds, the order reversed
# every other round): d128 8k m9 / n9 default / n9 best, then d128 2k+16k and d256 8k main / best; last memcheck and
# racecheck of n9 --small (best shape).
# As run: main 5f1c902 with vt.diff (this folder) applied, binaries built on the workstation and carried in bin/ (attn_m9 /
# attn_m11 from main's include with the diff's bench). Nothing of the diff is on main.
#   cd .h/vt && bash bench/gpu/results/2026-11-28-s24-vt-1/call1.sh   -> $OUT/r1.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r1; mkdir -p $R $OUT; d=$PWD/bin; T0=$(date +%s); here=$(dirname $0)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
chmod +x $d/* 2>/dev/null
timeout 60 $d/vt_probe 8 > $R/probe.txt 2>&1; echo "rc=$?" >> $R/probe.txt
echo "probe done at $(( $(date +%s) - T0 )) s: $(grep -c '^ok' $R/probe.txt) ok, $(grep -c '^FAIL' $R/probe.txt) FAIL" >> $R/progress.txt
# best shape per head dim: the lowest median time among shapes 0..5 (names in vt_probe), if below tile's
best() {
  grep "^time d$1 " $R/probe.txt | grep -v " copy " | awk '{for(i=1;i<=NF;i++) if($i=="ms") {print $(i-1), $6; break}}' | sort -g | head -n 1 | awk '{print $2}'
}
idx() { case $1 in tile) echo 0;; tile-heads) echo 1;; wave) echo 2;; wave-heads) echo 3;; tile-mb4) echo 4;; wave-mb4) echo 5;; *) echo 0;; esac; }
b9=$(idx $(best 128)); b11=$(idx $(best 256))
echo "best shape d128: $b9 ($(best 128)), d256: $b11 ($(best 256))" >> $R/progress.txt
ok=1
for x in n9:-1 n11:-1 n9:$b9 n11:$b11; do
  IFS=: read n s <<< "$x"; f=$R/check_${n}_s$s.txt
  TESSEL_ATTN_VT_SHAPE=$s timeout 60 $d/attn_$n --no-time > $f 2>&1; echo "rc=$?" >> $f
  echo "$(basename $f): $(grep -c '^ok' $f) ok, $(grep -c '^FAIL' $f) FAIL, largest $(grep -oE 'ratio [0-9.]+' $f | sort -k2 -g | tail -n 1); $(tail -n 2 $f | tr '\n' ' ')" >> $R/progress.txt
  grep -q " 0 failed" $f || ok=0
done
echo "checks done at $(( $(date +%s) - T0 )) s, ok=$ok" >> $R/progress.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 500 > $R/clocks.txt 2>&1 & smi=$!
# name:binary:shape:S
rows() {
  local V="$1" RV; RV=$(echo $V | tr ' ' '\n' | tac | tr '\n' ' ')
  for round in 1 2 3 4; do
    o=$V; [ $((round % 2)) = 0 ] && o=$RV
    for x in $o; do
      IFS=: read name bin s S <<< "$x"
      TESSEL_ATTN_VT_SHAPE=$s TESSEL_BENCH_S=$S timeout 30 $d/attn_$bin --time-only --reps 20 --pause-ms 1000 2>&1 | grep -E "^time|error|FAIL" | sed "s/^/r$round $name /" | cut -c1-400 >> $R/table.txt
    done
  done
}
if [ $ok = 1 ]; then
  rows "m9:m9:-1:8192 n9:n9:-1:8192 n9b:n9:$b9:8192"
  echo "8k done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
  rows "m9:m9:-1:2048,16384 n9b:n9:$b9:2048,16384 m11:m11:-1:8192 n11b:n11:$b11:8192"
fi
kill $smi
echo "timing done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
for t in memcheck racecheck; do
  ( TESSEL_ATTN_VT_SHAPE=$b9 timeout 50 compute-sanitizer --tool $t $d/attn_n9 --small > $R/san_${t}_n9.txt 2>&1; echo "rc=$?" >> $R/san_${t}_n9.txt ) &
done
wait
for f in $R/san_*; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -n 1) $(tail -n 1 $f)" >> $R/progress.txt; done
echo "all done at $(( $(date +%s) - T0 )) s" >> $R/progress.txt
python3 $here/summary.py $R/table.txt > $R/summary.txt 2>&1
tar czf $OUT/r1.tgz -C /tmp r1
cat $R/gpu.txt $R/progress.txt; grep -E "^time|blocks an SM" $R/probe.txt | cut -c1-170; cat $R/summary.txt
