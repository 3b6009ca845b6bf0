// tessel/engine/composition.hpp: A o B.
#pragma once

#include "by_values.hpp"

namespace TESSEL_NAMESPACE::engine {

// ---- composition ----------------------------------------------------------------------------------------
// A o B for B = N:r (A coalesced, modes M0..Ma : d0..da).
// Stride part: walking A's modes with p = M0*...*M(i-1), p must divide r; where
// c = r/p < Mi (i < a) the walk stops and c must divide Mi (the last mode takes any c).
// Shape part: the quotient (Mi/c, M(i+1), ..., inf) must be weakly left divisible by N:
// each factor F <= the remaining q must divide q.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout compose_leaf(Modes const& a, Int N, Int r, Ctx& cx) {
  Layout out;
  // The stride x*y of a result mode of the given shape. A mode of shape 1
  // (known at run time) adds nothing to any value, so where x*y passes 64
  // bits its stride is 0, the same function; otherwise the overflow is the error.
  auto mode_stride = [&](Int shape, Int x, Int y) {
    Error e;
    Int const p = Arith{&e}.mul(x, y);
    if (e && !(shape.v == 1 && !cx.symbolic)) cx.fail(e.code, e.a, e.b, e.c);
    return p;
  };
  if (known(r, 0)) { TESSEL_TRACE(cx, Step::comp_zero_stride, N.v); out.leaf(N, r, cx.err); return out; }
  if (a.n <= 1) {
    Int d = a.n == 1 ? a.d[0] : sint(0);
    out.leaf(N, mode_stride(N, r, d), cx.err);
    TESSEL_TRACE(cx, Step::comp_one_mode, N.v, out.stride[0].v);
    return out;
  }
  Modes res;
  Int rest_shape = N, rest_stride = r;
  // A static N = 1 is one point, A(0): nothing to check. Its stride is CuTe's,
  // the stride left after walking A's modes times A's last stride
  // (composition((3,8):(6,6), _1:_1) = _1:_6).
  bool const one = known(N, 1);
  bool exact = true;
  i64 fa = 0, fb = 0, fc = 0;
  Err fe = Err::none;
  for (int i = 0; i + 1 < a.n; ++i) {
    Int M = a.s[i], d = a.d[i];
    i64 c = iabs(rest_stride.v);
    // A zero stride known only at run time: the same structure, all strides 0,
    // the first emitted mode taking all of N.
    bool zero = !cx.symbolic && c == 0;
    if (!zero && !one && cx.checkable(M, rest_stride) && exact) {
      bool const ok = c % M.v == 0 || (c < M.v && M.v % c == 0);
      TESSEL_TRACE(cx, Step::comp_stride, i, M.v, c, ok, d.v);
      // A stride that stops inside this mode without dividing it is still exact where the rest
      // of N stays inside the mode, (q-1)*c < M, i.e. q <= ceil(M/c): j -> A(j*r) is j*c*dm there,
      // the walk's (CuTe's) answer; q is N here (no mode before this one took a part of it).
      // Taken where the pass asks for it (Ctx::inside), on the values.
      bool const inside = !ok && cx.inside && c < M.v && cx.checkable(rest_shape) && rest_shape.v >= 1 &&
                          rest_shape.v <= cdiv(M.v, c);
      if (!ok && !inside) { exact = false; fe = Err::stride_divisibility; fa = c; fb = M.v; fc = i; }
    }
    bool st = M.is_static && rest_stride.is_static;
    Int next_shape{(cx.symbolic && !st) ? 1 : zero ? (rest_shape.v > 1 ? rest_shape.v : 1) : cdiv(M.v, c), st};
    Int next_stride{(cx.symbolic && !st) || zero ? 0 + (cx.symbolic && !st) : cdiv(c, M.v) * sgn(rest_stride.v), st};
    if (st && next_shape.v == 1) { rest_stride = next_stride; continue; }
    if (known(rest_shape, 1)) { if (exact) TESSEL_TRACE(cx, Step::comp_used_up, i); rest_stride = next_stride; continue; }
    Int new_shape = min_int(next_shape, rest_shape);
    if (cx.checkable(new_shape, rest_shape) && exact && new_shape.v != 0) {
      bool const ok = rest_shape.v % new_shape.v == 0;
      TESSEL_TRACE(cx, Step::comp_shape, i, rest_shape.v, new_shape.v, ok);
      if (!ok) { exact = false; fe = Err::shape_divisibility; fa = rest_shape.v; fb = new_shape.v; fc = i; }
    }
    res.push(new_shape, mode_stride(new_shape, rest_stride, d), cx.err);
    rest_shape = {new_shape.v ? rest_shape.v / new_shape.v : 1, rest_shape.is_static && new_shape.is_static};
    rest_stride = next_stride;
  }
  if (!exact) {
    // Not left divisible: still exact if the function j -> A(j*r) is a layout.
    if (TESSEL_HOST_ONLY_WORK && !cx.symbolic && !cx.strict) {
      bool const found = compose_by_values(a, N, r, out, cx);
      TESSEL_TRACE(cx, Step::comp_by_values, found, 0, 0, 0, 0, found ? &out : nullptr);
      if (found) return out;
    }
    cx.fail(fe, fa, fb, fc);
    return out;
  }
  Int dl = a.d[a.n - 1];
  if (!known(rest_shape, 1) || res.n == 0) TESSEL_TRACE(cx, Step::comp_last, rest_shape.v, mode_stride(sint(1), rest_stride, dl).v);
  if (res.n == 0) { out.leaf(rest_shape, mode_stride(rest_shape, rest_stride, dl), cx.err); return out; }
  if (!known(rest_shape, 1)) res.push(rest_shape, mode_stride(rest_shape, rest_stride, dl), cx.err);
  return from_modes(res, cx.err);
}

// The result follows B's structure, each leaf of B replaced by A o leaf.
TESSEL_HOST_DEVICE_NOFORCE constexpr void compose_tree(Modes const& a, Layout const& b, Layout& out, Ctx& cx) {
  int k = 0;
  for (int t = 0; t < b.ntok; ++t) {
    if (b.tok[t] == kLeaf) {
      TESSEL_TRACE(cx, Step::comp_leaf, b.shape[k].v, b.stride[k].v, k);
      append_all(out, compose_leaf(a, b.shape[k], b.stride[k], cx), cx.err);
      ++k;
    } else {
      out.push_tok(b.tok[t], cx.err);
    }
  }
}

// composition(A, B) = A o B, R(c) = A(B(c)) for every coordinate c of B.
// Condition: every leaf N:r of B admissible as above, and the intervals
// [r, r*(N-1)] of B's leaves, cut to [1, M0*...*M(a-1)), pairwise disjoint
// (adding coordinates of different leaves never carries across A's modes).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout composition_steps(Layout const& A, Layout const& B, Ctx& cx);
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout composition(Layout const& A, Layout const& B, Ctx& cx) {
  if (!cx.tracing()) return composition_steps(A, B, cx);
  TESSEL_TRACE(cx, Step::op_begin, int(Core::composition), 0, 0, 0, 0, &A, &B);
  Layout r = composition_steps(A, B, cx);
  TESSEL_TRACE(cx, Step::op_end, 0, 0, 0, 0, 0, cx.err ? nullptr : &r);
  return r;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout composition_walk(Layout const& A, Modes a, Layout const& B, Ctx& cx);

// A is read as a function, coalesced first. Coalesced as CuTe does (a mode
// merges into the next only when that one's shape is static), static shapes of
// A stay static in the result; where that walk refuses B but merging every pair
// whose strides match admits it (a dynamic shape between them), the freer one
// is used, so a dynamic shape never makes composition stricter.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout composition_static_merge(Layout const& A, Modes const& a_cute,
                                                                      Modes const& a_any, Layout const& B, Ctx& cx);
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout composition_steps(Layout const& A, Layout const& B, Ctx& cx) {
  Modes const a_cute = coalesce_modes(flat_modes(A), cx, Merge::cute);
  Modes const a_any = coalesce_modes(flat_modes(A), cx, Merge::any);
  if (cx.err) return Layout{};  // (an overflow while coalescing A: its modes mean nothing; found by fuzz_typed)
  // Where A's modes merge only by their run-time values (a dynamic stride
  // that is s*d of the mode before it), the walk on the statically merged
  // modes can refuse what the same function admits: the all-static engine
  // merges them and accepts (found by fuzz/fuzz_typed.cpp:
  // tiled_divide((3,(4294967296,8)):(8,(24,4294967296)),4:2), zipped_divide
  // of (4,4):(5,20) by 1048576:13 with int). Then the run-time pass, where it
  // may (not strict: the typed library fits the result into its type, or names
  // the mismatch), walks the modes merged by value: never stricter than the values.
  Ctx const before = cx;
  Layout r = composition_static_merge(A, a_cute, a_any, B, cx);
  if (!TESSEL_HOST_ONLY_WORK || !cx.err || before.err || cx.symbolic || cx.strict || cx.tracing()) return r;
  if (cx.err.code != Err::stride_divisibility && cx.err.code != Err::shape_divisibility &&
      cx.err.code != Err::not_distributive)
    return r;
  Ctx retry = before;
  Modes const a_val = coalesce_modes(flat_modes(A), retry, Merge::values);
  if (retry.err || a_val.n >= a_any.n) return r;
  Layout const rv = composition_walk(A, a_val, B, retry);
  if (retry.err) return r;
  cx = retry;
  return rv;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout composition_static_merge(Layout const& A, Modes const& a_cute,
                                                                      Modes const& a_any, Layout const& B, Ctx& cx) {
  if (a_cute.n == a_any.n) return composition_walk(A, a_cute, B, cx);
  Ctx trial = cx;
  trial.trace = nullptr;
  Layout r = composition_walk(A, a_cute, B, trial);
  if (trial.err) return composition_walk(A, a_any, B, cx);
  if (cx.tracing()) return composition_walk(A, a_cute, B, cx);  // once more, with the steps reported
  trial.trace = cx.trace;
  cx = trial;
  return r;
}

TESSEL_HOST_DEVICE_NOFORCE constexpr Layout composition_walk(Layout const& A, Modes a, Layout const& B, Ctx& cx) {
  // Past its size, A goes on along its last mode as written (A(i) does, and
  // CuTe's composition does): a static size-1 last mode that coalescing
  // dropped still gives A's values there, so it stays as the unbounded last
  // mode, unless the coalesced last mode already goes on with its stride.
  if (A.nleaf > 0 && known(A.shape[A.nleaf - 1], 1)) {
    Int const d = A.stride[A.nleaf - 1];
    if (a.n == 0) {
      if (!known(d, 0)) a.push(sint(1), d, cx.err);
    } else {
      Int const sd = cx.ar().mul(a.s[a.n - 1], a.d[a.n - 1]);
      if (!(sd.is_static && d.is_static && sd.v == d.v)) a.push(sint(1), d, cx.err);
    }
  }
  if (cx.tracing()) {
    Layout const ac = from_modes(a, cx.err);
    TESSEL_TRACE(cx, Step::comp_coalesced, a.n, 0, 0, 0, 0, &ac);
  }
  Layout out;
  bool outer_fallback = cx.used_fallback;
  cx.used_fallback = false;
  compose_tree(a, B, out, cx);
  bool fallback = cx.used_fallback;
  cx.used_fallback = outer_fallback || fallback;
  if (cx.err || B.nleaf < 2 || a.n < 2) return out;
  // Additivity: A(sum x_k r_k) == sum A(x_k r_k) holds when adding the leaves'
  // images never carries between A's bounded modes, i.e. at each bounded mode
  // the largest digits the leaves put there sum to less than its shape. (The
  // interval condition of the spec is not enough: (6,2):(1,7) o (2,2,2):(1,2,3)
  // has disjoint intervals and carries.) Leaves admitted from their values,
  // and negative strides, are checked point by point instead.
  bool all_known = true;
  for (int i = 0; i + 1 < a.n; ++i) all_known = all_known && a.s[i].is_static;
  for (int k = 0; k < B.nleaf; ++k) all_known = all_known && B.shape[k].is_static && B.stride[k].is_static;
  if ((cx.symbolic || cx.unchecked) && !all_known) return out;
  i64 P = 1;
  for (int i = 0; i + 1 < a.n; ++i) P = cx.ar().mul(P, a.s[i].v);
  bool disjoint = !fallback;
  if (fallback) TESSEL_TRACE(cx, Step::comp_carry_skip, 2);
  i64 digits[kMaxLeaves] = {};
  for (int k = 0; k < B.nleaf && disjoint; ++k) {
    i64 c = B.stride[k].v, q = B.shape[k].v;
    if (c < 0) { disjoint = false; TESSEL_TRACE(cx, Step::comp_carry_skip, 1); break; }
    if (c == 0 || q == 1) continue;
    for (int i = 0; i + 1 < a.n && q > 1; ++i) {
      i64 M = a.s[i].v;
      if (c >= M) { c /= M; continue; }  // passes over this mode (c is a multiple of M)
      i64 const fit = cdiv(M, c);        // (c need not divide M where the leaf ends inside the mode)
      i64 cnt = fit < q ? fit : q;       // digits 0, c, ..., c*(cnt-1) here
      digits[i] += c * (cnt - 1);
      q = cnt ? q / cnt : 1;
      c = 1;
    }
  }
  for (int i = 0; i + 1 < a.n && disjoint; ++i) {
    bool const ok = digits[i] <= a.s[i].v - 1;
    TESSEL_TRACE(cx, Step::comp_carry, i, digits[i], a.s[i].v, ok);
    if (!ok) disjoint = false;
  }
  if (disjoint) return out;
  // A carry is possible: exact only if R(i) == A(B(i)) everywhere (checked
  // where values can be enumerated: at compile time and on the host).
  i64 n = size(B, cx.err);
  Layout al = from_modes(a, cx.err);
  if (TESSEL_HOST_ONLY_WORK && !cx.strict && n <= (i64(1) << 20)) {
    bool ok = true;
    i64 i = 0;
    for (; i < n && ok; ++i) ok = eval(out, i, cx.err) == eval(al, eval(B, i, cx.err), cx.err);
    TESSEL_TRACE(cx, Step::comp_points, n, ok, i - 1);
    if (ok) return out;
  } else {
    TESSEL_TRACE(cx, Step::comp_points, n, 0, 0, 1);
  }
  cx.fail(Err::not_distributive, B.nleaf, P, 0);
  return out;
}

}  // namespace tessel::engine
