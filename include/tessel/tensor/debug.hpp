// tessel/tensor/debug.hpp: CuTe's device-side debugging predicates, for
// `if (thread0()) print(...);`.
//
//   block(b)      this thread's block has the linear index b (x fastest);
//   thread(t, b)  this thread has the linear index t (x fastest) in block b;
//   thread(t)     thread(t, 0); thread0() thread(0, 0); block0() block(0).
//
// In host code each of them is true (CuTe's convention: host code is one
// thread of one block).
#pragma once

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

TESSEL_HOST_DEVICE bool block([[maybe_unused]] int bid) {
#if defined(__CUDA_ARCH__)
  unsigned linear = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  return linear == static_cast<unsigned>(bid);
#else
  return true;
#endif
}

TESSEL_HOST_DEVICE bool thread([[maybe_unused]] int tid, [[maybe_unused]] int bid) {
#if defined(__CUDA_ARCH__)
  unsigned linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  return linear == static_cast<unsigned>(tid) && block(bid);
#else
  return true;
#endif
}

TESSEL_HOST_DEVICE bool thread(int tid) { return thread(tid, 0); }
TESSEL_HOST_DEVICE bool thread0() { return thread(0, 0); }
TESSEL_HOST_DEVICE bool block0() { return block(0); }

// print_type<T...>() and print_type(t...): a compile error whose diagnostic
// names the types T... (CuTe's way to see a type: call it, read the error).
namespace detail {
template <class... T>
struct print_type_of {
  static_assert(sizeof...(T) < 0, "tessel::print_type: printing the types T...");
};
}  // namespace detail
template <class... T>
TESSEL_HOST_DEVICE void print_type() {
  (void)sizeof(detail::print_type_of<T...>);
}
template <class... T>
TESSEL_HOST_DEVICE void print_type(T&&...) {
  (void)sizeof(detail::print_type_of<T...>);
}

}  // namespace TESSEL_NAMESPACE
