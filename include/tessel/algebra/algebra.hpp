// tessel/algebra/algebra.hpp: the layout algebra on typed layouts, with CuTe's
// names. Above each function: its definition and when it is defined, in the
// words of ../shared/spec/admissibility.md. The work is done by the engine in
// ../rt/, at compile time for static integers and at run time for dynamic ones.
// A violated condition is a compile error naming it (static integers) or a
// tessel::error / device trap (dynamic integers; TESSEL_NO_CHECKS turns these off).
#pragma once

#include "bridge.hpp"

namespace tessel {

namespace detail {
#define TESSEL_OP1(NAME, EXPR)                                                   \
  struct op_##NAME {                                                             \
    template <class X>                                                           \
    TESSEL_HOST_DEVICE static constexpr result run(bool sym, X const& x) {       \
      rt::Ctx cx;                                                                \
      cx.symbolic = sym;                                                         \
      rt::Layout l = EXPR;                                                       \
      return {l, cx.err};                                                        \
    }                                                                            \
  };
#define TESSEL_OP2(NAME, EXPR)                                                   \
  struct op_##NAME {                                                             \
    template <class X, class Y>                                                  \
    TESSEL_HOST_DEVICE static constexpr result run(bool sym, X const& x, Y const& y) { \
      rt::Ctx cx;                                                                \
      cx.symbolic = sym;                                                         \
      rt::Layout l = EXPR;                                                       \
      return {l, cx.err};                                                        \
    }                                                                            \
  };
TESSEL_OP1(coalesce, rt::coalesce(to_rt(x, sym), cx))
TESSEL_OP2(coalesce_by, rt::coalesce(to_rt(x, sym), to_rt(y, sym), cx))
TESSEL_OP1(filter_zeros, rt::filter_zeros(to_rt(x, sym)))
TESSEL_OP1(filter, rt::filter(to_rt(x, sym), cx))
TESSEL_OP2(filter_by, rt::filter(to_rt(x, sym), to_rt(y, sym), cx))
TESSEL_OP2(composition, rt::composition(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP1(complement, rt::complement(to_rt(x, sym), cx))
TESSEL_OP2(complement_to, rt::complement(to_rt(x, sym), rt::size_int(to_rt(y, sym), cx.err), cx))
TESSEL_OP1(right_inverse, rt::right_inverse(to_rt(x, sym), cx))
TESSEL_OP1(left_inverse, rt::left_inverse(to_rt(x, sym), cx))
TESSEL_OP2(logical_divide, rt::logical_divide(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP2(zipped_divide, rt::zipped_divide(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP2(tiled_divide, rt::tiled_divide(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP2(flat_divide, rt::flat_divide(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP2(logical_product, rt::logical_product(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP2(zipped_product, rt::zipped_product(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP2(tiled_product, rt::tiled_product(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP2(flat_product, rt::flat_product(to_rt(x, sym), to_tiler(y, sym), cx))
TESSEL_OP2(blocked_product, rt::blocked_product(to_rt(x, sym), to_rt(y, sym), cx))
TESSEL_OP2(raked_product, rt::raked_product(to_rt(x, sym), to_rt(y, sym), cx))
#undef TESSEL_OP1
#undef TESSEL_OP2
}  // namespace detail

// coalesce(L): the same function on [0, size(L)) with the fewest modes
// (flatten; drop size-1 modes; s0:d0 ++ s1:s0*d0 => s0*s1:d0). Always defined.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto coalesce(Layout<S, D> const& l) { return detail::run_op<detail::op_coalesce>(l); }
// coalesce(L, profile): coalesce each mode at the terminals of profile, e.g.
// Step<_1,_1>. Defined when rank(profile) <= rank(L).
template <class S, class D, class P>
TESSEL_HOST_DEVICE constexpr auto coalesce(Layout<S, D> const& l, P const& profile) {
  return detail::run_op<detail::op_coalesce_by>(l, profile);
}

// filter_zeros(L): the shape of every stride-0 mode replaced by 1. Always defined.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto filter_zeros(Layout<S, D> const& l) { return detail::run_op<detail::op_filter_zeros>(l); }
// filter(L) = coalesce(filter_zeros(L)): the modes that move. Always defined.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto filter(Layout<S, D> const& l) { return detail::run_op<detail::op_filter>(l); }
template <class S, class D, class P>
TESSEL_HOST_DEVICE constexpr auto filter(Layout<S, D> const& l, P const& profile) {
  return detail::run_op<detail::op_filter_by>(l, profile);
}

// composition(A, B) = A o B: R(c) = A(B(c)) for every coordinate c of B, R
// compatible with B. B is a layout, a by-mode tiler (make_tile(B0, B1, ...),
// applied to A's modes; a Shape means stride-1 entries), or an integer N (N:1).
// Defined when, with A coalesced to (M0..Ma):(d0..da), every leaf N:r of B has:
// stride part - for p = M0*...*M(i-1) along A's modes, p divides r, and where
// c = r/p < Mi (i < a) the walk stops and c divides Mi (the last mode takes any c);
// shape part - (Mi/c, M(i+1), ..., inf) is weakly left divisible by N; and the
// intervals [r, r(N-1)] of B's leaves cut to [1, M0*...*M(a-1)) are pairwise
// disjoint. Where divisibility fails but j -> A(j r) is still a layout (stride-0
// modes of A), that layout is returned.
template <class S, class D, class B>
TESSEL_HOST_DEVICE constexpr auto composition(Layout<S, D> const& a, B const& b) {
  return detail::run_op<detail::op_composition>(a, b);
}

// complement(A, M): the ordered layout R with (A, R) covering [0, M) without
// overlap: R(i) != A(j) for i >= 1, R strictly increasing, cosize((A,R)) >= M,
// cosize(R) <= round_up(M, cosize(A)). With A's modes sorted by stride it is
// (d0, d1/(N0 d0), ..., ceil(M/(Na da))) : (1, N0 d0, ..., Na da), coalesced.
// Defined when N(i-1)*d(i-1) divides d(i) for every i (A injective and its image
// a tractable chain). A tuple cotarget means its size; without one, M = cosize(filter(A)).
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto complement(Layout<S, D> const& a) { return detail::run_op<detail::op_complement>(a); }
template <class S, class D, class M>
TESSEL_HOST_DEVICE constexpr auto complement(Layout<S, D> const& a, M const& cotarget) {
  return detail::run_op<detail::op_complement_to>(a, cotarget);
}

// right_inverse(L): the largest R with L(R(i)) == i for all i < size(R): the
// chain of strides 1, s*d, ... through L's coalesced modes. Always defined
// (size 1 when L never reaches 1).
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto right_inverse(Layout<S, D> const& l) { return detail::run_op<detail::op_right_inverse>(l); }
// left_inverse(L): for injective L, R with R(L(i)) == i for all i < size(L).
// Defined (as CuTe builds it) when, sorted by stride, each stride is a multiple
// of the size covered so far; otherwise a small layout inverse is searched.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto left_inverse(Layout<S, D> const& l) { return detail::run_op<detail::op_left_inverse>(l); }

// logical_divide(A, B) = A o (B, complement(B, size(A))): ((tile), (rest)).
// Defined when {B, size(A)} is complement-admissible and the composition is.
// By-mode for a tiler; modes of A beyond the tiler are kept.
template <class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto logical_divide(Layout<S, D> const& a, T const& t) { return detail::run_op<detail::op_logical_divide>(a, t); }
// zipped_divide: ((TileM,TileN,...),(RestM,RestN,...,L,...)).
template <class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto zipped_divide(Layout<S, D> const& a, T const& t) { return detail::run_op<detail::op_zipped_divide>(a, t); }
// tiled_divide: ((TileM,TileN,...),RestM,RestN,...,L,...).
template <class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto tiled_divide(Layout<S, D> const& a, T const& t) { return detail::run_op<detail::op_tiled_divide>(a, t); }
// flat_divide: (TileM,TileN,...,RestM,RestN,...,L,...).
template <class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto flat_divide(Layout<S, D> const& a, T const& t) { return detail::run_op<detail::op_flat_divide>(a, t); }

// logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B).
// Defined when the complement and the composition are. By-mode for a tiler.
template <class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto logical_product(Layout<S, D> const& a, T const& t) { return detail::run_op<detail::op_logical_product>(a, t); }
// zipped_product: ((M,N,...),(TileM,TileN,...,L,...)).
template <class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto zipped_product(Layout<S, D> const& a, T const& t) { return detail::run_op<detail::op_zipped_product>(a, t); }
// tiled_product: ((M,N,...),TileM,TileN,...,L,...).
template <class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto tiled_product(Layout<S, D> const& a, T const& t) { return detail::run_op<detail::op_tiled_product>(a, t); }
// flat_product: (M,N,...,TileM,TileN,...,L,...).
template <class S, class D, class T>
TESSEL_HOST_DEVICE constexpr auto flat_product(Layout<S, D> const& a, T const& t) { return detail::run_op<detail::op_flat_product>(a, t); }

// blocked_product(A, B): with A and B padded with 1:0 modes to the same rank R
// and P = complement(A, size(A)*cosize(B)) o B, mode k is (A_k, P_k). Defined
// when the complement and the composition are.
template <class S, class D, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto blocked_product(Layout<S, D> const& a, Layout<S1, D1> const& b) {
  return detail::run_op<detail::op_blocked_product>(a, b);
}
// raked_product(A, B): as blocked_product with mode k = (P_k, A_k).
template <class S, class D, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto raked_product(Layout<S, D> const& a, Layout<S1, D1> const& b) {
  return detail::run_op<detail::op_raked_product>(a, b);
}

}  // namespace tessel
