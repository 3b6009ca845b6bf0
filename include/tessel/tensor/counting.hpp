// tessel/tensor/counting.hpp: iterators that compute their elements instead
// of reading memory: counting_iterator<T> (element i is start + i) and the
// identity tensor over ArithmeticTupleIterator (algebra/basis.hpp), whose
// element at every coordinate is the coordinate. Tensors over them are
// read-only views.
#pragma once

#include <iosfwd>

#include "../algebra/basis.hpp"
#include "tensor.hpp"

namespace TESSEL_NAMESPACE {

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
// (A template on the stream, so that <iosfwd> is enough here: layout/print.hpp.)
template <class Ch, class Tr, class T>
std::basic_ostream<Ch, Tr>& operator<<(std::basic_ostream<Ch, Tr>& os, counting_iterator<T> const& it) {
  return os << "counting_iter(" << it.n_ << ")";
}

template <class T>
inline constexpr bool is_iterator_v<ArithmeticTupleIterator<T>> = true;

// CuTe's helpers of <cute/numeric/arithmetic_tuple.hpp>:
//   make_arithmetic_tuple(t...)  the ArithmeticTuple of t...;
//   as_arithmetic_tuple(t)       t with every tuple in it (t too) an ArithmeticTuple;
//   make_inttuple_iter(t)        the ArithmeticTupleIterator starting at as_arithmetic_tuple(t);
//   basis_get(e, t)              for a basis element e = v@(N...), get<N...>(t) (t itself
//                                for E<> or a non-basis e);
//   basis_value(e)               v of a basis element v@(N...), e itself otherwise.
template <class... T>
TESSEL_HOST_DEVICE constexpr auto make_arithmetic_tuple(T const&... t) {
  return ArithmeticTuple<T...>(tuple<T...>(t...));
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto as_arithmetic_tuple(T const& t) {
  if constexpr (is_tuple_v<T>) {
    return transform_apply(
        t, [](auto const& x) { return as_arithmetic_tuple(x); },
        [](auto const&... a) { return make_arithmetic_tuple(a...); });
  } else {
    return t;
  }
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto make_inttuple_iter(T const& t) {
  using A = decltype(as_arithmetic_tuple(t));
  return ArithmeticTupleIterator<A>{as_arithmetic_tuple(t)};
}
template <class E, class Tuple>
TESSEL_HOST_DEVICE constexpr decltype(auto) basis_get(E const&, Tuple&& t) {
  return static_cast<Tuple&&>(t);
}
template <class T, int... N, class Tuple>
TESSEL_HOST_DEVICE constexpr decltype(auto) basis_get(ScaledBasis<T, N...> const&, Tuple&& t) {
  if constexpr (sizeof...(N) == 0) {
    return static_cast<Tuple&&>(t);
  } else {
    return get<N...>(static_cast<Tuple&&>(t));
  }
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto basis_value(T const& e) {
  if constexpr (is_scaled_basis_v<T>) {
    return e.value();
  } else {
    return e;
  }
}

// make_coord_tensor(layout): the tensor of the layout over an ArithmeticTuple
// iterator that starts at zero in the profile of the layout's codomain, so its
// element at every coordinate is the layout's value there (a coordinate, for
// basis strides), as CuTe's.
namespace detail {
// Zeros in the profile of a layout's codomain: the sum of its strides (basis
// strides add up to an ArithmeticTuple) with every leaf _0.
template <class D>
TESSEL_HOST_DEVICE constexpr auto codomain_zeros(D const& stride) {
  auto const total = transform_apply(
      flatten(wrap(stride)), [](auto const& d) { return d; }, [](auto const&... d) { return (Int<0>{} + ... + d); });
  return repeat_like(total, Int<0>{});
}
}  // namespace detail

template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto make_coord_tensor(Layout<S, D> const& layout) {
  return make_tensor(make_inttuple_iter(detail::codomain_zeros(layout.stride())), layout);
}

// MakeTensor<T>{}(args...): CuTe's function object behind make_tensor. When the
// first argument dereferences (an iterator), a view of it with the layout
// given or made from the rest; otherwise an owning tensor of T with the static
// layout given or made from all the arguments.
template <class T>
struct MakeTensor {
  template <class Arg0, class... Args>
  TESSEL_HOST_DEVICE constexpr auto operator()(Arg0 const& arg0, Args const&... args) const {
    if constexpr (has_dereference<Arg0>::value) {
      static_assert(sizeof...(Args) > 0, "tessel::MakeTensor: a view needs a layout or a shape");
      return make_tensor(arg0, args...);
    } else {
      static_assert((is_static_v<Arg0> && ... && is_static_v<Args>), "tessel::MakeTensor: an owning tensor needs static arguments");
      return make_tensor<T>(arg0, args...);
    }
  }
};

// ---- identity tensors --------------------------------------------------------------------------

namespace detail {
// The bits of a flat identity tensor's offset given to each mode of a rank-R shape.
template <int R> inline constexpr int coord_bits = R == 1 ? 62 : 62 / R;

// An iterator over the coordinates of a flat shape: the element at offset i
// has, in mode j, the coordinate (i >> (j B)) & (2^B - 1) (B = coord_bits<R>).
// With the strides 2^(j B) the offset of coordinate c is c's bits side by
// side, so a coordinate past the end of a mode (in a partial tile at a
// matrix's edge) stays itself, as in CuTe's identity tensors, and the layout's
// strides are integers, which the whole algebra (divides, partitions by TV
// layouts and atoms) takes.
template <int R>
struct coord_iterator {
  using value_type = decltype([]<std::size_t... J>(std::index_sequence<J...>) { return make_tuple((void(J), 0)...); }(std::make_index_sequence<R>{}));
  using reference = value_type;
  using memory_tag = rmem_tag;
  long long offset_ = 0;
  TESSEL_HOST_DEVICE constexpr auto operator*() const { return (*this)[0]; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr auto operator[](I const& i) const {
    long long const o = offset_ + static_cast<long long>(i);
    constexpr int B = coord_bits<R>;
    return [&]<std::size_t... J>(std::index_sequence<J...>) {
      return make_tuple(int((o >> (int(J) * B)) & ((1LL << B) - 1))...);
    }(std::make_index_sequence<R>{});
  }
  template <class I>
  TESSEL_HOST_DEVICE constexpr coord_iterator operator+(I const& i) const { return {offset_ + static_cast<long long>(i)}; }
};

template <class S> struct is_flat_shape : std::false_type {};
template <class... T> struct is_flat_shape<tuple<T...>> : std::bool_constant<(sizeof...(T) <= 4) && (true && ... && !is_tuple_v<T>)> {};
}  // namespace detail
template <int R> inline constexpr bool is_iterator_v<detail::coord_iterator<R>> = true;
template <int R> struct memory_tag_of<detail::coord_iterator<R>> { using type = rmem_tag; };

// make_identity_tensor(shape): the tensor whose element at every coordinate is
// that coordinate: the coordinate tensor that predicated kernels partition
// like their data and compare against the problem's bounds (elem_less).
//  * A flat shape (a tuple of integers, rank <= 4): coordinates are tuples of
//    ints, the layout has integer strides 2^(j B) (B = 62 / rank bits, so each
//    coordinate must stay below 2^B: 2^31 for rank 2), so that every algebra
//    operation and atom partition applies. Same values as CuTe's; the layout
//    prints with those strides, not CuTe's basis strides.
//  * A hierarchical shape: CuTe's form, make_identity_layout(shape) (the shape
//    with basis strides) over an ArithmeticTuple iterator, printed as CuTe's.
//  * An integer: the tensor of its indices.
template <class S>
TESSEL_HOST_DEVICE constexpr auto make_identity_tensor(S const& shape) {
  if constexpr (detail::is_flat_shape<S>::value) {
    constexpr int R = int(tuple_size_v<S>);
    auto stride = [&]<std::size_t... J>(std::index_sequence<J...>) {
      return make_stride((1LL << (int(J) * detail::coord_bits<R>))...);
    }(std::make_index_sequence<R>{});
    [&]<std::size_t... J>(std::index_sequence<J...>) {
      [[maybe_unused]] bool const fits = (true && ... && (static_cast<long long>(get<J>(shape)) < (1LL << detail::coord_bits<R>)));
      TESSEL_CHECK(fits, "make_identity_tensor: a mode is too large for the coordinate's bits");
    }(std::make_index_sequence<R>{});
    return make_tensor(detail::coord_iterator<R>{0}, make_layout(shape, stride));
  } else if constexpr (is_tuple_v<S>) {
    auto zero = transform(shape, [](auto const& s) { return transform(s, [](auto) { return Int<0>{}; }); });
    auto start = detail::to_arithmetic(zero);
    return make_tensor(ArithmeticTupleIterator<decltype(start)>{start}, make_identity_layout(shape));
  } else {
    return make_tensor(counting_iterator<int>{0}, make_layout(shape));
  }
}

// ---- transformed views ---------------------------------------------------------------------------

// transform_iter<Fn, It>: element i is fn(it[i]), computed on read (CuTe's
// transform_iter; make_transform_iter(fn, it)). lazy::transform(t, fn) is the
// tensor of t's layout over it: fn of each element of t, computed where it is
// read, e.g. a predicate tensor elem_less(c, shape) over an identity tensor.
template <class Fn, class It>
struct transform_iter {
  using value_type = decltype(std::declval<Fn const&>()(*std::declval<It const&>()));
  using reference = value_type;
  using memory_tag = rmem_tag;
  Fn fn_;
  It it_;
  TESSEL_HOST_DEVICE constexpr auto operator*() const { return fn_(*it_); }
  template <class I>
  TESSEL_HOST_DEVICE constexpr auto operator[](I const& i) const { return fn_(it_[i]); }
  template <class I>
  TESSEL_HOST_DEVICE constexpr transform_iter operator+(I const& i) const { return {fn_, it_ + i}; }
};
template <class Fn, class It>
inline constexpr bool is_iterator_v<transform_iter<Fn, It>> = true;
template <class Fn, class It> struct memory_tag_of<transform_iter<Fn, It>> { using type = rmem_tag; };

template <class Fn, class It>
TESSEL_HOST_DEVICE constexpr transform_iter<Fn, It> make_transform_iter(Fn const& fn, It const& it) {
  return {fn, it};
}

namespace lazy {
template <class E, class L, class Fn>
TESSEL_HOST_DEVICE constexpr auto transform(Tensor<E, L> const& t, Fn const& fn) {
  return make_tensor(make_transform_iter(fn, t.data()), t.layout());
}
}  // namespace lazy

}  // namespace tessel
