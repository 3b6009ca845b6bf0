// tessel/swizzle/swizzle_ptr.hpp: CuTe's swizzled pointer and swizzle helpers
// (<cute/pointer_swizzle.hpp>, <cute/swizzle.hpp>, <cute/swizzle_layout.hpp>):
//
//   swizzle_ptr<Sw, I>      an iterator I whose accesses go to the address
//                           Sw::apply(address), the swizzle applied to the byte
//                           address (a position-dependent swizzle, as the
//                           hardware's shared-memory swizzles are); + moves the
//                           unswizzled address; get() is that address.
//   make_swizzle_ptr(p, sw) swizzle_ptr<Sw, P>{p}; p itself for Swizzle<0,M,S>.
//   get_swizzle<T>::type    the swizzle of T: Sw for a swizzle_ptr<Sw, .> or a
//                           ComposedLayout<Sw, ., .> with Sw a Swizzle, else
//                           found through T::iterator (a Tensor), else
//                           Swizzle<0,4,3> (the identity); get_swizzle_t.
//   to_mixed_bits(shape, stride, coord), to_mixed_bits(layout, idx): the value
//                           of the layout at the coordinate as MixedBits, with
//                           the bits a static shape and stride can reach
//                           dynamic (shape * stride a power of two per mode).
//
// tessel's tensors do not take a swizzle_ptr as their iterator (make_tensor does
// not accept it): tessel's swizzled tensors are tensors of ComposedLayouts.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <type_traits>

#include "../config.hpp"
#include "../layout/layout.hpp"
#include "../tensor/pointer.hpp"
#include "../tuple/algorithms.hpp"
#include "composed_layout.hpp"
#include "mixed_bits.hpp"
#include "swizzle.hpp"

namespace TESSEL_NAMESPACE {

template <class SwizzleFn, class Iterator>
struct swizzle_ptr : iter_adaptor<Iterator, swizzle_ptr<SwizzleFn, Iterator>> {
  using base = iter_adaptor<Iterator, swizzle_ptr<SwizzleFn, Iterator>>;
  using iterator = Iterator;
  using reference = typename iterator_traits<Iterator>::reference;
  using element_type = typename iterator_traits<Iterator>::element_type;
  using value_type = typename iterator_traits<Iterator>::value_type;
  using base::base;

  // The pointer at the swizzled address of p (of a tagged pointer: its raw pointer's).
  template <class T>
  TESSEL_HOST_DEVICE static T* apply_swizzle(T* p) {
    return reinterpret_cast<T*>(SwizzleFn::apply(reinterpret_cast<std::uintptr_t>(p)));
  }
  template <class Tag, class T>
  TESSEL_HOST_DEVICE static tagged_ptr<Tag, T> apply_swizzle(tagged_ptr<Tag, T> p) {
    return {apply_swizzle(p.get())};
  }

  TESSEL_HOST_DEVICE constexpr reference operator*() const { return *apply_swizzle(this->get()); }
  template <class Index>
  TESSEL_HOST_DEVICE constexpr reference operator[](Index const& i) const {
    return *apply_swizzle(this->get() + i);
  }
};

namespace detail {
template <class T> struct is_swizzle_ptr : std::false_type {};
template <class Sw, class P> struct is_swizzle_ptr<swizzle_ptr<Sw, P>> : std::true_type {};
template <class T> struct is_no_swizzle : std::false_type {};
template <int M, int S> struct is_no_swizzle<Swizzle<0, M, S>> : std::true_type {};
}  // namespace detail

template <class T, class = void>
struct get_swizzle {
  using type = Swizzle<0, 4, 3>;
};
template <class SwizzleFn, class P>
struct get_swizzle<swizzle_ptr<SwizzleFn, P>> {
  using type = SwizzleFn;
};
template <int B, int M, int S, class Offset, class L>
struct get_swizzle<ComposedLayout<Swizzle<B, M, S>, Offset, L>> {
  using type = Swizzle<B, M, S>;
};
template <class T>
  requires(!detail::is_swizzle_ptr<T>::value)
struct get_swizzle<T, std::void_t<typename T::iterator>> : get_swizzle<typename T::iterator> {};
template <class T> using get_swizzle_t = typename get_swizzle<T>::type;

template <class Iterator, class SwizzleFn>
TESSEL_HOST_DEVICE constexpr auto make_swizzle_ptr(Iterator ptr, SwizzleFn) {
  if constexpr (detail::is_no_swizzle<SwizzleFn>::value) {
    return ptr;
  } else {
    return swizzle_ptr<SwizzleFn, Iterator>{ptr};
  }
}

template <class SwizzleFn, class P>
TESSEL_HOST_DEVICE constexpr auto raw_pointer_cast(swizzle_ptr<SwizzleFn, P> const& p) {
  return raw_pointer_cast(p.get());
}

// The swizzle acts on byte addresses, so a recast keeps it.
template <class NewT, class SwizzleFn, class P>
TESSEL_HOST_DEVICE constexpr auto recast_ptr(swizzle_ptr<SwizzleFn, P> const& p) {
  return make_swizzle_ptr(recast_ptr<NewT>(p.get()), SwizzleFn{});
}

// Sw<B,M,S>_ptr[32b](0x...), the pointer's own print after the swizzle's.
template <class SwizzleFn, class P>
TESSEL_HOST_DEVICE void print(swizzle_ptr<SwizzleFn, P> const& p) {
  print(SwizzleFn{});
  printf("_");
  print(p.get());
}
// A template on the stream, as layout/print.hpp's: <iosfwd> is enough here, a program that streams includes
// <ostream> itself.
template <class Ch, class Tr, class SwizzleFn, class P>
std::basic_ostream<Ch, Tr>& operator<<(std::basic_ostream<Ch, Tr>& os, swizzle_ptr<SwizzleFn, P> const& p) {
  return os << SwizzleFn{} << "_" << p.get();
}

template <class Shape, class Stride, class Coord>
TESSEL_HOST_DEVICE constexpr auto to_mixed_bits(Shape const& shape, Stride const& stride, Coord const& coord) {
  if constexpr (is_tuple_v<Shape> && is_tuple_v<Stride> && is_tuple_v<Coord>) {
    static_assert(tuple_size_v<Shape> == tuple_size_v<Stride> && tuple_size_v<Shape> == tuple_size_v<Coord>,
                  "tessel::to_mixed_bits: shape, stride and coordinate of different ranks");
    return transform_apply(
        shape, stride, coord, [](auto const& s, auto const& d, auto const& c) { return to_mixed_bits(s, d, c); },
        [](auto const&... bits) { return (bits ^ ...); });
  } else {
    static_assert(is_integral_v<Shape> && is_integral_v<Stride> && is_integral_v<Coord>,
                  "tessel::to_mixed_bits: shape, stride and coordinate are all tuples or all integers");
    static_assert(is_static_v<Shape> && is_static_v<Stride>, "tessel::to_mixed_bits: a static shape and stride");
    constexpr auto reach = Shape::value * Stride::value;
    static_assert(reach == 0 || (reach > 0 && (reach & (reach - 1)) == 0),
                  "tessel::to_mixed_bits: shape * stride must be a power of two");
    return make_mixed_bits(Int<0>{}, coord * stride, (shape - Int<1>{}) * stride);
  }
}

template <class L, class Coord>
TESSEL_HOST_DEVICE constexpr auto to_mixed_bits(L const& layout, Coord const& coord) {
  return to_mixed_bits(layout.shape(), layout.stride(), idx2crd(coord, layout.shape()));
}

}  // namespace TESSEL_NAMESPACE
