#!/usr/bin/env bash
# One fuzz campaign at low priority on one core (issue 17): TARGET (fuzz_eval or
# fuzz_typed) for SECONDS, corpus build-fuzz/corpus-<name>, artifacts in
# build-fuzz/art-<name>/, libFuzzer's log in build-fuzz/campaign-<name>.log.
#   fuzz/campaign.sh fuzz_eval 1800
# (fuzz/run.sh builds the targets and seeds the text corpus.)
set -euo pipefail
cd "$(dirname "$0")/.."
target=$1
secs=${2:-1800}
b=${FUZZ_BUILD:-build-fuzz}
name=${target#fuzz_}
name=${name/eval/text}
mkdir -p $b/corpus-$name $b/art-$name
dict=()
[ "$target" = fuzz_eval ] && dict=(-dict=fuzz/eval.dict)
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:report_error_type=1:suppressions=$PWD/fuzz/ubsan.supp
nice -n 19 $b/fuzz/$target $b/corpus-$name "${dict[@]}" -jobs=1 -workers=1 -max_total_time="$secs" -timeout=10 \
  -rss_limit_mb=2048 -max_len=512 -print_final_stats=1 -artifact_prefix=$b/art-$name/ > $b/campaign-$name.log 2>&1 || true
# (-jobs=1 writes libFuzzer's own output to fuzz-0.log in the working directory)
[ -f fuzz-0.log ] && mv fuzz-0.log $b/campaign-$name.fuzz.log
grep -E '^#[0-9]+' $b/campaign-$name.fuzz.log | tail -n 1 || true
echo "artifacts: $(ls $b/art-$name | wc -l)"
