// tessel/engine/by_values.hpp: the exact fallbacks, in one place. Where a
// divisibility condition fails, the function an operation defines may still be
// a layout (degenerate cases: stride-0 modes, size-1 modes); these searches find
// it from the function's values (bounded; host and compile time only). fit()
// gives such a layout the structure of a typed result.
#pragma once

#include "coalesce.hpp"

namespace TESSEL_NAMESPACE::engine {

// ---- exact fallbacks (host only) ----------------------------------------------------------------------
// Where the divisibility conditions fail, the function may still be a layout
// in degenerate cases (stride-0 modes of A). Then the layout is found from the
// function's values. Bounded in size; at compile time and on the host only.
inline constexpr int kFallbackMax = 4096;

TESSEL_HOST_DEVICE_NOFORCE constexpr bool represent(i64 const* v, int n, int stride_step, Modes& out, Ctx& cx) {
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
TESSEL_HOST_DEVICE_NOFORCE constexpr bool compose_by_values(Modes const& a, Int N, Int r, Layout& out, Ctx& cx) {
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


// v[0..n) sorted ascending: heapsort (constexpr, no allocation, O(n log n)).
TESSEL_HOST_DEVICE_NOFORCE constexpr void sort_values(i64* v, i64 n) {
  auto sift = [v](i64 root, i64 end) {
    while (2 * root + 1 < end) {
      i64 child = 2 * root + 1;
      if (child + 1 < end && v[child] < v[child + 1]) ++child;
      if (!(v[root] < v[child])) return;
      i64 const t = v[root];
      v[root] = v[child];
      v[child] = t;
      root = child;
    }
  };
  for (i64 i = n / 2; i-- > 0;) sift(i, n);
  for (i64 end = n; end-- > 1;) {
    i64 const t = v[0];
    v[0] = v[end];
    v[end] = t;
    sift(0, end);
  }
}

// Whether the image of the flat modes f repeats a value (stride-0 modes aside),
// by enumeration; false when that is not known (too large, not static). Host
// and constant evaluation only: it is used to name an error.
TESSEL_HOST_DEVICE_NOFORCE constexpr bool image_repeats(Modes const& f, Ctx const& cx) {
#if defined(__CUDA_ARCH__)
  (void)f, (void)cx;
  return false;
#else
  i64 n = 1;
  for (int j = 0; j < f.n; ++j) {
    if (!cx.checkable(f.s[j], f.d[j]) || f.s[j].v <= 0 || f.d[j].v < 0 || f.d[j].v > (i64(1) << 40)) return false;
    if (f.d[j].v != 0) {
      if (f.s[j].v > 4096) return false;  // (n * s cannot overflow: both <= 4096; found by fuzz_typed)
      n *= f.s[j].v;
    }
    if (n > 4096) return false;
  }
  // The values (each below 4096 * 2^40: no overflow), sorted: a repeat is two
  // equal neighbours. (Comparing each with all before it took O(n^2): 8 million
  // steps for 4096 values, seconds in the sanitized fuzz target, found by
  // fuzz_typed as a timeout: tiled_product((1024,4):(5,8),4:5).)
  i64 seen[4096] = {};
  for (i64 i = 0; i < n; ++i) {
    i64 rest = i, v = 0;
    for (int j = 0; j < f.n; ++j) {
      if (f.d[j].v == 0) continue;
      v += (rest % f.s[j].v) * f.d[j].v;
      rest /= f.s[j].v;
    }
    seen[i] = v;
  }
  sort_values(seen, n);
  for (i64 i = 1; i < n; ++i)
    if (seen[i] == seen[i - 1]) return true;
  return false;
#endif
}

// complement(A, M): the ordered layout R whose image fills the holes of A up
// to M. Sort A's modes (filtered) by stride; it exists iff each stride d_i is a
// multiple of N(i-1)*d(i-1). Then R = (d0, d1/(N0 d0), ..., ceil(M/(Na da))) :

// Outside the divisibility chain a left inverse may still be a layout: look for
// R = (s1, t):(e1, e2) with R(L(i)) == i for every i (bounded search; host and compile time only).
TESSEL_HOST_DEVICE_NOFORCE constexpr bool left_inverse_search(Layout const& L, Layout& out, Ctx& cx) {
  i64 n = size(L, cx.err);
  if (n > kFallbackMax || n < 2) return false;
  i64 v[kFallbackMax] = {};
  i64 cmax = 0;
  for (i64 i = 0; i < n; ++i) {
    v[i] = eval(L, i, cx.err);
    if (cx.err || v[i] < 0 || v[i] >= (i64(1) << 16)) return false;  // bounded search (v[i] + 1 cannot overflow)
    if (v[i] + 1 > cmax) cmax = v[i] + 1;
  }
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

// ---- fit: a computed layout in the structure of a result type ------------------------------
//
// The typed API fixes a result's structure and static integers at compile
// time. When the run-time values admit the operation only through the
// engine's by-values search (degenerate inputs: a stride 0, a size 1, a B of
// size 2), the engine's layout can have another structure. fit() looks for
// values of the type's dynamic integers that make it the same layout: each
// mode the two have in common the same size, and the same function of the
// 1-D coordinate. Host only (it serves the by-values path), no recursion.

namespace detail {

// The leaves [kb, ke) of d as coalesced (shape, stride) values.
constexpr int coalesced_values(Layout const& d, int kb, int ke, i64* s, i64* t) {
  int n = 0;
  for (int k = kb; k < ke; ++k) {
    i64 const sk = d.shape[k].v, tk = d.stride[k].v;
    if (sk == 1) continue;
    Error e;
    Arith const ar{&e};
    if (n > 0 && tk == ar.mul(s[n - 1], t[n - 1]) && !e) {
      i64 const m = ar.mul(s[n - 1], sk);
      if (!e) { s[n - 1] = m; continue; }
    }
    s[n] = sk;
    t[n] = tk;
    ++n;
  }
  return n;
}

// Fill the leaves [yb, ye) of y (whose static integers stay) so that they
// spell the function of d's leaves [db, de). Greedy: a static shape takes
// that many steps of d's current mode; a dynamic one the rest of it.
constexpr bool fit_leaves(Layout& y, int yb, int ye, Layout const& d, int db, int de) {
  i64 s[kMaxLeaves] = {}, t[kMaxLeaves] = {};
  int const n = coalesced_values(d, db, de, s, t);
  int j = 0;
  i64 used = 1;  // steps of d's mode j taken so far
  for (int k = yb; k < ye; ++k) {
    while (j < n && used == s[j]) { ++j; used = 1; }
    Int& ys = y.shape[k];
    Int& yt = y.stride[k];
    if (ys.is_static && ys.v == 1) {
      if (!yt.is_static) yt.v = 0;
      continue;
    }
    if (j == n) {  // nothing left: a dynamic size 1
      if (ys.is_static) return false;
      ys.v = 1;
      if (!yt.is_static) yt.v = 0;
      continue;
    }
    i64 const take = ys.is_static ? ys.v : s[j] / used;
    i64 const stride = t[j] * used;
    if (take <= 0 || s[j] % (used * take) != 0) return false;
    if (yt.is_static && yt.v != stride) {
      if (ys.is_static) return false;
      ys.v = 1;  // a dynamic leaf that cannot take this mode takes nothing
      continue;
    }
    ys.v = take;
    yt.v = stride;
    used *= take;
  }
  while (j < n && used == s[j]) { ++j; used = 1; }
  return j == n;
}

// Push the pairs of children of the tuple nodes y[yb, ye) and d[db, ...) (of the same rank) on
// the stacks yst, dst of fit and same_fit. False when the stacks are full.
constexpr bool push_children(Layout const& y, int yb, int ye, Layout const& d, int db, int* yst, int* dst, int& top) {
  for (int i = yb + 1, k = db + 1; i < ye - 1; i = node_end(y, i), k = node_end(d, k)) {
    if (top >= kMaxTokens) return false;
    yst[top] = i;
    dst[top] = k;
    ++top;
  }
  return true;
}

}  // namespace detail

// Fill the dynamic integers of y (a result type's structure, its static
// integers) from the layout d. Where both have a tuple node of the same rank
// their children are fitted one by one, so every common mode keeps its size;
// elsewhere the leaves are fitted to d's function, except that the two top
// levels must have the same rank. False if no fit was found.
constexpr bool fit(Layout& y, Layout const& d) {
  // A stack of node pairs (token positions in y and d).
  int yst[kMaxTokens] = {}, dst[kMaxTokens] = {};
  int top = 0;
  yst[top] = 0;
  dst[top] = 0;
  ++top;
  while (top > 0) {
    --top;
    int const yb = yst[top], db = dst[top];
    int const ye = node_end(y, yb), de = node_end(d, db);
    bool const pair = y.tok[yb] == kOpen && d.tok[db] == kOpen;
    int yr = 0, dr = 0;
    if (pair) {
      for (int i = yb + 1; i < ye - 1; i = node_end(y, i)) ++yr;
      for (int i = db + 1; i < de - 1; i = node_end(d, i)) ++dr;
    }
    // The top-level modes of two different ranks: which of y's modes would take which part
    // of d is not determined (a greedy fit by leaves gave dynamic flat_divide((8,2):(1,8),1:6)
    // the shape (16,1,(1,1),(1,1)), the whole layout in its tile mode): no fit. Below the top
    // level a mode keeps its size (its parent's children are paired) and its leaves are refit.
    if (pair && yr != dr && yb == 0 && db == 0) return false;
    if (pair && yr == dr) {
      if (!detail::push_children(y, yb, ye, d, db, yst, dst, top)) return false;
      continue;
    }
    int const ylb = leaves_before(y, yb), yle = ylb + leaves_before(y, ye) - leaves_before(y, yb);
    int const dlb = leaves_before(d, db), dle = dlb + leaves_before(d, de) - leaves_before(d, db);
    if (!detail::fit_leaves(y, ylb, yle, d, dlb, dle)) return false;
  }
  // Same size: the modes fitted above cover their d modes exactly.
  return true;
}

// Whether y, a layout of a result type's structure (the typed API's run-time pass that follows
// the compile-time pass), is a fit of d (the engine's own result) in fit()'s sense: where both
// have a tuple node of the same rank and their children have the same sizes, the children are
// compared one by one; elsewhere the leaves below spell the same function (the same modes once
// coalesced: the same size, the same values); two top levels that are tuples have the same rank
// and modes of the same sizes. flat: the two are compared as one function
// each (a result that is one function of a 1-D index, whose modes carry no meaning of their
// own: complement, the inverses, coalesce). Host only, no recursion.
constexpr bool same_fit(Layout const& y, Layout const& d, bool flat) {
  int yst[kMaxTokens] = {}, dst[kMaxTokens] = {};
  int top = 1;
  while (top > 0) {
    --top;
    int const yb = yst[top], db = dst[top];
    int const ye = node_end(y, yb), de = node_end(d, db);
    bool const pair = !flat && y.tok[yb] == kOpen && d.tok[db] == kOpen;
    int yr = 0, dr = 0;
    if (pair) {
      for (int i = yb + 1; i < ye - 1; i = node_end(y, i)) ++yr;
      for (int i = db + 1; i < de - 1; i = node_end(d, i)) ++dr;
    }
    if (pair && yr != dr && yb == 0 && db == 0) return false;
    // Children of the same sizes are compared one by one; below the top level, two tuples
    // whose children split the node differently (the modes of one walk, as (6,1):(1,25) and
    // (1,6):(1,1)) are compared as one function each.
    bool split = false;
    for (int i = yb + 1, k = db + 1; pair && yr == dr && i < ye - 1; i = node_end(y, i), k = node_end(d, k)) {
      Error e;
      Layout a, b;
      append_node(a, y, i, node_end(y, i), e);
      append_node(b, d, k, node_end(d, k), e);
      i64 const na = size(a, e), nb = size(b, e);
      split = split || na != nb || static_cast<bool>(e);
    }
    if (split && yb == 0 && db == 0) return false;
    if (pair && yr == dr && !split) {
      if (!detail::push_children(y, yb, ye, d, db, yst, dst, top)) return false;
      continue;
    }
    int const ylb = leaves_before(y, yb), yle = leaves_before(y, ye);
    int const dlb = leaves_before(d, db), dle = leaves_before(d, de);
    i64 s1[kMaxLeaves] = {}, t1[kMaxLeaves] = {}, s2[kMaxLeaves] = {}, t2[kMaxLeaves] = {};
    int const n1 = detail::coalesced_values(y, ylb, yle, s1, t1);
    int const n2 = detail::coalesced_values(d, dlb, dle, s2, t2);
    if (n1 != n2) return false;
    for (int k = 0; k < n1; ++k)
      if (s1[k] != s2[k] || t1[k] != t2[k]) return false;
  }
  return true;
}

}  // namespace tessel::engine
