// tessel/kernels/attention_sm90_config.cuh: the configuration of the Hopper
// fused attention forward kernel (attention_sm90_kernel.cuh, issue 26):
// element type, head dimension, masking, tiles, stages, the shared-memory
// layouts of Q, K and V (GMMA 128-byte swizzle atoms tiled to the tiles), the
// two TiledMMAs (S = Q K^T from shared memory, O += P V with P from registers)
// and the register layouts that join them, and the kernel's parameters.
// Compile with nvcc.
#pragma once

#include <cstdint>

#include "../atom/atom.hpp"
#include "../atom/tma_copy.hpp"
#include "scheduler.cuh"
#include "sm90_common.cuh"

namespace TESSEL_NAMESPACE::kernels::attention_sm90 {

namespace detail {
using ::TESSEL_NAMESPACE::kernels::wgmma_kind;  // sm90_common.cuh

// The row/column view of a wgmma accumulator fragment ((2,2,N/8), MMA_M, MMA_N)
// -> ((2, MMA_M), (2, N/8, MMA_N)): mode 0 the thread's rows (rows r and r + 8
// of each 64-row atom), mode 1 its columns in order (pairs of columns, then the
// 8-column blocks). The online softmax reduces along mode 1.
template <class L>
TESSEL_HOST_DEVICE constexpr auto acc_rowcol(L const& l) {
  return make_layout(make_layout(get<0, 1>(l), get<1>(l)), make_layout(get<0, 0>(l), get<0, 2>(l), get<2>(l)));
}

// The accumulator fragment of S ((2,2,BN/8), 1, 1) seen as the A operand of the
// second wgmma (registers, k-blocks of 16): ((2,2,2), 1, BN/16). The value
// order of both is the same (C of m64nN and A of m64k16 put a thread's values
// at the same rows and columns): the 8-column blocks are split in pairs, one
// pair per k-block. check_p_conversion (attention_sm90.cuh) checks it against
// the TiledMMAs' TV layouts.
template <class L>
TESSEL_HOST_DEVICE constexpr auto acc_as_a(L const& l) {
  auto const n8 = get<0, 2>(l);  // (BN/8) : 4
  auto const split = flatten(logical_divide(n8, Shape<_2>{}));  // (2, BN/16) : (4, 8)
  return make_layout(make_layout(get<0, 0>(l), get<0, 1>(l), get<0>(split)), get<1>(l), get<1>(split));
}

// FP8: the accumulator fragment of S ((2,2,BN/8), 1, 1) as the A operand of the
// 8-bit wgmma m64nNk32 in registers, (((2,2),2,2), 1, BN/32): A value (a, r, j)
// of k-block kb (a = a0 + 2 a1 < 4 the column within the thread's 4, r the row
// half, j the 16-column half) is S's register (a0, r, a1 + 2 j + 4 kb), the
// same thread's. C of m64nN gives a thread keys 2 t + {0, 1} + 8 J; A of
// m64k32 wants columns 4 t + {0..3} + 16 j, so the keys of each 32-key block
// are relabelled (AttentionKeyPerm8: A's column c reads key pi(c)) and V^T is
// written in that key order (attention_sm90.cuh's prepare_vt); no value moves
// between threads. check_p_conversion (attention_sm90.cuh) checks it against
// the TiledMMAs' TV layouts for every thread and value.
template <class L>
TESSEL_HOST_DEVICE constexpr auto acc_as_a8(L const& l) {
  auto const n8 = get<0, 2>(l);  // (BN/8) : 4
  auto const split = flatten(logical_divide(n8, make_layout(Shape<_2, _2>{})));  // (2, 2, BN/32) : (4, 8, 16)
  return make_layout(make_layout(make_layout(get<0, 0>(l), get<0>(split)), get<0, 1>(l), get<1>(split)), get<1>(l), get<2>(split));
}

// The layouts that differ between 16-bit and FP8 (only the chosen one is instantiated).
// 16-bit: V^T is the MN-major view of the K-major V tile; P keeps S's value order.
template <bool Fp8, class T, class D, class BN, class St, class LayoutS>
struct AttentionFormLayouts {
  using AtomMN = GMMA::Layout_SW128_Atom<GMMA::Major::MN, T>;
  using SmemLayoutVt = decltype(tile_to_shape(AtomMN{}, Shape<D, BN, St>{}, Step<_2, _1, _3>{}));
  using SmemTileVt = void;
  static constexpr int kVtAtomKeys = 0;
  using LayoutP = decltype(acc_as_a(LayoutS{}));
};
// FP8: V^T (D, BN) loaded as it is used, K-major (keys contiguous): 128- (or
// 64- or 32-, as BN allows) byte swizzle atoms of 8 rows of d, tiled down d
// first, one TMA box (D x atom keys) per atom column; P relabelled (acc_as_a8).
template <class T, class D, class BN, class St, class LayoutS>
struct AttentionFormLayouts<true, T, D, BN, St, LayoutS> {
  static constexpr int kVtAtomKeys = BN::value % 128 == 0 ? 128 : BN::value % 64 == 0 ? 64 : 32;
  using Atom = std::conditional_t<kVtAtomKeys == 128, GMMA::Layout_K_SW128_Atom<T>,
                                  std::conditional_t<kVtAtomKeys == 64, GMMA::Layout_K_SW64_Atom<T>, GMMA::Layout_K_SW32_Atom<T>>>;
  using SmemLayoutVt = decltype(tile_to_shape(Atom{}, Shape<D, BN, St>{}));
  using SmemTileVt = decltype(tile_to_shape(Atom{}, Shape<D, BN>{}));
  using LayoutP = decltype(acc_as_a8(LayoutS{}));
};
}  // namespace detail

// The relabelling of the keys of a 32-key block for the 8-bit P (detail::acc_as_a8):
// A's column c = c0 + 2 c1 + 4 t + 16 j (c0, c1 < 2, t < 4, j < 2) reads key
// pi(c) = c0 + 8 c1 + 2 t + 16 j. 16-bit P needs none (the identity).
using AttentionKeyPerm8 = Layout<Shape<_2, _2, _4, _2>, Stride<_1, _8, _2, _16>>;

// The defaults per head dimension and mask (AttentionConfig's template
// arguments), from the H100 run of 2026-11-26 (bench/RESULTS.md, session 11:
// every variant timed in one call, the fastest kept where it has no spills):
// 3 consumer warpgroups (BM = 192) at d64; BN 128 to d128 (d128 non-causal 192, below), at d256 80;
// the causal mask at d128 scheduled dynamically, with O through TMA stores; at d64
// and d256 statically with the snake walk (session 15, below).
// FP8 (e4m3, one-byte elements; session 12's H200 calls, bench/RESULTS.md):
// BN 192 at d128 (V^T's K-major atoms of 64 keys; 3-4% over BN 128), 128 at
// d256; static scheduling (d128 causal: static BN 128 beat dynamic; d256
// causal: dynamic needs 40 producer registers and the consumers' 232 spill 80
// bytes at BN 128, with BN 64 it is 10% slower); no TMA-store epilogue (O is bf16).
constexpr int attention_default_consumers(int head_dim, bool, int bytes = 2) { return head_dim == 64 && bytes == 2 ? 3 : 2; }
// 16-bit d128 non-causal: BN 192 since session 14 (its H200 calls, bench/RESULTS.md: call 2 601 / 699 / 633
// TFLOP/s at S = 2k / 8k / 16k against BN 128's 608 / 643 / 625, BN 176 593 / 690 / 635; call 3, 3
// alternated rounds, medians 599 / 687 / 640 against 607 / 675 / 624).
// 16-bit d256 causal: BN 80, static with the snake walk since session 15 (was BN 64, dynamic: the dynamic
// scheduler's producer needs 40 registers, the consumers' 232 then spill at BN 80; H100, call 1, 3 alternated
// rounds, median of 20 each: 650 / 647 / 654 TFLOP/s against 593 / 600 / 589, static BN 64 with the snake 633 / 632 / 638).
// 16-bit d128 causal: BN 192 since session 20 (with one Q buffer and O from registers as 16-byte vectors: BN 192's
// two K/V stages leave no room for the TMA store's O tiles or a second Q tile). H100, attention_pair.py, 3 rounds of
// 30 against cuDNN in the same loop, against session 19's default (BN 128, 2 Q buffers, TMA stores): S = 8k 1.116-1.123
// against 1.029-1.038 (+0.085 every round), 16k 1.140-1.143 against 1.027-1.028 (+0.115; 649 TFLOP/s); at 2k 0.981-0.987
// against 0.999-1.004 (AttentionShortConfig keeps the session 19 configuration there); BN 160 with the TMA store and
// one Q buffer +0.016 / +0.036 at 8k / 16k, spilling 88 bytes.
constexpr int attention_default_bn(int head_dim, bool, int bytes = 2) {
  return bytes == 1 ? (head_dim == 128 ? 192 : 128) : head_dim == 128 ? 192 : head_dim < 128 ? 128 : 80;
}
// Dynamic scheduling: d128 causal (16-bit: static with the snake, session 15's call 1 on the H100: 317 / 564 / 544
// TFLOP/s at S = 2k / 8k / 16k against dynamic's 456 / 590 / 554; at 2k the static groups of heads unbalance the CTAs.
// FP8 since session 19 (H100, 5 alternated rounds, per-round ratios to the snake's static walk, medians: 1.230 /
// 1.035 / 1.097 at S = 2k / 8k / 16k, with the producer at 32 registers: at 24 it spilled 40 bytes).
constexpr bool attention_default_dynamic(int head_dim, bool causal, int = 2) { return causal && head_dim == 128; }
// setmaxnreg of the producer warpgroup: 32 beside 3 consumers; the dynamic scheduler's producer 40 at d256 and 32
// for FP8 (its lookups and the V^T boxes: at 24 ptxas spilled); otherwise 24.
constexpr int attention_default_producer_regs(int head_dim, int consumers, bool dynamic, int bytes = 2) {
  return consumers == 3 ? 32 : dynamic && head_dim > 128 ? 40 : dynamic && bytes == 1 ? 32 : 24;
}
// O through TMA stores: the default of 16-bit d128 causal until session 19; since session 20 only AttentionShortConfig's.
constexpr bool attention_default_epi_tma(int, bool, int = 2) { return false; }
// The softmax's schedule (session 13's H100 calls, bench/RESULTS.md): P V's wait
// kept below the softmax (SplitWait_: +7-8% for d128 bf16 and FP8); FP8 with 4
// partial maxima, the rescale skipped where no maximum moved and K loaded one
// block ahead of V (measured together with SplitWait_), 16-bit with none of the
// three (with SplitWait_ they cost d128 5-8% at S <= 8192); the rescale after
// P V's wait. 16-bit d128 loads K one block ahead of V since session 17 (alone,
// on today's d128 configurations; H100, attention_pair.py, 5 rounds of 30 against
// cuDNN in the same loop, against session 16's defaults: S = 2k non-causal (the
// short configuration) 0.956-0.961 against 0.946-0.950, causal 0.962-0.966 against
// 0.955-0.958; 8k 1.038-1.039 / 0.999-1.004 against 1.032-1.034 / 0.995-0.998; 16k
// 1.054-1.055 / 0.998-1.004 against 1.049-1.050 / 0.995-0.999; every round ahead).
// Session 18 (H100, attention_pair.py, 7 rounds of 30 against cuDNN in the same loop, bench/RESULTS.md, calls 2
// and 3): 16-bit d128 rescales O under S's wgmmas (RescaleEarly_) and skips the rescale where no row maximum of
// the warp moved, the causal configuration with the maxima kept within 2^8 (SkipRescale_ 2), the others exactly
// (1). Call 3, medians against session 17's defaults: causal 1.002 / 1.035 / 1.029 at S = 2k / 8k / 16k against
// 0.964 / 1.005 / 1.004 (SkipRescale_ 1: 0.991 / 1.026 / 1.021; 2 without RescaleEarly_: 0.999 / 1.040 /
// 1.035); BN 192 non-causal 1.051 / 1.067 at 8k / 16k against 1.039 / 1.055 (call 2: either lever alone -0.003 to
// +0.000; SkipRescale_ 2: 1.041 / 1.060); the short configuration the exact skip alone (AttentionShortConfig:
// 0.987 against 0.971; SkipRescale_ 2 0.980; call 2: with RescaleEarly_ 0.968, RescaleEarly_ alone 0.976).
constexpr int attention_default_chains(int, bool, int bytes = 2) { return bytes == 1 ? 4 : 1; }
// FP8 d128 non-causal as well since session 22 (H100, helper attn8, attention_bench, 6 alternated rounds against main's
// kernel in the same call, per-round ratios, medians: 1.008 / 1.011 / 1.015 at S = 2k / 8k / 16k, 5 of 6 rounds
// ahead at 8k and 16k; call 2's knock-out of the rescale read +5%: after P V's wait its 64 FMULs per thread were on
// the warpgroup's critical path, under S's wgmmas they are not).
constexpr bool attention_default_rescale_early(int head_dim, bool causal, int bytes = 2) {
  return head_dim == 128 && (bytes == 2 || !causal);
}
// FP8 d128 non-causal without the skip and with 2 Q buffers since session 19 (H100, the lead's calls t9, t10 and ew,
// 4-6 alternated rounds each, per-round ratios to the default before at S = 8k / 16k: no skip 1.017 / 1.018,
// 1.006 / 1.016, 1.020 / 1.010 (with 2 Q buffers); with EpiWide_ as well 1.030 / 1.013 against EpiWide_ alone's
// 1.022 / 1.005). FP8 d256 with SkipRescale_ 3 since session 22 (H100, helper attn8, attention_bench, per-round ratios
// to main's kernel in the same call, medians at S = 8k / 16k: non-causal 1.020 / 1.044 (call 1, 5 rounds) and
// 1.020 / 1.125 (call 2, 4 rounds), causal 1.004 / 1.014 (call 2); FP8 d128 lost with it: non-causal 0.947 / 0.968,
// causal 0.946 / 0.957, and with SkipRescale_ 2 0.964 / 0.979, call 1).
constexpr int attention_default_skip_rescale(int head_dim, bool causal, int bytes = 2) {
  return bytes == 1 ? (head_dim == 256 ? 3 : !causal ? 0 : 1) : head_dim == 128 ? (causal ? 2 : 1) : 0;
}
// 16-bit d64 causal loads K one block ahead of V since session 20 (H100, helper attn2, attention_pair.py, 5 rounds of 30
// against cuDNN in the same loop, per-round differences, medians, every round ahead): call 1 against the default
// before +0.033 / +0.017 at S = 8k / 16k; call 2 against main's library +0.030 / +0.016 (1.102 / 1.143 of cuDNN),
// with 3 K/V stages as well +0.028 / +0.014 (3 stages alone +0.018 / +0.010, 4 with K ahead +0.029 / +0.014: not
// taken). d64 non-causal with K ahead -0.004 / -0.007 (call 2: not taken). Call 1's other candidates for d64 causal,
// against the default before at 8k / 16k: O's rescale under S -0.012 / +0.000, with SkipRescale_ 2 and K ahead
// -0.004 / -0.026, 2 partial maxima -0.013 / -0.007, 2 Q buffers (8 bytes of spills) -0.018 / -0.038, BN 144 / 160
// (spilling at 160 registers) -0.21 / -0.45, O through TMA stores (92 bytes of spills) -0.11 / -0.15, 2 consumers with
// BN 192 -0.09 / -0.12 (BN 256 spills), dynamic scheduling -0.09 / -0.13, the static walk over groups of 8 or 16
// heads instead of all 64 (make_causal_scheduler) -0.039 / -0.026 and +0.006 / -0.031, dynamic over groups of 16
// (FA3's L2 swizzle) -0.058 / -0.096.
constexpr bool attention_default_k_ahead(int head_dim, bool causal, int bytes = 2) {
  return bytes == 1 || head_dim == 128 || (head_dim == 64 && causal);
}
constexpr bool attention_default_split_wait(int, bool, int = 2) { return true; }
// The static walk (session 15, AttentionWalk): the snake for the causal mask, whose
// longest-first positions in index order give CTA 0 the longest tile of every
// band (H100, call 1, 3 alternated rounds: bf16 d64 causal 458-460 TFLOP/s against
// 431-435; FP8 d128 causal S = 8192 811-813 against 775-780, d256 causal 1025-1031 /
// 1135-1153 against 947-956 / 1020-1050 at S = 8192 / 16384); the non-causal tiles
// are alike, walked in index order.
constexpr bool attention_default_snake(int, bool causal, int = 2) { return causal; }
// The TMA-store epilogue's offsets (EpiXor_, session 15): 2, thread XOR value
// parts with the value's other bits added and 32-bit shared stores (the SASS of
// the d128 causal default: 7 LOP3, 8 IADD and 32 STS a tile, against about 500
// instructions computing each offset whole, 186 with 1). H100, attention_pair.py,
// 3 rounds, bf16 d128 causal against cuDNN in the same loop: 0.957-0.958 / 0.980-0.991
// / 0.980-0.984 at S = 2k / 8k / 16k, against 0's 0.917-0.921 / 0.970-0.980 /
// 0.973-0.980 and 1's 0.941-0.942 / 0.978-0.988 / 0.976-0.983.
constexpr int attention_default_epi_xor(int, bool, int = 2) { return 2; }
// Q's buffers (QStages_, session 16): 2 for 16-bit d128 causal (the next tile's Q then loads while this
// tile's last blocks run, instead of after its last S = Q K^T has retired), else 1 (d128 non-causal's BN 192
// leaves no room for a second Q tile; d64's 3 consumers spill 16 bytes with it). H100, attention_pair.py, 5
// rounds against cuDNN in the same loop, bf16 d128 causal: 0.993-0.999 / 0.991-0.999 at S = 8k / 16k against
// 1 buffer's 0.983-0.990 / 0.979-0.985, 2k the same (0.949-0.955 against 0.951-0.956); d64 with 2 (spilling):
// non-causal 1.087-1.088 against 1.116-1.118, causal the same.
// Session 20: 16-bit d128 causal takes BN 192 and one Q buffer (attention_default_bn); AttentionShortConfig keeps two.
constexpr int attention_default_q_stages(int head_dim, bool causal, int bytes = 2) {
  return head_dim == 128 && bytes == 1 && !causal ? 2 : 1;  // FP8 d128 non-causal: above
}
// The next tile's lookup under this tile's last P V (NextEarly_, session 17): off but for AttentionShortConfig
// (below). H100, attention_pair.py, 5 rounds, with KAhead_: d128 causal (dynamic) 0.920-0.924 / 0.980-0.983 /
// 0.985-0.992 at S = 2k / 8k / 16k against 0.962-0.966 / 0.999-1.004 / 0.998-1.004 without (its wait for the next
// tile's slot, which the producer publishes after its last loads, stalls the last P V's wait: 2,500-3,300 cycles
// in the timeline against 700); d128 non-causal BN 192 spills 126 bytes with it (0.904-0.905 against 1.038-1.039);
// d64's 3 consumers spill 186-264 bytes.
constexpr bool attention_default_next_early(int, bool, int = 2) { return false; }
// A tile's first S = Q K^T issued by the consumer warpgroups in turn (Stagger_) and O's direct stores as 16-byte
// vectors (EpiWide_), session 19. H100, attention_pair.py, 5 rounds of 30 against cuDNN in the same loop, bf16,
// medians of the per-round differences to the defaults before (every round the same sign), Stagger_ / EpiWide_ /
// both: d64 non-causal +0.027 / +0.000 / +0.013, causal +0.001 / +0.028 / +0.015; d128 non-causal BN 192 (8k, 16k)
// -0.166 / +0.007 / -0.029 and -0.149 / +0.003 / -0.035; d256 non-causal +0.026 / +0.012 / +0.045, causal +0.015 /
// +0.030 / +0.047; d128 causal and the short configuration -0.002 to -0.007 with either (EpiWide_ there only
// for varlen warpgroups crossing their sequence's end). So Stagger_ for 16-bit d64 non-causal and d256, EpiWide_
// for 16-bit d64 causal, d128 non-causal (BN 192) and d256; FP8 neither (not measured).
constexpr bool attention_default_stagger(int head_dim, bool causal, int bytes = 2) {
  return bytes == 2 && (head_dim == 256 || (head_dim == 64 && !causal));
}
// FP8 d128 (both masks) since session 19 (H100, the lead's call ew, 6 alternated rounds, per-round ratios to the
// default before, medians: non-causal 1.096 / 1.022 / 1.005, causal 1.097 / 1.031 / 1.027 at S = 2k / 8k / 16k;
// d256 1.036 / 0.988 non-causal, 1.033 / 1.000 causal at 8k / 16k: not taken).
constexpr bool attention_default_epi_wide(int head_dim, bool causal, int bytes = 2) {
  if (bytes == 1) return head_dim == 128;
  return !attention_default_epi_tma(head_dim, causal, bytes) && (head_dim != 64 || causal);
}

// The stream-K tail (StreamK_, session 20): 16-bit d128 non-causal with BN 192 (a static walk; launch_attention
// takes it where attention_choose_tail says so; not AttentionShortConfig). H100, attention_pair.py, 5 rounds of 30
// against cuDNN in the same loop, per-round differences, medians: call 1 (against the same kernel without it) d128
// S = 8k +0.014, 16k +0.016 (2048 tiles on 132 SMs, 15.5 waves; every round ahead), d64 8k +0.004 (2752 tiles, 20.8
// waves), d256 8k +0.001 (4 of 5 rounds), the short configuration at 2k -0.007 (0 of 5); call 2 (against main) d128
// 4k / 8k / 16k +0.009 / +0.019 / +0.019, d64 -0.014 (the key blocks' run-time first bound cost it more than the
// tail gave: configurations without the tail keep it a compile-time 0). FP8 non-causal (d128 BN 192, d256 BN 128)
// since call 4 (H100, attention_bench --time-only --reps 20, 3 alternated rounds, medians, TFLOP/s with the V^T
// pass): d128 8k 939.0 -> 954.7, 16k 894.9 -> 918.7, d256 8k 1153.4 -> 1167.3, 16k 1121.9 -> 1131.1 (every round
// ahead); d128 2k 736.8 -> 727.8, which attention_choose_tail's threshold now leaves without the tail.
constexpr bool attention_default_stream_k(int head_dim, bool causal, int bytes = 2) { return !causal && (bytes == 1 || head_dim == 128); }
// The next tile's first S = Q K^T under this tile's last P V and epilogue (CrossTile_, session 21): 16-bit d128
// non-causal, where it applies (the static walks with NextEarly_ and without the stream-K tail: AttentionShortConfig).
// H100, attention_pair.py, S = 2048, 7 rounds: 0.994-0.997 of cuDNN against main's 0.985-0.987 (+0.007..+0.011, 7/7;
// session 21's call 6, the warps converged at the tile loop's end; without that 0.940).
constexpr int attention_default_cross_tile(int head_dim, bool causal, int bytes = 2) { return bytes == 2 && head_dim == 128 && !causal ? 1 : 0; }

// Dynamic scheduling's tile slot (session 18): the words the producer writes for each Q stage, the tile's
// work or none left (attention_put_slot below), 16-byte aligned (after the barriers, 16 bytes per stage each).
constexpr int kAttentionSlotWords = 4;

// T: input and output type (half_t, bfloat16_t); HeadDim: 64, 128 or 256 (Q,
// K and V alike); Causal: the bottom-right aligned causal mask (query i sees
// keys j <= i + Sk - Sq). BN_: keys per block; Stages_: K and V buffers.
// Two consumer warpgroups, 64 query rows each (BM = 128), and one producer
// warpgroup; ProducerRegs_/ConsumerRegs_: setmaxnreg's registers per thread.
// Overlap_: FlashAttention-3's intra-warpgroup overlap of the softmax with the
// wgmmas (attention_sm90_kernel.cuh); false: one block at a time.
// Pingpong_ (with Overlap_): the two consumer warpgroups take turns to issue
// their wgmmas (named barriers), so that one's softmax runs under the other's
// matrix products.
// Dynamic_: tiles handed out at run time (an atomic counter: the next tile goes
// to the first CTA that asks), else statically (CTA c takes positions c, c +
// grid, ...). Meant for the causal mask, whose tiles differ in length: the
// default of 16-bit d128 causal (attention_default_dynamic; run and sanitized on
// the H100 and the H200 since session 11; the first run that had it, with 32
// producer registers, hung in every variant, see below).
// EpiTma_: O written through shared memory and TMA stores (each consumer
// warpgroup its 64 rows, the store draining while the next tile starts), else
// straight from registers. The default of 16-bit d128 causal
// (attention_default_epi_tma), with EpiXor_ 2 since session 15.
// Consumers_: consumer warpgroups (2 or 3), 64 query rows each (BM = 64
// Consumers_): FlashAttention-3 takes 3 (BM = 192) for head dim 64. The
// register split follows FA3's: producer 24 and consumers 240 for 2, 32 and 160
// for 3 (512 threads hold 128 each at launch); the dynamic scheduler's producer
// at d256 (4 TMA boxes a tile) spills 48 bytes in 24 and none in 40 (consumers 232).
// Chains_: independent partial maxima per row in the softmax (1, 2 or 4): the
// row maximum is a chain of BN/4 dependent FMNMX per thread before any
// exponential of the block can start, split into Chains_ shorter chains
// (the same maximum). FP8 took 4 since session 12.
// RescaleEarly_ (with Overlap_): the output's rescale by the previous block's
// correction runs between the issue of S = Q K^T and of O += P V (under S's
// wgmmas; FlashAttention-3's RescaleOBeforeGemm), instead of after the wait
// for P V, where nothing of this warpgroup is on the tensor cores.
// SkipRescale_: 1, a warp skips the rescale where no row of it changed its
// maximum (a vote; the same O), as FP8 did since session 12; 2 (session 18), a
// row keeps its maximum until a block's exceeds it by more than kRescaleSlack
// (log2 units: p = 2^(x - max) then reaches 2^kRescaleSlack, which the 16-bit P,
// the fp32 sums and O hold; FP8 0.75 over its 2^8: e4m3 holds 448; O / l and the
// lse are the same), so that the vote skips the rescale in nearly every block;
// 3 (session 22), as 2 with the test first and per thread: each thread's own
// maxima of the block (no shuffles) against the kept ones, one vote per warp; a
// warp whose rows all stay within the slack keeps every maximum and goes
// straight to the exponentials (no quad maxima) and skips the rescale without
// a second vote; else as 2; 0, never skipped.
// KAhead_: the producer loads K one block ahead of V (K(n-1), then V(n), as
// FlashAttention-3's producer), else K(n), then V(n).
// SplitWait_ (with Overlap_): the wait for P V of block n+1 kept below block
// n's softmax by the loop's exit test between them: ptxas schedules
// wgmma.wait_group at the top of its basic block, so in one block with the
// softmax it ran first and the softmax after P V, not under it (session 12's
// kernels, in their SASS).
// EpiXor_ (with EpiTma_; session 15): how the TMA-store epilogue finds each O
// value's shared-memory offset. 0: each value's coordinates and swizzled offset
// computed whole (about 500 instructions a tile at d128 in the SASS of session
// 15, 64-bit arithmetic included); 1: the thread's part XOR the value's part (the
// offsets of the thread's value 0 and of thread 0's value i: check_o_store_xor
// shows the identity for every thread and value), one LOP3 a value, generic
// stores (186 instructions); 2: as 1, the value's part split in the bits a
// thread's part can take (attention_o_thread_bits, XORed: one offset per group of
// values that share them) and the others (added: the immediate of a 32-bit
// shared-memory store).
// Snake_ (static scheduling only): the CTAs walk the positions in bands of the
// grid's size, each CTA its place in even bands and the mirrored place in odd ones
// (AttentionWalk), else its place in every band.
// QStages_: Q's buffers. 1: the producer loads the next tile's Q once both
// consumer warpgroups have retired this tile's last S = Q K^T (the Q stage's
// release), so the load's latency can fall between the end of this tile (its
// last softmax, P V and epilogue) and the next tile's first S; 2: a ring of
// two, the next tile's Q loaded as soon as the producer reaches it (one Q tile
// more of shared memory: d128 BN 128 fits it beside the TMA-store epilogue's O
// tiles, BN 192 does not).
// NextEarly_ (with Overlap_): the consumers look up their next tile (its
// position: the static walk's next, or with Dynamic_ the slot of the next Q
// stage, waited for; its coordinates, sequence and key blocks) while this
// tile's last P V is on the tensor cores, instead of at the next tile's top
// with nothing in flight (session 17's timeline on the H100, the short
// configuration at S = 2048: from a tile's top to its Q waited for 800-860
// cycles, 360 with it; 16 blocks of about 2,700 cycles a tile).
// Stagger_ (with Overlap_, session 19): consumer warpgroup w + 1 issues a tile's
// first S = Q K^T only once warpgroup w has issued its own (a named barrier), so
// that the tensor cores run w's first S before w + 1's and w's first softmax
// (and its last P V and epilogue at the tile's end) is not at the same time as
// every other warpgroup's, with nothing on the tensor cores (ping-pong at the
// tiles' starts only).
// EpiEarly_ (with EpiTma_ and Overlap_, session 19): the epilogue's wait for
// the previous tile's TMA store and its first named barrier while the tile's
// last P V is on the tensor cores.
// EpiWide_ (session 19): O stored from registers (the direct epilogue: without
// EpiTma_, or a varlen warpgroup whose rows cross its sequence's end) as
// 16-byte vectors: the 4 threads of a quad hold the same row, each a 32-bit word
// (2 columns) of every group of 8 columns; 2 rounds of shuffles (XOR 2, XOR 1)
// transpose the words of 4 groups so that each thread holds one group whole
// (check_o_wide), instead of one 4-byte store per word; where O's pointer, row
// and batch strides allow 16-byte vectors (else the 2-element stores).
// StreamK_ (session 20; static walks of the non-causal mask, fixed lengths): the
// walk's last partial wave split along the keys among all the persistent CTAs
// (StreamKTail), each tile's later pieces merged by the piece holding its key
// block 0 through a per-stream workspace; launch_attention takes it where
// attention_choose_tail says so (attention_sm90.cuh). Default:
// attention_default_stream_k.
// CrossTile_ (session 21; 16-bit, with Overlap_, NextEarly_ and KAhead_, a
// static walk without the stream-K tail, no ping-pong or stagger; elsewhere
// off): the next tile's first S = Q K^T issued right after this tile's last
// O += P V, so that it runs on the tensor cores under this tile's epilogue (O /
// l and its stores) instead of after it with nothing else in flight; its wait
// at the next tile's top. The producer loads Q one tile ahead (the next tile's
// Q right after this tile's first K) and this tile's last V after the next
// tile's first K (K ahead of V across tiles). A tile looked up ahead with no
// key block (a raster hole, varlen) gets an S nobody reads: every path has the
// same wgmmas in flight (a branch around the issue serializes them, C7520).
// ProducerRegs_ + 2 ConsumerRegs_: at most 504 (the 384 threads' 168
// registers each at launch, __launch_bounds__(384, 1)): setmaxnreg.inc waits
// until the registers it asks for are free, and beyond what the CTA holds they
// never are. (32 + 2 x 240 = 512 hung every kernel on the H100, 2026-11-26,
// in a run that also passed every tile through shared memory, now only the
// Dynamic_ path; the register split is the likely cause, not yet confirmed.)
template <class T, int HeadDim, bool Causal, int BN_ = attention_default_bn(HeadDim, Causal, sizeof(T)), int Stages_ = 2, bool Overlap_ = true,
          bool Pingpong_ = false, bool Dynamic_ = attention_default_dynamic(HeadDim, Causal, sizeof(T)),
          bool EpiTma_ = attention_default_epi_tma(HeadDim, Causal, sizeof(T)),
          int Consumers_ = attention_default_consumers(HeadDim, Causal, sizeof(T)),
          int ProducerRegs_ = attention_default_producer_regs(HeadDim, Consumers_, Dynamic_, sizeof(T)),
          int ConsumerRegs_ = (Consumers_ == 3 ? 160 : (504 - ProducerRegs_) / 2 / 8 * 8), int ExpEmu_ = 0,
          int Chains_ = attention_default_chains(HeadDim, Causal, sizeof(T)),
          bool RescaleEarly_ = attention_default_rescale_early(HeadDim, Causal, sizeof(T)),
          int SkipRescale_ = attention_default_skip_rescale(HeadDim, Causal, sizeof(T)),
          bool KAhead_ = attention_default_k_ahead(HeadDim, Causal, sizeof(T)),
          bool SplitWait_ = attention_default_split_wait(HeadDim, Causal, sizeof(T)),
          bool Snake_ = attention_default_snake(HeadDim, Causal, sizeof(T)),
          int EpiXor_ = attention_default_epi_xor(HeadDim, Causal, sizeof(T)),
          int QStages_ = attention_default_q_stages(HeadDim, Causal, sizeof(T)),
          bool NextEarly_ = attention_default_next_early(HeadDim, Causal, sizeof(T)), bool Stagger_ = attention_default_stagger(HeadDim, Causal, sizeof(T)),
          bool EpiEarly_ = false, bool EpiWide_ = attention_default_epi_wide(HeadDim, Causal, sizeof(T)),
          bool StreamK_ = attention_default_stream_k(HeadDim, Causal, sizeof(T)),
          int CrossTile_ = attention_default_cross_tile(HeadDim, Causal, sizeof(T))>
struct AttentionConfig {
  static_assert(Consumers_ == 2 || Consumers_ == 3, "AttentionConfig: 2 or 3 consumer warpgroups");
  static constexpr bool kDynamic = Dynamic_;
  static constexpr bool kEpiTma = EpiTma_;
  static constexpr bool kOverlap = Overlap_;
  static constexpr bool kPingpong = Pingpong_ && Overlap_;
  static constexpr int kChains = Chains_;
  static_assert(Chains_ == 1 || Chains_ == 2 || Chains_ == 4, "AttentionConfig: 1, 2 or 4 partial maxima per row");
  static constexpr bool kRescaleEarly = RescaleEarly_ && Overlap_;
  static_assert(SkipRescale_ >= 0 && SkipRescale_ <= 3, "AttentionConfig: SkipRescale_ is 0, 1, 2 or 3");
  static constexpr int kSkipRescale = SkipRescale_;
  // SkipRescale_ 2 and 3: how far (log2 units) a block's row maximum may exceed the row's kept maximum before the
  // row takes it (and O is rescaled): 16-bit p up to 2^8; FP8 p up to 2^(kMaxOffset + 0.75) = 430, under e4m3's
  // largest finite 448 = 2^8.81 (the conversion saturates there in any case).
  static constexpr float kRescaleSlack = sizeof(T) == 1 ? 0.75f : 8.f;
  static constexpr bool kKAhead = KAhead_;
  static constexpr bool kSplitWait = Overlap_ && SplitWait_;
  static constexpr bool kSnake = Snake_ && !Dynamic_;
  static_assert(EpiXor_ >= 0 && EpiXor_ <= 2, "AttentionConfig: EpiXor_ is 0, 1 or 2");
  static constexpr int kEpiXor = EpiTma_ ? EpiXor_ : 0;
  static constexpr int kTurnBarrier = 1;  // named barriers 1 .. kConsumers: consumer warpgroup w's turn to issue
  static constexpr int kEpiBarrier = 1 + Consumers_;  // the next kConsumers: consumer warpgroup w's epilogue
  // Stagger_ (with Overlap_, without Pingpong_): named barrier kStaggerBarrier + w (w < kConsumers - 1): consumer
  // warpgroup w has issued its tile's first S = Q K^T (w arrives, w + 1 waits before its own issue).
  static constexpr bool kStagger = Stagger_ && Overlap_ && !Pingpong_;
  static constexpr int kStaggerBarrier = 1 + 2 * Consumers_;
  static_assert(kStaggerBarrier + Consumers_ - 1 <= 16, "AttentionConfig: 16 named barriers");
  // EpiEarly_ (with EpiTma_ and Overlap_): the TMA-store epilogue's first step (the previous store's read of the O
  // tile waited for, the warpgroup's barrier) under the tile's last P V instead of after its wait.
  static constexpr bool kEpiEarly = EpiEarly_ && EpiTma_ && Overlap_;
  // EpiWide_: O stored from registers in 16-byte vectors (a quad's words transposed by shuffles) where O's rows allow.
  static constexpr bool kEpiWide = EpiWide_;
  // StreamK_ (session 20): the static walk's last partial wave split along the keys among all CTAs (StreamKTail,
  // scheduler.cuh; launch_attention chooses it per launch: fixed lengths, the non-causal mask, static scheduling).
  static constexpr bool kStreamK = StreamK_ && !Causal && !Dynamic_;
  // CrossTile_ (session 21): the next tile's first S under this tile's last P V and epilogue, where it applies (static
  // walks with NextEarly_ and K ahead, without the stream-K tail: AttentionShortConfig of 16-bit d128 non-causal).
  static constexpr bool kCrossTile = CrossTile_ != 0 && Overlap_ && NextEarly_ && KAhead_ && !Dynamic_ && !kStreamK && !Pingpong_ &&
                                    !kStagger && sizeof(T) == 2;
  static_assert(CrossTile_ == 0 || CrossTile_ == 1, "AttentionConfig: CrossTile_ is 0 or 1");
  using Element = T;
  // FP8 (float_e4m3_t in): Q, K and V e4m3 with descales, O bf16, V read from
  // V^T (B, Hkv, D, Sk rounded up to 32; keys contiguous, relabelled per 32 by
  // AttentionKeyPerm8), written before the kernel by prepare_vt.
  static constexpr bool kFp8 = sizeof(T) == 1;
  using ElementOut = std::conditional_t<kFp8, bfloat16_t, T>;
  static_assert(!kFp8 || std::is_same_v<T, float_e4m3_t>, "AttentionConfig: the 8-bit input is e4m3");
  static_assert(!kFp8 || (HeadDim >= 128 && !EpiTma_), "AttentionConfig: FP8 takes head dim 128 or 256, O stored from registers");
  static constexpr int kHeadDim = HeadDim;
  static constexpr bool kCausal = Causal;
  static_assert(HeadDim == 64 || HeadDim == 128 || HeadDim == 256, "AttentionConfig: head dim 64, 128 or 256");
  static constexpr int kConsumers = Consumers_;
  using BM = Int<64 * kConsumers>;  // query rows per CTA tile
  using BN = Int<BN_>;              // keys per block
  using D = Int<HeadDim>;
  static_assert(BN_ % 16 == 0 && BN_ >= 16 && BN_ <= 256, "AttentionConfig: BN is a multiple of 16 in 16..256");
  static_assert(!kFp8 || BN_ % 32 == 0, "AttentionConfig: FP8's BN is a multiple of 32 (V^T's swizzle atoms of 32, 64 or 128 keys)");
  static constexpr int kStages = Stages_;
  static_assert(QStages_ == 1 || QStages_ == 2, "AttentionConfig: Q takes 1 or 2 buffers");
  static constexpr int kQStages = QStages_;
  static constexpr bool kNextEarly = NextEarly_ && Overlap_;
  static constexpr int kThreads = 128 * (1 + kConsumers);
  static constexpr int kProducerRegs = ProducerRegs_, kConsumerRegs = ConsumerRegs_;
  static_assert(ProducerRegs_ % 8 == 0 && ConsumerRegs_ % 8 == 0 && ProducerRegs_ >= 24 && ConsumerRegs_ <= 256,
                "AttentionConfig: setmaxnreg takes multiples of 8 in 24..256");
  // The registers each thread holds at launch (__launch_bounds__(kThreads, 1)): 64K over the threads, in multiples of 8.
  static constexpr int kLaunchRegs = (65536 / kThreads) / 8 * 8;
  static_assert(128 * (ProducerRegs_ + kConsumers * ConsumerRegs_) <= kThreads * kLaunchRegs,
                "AttentionConfig: setmaxnreg would ask for more registers than the CTA holds (the increase would wait forever)");

  // Shared memory. Q (BM, D) and K (BN, D, stages): K-major 128-byte swizzle
  // atoms (rows of 64 elements) tiled down the rows first, so that each
  // 64-column slab is one TMA box. V lands exactly as K does (same tensor
  // map shape, same bytes); the second wgmma reads it as V^T (D, BN, stages),
  // its B operand of (N, K) = (D, keys), which is MN-major (D contiguous): the
  // MN-major atom (64 x 8) tiled along the keys first. SmemLayoutVt(d, j, s) ==
  // SmemLayoutV(j, d, s) for every element (checked on the host,
  // check_v_transpose).
  using AtomK = GMMA::Layout_SW128_Atom<GMMA::Major::K, T>;
  using AtomMN = GMMA::Layout_SW128_Atom<GMMA::Major::MN, T>;
  using SmemLayoutQ = decltype(tile_to_shape(AtomK{}, Shape<BM, D>{}));
  using SmemLayoutK = decltype(tile_to_shape(AtomK{}, Shape<BN, D, Int<Stages_>>{}));
  using SmemLayoutV = SmemLayoutK;
  using SmemTileQ = SmemLayoutQ;                                                // what one Q load fills
  using SmemLayoutQRing = decltype(tile_to_shape(AtomK{}, Shape<BM, D, Int<QStages_>>{}));  // (BM, D, Q stages)
  using SmemTileKV = decltype(tile_to_shape(AtomK{}, Shape<BN, D>{}));  // what one K (or V) load fills
  static constexpr int kTileQ = BM::value * HeadDim, kTileKV = BN_ * HeadDim;  // elements
  static constexpr int kSlab = 128 / int(sizeof(T));                             // columns of one 128-byte swizzle atom
  static constexpr int kBoxesQ = HeadDim / kSlab, kBoxesKV = HeadDim / kSlab;    // one slab per box
  static constexpr std::uint32_t kBytesQ = std::uint32_t(kTileQ * sizeof(T)), kBytesKV = std::uint32_t(kTileKV * sizeof(T));

  // The MMAs. S = Q K^T: 64 x BN x 16 wgmma, Q and K from shared memory (both
  // K-major), one atom per consumer warpgroup along M. O += P V: 64 x D x 16
  // wgmma, P from registers (the softmax's output, converted), V^T from shared
  // memory (MN-major).
  // FP8: 64 x N x 32 e4m3 wgmmas, both shared-memory operands K-major (V^T
  // with the keys contiguous), P from registers in the 8-bit A layout.
  using Kind = typename detail::wgmma_kind<std::conditional_t<kFp8, half_t, T>>::type;
  using OpQK = std::conditional_t<kFp8, GMMA::MMA_64xNx32<BN_, GMMA::ptx::f32e4m3e4m3, false, GMMA::ScaleIn::One, GMMA::ScaleIn::One>,
                                  GMMA::MMA_64xNx16<BN_, Kind, false, GMMA::Major::K, GMMA::Major::K, GMMA::ScaleIn::One, GMMA::ScaleIn::One>>;
  using OpPV =
      std::conditional_t<kFp8, GMMA::MMA_64xNx32<HeadDim, GMMA::ptx::f32e4m3e4m3, true, GMMA::ScaleIn::One, GMMA::ScaleIn::One>,
                         GMMA::MMA_64xNx16<HeadDim, Kind, true, GMMA::Major::K, GMMA::Major::MN, GMMA::ScaleIn::One, GMMA::ScaleIn::One>>;
  static constexpr int kKPV = kFp8 ? 32 : 16;  // keys per k-block of O += P V
  using MmaQK = decltype(make_tiled_mma(OpQK{}, Layout<Shape<Int<kConsumers>, _1, _1>>{}));
  using MmaPV = decltype(make_tiled_mma(OpPV{}, Layout<Shape<Int<kConsumers>, _1, _1>>{}));
  // A thread's S accumulators, their row/column view, and P as the A operand of the second wgmma.
  using LayoutS = std::remove_cvref_t<decltype(partition_fragment_C(MmaQK{}, Shape<BM, BN>{}).layout())>;
  using LayoutSRowCol = decltype(detail::acc_rowcol(LayoutS{}));
  using Form = detail::AttentionFormLayouts<kFp8, T, D, BN, Int<Stages_>, LayoutS>;
  using SmemLayoutVt = typename Form::SmemLayoutVt;  // (D, BN, stages)
  using SmemTileVt = typename Form::SmemTileVt;      // FP8: what one V^T load fills (D, BN)
  static constexpr int kVtAtomKeys = Form::kVtAtomKeys;
  static constexpr int kBoxesV = kFp8 ? BN_ / (kVtAtomKeys > 0 ? kVtAtomKeys : 1) : kBoxesKV;
  using LayoutP = typename Form::LayoutP;
  // P's registers in the A operand's order (compact): register i holds S's register LayoutP(i).
  using LayoutPRegs = decltype(make_layout(shape(LayoutP{})));
  // The keys of a k-block of P V as A's columns read them (FP8: relabelled; 16-bit: in order).
  using KeyPerm = std::conditional_t<kFp8, AttentionKeyPerm8, Layout<Shape<_16>, Stride<_1>>>;
  // FP8 softmax: p = 2^(x - max + kMaxOffset), up to 256, so that P uses e4m3's
  // range (FlashAttention-3's Max_offset); the sums carry the same factor, O
  // cancels it, the lse takes it off.
  static constexpr float kMaxOffset = kFp8 ? 8.f : 0.f;
  static constexpr float kE4m3MaxLog2 = 8.807f;  // log2(448), e4m3's largest finite value
  static_assert(!kFp8 || SkipRescale_ < 2 || kMaxOffset + kRescaleSlack <= kE4m3MaxLog2,
                "AttentionConfig: FP8's P (2^kMaxOffset at the kept maximum) stays under e4m3's 448 within the slack");
  // FP8: of every 8 columns of a thread's S row, ExpEmu_ take 2^x from a cubic on
  // the FMA pipe (detail::exp2_poly, relative error 8e-5) instead of the SFU's
  // ex2 (at d128 the SFU's 16 results per clock and SM take as long as the
  // e4m3 wgmmas); the rest from ex2.approx. 16-bit: 0. Off: slower wherever
  // measured (H100, d128 non-causal, against the default in the same call:
  // session 18 1 of 8 0.93; session 22, helper attn8b, the 9-instruction
  // exp2_poly: 1, 2, 4 of 8 0.927, 0.870, 0.829 at S = 8k; bench/RESULTS.md).
  static constexpr int kExpEmu = ExpEmu_;
  static_assert(ExpEmu_ >= 0 && ExpEmu_ <= 8 && (kFp8 || ExpEmu_ == 0), "AttentionConfig: ExpEmu_ is 0..8, FP8 only");
  using LayoutO = std::remove_cvref_t<decltype(partition_fragment_C(MmaPV{}, Shape<BM, D>{}).layout())>;
  using LayoutORowCol = decltype(detail::acc_rowcol(LayoutO{}));
  static_assert(decltype(size<0>(LayoutSRowCol{}))::value == 2 && decltype(size<0>(LayoutORowCol{}))::value == 2,
                "AttentionConfig: a thread holds 2 rows of each 64-row atom");

  // Barriers: Q's (kQStages), K's and V's (kStages each), full and empty.
  static constexpr int kBarriers = 2 * (QStages_ + 2 * Stages_);
  // The epilogue's O tiles (EpiTma_): per consumer warpgroup its 64 rows, K-major
  // 128-byte swizzle atoms (64-column slabs, one TMA box each); SmemTileOElems
  // is the same in elements (the swizzle moved from bytes to 16-bit elements).
  using AtomKO = GMMA::Layout_SW128_Atom<GMMA::Major::K, ElementOut>;
  using SmemTileO = decltype(tile_to_shape(AtomKO{}, Shape<_64, D>{}));
  using SmemTileOElems = decltype(make_composed_layout(Swizzle<3, 3, 3>{}, Int<0>{}, SmemTileO{}.layout_b()));
  static constexpr int kTileO = 64 * HeadDim;
  static constexpr int kBoxesO = HeadDim / 64;
  // Shared memory: the Q and the K and V rings (1024-byte aligned for the swizzle), the O tiles, the barriers, the
  // tile slots (Dynamic_: kAttentionSlotWords ints per Q stage, the tile's work as the producer looked it up).
  static constexpr int kSlotBytes = Dynamic_ ? QStages_ * kAttentionSlotWords * 4 : 16;
  static constexpr int kSmemBytes =
      int((kQStages * kTileQ + 2 * kStages * kTileKV) * sizeof(T) + (EpiTma_ ? kConsumers * kTileO * sizeof(ElementOut) : 0)) + kBarriers * 8 +
      kSlotBytes + 1024;
  static_assert(kSmemBytes <= 227 * 1024, "AttentionConfig: the tiles do not fit in shared memory");

  // This configuration with its block of keys, O's store, Q's buffers, the next tile's lookup and the rescale's
  // place replaced, every other parameter as it is (AttentionShortConfig: the defaults' configuration with its
  // tiles changed, so that it follows every other default); EpiWide_ kept only where O leaves from registers
  // (with the TMA store it measured 0.3-0.6% slower, session 19).
  template <int BN, bool EpiTma, int QStages, bool NextEarly, bool RescaleEarly = RescaleEarly_, bool StreamK = StreamK_,
            int CrossTile = CrossTile_>
  using with_tiles = AttentionConfig<T, HeadDim, Causal, BN, Stages_, Overlap_, Pingpong_, Dynamic_, EpiTma, Consumers_, ProducerRegs_,
                                     ConsumerRegs_, ExpEmu_, Chains_, RescaleEarly, SkipRescale_, KAhead_, SplitWait_, Snake_, EpiXor_,
                                     QStages, NextEarly, Stagger_, EpiEarly_, EpiWide_ && !EpiTma, StreamK, CrossTile>;
};

// The bits that a thread's part of the TMA-store epilogue's offsets can take
// (EpiXor_ 2): the OR over every consumer thread t of SmemTileOElems at its
// value 0's (row - 64 wg, column) in the C partition of MmaPV (m64nDk16: 0xdfe
// at D = 128, 16-bit). Value i's part splits into the bits of this mask, XORed
// with the thread's part, and the others, which no thread's part has: those add.
template <class Cfg>
TESSEL_HOST_DEVICE constexpr int attention_o_thread_bits() {
  auto const tv = Cfg::MmaPV::get_layoutC_TV();  // (thread, value) -> m + BM n
  typename Cfg::SmemTileOElems const lo{};
  int bits = 0;
  for (int t = 0; t < 128 * Cfg::kConsumers; ++t) {
    int const mn = int(tv(t, 0)), m = mn % Cfg::BM::value, n = mn / Cfg::BM::value;
    bits |= int(lo(m - 64 * (t / 128), n));
  }
  return bits;
}

// The TMA boxes of a tile of Q, K or V (a rank-4 tensor map over (D, S, H, B)),
// linear in the tile's first row, its head and its batch: box i of the tile
// whose first row is `row` starts at TMA coordinates
// c[d] = row * row_step[d] + h * head_step[d] + b * batch_step[d] + i * box_step[d],
// and at element i * smem_step of the tile in shared memory. Derived from the
// TmaCopy's own box addressing on the host (make_attention_tma_plan, which checks the form).
struct AttentionTmaPlan {
  int boxes = 1;
  int row_step[4] = {}, head_step[4] = {}, batch_step[4] = {}, box_step[4] = {};
  int smem_step = 0;
};

// The tile scheduler over (query block, head, batch) tiles, numbered
// m + tiles_m * (h + Hq * b). Non-causal: in index order (query blocks
// fastest: the CTAs running together share a head's K and V in L2). Causal:
// longest first within groups of G heads (make_causal_scheduler in
// attention_sm90.cuh, which chooses G: all heads, or about SMs / tiles_m):
// ((G, tiles_m, ceil(Hq B / G)) : (tiles_m, -1, G tiles_m)) from tiles_m - 1.
using AttentionOrderScheduler = decltype(make_tile_scheduler(make_layout(make_shape(1)), 1, 1, 1));
using AttentionCausalScheduler = decltype(make_tile_scheduler(make_layout(make_shape(1, 1, 1), make_stride(1, -1, 1)), 1, 1, 1, 0));

template <class Cfg>
struct AttentionParams {
  using T = typename Cfg::Element;
  using TO = typename Cfg::ElementOut;
  TmaCopy<SM90_TMA_LOAD, T> tma_q, tma_k, tma_v;  // FP8: tma_v loads V^T (D, BN) tiles
  AttentionTmaPlan plan_q, plan_k, plan_v;
  TmaCopy<SM90_TMA_STORE, TO> tma_o;  // Cfg::kEpiTma: 64 rows of O per store
  AttentionTmaPlan plan_o;
  TO* o = nullptr;       // (B, Sq, Hq, D): strides (o_batch, o_row, D, 1); varlen: (total_q, Hq, D), o_batch 0
  // FP8: the descales of Q, K and V (fp32, device memory), descale of (b, kv head hk) at b * *_descale_b + hk * *_descale_h
  // (FlashAttention-3's (batch, heads_k) tensors; strides 0: one per tensor); null: 1.
  float const *q_descale = nullptr, *k_descale = nullptr, *v_descale = nullptr;
  long long q_descale_b = 0, q_descale_h = 0, k_descale_b = 0, k_descale_h = 0, v_descale_b = 0, v_descale_h = 0;
  float* lse = nullptr;  // (B, Hq, Sq) contiguous, or varlen (Hq, total_q); may be null
  long long o_batch = 0, o_row = 0;
  long long lse_batch = 0, lse_head = 0;  // lse of (b, h, row): b * lse_batch + h * lse_head + row
  // Variable-length batches: the sequences' first rows in the packed Q and K (B + 1 offsets each, device
  // memory); null: fixed lengths sq, sk. Then the TMA tensors are (total, D, H, 1) and sq, sk the longest.
  int const* cu_q = nullptr;
  int const* cu_k = nullptr;
  int rows_q = 0, rows_k = 0;  // varlen: the packed tensors' rows (the offsets are clamped to them)
  int sq = 0, sk = 0, hq = 0, hkv = 0, batch = 0;
  int group = 1;             // hq / hkv: query heads per K/V head
  float scale = 1.f;         // softmax scale
  float scale_log2 = 1.f;    // scale * log2(e)
  int tiles_m = 0, blocks_n = 0;
  std::conditional_t<Cfg::kCausal, AttentionCausalScheduler, AttentionOrderScheduler> sched;
  bool vec = true;  // O's rows allow 2-element vector stores
  int* tile_counter = nullptr;  // dynamic scheduling: positions past the grid's first, zero at the launch (null: static)
  // Cfg::kStreamK: the walk's last partial wave split along the keys (tiles 0: none). partials: per CTA and
  // consumer warpgroup a piece's O accumulators, row maxima and sums (attention_tail_floats each); flags: one per
  // slot, 1 while its partial waits, reset to 0 by the tile's head.
  StreamKTail tail{};
};
// The floats of one stream-K partial slot: a consumer warpgroup's O accumulators (64 rows x D) and per thread its
// rows' maxima and sums (4 floats).
template <class Cfg>
TESSEL_HOST_DEVICE constexpr int attention_tail_floats() { return 128 * (64 * Cfg::kHeadDim / 128 + 4); }

// One sequence of the batch: its first row in Q (and O) and in K (and V), its
// lengths, and the batch coordinate of its tiles in the TMA tensors (b for
// fixed lengths; 0 for packed varlen tensors, whose rows carry the offset).
struct AttentionSeq {
  int q0 = 0, k0 = 0, sq = 0, sk = 0, b = 0;
};
// Offsets that are not nondecreasing within [0, rows] (bad input the host cannot
// see: they stay on the device) are clamped into them, so that a tile never reads
// a negative length (which would leave Q's stage unreleased) nor writes outside
// the packed tensors.
TESSEL_HOST_DEVICE int attention_clamp(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }
template <class Params>
TESSEL_HOST_DEVICE AttentionSeq attention_seq(Params const& p, int b) {
  if (p.cu_q == nullptr) return {0, 0, p.sq, p.sk, b};
  int const q0 = attention_clamp(p.cu_q[b], 0, p.rows_q), k0 = attention_clamp(p.cu_k[b], 0, p.rows_k);
  int const q1 = attention_clamp(p.cu_q[b + 1], q0, p.rows_q), k1 = attention_clamp(p.cu_k[b + 1], k0, p.rows_k);
  return {q0, k0, q1 - q0, k1 - k0, 0};
}

// The key blocks [0, n_max) that the query block m reads (bottom-right aligned
// causal mask: row i sees keys j <= i + sk - sq), and whether block n needs the
// mask (keys past sk, or keys past a row's diagonal).
template <bool Causal>
TESSEL_HOST_DEVICE int attention_blocks(int m, int bm, int bn, int sq, int sk) {
  int hi = sk;
  if constexpr (Causal) {
    long long const lim = (long long)(m + 1) * bm + (sk - sq);
    if (lim < hi) hi = int(lim < 0 ? 0 : lim);
  }
  return (hi + bn - 1) / bn;
}
// The work of one tile position (producer and consumers look it up alike): its
// coordinates, its sequence, whether it has rows (not a raster hole, not past its
// sequence's end in a varlen batch) and the key blocks its rows read (0 without
// rows, or for rows that see no key: the consumers then write zeros).
struct AttentionTileWork {
  TileCoord tc{};
  AttentionSeq seq{};
  bool rows = false;
  int blocks = 0;
  // The stream-K tail (Cfg::kStreamK): the piece's key blocks are [first, blocks); tail: the tile's index in the
  // tail (position - StreamKTail::begin), -1 for a whole tile of the walk before it.
  int first = 0, tail = -1;
};
template <bool Causal, class Params>
TESSEL_HOST_DEVICE AttentionTileWork attention_tile_work(Params const& p, int pos, int bm, int bn) {
  AttentionTileWork t;
  t.tc = p.sched.tile(pos);
  if (!p.sched.valid(t.tc)) return t;
  t.seq = attention_seq(p, t.tc.l);
  t.rows = t.tc.m * bm < t.seq.sq;
  if (t.rows) t.blocks = attention_blocks<Causal>(t.tc.m, bm, bn, t.seq.sq, t.seq.sk);
  return t;
}
// Dynamic scheduling: the producer looks each position's work up once and hands
// it to the consumers with the tile's Q (the Q stage's slot, published by the
// stage's full barrier): its coordinates and key blocks, so that at the tile's
// top they read one 16-byte word of shared memory instead of decoding the
// position again with nothing in flight (the scheduler's layout and the tile
// index: chained integer divisions). The sequence is looked up again
// (attention_seq: p's lengths, or the varlen offsets): more words, or these as
// separate stores, spilled the producer's 24 registers (4-22 bytes). Word 0: the
// key blocks, -1 for a tile without rows (a raster hole, past its sequence), -2
// for no tile left. Volatile 16-byte accesses, as the slot's word was volatile
// before: the arrive that publishes the slot (an asm without a memory clobber)
// stays after the store.
TESSEL_DEVICE void attention_put_slot(int volatile* s, bool live, AttentionTileWork const& t) {
  asm volatile("st.volatile.shared.v4.s32 [%0], {%1, %2, %3, %4};\n" ::"r"(cast_smem_ptr_to_uint(const_cast<int*>(s))),
               "r"(!live ? -2 : (t.rows ? t.blocks : -1)), "r"(t.tc.m), "r"(t.tc.n), "r"(t.tc.l)
               : "memory");
}
// The work in slot s (false: no tile left).
template <class Params>
TESSEL_DEVICE bool attention_get_slot(int volatile const* s, Params const& p, AttentionTileWork& t) {
  int w, m, n, l;
  asm volatile("ld.volatile.shared.v4.s32 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(w), "=r"(m), "=r"(n), "=r"(l)
               : "r"(cast_smem_ptr_to_uint(const_cast<int*>(s)))
               : "memory");
  if (w == -2) return false;
  t.tc = TileCoord{m, n, l};
  t.rows = w >= 0, t.blocks = w >= 0 ? w : 0;
  t.seq = t.rows ? attention_seq(p, t.tc.l) : AttentionSeq{};
  return true;
}
static_assert(kAttentionSlotWords == 4, "attention: a slot is one 16-byte word");
// The static walk of one persistent CTA over the positions [0, end): bands of
// `step` (the grid's size) positions, [k step, (k + 1) step), in order, and in
// each the CTA's place `first`, or with `snake` the mirrored place step - 1 -
// first in odd bands (a boustrophedon). Over the causal scheduler's longest-first
// positions the plain walk gives CTA 0 the longest tile of every band and the
// last CTA the shortest: for d64 causal (S = 8192, BM 192, 64 heads x batches,
// 132 CTAs) the mean CTA's key blocks are 0.957 of the busiest one's, with the
// snake 0.995 (d128 causal at S = 8192: 0.941 and 0.999). A mirrored place past
// the last band's end is no tile (position() >= end: a hole, skipped).
struct AttentionWalk {
  int band = 0, first = 0, step = 1, end = 0;
  bool snake = false, odd = false;
  TESSEL_HOST_DEVICE bool done() const { return snake ? band >= end : band + first >= end; }
  TESSEL_HOST_DEVICE int position() const { return band + (odd ? step - 1 - first : first); }
  TESSEL_HOST_DEVICE void next() {
    band += step;
    odd = snake && !odd;
  }
};
TESSEL_HOST_DEVICE AttentionWalk attention_walk(int positions, int first, int step, bool snake) {
  AttentionWalk w;
  w.first = first, w.step = step, w.end = positions, w.snake = snake;
  return w;
}
// The static walk's next position: its work in t (nothing at a hole), the walk
// advanced; false where the walk is over.
template <bool Causal, class Params>
TESSEL_HOST_DEVICE bool attention_next_tile(AttentionWalk& w, Params const& p, int bm, int bn, AttentionTileWork& t) {
  if (w.done()) return false;
  int const pos = w.position();
  t = pos < w.end ? attention_tile_work<Causal>(p, pos, bm, bn) : AttentionTileWork{};
  w.next();
  return true;
}
// The stream-K walk's next piece (Cfg::kStreamK: the whole tiles first, first + step, ... before the tail, then
// the CTA's range of the tail's key blocks, StreamKTail::walk): its work in t, the walk advanced; false where it
// is over. A tail piece's blocks are [k_begin, k_end) of the tile's (every tile of the tail has k_tiles).
template <bool Causal, class Params>
TESSEL_HOST_DEVICE bool attention_next_tile(StreamKWalk& w, Params const& p, int bm, int bn, AttentionTileWork& t) {
  if (w.done()) return false;
  int const pos = w.position();
  t = attention_tile_work<Causal>(p, pos, bm, bn);
  if (w.split()) t.tail = pos - p.tail.begin, t.first = w.k_begin(), t.blocks = w.k_end(p.tail.k_tiles);
  w.next();
  return true;
}
// A CTA's static walk: AttentionWalk, or with Cfg::kStreamK the stream-K walk (a plain walk where p.tail has no tiles).
template <class Cfg, class Params>
TESSEL_HOST_DEVICE auto attention_cta_walk(Params const& p, int first, int step) {
  if constexpr (Cfg::kStreamK) return p.tail.walk(TileWalk{first, step, p.sched.positions}, first);
  else return attention_walk(p.sched.positions, first, step, Cfg::kSnake);
}
template <bool Causal>
TESSEL_HOST_DEVICE bool attention_block_masked(int m, int n, int bm, int bn, int sq, int sk) {
  if ((n + 1) * bn > sk) return true;
  if constexpr (Causal) return (long long)(n + 1) * bn - 1 > (long long)m * bm + (sk - sq);
  return false;
}

// Short keys (session 16): 16-bit d128 non-causal up to attention_short_keys keys
// (every sequence's, max_seqlen_k for varlen) takes AttentionShortConfig: BN 128
// (2048 keys are 16 whole blocks, against BN 192's 10 and a masked two thirds),
// two Q buffers and O through TMA stores (the per-tile costs, a larger share of
// a tile of few blocks); 0: no short configuration. H100, attention_pair.py, 5
// rounds against cuDNN in the same loop, S = 2048: 0.946-0.950 against BN 192's
// 0.929-0.933 (BN 128 alone 0.919-0.926, with the TMA store 0.938-0.947, with 2 Q
// buffers 0.943-0.949); at S = 8k / 16k BN 192 stays ahead (BN 128 with both
// 1.023-1.024 / 1.036-1.038 against 1.037-1.039 / 1.054-1.055). Session 17: K
// one block ahead of V (the d128 default, above) and the next tile looked up under
// the last P V (NextEarly_): S = 2048, 5 rounds, 0.969-0.974 against K ahead
// alone 0.956-0.961 and session 16's 0.946-0.950 (H100). Other levers measured
// on it (session 17's call 1, 3 rounds, 2k non-causal / causal): ping-pong
// 0.944-0.955 / 0.952-0.955 against 0.944-0.957 / 0.953-0.954; BN 64 with 3 or 4
// K/V stages 0.806-0.825 / 0.836-0.839; BN 96 0.843-0.858 / 0.877-0.878.
// Session 18 (H100, 7 rounds): the rescale skipped where no maximum moved
// (SkipRescale_ 1, the d128 default) 0.984-0.988 against 0.967-0.973, O rescaled
// after P V's wait kept (with the rescale under S: 0.976 alone, 0.968 with the
// skip); 3 consumers (BM 192) with BN 64 and 4 stages 0.840-0.845; 2 partial
// maxima 0.944-0.950.
// Session 20: without the stream-K tail (StreamK_ off: -0.007 at 2k, the defaults' attention_default_stream_k).
// Session 21 (H100, 7 rounds; bench/RESULTS.md "Session 21, attention (helper attn)"): the next tile's first S
// under the last P V and the epilogue (CrossTile_, the default here) 0.994-0.997 against 0.985-0.987 (without the
// warps converged at the tile loop's end 0.940); the next tile's Q, K and V prefetched into L2 at each tile's start
// 0.976 against 0.987 (not kept).
// The causal mask too since session 20 (its default went to BN 192, below 2048 keys 0.017 slower): its short
// configuration is session 19's causal default (BN 128, two Q buffers, O through TMA stores, the rescale under S,
// no early lookup of the next tile), the new default with its tiles changed.
constexpr int attention_short_keys(int head_dim, bool, int bytes = 2) { return bytes == 2 && head_dim == 128 ? 2048 : 0; }
template <class T, int HeadDim, bool Causal>
using AttentionShortConfig = std::conditional_t<Causal, typename AttentionConfig<T, HeadDim, Causal>::template with_tiles<128, true, 2, false, true, false>,
                                                typename AttentionConfig<T, HeadDim, Causal>::template with_tiles<128, true, 2, true, false, false>>;

}  // namespace tessel::kernels::attention_sm90
