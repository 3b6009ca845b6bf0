// What the C entry points of tessel.cuda (python/tessel/cuda.py) share:
// _attention_capi.cu, _gemm_capi.cu (the grouped GEMM) and _gemm_dense_capi.cu
// (the dense GEMM). Each is built with nvcc into a shared library called
// through ctypes (no PyTorch headers), one element type per build, named by a
// -D flag as one of the tags below; each entry point returns 0, or 1 with the
// error's text in (err, errlen).
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <exception>

#include <tessel/atom/float8.hpp>
#include <tessel/atom/numeric.hpp>

namespace tessel_capi {

// The element types of the -D flags (-DTESSEL_ATTN_T=bf16, -DTESSEL_GEMM_T=e4m3, ...).
struct bf16 {
  using type = tessel::bfloat16_t;
};
struct fp16 {
  using type = tessel::half_t;
};
struct e4m3 {
  using type = tessel::float_e4m3_t;
};
struct fp32 {
  using type = float;
};

// The error's text into err (errlen bytes, when there are any): returns 1.
inline int report(char* err, int errlen, char const* what) {
  if (err && errlen > 0) std::snprintf(err, std::size_t(errlen), "%s", what);
  return 1;
}

// Runs launch() (a cudaError_t) and reports: 0, or 1 with the error's text in err: a named
// tessel error (what tessel threw), or "who: " and CUDA's text.
template <class F>
int reported(char const* who, F const& launch, char* err, int errlen) {
  try {
    cudaError_t const e = launch();
    if (e == cudaSuccess) return 0;
    if (err && errlen > 0) std::snprintf(err, std::size_t(errlen), "%s: %s", who, cudaGetErrorString(e));
    return 1;
  } catch (std::exception const& ex) {
    return report(err, errlen, ex.what());
  }
}

}  // namespace tessel_capi
