// tests/cute_compat/shim/cutlass_unit_test.h: what CuTe's host-side core unit tests take from CUTLASS's
// test/unit/common/cutlass_unit_test.h, without its CUDA runtime dependencies: GoogleTest, and
// CUTLASS_TRACE_HOST from the checkout's <cutlass/trace.h> (off unless CUTLASS_DEBUG_TRACE_LEVEL is set,
// as in CUTLASS's default build). Used by tests/cute_compat/harness.py for the core suite, against tessel
// and against CuTe alike.
#pragma once
#include <gtest/gtest.h>
#include <cutlass/trace.h>
