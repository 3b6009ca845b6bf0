// tessel/atom/cooperative_gemm.hpp: CuTe's cooperative_gemm, a GEMM on tiles
// in shared memory by all the threads of a TiledMMA.
//
//   cooperative_gemm(tid, tiled_mma, alpha, sA, sB, beta, sC
//                    [, a_load, b_load, c_load, c_store [, a_copy, b_copy, c_copy_load, c_copy_store]])
//       sC(m,n) = c_store(alpha * sum_k a_load(sA(m,k)) * b_load(sB(n,k)) + beta * c_load(sC(m,n)))
//       (with beta == 0: c_store(alpha * sum) and sC is not read)
//   cooperative_gemm(tid, tiled_mma, sA, sB, tCrC [, a_load, b_load [, a_copy, b_copy]])
//       tCrC (this thread's C fragment, thr_mma.partition_fragment_C of the M x N
//       tile) += sum_k a_load(sA(m,k)) * b_load(sB(n,k)), no epilogue.
//
// sA is M x K, sB is N x K, sC is M x N (rank 2). The products are computed in
// the MMA's value types (A and B are converted after the load transform). The
// transforms default to identity, the copies (the copy operations of shared
// memory to and from registers, e.g. SM75_U32x4_LDSM_N) to DefaultCopy.
//
// Two paths, chosen at compile time as CuTe: when the TiledMMA's tile evenly
// divides (M, N, K), the operands go through the copy operations as tiled
// copies made for the MMA (make_tiled_copy_A/B/C, retile_D/S); otherwise
// every element is loaded, and C stored, under a predicate made from an
// identity tensor partitioned like the data (an element outside the tile
// is zero in A and B and not written in C). tessel predicates each element on
// all of its coordinates; CuTe assumes the MMA's K tiling is trivial and
// predicates K on the last k-block only (the same result where that holds).
#pragma once

#include <cstdint>
#include <type_traits>

#include "../algebra/helpers.hpp"
#include "../numeric/complex.hpp"
#include "../tensor/algorithm.hpp"
#include "../tensor/counting.hpp"
#include "../tensor/functional.hpp"
#include "../tensor/reduce.hpp"
#include "copy_atom.hpp"
#include "copy_ops.hpp"
#include "mma_atom.hpp"
#include "util.hpp"

namespace TESSEL_NAMESPACE {

namespace detail::coop_gemm {

template <class B>
TESSEL_HOST_DEVICE bool is_zero(B const& b) {
  if constexpr (is_static_int<B>::value) return B::value == 0;
  else if constexpr (is_complex<B>::value) return b.real() == decltype(b.real()){} && b.imag() == decltype(b.imag()){};
  else return b == B{};
}

// tCrA (V, M, K) of the MMA's type from tCsA where the coordinates tCcA lie in
// the extent `shape`; zero elsewhere.
template <class Compute, class R, class S, class Crd, class Shp, class Op>
TESSEL_HOST_DEVICE void load_predicated(R& r, S const& s, Crd const& c, Shp const& shape, Op const& op) {
  for (int i = 0; i < int(size(r)); ++i) {
    r(i) = elem_less(c(i), shape) ? static_cast<Compute>(op(s(i))) : Compute{};
  }
}

// The MMA over k-blocks of register fragments (V, M, K) and (V, N, K).
template <class ThrM, class RA, class RB, class RC>
TESSEL_HOST_DEVICE void mma_k_blocks(ThrM const& thr_mma, RA& tCrA, RB& tCrB, RC& tCrC) {
  constexpr int KB = int(decltype(size<2>(tCrA.layout()))::value);
  for (int k = 0; k < KB; ++k) {
    gemm(thr_mma, tCrA(Underscore{}, Underscore{}, k), tCrB(Underscore{}, Underscore{}, k), tCrC);
  }
}

// A and B into the MMA's registers, every element checked against the tile.
template <class ThrM, class TA, class AL, class TB, class BL, class TC, class CL, class ALoad, class BLoad>
TESSEL_HOST_DEVICE void mainloop_predicated(ThrM const& thr_mma, Tensor<TA, AL> const& sA, Tensor<TB, BL> const& sB,
                                            Tensor<TC, CL>& tCrC, ALoad const& a_load, BLoad const& b_load) {
  using ComputeA = typename ThrM::ValTypeA;
  using ComputeB = typename ThrM::ValTypeB;
  auto tCsA = thr_mma.partition_A(sA);
  auto tCsB = thr_mma.partition_B(sB);
  auto tCrA = thr_mma.make_fragment_A(tCsA);
  auto tCrB = thr_mma.make_fragment_B(tCsB);
  auto tCcA = thr_mma.partition_A(make_identity_tensor(shape(sA.layout())));
  auto tCcB = thr_mma.partition_B(make_identity_tensor(shape(sB.layout())));
  load_predicated<ComputeA>(tCrA, tCsA, tCcA, shape(sA.layout()), a_load);
  load_predicated<ComputeB>(tCrB, tCsB, tCcB, shape(sB.layout()), b_load);
  mma_k_blocks(thr_mma, tCrA, tCrB, tCrC);
}

// A and B through the copy operations (tiled for the MMA), then the load transforms.
template <class ThrM, class TA, class AL, class TB, class BL, class TC, class CL, class ALoad, class BLoad, class ACopy,
          class BCopy>
TESSEL_HOST_DEVICE void mainloop_tiled(std::uint32_t tid, ThrM const& thr_mma, Tensor<TA, AL> const& sA,
                                       Tensor<TB, BL> const& sB, Tensor<TC, CL>& tCrC, ALoad const& a_load,
                                       BLoad const& b_load, ACopy const&, BCopy const&) {
  using InA = typename TA::value_type;
  using InB = typename TB::value_type;
  auto tCrA = thr_mma.partition_fragment_A(sA);  // (V, M, K) of the MMA's type
  auto tCrB = thr_mma.partition_fragment_B(sB);
  auto tCrAi = make_fragment_like<InA>(tCrA);    // the same, of the element type in shared memory
  auto tCrBi = make_fragment_like<InB>(tCrB);
  auto copy_a = make_tiled_copy_A(Copy_Atom<ACopy, InA>{}, thr_mma);
  auto copy_b = make_tiled_copy_B(Copy_Atom<BCopy, InB>{}, thr_mma);
  auto thr_a = copy_a.get_thread_slice(tid);
  auto thr_b = copy_b.get_thread_slice(tid);
  auto tAsA = thr_a.partition_S(sA);
  auto tArA = thr_a.retile_D(tCrAi);
  auto tBsB = thr_b.partition_S(sB);
  auto tBrB = thr_b.retile_D(tCrBi);
  copy(copy_a, tAsA, tArA);
  copy(copy_b, tBsB, tBrB);
  transform(tCrAi, tCrA, a_load);
  transform(tCrBi, tCrB, b_load);
  mma_k_blocks(thr_mma, tCrA, tCrB, tCrC);
}

}  // namespace detail::coop_gemm

// C in registers: tCrC += A * B.
template <class... Args, class TA, class AL, class TB, class BL, class TC, class CL, class ALoad = identity,
          class BLoad = identity, class ACopy = DefaultCopy, class BCopy = DefaultCopy>
TESSEL_HOST_DEVICE void cooperative_gemm(std::uint32_t thread_idx, TiledMMA<Args...> const& tiled_mma,
                                         Tensor<TA, AL> const& sA, Tensor<TB, BL> const& sB, Tensor<TC, CL>& tCrC,
                                         ALoad const& a_load = {}, BLoad const& b_load = {}, ACopy const& a_copy = {},
                                         BCopy const& b_copy = {}) {
  static_assert(AL::rank == 2 && BL::rank == 2, "tessel::cooperative_gemm: sA (M,K) and sB (N,K) have rank 2");
  static_assert(decltype(size<1>(sA.layout()) == size<1>(sB.layout()))::value,
                "tessel::cooperative_gemm: sA and sB differ in K");
  using Ref = decltype(partition_shape_C(tiled_mma, make_shape(size<0>(sA.layout()), size<0>(sB.layout()))));
  static_assert(decltype(compatible(Ref{}, shape(tCrC.layout())))::value,
                "tessel::cooperative_gemm: tCrC is not this TiledMMA's C fragment of an M x N tile");
  auto thr_mma = tiled_mma.get_thread_slice(thread_idx);
  auto divides = evenly_divides(make_shape(size<0>(sA.layout()), size<0>(sB.layout()), size<1>(sA.layout())),
                                tile_shape(tiled_mma));
  if constexpr (is_constant_v<true, decltype(divides)>) {
    detail::coop_gemm::mainloop_tiled(thread_idx, thr_mma, sA, sB, tCrC, a_load, b_load, a_copy, b_copy);
  } else {
    detail::coop_gemm::mainloop_predicated(thr_mma, sA, sB, tCrC, a_load, b_load);
  }
}

// C in shared memory, with the epilogue.
template <class... Args, class Alpha, class TA, class AL, class TB, class BL, class Beta, class TC, class CL,
          class ALoad = identity, class BLoad = identity, class CLoad = identity, class CStore = identity,
          class ACopy = DefaultCopy, class BCopy = DefaultCopy, class CCopyLd = DefaultCopy, class CCopySt = DefaultCopy>
TESSEL_HOST_DEVICE void cooperative_gemm(std::uint32_t thread_idx, TiledMMA<Args...> const& tiled_mma,
                                         Alpha const& alpha, Tensor<TA, AL> const& sA, Tensor<TB, BL> const& sB,
                                         Beta const& beta, Tensor<TC, CL>& sC, ALoad const& a_load = {},
                                         BLoad const& b_load = {}, CLoad const& c_load = {}, CStore const& c_store = {},
                                         ACopy const& a_copy = {}, BCopy const& b_copy = {},
                                         CCopyLd const& = {}, CCopySt const& = {}) {
  static_assert(AL::rank == 2 && BL::rank == 2 && CL::rank == 2,
                "tessel::cooperative_gemm: sA (M,K), sB (N,K) and sC (M,N) have rank 2");
  static_assert(decltype(size<0>(sA.layout()) == size<0>(sC.layout()))::value, "tessel::cooperative_gemm: sA and sC differ in M");
  static_assert(decltype(size<0>(sB.layout()) == size<1>(sC.layout()))::value, "tessel::cooperative_gemm: sB and sC differ in N");
  static_assert(decltype(size<1>(sA.layout()) == size<1>(sB.layout()))::value, "tessel::cooperative_gemm: sA and sB differ in K");
  using InC = typename TC::value_type;
  using ComputeC = typename TiledMMA<Args...>::ValTypeC;
  auto thr_mma = tiled_mma.get_thread_slice(thread_idx);
  auto tCsC = thr_mma.partition_C(sC);
  auto tCrC = thr_mma.make_fragment_C(tCsC);  // accumulators, ComputeC
  clear(tCrC);
  bool const beta_zero = detail::coop_gemm::is_zero(beta);
  auto divides = evenly_divides(make_shape(size<0>(sA.layout()), size<0>(sB.layout()), size<1>(sA.layout())),
                                tile_shape(tiled_mma));
  if constexpr (is_constant_v<true, decltype(divides)>) {
    detail::coop_gemm::mainloop_tiled(thread_idx, thr_mma, sA, sB, tCrC, a_load, b_load, a_copy, b_copy);
    // C through the C copy operations, tiled for the MMA.
    auto tCrD = make_fragment_like(tCrC);
    auto tCrDi = make_fragment_like<InC>(tCrD);
    if (!beta_zero) {
      auto copy_c = make_tiled_copy_C(Copy_Atom<CCopyLd, InC>{}, thr_mma);
      auto thr_c = copy_c.get_thread_slice(thread_idx);
      copy(copy_c, thr_c.partition_S(sC), thr_c.retile_D(tCrDi));
      transform(tCrDi, tCrD, c_load);
    }
    axpby(alpha, tCrC, beta, tCrD);
    transform(tCrD, tCrDi, c_store);
    auto copy_c = make_tiled_copy_C(Copy_Atom<CCopySt, InC>{}, thr_mma);
    auto thr_c = copy_c.get_thread_slice(thread_idx);
    auto tDsC = thr_c.partition_D(sC);
    copy(copy_c, thr_c.retile_S(tCrDi), tDsC);
  } else {
    detail::coop_gemm::mainloop_predicated(thr_mma, sA, sB, tCrC, a_load, b_load);
    auto tCcC = thr_mma.partition_C(make_identity_tensor(shape(sC.layout())));
    for (int i = 0; i < int(size(tCrC)); ++i) {
      if (elem_less(tCcC(i), shape(sC.layout()))) {
        tCsC(i) = c_store(beta_zero ? alpha * tCrC(i) : alpha * tCrC(i) + beta * static_cast<ComputeC>(c_load(tCsC(i))));
      }
    }
  }
}

template <class... Args, class Alpha, class TA, class AL, class TB, class BL, class Beta, class TC, class CL,
          class ALoad = identity, class BLoad = identity, class CLoad = identity, class CStore = identity,
          class ACopy = DefaultCopy, class BCopy = DefaultCopy, class CCopyLd = DefaultCopy, class CCopySt = DefaultCopy>
TESSEL_HOST_DEVICE void cooperative_gemm(std::uint32_t thread_idx, TiledMMA<Args...> const& tiled_mma,
                                         Alpha const& alpha, Tensor<TA, AL> const& sA, Tensor<TB, BL> const& sB,
                                         Beta const& beta, Tensor<TC, CL>&& sC, ALoad const& a_load = {},
                                         BLoad const& b_load = {}, CLoad const& c_load = {}, CStore const& c_store = {},
                                         ACopy const& a_copy = {}, BCopy const& b_copy = {},
                                         CCopyLd const& c_copy_ld = {}, CCopySt const& c_copy_st = {}) {
  cooperative_gemm(thread_idx, tiled_mma, alpha, sA, sB, beta, sC, a_load, b_load, c_load, c_store, a_copy, b_copy,
                   c_copy_ld, c_copy_st);
}

}  // namespace TESSEL_NAMESPACE
