#!/usr/bin/env bash
# Build the libFuzzer target with clang++, seed a corpus from the conformance
# expressions, the spec examples and the negative-stride cases (tests/data), and fuzz for SECONDS (default 180) on
# WORKERS processes (default 2). Not part of CI.
#   fuzz/run.sh [SECONDS] [WORKERS]
# Output: build-fuzz/fuzz.log (libFuzzer's log), build-fuzz/ubsan.txt (distinct
# UBSan reports), crash-*/timeout-* files in build-fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-180}
workers=${2:-2}
b=${FUZZ_BUILD:-build-fuzz}
CXX=clang++ cmake -S . -B $b -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTESSEL_FUZZ=ON \
  -DTESSEL_BUILD_TESTS=OFF -DTESSEL_BUILD_EXAMPLES=OFF -DTESSEL_BUILD_TOOLS=OFF -DTESSEL_CUDA=OFF >/dev/null
cmake --build $b --target fuzz_eval -j"$workers"

corpus=$b/corpus
mkdir -p $corpus $b/artifacts
cases=../shared/conformance/cases_public.jsonl
i=0
{
  [ -f $cases ] && python3 -c 'import json,sys; [print(json.loads(l)["expr"]) for l in open(sys.argv[1]) if l.strip()]' $cases
  grep -v '^#' examples/seed_expressions.txt
  # negative strides across the algebra (issue 24)
  [ -f tests/data/cases_negative.jsonl ] && python3 -c 'import json,sys; [print(json.loads(l)["expr"]) for l in open(sys.argv[1]) if l.strip()]' tests/data/cases_negative.jsonl
} | while IFS= read -r e; do
  [ -n "$e" ] || continue
  printf '%s' "$e" > "$corpus/seed_$(printf '%04d' $i)"; i=$((i + 1))
done

# UB stops the input (an artifact), except the known sites in fuzz/ubsan.supp.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:report_error_type=1:suppressions=$PWD/fuzz/ubsan.supp
set +e
$b/fuzz/fuzz_eval $corpus -dict=fuzz/eval.dict -fork="$workers" -ignore_crashes=1 -ignore_timeouts=1 \
  -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=512 \
  -artifact_prefix=$b/artifacts/ 2>&1 | tee $b/fuzz.log | grep -E '^#[0-9]+.*(DONE|pulse)|INFO: fuzzed for|crash|deadly' | tail -n 20
set -e
# Triage: each artifact's cause (the sanitizer's message, else the first frame
# in tessel's code), counted.
: > $b/triage.txt
for a in $b/artifacts/*; do
  [ -f "$a" ] || continue
  log=$(timeout 20 $b/fuzz/fuzz_eval "$a" 2>&1 || true)
  why=$(grep -E -m1 -o '(runtime error: .*|AddressSanitizer: [a-z-]+)' <<<"$log" || true)
  frame=$(grep -E -m1 -o '(include|src|tools|fuzz)/[^ ]+:[0-9]+' <<<"$log" || true)
  printf '%s at %s\t%s\n' "${why:-signal}" "${frame:-?}" "$(basename "$a")" >> $b/triage.txt
done
echo "artifacts: $(ls $b/artifacts | wc -l); distinct causes:"
cut -f1 $b/triage.txt | sort | uniq -c | sort -rn
