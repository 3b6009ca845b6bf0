// tessel/engine/derived.hpp: operations defined through the core ones:
// nullspace, max_common_layout, make_ordered_layout.
#pragma once

#include "inverse.hpp"
#include "composition.hpp"

namespace TESSEL_NAMESPACE::engine {

// nullspace(L): the layout of the coordinates L sends to 0: its static stride-0
// modes, with their positions in L's compact column-major order as strides.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout nullspace(Layout const& L, Ctx& cx) {
  Modes m;
  Int pre = sint(1);
  for (int k = 0; k < L.nleaf; ++k) {
    if (known(L.stride[k], 0)) m.push(L.shape[k], pre, cx.err);
    pre = cx.ar().mul(pre, L.shape[k]);
  }
  return from_modes(m, cx.err);
}

// max_common_layout(A, B): the layout R of the most elements, starting at 0,
// where A and B agree contiguously: A(R(i)) == i and B(R(i)) == i.
// R = right_inverse(B) o (first mode of coalesce(A o right_inverse(B))) when that
// mode is static with stride 1, else _1:_0.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout max_common_layout(Layout const& A, Layout const& B, Ctx& cx) {
  Layout inv = right_inverse(B, cx);
  Layout common = coalesce(composition(A, inv, cx), cx);
  Layout m0 = mode(common, 0, cx.err);
  Layout out;
  if (cx.err) return out;
  if (m0.nleaf == 1 && m0.shape[0].is_static && known(m0.stride[0], 1)) return composition(inv, m0, cx);
  out.leaf(sint(1), sint(0), cx.err);
  return out;
}

// make_ordered_layout(shape, order): the compact layout of shape whose modes
// take strides 1, s, s*t, ... in increasing order of their (static) order
// values; ties go left to right.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout make_ordered_layout(Layout const& shape, Layout const& order, Ctx& cx) {
  Layout out = shape;
  if (order.nleaf != shape.nleaf) { cx.fail(Err::bad_argument, order.nleaf, shape.nleaf); return out; }
  int idx[kMaxLeaves] = {};
  for (int k = 0; k < shape.nleaf; ++k) {
    if (!order.shape[k].is_static) { cx.fail(Err::dynamic_unsupported, k); return out; }
    idx[k] = k;
  }
  for (int i = 0; i < shape.nleaf; ++i)  // stable insertion sort by order value
    for (int j = i; j > 0 && order.shape[idx[j]].v < order.shape[idx[j - 1]].v; --j) {
      int t = idx[j]; idx[j] = idx[j - 1]; idx[j - 1] = t;
    }
  Int p = sint(1);
  for (int q = 0; q < shape.nleaf; ++q) {
    out.stride[idx[q]] = p;
    p = cx.ar().mul(p, shape.shape[idx[q]]);
  }
  return out;
}

}  // namespace tessel::engine
