// tessel/rt/value.hpp: layouts as values. The runtime engine represents a
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

#include "../config.hpp"

namespace tessel::rt {

using i64 = long long;

inline constexpr int kMaxLeaves = 32;
inline constexpr int kMaxTokens = 96;

// A leaf integer: its value and whether it is static (known at compile time).
struct Int {
  i64 v = 0;
  bool is_static = true;
};
TESSEL_HD constexpr Int sint(i64 v) { return {v, true}; }
TESSEL_HD constexpr bool known(Int a, i64 k) { return a.is_static && a.v == k; }

// Error codes of the engine; every failing operation reports one with the
// numbers involved. message() gives the condition in words.
enum class Err : int {
  none = 0,
  overflow,             // an integer result does not fit in 64 bits
  too_large,            // the structure exceeds the engine's capacity
  shape_not_positive,   // a shape entry is zero or negative
  stride_divisibility,  // composition: stride a does not divide / is not divided by shape b of A's mode c
  shape_divisibility,   // composition: shape a of B is not divisible by b (A's mode c)
  not_distributive,     // composition: B's modes overlap inside A's modes
  not_injective,        // complement: the layout is not injective
  complement_chain,     // complement: stride a is not a multiple of b (image is not a tractable chain)
  negative_stride,      // complement: negative strides
  left_inverse_divisibility,  // left_inverse: stride a is not a multiple of b
  rank_mismatch,        // a tiler or profile has more modes than the layout
  dynamic_unsupported,  // an operation that needs static strides got dynamic ones
  bad_argument,
  structure_mismatch,   // the run-time values give the result another structure than its type
  zip_not_rank2,        // zipped/tiled/flat: a mode kept by `_` is not a (tile, rest) pair
};

struct Error {
  Err code = Err::none;
  i64 a = 0, b = 0, c = 0;
  TESSEL_HD constexpr explicit operator bool() const { return code != Err::none; }
};

TESSEL_HD constexpr char const* message(Err e) {
  switch (e) {
    case Err::none: return "ok";
    case Err::overflow: return "integer overflow";
    case Err::too_large: return "layout too large for the engine";
    case Err::shape_not_positive: return "a shape entry is zero or negative (shapes must be >= 1)";
    case Err::stride_divisibility: return "composition: stride divisibility fails (B's stride must be divisible by the product of A's leading shapes and, where it stops inside a mode, divide that mode's shape)";
    case Err::shape_divisibility: return "composition: shape divisibility fails (A's remaining shapes must divide B's shape up to its last needed mode)";
    case Err::not_distributive: return "composition: B's modes overlap inside A's modes (A o B is not left-distributive over B)";
    case Err::not_injective: return "complement: the layout is not injective";
    case Err::complement_chain: return "complement: sorted by stride, each stride must be a multiple of the previous shape*stride";
    case Err::negative_stride: return "complement: negative strides are not supported";
    case Err::left_inverse_divisibility: return "left_inverse: sorted by stride, each stride must be a multiple of the size covered so far";
    case Err::rank_mismatch: return "the tiler or profile has more modes than the layout";
    case Err::dynamic_unsupported: return "this operation needs static strides";
    case Err::bad_argument: return "bad argument";
    case Err::zip_not_rank2: return "zipped/tiled/flat divide or product: a mode that the tiler keeps with `_` must have rank 2 to be split into (tile, rest) (CuTe: zip2_by's leaf level must be rank-2)";
    case Err::structure_mismatch: return "the run-time values give the result another structure than its type (a dynamic integer is 1 or 0 where the type needs a mode, and no layout of the type's structure is the result)";
  }
  return "unknown error";
}

// ---- checked arithmetic -----------------------------------------------------------------

struct Arith {
  Error* err;
  TESSEL_HD constexpr i64 fail(i64 a, i64 b) const {
    if (!*err) *err = {Err::overflow, a, b, 0};
    return 0;
  }
  TESSEL_HD constexpr i64 mul(i64 a, i64 b) const {
    if (a == 0 || b == 0) return 0;
    i64 r = static_cast<i64>(static_cast<unsigned long long>(a) * static_cast<unsigned long long>(b));
    if (r / b != a || (a == -1 && b == (-9223372036854775807LL - 1)) || (b == -1 && a == (-9223372036854775807LL - 1))) return fail(a, b);
    return r;
  }
  TESSEL_HD constexpr i64 add(i64 a, i64 b) const {
    if ((b > 0 && a > 9223372036854775807LL - b) || (b < 0 && a < (-9223372036854775807LL - 1) - b)) return fail(a, b);
    return a + b;
  }
  // Static-ness follows CuTe: static op static is static; a static 0 absorbs products.
  TESSEL_HD constexpr Int mul(Int a, Int b) const {
    if (known(a, 0) || known(b, 0)) return sint(0);
    return {mul(a.v, b.v), a.is_static && b.is_static};
  }
  TESSEL_HD constexpr Int add(Int a, Int b) const { return {add(a.v, b.v), a.is_static && b.is_static}; }
};

TESSEL_HD constexpr i64 iabs(i64 a) { return a < 0 ? -a : a; }
TESSEL_HD constexpr i64 sgn(i64 a) { return (a > 0) - (a < 0); }
TESSEL_HD constexpr i64 cdiv(i64 a, i64 b) { return b <= 0 ? 0 : a / b + (a % b != 0 ? 1 : 0); }  // a >= 0, b > 0; no overflow

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

  TESSEL_HD constexpr bool push_tok(signed char t, Error& e) {
    if (ntok >= kMaxTokens) { if (!e) e = {Err::too_large, ntok, 0, 0}; return false; }
    tok[ntok++] = t;
    return true;
  }
  TESSEL_HD constexpr void open(Error& e) { push_tok(kOpen, e); }
  TESSEL_HD constexpr void close(Error& e) { push_tok(kClose, e); }
  TESSEL_HD constexpr void leaf(Int s, Int d, Error& e) {
    if (nleaf >= kMaxLeaves) { if (!e) e = {Err::too_large, nleaf, 0, 0}; return; }
    if (!push_tok(kLeaf, e)) return;
    shape[nleaf] = s;
    stride[nleaf] = d;
    ++nleaf;
  }
  TESSEL_HD constexpr bool is_tuple() const { return ntok > 0 && tok[0] == kOpen; }
};

// The end of the node starting at token b.
TESSEL_HD constexpr int node_end(Layout const& l, int b) {
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
TESSEL_HD constexpr int leaves_before(Layout const& l, int t) {
  int n = 0;
  for (int i = 0; i < t; ++i) n += l.tok[i] == kLeaf;
  return n;
}

// rank: number of top-level modes (1 for an integral layout).
TESSEL_HD constexpr int rank(Layout const& l) {
  if (!l.is_tuple()) return 1;
  int r = 0;
  for (int i = 1; i < l.ntok - 1; i = node_end(l, i)) ++r;
  return r;
}
TESSEL_HD constexpr int depth(Layout const& l) {
  int d = 0, m = 0;
  for (int i = 0; i < l.ntok; ++i) {
    if (l.tok[i] == kOpen) m = ++d > m ? d : m;
    else if (l.tok[i] == kClose) --d;
  }
  return m;
}

// Append the subtree [b, e) of src to dst.
TESSEL_HD constexpr void append_node(Layout& dst, Layout const& src, int b, int e, Error& err) {
  int k = leaves_before(src, b);
  for (int i = b; i < e; ++i) {
    if (src.tok[i] == kLeaf) { dst.leaf(src.shape[k], src.stride[k], err); ++k; }
    else dst.push_tok(src.tok[i], err);
  }
}
TESSEL_HD constexpr void append_all(Layout& dst, Layout const& src, Error& err) {
  append_node(dst, src, 0, src.ntok, err);
}

// mode(l, i): the i-th top-level mode as a layout (the layout itself for an integral one).
TESSEL_HD constexpr Layout mode(Layout const& l, int i, Error& err) {
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
  TESSEL_HD constexpr Builder(Error& e) : out(), err(&e) { out.open(e); }
  TESSEL_HD constexpr Builder& add(Layout const& m) { append_all(out, m, *err); return *this; }
  TESSEL_HD constexpr Builder& add_leaf(Int s, Int d) { out.leaf(s, d, *err); return *this; }
  TESSEL_HD constexpr Layout done() { out.close(*err); return out; }
};

// A flat list of modes, as coalesce and composition produce them.
struct Modes {
  int n = 0;
  Int s[kMaxLeaves] = {};
  Int d[kMaxLeaves] = {};
  TESSEL_HD constexpr void push(Int a, Int b, Error& e) {
    if (n >= kMaxLeaves) { if (!e) e = {Err::too_large, n, 0, 0}; return; }
    s[n] = a; d[n] = b; ++n;
  }
};
TESSEL_HD constexpr Modes flat_modes(Layout const& l) {
  Modes m;
  for (int k = 0; k < l.nleaf; ++k) { m.s[k] = l.shape[k]; m.d[k] = l.stride[k]; }
  m.n = l.nleaf;
  return m;
}
// Modes as a layout: one mode is an integral layout, several a flat tuple,
// none the static _1:_0.
TESSEL_HD constexpr Layout from_modes(Modes const& m, Error& err) {
  Layout r;
  if (m.n == 0) { r.leaf(sint(1), sint(0), err); return r; }
  if (m.n == 1) { r.leaf(m.s[0], m.d[0], err); return r; }
  r.open(err);
  for (int k = 0; k < m.n; ++k) r.leaf(m.s[k], m.d[k], err);
  r.close(err);
  return r;
}

TESSEL_HD constexpr i64 size(Layout const& l, Error& err) {
  Arith ar{&err};
  i64 n = 1;
  for (int k = 0; k < l.nleaf; ++k) n = ar.mul(n, l.shape[k].v);
  return n;
}
// Static when every shape is.
TESSEL_HD constexpr Int size_int(Layout const& l, Error& err) {
  Arith ar{&err};
  Int n = sint(1);
  for (int k = 0; k < l.nleaf; ++k) n = ar.mul(n, l.shape[k]);
  return n;
}
// One more than the largest index reached (L(size-1)+1 for non-negative strides).
TESSEL_HD constexpr i64 cosize(Layout const& l, Error& err) {
  Arith ar{&err};
  i64 c = 1;
  for (int k = 0; k < l.nleaf; ++k)
    if (l.stride[k].v > 0) c = ar.add(c, ar.mul(l.shape[k].v - 1, l.stride[k].v));
  return c;
}
TESSEL_HD constexpr Int cosize_int(Layout const& l, Error& err) {
  bool st = true;
  for (int k = 0; k < l.nleaf; ++k) st = st && l.shape[k].is_static && l.stride[k].is_static;
  return {cosize(l, err), st};
}

// The layout as a function of a 1-D coordinate, the last mode extended.
TESSEL_HD constexpr i64 eval(Layout const& l, i64 x, Error& err) {
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

}  // namespace tessel::rt
