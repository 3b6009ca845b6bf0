#!/bin/bash
# Session 20 (helper attn2, issue 26), call 1 on the H100: bf16 d64 causal (S = 8k: 449 TFLOP/s in the pair loop
# against FA3's 473), candidate configurations as pair libraries of capi_d64c.cu (d64 only; the causal
# configuration changed by X_* macros), all timed in one attention_pair.py loop against cuDNN and the default.
#   cd .h/attn2 && bash bench/gpu/results/2026-11-27-s20-attn2-1/call1.sh   -> $OUT/attn2_1/summary.txt, $OUT/attn2_1.tgz
# Libraries (built on the device's 16 cores, nvcc 13.0 -O3 sm_90a):
#   base   the default (3 consumers, BN 128, static snake over all 64 heads: make_causal_scheduler's g = hb)
#   ka     K one block ahead of V;  re  O's rescale under S;  kre  ka + re + SkipRescale_ 2 (d128 causal's recipe)
#   ch2    2 partial maxima;  st3  3 K/V stages;  b144 / b160  BN 144 / 160;  tma  O through TMA stores
#   w2b192 / w2b256  2 consumers (24 / 240 registers), BN 192 / 256
#   dyn    dynamic scheduling (g = SMs / tiles_m = 3 heads a group)
#   g8 / g16  static snake over groups of 8 / 16 heads (include/ copied, make_causal_scheduler's g replaced)
#   dg16   dynamic with groups of 16 heads (FA3's L2 swizzle: 32 MB / 2 MB a head)
#   qs2    2 Q buffers
set -u
T0=$(date +%s)
OUT=${OUT:-/tmp/out}; W=/tmp/s20attn2; R=$W/attn2_1; d=$PWD/bin_a2
X=bench/gpu/results/2026-11-27-s20-attn2-1; X1=bench/gpu/results/2026-11-27-s20-attn-1
rm -rf $W $d; mkdir -p $R $d $OUT/attn2_1
el() { echo $(( $(date +%s) - T0 )); }
log() { echo "$*" >> $R/progress.txt; }
pack() { cp $R/summary.txt $OUT/attn2_1/summary.txt 2>/dev/null; cp $R/progress.txt $OUT/attn2_1/progress.txt 2>/dev/null; tar czf $OUT/attn2_1.tgz -C $W attn2_1 2>/dev/null; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv > $R/gpu.txt 2>&1
# include/ with the causal scheduler's group of heads from -DTESSEL_EXP_G (static and dynamic)
mkdir -p $W/incg && cp -r include $W/incg/
sed -i 's|int g = 2 \* hb < sms && !dynamic ? hb : sms / tiles_m;|int g = TESSEL_EXP_G;|' $W/incg/include/tessel/kernels/attention_sm90.cuh
grep -c TESSEL_EXP_G $W/incg/include/tessel/kernels/attention_sm90.cuh > $R/patch.txt
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
build() {  # name
  inc=include
  case $1 in
    base) f="-DX_CHECK_DEFAULT";;
    ka) f="-DX_KA=true";;
    re) f="-DX_RE=true";;
    kre) f="-DX_KA=true -DX_RE=true -DX_SKIP=2";;
    ch2) f="-DX_CHAINS=2";;
    st3) f="-DX_STAGES=3";;
    b144) f="-DX_BN=144";;
    b160) f="-DX_BN=160";;
    tma) f="-DX_EPI_TMA=true";;
    w2b192) f="-DX_CONS=2 -DX_BN=192";;
    w2b256) f="-DX_CONS=2 -DX_BN=256";;
    dyn) f="-DX_DYN=true";;
    qs2) f="-DX_QS=2";;
    g8) f="-DTESSEL_EXP_G=8"; inc=$W/incg/include;;
    g16) f="-DTESSEL_EXP_G=16"; inc=$W/incg/include;;
    dg16) f="-DX_DYN=true -DTESSEL_EXP_G=16"; inc=$W/incg/include;;
  esac
  $nv -I$inc -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique $f -c $X/capi_d64c.cu -o $d/lib_$1.o > $d/build_$1.log 2>&1 &&
    nvcc -shared -o $d/lib_$1.so $d/lib_$1.o >> $d/build_$1.log 2>&1
}
export -f build; export nv d X W
items="base ka re kre ch2 st3 b144 b160 tma w2b192 w2b256 dyn g8 g16 dg16 qs2"
for v in $items; do echo $v; done | xargs -P 16 -I{} bash -c 'build {}'
for f in $d/build_*.log; do
  b=$(basename $f .log)
  awk -v b="$b" '/Compiling entry function .*attention_sm9016attention_kernel/ {k = 1; n++; next}
    k && /spill stores/ {match($0, /[0-9]+ bytes spill stores/); s = substr($0, RSTART, RLENGTH)}
    k && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); printf "%s kernel %d: %s, %s\n", b, n, s, substr($0, RSTART, RLENGTH); k = 0}' $f
  echo "$b: $(grep -c ': error' $f) errors, $(grep -c 'C75[0-9][0-9]' $f) C75xx"
done > $R/ptxas.txt 2>&1
log "builds at $(el) s: $(ls $d/lib_*.so 2>/dev/null | wc -l) libs; spilling: $(grep -E '[1-9][0-9]* bytes spill' $R/ptxas.txt | cut -d' ' -f1 | sort -u | tr '\n' ' '); C75xx: $(grep -E '[1-9][0-9]* C75xx' $R/ptxas.txt | cut -d: -f1 | tr '\n' ' '); errors: $(grep -E '[1-9][0-9]* errors' $R/ptxas.txt | cut -d: -f1 | tr '\n' ' ')"
for b in $items; do [ -f $d/lib_$b.so ] || { log "build $b failed:"; grep -m 5 -E 'error' $d/build_$b.log >> $R/progress.txt; }; done
pack
plibs() { for n in "$@"; do [ -f $d/lib_$n.so ] && printf -- "--lib %s=%s " $n $d/lib_$n.so; done; }
PYTHONUNBUFFERED=1 timeout 240 python3 bench/gpu/attention_pair.py --rows d64c,d64c16384 --rounds 5 --reps 30 $(plibs $items) > $R/pair.txt 2>&1
log "pair rc=$? at $(el) s: $(grep -c '^round' $R/pair.txt) row rounds"
python3 $X1/pair_summary.py $R/pair.txt > $R/pair_summary.txt 2>&1
python3 -c "import re,sys,collections; m=collections.defaultdict(float)
for l in open(sys.argv[1]):
  for n,x in re.findall(r'(?:: |; )(\S+) [0-9.]+ ms [^;]*? max\|d\| ([0-9.e+-]+)', l): m[n]=max(m[n],float(x))
print('max|d| against cuDNN: '+', '.join(f'{k} {v:.3g}' for k,v in m.items()))" $R/pair.txt >> $R/pair_summary.txt 2>&1
{ echo "session 20 helper attn2: call1.sh"; cat $R/gpu.txt; cat $R/progress.txt; echo; cat $R/ptxas.txt; echo; cat $R/pair_summary.txt; } > $R/summary.txt
pack
cat $R/summary.txt
