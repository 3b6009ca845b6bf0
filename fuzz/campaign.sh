#!/usr/bin/env bash
# One fuzz campaign at low priority on one core (issue 17): TARGET (fuzz_eval or
# fuzz_typed) for SECONDS, corpus build-fuzz/corpus-<name>, artifacts in
# build-fuzz/art-<name>/, libFuzzer's log in build-fuzz/campaign-<name>.log and
# (its -jobs=1 worker's output) build-fuzz/campaign-<name>.fuzz.log.
#   fuzz/campaign.sh fuzz_eval 1800
# The two targets can run at once: each runs in its own directory build-fuzz/run-<name>.
# (fuzz/run.sh builds the targets and seeds the text corpus.)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=$1
secs=${2:-1800}
b=$root/${FUZZ_BUILD:-build-fuzz}
name=${target#fuzz_}
name=${name/eval/text}
mkdir -p $b/corpus-$name $b/art-$name $b/run-$name
dict=()
[ "$target" = fuzz_eval ] && dict=(-dict=$root/fuzz/eval.dict)
# A hang is an input that runs past the timeout, 60 s. The slowest honest inputs run the engine's
# point check of a composition (up to 2^20 points: 1.4 s for fuzz_eval's
# logical_divide((14,(2,2),2,(28),32,(8,1)),(1,(2)):(5,(1))), 2.6 s for fuzz_typed's
# logical_divide((512,512):(512,2),(4,1):(8,19)), sanitized, on a quiet core); at nice 19 on the
# shared 2-core machine (load 5 to 7) they took past 10 s, the earlier limit.
timeout=60
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:report_error_type=1:suppressions=$root/fuzz/ubsan.supp
cd $b/run-$name
rm -f fuzz-0.log
nice -n 19 $b/fuzz/$target $b/corpus-$name "${dict[@]}" -jobs=1 -workers=1 -max_total_time="$secs" -timeout=$timeout \
  -rss_limit_mb=2048 -max_len=512 -print_final_stats=1 -artifact_prefix=$b/art-$name/ > $b/campaign-$name.log 2>&1 || true
# (-jobs=1 writes libFuzzer's own output to fuzz-0.log in the working directory)
[ -f fuzz-0.log ] && mv fuzz-0.log $b/campaign-$name.fuzz.log
grep -E '^#[0-9]+' $b/campaign-$name.fuzz.log | tail -n 1 || true
echo "artifacts: $(ls $b/art-$name | wc -l)"
