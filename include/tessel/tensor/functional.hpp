// tessel/tensor/functional.hpp: CuTe's function objects used as element
// transforms (e.g. the load/store transforms of cooperative_gemm):
//   identity   returns its argument itself (forwarded, not copied);
//   negate     returns -x.
#pragma once

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

struct identity {
  template <class T>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) const { return static_cast<T&&>(x); }
};

struct negate {
  template <class T>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) const { return -static_cast<T&&>(x); }
};

}  // namespace TESSEL_NAMESPACE
