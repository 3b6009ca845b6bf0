#!/bin/bash
# Session 18, final call (H100): fb.sh's builds start at once; fa.sh (attention) has the GPU first, then fb.sh's checks, pytest, tutorials and device tests.
rm -f /tmp/gpu.free
bash .s18/fb.sh > /tmp/fb_stdout.txt 2>&1 &
pb=$!
bash .s18/fa.sh
touch /tmp/gpu.free
wait $pb
cat /tmp/fb_stdout.txt
