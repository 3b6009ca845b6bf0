#!/bin/bash
# Session 23, final call F1 (H100): fb1.sh (checks, sanitizers, NO_CHECKS tests), fa.sh (attention: variants, sweep, sanitizers, tables: in order, 1 s pause per case, 200 runs; pair; PyTorch sweep)
bash .s23/fb1.sh
bash .s23/fa.sh
