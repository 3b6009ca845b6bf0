// tessel/numeric/subbyte.hpp: integers narrower than a byte, integer_subbyte<
// Bits, Signed> (int4_t, uint2_t, uint6b_t, ... as CuTe names them), and
// sizeof_bits_v, the width in bits of a type (Bits for these, 1 for bool).
// A value converts to and from int; a value out of range keeps its low Bits
// bits (sign-extended when signed).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <type_traits>

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

template <int Bits, bool Signed>
struct integer_subbyte {
  static_assert(0 < Bits && Bits < 8, "tessel::integer_subbyte: 1 to 7 bits");
  using storage_type = std::uint8_t;
  static constexpr storage_type mask = storage_type((1u << Bits) - 1u);
  static constexpr int num_bits = Bits;
  static constexpr bool is_signed = Signed;

  storage_type storage = 0;  // the low Bits bits

  constexpr integer_subbyte() = default;
  // The low Bits bits of v.
  TESSEL_HOST_DEVICE constexpr explicit integer_subbyte(int v) : storage(storage_type(unsigned(v) & mask)) {}
  TESSEL_HOST_DEVICE constexpr explicit integer_subbyte(unsigned v) : storage(storage_type(v & mask)) {}
  // From raw bits (no conversion).
  TESSEL_HOST_DEVICE static constexpr integer_subbyte from_bits(unsigned bits) {
    integer_subbyte r;
    r.storage = storage_type(bits & mask);
    return r;
  }
  // The value, sign-extended when signed.
  TESSEL_HOST_DEVICE constexpr operator int() const {
    if constexpr (Signed) {
      return (storage & (1u << (Bits - 1))) ? int(storage) - (1 << Bits) : int(storage);
    } else {
      return int(storage);
    }
  }
  TESSEL_HOST_DEVICE friend constexpr bool operator==(integer_subbyte a, integer_subbyte b) { return a.storage == b.storage; }
  TESSEL_HOST_DEVICE friend constexpr bool operator!=(integer_subbyte a, integer_subbyte b) { return a.storage != b.storage; }
  TESSEL_HOST_DEVICE friend constexpr bool operator<(integer_subbyte a, integer_subbyte b) { return int(a) < int(b); }
  // (A template on the stream, so that <iosfwd> is enough here: layout/print.hpp.)
  template <class Ch, class Tr>
  friend std::basic_ostream<Ch, Tr>& operator<<(std::basic_ostream<Ch, Tr>& os, integer_subbyte v) {
    return os << int(v);
  }
};

using int1b_t = integer_subbyte<1, true>;
using uint1b_t = integer_subbyte<1, false>;
using int2b_t = integer_subbyte<2, true>;
using uint2b_t = integer_subbyte<2, false>;
using int4b_t = integer_subbyte<4, true>;
using uint4b_t = integer_subbyte<4, false>;
using int6b_t = integer_subbyte<6, true>;
using uint6b_t = integer_subbyte<6, false>;
// CuTe's short names.
using int2_t = int2b_t;
using uint2_t = uint2b_t;
using int4_t = int4b_t;
using uint4_t = uint4b_t;
using uint1_t = uint1b_t;
using int6_t = int6b_t;
using uint6_t = uint6b_t;

template <class T> struct is_subbyte_int : std::false_type {};
template <int B, bool S> struct is_subbyte_int<integer_subbyte<B, S>> : std::true_type {};

// Width of T in bits: Bits for a subbyte integer, 1 for bool, else 8 sizeof(T).
// Other types give their width by specializing sizeof_bits (as CuTe's).
template <class T> struct sizeof_bits : std::integral_constant<int, int(sizeof(T)) * 8> {};
template <class T> struct sizeof_bits<T const> : sizeof_bits<T> {};
template <class T> struct sizeof_bits<T volatile> : sizeof_bits<T> {};
template <class T> struct sizeof_bits<T const volatile> : sizeof_bits<T> {};
template <int B, bool S> struct sizeof_bits<integer_subbyte<B, S>> : std::integral_constant<int, B> {};
template <> struct sizeof_bits<bool> : std::integral_constant<int, 1> {};
template <> struct sizeof_bits<void> : std::integral_constant<int, 8> {};
// Declared `auto`, as CuTe's: nvcc 13 refuses a variable template declared `int`
// as a dependent explicit template argument of an unsigned parameter
// (f<N, sizeof_bits_v<T>>() in a template: "substituting explicit template
// arguments ... failed"), which CuTe's cooperative_gemm tests do.
template <class T> inline constexpr auto sizeof_bits_v = sizeof_bits<T>::value;

}  // namespace tessel
