// tessel/tensor/counting.hpp: iterators that compute their elements instead
// of reading memory: counting_iterator<T> (element i is start + i) and the
// identity tensor over ArithmeticTupleIterator (algebra/basis.hpp), whose
// element at every coordinate is the coordinate. Tensors over them are
// read-only views.
#pragma once

#include <ostream>

#include "../algebra/basis.hpp"
#include "tensor.hpp"

namespace tessel {

// Element i is n + i.
template <class T>
struct counting_iterator {
  using value_type = T;
  using reference = T;
  T n_;

  TESSEL_HOST_DEVICE constexpr T operator*() const { return n_; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr T operator[](I const& i) const { return n_ + T(i); }
  template <class I>
  TESSEL_HOST_DEVICE constexpr counting_iterator operator+(I const& i) const { return {n_ + T(i)}; }
  TESSEL_HOST_DEVICE constexpr counting_iterator& operator++() { ++n_; return *this; }
  TESSEL_HOST_DEVICE constexpr counting_iterator& operator+=(T const& i) { n_ += i; return *this; }
  TESSEL_HOST_DEVICE constexpr friend bool operator==(counting_iterator a, counting_iterator b) { return a.n_ == b.n_; }
  TESSEL_HOST_DEVICE constexpr friend bool operator!=(counting_iterator a, counting_iterator b) { return a.n_ != b.n_; }
  TESSEL_HOST_DEVICE constexpr friend bool operator<(counting_iterator a, counting_iterator b) { return a.n_ < b.n_; }
};
template <class T>
inline constexpr bool is_iterator_v<counting_iterator<T>> = true;

// print: counting_iter(n)
template <class T>
TESSEL_HOST_DEVICE void print(counting_iterator<T> const& it) {
  printf("counting_iter(");
  print(it.n_);
  printf(")");
}
template <class T>
std::ostream& operator<<(std::ostream& os, counting_iterator<T> const& it) {
  return os << "counting_iter(" << it.n_ << ")";
}

template <class T>
inline constexpr bool is_iterator_v<ArithmeticTupleIterator<T>> = true;

// A tensor of the given shape whose element at every coordinate is that
// coordinate (an ArithmeticTuple congruent with the shape): the coordinate
// tensor that predicated kernels compare against the problem's bounds. Its
// layout is make_identity_layout(shape), the shape with basis strides, over
// an iterator starting at the zero coordinate, as CuTe's.
// (A shape that is one integer gives a tensor of its indices.)
template <class S>
TESSEL_HOST_DEVICE constexpr auto make_identity_tensor(S const& shape) {
  if constexpr (is_tuple_v<S>) {
    auto zero = transform(shape, [](auto const& s) { return transform(s, [](auto) { return Int<0>{}; }); });
    auto start = detail::to_arithmetic(zero);
    return make_tensor(ArithmeticTupleIterator<decltype(start)>{start}, make_identity_layout(shape));
  } else {
    return make_tensor(counting_iterator<int>{0}, make_layout(shape));
  }
}

}  // namespace tessel
