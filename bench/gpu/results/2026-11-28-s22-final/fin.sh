#!/bin/bash
# Session 20, final H100 call: fb1.sh (checks, sanitizers, NO_CHECKS tests), fa.sh (attention), fb2.sh (pytest, GEMM and FP8 rounds)
bash .s22/fb1.sh
bash .s22/fa.sh
bash .s22/fb2.sh
