// tessel/cute_macros.hpp: the macros that code written against CuTe uses,
// under CuTe's names, so that such code compiles with only the namespace
// swapped. Each is defined only where CuTe (or the user) has not already
// defined it. Included by config.hpp; define TESSEL_NO_CUTE_MACROS to skip.
#pragma once

#if !defined(TESSEL_NO_CUTE_MACROS)

#include <cstdio>
// <cstdlib> for the CUDA error checks' std::exit (below), only where the CUDA runtime that they need can be
// included (nvcc, or CUDA's headers on the include path): a host program without CUDA is spared its parse
// (about 24M g++ instructions, 1% of the CuTe drop-in's layout program).
#if defined(__CUDACC__) || defined(_NVHPC_CUDA) || (defined(__has_include) && __has_include(<cuda_runtime_api.h>))
#  include <cstdlib>
#endif

#ifndef CUTE_HOST_DEVICE
#  define CUTE_HOST_DEVICE TESSEL_HOST_DEVICE
#endif
#ifndef CUTE_HOST
#  define CUTE_HOST TESSEL_HOST
#endif
#ifndef CUTE_DEVICE
#  define CUTE_DEVICE TESSEL_DEVICE
#endif
#ifndef CUTE_HOST_RTC
#  define CUTE_HOST_RTC TESSEL_HOST
#endif
#ifndef CUTE_UNROLL
#  define CUTE_UNROLL TESSEL_UNROLL
#endif
#ifndef CUTE_NO_UNROLL
#  define CUTE_NO_UNROLL TESSEL_NO_UNROLL
#endif
#ifndef CUTE_INLINE_CONSTANT
#  define CUTE_INLINE_CONSTANT TESSEL_INLINE_CONSTANT
#endif
// __grid_constant__ (CUDA 11.7 and later, device code for sm_70 and later), as CuTe's: a kernel
// parameter the kernel takes the address of (a TMA copy's tensor map) stays in parameter space;
// without it the compiler copies it to local memory, where the TMA cannot read a tensor map.
#ifndef CUTE_GRID_CONSTANT
#  if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 700) && \
      ((__CUDACC_VER_MAJOR__ >= 12) || ((__CUDACC_VER_MAJOR__ == 11) && (__CUDACC_VER_MINOR__ >= 7)))
#    define CUTE_GRID_CONSTANT __grid_constant__
#  else
#    define CUTE_GRID_CONSTANT
#  endif
#endif
#ifndef CUTE_GCC_UNREACHABLE
#  define CUTE_GCC_UNREACHABLE __builtin_unreachable()
#endif
// The namespace the standard library's names come from (tessel uses std::).
#ifndef CUTE_STL_NAMESPACE
#  define CUTE_STL_NAMESPACE std
#endif
#ifndef CUTE_STATIC_V
#  define CUTE_STATIC_V(x) decltype(x)::value
#endif
#ifndef CUTE_STATIC_ASSERT
#  define CUTE_STATIC_ASSERT static_assert
#endif
#ifndef CUTE_STATIC_ASSERT_V
#  define CUTE_STATIC_ASSERT_V(x, ...) TESSEL_STATIC_ASSERT_V(x, ##__VA_ARGS__)
#endif
// An unreachable branch: stops the program with the message x.
#ifndef CUTE_INVALID_CONTROL_PATH
#  define CUTE_INVALID_CONTROL_PATH(x) ::tessel::fail(x)
#endif

// CUDA error checks (host code; they need the CUDA runtime where they are used):
// CUTE_ERROR_EXIT(e) evaluates e, a cudaError_t, and when it is not cudaSuccess
// prints where, the expression and the error's name and text to stderr and exits
// with status 1. CUTE_CHECK_ERROR(e) is that; CUTE_CHECK_LAST() checks the last
// launch (cudaPeekAtLastError), then the device's completion (cudaDeviceSynchronize).
#ifndef CUTE_ERROR_EXIT
#  define CUTE_ERROR_EXIT(e)                                                                             \
    do {                                                                                                 \
      cudaError_t const tessel_cuda_status_ = (e);                                                       \
      if (tessel_cuda_status_ != cudaSuccess) {                                                          \
        std::fprintf(stderr, "<%s:%d> %s:\n    %s: %s\n", __FILE__, __LINE__, #e,                        \
                     cudaGetErrorName(tessel_cuda_status_), cudaGetErrorString(tessel_cuda_status_));    \
        std::fflush(stderr);                                                                             \
        std::exit(1);                                                                                    \
      }                                                                                                  \
    } while (0)
#endif
#ifndef CUTE_CHECK_ERROR
#  define CUTE_CHECK_ERROR(e) CUTE_ERROR_EXIT(e)
#endif
#ifndef CUTE_CHECK_LAST
#  define CUTE_CHECK_LAST()                \
    CUTE_ERROR_EXIT(cudaPeekAtLastError()); \
    CUTE_ERROR_EXIT(cudaDeviceSynchronize())
#endif

#endif  // TESSEL_NO_CUTE_MACROS
