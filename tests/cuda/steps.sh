# tests/cuda/steps.sh: the timed steps of the GPU session scripts (sourced by
# run_gpu_session.sh and run_pieces.sh).
# step NAME LIMIT CMD...: runs CMD with a time limit, its output into $STEP_LOGS/NAME.txt,
# and prints one line: rc, seconds, the lines that say passed/failed or a sanitizer's
# summary. DEADLINE (seconds since the script started): a step gets at most what is left
# before it, less 5 s, and one with under 15 s left is printed SKIPPED. A failed or
# skipped step sets status=1.
step() {
  local name=$1 limit=$2
  shift 2
  local t0=$SECONDS left=$((DEADLINE - SECONDS - 5))
  if [ "$left" -lt 15 ]; then
    printf '%-28s SKIPPED (the call\x27s time is spent)\n' "$name"
    status=1
    return
  fi
  [ "$limit" -le "$left" ] || limit=$left
  timeout "$limit" "$@" > "$STEP_LOGS/$name.txt" 2>&1
  local rc=$? summary
  summary=$(grep -E "passed, .* failed|ERROR SUMMARY|RACECHECK SUMMARY|SYNCCHECK SUMMARY|failures|FAIL|rror" "$STEP_LOGS/$name.txt" |
            grep -v "^ok" | tail -n 3 | tr '\n' ' ')
  printf '%-28s rc=%-3s %4ds  %s\n' "$name" "$rc" $((SECONDS - t0)) "$summary"
  [ "$rc" -eq 0 ] || status=1
}
