// tessel/rt/fit.hpp: give a computed layout the structure of a result type.
//
// The typed API fixes a result's structure and static integers at compile
// time. When the run-time values admit the operation only through the
// engine's by-values search (degenerate inputs: a stride 0, a size 1, a B of
// size 2), the engine's layout can have another structure. fit() looks for
// values of the type's dynamic integers that make it the same layout: each
// mode the two have in common the same size, and the same function of the
// 1-D coordinate. Host only (it serves the by-values path), no recursion.
#pragma once

#include "value.hpp"

namespace tessel::rt {

namespace detail {

// The leaves [kb, ke) of d as coalesced (shape, stride) values.
constexpr int coalesced_values(Layout const& d, int kb, int ke, i64* s, i64* t) {
  int n = 0;
  for (int k = kb; k < ke; ++k) {
    i64 const sk = d.shape[k].v, tk = d.stride[k].v;
    if (sk == 1) continue;
    if (n > 0 && tk == s[n - 1] * t[n - 1]) { s[n - 1] *= sk; continue; }
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

}  // namespace detail

// Fill the dynamic integers of y (a result type's structure, its static
// integers) from the layout d. Where both have a tuple node of the same rank
// their children are fitted one by one, so every common mode keeps its size;
// elsewhere the leaves are fitted to d's function. False if no fit was found.
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
    if (pair && yr == dr) {
      for (int i = yb + 1, k = db + 1; i < ye - 1; i = node_end(y, i), k = node_end(d, k)) {
        if (top >= kMaxTokens) return false;
        yst[top] = i;
        dst[top] = k;
        ++top;
      }
      continue;
    }
    int const ylb = leaves_before(y, yb), yle = ylb + leaves_before(y, ye) - leaves_before(y, yb);
    int const dlb = leaves_before(d, db), dle = dlb + leaves_before(d, de) - leaves_before(d, db);
    if (!detail::fit_leaves(y, ylb, yle, d, dlb, dle)) return false;
  }
  // Same size: the modes fitted above cover their d modes exactly.
  return true;
}

}  // namespace tessel::rt
