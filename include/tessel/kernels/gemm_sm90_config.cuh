// tessel/kernels/gemm_sm90_config.cuh: the configuration of the Hopper GEMM
// (gemm_sm90_kernel.cuh): element types, operand majors, CTA tile, stages, the
// shared-memory layouts (GMMA swizzle atoms tiled to the tile), the TiledMMA,
// the epilogue's slots and the kernel's parameters. Compile with nvcc.
//
// 16-bit inputs (bf16, fp16: wgmma m64nNk16, BK = 64) or 8-bit floats
// (float_e4m3_t, float_e5m2_t, A's and B's types may differ: wgmma m64nNk32,
// BK = 128, K-major A and B only, as the instruction reads them): the same
// kernel, the same tiles in bytes (128-byte rows of the swizzle atoms).
// The FP8 GEMM (issue 27) adds the scales (GemmScales: per tensor or per
// row of A / column of B, applied in the epilogue) and, where Promote_, the
// promotion of the wgmma accumulators into a second fp32 accumulator every
// GemmScales::promote_every k-tiles (FP8 wgmma accumulates with fewer than
// fp32's bits: DeepSeek-V3's report, CUTLASS's mma_promotion_interval).
// BlockScaled_: DeepSeek-V3's block scaling (1 x 128 blocks of A, 128 x 128 of
// B), the scales applied to each k-tile's accumulators as they are promoted.
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

// The wgmma op of the configuration: m64 x N x 16 of the 16-bit kind (majors
// as given), or m64 x N x 32 of the 8-bit kind of (TA, TB) (K-major), A and B
// from shared memory.
template <class TA, class TB> struct wgmma_kind8;
template <> struct wgmma_kind8<float_e4m3_t, float_e4m3_t> { using type = GMMA::ptx::f32e4m3e4m3; };
template <> struct wgmma_kind8<float_e4m3_t, float_e5m2_t> { using type = GMMA::ptx::f32e4m3e5m2; };
template <> struct wgmma_kind8<float_e5m2_t, float_e4m3_t> { using type = GMMA::ptx::f32e5m2e4m3; };
template <> struct wgmma_kind8<float_e5m2_t, float_e5m2_t> { using type = GMMA::ptx::f32e5m2e5m2; };
// The m64 x N x 32 8-bit wgmma with A from registers (RS; void for 16-bit types).
template <class TA, class TB, int N, bool Eight = (sizeof(TA) == 1)>
struct wgmma_op_rega {
  using type = void;
};
template <class TA, class TB, int N>
struct wgmma_op_rega<TA, TB, N, true> {
  using type = GMMA::MMA_64xNx32<N, typename wgmma_kind8<TA, TB>::type, true, GMMA::ScaleIn::One, GMMA::ScaleIn::One>;
};
template <class TA, class TB, int N, GMMA::Major MA, GMMA::Major MB, bool Eight = (sizeof(TA) == 1)>
struct wgmma_op {
  static_assert(std::is_same_v<TA, TB>, "GemmConfig: 16-bit A and B of one type (bf16 or fp16)");
  using type = GMMA::MMA_64xNx16<N, typename wgmma_kind<TA>::type, false, MA, MB, GMMA::ScaleIn::One, GMMA::ScaleIn::One>;
};
template <class TA, class TB, int N, GMMA::Major MA, GMMA::Major MB>
struct wgmma_op<TA, TB, N, MA, MB, true> {
  using type = GMMA::MMA_64xNx32<N, typename wgmma_kind8<TA, TB>::type, false, GMMA::ScaleIn::One, GMMA::ScaleIn::One>;
};
}  // namespace detail

// The FP8 GEMM's scales and promotion (launch_gemm's last argument; 16-bit
// configurations take none): D = alpha * sa * sb * (A * B) with sa = a[0]
// (per tensor) or a[row] (a_rows: one per row of A), sb = b[0] or b[column]
// (b_cols), fp32 device pointers (nullptr: 1); promote_every: the k-tiles (of
// BK = 128) between promotions of the wgmma accumulators into the fp32 one
// (configurations with Promote_), 0: once, at the end (no promotion).
//
// Block scaling (blocks; configurations with BlockScaled_): a holds one scale
// per row of A and k-block of 128 elements (1 x 128: DeepSeek-V3's activations)
// at a[row * a_row_stride + kb * a_kb_stride], b one per 128 x 128 block of B
// (N x K) at b[nb * b_nb_stride + kb * b_kb_stride]; each k-tile's wgmma
// accumulators are multiplied by their row's and column block's scales as they
// are added into the fp32 accumulator (after every k-tile: promote_every 1).
struct GemmScales {
  float const* a = nullptr;
  float const* b = nullptr;
  bool a_rows = false, b_cols = false;
  int promote_every = 1;
  bool blocks = false;
  // offset (dense GEMM, promoted configurations; block-scaled ones always): consumer warpgroup 1 starts its first k-tile once
  // warpgroup 0's first k-tile (Halves_: its first half) has retired, so that the two warpgroups'
  // promotions fall half a k-tile apart (a phase offset; the warpgroups then run on unsynchronized).
  bool offset = false;
  long long a_row_stride = 0, a_kb_stride = 0, b_nb_stride = 0, b_kb_stride = 0;
};

// T: input type (half_t, bfloat16_t; or A's 8-bit float float_e4m3_t or
// float_e5m2_t, TB_ then B's); TO: output type (half_t, bfloat16_t, float).
// Consumers_: consumer warpgroups, each computing 64 rows of the CTA tile (so
// BM = 64 * Consumers_); ProducerRegs_/ConsumerRegs_: the registers per thread
// that setmaxnreg gives the producer and the consumers (multiples of 8 in
// 24..256, within the SM's 64K registers). Promote_ (8-bit only): a second
// fp32 accumulator that the wgmma accumulators are added into every
// GemmScales::promote_every k-tiles. BlockScaled_ (with Promote_ and BN_ = 128):
// GemmScales' block scales applied at every promotion.
// PingPong_ (issues 25, 27): 0, the cooperative kernel (the consumer warpgroups share each CTA tile,
// 64 rows each); n > 0, the ping-pong kernel: each consumer warpgroup owns whole tiles of
// BM = 64 n rows (n m64 wgmma atoms stacked along M within the warpgroup), the warpgroups take
// the walk's tiles in turn and issue their main loops' wgmmas in turn (WarpgroupTurns,
// pipeline.cuh), so that one warpgroup's epilogue runs while the other's wgmmas do.
// EpiUnder_ (8-bit with the promotion and the halves in flight, Cross_; 16-bit outputs, whose epilogue
// is the TMA one; issue 27, session 21): a tile's epilogue (of the promoted accumulator) runs once
// the next tile's first k-tile's wgmmas are issued (into the halves' accumulators, free by then),
// so that the tensor cores work through it; the promoted accumulator is zeroed after it.
// SplitLast_ (issue 25): the tile's last k-tile issued as SplitLast_ groups of wgmmas over column pieces
// of BN / SplitLast_ (16-bit cooperative configurations; 1: one group), so that the TMA epilogue writes a
// finished piece's chunks while the later pieces' wgmmas run (see kSplitLast). By default 2 for BN = 256
// (pieces of 128 columns; 4 pieces of 64 measured slower, and 64-column pieces of BN = 128 tiles drew
// ptxas C7511 at -O3).
template <class T, class TO, GMMA::Major MA, GMMA::Major MB, int BN_ = 256, int Stages_ = 4, int Consumers_ = 2, int ProducerRegs_ = 40,
          int ConsumerRegs_ = 232, class TB_ = T, bool Promote_ = false, bool BlockScaled_ = false, bool Halves_ = false, int EpiSlots_ = 2, int Cross_ = 0, int RegA_ = 0,
          int PingPong_ = 0, bool EpiUnder_ = false, int SplitLast_ = (BN_ >= 256 ? 2 : 1)>
struct GemmConfig {
  using Element = T;  // A's (and B's, for 16-bit inputs)
  using ElementA = T;
  using ElementB = TB_;
  using ElementOut = TO;
  static constexpr bool kEightBit = sizeof(T) == 1;
  static_assert(sizeof(T) == sizeof(TB_), "GemmConfig: A and B of one width (16-bit, or 8-bit floats)");
  static_assert(!kEightBit || (MA == GMMA::Major::K && MB == GMMA::Major::K),
                "GemmConfig: 8-bit (FP8) operands must be K-major: the FP8 wgmma reads K-major A and B only");
  static_assert(kEightBit || !Promote_, "GemmConfig: the accumulator promotion is the 8-bit kernel's");
  static constexpr bool kPromote = Promote_;
  static_assert(!BlockScaled_ || (Promote_ && (BN_ == 128 || (BN_ == 192 && Halves_ && Cross_ > 0))),
                "GemmConfig: block scaling is applied at the promotion, with BN = 128 (one 128-column block of B per tile), or "
                "BN = 192 (two blocks) with the halves in flight (Halves_, Cross_)");
  static constexpr bool kBlockScaled = BlockScaled_;
  static constexpr GMMA::Major kMajorA = MA, kMajorB = MB;
  static constexpr int kConsumers = Consumers_;  // consumer warpgroups
  static_assert(Consumers_ >= 1 && Consumers_ <= 2, "GemmConfig: 1 or 2 consumer warpgroups (BM = 64 or 128; a TMA box row is at most 256)");
  static constexpr bool kPingPong = PingPong_ > 0;
  static_assert(PingPong_ >= 0 && PingPong_ <= 2 && (!PingPong_ || (Consumers_ == 2 && !Halves_ && !BlockScaled_ && BN_ <= 256)),
                "GemmConfig: the ping-pong kernel (PingPong_ 1 or 2 row blocks per warpgroup tile) takes two consumer warpgroups, "
                "whole-tile accumulators (no Halves_, no block scaling) and BN <= 256 (one wgmma N)");
  // The m64 row blocks of a consumer warpgroup's accumulators: 1 (cooperative), PingPong_ (ping-pong).
  static constexpr int kRowBlocks = kPingPong ? PingPong_ : 1;
  // The threads of the TiledMMA (of one tile): every consumer's (cooperative), one warpgroup's (ping-pong).
  static constexpr int kMmaThreads = 128 * (kPingPong ? 1 : Consumers_);
  using BM = Int<64 * (kPingPong ? PingPong_ : Consumers_)>;
  using BN = Int<BN_>;
  using BK = Int<128 / sizeof(T)>;  // 128 bytes of K: 64 16-bit or 128 8-bit elements
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
  static constexpr int kOffsetBarrier = kEpiBarrier + Consumers_;  // GemmScales::offset's
  static constexpr int kTurnBarrier = kOffsetBarrier + 1;           // the ping-pong's turns: kTurnBarrier + w, w < Consumers_
  static constexpr int kStreamKBarrier = kTurnBarrier + Consumers_;  // a stream-K piece's partial sums: the consumers' stores, the flag
  static_assert(kStreamKBarrier + 1 <= 16, "GemmConfig: 16 named barriers");
  // The stream-K tail (StreamKTail, scheduler.cuh; launch_gemm chooses it): 16-bit cooperative configurations without
  // promotion or halves (one fp32 accumulator per thread, the consumers sharing each tile).
  static constexpr bool kStreamK = !kEightBit && !kPingPong && !Halves_;

  // The shared-memory tiles: the 128-byte swizzle atoms tiled to (BM, BK) and
  // (BN, BK) per stage. K-major: rows of 64 elements along K (one TMA box per
  // tile). MN-major: the atom is 64 (MN) x 8 (K); its copies go along K first
  // (order (2,1,3)), so that a 64 x 64 block is contiguous: one TMA box.
  using AtomA = GMMA::Layout_SW128_Atom<MA, T>;
  using AtomB = GMMA::Layout_SW128_Atom<MB, TB_>;
  using OrderA = std::conditional_t<MA == GMMA::Major::K, Step<_1, _2, _3>, Step<_2, _1, _3>>;
  using OrderB = std::conditional_t<MB == GMMA::Major::K, Step<_1, _2, _3>, Step<_2, _1, _3>>;
  using SmemLayoutA = decltype(tile_to_shape(AtomA{}, Shape<BM, BK, Stages>{}, OrderA{}));
  using SmemLayoutB = decltype(tile_to_shape(AtomB{}, Shape<BN, BK, Stages>{}, OrderB{}));
  // What one TMA copy fills: A's stage, and B's stage in BN / BNPiece pieces of
  // BNPiece rows, 128 where BN is a multiple of 128, else 64 (the first
  // BNPiece x BK elements of the stage's layout are its first BNPiece rows, in
  // both majors; a box of at most 128 rows keeps the tensor map's construction
  // within the compiler's constexpr budget).
  // BN no multiple of 64 (kNarrowN: 80, 144, 176, 208, 240, ...; issue 27, session 22): the 8-bit halves' tiles
  // only (a K-major B, one wgmma N), whose B stage then lands as two pieces of BN / 2 rows (whole
  // 8-row swizzle atoms: BN a multiple of 16) and whose epilogue's last 64-column chunk starts at BN - 64.
  static constexpr bool kNarrowN = BN_ % 64 != 0;
  static_assert((BN_ % 64 == 0 && BN_ >= 64 && BN_ <= 512) ||
                    (BN_ % 16 == 0 && BN_ > 64 && BN_ < 256 && Halves_ && MA == GMMA::Major::K && MB == GMMA::Major::K && !PingPong_),
                "GemmConfig: BN is a multiple of 64 in 64..512, or (the halves' tiles, K-major, cooperative) a multiple of 16 in 80..240");
  using BNPiece = Int<(BN_ % 128 == 0 ? 128 : BN_ % 64 == 0 ? 64 : BN_ / 2)>;
  static constexpr int kPiecesB = BN_ / BNPiece::value;
  using SmemTileA = decltype(tile_to_shape(AtomA{}, Shape<BM, BK>{}, take<0, 2>(OrderA{})));
  using SmemTileB = decltype(tile_to_shape(AtomB{}, Shape<BNPiece, BK>{}, take<0, 2>(OrderB{})));
  // TMA boxes per A tile and per B piece: one 64 x 128 box K-major, 64 x 64 boxes MN-major.
  static constexpr int kBoxesA = MA == GMMA::Major::K ? 1 : BM::value / 64;
  static constexpr int kBoxesB = MB == GMMA::Major::K ? 1 : BNPiece::value / 64;
  static constexpr int kStageA = BM::value * BK::value, kStageB = BN::value * BK::value;  // elements
  static constexpr std::uint32_t kStageBytes = std::uint32_t(kStageA * sizeof(T) + kStageB * sizeof(TB_));

  // The MMA: 64 x AtomN x AtomK wgmma (AtomK = 16, or 32 for 8-bit inputs: 32
  // bytes of K), both operands from shared memory, one atom
  // per consumer warpgroup along M; AtomN = BN up to 256 (wgmma's largest N),
  // else BN / 2 with the atom repeated twice along N (the permutation's tile
  // (BM, BN, 16)): each warpgroup then issues two wgmmas per k-block.
  static constexpr int kAtomN = BN_ <= 256 ? BN_ : BN_ / 2;
  static_assert(kAtomN % 8 == 0 && kAtomN <= 256, "GemmConfig: BN > 256 must halve into a wgmma N (a multiple of 8 up to 256)");
  static_assert(MB == GMMA::Major::K || kAtomN % 64 == 0,
                "GemmConfig: an MN-major B needs a wgmma N of whole 64-row swizzle atoms (BN = 320 halves into 160: K-major B only)");
  using Op = typename detail::wgmma_op<T, TB_, kAtomN, MA, MB>::type;
  using AtomK = Int<32 / sizeof(T)>;
  // Ping-pong: one atom per warpgroup, repeated kRowBlocks times along M by the tile (BM, BN, AtomK).
  using TiledMma = std::conditional_t<
      kPingPong, decltype(make_tiled_mma(Op{}, Layout<Shape<_1, _1, _1>>{}, Tile<BM, BN, AtomK>{})),
      std::conditional_t<(BN_ <= 256), decltype(make_tiled_mma(Op{}, Layout<Shape<Int<kConsumers>, _1, _1>>{})),
                         decltype(make_tiled_mma(Op{}, Layout<Shape<Int<kConsumers>, _1, _1>>{}, Tile<BM, BN, AtomK>{}))>>;
  static_assert(decltype(tile_size<0>(TiledMma{}))::value == BM::value && decltype(tile_size<1>(TiledMma{}))::value == BN::value,
                "GemmConfig: the TiledMMA's tile is not (BM, BN)");

  // Halves_ (8-bit with promotion, block-scaled or not): each consumer warpgroup's k-tile is two
  // groups of wgmmas, one per half of the tile's columns (BN / 2, two accumulators of half the
  // size), software-pipelined: while one half's wgmmas run, the other half, retired, is added into
  // the promoted accumulator. B's stage is then read as two (BN / 2)-row halves: the same bytes
  // as SmemLayoutB, seen as (BN / 2, BK, 2 * Stages) (half h of stage s at index 2 s + h).
  static constexpr bool kHalves = Halves_;
  static_assert(!Halves_ || (Promote_ && BN_ <= 256 && (BN_ / 2) % 8 == 0 && MB == GMMA::Major::K),
                "GemmConfig: Halves_ needs the promotion, BN <= 256, BN / 2 a multiple of 8, K-major B");
  // Cross_ (with Halves_): the halves' groups stay in flight across k-tiles: half 0 of k-tile kt is
  // issued before half 1 of kt - 1 has retired, so that a warpgroup's tensor-core queue never runs
  // empty at a k-tile's end (the halves kernel's wait<0> per k-tile is gone; one group in flight
  // while the other is added, from the first k-tile to the tile's last).
  static constexpr int kCross = Cross_;  // k-tiles per chained chunk (0: the halves' own schedule)
  static_assert(!Cross_ || Halves_, "GemmConfig: Cross_ is a schedule of the halves (Halves_)");
  // RegA_ (with Cross_, 8-bit; experimental): the halves read A from registers (RS wgmma), loaded
  // from the stage by ldmatrix once per k-tile, so that the two halves' wgmmas read only B from
  // shared memory (A twice otherwise). 1: one register buffer (the k-tile's A is loaded once the
  // previous k-tile's second half has retired); 2: two buffers in turn (loaded as the stage lands).
  static constexpr int kRegA = RegA_;
  static_assert(RegA_ >= 0 && RegA_ <= 2 && (!RegA_ || (Cross_ && kEightBit && MA == GMMA::Major::K)),
                "GemmConfig: RegA_ (0, 1 or 2) needs the halves in flight (Cross_) and a K-major 8-bit A");
  using BNH = Int<BN_ / 2>;
  using OpH = typename detail::wgmma_op<T, TB_, (BN_ / 2 >= 8 ? BN_ / 2 : 8), MA, MB>::type;
  using TiledMmaH = decltype(make_tiled_mma(OpH{}, Layout<Shape<Int<kConsumers>, _1, _1>>{}));
  // RegA_: the halves' wgmma with A from registers (four registers of 16 values per thread and k-block).
  using OpHRegA = typename detail::wgmma_op_rega<T, TB_, (BN_ / 2 >= 8 ? BN_ / 2 : 8)>::type;
  using SmemLayoutBH = decltype(tile_to_shape(AtomB{}, Shape<BNH, BK, Int<2 * Stages_>>{}, OrderB{}));

  // SplitLast_: the last k-tile of a tile as kSplitLast groups of wgmmas, group j over the column piece
  // [j BNP, (j + 1) BNP) of the tile (the TiledMmaP of (BM, BNP), B's stage read as kSplitLast pieces:
  // SmemLayoutBP, piece j of stage s at index kSplitLast s + j; the first BNP rows of a stage in both
  // majors), whose accumulators are the tile's values [j V / kSplitLast, (j + 1) V / kSplitLast) (V per
  // thread; check_split_last). The TMA epilogue then waits for piece j's group alone before its chunks,
  // while the later pieces' wgmmas run. 16-bit cooperative configurations without halves whose chunks
  // divide among the pieces; otherwise 1. The sums are the same, in the same order per element.
  static constexpr int kSplitLast =
      (SplitLast_ > 1 && !kEightBit && !kPingPong && !Halves_ && BN_ <= 256 && (BN_ / 64) % SplitLast_ == 0 && MA == MB) ? SplitLast_ : 1;
  static_assert(SplitLast_ == 1 || SplitLast_ == 2 || SplitLast_ == 4, "GemmConfig: SplitLast_ is 1, 2 or 4 pieces");
  using BNP = Int<BN_ / kSplitLast>;
  using OpP = typename detail::wgmma_op<T, TB_, (kSplitLast > 1 ? BN_ / kSplitLast : kAtomN), MA, MB>::type;
  using TiledMmaP = decltype(make_tiled_mma(OpP{}, Layout<Shape<Int<kConsumers>, _1, _1>>{}));
  using SmemLayoutBP = decltype(tile_to_shape(AtomB{}, Shape<Int<(kSplitLast > 1 ? BN_ / kSplitLast : 64)>, BK, Int<kSplitLast * Stages_>>{}, OrderB{}));

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
  // EpiSlots_: the slots per consumer warpgroup, which the chunks take in turn across tiles; a chunk
  // waits for the store of the chunk EpiSlots_ before it (2: within a tile from the third chunk on;
  // kChunksN or more: the previous tile's, long done, at the cost of shared memory for stages).
  static constexpr int kEpiSlots = EpiSlots_;
  static_assert(EpiSlots_ == 1 || EpiSlots_ == 2 || EpiSlots_ == 4 || EpiSlots_ == 8, "GemmConfig: 1, 2, 4 or 8 epilogue slots per consumer warpgroup");
  static constexpr int kChunksN = (BN_ + 63) / 64;  // chunks along N per m64 row block of a tile
  // Chunks per warpgroup per tile (a count that is no multiple of the slots': the slots go round
  // across tiles): chunk j covers rows chunk_row(w, j) .. + 64 of the tile (warpgroup w's 64 rows,
  // or row block j / kChunksN of a ping-pong warpgroup's tile) and columns chunk_col(j % kChunksN) .. + 64,
  // the kChunkVals accumulator values from chunk_val(j) on (check_epilogue_chunks): [j V / kChunks,
  // (j + 1) V / kChunks) of the thread's V where BN is a multiple of 64. kNarrowN: the last chunk's
  // columns are [BN - 64, BN), overlapping the chunk before (those columns stored twice, the same values).
  static constexpr int kChunks = kRowBlocks * kChunksN;
  static constexpr int kChunkVals = 64 * 64 / 128;  // a chunk's accumulator values per thread of its warpgroup
  TESSEL_HOST_DEVICE static constexpr int chunk_row(int w, int j) { return 64 * (kPingPong ? j / kChunksN : w); }
  TESSEL_HOST_DEVICE static constexpr int chunk_col(int jn) {
    if constexpr (kNarrowN) return 64 * jn < BN_ - 64 ? 64 * jn : BN_ - 64;
    else return 64 * jn;
  }
  TESSEL_HOST_DEVICE static constexpr int chunk_val(int j) {
    if constexpr (kNarrowN) return chunk_col(j) * kChunkVals / 64;  // (one row block: kNarrowN has no ping-pong)
    else return j * kChunkVals;
  }
  static constexpr int kEpiBytes = kEpiTma ? kConsumers * kEpiSlots * kEpiChunkElems * int(sizeof(TO)) : 0;
  // (A 32-bit output's epilogue, registers -> global memory, stays between tiles.)
  static constexpr bool kEpiUnder = EpiUnder_ && kEpiTma;
  static_assert(!EpiUnder_ || Cross_ > 0,
                "GemmConfig: EpiUnder_ (a tile's epilogue under the next tile's first k-tile) needs the halves in flight (Cross_: "
                "the promoted accumulator apart from the wgmmas')");

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
namespace detail {
// The 8-bit configurations' scales as a base of GemmParams: an empty base for
// 16-bit ones, whose parameters (and PTX) stay as they were without FP8.
template <bool EightBit> struct ScalesParam {};
template <> struct ScalesParam<true> {
  GemmScales scales;  // the scales and the promotion interval
};
}  // namespace detail

template <class Cfg, class Problem = DenseProblem>
struct GemmParams : detail::ScalesParam<Cfg::kEightBit> {
  using Config = Cfg;
  using T = typename Cfg::Element;
  using TB = typename Cfg::ElementB;
  using TO = typename Cfg::ElementOut;
  TmaCopy<SM90_TMA_LOAD, T> tma_a;
  TmaCopy<SM90_TMA_LOAD, TB> tma_b;
  TmaTilePlan plan_a, plan_b;
  TmaCopy<SM90_TMA_STORE, TO> tma_c;  // the epilogue's TMA store of a 64 x 64 chunk of C (when epi_tma)
  TmaTilePlan plan_c;
  bool epi_tma = false;  // the epilogue through shared memory and TMA stores (16-bit C, beta = 0, C 16-byte aligned)
  TO* c = nullptr;
  long long ldc = 0;  // C is row-major: (M, N) : (ldc, 1)
  int m = 0, n = 0, k = 0;
  float alpha = 1.f, beta = 0.f;
  int k_tiles = 0;
  RasterScheduler sched;  // the raster over the cluster tiles (scheduler.cuh): tiles_m in units of the cluster's M tiles
  StreamKTail sk;       // the raster's last partial wave split along K (DenseProblem, Cfg::kStreamK; tiles 0: none)
  bool vec = false;     // C allows 2-element vector accesses
  int cluster = 1;      // CTAs per cluster along M (1 or 2): a pair shares its B tile by TMA multicast
  Problem problem{};    // the tiles' operands and output (DenseProblem: sched, m)
};

}  // namespace tessel::kernels::sm90
