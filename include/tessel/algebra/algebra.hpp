// tessel/algebra/algebra.hpp: the layout algebra on typed layouts, with CuTe's
// names. Above each function: its definition and when it is defined, in the
// words of docs/ADMISSIBILITY.md. The work is done by the engine in
// ../engine/, at compile time for static integers and at run time for dynamic ones.
// A violated condition is a compile error naming it (static integers) or a
// tessel::error / device trap (dynamic integers; TESSEL_NO_CHECKS turns these off).
#pragma once

#include "../engine/ops.hpp"
#include "../numeric/subbyte.hpp"
#include "fast_path.hpp"

namespace TESSEL_NAMESPACE {

namespace detail {
// An argument of an engine call, read as the table's kind says (engine/ops.hpp).
// (Kind::size: the cotarget, read as a layout whose shape counts.)
template <engine::Kind K, class X>
TESSEL_HOST_DEVICE constexpr auto to_arg(bool sym, engine::Ctx&, X const& x) {
  if constexpr (K == engine::Kind::tiler) return to_tiler(x, sym);
  else return to_rt(x, sym);
}
template <engine::Kind K>
TESSEL_HOST_DEVICE constexpr int to_arg(bool, engine::Ctx&) { return 0; }  // no second argument

// op_ID for every row of the table: runs the engine on the typed arguments, in
// the pass that cx describes (run: the symbolic pass, or a run-time one, strict or not).
#define TESSEL_TYPED_OP(ID, NAME, K0, K1, CALL, ARGS, HELP)                                   \
  struct op_##ID {                                                                            \
    template <class X, class... Y>                                                            \
    TESSEL_HOST_DEVICE static constexpr result run(bool sym, bool strict, X const& x, Y const&... y) { \
      engine::Ctx cx;                                                                         \
      cx.symbolic = sym;                                                                      \
      cx.strict = strict;                                                                     \
      return run_in(cx, x, y...);                                                             \
    }                                                                                         \
    template <class X, class... Y>                                                            \
    TESSEL_HOST_DEVICE static constexpr result run_in(engine::Ctx cx, X const& x, Y const&... y) { \
      bool const sym = cx.symbolic;                                                           \
      auto const a0 = to_arg<engine::Kind::K0>(sym, cx, x);                                   \
      [[maybe_unused]] auto const a1 = to_arg<engine::Kind::K1>(sym, cx, y...);               \
      engine::Layout l = TESSEL_RUN_ROW(CALL);                                                \
      return {l, cx.err};                                                                     \
    }                                                                                         \
  };
TESSEL_ALGEBRA_OPS(TESSEL_TYPED_OP)
#undef TESSEL_TYPED_OP
}  // namespace detail

// ops::ID names the operation of a row of the table, for admissible_v.
namespace ops {
#define TESSEL_OP_NAME(ID, ...) using ID = detail::op_##ID;
TESSEL_ALGEBRA_OPS(TESSEL_OP_NAME)
#undef TESSEL_OP_NAME
}  // namespace ops

// to_engine(L): the engine's value of a typed layout (an IntTuple: its compact
// column-major layout), every integer with its value, for run-time planning.
template <class L>
TESSEL_HOST_DEVICE constexpr engine::Layout to_engine(L const& l) { return detail::to_rt(l, false); }

// admissible_v<ops::ID, A...>: whether the operation is defined on the static
// arguments A... (its compile-time pass reports no error), without the error.
template <class Op, class... A>
inline constexpr bool admissible_v = detail::pass<Op, A...>::value.err.code == engine::Err::none;

namespace detail {
// The operations the typed fast path (fast_path.hpp) knows.
template <> inline constexpr Family family_of<op_composition> = Family::composition;
template <> inline constexpr Family family_of<op_logical_divide> = Family::logical_divide;
template <> inline constexpr Family family_of<op_zipped_divide> = Family::zipped_divide;
template <> inline constexpr Family family_of<op_tiled_divide> = Family::tiled_divide;
template <> inline constexpr Family family_of<op_flat_divide> = Family::flat_divide;
// The results that are one function of a 1-D index (bridge.hpp: recover).
template <> inline constexpr bool one_function_v<op_coalesce> = true;
template <> inline constexpr bool one_function_v<op_filter> = true;
template <> inline constexpr bool one_function_v<op_complement> = true;
template <> inline constexpr bool one_function_v<op_complement_to> = true;
template <> inline constexpr bool one_function_v<op_right_inverse> = true;
template <> inline constexpr bool one_function_v<op_left_inverse> = true;
// A leaf of B that stays inside a mode of A it does not divide (bridge.hpp: run_op_engine).
template <> inline constexpr bool inside_leaves_v<op_composition> = true;
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
// (size 1 when L never reaches 1). Where two modes have the stride the chain
// needs (L not injective), it takes the first, a static stride before a
// dynamic one (the compile-time pass compares only static strides).
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto right_inverse(Layout<S, D> const& l) { return detail::run_op<detail::op_right_inverse>(l); }
// left_inverse(L): for injective L, R with R(L(i)) == i for all i < size(L)
// (stride-0 modes of L read as coordinate 0). Defined (as CuTe builds it) when,
// sorted by stride, the strides that move are positive, each a multiple of the
// one before (otherwise a small layout inverse is searched) and at least the
// span shape*stride of the mode before it (otherwise L is not injective:
// left_inverse_not_injective, decided exactly).
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

// nullspace(L): the layout R of the coordinates L maps to 0 (its static
// stride-0 modes): L(R(i)) == 0 for all i, size(R) == size(L)/size(filter(L)).
// Always defined (_1:_0 when there are none).
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto nullspace(Layout<S, D> const& l) { return detail::run_op<detail::op_nullspace>(l); }

// max_common_layout(A, B): the layout R of the longest run of elements,
// starting at index 0, where A and B agree contiguously: A(R(i)) == i and
// B(R(i)) == i for i < size(R). Defined when A o right_inverse(B) is.
template <class S0, class D0, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto max_common_layout(Layout<S0, D0> const& a, Layout<S1, D1> const& b) {
  return detail::run_op<detail::op_max_common_layout>(a, b);
}
// max_common_vector(A, B): size(max_common_layout(A, B)), the number of
// elements both layouts store contiguously from 0 (the widest common vector).
template <class S0, class D0, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto max_common_vector(Layout<S0, D0> const& a, Layout<S1, D1> const& b) {
  return size(max_common_layout(a, b));
}

// make_ordered_layout(shape, order): the compact layout of shape whose modes
// get strides 1, s, s*t, ... in increasing order of the static order values
// (ties left to right). order must be congruent to shape.
template <class S, class O> requires(!is_major_tag_v<O>)
TESSEL_HOST_DEVICE constexpr auto make_ordered_layout(S const& shape, O const& order) {
  static_assert(decltype(congruent(shape, order))::value, "tessel::make_ordered_layout: order is not congruent to shape");
  detail::check_shape(shape);
  return detail::run_op<detail::op_make_ordered_layout>(shape, order);
}
template <class S, class Major> requires is_major_tag_v<Major>
TESSEL_HOST_DEVICE constexpr auto make_ordered_layout(S const& shape, Major tag) {
  return make_layout(shape, tag);
}
// compact_order(shape, order): the strides of make_ordered_layout(shape, order)
// (CuTe's name; a major tag gives the column- or row-major strides).
template <class S, class O>
TESSEL_HOST_DEVICE constexpr auto compact_order(S const& shape, O const& order) {
  return make_ordered_layout(shape, order).stride();
}

namespace detail {
// Leaf by leaf: the shape with 1 where the stride is a static 0 (f), or the
// stride with a static 0 there (g), as CuTe's make_layout_like keeps them.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto ones_at_zeros(S const& s, D const& d) {
  if constexpr (is_tuple_v<S>) return transform(s, d, [](auto const& a, auto const& b) { return ones_at_zeros(a, b); });
  else if constexpr (is_constant_v<0, D>) return Int<1>{};
  else return s;
}
template <class O, class D>
TESSEL_HOST_DEVICE constexpr auto zeros_at_zeros(O const& o, D const& d) {
  if constexpr (is_tuple_v<O>) return transform(o, d, [](auto const& a, auto const& b) { return zeros_at_zeros(a, b); });
  else if constexpr (is_constant_v<0, D>) return Int<0>{};
  else return o;
}
}  // namespace detail

// make_layout_like(L): a compact layout with L's shape whose strides are in
// the same order as L's (static strides; column-major otherwise); static-0
// strides stay 0 (a broadcast mode takes no room), as in CuTe.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto make_layout_like(Layout<S, D> const& l) {
  if constexpr (is_static_v<D>) {
    auto const o = make_ordered_layout(detail::ones_at_zeros(l.shape(), l.stride()), l.stride());
    return make_layout(l.shape(), detail::zeros_at_zeros(o.stride(), l.stride()));
  } else {
    return make_layout(l.shape());
  }
}

// upcast<N>(L): L seen through elements N times wider: in each mode, a shape
// s with stride d becomes shape_div(s, shape_div(N, |d|)) with stride
// shape_div(d, N); stride-0 modes (static, or dynamic and 0 at run time) are
// unchanged. Defined when those divisions are (one of each pair divides the other).
template <int N, class S, class D>
TESSEL_HOST_DEVICE constexpr auto upcast(Layout<S, D> const& l) {
  auto one = [](auto const& s, auto const& d) {
    using Dt = std::remove_cvref_t<decltype(d)>;
    if constexpr (is_constant_v<0, Dt>) {
      return make_tuple(s, d);
    } else if constexpr (StaticInt<Dt>) {
      return make_tuple(shape_div(s, shape_div(Int<N>{}, abs(d))), shape_div(d, Int<N>{}));
    } else {
      using S2 = decltype(shape_div(s, shape_div(Int<N>{}, abs(d))));
      using D2 = decltype(shape_div(d, Int<N>{}));
      if (d == 0) return make_tuple(S2(s), D2(0));  // shape_div(N, 0) would divide by zero
      return make_tuple(shape_div(s, shape_div(Int<N>{}, abs(d))), shape_div(d, Int<N>{}));
    }
  };
  auto fs = flatten_to_tuple(l.shape());
  auto fd = flatten_to_tuple(l.stride());
  auto pairs = transform(fs, fd, one);
  return detail::raw_layout(unflatten(transform(pairs, [](auto const& p) { return get<0>(p); }), l.shape()),
                            unflatten(transform(pairs, [](auto const& p) { return get<1>(p); }), l.shape()));
}
// downcast<N>(L): L seen through elements N times narrower: a stride-1 mode
// grows N times, every other stride is scaled by N. Always defined.
template <int N, class S, class D>
TESSEL_HOST_DEVICE constexpr auto downcast(Layout<S, D> const& l) {
  auto one = [](auto const& s, auto const& d) {
    using Dt = std::remove_cvref_t<decltype(d)>;
    if constexpr (is_constant_v<1, Dt> || is_constant_v<-1, Dt>) {
      return make_tuple(detail::mul(s, Int<N>{}), d);  // checked (int/checked.hpp)
    } else if constexpr (StaticInt<Dt>) {
      return make_tuple(s, d * Int<N>{});
    } else {  // a dynamic stride: decide at run time, both dynamic
      using T = std::common_type_t<std::remove_cvref_t<decltype(s * Int<N>{})>, Dt>;
      bool unit = d == 1 || d == -1;
      return make_tuple(T(unit ? detail::mul(s, Int<N>{}) : s), T(unit ? d : detail::mul(d, Int<N>{})));
    }
  };
  auto fs = flatten_to_tuple(l.shape());
  auto fd = flatten_to_tuple(l.stride());
  auto pairs = transform(fs, fd, one);
  return detail::raw_layout(unflatten(transform(pairs, [](auto const& p) { return get<0>(p); }), l.shape()),
                            unflatten(transform(pairs, [](auto const& p) { return get<1>(p); }), l.shape()));
}

// recast_layout<NewType, OldType>(L), as CuTe's: with g the gcd of the two
// widths in bits, upcast by bits(OldType)/g, then downcast by bits(NewType)/g
// (either step skipped when 1): recast_layout<uint32_t, uint16_t>((_4,_8):(_8,_1))
// is (_4,_16):(_16,_1). (CuTe's recast of a tensor to NewType calls it with the
// two types the other way round.)
template <class NewType, class OldType, class S, class D>
TESSEL_HOST_DEVICE constexpr auto recast_layout(Layout<S, D> const& l) {
  constexpr int nb = int(sizeof_bits_v<NewType>), ob = int(sizeof_bits_v<OldType>);
  constexpr int g = decltype(gcd(Int<nb>{}, Int<ob>{}))::value;
  constexpr int up = ob / g, down = nb / g;
  if constexpr (up == 1 && down == 1) return l;
  else if constexpr (up == 1) return downcast<down>(l);
  else if constexpr (down == 1) return upcast<up>(l);
  else return downcast<down>(upcast<up>(l));
}

// tile_to_shape(block, shape, order): repeat block to cover shape, the copies
// laid out in the given order (LayoutLeft by default):
// blocked_product(block, make_ordered_layout(shape / block, order)), mode k
// being (block_k, copies_k), as CuTe 4.x (no longer coalesced per mode as in
// CuTe 3.x). Defined when each mode's block size divides the target size. The
// target may be a layout (its shape is taken), as in CuTe.
template <class S, class D, class T, class O = LayoutLeft>
TESSEL_HOST_DEVICE constexpr auto tile_to_shape(Layout<S, D> const& block, T const& target, O const& order = {}) {
  constexpr int R = decltype(rank(target))::value;
  static_assert(Layout<S, D>::rank <= R, "tessel::tile_to_shape: the block has more modes than the target shape");
  auto padded = detail::pad_to_rank<R>(block);
  auto bshape = transform(wrap(padded.shape()), [](auto const& s) { return product(s); });
  auto tshape = transform(wrap(shape(target)), [](auto const& s) { return product(s); });  // a layout target: its shape (CuTe)
  auto reps = transform(tshape, bshape, [](auto const& t, auto const& b) {
    using Tt = std::remove_cvref_t<decltype(t)>;
    using Bt = std::remove_cvref_t<decltype(b)>;
    if constexpr (StaticInt<Tt> && StaticInt<Bt>) {
      static_assert(Tt::value % Bt::value == 0,
                    "tessel::tile_to_shape: a mode of the block does not divide the target shape");
    } else {
      TESSEL_CHECK(t % b == 0, "tile_to_shape: a mode of the block does not divide the target shape");
    }
    return t / b;
  });
  return blocked_product(padded, make_ordered_layout(reps, order));
}

}  // namespace tessel
