// tessel/engine/tiler.hpp: by-mode tilers <T0, T1, ...> and the operations built
// on composition and complement: logical/zipped/tiled/flat divide and product,
// blocked and raked products.
#pragma once

#include "complement.hpp"
#include "composition.hpp"

namespace TESSEL_NAMESPACE::engine {

inline constexpr int kMaxEntries = 6;
inline constexpr signed char kUnderscore = -3;

// A tiler: a layout (one entry, not by-mode) or a tuple of entries, each a
// layout, `_` or a nested tuple. tok: kOpen/kClose, kUnderscore, or an entry
// index >= 0 into ent. An integer N is the layout N:1, marked as an integer
// (from_int): as in CuTe, composition reads it as N:_1 and the divides and
// products as make_layout(N), which is _1:_0 for a static 1.
struct Tiler {
  int ntok = 0;
  signed char tok[4 * kMaxEntries] = {};
  int nent = 0;
  Layout ent[kMaxEntries] = {};
  bool from_int[kMaxEntries] = {};
  TESSEL_HOST_DEVICE_NOFORCE constexpr bool push(signed char t, Error& e) {
    if (ntok >= 4 * kMaxEntries) { if (!e) e = {Err::too_large, ntok, 0, 0}; return false; }
    tok[ntok++] = t;
    return true;
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr void add(Layout const& l, Error& e) {
    if (nent >= kMaxEntries) { if (!e) e = {Err::too_large, nent, 0, 0}; return; }
    if (push(static_cast<signed char>(nent), e)) ent[nent++] = l;
  }
  // The integer n as an entry: n:_1, marked.
  TESSEL_HOST_DEVICE_NOFORCE constexpr void add_int(Int n, Error& e) {
    Layout l;
    l.leaf(n, sint(1), e);
    int const k = nent;
    add(l, e);
    if (nent > k) from_int[k] = true;
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr bool bymode() const { return ntok > 0 && tok[0] == kOpen; }
};
TESSEL_HOST_DEVICE_NOFORCE constexpr Tiler tiler_of(Layout const& l) {
  Tiler t;
  Error e;
  t.add(l, e);
  return t;
}
TESSEL_HOST_DEVICE_NOFORCE constexpr int tiler_end(Tiler const& t, int b) {
  if (t.tok[b] != kOpen) return b + 1;
  int d = 0, i = b;
  do {
    if (t.tok[i] == kOpen) ++d;
    else if (t.tok[i] == kClose) --d;
    ++i;
  } while (d > 0 && i < t.ntok);
  return i;
}

enum class Op { composition, divide, product };

// A x B = (A, A* o B) with A* = complement(A, size(A)*cosize(B)).
// - Where B has a negative stride (in a mode that moves), A* o B reads A*
//   below 0 (and, as CuTe's cosize is B(size(B)-1)+1, past its end). A* is
//   then its gap modes G (complement(A, 1)) and its last mode S:span, which
//   goes on without end both ways (CuTe's last mode: a shape ceil_div(M, span)
//   of 0 or less is kept). A leaf of B with a negative stride r must move
//   along that last mode only: |r| a multiple of size(G), so A*(j*r) =
//   j*(r/size(G))*span whichever way division rounds. Otherwise
//   product_negative_stride: C++'s truncating division (CuTe's) reads G below
//   0 inside A's image (logical_product((1,2):(-4,3), (2,2):(-2,1)) would not
//   be injective). blocked_product(2:1, (3):(-1)) = ((_2,(_3))):((_1,(_-2))), as CuTe.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout product_tail(Layout const& A, Layout const& B, Ctx& cx) {
  int neg = -1;
  for (int k = 0; k < B.nleaf && neg < 0; ++k)
    if (cx.checkable(B.stride[k], B.shape[k]) && B.stride[k].v < 0 && B.shape[k].v != 1) neg = k;
  // Which A* the product reads is a structural choice. A pass that follows the compile-time
  // pass cannot take the branch below on a negative run-time stride: it names the mismatch, and
  // the typed API then compares the engine's own answer with that of the unchecked pass (which
  // does not see the sign of a dynamic stride and reads CuTe's complement(A, size(A)*cosize(B))).
  if (neg >= 0 && cx.follow && !(B.stride[neg].is_static && B.shape[neg].is_static)) {
    cx.fail(Err::structure_mismatch, neg);
    return Layout{};
  }
  if (neg < 0) {
    Int const m = cx.ar().mul(size_int(A, cx.err), cosize_int(B, cx.err));
    // A B whose strides are all a static 0 reads A* at 0 only: the product then needs A* to exist
    // (A injective), not any value of it past 0. A static negative stride of A moves A's image by a
    // translation (reverse that mode's index), which keeps it injective or not, so the complement
    // of A with those strides negated decides, where complement(A) itself would refuse the sign:
    // zipped_product((2):(-10),(1)) is ((_2),(_1)):((_-10),(_0)), as CuTe.
    bool all_zero = B.nleaf > 0;
    for (int k = 0; k < B.nleaf; ++k) all_zero = all_zero && known(B.stride[k], 0);
    if (!all_zero) return composition(complement(A, m, cx, true), B, cx);
    Layout reflected = A;
    for (int k = 0; k < reflected.nleaf; ++k)
      if (reflected.stride[k].is_static && reflected.stride[k].v < 0 && reflected.stride[k].v > -0x7fffffffffffffffLL)
        reflected.stride[k].v = -reflected.stride[k].v;
    return composition(complement(reflected, m, cx, true), B, cx);
  }
  Layout const G = complement(A, sint(1), cx, true);  // the gaps (a last mode of size 1 is dropped)
  if (cx.err) return Layout{};
  Modes f = flat_modes(filter(A, cx));
  // The span: the largest reach s*d of A's modes, static when every reach is.
  Int span = sint(1);
  for (int k = 0; k < f.n; ++k)
    if (!known(f.d[k], 0)) {
      Int reach = cx.ar().mul(f.s[k], f.d[k]);
      // A mode of size 1 or stride 0 reaches nothing past 0. filter() drops a static one,
      // but keeps a dynamic one (its value is known only at run time): it must not make
      // its stride the span (logical_product(1:2, 2:-5) is (1,2):(2,-5), not stride -10;
      // blocked_product((4):(0), (8,5,3):(12,-1,1)) with dynamic integers had span 0 and
      // P all 0s).
      if (f.s[k].v == 1 || f.d[k].v == 0) reach.v = 1;
      // (The largest, also among dynamic reaches: the last dynamic one was taken, so
      // raked_product((4,4):(4,1), (4,4,3):(8,-2,6)) with dynamic integers read A* with the
      // span 4 for 16.)
      span = {reach.v > span.v ? reach.v : span.v, span.is_static && reach.is_static};
    }
  Modes a = flat_modes(G);
  if (a.n == 1 && known(a.s[0], 1)) a.n = 0;
  Int g = sint(1);
  for (int k = 0; k < a.n; ++k) g = cx.ar().mul(g, a.s[k]);
  for (int k = 0; k < B.nleaf; ++k) {
    Int const r = B.stride[k];
    if (!cx.checkable(r, g) || r.v >= 0 || B.shape[k].v == 1) continue;
    if (g.v == 0 || (-r.v) % g.v != 0) {
      cx.fail(Err::product_negative_stride, r.v, g.v);
      return Layout{};
    }
  }
  a.push(sint(2), span, cx.err);
  Layout Astar;
  Astar.open(cx.err);
  for (int k = 0; k < a.n; ++k) Astar.leaf(a.s[k], a.d[k], cx.err);
  Astar.close(cx.err);
  return composition(Astar, B, cx);
}

// One entry: composition A o B, logical_divide (A o (B, B*)), logical_product (A, A* o B).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout apply_entry(Op op, Layout const& A, Layout const& B, Ctx& cx) {
  if (op == Op::composition) return composition(A, B, cx);
  if (op == Op::divide) {
    // A / B = A o (B, complement(B, size(A))). As CuTe, the cotarget is the
    // shape of coalesce(A) (same size), whose modes B*'s last modes keep.
    Layout c = complement(B, coalesce(A, cx), cx);
    Layout bb = Builder(cx.err).add(B).add(c).done();
    return composition(A, bb, cx);
  }
  // A x B = (A, complement(A, size(A)*cosize(B)) o B).
  Layout const P = product_tail(A, B, cx);
  return Builder(cx.err).add(A).add(P).done();
}

// An entry of T as the layout op reads it: an integer n is n:_1 for
// composition and make_layout(n) for the divides and products (CuTe's
// make_layout gives a static 1 the stride _0).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout entry_layout(Op op, Tiler const& T, int k) {
  Layout l = T.ent[k];
  if (op != Op::composition && T.from_int[k] && l.nleaf == 1 && known(l.shape[0], 1)) l.stride[0] = sint(0);
  return l;
}

// Apply op mode by mode along the tiler node at token b. Modes of A beyond the
// tiler are dropped for composition (as CuTe) and kept for divide and product.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout apply_tiler(Op op, Layout const& A, Tiler const& T, int b, Ctx& cx) {
  if (T.tok[b] == kUnderscore) return A;
  if (T.tok[b] != kOpen) return apply_entry(op, A, entry_layout(op, T, T.tok[b]), cx);
  int e = tiler_end(T, b);
  int m = 0;
  for (int t = b + 1; t < e - 1; t = tiler_end(T, t)) ++m;
  int r = rank(A);
  if (m > r) { cx.fail(Err::rank_mismatch, m, r); return A; }
  Builder out(cx.err);
  int i = 0;
  for (int t = b + 1; t < e - 1; t = tiler_end(T, t), ++i) {
    TESSEL_TRACE(cx, Step::tiler_mode, i);
    out.add(apply_tiler(op, mode(A, i, cx.err), T, t, cx));
  }
  if (op != Op::composition)
    for (; i < r; ++i) out.add(mode(A, i, cx.err));
  return out.done();
}

TESSEL_HOST_DEVICE_NOFORCE constexpr Layout composition(Layout const& A, Tiler const& T, Ctx& cx) { return apply_tiler(Op::composition, A, T, 0, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout logical_divide(Layout const& A, Tiler const& T, Ctx& cx) { return apply_tiler(Op::divide, A, T, 0, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout logical_product(Layout const& A, Tiler const& T, Ctx& cx) { return apply_tiler(Op::product, A, T, 0, cx); }

// zip2_by: gather the first and second halves of the rank-2 results at the
// tiler's terminals: ((t0,t1,...),(r0,r1,...,rest...)).
TESSEL_HOST_DEVICE_NOFORCE constexpr void zip2_by(Layout const& L, Tiler const& T, int b, Layout& first, Layout& second, Ctx& cx) {
  if (T.tok[b] != kOpen) {
    first = mode(L, 0, cx.err);
    second = mode(L, 1, cx.err);
    if (rank(L) != 2) cx.fail(Err::zip_not_rank2, rank(L));
    return;
  }
  Builder f(cx.err), s(cx.err);
  int e = tiler_end(T, b), i = 0;
  for (int t = b + 1; t < e - 1; t = tiler_end(T, t), ++i) {
    Layout x, y;
    zip2_by(mode(L, i, cx.err), T, t, x, y, cx);
    f.add(x);
    s.add(y);
  }
  for (int r = rank(L); i < r; ++i) s.add(mode(L, i, cx.err));
  first = f.done();
  second = s.done();
}

enum class Arrange { zipped, tiled, flat };

// Splice a mode's children into b, or the mode itself when it has rank 1.
TESSEL_HOST_DEVICE_NOFORCE constexpr void unpack_into(Builder& b, Layout const& m, Ctx& cx) {
  int r = rank(m);
  if (r == 1) { b.add(m); return; }
  for (int i = 0; i < r; ++i) b.add(mode(m, i, cx.err));
}

TESSEL_HOST_DEVICE_NOFORCE constexpr Layout arrange(Arrange how, Layout const& logical, Tiler const& T, Ctx& cx) {
  Layout f, s;
  zip2_by(logical, T, 0, f, s, cx);
  Builder out(cx.err);
  if (how == Arrange::zipped) return out.add(f).add(s).done();
  if (how == Arrange::tiled) out.add(f); else unpack_into(out, f, cx);
  unpack_into(out, s, cx);
  return out.done();
}

// zipped_divide: ((TileM,TileN,...),(RestM,RestN,...,L,...)); tiled_divide:
// ((TileM,TileN,...),RestM,RestN,...,L,...); flat_divide: (TileM,TileN,...,RestM,RestN,...,L,...).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout zipped_divide(Layout const& A, Tiler const& T, Ctx& cx) { return arrange(Arrange::zipped, logical_divide(A, T, cx), T, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout tiled_divide(Layout const& A, Tiler const& T, Ctx& cx) { return arrange(Arrange::tiled, logical_divide(A, T, cx), T, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout flat_divide(Layout const& A, Tiler const& T, Ctx& cx) { return arrange(Arrange::flat, logical_divide(A, T, cx), T, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout zipped_product(Layout const& A, Tiler const& T, Ctx& cx) { return arrange(Arrange::zipped, logical_product(A, T, cx), T, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout tiled_product(Layout const& A, Tiler const& T, Ctx& cx) { return arrange(Arrange::tiled, logical_product(A, T, cx), T, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout flat_product(Layout const& A, Tiler const& T, Ctx& cx) { return arrange(Arrange::flat, logical_product(A, T, cx), T, cx); }

// Pad a layout with _1:_0 modes to rank R (CuTe's append<R>).
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout pad_rank(Layout const& L, int R, Ctx& cx) {
  int r = rank(L);
  if (r >= R) return L;
  Builder b(cx.err);
  for (int i = 0; i < r; ++i) b.add(mode(L, i, cx.err));
  for (int i = r; i < R; ++i) b.add_leaf(sint(1), sint(0));
  return b.done();
}

// blocked_product(A, B) = zip(A, P), raked_product(A, B) = zip(P, A), where A and
// B are padded to the same rank R = max(rank A, rank B) (CuTe's append<R>) and
// P = complement(A, size(A)*cosize(B)) o B (P has B's structure). CuTe's
// zip(X, Y): mode k is (X_k, Y_k) when X is a tuple (Y_k is Y itself when Y
// is not one), and the one mode (X, Y) when X is not a tuple (R = 1), so
// blocked_product(16:1, 3:1) = ((16,3)):((1,16)),
// blocked_product(16:1, ((2)):((1))) = ((16,((2)))):((1,((16)))) and
// raked_product((7):(1), 11:1) = ((11,(7))):((7,(1))).
// (Where X is a tuple whose modes Y cannot match, a P of several modes from
// an integral B, whose rank A does not have, CuTe's zip does not compile;
// there, and with dynamic integers whose P keeps size-1 modes, the pair is
// the one mode (X, Y): the same function as the all-static result.)
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout zip_pair(Layout const& X, Layout const& Y, Ctx& cx) {
  Builder out(cx.err);
  int const R = rank(X);
  bool const by_mode = X.is_tuple() && (Y.is_tuple() ? rank(Y) == R : R == 1);
  if (!by_mode) return out.add(Builder(cx.err).add(X).add(Y).done()).done();
  for (int k = 0; k < R; ++k)
    out.add(Builder(cx.err).add(mode(X, k, cx.err)).add(Y.is_tuple() ? mode(Y, k, cx.err) : Y).done());
  return out.done();
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout blocked_raked(Layout const& A0, Layout const& B0, bool raked, Ctx& cx) {
  int R = rank(A0) > rank(B0) ? rank(A0) : rank(B0);
  Layout A = pad_rank(A0, R, cx), B = pad_rank(B0, R, cx);
  Layout P = product_tail(A, B, cx);
  if (cx.err) return Layout{};
  return raked ? zip_pair(P, A, cx) : zip_pair(A, P, cx);
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout blocked_product(Layout const& A, Layout const& B, Ctx& cx) { return blocked_raked(A, B, false, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout raked_product(Layout const& A, Layout const& B, Ctx& cx) { return blocked_raked(A, B, true, cx); }

}  // namespace tessel::engine
