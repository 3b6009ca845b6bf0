// tessel/kernels/gemm_sm90_config.cuh: the configuration of the Hopper GEMM
// (gemm_sm90_kernel.cuh): element types, operand majors, CTA tile, stages, the
// shared-memory layouts (GMMA swizzle atoms tiled to the tile), the TiledMMA,
// the epilogue's slots and the kernel's parameters. Compile with nvcc.
#pragma once

#include <cstdint>

#include "../atom/atom.hpp"
#include "../atom/tma_copy.hpp"
#include "gemm_tile.cuh"
#include "scheduler.cuh"
#include "sm90_common.cuh"

namespace TESSEL_NAMESPACE::kernels::sm90 {

// ---- configuration ------------------------------------------------------------------------------

namespace detail {
using ::TESSEL_NAMESPACE::kernels::wgmma_kind;  // sm90_common.cuh
}  // namespace detail

// T: input type (half_t, bfloat16_t); TO: output type (half_t, bfloat16_t, float).
// Consumers_: consumer warpgroups, each computing 64 rows of the CTA tile (so
// BM = 64 * Consumers_); ProducerRegs_/ConsumerRegs_: the registers per thread
// that setmaxnreg gives the producer and the consumers (multiples of 8 in
// 24..256, within the SM's 64K registers).
template <class T, class TO, GMMA::Major MA, GMMA::Major MB, int BN_ = 256, int Stages_ = 4, int Consumers_ = 2, int ProducerRegs_ = 40,
          int ConsumerRegs_ = 232>
struct GemmConfig {
  using Element = T;
  using ElementOut = TO;
  static constexpr GMMA::Major kMajorA = MA, kMajorB = MB;
  static constexpr int kConsumers = Consumers_;  // consumer warpgroups
  static_assert(Consumers_ >= 1 && Consumers_ <= 2, "GemmConfig: 1 or 2 consumer warpgroups (BM = 64 or 128; a TMA box row is at most 256)");
  using BM = Int<64 * Consumers_>;
  using BN = Int<BN_>;
  using BK = _64;
  using Stages = Int<Stages_>;
  static constexpr int kStages = Stages_;
  static constexpr int kThreads = 128 * (1 + kConsumers);
  static constexpr int kProducerRegs = ProducerRegs_, kConsumerRegs = ConsumerRegs_;
  static_assert(ProducerRegs_ % 8 == 0 && ConsumerRegs_ % 8 == 0 && ProducerRegs_ >= 24 && ConsumerRegs_ <= 256 &&
                    ProducerRegs_ <= ConsumerRegs_,
                "GemmConfig: setmaxnreg takes multiples of 8 in 24..256 (the producer's down, the consumers' up)");
  static_assert(128 * (ProducerRegs_ + Consumers_ * ConsumerRegs_) <= 65536, "GemmConfig: the warpgroups' registers exceed the SM's 64K");
  // Named barriers: 0 is __syncthreads'; consumer warpgroup w's epilogue uses kEpiBarrier + w.
  static constexpr int kEpiBarrier = 1;
  static_assert(kEpiBarrier + Consumers_ <= 16, "GemmConfig: 16 named barriers");

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
  // What one TMA copy fills: A's stage, and B's stage in BN / BNPiece pieces of
  // BNPiece rows, 128 where BN is a multiple of 128, else 64 (the first
  // BNPiece x BK elements of the stage's layout are its first BNPiece rows, in
  // both majors; a box of at most 128 rows keeps the tensor map's construction
  // within the compiler's constexpr budget).
  static_assert(BN_ % 64 == 0 && BN_ >= 64 && BN_ <= 512, "GemmConfig: BN is a multiple of 64 in 64..512");
  using BNPiece = Int<(BN_ % 128 == 0 ? 128 : 64)>;
  static constexpr int kPiecesB = BN_ / BNPiece::value;
  using SmemTileA = decltype(tile_to_shape(AtomA{}, Shape<BM, BK>{}, take<0, 2>(OrderA{})));
  using SmemTileB = decltype(tile_to_shape(AtomB{}, Shape<BNPiece, BK>{}, take<0, 2>(OrderB{})));
  // TMA boxes per A tile and per B piece: one 64 x 128 box K-major, 64 x 64 boxes MN-major.
  static constexpr int kBoxesA = MA == GMMA::Major::K ? 1 : BM::value / 64;
  static constexpr int kBoxesB = MB == GMMA::Major::K ? 1 : BNPiece::value / 64;
  static constexpr int kStageA = BM::value * BK::value, kStageB = BN::value * BK::value;  // elements
  static constexpr std::uint32_t kStageBytes = std::uint32_t((kStageA + kStageB) * sizeof(T));

  // The MMA: 64 x AtomN x 16 wgmma, both operands from shared memory, one atom
  // per consumer warpgroup along M; AtomN = BN up to 256 (wgmma's largest N),
  // else BN / 2 with the atom repeated twice along N (the permutation's tile
  // (BM, BN, 16)): each warpgroup then issues two wgmmas per k-block.
  static constexpr int kAtomN = BN_ <= 256 ? BN_ : BN_ / 2;
  static_assert(kAtomN % 8 == 0 && kAtomN <= 256, "GemmConfig: BN > 256 must halve into a wgmma N (a multiple of 8 up to 256)");
  static_assert(MB == GMMA::Major::K || kAtomN % 64 == 0,
                "GemmConfig: an MN-major B needs a wgmma N of whole 64-row swizzle atoms (BN = 320 halves into 160: K-major B only)");
  using Op = GMMA::MMA_64xNx16<kAtomN, typename detail::wgmma_kind<T>::type, false, MA, MB, GMMA::ScaleIn::One, GMMA::ScaleIn::One>;
  using TiledMma = std::conditional_t<(BN_ <= 256), decltype(make_tiled_mma(Op{}, Layout<Shape<Int<kConsumers>, _1, _1>>{})),
                                      decltype(make_tiled_mma(Op{}, Layout<Shape<Int<kConsumers>, _1, _1>>{}, Tile<BM, BN, _16>{}))>;
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
  using SmemTileC = decltype(tile_to_shape(GMMA::Layout_SW128_Atom<GMMA::Major::K, TO>{}, Shape<EpiRows, EpiCols>{}));
  // The same in elements of TO, the swizzle moved from bytes to elements (what
  // make_tensor(smem_ptr, SmemTileC) does, without its run-time alignment check
  // in device code): the offset of (row, column) in a slot.
  using SmemTileCElems = decltype(make_composed_layout(Swizzle<3, (sizeof(TO) == 2 ? 3 : 2), 3>{}, Int<0>{}, SmemTileC{}.layout_b()));
  static constexpr int kEpiChunkElems = 64 * 64;
  static constexpr int kEpiSlots = 2;
  static constexpr int kChunksN = BN_ / 64;  // chunks per warpgroup per tile (odd counts: the slots alternate across tiles)
  static constexpr int kEpiBytes = kEpiTma ? kConsumers * kEpiSlots * kEpiChunkElems * int(sizeof(TO)) : 0;

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

// The kernel's parameters (passed as a __grid_constant__: the tensor maps stay
// in parameter space, where the TMA may read them). Problem: which tiles, and
// where their operands lie (gemm_tile.cuh): one GEMM (DenseProblem, the
// raster sched) or a grouped GEMM (GroupedProblem, gemm_sm90_grouped.cuh).
template <class Cfg, class Problem = DenseProblem>
struct GemmParams {
  using Config = Cfg;
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
  int k_tiles = 0;
  TileScheduler sched;  // the raster over the cluster tiles (scheduler.cuh): tiles_m in units of the cluster's M tiles
  bool vec = false;     // C allows 2-element vector accesses
  int cluster = 1;      // CTAs per cluster along M (1 or 2): a pair shares its B tile by TMA multicast
  Problem problem{};    // the tiles' operands and output (DenseProblem: sched, m)
};

}  // namespace tessel::kernels::sm90
