#!/bin/bash
# the FP8 d128 kernel's SASS, default (9) and AttentionSplitS (9ss): where the wgmma waits and the MUFU sit
for v in 9 9ss; do
  cuobjdump -sass .s19/bin2/attn_$v > /tmp/sass_$v.txt 2>&1
  awk '/Function :/ {on = /attention_kernel/} on' /tmp/sass_$v.txt > /tmp/k_$v.txt
  echo "== $v: $(wc -l < /tmp/k_$v.txt) lines; HGMMA $(grep -c HGMMA /tmp/k_$v.txt), MUFU $(grep -c MUFU /tmp/k_$v.txt), DEPBAR $(grep -c 'WARPGROUP.DEPBAR' /tmp/k_$v.txt)"
  # each HGMMA / DEPBAR / WARPGROUP.ARRIVE / BAR / first+last MUFU of a run, with its line number
  awk '{l++} /HGMMA|WARPGROUP|SYNCS|BRA|BAR\.|EXIT/ {gsub(/^ +/, ""); print l": "substr($0, 1, 110)} /MUFU.EX2/ {if (!inm) print l": MUFU run start"; inm = 1; next} {if (inm && !/MUFU/) {print l": MUFU run end"; inm = 0}}' /tmp/k_$v.txt > $OUT/sass_marks_$v.txt
  gzip -c /tmp/k_$v.txt > $OUT/k_$v.txt.gz
done
head -c 300 $OUT/sass_marks_9ss.txt
