// tessel/engine/value.hpp: layouts as values. The runtime engine represents a
// layout whose structure is known only at run time (parsed text) as a token
// list spelling its tuple structure plus one (shape, stride) pair per leaf.
// Everything is constexpr and allocation-free, so the same code evaluates the
// algebra at compile time for static layouts and at run time for parsed ones.
//
// Each integer carries whether it is static: the typed library maps static
// leaves to C<v> and dynamic ones to plain integers, and the algebra decides
// structure from static facts only (as CuTe does), so a result's structure
// never depends on a dynamic value.
#pragma once

#include "int.hpp"

namespace TESSEL_NAMESPACE::engine {

// ---- the layout value ----------------------------------------------------------------------------

enum : signed char { kOpen = -1, kClose = -2, kLeaf = 0 };

// A hierarchical layout. tok spells the tuple structure of the shape: kOpen
// and kClose around each tuple, kLeaf for each integer (no commas). A layout
// whose shape is an integer has the single token kLeaf.
struct Layout {
  int ntok = 0;
  int nleaf = 0;
  signed char tok[kMaxTokens] = {};
  Int shape[kMaxLeaves] = {};
  Int stride[kMaxLeaves] = {};

  TESSEL_HOST_DEVICE_NOFORCE constexpr bool push_tok(signed char t, Error& e) {
    if (ntok >= kMaxTokens) { if (!e) e = {Err::too_large, ntok, 0, 0}; return false; }
    tok[ntok++] = t;
    return true;
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr void open(Error& e) { push_tok(kOpen, e); }
  TESSEL_HOST_DEVICE_NOFORCE constexpr void close(Error& e) { push_tok(kClose, e); }
  TESSEL_HOST_DEVICE_NOFORCE constexpr void leaf(Int s, Int d, Error& e) {
    if (nleaf >= kMaxLeaves) { if (!e) e = {Err::too_large, nleaf, 0, 0}; return; }
    if (!push_tok(kLeaf, e)) return;
    shape[nleaf] = s;
    stride[nleaf] = d;
    ++nleaf;
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr bool is_tuple() const { return ntok > 0 && tok[0] == kOpen; }
};

// The end of the node starting at token b.
TESSEL_HOST_DEVICE_NOFORCE constexpr int node_end(Layout const& l, int b) {
  if (l.tok[b] == kLeaf) return b + 1;
  int depth = 0, i = b;
  do {
    if (l.tok[i] == kOpen) ++depth;
    else if (l.tok[i] == kClose) --depth;
    ++i;
  } while (depth > 0 && i < l.ntok);
  return i;
}
// The number of leaves before token position t.
TESSEL_HOST_DEVICE_NOFORCE constexpr int leaves_before(Layout const& l, int t) {
  int n = 0;
  for (int i = 0; i < t; ++i) n += l.tok[i] == kLeaf;
  return n;
}

// rank: number of top-level modes (1 for an integral layout).
TESSEL_HOST_DEVICE_NOFORCE constexpr int rank(Layout const& l) {
  if (!l.is_tuple()) return 1;
  int r = 0;
  for (int i = 1; i < l.ntok - 1; i = node_end(l, i)) ++r;
  return r;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr int depth(Layout const& l) {
  int d = 0, m = 0;
  for (int i = 0; i < l.ntok; ++i) {
    if (l.tok[i] == kOpen) m = ++d > m ? d : m;
    else if (l.tok[i] == kClose) --d;
  }
  return m;
}

// The same layout, value for value: structure, shapes and strides (which integers are
// static is not compared).
TESSEL_HOST_DEVICE_NOFORCE constexpr bool same_values(Layout const& a, Layout const& b) {
  if (a.ntok != b.ntok || a.nleaf != b.nleaf) return false;
  for (int t = 0; t < a.ntok; ++t)
    if (a.tok[t] != b.tok[t]) return false;
  for (int k = 0; k < a.nleaf; ++k)
    if (a.shape[k].v != b.shape[k].v || a.stride[k].v != b.stride[k].v) return false;
  return true;
}

// Append the subtree [b, e) of src to dst.
TESSEL_HOST_DEVICE_NOFORCE constexpr void append_node(Layout& dst, Layout const& src, int b, int e, Error& err) {
  int k = leaves_before(src, b);
  for (int i = b; i < e; ++i) {
    if (src.tok[i] == kLeaf) { dst.leaf(src.shape[k], src.stride[k], err); ++k; }
    else dst.push_tok(src.tok[i], err);
  }
}
TESSEL_HOST_DEVICE_NOFORCE constexpr void append_all(Layout& dst, Layout const& src, Error& err) {
  append_node(dst, src, 0, src.ntok, err);
}

// mode(l, i): the i-th top-level mode as a layout (the layout itself for an integral one).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout mode(Layout const& l, int i, Error& err) {
  Layout r;
  if (!l.is_tuple()) { r = l; return r; }
  int k = 0;
  for (int t = 1; t < l.ntok - 1; t = node_end(l, t), ++k) {
    if (k == i) { append_node(r, l, t, node_end(l, t), err); return r; }
  }
  if (!err) err = {Err::bad_argument, i, 0, 0};
  return r;
}

// A layout whose modes are the given layouts (concatenation, as make_layout(a, b, ...)).
struct Builder {
  Layout out;
  Error* err;
  TESSEL_HOST_DEVICE_NOFORCE constexpr Builder(Error& e) : out(), err(&e) { out.open(e); }
  TESSEL_HOST_DEVICE_NOFORCE constexpr Builder& add(Layout const& m) { append_all(out, m, *err); return *this; }
  TESSEL_HOST_DEVICE_NOFORCE constexpr Builder& add_leaf(Int s, Int d) { out.leaf(s, d, *err); return *this; }
  TESSEL_HOST_DEVICE_NOFORCE constexpr Layout done() { out.close(*err); return out; }
};

// A flat list of modes, as coalesce and composition produce them.
struct Modes {
  int n = 0;
  Int s[kMaxLeaves] = {};
  Int d[kMaxLeaves] = {};
  TESSEL_HOST_DEVICE_NOFORCE constexpr void push(Int a, Int b, Error& e) {
    if (n >= kMaxLeaves) { if (!e) e = {Err::too_large, n, 0, 0}; return; }
    s[n] = a; d[n] = b; ++n;
  }
};
TESSEL_HOST_DEVICE_NOFORCE constexpr Modes flat_modes(Layout const& l) {
  Modes m;
  for (int k = 0; k < l.nleaf; ++k) { m.s[k] = l.shape[k]; m.d[k] = l.stride[k]; }
  m.n = l.nleaf;
  return m;
}
// Modes as a layout: one mode is an integral layout, several a flat tuple,
// none the static _1:_0.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout from_modes(Modes const& m, Error& err) {
  Layout r;
  if (m.n == 0) { r.leaf(sint(1), sint(0), err); return r; }
  if (m.n == 1) { r.leaf(m.s[0], m.d[0], err); return r; }
  r.open(err);
  for (int k = 0; k < m.n; ++k) r.leaf(m.s[k], m.d[k], err);
  r.close(err);
  return r;
}

TESSEL_HOST_DEVICE_NOFORCE constexpr i64 size(Layout const& l, Error& err) {
  Arith ar{&err};
  i64 n = 1;
  for (int k = 0; k < l.nleaf; ++k) n = ar.mul(n, l.shape[k].v);
  return n;
}
// Static when every shape is.
TESSEL_HOST_DEVICE_NOFORCE constexpr Int size_int(Layout const& l, Error& err) {
  Arith ar{&err};
  Int n = sint(1);
  for (int k = 0; k < l.nleaf; ++k) n = ar.mul(n, l.shape[k]);
  return n;
}
// One more than the largest index reached (L(size-1)+1 for non-negative strides).
TESSEL_HOST_DEVICE_NOFORCE constexpr i64 cosize(Layout const& l, Error& err) {
  Arith ar{&err};
  i64 c = 1;
  for (int k = 0; k < l.nleaf; ++k)
    if (l.stride[k].v > 0) c = ar.add(c, ar.mul(l.shape[k].v - 1, l.stride[k].v));
  return c;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Int cosize_int(Layout const& l, Error& err) {
  bool st = true;
  for (int k = 0; k < l.nleaf; ++k) st = st && l.shape[k].is_static && l.stride[k].is_static;
  return {cosize(l, err), st};
}

// The size, largest and smallest value of a layout, computed checked (an
// overflow sets err).
struct Range {
  i64 size = 1, lo = 0, hi = 0;
};
TESSEL_HOST_DEVICE_NOFORCE constexpr Range value_range(Layout const& l, Error& err) {
  Arith ar{&err};
  Range r;
  for (int k = 0; k < l.nleaf && !err; ++k) {
    r.size = ar.mul(r.size, l.shape[k].v);
    i64 const reach = ar.mul(l.shape[k].v - 1, l.stride[k].v);
    if (reach > 0) r.hi = ar.add(r.hi, reach);
    else r.lo = ar.add(r.lo, reach);
  }
  return r;
}

// The layout as a function of a 1-D coordinate, the last mode extended.
TESSEL_HOST_DEVICE_NOFORCE constexpr i64 eval(Layout const& l, i64 x, Error& err) {
  Arith ar{&err};
  i64 r = 0;
  for (int k = 0; k < l.nleaf; ++k) {
    i64 s = l.shape[k].v;
    i64 c = (k + 1 == l.nleaf) ? x : x % s;
    if (k + 1 < l.nleaf) x /= s;
    r = ar.add(r, ar.mul(c, l.stride[k].v));
  }
  return r;
}

}  // namespace tessel::engine
