#!/bin/bash
# here (session 15, helper attn2): the bench variants and the three pair libraries of call1.sh (sequential, nice);
# 7e2 was rebuilt with -DTESSEL_ATTN_BN=128 added (fp16 d128 non-causal BN 192 and the O tiles exceed shared memory)
cd /work/main; d=build-attn/x2; nv="nice nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Iinclude"
for x in "3x0=-DTESSEL_ATTN_VARIANT=3 -DTESSEL_ATTN_EPI_XOR=0" "3x1=-DTESSEL_ATTN_VARIANT=3 -DTESSEL_ATTN_EPI_XOR=1" "3x2=-DTESSEL_ATTN_VARIANT=3 -DTESSEL_ATTN_EPI_XOR=2" \
         "3=-DTESSEL_ATTN_VARIANT=3" "7e2=-DTESSEL_ATTN_VARIANT=7 -DTESSEL_ATTN_EPI_TMA=1 -DTESSEL_ATTN_EPI_XOR=2" "1e2=-DTESSEL_ATTN_VARIANT=1 -DTESSEL_ATTN_EPI_TMA=1 -DTESSEL_ATTN_EPI_XOR=2"; do
  n=${x%%=*}; f=${x#*=}
  /usr/bin/time -f "%e s" $nv $f bench/gpu/attention_bench.cu -o $d/attn_$n > $d/build_$n.log 2>&1; echo "$n rc=$? $(tail -1 $d/build_$n.log)"
done
for e in 0 1 2; do
  $nv -Xcompiler -fPIC -I$d -DEPIXOR=$e -c $d/capi_x.cu -o $d/capi_x$e.o > $d/build_lib$e.log 2>&1 && nvcc -shared -o $d/lib_x$e.so $d/capi_x$e.o >> $d/build_lib$e.log 2>&1; echo "lib$e rc=$?"
done
echo done
