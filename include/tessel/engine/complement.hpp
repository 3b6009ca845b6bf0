// tessel/engine/complement.hpp: complement(A, M).
#pragma once

#include "by_values.hpp"

namespace TESSEL_NAMESPACE::engine {

// ---- complement --------------------------------------------------------------------------------------------
// (1, N0 d0, ..., Na da), coalesced. M is rounded up (CuTe's padding).
// Outside that chain (some d_i not a multiple of N(i-1)*d(i-1), but not below
// it), the gaps are rounded down as CuTe does, and R is returned when it meets
// complement's postconditions (docs/ADMISSIBILITY.md), checked from its values:
//   1 (A, R) injective (so R's image meets A's only at 0), 2 R strictly
//   increasing, 3 cosize((A, R)) >= M. (CuTe's test also bounds cosize(R) by
//   round_up(M, cosize(A)); the chain's own unique answer breaks that bound,
//   e.g. complement(2:8, 17) = (8,2):(1,16), so it is not a postcondition.)

// Which postcondition R = complement(A, M) breaks: 0 none, k the first that
// fails, -1 unknown (too large for the bounded check, or device code).
struct ComplementCheck {
  int failed = 0;
  i64 b = 0, c = 0;  // the numbers: 3: M and cosize((A, R))
};
inline constexpr i64 kComplementCheckMax = i64(1) << 16;  // values enumerated, at most
// In a product, (A, R o B) reads R past its end along its last mode, so there
// R need not reach M itself (postcondition 3 is not asked: for_product).
TESSEL_HOST_DEVICE_NOFORCE constexpr ComplementCheck check_complement(Modes const& a, Layout const& R, i64 M,
                                                                      bool for_product = false) {
  Error e;
  Arith ar{&e};
  Modes all;  // A's modes that move, then R's: together (A, R)
  i64 ca = 1;
  for (int k = 0; k < a.n; ++k) {
    if (a.s[k].v <= 1 || a.d[k].v == 0) continue;  // moves nothing (a dynamic size 1 or stride 0)
    all.push(a.s[k], a.d[k], e);
    ca = ar.add(ca, ar.mul(a.s[k].v - 1, a.d[k].v));
  }
  // 2: a colexicographic walk increases at every step iff each stride exceeds the
  // largest value of the modes below it.
  i64 top = 0;
  for (int k = 0; k < R.nleaf; ++k) {
    i64 s = R.shape[k].v, d = R.stride[k].v;
    if (s <= 1) continue;
    if (d <= top) return {2, 0, 0};
    top = ar.add(top, ar.mul(s - 1, d));
    all.push(R.shape[k], R.stride[k], e);
  }
  i64 const car = ar.add(ca, top);  // cosize((A, R)): every stride is positive
  if (e) return {-1, 0, 0};
  if (car < M && !for_product) return {3, M, car};
  if (!TESSEL_HOST_ONLY_WORK || car > kComplementCheckMax) return {-1, 0, 0};
#if !defined(__CUDA_ARCH__)
  // 1: (A, R) injective; its values lie in [0, car), so more points than that repeat.
  i64 n = 1;
  for (int k = 0; k < all.n; ++k) n = ar.mul(n, all.s[k].v);
  if (e || n > car) return {1, 0, 0};
  unsigned long long seen[kComplementCheckMax / 64] = {};
  for (i64 i = 0; i < n; ++i) {
    i64 rest = i, v = 0;
    for (int k = 0; k < all.n; ++k) {
      v += (rest % all.s[k].v) * all.d[k].v;
      rest /= all.s[k].v;
    }
    unsigned long long const bit = 1ull << (v % 64);
    if (seen[v / 64] & bit) return {1, 0, 0};
    seen[v / 64] |= bit;
  }
  return {0, 0, 0};
#else
  return {-1, 0, 0};
#endif
}

// The last mode, ceil(M / (Na da)), keeps the cotarget's modes as CuTe's
// ceil_div of a shape does, where that division is exact (known statically): each
// mode of the cotarget, while part of Na da is still to be divided out, is static
// and divides it or is divided by it. Then, as CuTe's coalesce of a shape,
// neighbours that are both static or both dynamic are multiplied together. E.g.
// cotarget (_128,n) over 64 gives (_2,n):(_64,_128), so dynamic results keep
// CuTe's static integers. Where CuTe's mode-by-mode rounding is not exact it can
// give a longer R (or a shorter one, which is no complement); then, and for an
// integer cotarget, it is one mode.
TESSEL_HOST_DEVICE_NOFORCE constexpr bool cotarget_modes(Layout const& cot, Int cur, Modes& r, Ctx& cx) {
  if (cot.nleaf < 2 || !cur.is_static || cur.v <= 0) return false;
  Modes out;
  i64 q = cur.v;
  Int stride = cur;
  for (int k = 0; k < cot.nleaf; ++k) {
    Int const a = cot.shape[k];
    Int part = a;
    if (q != 1) {
      if (!a.is_static || a.v <= 0) return false;
      if (a.v % q == 0) part = sint(a.v / q), q = 1;
      else if (q % a.v == 0) part = sint(1), q /= a.v;
      else return false;
    }
    if (out.n > 0 && out.s[out.n - 1].is_static == part.is_static) out.s[out.n - 1] = cx.ar().mul(out.s[out.n - 1], part);
    else out.push(part, sint(0), cx.err);
  }
  for (int k = 0; k < out.n; ++k) {
    r.push(out.s[k], stride, cx.err);
    stride = cx.ar().mul(stride, out.s[k]);
  }
  return true;
}

TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement_steps(Layout const& A, Int M, Layout const* cot, Ctx& cx,
                                                             bool for_product);
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement(Layout const& A, Int M, Ctx& cx, bool for_product = false) {
  if (!cx.tracing()) return complement_steps(A, M, nullptr, cx, for_product);
  TESSEL_TRACE(cx, Step::op_begin, int(Core::complement), M.v, 0, 0, 0, &A);
  Layout r = complement_steps(A, M, nullptr, cx, for_product);
  TESSEL_TRACE(cx, Step::op_end, 0, 0, 0, 0, 0, cx.err ? nullptr : &r);
  return r;
}
// complement(A, cotarget) for a cotarget given as a shape (an IntTuple, here the
// shapes of a layout): M is its size; its modes shape the last mode as above.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement(Layout const& A, Layout const& cot, Ctx& cx) {
  Int const M = size_int(cot, cx.err);
  if (cx.err) return Layout{};
  if (!cx.tracing()) return complement_steps(A, M, &cot, cx, false);
  TESSEL_TRACE(cx, Step::op_begin, int(Core::complement), M.v, 0, 0, 0, &A);
  Layout r = complement_steps(A, M, &cot, cx, false);
  TESSEL_TRACE(cx, Step::op_end, 0, 0, 0, 0, 0, cx.err ? nullptr : &r);
  return r;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement_steps(Layout const& A, Int M, Layout const* cot, Ctx& cx,
                                                             bool for_product) {
  Modes f = flat_modes(filter(A, cx));
  Layout out;
  auto ar = cx.ar();
  if (f.n == 1 && known(f.d[0], 0)) {  // nothing moves: R = M (its compact layout)
    TESSEL_TRACE(cx, Step::compl_nothing, M.v);
    Modes r;
    if (!(cot && cotarget_modes(*cot, sint(1), r, cx))) r.push(M, sint(1), cx.err);
    return from_modes(coalesce_modes(r, cx), cx.err);
  }
  // With a dynamic stride among several modes the sort order is known only at
  // run time: then every result integer is dynamic and nothing is merged, so
  // both passes build the same structure.
  bool dyn_order = false;
  for (int k = 0; k < f.n; ++k) dyn_order = dyn_order || (f.n > 1 && !f.d[k].is_static);
  for (int k = 0; k < f.n; ++k) {
    if (dyn_order) { f.s[k].is_static = false; f.d[k].is_static = false; }
    // (A mode of run-time size 1 moves nothing, whatever its stride: it is skipped below, as with
    // a static 1, which filter() drops; flat_product((1):(-1),1) with a dynamic 1 is CuTe's.)
    bool const still = !cx.symbolic && !f.s[k].is_static && f.s[k].v == 1;
    if (cx.checkable(f.d[k]) && f.d[k].v < 0 && !still) { cx.fail(Err::negative_stride, f.d[k].v); return out; }
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
  Error gray;  // the first stride outside the chain, if any
  for (int k = 0; k < f.n; ++k) {
    Int d = f.d[k];
    // A mode that moves nothing only at run time (a dynamic stride 0 or size 1)
    // is skipped: R is the canonical complement, whose cosize is at most
    // round_up(M, cosize(A)) (CuTe's arithmetic takes it as a mode as any other:
    // complement(1:22, (4,2)) with a dynamic 1 is (22,1):(_1,22) in CuTe, of cosize
    // 22 > 8; tessel's (1,8):(_1,1)). A product's A* is read past that bound, where
    // CuTe's non-canonical A* can give another function than the all-static product
    // (logical_product((1,2):(5,1), 2:2) with a dynamic 1: 0,1,5,6 for 0,1,4,5), or
    // the same one (zipped_product(1:25, 6) with a dynamic 1: CuTe's
    // (1,(6,1)):(25,(_1,25))): there a pass that follows the compile-time pass names
    // the mismatch (on the host), and the typed API takes CuTe's arithmetic (the unchecked
    // pass, which keeps the mode) where it is the engine's function, else this skip.
    // Where the compile-time pass typed its gap as dynamic, a size-1
    // mode keeps the place. Where it typed the gap as static (static strides
    // below a dynamic shape, as CuTe: complement(12:_2, M) is (_2, ...)), the
    // structures differ, and the typed API gives the canonical R the result
    // type where it can spell it (engine::fit: (_2,50):(_1,2) for 100:1) or
    // names the mismatch.
    if (!cx.symbolic && !cx.unchecked && ((!d.is_static && d.v == 0) || (!f.s[k].is_static && f.s[k].v == 1))) {
      if (!cx.by_values() && for_product) { cx.fail(Err::structure_mismatch, k); return out; }
      if (!(d.is_static && cur.is_static)) r.push({1, false}, cur, cx.err);
      cur.is_static = cur.is_static && d.is_static && f.s[k].is_static;  // as the other pass has it
      continue;
    }
    if (cx.checkable(d, cur)) {
      if (cur.v <= 0) { cx.fail(Err::overflow, d.v, cur.v, k); return out; }
      bool const multiple = d.v >= cur.v && d.v % cur.v == 0;
      TESSEL_TRACE(cx, Step::compl_step, k, d.v, cur.v, 0, multiple ? 1 : d.v > cur.v ? 2 : 0);
      if (!multiple && d.v > cur.v && !gray) {
        gray = {Err::complement_chain, d.v, cur.v, k};  // CuTe's floor division; R is checked at the end
      } else if (!multiple && d.v <= cur.v) {
        // Name the condition: not injective, or injective but not a tractable chain.
        bool const injective = !TESSEL_HOST_ONLY_WORK || !image_repeats(f, cx);
        cx.fail(injective ? Err::complement_chain : Err::not_injective, d.v, cur.v, k);
        return out;
      }
    }
    bool st = d.is_static && cur.is_static;
    r.push({cx.symbolic && !st ? 1 : (cur.v ? d.v / cur.v : 1), st}, cur, cx.err);
    cur = ar.mul(d, f.s[k]);
    if (cx.err) return out;  // overflow: cur is no longer meaningful
  }
  bool st = M.is_static && cur.is_static && !dyn_order;
  if (!(cot && !dyn_order && cotarget_modes(*cot, cur, r, cx)))
    // (A cotarget of 0 or below comes only from a product whose B has a
    // negative stride: rounded as CuTe's ceil_div, (M + span - 1) / span.)
    r.push({cx.symbolic && !st ? 1 : M.v > 0 ? cdiv(M.v, cur.v) : cur.v > 0 ? (M.v + cur.v - 1) / cur.v : 0, st}, cur, cx.err);
  out = from_modes(coalesce_modes(r, cx), cx.err);
  if (gray && !cx.err && cx.checkable(M)) {  // symbolic with dynamic values: the run-time pass checks
    ComplementCheck const c = check_complement(f, out, M.v, for_product);
    TESSEL_TRACE(cx, Step::compl_checked, c.failed, c.b, c.c, for_product, 0, &out);
    if (c.failed < 0) cx.fail(gray.code, gray.a, gray.b, gray.c);
    else if (c.failed == 1 && TESSEL_HOST_ONLY_WORK && image_repeats(f, cx)) cx.fail(Err::not_injective, gray.a, gray.b, gray.c);
    else if (c.failed) cx.fail(Err::complement_postcondition, c.failed, c.b, c.c);
  }
  return out;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout complement(Layout const& A, Ctx& cx) {
  return complement(A, cosize_int(filter(A, cx), cx.err), cx);
}

}  // namespace tessel::engine
