// tessel/kernels/gemm_sm90_grouped.cuh: grouped (MoE) GEMMs on Hopper (sm_90a), one
// persistent launch over many groups of different row counts sharing N and K:
//
//   C_g = A_g * B_g^T      for g = 0 .. E-1
//
// A_g: group g's rows of A (rows_g x K, K contiguous), B_g: B[g] of B (E, N, K)
// (K contiguous: the weights of an expert as nn.Linear keeps them), C_g: group
// g's rows of C (rows_g x N, row-major). Two ways to give the groups' rows
// (GroupRows, scheduler.cuh), both int32 arrays in device memory, never read by
// the host:
//   - contiguous: the experts' rows of A and C concatenated, ends[g] the end of
//     group g's rows (torch._grouped_mm's `offs`: group g is rows
//     [ends[g-1], ends[g]), ends[-1] = 0); rows past ends[E-1] are not written;
//   - masked: A (E, capacity, K) and C (E, capacity, N), counts[g] valid rows
//     of expert g (DeepGEMM's masked layout); C's rows past counts[g] are not written.
// Every group size 0..capacity works, empty groups included.
//
// The kernel is the Hopper GEMM's own (gemm_sm90_kernel.cuh: TMA producer, wgmma
// consumers, the TmaPipeline, the epilogues) with GroupedProblem as its
// problem: per tile, A's rows from the group's start (any row: the TMA loads a
// tile from there, and rows past the group are loaded and computed but never
// stored), B's rows g * N + n * BN of B seen as (E * N, K), C's tile at the
// group's rows (clusters of 2, GroupedGemmOptions::cluster: the pair takes m-tiles
// 2m and 2m + 1 of one column and shares the B tile by TMA multicast, as the
// dense GEMM's pairs do). A tile that lies wholly within its group is stored by the
// TMA epilogue; the group's last, partial tile by the predicated direct
// epilogue, bounded by the group's last row (a TMA store would clip only at
// C's end and write the next group's rows).
//
// The tiles come from GroupedTileScheduler (scheduler.cuh): a pre-pass kernel
// (group_table_kernel, one CTA, on the same stream) turns the sizes into a
// table of m-tiles (group, the group's first m-tile, first row, rows), a
// prefix sum of the groups' row tiles; each persistent CTA then walks
// positions first, first + step, ... (or, in the dynamic order, GroupedGemmOptions::schedule, its first
// position and then the next one of a counter in the table's header) and finds its tile with one table read
// and the group's tile layout ((W, tm_g), ceil(tn / W)) : ((tm_g, 1), W * tm_g)
// (the dense raster's swizzle within the group). The table lives in a
// workspace (grouped_workspace_bytes): the caller's, or allocated and freed
// on the stream (cudaMallocAsync).
//
// FP8 (the FP8 GEMM's configurations, gemm_sm90_config.cuh): e4m3/e5m2 A and B,
// per-tensor scales or per-row scales of A (GroupedGemmOptions::scales), the
// accumulator promotion or not: tessel::cuda::grouped_gemm_fp8.
//
// Host API: tessel::cuda::grouped_gemm(a, b, c, groups, n, k, stream, options)
// with groups = kernels::contiguous_groups(ends, E, rows) or
// kernels::masked_groups(counts, E, capacity); describe_grouped<Cfg>(sizes, N, K).
// Compile with nvcc.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "gemm_sm90.cuh"
#include "gemm_tile.cuh"
#include "scheduler.cuh"

namespace TESSEL_NAMESPACE::kernels {

// The groups of a contiguous layout: ends[g] (device, int32) the end of group g's rows of A and C (rows of them).
inline GroupRows contiguous_groups(int const* ends, int groups, int rows) {
  GroupRows g;
  g.ends = ends, g.groups = groups, g.total_rows = rows;
  return g;
}
// The groups of a masked layout: counts[g] (device, int32) of group g's capacity rows.
inline GroupRows masked_groups(int const* counts, int groups, int capacity) {
  GroupRows g;
  g.counts = counts, g.groups = groups, g.capacity = capacity;
  if ((long long)groups * capacity > 0x7fffffffll) fail("kernels::masked_groups: groups x capacity rows exceed 2^31");
  g.total_rows = groups * capacity;
  return g;
}

// The options of a grouped GEMM call.
struct GroupedGemmOptions {
  int log_band = -1;  // the groups' raster: bands of 2^log_band columns of tiles (-1: choose_log_band)
  // CTAs per cluster along M: 2 pairs the group's m-tiles (2m, 2m + 1) of one column, which then
  // share each B tile by TMA multicast (a group's lone last m-tile: split_lone below); 1 none;
  // -1 chosen per card (choose_grouped_cluster: 2 on cards of less DRAM bandwidth per SM than
  // kGroupedPairsBelowGBpsPerSM, as the H100, 1 on the others, as the H200). H100, bf16, N = 4096,
  // K = 7168 (bench/RESULTS.md, "Grouped GEMM"): clusters of 2 took 8 / 64 / 256 experts from
  // 0.90 / 0.69 / 0.84x a loop of cuBLAS calls to 0.98 / 0.95 / 1.01x (B crosses L2 once per pair;
  // with ~4 m-tiles per group, a B tile has few readers in a wave). On the H200 (4.8 TB/s against
  // 3.35) clusters of 1 re-read B at little cost, and pairs lost, first by the tile they computed
  // beside each lone m-tile (session 11: 1.04 / 1.11 / 1.33x the rows of clusters of 1; split_lone
  // removes it), then still by 4-16% with it (session 12).
  int cluster = -1;
  // Clusters of 2 and a group's lone last m-tile (its rows end within the pair's first 128):
  //   0: computed beside a tile of no rows, B shared by multicast (the session-11 kernel);
  //   1 (kSplitN): split along N between the pair, each CTA loading its own B;
  //   2 (kSplitHalves): of more than 64 rows, split along M, CTA r taking its 64 rows
  //      r * 64 .. (each CTA's second warpgroup idle), B shared by multicast; of 64 rows or fewer,
  //      not split (one warpgroup of the pair busy). Unlike 1, the pair's B tile stays the one the
  //      group's other pairs of that column read at about the same time (the split along N takes n-tiles
  //      2n and 2n + 1 at position n: B tiles read twice from DRAM where the group's B exceeds L2);
  //   -1: chosen per card (choose_split_lone).
  // In every mode a warpgroup whose 64 rows lie past its group's issues no wgmma (GroupedProblem::
  // kSkipIdleRows), so that a tile of at most 64 of a group's rows costs about half a 128-row one.
  int split_lone = -1;
  // The order in which the persistent CTAs take the positions (sm90::kScheduleStatic / kScheduleDynamic):
  //   static: CTA c takes positions c, c + grid, c + 2 grid, ... (the dense GEMM's walk);
  //   dynamic (clusters of 1): CTA c takes position c first, then the next position of a counter in
  //     the workspace (atomicAdd), so that positions start in the order of time: a group's m-tiles of
  //     one column, adjacent positions (log_band 0), start together and read their B tile from DRAM
  //     about once, the later ones from L2 (under the static walk, CTAs drift apart by whole tiles and
  //     each m-tile reads B from DRAM: bench/RESULTS.md "Grouped GEMM, session 15");
  //   -1: choose_grouped_schedule.
  int schedule = -1;
  GemmEpilogue epilogue = GemmEpilogue::automatic;  // automatic: TMA stores for whole tiles (16-bit C), direct otherwise
  void* workspace = nullptr;           // device memory for the tile table (nullptr: allocated on the stream)
  std::size_t workspace_bytes = 0;     // its size (at least grouped_workspace_bytes)
  bool check_sizes = false;            // wait for the pre-pass and raise the named error if the sizes are not valid
  // FP8 configurations: per-tensor scales, or per-row scales of A (a_rows: one per row of A, i.e. per
  // token); per-column scales of B would be per expert and are not taken (a named error).
  sm90::GemmScales scales{};
  LaunchInfo* info = nullptr;          // where the launch's figures go
};

inline constexpr int kMaxGroups = 8192;  // the pre-pass keeps the prefix sums in shared memory

// The workspace of a grouped GEMM with tiles of tile_rows rows (Cfg::BM): the table's header and entries.
inline std::size_t grouped_workspace_bytes(GroupRows const& gr, int tile_rows) {
  return std::size_t(2 + gr.max_mtiles(tile_rows)) * sizeof(GroupTileEntry);
}

// The pre-pass: one CTA builds the table of m-tiles (scheduler.cuh) from the
// groups' sizes: each thread sums the row tiles of a run of groups, a scan of
// the threads' sums gives the exclusive prefix sums (shared memory, groups + 1
// ints), then the threads fill the entries. Invalid sizes, or more m-tiles than
// `room` entries: the header says so and holds no tile.
// (Threads: the CTA's threads, a power of 2; a template, so that every translation unit may hold it.)
template <int Threads>
__global__ void __launch_bounds__(Threads) group_table_kernel(GroupRows const gr, int tile_rows, GroupTileEntry* table, long long room) {
  extern __shared__ int prefix[];  // [gr.groups + 1]
  __shared__ int sums[Threads];
  __shared__ int bad;
  int const tid = int(threadIdx.x), nt = Threads;
  if (tid == 0) bad = 0, prefix[0] = 0;
  __syncthreads();
  int const per = (gr.groups + nt - 1) / nt;
  int const g0 = tid * per < gr.groups ? tid * per : gr.groups, g1 = g0 + per < gr.groups ? g0 + per : gr.groups;
  int s = 0;
  for (int g = g0; g < g1; ++g) {
    int start = 0, rows = 0;
    gr.group(g, start, rows);
    if (rows < 0) atomicOr(&bad, 1);
    int const c = rows > 0 ? group_mtiles(rows, tile_rows) : 0;
    prefix[g + 1] = c;
    s += c;
  }
  sums[tid] = s;
  __syncthreads();
  for (int off = 1; off < nt; off <<= 1) {  // inclusive scan of the threads' sums
    int const v = tid >= off ? sums[tid - off] : 0;
    __syncthreads();
    sums[tid] += v;
    __syncthreads();
  }
  int run = tid > 0 ? sums[tid - 1] : 0;
  for (int g = g0; g < g1; ++g) {
    run += prefix[g + 1];
    prefix[g + 1] = run;
  }
  __syncthreads();
  int const total = prefix[gr.groups];
  int const error = bad ? kGroupTableBadSizes : (long long)total + 1 > room ? kGroupTableTooSmall : 0;
  int const tiles = error ? 0 : total;
  if (tid == 0) {
    GroupTileEntry h;
    h.group = tiles, h.first = error;
    h.start = 0;  // the dynamic order's counter of positions (GroupedProblem::counter), zero at each launch
    table[0] = h;
  }
  for (int t = tid; t < tiles; t += nt) table[1 + t] = group_table_entry(gr, prefix, t);
}

namespace sm90 {

// The grouped GEMM's problem (gemm_tile.cuh): tiles from the grouped scheduler,
// A and C rows from the group's start, B rows from group * n, stores bounded by the group's rows.
// With clusters of 2 the scheduler's m-tiles are of 2 * BM rows, CTA `rank` of the pair taking
// rows rank * BM .. of each.
//
// Clusters of 2 and a group's lone last m-tile (its rows end within the first BM of the pair's
// 2 * BM; every group with an odd count of BM-row tiles has one): with split_lone = kSplitN, the pair
// splits that m-tile along N instead: position n of the row (n < ceil(tn / 2)) is the n-tiles 2n (rank 0)
// and 2n + 1 (rank 1) of the same rows, each CTA loading its own B tile (GemmTile::b_own; the A tile
// is the same, read twice through L2); positions n >= ceil(tn / 2) of that row are no tile (both CTAs
// skip them). An odd tn leaves rank 1 of the last position an n-tile past N (computed, not stored).
// kSplitHalves: a lone m-tile of more than BM / 2 rows is split along M instead, CTA r taking rows
// r * BM / 2 .. of it (rank 0 bounded at BM / 2 rows, rank 1 at the group's end), the B tile shared
// by multicast as for whole pairs; each CTA's second warpgroup has no rows and skips its wgmmas
// (kSkipIdleRows), so the position costs about half a tile; one of at most BM / 2 rows is not split.
// Without split_lone, rank 1 computes BM rows past the group's (not stored): the work of a tile, or,
// with kSkipIdleRows, the time its partner takes (the pair's stages are shared).
inline constexpr int kSplitNone = 0, kSplitN = 1, kSplitHalves = 2;  // GroupedGemmOptions::split_lone's modes

inline constexpr int kScheduleStatic = 0, kScheduleDynamic = 1;  // GroupedGemmOptions::schedule's orders

struct GroupedProblem {
  GroupedTileScheduler sched;  // tile_rows: BM x the cluster's CTAs
  int n = 0;  // B's rows per group (N)
  int split_lone = kSplitN;  // clusters of 2: how a group's lone last m-tile is split (GroupedGemmOptions::split_lone)
  // The kernel's consumer warpgroups skip the wgmmas of rows past c_row_end (gemm_sm90_kernel.cuh).
  static constexpr bool kSkipIdleRows = true;
  // The dynamic order (kScheduleDynamic, clusters of 1): the counter of positions taken past the first
  // grid's (the table header's `start`, zeroed by the pre-pass); nullptr: the static walk. The kernel
  // then takes position blockIdx.x, then grid + atomicAdd(counter, 1), ... (gemm_sm90_kernel.cuh:
  // the producer hands each tile's position to the consumers with the tile's first stage).
  int* counter = nullptr;

  template <class P>
  TESSEL_HOST_DEVICE TileWalk walk(P const&, int first, int step) const { return sched.walk(first, step); }
  template <class P>
  TESSEL_HOST_DEVICE GemmTile tile(P const&, int pos, int cluster, int rank) const {
    using Cfg = typename P::Config;
    constexpr int BM = Cfg::BM::value, BN = Cfg::BN::value;
    GroupTile const g = sched.tile(pos);
    GemmTile t;
    if (!sched.valid(g)) return t;
    int m = g.m * cluster + rank, nt = g.n;  // the CTA's BM-row tile of the group, its n-tile
    int row = g.start + m * BM, row_end = g.start + g.rows;
    int const rem = g.rows - g.m * 2 * BM;  // clusters of 2: the group's rows from the pair's first row on
    if (cluster == 2 && split_lone == kSplitHalves && rem <= BM) {
      if (2 * rem > BM) {  // the lone m-tile split along M
        row = g.start + g.m * 2 * BM + rank * (BM / 2);
        if (rank == 0) row_end = row + BM / 2;  // (rank 1's rows; BM / 2 = 64: one warpgroup's)
      }  // (at most BM / 2 rows: as without the split, rank 0's second warpgroup and rank 1 idle)
    } else if (cluster == 2 && split_lone == kSplitN && rem <= BM) {  // the group's lone last m-tile: split along N
      if (2 * g.n >= sched.tiles_n) return t;  // this row's positions past ceil(tn / 2): no tile (for both CTAs)
      m = g.m * 2, nt = 2 * g.n + rank;
      row = g.start + m * BM;
      t.b_own = true;
    }
    t.valid = true;
    t.a_row = t.c_row = row;  // rows past the group's (an odd count's pair without split_lone): not stored
    t.c_row_end = row_end;
    t.b_row = g.group * n + nt * BN;  // (nt = tn: B rows past the group's, or zeros past B; the tile is not stored)
    t.c_col = nt * BN;
    t.tma_store = t.c_row + BM <= t.c_row_end;  // the tile lies within its group: the TMA store may write it whole
    return t;
  }
};

// The card's peak DRAM bandwidth per SM (GB/s) from above which clusters of 2 are not chosen. A pair
// shares each B tile by multicast, so that B crosses L2 once per pair; clusters of 1 re-read B where
// the CTAs sharing it drift apart, and the cost of that is the card's DRAM bandwidth against its
// tensor throughput (the same SMs and clocks on the H100 and the H200). Measured (bench/RESULTS.md,
// "Grouped GEMM, session 12"): H100 SXM (3.35 TB/s, 25.4 GB/s per SM): clusters of 2 1.04-1.32x
// clusters of 1 (bf16, N = 4096, K = 7168 and N = K = 2048, 8 to 256 experts; session 11, before
// split_lone); H200 (4.8 TB/s, 36.5 GB/s per SM): 0.83-1.005x with split_lone (bf16 and FP8), where
// clusters of 1 are about as fast as tessel's dense GEMM of the same FLOPs once the extra rows of
// the groups' last tiles are counted. The threshold lies between the two cards.
inline constexpr double kGroupedPairsBelowGBpsPerSM = 30.0;

// The cluster of GroupedGemmOptions::cluster = -1 on a card of dram_gbps_per_sm (peak DRAM GB/s per
// SM; 0: unknown, taken as the H100's): 1 at or above kGroupedPairsBelowGBpsPerSM; else 2 (a pair
// shares B by multicast; choose_split_lone below), unless there is one column of n-tiles and the groups average fewer than
// 2 * BM rows (a lone m-tile's pair would then compute one n-tile past N beside it).
inline int choose_grouped_cluster(GroupRows const& gr, int tile_rows, int tiles_n, double dram_gbps_per_sm) {
  if (gr.groups <= 0 || dram_gbps_per_sm >= kGroupedPairsBelowGBpsPerSM) return 1;
  return tiles_n >= 2 || gr.total_rows / gr.groups >= 2 * tile_rows ? 2 : 1;
}

// The split of GroupedGemmOptions::split_lone = -1 on a card of dram_gbps_per_sm (0: unknown, taken as
// the H100's): split where DRAM bandwidth is plentiful (at or above kGroupedPairsBelowGBpsPerSM, the
// H200: the split saves the lone tiles' extra rows; session 12, pairs with it 0.84-1.005x clusters of
// 1, without it down to 0.74x), not below, where B's bytes bound the pairs and the split's second B
// load costs more than the rows it saves (the H100, bf16, N = 4096, K = 7168, session 12's final call,
// a loop of cuBLAS calls = 1: 8 / 64 / 256 experts 0.968 / 0.890 / 0.821 with the split, 0.967 /
// 0.967 / 0.965 without; bench/RESULTS.md "Session 12, final call"). Session 13 (H100, idle warpgroups
// skipped): no split 0.94-0.98 / 1.00-1.08 / 1.05-1.11, along N 0.90 / 0.94-0.97 / 0.80-0.81 (the lone row's
// positions read B tiles the group's other pairs of the column do not), halves (kSplitHalves) within -0.02 to
// +0.04 of no split: no split kept below the threshold. The H200 ran the halves in session 14's final call B
// (0.98-1.005x a cuBLAS loop at K = 7168, 8 to 256 experts) and session 15 (helper h200); it takes clusters of 1
// by default (choose_grouped_cluster), so this choice applies there only to pairs asked for.
inline int choose_split_lone(double dram_gbps_per_sm) { return dram_gbps_per_sm >= kGroupedPairsBelowGBpsPerSM ? kSplitN : kSplitNone; }

// The order of GroupedGemmOptions::schedule = -1 for groups of gr, tiles of tile_rows rows (BM), 8-bit inputs
// or not, on a card of dram_gbps_per_sm (0: unknown, taken as the H100's): dynamic (clusters of 1) for 8-bit
// inputs and for 16-bit inputs whose groups average at most kDynamicMaxAvgTiles tiles below
// kGroupedPairsBelowGBpsPerSM, kDynamicMaxAvgTilesWide at or above it; static otherwise. Measured per round
// (bench/RESULTS.md; N = 4096, K = 7168 at 8 / 64 / 256 experts, and 256 experts at N = K = 2048):
//   H100 ("Grouped GEMM, session 15"; ratios to its static default, clusters of 2 without split_lone): 8-bit
//   promoted 1.10 / 1.12 / 1.30 / 1.50x, fast 1.03 / 1.11 / 1.10 / 1.09x; 16-bit groups of 128 rows on average
//   (256 experts) 1.01x at K = 7168, 1.14x at N = K = 2048; larger 16-bit groups static, where the pairs'
//   multicast reads B once per 256 rows in lockstep and the dynamic order's L2 sharing does less (64 experts,
//   512 rows: 0.88x; 8 experts: 0.94x).
//   H200 ("Session 15, the new defaults on the H200"; ratios to its static default, clusters of 1, which re-read
//   B wherever the CTAs sharing a tile drift apart): 16-bit 1.16-1.25x at 64 experts (4 tiles on average;
//   1.00-1.16x against the bench's c1 row, the same static configuration) and 1.22-1.26x at 256 experts in every
//   round, 0.99-1.01x at 256 experts N = K = 2048, 0.79-0.97x at 8 experts (16 tiles: static kept); 8-bit
//   promoted 1.03-1.14 / 1.09-1.12 / 1.19-1.24 / 1.53-1.54x, fast 1.08-1.10x at 64 experts, 1.00-1.05x at 256
//   and 1.01-1.03x at N = K = 2048, but 0.97-0.99x at 8 experts (taken for the promoted gain at the same groups:
//   the rule does not see the accumulation mode).
inline constexpr int kDynamicMaxAvgTiles = 2;      // below the threshold (measured: 1 tile on average gains, 4 loses)
inline constexpr int kDynamicMaxAvgTilesWide = 4;  // at or above it (measured: 1 and 4 tiles gain, 16 lose)
inline int choose_grouped_schedule(GroupRows const& gr, int tile_rows, bool eight_bit, double dram_gbps_per_sm) {
  if (gr.groups <= 0) return kScheduleStatic;
  int const max_avg = dram_gbps_per_sm >= kGroupedPairsBelowGBpsPerSM ? kDynamicMaxAvgTilesWide : kDynamicMaxAvgTiles;
  bool const small = (long long)gr.total_rows <= (long long)gr.groups * max_avg * tile_rows;
  return eight_bit || small ? kScheduleDynamic : kScheduleStatic;
}

// The band width (log2) of the dynamic order where GroupedGemmOptions::log_band = -1: 1 (positions
// walk a group's m-tiles of one column, then the next column: the CTAs that share a B tile start
// together) where the groups average at most kDynamicNarrowBandMTiles m-tiles, whose A rows then stay in
// L2 across the group's columns; else choose_log_band's, as the static walk (bands of columns walked down
// a large group's rows, whose A would not stay in L2 across a column of its m-tiles).
inline constexpr int kDynamicNarrowBandMTiles = 4;
inline int choose_dynamic_log_band(GroupRows const& gr, int tile_rows, int tiles_n) {
  bool const few = gr.groups > 0 && (long long)gr.total_rows <= (long long)gr.groups * kDynamicNarrowBandMTiles * tile_rows;
  return few ? 0 : choose_log_band(tiles_n);
}

// The shared memory of the grouped kernel: the configuration's, and the dynamic order's position of each
// stage (an int per stage after the pipeline's barriers, gemm_sm90_kernel.cuh).
template <class Cfg>
inline constexpr std::size_t kGroupedSmemBytes = std::size_t(Cfg::kSmemBytes) + std::size_t(Cfg::kStages) * sizeof(int);


// Launches the grouped GEMM of Cfg (K-major A and B) on `stream`: A (gr.total_rows, K)
// with rows lda apart, B (E, N, K) with rows ldb apart (expert g at B + g * N * ldb),
// C (gr.total_rows, N) with rows ldc apart; C = alpha * A_g B_g^T + beta * C on each
// group's rows. Throws tessel::error where the operands cannot be taken.
template <class Cfg>
cudaError_t launch_grouped_gemm(typename Cfg::ElementA const* A, long long lda, typename Cfg::ElementB const* B, long long ldb,
                                typename Cfg::ElementOut* C, long long ldc, GroupRows const& gr, int N, int K, float alpha, float beta,
                                cudaStream_t stream, GroupedGemmOptions const& opt = {}) {
  static_assert(Cfg::kMajorA == GMMA::Major::K && Cfg::kMajorB == GMMA::Major::K, "launch_grouped_gemm: K-major A and B");
  static_assert(kGroupedSmemBytes<Cfg> <= 227 * 1024, "launch_grouped_gemm: the stages and the dynamic order's positions exceed shared memory");
  using T = typename Cfg::ElementA;  // (A and B of one width: GemmConfig)
  using TO = typename Cfg::ElementOut;
  using BM = typename Cfg::BM;
  using P = GemmParams<Cfg, GroupedProblem>;
  static bool const pairs_ok = gemm_common::check_epilogue_pairs<typename Cfg::TiledMma, BM, typename Cfg::BN>();
  if (!pairs_ok) fail("grouped_gemm: the TiledMMA's C layout does not hold column pairs");
  if (gr.groups < 0 || gr.total_rows < 0 || N < 0) fail("grouped_gemm: negative sizes");
  if (gr.groups > kMaxGroups) fail("grouped_gemm: more than 8192 groups");
  if (gr.groups > 0 && (gr.masked() ? gr.counts == nullptr : gr.ends == nullptr)) fail("grouped_gemm: no group sizes");
  if (gr.groups == 0 || gr.total_rows == 0 || N == 0) return cudaSuccess;
  if (K <= 0) fail("grouped_gemm: K = 0 (tessel layouts have no empty modes)");
  if ((long long)gr.groups * N > 0x7fffffffll) fail("grouped_gemm: groups x N rows of B exceed 2^31");
  auto const aligned = [](void const* p, long long ld) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && (ld * (long long)sizeof(T)) % 16 == 0; };
  if (!aligned(A, lda) || !aligned(B, ldb) || lda < K || ldb < K)
    fail("grouped_gemm: A and B need K contiguous, 16-byte aligned starts and rows a multiple of 16 bytes apart (the TMA)");
  if (ldc < N) fail("grouped_gemm: C's rows overlap (ldc < N)");
  P p{};
  if constexpr (Cfg::kEightBit) {
    if (opt.scales.b_cols) fail("grouped_gemm (FP8): per-column scales of B (per expert) are not taken; per tensor or per row of A");
    if (opt.scales.promote_every < 0) fail("grouped_gemm (FP8): GemmScales::promote_every is a count of k-tiles (0: no promotion)");
    if (opt.scales.a_rows && opt.scales.a == nullptr) fail("grouped_gemm (FP8): per-row scales of A without the scales");
    p.scales = opt.scales;
  } else if (opt.scales.a || opt.scales.b) {
    fail("grouped_gemm: scales are the FP8 GEMM's (8-bit inputs)");
  }
  detail::set_tensor_maps<Cfg>(p, A, gr.total_rows, lda, B, gr.groups * N, ldb, C, gr.total_rows, N, K, ldc, beta, opt.epilogue, "grouped_gemm");
  auto const [tiles_m_bound, tiles_n, k_tiles] = gemm_common::tile_counts<Cfg>(gr.total_rows, N, K);
  (void)tiles_m_bound;
  p.m = gr.total_rows, p.n = N, p.k = K;
  p.alpha = alpha, p.beta = beta;
  p.k_tiles = k_tiles;
  if (opt.cluster > 2 || opt.cluster == 0) fail("grouped_gemm: clusters of 1 or 2 CTAs");
  p.vec = (ldc % 2 == 0) && (reinterpret_cast<std::uintptr_t>(C) % (2 * sizeof(TO)) == 0);

  // The table: the caller's workspace, or one allocated (and freed) on the stream.
  std::size_t const need = grouped_workspace_bytes(gr, BM::value);
  void* ws = opt.workspace;
  if (ws != nullptr && opt.workspace_bytes < need) fail("grouped_gemm: the workspace is smaller than grouped_workspace_bytes");
  if (ws != nullptr && reinterpret_cast<std::uintptr_t>(ws) % 16 != 0) fail("grouped_gemm: the workspace is not 16-byte aligned");
  bool const own = ws == nullptr;
  cudaError_t e = cudaSuccess;
  if (own && (e = cudaMallocAsync(&ws, need, stream)) != cudaSuccess) return e;
  auto* table = static_cast<GroupTileEntry*>(ws);
  long long const room = (long long)(need / sizeof(GroupTileEntry));

  int dev = 0;
  if ((e = cudaGetDevice(&dev)) != cudaSuccess) {
    if (own) (void)cudaFreeAsync(ws, stream);
    return e;
  }
  auto kernel = gemm_kernel<Cfg, GroupedProblem>;
  static PerDevice<detail::DeviceFigures> figures;  // (gemm_sm90.cuh: the same figures as the dense GEMM's)
  detail::DeviceFigures const f = figures.get(dev, [&] { return detail::kernel_figures(kernel, dev, unsigned(Cfg::kThreads), kGroupedSmemBytes<Cfg>); });
  if (f.error != cudaSuccess) {
    figures.forget(dev);
    if (own) (void)cudaFreeAsync(ws, stream);
    return f.error;
  }
  if (opt.schedule > kScheduleDynamic) fail("grouped_gemm: schedule is -1, 0 (static) or 1 (dynamic)");
  int const schedule = opt.schedule >= 0 ? opt.schedule : choose_grouped_schedule(gr, BM::value, Cfg::kEightBit, f.dram_gbps_per_sm);
  if (schedule == kScheduleDynamic && opt.cluster == 2) fail("grouped_gemm: the dynamic schedule takes clusters of 1");
  p.cluster = schedule == kScheduleDynamic ? 1 : opt.cluster > 0 ? opt.cluster : choose_grouped_cluster(gr, BM::value, tiles_n, f.dram_gbps_per_sm);
  int const tile_rows = BM::value * p.cluster;  // the scheduler's m-tiles: one per cluster
  p.problem.sched = make_grouped_scheduler(gr, table, tile_rows, tiles_n, opt.log_band >= 0 ? opt.log_band : schedule == kScheduleDynamic ? choose_dynamic_log_band(gr, tile_rows, tiles_n) : -1);
  p.problem.counter = schedule == kScheduleDynamic ? &table->start : nullptr;  // (the header's; the pre-pass zeroes it)
  p.problem.n = N;
  if (opt.split_lone > kSplitHalves) fail("grouped_gemm: split_lone is -1, 0 (none), 1 (along N) or 2 (halves along M)");
  p.problem.split_lone = opt.split_lone >= 0 ? opt.split_lone : choose_split_lone(f.dram_gbps_per_sm);
  long long const max_positions = gr.max_mtiles(tile_rows) * p.problem.sched.cols();  // positions of clusters
  int const max_clusters = p.cluster == 1 ? f.sms : f.clusters2;
  int const grid = int(max_positions < max_clusters ? max_positions : max_clusters) * p.cluster;
  if (opt.info) {
    LaunchInfo& li = *opt.info;
    li = LaunchInfo{};
    li.tiles_m = int(gr.max_mtiles(BM::value)), li.tiles_n = tiles_n, li.k_tiles = k_tiles, li.log_swizzle = p.problem.sched.log_band;
    li.positions = int(max_positions), li.grid = grid, li.sms = f.sms, li.epilogue_tma = p.epi_tma, li.cluster = p.cluster;
    li.max_clusters2 = f.clusters2;
  }
  group_table_kernel<1024><<<1, 1024, std::size_t(gr.groups + 1) * sizeof(int), stream>>>(gr, tile_rows, table, room);
  if ((e = cudaGetLastError()) == cudaSuccess && grid > 0) {
    cudaLaunchAttribute attr;
    cudaLaunchConfig_t const cfg =
        detail::cluster_launch_config(unsigned(grid), unsigned(Cfg::kThreads), kGroupedSmemBytes<Cfg>, stream, unsigned(p.cluster), attr);
    e = cudaLaunchKernelEx(&cfg, kernel, p);
  }
  GroupTileEntry header{};
  if (e == cudaSuccess && opt.check_sizes)
    if ((e = cudaMemcpyAsync(&header, table, sizeof header, cudaMemcpyDeviceToHost, stream)) == cudaSuccess) e = cudaStreamSynchronize(stream);
  if (own) {
    cudaError_t const e2 = cudaFreeAsync(ws, stream);
    if (e == cudaSuccess) e = e2;
  }
  if (e == cudaSuccess && opt.check_sizes && header.first != 0)
    fail(header.first == kGroupTableBadSizes
             ? "grouped_gemm: the group sizes are not valid (an end before its start or past the rows, a count outside [0, capacity])"
             : "grouped_gemm: the table of tiles does not fit its workspace");
  return e;
}

// describe_grouped<Cfg>(rows, N, K): the configuration, the pre-pass's table and
// each group's tile layout (the first 8 groups) for groups of rows[g] rows, with the
// default cluster (cluster < 0; on a card of dram_gbps_per_sm, choose_grouped_cluster) or the one given, and
// the default split of lone m-tiles (split_lone < 0: choose_split_lone) or the one given.
template <class Cfg>
void describe_grouped(std::vector<int> const& rows, int N, int K, int sms = 132, int log_band = -1, int cluster = -1,
                      double dram_gbps_per_sm = 0, int split_lone = -1, int schedule = -1) {
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  describe<Cfg>(0, 0, 0, sms);
  int const E = int(rows.size());
  std::vector<int> ends(std::size_t(E) + 1, 0);
  for (int g = 0; g < E; ++g) ends[std::size_t(g)] = (g ? ends[std::size_t(g) - 1] : 0) + rows[std::size_t(g)];
  GroupRows const gr = contiguous_groups(ends.data(), E, E ? ends[std::size_t(E) - 1] : 0);
  int const tn = int((N + (long long)BN::value - 1) / BN::value);
  int const sched = schedule >= 0 ? schedule : choose_grouped_schedule(gr, BM::value, Cfg::kEightBit, dram_gbps_per_sm);
  bool const dyn = sched == kScheduleDynamic;
  int const cl = dyn ? 1 : cluster > 0 ? cluster : choose_grouped_cluster(gr, BM::value, tn, dram_gbps_per_sm), tr = BM::value * cl;
  int const split = split_lone >= 0 ? split_lone : choose_split_lone(dram_gbps_per_sm);
  std::vector<GroupTileEntry> table(std::size_t(2 + gr.max_mtiles(tr)));
  build_group_table(gr, tr, table.data(), (long long)table.size());
  auto const s = make_grouped_scheduler(gr, table.data(), tr, tn, log_band >= 0 ? log_band : dyn ? choose_dynamic_log_band(gr, tr, tn) : -1);
  std::printf("tessel sm90 grouped GEMM: %d groups, %d rows, N = %d, K = %d: clusters of %d, %d m-tiles of %d rows (one per cluster), %d n-tiles,\n"
              "  %d positions, grid about %d CTAs%s; a warpgroup whose 64 rows lie past its group's issues no wgmma\n",
              E, gr.total_rows, N, K, cl, table[0].group, tr, tn, s.positions(), (s.positions() < sms / cl ? s.positions() : sms / cl) * cl,
              cl != 2 ? "" : split == kSplitN ? ", lone m-tiles split along N" : split == kSplitHalves ? ", lone m-tiles in halves" : ", lone m-tiles not split");
  if (dyn)
    std::printf("  dynamic order: CTA c takes position c, then grid + atomicAdd(table[0].start, 1), ... (the producer hands each position to the "
                "consumers with its tile's first stage)\n");
  else
    std::printf("  static order: CTA c takes positions c, c + grid, ...\n");
  std::printf("  position p -> m-tile table[1 + p / %d] = (group g, first m-tile f_g, first row, rows); in the group, p - f_g * %d -> tile m + tm_g * n by\n",
              s.cols(), s.cols());
  for (int g = 0; g < E && g < 8; ++g) {
    int start = 0, r = 0;
    gr.group(g, start, r);
    int const tm = group_mtiles(r, tr);
    std::printf("  group %d: rows [%d, %d), %d m-tiles%s", g, start, start + r, tm, tm ? ", layout " : " (empty)\n");
    if (tm) {
      print(group_tile_layout(tm, tn, s.log_band));
      std::printf("; B rows %lld + n * %d; rows of CTA r of the cluster: %d + (m * %d + r) * %d; C: whole %d-row tiles by TMA store",
                  (long long)g * N, BN::value, start, cl, BM::value, BM::value);
      int const rem = r - (tm - 1) * tr;  // the rows of the last m-tile (pairs: a lone one where rem <= BM)
      if (cl == 2 && rem <= BM::value) {
        if (split == kSplitN)
          std::printf("; lone last m-tile (rows %d..): positions n < %d give CTA r n-tile 2n + r, each loading its own B", start + (tm - 1) * tr,
                      (tn + 1) / 2);
        else if (split == kSplitHalves && 2 * rem > BM::value)
          std::printf("; lone last m-tile (rows %d..) in halves: CTA r rows %d + r * %d.., one warpgroup each", start + (tm - 1) * tr,
                      start + (tm - 1) * tr, BM::value / 2);
        else
          std::printf("; lone last m-tile (rows %d..): CTA 1 idle (no A, its share of B)", start + (tm - 1) * tr);
      }
      if (r % BM::value && r % BM::value <= BM::value / 2) std::printf(", the last tile's second warpgroup idle");
      if (r % BM::value) std::printf(", rows %d..%d by the direct epilogue", start + r / BM::value * BM::value, start + r - 1);
      std::printf("\n");
    }
  }
}

}  // namespace sm90
}  // namespace TESSEL_NAMESPACE::kernels

namespace TESSEL_NAMESPACE::cuda {

// grouped_gemm(a, b, c, groups, n, k, stream, options): C_g = A_g * B_g^T for each
// group g of `groups` (kernels::contiguous_groups or kernels::masked_groups):
// a (rows, k) and c (rows, n) row-major, b (E, n, k) contiguous, bf16 or fp16
// in, the same or fp32 out (fp32: the direct epilogue), on `stream`. A grouped
// GEMM of one configuration per type (GemmConfig<T, TO, K, K>: 128 x 256 tiles).
template <class T, class TO>
cudaError_t grouped_gemm(T const* a, T const* b, TO* c, kernels::GroupRows const& groups, int n, int k, cudaStream_t stream = nullptr,
                         kernels::GroupedGemmOptions const& opt = {}) {
  using Cfg = kernels::sm90::GemmConfig<T, TO, GMMA::Major::K, GMMA::Major::K>;
  return kernels::sm90::launch_grouped_gemm<Cfg>(a, k, b, k, c, n, groups, n, k, 1.f, 0.f, stream, opt);
}

// The FP8 grouped GEMM: a (float_e4m3_t or float_e5m2_t) and b (either) as grouped_gemm's,
// C_g = alpha * sa * sb * A_g * B_g^T with opt.scales (per tensor, or per row of A), the FP8
// GEMM's configuration with the accumulator promotion (Fp8GroupedConfig: 128 x 192 tiles, k-tiles of 128),
// or without it (fast: Fp8FastConfig, 128 x 256). K a multiple of 16 (16-byte rows for the TMA).
template <class TA, class TB, class TO>
cudaError_t grouped_gemm_fp8(TA const* a, TB const* b, TO* c, kernels::GroupRows const& groups, int n, int k, float alpha = 1.f,
                             cudaStream_t stream = nullptr, kernels::GroupedGemmOptions const& opt = {}, bool fast = false) {
  static_assert(sizeof(TA) == 1 && sizeof(TB) == 1, "cuda::grouped_gemm_fp8: a and b are float_e4m3_t or float_e5m2_t");
  using namespace kernels::sm90;
  if (fast) return launch_grouped_gemm<Fp8FastConfig<TA, TB, TO>>(a, k, b, k, c, n, groups, n, k, alpha, 0.f, stream, opt);
  return launch_grouped_gemm<Fp8GroupedConfig<TA, TB, TO>>(a, k, b, k, c, n, groups, n, k, alpha, 0.f, stream, opt);
}

}  // namespace TESSEL_NAMESPACE::cuda
