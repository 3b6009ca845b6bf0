// tessel/kernels/gemm_sm80.cuh: an Ampere-style GEMM (sm_80 and later, the
// H100 included) written with tessel's layouts and atoms (issue 14): the
// readable reference for how the pieces fit, beside the Hopper kernel of
// gemm_sm90.cuh (same operands, same conventions, same host API shape):
//
//   D = alpha * A * B + beta * C      (D written over C)
//
// A is M x K, B is N x K (the BLAS/CuTe "TN" view: B's rows are the columns of
// the mathematical K x N operand), C is M x N; each of A and B may be K-major
// (K contiguous) or MN-major (M or N contiguous): the four BLAS layouts NN, NT,
// TN, TT. Inputs bf16 or fp16, fp32 accumulation, output bf16, fp16 or fp32.
//
// The kernel (one CTA of 256 threads = 8 warps per 128 x 128 tile of C):
//   1. global -> shared: a TiledCopy of SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>
//      (cp.async.cg, 16 bytes = 8 elements per thread and copy) moves the A
//      (128 x 64) and B (128 x 64) tiles of one k-tile into one of 3 stages
//      of shared memory; each k-tile's copies are one cp.async group
//      (cp_async_fence), and cp_async_wait<Stages - 2> + __syncthreads says
//      that the oldest stage has landed. Edges: the thread's coordinates are
//      the same TiledCopy's partition of an identity tensor; a vector is
//      copied where its coordinate is inside the tile's residue (elem_less)
//      and zero-filled where not (a predicated copy that also writes the
//      zeros the MMA needs past K). Operands whose vectors are not 16-byte
//      aligned and whole (e.g. K = 129, K-major) take the same partitions
//      element by element, with ordinary loads and stores.
//   2. shared memory: each stage is tile_to_shape of a Swizzle<3,3,3> atom
//      (CuTe's): 8 x 64 K-major (128-byte rows, 16-byte chunks XORed with the
//      row), or 64 x 8 MN-major; a cp.async vector and an ldmatrix row are one
//      16-byte chunk, and ldmatrix's 8 rows fall in 8 different bank groups.
//   3. shared -> registers: make_tiled_copy_A/B(ldmatrix atom, mma) with
//      retile_D, so that ldmatrix (SM75_U32x4_LDSM_N for K-major, the
//      transposing SM75_U16x8_LDSM_T for MN-major) writes the MMA's own
//      fragments; the k-blocks of a k-tile are double-buffered in registers
//      (k-block kb + 1 is loaded while kb multiplies).
//   4. the MMA: a TiledMMA of SM80_16x8x16_F32{BF16BF16,F16F16}F32_TN atoms,
//      2 x 4 warps, tile 32 x 64 x 16 (each warp 64 x 32 of the CTA tile):
//      gemm(mma, A frag, B frag, acc) issues 4 x 4 mma.sync per warp and k-block.
//   5. epilogue: D = alpha * acc + beta * C straight from the registers: the
//      accumulators' tile coordinates are the TiledMMA's C partition of the
//      identity tile, stores predicated on the matrix edges, 2-element vectors
//      where C allows.
//   6. raster: blockIdx.x is mapped to an output tile by the seed 002
//      threadblock swizzle as a tessel layout (identity_swizzle_layout of
//      kernels/threadblock.hpp, groups of 2^L columns of tiles), as in
//      gemm_sm90.cuh, for L2 reuse.
//
// Every partition is a tessel expression: local_tile of the global tensors,
// the TiledCopy's partition_S/D, the TiledMMA's partition_fragment_A/B/C, the
// ldmatrix TiledCopy's partition_S and retile_D. describe() prints them.
//
// Host API (tessel::cuda::gemm_sm80): device tensors with tessel layouts, as
// tessel::cuda::gemm; the majors are read off the strides; a column-major C is
// computed as the row-major C^T = B * A^T (operands swapped); an operand with
// no unit stride goes to a plain (slow) kernel.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

#include "../atom/atom.hpp"
#include "../swizzle/composed_algebra.hpp"
#include "../tensor/counting.hpp"
#include "device_cache.hpp"
#include "epilogue.cuh"
#include "gemm_common.cuh"
#include "scheduler.cuh"
#include "threadblock.hpp"

namespace TESSEL_NAMESPACE::kernels::sm80 {

// The operand majors: gemm_sm90.cuh's names (GMMA::Major::K: K contiguous; MN:
// M or N contiguous), nothing of the wgmma itself.
using Major = GMMA::Major;

// ---- configuration ------------------------------------------------------------------------------

namespace detail {
template <class T> struct mma_op;
template <> struct mma_op<half_t> { using type = SM80_16x8x16_F32F16F16F32_TN; };
template <> struct mma_op<bfloat16_t> { using type = SM80_16x8x16_F32BF16BF16F32_TN; };

// The shared-memory atom of one operand: 8 rows of 64 elements along K (K-major)
// or 64 elements along MN by 8 along K (MN-major), 1024 elements = 2 KB; the
// Swizzle<3,3,3> XORs the 16-byte chunk (bits 3-5 of the element index) with
// the row (bits 6-8), so that 8 rows read at the same column by one ldmatrix
// (or written by 8 cp.async vectors) hit 8 different 16-byte bank groups.
template <Major Mj> struct smem_atom;
template <> struct smem_atom<Major::K> {
  using type = decltype(composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}));
};
template <> struct smem_atom<Major::MN> {
  using type = decltype(composition(Swizzle<3, 3, 3>{}, Layout<Shape<_64, _8>, Stride<_1, _64>>{}));
};

// The cp.async TiledCopy of one operand tile (MN x K): 256 threads, 8 elements
// (16 bytes) each along the contiguous mode. K-major: 32 rows x 8 threads
// along K (a row of 64 elements is 8 threads' vectors: 128 coalesced bytes),
// tile 32 x 64; MN-major: 16 threads along MN x 16 along K, tile 128 x 16.
template <Major Mj> struct g2s_layouts;
template <> struct g2s_layouts<Major::K> {
  using Thr = Layout<Shape<_32, _8>, Stride<_8, _1>>;
  using Val = Layout<Shape<_1, _8>>;
};
template <> struct g2s_layouts<Major::MN> {
  using Thr = Layout<Shape<_16, _16>, Stride<_1, _16>>;
  using Val = Layout<Shape<_8, _1>>;
};

// ldmatrix of one operand: 4 8x8 matrices per instruction; transposed (.trans)
// where the operand is MN-major in shared memory.
template <Major Mj> struct s2r_op { using type = SM75_U32x4_LDSM_N; };
template <> struct s2r_op<Major::MN> { using type = SM75_U16x8_LDSM_T; };
}  // namespace detail

// T: input type (half_t, bfloat16_t); TO: output type (half_t, bfloat16_t, float).
template <class T, class TO, Major MA, Major MB, int Stages_ = 3>
struct GemmConfig {
  using Element = T;
  using ElementOut = TO;
  static constexpr Major kMajorA = MA, kMajorB = MB;
  using BM = _128;
  using BN = _128;
  using BK = _64;
  using Stages = Int<Stages_>;
  static constexpr int kStages = Stages_;
  static_assert(Stages_ >= 2, "GemmConfig: at least 2 stages");

  // The MMA: 2 x 4 warps of 16x8x16 atoms; the tile 32 x 64 x 16 repeats each
  // warp's 16 x 8 twice along N (so that a warp's B fragment is 16 x 16, one
  // ldmatrix.x4), and the CTA tile 128 x 128 repeats the MMA tile 4 x 2: each
  // warp computes 64 x 32 of the CTA tile (64 accumulators per thread).
  // (2 x 2 warps of 64 x 64 need 128 accumulators per thread beside the
  // fragments and the swizzled addresses: over 255 registers, spills.)
  using TiledMma = decltype(make_tiled_mma(typename detail::mma_op<T>::type{}, Layout<Shape<_2, _4, _1>>{}, Tile<_32, _64, _16>{}));
  static constexpr int kThreads = decltype(size(TiledMma{}))::value;
  static_assert(kThreads == 256, "GemmConfig: 8 warps");

  // Shared memory: the atoms tiled to (BM, BK, Stages) and (BN, BK, Stages).
  using SmemLayoutA = decltype(tile_to_shape(typename detail::smem_atom<MA>::type{}, Shape<BM, BK, Stages>{}));
  using SmemLayoutB = decltype(tile_to_shape(typename detail::smem_atom<MB>::type{}, Shape<BN, BK, Stages>{}));
  static constexpr int kStageA = BM::value * BK::value, kStageB = BN::value * BK::value;  // elements
  static constexpr int kSmemBytes = kStages * (kStageA + kStageB) * int(sizeof(T));

  // global -> shared: cp.async of 16 bytes.
  using G2SAtom = Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, T>;
  using G2SCopyA = decltype(make_tiled_copy(G2SAtom{}, typename detail::g2s_layouts<MA>::Thr{}, typename detail::g2s_layouts<MA>::Val{}));
  using G2SCopyB = decltype(make_tiled_copy(G2SAtom{}, typename detail::g2s_layouts<MB>::Thr{}, typename detail::g2s_layouts<MB>::Val{}));
  static_assert(decltype(size(typename detail::g2s_layouts<MA>::Val{}))::value * sizeof(T) == 16 &&
                    decltype(size(typename detail::g2s_layouts<MB>::Val{}))::value * sizeof(T) == 16,
                "GemmConfig: each thread's values of a global -> shared copy are one 16-byte cp.async");

  // shared -> registers: ldmatrix with the MMA's thread-value layouts.
  using S2RCopyA = decltype(make_tiled_copy_A(Copy_Atom<typename detail::s2r_op<MA>::type, T>{}, TiledMma{}));
  using S2RCopyB = decltype(make_tiled_copy_B(Copy_Atom<typename detail::s2r_op<MB>::type, T>{}, TiledMma{}));
};

template <class Cfg>
struct GemmParams {
  using T = typename Cfg::Element;
  using TO = typename Cfg::ElementOut;
  T const* a = nullptr;
  T const* b = nullptr;
  TO* c = nullptr;
  long long lda = 0, ldb = 0, ldc = 0;  // the non-unit strides; C is row-major (M, N) : (ldc, 1)
  int m = 0, n = 0, k = 0;
  float alpha = 1.f, beta = 0.f;
  int k_tiles = 0;
  TileScheduler sched;  // the raster (scheduler.cuh): position blockIdx.x -> output tile
  bool vec_a = true, vec_b = true;  // the operand's 16-byte vectors are aligned and whole: cp.async; else element copies
  bool vec_c = false;               // C allows 2-element vector accesses
};

// ---- device pieces ------------------------------------------------------------------------------

namespace detail {

// The (TR, TK) tile of an operand (gemm_common::operand_layout) at a tile's
// origin: the same strides (as int: the partitions of a static shape with
// 32-bit strides are a few multiplications; the origin, A's layout at the
// tile's first coordinate, in 64 bits).
template <Major Mj, class TR, class TK>
TESSEL_HOST_DEVICE auto operand_tile_layout(int ld) {
  if constexpr (Mj == Major::K) return make_layout(Shape<TR, TK>{}, make_stride(ld, Int<1>{}));
  else return make_layout(Shape<TR, TK>{}, make_stride(Int<1>{}, ld));
}

// One k-tile of one operand, global -> shared. tg: this thread's values of the
// global tile, tc: their (row, k) coordinates in the tile, ts: their places
// in the shared stage, all (CPY, CPY_MN, CPY_K) partitions of the same
// TiledCopy; bound: how much of the tile lies inside the matrix (the residue:
// rows and K left from the tile's origin).
//   vec: one cp.async per 16-byte vector where its coordinate is inside the
//   matrix (the host checked that a vector is wholly inside or wholly outside),
//   zeros where not;
//   otherwise: element by element (ordinary loads and stores), zeros outside.
template <class Copy, class TG, class TC, class TS, class Bound>
TESSEL_DEVICE void load_tile(Copy const& g2s, bool vec, TG const& tg, TC const& tc, TS&& ts, Bound const& bound) {
  using T = std::remove_cv_t<typename TG::value_type>;
  constexpr int R1 = decltype(size<1>(tg.layout()))::value, R2 = decltype(size<2>(tg.layout()))::value;
  if (vec) {
    TESSEL_UNROLL
    for (int j = 0; j < R2; ++j) {
      TESSEL_UNROLL
      for (int i = 0; i < R1; ++i) {
        if (elem_less(tc(0, i, j), bound)) copy(g2s, tg(_, i, j), ts(_, i, j));  // the vector's first element decides
        else clear(ts(_, i, j));
      }
    }
  } else {
    constexpr int V = decltype(size(tg.layout()))::value;
    TESSEL_UNROLL
    for (int i = 0; i < V; ++i) ts(i) = elem_less(tc(i), bound) ? tg(i) : T(0.f);
  }
}

}  // namespace detail

// The kernel (Cfg: GemmConfig): one CTA of Cfg::kThreads threads per output
// tile, Cfg::kSmemBytes of dynamic shared memory.
template <class Cfg>
__global__ void __launch_bounds__(Cfg::kThreads) gemm_kernel(GemmParams<Cfg> const p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  using T = typename Cfg::Element;
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  using BK = typename Cfg::BK;
  constexpr int S = Cfg::kStages;

  // The output tile of this CTA: the raster's tile at position blockIdx.x.
  TileCoord const tc = p.sched.tile(int(blockIdx.x));
  if (!p.sched.valid(tc)) return;  // a raster position past the last column of tiles
  int const tm = tc.m, tn = tc.n;
  int const tid = int(threadIdx.x);

  // ---- the tensors --------------------------------------------------------------------------------
  extern __shared__ __align__(128) unsigned char smem_raw[];
  T* const smem_a = reinterpret_cast<T*>(smem_raw);
  T* const smem_b = smem_a + S * Cfg::kStageA;
  auto sA = make_tensor(make_smem_ptr(smem_a), typename Cfg::SmemLayoutA{});  // (BM, BK, S), swizzled
  auto sB = make_tensor(make_smem_ptr(smem_b), typename Cfg::SmemLayoutB{});  // (BN, BK, S), swizzled

  // A's and B's layouts (M, K) and (N, K); the (BM, BK) tile of A at k-tile kt
  // starts at mA(tm * BM, kt * BK) and has the layout tile_a (B likewise).
  auto const mA = gemm_common::operand_layout<Cfg::kMajorA>(p.m, p.k, p.lda);
  auto const mB = gemm_common::operand_layout<Cfg::kMajorB>(p.n, p.k, p.ldb);
  auto const tile_a = detail::operand_tile_layout<Cfg::kMajorA, BM, BK>(int(p.lda));
  auto const tile_b = detail::operand_tile_layout<Cfg::kMajorB, BN, BK>(int(p.ldb));
  int const m0 = tm * BM::value, n0 = tn * BN::value;
  auto gA = [&](int kt) { return make_tensor(make_gmem_ptr(p.a + mA(m0, kt * BK::value)), tile_a); };  // (BM, BK)
  auto gB = [&](int kt) { return make_tensor(make_gmem_ptr(p.b + mB(n0, kt * BK::value)), tile_b); };  // (BN, BK)
  // The coordinates (row, k) of a tile's elements, partitioned like the data:
  // the edges' predicates, against the residue of the tile.
  auto const cA = make_identity_tensor(Shape<BM, BK>{});
  auto const cB = make_identity_tensor(Shape<BN, BK>{});
  auto residueA = [&](int kt) { return make_coord(p.m - m0, p.k - kt * BK::value); };
  auto residueB = [&](int kt) { return make_coord(p.n - n0, p.k - kt * BK::value); };

  // global -> shared: k-tile kt of A and B into stage s, this thread's part
  // of it being the TiledCopy's partitions of the global tile, of its
  // coordinates and of the stage. (The partitions are made here, from an
  // opaque copy of the thread index: otherwise the compiler keeps every
  // element's address and coordinate of them live through the main loop
  // beside the accumulators, and spills.)
  typename Cfg::G2SCopyA g2s_a;
  typename Cfg::G2SCopyB g2s_b;
  auto load_k_tile = [&](int kt, int s) {
    int t = tid;
    asm volatile("" : "+r"(t));
    auto g2s_thr_a = g2s_a.get_slice(t);
    auto g2s_thr_b = g2s_b.get_slice(t);
    detail::load_tile(g2s_a, p.vec_a, g2s_thr_a.partition_S(gA(kt)), g2s_thr_a.partition_S(cA), g2s_thr_a.partition_D(sA(_, _, s)),
                      residueA(kt));
    detail::load_tile(g2s_b, p.vec_b, g2s_thr_b.partition_S(gB(kt)), g2s_thr_b.partition_S(cB), g2s_thr_b.partition_D(sB(_, _, s)),
                      residueB(kt));
  };

  // The MMA: this thread's fragments of one k-tile (all its k-blocks) and its accumulators.
  typename Cfg::TiledMma mma;
  auto thr_mma = mma.get_slice(tid);
  auto tCrA = thr_mma.partition_fragment_A(sA(_, _, 0));  // (MMA, MMA_M, MMA_K) registers
  auto tCrB = thr_mma.partition_fragment_B(sB(_, _, 0));  // (MMA, MMA_N, MMA_K) registers
  auto acc = partition_fragment_C(mma, Shape<BM, BN>{});  // (MMA, MMA_M, MMA_N) fp32 registers
  clear(acc);

  // shared -> registers: ldmatrix into the MMA's fragments.
  typename Cfg::S2RCopyA s2r_a;
  typename Cfg::S2RCopyB s2r_b;
  auto s2r_thr_a = s2r_a.get_slice(tid);
  auto s2r_thr_b = s2r_b.get_slice(tid);
  auto tXsA = s2r_thr_a.partition_S(sA);     // (CPY, CPY_M, CPY_K, S)
  auto tXrA = s2r_thr_a.retile_D(tCrA);      // (CPY, CPY_M, CPY_K): the same registers as tCrA
  auto tXsB = s2r_thr_b.partition_S(sB);     // (CPY, CPY_N, CPY_K, S)
  auto tXrB = s2r_thr_b.retile_D(tCrB);
  constexpr int kBlocks = decltype(size<2>(tCrA.layout()))::value;  // k-blocks (of 16) per k-tile

  // ---- the pipeline -------------------------------------------------------------------------------
  // Prologue: k-tiles 0 .. S-2 into stages 0 .. S-2, one cp.async group each.
  int const k_tiles = p.k_tiles;
  int k_load = 0;  // the next k-tile to load
  TESSEL_UNROLL
  for (int s = 0; s < S - 1; ++s) {
    if (k_load < k_tiles) load_k_tile(k_load++, s);
    cp_async_fence();
  }
  int read = 0, write = S - 1;  // the stage read by the MMAs, the stage the next k-tile goes to

  if (k_tiles > 0) {
    // Stage 0 has landed (at most S - 2 groups still in flight), for every thread.
    cp_async_wait<S - 2>();
    __syncthreads();
    copy(s2r_a, tXsA(_, _, 0, read), tXrA(_, _, 0));
    copy(s2r_b, tXsB(_, _, 0, read), tXrB(_, _, 0));
  }
  for (int kt = 0; kt < k_tiles; ++kt) {
    TESSEL_UNROLL
    for (int kb = 0; kb < kBlocks; ++kb) {
      if (kb == kBlocks - 1) {
        // The last k-block of this stage is in registers: move on to the next
        // stage once it has landed (and once every thread is done with this one).
        read = read == S - 1 ? 0 : read + 1;
        cp_async_wait<S - 2>();
        __syncthreads();
      }
      // Load k-block kb + 1 (of this stage, or k-block 0 of the next) while kb multiplies.
      int const kb_next = (kb + 1) % kBlocks;
      copy(s2r_a, tXsA(_, _, kb_next, read), tXrA(_, _, kb_next));
      copy(s2r_b, tXsB(_, _, kb_next, read), tXrB(_, _, kb_next));
      if (kb == 0) {
        // The next k-tile goes into the stage that the previous k-tile was read
        // from (every thread passed the barrier after its last read).
        if (k_load < k_tiles) load_k_tile(k_load++, write);
        cp_async_fence();  // a group per k-tile, maybe empty: the waits count k-tiles
        write = write == S - 1 ? 0 : write + 1;
      }
      gemm(mma, tCrA(_, _, kb), tCrB(_, _, kb), acc);
    }
  }
  cp_async_wait<0>();  // nothing left in flight (the tail's groups are empty)

  // ---- epilogue: D = alpha * acc + beta * C from the registers ------------------------------------
  // The accumulators' (row, column) in the tile: the C partition of the
  // identity tile; values (i, i + 1) are columns (c, c + 1) of one row (the
  // 16x8 atom's C layout; checked on the host by check_epilogue_pairs).
  auto tCcC = thr_mma.partition_C(make_identity_tensor(Shape<BM, BN>{}));
  epilogue_direct<BM, BN>(acc, tCcC, LinearCombination{p.alpha, p.beta}, p.c, p.ldc, m0, n0, p.m, p.n, p.vec_c);
#else
  (void)p;
#endif
}

// ---- host side ----------------------------------------------------------------------------------

namespace detail {
// Whether an operand's cp.async vectors are 16-byte aligned and wholly inside
// or outside the matrix: the pointer 16-byte aligned, the leading dimension a
// multiple of 8 elements, and the contiguous extent a multiple of 8.
inline bool vectors_ok(void const* p, long long ld, int contiguous_extent) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && ld % 8 == 0 && contiguous_extent % 8 == 0;
}
}  // namespace detail

// Launches Cfg on row-major C (M,N):(ldc,1); A (M,K) and B (N,K) with the
// leading dimensions lda, ldb (their other stride is 1, as Cfg's majors say).
// opt: the raster's swizzle (< 0: choose_log_swizzle), where the launch's
// figures go; no clusters, and the epilogue is the direct one (named errors
// for anything else).
template <class Cfg>
cudaError_t launch_gemm(typename Cfg::Element const* A, long long lda, typename Cfg::Element const* B, long long ldb,
                        typename Cfg::ElementOut* C, long long ldc, int M, int N, int K, float alpha, float beta, cudaStream_t stream,
                        GemmOptions const& opt = {}) {
  // Host checks, whatever TESSEL_NO_CHECKS says (once per call): the options,
  // the epilogue's pairs (static per configuration), the operands.
  if (opt.cluster > 1) fail("gemm_sm80: no clusters (GemmOptions::cluster is for the Hopper kernel)");
  if (opt.epilogue == GemmEpilogue::tma) fail("gemm_sm80: no TMA epilogue (registers -> global memory only)");
  if (!gemm_common::launch_checks<Cfg>(M, N, K, "gemm_sm80")) return cudaSuccess;
  if (!(lda >= 0 && ldb >= 0 && lda < (1ll << 31) / Cfg::BM::value && ldb < (1ll << 31) / Cfg::BN::value))
    fail("gemm_sm80: a leading dimension is too large for the tiles' 32-bit offsets");
  GemmParams<Cfg> p{};
  p.a = A, p.b = B, p.c = C;
  p.lda = lda, p.ldb = ldb, p.ldc = ldc;
  p.m = M, p.n = N, p.k = K;
  p.alpha = alpha, p.beta = beta;
  auto const [tiles_m, tiles_n, k_tiles] = gemm_common::tile_counts<Cfg>(M, N, K);
  p.k_tiles = k_tiles;
  int const L = opt.log_swizzle >= 0 ? opt.log_swizzle : choose_log_swizzle(tiles_m, tiles_n);
  p.sched = make_tile_scheduler(tiles_m, tiles_n, L);
  p.vec_a = detail::vectors_ok(A, lda, Cfg::kMajorA == Major::K ? K : M);
  p.vec_b = detail::vectors_ok(B, ldb, Cfg::kMajorB == Major::K ? K : N);
  p.vec_c = (ldc % 2 == 0) && (reinterpret_cast<std::uintptr_t>(C) % (2 * sizeof(typename Cfg::ElementOut)) == 0);
  int const grid = p.sched.positions;
  if (opt.info) {
    LaunchInfo& li = *opt.info;
    li = LaunchInfo{};
    li.tiles_m = tiles_m, li.tiles_n = tiles_n, li.k_tiles = p.k_tiles, li.log_swizzle = L, li.positions = grid, li.grid = grid;
    li.vec_a = p.vec_a, li.vec_b = p.vec_b;
  }
  auto kernel = gemm_kernel<Cfg>;
  // The kernel's shared-memory limit, raised once per device (a second device gets its own).
  int dev = 0;
  if (cudaError_t const e = cudaGetDevice(&dev); e != cudaSuccess) return e;
  static PerDevice<cudaError_t> smem_attr;
  cudaError_t const attr =
      smem_attr.get(dev, [&] { return cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes); });
  if (attr != cudaSuccess) {
    smem_attr.forget(dev);
    return attr;
  }
  kernel<<<dim3(unsigned(grid)), dim3(unsigned(Cfg::kThreads)), std::size_t(Cfg::kSmemBytes), stream>>>(p);
  return cudaGetLastError();
}

// describe<Cfg>(M, N, K): the configuration's tiles, TiledMMA and its TV
// layouts, the copies, shared-memory layouts, pipeline and, for a problem,
// the grid and raster.
template <class Cfg>
void describe(int M = 0, int N = 0, int K = 0) {
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  using BK = typename Cfg::BK;
  typename Cfg::TiledMma mma;
  std::printf("tessel sm80 GEMM: CTA tile (BM,BN,BK) = (%d,%d,%d), %d stages (cp.async groups), %d threads (2 x 4 warps)\n", BM::value,
              BN::value, BK::value, Cfg::kStages, Cfg::kThreads);
  std::printf("  majors: A %s, B %s\n", Cfg::kMajorA == Major::K ? "K" : "MN", Cfg::kMajorB == Major::K ? "K" : "MN");
  gemm_common::print_mma_and_smem<Cfg>();
  std::printf("\n  smem per stage %d bytes, total %d bytes\n", (Cfg::kStageA + Cfg::kStageB) * int(sizeof(typename Cfg::Element)),
              Cfg::kSmemBytes);
  std::printf("  global -> shared A (cp.async 16 B): tile ");
  print(typename Cfg::G2SCopyA::Tiler_MN{});
  std::printf(", TV layout ");
  print(typename Cfg::G2SCopyA::TiledLayout_TV{});
  std::printf("\n  global -> shared B (cp.async 16 B): tile ");
  print(typename Cfg::G2SCopyB::Tiler_MN{});
  std::printf(", TV layout ");
  print(typename Cfg::G2SCopyB::TiledLayout_TV{});
  std::printf("\n  shared -> registers A (%s): TV layout ", Cfg::kMajorA == Major::K ? "ldmatrix.x4" : "ldmatrix.x4.trans");
  print(typename Cfg::S2RCopyA::TiledLayout_TV{});
  std::printf("\n  shared -> registers B (%s): TV layout ", Cfg::kMajorB == Major::K ? "ldmatrix.x4" : "ldmatrix.x4.trans");
  print(typename Cfg::S2RCopyB::TiledLayout_TV{});
  // one thread's partitions (thread 0), as the kernel makes them
  {
    using T = typename Cfg::Element;
    auto sA = make_tensor(make_smem_ptr(static_cast<T*>(nullptr)), typename Cfg::SmemLayoutA{});
    auto sB = make_tensor(make_smem_ptr(static_cast<T*>(nullptr)), typename Cfg::SmemLayoutB{});
    auto thr = mma.get_slice(0);
    std::printf("\n  thread 0: A fragment ");
    print(thr.partition_fragment_A(sA(_, _, 0)).layout());
    std::printf(", B fragment ");
    print(thr.partition_fragment_B(sB(_, _, 0)).layout());
    std::printf(", accumulators ");
    print(partition_fragment_C(mma, Shape<BM, BN>{}).layout());
    std::printf("\n  thread 0: cp.async A, (CPY, CPY_M, CPY_K) -> m + BM * k in the tile: ");
    print(typename Cfg::G2SCopyA{}.get_slice(0).partition_S(make_tensor(counting_iterator<int>{0}, make_layout(Shape<BM, BK>{}))).layout());
    std::printf("\n  thread 0: ldmatrix A source (CPY, CPY_M, CPY_K) of stage 0 ");
    print(typename Cfg::S2RCopyA{}.get_slice(0).partition_S(sA(_, _, 0)).layout());
  }
  std::printf("\n");
  if (M > 0 && N > 0) {
    auto const [tm, tn, kt] = gemm_common::tile_counts<Cfg>(M, N, K);
    int const L = choose_log_swizzle(tm, tn);
    auto raster = identity_swizzle_layout(GemmCoord(tm, tn, 1), L);
    std::printf("  problem %d x %d x %d: tiles %d x %d, %d k-tiles; grid %d CTAs (raster positions); raster (swizzle 2^%d) ", M, N, K, tm, tn,
                kt, int(size(raster)), L);
    print(raster);
    std::printf("\n");
  }
}

// launch_gemm for the front end (gemm_common::front_end), the majors as booleans (K-major or not).
struct Launch {
  template <class T, class TO, bool AK, bool BK, class... Args>
  static cudaError_t call(Args const&... args) { return launch_gemm<GemmConfig<T, TO, AK ? Major::K : Major::MN, BK ? Major::K : Major::MN>>(args...); }
};

}  // namespace tessel::kernels::sm80

namespace TESSEL_NAMESPACE::cuda {

// gemm_sm80(A, B, C, alpha, beta, stream, options): what cuda::gemm
// (gemm_sm90.cuh) computes, through the Ampere-style kernel (sm_80 and later)
// where each operand has a unit stride, and the fallback kernel elsewhere; of
// the options, the raster's swizzle and where the launch's figures go (no
// clusters, no TMA epilogue: named errors).
inline constexpr kernels::gemm_common::FrontEnd<kernels::sm80::Launch, kernels::gemm_common::UnitStrides> gemm_sm80{"cuda::gemm_sm80"};

}  // namespace tessel::cuda
