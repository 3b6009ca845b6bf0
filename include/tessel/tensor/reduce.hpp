// tessel/tensor/reduce.hpp: element-wise transform of a tensor in place and
// reductions over tensor modes: reduce, batch_reduce, logical_reduce.
#pragma once

#include "../tuple/functional.hpp"  // plus, the default reduction
#include "tensor.hpp"

namespace TESSEL_NAMESPACE {

// t(i) = f(t(i)) for every element of t.
template <class E, class L, class F>
TESSEL_HOST_DEVICE constexpr void transform(Tensor<E, L>& t, F&& f) {
  TESSEL_UNROLL
  for (int i = 0; i < int(size(t)); ++i) t(i) = f(t(i));
}
template <class E, class L, class F>
TESSEL_HOST_DEVICE constexpr void transform(Tensor<E, L>&& t, F&& f) { transform(t, f); }

// dst(i) = f(src(i)) for every element (sizes must match).
template <class SE, class SL, class DE, class DL, class F>
TESSEL_HOST_DEVICE constexpr void transform(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst, F&& f) {
  TESSEL_CHECK(size(src) == size(dst), "transform: the tensors have different sizes");
  TESSEL_UNROLL
  for (int i = 0; i < int(size(src)); ++i) dst(i) = f(src(i));
}
template <class SE, class SL, class DE, class DL, class F>
TESSEL_HOST_DEVICE constexpr void transform(Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst, F&& f) { transform(src, dst, f); }

// init op src(0) op src(1) op ... over every element of src, in 1-D order.
template <class E, class L, class T, class Op = plus>
TESSEL_HOST_DEVICE constexpr T reduce(Tensor<E, L> const& src, T init, Op op = {}) {
  TESSEL_UNROLL
  for (int i = 0; i < int(size(src)); ++i) init = op(init, src(i));
  return init;
}

// dst(i) = reduce of mode 0 of src(_, i), starting from dst(i), for every i:
// src is (reduced mode, batch mode) and dst has the batch mode's size.
template <class SE, class SL, class DE, class DL, class Op = plus>
TESSEL_HOST_DEVICE constexpr void batch_reduce(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst, Op op = {}) {
  static_assert(SL::rank == 2, "tessel::batch_reduce: the source must have rank 2 (reduced, batch)");
  TESSEL_CHECK(size<1>(src) == size(dst), "batch_reduce: the batch mode's size differs from the destination's");
  TESSEL_UNROLL
  for (int i = 0; i < int(size(dst)); ++i) dst(i) = reduce(src(_, i), dst(i), op);
}
template <class SE, class SL, class DE, class DL, class Op = plus>
TESSEL_HOST_DEVICE constexpr void batch_reduce(Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst, Op op = {}) {
  batch_reduce(src, dst, op);
}

namespace detail {
// The layout of the modes of l picked by p (Keep: where p has `_`, else where
// p has an integer); _1:_0 when no mode is picked.
template <bool Keep, class P, class S, class D>
TESSEL_HOST_DEVICE constexpr auto pick_modes(P const& p, Layout<S, D> const& l) {
  auto sh = [&] { if constexpr (Keep) return slice(p, l.shape()); else return dice(p, l.shape()); }();
  auto st = [&] { if constexpr (Keep) return slice(p, l.stride()); else return dice(p, l.stride()); }();
  if constexpr (std::is_same_v<decltype(sh), tuple<>>) return Layout<Int<1>, Int<0>>{};
  else return make_layout(sh, st);
}
}  // namespace detail

// Reduce src over the modes where the profile has an integer, keeping those
// where it has `_` (in order, as dst's modes): dst(j) op= every src element
// whose kept coordinate is j.
template <class SE, class SL, class DE, class DL, class P, class Op = plus>
TESSEL_HOST_DEVICE constexpr void logical_reduce(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst, P const& profile, Op op = {}) {
  auto reduced = detail::pick_modes<false>(profile, src.layout());
  auto kept = detail::pick_modes<true>(profile, src.layout());
  batch_reduce(make_tensor(src.data(), make_layout(reduced, kept)), dst, op);
}
template <class SE, class SL, class DE, class DL, class P, class Op = plus>
TESSEL_HOST_DEVICE constexpr void logical_reduce(Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst, P const& profile, Op op = {}) {
  logical_reduce(src, dst, profile, op);
}

}  // namespace tessel
