#!/bin/bash
# Session 23 (helper attn8t), call 2 on the H100: diagnosis of call 1's hang (n9 --no-time gave no output in 60 s).
# Four processes at once, --small --no-time, 25 s each: o9 (main's configuration, the control); n9p40 (V in-kernel
# with producer 40 / consumers 232 registers); dbg_n9 and dbg_nt9 (V in-kernel at 32 / 232, built against a copy of
# include/ whose wait_barrier prints the barrier a thread has waited on for 2e9 cycles and traps; nt9: the transposing
# warps skip the transpose, barriers only).
#   cd .h/attn8t && bash bench/gpu/results/2026-11-28-s23-attn8t-2/call2.sh   -> $OUT/r2.tgz
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/r2; mkdir -p $R $OUT; d=$PWD/bin
chmod +x $d/attn_* $d/dbg_* 2>/dev/null
for b in attn_o9 attn_n9p40 dbg_n9 dbg_nt9; do
  ( timeout 25 stdbuf -oL $d/$b --small --no-time > $R/$b.txt 2>&1; echo "rc=$?" >> $R/$b.txt ) &
done
wait
tar czf $OUT/r2.tgz -C /tmp r2
for f in $R/*.txt; do echo "== $(basename $f): $(grep -c '^ok' $f) ok $(grep -c '^FAIL' $f) FAIL"; grep -v "^ok" $f | sort | uniq -c | sort -rn | head -12; done
