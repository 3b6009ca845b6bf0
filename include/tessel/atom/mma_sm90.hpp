// tessel/atom/mma_sm90.hpp: Hopper's warpgroup MMA (wgmma) with CuTe's names:
//   SM90_64xNx16_F32F16F16_SS/RS, SM90_64xNx16_F32BF16BF16_SS/RS,
//   SM90_64xNx16_F16F16F16_SS/RS for N = 8, 16, ..., 256, each a template
//   <GMMA::Major A, GMMA::Major B, GMMA::ScaleIn = One, GMMA::ScaleIn = One>;
//   the 8-bit floats' SM90_64xNx32_{F32,F16}{E4M3,E5M2}{E4M3,E5M2}_{SS,RS}_TN
//   (K-major A and B only, as the hardware: templates <GMMA::ScaleIn = One,
//   GMMA::ScaleIn = One>; element types float_e4m3_t/float_e5m2_t, float8.hpp);
//   their MMA_Traits (CuTe's layouts: A and B of an SS op are whole tiles read
//   by descriptors, ThrID 128 threads, C as the PTX ISA's m64nNk16 fragment);
//   warpgroup_arrive, warpgroup_commit_batch, warpgroup_wait<N>,
//   warpgroup_fence_operand; GMMA::ScaleOut (TiledMMA::accumulate_).
// One op is one wgmma.mma_async of a warpgroup (4 warps): D(64xN) = A(64x16) *
// B(16xN) + D, A and B in shared memory (SS: descriptors) or A in registers
// (RS: K-major only). It is asynchronous: issue warpgroup_arrive() before,
// warpgroup_commit_batch() after, warpgroup_wait<0>() before reading D.
// The instructions exist in device code for sm_90a only; elsewhere they stop
// with a named error (tessel::error on the host, a trap on the device).
#pragma once

#include <cstdint>
#include <type_traits>

#include "float8.hpp"
#include "gmma_desc.hpp"
#include "mma_ops.hpp"
#include "mma_traits.hpp"
#include "wgmma_ptx.hpp"

namespace TESSEL_NAMESPACE {

namespace GMMA {
// D = A*B (Zero) or A*B + D (One): the run-time scale-d operand.
enum class ScaleOut { Zero = 0, One = 1 };
// A or B negated (Neg) or not (One): an immediate of the instruction.
enum class ScaleIn { Neg = -1, One = 1 };
}  // namespace GMMA

// ---- warpgroup synchronization ------------------------------------------------------------------------

namespace detail {
// The warpgroup's wgmma synchronization: fence (wgmma.fence), commit
// (wgmma.commit_group), wait (wgmma.wait_group N); the named error without sm_90a.
enum class WarpgroupSync { fence, commit, wait };
template <WarpgroupSync S, int N = 0>
TESSEL_HOST_DEVICE void warpgroup_sync() {
#if defined(TESSEL_ARCH_WGMMA)
  if constexpr (S == WarpgroupSync::fence) asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  else if constexpr (S == WarpgroupSync::commit) asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  else asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
#else
  if constexpr (S == WarpgroupSync::fence) missing_instruction("warpgroup_arrive: wgmma.fence needs device code for sm_90a");
  else if constexpr (S == WarpgroupSync::commit) missing_instruction("warpgroup_commit_batch: wgmma.commit_group needs device code for sm_90a");
  else missing_instruction("warpgroup_wait: wgmma.wait_group needs device code for sm_90a");
#endif
}
}  // namespace detail

// wgmma.fence: orders earlier register and shared-memory accesses before the next wgmma.
TESSEL_HOST_DEVICE void warpgroup_arrive() { detail::warpgroup_sync<detail::WarpgroupSync::fence>(); }
// wgmma.commit_group: the wgmmas issued since the last commit form one group.
TESSEL_HOST_DEVICE void warpgroup_commit_batch() { detail::warpgroup_sync<detail::WarpgroupSync::commit>(); }
// wgmma.wait_group N: waits until at most N groups are pending.
template <int N>
TESSEL_HOST_DEVICE void warpgroup_wait() {
  static_assert(N >= 0 && N <= 7, "tessel::warpgroup_wait: N must be in [0, 7]");
  detail::warpgroup_sync<detail::WarpgroupSync::wait, N>();
}
// Keeps the compiler from moving accesses of a register across this point.
TESSEL_HOST_DEVICE void warpgroup_fence_operand(std::uint32_t& reg) {
#if defined(__CUDA_ARCH__)
  asm volatile("" : "+r"(reg)::"memory");
#else
  (void)reg;
#endif
}
TESSEL_HOST_DEVICE void warpgroup_fence_operand(float& reg) {
#if defined(__CUDA_ARCH__)
  asm volatile("" : "+f"(reg)::"memory");
#else
  (void)reg;
#endif
}
// The same for every register of a (static, register) fragment.
template <class E, class L>
TESSEL_HOST_DEVICE void warpgroup_fence_operand(Tensor<E, L>& frg) {
  static_assert(is_static_v<L>, "tessel::warpgroup_fence_operand: the fragment's layout must be static");
  using V = typename Tensor<E, L>::value_type;
  using R = std::conditional_t<std::is_same_v<V, float>, float, std::uint32_t>;
  auto r = recast<R>(make_view(frg.data(), frg.layout()));  // a writable view of the registers
  TESSEL_UNROLL
  for (int i = 0; i < int(size(r.layout())); ++i) warpgroup_fence_operand(r(i));
}

// ---- the operations ---------------------------------------------------------------------------------

namespace GMMA {

namespace detail {
// What the wgmma ops share: the registers of an m64nN op with accumulators Acc_ (NC_ of
// them per thread), A from registers (RS) or by descriptor, and the two forms of fma, which
// issue Issue's instruction (Issue::ss: A by descriptor, Issue::rs: A in four registers)
// in device code for sm_90a and stop with the named error `missing` elsewhere.
template <class Acc_, int NC_, bool RS, class Issue>
struct MMA_64xN {
  using Acc = Acc_;
  static constexpr int NC = NC_;  // accumulator registers
  using DRegisters = void;
  using ARegisters = std::conditional_t<RS, std::uint32_t[4], std::uint64_t[1]>;
  using BRegisters = std::uint64_t[1];
  using CRegisters = Acc[NC];

  // D = A*B (+ D when scale_d is One); A by descriptor.
  TESSEL_HOST_DEVICE static void fma(std::uint64_t desc_a, std::uint64_t desc_b, Acc (&d)[NC], ScaleOut scale_d = ScaleOut::One) {
    issue(desc_a, desc_b, d, scale_d);
  }
  // D = A*B (+ D); A in four registers per thread.
  TESSEL_HOST_DEVICE static void fma(std::uint32_t const (&a)[4], std::uint64_t desc_b, Acc (&d)[NC], ScaleOut scale_d = ScaleOut::One) {
    issue(a, desc_b, d, scale_d);
  }

 private:
  template <class A>
  TESSEL_HOST_DEVICE static void issue(A const& a, std::uint64_t desc_b, Acc (&d)[NC], ScaleOut scale_d) {
#if defined(TESSEL_ARCH_WGMMA)
    if constexpr (std::is_same_v<A, std::uint64_t>) Issue::ss(a, desc_b, d, int(scale_d));
    else Issue::rs(a, desc_b, d, int(scale_d));
#else
    (void)a, (void)desc_b, (void)d, (void)scale_d;
    ::tessel::detail::missing_instruction(Issue::missing);
#endif
  }
};

// Whether an 8-bit Kind accumulates in f16.
template <class Kind>
inline constexpr bool f16_acc8 = std::is_same_v<Kind, ptx::f16e4m3e4m3> || std::is_same_v<Kind, ptx::f16e4m3e5m2> ||
                                 std::is_same_v<Kind, ptx::f16e5m2e4m3> || std::is_same_v<Kind, ptx::f16e5m2e5m2>;
// The instruction of an op: m64nNk16 of 16-bit types with majors and input scales as
// immediates (K = 16, ptx::wg), m64nNk32 of 8-bit floats, K-major, with input scales
// (K = 32, ptx::wg8).
template <int N, class Kind, int K, Major TA, Major TB, ScaleIn SA, ScaleIn SB>
struct wgmma_issue {
  static constexpr char const* missing = K == 16 ? "SM90_64xNx16 (wgmma.mma_async) needs device code for sm_90a"
                                                 : "SM90_64xNx32 (wgmma.mma_async, 8-bit floats) needs device code for sm_90a";
#if defined(TESSEL_ARCH_WGMMA)
  template <class D>
  __device__ static void ss(std::uint64_t a, std::uint64_t b, D& d, int sd) {
    if constexpr (K == 16) ptx::wg<N, Kind>::template ss<int(SA), int(SB), int(TA), int(TB)>(a, b, d, sd);
    else ptx::wg8<N, Kind>::template ss<int(SA), int(SB)>(a, b, d, sd);
  }
  template <class D>
  __device__ static void rs(std::uint32_t const (&a)[4], std::uint64_t b, D& d, int sd) {
    if constexpr (K == 16) ptx::wg<N, Kind>::template rs<int(SA), int(SB), int(TB)>(a, b, d, sd);
    else ptx::wg8<N, Kind>::template rs<int(SA), int(SB)>(a, b, d, sd);
  }
#endif
};
}  // namespace detail

// wgmma m64nNk16 of Kind (ptx::f32f16f16, f32bf16bf16, f16f16f16), A from
// registers (RS) or shared memory, majors and input scales as immediates.
template <int N, class Kind, bool RS, Major TA, Major TB, ScaleIn SA, ScaleIn SB>
struct MMA_64xNx16 : detail::MMA_64xN<std::conditional_t<std::is_same_v<Kind, ptx::f16f16f16>, std::uint32_t, float>,
                                      std::is_same_v<Kind, ptx::f16f16f16> ? N / 4 : N / 2, RS,
                                      detail::wgmma_issue<N, Kind, 16, TA, TB, SA, SB>> {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "tessel::GMMA: N of m64nNk16 is 8, 16, ..., 256");
  static_assert(!RS || TA == Major::K, "tessel::GMMA: an RS op reads A from registers, which must be K-major (Major::K)");
};

// wgmma m64nNk32 of an 8-bit Kind (ptx::f32e4m3e4m3, ..., f16e5m2e5m2): A and B
// K-major (the only form the instruction has), A from registers (RS: 16 values
// in four registers per thread) or shared memory, input scales as immediates.
template <int N, class Kind, bool RS, ScaleIn SA, ScaleIn SB>
struct MMA_64xNx32 : detail::MMA_64xN<std::conditional_t<detail::f16_acc8<Kind>, std::uint32_t, float>,
                                      detail::f16_acc8<Kind> ? N / 4 : N / 2, RS, detail::wgmma_issue<N, Kind, 32, Major::K, Major::K, SA, SB>> {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "tessel::GMMA: N of m64nNk32 is 8, 16, ..., 256");
  static constexpr bool kF16Acc = detail::f16_acc8<Kind>;
};

// ---- layouts (CuTe's) ----
// C of m64nN: thread (t0, t1, w) = (lane % 4, lane / 4, warp) holds rows t1 +
// 8*i1 + 16*w, columns 2*t0 + i0 + 8*j (values (i0, i1, j)).
template <int N>
using CLayout_64xN = Layout<Shape<Shape<_4, _8, _4>, Shape<_2, _2, Int<N / 8>>>, Stride<Stride<_128, _1, _16>, Stride<_64, _8, _512>>>;
// A of 16-bit types in registers (RS): as C of a 64x16 tile.
using ALayout_64x16 = Layout<Shape<Shape<_4, _8, _4>, Shape<_2, _2, _2>>, Stride<Stride<_128, _1, _16>, Stride<_64, _8, _512>>>;
// A of 8-bit types in registers (RS): thread (t0, t1, w) holds rows t1 + 8*i1 +
// 16*w, columns 4*t0 + i0 + 16*j of the 64x32 tile (values (i0, i1, j), i0 < 4).
using ALayout_64x32 = Layout<Shape<Shape<_4, _8, _4>, Shape<_4, _2, _2>>, Stride<Stride<_256, _1, _16>, Stride<_64, _8, _1024>>>;
// A or B in shared memory: every thread "holds" the whole M x K tile (one descriptor).
template <int M, int K>
using ABLayout = Layout<Shape<_128, Shape<Int<M>, Int<K>>>, Stride<_0, Stride<_1, Int<M>>>>;

template <class Kind> struct kind_types;
template <> struct kind_types<ptx::f32f16f16> { using D = float; using AB = half_t; };
template <> struct kind_types<ptx::f32bf16bf16> { using D = float; using AB = bfloat16_t; };
template <> struct kind_types<ptx::f16f16f16> { using D = half_t; using AB = half_t; };
template <class D_, class A_, class B_> struct kind_types8 { using D = D_; using A = A_; using B = B_; };
// D, A and B of every kind.
template <class Kind> struct kind_types_of { using D = typename kind_types<Kind>::D; using A = typename kind_types<Kind>::AB; using B = A; };
template <> struct kind_types_of<ptx::f32e4m3e4m3> : kind_types8<float, float_e4m3_t, float_e4m3_t> {};
template <> struct kind_types_of<ptx::f32e4m3e5m2> : kind_types8<float, float_e4m3_t, float_e5m2_t> {};
template <> struct kind_types_of<ptx::f32e5m2e4m3> : kind_types8<float, float_e5m2_t, float_e4m3_t> {};
template <> struct kind_types_of<ptx::f32e5m2e5m2> : kind_types8<float, float_e5m2_t, float_e5m2_t> {};
template <> struct kind_types_of<ptx::f16e4m3e4m3> : kind_types8<half_t, float_e4m3_t, float_e4m3_t> {};
template <> struct kind_types_of<ptx::f16e4m3e5m2> : kind_types8<half_t, float_e4m3_t, float_e5m2_t> {};
template <> struct kind_types_of<ptx::f16e5m2e4m3> : kind_types8<half_t, float_e5m2_t, float_e4m3_t> {};
template <> struct kind_types_of<ptx::f16e5m2e5m2> : kind_types8<half_t, float_e5m2_t, float_e5m2_t> {};

}  // namespace GMMA

namespace GMMA::detail {
// The traits of every wgmma op Op: m64 x N x K (K = 16 or 32 elements, 32
// bytes), Kind's types, A from registers (RS) or by descriptor, majors TA, TB.
template <class Op, int N, int K, class Kind, bool RS, Major TA, Major TB>
struct wgmma_traits {
  using ValTypeD = typename kind_types_of<Kind>::D;
  using ValTypeA = typename kind_types_of<Kind>::A;
  using ValTypeB = typename kind_types_of<Kind>::B;
  using ValTypeC = ValTypeD;
  using FrgTypeA = std::conditional_t<RS, ValTypeA, smem_desc<TA>>;
  using FrgTypeB = smem_desc<TB>;
  using Shape_MNK = Shape<_64, Int<N>, Int<K>>;
  using ThrID = Layout<_128>;
  using ALayout = std::conditional_t<RS, std::conditional_t<K == 16, ALayout_64x16, ALayout_64x32>, ABLayout<64, K>>;
  using BLayout = ABLayout<N, K>;
  using CLayout = CLayout_64xN<N>;
  static constexpr int kAValues = K / 2;  // an RS op's A values per thread: 4 registers

  // One for D = A*B + D, Zero for D = A*B (set on the TiledMMA before the first k).
  ScaleOut accumulate_ = ScaleOut::One;

  // One op on one thread's fragments (MMA_Atom::call): D and C must be the
  // same registers (wgmma accumulates in place); A and B are descriptor
  // tensors of one element (SS) or A holds kAValues values (RS).
  template <class TD, class DL, class TA_, class AL, class TB_, class BL, class TC, class CL>
  TESSEL_HOST_DEVICE void unpack(Tensor<TD, DL>& D, Tensor<TA_, AL> const& A, Tensor<TB_, BL> const& B, Tensor<TC, CL> const&) const {
    static_assert(std::is_same_v<DL, CL> && std::is_same_v<typename TD::value_type, typename TC::value_type>,
                  "tessel::MMA_Atom (wgmma): C and D must be the same fragment (wgmma accumulates in place)");
    using Acc = typename Op::Acc;
    static_assert(decltype(size(D.layout()))::value * sizeof(typename TD::value_type) == Op::NC * sizeof(Acc),
                  "tessel::MMA_Atom (wgmma): the accumulator fragment is not the instruction's registers");
    static_assert(decltype(size(B.layout()))::value == 1, "tessel::MMA_Atom (wgmma): B must be one descriptor");
    // The fragments are seen as the instruction's registers in place (f16 pairs
    // as 32-bit registers: no recast, whose alignment check would be a function
    // call in the wgmma pipeline, and no shifts, which would read the registers
    // while the wgmma runs).
    using VD = typename TD::value_type;
    static_assert(std::is_same_v<Acc, float> ? std::is_same_v<VD, float> : sizeof(VD) == 2,
                  "tessel::MMA_Atom (wgmma): the accumulators are float (f32) or 16-bit pairs (f16)");
    static_assert(std::is_same_v<Acc, float> || compact_static<DL>(),
                  "tessel::MMA_Atom (wgmma): an f16 accumulator fragment must be compact (make it with partition_fragment_C)");
    std::uint64_t const b = std::uint64_t(B(Int<0>{}));
    auto run = [&](Acc (&d)[Op::NC]) {
      if constexpr (RS) {
        static_assert(decltype(size(A.layout()))::value == kAValues, "tessel::MMA_Atom (wgmma RS): A must be four registers of values");
        static_assert(compact_static<AL>(), "tessel::MMA_Atom (wgmma RS): A's values must be compact (partition_fragment_A)");
        auto const& a = *reinterpret_cast<std::uint32_t const(*)[4]>(&A(Int<0>{}));
        Op::fma(a, b, d, accumulate_);
      } else {
        static_assert(decltype(size(A.layout()))::value == 1, "tessel::MMA_Atom (wgmma): A must be one descriptor");
        Op::fma(std::uint64_t(A(Int<0>{})), b, d, accumulate_);
      }
    };
    if constexpr (std::is_same_v<Acc, float> && !compact_static<DL>()) {
      Acc d[Op::NC];  // a strided float fragment: by value
      TESSEL_UNROLL
      for (int i = 0; i < Op::NC; ++i) d[i] = D(i);
      run(d);
      TESSEL_UNROLL
      for (int i = 0; i < Op::NC; ++i) D(i) = d[i];
    } else {
      run(*reinterpret_cast<Acc(*)[Op::NC]>(&D(Int<0>{})));
    }
  }

 private:
  // Whether a layout is static and compact from 0 (element i at offset i).
  template <class L>
  TESSEL_HOST_DEVICE static constexpr bool compact_static() {
    if constexpr (!is_static_v<L>) {
      return false;
    } else {
      for (int i = 0; i < int(decltype(size(L{}))::value); ++i)
        if ((long long)L{}(i) != i) return false;
      return true;
    }
  }
};
}  // namespace GMMA::detail

// The traits of every wgmma op.
template <int N, class Kind, bool RS, GMMA::Major TA, GMMA::Major TB, GMMA::ScaleIn SA, GMMA::ScaleIn SB>
struct MMA_Traits<GMMA::MMA_64xNx16<N, Kind, RS, TA, TB, SA, SB>>
    : GMMA::detail::wgmma_traits<GMMA::MMA_64xNx16<N, Kind, RS, TA, TB, SA, SB>, N, 16, Kind, RS, TA, TB> {};
template <int N, class Kind, bool RS, GMMA::ScaleIn SA, GMMA::ScaleIn SB>
struct MMA_Traits<GMMA::MMA_64xNx32<N, Kind, RS, SA, SB>>
    : GMMA::detail::wgmma_traits<GMMA::MMA_64xNx32<N, Kind, RS, SA, SB>, N, 32, Kind, RS, GMMA::Major::K, GMMA::Major::K> {};

// Applies M to every N of the wgmma shapes: 8, 16, ..., 256.
#define TESSEL_WGMMA_EACH_N(M) \
  M(8) M(16) M(24) M(32) \
  M(40) M(48) M(56) M(64) \
  M(72) M(80) M(88) M(96) \
  M(104) M(112) M(120) M(128) \
  M(136) M(144) M(152) M(160) \
  M(168) M(176) M(184) M(192) \
  M(200) M(208) M(216) M(224) \
  M(232) M(240) M(248) M(256)

// CuTe's names: SM90_64x<N>x16_<types>_<SS|RS><MajorA, MajorB, ScaleA, ScaleB>.
#define TESSEL_WGMMA_NAMES(N)                                                                                            \
  template <GMMA::Major A, GMMA::Major B, GMMA::ScaleIn SA = GMMA::ScaleIn::One, GMMA::ScaleIn SB = GMMA::ScaleIn::One> \
  using SM90_64x##N##x16_F32F16F16_SS = GMMA::MMA_64xNx16<N, GMMA::ptx::f32f16f16, false, A, B, SA, SB>;                \
  template <GMMA::Major A, GMMA::Major B, GMMA::ScaleIn SA = GMMA::ScaleIn::One, GMMA::ScaleIn SB = GMMA::ScaleIn::One> \
  using SM90_64x##N##x16_F32F16F16_RS = GMMA::MMA_64xNx16<N, GMMA::ptx::f32f16f16, true, A, B, SA, SB>;                 \
  template <GMMA::Major A, GMMA::Major B, GMMA::ScaleIn SA = GMMA::ScaleIn::One, GMMA::ScaleIn SB = GMMA::ScaleIn::One> \
  using SM90_64x##N##x16_F32BF16BF16_SS = GMMA::MMA_64xNx16<N, GMMA::ptx::f32bf16bf16, false, A, B, SA, SB>;            \
  template <GMMA::Major A, GMMA::Major B, GMMA::ScaleIn SA = GMMA::ScaleIn::One, GMMA::ScaleIn SB = GMMA::ScaleIn::One> \
  using SM90_64x##N##x16_F32BF16BF16_RS = GMMA::MMA_64xNx16<N, GMMA::ptx::f32bf16bf16, true, A, B, SA, SB>;             \
  template <GMMA::Major A, GMMA::Major B, GMMA::ScaleIn SA = GMMA::ScaleIn::One, GMMA::ScaleIn SB = GMMA::ScaleIn::One> \
  using SM90_64x##N##x16_F16F16F16_SS = GMMA::MMA_64xNx16<N, GMMA::ptx::f16f16f16, false, A, B, SA, SB>;                \
  template <GMMA::Major A, GMMA::Major B, GMMA::ScaleIn SA = GMMA::ScaleIn::One, GMMA::ScaleIn SB = GMMA::ScaleIn::One> \
  using SM90_64x##N##x16_F16F16F16_RS = GMMA::MMA_64xNx16<N, GMMA::ptx::f16f16f16, true, A, B, SA, SB>;
TESSEL_WGMMA_EACH_N(TESSEL_WGMMA_NAMES)
#undef TESSEL_WGMMA_NAMES

// CuTe's names of the 8-bit ops: SM90_64x<N>x32_<F32|F16><A><B>_<SS|RS>_TN<ScaleA, ScaleB>.
#define TESSEL_WGMMA8_NAME(N, ACC, A, B, KIND, SSRS, RS)                                             \
  template <GMMA::ScaleIn SA = GMMA::ScaleIn::One, GMMA::ScaleIn SB = GMMA::ScaleIn::One>           \
  using SM90_64x##N##x32_##ACC##A##B##_##SSRS##_TN = GMMA::MMA_64xNx32<N, GMMA::ptx::KIND, RS, SA, SB>;
#define TESSEL_WGMMA8_ACC(N, ACC, A, B, KIND) TESSEL_WGMMA8_NAME(N, ACC, A, B, KIND, SS, false) TESSEL_WGMMA8_NAME(N, ACC, A, B, KIND, RS, true)
#define TESSEL_WGMMA8_NAMES(N)                                                                                          \
  TESSEL_WGMMA8_ACC(N, F32, E4M3, E4M3, f32e4m3e4m3) TESSEL_WGMMA8_ACC(N, F32, E4M3, E5M2, f32e4m3e5m2)                \
  TESSEL_WGMMA8_ACC(N, F32, E5M2, E4M3, f32e5m2e4m3) TESSEL_WGMMA8_ACC(N, F32, E5M2, E5M2, f32e5m2e5m2)                \
  TESSEL_WGMMA8_ACC(N, F16, E4M3, E4M3, f16e4m3e4m3) TESSEL_WGMMA8_ACC(N, F16, E4M3, E5M2, f16e4m3e5m2)                \
  TESSEL_WGMMA8_ACC(N, F16, E5M2, E4M3, f16e5m2e4m3) TESSEL_WGMMA8_ACC(N, F16, E5M2, E5M2, f16e5m2e5m2)
TESSEL_WGMMA_EACH_N(TESSEL_WGMMA8_NAMES)
#undef TESSEL_WGMMA8_NAMES
#undef TESSEL_WGMMA8_ACC
#undef TESSEL_WGMMA8_NAME
#undef TESSEL_WGMMA_EACH_N

}  // namespace tessel
