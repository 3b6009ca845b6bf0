// tessel/engine/complement.hpp: complement(A, M).
#pragma once

#include "by_values.hpp"

namespace tessel::engine {

// ---- complement --------------------------------------------------------------------------------------------
// (1, N0 d0, ..., Na da), coalesced. M is rounded up (CuTe's padding).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement_steps(Layout const& A, Int M, Ctx& cx);
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement(Layout const& A, Int M, Ctx& cx) {
  if (!cx.tracing()) return complement_steps(A, M, cx);
  TESSEL_TRACE(cx, Step::op_begin, int(Core::complement), M.v, 0, 0, 0, &A);
  Layout r = complement_steps(A, M, cx);
  TESSEL_TRACE(cx, Step::op_end, 0, 0, 0, 0, 0, cx.err ? nullptr : &r);
  return r;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement_steps(Layout const& A, Int M, Ctx& cx) {
  Modes f = flat_modes(filter(A, cx));
  Layout out;
  auto ar = cx.ar();
  if (f.n == 1 && known(f.d[0], 0)) {  // nothing moves: R = M (its compact layout)
    TESSEL_TRACE(cx, Step::compl_nothing, M.v);
    out.leaf(M, known(M, 1) ? sint(0) : sint(1), cx.err);
    return out;
  }
  // With a dynamic stride among several modes the sort order is known only at
  // run time: then every result integer is dynamic and nothing is merged, so
  // both passes build the same structure.
  bool dyn_order = false;
  for (int k = 0; k < f.n; ++k) dyn_order = dyn_order || (f.n > 1 && !f.d[k].is_static);
  for (int k = 0; k < f.n; ++k) {
    if (dyn_order) { f.s[k].is_static = false; f.d[k].is_static = false; }
    if (cx.checkable(f.d[k]) && f.d[k].v < 0) { cx.fail(Err::negative_stride, f.d[k].v); return out; }
  }
  // Selection sort by stride (ties keep their order).
  for (int i = 0; i < f.n; ++i) {
    int m = i;
    for (int j = i + 1; j < f.n; ++j) if (f.d[j].v < f.d[m].v) m = j;
    Int ts = f.s[m], td = f.d[m];
    for (int j = m; j > i; --j) { f.s[j] = f.s[j - 1]; f.d[j] = f.d[j - 1]; }
    f.s[i] = ts; f.d[i] = td;
  }
  if (cx.tracing()) {
    Layout const sorted = from_modes(f, cx.err);
    TESSEL_TRACE(cx, Step::compl_sorted, M.v, 0, 0, 0, 0, &sorted);
  }
  Modes r;
  Int cur = sint(1);
  for (int k = 0; k < f.n; ++k) {
    Int d = f.d[k];
    // A mode that moves nothing only at run time (a dynamic stride 0 or size 1)
    // keeps its place in the structure as a size-1 mode.
    if (!cx.symbolic && ((!d.is_static && d.v == 0) || (!f.s[k].is_static && f.s[k].v == 1))) {
      r.push({1, false}, cur, cx.err);
      cur.is_static = cur.is_static && d.is_static && f.s[k].is_static;  // as the other pass has it
      continue;
    }
    if (cx.checkable(d, cur)) {
      if (cur.v <= 0) { cx.fail(Err::overflow, d.v, cur.v, k); return out; }
      TESSEL_TRACE(cx, Step::compl_step, k, d.v, cur.v, 0, d.v >= cur.v && d.v % cur.v == 0);
      if (d.v < cur.v || d.v % cur.v != 0) {
        // Name the condition: not injective, or injective but not a tractable chain.
        bool const injective = !TESSEL_HOST_ONLY_WORK || !image_repeats(f, cx);
        cx.fail(injective ? Err::complement_chain : Err::not_injective, d.v, cur.v, k);
        return out;
      }
    }
    // A gap d/cur > 1 below a mode of dynamic shape is static only if the shape
    // is: the mode may turn out to have size 1 (then there is no gap).
    bool st = d.is_static && cur.is_static && (f.s[k].is_static || (cur.v != 0 && d.v == cur.v));
    r.push({cx.symbolic && !st ? 1 : (cur.v ? d.v / cur.v : 1), st}, cur, cx.err);
    cur = ar.mul(d, f.s[k]);
    if (cx.err) return out;  // overflow: cur is no longer meaningful
  }
  bool st = M.is_static && cur.is_static && !dyn_order;
  r.push({cx.symbolic && !st ? 1 : cdiv(M.v, cur.v), st}, cur, cx.err);
  return from_modes(coalesce_modes(r, cx), cx.err);
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement(Layout const& A, Ctx& cx) {
  return complement(A, cosize_int(filter(A, cx), cx.err), cx);
}

}  // namespace tessel::engine
