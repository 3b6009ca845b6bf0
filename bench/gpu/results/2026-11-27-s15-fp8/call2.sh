# Session 15, helper fp8, call 2 (kind nvidia-h100-x1): the same binaries (build-fp8/dev15); launch choices only:
# clusters of 2 (_c2) and the raster's swizzle 2^2 / 2^1 (_s2, _s1; chosen: 2^3) on the per-tensor and block-scaled
# defaults, 5 rounds of 30 alternated with _scaled_mm.
R=/tmp/s15fp8c2; rm -rf $R; mkdir -p $R
t0=$(date +%s)
OUT=$R/run PREBUILT=build-fp8/dev15 PYTEST=0 SAN=0 CHECK=small ROUNDS=5 REPS=30 \
  VARIANTS=default,default_c2,default_s2,default_c2_s2,default_s1,default_c1_s2,blocks_o,blocks_o_s2,blocks_c2_o,blocks_c2_o_s2 \
  timeout 300 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cp build-fp8/dev15/call2.sh $R/
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && rm -f fp8/loop_*.sass fp8/build_*.log && cd - > /dev/null
tar czf $OUT/s15fp8_call2.tgz -C /tmp s15fp8c2
sed -n '/rounds of/,$p' $R/run/fp8/pair.txt; grep -E "checks:|accuracy" $R/run.txt
