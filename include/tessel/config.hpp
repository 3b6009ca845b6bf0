// tessel/config.hpp: compiler and target glue shared by every layer.
#pragma once

#include <cstdio>

// TESSEL_NAMESPACE: the namespace that holds all of tessel. It is `tessel`, except in the CuTe
// drop-in (compat/cute/*.hpp, README "Compiling CuTe programs against tessel"), which defines
// TESSEL_CUTE_COMPAT: there tessel's code is compiled into namespace `cute` itself, so that CuTe
// programs and CUTLASS's own headers that reopen `namespace cute` (to specialize a trait, add a
// function) see one namespace, and `tessel` is an alias of it. One program uses one of the two
// modes in every translation unit.
#if defined(TESSEL_CUTE_COMPAT)
#  define TESSEL_NAMESPACE cute
namespace cute {}
namespace tessel = cute;
#else
#  define TESSEL_NAMESPACE tessel
#endif

#if defined(__CUDACC__) || defined(_NVHPC_CUDA)
#  define TESSEL_HOST_DEVICE __forceinline__ __host__ __device__
#  define TESSEL_DEVICE __forceinline__ __device__
#  define TESSEL_HOST __forceinline__ __host__
#  define TESSEL_HOST_DEVICE_NOFORCE __host__ __device__
#else
#  define TESSEL_HOST_DEVICE inline
#  define TESSEL_DEVICE inline
#  define TESSEL_HOST inline
#  define TESSEL_HOST_DEVICE_NOFORCE
#endif
// TESSEL_HOST_DEVICE_NOFORCE: host and device, left to the compiler to inline (the engine's
// larger and recursive functions; they are constexpr, hence inline).

// TESSEL_INLINE_CONSTANT: a namespace-scope constant object (such as `_`)
// usable in host and device code. nvcc needs an object that device code uses
// to be a __device__ variable, and an inline __device__ variable needs
// -rdc=true, so under nvcc each translation unit gets its own (it is empty).
// TESSEL_NO_EXEC_CHECK: before a host-device template that may be
// instantiated with host-only arguments (print's ostream sink), so that nvcc
// does not warn about those host-only instantiations.
#if defined(__CUDACC__)
#  define TESSEL_INLINE_CONSTANT static constexpr __device__
#  define TESSEL_NO_EXEC_CHECK _Pragma("nv_exec_check_disable")
#else
#  define TESSEL_INLINE_CONSTANT inline constexpr
#  define TESSEL_NO_EXEC_CHECK
#endif

#if defined(__CUDA_ARCH__)
#  define TESSEL_ON_DEVICE 1
#else
#  define TESSEL_ON_DEVICE 0
#endif
// No <string>/<stdexcept> here (nor anywhere in the core path: they cost a program about 0.4 s of g++,
// docs/CUTE_DIFFERENCES.md "compile time"): tessel::error keeps its message in its own buffer.
// TESSEL_STD_UTILITY: std::exception (tessel::error's base) and what tessel takes from <utility>
// (index_sequence, tuple_size / tuple_element, move, forward, declval). Every header of tessel gets them
// here, not from <exception> and <utility>: with libstdc++ (GCC 12 and later) from the two headers that
// define them, <bits/exception.h> and <bits/utility.h>, without the rest of <exception> (exception_ptr,
// <typeinfo>, <new>) and of <utility> (std::pair and C++20's <compare>), about 75M g++ instructions (3%)
// less in every program (docs/CUTE_DIFFERENCES.md "compile time"); with another library, the standard
// headers. A program that uses std::pair or std::exception_ptr includes <utility> or <exception> itself.
#include <type_traits>
#if defined(__GLIBCXX__) && defined(__has_include)
#  if __has_include(<bits/exception.h>) && __has_include(<bits/utility.h>)
#    define TESSEL_STD_UTILITY 1
#  endif
#endif
#if defined(TESSEL_STD_UTILITY)
#  include <bits/exception.h>
#  include <bits/utility.h>
#else
#  include <exception>
#  include <utility>
#endif

// TESSEL_HOST_ONLY_WORK: true where bounded host-side searches may run: on the
// host, and in constant evaluation (so that nvcc's host and device passes
// compute the same static results).
#define TESSEL_HOST_ONLY_WORK (!TESSEL_ON_DEVICE || __builtin_is_constant_evaluated())

namespace TESSEL_NAMESPACE {

// The exception tessel throws on the host when a run-time check fails: a
// dynamic value breaks a condition that static values would have broken at
// compile time. what() names the function and the condition. It is a
// std::exception that holds its message in a buffer of its own (up to
// max_message characters; tessel's messages are far shorter), so that no
// header of the core path needs <string> or <stdexcept>. It is built from a
// C string or from any string type with c_str() (std::string).
struct error : std::exception {
  static constexpr int max_message = 1023;
  explicit error(char const* what) noexcept { append(what); }
  template <class S>
    requires requires(S const& s) { static_cast<char const*>(s.c_str()); }
  explicit error(S const& what) noexcept {
    append(what.c_str());
  }
  // The concatenation of two C strings ("tessel: " and a message).
  error(char const* first, char const* second) noexcept {
    append(first);
    append(second);
  }
  char const* what() const noexcept override { return text_; }

 private:
  void append(char const* s) noexcept {
    if (s == nullptr) return;
    unsigned long n = __builtin_strlen(s);
    if (n > static_cast<unsigned long>(max_message - len_)) n = static_cast<unsigned long>(max_message - len_);
    __builtin_memcpy(text_ + len_, s, n);
    len_ += static_cast<int>(n);
    text_[len_] = '\0';
  }
  int len_ = 0;
  char text_[max_message + 1] = {};
};

// TESSEL_DEVICE_MESSAGES: 1 where a failed check in device code prints its
// message before it traps (defined, or with TESSEL_DEVICE_CHECKS).
// By default device code only traps: the kernel stops with a launch failure,
// never a wrong value, but without the text. A call to printf in a kernel,
// even on a cold path before its first wgmma, makes ptxas serialize the
// kernel's wgmma instructions ("wgmma pipeline crossing function boundary at
// a function call", C7510): the message paths of a few entry checks did that to CuTe's wgmma_tma_sm90
// tutorial against tessel (32 WARPGROUP instructions in its SASS, CuTe's 2;
// its kernel 27 us against CuTe's 18 on the H100).
#if defined(TESSEL_DEVICE_CHECKS) || defined(TESSEL_DEVICE_MESSAGES)
#  undef TESSEL_DEVICE_MESSAGES
#  define TESSEL_DEVICE_MESSAGES 1
#else
#  define TESSEL_DEVICE_MESSAGES 0
#endif

// Report a violated condition found at run time. On the host this throws
// tessel::error; in device code it traps, after printing the message where
// TESSEL_DEVICE_MESSAGES is 1. In a constant expression the throw makes the
// evaluation fail to compile, with the message in the diagnostic.
[[noreturn]] TESSEL_HOST_DEVICE constexpr void fail(char const* message) {
#if TESSEL_ON_DEVICE
#if TESSEL_DEVICE_MESSAGES
  printf("tessel: %s\n", message);
#else
  (void)message;
#endif
  __trap();
#else
  // (The test keeps GCC from rejecting a constexpr function that always throws.)
  if (message != nullptr) throw error("tessel: ", message);
  __builtin_unreachable();
#endif
}

}  // namespace tessel

// TESSEL_CHECK(cond, message): a run-time precondition on dynamic values.
// Define TESSEL_NO_CHECKS to compile these out (CuTe's unchecked behaviour).
#if defined(TESSEL_NO_CHECKS)
#  define TESSEL_CHECK(cond, message) ((void)0)
#else
#  define TESSEL_CHECK(cond, message) ((cond) ? (void)0 : ::tessel::fail(message))
#endif

// TESSEL_ALIGNMENT_CHECKS: 1 where vector accesses (copy's vectorised loop, a
// copy atom's registers) test their pointers' alignment at run time. Host code
// tests (a misaligned access there is undefined behaviour; copy then takes its
// scalar loop, a copy atom raises its named error). Device code assumes the
// alignment, as CuTe does, and costs nothing: a misaligned vector access there
// is a hardware fault (cudaErrorMisalignedAddress), never a wrong value. With
// TESSEL_DEVICE_CHECKS device code tests as the host does.
#if defined(TESSEL_NO_CHECKS) || (TESSEL_ON_DEVICE && !defined(TESSEL_DEVICE_CHECKS))
#  define TESSEL_ALIGNMENT_CHECKS 0
#else
#  define TESSEL_ALIGNMENT_CHECKS 1
#endif

// TESSEL_STATIC_ASSERT_V(x, ...): assert at compile time that the static
// boolean x (a C<true> or C<false> value) is true.
#define TESSEL_STATIC_ASSERT_V(x, ...) static_assert(decltype(x)::value, ##__VA_ARGS__)

// TESSEL_UNROLL / TESSEL_NO_UNROLL: loop unrolling hints for device code.
#if defined(__CUDA_ARCH__)
#  define TESSEL_UNROLL _Pragma("unroll")
#  define TESSEL_NO_UNROLL _Pragma("unroll 1")
#else
#  define TESSEL_UNROLL
#  define TESSEL_NO_UNROLL
#endif

#include "cute_macros.hpp"
