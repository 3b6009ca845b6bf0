#!/bin/bash
# Session 16, final call (H100): b.sh's builds start at once (CuTe's niced); a.sh (attention) has the GPU first,
# then b.sh's checks, sanitizers, TESSEL_NO_CHECKS device tests, timings, pytest, CuTe's tutorials both ways
# (result hashes) and device tests. Archives a.tgz, b.tgz under $OUT.
rm -f /tmp/a.done
bash .final16/b.sh > /tmp/b_stdout.txt 2>&1 &
pb=$!
bash .final16/a.sh
touch /tmp/a.done
wait $pb
cat /tmp/b_stdout.txt
