// tessel/atom/copy_atom.hpp: copy atoms and their tilings over threads, with
// CuTe's names and semantics.
//   Copy_Atom<Op, T>   one copy operation moving elements of T (its traits'
//                      bit layouts seen as elements: ValLayoutSrc/Dst/Ref);
//   TiledCopy          atoms laid out over threads and values: a TV layout
//                      (thread, value) -> coordinate of an M x N tile;
//   ThrCopy            one thread's view: partition_S/D, retile_S/D;
//   make_tiled_copy(atom, thr_layout, val_layout), make_tiled_copy_A/B/C(atom, mma),
//   copy(atom or tiled copy, src, dst), copy_if(atom or tiled copy, pred, src, dst).
#pragma once

#include <cstdint>
#include <type_traits>

#include "../swizzle/composed_algebra.hpp"
#include "../swizzle/copy.hpp"
#include "copy_traits.hpp"
#include "mma_atom.hpp"
#include "util.hpp"

namespace TESSEL_NAMESPACE {

template <class... Args>
struct Copy_Atom;

template <class T> struct is_copy_atom : std::false_type {};
template <class... A> struct is_copy_atom<Copy_Atom<A...>> : std::true_type {};

namespace detail::atoms {
template <class Traits> struct copy_op_of;
template <class Op, class... A> struct copy_op_of<Copy_Traits<Op, A...>> { using type = Op; };
template <class Op> struct is_auto_vectorizing : std::false_type {};
template <int B> struct is_auto_vectorizing<AutoVectorizingCopyWithAssumedAlignment<B>> : std::true_type {};
}  // namespace detail::atoms

// Copy_Atom<Op, T> is Copy_Atom<Copy_Traits<Op>, T>.
template <class Op, class T>
struct Copy_Atom<Op, T> : Copy_Atom<Copy_Traits<Op>, T> {};

template <class... Args, class T>
struct Copy_Atom<Copy_Traits<Args...>, T> : Copy_Traits<Args...> {
  using Traits = Copy_Traits<Args...>;
  using CopyOp = typename detail::atoms::copy_op_of<Traits>::type;
  using ThrID = typename Traits::ThrID;
  using BitLayoutSrc = typename Traits::SrcLayout;
  using BitLayoutDst = typename Traits::DstLayout;
  using BitLayoutRef = typename Traits::RefLayout;
  using ValType = T;
  // (thread, value) -> element of T: the bit layouts with sizeof_bits<T> bits per element.
  using ValLayoutSrc = decltype(upcast<sizeof_bits_v<T>>(BitLayoutSrc{}));
  using ValLayoutDst = decltype(upcast<sizeof_bits_v<T>>(BitLayoutDst{}));
  using ValLayoutRef = decltype(upcast<sizeof_bits_v<T>>(BitLayoutRef{}));
  static_assert(decltype(size<0>(ValLayoutSrc{}))::value == decltype(size(ThrID{}))::value &&
                    decltype(size<0>(ValLayoutDst{}))::value == decltype(size(ThrID{}))::value &&
                    decltype(size<0>(ValLayoutRef{}))::value == decltype(size(ThrID{}))::value,
                "tessel::Copy_Atom: the operation cannot move elements of this type (its bit layouts do not divide "
                "into elements of T)");
  static constexpr int NumValSrc = decltype(size<1>(ValLayoutSrc{}))::value;
  static constexpr int NumValDst = decltype(size<1>(ValLayoutDst{}))::value;

  // call(src, dst): one atom's values (rank-1 tensors). Where their size is
  // the atom's, the instruction runs; where it is a multiple, nested in mode
  // 0, the atom is applied to each part.
  template <class SE, class SL, class DE, class DL>
  TESSEL_HOST_DEVICE void call(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) const {
    call_impl<true>(src, dst);
  }
  template <class SE, class SL, class DE, class DL>
  TESSEL_HOST_DEVICE void call(Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst) const {
    call_impl<true>(src, dst);
  }
  // call(pred, src, dst): as call(src, dst), the instruction skipped where pred(0) is false.
  template <class PE, class PL, class SE, class SL, class DE, class DL>
  TESSEL_HOST_DEVICE void call(Tensor<PE, PL> const& pred, Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) const {
    call_impl<true>(pred, src, dst);
  }
  template <class PE, class PL, class SE, class SL, class DE, class DL>
  TESSEL_HOST_DEVICE void call(Tensor<PE, PL> const& pred, Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst) const {
    call_impl<true>(pred, src, dst);
  }

  // call_impl<Checked>: call, with (Checked) or without a check that the
  // data are aligned for the instruction's registers; copy() checks once per
  // tensor instead where every atom of the tensor starts aligned when its
  // first does (aligned_starts).
  template <bool Checked, class SE, class SL, class DE, class DL>
  TESSEL_HOST_DEVICE void call_impl(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) const {
    static_assert(SL::rank == 1 && DL::rank == 1, "tessel::Copy_Atom::call: src and dst must be rank-1");
    if constexpr (matches_atom<SL, DL>()) {
      unpack<Checked>(src, dst);
    } else if constexpr (is_tuple_v<typename SL::shape_type> && is_tuple_v<typename DL::shape_type>) {
      copy(*this, tensor<0>(src), tensor<0>(dst));
    } else {
      static_assert(SL::rank == 0, "tessel::Copy_Atom: the partition's values do not match the instruction (mode 0 "
                                   "of src/dst must be a multiple of the atom's values: NumValSrc/NumValDst)");
    }
  }
  template <bool Checked, class PE, class PL, class SE, class SL, class DE, class DL>
  TESSEL_HOST_DEVICE void call_impl(Tensor<PE, PL> const& pred, Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) const {
    static_assert(PL::rank == 1 && SL::rank == 1 && DL::rank == 1, "tessel::Copy_Atom::call: pred, src and dst must be rank-1");
    if constexpr (matches_atom<SL, DL>()) {
      if (pred(Int<0>{})) unpack<Checked>(src, dst);
    } else if constexpr (is_tuple_v<typename PL::shape_type> && is_tuple_v<typename SL::shape_type> &&
                         is_tuple_v<typename DL::shape_type>) {
      copy_if(*this, tensor<0>(pred), tensor<0>(src), tensor<0>(dst));
    } else {
      static_assert(SL::rank == 0, "tessel::Copy_Atom: the partition's values do not match the instruction (mode 0 "
                                   "of src/dst must be a multiple of the atom's values: NumValSrc/NumValDst)");
    }
  }

  // Whether, for the static layouts SL and DL, every atom's registers start
  // aligned when the tensors' first elements are: in every mode, the stride is
  // a multiple of the elements per register, or it is 1 over a multiple of them.
  template <class SL, class DL>
  TESSEL_HOST_DEVICE static constexpr bool aligned_starts() {
    if constexpr (!is_static_v<SL> || !is_static_v<DL>) {
      return false;
    } else {
      using RS = std::remove_extent_t<typename CopyOp::SRegisters>;
      using RD = std::remove_extent_t<typename CopyOp::DRegisters>;
      return starts_ok<SL, int(sizeof(RS))>() && starts_ok<DL, int(sizeof(RD))>();
    }
  }
  // The data of src and dst aligned for the registers (one check per tensor).
  template <class PS, class PD>
  TESSEL_HOST_DEVICE static void check_aligned([[maybe_unused]] PS const& s, [[maybe_unused]] PD const& d) {
#if TESSEL_ALIGNMENT_CHECKS  // device code assumes it (config.hpp): a misaligned access faults there
    [[maybe_unused]] bool const aligned =
        reinterpret_cast<std::uintptr_t>(raw_pointer_cast(s)) % alignof(std::remove_extent_t<typename CopyOp::SRegisters>) == 0 &&
        reinterpret_cast<std::uintptr_t>(raw_pointer_cast(d)) % alignof(std::remove_extent_t<typename CopyOp::DRegisters>) == 0;
    TESSEL_CHECK(aligned, "copy: the data are not aligned for the copy instruction's registers");
#endif
  }

 private:
  template <class SL, class DL>
  TESSEL_HOST_DEVICE static constexpr bool matches_atom() {
    using SS = decltype(size(SL{}));
    using DS = decltype(size(DL{}));
    if constexpr (StaticInt<SS>) { if (SS::value == NumValSrc) return true; }
    if constexpr (StaticInt<DS>) { if (DS::value == NumValDst) return true; }
    return false;
  }
  // In every mode of L, the stride (in bytes) a multiple of B, or 1 element
  // over a multiple of B bytes (or a mode of size 1).
  template <class L, int B>
  TESSEL_HOST_DEVICE static constexpr bool starts_ok() {
    constexpr int E = int(sizeof(T));
    if constexpr (B <= E) {
      return true;
    } else {
      auto fs = flatten_to_tuple(typename L::shape_type{});
      auto fd = flatten_to_tuple(typename L::stride_type{});
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        auto one = [](long long sh, long long st) {
          return sh == 1 || (st * E) % B == 0 || (st == 1 && (sh * E) % B == 0);
        };
        return (true && ... && one(static_cast<long long>(get<I>(fs)), static_cast<long long>(get<I>(fd))));
      }(std::make_index_sequence<tuple_size_v<decltype(fs)>>{});
    }
  }
  // t seen as elements of U (the layout recast as tessel::recast does, with
  // its static checks); the alignment checked only when Checked.
  template <class U, bool Checked, class E, class L>
  TESSEL_HOST_DEVICE static auto view_as(Tensor<E, L> const& t) {
    if constexpr (Checked) {
      return recast<U>(t);
    } else {
      using V = typename E::value_type;
      auto raw = raw_pointer_cast(t.data());
      using UP = std::conditional_t<std::is_const_v<std::remove_pointer_t<decltype(raw)>>, U const*, U*>;
      if constexpr (sizeof(U) == sizeof(V)) {
        return make_view(reinterpret_cast<UP>(raw), t.layout());
      } else {
        static_assert(sizeof(U) > sizeof(V) && is_static_v<L>, "tessel::Copy_Atom: an unchecked view needs wider registers and a static layout");
        constexpr int N = int(sizeof(U) / sizeof(V));
        static_assert(detail::upcast_divides<N>(typename L::shape_type{}, typename L::stride_type{}) &&
                          detail::upcast_whole<N>(typename L::shape_type{}, typename L::stride_type{}),
                      "tessel::Copy_Atom: the values do not form the instruction's registers (their layout is "
                      "incompatible with this copy operation)");
        return make_view(reinterpret_cast<UP>(raw), upcast<N>(t.layout()));
      }
    }
  }
  // The values seen as the instruction's registers (static layouts must
  // divide into them; pointers must be aligned for them, checked here when
  // Checked), then one copy() with every register as an argument.
  template <bool Checked, class SE, class SL, class DE, class DL>
  TESSEL_HOST_DEVICE static void unpack(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) {
    using RS = std::remove_extent_t<typename CopyOp::SRegisters>;
    using RD = std::remove_extent_t<typename CopyOp::DRegisters>;
    constexpr int NS = std::extent_v<typename CopyOp::SRegisters>;
    constexpr int ND = std::extent_v<typename CopyOp::DRegisters>;
    constexpr bool checked = Checked || !is_static_v<SL> || !is_static_v<DL>;
    auto rS = view_as<RS, checked>(src);
    auto rD = view_as<RD, checked>(make_view(dst.data(), dst.layout()));
    static_assert(decltype(size(rS.layout()))::value == NS,
                  "tessel::Copy_Atom: the source values do not form the instruction's registers (their layout is "
                  "incompatible with this copy operation)");
    static_assert(decltype(size(rD.layout()))::value == ND,
                  "tessel::Copy_Atom: the destination values do not form the instruction's registers (their layout "
                  "is incompatible with this copy operation)");
    [&]<std::size_t... iS, std::size_t... iD>(std::index_sequence<iS...>, std::index_sequence<iD...>) {
      CopyOp::copy(rS(Int<int(iS)>{})..., rD(Int<int(iD)>{})...);
    }(std::make_index_sequence<NS>{}, std::make_index_sequence<ND>{});
  }
};

// ---- TiledCopy --------------------------------------------------------------------------------------

template <class TiledCopy_, class ThrIdx>
struct ThrCopy;

// Copy atoms over threads: LayoutCopy_TV maps (thread, value) to the index of
// a coordinate of the tile ShapeTiler_MN (column-major).
template <class Atom, class LayoutCopy_TV, class ShapeTiler_MN>
struct TiledCopy : Atom {
  using AtomThrID = typename Atom::ThrID;
  using AtomLayoutSrc = typename Atom::ValLayoutSrc;
  using AtomLayoutDst = typename Atom::ValLayoutDst;
  using AtomLayoutRef = typename Atom::ValLayoutRef;
  using AtomNumThr = decltype(size<0>(AtomLayoutRef{}));
  using AtomNumVal = decltype(size<1>(AtomLayoutRef{}));
  using Tiler_MN = ShapeTiler_MN;
  using TiledLayout_TV = LayoutCopy_TV;
  using TiledNumThr = decltype(size<0>(TiledLayout_TV{}));
  using TiledNumVal = decltype(size<1>(TiledLayout_TV{}));
  static_assert(is_static_v<LayoutCopy_TV>, "tessel::TiledCopy: the TV layout must be static");
  static_assert(TiledNumThr::value % AtomNumThr::value == 0,
                "tessel::TiledCopy: the number of threads is not a multiple of the atom's threads (use more threads "
                "or an atom of fewer threads)");
  static_assert(TiledNumVal::value % AtomNumVal::value == 0,
                "tessel::TiledCopy: each thread's values are not a multiple of the atom's values (the value layout "
                "is narrower than the copy instruction: widen it or use a narrower atom)");

  TESSEL_HOST_DEVICE constexpr TiledCopy(Atom const& atom = {}) : Atom(atom) {}

  // tidfrg_S(S): S's layout (M, N, ...) as (Thr, (FrgV, FrgX), (RestM, RestN, ...));
  // tidfrg_D(D): the same with the atom's destination layout. A swizzled layout
  // Sw o off o L (a swizzled shared-memory tile): the same on L, the swizzle kept
  // (the partition only rearranges L's domain; the swizzle acts on its offsets).
  template <class X>
  TESSEL_HOST_DEVICE static constexpr auto tidfrg_S(X const& s) {
    return tidfrg<AtomLayoutSrc>(s);
  }
  template <class X>
  TESSEL_HOST_DEVICE static constexpr auto tidfrg_D(X const& d) {
    return tidfrg<AtomLayoutDst>(d);
  }
  // tidfrg_S/D with the atom's layout AtomLayoutSrc or AtomLayoutDst.
  template <class AtomLayout, class S, class D>
  TESSEL_HOST_DEVICE static constexpr auto tidfrg(Layout<S, D> const& l) {
    static_assert(Layout<S, D>::rank >= tuple_size_v<Tiler_MN>, "tessel::TiledCopy: the tensor has fewer modes than the tiler");
    static_assert(detail::atoms::static_modes_divide<Layout<S, D>, Tiler_MN>(),
                  "tessel::TiledCopy: a static mode of the tensor is not a multiple of the copy's tile (Tiler_MN): "
                  "the partition would reach outside the tensor (use a tile that divides it)");
    return tile2thrfrg(zipped_divide(l, Tiler_MN{}), composition(right_inverse(AtomLayoutRef{}), AtomLayout{}));
  }
  template <class AtomLayout, class Sw, class O, class L>
  TESSEL_HOST_DEVICE static constexpr auto tidfrg(ComposedLayout<Sw, O, L> const& c) {
    return make_composed_layout(c.layout_a(), c.offset(), tidfrg<AtomLayout>(c.layout_b()));
  }
  // tile2thrfrg(((TileM,TileN,...),(RestM,RestN,...)), ref2trg): the tile
  // mode as (thread, value), the atom's threads and values in the atom's
  // source or destination order (ref2trg), then the (thread, value, rest) modes.
  template <class S, class D, class R>
  TESSEL_HOST_DEVICE static constexpr auto tile2thrfrg(Layout<S, D> const& t, R const& ref2trg) {
    auto atom_tv = zipped_divide(TiledLayout_TV{}, make_shape(AtomNumThr{}, AtomNumVal{}));
    auto trg_tv = detail::atoms::compose0(atom_tv, ref2trg);
    auto thrval2mn = coalesce(detail::atoms::zip2(trg_tv), Shape<_1, Shape<_1, _1>>{});
    auto tv = detail::atoms::compose0(t, thrval2mn);
    return slice(make_coord(make_coord(Underscore{}, Underscore{}), Underscore{}), tv);
  }
  // retile(T): a thread's register tensor (V, M, N, ...) of this copy's
  // values, reordered into the copy's (atom values, rest values) so that a
  // fragment made for another partition (an MMA's) is copied by this one.
  template <class S, class D>
  TESSEL_HOST_DEVICE static constexpr auto retile(Layout<S, D> const& l) {
    constexpr int R = Layout<S, D>::rank;
    using V = decltype(size<0>(l));
    static_assert(StaticInt<V>, "tessel::TiledCopy::retile: mode 0 of the tensor must be static");
    auto frg_mn = upcast<int(TiledNumThr::value * V::value)>(
        detail::atoms::with_shape(right_inverse(TiledLayout_TV{}), Tiler_MN{}));
    auto frg_v = zipped_divide(logical_product(make_layout(V{}), right_inverse(frg_mn)), make_layout(AtomNumVal{}));
    auto tiled = zipped_divide(l, prepend(detail::atoms::product_each(frg_mn.shape()), V{}));
    auto v = detail::atoms::compose0(tiled, frg_v);
    return slice(make_coord(Underscore{}, prepend(detail::atoms::underscores_tuple<R - 1>(), Int<0>{})), v);
  }
  // (thread, value) -> index of the coordinate in the tile, for the source and destination.
  TESSEL_HOST_DEVICE static constexpr auto get_layoutS_TV() {
    auto ref = make_layout(make_shape(Tiler_MN{}, Int<1>{}));
    auto l = tile2thrfrg(ref, composition(right_inverse(AtomLayoutRef{}), AtomLayoutSrc{}));
    return slice(make_coord(Underscore{}, Underscore{}, Int<0>{}), l);
  }
  TESSEL_HOST_DEVICE static constexpr auto get_layoutD_TV() {
    auto ref = make_layout(make_shape(Tiler_MN{}, Int<1>{}));
    auto l = tile2thrfrg(ref, composition(right_inverse(AtomLayoutRef{}), AtomLayoutDst{}));
    return slice(make_coord(Underscore{}, Underscore{}, Int<0>{}), l);
  }

  // get_slice(t): thread t's view (ThrCopy).
  template <class I> requires std::is_integral_v<I>
  TESSEL_HOST_DEVICE static constexpr auto get_slice(I const& thr_idx) { return ThrCopy<TiledCopy, I>{thr_idx}; }
  template <class I> requires std::is_integral_v<I>
  TESSEL_HOST_DEVICE static constexpr auto get_thread_slice(I const& thr_idx) { return get_slice(thr_idx); }
};

namespace detail {
// The tensor slice t(c), leaving the swizzle of a swizzled shared-memory layout
// where it can (slice_leaving_swizzle, swizzle/composed_layout.hpp).
template <class Crd, class Tn>
TESSEL_HOST_DEVICE constexpr auto slice_tensor_leaving_swizzle(Tn const& t, Crd const& c) {
  auto [l, off] = slice_leaving_swizzle(c, t.layout());
  return make_view(t.data() + off, l);
}
}  // namespace detail

// One thread's part of a TiledCopy.
template <class TiledCopy_, class ThrIdx>
struct ThrCopy {
  ThrIdx thr_idx_;

  // partition_S(S): this thread's values of S (M, N, ...) as (CopyV, RestM, RestN, ...).
  template <class ST>
  TESSEL_HOST_DEVICE constexpr auto partition_S(ST&& s) const {
    using L = typename std::remove_cvref_t<ST>::layout_type;
    auto t = make_view(s.data(), TiledCopy_::tidfrg_S(s.layout()));
    return detail::slice_tensor_leaving_swizzle(t, make_coord(thr_idx_, Underscore{}, detail::atoms::underscores<L::rank>()));
  }
  // partition_D(D): this thread's values of D (M, N, ...) as (CopyV, RestM, RestN, ...).
  template <class DT>
  TESSEL_HOST_DEVICE constexpr auto partition_D(DT&& d) const {
    using L = typename std::remove_cvref_t<DT>::layout_type;
    auto t = make_view(d.data(), TiledCopy_::tidfrg_D(d.layout()));
    return detail::slice_tensor_leaving_swizzle(t, make_coord(thr_idx_, Underscore{}, detail::atoms::underscores<L::rank>()));
  }
  // retile_S/retile_D(T): a register tensor of this thread seen in this copy's value order.
  template <class ST>
  TESSEL_HOST_DEVICE static constexpr auto retile_S(ST&& s) { return make_view(s.data(), TiledCopy_::retile(s.layout())); }
  template <class DT>
  TESSEL_HOST_DEVICE static constexpr auto retile_D(DT&& d) { return make_view(d.data(), TiledCopy_::retile(d.layout())); }
};

// make_tiled_copy_impl(atom, layout_tv, tiler): the TiledCopy of those types.
template <class... Args, class LTV, class Tiler>
TESSEL_HOST_DEVICE constexpr auto make_tiled_copy_impl(Copy_Atom<Args...> const& atom, LTV const&, Tiler const&) {
  return TiledCopy<Copy_Atom<Args...>, LTV, Tiler>{atom};
}

// make_tiled_copy(atom, thr_layout, val_layout): thread t takes the values
// val_layout of block t of the tile raked_product(thr_layout, val_layout)
// ((m,n) -> thread index by thr_layout, value index by val_layout).
template <class... Args, class TL = Layout<_1>, class VL = Layout<_1>>
TESSEL_HOST_DEVICE constexpr auto make_tiled_copy(Copy_Atom<Args...> const& atom, TL const& thr_layout = {}, VL const& val_layout = {}) {
  static_assert(is_static_v<TL> && is_static_v<VL>, "tessel::make_tiled_copy: the thread and value layouts must be static");
  auto layout_mn = raked_product(thr_layout, val_layout);
  auto layout_tv = detail::atoms::with_shape(right_inverse(layout_mn), make_shape(size(thr_layout), size(val_layout)));
  static_assert(decltype(size(layout_tv))::value == decltype(size(layout_mn))::value,
                "tessel::make_tiled_copy: the thread and value layouts do not tile their product one-to-one "
                "(right_inverse does not cover it: use injective, compact thread and value layouts)");
  auto tiler = detail::atoms::product_each(layout_mn.shape());
  return make_tiled_copy_impl(atom, layout_tv, tiler);
}

// make_tiled_copy_A/B/C(atom, mma): the copy of the MMA's A (M x K), B (N x K)
// or C (M x N) tile with the MMA's own thread-value layout.
template <class... CArgs, class A, class L, class P>
TESSEL_HOST_DEVICE constexpr auto make_tiled_copy_A(Copy_Atom<CArgs...> const& atom, TiledMMA<A, L, P> const& mma) {
  return make_tiled_copy_impl(atom, mma.get_layoutA_TV(), make_shape(tile_size<0>(mma), tile_size<2>(mma)));
}
template <class... CArgs, class A, class L, class P>
TESSEL_HOST_DEVICE constexpr auto make_tiled_copy_B(Copy_Atom<CArgs...> const& atom, TiledMMA<A, L, P> const& mma) {
  return make_tiled_copy_impl(atom, mma.get_layoutB_TV(), make_shape(tile_size<1>(mma), tile_size<2>(mma)));
}
template <class... CArgs, class A, class L, class P>
TESSEL_HOST_DEVICE constexpr auto make_tiled_copy_C(Copy_Atom<CArgs...> const& atom, TiledMMA<A, L, P> const& mma) {
  return make_tiled_copy_impl(atom, mma.get_layoutC_TV(), make_shape(tile_size<0>(mma), tile_size<1>(mma)));
}

// size(tiled_copy): its number of threads (TiledNumThr); tile_size<I...>(tiled_copy):
// size<I...> of its tile (Tiler_MN).
template <class A, class TV, class T>
TESSEL_HOST_DEVICE constexpr auto size(TiledCopy<A, TV, T> const&) { return typename TiledCopy<A, TV, T>::TiledNumThr{}; }
template <std::size_t... I, class A, class TV, class T>
TESSEL_HOST_DEVICE constexpr auto tile_size(TiledCopy<A, TV, T> const&) { return size<I...>(T{}); }

// ---- copy, copy_if ------------------------------------------------------------------------------

namespace detail::atoms {
// The rest loop of copy and copy_if over d (V, Rest): at each rest index i the
// atom moves operands(i, f)'s operands (the source, or the predicate and the
// source, at i: f(...)) to d(_, i). Where every start of the tensors SL, DL is
// aligned for the atom (aligned_starts), the alignment is checked once, here,
// and the calls skip it.
template <class SL, class DL, class Atom, class SP, class DP, class D, class Operands>
TESSEL_HOST_DEVICE void copy_rest(Atom const& atom, SP const& src_ptr, DP const& dst_ptr, D& d, Operands const& operands) {
  constexpr bool aligned = Atom::template aligned_starts<SL, DL>();
  if constexpr (aligned) Atom::check_aligned(src_ptr, dst_ptr);
  TESSEL_UNROLL
  for (int i = 0; i < int(size<1>(d.layout())); ++i) {
    auto di = d(Underscore{}, i);
    operands(i, [&](auto const&... x) {
      if constexpr (aligned) atom.template call_impl<false>(x..., di);
      else atom.call(x..., di);
    });
  }
}
}  // namespace detail::atoms

// copy(atom, src, dst): src and dst (V, Rest...) of the same rank; the atom
// runs on (V) for every index of the rest modes. A TiledCopy is its atom here.
// With AutoVectorizingCopy the whole tensors go to the auto-vectorising copy.
template <class... Args, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(Copy_Atom<Args...> const& atom, Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) {
  using CopyOp = typename Copy_Atom<Args...>::CopyOp;
  static_assert(SL::rank == DL::rank, "tessel::copy: src and dst differ in rank");
  if constexpr (detail::atoms::is_auto_vectorizing<CopyOp>::value) {
    copy(src, dst);
  } else if constexpr (SL::rank == 1) {
    atom.call(src, dst);
  } else {
    constexpr int R = SL::rank;
    auto s = group_modes<1, R>(src);
    auto d = group_modes<1, R>(make_view(dst.data(), dst.layout()));
    if constexpr (StaticInt<decltype(size<1>(s.layout()))> && StaticInt<decltype(size<1>(d.layout()))>) {
      static_assert(decltype(size<1>(s.layout()))::value == decltype(size<1>(d.layout()))::value,
                    "tessel::copy: src and dst differ in the size of their rest modes");
    } else {
      TESSEL_CHECK(size<1>(s.layout()) == size<1>(d.layout()), "copy: src and dst differ in the size of their rest modes");
    }
    detail::atoms::copy_rest<SL, DL>(atom, src.data(), dst.data(), d, [&](int i, auto const& f) { f(s(Underscore{}, i)); });
  }
}
template <class... Args, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(Copy_Atom<Args...> const& atom, Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst) {
  copy(atom, src, dst);
}

// copy_if(atom, pred, src, dst): as copy, each atom's copy done where the
// predicate's element at the atom's first value is true. pred has the rank of
// src (V, Rest...) or one less (Rest...).
template <class... Args, class PE, class PL, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy_if(Copy_Atom<Args...> const& atom, Tensor<PE, PL> const& pred, Tensor<SE, SL> const& src,
                                Tensor<DE, DL>& dst) {
  static_assert(SL::rank == DL::rank, "tessel::copy_if: src and dst differ in rank");
  if constexpr (PL::rank + 1 == SL::rank) {
    copy_if(atom, make_view(pred.data(), prepend(pred.layout(), Layout<_1, _0>{})), src, dst);
  } else {
    static_assert(PL::rank == SL::rank, "tessel::copy_if: pred must have the rank of src, or one less");
    if constexpr (SL::rank == 1) {
      atom.call(pred, src, dst);
    } else {
      constexpr int R = SL::rank;
      auto p = group_modes<1, R>(pred);
      auto s = group_modes<1, R>(src);
      auto d = group_modes<1, R>(make_view(dst.data(), dst.layout()));
      TESSEL_CHECK(size<1>(s.layout()) == size<1>(d.layout()) && size<1>(p.layout()) == size<1>(d.layout()),
                   "copy_if: pred, src and dst differ in the size of their rest modes");
      detail::atoms::copy_rest<SL, DL>(atom, src.data(), dst.data(), d,
                                       [&](int i, auto const& f) { f(p(Underscore{}, i), s(Underscore{}, i)); });
    }
  }
}
template <class... Args, class PE, class PL, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy_if(Copy_Atom<Args...> const& atom, Tensor<PE, PL> const& pred, Tensor<SE, SL> const& src,
                                Tensor<DE, DL>&& dst) {
  copy_if(atom, pred, src, dst);
}

// ---- printing (CuTe's format) ---------------------------------------------------------------------

template <class... Args>
TESSEL_HOST_DEVICE void print(Copy_Atom<Args...> const&) {
  printf("Copy_Atom\n");
  detail::atoms::print_parts(14, "ThrID:", typename Copy_Atom<Args...>::ThrID{}, "ValLayoutSrc:", typename Copy_Atom<Args...>::ValLayoutSrc{}, "ValLayoutDst:", typename Copy_Atom<Args...>::ValLayoutDst{}, "ValLayoutRef:", typename Copy_Atom<Args...>::ValLayoutRef{});
  printf("  ValueType:    %db\n", sizeof_bits_v<typename Copy_Atom<Args...>::ValType>);
}
template <class Atom, class LTV, class Tiler>
TESSEL_HOST_DEVICE void print(TiledCopy<Atom, LTV, Tiler> const& c) {
  printf("TiledCopy\n");
  detail::atoms::print_parts(16, "Tiler_MN:", Tiler{}, "TiledLayout_TV:", LTV{});
  print(static_cast<Atom const&>(c));
}
template <class TC, class I>
TESSEL_HOST_DEVICE void print(ThrCopy<TC, I> const& thr) {
  printf("ThrCopy\n");
  printf("  ThrIdx: "); print(thr.thr_idx_); printf("\n");
  print(TC{});
}

}  // namespace tessel
