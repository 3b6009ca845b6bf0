# Session 14, helper fp8, call 4 (kind nvidia-h200): the default (x4) with one epilogue slot and 5 or 4 stages
# (s5e1, s4e1), clusters of 2 again; binaries built on the CPU machine (build-fp8/dev14c, carried).
R=$OUT/s14fp8; mkdir -p $R
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader > $R/gpu.txt
OUT=$R/run PREBUILT=build-fp8/dev14c PYTEST=0 SAN=0 CHECK=small ROUNDS=5 REPS=30 VARIANTS=default,s5e1,s4e1,default_c2,s5e1_c2,fast,blocks \
  timeout 400 bash bench/gpu/fp8_run.sh > $R/run.txt 2>&1
echo "wall $(( $(date +%s) - t0 )) s" >> $R/run.txt
cd $R/run && tar xzf fp8.tgz && rm fp8.tgz && rm -f fp8/loop_*.sass && cd - > /dev/null
tar czf $OUT/s14fp8.tgz -C $OUT s14fp8 && rm -rf $R
