// tessel/container/bit_field.hpp: bit_field<Start, Bits, T>: a Bits-wide
// unsigned value stored at bit Start of a little block of bytes (bits counted
// from bit 0 of byte 0), read by conversion and written by assignment. With
// T (of the value's size), the bits are read and written as a T.
#pragma once

#include <cstdint>
#include <type_traits>

#include "../config.hpp"
#include "../numeric/subbyte.hpp"
#include "../numeric/uint128.hpp"

namespace TESSEL_NAMESPACE {

// uint_bit<Bits>::type: the unsigned integer of exactly Bits bits (1, 2, 4, 6:
// the subbyte integers; 8 to 64: the standard ones; 128: uint128_t), and
// int_bit<Bits>::type the signed one (2, 4: subbyte; 8 to 64), as CuTe's
// <cute/numeric/int.hpp>; uint_byte<Bytes> and int_byte<Bytes> by bytes, and
// the _t aliases. Other widths are a named error.
template <int Bits> struct uint_bit {
  static_assert(Bits == 1 || Bits == 2 || Bits == 4 || Bits == 6 || Bits == 8 || Bits == 16 || Bits == 32 ||
                    Bits == 64 || Bits == 128,
                "tessel::uint_bit: Bits is 1, 2, 4, 6, 8, 16, 32, 64 or 128");
};
template <> struct uint_bit<1> { using type = uint1_t; };
template <> struct uint_bit<2> { using type = uint2_t; };
template <> struct uint_bit<4> { using type = uint4_t; };
template <> struct uint_bit<6> { using type = uint6_t; };
template <> struct uint_bit<8> { using type = std::uint8_t; };
template <> struct uint_bit<16> { using type = std::uint16_t; };
template <> struct uint_bit<32> { using type = std::uint32_t; };
template <> struct uint_bit<64> { using type = std::uint64_t; };
template <> struct uint_bit<128> { using type = uint128_t; };

template <int Bits> struct int_bit {
  static_assert(Bits == 2 || Bits == 4 || Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64,
                "tessel::int_bit: Bits is 2, 4, 8, 16, 32 or 64");
};
template <> struct int_bit<2> { using type = int2_t; };
template <> struct int_bit<4> { using type = int4_t; };
template <> struct int_bit<8> { using type = std::int8_t; };
template <> struct int_bit<16> { using type = std::int16_t; };
template <> struct int_bit<32> { using type = std::int32_t; };
template <> struct int_bit<64> { using type = std::int64_t; };

template <int Bits> using uint_bit_t = typename uint_bit<Bits>::type;
template <int Bytes> using uint_byte = uint_bit<8 * Bytes>;
template <int Bytes> using uint_byte_t = typename uint_byte<Bytes>::type;
template <int Bits> using int_bit_t = typename int_bit<Bits>::type;
template <int Bytes> using int_byte = int_bit<8 * Bytes>;
template <int Bytes> using int_byte_t = typename int_byte<Bytes>::type;

namespace detail {
struct no_other_type {};
}  // namespace detail

template <std::uint32_t Start, std::uint32_t Bits, class Other = detail::no_other_type>
struct bit_field {
  static_assert(0 < Bits && Bits <= 64, "tessel::bit_field: 1 to 64 bits");
  // The value is held in the smallest of 8, 16, 32, 64 bits that fits it.
  static constexpr std::uint32_t value_type_bits = Bits <= 8 ? 8 : Bits <= 16 ? 16 : Bits <= 32 ? 32 : 64;
  using value_type = uint_bit_t<int(value_type_bits)>;
  static_assert(std::is_same_v<Other, detail::no_other_type> || sizeof(Other) == sizeof(value_type),
                "tessel::bit_field: the other type must have the value's size");
  static constexpr std::uint32_t num_bytes = (Start + Bits + 7) / 8;
  static constexpr value_type mask = value_type(~std::uint64_t(0) >> (64 - Bits));

  std::uint8_t data_[num_bytes];

  // The stored value.
  TESSEL_HOST_DEVICE constexpr value_type get() const {
    std::uint64_t v = 0;
    for (std::uint32_t i = 0; i < Bits; ++i) {
      std::uint32_t b = Start + i;
      v |= std::uint64_t((data_[b / 8] >> (b % 8)) & 1u) << i;
    }
    return value_type(v);
  }
  // Store the low Bits bits of x, leaving the other bits of the block alone.
  TESSEL_HOST_DEVICE constexpr void set(value_type x) {
    for (std::uint32_t i = 0; i < Bits; ++i) {
      std::uint32_t b = Start + i;
      std::uint8_t bit = std::uint8_t(1u << (b % 8));
      if ((std::uint64_t(x) >> i) & 1u) data_[b / 8] = std::uint8_t(data_[b / 8] | bit);
      else data_[b / 8] = std::uint8_t(data_[b / 8] & ~bit);
    }
  }
  TESSEL_HOST_DEVICE constexpr bit_field& operator=(value_type x) { set(x); return *this; }
  TESSEL_HOST_DEVICE constexpr operator value_type() const { return get(); }

  // Store / read the bits of an Other (such as a float).
  template <class O> requires(std::is_same_v<O, Other> && !std::is_same_v<O, detail::no_other_type>)
  TESSEL_HOST_DEVICE constexpr bit_field& operator=(O const& x) {
    set(__builtin_bit_cast(value_type, x));
    return *this;
  }
  template <class O> requires(std::is_same_v<O, Other> && !std::is_same_v<O, detail::no_other_type>)
  TESSEL_HOST_DEVICE constexpr operator O() const { return __builtin_bit_cast(O, get()); }
};

}  // namespace tessel
