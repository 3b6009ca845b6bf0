// tessel/atom/pretty_print.hpp: CuTe's pretty_print(x) (<cute/util/print.hpp>,
// <cute/numeric/numeric_types.hpp>): one value printed with printf in a fixed
// width, as CuTe's print_tensor prints elements:
//
//   bool, uint1b_t      %3d          int (int32_t)     %5d
//   2-, 4-, 6-bit ints  %5d          unsigned (uint32_t) %5d (as an int, as CuTe's)
//   int64_t             %5lld        uint64_t          %5llu
//   float               %10.2e       double            %11.3e
//   half_t, bfloat16_t  %8.2f        tfloat32_t        %10.2e
//   CUTLASS's 8/6/4-bit floats (with CUTLASS on the path): %8.2f
//   anything else: two spaces, then print(x) (an int8_t, a short, a long long, ...).
//
// print_tensor prints elements in these formats (tensor/tensor.hpp's detail::element_printer, which
// this header specialises for the types above that are not the standard's).
#pragma once

#include <cstdint>
#include <cstdio>
#include <type_traits>

#include "../config.hpp"
#include "../layout/print.hpp"
#include "../tensor/tensor.hpp"  // detail::element_printer
#include "../numeric/cutlass_types.hpp"
#include "../numeric/subbyte.hpp"
#include "numeric.hpp"

namespace TESSEL_NAMESPACE {

TESSEL_HOST_DEVICE void pretty_print(uint1b_t a) { printf("%*d", 3, int(a)); }
TESSEL_HOST_DEVICE void pretty_print(int2b_t a) { printf("%*d", 5, int(a)); }
TESSEL_HOST_DEVICE void pretty_print(uint2b_t a) { printf("%*d", 5, int(a)); }
TESSEL_HOST_DEVICE void pretty_print(int4b_t a) { printf("%*d", 5, int(a)); }
TESSEL_HOST_DEVICE void pretty_print(uint4b_t a) { printf("%*d", 5, int(a)); }
TESSEL_HOST_DEVICE void pretty_print(int6b_t a) { printf("%*d", 5, int(a)); }
TESSEL_HOST_DEVICE void pretty_print(uint6b_t a) { printf("%*d", 5, int(a)); }
TESSEL_HOST_DEVICE void pretty_print(bool v) { printf("%*d", 3, int(v)); }
TESSEL_HOST_DEVICE void pretty_print(std::int32_t v) { printf("%*d", 5, v); }
TESSEL_HOST_DEVICE void pretty_print(std::uint32_t v) { printf("%*d", 5, int(v)); }
TESSEL_HOST_DEVICE void pretty_print(std::int64_t v) { printf("%*lld", 5, static_cast<long long>(v)); }
TESSEL_HOST_DEVICE void pretty_print(std::uint64_t v) { printf("%*llu", 5, static_cast<unsigned long long>(v)); }
TESSEL_HOST_DEVICE void pretty_print(float v) { printf("%*.2e", 10, v); }
TESSEL_HOST_DEVICE void pretty_print(double v) { printf("%*.3e", 11, v); }
TESSEL_HOST_DEVICE void pretty_print(half_t v) { printf("%*.2f", 8, float(v)); }
TESSEL_HOST_DEVICE void pretty_print(bfloat16_t v) { printf("%*.2f", 8, float(v)); }
TESSEL_HOST_DEVICE void pretty_print(tfloat32_t v) { printf("%*.2e", 10, static_cast<float>(v)); }
#if defined(TESSEL_HAS_CUTLASS_TYPES)
TESSEL_HOST_DEVICE void pretty_print(float_e4m3_t v) { printf("%*.2f", 8, static_cast<float>(v)); }
TESSEL_HOST_DEVICE void pretty_print(float_e5m2_t v) { printf("%*.2f", 8, static_cast<float>(v)); }
namespace detail {
template <cutlass::detail::FpEncoding E, class D>
TESSEL_HOST_DEVICE constexpr bool is_exmy_float(cutlass::float_exmy_base<E, D> const*) { return true; }
TESSEL_HOST_DEVICE constexpr bool is_exmy_float(void const*) { return false; }
}  // namespace detail
#endif

template <class T>
TESSEL_HOST_DEVICE void pretty_print(T t) {
#if defined(TESSEL_HAS_CUTLASS_TYPES)
  if constexpr (detail::is_exmy_float(static_cast<T const*>(nullptr))) {
    printf("%*.2f", 8, static_cast<float>(t));
  } else
#endif
  if constexpr (std::is_same_v<T, char>) {
    printf("  %c", t);  // (CuTe's print of a char; tessel's print writes its code)
  } else {
    printf("  ");
    print(t);
  }
}

// print_tensor (tensor/tensor.hpp) prints these types' elements through pretty_print.
namespace detail {
template <class V> inline constexpr bool has_pretty_print_overload =
    std::is_same_v<V, uint1b_t> || std::is_same_v<V, int2b_t> || std::is_same_v<V, uint2b_t> ||
    std::is_same_v<V, int4b_t> || std::is_same_v<V, uint4b_t> || std::is_same_v<V, int6b_t> ||
    std::is_same_v<V, uint6b_t> || std::is_same_v<V, half_t> || std::is_same_v<V, bfloat16_t> ||
    std::is_same_v<V, tfloat32_t>
#if defined(TESSEL_HAS_CUTLASS_TYPES)
    || std::is_same_v<V, float_e4m3_t> || std::is_same_v<V, float_e5m2_t> || is_exmy_float(static_cast<V const*>(nullptr))
#endif
    ;
template <class V>
struct element_printer<V, std::enable_if_t<has_pretty_print_overload<V>>> {
  TESSEL_HOST_DEVICE static void put(V const& v) { pretty_print(v); }
};
}  // namespace detail

}  // namespace TESSEL_NAMESPACE
