// tessel/numeric/cutlass_types.hpp: in the CuTe drop-in (TESSEL_CUTE_COMPAT), the
// number types CuTe takes from CUTLASS are CUTLASS's own, as in CuTe: when
// <cutlass/numeric_types.h> is on the include path (with the CUDA headers it
// needs), float_e4m3_t, float_e5m2_t, float_ue4m3_t, float_ue8m0_t, float_e2m1_t,
// float_e2m3_t, float_e3m2_t, type_erased_dynamic_float8/6/4_t and the
// detail::*_unpacksmem_t / *_unpack8bits_t types are CUTLASS's types under these
// names, so CUTLASS's headers and a CuTe program see one type per name. Their
// widths (sizeof_bits_v) are CUTLASS's (4 bits for float_e2m1_t, 6 for
// float_e2m3_t, ...). Without CUTLASS (or outside the drop-in) none of these
// names exists here; tessel's own float_e4m3_t and float_e5m2_t (atom/float8.hpp,
// the FP8 wgmma's types) take their place then, and it has no 6- or 4-bit ones.
// Define TESSEL_NO_CUTLASS_TYPES to leave them out.
//
// Only the drop-in's headers (compat/cute/) include this one, after the tessel
// headers that <cutlass/numeric_types.h> reaches back into through
// <cute/util/type_traits.hpp>.
#pragma once

#include "../config.hpp"
#include "subbyte.hpp"

#if defined(TESSEL_CUTE_COMPAT) && !defined(TESSEL_NO_CUTLASS_TYPES) && __has_include(<cutlass/numeric_types.h>) && \
    __has_include(<cuda_runtime_api.h>)
#  include <cutlass/numeric_types.h>
#  define TESSEL_HAS_CUTLASS_TYPES 1

namespace TESSEL_NAMESPACE {

using cutlass::float_e2m1_t;
using cutlass::float_e2m3_t;
using cutlass::float_e3m2_t;
using cutlass::float_e4m3_t;
using cutlass::float_e5m2_t;
using cutlass::float_ue4m3_t;
using cutlass::float_ue8m0_t;
using cutlass::type_erased_dynamic_float4_t;
using cutlass::type_erased_dynamic_float6_t;
using cutlass::type_erased_dynamic_float8_t;

namespace detail {
using cutlass::detail::float_e2m1_unpacksmem_t;
using cutlass::detail::float_e2m3_unpack8bits_t;
using cutlass::detail::float_e2m3_unpacksmem_t;
using cutlass::detail::float_e3m2_unpack8bits_t;
using cutlass::detail::float_e3m2_unpacksmem_t;
using cutlass::detail::type_erased_dynamic_float4_unpacksmem_t;
using cutlass::detail::type_erased_dynamic_float6_unpacksmem_t;
}  // namespace detail

// Their widths in bits, as CUTLASS gives them.
#  define TESSEL_CUTLASS_WIDTH(T) \
    template <>                   \
    struct sizeof_bits<T> : std::integral_constant<int, int(cutlass::sizeof_bits<T>::value)> {};
TESSEL_CUTLASS_WIDTH(float_e2m1_t)
TESSEL_CUTLASS_WIDTH(float_e2m3_t)
TESSEL_CUTLASS_WIDTH(float_e3m2_t)
TESSEL_CUTLASS_WIDTH(float_e4m3_t)
TESSEL_CUTLASS_WIDTH(float_e5m2_t)
TESSEL_CUTLASS_WIDTH(float_ue4m3_t)
TESSEL_CUTLASS_WIDTH(float_ue8m0_t)
TESSEL_CUTLASS_WIDTH(type_erased_dynamic_float4_t)
TESSEL_CUTLASS_WIDTH(type_erased_dynamic_float6_t)
TESSEL_CUTLASS_WIDTH(type_erased_dynamic_float8_t)
TESSEL_CUTLASS_WIDTH(detail::float_e2m1_unpacksmem_t)
TESSEL_CUTLASS_WIDTH(detail::float_e2m3_unpack8bits_t)
TESSEL_CUTLASS_WIDTH(detail::float_e2m3_unpacksmem_t)
TESSEL_CUTLASS_WIDTH(detail::float_e3m2_unpack8bits_t)
TESSEL_CUTLASS_WIDTH(detail::float_e3m2_unpacksmem_t)
TESSEL_CUTLASS_WIDTH(detail::type_erased_dynamic_float4_unpacksmem_t)
TESSEL_CUTLASS_WIDTH(detail::type_erased_dynamic_float6_unpacksmem_t)
#  undef TESSEL_CUTLASS_WIDTH

}  // namespace TESSEL_NAMESPACE
#endif
