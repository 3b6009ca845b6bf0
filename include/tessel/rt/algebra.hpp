// tessel/rt/algebra.hpp: the layout algebra over layout values, with exact
// admissibility. Conditions are those of ../shared/spec/admissibility.md
// (Shah; Cecka; Carlisle et al.). Structure follows CuTe: a mode is dropped or
// merged only when the facts that allow it are static, so static and dynamic
// runs give the same function and static runs print as CuTe prints.
#pragma once

#include "value.hpp"

namespace tessel::rt {

// The context of one evaluation. In symbolic mode (the compile-time pass that
// decides the structure of a result with dynamic inputs) dynamic values are
// placeholders: conditions on them are left to the run-time pass.
struct Ctx {
  Error err{};
  bool symbolic = false;
  bool used_fallback = false;  // a leaf was admitted from its values, not by divisibility
  bool strict = false;         // no value-based fallbacks (the run-time pass of a typed call
                               // with dynamic integers must build what the compile-time pass typed)
  TESSEL_HD constexpr Arith ar() { return Arith{&err}; }
  TESSEL_HD constexpr bool checkable(Int a, Int b = sint(0)) const {
    return !symbolic || (a.is_static && b.is_static);
  }
  TESSEL_HD constexpr void fail(Err e, i64 a = 0, i64 b = 0, i64 c = 0) {
    if (!err) err = {e, a, b, c};
  }
};

TESSEL_HD constexpr Int min_int(Int a, Int b) { return {a.v < b.v ? a.v : b.v, a.is_static && b.is_static}; }

// ---- coalesce ----------------------------------------------------------------------------------------
// coalesce(L): the same function on [0, size(L)) with the fewest modes:
// flatten, drop size-1 modes, merge s0:d0 ++ s1:s0*d0 into s0*s1:d0. A mode is
// dropped or merged only when that is known statically. No condition: always defined.
TESSEL_HD constexpr Modes coalesce_modes(Modes const& in, Ctx& cx) {
  Modes out;
  if (in.n == 0) return out;
  // Walk from the back like CuTe, building the result in reverse.
  Int rs[kMaxLeaves] = {}, rd[kMaxLeaves] = {};
  int n = 0;
  rs[0] = in.s[in.n - 1]; rd[0] = in.d[in.n - 1]; n = 1;
  for (int i = in.n - 2; i >= 0; --i) {
    Int s = in.s[i], d = in.d[i];
    Int& fs = rs[n - 1];
    Int& fd = rd[n - 1];
    if (known(s, 1)) continue;
    if (n == 1 && known(fs, 1)) { fs = s; fd = d; continue; }
    Int sd = cx.ar().mul(s, d);
    // The merge condition d(i+1) == s(i)*d(i) must be known statically; the
    // shapes need not be (a dynamic (s0,s1):(0,0) merges to (s0*s1):0).
    if (sd.is_static && fd.is_static && sd.v == fd.v) {
      fs = cx.ar().mul(s, fs);
      fd = d;
      continue;
    }
    rs[n] = s; rd[n] = d; ++n;
  }
  if (n == 1 && known(rs[0], 1)) return out;  // everything had size 1: _1:_0
  for (int k = n - 1; k >= 0; --k) out.push(rs[k], rd[k], cx.err);
  return out;
}
TESSEL_HD constexpr Layout coalesce(Layout const& l, Ctx& cx) {
  return from_modes(coalesce_modes(flat_modes(l), cx), cx.err);
}

// coalesce(L, profile): coalesce at the terminals of the profile (by mode).
// Condition: rank(profile) <= rank(L).
TESSEL_HD constexpr Layout coalesce_by(Layout const& l, Layout const& prof, int pb, Ctx& cx, bool filter_zeros_first);
TESSEL_HD constexpr Layout filter(Layout const& l, Ctx& cx);

TESSEL_HD constexpr Layout coalesce_by(Layout const& l, Layout const& prof, int pb, Ctx& cx, bool filt) {
  if (prof.tok[pb] != kOpen) return filt ? filter(l, cx) : coalesce(l, cx);
  int pe = node_end(prof, pb);
  int m = 0;
  for (int t = pb + 1; t < pe - 1; t = node_end(prof, t)) ++m;
  int r = rank(l);
  if (m > r) { cx.fail(Err::rank_mismatch, m, r); return l; }
  Builder b(cx.err);
  int i = 0;
  for (int t = pb + 1; t < pe - 1; t = node_end(prof, t), ++i) b.add(coalesce_by(mode(l, i, cx.err), prof, t, cx, filt));
  for (; i < r; ++i) b.add(mode(l, i, cx.err));
  return b.done();
}
TESSEL_HD constexpr Layout coalesce(Layout const& l, Layout const& profile, Ctx& cx) {
  return coalesce_by(l, profile, 0, cx, false);
}

// filter_zeros(L): shape 1 where the stride is a static 0.
TESSEL_HD constexpr Layout filter_zeros(Layout const& l) {
  Layout r = l;
  for (int k = 0; k < r.nleaf; ++k)
    if (known(r.stride[k], 0)) r.shape[k] = sint(1);
  return r;
}
// filter(L) = coalesce(filter_zeros(L)): the modes that move, coalesced.
TESSEL_HD constexpr Layout filter(Layout const& l, Ctx& cx) { return coalesce(filter_zeros(l), cx); }
TESSEL_HD constexpr Layout filter(Layout const& l, Layout const& profile, Ctx& cx) {
  return coalesce_by(l, profile, 0, cx, true);
}

// ---- exact fallbacks (host only) ----------------------------------------------------------------------
// Where the divisibility conditions fail, the function may still be a layout
// in degenerate cases (stride-0 modes of A). Then the layout is found from the
// function's values. Bounded in size; at compile time and on the host only.
inline constexpr int kFallbackMax = 4096;

TESSEL_HD constexpr bool represent(i64 const* v, int n, int stride_step, Modes& out, Ctx& cx) {
  // v[j * stride_step], j < n: find modes (s1,e1),(s2,e2),... with the same values.
  if (n == 1) return true;
  i64 e1 = v[stride_step];
  // Sums and products that overflow are mismatches (checked: the values can be near 2^63).
  Error ovf;
  Arith ar{&ovf};
  auto eq_mul = [&](i64 want, i64 a, i64 b) { ovf = {}; i64 x = ar.mul(a, b); return !ovf && x == want; };
  auto eq_add = [&](i64 want, i64 a, i64 b) { ovf = {}; i64 x = ar.add(a, b); return !ovf && x == want; };
  for (int s1 = 2; s1 <= n; ++s1) {
    if (n % s1) continue;
    bool ok = true;
    for (int j = 1; j < s1 && ok; ++j) ok = eq_mul(v[j * stride_step], j, e1);
    if (!ok) break;  // a longer first mode needs this prefix too
    for (int k = 1; k < n / s1 && ok; ++k)
      for (int j = 1; j < s1 && ok; ++j) ok = eq_add(v[(j + s1 * k) * stride_step], v[j * stride_step], v[s1 * k * stride_step]);
    if (!ok) continue;
    int mark = out.n;
    out.push(sint(s1), sint(e1), cx.err);
    if (represent(v, n / s1, stride_step * s1, out, cx)) return true;
    out.n = mark;
  }
  return false;
}

// The layout of j -> A(j*r), j < N, found from its values (bounded).
TESSEL_HD constexpr bool compose_by_values(Modes const& a, Int N, Int r, Layout& out, Ctx& cx) {
  if (N.v > kFallbackMax) return false;
  i64 v[kFallbackMax] = {};
  Layout al = from_modes(a, cx.err);
  for (i64 j = 0; j < N.v; ++j) v[j] = eval(al, cx.ar().mul(j, r.v), cx.err);
  Modes found;
  if (!represent(v, int(N.v), 1, found, cx)) return false;
  cx.used_fallback = true;
  out = from_modes(coalesce_modes(found, cx), cx.err);
  return true;
}

// ---- composition ----------------------------------------------------------------------------------------
// A o B for B = N:r (A coalesced, modes M0..Ma : d0..da).
// Stride part: walking A's modes with p = M0*...*M(i-1), p must divide r; where
// c = r/p < Mi (i < a) the walk stops and c must divide Mi (the last mode takes any c).
// Shape part: the quotient (Mi/c, M(i+1), ..., inf) must be weakly left divisible by N:
// each factor F <= the remaining q must divide q.
TESSEL_HD constexpr Layout compose_leaf(Modes const& a, Int N, Int r, Ctx& cx) {
  Layout out;
  auto ar = cx.ar();
  if (known(r, 0)) { out.leaf(N, r, cx.err); return out; }
  if (a.n <= 1) {
    Int d = a.n == 1 ? a.d[0] : sint(0);
    out.leaf(N, ar.mul(r, d), cx.err);
    return out;
  }
  Modes res;
  Int rest_shape = N, rest_stride = r;
  bool exact = true;
  i64 fa = 0, fb = 0, fc = 0;
  Err fe = Err::none;
  for (int i = 0; i + 1 < a.n; ++i) {
    Int M = a.s[i], d = a.d[i];
    i64 c = iabs(rest_stride.v);
    // A zero stride known only at run time: the same structure, all strides 0,
    // the first emitted mode taking all of N.
    bool zero = !cx.symbolic && c == 0;
    if (!zero && cx.checkable(M, rest_stride) && exact && !(c % M.v == 0 || (c < M.v && M.v % c == 0))) {
      exact = false; fe = Err::stride_divisibility; fa = c; fb = M.v; fc = i;
    }
    bool st = M.is_static && rest_stride.is_static;
    Int next_shape{(cx.symbolic && !st) ? 1 : zero ? (rest_shape.v > 1 ? rest_shape.v : 1) : cdiv(M.v, c), st};
    Int next_stride{(cx.symbolic && !st) || zero ? 0 + (cx.symbolic && !st) : cdiv(c, M.v) * sgn(rest_stride.v), st};
    if (st && next_shape.v == 1) { rest_stride = next_stride; continue; }
    if (known(rest_shape, 1)) { rest_stride = next_stride; continue; }
    Int new_shape = min_int(next_shape, rest_shape);
    if (cx.checkable(new_shape, rest_shape) && exact && new_shape.v != 0 && rest_shape.v % new_shape.v != 0) {
      exact = false; fe = Err::shape_divisibility; fa = rest_shape.v; fb = new_shape.v; fc = i;
    }
    res.push(new_shape, ar.mul(rest_stride, d), cx.err);
    rest_shape = {new_shape.v ? rest_shape.v / new_shape.v : 1, rest_shape.is_static && new_shape.is_static};
    rest_stride = next_stride;
  }
  if (!exact) {
    // Not left divisible: still exact if the function j -> A(j*r) is a layout.
    if (TESSEL_HOST_ONLY_WORK && !cx.symbolic && !cx.strict && compose_by_values(a, N, r, out, cx)) return out;
    cx.fail(fe, fa, fb, fc);
    return out;
  }
  Int dl = a.d[a.n - 1];
  if (res.n == 0) { out.leaf(rest_shape, ar.mul(rest_stride, dl), cx.err); return out; }
  if (!known(rest_shape, 1)) res.push(rest_shape, ar.mul(rest_stride, dl), cx.err);
  return from_modes(res, cx.err);
}

// The result follows B's structure, each leaf of B replaced by A o leaf.
TESSEL_HD constexpr void compose_tree(Modes const& a, Layout const& b, Layout& out, Ctx& cx) {
  int k = 0;
  for (int t = 0; t < b.ntok; ++t) {
    if (b.tok[t] == kLeaf) {
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
TESSEL_HD constexpr Layout composition(Layout const& A, Layout const& B, Ctx& cx) {
  Modes a = coalesce_modes(flat_modes(A), cx);
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
  if (cx.symbolic && !all_known) return out;
  i64 P = 1;
  for (int i = 0; i + 1 < a.n; ++i) P = cx.ar().mul(P, a.s[i].v);
  bool disjoint = !fallback;
  i64 digits[kMaxLeaves] = {};
  for (int k = 0; k < B.nleaf && disjoint; ++k) {
    i64 c = B.stride[k].v, q = B.shape[k].v;
    if (c < 0) { disjoint = false; break; }
    if (c == 0 || q == 1) continue;
    for (int i = 0; i + 1 < a.n && q > 1; ++i) {
      i64 M = a.s[i].v;
      if (c >= M) { c /= M; continue; }  // passes over this mode (c is a multiple of M)
      i64 cnt = M / c < q ? M / c : q;  // digits 0, c, ..., c*(cnt-1) here
      digits[i] += c * (cnt - 1);
      q = cnt ? q / cnt : 1;
      c = 1;
    }
  }
  for (int i = 0; i + 1 < a.n && disjoint; ++i)
    if (digits[i] > a.s[i].v - 1) disjoint = false;
  if (disjoint) return out;
  // A carry is possible: exact only if R(i) == A(B(i)) everywhere (checked
  // where values can be enumerated: at compile time and on the host).
  i64 n = size(B, cx.err);
  Layout al = from_modes(a, cx.err);
  if (TESSEL_HOST_ONLY_WORK && !cx.strict && n <= (i64(1) << 20)) {
    bool ok = true;
    for (i64 i = 0; i < n && ok; ++i) ok = eval(out, i, cx.err) == eval(al, eval(B, i, cx.err), cx.err);
    if (ok) return out;
  }
  cx.fail(Err::not_distributive, B.nleaf, P, 0);
  return out;
}

// ---- complement --------------------------------------------------------------------------------------------
// Whether the image of the flat modes f repeats a value (stride-0 modes aside),
// by enumeration; false when that is not known (too large, not static). Host
// and constant evaluation only: it is used to name an error.
TESSEL_HD constexpr bool image_repeats(Modes const& f, Ctx const& cx) {
#if defined(__CUDA_ARCH__)
  (void)f, (void)cx;
  return false;
#else
  i64 n = 1;
  for (int j = 0; j < f.n; ++j) {
    if (!cx.checkable(f.s[j], f.d[j]) || f.s[j].v <= 0 || f.d[j].v < 0 || f.d[j].v > (i64(1) << 40)) return false;
    if (f.d[j].v != 0) n *= f.s[j].v;
    if (n > 4096) return false;
  }
  i64 seen[4096] = {};
  for (i64 i = 0; i < n; ++i) {
    i64 rest = i, v = 0;
    for (int j = 0; j < f.n; ++j) {
      if (f.d[j].v == 0) continue;
      v += (rest % f.s[j].v) * f.d[j].v;
      rest /= f.s[j].v;
    }
    for (i64 k = 0; k < i; ++k)
      if (seen[k] == v) return true;
    seen[i] = v;
  }
  return false;
#endif
}

// complement(A, M): the ordered layout R whose image fills the holes of A up
// to M. Sort A's modes (filtered) by stride; it exists iff each stride d_i is a
// multiple of N(i-1)*d(i-1). Then R = (d0, d1/(N0 d0), ..., ceil(M/(Na da))) :
// (1, N0 d0, ..., Na da), coalesced. M is rounded up (CuTe's padding).
TESSEL_HD constexpr Layout complement(Layout const& A, Int M, Ctx& cx) {
  Modes f = flat_modes(filter(A, cx));
  Layout out;
  auto ar = cx.ar();
  if (f.n == 1 && known(f.d[0], 0)) {  // nothing moves: R = M (its compact layout)
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
TESSEL_HD constexpr Layout complement(Layout const& A, Ctx& cx) {
  return complement(A, cosize_int(filter(A, cx), cx.err), cx);
}

// ---- inverses ---------------------------------------------------------------------------------------------
// right_inverse(L): the largest R with L(R(i)) == i for i < size(R): follow the
// chain of strides 1, s*d, ... through L's coalesced modes (static strides only).
TESSEL_HD constexpr Layout right_inverse(Layout const& L, Ctx& cx) {
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

// Outside the divisibility chain a left inverse may still be a layout: look for
// R = (s1, t):(e1, e2) with R(L(i)) == i for every i (bounded search; host and compile time only).
TESSEL_HD constexpr bool left_inverse_search(Layout const& L, Layout& out, Ctx& cx) {
  i64 n = size(L, cx.err);
  if (n > kFallbackMax || n < 2) return false;
  i64 v[kFallbackMax] = {};
  i64 cmax = 0;
  for (i64 i = 0; i < n; ++i) { v[i] = eval(L, i, cx.err); if (v[i] < 0) return false; if (v[i] + 1 > cmax) cmax = v[i] + 1; }
  if (cx.err || cmax > (i64(1) << 16)) return false;  // bounded search
  for (i64 s1 = 2; s1 <= cmax; ++s1) {
    i64 e1 = 0, e2 = 0;
    bool h1 = false, h2 = false, ok = true;
    for (i64 i = 0; i < n && ok; ++i) {  // pure points fix e1 and e2
      i64 a = v[i] % s1, b = v[i] / s1;
      if (b == 0 && a != 0) { if (i % a) ok = false; else if (!h1) { e1 = i / a; h1 = true; } }
      if (a == 0 && b != 0) { if (i % b) ok = false; else if (!h2) { e2 = i / b; h2 = true; } }
    }
    for (i64 i = 0; i < n && ok && !(h1 && h2); ++i) {  // else a mixed point fixes the other
      i64 a = v[i] % s1, b = v[i] / s1;
      if (a && b && h2 && !h1 && (i - e2 * b) % a == 0) { e1 = (i - e2 * b) / a; h1 = true; }
      if (a && b && h1 && !h2 && (i - e1 * a) % b == 0) { e2 = (i - e1 * a) / b; h2 = true; }
    }
    for (i64 i = 0; i < n && ok; ++i) ok = e1 * (v[i] % s1) + e2 * (v[i] / s1) == i;
    if (!ok) continue;
    Modes m;
    m.push(sint(s1), sint(e1), cx.err);
    m.push(sint(cdiv(cmax, s1)), sint(e2), cx.err);
    out = from_modes(m, cx.err);
    return true;
  }
  // Three modes, small cases: R(x) = e1*(x%s1) + e2*((x/s1)%s2) + e3*(x/(s1*s2)).
  if (cmax > 64 || n > 32) return false;
  for (i64 s1 = 2; s1 <= cmax; ++s1)
    for (i64 s2 = 2; s2 <= cmax / s1 + 1; ++s2)
      for (i64 e1 = 0; e1 <= n; ++e1)
        for (i64 e2 = 0; e2 <= n; ++e2) {
          i64 e3 = 0;
          bool h3 = false, ok = true;
          for (i64 i = 0; i < n && ok; ++i) {
            i64 a = v[i] % s1, b = (v[i] / s1) % s2, c = v[i] / (s1 * s2), rest = i - e1 * a - e2 * b;
            if (c == 0) ok = rest == 0;
            else if (rest % c) ok = false;
            else if (!h3) { e3 = rest / c; h3 = true; }
            else ok = e3 * c == rest;
          }
          if (!ok) continue;
          Modes m;
          m.push(sint(s1), sint(e1), cx.err);
          m.push(sint(s2), sint(e2), cx.err);
          m.push(sint(cdiv(cmax, s1 * s2)), sint(e3), cx.err);
          out = from_modes(m, cx.err);
          return true;
        }
  return false;
}

// left_inverse(L): R with R(L(i)) == i for i < size(L) (L injective). Sorted by
// stride, each stride must be a multiple of the size covered so far.
TESSEL_HD constexpr Layout left_inverse(Layout const& L, Ctx& cx) {
  Modes c = coalesce_modes(flat_modes(L), cx);
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
  int last = -1;  // position in ord of the last mode that moves something
  for (int q = 0; q < m; ++q) {
    int k = ord[q];
    Int d = c.d[k];
    if (!cx.symbolic && ((!d.is_static && d.v == 0) || (!c.s[k].is_static && c.s[k].v == 1))) continue;
    if (cx.checkable(covered, d) && (covered.v <= 0 || d.v % covered.v != 0)) {
      if (TESSEL_HOST_ONLY_WORK && !cx.symbolic && !cx.strict && left_inverse_search(L, out, cx)) return out;
      cx.fail(Err::left_inverse_divisibility, d.v, covered.v, k);
      return out;
    }
    bool const st = last + 1 < first_dyn;
    Int g{cx.symbolic && !st ? 1 : d.v / covered.v, st};
    shapes[last + 1] = g;
    covered = cx.ar().mul(covered, g);
    last = q;
  }
  // The last entry is static only when nothing before it can move (first_dyn == m).
  if (last >= 0) shapes[last + 1] = {c.s[ord[last]].v, (last + 1 < first_dyn || first_dyn == m) && c.s[ord[last]].is_static};
  for (int q = 0; q <= m; ++q) r.push(shapes[q], strides[q], cx.err);
  return from_modes(coalesce_modes(r, cx), cx.err);
}

}  // namespace tessel::rt
