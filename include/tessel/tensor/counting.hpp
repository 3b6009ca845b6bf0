// tessel/tensor/counting.hpp: iterators that compute their elements instead
// of reading memory: counting_iterator<T> (element i is start + i) and the
// coordinate iterator behind make_identity_tensor (element i is the natural
// coordinate of index i in a shape). Tensors over them are read-only views.
#pragma once

#include <ostream>

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

// Element i is the natural coordinate of the linear index start + i in the
// shape (idx2crd), so that a tensor over it with the compact column-major
// layout of the shape maps every coordinate to itself.
template <class S>
struct coord_iterator {
  [[no_unique_address]] S shape_;
  int n_ = 0;

  TESSEL_HOST_DEVICE constexpr auto operator*() const { return idx2crd(n_, shape_); }
  template <class I>
  TESSEL_HOST_DEVICE constexpr auto operator[](I const& i) const { return idx2crd(n_ + int(i), shape_); }
  template <class I>
  TESSEL_HOST_DEVICE constexpr coord_iterator operator+(I const& i) const { return {shape_, n_ + int(i)}; }
};
template <class S>
inline constexpr bool is_iterator_v<coord_iterator<S>> = true;

// A tensor of the given shape whose element at every coordinate is that
// coordinate (as the natural, shape-congruent coordinate): the coordinate
// tensor that predicated kernels compare against the problem's bounds.
template <class S>
TESSEL_HOST_DEVICE constexpr auto make_identity_tensor(S const& shape) {
  return make_tensor(coord_iterator<S>{shape, 0}, make_layout(shape));
}

}  // namespace tessel
