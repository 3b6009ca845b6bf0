# Session 15, helper fp8, call 3 (kind nvidia-h100-x1): the FP8-only gemm_bench (defaults only, no experiments) built on
# the CPU machine from 6134191 + the choose_raster change (8-bit inputs take at most 2^2 below 30 GB/s of DRAM per SM, the
# H100: "default" is now 2^2 here, "default_s3" the previous choice), build-fp8/dev15b, carried: checks, memcheck of them,
# 5 rounds of 30 alternated with _scaled_mm.
R=/tmp/s15fp8c3; rm -rf $R; mkdir -p $R
t0=$(date +%s)
OUT=$R/run PREBUILT=build-fp8/dev15b PYTEST=0 SAN=1 SAN_TOOLS=memcheck CHECK=small ROUNDS=5 REPS=30 \
  VARIANTS=default,default_s3,blocks,blocks_s3,fast timeout 300 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cp build-fp8/dev15b/call3.sh $R/
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && cd - > /dev/null
tar czf $OUT/s15fp8_call3.tgz -C /tmp s15fp8c3
grep -E "checks:|memcheck|accuracy|rc=" $R/run.txt; sed -n '/rounds of/,$p' $R/run/fp8/pair.txt
