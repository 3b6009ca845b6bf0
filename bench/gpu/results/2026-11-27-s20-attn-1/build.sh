#!/bin/bash
# build one item: name

d=${BIN:-/tmp/attn20}; X=bench/gpu/results/2026-11-27-s20-attn-1
nv="nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v"
S="-DTESSEL_ATTN_BN=128 -DTESSEL_ATTN_EPI_TMA=1 -DTESSEL_ATTN_Q_STAGES=2 -DTESSEL_ATTN_NEXT_EARLY=1 -DTESSEL_ATTN_RESCALE_EARLY=0"
n=$1
case $n in
  lib_base) f="-DCAPI_SK=0 -DCAPI_CAUSAL=0";;
  lib_sk) f="-DCAPI_SK=1 -DCAPI_CAUSAL=0";;
  lib_c160) f="-DCAPI_SK=0 -DCAPI_CAUSAL=1";;
  lib_c192) f="-DCAPI_SK=0 -DCAPI_CAUSAL=2";;
esac
case $n in
  lib_*) $nv -Iinclude -Ipython/tessel -Xcompiler -fPIC -Xcompiler -fno-gnu-unique $f -c $X/capi_v.cu -o $d/$n.o > $d/build_$n.log 2>&1 && nvcc -shared -o $d/$n.so $d/$n.o >> $d/build_$n.log 2>&1; exit;;
  2s) f="$S";;
  2sk) f="$S -DTESSEL_ATTN_STREAM_K=1";;
  2lk|0sk|4sk|7sk) f="-DTESSEL_ATTN_STREAM_K=1";;
  3c160) f="-DTESSEL_ATTN_BN=160 -DTESSEL_ATTN_Q_STAGES=1";;
  3c192) f="-DTESSEL_ATTN_BN=192 -DTESSEL_ATTN_Q_STAGES=1 -DTESSEL_ATTN_EPI_TMA=0 -DTESSEL_ATTN_EPI_WIDE=1";;
  *) f="";;
esac
$nv -Iinclude -DTESSEL_ATTN_VARIANT=${n%%[a-z]*} $f bench/gpu/attention_bench.cu -o $d/attn_$n > $d/build_$n.log 2>&1
echo "$n rc=$?"
