// tessel/kernels/gemm_sm90_kernel.cuh: the kernel of a Hopper (sm_90a) GEMM written with tessel's
// layouts and atoms (issue 14):
//
//   D = alpha * A * B + beta * C      (D written over C)
//
// A is M x K, B is N x K (the BLAS/CuTe "TN" view: B's rows are the columns of
// the mathematical K x N operand), C is M x N; each of A and B may be K-major
// (K contiguous) or MN-major (M or N contiguous): the four BLAS layouts NN, NT,
// TN, TT. Inputs bf16 or fp16, fp32 accumulation, output bf16, fp16 or fp32.
// The same kernel is the FP8 GEMM (issue 27): A and B float_e4m3_t or
// float_e5m2_t, K-major, BK = 128 (128-byte rows as for 16-bit inputs),
// m64nNk32 wgmmas; D = alpha * sa * sb * A * B with the scales of GemmScales
// (per tensor, or per row of A and column of B) applied in the epilogue;
// where Cfg::kPromote, every GemmScales::promote_every k-tiles the consumer
// waits for its wgmmas and adds their accumulators into a second fp32
// accumulator, then restarts them from zero (the FP8 wgmma's accumulation
// keeps fewer bits than fp32: the promotion bounds the run it sums). Where
// Cfg::kBlockScaled (DeepSeek-V3's 1 x 128 / 128 x 128 block scales), every
// k-tile is promoted, each accumulator multiplied by its row's scale of A and
// the tile's column block's scale of B for that k-block (loaded one k-tile
// ahead, while the previous k-tile's wgmmas run). At a promotion the retired
// stages are released before the adds (Cfg::kHalves: each k-tile's wgmmas are
// two groups over the tile's column halves, each half added in while the other
// half's wgmmas run, the retired stage released after the next k-tile's first
// group is issued; Cfg::kCross: the halves stay in flight across the k-tiles of
// unrolled chunks of kCross, half 0 of k-tile kt issued before half 1 of kt - 1
// has retired); the TMA epilogue of a promoted
// configuration rounds all its values to the output type before storing them
// (the 128 x 192 tiles' 96 + 96 accumulators leave no registers for more).
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
//   - clusters of 2 CTAs along M (GemmOptions::cluster = 2, or chosen where
//     K >= GemmOptions::cluster_min_k: every K for 16-bit inputs, from 9216
//     for 8-bit ones, or from 128 M tiles; gemm_common.cuh and
//     sm90::choose_cluster say why): the pair
//     computes M tiles (2m, 2m+1) of one N column, each CTA loads every other
//     piece of the shared B tile and multicasts it to both, so B crosses L2
//     once per pair; a buffer is free when the consumers
//     of both CTAs have released it (remote mbarrier arrives through mapa); at the
//     end each CTA's producer thread waits for the last releases of its stages
//     (no CTA leaves while its peer may still arrive on its barriers);
//   - ping-pong (Cfg::kPingPong, GemmConfig's PingPong_; off in the 16-bit and promoted defaults):
//     each consumer warpgroup owns whole BM x BN tiles (Cfg::kRowBlocks m64 atoms stacked along M
//     in its TiledMMA), the walk's valid tiles go to the warpgroups in turn (a warpgroup passes over
//     the other's stages, PipelineState::advance(k_tiles)), and a WarpgroupTurns (pipeline.cuh: named
//     barriers) lets one warpgroup at a time issue its main loop's wgmmas, passing the turn once they
//     are issued, so that its epilogue runs beside the other's wgmmas. Measured on the H100 (bench/
//     RESULTS.md, "Session 17, ping-pong"): no gain for 16-bit inputs (128 x 128 tiles per warpgroup
//     are fed from L2 at 77-85% of the tensor rate: as slow as the cooperative kernel of that tile);
//     with the FP8 promotion the adds of every k-tile run inside the turn (0.45-0.55x the cooperative
//     default); without promotion 1.1x the 128 x 256 cooperative kernel on tall problems, where
//     gemm_fp8 chooses it (choose_fp8_fast_pingpong);
//   - setmaxnreg moves registers from the producer (Cfg::kProducerRegs, 40)
//     to the consumers (Cfg::kConsumerRegs, 232);
//   - the stages' full/empty barriers and their phases are a TmaPipeline and
//     PipelineStates (pipeline.cuh);
//   - a consumer warpgroup whose 64 rows lie past the tile's rows skips its wgmmas
//     where the Problem says so (kSkipIdleRows: the grouped GEMM's partial tiles);
//   - which tiles, and where their operands and output lie, is the kernel's
//     Problem (gemm_tile.cuh): DenseProblem (below), or a grouped GEMM's
//     (gemm_sm90_grouped.cuh: rows of A and C per group, B per group, stores
//     bounded by the group's rows);
//   - tiles are handed out by a static persistent scheduler (scheduler.cuh): tile number t
//     (blockIdx.x, + gridDim.x, ...) is mapped to an output tile by the seed
//     002 threadblock swizzle written as a tessel layout
//     (identity_swizzle_layout of kernels/threadblock.hpp over the clusters'
//     tiles: groups of 2^L columns of tiles walked down M, so that the CTAs
//     running together share B tiles, and A tiles, in L2; a partial last group
//     of columns is a narrower group of its own, RasterScheduler, for 16-bit inputs);
//   - the stream-K tail (StreamK, gemm_kernel<Cfg, DenseProblem, true>: 16-bit cooperative
//     configurations; launch_gemm's choice, GemmOptions::stream_k and sm90::choose_stream_k): the
//     raster's last, partial wave of positions is split along K among all the persistent clusters
//     (scheduler.cuh's StreamKTail): each walks its whole tiles, then a contiguous range of the tail's
//     k-iterations, in pieces of one tile (StreamKWalk). A tile's later pieces store their fp32 sums
//     in a workspace (one BM x BN tile and one flag per CTA) and take no epilogue; the tile's first
//     piece (its head, run last in its CTA's range) waits for their flags, adds them in worker order
//     (the same sums every launch) and stores the tile as any other;
//   - epilogue (16-bit C, beta = 0, C's rows 16-byte aligned: the default
//     path): each consumer warpgroup writes its 64 x BN rows of alpha * acc,
//     rounded, into shared memory in 64 x 64 chunks (the 128-byte swizzle
//     atom tiled to (64, 64), bank-conflict free; each value's offset its thread's part XOR a
//     constant, epi_thread_bits), taking Cfg::kEpiSlots
//     8 KB slots in turn (2 by default), and one thread per warpgroup stores each chunk with a TMA
//     store (bounds clipped by the TMA); the warpgroup goes on to the next
//     tile's wgmmas while the stores drain (the slot's previous store is
//     waited for, cp.async.bulk.wait_group.read, only when the slot comes
//     round again). Measured on the H100 (bench/RESULTS.md): bf16 TN 8192^3
//     691 -> 774 TFLOP/s, 4096^3 653 -> 711 against the direct path. With the
//     FP8 promotion and the halves in flight (Cfg::kEpiUnder, Fp8Config's), a
//     tile's epilogue waits (t_under) until the next tile's first k-tile is issued
//     into the halves' accumulators, and runs while those wgmmas do (the promoted
//     accumulator is then zeroed; the walk's last tile is stored after it);
//   - the last k-tile in column pieces (Cfg::kSplitLast, 2 by default for 16-bit TN and NT tiles of a
//     dense GEMM): its wgmmas issued as one group per piece of BN / kSplitLast columns, so that the TMA
//     epilogue rounds and writes a retired piece's chunks while the later pieces' wgmmas run (0.2-0.5%
//     on the H100, bench/RESULTS.md "Session 21, 16-bit GEMM (helper gemm)");
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
//
// Its configuration (tiles, layouts, pipeline) is gemm_sm90_config.cuh; the
// host side (tensor maps, launch, describe, tessel::cuda::gemm) gemm_sm90.cuh.
#pragma once

#include <cstdint>
#include <utility>

#include "../atom/copy_sm90.hpp"
#include "epilogue.cuh"
#include "gemm_convert.cuh"
#include "gemm_sm90_config.cuh"
#include "pipeline.cuh"
#include "sm90_common.cuh"
#include "scheduler.cuh"

namespace TESSEL_NAMESPACE::kernels::sm90 {

// ---- device pieces ------------------------------------------------------------------------------

namespace detail {

// setmaxnreg (Cfg::kProducerRegs, Cfg::kConsumerRegs): sm90_common.cuh.
using ::TESSEL_NAMESPACE::kernels::setmaxnreg_dec;  // sm90_common.cuh
using ::TESSEL_NAMESPACE::kernels::setmaxnreg_inc;

// The TMA coordinates and smem offset of box i of tile (c0, c1) of a rank-2
// TmaCopy: the atom's own box addressing (TmaCopy::box).
template <class Op, class T>
inline void tma_box(TmaCopy<Op, T> const& tma, long long c0, long long c1, int i, long long (&c)[2], long long& off) {
  long long origin[TMA::detail::kMaxModes] = {c0 * tma.tile_[0], c1 * tma.tile_[1]};
  std::int32_t c5[5];
  tma.box(origin, i, c5, off);
  c[0] = c5[0], c[1] = c5[1];
}

template <class Op, class T>
inline TmaTilePlan make_tile_plan(TmaCopy<Op, T> const& tma, int boxes) {
  // The plan's assumptions, checked whatever TESSEL_NO_CHECKS says (host code, once per tensor map).
  auto const need = [](bool ok, char const* what) {
    if (!ok) fail(what);
  };
  TMA::Params const& p = tma.params;
  need(p.rank == 2, "gemm_sm90: the operand's tensor map is not of rank 2");
  int const runs = tma.boxes();
  need(runs == boxes, "gemm_sm90: the TMA plan of a tile has another number of boxes than the configuration's");
  TmaTilePlan plan;
  plan.boxes = boxes;
  long long c00[2], c10[2], c01[2], cb[2], o0, o1;
  tma_box(tma, 0, 0, 0, c00, o0);
  need(c00[0] == 0 && c00[1] == 0 && o0 == 0, "gemm_sm90: the first box of tile (0,0) does not start at 0");
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
          need(c[d] == (long long)a * plan.mn_step[d] + (long long)b * plan.k_step[d] + (long long)i * plan.box_step[d],
               "gemm_sm90: the TMA boxes of a tile are not a linear progression");
        need(off == (long long)i * plan.smem_step, "gemm_sm90: the TMA boxes of a tile are not evenly spaced in shared memory");
      }
  return plan;
}

// Issues the Boxes TMA loads of the tile of Rows rows from row `row` (any
// row, not only a multiple of Rows: a group's first row) and k-tile k (the
// tensor map read where it lies, in the kernel's parameter space). The plan's
// mn_step is the coordinates of the next tile, Rows rows on.
template <int Boxes, int Rows, class T>
TESSEL_DEVICE void tma_load_rows(TmaDescriptor const& desc, TmaTilePlan const& plan, std::uint64_t& bar, T* smem, int row, int k) {
  constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL
  int const x = row * (plan.mn_step[0] / Rows) + k * plan.k_step[0], y = row * (plan.mn_step[1] / Rows) + k * plan.k_step[1];
  TESSEL_UNROLL
  for (int b = 0; b < Boxes; ++b)
    SM90_TMA_LOAD::copy(&desc, &bar, hint, smem + b * plan.smem_step, x + b * plan.box_step[0], y + b * plan.box_step[1]);
}

using ::TESSEL_NAMESPACE::kernels::named_barrier_arrive;  // sm90_common.cuh
using ::TESSEL_NAMESPACE::kernels::named_barrier_sync;

using ::tessel::kernels::gemm_convert::pack_pair;  // the epilogue's conversions (gemm_convert.cuh)

// The TMA epilogue's 4-byte stores to its slots: st.shared at a shared-window address (the atom
// layer's st_shared_u32). The slots' generic pointer has lost its address space (smem_raw's alignment
// arithmetic goes through an integer), so a plain store compiles to a generic st.u32; st.shared was
// 0.2-0.7% faster on every bench case (bench/RESULTS.md, "Issue 25, session 15").
using ::TESSEL_NAMESPACE::detail::st_shared_u32;

// The FP8 GEMM's scale of row (or column) i of n: s[i] (per row), s[0] (per
// tensor) or 1 (none); i is clamped into the matrix (edge tiles).
TESSEL_DEVICE float scale_at(float const* s, bool per, int i, int n) {
  if (s == nullptr) return 1.f;
  return per ? __ldg(s + (i < n ? i : n - 1)) : __ldg(s);
}

// The FP8 GEMM's epilogue hook (epilogue.cuh): D = alpha * sa(row) * sb(col) * acc
// (+ beta * C), the per-tensor scales folded into alpha, sa/sb the per-row and
// per-column scales (nullptr where per tensor or none).
struct ScaledCombination {
  float alpha = 1.f, beta = 0.f;
  float const* sa = nullptr;
  float const* sb = nullptr;
  int m = 0, n = 0;
  TESSEL_DEVICE float operator()(float v, long long row, long long col) const {
    return alpha * v * scale_at(sa, true, int(row), m) * scale_at(sb, true, int(col), n);
  }
};

// alpha times the per-tensor scales (not the per-row or per-column ones).
TESSEL_DEVICE float tensor_scaled_alpha(float alpha, GemmScales const& s) {
  return alpha * (s.a_rows ? 1.f : scale_at(s.a, false, 0, 1)) * (s.b_cols ? 1.f : scale_at(s.b, false, 0, 1));
}

struct NoAccumulator {};  // the promoted accumulator of a configuration without promotion

// The TMA epilogue's offsets (16-bit C): value i of chunk j (the chunk's first value i0 = j kPer of a
// thread's V values, kPer = V / kChunks) goes to SmemTileCElems at its (row - chunk_row, column - 64 jn)
// in the chunk's slot. The kernel computes that offset as o0 XOR (oi AND tb) + (oi AND NOT tb): o0 the
// thread's part (its value i0's offset, once per chunk), oi value i's part (thread 0's value i's offset
// in chunk j, a constant), tb the bits a thread's part can take (this function: the OR of every
// thread's part over the chunks). A value then costs a LOP3 with one of a few constants, its other bits
// going to the 32-bit shared store's immediate (the attention epilogue's EpiXor_ 2, session 15).
// Checked for every thread, chunk and value at launch (check_epilogue_chunks).
template <class Cfg>
TESSEL_HOST_DEVICE constexpr int epi_thread_bits() {
  auto const tv = Cfg::TiledMma::get_layoutC_TV();  // (thread, value) -> m + BM n
  typename Cfg::SmemTileCElems const lo{};
  int bits = 0;
  for (int t = 0; t < Cfg::kMmaThreads; ++t)
    for (int j = 0; j < Cfg::kChunks; ++j) {
      int const mn = int(tv(t, Cfg::chunk_val(j))), m = mn % Cfg::BM::value, n = mn / Cfg::BM::value;
      bits |= int(lo(m - Cfg::chunk_row(t / 128, j), n - Cfg::chunk_col(j % Cfg::kChunksN)));
    }
  return bits;
}

// Whether the kernel's consumer warpgroups skip the wgmmas of rows past a tile's c_row_end
// (Problem::kSkipIdleRows; DenseProblem has none: its code is as before).
template <class Problem>
struct skips_idle_rows {
  static constexpr bool value = false;
};
template <class Problem>
  requires requires { Problem::kSkipIdleRows; }
struct skips_idle_rows<Problem> {
  static constexpr bool value = bool(Problem::kSkipIdleRows);
};

// The counter of a problem's dynamic order (a grouped GEMM's GroupedProblem::counter, clusters of 1;
// nullptr: the static walk, first, first + step, ...): CTA c takes position c, then step +
// atomicAdd(counter, 1), ... The producer hands each tile's position to the consumers in an int per
// stage after the pipeline's barriers (the launch adds Stages ints of shared memory), written once the
// tile's first stage is free and before it is armed (the consumers' wait on its full barrier acquires
// it); -1 ends the walk. Problems without a counter (DenseProblem) walk statically, as before.
template <class Problem>
TESSEL_DEVICE int* dynamic_counter(Problem const& pr) {
  if constexpr (requires { pr.counter; }) return pr.counter;
  else return nullptr;
}

// A multicast of tma_load_rows's loads to the CTAs of mask.
template <int Boxes, int Rows, class T>
TESSEL_DEVICE void tma_multicast_rows(TmaDescriptor const& desc, TmaTilePlan const& plan, std::uint64_t& bar, std::uint16_t mask, T* smem,
                                      int row, int k) {
  constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL
  int const x = row * (plan.mn_step[0] / Rows) + k * plan.k_step[0], y = row * (plan.mn_step[1] / Rows) + k * plan.k_step[1];
  TESSEL_UNROLL
  for (int b = 0; b < Boxes; ++b)
    SM90_TMA_LOAD_MULTICAST::copy(&desc, &bar, mask, hint, smem + b * plan.smem_step, x + b * plan.box_step[0], y + b * plan.box_step[1]);
}

// The stream-K tail's partial sums (StreamKTail, scheduler.cuh): CTA `slot`'s BM x BN fp32 tile in
// the workspace, thread t's value i at float (i / 4) * 4 kMmaThreads + 4 t + i % 4 (16-byte stores,
// the consumers' in turn contiguous), through L2 (st.global.cg / ld.global.cg: the reader is another SM).
// Its flag: set to 1 once every consumer's stores are done (a named barrier, then one thread's
// fence.acq_rel.gpu and store), read with ld.acquire.gpu by the head's thread 0, which resets it.
template <class Cfg, class Acc>
TESSEL_DEVICE void stream_k_store(StreamKTail const& sk, int slot, int mtid, Acc const& acc) {
  constexpr int kVals = decltype(size(acc.layout()))::value;
  static_assert(kVals % 4 == 0, "stream_k_store: the accumulators in fours");
  float4* const part = reinterpret_cast<float4*>(sk.partials + (long long)slot * (Cfg::BM::value * Cfg::BN::value));
  TESSEL_UNROLL
  for (int i = 0; i < kVals; i += 4) __stcg(part + (i / 4) * Cfg::kMmaThreads + mtid, make_float4(acc(i), acc(i + 1), acc(i + 2), acc(i + 3)));
  named_barrier_sync(Cfg::kStreamKBarrier, Cfg::kMmaThreads);
  if (mtid == 0) stream_k_flag_set(sk.flags + slot);
}
// The head of tail tile t: its later pieces' partial sums (workers [lo, hi), the CTA of this rank in each) added to acc.
template <class Cfg, class Acc>
TESSEL_DEVICE void stream_k_add(StreamKTail const& sk, int t, int cluster, int rank, int mtid, Acc& acc) {
  constexpr int kVals = decltype(size(acc.layout()))::value;
  int lo = 0, hi = 0;
  sk.contributors(t, lo, hi);
  if (mtid == 0) {
    for (int c = lo; c < hi; ++c) {
      int* const f = sk.flags + c * cluster + rank;
      while (stream_k_flag_get(f) == 0) {
      }
      *reinterpret_cast<int volatile*>(f) = 0;  // read once: ready for the next launch
    }
  }
  named_barrier_sync(Cfg::kStreamKBarrier, Cfg::kMmaThreads);
  for (int c = lo; c < hi; ++c) {
    float4 const* const part = reinterpret_cast<float4 const*>(sk.partials + (long long)(c * cluster + rank) * (Cfg::BM::value * Cfg::BN::value));
    TESSEL_UNROLL
    for (int i = 0; i < kVals; i += 4) {
      float4 const v = __ldcg(part + (i / 4) * Cfg::kMmaThreads + mtid);
      acc(i) += v.x, acc(i + 1) += v.y, acc(i + 2) += v.z, acc(i + 3) += v.w;
    }
  }
}

// A CTA's walk: the problem's (a TileWalk), or, in the kernel of the stream-K tail, the dense
// problem's followed by the CTA's share of p.sk (a StreamKWalk).
template <bool StreamK, class P>
TESSEL_DEVICE auto walk_of(P const& p, int first, int step) {
  if constexpr (StreamK) return p.sk.walk(p.problem.walk(p, first, step), first);
  else return p.problem.walk(p, first, step);
}

}  // namespace detail

// The kernel (Cfg: GemmConfig; Problem: the tiles, gemm_tile.cuh: one GEMM, or
// a grouped GEMM; StreamK: the dense GEMM with p.sk's stream-K tail, Cfg::kStreamK,
// an instantiation of its own so that the kernel without it stays as it was).
// Launch with Cfg::kThreads threads, Cfg::kSmemBytes of dynamic
// shared memory, at most one CTA per SM (persistent).
template <class Cfg, class Problem = DenseProblem, bool StreamK = false>
__global__ void __launch_bounds__(Cfg::kThreads, 1) gemm_kernel(__grid_constant__ GemmParams<Cfg, Problem> const p) {
  static_assert(!Cfg::kEpiUnder || (std::is_same_v<Problem, DenseProblem> && !Cfg::kPingPong),
                "gemm_kernel: EpiUnder_ (the epilogue under the next tile's first k-tile) is the dense cooperative kernel's");
  static_assert(!StreamK || (Cfg::kStreamK && std::is_same_v<Problem, DenseProblem>),
                "gemm_kernel: the stream-K tail is the dense 16-bit cooperative kernel's (GemmConfig::kStreamK)");
#if defined(TESSEL_ARCH_WGMMA)
  using T = typename Cfg::Element;
  using TB = typename Cfg::ElementB;
  using TO = typename Cfg::ElementOut;
  using BM = typename Cfg::BM;
  using Tile = Shape<BM, typename Cfg::BN>;  // (BM, BN): the output tile
  constexpr int S = Cfg::kStages;

  extern __shared__ unsigned char smem_raw[];
  auto* base = reinterpret_cast<unsigned char*>((reinterpret_cast<std::uintptr_t>(smem_raw) + 1023) & ~std::uintptr_t(1023));
  T* smem_a = reinterpret_cast<T*>(base);
  TB* smem_b = reinterpret_cast<TB*>(smem_a + S * Cfg::kStageA);
  TO* smem_c = reinterpret_cast<TO*>(smem_b + S * Cfg::kStageB);  // the epilogue's slots (Cfg::kEpiBytes)
  auto* barriers = reinterpret_cast<std::uint64_t*>(reinterpret_cast<unsigned char*>(smem_c) + Cfg::kEpiBytes);

  int const warpgroup = int(threadIdx.x) / 128;
  int const cluster = p.cluster;  // 1, or 2: the CTA pair (2c, 2c+1) computes M tiles (2m, 2m+1) of one N column
  std::uint32_t const rank = cluster > 1 ? block_rank_in_cluster() : 0u;
  // A stage is free once every consumer warp of every CTA of the cluster has released it.
  TmaPipeline<S> const pipe(barriers, cluster);
  if (threadIdx.x == 0) {
    prefetch_tma_descriptor(&p.tma_a.desc);
    prefetch_tma_descriptor(&p.tma_b.desc);
    if (p.epi_tma) prefetch_tma_descriptor(&p.tma_c.desc);
    pipe.init(Cfg::kMmaThreads / 32);  // one release per consumer warp (its lane 0) of the tile's TiledMMA, in each CTA
  }
  // The barriers of every CTA of the cluster are initialised before anyone uses them: thread 0's
  // fence.mbarrier_init.release.cluster releases the initialisation, so the arrive is relaxed (the plain
  // one compiles to MEMBAR.ALL.CTA + MEMBAR.ALL.GPU before it; bench/RESULTS.md "Session 18, 16-bit GEMM epilogue").
  cluster_arrive_relaxed();
  cluster_wait();

  // Raster positions are the cluster's: tile (tm, tn) = (cluster * cm + rank, tn) for (cm, tn) of the raster.
  int const first = int(blockIdx.x) / cluster, step = int(gridDim.x) / cluster;
  int const k_tiles = p.k_tiles;
  if (warpgroup == 0) {
    // ---- producer ----
    detail::setmaxnreg_dec<Cfg::kProducerRegs>();
    if (threadIdx.x == 0) {
      PipelineState<S> st;
      int* const counter = detail::dynamic_counter(p.problem);  // the dynamic order's (nullptr: the static walk)
      int* const tile_pos = reinterpret_cast<int*>(barriers + 2 * S);  // the dynamic order's position per stage
      int next = 0;  // the dynamic order's next position, asked for a tile ahead
      for (auto w = detail::walk_of<StreamK>(p, first, step); !w.done(); counter ? void(w.pos = next) : w.next()) {
        if (counter) next = step + atomicAdd(counter, 1);
        GemmTile const t = p.problem.tile(p, w.position(), cluster, int(rank));
        if (!t.valid) continue;  // a position that is no tile (a raster's past the last column of tiles)
        if (counter) {  // the position goes with the tile's first stage: written once the stage is free, before it is armed
          wait_barrier(pipe.empty_[st.index], st.phase ^ 1);
          tile_pos[st.index] = w.pos;
        }
        constexpr int kPiece = Cfg::BNPiece::value;
        // A tile of no rows (Problem::kSkipIdleRows: both consumer warpgroups idle, below) needs no A: only
        // B is loaded (its share of a pair's multicast, which its partner uses), and the stage expects B's bytes.
        bool no_a = false;
        if constexpr (detail::skips_idle_rows<Problem>::value) no_a = t.c_row >= t.c_row_end;
        std::uint32_t const bytes = no_a ? Cfg::kStageBytes - std::uint32_t(Cfg::kStageA * sizeof(T)) : Cfg::kStageBytes;
        for (int kt = w.k_begin(), k_end = w.k_end(k_tiles); kt < k_end; ++kt) {  // (a stream-K piece: part of the k-tiles)
          pipe.producer_acquire(st, bytes);  // this stage is free in every CTA of the cluster
          std::uint64_t& full = pipe.full(st);
          if (!no_a)
            detail::tma_load_rows<Cfg::kBoxesA, BM::value>(p.tma_a.desc, p.plan_a, full, smem_a + st.index * Cfg::kStageA, t.a_row, kt);
          TB* const sb = smem_b + st.index * Cfg::kStageB;
          if (cluster == 1 || t.b_own) {  // (b_own: the pair's tiles have different B tiles, GemmTile)
            TESSEL_UNROLL
            for (int h = 0; h < Cfg::kPiecesB; ++h)
              detail::tma_load_rows<Cfg::kBoxesB, kPiece>(p.tma_b.desc, p.plan_b, full, sb + h * kPiece * Cfg::BK::value, t.b_row + h * kPiece, kt);
          } else {  // this CTA's share of the B pieces (every other one; an odd count: rank 0 one more), to both CTAs
            TESSEL_UNROLL
            for (int h = 0; h < Cfg::kPiecesB; ++h)
              if (h % 2 == int(rank))
                detail::tma_multicast_rows<Cfg::kBoxesB, kPiece>(p.tma_b.desc, p.plan_b, full, std::uint16_t(0b11), sb + h * kPiece * Cfg::BK::value,
                                                                 t.b_row + h * kPiece, kt);
          }
          st.advance();
        }
      }
      if (counter) {  // the end of the walk: -1 in the next stage, armed with no bytes
        wait_barrier(pipe.empty_[st.index], st.phase ^ 1);
        tile_pos[st.index] = -1;
        pipe.producer_acquire(st, 0);
      } else if (cluster > 1) {
        // The producer's tail: the CTA stays until the consumers of every CTA of the cluster have released
        // each stage's last fill (their remote arrives on this CTA's empty barriers are done), in place of
        // a cluster barrier at the kernel's end (below). The peers' multicasts into this CTA's stages are
        // waited for by its own consumers (the full barriers).
        TESSEL_UNROLL
        for (int s = 0; s < S; ++s) {
          wait_barrier(pipe.empty_[st.index], st.phase ^ 1);
          st.advance();
        }
      }
    }
  } else {
    // ---- consumers ----
    detail::setmaxnreg_inc<Cfg::kConsumerRegs>();
    int const ctid = int(threadIdx.x) - 128;
    // The thread's index in the TiledMMA of its tiles: among all consumers' (cooperative: they share
    // each tile), or its own warpgroup's (ping-pong: each warpgroup owns whole tiles).
    int const mtid = Cfg::kPingPong ? ctid % 128 : ctid;
    typename Cfg::TiledMma mma;
    auto thr = mma.get_slice(mtid);
    auto sA = make_tensor(make_smem_ptr(smem_a), typename Cfg::SmemLayoutA{});  // (BM, BK, S)
    auto sB = make_tensor(make_smem_ptr(smem_b), typename Cfg::SmemLayoutB{});  // (BN, BK, S)
    auto tCrA = thr.partition_fragment_A(sA);  // (MMA, MMA_M, MMA_K, S) descriptors
    auto tCrB = thr.partition_fragment_B(sB);  // (MMA, MMA_N, MMA_K, S) descriptors
    auto acc = partition_fragment_C(mma, Tile{});  // (MMA, MMA_M, MMA_N) fp32 registers
    // 8-bit with promotion: the fp32 accumulator that acc is added into (the epilogue's source then).
    std::conditional_t<Cfg::kPromote, decltype(acc), detail::NoAccumulator> acc2;
    auto tCcC = thr.partition_C(make_identity_tensor(Tile{}));  // (row, col) of each accumulator in the tile
    // The last k-tile in kSplit pieces of columns (Cfg::kSplitLast; a dense problem's tiles): the pieces'
    // TiledMMA, B's stages seen as pieces, and the layout of a piece's accumulators, which are acc's values
    // [j kPieceVals, (j + 1) kPieceVals) for piece j (check_split_last).
    constexpr int kSplit = std::is_same_v<Problem, DenseProblem> && Cfg::kEpiTma ? Cfg::kSplitLast : 1;
    [[maybe_unused]] auto mp = [] {
      if constexpr (kSplit > 1) return typename Cfg::TiledMmaP{};
      else return detail::NoAccumulator{};
    }();
    [[maybe_unused]] auto pA = [&] {
      if constexpr (kSplit > 1) return mp.get_slice(mtid).partition_fragment_A(sA);  // (MMA, MMA_M, MMA_K, S) descriptors
      else return detail::NoAccumulator{};
    }();
    [[maybe_unused]] auto pB = [&] {  // (.., kSplitLast S)
      if constexpr (kSplit > 1) return mp.get_slice(mtid).partition_fragment_B(make_tensor(make_smem_ptr(smem_b), typename Cfg::SmemLayoutBP{}));
      else return detail::NoAccumulator{};
    }();
    using AccPieceLayout = std::remove_cvref_t<decltype(partition_fragment_C(typename Cfg::TiledMmaP{}, Shape<BM, typename Cfg::BNP>{}).layout())>;
    constexpr int kPieceVals = decltype(size(AccPieceLayout{}))::value;
    static_assert(kSplit == 1 || kPieceVals * kSplit == decltype(size(acc.layout()))::value, "gemm_kernel: the pieces' accumulators are not acc's");
    [[maybe_unused]] auto const piece = [&](int j) { return make_view(acc.data() + j * kPieceVals, AccPieceLayout{}); };
    constexpr int kBlocks = decltype(size<2>(tCrA.layout()))::value;     // wgmma k-blocks per k-tile
    bool const lane0 = (threadIdx.x % 32) == 0;
    // Halves: the TiledMMA of (BM, BN / 2), B's stages as halves, the halves' accumulators.
    [[maybe_unused]] auto mh = [] {
      if constexpr (Cfg::kHalves) return typename Cfg::TiledMmaH{};
      else return detail::NoAccumulator{};
    }();
    [[maybe_unused]] auto hB = [&] {
      if constexpr (Cfg::kHalves)
        return mh.get_slice(ctid).partition_fragment_B(make_tensor(make_smem_ptr(smem_b), typename Cfg::SmemLayoutBH{}));  // (.., 2S)
      else return detail::NoAccumulator{};
    }();
    [[maybe_unused]] auto hA = [&] {
      if constexpr (Cfg::kHalves) return mh.get_slice(ctid).partition_fragment_A(sA);
      else return detail::NoAccumulator{};
    }();
    [[maybe_unused]] auto acc_h0 = [&] {
      if constexpr (Cfg::kHalves) return partition_fragment_C(mh, Shape<BM, typename Cfg::BNH>{});
      else return detail::NoAccumulator{};
    }();
    [[maybe_unused]] auto acc_h1 = acc_h0;

    // GemmScales::offset (dense, promoted, two consumer warpgroups; block-scaled configurations
    // always): warpgroup 1 waits before its first k-tile until warpgroup 0's first k-tile (halves:
    // first half) has retired, once.
    [[maybe_unused]] bool offset_pending = false;
    if constexpr (Cfg::kPromote && Cfg::kConsumers == 2 && !Cfg::kPingPong && !detail::skips_idle_rows<Problem>::value)
      offset_pending = p.scales.offset || Cfg::kBlockScaled;
    [[maybe_unused]] int const wg_order = ctid / 128;
    PipelineState<S> st;
    int epi_next = 0;  // the epilogue's next slot (the chunks take the slots in turn, across tiles)
    int* const counter = detail::dynamic_counter(p.problem);
    int const* const tile_pos = reinterpret_cast<int const*>(barriers + 2 * S);
    // Ping-pong (Cfg::kPingPong): the walk's valid tiles n = 0, 1, ... go to consumer warpgroup
    // n % kConsumers, which passes over the stages of the others' tiles (k_tiles each: the producer
    // fills the stages tile after tile) and issues its main loop in its turn (WarpgroupTurns: the
    // tiles' main loops in the walk's order); its epilogue then runs during the next warpgroup's
    // main loop. next_valid: whether a valid tile lies after position w of the walk.
    static_assert(!Cfg::kPingPong || std::is_same_v<Problem, DenseProblem>, "gemm_kernel: the ping-pong kernel walks a dense problem's tiles");
    [[maybe_unused]] auto const next_valid = [&](TileWalk w) {
      for (w.next(); !w.done(); w.next())
        if (p.problem.tile(p, w.pos, cluster, int(rank)).valid) return true;
      return false;
    };
    [[maybe_unused]] auto const turns = [&] {
      if constexpr (Cfg::kPingPong) return WarpgroupTurns<Cfg::kConsumers>{Cfg::kTurnBarrier, wg_order};
      else return detail::NoAccumulator{};
    }();
    [[maybe_unused]] int tile_n = 0;  // the walk's valid tiles so far
    if constexpr (Cfg::kPingPong) {
      TileWalk const w0 = p.problem.walk(p, first, step);
      turns.open(!w0.done() && (p.problem.tile(p, w0.pos, cluster, int(rank)).valid || next_valid(w0)));
    }
    // The epilogue's accumulators: acc, or acc2 where promoted.
    auto const& res = [&]() -> auto const& {
      if constexpr (Cfg::kPromote) return acc2;
      else return acc;
    }();
    constexpr int kVals = decltype(size(acc.layout()))::value;
    // The TMA epilogue of tile t (16-bit C, p.epi_tma and t.tma_store): right after its main loop, or
    // (Cfg::kEpiUnder) once the next tile's first k-tile is issued (t_under), or after the walk. Always
    // inlined: called from two places, the compiler made it a call otherwise (a stack frame, and ptxas
    // serializing the wgmmas in flight across it, C7520).
    [[maybe_unused]] GemmTile t_under{};
    [[maybe_unused]] bool under_pending = false;
    // kSplit: the stage of the tile's last k-tile, issued in column pieces after the main loop (-1: none
    // pending), released once the last piece has retired (release_last: the TMA epilogue's wait for the
    // last piece, or drain_pieces where the accumulators are read whole).
    [[maybe_unused]] int last = -1;
    [[maybe_unused]] auto const release_last = [&] {  // (once)
      if (last >= 0 && lane0) pipe.consumer_release(last);
      last = -1;
    };
    [[maybe_unused]] auto const store_tma = [&](GemmTile const& t) __attribute__((always_inline)) {
      if constexpr (Cfg::kEpiTma) {
        // Through shared memory: chunk j of this warpgroup holds rows
        // Cfg::chunk_row(wg, j) .. + 64 and columns Cfg::chunk_col(j % kChunksN) .. + 64 of the
        // tile, the accumulator values [chunk_val(j), + kPer) (j * kVals / kChunks on where BN is a
        // multiple of 64; checked on the host against the TiledMMA's C partition: check_epilogue_chunks).
        int const wg = ctid / 128;
        bool const leader = (ctid % 128) == 0;
        constexpr int kPer = Cfg::kChunkVals;
        static_assert(Cfg::kNarrowN || kPer == kVals / Cfg::kChunks, "gemm_kernel: the epilogue's chunks are not the accumulators' values");
        float alpha = p.alpha;
        if constexpr (Cfg::kEightBit && !Cfg::kBlockScaled) alpha = detail::tensor_scaled_alpha(alpha, p.scales);
        // The thread's coordinates, recomputed here from an opaque copy of its
        // index: otherwise the compiler hoists every value's smem offset out of
        // the tile loop and keeps them live beside the accumulators (spills).
        int ctid_o = mtid;
        asm volatile("" : "+r"(ctid_o));
        auto const tCcE = mma.get_slice(ctid_o).partition_C(make_identity_tensor(Tile{}));
        auto const tCc0 = mma.get_slice(0).partition_C(make_identity_tensor(Tile{}));  // thread 0's: the values' parts (constants)
        constexpr int kThreadBits = detail::epi_thread_bits<Cfg>();
        typename Cfg::SmemTileCElems const lo{};
        // This tile's first slot: 0 throughout where the chunks are a multiple of the slots.
        constexpr bool kSlotsRound = Cfg::kChunks % Cfg::kEpiSlots != 0;
        int const first_slot = kSlotsRound ? epi_next : 0;
        if constexpr (kSlotsRound) epi_next = (epi_next + Cfg::kChunks) & (Cfg::kEpiSlots - 1);  // (a power of two)
        // Values i, i + 1 (one row, adjacent columns) scaled and rounded to a pair of TO.
        // unit (a std::bool_constant): alpha is 1 and there are no scales, the products skipped.
        auto const pair_of = [&](int i, auto unit) {
          if constexpr (decltype(unit)::value) return detail::pack_pair(res(i), res(i + 1), static_cast<TO*>(nullptr));
          float f0 = alpha, f1 = alpha;
          if constexpr (Cfg::kEightBit && !Cfg::kBlockScaled) {
            auto const crd = tCcE(i);
            if (p.scales.a_rows) {
              float const sa = detail::scale_at(p.scales.a, true, t.c_row + int(get<0>(crd)), p.m);
              f0 *= sa, f1 *= sa;
            }
            if (p.scales.b_cols) {
              int const col = t.c_col + int(get<1>(crd));
              f0 *= detail::scale_at(p.scales.b, true, col, p.n), f1 *= detail::scale_at(p.scales.b, true, col + 1, p.n);
            }
          }
          return detail::pack_pair(f0 * res(i), f1 * res(i + 1), static_cast<TO*>(nullptr));
        };
        // 8-bit with promotion: every pair rounded first, so that the chunks' stores run beside half
        // the registers of the fp32 accumulators (128 x 192 tiles spilled without it).
        constexpr bool kPackFirst = Cfg::kPromote;
        [[maybe_unused]] std::uint32_t packed[kPackFirst ? kVals / 2 : 1];
        if constexpr (kPackFirst) {
          TESSEL_UNROLL
          for (int i = 0; i < kVals; i += 2) packed[i / 2] = pair_of(i, std::false_type{});
        }
        // The tile's chunks; unit: as pair_of's.
        auto const store_chunks = [&](auto unit) {
          // kSplit: a piece's values rounded to pairs as soon as its wgmmas have retired, so that the
          // chunks' stores run beside the later pieces' accumulators (in flight) and half the piece's registers.
          [[maybe_unused]] std::uint32_t pk[kSplit > 1 ? kPieceVals / 2 : 1];
          // Chunk j = rb * kChunksN + jn: row block rb (ping-pong; 0 where the warpgroups share the tile), column block jn.
          TESSEL_UNROLL
          for (int rb = 0; rb < Cfg::kRowBlocks; ++rb)
          TESSEL_UNROLL
          for (int jn = 0; jn < Cfg::kChunksN; ++jn) {
            int const j = rb * Cfg::kChunksN + jn;
            int const crow = Cfg::chunk_row(wg, j);  // the chunk's first row in the tile
            TO* const slot = smem_c + (wg * Cfg::kEpiSlots + ((first_slot + j) & (Cfg::kEpiSlots - 1))) * Cfg::kEpiChunkElems;
            std::uint32_t const slot_s = ::TESSEL_NAMESPACE::detail::smem_u32(slot);  // its shared-window address
            if constexpr (kSplit > 1) {
              // The first chunk of column piece pc: its group of the last k-tile's wgmmas retired (the later
              // pieces' may run on); after the last piece, the last k-tile's stage is released.
              constexpr int kPerPiece = Cfg::kChunksN / kSplit;
              if (jn % kPerPiece == 0) {
                int const pc = jn / kPerPiece;
                [&]<int... I>(std::integer_sequence<int, I...>) {
                  ((pc == I ? warpgroup_wait<kSplit - 1 - I>() : void()), ...);
                }(std::make_integer_sequence<int, kSplit>{});
                auto accp = piece(pc);
                warpgroup_fence_operand(accp);
                if (pc == kSplit - 1) release_last();
                TESSEL_UNROLL
                for (int i = 0; i < kPieceVals; i += 2) pk[i / 2] = pair_of(pc * kPieceVals + i, unit);
              }
            }
            if (leader) tma_store_wait<Cfg::kEpiSlots - 1>();  // the store that last read this slot is done
            detail::named_barrier_sync(Cfg::kEpiBarrier + wg, 128);
            int const v0 = Cfg::chunk_val(j), ccol = Cfg::chunk_col(jn);  // the chunk's first value and column in the tile
            auto const rc0 = tCcE(v0);
            int const o0 = int(lo(int(get<0>(rc0)) - crow, int(get<1>(rc0)) - ccol));  // the thread's part (epi_thread_bits)
            TESSEL_UNROLL
            for (int i = v0; i < v0 + kPer; i += 2) {
              std::uint32_t v;
              if constexpr (kPackFirst) v = packed[i / 2];
              else if constexpr (kSplit > 1) v = pk[(i % kPieceVals) / 2];
              else v = pair_of(i, unit);
              auto const rci = tCc0(i);
              int const oi = int(lo(int(get<0>(rci)) - Cfg::chunk_row(0, j), int(get<1>(rci)) - ccol));  // value i's part
              detail::st_shared_u32(slot_s + std::uint32_t(sizeof(TO)) * std::uint32_t(o0 ^ (oi & kThreadBits)) +
                                        std::uint32_t(sizeof(TO)) * std::uint32_t(oi & ~kThreadBits), v);
            }
            fence_view_async_shared();  // these writes, before the TMA store reads them
            detail::named_barrier_sync(Cfg::kEpiBarrier + wg, 128);
            if (leader) {
              int const row = t.c_row + crow;  // the chunk's first row of C
              if constexpr (!Cfg::kNarrowN) {
                int const cb = t.c_col / 64 + jn;  // its column block of C
                if (row < t.c_row_end && cb * 64 < p.n) {
                  int const x = row * (p.plan_c.mn_step[0] / 64) + cb * p.plan_c.k_step[0], y = row * (p.plan_c.mn_step[1] / 64) + cb * p.plan_c.k_step[1];
                  SM90_TMA_STORE::copy(&p.tma_c.desc, slot, x, y);
                }
              } else {  // (tiles start at multiples of BN: the chunk's first column of C, a multiple of 16)
                int const col = t.c_col + ccol;
                if (row < t.c_row_end && col < p.n) {
                  int const x = row * (p.plan_c.mn_step[0] / 64) + col * (p.plan_c.k_step[0] / 64), y = row * (p.plan_c.mn_step[1] / 64) + col * (p.plan_c.k_step[1] / 64);
                  SM90_TMA_STORE::copy(&p.tma_c.desc, slot, x, y);
                }
              }
              tma_store_arrive();  // a group per chunk (maybe empty): the slots' waits count chunks
            }
          }
        };
        // 16-bit with alpha 1 (the common call): the chunks without the products by alpha (the same bits;
        // 0.000 to 0.003 of cuBLAS's time over the XOR offsets alone on the H100, bench/RESULTS.md "Session 18, 16-bit GEMM").
        if (!Cfg::kEightBit && alpha == 1.f) store_chunks(std::true_type{});
        else store_chunks(std::false_type{});
      }
    };
    for (auto w = detail::walk_of<StreamK>(p, first, step); counter || !w.done(); w.next()) {
      if (counter) {  // the dynamic order: the position comes with the tile's first stage (-1: the end)
        pipe.consumer_wait(st);
        // Lane 0 alone reads the slot and hands the position to its warp: its read is ordered before its
        // own release of the stage (the arrive is a release), after which the producer may write the slot
        // for a later tile. A read by every lane is ordered only through __syncwarp before lane 0's arrive,
        // which compute-sanitizer racecheck does not follow (pipeline.cuh's consumer_release): with every
        // lane reading, and with __syncwarp after the reads (86569c9), it reported this read against the
        // producer's write (bf16 grouped --small, H100, sessions 16 and 17).
        int pos = 0;
        if (lane0) pos = tile_pos[st.index];
        w.pos = __shfl_sync(0xffffffffu, pos, 0);
        if (w.pos < 0) break;
      }
      GemmTile const t = p.problem.tile(p, w.position(), cluster, int(rank));
      if (!t.valid) continue;
      // The tile's k-tiles [k_begin, k_end): all of them, or a stream-K piece (w.split(), StreamK).
      [[maybe_unused]] int const k_begin = w.k_begin(), k_end = w.k_end(k_tiles);
      if constexpr (Cfg::kPingPong) {
        if (tile_n++ % Cfg::kConsumers != wg_order) {  // another warpgroup's tile: its stages passed over
          st.advance(k_tiles);
          continue;
        }
      }
      // A warpgroup whose 64 rows all lie at or past the tile's last row (a grouped GEMM's partial
      // tiles, Problem::kSkipIdleRows) issues no wgmma: it takes each stage as it lands and releases
      // it, so that the other warpgroup runs alone on the tensor cores (a 64-row tile at about half
      // the time of a 128-row one). It waits for each stage's fill before releasing it, so that its
      // release counts toward the phase the other warpgroup releases.
      if constexpr (detail::skips_idle_rows<Problem>::value) {
        if (t.c_row + (ctid / 128) * 64 >= t.c_row_end) {
          for (int kt = 0; kt < k_tiles; ++kt) {
            pipe.consumer_wait(st);
            if (lane0) pipe.consumer_release(st.index);
            st.advance();
          }
          continue;
        }
      }

      // Main loop: wait for a full stage, issue its wgmmas, retire the previous
      // stage's (or, at a promotion, this one's) and release the retired buffers.
      mma.accumulate_ = GMMA::ScaleOut::Zero;
      int pending = -1;  // the stage whose wgmmas may still run (released once they have retired)
      [[maybe_unused]] int since = 0;  // promotion: k-tiles accumulated in acc since the last one
      // The promoted accumulator from zero (Cfg::kEpiUnder: after k-tile 0's issue and the previous tile's epilogue, below).
      auto const zero_acc2 = [&]() __attribute__((always_inline)) {
        if constexpr (Cfg::kPromote) {
          TESSEL_UNROLL
          for (int i = 0; i < int(size(acc2.layout())); ++i) acc2(i) = 0.f;
        }
      };
      if constexpr (!Cfg::kEpiUnder) zero_acc2();
      // Block scaling: this thread's accumulators lie in two rows of the tile, row0 and row0 + 8
      // (the wgmma C layout; checked on the host, check_block_rows), and the tile in one
      // 128-column block of B. The scales of k-tile kt + 1 are loaded during k-tile kt.
      [[maybe_unused]] float const* sa_lo = nullptr;
      [[maybe_unused]] float const* sa_hi = nullptr;
      [[maybe_unused]] float const* sb_col = nullptr;
      [[maybe_unused]] int row0 = 0;
      [[maybe_unused]] float next_sb = 0.f, next_lo = 0.f, next_hi = 0.f;
      // 192-column block-scaled tiles (kWideBlocks) straddle two 128-column blocks of B: columns
      // [0, 64) of the tile lie in block b0 = b_row / 128, [128, 192) in b0 + 1, [64, 128) in b0
      // where the tile starts on a block (even tiles) and in b0 + 1 otherwise (mid_next).
      constexpr bool kWideBlocks = Cfg::kBlockScaled && Cfg::BN::value == 192;
      [[maybe_unused]] float const* sb_col1 = nullptr;
      [[maybe_unused]] float next_sb1 = 0.f;
      [[maybe_unused]] bool mid_next = false;
      if constexpr (Cfg::kBlockScaled) {
        row0 = int(get<0>(tCcC(0)));
        int const row_lo = t.a_row + row0 < p.m ? t.a_row + row0 : p.m - 1;
        int const row_hi = t.a_row + row0 + 8 < p.m ? t.a_row + row0 + 8 : p.m - 1;
        sa_lo = p.scales.a + (long long)row_lo * p.scales.a_row_stride;
        sa_hi = p.scales.a + (long long)row_hi * p.scales.a_row_stride;
        sb_col = p.scales.b + (long long)(t.b_row / 128) * p.scales.b_nb_stride;
        next_sb = __ldg(sb_col), next_lo = __ldg(sa_lo), next_hi = __ldg(sa_hi);
        if constexpr (kWideBlocks) {
          int const nb_last = (p.n - 1) / 128, b1 = t.b_row / 128 + 1;  // (b0 + 1 clamped into B: an edge tile's columns past N)
          sb_col1 = p.scales.b + (long long)(b1 < nb_last ? b1 : nb_last) * p.scales.b_nb_stride;
          mid_next = t.b_row % 128 != 0;
          next_sb1 = __ldg(sb_col1);
        }
      }
      // (kSplit: the last k-tile after the main loop, every tile and stream-K piece has one, in column pieces.)
      if constexpr (Cfg::kHalves) {
        // Two groups of wgmmas per k-tile, one per half of the tile's columns (acc_h0, acc_h1),
        // each group's accumulators added into acc2 while the other group runs:
        //   issue half 0 of kt; add half 1 of kt - 1; issue half 1 of kt; wait for half 0 of kt,
        //   add it; wait for half 1 of kt.
        // So each k-tile's adds overlap its wgmmas, and the warpgroup's only pause on the tensor
        // cores is from half 1's retirement to the next k-tile's first wgmma. Every k-tile ends
        // with no wgmma in flight (wait<0>): a pipeline stage that ptxas sees whole; a group kept
        // in flight across k-tiles makes it serialize every wgmma (C7514). The explicit wait<1>
        // before half 1's adds retires nothing (half 0 of kt may run on) but shows ptxas that
        // half 1's registers are free (without it, ptxas injects a wait<0> there: C7517).
        // The sums are the whole-tile kernel's, in the same order: per element, acc2 +=
        // (the k-tile's wgmmas from zero) at each promotion.
        constexpr int kHalfVals = decltype(size(acc_h0.layout()))::value;
        auto const issue = [&](auto& accum, int stage, int h, GMMA::ScaleOut first) {
          mh.accumulate_ = first;
          TESSEL_UNROLL
          for (int kb = 0; kb < kBlocks; ++kb) {
            gemm(mh, hA(_, _, kb, stage), hB(_, _, kb, 2 * stage + h), accum);
            mh.accumulate_ = GMMA::ScaleOut::One;
          }
        };
        // Block scaling: k-tile kt's scales (this thread's two rows, the tile's column block) are
        // loaded during k-tile kt - 1; half 1's adds, a k-tile late, keep the previous ones.
        [[maybe_unused]] float s_lo = 1.f, s_hi = 1.f, p_lo = 1.f, p_hi = 1.f;
        // kWideBlocks: the scales of block b0 + 1 (s_lo1, s_hi1) and of columns [64, 128) (s_lom, s_him)
        [[maybe_unused]] float s_lo1 = 1.f, s_hi1 = 1.f, s_lom = 1.f, s_him = 1.f;
        auto const add_half = [&](auto const& accum, int h, float lo, float hi) {
          TESSEL_UNROLL
          for (int i = 0; i < kHalfVals; ++i) {
            if constexpr (kWideBlocks) {  // (Cross_ only: lo, hi are s_lo, s_hi) value i's 8 columns: 8 * (i / 4) of its half (check_block_cols)
              int const col8 = h * Cfg::BNH::value + 8 * (i / 4);
              bool const low = int(get<0>(tCcC(h * kHalfVals + i))) == row0;
              float const s = col8 < 64 ? (low ? lo : hi) : col8 < 128 ? (low ? s_lom : s_him) : (low ? s_lo1 : s_hi1);
              acc2(h * kHalfVals + i) += accum(i) * s;
            } else if constexpr (Cfg::kBlockScaled) {
              acc2(h * kHalfVals + i) += accum(i) * (int(get<0>(tCcC(h * kHalfVals + i))) == row0 ? lo : hi);
            } else {
              acc2(h * kHalfVals + i) += accum(i);
            }
          }
        };
        if constexpr (Cfg::kCross) {
          // The halves' groups in flight across k-tiles (Cross_): in flight at the top of k-tile kt
          // are half 0 and half 1 of kt - 1, in that order:
          //   wait<1> (half 0 of kt - 1 retired), add it; issue half 0 of kt;
          //   wait<1> (half 1 of kt - 1 retired), release kt - 1's stage, add it; issue half 1 of kt.
          // So the warpgroup's queue on the tensor cores always holds the group it is not adding;
          // after the last k-tile both halves are drained. The same sums in the same order.
          // Chunks of kCross k-tiles (unrolled: straight-line code for ptxas's wgmma pipeline
          // analysis, which serializes every wgmma, C7514, where a group stays in flight across the
          // loop's back edge), drained at each chunk's end; the k-tiles past the last whole chunk
          // in chunks of 4, 2, 1.
          bool promote_prev = false;  // k-tile kt - 1 is promoted (its halves added, kt's restart from zero)
          int prev = -1;              // kt - 1's stage
          // RegA_: this thread's A of a k-tile in registers, four per k-block (the RS wgmma's fragment:
          // rows r, r + 8, bytes 4 (lane % 4) .. + 3 and + 16), loaded from the stage by one ldmatrix.x4
          // per k-block: thread t gives the row of matrix t / 8 (rows + 8 for odd ones, bytes + 16 from
          // the third on); the stage's 128-byte swizzle puts byte c of row r at 128 r + 16 ((c / 16) ^ (r % 8))
          // + c % 16 (check_rega). kRegA buffers: 1, loaded once kt - 1's halves have retired; 2, in turn.
          constexpr int kABufs = Cfg::kRegA > 1 ? Cfg::kRegA : 1;
          [[maybe_unused]] std::uint32_t areg[kABufs][kBlocks][4];
          [[maybe_unused]] std::uint32_t a_row = 0;
          [[maybe_unused]] int a_sw = 0, a_hi = 0;
          if constexpr (Cfg::kRegA > 0) {
            int const lane = ctid % 32;
            int const row = (ctid / 128) * 64 + ((ctid % 128) / 32) * 16 + lane % 8 + 8 * ((lane / 8) % 2);
            a_row = static_cast<std::uint32_t>(__cvta_generic_to_shared(smem_a)) + std::uint32_t(row * 128);
            a_sw = lane % 8, a_hi = lane / 16;  // (row % 8 = lane % 8)
          }
          [[maybe_unused]] auto const load_a = [&](int stage, int b) {
            TESSEL_UNROLL
            for (int kb = 0; kb < kBlocks; ++kb) {
              std::uint32_t const addr = a_row + std::uint32_t(stage * Cfg::kStageA + 16 * ((2 * kb + a_hi) ^ a_sw));
              asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                           : "=r"(areg[b][kb][0]), "=r"(areg[b][kb][1]), "=r"(areg[b][kb][2]), "=r"(areg[b][kb][3])
                           : "r"(addr)
                           : "memory");
            }
            TESSEL_UNROLL
            for (int kb = 0; kb < kBlocks; ++kb)
              TESSEL_UNROLL
              for (int r = 0; r < 4; ++r) asm volatile("" : "+r"(areg[b][kb][r])::"memory");
          };
          [[maybe_unused]] auto const issue_a = [&](auto& accum, int stage, int h, GMMA::ScaleOut first, int b) {
            using OpR = typename Cfg::OpHRegA;
            auto& d = *reinterpret_cast<typename OpR::Acc(*)[OpR::NC]>(&accum(0));
            TESSEL_UNROLL
            for (int kb = 0; kb < kBlocks; ++kb)
              OpR::fma(areg[b][kb], std::uint64_t(hB(0, 0, kb, 2 * stage + h)), d, kb == 0 ? first : GMMA::ScaleOut::One);
          };
          auto const step = [&](int kt, bool chained, [[maybe_unused]] int b) {
            bool promote = true;
            if constexpr (!Cfg::kBlockScaled) promote = ++since == p.scales.promote_every || kt + 1 == k_tiles;
            if (promote) since = 0;
            GMMA::ScaleOut const first = (kt == 0 || promote_prev) ? GMMA::ScaleOut::Zero : GMMA::ScaleOut::One;
            if (offset_pending && wg_order == 1) detail::named_barrier_sync(Cfg::kOffsetBarrier, 256), offset_pending = false;
            pipe.consumer_wait(st);
            if constexpr (Cfg::kRegA == 2) load_a(st.index, b);  // (buffer b's last k-tile, kt - 2, has retired)
            if (chained) {
              warpgroup_wait<1>();  // half 0 of kt - 1 has retired (half 1 may run)
              warpgroup_fence_operand(acc_h0);
              if (offset_pending && wg_order == 0) detail::named_barrier_arrive(Cfg::kOffsetBarrier, 256), offset_pending = false;
              if (promote_prev) add_half(acc_h0, 0, s_lo, s_hi);
            }
            if constexpr (Cfg::kRegA == 1) {
              if (chained) {
                warpgroup_wait<0>();  // half 1 of kt - 1 has retired too: A's registers are free
                warpgroup_fence_operand(acc_h1);
                if (lane0) pipe.consumer_release(prev);
              }
              load_a(st.index, 0);
            }
            warpgroup_fence_operand(acc_h0);
            warpgroup_arrive();
            if constexpr (Cfg::kRegA > 0) issue_a(acc_h0, st.index, 0, first, kABufs > 1 ? b : 0);
            else issue(acc_h0, st.index, 0, first);
            warpgroup_commit_batch();
            if (chained) {
              if constexpr (Cfg::kRegA != 1) {
                warpgroup_wait<1>();  // half 1 of kt - 1 has retired (half 0 of kt may run)
                warpgroup_fence_operand(acc_h1);
                if (lane0) pipe.consumer_release(prev);
              }
              if (promote_prev) add_half(acc_h1, 1, s_lo, s_hi);
            }
            warpgroup_fence_operand(acc_h1);
            warpgroup_arrive();
            if constexpr (Cfg::kRegA > 0) issue_a(acc_h1, st.index, 1, first, kABufs > 1 ? b : 0);
            else issue(acc_h1, st.index, 1, first);
            warpgroup_commit_batch();
            if constexpr (Cfg::kBlockScaled) {
              s_lo = next_sb * next_lo, s_hi = next_sb * next_hi;  // k-tile kt's, for its adds
              if constexpr (kWideBlocks) {
                s_lo1 = next_sb1 * next_lo, s_hi1 = next_sb1 * next_hi;
                s_lom = mid_next ? s_lo1 : s_lo, s_him = mid_next ? s_hi1 : s_hi;
              }
              if (kt + 1 < k_tiles) {
                long long const kn = kt + 1;
                next_sb = __ldg(sb_col + kn * p.scales.b_kb_stride);
                if constexpr (kWideBlocks) next_sb1 = __ldg(sb_col1 + kn * p.scales.b_kb_stride);
                next_lo = __ldg(sa_lo + kn * p.scales.a_kb_stride), next_hi = __ldg(sa_hi + kn * p.scales.a_kb_stride);
              }
            }
            prev = st.index;
            promote_prev = promote;
            st.advance();
          };
          auto const drain = [&] {
            warpgroup_wait<1>();  // the last k-tile's half 0
            warpgroup_fence_operand(acc_h0);
            if (offset_pending && wg_order == 0) detail::named_barrier_arrive(Cfg::kOffsetBarrier, 256), offset_pending = false;
            if (promote_prev) add_half(acc_h0, 0, s_lo, s_hi);
            warpgroup_wait<0>();
            warpgroup_fence_operand(acc_h1);
            if (lane0) pipe.consumer_release(prev);
            if (promote_prev) add_half(acc_h1, 1, s_lo, s_hi);
          };
          // Chunks of n k-tiles from kt on, while n of them are left: kCross, then the powers of two below it.
          int kt = 0;
          auto const chunks = [&]<int n>(std::integral_constant<int, n>) {
            for (; kt + n <= k_tiles; kt += n) {
              TESSEL_UNROLL
              for (int u = 0; u < n; ++u) step(kt + u, u > 0, u % 2);
              drain();
            }
          };
          constexpr int U = Cfg::kCross;
          if constexpr (Cfg::kEpiUnder) {
            // The tile's first k-tile issued (both halves in flight), the previous tile's epilogue (its
            // promoted accumulator to C) under it, the promoted accumulator from zero; then the rest of
            // the first chunk, of the size chunks would give it (the largest of kCross, 4, 2, 1 that
            // fits), drained on every path (ptxas serializes every wgmma, C7514, where paths with
            // groups in flight and without meet).
            step(0, false, 0);
            if (under_pending) store_tma(t_under), under_pending = false;
            zero_acc2();
            auto const first_chunk = [&]<int n>(auto const& self, std::integral_constant<int, n>) __attribute__((always_inline)) {
              if (n == 1 || n <= k_tiles) {
                TESSEL_UNROLL
                for (int u = 1; u < n; ++u) step(u, true, u % 2);
                drain();
                kt = n;
              } else if constexpr (n > 1) {
                self(self, std::integral_constant<int, (n > 4 ? 4 : n > 2 ? 2 : 1)>{});
              }
            };
            first_chunk(first_chunk, std::integral_constant<int, U>{});
          }
          chunks(std::integral_constant<int, U>{});
          if constexpr (U > 4) chunks(std::integral_constant<int, 4>{});
          if constexpr (U > 2) chunks(std::integral_constant<int, 2>{});
          if constexpr (U > 1) chunks(std::integral_constant<int, 1>{});
        } else {
        bool restart = true;  // the last k-tile was promoted: this one's wgmmas start from zero
        for (int kt = 0; kt < k_tiles; ++kt) {
          bool promote = true;
          if constexpr (!Cfg::kBlockScaled) promote = ++since == p.scales.promote_every || kt + 1 == k_tiles;
          if (promote) since = 0;
          GMMA::ScaleOut const first = restart ? GMMA::ScaleOut::Zero : GMMA::ScaleOut::One;
          if (offset_pending && wg_order == 1) detail::named_barrier_sync(Cfg::kOffsetBarrier, 256), offset_pending = false;
          pipe.consumer_wait(st);
          warpgroup_fence_operand(acc_h0);
          warpgroup_arrive();
          issue(acc_h0, st.index, 0, first);
          warpgroup_commit_batch();
          if constexpr (Cfg::kBlockScaled) {
            p_lo = s_lo, p_hi = s_hi;
            s_lo = next_sb * next_lo, s_hi = next_sb * next_hi;
            if (kt + 1 < k_tiles) {  // the next k-tile's scales, while this one's wgmmas run
              long long const kn = kt + 1;
              next_sb = __ldg(sb_col + kn * p.scales.b_kb_stride);
              next_lo = __ldg(sa_lo + kn * p.scales.a_kb_stride), next_hi = __ldg(sa_hi + kn * p.scales.a_kb_stride);
            }
          }
          if (pending >= 0 && lane0) pipe.consumer_release(pending);  // k-tile kt - 1's stage (retired)
          if (kt > 0 && restart) {  // half 1 of k-tile kt - 1 (retired), while half 0 of kt runs
            warpgroup_wait<1>();
            warpgroup_fence_operand(acc_h1);
            add_half(acc_h1, 1, p_lo, p_hi);
          }
          warpgroup_fence_operand(acc_h1);
          warpgroup_arrive();
          issue(acc_h1, st.index, 1, first);
          warpgroup_commit_batch();
          warpgroup_wait<1>();  // half 0 of k-tile kt has retired (half 1 may run)
          warpgroup_fence_operand(acc_h0);
          if (offset_pending && wg_order == 0) detail::named_barrier_arrive(Cfg::kOffsetBarrier, 256), offset_pending = false;
          if (promote) add_half(acc_h0, 0, s_lo, s_hi);
          warpgroup_wait<0>();
          warpgroup_fence_operand(acc_h1);
          pending = st.index;
          restart = promote;
          st.advance();
        }
        if (k_tiles > 0) add_half(acc_h1, 1, s_lo, s_hi);  // the last k-tile's half 1 (always promoted)
        if (pending >= 0 && lane0) pipe.consumer_release(pending);
        }  // (not kCross)
      } else {
      if constexpr (Cfg::kPingPong) turns.wait();  // the previous tile's main loop (the other warpgroup's) is issued
      for (int kt = k_begin; kt < k_end - (kSplit > 1 ? 1 : 0); ++kt) {
        if constexpr (Cfg::kPromote) {
          if (offset_pending && wg_order == 1) detail::named_barrier_sync(Cfg::kOffsetBarrier, 256), offset_pending = false;
        }
        pipe.consumer_wait(st);
        warpgroup_fence_operand(acc);
        warpgroup_arrive();
        TESSEL_UNROLL
        for (int kb = 0; kb < kBlocks; ++kb) {
          gemm(mma, tCrA(_, _, kb, st.index), tCrB(_, _, kb, st.index), acc);
          mma.accumulate_ = GMMA::ScaleOut::One;
        }
        warpgroup_commit_batch();
        bool promote = false;
        if constexpr (Cfg::kBlockScaled) promote = true;
        else if constexpr (Cfg::kPromote) promote = ++since == p.scales.promote_every;
        if (promote) {  // every wgmma retired: acc added (block-scaled: scaled) into acc2, restarted from zero
          [[maybe_unused]] float s_lo = 0.f, s_hi = 0.f;
          if constexpr (Cfg::kBlockScaled) {
            s_lo = next_sb * next_lo, s_hi = next_sb * next_hi;
            if (kt + 1 < k_tiles) {  // the next k-tile's scales, while this one's wgmmas run
              long long const kn = kt + 1;
              next_sb = __ldg(sb_col + kn * p.scales.b_kb_stride);
              next_lo = __ldg(sa_lo + kn * p.scales.a_kb_stride), next_hi = __ldg(sa_hi + kn * p.scales.a_kb_stride);
            }
          }
          warpgroup_wait<0>();
          warpgroup_fence_operand(acc);
          if constexpr (Cfg::kPromote) {
            if (offset_pending && wg_order == 0) detail::named_barrier_arrive(Cfg::kOffsetBarrier, 256), offset_pending = false;
          }
          if (lane0) {  // both stages' wgmmas have retired: the buffers are free before the promotion's adds
            if (pending >= 0) pipe.consumer_release(pending);
            pipe.consumer_release(st.index);
          }
          pending = -1;
          if constexpr (Cfg::kPromote) {
            TESSEL_UNROLL
            for (int i = 0; i < int(size(acc.layout())); ++i) {
              if constexpr (Cfg::kBlockScaled) acc2(i) += acc(i) * (int(get<0>(tCcC(i))) == row0 ? s_lo : s_hi);
              else acc2(i) += acc(i);
            }
          }
          since = 0;
          mma.accumulate_ = GMMA::ScaleOut::Zero;
        } else {
          warpgroup_wait<1>();  // the previous k-tile's wgmmas have retired
          warpgroup_fence_operand(acc);
          if constexpr (Cfg::kPromote) {
            if (offset_pending && wg_order == 0) detail::named_barrier_arrive(Cfg::kOffsetBarrier, 256), offset_pending = false;
          }
          if (pending >= 0 && lane0) pipe.consumer_release(pending);
          pending = st.index;
        }
        st.advance();
      }
      if constexpr (Cfg::kPingPong) turns.pass(next_valid(w));  // the next tile's warpgroup may issue its wgmmas
      if constexpr (kSplit > 1) {
        // The last k-tile: one group of wgmmas per column piece, left in flight; the previous k-tile's stage
        // is released once its wgmmas have retired (wait<kSplit>), this one's when the last piece has
        // (release_last: drain_pieces, or the TMA epilogue's wait for the last piece).
        pipe.consumer_wait(st);
        warpgroup_fence_operand(acc);
        warpgroup_arrive();
        TESSEL_UNROLL
        for (int j = 0; j < kSplit; ++j) {
          auto accp = piece(j);
          mp.accumulate_ = mma.accumulate_;
          TESSEL_UNROLL
          for (int kb = 0; kb < kBlocks; ++kb) {
            gemm(mp, pA(_, _, kb, st.index), pB(_, _, kb, kSplit * st.index + j), accp);
            mp.accumulate_ = GMMA::ScaleOut::One;
          }
          warpgroup_commit_batch();
        }
        warpgroup_wait<kSplit>();
        if (pending >= 0 && lane0) pipe.consumer_release(pending);
        pending = -1;
        last = st.index;
        st.advance();
      } else {
      warpgroup_wait<0>();
      warpgroup_fence_operand(acc);
      if (pending >= 0 && lane0) pipe.consumer_release(pending);
      }
      if constexpr (Cfg::kPromote) {
        if (since > 0) {
          TESSEL_UNROLL
          for (int i = 0; i < int(size(acc2.layout())); ++i) acc2(i) += acc(i);
        }
      }
      }  // (not kHalves)
      // kSplit: the last k-tile's pieces retired and its stage released, where the accumulators are
      // read whole (the stream-K pieces, the direct epilogue); the TMA epilogue waits piece by piece.
      [[maybe_unused]] auto const drain_pieces = [&] {
        warpgroup_wait<0>();
        warpgroup_fence_operand(acc);
        release_last();
      };
      // A stream-K piece (the walk's tail, StreamK): a later piece of a tile stores its partial
      // sums for the tile's head and is done; the head adds the later pieces' sums (in worker order),
      // then stores the tile as any other.
      if constexpr (StreamK) {
        if (w.split()) {
          if constexpr (kSplit > 1) drain_pieces();
          if (k_begin > 0) {
            detail::stream_k_store<Cfg>(p.sk, int(blockIdx.x), mtid, acc);
            continue;
          }
          if (k_end < k_tiles) detail::stream_k_add<Cfg>(p.sk, w.position() - p.sk.begin, cluster, int(rank), mtid, acc);
        }
      }
      if constexpr (Cfg::kEpiTma) {
        if (p.epi_tma && t.tma_store) {
          if constexpr (Cfg::kEpiUnder) t_under = t, under_pending = true;  // stored under the next tile's first k-tile
          else store_tma(t);
          continue;
        }
      }
      if constexpr (kSplit > 1) drain_pieces();
      // Registers -> global memory (epilogue.cuh). The accumulators' tile
      // coordinates are the TiledMMA's C partition of the (static) identity
      // tile; the global address is C's layout at them (a partition of a
      // dynamic-strided tensor would run the layout algebra at run time, whose
      // error path is a call: ptxas then serializes wgmma).
      if constexpr (Cfg::kBlockScaled) {
        epilogue_direct<BM, typename Cfg::BN>(res, tCcC, LinearCombination{p.alpha, p.beta}, p.c, p.ldc, t.c_row, t.c_col, t.c_row_end, p.n, p.vec);
      } else if constexpr (Cfg::kEightBit) {
        detail::ScaledCombination const hook{detail::tensor_scaled_alpha(p.alpha, p.scales), p.beta, p.scales.a_rows ? p.scales.a : nullptr,
                                             p.scales.b_cols ? p.scales.b : nullptr, p.m, p.n};
        epilogue_direct<BM, typename Cfg::BN>(res, tCcC, hook, p.c, p.ldc, t.c_row, t.c_col, t.c_row_end, p.n, p.vec);
      } else {
        epilogue_direct<BM, typename Cfg::BN>(acc, tCcC, LinearCombination{p.alpha, p.beta}, p.c, p.ldc, t.c_row, t.c_col, t.c_row_end, p.n, p.vec);
      }
    }
    if constexpr (Cfg::kEpiUnder)
      if (under_pending) store_tma(t_under);  // the walk's last tile
    if constexpr (Cfg::kEpiTma) {
      if (p.epi_tma && (ctid % 128) == 0) tma_store_wait<0>();  // the slots are read before the CTA leaves
    }
  }
  // No CTA leaves while a peer may still arrive on its barriers: the producer's tail (above) where the walk
  // is static; a dynamic walk (a counter: its last stage is never released) with a cluster barrier.
  if (cluster > 1 && detail::dynamic_counter(p.problem) != nullptr) {
    __syncwarp();
    cluster_sync();
  }
#else
  (void)p;
#endif
}

}  // namespace tessel::kernels::sm90
