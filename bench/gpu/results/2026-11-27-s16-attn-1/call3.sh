#!/bin/bash
# Session 16 (helper attn), call 3 on the H100: TileOverlap_ (the next tile's first S = Q K^T issued with this tile's
# last P V, under its epilogue). Built here: attention_bench variants with TileOverlap_ (sweeps, sanitizers) and the
# defaults of this tree (the kernel restructured around the option), three pair libraries of capi_to.cu (the
# library's defaults and dispatch for d64, d128, d256): cur = the committed kernel (oldinc/include: HEAD's
# include/, carried), new = this tree with TileOverlap_ off, to = with it on; then attention_pair.py, 3 rounds.
set -u
OUT=${OUT:-/tmp/out}; W=/tmp/s16a; R=$W/c3; d=$W/bin; mkdir -p $R $d $OUT; T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
pack() { tar czf $OUT/attn-c3.tgz -C $W c3 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
V="2= 3= 3to=-DTESSEL_ATTN_TILE_OVERLAP=1 1to=-DTESSEL_ATTN_TILE_OVERLAP=1 5to=-DTESSEL_ATTN_TILE_OVERLAP=1 9to=-DTESSEL_ATTN_TILE_OVERLAP=1 2sto=-DTESSEL_ATTN_BN=128,-DTESSEL_ATTN_EPI_TMA=1,-DTESSEL_ATTN_Q_STAGES=2,-DTESSEL_ATTN_TILE_OVERLAP=1"
all=""
for nvf in $V; do n=${nvf%%=*}; f=${nvf#*=}; all="$all $n"
  ( $nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} ${f//,/ } bench/gpu/attention_bench.cu -o $d/attn_$n > $R/build_$n.log 2>&1 ) &
done
L="cur=-Ioldinc/include,-DV_OLD=1 new=-Iinclude,-DV_TO=0 to=-Iinclude,-DV_TO=1"
for lf in $L; do n=${lf%%=*}; f=${lf#*=}
  ( $nv -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique ${f//,/ } -c bench/gpu/results/2026-11-27-s16-attn-1/capi_to.cu -o $d/lib_$n.o > $R/buildlib_$n.log 2>&1 && nvcc -shared -o $d/lib_$n.so $d/lib_$n.o >> $R/buildlib_$n.log 2>&1 ) &
done
wait
echo "builds at $(el) s: $(ls $d/attn_* | wc -l) bench, $(ls $d/lib_*.so | wc -l) libs" >> $R/progress.txt
for f in $R/build_*.log $R/buildlib_*.log; do echo "== $f"; grep -E "error|C75" $f; grep -A2 "Compiling entry.*attention_kernel" $f | grep -E "spill"; done > $R/ptxas.txt 2>&1
grep -hE "C75|error" $R/build_*.log $R/buildlib_*.log | head -5 >> $R/progress.txt
echo "spilling kernels: $(grep -cE '[1-9][0-9]* bytes spill stores' $R/ptxas.txt)" >> $R/progress.txt
for v in $all; do echo $v; done | xargs -P 8 -I{} sh -c "timeout 100 $d/attn_{} --no-time > $R/check_{}.txt 2>&1; echo \"rc=\$?\" >> $R/check_{}.txt"
for v in $all; do echo "== $v"; cat $R/check_$v.txt; done > $R/check_all.txt; rm -f $R/check_[0-9]*.txt
echo "checks at $(el) s: $(grep -c '^ok' $R/check_all.txt) ok ($(grep -c '^ok.*varlen' $R/check_all.txt) varlen), $(grep -c '^FAIL' $R/check_all.txt) FAIL; largest ratio $(grep -oE 'ratio [0-9.]+' $R/check_all.txt | sort -k2 -g | tail -n 1); rc: $(grep -h '^rc=' $R/check_all.txt | sort | uniq -c | tr '\n' ' ')" >> $R/progress.txt
for s in "memcheck 3to" "racecheck 3to" "memcheck 2sto" "racecheck 2sto"; do set -- $s
  timeout 60 compute-sanitizer --tool $1 $d/attn_$2 --small > $R/san_$1_$2.txt 2>&1
  echo "sanitizer $1 $2: rc=$? $(grep -c '^ok' $R/san_$1_$2.txt) ok; $(tail -n 1 $R/san_$1_$2.txt)" >> $R/progress.txt
done
pack
PYTHONUNBUFFERED=1 timeout 150 python3 bench/gpu/attention_pair.py --rounds 3 --reps 30 --lib cur=$d/lib_cur.so --lib new=$d/lib_new.so --lib to=$d/lib_to.so > $R/pair.txt 2>&1
echo "pair rc=$? at $(el) s" >> $R/progress.txt
pack
cat $R/progress.txt; grep -h FAIL $R/check_all.txt | head -5; tail -n 3 $R/pair.txt | grep -i error
sed -E 's/ \(ratio: median.*//; s/ \[[0-9. ]+\.\.[0-9. ]+\]//g; s/ max\|d\| [0-9.e-]+//g; s/ TFLOP\/s//g; s/ [0-9.]+ ms//g; s/ B=[0-9]+ H=[0-9]+//' $R/pair.txt | cut -c1-300
