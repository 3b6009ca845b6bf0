#!/bin/bash
# Session 15, call T (H100, quiet): CuTe's two GEMM tutorials against CuTe and tessel, nothing else on the machine
# after the builds: wgmma_tma_sm90 (default size) 10 alternated rounds, sgemm_sm80 (5120 5120 4096 T N) 3 rounds.
set -u
REPO=$(pwd); OUT=${OUT:-/tmp/out}; mkdir -p $OUT; W=/tmp/ft; mkdir -p $W/t; F=.final15
C=/tmp/c; mkdir -p $C && tar xzf $F/cutlass-7107b05.tgz -C $C && tar xzf $F/cutlass-extra.tgz -C $C
cp $F/head.txt $W/t/; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader > $W/t/card.txt
B=/tmp/tut; L=/tmp/logs; mkdir -p $B/cute/hopper $B/tessel/hopper $L; T=$C/examples/cute/tutorial
for v in cute tessel; do for f in hopper/wgmma_tma_sm90 sgemm_sm80; do
  arch=sm_90; case $f in hopper/*) arch=sm_90a;; esac
  inc="-I$C/include -I$C/tools/util/include -I$C/examples/common"; [ $v = tessel ] && inc="-I$REPO/include/tessel/compat $inc"
  nvcc -std=c++20 -O3 -arch=$arch --expt-relaxed-constexpr -DCUTLASS_ENABLE_TENSOR_CORE_MMA=1 -Xcompiler=-fno-strict-aliasing -cudart shared $inc $T/$f.cu -o $B/$v/$f -lcuda > $L/$v.$(echo $f | tr / _).log 2>&1 &
done; done; wait
ls -la $B/*/hopper/wgmma_tma_sm90 $B/*/sgemm_sm80 > $W/t/built.txt 2>&1
for r in 1 2 3 4 5 6 7 8 9 10; do for v in tessel cute; do
  [ $((r % 2)) = 0 ] && v=$([ $v = tessel ] && echo cute || echo tessel)
  gf=$($B/$v/hopper/wgmma_tma_sm90 2>&1 | grep -o "\[ *[0-9.]*\]GFlop/s" | tr -d '[] ' | sed 's/GFlop\/s//' | tr '\n' ' ')
  echo "wgmma_tma_sm90 round $r $v $gf" >> $W/t/rounds.txt
done; done
for r in 1 2 3; do for v in tessel cute; do
  gf=$($B/$v/sgemm_sm80 5120 5120 4096 T N 2>&1 | grep -o "\[ *[0-9.]*\]GFlop/s" | tr -d '[] ' | sed 's/GFlop\/s//' | tr '\n' ' ')
  echo "sgemm_sm80 round $r $v $gf" >> $W/t/rounds.txt
done; done
tar czf $OUT/t.tgz -C $W t; cat $W/t/card.txt $W/t/rounds.txt
