// tessel/kernels/gemm_sm90.cuh: the Hopper GEMM's host side: the tensor maps
// (cached), the launch (persistent grid, clusters), describe(), and
// tessel::cuda::gemm. The kernel and its design are in gemm_sm90_kernel.cuh.
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
#include <string>

#include "../atom/atom.hpp"
#include "../atom/copy_sm90.hpp"
#include "../atom/tma_copy.hpp"
#include "../tensor/counting.hpp"
#include "gemm_common.cuh"
#include "gemm_sm90_kernel.cuh"
#include "device_cache.hpp"
#include "scheduler.cuh"
#include "stream_k_workspace.cuh"
#include "threadblock.hpp"

namespace TESSEL_NAMESPACE::kernels::sm90 {

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
          bool const encoded = ::tessel::detail::encode_tiled(e.tma.desc, e.tma.params);  // never inside a check macro
          if (!encoded) {
            e.used = false;
            fail("gemm_sm90: cuTensorMapEncodeTiled failed");
          }
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

// The epilogue through shared memory assumes that each thread's accumulator values
// [Cfg::chunk_val(j), + Cfg::kChunkVals) (chunk j of Cfg::kChunks; [j V / C, (j + 1) V / C) of V values,
// C chunks where BN is a multiple of 64) lie in rows Cfg::chunk_row(w, j) .. + 64 (consumer warpgroup w's
// 64 rows; ping-pong: row block j / kChunksN of the warpgroup's own tile) and columns
// [chunk_col(j % kChunksN), + 64), in adjacent pairs (2i, 2i + 1) of one row, and that the chunks
// cover every value: checked here for every thread of the TiledMMA against its C partition of the
// tile, as the kernel reads it.
// And the offsets the kernel computes for the values (epi_thread_bits: the thread's part XOR the value's
// part in the thread bits, the rest added) are SmemTileCElems's, for every thread, chunk and value.
template <class Cfg>
inline bool check_epilogue_chunks() {
  using Tile = Shape<typename Cfg::BM, typename Cfg::BN>;
  typename Cfg::TiledMma mma;
  typename Cfg::SmemTileCElems const lo{};
  constexpr int tb = epi_thread_bits<Cfg>();
  if (int(size(mma)) != Cfg::kMmaThreads) return false;
  auto const t0 = mma.get_slice(0).partition_C(make_identity_tensor(Tile{}));
  for (int t = 0; t < Cfg::kMmaThreads; ++t) {
    auto const tc = mma.get_slice(t).partition_C(make_identity_tensor(Tile{}));  // as the kernel's epilogue reads it
    int const vals = int(size(tc.layout()));
    int const per = Cfg::kChunkVals;
    int covered = 0;  // the chunks' values so far: [0, covered)
    for (int j = 0; j < Cfg::kChunks; ++j) {
      int const jn = j % Cfg::kChunksN, c0 = Cfg::chunk_col(jn), v0 = Cfg::chunk_val(j);
      if (v0 > covered || v0 % 2 != 0 || v0 + per > vals) return false;
      covered = v0 + per;
      int const row0 = Cfg::chunk_row(t / 128, j);  // (t / 128: the thread's warpgroup where they share the tile)
      for (int v = v0; v < v0 + per; ++v) {
        int const m = int(get<0>(tc(v))), n = int(get<1>(tc(v)));
        if (m < row0 || m >= row0 + 64 || n < c0 || n >= c0 + 64) return false;
        if (v % 2 == 1 && (int(get<0>(tc(v - 1))) != m || int(get<1>(tc(v - 1))) != n - 1)) return false;
        int const o = int(lo(m - row0, n - c0));
        int const o0 = int(lo(int(get<0>(tc(v0))) - row0, int(get<1>(tc(v0))) - c0));
        int const oi = int(lo(int(get<0>(t0(v))) - Cfg::chunk_row(0, j), int(get<1>(t0(v))) - c0));
        if ((o0 & ~tb) != 0 || o != (o0 ^ (oi & tb)) + (oi & ~tb)) return false;
      }
    }
    if (covered != vals) return false;
  }
  return true;
}

// Halves (Cfg::kHalves): the kernel adds value i of the first half's accumulators
// (the (BM, BN / 2) TiledMMA's) into value i of the promoted accumulator (the
// (BM, BN) TiledMMA's) and value i of the second half's into value V / 2 + i (V
// values per thread): checked here, for every thread and value, against both
// C layouts (thread, value) -> m + BM * n, the second half's columns BN / 2 on. (Instantiated
// only where Cfg::kHalves: set_tensor_maps.)
template <class Cfg>
inline bool check_halves() {
  auto const tv = typename Cfg::TiledMma{}.get_layoutC_TV();
  auto const th = typename Cfg::TiledMmaH{}.get_layoutC_TV();
  constexpr int BM = Cfg::BM::value, half = Cfg::BNH::value;
  int const vals = int(size<1>(tv)), hv = int(size<1>(th));
  if (int(size<0>(tv)) != int(size<0>(th)) || vals != 2 * hv) return false;
  for (int t = 0; t < int(size<0>(tv)); ++t)
    for (int v = 0; v < hv; ++v) {
      int const h = int(th(t, v));
      if (int(tv(t, v)) != h || int(tv(t, hv + v)) != h + BM * half) return false;
    }
  return true;
}

// SplitLast_ (Cfg::kSplitLast > 1): the kernel issues the last k-tile's wgmmas as column pieces of
// BNP = BN / kSplitLast (the (BM, BNP) TiledMmaP), piece j into acc's values [j V / kSplitLast, + V /
// kSplitLast), and reads B's stage s as pieces (SmemLayoutBP, index kSplitLast s + j): checked here for
// every thread and value against both C layouts (piece j's columns j BNP on) and for every element of
// B's stages against SmemLayoutB (piece j of stage s = rows [j BNP, + BNP) of stage s).
template <class Cfg>
inline bool check_split_last() {
  auto const tv = typename Cfg::TiledMma{}.get_layoutC_TV();
  auto const tp = typename Cfg::TiledMmaP{}.get_layoutC_TV();
  constexpr int BM = Cfg::BM::value, BNP = Cfg::BNP::value, P = Cfg::kSplitLast;
  int const vals = int(size<1>(tv)), pv = int(size<1>(tp));
  if (int(size<0>(tv)) != int(size<0>(tp)) || vals != P * pv) return false;
  for (int t = 0; t < int(size<0>(tv)); ++t)
    for (int j = 0; j < P; ++j)
      for (int v = 0; v < pv; ++v)
        if (int(tv(t, j * pv + v)) != int(tp(t, v)) + BM * BNP * j) return false;
  typename Cfg::SmemLayoutB const lb{};
  typename Cfg::SmemLayoutBP const lp{};
  for (int s = 0; s < Cfg::kStages; ++s)
    for (int j = 0; j < P; ++j)
      for (int n = 0; n < BNP; ++n)
        for (int k = 0; k < Cfg::BK::value; ++k)
          if (int(lb(j * BNP + n, k, s)) != int(lp(n, k, P * s + j))) return false;
  return true;
}

// RegA_ (Cfg::kRegA): the kernel's ldmatrix addresses take byte c of row r of A's stage s at
// s * kStageA + 128 r + 16 ((c / 16) ^ (r % 8)) + c % 16 (the 128-byte swizzle of K-major 8-bit
// rows): checked here against SmemLayoutA for every row, byte and stage (where Cfg::kRegA).
template <class Cfg>
inline bool check_rega() {
  typename Cfg::SmemLayoutA const l{};
  for (int s = 0; s < Cfg::kStages; ++s)
    for (int r = 0; r < Cfg::BM::value; ++r)
      for (int c = 0; c < Cfg::BK::value; ++c)
        if (int(l(r, c, s)) != s * Cfg::kStageA + 128 * r + 16 * ((c / 16) ^ (r % 8)) + c % 16) return false;
  return true;
}

// The tensor maps of a launch (each cached by TmaCache): A (rows_a, K) and B (rows_b, K) for the
// producer's loads; where the TMA epilogue fits and `epilogue` allows it (p.epi_tma), C
// (rows_c, N) for its stores. `who` names the caller in the errors. The dense and the grouped
// GEMM both set their maps here.
template <class Cfg, class P>
void set_tensor_maps(P& p, typename Cfg::ElementA const* A, int rows_a, long long lda, typename Cfg::ElementB const* B,
                     int rows_b, long long ldb, typename Cfg::ElementOut* C, int rows_c, int N, int K, long long ldc,
                     float beta, GemmEpilogue epilogue, char const* who) {
  using TO = typename Cfg::ElementOut;
  using BM = typename Cfg::BM;
  using BK = typename Cfg::BK;
  auto gA = make_tensor(make_gmem_ptr(A), gemm_common::operand_layout<Cfg::kMajorA>(rows_a, K, lda));
  auto gB = make_tensor(make_gmem_ptr(B), gemm_common::operand_layout<Cfg::kMajorB>(rows_b, K, ldb));
  TmaCache<Cfg, 0>::get(A, rows_a, K, lda, [&](auto& tma, auto& plan) {
    tma = make_tma_copy(SM90_TMA_LOAD{}, gA, typename Cfg::SmemTileA{}, Shape<BM, BK>{});
    plan = make_tile_plan(tma, Cfg::kBoxesA);
  }, p.tma_a, p.plan_a);
  TmaCache<Cfg, 1, SM90_TMA_LOAD, typename Cfg::ElementB>::get(B, rows_b, K, ldb, [&](auto& tma, auto& plan) {
    tma = make_tma_copy(SM90_TMA_LOAD{}, gB, typename Cfg::SmemTileB{}, Shape<typename Cfg::BNPiece, BK>{});
    plan = make_tile_plan(tma, Cfg::kBoxesB);
  }, p.tma_b, p.plan_b);
  p.c = C;
  p.ldc = ldc;
  bool const epi_tma_fits = Cfg::kEpiTma && beta == 0.f && reinterpret_cast<std::uintptr_t>(C) % 16 == 0 && (ldc * long(sizeof(TO))) % 16 == 0;
  if (epilogue == GemmEpilogue::tma && !epi_tma_fits)
    fail((std::string(who) + ": the TMA epilogue was asked for, but it needs a 16-bit C, beta = 0 and C's rows 16-byte aligned").c_str());
  p.epi_tma = epi_tma_fits && epilogue != GemmEpilogue::direct;
  if constexpr (Cfg::kHalves) {
    static bool const halves_ok = check_halves<Cfg>();
    if (!halves_ok) fail((std::string(who) + ": the halves' C layouts do not match the promoted accumulator's").c_str());
  }
  if constexpr (Cfg::kSplitLast > 1) {
    static bool const split_ok = check_split_last<Cfg>();
    if (!split_ok) fail((std::string(who) + ": the last k-tile's pieces do not match the tile's accumulators or B's stages").c_str());
  }
  if constexpr (Cfg::kRegA != 0) {
    static bool const rega_ok = check_rega<Cfg>();
    if (!rega_ok) fail((std::string(who) + ": A's shared-memory layout is not the 128-byte swizzle that RegA_'s ldmatrix assumes").c_str());
  }
  if constexpr (Cfg::kEpiTma) {
    static bool const chunks_ok = check_epilogue_chunks<Cfg>();
    if (!chunks_ok) fail((std::string(who) + ": the TiledMMA's C layout does not match the epilogue's chunks").c_str());
    if (p.epi_tma) {
      auto gC = make_tensor(make_gmem_ptr(C), make_layout(make_shape(rows_c, N), make_stride(ldc, Int<1>{})));
      TmaCache<Cfg, 2, SM90_TMA_STORE, TO>::get(C, rows_c, N, ldc, [&](auto& tma, auto& plan) {
        tma = make_tma_copy(SM90_TMA_STORE{}, gC, typename Cfg::SmemTileC{}, Shape<typename Cfg::EpiRows, typename Cfg::EpiCols>{});
        plan = make_tile_plan(tma, 1);
      }, p.tma_c, p.plan_c);
    }
  }
}

// Block scaling's assumption: each consumer thread's accumulators lie in two
// rows of the tile, r and r + 8 (r: its value 0's), checked against the
// TiledMMA's C partition for every thread.
template <class Cfg>
inline bool check_block_rows() {
  typename Cfg::TiledMma mma;
  for (int t = 0; t < 128 * Cfg::kConsumers; ++t) {
    auto const tc = mma.get_slice(t).partition_C(make_identity_tensor(Shape<typename Cfg::BM, typename Cfg::BN>{}));
    int const r0 = int(get<0>(tc(0)));
    for (int v = 0; v < int(size(tc.layout())); ++v) {
      int const r = int(get<0>(tc(v)));
      if (r != r0 && r != r0 + 8) return false;
    }
  }
  return true;
}

// 192-column block-scaled tiles' assumption (the kernel's kWideBlocks): value v of each half's
// accumulators lies in columns [8 (v / 4), 8 (v / 4) + 8) of its half, for every thread (the
// kernel picks each value's column block of B from v alone).
template <class Cfg>
inline bool check_block_cols() {
  if constexpr (!(Cfg::kBlockScaled && Cfg::BN::value == 192)) {
    return true;
  } else {
    typename Cfg::TiledMmaH mh;
    for (int t = 0; t < 128 * Cfg::kConsumers; ++t) {
      auto const tc = mh.get_slice(t).partition_C(make_identity_tensor(Shape<typename Cfg::BM, typename Cfg::BNH>{}));
      for (int v = 0; v < int(size(tc.layout())); ++v)
        if (int(get<1>(tc(v))) / 8 != v / 4) return false;
    }
    return true;
  }
}

// What launch_gemm needs of a device, per configuration: the SM count and the
// most clusters of 2 that fit at once (-1 where the occupancy query failed),
// after raising the kernel's shared-memory limit on that device.
struct DeviceFigures {
  int sms = 0, clusters2 = 0, queried = 0;
  double dram_gbps_per_sm = 0;  // the card's peak DRAM bandwidth per SM (0: not known)
  cudaError_t error = cudaSuccess;
};

// The configuration of a launch of grid CTAs of `threads` threads and `smem` bytes of dynamic
// shared memory on `stream`, in clusters of `cluster` CTAs along x; attr: its one attribute (the
// configuration points to it: the caller keeps it).
inline cudaLaunchConfig_t cluster_launch_config(unsigned grid, unsigned threads, std::size_t smem, cudaStream_t stream, unsigned cluster,
                                                cudaLaunchAttribute& attr) {
  attr = cudaLaunchAttribute{};
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = cluster, attr.val.clusterDim.y = 1, attr.val.clusterDim.z = 1;
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(threads);
  cfg.dynamicSmemBytes = smem;
  cfg.stream = stream;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  return cfg;
}

// A GEMM kernel's figures on device dev (the callers keep them per device, PerDevice): its
// shared-memory limit raised to smem, the SM count, the clusters of 2 that fit at once, the DRAM
// bandwidth per SM.
template <class Kernel>
DeviceFigures kernel_figures(Kernel kernel, int dev, unsigned threads, std::size_t smem) {
  DeviceFigures r;
  r.error = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem));
  if (r.error == cudaSuccess) r.error = cudaDeviceGetAttribute(&r.sms, cudaDevAttrMultiProcessorCount, dev);
  if (r.error != cudaSuccess) return r;
  cudaLaunchAttribute qa;
  cudaLaunchConfig_t const q = cluster_launch_config(unsigned(r.sms), threads, smem, nullptr, 2u, qa);
  int c2 = 0;
  bool const queried = cudaOccupancyMaxActiveClusters(&c2, kernel, &q) == cudaSuccess && c2 > 0;
  (void)cudaGetLastError();
  r.queried = queried ? c2 : -1;
  r.clusters2 = queried ? c2 : r.sms / 2;
  r.dram_gbps_per_sm = kernels::dram_gbps_per_sm(dev, r.sms);  // device_cache.hpp
  return r;
}
}  // namespace detail

// The K from which GemmOptions::cluster = -1 chooses clusters of 2 where GemmOptions::cluster_min_k
// is -1: 0 (every K) for 16-bit inputs, 9216 for 8-bit ones (GemmOptions says why).
inline int default_cluster_min_k(bool eight_bit) { return eight_bit ? 9216 : 0; }

// 8-bit inputs with the default threshold (cluster_min_k -1) also take clusters of 2 at any K from
// this many M tiles on (M >= 16384 with 128-row tiles). Measured on the FP8 defaults (128 x 192,
// promoted and block-scaled; fp8_pair, forced clusters of 2 against the default's 1, per-round
// ratios' median): 16384 x 4096 x 4096 1.16, 1.07, 1.08 (H100, session 15 calls 1, 2, 4 of 3, 5, 7
// rounds), 1.10, 1.11 (H200, session 14); 16384 x 11008 x 4096 1.08, 1.06, 1.05 (H100), 0.99, 1.12
// (H200); block-scaled 1.05-1.10 (H100, calls 2 and 4); but 8192^3 (64 M tiles) 0.99-1.01 and
// 4096^3 (32) 0.92-1.00 (both cards), which keep single CTAs (bench/RESULTS.md, "FP8 GEMM, session 15").
inline constexpr int kClusterTallTilesM8 = 128;

// The CTAs per cluster of a launch: opt.cluster where given (> 0); otherwise 2
// where K >= the threshold (opt.cluster_min_k where >= 0, else
// default_cluster_min_k) or, 8-bit with the default threshold, there are kClusterTallTilesM8 or
// more M tiles, and there are at least 2 M tiles; else 1.
inline int choose_cluster(GemmOptions const& opt, int tiles_m, int K, bool eight_bit) {
  if (opt.cluster > 0) return opt.cluster;
  int const min_k = opt.cluster_min_k >= 0 ? opt.cluster_min_k : default_cluster_min_k(eight_bit);
  bool const tall = eight_bit && opt.cluster_min_k < 0 && tiles_m >= kClusterTallTilesM8;
  return (K >= min_k || tall) && tiles_m >= 2 ? 2 : 1;
}

// The raster of GemmOptions::log_swizzle = -1: groups of 2^L columns of (cluster) tiles walked down M,
// L = choose_log_swizzle's (2^3 where there are 6 or more columns of tiles), but at most 2^2 for
// 16-bit inputs on a card below kNarrowRasterBelowGBpsPerSM of peak DRAM bandwidth per SM (0: not
// known, taken as such a card). Measured (bench/RESULTS.md, "Issue 25, session 13"; calls interleaved
// one by one with cuBLAS, 3 rounds of 40): on the H100 (3.35 TB/s, 25.4 GB/s per SM), with clusters
// of 2, 2^2 / cuBLAS is 0.000-0.007 above 2^3 on 10 of the 12 bench shapes (0.002-0.003 below at
// 4096^3); without clusters, 0.970 against 0.939 at 16384 x 11008 x 4096 (ncu: 3.00 against 3.10 GB
// of DRAM reads, 426 M against 463 M L2 sectors). With clusters ncu reads less DRAM at 2^3 there
// (2.05 against 2.47 GB, kernel 1.96 against 1.98 ms at full clocks): the timed gain of 2^2 under the
// power limit is not DRAM bytes. On the H200 (4.8 TB/s, 36.5 GB/s per SM) 2^3 read the least DRAM
// (8192^3: 1.19 against 1.46 GB for 2^2; session 12) and stays. FP8 configurations keep 2^3.
inline constexpr double kNarrowRasterBelowGBpsPerSM = 30.0;
inline int choose_raster(int tiles_m, int tiles_n, bool eight_bit, double dram_gbps_per_sm) {
  int const L = choose_log_swizzle(tiles_m, tiles_n);
  bool const narrow = !eight_bit && dram_gbps_per_sm < kNarrowRasterBelowGBpsPerSM;
  return narrow && L > 2 ? 2 : L;
}

// GemmOptions::raster_rest = -1: the raster's last partial group of columns walked as a group of its own (RasterScheduler,
// scheduler.cuh) for 16-bit inputs and the promoted 8-bit configurations: a persistent walk over the padded raster counts
// the padding's empty positions, so that some clusters take a tile more than others (raster_most_tiles; 16-bit 16384 x
// 11008 x 4096 on 66 clusters: 43 tiles at most against 41.7 on average, 42 without the padding; FP8 8192^3 with 128 x
// 192 tiles on 132 SMs: 22 against 20.8, 21 without). Measured on the H100 for the promoted 8-bit kernels (fp8_pair,
// 5 rounds of 30 interleaved cycles, each configuration compact against itself padded (GemmOptions::raster_rest 0) in
// the same cycles; bench/RESULTS.md "Session 23, FP8 GEMM (helper fp8)"): 128 x 192 8192^3 1.036, M = 16384 with N x K
// 4096 x 4096 1.020, 11008 x 4096 1.001, 4096 x 11008 1.008; 128 x 208 there 1.003, 1.018, 1.019, 1.007;
// block-scaled 1.004-1.049; every round above 1 (4096^3, whose operands stay in L2 between calls, reads 1.02-1.06 but
// depends on the kernel before it). With choose_fp8_wide's count on it, the promoted path (launch_fp8_promoted) against
// main's in the same cycles (call 2 there, per round): 8192^3 1.027-1.031, 16384 x 11008 x 4096 1.007-1.010 (now 208
// columns), 16384 x 4096 x 4096 1.001-1.006; 4096^3 0.993-1.006 and 16384 x 4096 x 11008 0.997-1.001, ties (the busiest
// CTA's count unchanged). The 8-bit kernels without promotion keep the padded raster (not measured).
inline bool choose_raster_rest(bool eight_bit, bool promoted) { return !eight_bit || promoted; }
// The raster's rest as a launch takes it: GemmOptions::raster_rest where set (0 padded, 1 compact), else the rule above.
inline bool raster_rest_of(GemmOptions const& opt, bool eight_bit, bool promoted) {
  return opt.raster_rest >= 0 ? opt.raster_rest > 0 : choose_raster_rest(eight_bit, promoted);
}
// The persistent clusters of a launch: `fit` (as many as run at once), or GemmOptions::grid where it asks for fewer.
inline int persistent_clusters(GemmOptions const& opt, int fit) { return opt.grid > 0 && opt.grid < fit ? opt.grid : fit; }

// The stream-K tail (GemmOptions::stream_k, StreamKTail in scheduler.cuh): whether the raster's `units`
// positions (cluster tiles, and a padded raster's empty positions: GemmOptions::raster_rest 0) on `clusters`
// persistent clusters have a tail to split (a partial last wave after at
// least one whole one, enough k-iterations for every cluster), and whether the default (-1) takes it.
inline bool stream_k_applies(int units, int clusters, int k_tiles) {
  int const rest = clusters > 0 ? units % clusters : 0;
  return units > clusters && rest > 0 && (long long)rest * k_tiles >= clusters;
}
// The default takes the tail where a cluster of the plain walk's last wave would idle more than
// kStreamKMinIdleKTiles k-tiles' time: (clusters - rest) / clusters of a tile's k_tiles. The tail costs
// each CTA its pieces' fp32 partial sums through L2 (a 128 x 256 tile: 128 KB stored by a later piece,
// read by the head). Measured on the H100 (bench/RESULTS.md, "Session 19, 16-bit GEMM (helper gemm)",
// the tail forced against the plain kernel, ratios to cuBLAS in the same calls): 4096^3 (58 of 66
// clusters in the last wave, 64 k-tiles: 7.8 idle) 0.009-0.035 below; 8191 x 4096 x 4096 (50 of 66:
// 15.5) +0.003 / +0.006; 16384 x 11008 x 4096 (44 positions of 66: 21.3) +0.004 / +0.007; the 15.5-wave
// shapes (34 of 66: 31 k-tiles at K = 4096, 62 at 8192, 83 at 11008) +0.015 to +0.025.
// And only where the idle time is at least kStreamKMinIdlePercent of the plain walk's (waves x clusters x
// k_tiles): 16384 x 11008 x 4096 (41.7 waves, 0.72%) took the tail at +0.004 / +0.007 on the H100 but lost
// 0.011 on the H200 (session 19 lead, gemm_pair 5 x 30, default against sk0 in the same call: 0.968 / 0.979
// of cuBLAS); the shapes the tail lifts idle 3.0-3.1% (15.5 waves) and 3.1% (8191 x 4096 x 4096, 7.76 waves).
inline constexpr int kStreamKMinIdleKTiles = 12;
inline constexpr int kStreamKMinIdlePercent = 1;
inline bool choose_stream_k(int units, int clusters, int k_tiles) {
  if (!stream_k_applies(units, clusters, k_tiles)) return false;
  long long const idle = (long long)(clusters - units % clusters) * k_tiles;  // / clusters: the k-tiles a cluster would idle
  long long const walk = (long long)((units + clusters - 1) / clusters) * clusters * k_tiles;  // the plain walk's k-tile slots
  return idle > (long long)kStreamKMinIdleKTiles * clusters && idle * 100 >= walk * kStreamKMinIdlePercent;
}

// (The stream-K tail's workspace and the capture test: stream_k_workspace.cuh.)

// Launches Cfg on row-major C (M,N):(ldc,1); A (M,K) and B (N,K) with strides
// (lda_m, lda_k), (ldb_n, ldb_k) one of which is 1 as Cfg's majors say.
// opt: the raster's swizzle (< 0: choose_log_swizzle), the cluster, the
// epilogue, where the launch's figures go. Throws tessel::error where the TMA
// cannot take the operands or where opt asks for what cannot run.
template <class Cfg>
cudaError_t launch_gemm(typename Cfg::Element const* A, long long lda, typename Cfg::ElementB const* B, long long ldb,
                        typename Cfg::ElementOut* C, long long ldc, int M, int N, int K, float alpha, float beta, cudaStream_t stream,
                        GemmOptions const& opt = {}, GemmScales const& scales = {}) {
  if (!gemm_common::launch_checks<Cfg>(M, N, K, "gemm_sm90")) return cudaSuccess;
  using TO = typename Cfg::ElementOut;
  GemmParams<Cfg> p{};
  // the scales first (named errors before any driver call)
  if constexpr (Cfg::kEightBit) {
    if (scales.promote_every < 0) fail("gemm_sm90 (FP8): GemmScales::promote_every is a count of k-tiles (0: no promotion)");
    if constexpr (Cfg::kBlockScaled) {
      static bool const rows_ok = detail::check_block_rows<Cfg>();
      if (!rows_ok) fail("gemm_sm90 (FP8 blocks): the TiledMMA's C layout does not hold two rows r, r + 8 per thread");
      static bool const cols_ok = detail::check_block_cols<Cfg>();
      if (!cols_ok) fail("gemm_sm90 (FP8 blocks): the halves' C layout does not hold value v in columns 8 (v / 4) .. 8 (v / 4) + 7");
      if (!scales.blocks || !scales.a || !scales.b || scales.a_rows || scales.b_cols)
        fail("gemm_sm90 (FP8 blocks): a block-scaled configuration takes GemmScales::blocks with both scale arrays (no per-row/column scales)");
    } else if (scales.blocks) {
      fail("gemm_sm90 (FP8): block scales need the block-scaled configuration (Fp8BlockConfig)");
    }
    p.scales = scales;
  } else if (scales.a || scales.b) {
    fail("gemm_sm90: scales are the FP8 GEMM's (8-bit inputs)");
  }
  detail::set_tensor_maps<Cfg>(p, A, M, lda, B, N, ldb, C, M, N, K, ldc, beta, opt.epilogue, "gemm_sm90");
  p.m = M, p.n = N, p.k = K;
  p.alpha = alpha, p.beta = beta;
  auto const [tiles_m, tiles_n, k_tiles] = gemm_common::tile_counts<Cfg>(M, N, K);
  p.k_tiles = k_tiles;
  // Clusters of 2 CTAs along M share B by multicast: when asked (cluster = 2),
  // or chosen (cluster = -1) for long k-loops, and for 8-bit inputs tall grids (choose_cluster).
  p.cluster = choose_cluster(opt, tiles_m, K, Cfg::kEightBit);
  if (p.cluster != 1 && p.cluster != 2) fail("launch_gemm: clusters of 1 or 2 CTAs");
  // (a cluster of 2 shares B's pieces alternately: with an odd count rank 0 multicasts one more)
  p.vec = (ldc % 2 == 0) && (reinterpret_cast<std::uintptr_t>(C) % (2 * sizeof(TO)) == 0);
  int dev = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e != cudaSuccess) return e;
  auto kernel = gemm_kernel<Cfg>;
  // Once per device (a second device gets its own): the smem limit, the SM count, the clusters of 2 that fit at once.
  static PerDevice<detail::DeviceFigures> figures;
  detail::DeviceFigures const f = figures.get(dev, [&] { return detail::kernel_figures(kernel, dev, unsigned(Cfg::kThreads), std::size_t(Cfg::kSmemBytes)); });
  if (f.error != cudaSuccess) {
    figures.forget(dev);  // not kept: the next call asks the device again
    return f.error;
  }
  // The raster over the cluster tiles (choose_raster: per card for 16-bit inputs).
  int const tiles_mc = (tiles_m + p.cluster - 1) / p.cluster;
  int const log_swizzle = opt.log_swizzle >= 0 ? opt.log_swizzle : choose_raster(tiles_mc, tiles_n, Cfg::kEightBit, f.dram_gbps_per_sm);
  // The last partial group of columns as a group of its own (choose_raster_rest), or padded.
  bool const rest = raster_rest_of(opt, Cfg::kEightBit, Cfg::kPromote);
  p.sched = make_raster_scheduler(tiles_mc, tiles_n, log_swizzle, rest);  // in units of the cluster's M tiles
  // Persistent: as many clusters as run at once (clusters of 2 cannot always fill every SM).
  int const fit = p.cluster == 1 ? f.sms : f.clusters2;
  int const max_clusters = persistent_clusters(opt, fit);
  int const units = p.sched.tiles_m * p.sched.tiles_n;  // cluster tiles
  int const clusters = units < max_clusters ? units : max_clusters;
  int const grid = clusters * p.cluster;
  // The stream-K tail: the raster's last partial wave of positions split along K among all the clusters
  // (16-bit cooperative configurations; GemmOptions::stream_k). A position of the tail that is no tile
  // (a padded raster's partial last group of columns, raster_rest 0) is skipped by the CTAs whose range covers it.
  // Its kernel is gemm_kernel<Cfg, DenseProblem, true>, an instantiation of its own.
  int const positions = p.sched.positions;
  if constexpr (Cfg::kStreamK) {
    if (opt.stream_k != 0 && stream_k_applies(positions, clusters, k_tiles) &&
        (opt.stream_k > 0 || choose_stream_k(positions, clusters, k_tiles)) && !kernels::detail::stream_capturing(stream)) {
      // A slot per CTA (its blockIdx.x; the grid is at most the SM count).
      kernels::detail::StreamKWorkspace ws;
      e = kernels::detail::stream_k_workspace(dev, stream, f.sms, (long long)Cfg::BM::value * Cfg::BN::value, ws);
      if (e != cudaSuccess) return e;
      p.sk = kernels::detail::last_wave_tail(positions, clusters, k_tiles, ws);
      auto kernel_sk = gemm_kernel<Cfg, DenseProblem, true>;
      static PerDevice<detail::DeviceFigures> figures_sk;  // (its shared-memory limit raised once per device)
      detail::DeviceFigures const fk =
          figures_sk.get(dev, [&] { return detail::kernel_figures(kernel_sk, dev, unsigned(Cfg::kThreads), std::size_t(Cfg::kSmemBytes)); });
      if (fk.error != cudaSuccess) {
        figures_sk.forget(dev);
        return fk.error;
      }
      kernel = kernel_sk;
    }
  }
  if (opt.info) {
    LaunchInfo& li = *opt.info;
    li = LaunchInfo{};
    li.tiles_m = p.sched.tiles_m, li.tiles_n = p.sched.tiles_n, li.k_tiles = p.k_tiles, li.log_swizzle = log_swizzle;
    li.positions = p.sched.positions, li.grid = grid, li.sms = f.sms, li.max_clusters2 = f.queried, li.epilogue_tma = p.epi_tma;
    li.cluster = p.cluster;
    li.stream_k_tiles = p.sk.tiles;
  }
  if (units == 0) return cudaSuccess;
  cudaLaunchAttribute attr;
  cudaLaunchConfig_t const cfg =
      detail::cluster_launch_config(unsigned(grid), unsigned(Cfg::kThreads), std::size_t(Cfg::kSmemBytes), stream, unsigned(p.cluster), attr);
  return cudaLaunchKernelEx(&cfg, kernel, p);
}

// describe<Cfg>(M, N, K): the configuration's tiles, TiledMMA and its TV layouts,
// shared-memory layouts, pipeline and, for a problem, the grid and raster.
// dram_gbps_per_sm: the card's peak DRAM bandwidth per SM, for the raster's choice (choose_raster;
// 0: not known, taken as below kNarrowRasterBelowGBpsPerSM, the H100's).
template <class Cfg>
void describe(int M = 0, int N = 0, int K = 0, int sms = 132, double dram_gbps_per_sm = 0) {
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  using BK = typename Cfg::BK;
  std::printf("tessel sm90 GEMM: CTA tile (BM,BN,BK) = (%d,%d,%d), %d stages, %d threads (1 producer + %d consumer warpgroups)\n",
              BM::value, BN::value, BK::value, Cfg::kStages, Cfg::kThreads, Cfg::kConsumers);
  if constexpr (Cfg::kPingPong)
    std::printf("  ping-pong: each consumer warpgroup owns whole %d x %d tiles (%d m64 wgmma row blocks), the warpgroups take the\n"
                "    walk's tiles in turn and issue their main loops in turn (named barriers %d..%d), one's epilogue beside the other's wgmmas\n",
                BM::value, BN::value, Cfg::kRowBlocks, Cfg::kTurnBarrier, Cfg::kTurnBarrier + Cfg::kConsumers - 1);
  else
    std::printf("  cooperative: the consumer warpgroups share each tile, 64 rows each\n");
  std::printf("  majors: A %s, B %s; registers (setmaxnreg): producer %d, consumers %d\n",
              Cfg::kMajorA == GMMA::Major::K ? "K" : "MN", Cfg::kMajorB == GMMA::Major::K ? "K" : "MN", Cfg::kProducerRegs,
              Cfg::kConsumerRegs);
  if constexpr (Cfg::kEightBit) {
    auto const name = [](auto* x) { return std::is_same_v<std::remove_pointer_t<decltype(x)>, float_e4m3_t> ? "e4m3" : "e5m2"; };
    std::printf("  FP8: A %s, B %s (K-major, m64nNk32 wgmma, 128-byte rows of K); fp32 accumulation, %s; %s\n",
                name(static_cast<typename Cfg::ElementA*>(nullptr)), name(static_cast<typename Cfg::ElementB*>(nullptr)),
                Cfg::kBlockScaled ? "promoted into a second fp32 accumulator after every k-tile"
                : Cfg::kPromote   ? "promoted into a second fp32 accumulator every GemmScales::promote_every k-tiles"
                                  : "no promotion (the wgmma accumulators throughout)",
                Cfg::kBlockScaled ? "block scales applied at each promotion"
                                  : "scales (per tensor / per row of A, per column of B) applied in the epilogue");
    if constexpr (Cfg::kBlockScaled) {
      int const kb = K > 0 ? (K + 127) / 128 : 0, nb = N > 0 ? (N + 127) / 128 : 0;
      std::printf("  block scales: A (M, K/128) = (%d, %d) : (a_row_stride, a_kb_stride), one per row and 128 elements of K (1 x 128);\n"
                  "    B (N/128, K/128) = (%d, %d) : (b_nb_stride, b_kb_stride), one per 128 x 128 block; per k-tile kb each consumer\n"
                  "    thread reads A's scales of its two rows (r, r + 8 of the TiledMMA's C partition) and B's of the tile's column block%s\n",
                  M, kb, nb, kb,
                  Cfg::BN::value == 192 ? "s:\n    a 192-column tile straddles two (columns [0, 64) in the first, [128, 192) in the second, [64, 128) in\n"
                                          "    the first where the tile starts on a block, else in the second)"
                                        : "");
    }
  }
  gemm_common::print_mma_and_smem<Cfg>();
  std::printf("\n  smem per stage %u bytes, total %d bytes (with the epilogue's slots, barriers and alignment)\n", Cfg::kStageBytes,
              Cfg::kSmemBytes);
  if constexpr (Cfg::kEpiTma) {
    std::printf("  epilogue (beta = 0, C 16-byte aligned): %d slots of 64 x 64 per consumer warpgroup, %d chunks per warpgroup and tile, slot layout ",
                Cfg::kEpiSlots, Cfg::kChunks);
    print(typename Cfg::SmemTileC{});
    std::printf(", TMA store of each chunk%s\n", Cfg::kEpiUnder ? ";\n    run once the next tile's first k-tile is issued (EpiUnder_)" : "");
  } else {
    std::printf("  epilogue: registers -> global memory (fp32 C)\n");
  }
  if (M > 0 && N > 0) {
    auto const [tm, tn, kt] = gemm_common::tile_counts<Cfg>(M, N, K);
    int const cl = choose_cluster(GemmOptions{}, tm, K, Cfg::kEightBit), tmc = (tm + cl - 1) / cl;  // the default choice
    int const L = choose_raster(tmc, tn, Cfg::kEightBit, dram_gbps_per_sm);
    RasterScheduler const raster = make_raster_scheduler(tmc, tn, L, choose_raster_rest(Cfg::kEightBit, Cfg::kPromote));
    int const units = tmc * tn < sms / cl ? tmc * tn : sms / cl;
    std::printf("  problem %d x %d x %d: tiles %d x %d, %d k-tiles; clusters of %d along M (from K >= %d%s); grid %d persistent CTAs;\n"
                "  raster over the %d x %d cluster tiles (swizzle 2^%d) ",
                M, N, K, tm, tn, kt, cl, default_cluster_min_k(Cfg::kEightBit),
                Cfg::kEightBit ? " or 128 M tiles" : "", units * cl, tmc, tn, L);
    print(raster.whole.layout);
    if (raster.rest.positions > 0) {
      std::printf(", then the last %d columns (choose_raster_rest) from tile index %lld: ", tn % (1 << L), raster.rest.base);
      print(raster.rest.layout);
    }
    int const cunits = raster.positions, workers = units;  // (the persistent clusters)
    if (Cfg::kStreamK && stream_k_applies(cunits, workers, kt))
      std::printf("\n  stream-K tail (GemmOptions::stream_k = 1%s): positions %d.. (%d cluster tiles) split along K among the %d clusters, "
                  "%lld k-iterations each or one more",
                  choose_stream_k(cunits, workers, kt) ? ", and the default" : "; not the default", cunits / workers * workers,
                  cunits % workers, workers, (long long)(cunits % workers) * kt / workers);
    std::printf("\n  raster rule (choose_raster): 2^%d columns of tiles (choose_log_swizzle)%s; DRAM %.1f GB/s per SM%s\n",
                choose_log_swizzle(tmc, tn),
                Cfg::kEightBit ? ", 8-bit inputs: as chosen" : ", 16-bit inputs: at most 2^2 below 30 GB/s of DRAM per SM (H100), as chosen above (H200)",
                dram_gbps_per_sm, dram_gbps_per_sm > 0 ? "" : " (not known: taken as the H100's)");
    // The TMA boxes of the A and B tiles (the tensor maps' parameters; a fake aligned address).
    using T = typename Cfg::Element;
    auto const* fake = reinterpret_cast<T const*>(std::uintptr_t(1) << 20);
    auto const* fake_b = reinterpret_cast<typename Cfg::ElementB const*>(std::uintptr_t(1) << 20);
    auto box = &describe_tma_box;  // sm90_common.cuh
    auto const la = gemm_common::operand_layout<Cfg::kMajorA>(M, K, (long long)(Cfg::kMajorA == GMMA::Major::K ? K : M));
    auto const lb = gemm_common::operand_layout<Cfg::kMajorB>(N, K, (long long)(Cfg::kMajorB == GMMA::Major::K ? K : N));
    box("A", TMA::make_tma_params(fake, la, typename Cfg::SmemTileA{}, Shape<BM, BK>{}));
    char what[40];
    std::snprintf(what, sizeof what, "B (per %d-row piece)", int(Cfg::BNPiece::value));
    box(what, TMA::make_tma_params(fake_b, lb, typename Cfg::SmemTileB{}, Shape<typename Cfg::BNPiece, BK>{}));
  }
}

// launch_gemm for the front end (gemm_common::front_end), the majors as booleans (K-major or not).
struct Launch {
  template <class T, class TO, bool AK, bool BK, class... Args>
  static cudaError_t call(Args const&... args) { return launch_gemm<GemmConfig<T, TO, AK ? GMMA::Major::K : GMMA::Major::MN, BK ? GMMA::Major::K : GMMA::Major::MN>>(args...); }
};

namespace detail {
// Whether the TMA takes an operand at p: a 16-byte aligned start and a leading dimension of 16-byte multiples.
inline bool tma_ok(void const* p, long long ld, int elem) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && (ld * elem) % 16 == 0 && ld > 0;
}
}  // namespace detail

// The fast path's operands: each with a unit stride, where the TMA takes it.
struct TmaOperands {
  template <class T, class TO>
  bool operator()(gemm_common::Operands<T, TO> const& o) const {
    int const e = int(sizeof(T));
    return o.K > 0 && ((o.sak == 1 && detail::tma_ok(o.a, o.sam, e)) || (o.sam == 1 && detail::tma_ok(o.a, o.sak, e))) &&
           ((o.sbk == 1 && detail::tma_ok(o.b, o.sbn, e)) || (o.sbn == 1 && detail::tma_ok(o.b, o.sbk, e)));
  }
};

// The FP8 GEMM's configurations: TA x TB -> TO, 128 x 192 tiles, 4 stages, with
// the accumulator promotion (the default: 96 promoted fp32 accumulators and two
// halves of 48 wgmma accumulators per consumer thread, setmaxnreg 24 / 240; the
// halves, GemmConfig's Halves_, promote one half of the columns while the other's
// wgmmas run, and stay in flight across the k-tiles of chunks of 4 (Cross_ = 4): on
// the H200 1.05-1.17x the halves without it (session 13's default) over two calls,
// bench/RESULTS.md "FP8 GEMM, session 14"), or 128 x 256 tiles, 4 stages, without it
// (GemmScales::promote_every = 0 asks for it: "fast accumulation").
// Fp8Config, the dense GEMM's, runs each tile's epilogue once the next tile's first k-tile is
// issued (GemmConfig's EpiUnder_, session 21): on the H100, fp8_pair's 5 rounds of 30 interleaved
// cycles, 1.025 / 1.004 / 1.009 / 1.004 / 1.012x the epilogue between tiles (4096^3, 8192^3, M = 16384
// with N x K 4096 x 4096, 11008 x 4096, 4096 x 11008; every round above 1; bench/RESULTS.md "Session 21,
// FP8 GEMM (helper fp8)"), the same sums (bit-identical to torch._scaled_mm). Fp8GroupedConfig, the
// grouped GEMM's (gemm_sm90_grouped.cuh), keeps the epilogue between tiles (EpiUnder_ is the dense
// kernel's).
// (Blocks: DeepSeek-V3's block scales, Fp8BlockConfig.)
template <class TA, class TB, class TO, bool EpiUnder, int BN = 192, bool Blocks = false>
using Fp8PromotedConfig = GemmConfig<TA, TO, GMMA::Major::K, GMMA::Major::K, BN, 4, 2, 24, 240, TB, true, Blocks, true, 2, 4, 0, 0, EpiUnder>;
template <class TA, class TB, class TO>
using Fp8Config = Fp8PromotedConfig<TA, TB, TO, true>;
// Fp8Config on 128 x 208 tiles (halves of 104 columns: 104 promoted + 52 + 52 wgmma fp32 accumulators per
// consumer thread; BN no multiple of 64, GemmConfig's kNarrowN: B's stage in two 104-row boxes, the
// epilogue's last 64-column chunk at columns 144..207). The promoted path's choice where its walk is
// shorter (choose_fp8_wide). Measured on the H100 against main's Fp8Config in the same cycles (fp8_pair,
// 5 rounds of 30 interleaved cycles, two calls; bench/RESULTS.md "Session 22, FP8 GEMM (helper fp8)"):
// 4096^3 1.083 / 1.082, M = 16384 with N x K 4096 x 4096 1.018 / 1.019 and 4096 x 11008 1.033 / 1.034;
// 8192^3 0.995 / 0.990, where Fp8Config stays; 16384 x 11008 x 4096 0.999 / 0.994 on the padded raster,
// 1.003 of Fp8Config with the compact one (session 23), where it is chosen since.
template <class TA, class TB, class TO>
using Fp8WideConfig = Fp8PromotedConfig<TA, TB, TO, true, 208>;
template <class TA, class TB, class TO>
using Fp8GroupedConfig = Fp8PromotedConfig<TA, TB, TO, false>;
template <class TA, class TB, class TO>
using Fp8FastConfig = GemmConfig<TA, TO, GMMA::Major::K, GMMA::Major::K, 256, 4, 2, 40, 232, TB, false>;
// Without promotion on the ping-pong kernel (GemmConfig's PingPong_): 128 x 128 tiles per consumer
// warpgroup (two m64 row blocks), 6 stages; the warpgroups' main loops in turn, each one's epilogue
// beside the other's wgmmas. gemm_fp8's fast path on tall problems (choose_fp8_fast_pingpong).
template <class TA, class TB, class TO>
using Fp8FastPingPongConfig = GemmConfig<TA, TO, GMMA::Major::K, GMMA::Major::K, 128, 6, 2, 40, 232, TB, false, false, false, 2, 0, 0, 2>;

// Whether gemm_fp8's fast path (no promotion) takes Fp8FastPingPongConfig rather than Fp8FastConfig:
// kClusterTallTilesM8 or more M tiles (of its 128 rows: where clusters of 2 are chosen for 8-bit
// inputs) and K below the 8-bit cluster threshold (default_cluster_min_k). Measured on the H100
// (bench/RESULTS.md, "Session 17, ping-pong"; fp8_pair, e4m3 -> bf16, ratio to torch._scaled_mm,
// per-round medians of two calls, ping-pong / cooperative 128 x 256): 16384 x 4096 x 4096 1.021 / 0.873
// and 1.128 / 0.984, 16384 x 11008 x 4096 1.118 / 1.015 and 1.073 / 0.978 (ping-pong above in every
// round of the second call's 5); but 16384 x 4096 x 11008 1.040 / 1.058 and 0.980 / 1.019, 8192^3
// 0.769 / 0.905 and 0.884 / 1.006, 4096^3 0.967 / 1.066 and 1.052 / 1.157, which keep 128 x 256.
// Not measured on the H200.
inline bool choose_fp8_fast_pingpong(int tiles_m, int K) { return tiles_m >= kClusterTallTilesM8 && K < default_cluster_min_k(true); }
// Block-scaled (GemmScales::blocks): Fp8Config's 128 x 192 tiles and schedule (the halves in
// flight across chunks of 4 k-tiles), each tile straddling two 128-column blocks of B (the
// kernel's kWideBlocks), the block scales applied at every promotion, the consumer warpgroups a
// phase apart (GemmScales::offset, always on for block scaling): on the H200 1.01-1.15x the
// 128 x 128 halves (session 14's first block default) and 0.93-0.98x Fp8Config, one call.
template <class TA, class TB, class TO>
using Fp8BlockConfig = Fp8PromotedConfig<TA, TB, TO, false, 192, true>;

// The FP8 GEMM of configuration Cfg on pointers: C (M, N) row-major (ldc) =
// alpha * sa * sb * A (M, K) * B (N, K)^T (or block-scaled), A and B K-major
// (rows lda, ldb apart). Named errors where the TMA cannot take the operands
// (16-byte aligned starts and rows: K, lda, ldb multiples of 16).
template <class Cfg>
cudaError_t launch_fp8(typename Cfg::ElementA const* A, long long lda, typename Cfg::ElementB const* B, long long ldb,
                       typename Cfg::ElementOut* C, long long ldc, int M, int N, int K, GemmScales const& scales, float alpha = 1.f,
                       cudaStream_t stream = 0, GemmOptions const& opt = {}) {
  static_assert(Cfg::kEightBit, "sm90::launch_fp8: an 8-bit configuration");
  if (M < 0 || N < 0 || K < 0) fail("cuda::gemm_fp8: negative extents");
  if (M == 0 || N == 0) return cudaSuccess;
  if (reinterpret_cast<std::uintptr_t>(A) % 16 || reinterpret_cast<std::uintptr_t>(B) % 16 || lda % 16 || ldb % 16 || lda < K || ldb < K)
    fail("cuda::gemm_fp8: A and B must be K-major with 16-byte aligned starts and rows (lda, ldb >= K, multiples of 16) for the TMA");
  return launch_gemm<Cfg>(A, lda, B, ldb, C, ldc, M, N, K, alpha, 0.f, stream, opt, scales);
}

// Whether the promoted FP8 GEMM (16-bit output) takes Fp8WideConfig's 208-column tiles rather than
// Fp8Config's 192: where its persistent walk is shorter by more than kFp8WideMargin, the walk counted
// as the busiest cluster's tiles (raster_most_tiles, on the raster, clusters and grid that launch_gemm
// takes for opt: cluster, log_swizzle, raster_rest, grid; sms / cluster clusters) times the tile's width
// (a tile of 208 columns takes 208 / 192 of one of 192, for the same rows and K). On 132 SMs with the
// compact raster (choose_raster_rest): 4096^3 5 tiles of 208 against 6 of 192 (1040 / 1152 = 0.903),
// M = 16384 (clusters of 2) with N = 4096 20 against 22 (4160 / 4224 = 0.985), N = 11008 52 against 57
// (10816 / 10944 = 0.988); 8192^3 20 x 208 against 21 x 192 (1.032) keeps 192. Measured on the H100
// (bench/RESULTS.md "Session 23, FP8 GEMM (helper fp8)", both compact, the same cycles), 208 / 192:
// 4096^3 1.10, M = 16384 with N x K 4096 x 4096 1.017, 11008 x 4096 1.003, 4096 x 11008 1.037, 8192^3
// 0.954: the count's sign right on all five (its error up to 2%). The margin keeps 192 where the count
// promises less than 1% (on the padded raster, GemmOptions::raster_rest 0, the count still errs at
// 8192^3: 4160 against 4224 chooses 208, which read 0.990-0.995 of 192 in session 22).
inline constexpr int kFp8WideMargin = 10;  // per mille of the 192-column walk
inline bool choose_fp8_wide(int M, int N, int K, int sms, GemmOptions const& opt = {}) {
  using Narrow = Fp8Config<float_e4m3_t, float_e4m3_t, bfloat16_t>;  // (the tiles do not depend on the types)
  using Wide = Fp8WideConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>;
  static_assert(Narrow::BM::value == Wide::BM::value, "choose_fp8_wide: the two configurations' tiles have the same rows");
  static_assert(Narrow::kPromote && Wide::kPromote, "choose_fp8_wide: both promoted (the same raster rule)");
  if (M <= 0 || N <= 0 || sms <= 0) return false;
  constexpr int bm = Narrow::BM::value;
  int const tiles_m = (M + bm - 1) / bm, cl = choose_cluster(opt, tiles_m, K, true), tiles_mc = (tiles_m + cl - 1) / cl;
  int const clusters = persistent_clusters(opt, sms / cl > 0 ? sms / cl : 1);
  bool const compact = raster_rest_of(opt, true, true);
  auto const walk = [&](int bn) {
    int const tiles_n = (N + bn - 1) / bn;
    int const L = opt.log_swizzle >= 0 ? opt.log_swizzle : choose_raster(tiles_mc, tiles_n, true, 0.0);  // (8-bit: not per card)
    return (long long)raster_most_tiles(tiles_mc, tiles_n, L, compact, clusters) * bn;
  };
  return walk(Wide::BN::value) * 1000 < walk(Narrow::BN::value) * (1000 - kFp8WideMargin);
}

// The promoted FP8 GEMM (per-tensor or row/column scales): Fp8WideConfig where choose_fp8_wide
// (16-bit output), else Fp8Config.
template <class TA, class TB, class TO>
cudaError_t launch_fp8_promoted(TA const* A, long long lda, TB const* B, long long ldb, TO* C, long long ldc, int M, int N, int K,
                                GemmScales const& scales, float alpha = 1.f, cudaStream_t stream = 0, GemmOptions const& opt = {}) {
  if constexpr (sizeof(TO) == 2) {
    static PerDevice<int> sms;  // the SM count per device
    int dev = 0;
    cudaError_t const e = cudaGetDevice(&dev);
    if (e != cudaSuccess) return e;
    int const n = sms.get(dev, [&] {
      int v = 0;
      return cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev) == cudaSuccess ? v : 0;
    });
    if (choose_fp8_wide(M, N, K, n, opt)) return launch_fp8<Fp8WideConfig<TA, TB, TO>>(A, lda, B, ldb, C, ldc, M, N, K, scales, alpha, stream, opt);
  }
  return launch_fp8<Fp8Config<TA, TB, TO>>(A, lda, B, ldb, C, ldc, M, N, K, scales, alpha, stream, opt);
}

// The FP8 GEMM with its configuration chosen: block-scaled where scales.blocks,
// else without promotion where fast (the ping-pong kernel where choose_fp8_fast_pingpong),
// else with it (launch_fp8_promoted; each instantiates its kernel).
template <class TA, class TB, class TO>
cudaError_t gemm_fp8(TA const* A, long long lda, TB const* B, long long ldb, TO* C, long long ldc, int M, int N, int K,
                     GemmScales const& scales, float alpha = 1.f, cudaStream_t stream = 0, GemmOptions const& opt = {}, bool fast = false) {
  static_assert(sizeof(TA) == 1 && sizeof(TB) == 1, "cuda::gemm_fp8: A and B are float_e4m3_t or float_e5m2_t");
  if (scales.blocks) return launch_fp8<Fp8BlockConfig<TA, TB, TO>>(A, lda, B, ldb, C, ldc, M, N, K, scales, alpha, stream, opt);
  if (fast) {
    using PingPong = Fp8FastPingPongConfig<TA, TB, TO>;
    if (choose_fp8_fast_pingpong((M + PingPong::BM::value - 1) / PingPong::BM::value, K))
      return launch_fp8<PingPong>(A, lda, B, ldb, C, ldc, M, N, K, scales, alpha, stream, opt);
    return launch_fp8<Fp8FastConfig<TA, TB, TO>>(A, lda, B, ldb, C, ldc, M, N, K, scales, alpha, stream, opt);
  }
  return launch_fp8_promoted(A, lda, B, ldb, C, ldc, M, N, K, scales, alpha, stream, opt);
}

}  // namespace tessel::kernels::sm90

namespace TESSEL_NAMESPACE::cuda {

// gemm(A, B, C, alpha, beta, stream, options): C = alpha * A * B + beta * C for
// device tensors A (M, K), B (N, K) and C (M, N) (any strides with one unit
// stride each). bf16/fp16 inputs, fp32 accumulation, C bf16/fp16/fp32.
// options (kernels::GemmOptions): the raster's swizzle (-1: chosen for L2; 0:
// the identity raster), clusters, the epilogue, where the launch's figures go.
inline constexpr kernels::gemm_common::FrontEnd<kernels::sm90::Launch, kernels::sm90::TmaOperands> gemm{"cuda::gemm"};

// gemm_fp8(A, B, C, scales, alpha, stream, options, fast): C = alpha * sa * sb *
// A * B for device tensors A (M, K) and B (N, K) of float_e4m3_t/float_e5m2_t,
// both K-major (the FP8 wgmma reads nothing else: a named error otherwise), C
// (M, N) bf16/fp16/fp32, row- or column-major (C^T = B A^T, the scales swapped);
// scales: kernels::sm90::GemmScales (per tensor, per row of A, per column of B,
// or 1 x 128 / 128 x 128 blocks with a row-major C; the promotion interval, 0
// with fast = true for the kernel without promotion).
template <class EA, class LA, class EB, class LB, class EC, class LC>
cudaError_t gemm_fp8(Tensor<EA, LA> const& A, Tensor<EB, LB> const& B, Tensor<EC, LC> const& C, kernels::sm90::GemmScales const& scales,
                     float alpha = 1.f, cudaStream_t stream = 0, kernels::GemmOptions const& options = {}, bool fast = false) {
  using TA = std::remove_cv_t<typename Tensor<EA, LA>::value_type>;
  using TB = std::remove_cv_t<typename Tensor<EB, LB>::value_type>;
  using TO = std::remove_cv_t<typename Tensor<EC, LC>::value_type>;
  static_assert((std::is_same_v<TA, float_e4m3_t> || std::is_same_v<TA, float_e5m2_t>) &&
                    (std::is_same_v<TB, float_e4m3_t> || std::is_same_v<TB, float_e5m2_t>),
                "tessel::cuda::gemm_fp8: A and B are float_e4m3_t or float_e5m2_t");
  static_assert(std::is_same_v<TO, bfloat16_t> || std::is_same_v<TO, half_t> || std::is_same_v<TO, float>,
                "tessel::cuda::gemm_fp8: C is bf16, fp16 or fp32");
  auto const o = kernels::gemm_common::operands_of<TA, TO>(A, make_tensor(make_gmem_ptr(reinterpret_cast<TA const*>(raw_pointer_cast(B.data()))), B.layout()), C,
                                                           "cuda::gemm_fp8: the shapes of A (M,K), B (N,K), C (M,N) do not agree");
  if (o.M == 0 || o.N == 0) return cudaSuccess;
  if (o.sak != 1 || o.sbk != 1) fail("cuda::gemm_fp8: A and B must be K-major (unit stride along K): the FP8 wgmma reads K-major operands only");
  auto const* b = reinterpret_cast<TB const*>(o.b);
  if (o.scn == 1) return kernels::sm90::gemm_fp8(o.a, o.sam, b, o.sbn, o.c, o.scm, o.M, o.N, o.K, scales, alpha, stream, options, fast);
  if (o.scm != 1) fail("cuda::gemm_fp8: C must be row- or column-major");
  // column-major C: C^T (N, M) = B A^T, B's row scales are then A's
  if (scales.blocks) fail("cuda::gemm_fp8: block scales (1 x 128 of A, 128 x 128 of B) need a row-major C");
  kernels::sm90::GemmScales sw = scales;
  sw.a = scales.b, sw.b = scales.a, sw.a_rows = scales.b_cols, sw.b_cols = scales.a_rows;
  return kernels::sm90::gemm_fp8(b, o.sbn, o.a, o.sam, o.c, o.scn, o.N, o.M, o.K, sw, alpha, stream, options, fast);
}

}  // namespace tessel::cuda
