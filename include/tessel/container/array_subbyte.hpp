// tessel/container/array_subbyte.hpp: array_subbyte<T, N>, N values of T
// packed at sizeof_bits_v<T> bits each (int4_t, uint2_t, uint6b_t, bool, ...)
// in ceil(N * bits / 8) bytes, element i at bits [i*bits, (i+1)*bits) counted
// from bit 0 of byte 0. Elements are reached through a proxy reference and a
// bit-addressed iterator, which tensors take like a pointer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../numeric/subbyte.hpp"
#include "../container/bit_field.hpp"  // uint_bit_t
#include "../tensor/tensor.hpp"

namespace TESSEL_NAMESPACE {


// A reference to the element of T at bit `bit` of the bytes at `base`.
template <class T>
struct subbyte_reference {
  using value_type = std::remove_const_t<T>;
  using byte_type = std::conditional_t<std::is_const_v<T>, std::uint8_t const, std::uint8_t>;
  static constexpr int bits = sizeof_bits_v<value_type>;
  byte_type* base_;
  std::ptrdiff_t bit_;

  // The element's value.
  TESSEL_HOST_DEVICE constexpr value_type get() const {
    std::uint64_t v = 0;
    for (int i = 0; i < bits; ++i) {
      std::ptrdiff_t b = bit_ + i;
      v |= std::uint64_t((base_[b / 8] >> (b % 8)) & 1u) << i;
    }
    if constexpr (is_subbyte_int<value_type>::value) return value_type::from_bits(unsigned(v));
    else if constexpr (std::is_same_v<value_type, bool>) return v != 0;
    else return __builtin_bit_cast(value_type, static_cast<uint_bit_t<bits>>(v));
  }
  TESSEL_HOST_DEVICE constexpr operator value_type() const { return get(); }

  // Store x in the element's bits, leaving the others alone.
  TESSEL_HOST_DEVICE constexpr subbyte_reference const& operator=(value_type const& x) const requires(!std::is_const_v<T>) {
    std::uint64_t v;
    if constexpr (is_subbyte_int<value_type>::value) v = x.storage;
    else if constexpr (std::is_same_v<value_type, bool>) v = x ? 1u : 0u;
    else v = std::uint64_t(__builtin_bit_cast(uint_bit_t<bits>, x));
    for (int i = 0; i < bits; ++i) {
      std::ptrdiff_t b = bit_ + i;
      std::uint8_t m = std::uint8_t(1u << (b % 8));
      base_[b / 8] = std::uint8_t(((v >> i) & 1u) ? (base_[b / 8] | m) : (base_[b / 8] & ~m));
    }
    return *this;
  }
  // Assigning from another reference copies the value, not the reference.
  TESSEL_HOST_DEVICE constexpr subbyte_reference const& operator=(subbyte_reference const& o) const requires(!std::is_const_v<T>) {
    return *this = o.get();
  }
  template <class U>
  TESSEL_HOST_DEVICE constexpr subbyte_reference const& operator=(subbyte_reference<U> const& o) const requires(!std::is_const_v<T>) {
    return *this = o.get();
  }
};

// An iterator over packed elements of T: a byte address and a bit offset.
template <class T>
struct subbyte_iterator {
  using value_type = std::remove_const_t<T>;
  using reference = subbyte_reference<T>;
  using byte_type = typename reference::byte_type;
  static constexpr int bits = sizeof_bits_v<value_type>;
  byte_type* base_ = nullptr;
  std::ptrdiff_t bit_ = 0;

  TESSEL_HOST_DEVICE constexpr reference operator*() const { return {base_, bit_}; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr reference operator[](I const& i) const { return {base_, bit_ + std::ptrdiff_t(i) * bits}; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr subbyte_iterator operator+(I const& i) const { return {base_, bit_ + std::ptrdiff_t(i) * bits}; }
  TESSEL_HOST_DEVICE constexpr subbyte_iterator& operator++() { bit_ += bits; return *this; }
  TESSEL_HOST_DEVICE constexpr friend bool operator==(subbyte_iterator a, subbyte_iterator b) {
    return a.base_ + a.bit_ / 8 == b.base_ + b.bit_ / 8 && a.bit_ % 8 == b.bit_ % 8;
  }
  TESSEL_HOST_DEVICE constexpr friend bool operator!=(subbyte_iterator a, subbyte_iterator b) { return !(a == b); }
};
template <class T>
inline constexpr bool is_iterator_v<subbyte_iterator<T>> = true;

template <class T, std::size_t N>
struct array_subbyte {
  using value_type = T;
  using size_type = std::size_t;
  using reference = subbyte_reference<T>;
  using const_reference = subbyte_reference<T const>;
  using iterator = subbyte_iterator<T>;
  using const_iterator = subbyte_iterator<T const>;
  static constexpr int element_bits = sizeof_bits_v<T>;
  static constexpr std::size_t num_bytes = (N * std::size_t(element_bits) + 7) / 8;

  std::uint8_t storage[num_bytes > 0 ? num_bytes : 1];

  TESSEL_HOST_DEVICE constexpr reference operator[](size_type i) { return begin()[i]; }
  TESSEL_HOST_DEVICE constexpr const_reference operator[](size_type i) const { return begin()[i]; }
  TESSEL_HOST_DEVICE constexpr reference front() { return begin()[0]; }
  TESSEL_HOST_DEVICE constexpr const_reference front() const { return begin()[0]; }
  TESSEL_HOST_DEVICE constexpr reference back() { return begin()[N - 1]; }
  TESSEL_HOST_DEVICE constexpr const_reference back() const { return begin()[N - 1]; }
  TESSEL_HOST_DEVICE constexpr iterator begin() { return {storage, 0}; }
  TESSEL_HOST_DEVICE constexpr const_iterator begin() const { return {storage, 0}; }
  TESSEL_HOST_DEVICE constexpr const_iterator cbegin() const { return begin(); }
  TESSEL_HOST_DEVICE constexpr iterator end() { return begin() + N; }
  TESSEL_HOST_DEVICE constexpr const_iterator end() const { return begin() + N; }
  TESSEL_HOST_DEVICE constexpr std::uint8_t* raw_data() { return storage; }
  TESSEL_HOST_DEVICE constexpr std::uint8_t const* raw_data() const { return storage; }
  TESSEL_HOST_DEVICE static constexpr size_type size() { return N; }
  TESSEL_HOST_DEVICE static constexpr bool empty() { return N == 0; }
  // Set every element to v.
  TESSEL_HOST_DEVICE constexpr void fill(T const& v) {
    for (size_type i = 0; i < N; ++i) (*this)[i] = v;
  }
  // Set every element (every storage bit) to zero.
  TESSEL_HOST_DEVICE constexpr void clear() {
    for (std::size_t i = 0; i < num_bytes; ++i) storage[i] = 0;
  }
};

// The array's storage width in bits (whole bytes).
template <class T, std::size_t N>
struct sizeof_bits<array_subbyte<T, N>> : std::integral_constant<int, int(array_subbyte<T, N>::num_bytes * 8)> {};

// Set every element of a to v.
template <class T, std::size_t N, class V>
TESSEL_HOST_DEVICE constexpr void fill(array_subbyte<T, N>& a, V const& v) { a.fill(T(v)); }
// Set every element of a to zero.
template <class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr void clear(array_subbyte<T, N>& a) { a.clear(); }

}  // namespace tessel
