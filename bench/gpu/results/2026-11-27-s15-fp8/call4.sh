# Session 15, helper fp8, call 4 (kind nvidia-h100-x1): the binaries of call 3 (build-fp8/dev15b; their built-in raster
# rule, since reverted, is overridden here by forcing the raster 2^3 with _s3): clusters of 2 forced (_c2) against the
# default's choice (clusters of 1 at K = 4096 and 8192, 2 at K = 11008), 7 rounds of 30 alternated with _scaled_mm.
R=/tmp/s15fp8c4; rm -rf $R; mkdir -p $R
t0=$(date +%s)
OUT=$R/run PREBUILT=build-fp8/dev15b PYTEST=0 SAN=0 CHECK=small ROUNDS=7 REPS=30 \
  VARIANTS=default_s3,default_c2_s3,default_c1_s3,blocks_o_s3,blocks_c2_o_s3,fast timeout 300 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cp build-fp8/dev15b/call4.sh $R/
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && rm -f fp8/loop_*.sass fp8/build_*.log && cd - > /dev/null
tar czf $OUT/s15fp8_call4.tgz -C /tmp s15fp8c4
grep -E "checks:|accuracy|rc=" $R/run.txt; sed -n '/rounds of/,$p' $R/run/fp8/pair.txt
