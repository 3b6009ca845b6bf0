// tessel/engine/tuple_ops.hpp: taking values apart and putting them together
// (get, select, take, flatten, group, append, prepend, shape, stride) and the
// coordinate maps (crd2idx, idx2crd, a layout evaluated at a coordinate), over
// the engine's values, with CuTe's semantics. constexpr and allocation-free,
// like the rest of the engine.
//
// IntTuples travel in the same value as layouts: an engine::Layout whose tokens
// spell the tuple and whose shape[] holds the integers (stride[] means nothing
// for an IntTuple; results leave it _0). An integer is a value of one leaf token.
//
// Numbers follow C++ (and CuTe): / and % truncate toward zero, so negative
// coordinates are computed, not refused. The integer given to a tuple of modes
// is split colexicographically and the last mode keeps the quotient, so
// coordinates past the end run on along the last mode, as in CuTe. What cannot
// be computed is an error: an index outside a tuple, a coordinate whose tuple
// structure does not fit the shape, a shape entry below 1, a stride 0 where
// idx2crd would divide by it, and overflow.
#pragma once

#include "context.hpp"

namespace TESSEL_NAMESPACE::engine {

// The faults of these operations are reported as Error{Err::bad_argument, a, b, c}
// with c one of these codes (far from the small numbers other operations leave
// in c) and a, b the numbers named in the comment.
enum TupleFault : i64 {
  kFaultBase = 7000,
  kIndexOutOfRange,     // a: the index, b: the number of modes there
  kEmptyRange,          // a: begin, b: end (begin must be less than end)
  kRangePastRank,       // a: end, b: the rank
  kCoordRank,           // a: the coordinate's rank, b: the shape's rank
  kCoordTupleAtInteger, // a: the rank of the coordinate's tuple, b: the integer of the shape there
  kNotCongruent,        // the shape and the stride have different tuple structures
  kZeroStride,          // a: the shape of the mode whose stride is 0
  kFaultEnd,
};

TESSEL_HOST_DEVICE_NOFORCE constexpr bool is_tuple_fault(Error const& e) {
  return e.code == Err::bad_argument && e.c > kFaultBase && e.c < kFaultEnd;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr char const* tuple_fault_message(i64 c) {
  switch (c) {
    case kIndexOutOfRange: return "index out of range";
    case kEmptyRange: return "the range of modes is empty (begin must be less than end)";
    case kRangePastRank: return "the range of modes ends past the last mode";
    case kCoordRank: return "the coordinate's rank differs from the shape's rank";
    case kCoordTupleAtInteger: return "the coordinate has a tuple where the shape has an integer";
    case kNotCongruent: return "the shape and the stride are not congruent (they must have the same tuple structure)";
    case kZeroStride: return "a mode of size > 1 has stride 0 (idx2crd divides by the stride)";
    default: return "bad argument";
  }
}

namespace tuple_detail {

TESSEL_HOST_DEVICE_NOFORCE constexpr void fault(Ctx& cx, i64 what, i64 a = 0, i64 b = 0) { cx.fail(Err::bad_argument, a, b, what); }

// Node helpers: a node is the subtree starting at a token.
TESSEL_HOST_DEVICE_NOFORCE constexpr bool leaf_at(Layout const& l, int b) { return l.tok[b] == kLeaf; }
TESSEL_HOST_DEVICE_NOFORCE constexpr int children(Layout const& l, int b) {
  if (leaf_at(l, b)) return 0;
  int n = 0, e = node_end(l, b);
  for (int t = b + 1; t < e - 1; t = node_end(l, t)) ++n;
  return n;
}
// Token position of child i of the tuple node at b (i in range).
TESSEL_HOST_DEVICE_NOFORCE constexpr int child(Layout const& l, int b, int i) {
  int t = b + 1;
  for (int k = 0; k < i; ++k) t = node_end(l, t);
  return t;
}
// The number of top-level modes of wrap(l): 1 for an integer.
TESSEL_HOST_DEVICE_NOFORCE constexpr int wrapped_rank(Layout const& l) { return leaf_at(l, 0) ? 1 : children(l, 0); }
// Mode i of wrap(l) appended to out (the whole value for an integer).
TESSEL_HOST_DEVICE_NOFORCE constexpr void add_mode(Layout& out, Layout const& l, int i, Error& e) {
  int b = leaf_at(l, 0) ? 0 : child(l, 0, i);
  append_node(out, l, b, node_end(l, b), e);
}
// The product of the shapes under the node at b (static when all are).
TESSEL_HOST_DEVICE_NOFORCE constexpr Int node_size(Layout const& l, int b, Ctx& cx) {
  Int n = sint(1);
  int k = leaves_before(l, b), e = node_end(l, b);
  for (int t = b; t < e; ++t)
    if (l.tok[t] == kLeaf) n = cx.ar().mul(n, l.shape[k++]);
  return n;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr bool usable(Layout const& l, Ctx& cx) {
  if (l.ntok > 0) return true;
  cx.fail(Err::bad_argument, 0, 0, 0);
  return false;
}
// Every shape entry >= 1 (the coordinate maps divide by products of them).
TESSEL_HOST_DEVICE_NOFORCE constexpr bool shapes_positive(Layout const& l, Ctx& cx) {
  for (int k = 0; k < l.nleaf; ++k)
    if (l.shape[k].v < 1) { cx.fail(Err::shape_not_positive, l.shape[k].v); return false; }
  return true;
}
// Range checks shared by take and group: 0 <= b < e <= rank.
TESSEL_HOST_DEVICE_NOFORCE constexpr bool range_ok(i64 b, i64 e, int r, Ctx& cx) {
  if (b < 0) fault(cx, kIndexOutOfRange, b, r);
  else if (e <= b) fault(cx, kEmptyRange, b, e);
  else if (e > r) fault(cx, kRangePastRank, e, r);
  return !cx.err;
}

// Integer arithmetic with the typed library's static rules: a static 0
// divided or reduced stays _0, anything reduced modulo a static +-1 is _0.
TESSEL_HOST_DEVICE_NOFORCE constexpr Int div(Int a, Int b, Ctx& cx) {
  if (known(a, 0)) return sint(0);
  if (b.v == 0) { cx.fail(Err::bad_argument, a.v, 0, 0); return sint(0); }
  if (b.v == -1 && a.v == (-9223372036854775807LL - 1)) { cx.fail(Err::overflow, a.v, b.v); return sint(0); }
  return {a.v / b.v, a.is_static && b.is_static};
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Int mod(Int a, Int b, Ctx& cx) {
  if (known(b, 1) || known(b, -1) || known(a, 0)) return sint(0);
  if (b.v == 0) { cx.fail(Err::bad_argument, a.v, 0, 0); return sint(0); }
  if (b.v == -1) return {0, a.is_static && b.is_static};
  return {a.v % b.v, a.is_static && b.is_static};
}

// An IntTuple with the structure of l and every integer _0 (to be filled).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout zeros_like(Layout const& l) {
  Layout r = l;
  for (int k = 0; k < r.nleaf; ++k) r.shape[k] = r.stride[k] = sint(0);
  return r;
}

// crd2idx of the integer x in the layout node at b: a leaf gives x*d; a tuple
// splits x colexicographically over its modes, the last mode taking the rest.
TESSEL_HOST_DEVICE_NOFORCE constexpr Int crd2idx_int(Int x, Layout const& l, int b, Ctx& cx) {
  if (leaf_at(l, b)) return cx.ar().mul(x, l.stride[leaves_before(l, b)]);
  Int r = sint(0);
  int n = children(l, b);
  for (int i = 0, t = b + 1; i < n && !cx.err; ++i, t = node_end(l, t)) {
    if (i + 1 == n) {
      r = cx.ar().add(r, crd2idx_int(x, l, t, cx));
    } else {
      Int s = node_size(l, t, cx);
      r = cx.ar().add(r, crd2idx_int(mod(x, s, cx), l, t, cx));
      x = div(x, s, cx);
    }
  }
  return r;
}
// crd2idx of the coordinate node at cb of c in the layout node at lb of l.
TESSEL_HOST_DEVICE_NOFORCE constexpr Int crd2idx_node(Layout const& c, int cb, Layout const& l, int lb, Ctx& cx) {
  if (leaf_at(c, cb)) return crd2idx_int(c.shape[leaves_before(c, cb)], l, lb, cx);
  int rc = children(c, cb);
  if (leaf_at(l, lb)) { fault(cx, kCoordTupleAtInteger, rc, l.shape[leaves_before(l, lb)].v); return sint(0); }
  int rl = children(l, lb);
  if (rc != rl) { fault(cx, kCoordRank, rc, rl); return sint(0); }
  Int r = sint(0);
  for (int i = 0, ct = cb + 1, lt = lb + 1; i < rc && !cx.err; ++i, ct = node_end(c, ct), lt = node_end(l, lt))
    r = cx.ar().add(r, crd2idx_node(c, ct, l, lt, cx));
  return r;
}

// idx2crd (two arguments) of the integer x in the shape node at b, written
// into out's leaves (out has the shape's structure).
TESSEL_HOST_DEVICE_NOFORCE constexpr void idx2crd_int(Int x, Layout const& s, int b, Layout& out, Ctx& cx) {
  if (leaf_at(s, b)) { out.shape[leaves_before(s, b)] = x; return; }
  int n = children(s, b);
  for (int i = 0, t = b + 1; i < n && !cx.err; ++i, t = node_end(s, t)) {
    if (i + 1 == n) {
      idx2crd_int(x, s, t, out, cx);
    } else {
      Int m = node_size(s, t, cx);
      idx2crd_int(mod(x, m, cx), s, t, out, cx);
      x = div(x, m, cx);
    }
  }
}
// idx2crd (three arguments) of the integer x in the layout node at b: every
// leaf gets (x / d) % s, independently (CuTe: exact for compact strides).
TESSEL_HOST_DEVICE_NOFORCE constexpr void idx2crd3_int(Int x, Layout const& l, int b, Layout& out, Ctx& cx) {
  int k = leaves_before(l, b), e = node_end(l, b);
  for (int t = b; t < e && !cx.err; ++t) {
    if (l.tok[t] != kLeaf) continue;
    Int s = l.shape[k], d = l.stride[k];
    if (known(s, 1)) out.shape[k] = sint(0);  // CuTe skips the division for a static size-1 mode
    else if (d.v == 0 && !known(x, 0)) fault(cx, kZeroStride, s.v);
    else out.shape[k] = mod(div(x, d, cx), s, cx);
    ++k;
  }
}
// The coordinate node at cb of c, with the shape (and strides) node at lb of l.
TESSEL_HOST_DEVICE_NOFORCE constexpr void idx2crd_node(Layout const& c, int cb, Layout const& l, int lb, bool three, Layout& out, Ctx& cx) {
  if (leaf_at(c, cb)) {
    Int x = c.shape[leaves_before(c, cb)];
    if (three) idx2crd3_int(x, l, lb, out, cx); else idx2crd_int(x, l, lb, out, cx);
    return;
  }
  int rc = children(c, cb);
  if (leaf_at(l, lb)) { fault(cx, kCoordTupleAtInteger, rc, l.shape[leaves_before(l, lb)].v); return; }
  int rl = children(l, lb);
  if (rc != rl) { fault(cx, kCoordRank, rc, rl); return; }
  for (int i = 0, ct = cb + 1, lt = lb + 1; i < rc && !cx.err; ++i, ct = node_end(c, ct), lt = node_end(l, lt))
    idx2crd_node(c, ct, l, lt, three, out, cx);
}

TESSEL_HOST_DEVICE_NOFORCE constexpr bool congruent(Layout const& a, Layout const& b) {
  if (a.ntok != b.ntok) return false;
  for (int t = 0; t < a.ntok; ++t)
    if (a.tok[t] != b.tok[t]) return false;
  return true;
}

}  // namespace tuple_detail

// ---- taking apart and putting together --------------------------------------------------------
// These work on layouts and IntTuples alike (an IntTuple's strides are carried along).

// get(l, i0, i1, ...): the node at the index path; get<0> of an integer is the integer.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout get(Layout const& l, i64 const* idx, int n, Ctx& cx) {
  using namespace tuple_detail;
  Layout r;
  if (!usable(l, cx)) return r;
  int b = 0;
  for (int j = 0; j < n; ++j) {
    i64 i = idx[j];
    int m = leaf_at(l, b) ? 1 : children(l, b);
    if (i < 0 || i >= m) { fault(cx, kIndexOutOfRange, i, m); return r; }
    if (!leaf_at(l, b)) b = child(l, b, static_cast<int>(i));
  }
  append_node(r, l, b, node_end(l, b), cx.err);
  return r;
}

// select(l, i0, i1, ...): the tuple of modes i0, i1, ... of wrap(l) (repeats allowed).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout select(Layout const& l, i64 const* idx, int n, Ctx& cx) {
  using namespace tuple_detail;
  Layout r;
  if (!usable(l, cx)) return r;
  int m = wrapped_rank(l);
  if (n < 1) { fault(cx, kEmptyRange, 0, 0); return r; }
  r.open(cx.err);
  for (int j = 0; j < n && !cx.err; ++j) {
    if (idx[j] < 0 || idx[j] >= m) { fault(cx, kIndexOutOfRange, idx[j], m); return r; }
    add_mode(r, l, static_cast<int>(idx[j]), cx.err);
  }
  r.close(cx.err);
  return r;
}

// take(l, b, e): the tuple of modes [b, e) of wrap(l); CuTe's take<B,E>. Empty ranges are refused.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout take(Layout const& l, i64 b, i64 e, Ctx& cx) {
  using namespace tuple_detail;
  Layout r;
  if (!usable(l, cx) || !range_ok(b, e, wrapped_rank(l), cx)) return r;
  r.open(cx.err);
  for (i64 i = b; i < e; ++i) add_mode(r, l, static_cast<int>(i), cx.err);
  r.close(cx.err);
  return r;
}

// flatten(l): a tuple becomes the flat tuple of its integers; an integer stays.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout flatten(Layout const& l, Ctx& cx) {
  using namespace tuple_detail;
  Layout r;
  if (!usable(l, cx)) return r;
  if (leaf_at(l, 0)) return l;
  r.open(cx.err);
  for (int k = 0; k < l.nleaf; ++k) r.leaf(l.shape[k], l.stride[k], cx.err);
  r.close(cx.err);
  return r;
}

// group(l, b, e): modes [b, e) of wrap(l) gathered into one mode; CuTe's group<B,E>.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout group(Layout const& l, i64 b, i64 e, Ctx& cx) {
  using namespace tuple_detail;
  Layout r;
  int m = usable(l, cx) ? wrapped_rank(l) : 0;
  if (cx.err || !range_ok(b, e, m, cx)) return r;
  r.open(cx.err);
  for (int i = 0; i < m; ++i) {
    if (i == b) r.open(cx.err);
    add_mode(r, l, i, cx.err);
    if (i + 1 == e) r.close(cx.err);
  }
  r.close(cx.err);
  return r;
}

// append(l, x): wrap(l) with x added as a last mode; prepend(l, x): as a first mode.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout append(Layout const& l, Layout const& x, Ctx& cx) {
  using namespace tuple_detail;
  Layout r;
  if (!usable(l, cx) || !usable(x, cx)) return r;
  r.open(cx.err);
  for (int i = 0, m = wrapped_rank(l); i < m; ++i) add_mode(r, l, i, cx.err);
  append_all(r, x, cx.err);
  r.close(cx.err);
  return r;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout prepend(Layout const& l, Layout const& x, Ctx& cx) {
  using namespace tuple_detail;
  Layout r;
  if (!usable(l, cx) || !usable(x, cx)) return r;
  r.open(cx.err);
  append_all(r, x, cx.err);
  for (int i = 0, m = wrapped_rank(l); i < m; ++i) add_mode(r, l, i, cx.err);
  r.close(cx.err);
  return r;
}

// shape_of(L), stride_of(L): the shape and the stride of a layout as IntTuples.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout shape_of(Layout const& l) {
  Layout r = l;
  for (int k = 0; k < r.nleaf; ++k) r.stride[k] = sint(0);
  return r;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout stride_of(Layout const& l) {
  Layout r = l;
  for (int k = 0; k < r.nleaf; ++k) { r.shape[k] = l.stride[k]; r.stride[k] = sint(0); }
  return r;
}

// with_stride(shape, stride): the layout shape:stride from two IntTuples; they
// must be congruent.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout with_stride(Layout const& shape, Layout const& stride, Ctx& cx) {
  Layout r = shape;
  if (!tuple_detail::usable(shape, cx) || !tuple_detail::usable(stride, cx)) return r;
  if (!tuple_detail::congruent(shape, stride)) { tuple_detail::fault(cx, kNotCongruent); return r; }
  for (int k = 0; k < r.nleaf; ++k) r.stride[k] = stride.shape[k];
  return r;
}

// compact(shape, init): the generalised column-major layout of shape whose
// first stride is init: exclusive prefix products, a static size-1 mode
// taking stride _0 (CuTe's compact_col_major(shape, init)).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout compact(Layout const& shape, Int init, Ctx& cx) {
  Layout r = shape;
  Int p = init;
  for (int k = 0; k < r.nleaf; ++k) {
    r.stride[k] = known(r.shape[k], 1) ? sint(0) : p;
    p = cx.ar().mul(p, r.shape[k]);
  }
  return r;
}

// ---- coordinate maps ------------------------------------------------------------------------

// crd2idx(c, L): the index of coordinate c in layout L, i.e. L(c). c is an
// integer (split colexicographically, the last mode taking the rest), a tuple
// of L's rank, or hierarchical, each entry meeting a mode of L as above.
TESSEL_HOST_DEVICE_NOFORCE constexpr Int crd2idx(Layout const& c, Layout const& L, Ctx& cx) {
  if (!tuple_detail::usable(c, cx) || !tuple_detail::usable(L, cx) || !tuple_detail::shapes_positive(L, cx)) return sint(0);
  Int r = tuple_detail::crd2idx_node(c, 0, L, 0, cx);
  return cx.err ? sint(0) : r;
}
// crd2idx(c, shape, stride); crd2idx(c, shape) takes the compact column-major strides.
TESSEL_HOST_DEVICE_NOFORCE constexpr Int crd2idx(Layout const& c, Layout const& shape, Layout const& stride, Ctx& cx) {
  Layout L = with_stride(shape, stride, cx);
  return cx.err ? sint(0) : crd2idx(c, L, cx);
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Int crd2idx_compact(Layout const& c, Layout const& shape, Ctx& cx) {
  Layout L = compact(shape, sint(1), cx);
  return cx.err ? sint(0) : crd2idx(c, L, cx);
}

// idx2crd(i, shape): the natural coordinate of i in shape, an IntTuple congruent
// to shape: an integer is split colexicographically, the last mode keeping the
// quotient; a tuple i (of shape's rank) is split mode by mode.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout idx2crd(Layout const& i, Layout const& shape, Ctx& cx) {
  Layout out;
  if (!tuple_detail::usable(i, cx) || !tuple_detail::usable(shape, cx) || !tuple_detail::shapes_positive(shape, cx)) return out;
  out = tuple_detail::zeros_like(shape);
  tuple_detail::idx2crd_node(i, 0, shape, 0, false, out, cx);
  return out;
}
// idx2crd(i, shape, stride): every mode's coordinate is (i / stride) % shape
// (CuTe's three-argument form; the inverse of crd2idx for compact strides). An
// integer stride with a tuple shape means the compact strides starting there.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout idx2crd(Layout const& i, Layout const& shape, Layout const& stride, Ctx& cx) {
  Layout out;
  if (!tuple_detail::usable(i, cx) || !tuple_detail::usable(shape, cx) || !tuple_detail::usable(stride, cx) ||
      !tuple_detail::shapes_positive(shape, cx))
    return out;
  Layout L = (stride.ntok == 1 && shape.ntok > 1) ? compact(shape, stride.shape[0], cx) : with_stride(shape, stride, cx);
  if (cx.err) return out;
  out = tuple_detail::zeros_like(shape);
  tuple_detail::idx2crd_node(i, 0, L, 0, true, out, cx);
  return out;
}

}  // namespace tessel::engine
