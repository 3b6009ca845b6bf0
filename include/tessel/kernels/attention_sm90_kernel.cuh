// tessel/kernels/attention_sm90_kernel.cuh: the kernel of a Hopper (sm_90a)
// fused attention forward pass written with tessel's layouts and atoms (issue 26):
//
//   O = softmax(scale * Q K^T [masked]) V,   lse = log(sum(exp(scale * Q K^T)))  per row
//
// Q (B, Sq, Hq, D), K and V (B, Sk, Hkv, D), O (B, Sq, Hq, D) bf16 or fp16
// (last dimension contiguous), lse (B, Hq, Sq) fp32; query head h reads K/V
// head h / (Hq / Hkv) (MHA, GQA, MQA); fp32 accumulation; any Sq, Sk (the TMA
// clips the ragged tails: zeros are loaded, out-of-range keys are masked and
// out-of-range rows are not stored).
//
// The kernel (one persistent CTA per SM, 384 threads; FlashAttention-3's
// warp-specialised design, arXiv 2407.08608):
//   - warpgroup 0 is the producer: one thread issues TMA loads of the tile's Q
//     (BM x D, once per tile) and of K and V (BN x D per key block) into rings
//     of buffers, each with full/empty mbarriers (TmaPipeline, pipeline.cuh);
//     Q's ring has Cfg::kQStages buffers (2: the next tile's Q loads while this
//     tile runs);
//   - warpgroups 1 and 2 are the consumers, 64 query rows each. Per key block
//     (last block first: the masked blocks come first): S = Q K^T by wgmma with
//     both operands in shared memory; the mask (keys past Sk, the causal
//     diagonal) on the blocks that need it; the online softmax in registers
//     (row maxima shared by the 4 threads of a row through shuffles, a
//     running per-thread row sum, the output rescaled when the maximum grows);
//     P converted to 16 bits in the A-operand register layout of the second
//     wgmma (the same values in the same order: detail::acc_as_a); O += P V by
//     wgmma with P from registers and V^T from shared memory (MN-major view of
//     the K-major V tile);
//   - at the end of a tile O is divided by the row sums and stored from
//     registers (epilogue.cuh, 2-element vectors, rows past Sq skipped) or
//     (Cfg::kEpiTma) through shared memory and TMA stores, and the
//     log-sum-exp by one thread of each row;
//   - tiles (query block, head, batch) come from a persistent scheduler
//     (scheduler.cuh's LayoutTileScheduler: in order for the non-causal mask,
//     longest first within groups of heads for the causal one), handed out
//     statically (CTA c: positions c, c + grid, ..., or with Cfg::kSnake its
//     mirrored place grid - 1 - c in every other band of grid positions:
//     AttentionWalk; the default) or, with
//     Cfg::kDynamic, at run time through an atomic counter (the next tile to
//     the first producer that asks; the producer passes each tile's position
//     and its work as it looked it up to the consumers with its Q, words in
//     shared memory published by the Q stage's full barrier);
//   - with Cfg::kStreamK (16-bit d128 and FP8 non-causal by default, session 20),
//     the static walk's last partial wave is split along the keys among all
//     CTAs (scheduler.cuh's StreamKTail, as the GEMM's; launch_attention
//     chooses it per launch): a CTA takes its whole tiles, then a range of the
//     tail's key blocks in pieces of one tile; a piece after a tile's first
//     leaves its O accumulators, row maxima and sums in a workspace (a flag per
//     slot), and the piece holding key block 0 merges them before the epilogue;
//   - setmaxnreg moves registers from the producer to the consumers.
//
//   - with Cfg::kOverlap (the default), FlashAttention-3's intra-warpgroup
//     overlap: block n's S = Q K^T is issued together with block n+1's
//     O += P V, and block n's softmax runs while P V is on the tensor cores.
//
//   - with Cfg::kPingpong (not the default), the consumers take turns to issue
//     their wgmmas (FlashAttention-3's ping-pong), through named barriers.
//
// Variable-length batches (p.cu_q, p.cu_k: FlashAttention's cu_seqlens): Q, K,
// V and O are packed (total, H, D) tensors; a tile (query block, head,
// sequence) reads its sequence's offsets, loads from its first rows (a TMA box
// may run past the sequence's end into the next one's rows: those keys are
// masked, those query rows computed and not stored), skips query blocks past
// the sequence's end, masks per sequence (the causal diagonal bottom-right
// aligned in each), and stores only its own rows (the direct epilogue is
// predicated on the sequence's length; the TMA store only for 64 rows wholly
// inside it).
//
// FP8 (Cfg::kFp8: e4m3 Q, K, V with descales, bf16 O): the same kernel with
// the 8-bit wgmma m64nNk32 (both shared-memory operands K-major: V is read from
// V^T (B, Hkv, D, keys), written before the kernel by prepare_vt with the keys of
// each 32-key block in the order AttentionKeyPerm8), S scaled by the Q and K
// descales in the softmax, P = 2^(x - max + 8) rounded to e4m3 and picked from
// the S accumulators of the same thread in the 8-bit A layout
// (detail::acc_as_a8: no shuffles), O scaled by the V descale at the end.
//
// Its configuration is attention_sm90_config.cuh; the host side (tensor maps,
// launch, describe) attention_sm90.cuh.
#pragma once

#include <cstdint>

#include "../atom/copy_sm90.hpp"
#include "attention_sm90_config.cuh"
#include "epilogue.cuh"
#include "gemm_convert.cuh"
#include "pipeline.cuh"
#include "sm90_common.cuh"
#include "scheduler.cuh"

namespace TESSEL_NAMESPACE::kernels::attention_sm90 {

namespace detail {

using ::TESSEL_NAMESPACE::kernels::setmaxnreg_dec;  // sm90_common.cuh
using ::TESSEL_NAMESPACE::kernels::setmaxnreg_inc;

// 2^x (the SFU's approximation, flushing denormals; 2^-inf = 0).
TESSEL_DEVICE float exp2_approx(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

// 2^x on the FMA pipe (Cfg::kExpEmu): x clamped to -127 (below, 2^x is under
// the smallest normal float; -inf included), x = j + f with j the nearest
// integer (adding 1.5 * 2^23 + 127 rounds x + 127 into the low bits of t, and
// subtracting it gives j exactly) and f in [-0.5, 0.5]; 2^f by a cubic fitted for
// relative error (8e-5 at most: attention_host checks every x of a 2^-12 grid
// over [-130, 10]), times 2^j: the float whose exponent field is t's low bits
// j + 127 (shifted by 23; at j = -127 the field is 0 and the factor 0, so x
// below -126.5 gives 0). 9 instructions, 2 of them not on the FMA pipe (the
// clamp, the shift); no compare or select.
TESSEL_HOST_DEVICE float exp2_poly(float x) {
  constexpr float kRound = 12582912.f + 127.f;  // 1.5 * 2^23 + 127
  float const xc = fmaxf(x, -127.f);
  float const t = xc + kRound;
  float const f = xc - (t - kRound);
  float const p = fmaf(fmaf(fmaf(0.0550886838f, f, 0.242604051f), f, 0.693276242f), f, 0.99992894f);
  return p * __builtin_bit_cast(float, __builtin_bit_cast(std::uint32_t, t) << 23);
}

// The Boxes TMA loads of the tile whose first row is `row`, of head h and batch b.
template <int Boxes, class T>
TESSEL_DEVICE void load_tile(TmaDescriptor const& desc, AttentionTmaPlan const& plan, std::uint64_t& bar, T* smem, int row, int h, int b) {
  constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL
  int c[4];
  TESSEL_UNROLL
  for (int d = 0; d < 4; ++d) c[d] = row * plan.row_step[d] + h * plan.head_step[d] + b * plan.batch_step[d];
  TESSEL_UNROLL
  for (int i = 0; i < Boxes; ++i)
    SM90_TMA_LOAD::copy(&desc, &bar, hint, smem + i * plan.smem_step, c[0] + i * plan.box_step[0], c[1] + i * plan.box_step[1],
                        c[2] + i * plan.box_step[2], c[3] + i * plan.box_step[3]);
}

// The maximum over the 4 threads of a quad (the threads holding one row of a wgmma accumulator).
TESSEL_DEVICE float quad_max(float v) {
  v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, 1));
  return fmaxf(v, __shfl_xor_sync(0xffffffffu, v, 2));
}
TESSEL_DEVICE float quad_sum(float v) {
  v += __shfl_xor_sync(0xffffffffu, v, 1);
  return v + __shfl_xor_sync(0xffffffffu, v, 2);
}

using ::tessel::kernels::gemm_convert::pack_pair;

// One 32-bit word to a shared-window address (the atom layer's st_shared_u32).
using ::TESSEL_NAMESPACE::detail::st_shared_u32;

// Four floats rounded to e4m3 (saturating to +-448) as one word, value 0 in the lowest byte.
TESSEL_DEVICE std::uint32_t pack_e4m3x4(float v0, float v1, float v2, float v3) {
  std::uint32_t r;
  asm("{\n .reg .b16 lo, hi;\n cvt.rn.satfinite.e4m3x2.f32 lo, %2, %1;\n cvt.rn.satfinite.e4m3x2.f32 hi, %4, %3;\n"
      " mov.b32 %0, {lo, hi};\n}"
      : "=r"(r)
      : "f"(v0), "f"(v1), "f"(v2), "f"(v3));
  return r;
}

// The 4 threads of a quad (lane % 4 = q) each hold word q (columns 2q, 2q + 1) of 4 groups of 8 columns, w[g]
// of group g; afterwards thread q holds group q whole, w[s] = thread s's word of it (columns 2s, 2s + 1): the
// 4 x 4 transpose in two exchanges (XOR 2: the halves of the groups; XOR 1: the groups within a half).
TESSEL_DEVICE void quad_transpose(std::uint32_t (&w)[4], int q) {
  bool const b = (q & 2) != 0, a = (q & 1) != 0;
  // with thread q ^ 2: send the two groups of the other half, keep the two of this thread's half (2b, 2b + 1)
  std::uint32_t const s0 = b ? w[0] : w[2], s1 = b ? w[1] : w[3];
  std::uint32_t const k0 = b ? w[2] : w[0], k1 = b ? w[3] : w[1];
  std::uint32_t const r0 = __shfl_xor_sync(0xffffffffu, s0, 2), r1 = __shfl_xor_sync(0xffffffffu, s1, 2);
  // k: thread q's words of groups 2b, 2b + 1; r: thread (q ^ 2)'s. With thread q ^ 1: send group 2b + 1 - a, keep q.
  std::uint32_t const t0 = a ? k0 : k1, t1 = a ? r0 : r1;
  std::uint32_t const u0 = a ? k1 : k0, u1 = a ? r1 : r0;  // threads q's and (q ^ 2)'s words of group q
  std::uint32_t const v0 = __shfl_xor_sync(0xffffffffu, t0, 1), v1 = __shfl_xor_sync(0xffffffffu, t1, 1);  // (q ^ 1)'s, (q ^ 3)'s
  // x[t] is thread (q ^ t)'s word: w[s] = x[s ^ q]
  std::uint32_t const x0 = a ? v0 : u0, x1 = a ? u0 : v0, x2 = a ? v1 : u1, x3 = a ? u1 : v1;  // XOR a applied
  w[0] = b ? x2 : x0, w[1] = b ? x3 : x1, w[2] = b ? x0 : x2, w[3] = b ? x1 : x3;
}

// A descale (null: 1).
TESSEL_DEVICE float descale_of(float const* d, long long sb, long long sh, int b, int h) { return d ? d[b * sb + h * sh] : 1.f; }

using ::TESSEL_NAMESPACE::kernels::named_barrier_arrive;  // sm90_common.cuh
using ::TESSEL_NAMESPACE::kernels::named_barrier_sync;

// The stream-K tail's partials (Cfg::kStreamK; StreamKTail, scheduler.cuh): slot s (CTA c's consumer warpgroup w:
// s = c kConsumers + w) holds attention_tail_floats<Cfg>() floats, thread t's O value i at float
// (i / 4) 512 + 4 t + i % 4 (16-byte stores, a warpgroup's in turn contiguous), then its rows' maxima and sums
// (m0, m1, l0, l1) at float (values / 4) 512 + 4 t; through L2 (st.global.cg / ld.global.cg: the reader is
// another SM). The slot's flag: 1 once the warpgroup's stores are done (its named barrier, then one thread's
// fence.acq_rel.gpu and store), read with ld.acquire.gpu by the head's thread 0 of the same warpgroup, which resets it.
template <class Cfg, class Acc>
TESSEL_DEVICE void tail_store(StreamKTail const& tl, int slot, int t, Acc const& acc, float const (&m)[2], float const (&l)[2]) {
  constexpr int kVals = decltype(size(acc.layout()))::value;
  static_assert(kVals % 4 == 0 && 128 * (kVals + 4) == attention_tail_floats<Cfg>(), "attention: a partial slot's floats");
  float4* const part = reinterpret_cast<float4*>(tl.partials + (long long)slot * attention_tail_floats<Cfg>());
  TESSEL_UNROLL
  for (int i = 0; i < kVals; i += 4) __stcg(part + (i / 4) * 128 + t, make_float4(acc(i), acc(i + 1), acc(i + 2), acc(i + 3)));
  __stcg(part + (kVals / 4) * 128 + t, make_float4(m[0], m[1], l[0], l[1]));
  named_barrier_sync(Cfg::kEpiBarrier + slot % Cfg::kConsumers, 128);
  if (t == 0) stream_k_flag_set(tl.flags + slot);
}
// The head of a tail tile: the pieces of workers [lo, hi) (this warpgroup's slot in each) merged into its own O,
// maxima and per-thread sums (the same rows and columns in every piece: the online softmax's rescale, both sides
// to the larger maximum).
template <class Cfg, class Acc>
TESSEL_DEVICE void tail_add(StreamKTail const& tl, int lo, int hi, int wg, int t, float scale_log2, Acc& acc, float (&m)[2], float (&l)[2]) {
  constexpr int kVals = decltype(size(acc.layout()))::value;
  constexpr float kNegInf = -__builtin_huge_valf();
  if (t == 0) {
    for (int c = lo; c < hi; ++c) {
      int* const f = tl.flags + c * Cfg::kConsumers + wg;
      while (stream_k_flag_get(f) == 0) {
      }
      *reinterpret_cast<int volatile*>(f) = 0;  // read once: ready for the next launch
    }
  }
  named_barrier_sync(Cfg::kEpiBarrier + wg, 128);
  auto o_rc = make_tensor(acc.data(), typename Cfg::LayoutORowCol{});
  constexpr typename Cfg::LayoutORowCol rc{};
  constexpr int kCols = decltype(size<1>(rc))::value;
  for (int c = lo; c < hi; ++c) {
    float const* const part = tl.partials + (long long)(c * Cfg::kConsumers + wg) * attention_tail_floats<Cfg>();
    float4 const ml = __ldcg(reinterpret_cast<float4 const*>(part) + (kVals / 4) * 128 + t);
    float const mb[2] = {ml.x, ml.y}, lb[2] = {ml.z, ml.w};
    TESSEL_UNROLL
    for (int r = 0; r < 2; ++r) {
      float const mx = fmaxf(m[r], mb[r]);
      float const ms = mx == kNegInf ? 0.f : mx * scale_log2;  // no key on either side: both factors 0
      float const fa = exp2_approx(m[r] * scale_log2 - ms), fb = exp2_approx(mb[r] * scale_log2 - ms);
      m[r] = mx;
      l[r] = l[r] * fa + lb[r] * fb;
      // value by value (4-byte loads: no second copy of O in registers, which spilled at d256)
      TESSEL_UNROLL
      for (int j = 0; j < kCols; ++j) {
        int const i = int(rc(r, j));
        o_rc(r, j) = o_rc(r, j) * fa + __ldcg(part + (i / 4) * 512 + 4 * t + i % 4) * fb;
      }
    }
  }
}

}  // namespace detail

// The kernel (Cfg: AttentionConfig). Launch with Cfg::kThreads threads,
// Cfg::kSmemBytes of dynamic shared memory, at most one CTA per SM (persistent).
template <class Cfg>
__global__ void __launch_bounds__(Cfg::kThreads, 1) attention_kernel(__grid_constant__ AttentionParams<Cfg> const p) {
#if defined(TESSEL_ARCH_WGMMA)
  using T = typename Cfg::Element;
  using TO = typename Cfg::ElementOut;
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  using D = typename Cfg::D;
  constexpr int S = Cfg::kStages;
  constexpr int QS = Cfg::kQStages;
  constexpr bool kCausal = Cfg::kCausal;

  extern __shared__ unsigned char smem_raw[];
  auto* base = reinterpret_cast<unsigned char*>((reinterpret_cast<std::uintptr_t>(smem_raw) + 1023) & ~std::uintptr_t(1023));
  T* smem_q = reinterpret_cast<T*>(base);
  T* smem_k = smem_q + QS * Cfg::kTileQ;
  T* smem_v = smem_k + S * Cfg::kTileKV;
  TO* smem_o = reinterpret_cast<TO*>(smem_v + S * Cfg::kTileKV);  // Cfg::kEpiTma: the consumers' O tiles
  auto* barriers = reinterpret_cast<std::uint64_t*>(smem_o + (Cfg::kEpiTma ? Cfg::kConsumers * Cfg::kTileO : 0));
  // Dynamic scheduling: the tile each Q stage holds (its work, or no more
  // tiles: attention_put_slot), kAttentionSlotWords per stage,
  // written by the producer before it arms the stage's full barrier.
  auto* tile_slot = reinterpret_cast<int volatile*>(barriers + Cfg::kBarriers);
  TmaPipeline<QS> const pipe_q(barriers, 1);
  TmaPipeline<S> const pipe_k(barriers + 2 * QS, 1);
  TmaPipeline<S> const pipe_v(barriers + 2 * QS + 2 * S, 1);

  int const warpgroup = int(threadIdx.x) / 128;
  if (threadIdx.x == 0) {
    prefetch_tma_descriptor(&p.tma_q.desc);
    prefetch_tma_descriptor(&p.tma_k.desc);
    prefetch_tma_descriptor(&p.tma_v.desc);
    if constexpr (Cfg::kEpiTma) prefetch_tma_descriptor(&p.tma_o.desc);
    // Q's stage: one release per consumer warp (its lane 0), or with dynamic
    // scheduling one per consumer thread: each reads the tile slot with an
    // ordinary load, so each orders its own read before the producer's next
    // write (pipeline.cuh's consumer_release: racecheck does not follow
    // __syncwarp into another lane's arrive; it reported the slot's reuse).
    pipe_q.init(Cfg::kConsumers * (Cfg::kDynamic ? 128 : 4));
    pipe_k.init(Cfg::kConsumers * 4);
    pipe_v.init(Cfg::kConsumers * 4);
  }
  __syncthreads();

  if (warpgroup == 0) {
    // ---- producer ----
    // Tile positions: blockIdx.x first, then blockIdx.x + gridDim.x, ...
    // (static), or gridDim.x + the next value of p.tile_counter (dynamic: the
    // next position goes to the first CTA whose producer asks). Each position
    // goes to the consumers through the Q stage, with the tile's Q (none for a
    // position past the end, a raster hole or a tile that sees no key).
    detail::setmaxnreg_dec<Cfg::kProducerRegs>();
    // FP8: V^T is written by the grid before (prepare_vt), which may still run (programmatic dependent launch).
    if constexpr (Cfg::kFp8)
      if (threadIdx.x == 0) wait_prior_grids();
    if (threadIdx.x == 0) {
      PipelineState<QS> sq;
      PipelineState<S> sk, sv;
      auto w = attention_cta_walk<Cfg>(p, int(blockIdx.x), int(gridDim.x));  // static
      int pos = int(blockIdx.x);                                   // dynamic
      if constexpr (Cfg::kCrossTile) {
        // The static walk's tiles with key blocks (the consumers write the others' zeros), Q one tile ahead: the
        // next tile's Q right after this tile's first K (its buffer, the tile before this one's, is free once that
        // tile's last S has retired), this tile's last V after the next tile's first K, so that both are there when
        // the consumers issue the next tile's first S behind this tile's last P V.
        auto next_real = [&](AttentionTileWork& t) -> bool {
          for (;;) {
            if (!attention_next_tile<kCausal>(w, p, BM::value, BN::value, t)) return false;
            if (t.blocks > 0) return true;
          }
        };
        auto load_q = [&](AttentionTileWork const& t) {
          pipe_q.producer_acquire(sq, Cfg::kBytesQ);
          detail::load_tile<Cfg::kBoxesQ>(p.tma_q.desc, p.plan_q, pipe_q.full(sq), smem_q + sq.index * Cfg::kTileQ, t.seq.q0 + t.tc.m * BM::value,
                                          t.tc.n, t.seq.b);
          sq.advance();
        };
        auto load_kv = [&](auto const& pipe, PipelineState<S>& st, TmaDescriptor const& desc, AttentionTmaPlan const& plan, T* smem,
                           AttentionTileWork const& t, int n) {
          pipe.producer_acquire(st, Cfg::kBytesKV);
          detail::load_tile<Cfg::kBoxesKV>(desc, plan, pipe.full(st), smem + st.index * Cfg::kTileKV, t.seq.k0 + n * BN::value, t.tc.n / p.group,
                                           t.seq.b);
          st.advance();
        };
        AttentionTileWork cur{}, nxt{}, last{};
        bool have = next_real(cur), pending = false;
        if (have) load_q(cur);
        while (have) {
          bool const more = next_real(nxt);
          load_kv(pipe_k, sk, p.tma_k.desc, p.plan_k, smem_k, cur, cur.blocks - 1);
          if (pending) load_kv(pipe_v, sv, p.tma_v.desc, p.plan_v, smem_v, last, 0);  // the previous tile's last V
          if (more) load_q(nxt);
          for (int n = cur.blocks - 1; n > 0; --n) {
            load_kv(pipe_k, sk, p.tma_k.desc, p.plan_k, smem_k, cur, n - 1);
            load_kv(pipe_v, sv, p.tma_v.desc, p.plan_v, smem_v, cur, n);
          }
          last = cur, pending = true;
          cur = nxt, have = more;
        }
        if (pending) load_kv(pipe_v, sv, p.tma_v.desc, p.plan_v, smem_v, last, 0);
      } else {
        for (;;) {
          TileCoord tc{};
          AttentionSeq seq{};
          int blocks = 0, first = 0;  // the key blocks [first, blocks) (first > 0: a piece of the stream-K tail)
          if constexpr (Cfg::kDynamic) {
            bool const live = pos < p.sched.positions;
            AttentionTileWork t{};
            if (live) {
              t = attention_tile_work<kCausal>(p, pos, BM::value, BN::value);
              tc = t.tc, seq = t.seq, blocks = t.blocks;
            }
            wait_barrier(pipe_q.empty_[sq.index], sq.phase ^ 1);
            attention_put_slot(tile_slot + sq.index * kAttentionSlotWords, live, t);
            set_barrier_transaction_bytes(pipe_q.full(sq), blocks > 0 ? Cfg::kBytesQ : 0u);  // the arrive (release) publishes the slot
            if (blocks > 0)
              detail::load_tile<Cfg::kBoxesQ>(p.tma_q.desc, p.plan_q, pipe_q.full(sq), smem_q + sq.index * Cfg::kTileQ, seq.q0 + tc.m * BM::value, tc.n, seq.b);
            sq.advance();
            if (!live) break;
          } else {
            AttentionTileWork t;
            if (!attention_next_tile<kCausal>(w, p, BM::value, BN::value, t)) break;
            tc = t.tc, seq = t.seq, blocks = t.blocks;
            if constexpr (Cfg::kStreamK) first = t.first;  // else 0 at compile time (session 20: the run-time 0 cost d64 1-2%)
            if (blocks == 0) continue;  // a raster hole, no rows (varlen), or rows that see no key: the consumers write zeros
            pipe_q.producer_acquire(sq, Cfg::kBytesQ);
            detail::load_tile<Cfg::kBoxesQ>(p.tma_q.desc, p.plan_q, pipe_q.full(sq), smem_q + sq.index * Cfg::kTileQ, seq.q0 + tc.m * BM::value, tc.n, seq.b);
            sq.advance();
          }
          int const hk = tc.n / p.group, b = seq.b;
          // varlen: rows past the sequence's end are read, then masked
          auto load_k = [&](int n) {
            pipe_k.producer_acquire(sk, Cfg::kBytesKV);
            detail::load_tile<Cfg::kBoxesKV>(p.tma_k.desc, p.plan_k, pipe_k.full(sk), smem_k + sk.index * Cfg::kTileKV, seq.k0 + n * BN::value, hk, b);
            sk.advance();
          };
          auto load_v = [&](int n) {
            pipe_v.producer_acquire(sv, Cfg::kBytesKV);
            detail::load_tile<Cfg::kBoxesV>(p.tma_v.desc, p.plan_v, pipe_v.full(sv), smem_v + sv.index * Cfg::kTileKV, seq.k0 + n * BN::value, hk, b);
            sv.advance();
          };
          // Cfg::kKAhead: K one block ahead of V (K(n-1) before V(n), as the
          // overlapped consumers read them: S of block n-1 with P V of block n),
          // so that K's load waits only for S of block n+1 to retire, not for
          // P V of block n+2. Else K(n), V(n).
          if (Cfg::kKAhead && blocks > first) load_k(blocks - 1);  // (dynamic: a tile of no block loads nothing)
          for (int n = blocks - 1; n >= first; --n) {
            if constexpr (Cfg::kKAhead) {
              if (n > first) load_k(n - 1);
            } else {
              load_k(n);
            }
            load_v(n);
          }
          if constexpr (Cfg::kDynamic) pos = int(gridDim.x) + atomicAdd(p.tile_counter, 1);
        }
      }
    }
  } else {
    // ---- consumers ----
    detail::setmaxnreg_inc<Cfg::kConsumerRegs>();
    int const ctid = int(threadIdx.x) - 128;
    typename Cfg::MmaQK mma_qk;
    typename Cfg::MmaPV mma_pv;
    auto thr_qk = mma_qk.get_slice(ctid);
    auto thr_pv = mma_pv.get_slice(ctid);
    auto sQ = make_tensor(make_smem_ptr(smem_q), typename Cfg::SmemLayoutQRing{});  // (BM, D, QS)
    auto sK = make_tensor(make_smem_ptr(smem_k), typename Cfg::SmemLayoutK{});    // (BN, D, S)
    auto sVt = make_tensor(make_smem_ptr(smem_v), typename Cfg::SmemLayoutVt{});  // (D, BN, S): V^T (FP8: keys relabelled)
    auto tSrQ = thr_qk.partition_fragment_A(sQ);   // (MMA, 1, D/16, QS) descriptors
    auto tSrK = thr_qk.partition_fragment_B(sK);   // (MMA, 1, D/16, S)
    auto tOrV = thr_pv.partition_fragment_B(sVt);  // (MMA, 1, BN/16, S)
    auto tScS = thr_qk.partition_C(make_identity_tensor(Shape<BM, BN>{}));  // (row, key) of each S value in the tile
    auto tOcO = thr_pv.partition_C(make_identity_tensor(Shape<BM, D>{}));   // (row, d) of each O value
    auto acc_o = partition_fragment_C(mma_pv, Shape<BM, D>{});
    static_assert(std::is_same_v<std::remove_cvref_t<decltype(acc_o.layout())>, typename Cfg::LayoutO>, "attention: O's fragment");
    auto o_rc = make_tensor(acc_o.data(), typename Cfg::LayoutORowCol{});  // (2 rows, D/2 columns) of this thread
    constexpr int kBlocksD = decltype(size<2>(tSrQ.layout()))::value;    // k-blocks of S = Q K^T
    constexpr int kBlocksN = decltype(size<2>(tOrV.layout()))::value;    // k-blocks of O += P V
    constexpr int kColsS = decltype(size<1>(typename Cfg::LayoutSRowCol{}))::value;
    constexpr int kColsO = decltype(size<1>(typename Cfg::LayoutORowCol{}))::value;
    constexpr float kNegInf = -__builtin_huge_valf();
    bool const lane0 = (threadIdx.x % 32) == 0;
    float scale_log2 = p.scale_log2;  // FP8: times the tile's Q and K descales
    // Ping-pong: consumer warpgroup wg issues its wgmmas on its turn (named
    // barrier kTurnBarrier + wg, its 128 threads and the other's arrive), then
    // hands it to the next (in a ring). The last consumer hands the first its first turn.
    int const wg = ctid / 128;
    auto turn_wait = [&] {
      if constexpr (Cfg::kPingpong) detail::named_barrier_sync(Cfg::kTurnBarrier + wg, 256);
    };
    auto turn_pass = [&] {
      if constexpr (Cfg::kPingpong) detail::named_barrier_arrive(Cfg::kTurnBarrier + (wg + 1) % Cfg::kConsumers, 256);
    };
    if (wg == Cfg::kConsumers - 1) turn_pass();
    // Cfg::kStagger: warpgroup wg issues its tile's first S after warpgroup wg - 1 has issued its own.
    auto stagger_wait = [&] {
      if constexpr (Cfg::kStagger)
        if (wg > 0) detail::named_barrier_sync(Cfg::kStaggerBarrier + wg - 1, 256);
    };
    auto stagger_pass = [&] {
      if constexpr (Cfg::kStagger)
        if (wg < Cfg::kConsumers - 1) detail::named_barrier_arrive(Cfg::kStaggerBarrier + wg, 256);
    };

    PipelineState<QS> sq;
    PipelineState<S> sk, sv;
    auto w = attention_cta_walk<Cfg>(p, int(blockIdx.x), int(gridDim.x));  // static
    // The lookup of this CTA's next position (false: none left): the static walk's next, or (dynamic) the tile
    // that comes with the Q stage `at`, waited for (the slot read before the stage's release: the producer then
    // writes the next; the producer's lookup of its work, read as it is). Cfg::kNextEarly: done under the
    // tile's last P V for the tile after it (`ahead`).
    auto lookup = [&](PipelineState<QS> const& at, AttentionTileWork& t) -> bool {
      if constexpr (Cfg::kDynamic) {
        pipe_q.consumer_wait(at);
        return attention_get_slot(tile_slot + at.index * kAttentionSlotWords, p, t);
      } else {
        return attention_next_tile<kCausal>(w, p, BM::value, BN::value, t);
      }
    };
    AttentionTileWork ahead{};
    bool ahead_done = false, ahead_more = false;
    // Cfg::kCrossTile: S's accumulators across tiles; an S in flight from the previous tile's end, which is this
    // tile's first block's (s_ahead) or one nobody reads (the tile looked up ahead had no key block).
    auto acc_s_x = partition_fragment_C(mma_qk, Shape<BM, BN>{});
    bool s_ahead = false;
    for (;;) {
      if constexpr (Cfg::kCrossTile) {  // (with none in flight: no wait)
        warpgroup_wait<0>();
        warpgroup_fence_operand(acc_s_x);
      }
      AttentionTileWork t;
      if (ahead_done) {
        ahead_done = false;
        if (!ahead_more) break;
        t = ahead;
      } else if (!lookup(sq, t)) {
        break;
      }
      TileCoord const tc = t.tc;
      AttentionSeq const seq = t.seq;
      // the key blocks [first, blocks): first > 0 in a later piece of a tail tile (Cfg::kStreamK; else 0 at compile time)
      int const blocks = t.blocks, first = Cfg::kStreamK ? t.first : 0;
      if constexpr (Cfg::kDynamic) {
        if (blocks == 0) {  // no Q came: release the stage now
          pipe_q.consumer_release(sq.index);
          sq.advance();
          if (!t.rows) continue;  // a raster hole, or past its sequence's end (varlen)
        }
      } else {
        if (!t.rows) continue;  // a raster hole, or past its sequence's end (varlen)
        if (blocks > 0) pipe_q.consumer_wait(sq);
      }
      int const m = tc.m, h = tc.n, b = seq.b;
      int const row0 = m * BM::value;
      int const seq_q = seq.sq, seq_k = seq.sk;

      float out_scale = 1.f, lse_scale = p.scale;  // FP8: O times V's descale; the lse's scale times Q's and K's
      if constexpr (Cfg::kFp8) {
        int const hk = h / p.group;
        float const qk = detail::descale_of(p.q_descale, p.q_descale_b, p.q_descale_h, tc.l, hk) *
                         detail::descale_of(p.k_descale, p.k_descale_b, p.k_descale_h, tc.l, hk);
        scale_log2 = p.scale_log2 * qk;
        lse_scale = p.scale * qk;
        out_scale = detail::descale_of(p.v_descale, p.v_descale_b, p.v_descale_h, tc.l, hk);
      }
      float row_max[2] = {kNegInf, kNegInf}, row_sum[2] = {0.f, 0.f};
      TESSEL_UNROLL
      for (int i = 0; i < int(size(acc_o)); ++i) acc_o(i) = 0.f;

      // The steps of one key block, written once for both schedules below.
      auto issue_s = [&](auto& acc_s, int stage, int q_stage) {  // S = Q K^T (asynchronous)
        mma_qk.accumulate_ = GMMA::ScaleOut::Zero;
        warpgroup_fence_operand(acc_s);
        warpgroup_arrive();
        TESSEL_UNROLL
        for (int kb = 0; kb < kBlocksD; ++kb) {
          gemm(mma_qk, tSrQ(_, _, kb, q_stage), tSrK(_, _, kb, stage), acc_s);
          mma_qk.accumulate_ = GMMA::ScaleOut::One;
        }
        warpgroup_commit_batch();
      };
      auto issue_pv = [&](auto& tOrP, int stage) {  // O += P V (asynchronous; P's registers are read until the wait)
        warpgroup_fence_operand(acc_o);
        auto* pp = reinterpret_cast<std::uint32_t*>(raw_pointer_cast(tOrP.data()));
        TESSEL_UNROLL
        for (int i = 0; i < int(size(tOrP) * sizeof(T)) / 4; ++i) warpgroup_fence_operand(pp[i]);  // P's words
        warpgroup_arrive();
        TESSEL_UNROLL
        for (int kb = 0; kb < kBlocksN; ++kb) gemm(mma_pv, tOrP(_, _, kb), tOrV(_, _, kb, stage), acc_o);
        warpgroup_commit_batch();
      };
      auto release_k = [&](int n) {  // after S of block n has retired
        if (lane0) pipe_k.consumer_release(sk.index);
        if (n == first && (Cfg::kDynamic || lane0)) pipe_q.consumer_release(sq.index);  // the tile's last read of Q (and of the slot)
        sk.advance();
      };
      auto release_v = [&] {  // after O += P V of a block has retired
        if (lane0) pipe_v.consumer_release(sv.index);
        sv.advance();
      };
      // The mask (keys past Sk, keys past the row's diagonal), then the online
      // softmax row by row (each row's values are spread over the 4 threads of
      // a quad): S becomes P (unnormalised), corr[r] the factor of the old O.
      auto mask = [&](auto& s_rc, int n) {
        if (attention_block_masked<kCausal>(m, n, BM::value, BN::value, seq_q, seq_k)) {
          // Per row the first masked column of the block (keys past Sk, past the diagonal), then one compare per value.
          auto const c_rc = make_tensor(tScS.data(), detail::acc_rowcol(tScS.layout()));  // (row, key) in the tile
          int const key0 = n * BN::value;
          TESSEL_UNROLL
          for (int r = 0; r < 2; ++r) {
            int lim = seq_k - key0;
            if constexpr (kCausal) lim = min(lim, row0 + int(get<0>(c_rc(r, 0))) + 1 + (seq_k - seq_q) - key0);
            TESSEL_UNROLL
            for (int c = 0; c < kColsS; ++c)
              if (int(get<1>(c_rc(r, c))) >= lim) s_rc(r, c) = kNegInf;
          }
        }
      };
      // Cfg::kSkipRescale 3: whether the last softmax moved a maximum of this warp's rows (warp-uniform: O rescaled)
      bool moved = true;
      auto softmax = [&](auto& acc_s, int n, float (&corr)[2]) {
        auto s_rc = make_tensor(acc_s.data(), typename Cfg::LayoutSRowCol{});
        mask(s_rc, n);
        // This thread's maximum of row r's values (with the kept maximum).
        auto local_max = [&](int r) -> float {
          // Cfg::kChains independent maxima (shorter chains; the same maximum)
          constexpr int kC = Cfg::kChains;
          static_assert(kColsS % kC == 0, "attention: a row's columns split evenly among the partial maxima");
          float mc[kC];
          mc[0] = row_max[r];
          TESSEL_UNROLL
          for (int i = 1; i < kC; ++i) mc[i] = kNegInf;
          TESSEL_UNROLL
          for (int c = 0; c < kColsS; ++c) mc[c % kC] = fmaxf(mc[c % kC], s_rc(r, c));
          TESSEL_UNROLL
          for (int w = kC / 2; w > 0; w /= 2) {
            TESSEL_UNROLL
            for (int i = 0; i < w; ++i) mc[i] = fmaxf(mc[i], mc[i + w]);
          }
          return mc[0];
        };
        // Cfg::kSkipRescale 3: every row of the warp within the slack of its kept maximum by its threads' own
        // maxima (a row with no key yet, -inf - -inf, fails the test: NaN) keeps it, without the quad maxima.
        float lm[2] = {kNegInf, kNegInf};
        bool keep = false;
        if constexpr (Cfg::kSkipRescale == 3) {
          lm[0] = local_max(0), lm[1] = local_max(1);
          bool const grow = !((lm[0] - row_max[0]) * scale_log2 <= Cfg::kRescaleSlack) || !((lm[1] - row_max[1]) * scale_log2 <= Cfg::kRescaleSlack);
          keep = !__any_sync(0xffffffffu, grow);
          moved = !keep;
        }
        TESSEL_UNROLL
        for (int r = 0; r < 2; ++r) {
          float mx = row_max[r];
          if (!keep) {
            mx = detail::quad_max(Cfg::kSkipRescale == 3 ? lm[r] : local_max(r));
            // Cfg::kSkipRescale 2, 3: the kept maximum stays unless the block's exceeds it by more than the slack (a
            // row with no key yet takes any; the row's 4 threads decide alike: the same quad maximum)
            if constexpr (Cfg::kSkipRescale >= 2)
              if (row_max[r] != kNegInf && (mx - row_max[r]) * scale_log2 <= Cfg::kRescaleSlack) mx = row_max[r];
          }
          float const ms = mx == kNegInf ? 0.f : mx * scale_log2;  // a row with no key yet: every p is 0
          corr[r] = keep ? 1.f : detail::exp2_approx(row_max[r] * scale_log2 - ms);
          row_max[r] = mx;
          float const mo = ms - Cfg::kMaxOffset;  // FP8: p up to 2^8
          float sum[2] = {0.f, 0.f};  // FP8: two partial sums
          TESSEL_UNROLL
          for (int c = 0; c < kColsS; ++c) {
            float const x = fmaf(s_rc(r, c), scale_log2, -mo);
            float const pv = c % 8 < Cfg::kExpEmu ? detail::exp2_poly(x) : detail::exp2_approx(x);
            s_rc(r, c) = pv;
            sum[Cfg::kFp8 ? c % 2 : 0] += pv;
          }
          row_sum[r] = row_sum[r] * corr[r] + (sum[0] + sum[1]);
        }
      };
      auto rescale_o = [&](float const (&corr)[2]) {
        // Cfg::kSkipRescale: skipped where no row of the warp changed its maximum (corr 1: the same O); 3: as the
        // softmax found it
        if constexpr (Cfg::kSkipRescale == 3) {
          if (!moved) return;
        } else if constexpr (Cfg::kSkipRescale != 0) {
          if (!__any_sync(0xffffffffu, corr[0] != 1.f || corr[1] != 1.f)) return;
        }
        TESSEL_UNROLL
        for (int r = 0; r < 2; ++r) {
          TESSEL_UNROLL
          for (int c = 0; c < kColsO; ++c) o_rc(r, c) *= corr[r];
        }
      };
      // P in 16 bits, in the A-operand layout of the second wgmma (same value
      // order as S's accumulators); FP8: register i of P is S's register
      // LayoutP(i) in e4m3, four to a word.
      auto convert = [&](auto const& acc_s, auto& tOrP) {
        auto* pp = reinterpret_cast<std::uint32_t*>(raw_pointer_cast(tOrP.data()));
        if constexpr (Cfg::kFp8) {
          constexpr typename Cfg::LayoutP lp{};
          TESSEL_UNROLL
          for (int i = 0; i < int(size(acc_s)) / 4; ++i)
            pp[i] = detail::pack_e4m3x4(acc_s(int(lp(4 * i))), acc_s(int(lp(4 * i + 1))), acc_s(int(lp(4 * i + 2))), acc_s(int(lp(4 * i + 3))));
        } else {
          TESSEL_UNROLL
          for (int i = 0; i < int(size(acc_s)) / 2; ++i) pp[i] = detail::pack_pair(acc_s(2 * i), acc_s(2 * i + 1), static_cast<T*>(nullptr));
        }
      };

      // Cfg::kEpiEarly: the TMA-store epilogue's O tile made free for this warpgroup's writes under the last P V
      // (the previous tile's store has read it: its issuing thread waits; then the warpgroup's barrier).
      bool epi_free_done = false;
      auto epi_free = [&] {
        if constexpr (Cfg::kEpiEarly) {
          if ((ctid % 128) == 0) tma_store_wait<0>();
          detail::named_barrier_sync(Cfg::kEpiBarrier + wg, 128);
          epi_free_done = true;
        }
      };
      if (blocks > first) {
        auto acc_s_tile = partition_fragment_C(mma_qk, Shape<BM, BN>{});
        auto& acc_s = *[&] {
          if constexpr (Cfg::kCrossTile) return &acc_s_x;
          else return &acc_s_tile;
        }();
        auto tOrP = make_tensor<T>(typename Cfg::LayoutPRegs{});
        float corr[2];
        if constexpr (Cfg::kOverlap) {
          // FlashAttention-3's intra-warpgroup overlap: block n's S = Q K^T and
          // block n+1's O += P V are in flight together, and the softmax of
          // block n runs while the tensor cores finish P V.
          int n = blocks - 1;
          // Cfg::kCrossTile: the first S came with the previous tile's end (retired at the loop's top)
          bool const carried = Cfg::kCrossTile && s_ahead;
          s_ahead = false;
          if (!carried) {
            pipe_k.consumer_wait(sk);
            turn_wait();
            stagger_wait();
            issue_s(acc_s, sk.index, sq.index);
            stagger_pass();
            turn_pass();
            warpgroup_wait<0>();
          }
          warpgroup_fence_operand(acc_s);
          release_k(n);
          softmax(acc_s, n, corr);
          convert(acc_s, tOrP);
          // Cfg::kRescaleEarly: O takes the correction of block n + 1 (corr,
          // from its softmax) while S of block n is on the tensor cores, just
          // before P V of block n + 1 adds to it; else after P V of block n + 2
          // has retired (the same O: both precede P V of block n + 1). The first
          // block's correction is 0 (no maximum before it) on an O of zeros.
          // The steps of block n (S of block n with P V of block n + 1, then
          // the softmax of block n), and the end of P V of block n + 1.
          auto step = [&](int n) {
            pipe_k.consumer_wait(sk);
            pipe_v.consumer_wait(sv);
            turn_wait();
            issue_s(acc_s, sk.index, sq.index);
            if constexpr (Cfg::kRescaleEarly) rescale_o(corr);
            issue_pv(tOrP, sv.index);
            turn_pass();
            warpgroup_wait<1>();  // S of block n
            warpgroup_fence_operand(acc_s);
            release_k(n);
            softmax(acc_s, n, corr);
          };
          auto retire_pv = [&] {
            warpgroup_wait<0>();  // P V of block n + 1: P's registers and O are free
            warpgroup_fence_operand(acc_o);
            release_v();
            // (Cfg::kSkipRescale 3: P first, the rescale's branch last)
            if constexpr (Cfg::kSkipRescale == 3) convert(acc_s, tOrP);
            if constexpr (!Cfg::kRescaleEarly) rescale_o(corr);
            if constexpr (Cfg::kSkipRescale != 3) convert(acc_s, tOrP);
          };
          // Cfg::kSplitWait: ptxas schedules wgmma.wait_group (no operands) at
          // the top of the basic block that holds it, i.e. ahead of the
          // softmax when both share one: the softmax then ran after P V
          // instead of under it (the SASS of session 12's kernels). The loop's
          // exit test between them keeps the wait below the softmax (the H100
          // SASS of session 13: the wait after the exponentials). (Putting the
          // wait at the next block's start instead, after its K/V waits, made
          // ptxas serialize every wgmma.)
          if constexpr (Cfg::kSplitWait) {
            if (blocks - first > 1) {
              for (n = blocks - 2;; --n) {
                step(n);
                if (n == first) break;
                retire_pv();
              }
              retire_pv();
            }
          } else {
            for (n = blocks - 2; n >= first; --n) {
              step(n);
              retire_pv();
            }
          }
          pipe_v.consumer_wait(sv);
          turn_wait();
          if constexpr (Cfg::kRescaleEarly) rescale_o(corr);
          issue_pv(tOrP, sv.index);
          turn_pass();
          if constexpr (Cfg::kNextEarly) {
            // The next tile's lookup while P V runs. Its Q stage is the one after this tile's (released at the
            // tile's last S; the producer, past this tile's last load, publishes the next position there).
            PipelineState<QS> sq_next = sq;
            sq_next.advance();
            ahead_more = lookup(sq_next, ahead);
            ahead_done = true;
          }
          if constexpr (Cfg::kEpiEarly) epi_free();
          if constexpr (Cfg::kCrossTile) {
            // The next tile's first S behind this P V, on the tensor cores under the epilogue (the producer loaded
            // its Q a tile ahead and its first K before this tile's last V); for a tile of no key block, or none,
            // an S nobody reads (every path the same wgmmas: a branch around the issue serializes them, C7520).
            PipelineState<QS> sq_next = sq;
            sq_next.advance();
            bool const real = ahead_more && ahead.rows && ahead.blocks > 0;
            if (real) {
              pipe_q.consumer_wait(sq_next);
              pipe_k.consumer_wait(sk);
            }
            issue_s(acc_s, sk.index, sq_next.index);
            s_ahead = real;
            warpgroup_wait<1>();  // P V
          } else {
            warpgroup_wait<0>();
          }
          warpgroup_fence_operand(acc_o);
          release_v();
        } else {
          // One block at a time: S, softmax, P V.
          for (int n = blocks - 1; n >= first; --n) {
            pipe_k.consumer_wait(sk);
            issue_s(acc_s, sk.index, sq.index);
            warpgroup_wait<0>();
            warpgroup_fence_operand(acc_s);
            release_k(n);
            softmax(acc_s, n, corr);
            rescale_o(corr);
            convert(acc_s, tOrP);
            pipe_v.consumer_wait(sv);
            issue_pv(tOrP, sv.index);
            warpgroup_wait<0>();
            warpgroup_fence_operand(acc_o);
            release_v();
          }
        }
        sq.advance();
      }

      // Cfg::kStreamK: a later piece of a tail tile leaves its O, maxima and sums to the tile's head (its partial
      // slot, then its flag); the head adds its contributors' pieces to its own before the epilogue.
      if constexpr (Cfg::kStreamK) {
        if (t.tail >= 0) {
          int const slot_t = ctid % 128;
          if (first > 0) {
            detail::tail_store<Cfg>(p.tail, int(blockIdx.x) * Cfg::kConsumers + wg, slot_t, acc_o, row_max, row_sum);
            continue;
          }
          int lo = 0, hi = 0;
          p.tail.contributors(t.tail, lo, hi);
          if (hi > lo) detail::tail_add<Cfg>(p.tail, lo, hi, wg, slot_t, scale_log2, acc_o, row_max, row_sum);
        }
      }

      // O / l, then O and the log-sum-exp out.
      float lse[2];
      TESSEL_UNROLL
      for (int r = 0; r < 2; ++r) {
        float const l = detail::quad_sum(row_sum[r]);
        float const inv = l > 0.f ? out_scale / l : 0.f;
        lse[r] = l > 0.f ? row_max[r] * lse_scale + logf(l) - Cfg::kMaxOffset * 0.6931471805599453f : kNegInf;
        TESSEL_UNROLL
        for (int c = 0; c < kColsO; ++c) o_rc(r, c) *= inv;
      }
      // O's rows of this sequence (rows past its end are not stored: the next sequence's, or past the tensor).
      TO* const o_seq = p.o + b * p.o_batch + (long long)seq.q0 * p.o_row + (long long)h * D::value;
      // The TMA store writes 64 rows clipped at the tensor's end only: for
      // varlen a warpgroup whose rows cross the sequence's end stores directly.
      bool const tma_store = Cfg::kEpiTma && (p.cu_q == nullptr || row0 + wg * 64 + 64 <= seq_q);
      // Cfg::kEpiWide: 16-byte stores where O's pointer, rows and batches allow them (every tile's rows then do).
      bool const wide = Cfg::kEpiWide && reinterpret_cast<std::uintptr_t>(p.o) % 16 == 0 && p.o_row % (16 / sizeof(TO)) == 0 &&
                        p.o_batch % (16 / sizeof(TO)) == 0;
      if (!tma_store && wide) {
        // A quad's 4 threads hold one row, word q of each group of 8 columns (check_o_wide); 4 groups at a time
        // transposed so that thread q holds group 4 k + q whole.
        auto const c_rc = make_tensor(tOcO.data(), detail::acc_rowcol(tOcO.layout()));  // (row, column) in the tile
        int const q = ctid % 4;
        constexpr int kGroups = kColsO / 2;
        static_assert(kGroups % 4 == 0, "attention: O's column groups of a row go 4 to a transpose");
        TESSEL_UNROLL
        for (int r = 0; r < 2; ++r) {
          int const row = int(get<0>(c_rc(r, 0)));
          TO* const dst = o_seq + (long long)(row0 + row) * p.o_row;
          TESSEL_UNROLL
          for (int k = 0; k < kGroups / 4; ++k) {
            std::uint32_t w[4];
            TESSEL_UNROLL
            for (int g = 0; g < 4; ++g) w[g] = detail::pack_pair(o_rc(r, 2 * (4 * k + g)), o_rc(r, 2 * (4 * k + g) + 1), static_cast<TO*>(nullptr));
            detail::quad_transpose(w, q);
            if (row0 + row < seq_q) *reinterpret_cast<uint4*>(dst + 8 * (4 * k + q)) = make_uint4(w[0], w[1], w[2], w[3]);
          }
        }
      } else if (!tma_store) {
        epilogue_direct<BM, D>(acc_o, tOcO, LinearCombination{1.f, 0.f}, o_seq, p.o_row, row0, 0, seq_q, D::value, p.vec);
      } else if constexpr (Cfg::kEpiTma) {
        // Through shared memory: this warpgroup's 64 rows into its O tile (once
        // the previous tile's store has read it), then one thread's TMA stores
        // (rows past Sq clipped by the TMA), drained while the next tile runs.
        TO* const so = smem_o + wg * Cfg::kTileO;
        bool const leader = (ctid % 128) == 0;
        if constexpr (Cfg::kEpiEarly) {
          if (!epi_free_done) epi_free();  // a tile of no key block
        } else {
          if (leader) tma_store_wait<0>();
          detail::named_barrier_sync(Cfg::kEpiBarrier + wg, 128);
        }
        // The values' coordinates from an opaque copy of the thread's index:
        // else the compiler keeps every value's smem offset live across the
        // tile loop beside the accumulators (spills), as in the GEMM's epilogue.
        int ctid_o = ctid;
        asm volatile("" : "+r"(ctid_o));
        auto const tOcE = mma_pv.get_slice(ctid_o).partition_C(make_identity_tensor(Shape<BM, D>{}));
        if constexpr (Cfg::kEpiXor != 0) {
          // value i's offset: this thread's part (its value 0's offset) XOR value i's part (thread 0's value
          // i's offset, a constant): check_o_store_xor
          typename Cfg::SmemTileOElems const lo{};
          auto const rc0 = tOcE(0);
          int const o0 = int(lo(int(get<0>(rc0)) - wg * 64, int(get<1>(rc0))));
          auto const tOc0 = mma_pv.get_slice(0).partition_C(make_identity_tensor(Shape<BM, D>{}));
          if constexpr (Cfg::kEpiXor == 2) {
            // the value's part in the thread's bits XORed (a few distinct offsets), the rest added
            // (the 32-bit shared store's immediate): o0 has no bit outside kThreadBits
            constexpr int kThreadBits = attention_o_thread_bits<Cfg>();
            std::uint32_t const so_s = cast_smem_ptr_to_uint(so);
            TESSEL_UNROLL
            for (int i = 0; i < int(size(acc_o)); i += 2) {  // values i, i + 1: columns c, c + 1 of one row
              auto const rci = tOc0(i);
              int const oi = int(lo(int(get<0>(rci)), int(get<1>(rci))));
              std::uint32_t const at = so_s + std::uint32_t(sizeof(TO)) * std::uint32_t(o0 ^ (oi & kThreadBits)) +
                                       std::uint32_t(sizeof(TO)) * std::uint32_t(oi & ~kThreadBits);
              detail::st_shared_u32(at, detail::pack_pair(acc_o(i), acc_o(i + 1), static_cast<TO*>(nullptr)));
            }
          } else {
            TESSEL_UNROLL
            for (int i = 0; i < int(size(acc_o)); i += 2) {  // values i, i + 1: columns c, c + 1 of one row
              auto const rci = tOc0(i);
              int const oi = int(lo(int(get<0>(rci)), int(get<1>(rci))));
              *reinterpret_cast<std::uint32_t*>(so + (o0 ^ oi)) = detail::pack_pair(acc_o(i), acc_o(i + 1), static_cast<TO*>(nullptr));
            }
          }
        } else {
          TESSEL_UNROLL
          for (int i = 0; i < int(size(acc_o)); i += 2) {  // values i, i + 1: columns c, c + 1 of one row
            auto const rc = tOcE(i);
            int const r = int(get<0>(rc)) - wg * 64, c = int(get<1>(rc));
            *reinterpret_cast<std::uint32_t*>(so + typename Cfg::SmemTileOElems{}(r, c)) =
                detail::pack_pair(acc_o(i), acc_o(i + 1), static_cast<TO*>(nullptr));
          }
        }
        fence_view_async_shared();  // these writes, before the TMA reads them
        detail::named_barrier_sync(Cfg::kEpiBarrier + wg, 128);
        if (leader) {
          int const row = row0 + wg * 64;
          if (row < seq_q) {
            AttentionTmaPlan const& pl = p.plan_o;
            int c[4];
            TESSEL_UNROLL
            for (int d = 0; d < 4; ++d) c[d] = (seq.q0 + row) * pl.row_step[d] + h * pl.head_step[d] + b * pl.batch_step[d];
            TESSEL_UNROLL
            for (int i = 0; i < Cfg::kBoxesO; ++i)
              SM90_TMA_STORE::copy(&p.tma_o.desc, so + i * pl.smem_step, c[0] + i * pl.box_step[0], c[1] + i * pl.box_step[1],
                                   c[2] + i * pl.box_step[2], c[3] + i * pl.box_step[3]);
          }
          tma_store_arrive();
        }
      }
      if (p.lse != nullptr && (threadIdx.x % 4) == 0) {
        auto s_rows = make_tensor(tScS.data(), detail::acc_rowcol(tScS.layout()));
        TESSEL_UNROLL
        for (int r = 0; r < 2; ++r) {
          int const row = row0 + int(get<0>(s_rows(r, 0)));
          if (row < seq_q) p.lse[b * p.lse_batch + h * p.lse_head + seq.q0 + row] = lse[r];
        }
      }
      // Cfg::kCrossTile: each warp converged before the next tile's top (its wait for the early S, the first block's
      // softmax): without this the kernel measured 0.940 of cuDNN against 0.996 with it (the short configuration,
      // S = 2048, H100, session 21's call 6; the epilogue's one-thread branches: the TMA store's wait and issue).
      if constexpr (Cfg::kCrossTile) __syncwarp();
    }
    if constexpr (Cfg::kEpiTma) {
      if ((ctid % 128) == 0) tma_store_wait<0>();  // the O tiles are read before the CTA leaves
    }
  }
#else
  (void)p;
#endif
}

}  // namespace tessel::kernels::attention_sm90
