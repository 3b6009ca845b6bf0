# Session 14, helper fp8, call 2 (kind nvidia-h200): the chunked halves (x4/x8 with remainder chunks), 128 x 128 halves
# (xh128), two whole-tile accumulators in turn (Alternate_: a128, ablocks), clusters, checked and timed against _scaled_mm. Binaries built on
# the CPU machine (build-fp8/dev14b, carried).
R=$OUT/s14fp8; mkdir -p $R
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader > $R/gpu.txt
git log --oneline -1 | cut -c1-100 >> $R/gpu.txt
OUT=$R/run PREBUILT=build-fp8/dev14b PYTEST=0 SAN=0 CHECK=small PROFILE=1 PROFILE_VARIANTS="x4:1 default:1" ROUNDS=${ROUNDS:-5} REPS=30 VARIANTS=default,x4,x8,xh128,a128,fast,blocks,xblocks,ablocks,x4_c2,x8_c2,x4_c1 \
  timeout 400 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && cd - > /dev/null

tar czf $OUT/s14fp8.tgz -C $OUT s14fp8 && rm -rf $R
