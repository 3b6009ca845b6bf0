// tessel/container/array.hpp: array<T, N>, a fixed-size array usable in host
// and device code (std::array is not, without relaxed constexpr), with CuTe's
// interface. An aggregate of standard layout, so it can be copied as bytes
// and initialised with braces: array<int, 3> a{1, 2, 3}.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "../tuple/algorithms.hpp"

namespace TESSEL_NAMESPACE {

template <class T, std::size_t N>
struct array {
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = T const&;
  using pointer = T*;
  using const_pointer = T const*;
  using iterator = T*;
  using const_iterator = T const*;

  T elems_[N > 0 ? N : 1];  // public, so that the array is an aggregate

  TESSEL_HOST_DEVICE constexpr T& operator[](size_type i) { return elems_[i]; }
  TESSEL_HOST_DEVICE constexpr T const& operator[](size_type i) const { return elems_[i]; }
  TESSEL_HOST_DEVICE constexpr T& at(size_type i) { return elems_[i]; }
  TESSEL_HOST_DEVICE constexpr T const& at(size_type i) const { return elems_[i]; }
  TESSEL_HOST_DEVICE constexpr T& front() { return elems_[0]; }
  TESSEL_HOST_DEVICE constexpr T const& front() const { return elems_[0]; }
  TESSEL_HOST_DEVICE constexpr T& back() { return elems_[N - 1]; }
  TESSEL_HOST_DEVICE constexpr T const& back() const { return elems_[N - 1]; }
  TESSEL_HOST_DEVICE constexpr T* data() { return elems_; }
  TESSEL_HOST_DEVICE constexpr T const* data() const { return elems_; }
  TESSEL_HOST_DEVICE constexpr T* begin() { return elems_; }
  TESSEL_HOST_DEVICE constexpr T const* begin() const { return elems_; }
  TESSEL_HOST_DEVICE constexpr T const* cbegin() const { return elems_; }
  TESSEL_HOST_DEVICE constexpr T* end() { return elems_ + N; }
  TESSEL_HOST_DEVICE constexpr T const* end() const { return elems_ + N; }
  TESSEL_HOST_DEVICE constexpr T const* cend() const { return elems_ + N; }
  TESSEL_HOST_DEVICE static constexpr size_type size() { return N; }
  TESSEL_HOST_DEVICE static constexpr size_type max_size() { return N; }
  TESSEL_HOST_DEVICE static constexpr bool empty() { return N == 0; }
  // Set every element to v.
  TESSEL_HOST_DEVICE constexpr void fill(T const& v) {
    for (size_type i = 0; i < N; ++i) elems_[i] = v;
  }
  // Set every element to T{}.
  TESSEL_HOST_DEVICE constexpr void clear() { fill(T{}); }
  // Exchange the elements with those of o.
  TESSEL_HOST_DEVICE constexpr void swap(array& o) {
    for (size_type i = 0; i < N; ++i) {
      T t = elems_[i];
      elems_[i] = o.elems_[i];
      o.elems_[i] = t;
    }
  }
};

template <class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr bool operator==(array<T, N> const& a, array<T, N> const& b) {
  for (std::size_t i = 0; i < N; ++i) {
    if (!(a[i] == b[i])) return false;
  }
  return true;
}
template <class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr bool operator!=(array<T, N> const& a, array<T, N> const& b) { return !(a == b); }

template <class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr void swap(array<T, N>& a, array<T, N>& b) { a.swap(b); }
// Set every element of a to v.
template <class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr void fill(array<T, N>& a, T const& v) { a.fill(v); }
// Set every element of a to T{}.
template <class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr void clear(array<T, N>& a) { a.clear(); }

template <class T, std::size_t N>
struct tuple_size<array<T, N>> : std::integral_constant<std::size_t, N> {};
template <class T, std::size_t N>
struct has_custom_get<array<T, N>> : std::true_type {};

// Element I (checked at compile time).
template <std::size_t I, class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr T& get(array<T, N>& a) {
  static_assert(I < N, "tessel::get: index out of range");
  return a[I];
}
template <std::size_t I, class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr T const& get(array<T, N> const& a) {
  static_assert(I < N, "tessel::get: index out of range");
  return a[I];
}
template <std::size_t I, class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr T&& get(array<T, N>&& a) {
  static_assert(I < N, "tessel::get: index out of range");
  return static_cast<T&&>(a[I]);
}

// array_aligned<T, N, Alignment>: an array of N T aligned to Alignment bytes
// (16 by default), as CuTe's: e.g. a shared-memory buffer that vector and
// bulk copies reach.
template <class T, std::size_t N, std::size_t Alignment = 16>
struct alignas(Alignment) array_aligned : array<T, N> {};

// The elements in reverse order, as an array of the same type.
template <class T, std::size_t N>
TESSEL_HOST_DEVICE constexpr array<T, N> reverse(array<T, N> const& a) {
  array<T, N> r{};
  for (std::size_t i = 0; i < N; ++i) r[i] = a[N - 1 - i];
  return r;
}

// The leaves of an IntTuple, flattened, as an array of T (CuTe's to_array):
// to_array<std::uint64_t>((_1,(6,3,_3),4,_2)) is [1,6,3,3,4,2].
template <class T = std::int64_t, class IntTuple>
TESSEL_HOST_DEVICE constexpr auto to_array(IntTuple const& t) {
  auto flat = flatten_to_tuple(t);
  constexpr std::size_t N = tuple_size_v<decltype(flat)>;
  array<T, N> r{};
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((r[I] = static_cast<T>(get<I>(flat))), ...); }(std::make_index_sequence<N>{});
  return r;
}

}  // namespace tessel

// Structured bindings: auto [x, y] = a;
template <class T, std::size_t N>
struct std::tuple_size<tessel::array<T, N>> : std::integral_constant<std::size_t, N> {};
template <std::size_t I, class T, std::size_t N>
struct std::tuple_element<I, tessel::array<T, N>> {
  using type = T;
};
