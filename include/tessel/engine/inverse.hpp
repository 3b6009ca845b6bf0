// tessel/engine/inverse.hpp: right_inverse and left_inverse.
#pragma once

#include "by_values.hpp"

namespace TESSEL_NAMESPACE::engine {

// ---- inverses ---------------------------------------------------------------------------------------------
// right_inverse(L): the largest R with L(R(i)) == i for i < size(R): follow the
// chain of strides 1, s*d, ... through L's coalesced modes (static strides only).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout right_inverse_steps(Layout const& L, Ctx& cx);
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout right_inverse(Layout const& L, Ctx& cx) {
  if (!cx.tracing()) return right_inverse_steps(L, cx);
  TESSEL_TRACE(cx, Step::op_begin, int(Core::right_inverse), 0, 0, 0, 0, &L);
  Layout r = right_inverse_steps(L, cx);
  TESSEL_TRACE(cx, Step::op_end, 0, 0, 0, 0, 0, cx.err ? nullptr : &r);
  return r;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout right_inverse_steps(Layout const& L, Ctx& cx) {
  // The flat modes (static size-1 modes dropped), each with its position in
  // L's colexicographic order. Flat, not coalesced: coalescing could merge
  // away a step of the chain in a non-injective L ((2,2,2):(1,1,2)).
  Modes c;
  Int pre[kMaxLeaves] = {};
  Int p = sint(1);
  for (int k = 0; k < L.nleaf; ++k) {
    if (!known(L.shape[k], 1)) { pre[c.n] = p; c.push(L.shape[k], L.stride[k], cx.err); }
    p = cx.ar().mul(p, L.shape[k]);
  }
  Modes r;
  r.push(sint(1), sint(0), cx.err);
  i64 cur = 1;
  bool used[kMaxLeaves] = {};
  // Follow the chain through static strides; a dynamic shape ends the static
  // part (the next stride it would need is not known statically).
  bool dyn_end = false;
  for (bool progress = true; progress;) {
    progress = false;
    for (int k = 0; k < c.n; ++k) {
      if (used[k] || !c.d[k].is_static || c.d[k].v != cur) continue;
      used[k] = true;
      TESSEL_TRACE(cx, Step::rinv_step, k, c.s[k].v, c.d[k].v);
      r.push(c.s[k], pre[k], cx.err);
      cur = cx.ar().mul(c.s[k].v, c.d[k].v);
      progress = c.s[k].is_static;
      dyn_end = !progress;
      break;
    }
  }
  // Where the chain may go on through dynamic integers, R gets one dynamic
  // mode per unused mode of L, filled at run time by following the chain on
  // the real values (size 1 where it has ended), so that R is still the
  // largest right inverse and its structure does not depend on the values.
  TESSEL_TRACE(cx, Step::rinv_end, cur);
  for (int k = 0; k < c.n && !dyn_end; ++k) dyn_end = !used[k] && !c.d[k].is_static;
  if (dyn_end) {
    int slots = 0;
    for (int k = 0; k < c.n; ++k) slots += !used[k];
    for (int slot = 0; slot < slots; ++slot) {
      Int s{1, false}, d{0, false};
      if (!cx.symbolic) {
        for (int k = 0; k < c.n; ++k) {
          if (used[k] || c.d[k].v != cur) continue;
          used[k] = true;
          s.v = c.s[k].v;
          d.v = pre[k].v;
          cur = cx.ar().mul(c.s[k].v, c.d[k].v);
          break;
        }
      }
      r.push(s, d, cx.err);
    }
  }
  return from_modes(coalesce_modes(r, cx), cx.err);
}


// stride, each stride must be a multiple of the size covered so far.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout left_inverse_steps(Layout const& L, Ctx& cx);
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout left_inverse(Layout const& L, Ctx& cx) {
  if (!cx.tracing()) return left_inverse_steps(L, cx);
  TESSEL_TRACE(cx, Step::op_begin, int(Core::left_inverse), 0, 0, 0, 0, &L);
  Layout r = left_inverse_steps(L, cx);
  TESSEL_TRACE(cx, Step::op_end, 0, 0, 0, 0, 0, cx.err ? nullptr : &r);
  return r;
}
// CuTe's left inverse of L, where it is right. CuTe coalesces L,
// sorts its modes by stride (exchange sort), and for each nonzero stride d
// appends the shape d / (the size so far) (which must divide) with the stride
// prefix-product of the mode; the last shape is the shape of the mode sorted
// last, the first stride 0 (left_inverse(_4:_-1) = (_-1,_4):(_0,_1)). Taken
// only where it meets the definition on every value of L (R(L(i)) == i, or,
// for an L that is not injective (known, or two indices of the same value
// found), L(R(L(i))) == L(i), with R and L read past their sizes as CuTe
// reads them): found is false otherwise (then the
// caller names its condition). Host and constant evaluation only, L of at
// most 2^16 values. With dynamic integers (the engine's own run-time pass, not
// the typed API's, which compares this answer with its own, bridge.hpp: recover),
// on their values, as if they were static: the answer is the all-static one's, every integer
// of it dynamic (dynamic left_inverse((4,_3):(_6,_6)) is CuTe's (6,3):(0,4), as the static one).
TESSEL_HOST_DEVICE_NOFORCE constexpr bool left_inverse_cute(Layout const& L, bool not_injective, Layout& out, Ctx& cx) {
  if (!TESSEL_HOST_ONLY_WORK || cx.strict) return false;
  bool st = true;
  for (int k = 0; k < L.nleaf; ++k) st = st && L.shape[k].is_static && L.stride[k].is_static;
  Error e;
  Ctx t = cx;
  t.err = e;
  t.trace = nullptr;
  // (On the values as the all-static pass has them, so that its answer is the static one's.)
  Modes c = flat_modes(L);
  for (int k = 0; k < c.n; ++k) c.s[k].is_static = c.d[k].is_static = true;
  c = coalesce_modes(c, t, Merge::cute);
  if (c.n == 0) c.push(sint(1), sint(0), t.err);
  i64 pre[kMaxLeaves] = {};
  i64 p = 1;
  Arith ar{&t.err};
  for (int k = 0; k < c.n; ++k) { pre[k] = p; p = ar.mul(p, c.s[k].v); }
  int idx[kMaxLeaves] = {};
  for (int k = 0; k < c.n; ++k) idx[k] = k;
  for (int i = 0; i < c.n; ++i)
    for (int j = i + 1; j < c.n; ++j)
      if (c.d[idx[j]].v < c.d[idx[i]].v) { int const x = idx[i]; idx[i] = idx[j]; idx[j] = x; }
  Modes r;
  i64 covered = 1;
  i64 shapes[kMaxLeaves + 1] = {}, strides[kMaxLeaves + 1] = {};
  int m = 0;
  strides[0] = 0;
  for (int q = 0; q < c.n; ++q) {
    i64 const d = c.d[idx[q]].v;
    if (d == 0) continue;
    if (covered == 0 || d % covered != 0) return false;  // CuTe's static assertion fails
    shapes[m] = d / covered;
    covered = ar.mul(covered, shapes[m]);
    strides[++m] = pre[idx[q]];
  }
  shapes[m] = c.s[idx[c.n - 1]].v;
  for (int q = 0; q <= m; ++q) r.push({shapes[q], st}, {strides[q], st}, t.err);
  Layout const R = from_modes(coalesce_modes(r, t), t.err);
  if (t.err) return false;
  i64 const n = size(L, t.err);
  if (t.err || n > (i64(1) << 16)) return false;
  // R(L(i)) == i everywhere, or L(R(L(i))) == L(i) everywhere and L not
  // injective (known, or shown by two indices of the same value).
  i64 first_miss = -1;
  for (i64 i = 0; i < n; ++i) {
    i64 const x = eval(L, i, t.err);
    i64 const y = eval(R, x, t.err);
    if (y != i && first_miss < 0) first_miss = i;
    if (t.err || eval(L, y, t.err) != x) return false;
  }
  if (first_miss >= 0 && !not_injective) {
    i64 const x = eval(L, first_miss, t.err);
    bool twice = false;
    for (i64 j = 0; j < n && !twice; ++j) twice = j != first_miss && eval(L, j, t.err) == x;
    if (t.err || !twice) return false;
  }
  out = R;
  return true;
}

TESSEL_HOST_DEVICE_NOFORCE constexpr Layout left_inverse_steps(Layout const& L, Ctx& cx) {
  Modes c = coalesce_modes(flat_modes(L), cx, Merge::any);
  if (cx.err) return Layout{};  // (an overflow while coalescing L)
  if (c.n == 0) c.push(sint(1), sint(0), cx.err);
  Layout out;
  Int pre[kMaxLeaves] = {};
  Int p = sint(1);
  // Dynamic strides: the order is known only at run time, so every result
  // integer is dynamic and zero strides give size-1 modes instead of none
  // (both passes then build the same structure).
  bool dyn_order = false;
  for (int k = 0; k < c.n; ++k) dyn_order = dyn_order || !c.d[k].is_static;
  for (int k = 0; k < c.n; ++k) {
    pre[k] = p;
    p = cx.ar().mul(p, c.s[k]);
    if (dyn_order) { pre[k].is_static = false; c.s[k].is_static = false; }
  }
  int idx[kMaxLeaves] = {};
  for (int k = 0; k < c.n; ++k) idx[k] = k;
  for (int i = 0; i < c.n; ++i)
    for (int j = c.n - 1; j > i; --j)
      if (c.d[idx[j]].v < c.d[idx[j - 1]].v) { int t = idx[j]; idx[j] = idx[j - 1]; idx[j - 1] = t; }
  // The modes that enter R, by stride: all of them when the order is dynamic,
  // else those with a nonzero stride. R = (g_0, ..., g_{m-1}, s) :
  // (0, pre_0, ..., pre_{m-1}) where g_q = d_q / (g_0 ... g_{q-1}) fills the
  // span up to mode q's stride and s is the size of the last mode.
  int ord[kMaxLeaves] = {};
  int m = 0;
  for (int q = 0; q < c.n; ++q)
    if (dyn_order || c.d[idx[q]].v != 0) ord[m++] = idx[q];
  Modes r;
  Int shapes[kMaxLeaves + 1] = {};
  Int strides[kMaxLeaves + 1] = {};
  strides[0] = sint(0);
  for (int q = 0; q < m; ++q) strides[q + 1] = pre[ord[q]];
  if (m == 0) {
    r.push(c.s[idx[c.n - 1]], sint(0), cx.err);
    return from_modes(coalesce_modes(r, cx), cx.err);
  }
  // A mode whose size is 1 at run time (or its stride 0) moves nothing: the
  // run-time pass skips it, and the next entry of R then takes the next gap
  // (or the size of the last mode that moves). From the first mode of dynamic
  // size on, R's entries can move this way, so they are dynamic.
  int first_dyn = m;
  for (int q = 0; q < m && first_dyn == m; ++q)
    if (!c.s[ord[q]].is_static || !c.d[ord[q]].is_static) first_dyn = q;
  for (int e = 0; e <= m; ++e) shapes[e] = {1, e < first_dyn};
  Int covered = sint(1);
  Int span = sint(1);  // shape * stride of the last mode that moves: what it covers
  int last = -1;       // position in ord of the last mode that moves something
  for (int q = 0; q < m; ++q) {
    int k = ord[q];
    Int d = c.d[k];
    // A mode that moves nothing (a stride 0, known statically or at run time,
    // or a run-time size 1) is skipped, in both passes alike where it is static,
    // and at run time where structural choices may depend on the values (not in
    // a pass that follows the compile-time pass: there the conditions below
    // decide on its values as on any mode's).
    if (known(d, 0)) continue;
    if (cx.by_values() && (d.v == 0 || (!c.s[k].is_static && c.s[k].v == 1))) continue;
    if (cx.checkable(covered, d)) TESSEL_TRACE(cx, Step::linv_step, k, d.v, covered.v, covered.v > 0 && d.v > 0 && d.v % covered.v == 0);
    // Divisibility: the stride is a positive multiple of the size covered so far.
    if (cx.checkable(covered, d) && (covered.v <= 0 || d.v <= 0 || d.v % covered.v != 0)) {
      if (!cx.symbolic && left_inverse_cute(L, false, out, cx)) return out;
      if (TESSEL_HOST_ONLY_WORK && !cx.symbolic && !cx.strict) {
        bool const found = left_inverse_search(L, out, cx);
        TESSEL_TRACE(cx, Step::linv_search, found, 0, 0, 0, 0, found ? &out : nullptr);
        if (found) return out;
      }
      cx.fail(Err::left_inverse_divisibility, d.v, covered.v, k);
      return out;
    }
    // Injectivity, decided exactly: with the strides sorted and each one a
    // multiple of the one before, the moving modes are injective iff each
    // stride is at least the span of the mode before it (shape * stride); then
    // the coordinates are the digits of a mixed-radix number. Where a stride
    // is below that span, coordinate d/d_prev of the mode before and 1 of
    // this one give the same value: no R has R(L(i)) == i, and the chain's R
    // would be wrong (found by fuzz/fuzz_typed.cpp: left_inverse((4294967296,3):(5,5))).
    if (last >= 0 && cx.checkable(span, d) && d.v < span.v) {
      int const kp = ord[last];
      Int const dp = c.d[kp];
      if (!cx.symbolic && left_inverse_cute(L, true, out, cx)) return out;
      Error ie;
      i64 const j = Arith{&ie}.mul(dp.v > 0 ? d.v / dp.v : 0, pre[kp].v);
      cx.fail(Err::left_inverse_not_injective, pre[k].v, d.v, ie ? -1 : j);
      return out;
    }
    bool const st = last + 1 < first_dyn;
    Int g{cx.symbolic && !st ? 1 : covered.v ? d.v / covered.v : 0, st};  // (covered 0: only unchecked)
    shapes[last + 1] = g;
    covered = cx.ar().mul(covered, g);
    // The span; where it passes 64 bits, every later stride lies below it.
    Error se;
    span = Arith{&se}.mul(c.s[k], d);
    if (se) span.v = 9223372036854775807LL;
    last = q;
  }
  // The last entry is static only when nothing before it can move (first_dyn == m).
  if (last >= 0) shapes[last + 1] = {c.s[ord[last]].v, (last + 1 < first_dyn || first_dyn == m) && c.s[ord[last]].is_static};
  for (int q = 0; q <= m; ++q) r.push(shapes[q], strides[q], cx.err);
  // R(L(i)) == i for every i with the coordinates of L's stride-0 modes 0 (so
  // L(R(L(i))) == L(i)): exact by the two conditions above, nothing to sample.
  return from_modes(coalesce_modes(r, cx), cx.err);
}

}  // namespace tessel::engine
