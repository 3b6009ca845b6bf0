#!/bin/bash
# Session 19, final call F2 (H100): fa.sh (attention: builds, sweep, sanitizers, timings, pair, PyTorch entry) on a quiet GPU, then fb2.sh.
bash .s19/fa.sh
bash .s19/fb2.sh
