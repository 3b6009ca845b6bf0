// tessel/atom/mma_atom.hpp: MMA atoms and their tilings over threads, with
// CuTe's names and semantics.
//   MMA_Atom<Op>       one MMA operation with its traits (mma_traits.hpp);
//   TiledMMA           atoms laid out over more threads (AtomLayoutMNK) and
//                      the (M,N,K) tile they cover, optionally permuted;
//   ThrMMA             one thread's view: partition_A/B/C, partition_fragment_A/B/C;
//   make_tiled_mma, tile_size<I>, get_layoutA_TV/B_TV/C_TV, gemm(mma, D, A, B, C).
// The layouts of a TiledMMA are static (its atom layout and permutations are
// static integers); the tensors it partitions may be dynamic.
#pragma once

#include <type_traits>

#include "../swizzle/composed_layout.hpp"
#include "mma_traits.hpp"
#include "util.hpp"

namespace TESSEL_NAMESPACE {

template <class... Args>
struct MMA_Atom;

// MMA_Atom<Op> is MMA_Atom<MMA_Traits<Op>>.
template <class Op>
struct MMA_Atom<Op> : MMA_Atom<MMA_Traits<Op>> {};

namespace detail::atoms {
template <class T> struct is_mma_atom : std::false_type {};
// The fragment type of A (B): the traits' FrgTypeA (FrgTypeB) where given (a
// descriptor type of an operand in shared memory), else the value type.
template <class Tr, class = void> struct frg_a { using type = typename Tr::ValTypeA; };
template <class Tr> struct frg_a<Tr, std::void_t<typename Tr::FrgTypeA>> { using type = typename Tr::FrgTypeA; };
template <class Tr, class = void> struct frg_b { using type = typename Tr::ValTypeB; };
template <class Tr> struct frg_b<Tr, std::void_t<typename Tr::FrgTypeB>> { using type = typename Tr::FrgTypeB; };
// A fragment type whose fragments are made from the partition itself (descriptors).
template <class F> concept descriptor_fragment = requires { F::descriptor_fragment; };
// The layout of a tensor's elements before a swizzle (for fragments like it).
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto plain_layout(Layout<S, D> const& l) { return l; }
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto plain_layout(ComposedLayout<A, O, L> const& c) { return c.layout_b(); }
template <class... A> struct is_mma_atom<MMA_Atom<A...>> : std::true_type {};
}  // namespace detail::atoms

template <class Op, class... Args>
struct MMA_Atom<MMA_Traits<Op, Args...>> : MMA_Traits<Op, Args...> {
  using MMA_Op = Op;
  using Traits = MMA_Traits<Op, Args...>;
  using ValTypeD = typename Traits::ValTypeD;
  using ValTypeA = typename Traits::ValTypeA;
  using ValTypeB = typename Traits::ValTypeB;
  using ValTypeC = typename Traits::ValTypeC;
  using Shape_MNK = typename Traits::Shape_MNK;
  using ThrID = typename Traits::ThrID;
  using LayoutC_TV = typename Traits::CLayout;
  using LayoutA_TV = typename Traits::ALayout;
  using LayoutB_TV = typename Traits::BLayout;
  // The fragments hold the value types, or for A and B read from shared memory
  // by descriptors (wgmma SS), descriptors (the traits' FrgTypeA/B).
  using FrgTypeD = ValTypeD;
  using FrgTypeA = typename detail::atoms::frg_a<Traits>::type;
  using FrgTypeB = typename detail::atoms::frg_b<Traits>::type;
  using FrgTypeC = ValTypeC;

  // call(D, A, B, C): one operation on one thread's fragments (rank-1 tensors
  // of the atom's values): D = A * B + C.
  template <class TD, class DL, class TA, class AL, class TB, class BL, class TC, class CL>
  TESSEL_HOST_DEVICE void call(Tensor<TD, DL>& D, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B,
                               Tensor<TC, CL> const& C) const {
    static_assert(DL::rank == 1 && AL::rank == 1 && BL::rank == 1 && CL::rank == 1,
                  "tessel::MMA_Atom::call: D, A, B and C must be rank-1 (one atom's values); use gemm for more");
    if constexpr (requires { static_cast<Traits const&>(*this).unpack(D, A, B, C); }) {
      static_cast<Traits const&>(*this).unpack(D, A, B, C);  // the traits' own (wgmma)
    } else {
      unpack(D, A, B, C);
    }
  }
  template <class TD, class DL, class TA, class AL, class TB, class BL, class TC, class CL>
  TESSEL_HOST_DEVICE void call(Tensor<TD, DL>&& D, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B,
                               Tensor<TC, CL> const& C) const {
    call(D, A, B, C);
  }
  // call(A, B, C): C = A * B + C.
  template <class TA, class AL, class TB, class BL, class TC, class CL>
  TESSEL_HOST_DEVICE void call(Tensor<TA, AL> const& A, Tensor<TB, BL> const& B, Tensor<TC, CL>& C) const {
    call(C, A, B, C);
  }

  // make_fragment_C(tC): registers for a partitioned C (V, M, N, ...): its
  // shape, compact column-major, of the accumulator type.
  template <class CT>
  TESSEL_HOST_DEVICE static constexpr auto make_fragment_C(CT&& ctensor) {
    using L = typename std::remove_cvref_t<CT>::layout_type;
    static_assert(L::rank >= 3, "tessel::make_fragment_C: expects a partitioned tensor (V,M,N): use partition_C first");
    static_assert(decltype(size<0>(ctensor.layout()))::value == decltype(size<1>(LayoutC_TV{}))::value,
                  "tessel::make_fragment_C: mode 0 of the tensor is not the atom's values of C");
    return make_tensor<FrgTypeC>(ctensor.layout().shape());
  }
  // make_fragment_A(tA), make_fragment_B(tB): registers for a partitioned A
  // (V, M, K, ...) or B (V, N, K, ...), laid out like it (make_fragment_like),
  // of the A or B value type (descriptors where the MMA reads it from shared memory).
  template <class AT>
  TESSEL_HOST_DEVICE static constexpr auto make_fragment_A(AT&& atensor) {
    return make_fragment_AB<FrgTypeA, LayoutA_TV>(atensor);
  }
  template <class BT>
  TESSEL_HOST_DEVICE static constexpr auto make_fragment_B(BT&& btensor) {
    return make_fragment_AB<FrgTypeB, LayoutB_TV>(btensor);
  }

 private:
  // make_fragment_A/B with the operand's fragment type and TV layout.
  template <class Frg, class TV, class X>
  TESSEL_HOST_DEVICE static constexpr auto make_fragment_AB(X&& t) {
    using L = typename std::remove_cvref_t<X>::layout_type;
    static_assert(L::rank >= 3, "tessel::make_fragment_A/B: expects a partitioned tensor (V,M,K) or (V,N,K): use partition_A/B first");
    static_assert(decltype(size<0>(t.layout()))::value == decltype(size<1>(TV{}))::value,
                  "tessel::make_fragment_A/B: mode 0 of the tensor is not the atom's values of A/B");
    if constexpr (detail::atoms::descriptor_fragment<Frg>) {
      static_assert(is_smem_v<typename std::remove_cvref_t<X>::iterator>,
                    "tessel::make_fragment_A/B: this MMA reads A/B from shared memory by descriptors: partition a shared-memory tensor");
      return Frg::make_fragment(t);
    } else {
      return make_fragment_like<Frg>(make_view(t.data(), detail::atoms::plain_layout(t.layout())));
    }
  }
  // The fragments seen as the instruction's registers (recast), then one fma
  // with every register as an argument.
  template <class TD, class DL, class TA, class AL, class TB, class BL, class TC, class CL>
  TESSEL_HOST_DEVICE static void unpack(Tensor<TD, DL>& D, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B,
                                        Tensor<TC, CL> const& C) {
    using RD = std::remove_extent_t<typename Op::DRegisters>;
    using RA = std::remove_extent_t<typename Op::ARegisters>;
    using RB = std::remove_extent_t<typename Op::BRegisters>;
    using RC = std::remove_extent_t<typename Op::CRegisters>;
    constexpr int ND = std::extent_v<typename Op::DRegisters>;
    constexpr int NA = std::extent_v<typename Op::ARegisters>;
    constexpr int NB = std::extent_v<typename Op::BRegisters>;
    constexpr int NC = std::extent_v<typename Op::CRegisters>;
    static_assert(sizeof(typename TA::value_type) == sizeof(ValTypeA) && sizeof(typename TB::value_type) == sizeof(ValTypeB),
                  "tessel::MMA_Atom: A and B must hold the atom's value types (ValTypeA, ValTypeB)");
    static_assert(sizeof(typename TD::value_type) == sizeof(ValTypeD) && sizeof(typename TC::value_type) == sizeof(ValTypeC),
                  "tessel::MMA_Atom: D and C must hold the atom's accumulator types (ValTypeD, ValTypeC)");
    auto dv = make_view(D.data(), D.layout());  // writable even where D is an owning tensor
    auto rD = recast<RD>(dv);
    auto rA = recast<RA>(A);
    auto rB = recast<RB>(B);
    auto rC = recast<RC>(C);
    static_assert(decltype(size(rD.layout()))::value == ND && decltype(size(rA.layout()))::value == NA &&
                      decltype(size(rB.layout()))::value == NB && decltype(size(rC.layout()))::value == NC,
                  "tessel::MMA_Atom: the fragments do not have the instruction's number of registers (mode 0 of a "
                  "partition must be the atom's values)");
    [&]<std::size_t... iD, std::size_t... iA, std::size_t... iB, std::size_t... iC>(
        std::index_sequence<iD...>, std::index_sequence<iA...>, std::index_sequence<iB...>, std::index_sequence<iC...>) {
      Op::fma(rD(Int<int(iD)>{})..., rA(Int<int(iA)>{})..., rB(Int<int(iB)>{})..., rC(Int<int(iC)>{})...);
    }(std::make_index_sequence<ND>{}, std::make_index_sequence<NA>{}, std::make_index_sequence<NB>{},
      std::make_index_sequence<NC>{});
  }
};

// ---- TiledMMA ---------------------------------------------------------------------------------------

template <class TiledMMA_, class ThrVMNK>
struct ThrMMA;

// Atoms tiled over threads: AtomLayoutMNK (rank 3) arranges the atoms in
// M, N, K and numbers them; PermutationMNK (rank 3: `_`, an integer or a
// layout per mode) gives the size of the tile in each mode and the order in
// which the atoms' rows/columns take the tile's.
template <class Atom, class AtomLayoutMNK, class PermutationMNK = Tile<Underscore, Underscore, Underscore>>
struct TiledMMA : Atom {
  using AtomShape_MNK = typename Atom::Shape_MNK;
  using AtomThrID = typename Atom::ThrID;
  using AtomLayoutC_TV = typename Atom::LayoutC_TV;
  using AtomLayoutA_TV = typename Atom::LayoutA_TV;
  using AtomLayoutB_TV = typename Atom::LayoutB_TV;
  static_assert(AtomLayoutMNK::rank == 3, "tessel::TiledMMA: the atom layout must have rank 3 (M, N, K)");
  static_assert(tuple_size_v<PermutationMNK> == 3, "tessel::TiledMMA: the permutation must have rank 3 (M, N, K)");
  static_assert(is_static_v<AtomLayoutMNK>, "tessel::TiledMMA: the atom layout must be static");
  // (ThrV, ThrM, ThrN, ThrK) -> thread index.
  using ThrLayoutVMNK = decltype(tiled_product(AtomThrID{}, AtomLayoutMNK{}));

  TESSEL_HOST_DEVICE constexpr TiledMMA(Atom const& atom = {}, AtomLayoutMNK const& = {}) : Atom(atom) {}

  TESSEL_HOST_DEVICE static constexpr auto get_thr_layout_vmnk() { return ThrLayoutVMNK{}; }

  // The permutation of mode I: the given one, or for `_` the extent the atoms
  // cover (atom size times atoms in that mode).
  template <int I>
  TESSEL_HOST_DEVICE static constexpr auto permutation_mnk() {
    static_assert(0 <= I && I < 3, "tessel::TiledMMA::permutation_mnk: I is 0, 1 or 2");
    using P = std::remove_cvref_t<decltype(get<I>(PermutationMNK{}))>;
    constexpr long long covered = decltype(size<I>(AtomShape_MNK{}))::value * decltype(size<I + 1>(ThrLayoutVMNK{}))::value;
    if constexpr (is_underscore_v<P>) {
      return Int<covered>{};
    } else {
      static_assert(is_static_v<P>, "tessel::TiledMMA: a permutation must be static");
      static_assert(decltype(size(P{}))::value % covered == 0,
                    "tessel::TiledMMA: a permutation's size must be a multiple of the atom size times the atoms in "
                    "that mode (the atoms must tile it)");
      return P{};
    }
  }
  // The tile size in mode I (M, N, K).
  template <int I>
  TESSEL_HOST_DEVICE static constexpr auto tile_size_mnk() {
    return size(permutation_mnk<I>());
  }

  // thrfrg_C(C): C's layout (M, N, ...) as ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...))):
  // permuted, divided into atoms, each atom as (thread, value), then the atoms over the threads.
  template <class S, class D>
  TESSEL_HOST_DEVICE static constexpr auto thrfrg_C(Layout<S, D> const& c) {
    static_assert(Layout<S, D>::rank >= 2, "tessel::TiledMMA::thrfrg_C: C must have rank 2 or more (M, N, ...)");
    return thrfrg<0, 1, AtomLayoutC_TV, 1, 2>(c);
  }
  // thrfrg_A(A): A's layout (M, K, ...) as ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...))).
  template <class S, class D>
  TESSEL_HOST_DEVICE static constexpr auto thrfrg_A(Layout<S, D> const& a) {
    static_assert(Layout<S, D>::rank >= 2, "tessel::TiledMMA::thrfrg_A: A must have rank 2 or more (M, K, ...)");
    return thrfrg<0, 2, AtomLayoutA_TV, 1, 3>(a);
  }
  // thrfrg_B(B): B's layout (N, K, ...) as ((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...))).
  template <class S, class D>
  TESSEL_HOST_DEVICE static constexpr auto thrfrg_B(Layout<S, D> const& b) {
    static_assert(Layout<S, D>::rank >= 2, "tessel::TiledMMA::thrfrg_B: B must have rank 2 or more (N, K, ...)");
    return thrfrg<1, 2, AtomLayoutB_TV, 2, 3>(b);
  }

  // thrfrg_A/B/C of a swizzled layout Sw o off o L: the same on L, the swizzle kept.
  template <class Sw, class O, class L>
  TESSEL_HOST_DEVICE static constexpr auto thrfrg_C(ComposedLayout<Sw, O, L> const& c) {
    return make_composed_layout(c.layout_a(), c.offset(), thrfrg_C(c.layout_b()));
  }
  template <class Sw, class O, class L>
  TESSEL_HOST_DEVICE static constexpr auto thrfrg_A(ComposedLayout<Sw, O, L> const& c) {
    return make_composed_layout(c.layout_a(), c.offset(), thrfrg_A(c.layout_b()));
  }
  template <class Sw, class O, class L>
  TESSEL_HOST_DEVICE static constexpr auto thrfrg_B(ComposedLayout<Sw, O, L> const& c) {
    return make_composed_layout(c.layout_a(), c.offset(), thrfrg_B(c.layout_b()));
  }

  // get_slice(t): thread t's view (ThrMMA), t in [0, size(ThrLayoutVMNK)).
  // The coordinates are computed from t as an unsigned integer (t is never
  // negative; the same values for every t >= 0) and given back in t's type:
  // the divisions by the static extents are then shifts and masks, with none
  // of a signed division's rounding corrections in device code.
  template <class I> requires std::is_integral_v<I>
  TESSEL_HOST_DEVICE constexpr auto get_slice(I const& thr_idx) const {
    auto uvmnk = get_flat_coord(ThrLayoutVMNK{}, static_cast<std::make_unsigned_t<I>>(thr_idx));
    auto vmnk = transform(uvmnk, [](auto const& c) {
      if constexpr (is_static_v<std::remove_cvref_t<decltype(c)>>) return c;
      else return static_cast<I>(c);
    });
    return ThrMMA<TiledMMA, decltype(vmnk)>{*this, vmnk};
  }
  template <class I> requires std::is_integral_v<I>
  TESSEL_HOST_DEVICE constexpr auto get_thread_slice(I const& thr_idx) const { return get_slice(thr_idx); }

  // (thread index, value) -> index of (m, n) in the column-major tile_M x tile_N tile.
  TESSEL_HOST_DEVICE static constexpr auto get_layoutC_TV() {
    auto ref = make_layout(make_shape(tile_size_mnk<0>(), tile_size_mnk<1>()));
    return detail::atoms::compose0(thrfrg_C(ref), thridx_to_thrid());
  }
  // (thread index, value) -> index of (m, k) in the column-major tile_M x tile_K tile
  // (threads that differ only in N hold the same values of A).
  TESSEL_HOST_DEVICE static constexpr auto get_layoutA_TV() { return operand_TV<0>(); }
  // (thread index, value) -> index of (n, k) in the column-major tile_N x tile_K tile.
  TESSEL_HOST_DEVICE static constexpr auto get_layoutB_TV() { return operand_TV<1>(); }

 private:
  // get_layoutA_TV (MN = 0) and get_layoutB_TV (MN = 1): the operand's tile
  // (tile_M or tile_N, tile_K), the thread mode spread over the (M, N) threads
  // (those that differ only in the other of M and N hold the same values).
  template <int MN>
  TESSEL_HOST_DEVICE static constexpr auto operand_TV() {
    auto ref = make_layout(make_shape(tile_size_mnk<MN>(), tile_size_mnk<2>()));
    auto spread = make_tile(Underscore{}, make_tile(make_layout(make_shape(size<1>(ThrLayoutVMNK{}), size<2>(ThrLayoutVMNK{})),
                                                                make_stride(Int<MN == 0 ? 1 : 0>{}, Int<MN == 0 ? 0 : 1>{})),
                                                    Underscore{}));
    auto tv = [&] {
      if constexpr (MN == 0) return thrfrg_A(ref);
      else return thrfrg_B(ref);
    }();
    return detail::atoms::compose0(detail::atoms::compose0(tv, spread), thridx_to_thrid());
  }
  template <int P0, int P1, class AtomTV, int T0, int T1, class S, class D>
  TESSEL_HOST_DEVICE static constexpr auto thrfrg(Layout<S, D> const& x) {
    // A mode that is not a multiple of the tile gives, as in CuTe, a last
    // partial tile that reaches past the tensor's end (the layout goes on along
    // its last mode): CuTe's predicated edges partition an identity tensor the
    // same way and test elem_less before touching those elements
    // (cooperative_gemm, CuTe's predicated GEMMs).
    auto permuted = logical_divide(x, make_tile(permutation_mnk<P0>(), permutation_mnk<P1>()));
    auto atoms = zipped_divide(permuted, make_tile(make_layout(size<P0>(AtomShape_MNK{})), make_layout(size<P1>(AtomShape_MNK{}))));
    auto tv = detail::atoms::compose0(atoms, AtomTV{});  // ((ThrV,FrgV),(Rest0,Rest1,...))
    return zipped_divide(tv, make_tile(Underscore{}, make_tile(make_layout(size<T0>(ThrLayoutVMNK{})),
                                                                make_layout(size<T1>(ThrLayoutVMNK{})))));
  }
  // thread index -> (ThrV, ThrM, ThrN, ThrK) as an index of ThrLayoutVMNK's domain, as a (T, 1) layout.
  TESSEL_HOST_DEVICE static constexpr auto thridx_to_thrid() {
    auto vmnk = ThrLayoutVMNK{};
    return composition(make_layout(make_shape(size(vmnk), Int<1>{}), make_stride(Int<1>{}, Int<0>{})),
                       right_inverse(make_layout(vmnk, complement(vmnk))));
  }
};

// One thread's part of a TiledMMA; thr_vmnk_ is its (v, m, n, k) coordinate.
template <class TiledMMA_, class ThrVMNK>
struct ThrMMA : TiledMMA_ {
  ThrVMNK thr_vmnk_;

  // partition_C(C): this thread's values of C (M, N, ...) as (FrgV, RestM, RestN, ...).
  template <class CT>
  TESSEL_HOST_DEVICE constexpr auto partition_C(CT&& c) const { return slice_of<1, 2>(make_view(c.data(), TiledMMA_::thrfrg_C(c.layout()))); }
  // partition_A(A): this thread's values of A (M, K, ...) as (FrgV, RestM, RestK, ...).
  template <class AT>
  TESSEL_HOST_DEVICE constexpr auto partition_A(AT&& a) const { return slice_of<1, 3>(make_view(a.data(), TiledMMA_::thrfrg_A(a.layout()))); }
  // partition_B(B): this thread's values of B (N, K, ...) as (FrgV, RestN, RestK, ...).
  template <class BT>
  TESSEL_HOST_DEVICE constexpr auto partition_B(BT&& b) const { return slice_of<2, 3>(make_view(b.data(), TiledMMA_::thrfrg_B(b.layout()))); }
  // partition_fragment_X(X): registers for this thread's values of X.
  template <class CT>
  TESSEL_HOST_DEVICE constexpr auto partition_fragment_C(CT&& c) const { return TiledMMA_::make_fragment_C(partition_C(c)); }
  template <class AT>
  TESSEL_HOST_DEVICE constexpr auto partition_fragment_A(AT&& a) const { return TiledMMA_::make_fragment_A(partition_A(a)); }
  template <class BT>
  TESSEL_HOST_DEVICE constexpr auto partition_fragment_B(BT&& b) const { return TiledMMA_::make_fragment_B(partition_B(b)); }

 private:
  // This thread's part of t, a ((thread, (I, J)), rest) view: its coordinate
  // (v, (modes I and J of (v, m, n, k))), every rest value.
  template <int I, int J, class T>
  TESSEL_HOST_DEVICE constexpr auto slice_of(T const& t) const {
    auto coord = make_coord(get<0>(thr_vmnk_), make_coord(get<I>(thr_vmnk_), get<J>(thr_vmnk_)));
    return t(coord, make_coord(Underscore{}, rest_underscores(t)));
  }
  // `_` for each mode of (RestM, RestN, ...).
  template <class T>
  TESSEL_HOST_DEVICE static constexpr auto rest_underscores(T const& t) {
    using R = std::remove_cvref_t<decltype(layout<1, 1>(t.layout()))>;
    return detail::atoms::underscores<R::rank>();
  }
};

namespace detail::atoms {
// An atom layout padded to rank 3 with 1:0 modes.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto pad_atom_layout(Layout<S, D> const& l) {
  constexpr int R = Layout<S, D>::rank;
  if constexpr (R == 3) return l;
  else if constexpr (R == 2) return make_layout(layout<0>(l), layout<1>(l), Layout<_1, _0>{});
  else return make_layout(l, Layout<_1, _0>{}, Layout<_1, _0>{});
}
// A permutation padded to rank 3 with `_`.
template <class P>
TESSEL_HOST_DEVICE constexpr auto pad_permutation(P const& p) {
  if constexpr (!is_tuple_v<P>) return make_tile(p, Underscore{}, Underscore{});
  else if constexpr (tuple_size_v<P> == 3) return p;
  else if constexpr (tuple_size_v<P> == 2) return make_tile(get<0>(p), get<1>(p), Underscore{});
  else return make_tile(get<0>(p), Underscore{}, Underscore{});
}
}  // namespace detail::atoms

// make_tiled_mma(atom or op, atom layout = (1,1,1), permutation = (_,_,_)): the
// atom layout and the permutation are padded to rank 3 (with 1:0 and `_`).
template <class Op, class AtomLayout = Layout<Shape<_1, _1, _1>>, class Perm = Tile<Underscore, Underscore, Underscore>>
TESSEL_HOST_DEVICE constexpr auto make_tiled_mma(MMA_Atom<Op> const& atom, AtomLayout const& = {}, Perm const& = {}) {
  static_assert(AtomLayout::rank <= 3, "tessel::make_tiled_mma: the atom layout has more than 3 modes (M, N, K)");
  constexpr int RP = int(tuple_size_v<std::conditional_t<is_tuple_v<Perm>, Perm, tuple<Perm>>>);
  static_assert(RP <= 3, "tessel::make_tiled_mma: the permutation has more than 3 modes (M, N, K)");
  using L3 = decltype(detail::atoms::pad_atom_layout(AtomLayout{}));
  using P3 = decltype(detail::atoms::pad_permutation(Perm{}));
  return TiledMMA<MMA_Atom<Op>, L3, P3>{atom, L3{}};
}
template <class Op, class AtomLayout = Layout<Shape<_1, _1, _1>>, class Perm = Tile<Underscore, Underscore, Underscore>>
  requires(!detail::atoms::is_mma_atom<Op>::value)
TESSEL_HOST_DEVICE constexpr auto make_tiled_mma(Op const&, AtomLayout const& l = {}, Perm const& p = {}) {
  return make_tiled_mma(MMA_Atom<Op>{}, l, p);
}

template <class T> struct is_tiled_mma : std::false_type {};
template <class A, class L, class P> struct is_tiled_mma<TiledMMA<A, L, P>> : std::true_type {};

// tile_size<I>(mma): the tile's size in mode I (0: M, 1: N, 2: K). tile_shape: all three.
template <int I, class A, class L, class P>
TESSEL_HOST_DEVICE constexpr auto tile_size(TiledMMA<A, L, P> const&) { return TiledMMA<A, L, P>::template tile_size_mnk<I>(); }
template <class A, class L, class P>
TESSEL_HOST_DEVICE constexpr auto tile_shape(TiledMMA<A, L, P> const& m) {
  return make_shape(tile_size<0>(m), tile_size<1>(m), tile_size<2>(m));
}
// size(mma), thr_size(mma): the number of threads (size<I> of ThrLayoutVMNK).
template <std::size_t... I, class A, class L, class P>
TESSEL_HOST_DEVICE constexpr auto size(TiledMMA<A, L, P> const&) { return size<I...>(typename TiledMMA<A, L, P>::ThrLayoutVMNK{}); }
template <std::size_t... I, class A, class L, class P>
TESSEL_HOST_DEVICE constexpr auto thr_size(TiledMMA<A, L, P> const&) { return size<I...>(typename TiledMMA<A, L, P>::ThrLayoutVMNK{}); }

namespace detail::atoms {
// The shape of one thread's part of a (thread, rest) layout tv (thread 0's).
template <class TV>
TESSEL_HOST_DEVICE constexpr auto thread_part_shape(TV const& tv) {
  using R = std::remove_cvref_t<decltype(layout<1, 1>(tv))>;
  return slice(make_coord(Int<0>{}, make_coord(Underscore{}, underscores<R::rank>())), tv).shape();
}
}  // namespace detail::atoms
// partition_shape_C(mma, (M,N)): the shape of one thread's partition of an M x N C;
// partition_shape_A / _B: the same for A (M,K) and B (N,K).
template <class A, class L, class P, class Sh>
TESSEL_HOST_DEVICE constexpr auto partition_shape_C(TiledMMA<A, L, P> const&, Sh const& mn) {
  return detail::atoms::thread_part_shape(TiledMMA<A, L, P>::thrfrg_C(make_layout(mn)));
}
template <class A, class L, class P, class Sh>
TESSEL_HOST_DEVICE constexpr auto partition_shape_A(TiledMMA<A, L, P> const&, Sh const& mk) {
  return detail::atoms::thread_part_shape(TiledMMA<A, L, P>::thrfrg_A(make_layout(mk)));
}
template <class A, class L, class P, class Sh>
TESSEL_HOST_DEVICE constexpr auto partition_shape_B(TiledMMA<A, L, P> const&, Sh const& nk) {
  return detail::atoms::thread_part_shape(TiledMMA<A, L, P>::thrfrg_B(make_layout(nk)));
}
// partition_fragment_C(mma, (M,N)): registers of that shape (accumulator type).
template <class A, class L, class P, class Sh>
TESSEL_HOST_DEVICE constexpr auto partition_fragment_C(TiledMMA<A, L, P> const& m, Sh const& mn) {
  return make_tensor<typename A::FrgTypeC>(partition_shape_C(m, mn));
}

// ---- gemm ---------------------------------------------------------------------------------------

namespace detail::atoms {
// L (rank 1 or 2) with a value mode 1:0 in front: (M) -> (1,M), (M,K) -> (1,M,K).
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto with_value_mode(Layout<S, D> const& l) {
  if constexpr (Layout<S, D>::rank == 1) return make_layout(Layout<_1, _0>{}, l);
  else return make_layout(Layout<_1, _0>{}, layout<0>(l), layout<1>(l));
}
// The bytes of mode 0 of a fragment (one atom's values): its static size times
// the element's size; 0 where that size is dynamic.
template <class E, class L>
TESSEL_HOST_DEVICE constexpr int mode0_bytes() {
  using S0 = std::remove_cvref_t<decltype(size<0>(std::declval<L const&>()))>;
  if constexpr (StaticInt<S0>) return int(S0::value) * int(sizeof(typename Tensor<E, L>::value_type));
  else return 0;
}
}  // namespace detail::atoms

// gemm(mma, D, A, B, C): D = A * B + C on one thread's register fragments,
// by the ranks of the tensors (V: an atom's values, M/N/K: repetitions):
//   (V) x (V) => (V)              one atom;
//   (M) x (N) => (M,N)            and (M,K) x (N,K) => (M,N): a value mode of 1 is added;
//   (V,M) x (V,N) => (V,M,N)      every (m, n);
//   (V,M,K) x (V,N,K) => (V,M,N)  every k in order (the first adds C, the others D).
// gemm(mma, A, B, C) is gemm(mma, C, A, B, C); gemm(D, A, B, C) uses UniversalFMA.
template <class Atom, class TD, class DL, class TA, class AL, class TB, class BL, class TC, class CL>
TESSEL_HOST_DEVICE void gemm(Atom const& mma, Tensor<TD, DL>& D, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B,
                             Tensor<TC, CL> const& C) {
  constexpr int RD = DL::rank, RA = AL::rank, RB = BL::rank, RC = CL::rank;
  static_assert(RD == RC, "tessel::gemm: D and C must have the same rank");
  static_assert(RA == RB, "tessel::gemm: A and B must have the same rank");
  if constexpr (RD == 1 && RA == 1) {
    mma.call(D, A, B, C);
  } else if constexpr ((RD == 2 && RA == 1) || (RD == 2 && RA == 2)) {
    auto d = make_view(D.data(), detail::atoms::with_value_mode(D.layout()));
    gemm(mma, d, make_view(A.data(), detail::atoms::with_value_mode(A.layout())),
         make_view(B.data(), detail::atoms::with_value_mode(B.layout())), make_view(C.data(), detail::atoms::with_value_mode(C.layout())));
  } else if constexpr (RD == 3 && RA == 2) {
    TESSEL_CHECK(size<1>(A.layout()) == size<1>(C.layout()) && size<1>(B.layout()) == size<2>(C.layout()) &&
                     size<1>(D.layout()) == size<1>(C.layout()) && size<2>(D.layout()) == size<2>(C.layout()),
                 "gemm: the M and N modes of A, B, C and D do not agree");
    // Every (m, n) once; the order only decides which fragments stay in
    // registers between neighbouring atoms (each D(m, n) is computed alone), and
    // is CuTe's: by the bytes of one atom's A and B values (a, b),
    //   a = b = 8:    rows m, n back and forth (n reversed on odd rows);
    //   a = b = 4:    pairs of rows (m, m+1) per n, n back and forth per pair;
    //   a = 8, b = 4: as a = b = 8;
    //   otherwise:    columns n, m back and forth (m reversed on odd columns).
    auto one = [&](int m, int n) {
      auto d = D(Underscore{}, m, n);
      gemm(mma, d, A(Underscore{}, m), B(Underscore{}, n), C(Underscore{}, m, n));
    };
    int const M = int(size<1>(A.layout())), N = int(size<1>(B.layout()));
    constexpr int a_bytes = detail::atoms::mode0_bytes<TA, AL>(), b_bytes = detail::atoms::mode0_bytes<TB, BL>();
    if constexpr (a_bytes == 8 && (b_bytes == 8 || b_bytes == 4)) {
      TESSEL_UNROLL
      for (int m = 0; m < M; ++m) {
        TESSEL_UNROLL
        for (int n = 0; n < N; ++n) one(m, (m & 1) ? N - 1 - n : n);
      }
    } else if constexpr (a_bytes == 4 && b_bytes == 4) {
      TESSEL_UNROLL
      for (int m = 0; m < M; m += 2) {
        TESSEL_UNROLL
        for (int n = 0; n < N; ++n) {
          int const nn = (m & 2) ? N - 1 - n : n;
          one(m, nn);
          if (m + 1 < M) one(m + 1, nn);
        }
      }
    } else {
      TESSEL_UNROLL
      for (int n = 0; n < N; ++n) {
        TESSEL_UNROLL
        for (int m = 0; m < M; ++m) one((n & 1) ? M - 1 - m : m, n);
      }
    }
  } else if constexpr (RD == 3 && RA == 3) {
    TESSEL_CHECK(size<2>(A.layout()) == size<2>(B.layout()), "gemm: A and B have different K");
    int const K = int(size<2>(A.layout()));
    TESSEL_UNROLL
    for (int k = 0; k < K; ++k) {
      if (k == 0) gemm(mma, D, A(Underscore{}, Underscore{}, k), B(Underscore{}, Underscore{}, k), C);
      else gemm(mma, D, A(Underscore{}, Underscore{}, k), B(Underscore{}, Underscore{}, k), D);
    }
  } else {
    static_assert(RD == 0, "tessel::gemm: the ranks are none of (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), "
                           "(V,M)x(V,N)=>(V,M,N), (V,M,K)x(V,N,K)=>(V,M,N)");
  }
}
template <class Atom, class TD, class DL, class TA, class AL, class TB, class BL, class TC, class CL>
TESSEL_HOST_DEVICE void gemm(Atom const& mma, Tensor<TD, DL>&& D, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B,
                             Tensor<TC, CL> const& C) {
  gemm(mma, D, A, B, C);
}
template <class Atom, class TA, class AL, class TB, class BL, class TC, class CL>
  requires(!is_tensor_v<Atom>)
TESSEL_HOST_DEVICE void gemm(Atom const& mma, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B, Tensor<TC, CL>& C) {
  gemm(mma, C, A, B, C);
}
template <class Atom, class TA, class AL, class TB, class BL, class TC, class CL>
  requires(!is_tensor_v<Atom>)
TESSEL_HOST_DEVICE void gemm(Atom const& mma, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B, Tensor<TC, CL>&& C) {
  gemm(mma, C, A, B, C);
}
template <class TD, class DL, class TA, class AL, class TB, class BL, class TC, class CL>
TESSEL_HOST_DEVICE void gemm(Tensor<TD, DL>& D, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B, Tensor<TC, CL> const& C) {
  using Op = UniversalFMA<typename TD::value_type, typename TA::value_type, typename TB::value_type, typename TC::value_type>;
  gemm(MMA_Atom<Op>{}, D, A, B, C);
}
template <class TD, class DL, class TA, class AL, class TB, class BL, class TC, class CL>
TESSEL_HOST_DEVICE void gemm(Tensor<TD, DL>&& D, Tensor<TA, AL> const& A, Tensor<TB, BL> const& B, Tensor<TC, CL> const& C) {
  gemm(D, A, B, C);
}
// gemm(A, B, C): C = A * B + C with UniversalFMA (gemm(C, A, B, C)).
template <class TA, class AL, class TB, class BL, class TC, class CL>
TESSEL_HOST_DEVICE void gemm(Tensor<TA, AL> const& A, Tensor<TB, BL> const& B, Tensor<TC, CL>& C) {
  gemm(C, A, B, C);
}
template <class TA, class AL, class TB, class BL, class TC, class CL>
TESSEL_HOST_DEVICE void gemm(Tensor<TA, AL> const& A, Tensor<TB, BL> const& B, Tensor<TC, CL>&& C) {
  gemm(C, A, B, C);
}

// ---- printing (CuTe's format) ---------------------------------------------------------------------

namespace detail::atoms {
// CuTe's print of an atom, a TiledMMA or a TiledCopy: the title, then a line
// "  label value" per part, the labels padded to `width` characters.
TESSEL_HOST_DEVICE void print_parts(int) {}
template <class V, class... R>
TESSEL_HOST_DEVICE void print_parts(int width, char const* label, V const& value, R const&... rest) {
  printf("  %s", label);
  int n = 0;
  while (label[n] != 0) ++n;
  for (; n < width; ++n) printf(" ");
  print(value);
  printf("\n");
  print_parts(width, rest...);
}
}  // namespace detail::atoms

template <class... Args>
TESSEL_HOST_DEVICE void print(MMA_Atom<Args...> const&) {
  printf("MMA_Atom\n");
  detail::atoms::print_parts(12, "ThrID:", typename MMA_Atom<Args...>::ThrID{}, "Shape_MNK:", typename MMA_Atom<Args...>::Shape_MNK{}, "LayoutA_TV:", typename MMA_Atom<Args...>::LayoutA_TV{}, "LayoutB_TV:", typename MMA_Atom<Args...>::LayoutB_TV{}, "LayoutC_TV:", typename MMA_Atom<Args...>::LayoutC_TV{});
}
template <class Atom, class L, class P>
TESSEL_HOST_DEVICE void print(TiledMMA<Atom, L, P> const& mma) {
  printf("TiledMMA\n");
  detail::atoms::print_parts(16, "ThrLayoutVMNK:", mma.get_thr_layout_vmnk(), "PermutationMNK:", P{});
  print(static_cast<Atom const&>(mma));
}
template <class T, class V>
TESSEL_HOST_DEVICE void print(ThrMMA<T, V> const& thr) {
  printf("ThrMMA\n");
  printf("  Thr VMNK: "); print(thr.thr_vmnk_); printf("\n");
  print(static_cast<T const&>(thr));
}

}  // namespace tessel
