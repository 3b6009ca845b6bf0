#!/bin/bash
# Session 20, final H100 call: fb1.sh (checks, sanitizers, NO_CHECKS tests), fa.sh (attention), fb2.sh (pytest, GEMM and FP8 rounds)
bash .s21/fb1.sh
bash .s21/fa.sh
bash .s21/fb2.sh
