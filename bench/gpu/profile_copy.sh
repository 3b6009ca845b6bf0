#!/usr/bin/env bash
# bench/gpu/profile_copy.sh [BIN] [CASE...]: ncu profiles of copy_bench's cases on the
# device (one launch each of the kernel the plan picks): DRAM and L2 traffic,
# instructions, issue and occupancy, and the executed count of every SASS
# instruction ($OUT/sass_<case>.csv). Prints the summary lines.
cb=${1:-build/cuda/copy_bench}; shift
OUTDIR=${OUT:-.}
M=dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum
for c in "${@:-random 1}"; do
  f="${c// /_}"
  echo "######## $c"
  ncu --kernel-name regex:'copy_(tile|transpose)' --launch-count 1 --metrics $M --section Occupancy "$cb" --only "$c" --reps 3 > "$OUTDIR/ncu_$f.txt" 2>&1
  grep -E "copy_|dram__|gpu__time|sm__|smsp__|lts__|Block Limit Reg|Block Limit Shared|Theoretical Occ" "$OUTDIR/ncu_$f.txt" | head -20
  ncu --kernel-name regex:'copy_(tile|transpose)' --launch-count 1 --section SourceCounters --page source --print-source sass --csv "$cb" --only "$c" --reps 3 > "$OUTDIR/sass_$f.csv" 2>&1
  wc -l "$OUTDIR/sass_$f.csv"
done
