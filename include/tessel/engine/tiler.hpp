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
// index >= 0 into ent. An integer N is the layout N:1.
struct Tiler {
  int ntok = 0;
  signed char tok[4 * kMaxEntries] = {};
  int nent = 0;
  Layout ent[kMaxEntries] = {};
  TESSEL_HOST_DEVICE_NOFORCE constexpr bool push(signed char t, Error& e) {
    if (ntok >= 4 * kMaxEntries) { if (!e) e = {Err::too_large, ntok, 0, 0}; return false; }
    tok[ntok++] = t;
    return true;
  }
  TESSEL_HOST_DEVICE_NOFORCE constexpr void add(Layout const& l, Error& e) {
    if (nent >= kMaxEntries) { if (!e) e = {Err::too_large, nent, 0, 0}; return; }
    if (push(static_cast<signed char>(nent), e)) ent[nent++] = l;
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
  Int m = cx.ar().mul(size_int(A, cx.err), cosize_int(B, cx.err));
  Layout c = complement(A, m, cx, true);
  return Builder(cx.err).add(A).add(composition(c, B, cx)).done();
}

// Apply op mode by mode along the tiler node at token b. Modes of A beyond the
// tiler are dropped for composition (as CuTe) and kept for divide and product.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout apply_tiler(Op op, Layout const& A, Tiler const& T, int b, Ctx& cx) {
  if (T.tok[b] == kUnderscore) return A;
  if (T.tok[b] != kOpen) return apply_entry(op, A, T.ent[T.tok[b]], cx);
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

// blocked_product(A, B): mode k is (A_k, P_k), raked_product: (P_k, A_k) (the result
// has rank R, so blocked_product(16:1, 3:1) = ((16,3)):((1,16))), where
// A and B are padded to the same rank and P = complement(A, size(A)*cosize(B)) o B.
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout blocked_raked(Layout const& A0, Layout const& B0, bool raked, Ctx& cx) {
  int R = rank(A0) > rank(B0) ? rank(A0) : rank(B0);
  Layout A = pad_rank(A0, R, cx), B = pad_rank(B0, R, cx);
  Int m = cx.ar().mul(size_int(A, cx.err), cosize_int(B, cx.err));
  Layout P = composition(complement(A, m, cx, true), B, cx);
  Builder out(cx.err);
  for (int k = 0; k < R; ++k) {
    Layout a = mode(A, k, cx.err);
    Layout p = B.is_tuple() ? mode(P, k, cx.err) : P;
    Builder pair(cx.err);
    if (raked) pair.add(p).add(a); else pair.add(a).add(p);
    out.add(pair.done());
  }
  return out.done();  // rank R, also for R = 1: ((A_0, P_0)) as CuTe's zip
}
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout blocked_product(Layout const& A, Layout const& B, Ctx& cx) { return blocked_raked(A, B, false, cx); }
TESSEL_HOST_DEVICE_NOFORCE constexpr Layout raked_product(Layout const& A, Layout const& B, Ctx& cx) { return blocked_raked(A, B, true, cx); }

}  // namespace tessel::engine
