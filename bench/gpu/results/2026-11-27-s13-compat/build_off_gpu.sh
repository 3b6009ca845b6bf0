#!/bin/bash
# builds the tutorial and the host atom benchmark both ways (here, off the GPU machine)
C=/work/cutlass; D=/work/main/.cutlass/s13compat
FL="-std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a --expt-relaxed-constexpr -DCUTLASS_ENABLE_TENSOR_CORE_MMA=1 -Xcompiler=-fno-strict-aliasing -cudart shared -Xptxas -v"
for v in cute tessel; do
  inc="-I$C/include -I$C/tools/util/include -I$C/examples/common"; [ $v = tessel ] && inc="-I/work/main/include/tessel/compat $inc"
  /usr/bin/time -f "cpu=%U+%S wall=%e" nvcc $FL $inc $C/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu -o $D/bin/$v/wgmma_tma_sm90 > $D/bin/$v/build.log 2>&1; echo rc=$? >> $D/bin/$v/build.log
  nvcc -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a --expt-relaxed-constexpr -cudart shared $inc $D/atom_host.cu -o $D/bin/$v/atom_host -L/usr/local/cuda/lib64/stubs -lcuda > $D/bin/$v/atom.log 2>&1; echo rc=$? >> $D/bin/$v/atom.log
done
gcc -shared -fPIC -O2 -o $D/bin/d2hhash.so $D/d2hhash.c -ldl
#!/bin/bash
C=/work/cutlass; D=/work/main/.cutlass/s13compat; o=$D/bin/tessel-new; mkdir -p $o
FL="-std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a --expt-relaxed-constexpr -DCUTLASS_ENABLE_TENSOR_CORE_MMA=1 -Xcompiler=-fno-strict-aliasing -cudart shared -Xptxas -v"
inc="-I/work/main/include/tessel/compat -I$C/include -I$C/tools/util/include -I$C/examples/common"
/usr/bin/time -f "cpu=%U+%S wall=%e" nvcc $FL $inc $C/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu -o $o/wgmma_tma_sm90 > $o/build.log 2>&1; echo rc=$? >> $o/build.log
nvcc -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a --expt-relaxed-constexpr -cudart shared $inc $D/atom_host.cu -o $o/atom_host -L/usr/local/cuda/lib64/stubs -lcuda > $o/atom.log 2>&1; echo rc=$? >> $o/atom.log
