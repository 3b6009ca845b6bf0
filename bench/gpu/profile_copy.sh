#!/usr/bin/env bash
# bench/gpu/profile_copy.sh [BIN] [CASE...]: ncu profiles of copy_bench's cases on the
# device (one launch each of the kernel the plan picks; ncu --clock-control none): DRAM and
# L2 traffic, instructions, issue and occupancy, the speed-of-light, memory tables (L1 and
# L2 requests and sectors per request) and warp stall sections, and the executed count of
# every SASS instruction ($OUT/sass_<case>.csv). Prints the summary lines.
# COPY_BENCH_ARGS: more copy_bench arguments (e.g. --first-element-windows); SASS=0: no SASS counts.
cb=${1:-build/cuda/copy_bench}; shift
OUTDIR=${OUT:-.}
M=dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum
S="--section SpeedOfLight --section Occupancy --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section WarpStateStats"
for c in "${@:-random 1}"; do
  f="${c// /_}${COPY_BENCH_ARGS:+_alt}"
  echo "######## $c ${COPY_BENCH_ARGS:-}"
  ncu --clock-control none --kernel-name regex:'copy_(tile|transpose)' --launch-count 1 --metrics $M $S "$cb" --only "$c" --reps 3 ${COPY_BENCH_ARGS:-} > "$OUTDIR/ncu_$f.txt" 2>&1
  grep -E "copy_|dram__|gpu__time|sm__|smsp__|lts__|Block Limit Reg|Block Limit Shared|Theoretical Occ|Throughput|Stall|Sectors/Req|Hit Rate" "$OUTDIR/ncu_$f.txt" | head -60
  if [ "${SASS:-1}" = 1 ]; then
    ncu --clock-control none --kernel-name regex:'copy_(tile|transpose)' --launch-count 1 --section SourceCounters --page source --print-source sass --csv "$cb" --only "$c" --reps 3 ${COPY_BENCH_ARGS:-} > "$OUTDIR/sass_$f.csv" 2>&1
    wc -l "$OUTDIR/sass_$f.csv"
  fi
done
