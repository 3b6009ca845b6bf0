// tessel/kernels/gemm_sm90.cuh: a Hopper (sm_90a) GEMM written with tessel's
// layouts and atoms (issue 14):
//
//   D = alpha * A * B + beta * C      (D written over C)
//
// A is M x K, B is N x K (the BLAS/CuTe "TN" view: B's rows are the columns of
// the mathematical K x N operand), C is M x N; each of A and B may be K-major
// (K contiguous) or MN-major (M or N contiguous): the four BLAS layouts NN, NT,
// TN, TT. Inputs bf16 or fp16, fp32 accumulation, output bf16, fp16 or fp32.
//
// The kernel (one persistent CTA per SM, 384 threads):
//   - warpgroup 0 is the producer: one thread issues TMA loads of the A
//     (BM x BK) and B (BN x BK) tiles into a ring of Stages shared-memory
//     buffers; each buffer has a "full" mbarrier (the TMA's transaction bytes)
//     and an "empty" mbarrier (the consumers' release);
//   - warpgroups 1 and 2 are the consumers: a TiledMMA of two 64 x BN x 16
//     wgmma atoms stacked along M (atom layout (2,1,1)) reads both operands
//     from shared memory through matrix descriptors (partition_fragment_A/B of
//     the swizzled smem tensors), keeps one k-tile of wgmmas in flight, and
//     releases a buffer once the wgmmas that read it have retired;
//   - optionally (cluster = 2; not the default: on the H100 it measured 2.2x
//     slower, cause not found yet, see bench/RESULTS.md), clusters of 2 CTAs
//     along M: the pair computes M tiles (2m, 2m+1) of one N column, each CTA
//     loads half of the shared B tile (one 128-row piece) and multicasts it to
//     both, so B crosses L2 once per pair; a buffer is free when the consumers
//     of both CTAs have released it (remote mbarrier arrives through mapa);
//   - setmaxnreg moves registers from the producer (40) to the consumers (232);
//   - tiles are handed out by a static persistent scheduler: tile number t
//     (blockIdx.x, + gridDim.x, ...) is mapped to an output tile by the seed
//     002 threadblock swizzle written as a tessel layout
//     (identity_swizzle_layout of kernels/threadblock.hpp over the clusters'
//     tiles: groups of 2^L columns of tiles walked down M, so that the CTAs
//     running together share B tiles, and A tiles, in L2);
//   - epilogue (16-bit C, beta = 0, C's rows 16-byte aligned: the default
//     path): each consumer warpgroup writes its 64 x BN rows of alpha * acc,
//     rounded, into shared memory in 64 x 64 chunks (the 128-byte swizzle
//     atom tiled to (64, 64), bank-conflict free), alternating between two
//     8 KB slots, and one thread per warpgroup stores each chunk with a TMA
//     store (bounds clipped by the TMA); the warpgroup goes on to the next
//     tile's wgmmas while the stores drain (the slot's previous store is
//     waited for, cp.async.bulk.wait_group.read, only when the slot comes
//     round again). Measured on the H100 (bench/RESULTS.md): bf16 TN 8192^3
//     691 -> 774 TFLOP/s, 4096^3 653 -> 711 against the direct path;
//   - otherwise (beta != 0, fp32 C, unaligned C) registers -> global memory
//     through the TiledMMA's C partition, predicated on the matrix edges (the
//     TMA fills zeros outside A and B, so the accumulators of an edge tile are
//     right), 2-element vector stores.
//
// Every layout is a tessel expression: the smem tiles are tile_to_shape of the
// GMMA 128-byte swizzle atoms (K-major, or MN-major with the K blocks first so
// that a TMA box is 64 x 64), the TMA tensor maps are make_tma_copy of the
// global tensors and those smem layouts, the per-thread fragments are the
// TiledMMA's partitions, the raster is a layout. describe() prints them.
//
// Host API (tessel::cuda::gemm): device tensors with tessel layouts; the
// majors are read off the strides; a column-major C is computed as the
// row-major C^T = B * A^T (operands swapped). Leading dimensions must be
// multiples of 16 bytes and pointers 16-byte aligned for the TMA; otherwise the
// call runs a plain (slow, exact-order fp32) fallback kernel.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <mutex>

#include "../atom/atom.hpp"
#include "../atom/copy_sm90.hpp"
#include "../atom/tma_copy.hpp"
#include "../tensor/counting.hpp"
#include "gemm_common.cuh"
#include "gemm_convert.cuh"
#include "threadblock.hpp"

namespace tessel::kernels::sm90 {

// ---- configuration ------------------------------------------------------------------------------

namespace detail {
template <class T> struct wgmma_kind;
template <> struct wgmma_kind<half_t> { using type = GMMA::ptx::f32f16f16; };
template <> struct wgmma_kind<bfloat16_t> { using type = GMMA::ptx::f32bf16bf16; };
}  // namespace detail

// T: input type (half_t, bfloat16_t); TO: output type (half_t, bfloat16_t, float).
template <class T, class TO, GMMA::Major MA, GMMA::Major MB, int BN_ = 256, int Stages_ = 4>
struct GemmConfig {
  using Element = T;
  using ElementOut = TO;
  static constexpr GMMA::Major kMajorA = MA, kMajorB = MB;
  using BM = _128;
  using BN = Int<BN_>;
  using BK = _64;
  using Stages = Int<Stages_>;
  static constexpr int kStages = Stages_;
  static constexpr int kConsumers = 2;  // consumer warpgroups
  static constexpr int kThreads = 128 * (1 + kConsumers);
  static constexpr int kProducerRegs = 40, kConsumerRegs = 232;

  // The shared-memory tiles: the 128-byte swizzle atoms tiled to (BM, BK) and
  // (BN, BK) per stage. K-major: rows of 64 elements along K (one TMA box per
  // tile). MN-major: the atom is 64 (MN) x 8 (K); its copies go along K first
  // (order (2,1,3)), so that a 64 x 64 block is contiguous: one TMA box.
  using AtomA = GMMA::Layout_SW128_Atom<MA, T>;
  using AtomB = GMMA::Layout_SW128_Atom<MB, T>;
  using OrderA = std::conditional_t<MA == GMMA::Major::K, Step<_1, _2, _3>, Step<_2, _1, _3>>;
  using OrderB = std::conditional_t<MB == GMMA::Major::K, Step<_1, _2, _3>, Step<_2, _1, _3>>;
  using SmemLayoutA = decltype(tile_to_shape(AtomA{}, Shape<BM, BK, Stages>{}, OrderA{}));
  using SmemLayoutB = decltype(tile_to_shape(AtomB{}, Shape<BN, BK, Stages>{}, OrderB{}));
  // What one TMA copy fills: A's stage, and B's stage in BN / 128 pieces of
  // 128 rows (the first 128 x BK elements of the stage's layout are its first
  // 128 rows, in both majors; a 128-row box keeps the tensor map's
  // construction within the compiler's constexpr budget).
  using BNPiece = _128;
  static_assert(BN_ % 128 == 0, "GemmConfig: BN is a multiple of 128");
  static constexpr int kPiecesB = BN_ / 128;
  using SmemTileA = decltype(tile_to_shape(AtomA{}, Shape<BM, BK>{}, take<0, 2>(OrderA{})));
  using SmemTileB = decltype(tile_to_shape(AtomB{}, Shape<BNPiece, BK>{}, take<0, 2>(OrderB{})));
  // TMA boxes per A tile and per B piece: one 64 x 128 box K-major, 64 x 64 boxes MN-major.
  static constexpr int kBoxesA = MA == GMMA::Major::K ? 1 : 128 / 64;
  static constexpr int kBoxesB = MB == GMMA::Major::K ? 1 : 128 / 64;
  static constexpr int kStageA = BM::value * BK::value, kStageB = BN::value * BK::value;  // elements
  static constexpr std::uint32_t kStageBytes = std::uint32_t((kStageA + kStageB) * sizeof(T));

  // The MMA: 64 x BN x 16 wgmma, both operands from shared memory, two atoms along M.
  using Op = GMMA::MMA_64xNx16<BN_, typename detail::wgmma_kind<T>::type, false, MA, MB, GMMA::ScaleIn::One, GMMA::ScaleIn::One>;
  using TiledMma = decltype(make_tiled_mma(Op{}, Layout<Shape<Int<kConsumers>, _1, _1>>{}));
  static_assert(decltype(tile_size<0>(TiledMma{}))::value == BM::value && decltype(tile_size<1>(TiledMma{}))::value == BN::value,
                "GemmConfig: the TiledMMA's tile is not (BM, BN)");

  // The epilogue through shared memory (16-bit outputs, beta = 0): each
  // consumer warpgroup writes its 64 x BN rows of D in chunks of 64 x 64
  // elements (the K-major 128-byte swizzle atom tiled to (64, 64): 8 KB, one
  // TMA box, rows of 128 bytes, bank-conflict free for the accumulators'
  // 4-byte pairs) into two alternating slots, and one thread stores each
  // chunk with a TMA store (bounds clipped by the TMA) while the warpgroup
  // goes on. 2 slots per warpgroup: 32 KB beside the 4 stages of 48 KB.
  static constexpr bool kEpiTma = sizeof(TO) == 2;
  using EpiRows = _64;
  using EpiCols = _64;
  using SmemTileC = decltype(tile_to_shape(GMMA::Layout_SW128_Atom<GMMA::Major::K, T>{}, Shape<EpiRows, EpiCols>{}));
  // The same in elements of TO, the swizzle moved from bytes to elements (what
  // make_tensor(smem_ptr, SmemTileC) does, without its run-time alignment check
  // in device code): the offset of (row, column) in a slot.
  using SmemTileCElems = decltype(make_composed_layout(Swizzle<3, (sizeof(TO) == 2 ? 3 : 2), 3>{}, Int<0>{}, SmemTileC{}.layout_b()));
  static constexpr int kEpiChunkElems = 64 * 64;
  static constexpr int kEpiSlots = 2;
  static constexpr int kChunksN = BN_ / 64;  // chunks per warpgroup per tile
  static constexpr int kEpiBytes = kEpiTma ? kConsumers * kEpiSlots * kEpiChunkElems * int(sizeof(TO)) : 0;
  static_assert(kChunksN % kEpiSlots == 0, "GemmConfig: the epilogue's slots alternate evenly over a tile");

  // Shared memory: A and B rings (1024-byte aligned for the swizzle), the epilogue's slots, then the barriers.
  static constexpr int kSmemBytes = int(kStages * kStageBytes) + kEpiBytes + 2 * kStages * 8 + 1024;
  static_assert(kSmemBytes <= 227 * 1024, "GemmConfig: the stages do not fit in shared memory");
};

// The boxes of one tile of a TmaCopy made by make_tma_copy, reduced to what
// the producer thread needs in registers: box b of the tile at tile coordinates
// (mn, k) starts at TMA coordinates (mn * mn_step[d] + k * k_step[d] +
// b * box_step[d])_d and at element b * smem_step of the tile in shared memory.
// (TmaCopy::copy reads the general form, runs of boxes of the make_tma_params
// plan, from the parameter space at every call: dependent loads that made the
// producer thread the GEMM's bottleneck.) make_tile_plan checks the form.
struct TmaTilePlan {
  int boxes = 1;
  int mn_step[2] = {0, 0}, k_step[2] = {0, 0}, box_step[2] = {0, 0};
  int smem_step = 0;
};

// The raster: the seed 002 swizzle as a layout (kernels/threadblock.hpp),
// ((2^L, tiles_m), ceil(tiles_n / 2^L)) : ((tiles_m, 1), 2^L * tiles_m), from
// the raster position t to the column-major tile index tm + tn * tiles_m.
// Built (and checked) on the host; the kernel only evaluates it.
using RasterLayout = decltype(identity_swizzle_layout(GemmCoord(1, 1, 1), 0));

// The kernel's parameters (passed as a __grid_constant__: the tensor maps stay
// in parameter space, where the TMA may read them).
template <class Cfg>
struct GemmParams {
  using T = typename Cfg::Element;
  using TO = typename Cfg::ElementOut;
  TmaCopy<SM90_TMA_LOAD, T> tma_a, tma_b;
  TmaTilePlan plan_a, plan_b;
  TmaCopy<SM90_TMA_STORE, TO> tma_c;  // the epilogue's TMA store of a 64 x 64 chunk of C (when epi_tma)
  TmaTilePlan plan_c;
  bool epi_tma = false;  // the epilogue through shared memory and TMA stores (16-bit C, beta = 0, C 16-byte aligned)
  TO* c = nullptr;
  long long ldc = 0;  // C is row-major: (M, N) : (ldc, 1)
  int m = 0, n = 0, k = 0;
  float alpha = 1.f, beta = 0.f;
  int tiles_m = 0, tiles_n = 0, k_tiles = 0;
  int log_swizzle = 0;  // the raster: groups of 2^log_swizzle columns of tiles
  RasterLayout raster;
  int raster_size = 0;  // size of the raster layout (tiles_m * 2^L * ceil(tiles_n / 2^L))
  bool vec = false;     // C allows 2-element vector accesses
  int cluster = 1;      // CTAs per cluster along M (1 or 2): a pair shares its B tile by TMA multicast
};

// ---- device pieces ------------------------------------------------------------------------------

namespace detail {

TESSEL_DEVICE void setmaxnreg_dec40() {
#if defined(TESSEL_ARCH_WGMMA)
  asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n" ::: "memory");
#endif
}
TESSEL_DEVICE void setmaxnreg_inc232() {
#if defined(TESSEL_ARCH_WGMMA)
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n" ::: "memory");
#endif
}

// TmaCopy::copy's coordinates and smem offset of box i of tile (c0, c1).
template <class Op, class T>
inline void tma_box(TmaCopy<Op, T> const& tma, long long c0, long long c1, int i, long long (&c)[2], long long& off) {
  TMA::Params const& p = tma.params;
  long long pos[2] = {c0 * tma.tile_[0], c1 * tma.tile_[1]};
  off = 0;
  for (int r = 0, x = i; r < p.rest; ++r) {
    int const k = x % p.rest_extent[r];
    x /= p.rest_extent[r];
    pos[p.rest_mode[r]] += k * p.rest_step[r];
    off += k * p.rest_smem[r];
  }
  c[0] = c[1] = 0;
  for (int d = 0; d < p.rank && d < 2; ++d)
    for (int q = 0; q < p.parts[d]; ++q) c[d] += pos[p.part_mode[d][q]] * p.part_scale[d][q];
}

template <class Op, class T>
inline TmaTilePlan make_tile_plan(TmaCopy<Op, T> const& tma, int boxes) {
  TMA::Params const& p = tma.params;
  TESSEL_CHECK(p.rank == 2, "gemm_sm90: the operand's tensor map is not of rank 2");
  int runs = 1;
  for (int r = 0; r < p.rest; ++r) runs *= p.rest_extent[r];
  TESSEL_CHECK(runs == boxes, "gemm_sm90: the TMA plan of a tile has another number of boxes than the configuration's");
  TmaTilePlan plan;
  plan.boxes = boxes;
  long long c00[2], c10[2], c01[2], cb[2], o0, o1;
  tma_box(tma, 0, 0, 0, c00, o0);
  TESSEL_CHECK(c00[0] == 0 && c00[1] == 0 && o0 == 0, "gemm_sm90: the first box of tile (0,0) does not start at 0");
  tma_box(tma, 1, 0, 0, c10, o1);
  tma_box(tma, 0, 1, 0, c01, o1);
  for (int d = 0; d < 2; ++d) plan.mn_step[d] = int(c10[d]), plan.k_step[d] = int(c01[d]);
  if (boxes > 1) {
    tma_box(tma, 0, 0, 1, cb, o1);
    for (int d = 0; d < 2; ++d) plan.box_step[d] = int(cb[d]);
    plan.smem_step = int(o1);
  }
  // the linear form holds for every box of a few tiles
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      for (int i = 0; i < boxes; ++i) {
        long long c[2], off;
        tma_box(tma, a, b, i, c, off);
        for (int d = 0; d < 2; ++d)
          TESSEL_CHECK(c[d] == (long long)a * plan.mn_step[d] + (long long)b * plan.k_step[d] + (long long)i * plan.box_step[d],
                       "gemm_sm90: the TMA boxes of a tile are not a linear progression");
        TESSEL_CHECK(off == (long long)i * plan.smem_step, "gemm_sm90: the TMA boxes of a tile are not evenly spaced in shared memory");
      }
  return plan;
}

// Issues the Boxes TMA loads of tile (mn, k) (the tensor map read where it
// lies, in the kernel's parameter space).
template <int Boxes, class T>
TESSEL_DEVICE void tma_load_tile(TmaDescriptor const& desc, TmaTilePlan const& plan, std::uint64_t& bar, T* smem, int mn, int k) {
  constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL
  int const x = mn * plan.mn_step[0] + k * plan.k_step[0], y = mn * plan.mn_step[1] + k * plan.k_step[1];
  TESSEL_UNROLL
  for (int b = 0; b < Boxes; ++b)
    SM90_TMA_LOAD::copy(&desc, &bar, hint, smem + b * plan.smem_step, x + b * plan.box_step[0], y + b * plan.box_step[1]);
}

// bar.sync on named barrier id (1..15) among n threads (a consumer warpgroup's).
TESSEL_DEVICE void named_barrier_sync(int id, int n) { asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(n) : "memory"); }

// The output tile (tm, tn) of raster position t.
TESSEL_HOST_DEVICE void raster_tile(RasterLayout const& raster, int t, int tiles_m, int& tm, int& tn) {
  int const idx = int(raster(t));
  tm = idx % tiles_m;
  tn = idx / tiles_m;
}

using ::tessel::kernels::gemm_convert::pack_pair;  // the epilogue's conversions (gemm_convert.cuh)
using ::tessel::kernels::gemm_convert::store_pair;

// The rank of this CTA in its cluster, and an arrive on the mbarrier at the
// same shared-memory offset in CTA `rank` of the cluster (mapa + remote arrive).
TESSEL_DEVICE void arrive_cluster(std::uint64_t& bar, std::uint32_t rank) {
  std::uint32_t const local = tessel::detail::smem_u32(&bar);
  std::uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(remote) : "r"(local), "r"(rank));
  asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];\n" ::"r"(remote) : "memory");
}

// A multicast of the Boxes TMA loads of tile (mn, k) to the CTAs of mask.
template <int Boxes, class T>
TESSEL_DEVICE void tma_multicast_tile(TmaDescriptor const& desc, TmaTilePlan const& plan, std::uint64_t& bar, std::uint16_t mask, T* smem,
                                      int mn, int k) {
  constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL
  int const x = mn * plan.mn_step[0] + k * plan.k_step[0], y = mn * plan.mn_step[1] + k * plan.k_step[1];
  TESSEL_UNROLL
  for (int b = 0; b < Boxes; ++b)
    SM90_TMA_LOAD_MULTICAST::copy(&desc, &bar, mask, hint, smem + b * plan.smem_step, x + b * plan.box_step[0], y + b * plan.box_step[1]);
}

}  // namespace detail

// The kernel (Cfg: GemmConfig). Launch with Cfg::kThreads threads, Cfg::kSmemBytes
// of dynamic shared memory, at most one CTA per SM (persistent).
template <class Cfg>
__global__ void __launch_bounds__(Cfg::kThreads, 1) gemm_kernel(__grid_constant__ GemmParams<Cfg> const p) {
#if defined(TESSEL_ARCH_WGMMA)
  using T = typename Cfg::Element;
  using TO = typename Cfg::ElementOut;
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  constexpr int S = Cfg::kStages;

  extern __shared__ unsigned char smem_raw[];
  auto* base = reinterpret_cast<unsigned char*>((reinterpret_cast<std::uintptr_t>(smem_raw) + 1023) & ~std::uintptr_t(1023));
  T* smem_a = reinterpret_cast<T*>(base);
  T* smem_b = smem_a + S * Cfg::kStageA;
  TO* smem_c = reinterpret_cast<TO*>(smem_b + S * Cfg::kStageB);  // the epilogue's slots (Cfg::kEpiBytes)
  auto* full = reinterpret_cast<std::uint64_t*>(reinterpret_cast<unsigned char*>(smem_c) + Cfg::kEpiBytes);
  std::uint64_t* empty = full + S;

  int const warpgroup = int(threadIdx.x) / 128;
  int const cluster = p.cluster;  // 1, or 2: the CTA pair (2c, 2c+1) computes M tiles (2m, 2m+1) of one N column
  std::uint32_t const rank = cluster > 1 ? block_rank_in_cluster() : 0u;
  if (threadIdx.x == 0) {
    prefetch_tma_descriptor(&p.tma_a.desc);
    prefetch_tma_descriptor(&p.tma_b.desc);
    if (p.epi_tma) prefetch_tma_descriptor(&p.tma_c.desc);
    for (int s = 0; s < S; ++s) {
      initialize_barrier(full[s], 1);                               // the producer's arrive.expect_tx
      initialize_barrier(empty[s], Cfg::kConsumers * 4 * cluster);  // one arrive per consumer warp of each CTA of the cluster
    }
    fence_barrier_init();
  }
  cluster_sync();  // the barriers of every CTA of the cluster are initialised before anyone uses them

  // Raster positions are the cluster's: tile (tm, tn) = (cluster * cm + rank, tn) for (cm, tn) of the raster.
  int const first = int(blockIdx.x) / cluster, step = int(gridDim.x) / cluster;
  int const k_tiles = p.k_tiles;
  if (warpgroup == 0) {
    // ---- producer ----
    detail::setmaxnreg_dec40();
    if (threadIdx.x == 0) {
      int stage = 0, phase = 0;
      for (int t = first; t < p.raster_size; t += step) {
        int cm, tn;
        detail::raster_tile(p.raster, t, p.tiles_m, cm, tn);
        if (tn >= p.tiles_n) continue;  // a raster position past the last column of tiles
        int const tm = cm * cluster + int(rank);
        for (int kt = 0; kt < k_tiles; ++kt) {
          wait_barrier(empty[stage], phase ^ 1);  // this stage is free in every CTA of the cluster
          set_barrier_transaction_bytes(full[stage], Cfg::kStageBytes);
          detail::tma_load_tile<Cfg::kBoxesA>(p.tma_a.desc, p.plan_a, full[stage], smem_a + stage * Cfg::kStageA, tm, kt);
          T* const sb = smem_b + stage * Cfg::kStageB;
          if (cluster == 1) {
            TESSEL_UNROLL
            for (int h = 0; h < Cfg::kPiecesB; ++h)
              detail::tma_load_tile<Cfg::kBoxesB>(p.tma_b.desc, p.plan_b, full[stage], sb + h * 128 * Cfg::BK::value, tn * Cfg::kPiecesB + h, kt);
          } else {  // this CTA's share of the B pieces, to both CTAs
            TESSEL_UNROLL
            for (int h = 0; h < Cfg::kPiecesB; ++h)
              if (h % 2 == int(rank))
                detail::tma_multicast_tile<Cfg::kBoxesB>(p.tma_b.desc, p.plan_b, full[stage], std::uint16_t(0b11), sb + h * 128 * Cfg::BK::value,
                                                         tn * Cfg::kPiecesB + h, kt);
          }
          if (++stage == S) stage = 0, phase ^= 1;
        }
      }
    }
  } else {
    // ---- consumers ----
    detail::setmaxnreg_inc232();
    int const ctid = int(threadIdx.x) - 128;
    typename Cfg::TiledMma mma;
    auto thr = mma.get_slice(ctid);
    auto sA = make_tensor(make_smem_ptr(smem_a), typename Cfg::SmemLayoutA{});  // (BM, BK, S)
    auto sB = make_tensor(make_smem_ptr(smem_b), typename Cfg::SmemLayoutB{});  // (BN, BK, S)
    auto tCrA = thr.partition_fragment_A(sA);  // (MMA, MMA_M, MMA_K, S) descriptors
    auto tCrB = thr.partition_fragment_B(sB);  // (MMA, MMA_N, MMA_K, S) descriptors
    auto acc = partition_fragment_C(mma, Shape<BM, BN>{});  // (MMA, MMA_M, MMA_N) fp32 registers
    auto tCcC = thr.partition_C(make_identity_tensor(Shape<BM, BN>{}));  // (row, col) of each accumulator in the tile
    constexpr int kBlocks = decltype(size<2>(tCrA.layout()))::value;     // wgmma k-blocks per k-tile
    bool const lane0 = (threadIdx.x % 32) == 0;
    // A stage is free once every consumer warp of every CTA of the cluster has released it.
    auto release = [&](int st) {
      if (cluster == 1) {
        arrive_barrier(empty[st]);
      } else {
        for (int r = 0; r < cluster; ++r) detail::arrive_cluster(empty[st], std::uint32_t(r));
      }
    };

    int stage = 0, phase = 0;
    for (int t = first; t < p.raster_size; t += step) {
      int cm, tn;
      detail::raster_tile(p.raster, t, p.tiles_m, cm, tn);
      if (tn >= p.tiles_n) continue;
      int const tm = cm * cluster + int(rank);  // past the last M tile (odd tiles): computed on zeros, not stored

      // Main loop: wait for a full stage, issue its wgmmas, retire the previous
      // stage's and release that buffer.
      mma.accumulate_ = GMMA::ScaleOut::Zero;
      int prev = 0;
      for (int kt = 0; kt < k_tiles; ++kt) {
        wait_barrier(full[stage], phase);
        warpgroup_fence_operand(acc);
        warpgroup_arrive();
        TESSEL_UNROLL
        for (int kb = 0; kb < kBlocks; ++kb) {
          gemm(mma, tCrA(_, _, kb, stage), tCrB(_, _, kb, stage), acc);
          mma.accumulate_ = GMMA::ScaleOut::One;
        }
        warpgroup_commit_batch();
        warpgroup_wait<1>();  // the previous k-tile's wgmmas have retired
        warpgroup_fence_operand(acc);
        if (kt > 0 && lane0) release(prev);
        prev = stage;
        if (++stage == S) stage = 0, phase ^= 1;
      }
      warpgroup_wait<0>();
      warpgroup_fence_operand(acc);
      if (k_tiles > 0 && lane0) release(prev);

      // Epilogue: D = alpha * acc + beta * C, straight from registers. The
      // accumulators' tile coordinates are the TiledMMA's C partition of the
      // (static) identity tile; the global address is C's layout at them (a
      // partition of a dynamic-strided tensor would run the layout algebra at
      // run time, whose error path is a call: ptxas then serializes wgmma).
      int const m0 = tm * BM::value, n0 = tn * BN::value;
      constexpr int kVals = decltype(size(acc.layout()))::value;
      if constexpr (Cfg::kEpiTma) {
        if (p.epi_tma) {
          // Through shared memory: chunk j of this warpgroup holds its 64 rows
          // and columns [64 j, 64 j + 64) of the tile, the accumulator values
          // [j * kVals / kChunksN, (j + 1) * kVals / kChunksN) (checked on the
          // host against the TiledMMA's C layout: check_epilogue_chunks).
          int const wg = ctid / 128;
          bool const leader = (ctid % 128) == 0;
          constexpr int kPer = kVals / Cfg::kChunksN;
          float const alpha = p.alpha;
          // The thread's coordinates, recomputed here from an opaque copy of its
          // index: otherwise the compiler hoists every value's smem offset out of
          // the tile loop and keeps them live beside the accumulators (spills).
          int ctid_o = ctid;
          asm volatile("" : "+r"(ctid_o));
          auto const tCcE = mma.get_slice(ctid_o).partition_C(make_identity_tensor(Shape<BM, BN>{}));
          TESSEL_UNROLL
          for (int j = 0; j < Cfg::kChunksN; ++j) {
            TO* const slot = smem_c + (wg * Cfg::kEpiSlots + j % Cfg::kEpiSlots) * Cfg::kEpiChunkElems;
            if (leader) tma_store_wait<Cfg::kEpiSlots - 1>();  // the store that last read this slot is done
            detail::named_barrier_sync(1 + wg, 128);
            TESSEL_UNROLL
            for (int i = j * kPer; i < (j + 1) * kPer; i += 2) {
              auto const crd = tCcE(i);
              int const r = int(get<0>(crd)) - wg * 64, c = int(get<1>(crd)) - j * 64;
              auto const packed = detail::pack_pair(alpha * acc(i), alpha * acc(i + 1), static_cast<TO*>(nullptr));
              *reinterpret_cast<std::uint32_t*>(slot + typename Cfg::SmemTileCElems{}(r, c)) = packed;
            }
            fence_view_async_shared();  // these writes, before the TMA store reads them
            detail::named_barrier_sync(1 + wg, 128);
            if (leader) {
              int const rb = tm * 2 + wg, cb = tn * Cfg::kChunksN + j;  // the chunk's (row, column) block of C
              if (rb * 64 < p.m && cb * 64 < p.n) {
                int const x = rb * p.plan_c.mn_step[0] + cb * p.plan_c.k_step[0], y = rb * p.plan_c.mn_step[1] + cb * p.plan_c.k_step[1];
                SM90_TMA_STORE::copy(&p.tma_c.desc, slot, x, y);
              }
              tma_store_arrive();  // a group per chunk (maybe empty): the slots' waits count chunks
            }
          }
          continue;
        }
      }
      auto const c_tile = make_layout(Shape<BM, BN>{}, make_stride(p.ldc, Int<1>{}));  // (BM, BN) : (ldc, 1)
      TO* const c0 = p.c + (long long)m0 * p.ldc + n0;
      int const mres = p.m - m0, nres = p.n - n0;
      float const alpha = p.alpha, beta = p.beta;
      TESSEL_UNROLL
      for (int i = 0; i < kVals; i += 2) {  // values i, i+1: columns c, c+1 of one row
        auto const crd = tCcC(i);
        int const r = int(get<0>(crd)), c = int(get<1>(crd));
        if (r >= mres) continue;
        TO* dst = c0 + c_tile(r, c);
        detail::store_pair(dst, alpha * acc(i), alpha * acc(i + 1), beta, c, nres, p.vec);
      }
    }
    if constexpr (Cfg::kEpiTma) {
      if (p.epi_tma && (ctid % 128) == 0) tma_store_wait<0>();  // the slots are read before the CTA leaves
    }
  }
  __syncwarp();
  cluster_sync();  // no CTA leaves while its peer may still arrive on its barriers
#else
  (void)p;
#endif
}

// ---- host side ----------------------------------------------------------------------------------

namespace detail {
// The tensor maps of recent operands, per configuration and operand: building
// one (make_tma_copy: the layouts' TMA plan, then cuTensorMapEncodeTiled)
// costs about 100 us of host time, more than a 4096^3 GEMM's kernel; a cached
// one is reused as it is (same pointer) or re-encoded for a new pointer (the
// driver's encode alone, about a microsecond). Keyed by the global shape and
// leading dimension; 8 entries, round robin.
template <class Cfg, int Operand, class Op = SM90_TMA_LOAD, class T = typename Cfg::Element>
struct TmaCache {
  struct Entry {
    bool used = false;
    int rows = 0, k = 0;
    long long ld = 0;
    void const* ptr = nullptr;
    TmaCopy<Op, T> tma;
    TmaTilePlan plan;
  };
  static inline Entry entries[8];
  static inline int next = 0;
  static inline std::mutex mutex;

  template <class Make>
  static void get(T const* ptr, int rows, int k, long long ld, Make&& make, TmaCopy<Op, T>& tma, TmaTilePlan& plan) {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto& e : entries) {
      if (e.used && e.rows == rows && e.k == k && e.ld == ld) {
        if (e.ptr != ptr) {
          e.tma.params.address = ptr;
          TESSEL_CHECK(::tessel::detail::encode_tiled(e.tma.desc, e.tma.params), "gemm_sm90: cuTensorMapEncodeTiled failed");
          e.ptr = ptr;
        }
        tma = e.tma;
        plan = e.plan;
        return;
      }
    }
    Entry& e = entries[next];
    next = (next + 1) % 8;
    e.used = false;
    make(e.tma, e.plan);
    e.rows = rows, e.k = k, e.ld = ld, e.ptr = ptr, e.used = true;
    tma = e.tma;
    plan = e.plan;
  }
};

// The epilogue through shared memory assumes that consumer warpgroup w holds
// rows [64 w, 64 w + 64) of the tile and that its accumulator values
// [j * V / C, (j + 1) * V / C) (V values, C = BN / 64 chunks) are columns
// [64 j, 64 j + 64), in adjacent pairs (2i, 2i + 1) of one row: checked
// here against the TiledMMA's C layout (thread, value) -> m + BM * n.
template <class Cfg>
inline bool check_epilogue_chunks() {
  typename Cfg::TiledMma mma;
  auto const tv = mma.get_layoutC_TV();
  constexpr int threads = 128 * Cfg::kConsumers, BM = Cfg::BM::value;
  int const vals = int(size<1>(tv));
  int const per = vals / Cfg::kChunksN;
  for (int t = 0; t < threads; ++t)
    for (int v = 0; v < vals; ++v) {
      int const idx = int(tv(t, v)), m = idx % BM, n = idx / BM;
      if (m / 64 != t / 128 || n / 64 != v / per) return false;
      if (v % 2 == 1) {
        int const prev = int(tv(t, v - 1));
        if (prev % BM != m || prev / BM != n - 1) return false;
      }
    }
  return true;
}

// The SM count and the most clusters of 2 that fit at once, per device.
template <class Cfg>
struct DeviceLimits {
  static inline int sms[64] = {}, clusters2[64] = {}, queried[64] = {};
};
}  // namespace detail

// The launch of one configuration: tensor maps, raster, grid.
struct LaunchInfo {
  int tiles_m = 0, tiles_n = 0, k_tiles = 0, log_swizzle = 0, raster_size = 0, grid = 0, sms = 0;
  int max_clusters2 = 0;  // cudaOccupancyMaxActiveClusters for clusters of 2 (-1: the query failed)
};

// The epilogue: -1 chosen (through shared memory and TMA stores where it
// applies), 0 always straight from the registers to global memory, 1 the
// TMA epilogue where it applies. A diagnostic knob for the bench.
inline int epilogue_mode = -1;

// The last launch's figures (diagnostics: not synchronized between threads).
inline LaunchInfo last_launch;

// The swizzle width for L2: groups of 8 columns of tiles (GemmIdentityThreadblockSwizzle<8>'s choice).
inline int choose_log_swizzle(int tiles_m, int tiles_n) {
  return GemmIdentityThreadblockSwizzle<8>::get_log_tile(GemmCoord(tiles_m, tiles_n, 1));
}

// Launches Cfg on row-major C (M,N):(ldc,1); A (M,K) and B (N,K) with strides
// (lda_m, lda_k), (ldb_n, ldb_k) one of which is 1 as Cfg's majors say.
// log_swizzle < 0: choose_log_swizzle. Throws tessel::error where the TMA
// cannot take the operands.
template <class Cfg>
cudaError_t launch_gemm(typename Cfg::Element const* A, long long lda, typename Cfg::Element const* B, long long ldb,
                        typename Cfg::ElementOut* C, long long ldc, int M, int N, int K, float alpha, float beta, cudaStream_t stream,
                        int log_swizzle = -1, int cluster = -1, LaunchInfo* info = nullptr) {
  using T = typename Cfg::Element;
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  using BK = typename Cfg::BK;
  GemmParams<Cfg> p{};
  auto a_layout = [&] {
    if constexpr (Cfg::kMajorA == GMMA::Major::K) return make_layout(make_shape(M, K), make_stride(lda, Int<1>{}));
    else return make_layout(make_shape(M, K), make_stride(Int<1>{}, lda));
  }();
  auto b_layout = [&] {
    if constexpr (Cfg::kMajorB == GMMA::Major::K) return make_layout(make_shape(N, K), make_stride(ldb, Int<1>{}));
    else return make_layout(make_shape(N, K), make_stride(Int<1>{}, ldb));
  }();
  auto gA = make_tensor(make_gmem_ptr(A), a_layout);
  auto gB = make_tensor(make_gmem_ptr(B), b_layout);
  detail::TmaCache<Cfg, 0>::get(A, M, K, lda, [&](auto& tma, auto& plan) {
    tma = make_tma_copy(SM90_TMA_LOAD{}, gA, typename Cfg::SmemTileA{}, Shape<BM, BK>{});
    plan = detail::make_tile_plan(tma, Cfg::kBoxesA);
  }, p.tma_a, p.plan_a);
  detail::TmaCache<Cfg, 1>::get(B, N, K, ldb, [&](auto& tma, auto& plan) {
    tma = make_tma_copy(SM90_TMA_LOAD{}, gB, typename Cfg::SmemTileB{}, Shape<typename Cfg::BNPiece, BK>{});
    plan = detail::make_tile_plan(tma, Cfg::kBoxesB);
  }, p.tma_b, p.plan_b);
  p.c = C;
  p.ldc = ldc;
  if constexpr (Cfg::kEpiTma) {
    using TO = typename Cfg::ElementOut;
    static bool const chunks_ok = detail::check_epilogue_chunks<Cfg>();
    TESSEL_CHECK(chunks_ok, "gemm_sm90: the TiledMMA's C layout does not match the epilogue's chunks");
    p.epi_tma = epilogue_mode != 0 && beta == 0.f && reinterpret_cast<std::uintptr_t>(C) % 16 == 0 && (ldc * long(sizeof(TO))) % 16 == 0;
    if (p.epi_tma) {
      auto gC = make_tensor(make_gmem_ptr(C), make_layout(make_shape(M, N), make_stride(ldc, Int<1>{})));
      detail::TmaCache<Cfg, 2, SM90_TMA_STORE, TO>::get(C, M, N, ldc, [&](auto& tma, auto& plan) {
        tma = make_tma_copy(SM90_TMA_STORE{}, gC, typename Cfg::SmemTileC{}, Shape<typename Cfg::EpiRows, typename Cfg::EpiCols>{});
        plan = detail::make_tile_plan(tma, 1);
      }, p.tma_c, p.plan_c);
    }
  }
  p.m = M, p.n = N, p.k = K;
  p.alpha = alpha, p.beta = beta;
  int const tiles_m = (M + BM::value - 1) / BM::value;
  p.tiles_n = (N + BN::value - 1) / BN::value;
  p.k_tiles = (K + BK::value - 1) / BK::value;
  // Clusters of 2 CTAs along M share B by multicast when asked (cluster = 2):
  // correct, but measured 2.2x slower than without (bench/RESULTS.md, issue
  // 14), so the default is no cluster.
  p.cluster = cluster > 0 ? cluster : 1;
  TESSEL_CHECK(p.cluster == 1 || p.cluster == 2, "launch_gemm: clusters of 1 or 2 CTAs");
  TESSEL_CHECK(p.cluster == 1 || Cfg::kPiecesB % 2 == 0, "launch_gemm: a cluster of 2 shares B in an even number of 128-row pieces");
  p.tiles_m = (tiles_m + p.cluster - 1) / p.cluster;  // in units of the cluster's M tiles
  p.log_swizzle = log_swizzle >= 0 ? log_swizzle : choose_log_swizzle(p.tiles_m, p.tiles_n);
  p.raster = identity_swizzle_layout(GemmCoord(p.tiles_m, p.tiles_n, 1), p.log_swizzle);
  p.raster_size = int(size(p.raster));
  p.vec = (ldc % 2 == 0) && (reinterpret_cast<std::uintptr_t>(C) % (2 * sizeof(typename Cfg::ElementOut)) == 0);
  int dev = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e != cudaSuccess) return e;
  auto kernel = gemm_kernel<Cfg>;
  cudaLaunchConfig_t cfg{};
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = unsigned(p.cluster);
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.blockDim = dim3(unsigned(Cfg::kThreads));
  cfg.dynamicSmemBytes = std::size_t(Cfg::kSmemBytes);
  cfg.stream = stream;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  using Limits = detail::DeviceLimits<Cfg>;
  int const slot = dev & 63;
  if (Limits::sms[slot] == 0) {  // once per device: the smem limit, the SM count, the clusters of 2 that fit at once
    e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes);
    int sms = 0, c2 = 0;
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e != cudaSuccess) return e;
    cudaLaunchConfig_t q = cfg;
    cudaLaunchAttribute qa = attr[0];
    qa.val.clusterDim.x = 2;
    q.attrs = &qa;
    q.gridDim = dim3(unsigned(sms));
    bool const queried = cudaOccupancyMaxActiveClusters(&c2, kernel, &q) == cudaSuccess && c2 > 0;
    (void)cudaGetLastError();
    Limits::queried[slot] = queried ? c2 : -1;
    if (!queried) c2 = sms / 2;
    Limits::clusters2[slot] = c2;
    Limits::sms[slot] = sms;
  }
  int const sms = Limits::sms[slot];
  // Persistent: as many clusters as run at once (clusters of 2 cannot always fill every SM).
  int const max_clusters = p.cluster == 1 ? sms : Limits::clusters2[slot];
  int const units = p.tiles_m * p.tiles_n;  // cluster tiles
  int const clusters = units < max_clusters ? units : max_clusters;
  int const grid = clusters * p.cluster;
  last_launch = {p.tiles_m, p.tiles_n, p.k_tiles, p.log_swizzle, p.raster_size, grid, sms, Limits::queried[slot]};
  if (info) *info = last_launch;
  if (units == 0) return cudaSuccess;
  cfg.gridDim = dim3(unsigned(grid));
  return cudaLaunchKernelEx(&cfg, kernel, p);
}

// describe<Cfg>(M, N, K): the configuration's tiles, TiledMMA and its TV layouts,
// shared-memory layouts, pipeline and, for a problem, the grid and raster.
template <class Cfg>
void describe(int M = 0, int N = 0, int K = 0, int sms = 132) {
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  using BK = typename Cfg::BK;
  std::printf("tessel sm90 GEMM: CTA tile (BM,BN,BK) = (%d,%d,%d), %d stages, %d threads (1 producer + %d consumer warpgroups)\n",
              BM::value, BN::value, BK::value, Cfg::kStages, Cfg::kThreads, Cfg::kConsumers);
  std::printf("  majors: A %s, B %s; registers (setmaxnreg): producer %d, consumers %d\n",
              Cfg::kMajorA == GMMA::Major::K ? "K" : "MN", Cfg::kMajorB == GMMA::Major::K ? "K" : "MN", Cfg::kProducerRegs,
              Cfg::kConsumerRegs);
  gemm_common::print_mma_and_smem<Cfg>();
  std::printf("\n  smem per stage %u bytes, total %d bytes (with the epilogue's slots, barriers and alignment)\n", Cfg::kStageBytes,
              Cfg::kSmemBytes);
  if constexpr (Cfg::kEpiTma) {
    std::printf("  epilogue (beta = 0, C 16-byte aligned): %d slots of 64 x 64 per consumer warpgroup, %d chunks per tile, slot layout ",
                Cfg::kEpiSlots, Cfg::kChunksN);
    print(typename Cfg::SmemTileC{});
    std::printf(", TMA store of each chunk\n");
  } else {
    std::printf("  epilogue: registers -> global memory (fp32 C)\n");
  }
  if (M > 0 && N > 0) {
    int const tm = (M + BM::value - 1) / BM::value, tn = (N + BN::value - 1) / BN::value, kt = (K + BK::value - 1) / BK::value;
    int const cl = 1, tmc = tm;  // the default: no cluster
    int const L = choose_log_swizzle(tmc, tn);
    auto raster = identity_swizzle_layout(GemmCoord(tmc, tn, 1), L);
    int const units = tmc * tn < sms / cl ? tmc * tn : sms / cl;
    std::printf("  problem %d x %d x %d: tiles %d x %d, %d k-tiles; clusters of %d along M; grid %d persistent CTAs;\n"
                "  raster over the %d x %d cluster tiles (swizzle 2^%d) ",
                M, N, K, tm, tn, kt, cl, units * cl, tmc, tn, L);
    print(raster);
    std::printf("\n");
    // The TMA boxes of the A and B tiles (the tensor maps' parameters; a fake aligned address).
    using T = typename Cfg::Element;
    auto const* fake = reinterpret_cast<T const*>(std::uintptr_t(1) << 20);
    auto box = [](char const* what, TMA::Params const& q) {
      std::printf("  TMA %s: rank %d, box (", what, q.rank);
      for (int d = 0; d < q.rank; ++d) std::printf("%s%u", d ? "," : "", q.box[d]);
      int runs = 1;
      for (int r = 0; r < q.rest; ++r) runs *= q.rest_extent[r];
      std::printf("), swizzle %d, %d box(es) per tile%s%s\n", q.swizzle, runs, q.error ? ", error: " : "", q.error ? q.error : "");
    };
    auto la = [&] {
      if constexpr (Cfg::kMajorA == GMMA::Major::K) return make_layout(make_shape(M, K), make_stride((long long)K, Int<1>{}));
      else return make_layout(make_shape(M, K), make_stride(Int<1>{}, (long long)M));
    }();
    auto lb = [&] {
      if constexpr (Cfg::kMajorB == GMMA::Major::K) return make_layout(make_shape(N, K), make_stride((long long)K, Int<1>{}));
      else return make_layout(make_shape(N, K), make_stride(Int<1>{}, (long long)N));
    }();
    box("A", TMA::make_tma_params(fake, la, typename Cfg::SmemTileA{}, Shape<BM, BK>{}));
    box("B (per 128-row piece)", TMA::make_tma_params(fake, lb, typename Cfg::SmemTileB{}, Shape<typename Cfg::BNPiece, BK>{}));
  }
}

}  // namespace tessel::kernels::sm90

namespace tessel::cuda {

namespace detail {
inline bool tma_ok(void const* p, long long ld, int elem) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && (ld * elem) % 16 == 0 && ld > 0;
}
}  // namespace detail

// gemm(A, B, C, alpha, beta, stream): C = alpha * A * B + beta * C for device
// tensors A (M, K), B (N, K) and C (M, N) (any strides with one unit stride
// each). bf16/fp16 inputs, fp32 accumulation, C bf16/fp16/fp32. log_swizzle:
// the raster's swizzle (-1: chosen for L2; 0: the identity raster).
template <class EA, class LA, class EB, class LB, class EC, class LC>
cudaError_t gemm(Tensor<EA, LA> const& A, Tensor<EB, LB> const& B, Tensor<EC, LC> const& C, float alpha, float beta,
                 cudaStream_t stream = 0, int log_swizzle = -1, int cluster = -1) {
  using T = std::remove_cv_t<typename Tensor<EA, LA>::value_type>;
  using TO = std::remove_cv_t<typename Tensor<EC, LC>::value_type>;
  static_assert(std::is_same_v<T, std::remove_cv_t<typename Tensor<EB, LB>::value_type>>, "tessel::cuda::gemm: A and B have different types");
  static_assert(std::is_same_v<T, bfloat16_t> || std::is_same_v<T, half_t>, "tessel::cuda::gemm: A and B are bf16 or fp16");
  static_assert(std::is_same_v<TO, bfloat16_t> || std::is_same_v<TO, half_t> || std::is_same_v<TO, float>,
                "tessel::cuda::gemm: C is bf16, fp16 or fp32");
  static_assert(LA::rank == 2 && LB::rank == 2 && LC::rank == 2, "tessel::cuda::gemm: A (M,K), B (N,K), C (M,N)");
  int const M = int(size<0>(A.layout())), K = int(size<1>(A.layout())), N = int(size<0>(B.layout()));
  TESSEL_CHECK(int(size<1>(B.layout())) == K && int(size<0>(C.layout())) == M && int(size<1>(C.layout())) == N,
               "cuda::gemm: the shapes of A (M,K), B (N,K), C (M,N) do not agree");
  kernels::gemm_common::Operands<T, TO> const ops{raw_pointer_cast(A.data()), (long long)stride<0>(A.layout()), (long long)stride<1>(A.layout()),
                                                  raw_pointer_cast(B.data()), (long long)stride<0>(B.layout()), (long long)stride<1>(B.layout()),
                                                  raw_pointer_cast(C.data()), (long long)stride<0>(C.layout()), (long long)stride<1>(C.layout()),
                                                  M, N, K};
  // The TMA takes an operand with a unit stride, a 16-byte aligned start and a leading dimension of 16-byte multiples.
  auto const tma = [](auto const& o) {
    int const e = int(sizeof(T));
    return o.K > 0 && ((o.sak == 1 && detail::tma_ok(o.a, o.sam, e)) || (o.sam == 1 && detail::tma_ok(o.a, o.sak, e))) &&
           ((o.sbk == 1 && detail::tma_ok(o.b, o.sbn, e)) || (o.sbn == 1 && detail::tma_ok(o.b, o.sbk, e)));
  };
  auto const fast = [&](auto a_k, auto b_k, T const* a, long long lda, T const* b, long long ldb, TO* c, long long ldc, int m, int n, int k) {
    using KM = GMMA::Major;
    using Cfg = kernels::sm90::GemmConfig<T, TO, decltype(a_k)::value ? KM::K : KM::MN, decltype(b_k)::value ? KM::K : KM::MN>;
    return kernels::sm90::launch_gemm<Cfg>(a, lda, b, ldb, c, ldc, m, n, k, alpha, beta, stream, log_swizzle, cluster);
  };
  return kernels::gemm_common::run(ops, alpha, beta, stream, tma, fast);
}

}  // namespace tessel::cuda
