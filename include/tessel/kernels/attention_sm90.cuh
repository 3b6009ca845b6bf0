// tessel/kernels/attention_sm90.cuh: the Hopper attention forward's host side:
// the tensor maps of Q, K and V and their box plans, the host checks of the
// configuration's layouts, the launch (persistent grid), describe(), and
// tessel::cuda::attention. The kernel and its design are in
// attention_sm90_kernel.cuh, the configuration in attention_sm90_config.cuh.
//
// Host API:
//   AttentionArgs<T> a;  a.q = ..., a.k, a.v, a.o, a.lse (or null), a.batch, a.sq, a.sk, a.hq, a.hkv, a.head_dim,
//                        the strides of each tensor (batch, row, head; the head dimension contiguous),
//                        a.scale (softmax scale), a.causal;
//                        variable lengths: a.cu_seqlens_q, a.cu_seqlens_k (device, batch + 1 offsets each),
//                        a.max_seqlen_q, a.max_seqlen_k, a.total_q, a.total_k (rows of the packed tensors);
//   launch_attention<Cfg>(a, stream);      one configuration
//   tessel::cuda::attention(a, stream);    the default configuration of a.head_dim (64, 128, 256) and a.causal
//                                          (instantiates all eight kernels of T: d128's short
//                                          configurations too; FP8: four)
// The TMA needs 16-byte aligned pointers and strides (named error otherwise).
// FP8 (T = float_e4m3_t): O is bf16; q_descale, k_descale, v_descale (fp32,
// device memory, FlashAttention-3's (batch, heads_k) with strides; strides 0:
// per tensor; null: 1); a.vt, a workspace of attention_vt_bytes(a) bytes, gets
// V^T (written by prepare_vt on the stream before the kernel, which is launched
// behind it with programmatic dependent launch: AttentionArgs::dependent_launch);
// head dims 128 and 256; fixed lengths only.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "../atom/atom.hpp"
#include "../atom/tma_copy.hpp"
#include "attention_sm90_kernel.cuh"
#include "device_cache.hpp"
#include "scheduler.cuh"
#include "stream_k_workspace.cuh"

namespace TESSEL_NAMESPACE::kernels::attention_sm90 {

// The problem: Q (batch, sq, hq, head_dim), K and V (batch, sk, hkv, head_dim),
// O like Q, lse (batch, hq, sq) fp32 contiguous (null: not written). Strides in
// elements; the head dimension is contiguous.
// Variable-length batches (FlashAttention's varlen API): with cu_seqlens_q and
// cu_seqlens_k (int32 device arrays of batch + 1 offsets, nondecreasing,
// cu_seqlens_q[batch] <= total_q, cu_seqlens_k[batch] <= total_k), Q and O are
// packed (total_q, hq, head_dim) and K, V (total_k, hkv, head_dim) tensors
// (the *_batch strides unused), sequence b's rows [cu_seqlens_q[b],
// cu_seqlens_q[b + 1]) of Q attend to its rows [cu_seqlens_k[b],
// cu_seqlens_k[b + 1]) of K and V (the causal mask bottom-right aligned in each
// sequence; a sequence may be empty), lse is (hq, total_q) fp32 contiguous, and
// max_seqlen_q (max_seqlen_k) bounds every sequence's length: the kernel
// covers the first max_seqlen_q rows of each sequence (the offsets are in
// device memory and are not read on the host: offsets outside [0, total] or
// decreasing are clamped, never read or written past the tensors). sq and sk are not used.
template <class T>
struct AttentionArgs {
  using TO = std::conditional_t<sizeof(T) == 1, bfloat16_t, T>;  // O's type (FP8: bf16)
  T const *q = nullptr, *k = nullptr, *v = nullptr;
  TO* o = nullptr;
  // FP8 only: the descales and V^T's workspace (attention_vt_bytes(*this) bytes, 16-byte aligned).
  float const *q_descale = nullptr, *k_descale = nullptr, *v_descale = nullptr;
  long long q_descale_b = 0, q_descale_h = 0, k_descale_b = 0, k_descale_h = 0, v_descale_b = 0, v_descale_h = 0;
  void* vt = nullptr;
  float* lse = nullptr;
  int batch = 0, sq = 0, sk = 0, hq = 0, hkv = 0, head_dim = 0;
  int const* cu_seqlens_q = nullptr;  // varlen (both or neither)
  int const* cu_seqlens_k = nullptr;
  int max_seqlen_q = 0, max_seqlen_k = 0, total_q = 0, total_k = 0;
  long long q_batch = 0, q_row = 0, q_head = 0;
  long long k_batch = 0, k_row = 0, k_head = 0;
  long long v_batch = 0, v_row = 0, v_head = 0;
  long long o_batch = 0, o_row = 0, o_head = 0;
  float scale = 0.f;  // 0: 1 / sqrt(head_dim)
  bool causal = false;
  // The stream-K tail (configurations with kStreamK: the last partial wave split along the keys): -1 where
  // attention_choose_tail says so, 0 never, 1 wherever it applies (tests). ctas: at most this many persistent CTAs
  // (0: one per SM; tests).
  int stream_k = -1;
  int ctas = 0;
  // FP8: the kernel launched with programmatic dependent launch behind the V^T pass (its producer waits for the
  // pass before its first load; not while the stream is being captured); false: an ordinary launch after it.
  bool dependent_launch = true;

  // Contiguous (B, S, H, D) tensors.
  void set_contiguous() {
    long long const d = head_dim;
    q_head = o_head = k_head = v_head = d;
    q_row = o_row = (long long)hq * d;
    k_row = v_row = (long long)hkv * d;
    q_batch = o_batch = (long long)sq * hq * d;
    k_batch = v_batch = (long long)sk * hkv * d;
  }
};

// The stream-K tail of a static non-causal walk (Cfg::kStreamK): `tiles` positions of `blocks` key blocks each on
// `workers` persistent CTAs. It applies where the last wave is partial (or there are fewer tiles than workers) and
// every worker gets at least one block; it is chosen where the idle time it removes, (workers - rest) blocks of
// every tile's, is at least kAttentionTailMinIdleBlocks blocks a worker (a split tile costs another tile start and
// the merge). Session 20 (H100): with 5.3 idle blocks a worker (FP8 d128 S = 2k, 11 blocks of 192) the tail lost
// 1.2%, with 7.8 (16-bit d128 2k, 16 blocks of 128) 0.7%; with 9.7 (d64 8k) it won 0.4%, with 10.7 (d128 4k) 1.3%.
inline constexpr int kAttentionTailMinIdleBlocks = 8;
inline bool attention_tail_applies(int tiles, int blocks, int workers) {
  int const rest = tiles % workers;
  return rest != 0 && (long long)rest * blocks >= workers;
}
inline bool attention_choose_tail(int tiles, int blocks, int workers) {
  return attention_tail_applies(tiles, blocks, workers) && (long long)(workers - tiles % workers) * blocks >= (long long)kAttentionTailMinIdleBlocks * workers;
}

// (The stream-K tail's workspace, AttentionParams::tail's partials and flags, and the capture test: stream_k_workspace.cuh.)

namespace detail {

// The tensor (S, D, H, B) of Q, K or V as a tessel layout: (rows, head dim, heads, batches).
template <class T, class DH>
auto qkv_tensor(T const* ptr, int rows, int heads, int batches, long long row, long long head, long long batch) {
  return make_tensor(make_gmem_ptr(ptr), make_layout(make_shape(rows, DH{}, heads, batches), make_stride(row, Int<1>{}, head, batch)));
}

// The linear form of a tile's boxes (AttentionTmaPlan) from the TmaCopy's own
// box addressing, checked on a few tiles (host code, once per tensor map).
// row_mode: the tensor's mode of the tile's rows (0; FP8's V^T (D, keys, H, B): 1).
template <class Op, class T>
inline AttentionTmaPlan make_attention_tma_plan(TmaCopy<Op, T> const& tma, int boxes, int rows_per_tile, int row_mode = 0) {
  auto const need = [](bool ok, char const* what) {
    if (!ok) fail(what);
  };
  need(tma.boxes() == boxes, "attention_sm90: the TMA plan of a tile has another number of boxes than the configuration's");
  auto const at = [&](long long row, long long h, long long b, int i, std::int32_t (&c)[5], long long& off) {
    long long origin[TMA::detail::kMaxModes] = {row_mode == 0 ? row : 0, row_mode == 0 ? 0 : row, h, b};
    tma.box(origin, i, c, off);
  };
  AttentionTmaPlan plan;
  plan.boxes = boxes;
  std::int32_t c0[5], c[5];
  long long off0 = 0, off = 0;
  at(0, 0, 0, 0, c0, off0);
  need(off0 == 0, "attention_sm90: the first box does not start the tile");
  for (int d = 0; d < 5; ++d) need(c0[d] == 0, "attention_sm90: the first box of tile (0, 0, 0) does not start at 0");
  need(tma.params.rank <= 4, "attention_sm90: a tensor map of rank above 4");
  at(1, 0, 0, 0, c, off);
  for (int d = 0; d < 4; ++d) plan.row_step[d] = c[d];
  at(0, 1, 0, 0, c, off);
  for (int d = 0; d < 4; ++d) plan.head_step[d] = c[d];
  at(0, 0, 1, 0, c, off);
  for (int d = 0; d < 4; ++d) plan.batch_step[d] = c[d];
  if (boxes > 1) {
    at(0, 0, 0, 1, c, off);
    for (int d = 0; d < 4; ++d) plan.box_step[d] = c[d];
    plan.smem_step = int(off);
  }
  for (long long row : {0LL, (long long)rows_per_tile, 3LL * rows_per_tile})
    for (long long h : {0LL, 1LL, 5LL})
      for (long long b : {0LL, 2LL})
        for (int i = 0; i < boxes; ++i) {
          at(row, h, b, i, c, off);
          for (int d = 0; d < 4; ++d)
            need(c[d] == row * plan.row_step[d] + h * plan.head_step[d] + b * plan.batch_step[d] + i * plan.box_step[d],
                 "attention_sm90: the TMA boxes of a tile are not linear in (row, head, batch, box)");
          need(off == (long long)i * plan.smem_step, "attention_sm90: the TMA boxes of a tile are not evenly spaced in shared memory");
        }
  return plan;
}

// The causal scheduler (see AttentionCausalScheduler): longest first within
// groups of G heads, G tiles_m about the SM count, so that the CTAs running
// together read the K and V of G heads only. Handed out statically, groups
// unbalance the CTAs' work (the longest tiles of each group land on the same
// CTAs): then, where the heads (times batches) are fewer than half the SMs,
// plain longest first over all tiles (the CTAs of a wave still share each
// head's K and V). Static, on the H100: d128 S=2048 B=8 H=16 335 TFLOP/s
// grouped against 281 plain (whose waves read 128 heads' K and V once each);
// S=8192 421 grouped against 549 plain. dynamic: always grouped.
inline AttentionCausalScheduler make_causal_scheduler(int tiles_m, int heads, int batches, int sms, bool dynamic = false) {
  int const hb = heads * batches;
  int g = 2 * hb < sms && !dynamic ? hb : sms / tiles_m;
  g = g < 1 ? 1 : (g > hb ? hb : g);
  int const groups = (hb + g - 1) / g;
  auto const layout = make_layout(make_shape(g, tiles_m, groups), make_stride(tiles_m, -1, g * tiles_m));
  return make_tile_scheduler(layout, tiles_m, heads, batches, (long long)tiles_m - 1);
}

struct DeviceFigures {
  int sms = 0;
  cudaError_t error = cudaSuccess;
};

// FP8's V^T: keys rounded up to 32 (each 32-key block relabelled as a whole).
inline long long vt_keys(int sk) { return (sk + 31LL) / 32 * 32; }

// 4 x 4 bytes transposed: byte b of result r is byte r of x[b] (PRMT).
TESSEL_DEVICE void transpose_bytes_4x4(unsigned const (&x)[4], unsigned (&r)[4]) {
  unsigned const lo01 = __byte_perm(x[0], x[1], 0x5140), hi01 = __byte_perm(x[0], x[1], 0x7362);  // x0.0 x1.0 x0.1 x1.1 | .2 .3
  unsigned const lo23 = __byte_perm(x[2], x[3], 0x5140), hi23 = __byte_perm(x[2], x[3], 0x7362);
  r[0] = __byte_perm(lo01, lo23, 0x5410), r[1] = __byte_perm(lo01, lo23, 0x7632);
  r[2] = __byte_perm(hi01, hi23, 0x5410), r[3] = __byte_perm(hi01, hi23, 0x7632);
}

// V^T for the FP8 kernel, one block per kVtKeys keys of one (kv head, batch):
//   vt[((b hkv + h) D + d) skp + 32 q + c] = v[b, 32 q + pi(c), h, d]   (0 for keys past sk)
// with pi = AttentionKeyPerm8 (the key order of P's 8-bit A operand). The
// kVtKeys x D bytes pass through shared memory: 16-byte loads of V's rows, each
// row's 16-byte chunk c at chunk c ^ g (g = the row's 16-key group mod 8: the
// reads below conflict-free). Then a thread (lane = g + 8 w, w < 4) takes the
// 4 bytes (d = 4 (4 c + w) ..+3) of the 16 keys of group g (chunk c of the
// warp's), 16 32-bit reads, transposes them in registers by 4 x 4 bytes and
// stores 4 rows d x 16 keys (16 bytes each: a warp writes 4 rows of 128
// contiguous bytes). Its blocks let the attention kernel's CTAs launch as they
// start (programmatic dependent launch; the kernel waits for this grid before
// its first load).
inline constexpr int kVtKeys = 128, kVtThreads = 256;
template <int D>
__global__ void __launch_bounds__(kVtThreads) prepare_vt_kernel(unsigned char const* v, unsigned char* vt, int sk, int skp, int hkv,
                                                         long long v_batch, long long v_row, long long v_head) {
  constexpr int kThreads = kVtThreads, kGroupKeys = 16, kChunks = D / 16, kGroups = kVtKeys / kGroupKeys, kWarps = kThreads / 32;
  constexpr int kLoads = kVtKeys * kChunks / kThreads;
  constexpr AttentionKeyPerm8 pi{};
  static_assert(kGroups == 8 && kVtKeys * kChunks % kThreads == 0 && kChunks % kWarps == 0, "prepare_vt: 8 groups of 16 keys a block");
  static_assert(int(pi(kGroupKeys)) == kGroupKeys && int(pi(2 * kGroupKeys - 1)) == 2 * kGroupKeys - 1 && int(pi(kGroupKeys - 1)) == kGroupKeys - 1,
                "pi keeps each 16-key half of a 32-key block");
  __shared__ alignas(16) unsigned char tile[kVtKeys * D];
  launch_dependent_grids();
  int const k0 = int(blockIdx.x) * kVtKeys, h = int(blockIdx.y), b = int(blockIdx.z);
  unsigned char const* src = v + b * v_batch + h * v_head;
  uint4 x[kLoads];
  TESSEL_UNROLL
  for (int l = 0; l < kLoads; ++l) {
    int const i = int(threadIdx.x) + l * kThreads, r = i / kChunks, c = i % kChunks;
    x[l] = make_uint4(0u, 0u, 0u, 0u);
    if (k0 + r < sk) x[l] = *reinterpret_cast<uint4 const*>(src + (long long)(k0 + r) * v_row + 16 * c);
  }
  TESSEL_UNROLL
  for (int l = 0; l < kLoads; ++l) {
    int const i = int(threadIdx.x) + l * kThreads, r = i / kChunks, c = i % kChunks;
    *reinterpret_cast<uint4*>(tile + r * D + 16 * (c ^ (r / kGroupKeys % kGroups))) = x[l];
  }
  __syncthreads();
  int const lane = int(threadIdx.x) % 32, g = lane % kGroups, w = lane / kGroups;
  int const nk = skp - k0 < kVtKeys ? skp - k0 : kVtKeys;  // a multiple of 32
  if (kGroupKeys * g >= nk) return;
  unsigned char* dst = vt + (long long)(b * hkv + h) * D * skp + k0 + kGroupKeys * g;
  TESSEL_UNROLL
  for (int c = int(threadIdx.x) / 32; c < kChunks; c += kWarps) {
    unsigned y[kGroupKeys];  // y[k]: bytes d0 .. d0 + 3 of key 16 g + k
    TESSEL_UNROLL
    for (int k = 0; k < kGroupKeys; ++k) y[k] = *reinterpret_cast<unsigned const*>(tile + (kGroupKeys * g + k) * D + 16 * (c ^ g) + 4 * w);
    unsigned o[4][4];  // o[r][t]: row d0 + r, keys' columns 4 t .. 4 t + 3
    TESSEL_UNROLL
    for (int t = 0; t < 4; ++t) {
      unsigned const in[4] = {y[int(pi(4 * t))], y[int(pi(4 * t + 1))], y[int(pi(4 * t + 2))], y[int(pi(4 * t + 3))]};
      unsigned out[4];
      transpose_bytes_4x4(in, out);
      TESSEL_UNROLL
      for (int r = 0; r < 4; ++r) o[r][t] = out[r];
    }
    int const d0 = 16 * c + 4 * w;
    TESSEL_UNROLL
    for (int r = 0; r < 4; ++r) *reinterpret_cast<uint4*>(dst + (long long)(d0 + r) * skp) = make_uint4(o[r][0], o[r][1], o[r][2], o[r][3]);
  }
}

}  // namespace detail

// The bytes of FP8's V^T workspace (AttentionArgs::vt): (batch, hkv, head_dim, sk rounded up to 32).
template <class T>
long long attention_vt_bytes(AttentionArgs<T> const& a) {
  return (long long)a.batch * a.hkv * a.head_dim * detail::vt_keys(a.sk);
}

// Writes FP8's V^T (a.vt) from a.v on stream (launch_attention does it before the kernel).
template <int D>
cudaError_t prepare_vt(AttentionArgs<float_e4m3_t> const& a, cudaStream_t stream) {
  auto const misaligned = [](void const* ptr, long long stride) {
    return reinterpret_cast<std::uintptr_t>(ptr) % 16 != 0 || stride % 16 != 0;
  };
  if (a.vt == nullptr) fail("attention_sm90: FP8 needs a.vt, a workspace of attention_vt_bytes(a) bytes for V^T");
  if (misaligned(a.v, a.v_row) || misaligned(a.vt, 0) || a.v_head % 16 != 0 || a.v_batch % 16 != 0)
    fail("attention_sm90: FP8's V and V^T must be 16-byte aligned, V's strides multiples of 16 bytes");
  int const skp = int(detail::vt_keys(a.sk));
  dim3 const grid{unsigned((skp + detail::kVtKeys - 1) / detail::kVtKeys), unsigned(a.hkv), unsigned(a.batch)};
  detail::prepare_vt_kernel<D><<<grid, detail::kVtThreads, 0, stream>>>(reinterpret_cast<unsigned char const*>(a.v), static_cast<unsigned char*>(a.vt), a.sk, skp,
                                                          a.hkv, a.v_batch, a.v_row, a.v_head);
  return cudaGetLastError();
}

// A ring of staged tiles (is_tile_ring): ring(r, c, s) == tile(r, c) + s * step for every
// row r < rows, column c < cols and stage s < stages (FP8's V^T stages, Q's ring below).
template <class Ring, class Tile>
bool is_tile_ring(Ring const& ring, Tile const& tile, int rows, int cols, int stages, long long step) {
  for (int s = 0; s < stages; ++s)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        if ((long long)ring(r, c, s) != (long long)tile(r, c) + (long long)s * step) return false;
  return true;
}

// V^T's layout (the second wgmma's B operand) is V's tile read transposed:
// SmemLayoutVt(d, j, s) == SmemLayoutV(j, d, s) for every element. FP8: V^T is
// loaded as it is read, stage s being what one load fills at s tiles:
// SmemLayoutVt(d, j, s) == SmemTileVt(d, j) + s BN D.
template <class Cfg>
bool check_v_transpose() {
  if constexpr (Cfg::kFp8) {
    return is_tile_ring(typename Cfg::SmemLayoutVt{}, typename Cfg::SmemTileVt{}, Cfg::kHeadDim, Cfg::BN::value, Cfg::kStages,
                        Cfg::kTileKV);
  } else {
    typename Cfg::SmemLayoutV v;
    typename Cfg::SmemLayoutVt vt;
    for (int s = 0; s < Cfg::kStages; ++s)
      for (int j = 0; j < Cfg::BN::value; ++j)
        for (int d = 0; d < Cfg::kHeadDim; ++d)
          if ((long long)v(j, d, s) != (long long)vt(d, j, s)) return false;
  }
  return true;
}

// Q's ring: stage s of SmemLayoutQRing is what one Q load fills (SmemTileQ)
// at s tiles: SmemLayoutQRing(m, d, s) == SmemTileQ(m, d) + s BM D.
template <class Cfg>
bool check_q_ring() {
  return is_tile_ring(typename Cfg::SmemLayoutQRing{}, typename Cfg::SmemTileQ{}, Cfg::BM::value, Cfg::kHeadDim, Cfg::kQStages,
                      Cfg::kTileQ);
}

// P's conversion: register i of a thread's P fragment (value i of the
// TiledMMA PV's A layout: row m, column k of k-block kb) is S's register
// LayoutP(i), which the TiledMMA QK's C layout puts at row m, key
// kb * kKPV + KeyPerm(k) (16-bit: key k; FP8: the relabelled key, V^T's
// column k): for every thread and value of both TV layouts.
template <class Cfg>
bool check_p_conversion() {
  typename Cfg::MmaQK qk;
  typename Cfg::MmaPV pv;
  auto const c_tv = qk.get_layoutC_TV();  // (thread, value) -> m + BM * n
  auto const a_tv = pv.get_layoutA_TV();  // (thread, value) -> m + BM * k of one k-block (BM x 16)
  constexpr int BM = Cfg::BM::value;
  typename Cfg::LayoutS ls;
  typename Cfg::LayoutP lp;
  int const threads = int(size<0>(c_tv));
  if (threads != int(size<0>(a_tv)) || threads != 128 * Cfg::kConsumers) return false;
  if (int(size(ls)) != int(size(lp)) || int(size<1>(c_tv)) != int(size(ls))) return false;
  int const kb_vals = int(size<1>(a_tv));  // values of one k-block (kKPV columns)
  typename Cfg::KeyPerm perm;
  if (int(size(perm)) != Cfg::kKPV) return false;
  if (kb_vals != int(size<0>(lp)) || int(size<1>(lp)) != 1) return false;
  for (int t = 0; t < threads; ++t)
    for (int i = 0; i < int(size(lp)); ++i) {
      // P's value i: value i % kb_vals of k-block i / kb_vals of the A operand, in register lp(i)
      int const kb = i / kb_vals;
      int const a = int(a_tv(t, i % kb_vals)), am = a % BM, ak = int(perm(a / BM)) + Cfg::kKPV * kb;
      // the S accumulator in the same register
      int const sc = int(c_tv(t, int(lp(i)))), sm = sc % BM, sn = sc / BM;
      if (am != sm || ak != sn || int(ls(int(lp(i)))) != int(lp(i))) return false;
    }
  return true;
}

// Consumer thread t's (row, column) coordinates of O, the TiledMMA PV's C partition of the (BM, D) tile.
template <class Cfg>
auto o_partition(int t) {
  typename Cfg::MmaPV pv;
  return pv.get_slice(t).partition_C(make_identity_tensor(Shape<typename Cfg::BM, typename Cfg::D>{}));
}

// The TMA-store epilogue's offsets (Cfg::kEpiTma): value i of thread t (row m,
// column n of the TiledMMA PV's C partition) goes to SmemTileOElems(m - 64 wg, n)
// of its warpgroup wg's O tile; with Cfg::kEpiXor the kernel computes it as
// (thread t's value 0's offset) XOR (thread 0's value i's offset), with EpiXor_ 2
// as (o0 XOR (oi AND tb)) + (oi AND NOT tb), tb = attention_o_thread_bits. Checked for every
// thread and value, with each pair of values (i, i + 1) in adjacent elements (one
// 32-bit store), value i's at an even offset.
template <class Cfg>
bool check_o_store_xor() {
  if constexpr (!Cfg::kEpiTma) {
    return true;
  } else {
    using BM = typename Cfg::BM;
    typename Cfg::SmemTileOElems lo;
    auto const c0 = o_partition<Cfg>(0);
    int const values = int(size(c0));
    constexpr long long tb = attention_o_thread_bits<Cfg>();
    for (int t = 0; t < 128 * Cfg::kConsumers; ++t) {
      auto const ct = o_partition<Cfg>(t);
      int const wg = t / 128;
      auto off = [&](auto const& c, int i, int w) { return (long long)lo(int(get<0>(c(i))) - 64 * w, int(get<1>(c(i)))); };
      long long const o0 = off(ct, 0, wg);
      for (int i = 0; i < values; ++i) {
        int const m = int(get<0>(ct(i)));
        if (m / 64 != wg || m < 0 || m >= BM::value) return false;
        long long const o = off(ct, i, wg);
        long long const oi = off(c0, i, 0);
        if (o != (o0 ^ oi)) return false;
        // EpiXor_ 2's split: the value's bits outside the thread's add
        if ((o0 & ~tb) != 0 || o != (o0 ^ (oi & tb)) + (oi & ~tb)) return false;
        if (i % 2 == 0 && (o % 2 != 0 || off(ct, i + 1, wg) != o + 1)) return false;
      }
    }
    return true;
  }
}

// The wide direct epilogue (Cfg::kEpiWide): thread t's O values in their (2 rows, columns) view (LayoutORowCol)
// are row r's columns 8 (c / 2) + 2 (t % 4) + c % 2, the 4 threads of a quad on the same rows: the words that
// quad_transpose gathers into 16-byte groups. Checked for every consumer thread and value.
template <class Cfg>
bool check_o_wide() {
  if constexpr (!Cfg::kEpiWide) {
    return true;
  } else {
    constexpr int kCols = decltype(size<1>(typename Cfg::LayoutORowCol{}))::value;
    for (int t = 0; t < 128 * Cfg::kConsumers; ++t) {
      auto const ct = o_partition<Cfg>(t);
      auto const c_rc = make_tensor(ct.data(), detail::acc_rowcol(ct.layout()));
      auto const cq = o_partition<Cfg>(t - t % 4);  // the quad's first thread
      auto const q_rc = make_tensor(cq.data(), detail::acc_rowcol(cq.layout()));
      for (int r = 0; r < 2; ++r)
        for (int c = 0; c < kCols; ++c) {
          if (int(get<0>(c_rc(r, c))) != int(get<0>(c_rc(r, 0))) || int(get<0>(c_rc(r, c))) != int(get<0>(q_rc(r, c)))) return false;
          if (int(get<1>(c_rc(r, c))) != 8 * (c / 2) + 2 * (t % 4) + c % 2) return false;
        }
    }
    return true;
  }
}

// Launches Cfg on a (a.head_dim must be Cfg's; a.causal Cfg's). Throws
// tessel::error where the TMA cannot take the tensors.
template <class Cfg>
cudaError_t launch_attention(AttentionArgs<typename Cfg::Element> const& a, cudaStream_t stream) {
  using T = typename Cfg::Element;
  using TO = typename Cfg::ElementOut;
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  using D = typename Cfg::D;
  if (a.head_dim != Cfg::kHeadDim) fail("attention_sm90: the head dimension is not the configuration's");
  if (a.causal != Cfg::kCausal) fail("attention_sm90: the mask is not the configuration's");
  if (a.batch < 0 || a.sq < 0 || a.sk < 0 || a.hq <= 0 || a.hkv <= 0) fail("attention_sm90: negative sizes or no heads");
  if (a.hq % a.hkv != 0) fail("attention_sm90: the query heads are not a multiple of the key/value heads");
  bool const varlen = a.cu_seqlens_q != nullptr || a.cu_seqlens_k != nullptr;
  if (Cfg::kFp8 && varlen) fail("attention_sm90: FP8 takes fixed lengths (no cu_seqlens)");
  if (varlen) {
    if (a.cu_seqlens_q == nullptr || a.cu_seqlens_k == nullptr) fail("attention_sm90: varlen needs both cu_seqlens_q and cu_seqlens_k");
    if (a.max_seqlen_q < 0 || a.max_seqlen_k < 0 || a.total_q < 0 || a.total_k < 0)
      fail("attention_sm90: negative max_seqlen or total rows (varlen)");
    if (a.max_seqlen_q > a.total_q || a.max_seqlen_k > a.total_k) fail("attention_sm90: max_seqlen above the packed tensor's rows (varlen)");
  }
  int const rows_q = varlen ? a.total_q : a.sq, rows_k = varlen ? a.total_k : a.sk;  // the TMA tensors' rows
  int const batches = varlen ? 1 : a.batch;  // ... and batches (varlen: one, its stride that of a whole tensor)
  int const seq_q = varlen ? a.max_seqlen_q : a.sq, seq_k = varlen ? a.max_seqlen_k : a.sk;
  if (a.batch == 0 || seq_q == 0) return cudaSuccess;
  static bool const layouts_ok = check_q_ring<Cfg>() && check_v_transpose<Cfg>() && check_p_conversion<Cfg>() && check_o_store_xor<Cfg>() &&
                                check_o_wide<Cfg>();
  if (!layouts_ok)
    fail("attention_sm90: the configuration's Q ring, V^T, P or O-store layouts do not match (check_q_ring, check_v_transpose, "
         "check_p_conversion, check_o_store_xor, check_o_wide)");
  if (!varlen && a.sk == 0) fail("attention_sm90: no keys (sk = 0)");
  if (varlen && rows_k == 0) fail("attention_sm90: no keys (total_k = 0; a TMA tensor cannot be empty)");
  AttentionParams<Cfg> p{};
  auto gQ = detail::qkv_tensor<T, D>(a.q, rows_q, a.hq, batches, a.q_row, a.q_head, varlen ? rows_q * a.q_row : a.q_batch);
  auto gK = detail::qkv_tensor<T, D>(a.k, rows_k, a.hkv, batches, a.k_row, a.k_head, varlen ? rows_k * a.k_row : a.k_batch);
  auto gV = detail::qkv_tensor<T, D>(a.v, rows_k, a.hkv, batches, a.v_row, a.v_head, varlen ? rows_k * a.v_row : a.v_batch);
  p.tma_q = make_tma_copy(SM90_TMA_LOAD{}, gQ, typename Cfg::SmemTileQ{}, Shape<BM, D>{});
  p.tma_k = make_tma_copy(SM90_TMA_LOAD{}, gK, typename Cfg::SmemTileKV{}, Shape<BN, D>{});
  p.plan_q = detail::make_attention_tma_plan(p.tma_q, Cfg::kBoxesQ, BM::value);
  p.plan_k = detail::make_attention_tma_plan(p.tma_k, Cfg::kBoxesKV, BN::value);
  if constexpr (Cfg::kFp8) {
    // V^T (D, keys, Hkv, B), keys contiguous, written first (prepare_vt)
    if (a.vt == nullptr) fail("attention_sm90: FP8 needs a.vt, a workspace of attention_vt_bytes(a) bytes for V^T");
    long long const skp = detail::vt_keys(a.sk);
    auto gVt = make_tensor(make_gmem_ptr(static_cast<T const*>(a.vt)),
                           make_layout(make_shape(D{}, int(skp), a.hkv, a.batch), make_stride(skp, Int<1>{}, D::value * skp, a.hkv * D::value * skp)));
    p.tma_v = make_tma_copy(SM90_TMA_LOAD{}, gVt, typename Cfg::SmemTileVt{}, Shape<D, BN>{});
    p.plan_v = detail::make_attention_tma_plan(p.tma_v, Cfg::kBoxesV, BN::value, 1);
    p.q_descale = a.q_descale, p.k_descale = a.k_descale, p.v_descale = a.v_descale;
    p.q_descale_b = a.q_descale_b, p.q_descale_h = a.q_descale_h;
    p.k_descale_b = a.k_descale_b, p.k_descale_h = a.k_descale_h;
    p.v_descale_b = a.v_descale_b, p.v_descale_h = a.v_descale_h;
  } else {
    p.tma_v = make_tma_copy(SM90_TMA_LOAD{}, gV, typename Cfg::SmemTileKV{}, Shape<BN, D>{});
    p.plan_v = detail::make_attention_tma_plan(p.tma_v, Cfg::kBoxesKV, BN::value);
  }
  if (p.tma_q.bytes != Cfg::kBytesQ || p.tma_k.bytes != Cfg::kBytesKV || p.tma_v.bytes != Cfg::kBytesKV)
    fail("attention_sm90: a TMA tile's bytes are not the configuration's");
  if constexpr (Cfg::kEpiTma) {
    auto gO = detail::qkv_tensor<TO, D>(a.o, rows_q, a.hq, batches, a.o_row, a.o_head, varlen ? rows_q * a.o_row : a.o_batch);
    p.tma_o = make_tma_copy(SM90_TMA_STORE{}, gO, typename Cfg::SmemTileO{}, Shape<_64, D>{});
    p.plan_o = detail::make_attention_tma_plan(p.tma_o, Cfg::kBoxesO, 64);
  }
  p.o = a.o;
  p.lse = a.lse;
  p.o_batch = varlen ? 0 : a.o_batch, p.o_row = a.o_row;
  p.lse_batch = varlen ? 0 : (long long)a.hq * a.sq;
  p.lse_head = varlen ? a.total_q : a.sq;
  p.cu_q = a.cu_seqlens_q, p.cu_k = a.cu_seqlens_k;
  p.rows_q = rows_q, p.rows_k = rows_k;
  if (a.o_head != Cfg::kHeadDim) fail("attention_sm90: O's head stride must be the head dimension (heads packed in a row)");
  p.sq = seq_q, p.sk = seq_k, p.hq = a.hq, p.hkv = a.hkv, p.batch = a.batch;
  p.group = a.hq / a.hkv;
  p.scale = a.scale != 0.f ? a.scale : 1.f / std::sqrt(float(a.head_dim));
  p.scale_log2 = p.scale * 1.4426950408889634f;
  p.tiles_m = (seq_q + BM::value - 1) / BM::value;
  p.blocks_n = (seq_k + BN::value - 1) / BN::value;
  p.vec = (a.o_row % 2 == 0) && (p.o_batch % 2 == 0) && (reinterpret_cast<std::uintptr_t>(a.o) % (2 * sizeof(TO)) == 0);

  int dev = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e != cudaSuccess) return e;
  auto kernel = attention_kernel<Cfg>;
  static PerDevice<detail::DeviceFigures> figures;
  detail::DeviceFigures const f = figures.get(dev, [&] {
    detail::DeviceFigures r;
    r.error = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes);
    if (r.error == cudaSuccess) r.error = cudaDeviceGetAttribute(&r.sms, cudaDevAttrMultiProcessorCount, dev);
    return r;
  });
  if (f.error != cudaSuccess) {
    figures.forget(dev);
    return f.error;
  }
  if constexpr (Cfg::kCausal) p.sched = detail::make_causal_scheduler(p.tiles_m, a.hq, a.batch, f.sms, Cfg::kDynamic);
  else p.sched = make_tile_scheduler(make_layout(make_shape(p.tiles_m * a.hq * a.batch)), p.tiles_m, a.hq, a.batch);
  int const tiles = p.sched.positions;
  int const sms = a.ctas > 0 && a.ctas < f.sms ? a.ctas : f.sms;
  int grid = tiles < sms ? tiles : sms;
  if constexpr (Cfg::kStreamK) {
    // The stream-K tail (fixed lengths: every tile has blocks_n key blocks): positions from (tiles / sms) sms on,
    // split along the keys among all sms CTAs (with fewer tiles than sms, all of them); not while the stream is
    // being captured (the workspace is allocated on first use).
    if (!varlen && a.stream_k != 0 && attention_tail_applies(tiles, p.blocks_n, sms) &&
        (a.stream_k > 0 || attention_choose_tail(tiles, p.blocks_n, sms)) && !kernels::detail::stream_capturing(stream)) {
      kernels::detail::StreamKWorkspace ws;
      e = kernels::detail::stream_k_workspace(dev, stream, (long long)sms * Cfg::kConsumers, attention_tail_floats<Cfg>(), ws);
      if (e != cudaSuccess) return e;
      p.tail = kernels::detail::last_wave_tail(tiles, sms, p.blocks_n, ws);
      grid = sms;
    }
  }
  if constexpr (Cfg::kDynamic) {
    // A counter per launch from a ring of 1024 per device (zeroed on the
    // launch's stream before the kernel): launches in flight on several streams
    // get their own (up to 1024 at once).
    static PerDevice<int*> rings;
    static std::atomic<unsigned> next{0};
    int* ring = rings.get(dev, [] {
      int* r = nullptr;
      if (cudaMalloc(&r, 1024 * sizeof(int)) != cudaSuccess) fail("attention_sm90: cudaMalloc of the tile counters failed");
      return r;
    });
    p.tile_counter = ring + next.fetch_add(1u) % 1024u;
    e = cudaMemsetAsync(p.tile_counter, 0, sizeof(int), stream);
    if (e != cudaSuccess) return e;
  }
  if constexpr (Cfg::kFp8) {
    e = prepare_vt<Cfg::kHeadDim>(a, stream);
    if (e != cudaSuccess) return e;
    // The kernel's CTAs start as the V^T pass's last blocks run (not while the stream is being captured: untried there).
    if (a.dependent_launch && !kernels::detail::stream_capturing(stream)) {
      cudaLaunchAttribute attr[1];
      attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attr[0].val.programmaticStreamSerializationAllowed = 1;
      cudaLaunchConfig_t config{};
      config.gridDim = dim3(unsigned(grid)), config.blockDim = dim3(unsigned(Cfg::kThreads));
      config.dynamicSmemBytes = std::size_t(Cfg::kSmemBytes), config.stream = stream;
      config.attrs = attr, config.numAttrs = 1;
      return cudaLaunchKernelEx(&config, kernel, p);
    }
  }
  kernel<<<grid, Cfg::kThreads, Cfg::kSmemBytes, stream>>>(p);
  return cudaGetLastError();
}

// describe<Cfg>(): tiles, TiledMMAs and their TV layouts, the shared-memory
// layouts, the register layouts of S, P and O, the TMA boxes for a problem.
template <class Cfg>
void describe(int batch = 2, int sq = 1024, int sk = 1024, int hq = 16, int hkv = 16) {
  using T = typename Cfg::Element;
  using BM = typename Cfg::BM;
  using BN = typename Cfg::BN;
  using D = typename Cfg::D;
  std::printf("tessel sm90 attention forward%s: head dim %d, %s, tile (BM, BN) = (%d, %d), %d K/V stages, %d Q stage%s, %d threads "
              "(1 producer + %d consumer warpgroups), registers (setmaxnreg) producer %d, consumers %d\n",
              Cfg::kFp8 ? " (FP8: e4m3 Q, K, V with descales, bf16 O)" : "", Cfg::kHeadDim,
              Cfg::kCausal ? "causal (bottom-right)" : "non-causal", BM::value, BN::value, Cfg::kStages, Cfg::kQStages,
              Cfg::kQStages > 1 ? "s" : "", Cfg::kThreads,
              Cfg::kConsumers, Cfg::kProducerRegs, Cfg::kConsumerRegs);
  // SkipRescale_ 2's slack as the configuration holds it (log2 units: p up to 2^slack)
  char slack[16];
  std::snprintf(slack, sizeof slack, "%g", double(Cfg::kRescaleSlack));
  std::string const skip = Cfg::kSkipRescale == 3
                               ? ", skipped by warps whose rows all stay within 2^" + std::string(slack) + " of their kept maxima (each thread's own maxima tested first, one vote)"
                           : Cfg::kSkipRescale == 2 ? ", skipped by warps whose maxima did not move, a maximum kept until exceeded by 2^" + std::string(slack)
                           : Cfg::kSkipRescale      ? ", skipped by warps whose maxima did not move"
                                                    : "";
  std::printf("  schedule: %s%s%s%s%s%s%s%s, %s tiles, %s, O stored %s; softmax: %d partial maxima per row, O rescaled %s%s%s\n",
              Cfg::kOverlap ? "intra-warpgroup overlap (S of block n with P V of block n+1)" : "one block at a time",
              Cfg::kSplitWait ? ", P V's wait below the softmax (the loop's exit test between them)" : "",
              Cfg::kPingpong ? ", ping-pong of the consumer warpgroups" : "",
              Cfg::kNextEarly ? ", the next tile looked up under the last P V" : "",
              Cfg::kCrossTile ? ", the next tile's first S under the last P V and the epilogue (its Q and first K before the last V)" : "",
              Cfg::kStagger ? ", a tile's first S issued by the consumer warpgroups in turn" : "",
              Cfg::kEpiEarly ? ", the epilogue's first barrier under the last P V" : "",
              Cfg::kEpiWide ? ", O's direct stores 16-byte vectors (a quad's words transposed)" : "",
              Cfg::kDynamic ? "dynamic" : (Cfg::kSnake ? "static (snake walk)" : "static"),
              Cfg::kKAhead ? "K loaded one block ahead of V" : "K and V loaded block by block",
              !Cfg::kEpiTma           ? "from registers"
              : Cfg::kEpiXor == 2     ? "through TMA (offsets thread XOR value, value bits outside the thread's added; 32-bit shared stores)"
              : Cfg::kEpiXor == 1     ? "through TMA (offsets thread XOR value)"
                                      : "through TMA",
              Cfg::kChains,
              Cfg::kRescaleEarly ? "under S's wgmmas (before P V's issue)" : "after P V's wait",
              skip.c_str(), Cfg::kExpEmu ? (", " + std::to_string(Cfg::kExpEmu) + " of 8 exponentials on the FMA pipe").c_str() : "");
  auto show = [](char const* label, auto const& x) { std::printf("%s", label); print(x); };  // a label, then x as CuTe prints it
  show("  S = Q K^T TiledMMA: ", typename Cfg::MmaQK{});
  show("\n    C TV (thread, value) -> (m, n): ", typename Cfg::MmaQK{}.get_layoutC_TV());
  show("\n  O += P V TiledMMA: ", typename Cfg::MmaPV{});
  show("\n    A TV (P from registers): ", typename Cfg::MmaPV{}.get_layoutA_TV());
  show("\n    C TV: ", typename Cfg::MmaPV{}.get_layoutC_TV());
  show("\n  smem Q (BM, D): ", typename Cfg::SmemLayoutQ{});
  if constexpr (Cfg::kQStages > 1) show(", Q's ring (BM, D, Q stages): ", typename Cfg::SmemLayoutQRing{});
  show(Cfg::kFp8 ? "\n  smem K (BN, D, stages): " : "\n  smem K = V (BN, D, stages): ", typename Cfg::SmemLayoutK{});
  std::printf("\n  smem V^T (D, BN, stages), the B operand of P V (%s): ",
              Cfg::kFp8 ? "K-major, keys relabelled per 32" : "MN-major");
  print(typename Cfg::SmemLayoutVt{});
  if constexpr (Cfg::kFp8) {
    show("\n  one V^T load (D, BN): ", typename Cfg::SmemTileVt{});
  }
  show("\n  a thread's S accumulators: ", typename Cfg::LayoutS{});
  show(", as (rows, keys): ", typename Cfg::LayoutSRowCol{});
  std::printf("\n  P as the A operand (A value -> S register, k-blocks of %d): ", Cfg::kKPV);
  print(typename Cfg::LayoutP{});
  show(", P's registers: ", typename Cfg::LayoutPRegs{});
  show("\n  keys of a k-block as A's columns read them (V^T's key order): ", typename Cfg::KeyPerm{});
  show("\n  a thread's O accumulators: ", typename Cfg::LayoutO{});
  show(", as (rows, d): ", typename Cfg::LayoutORowCol{});
  if constexpr (Cfg::kEpiTma) {
    show("\n  O tile in shared memory (64 rows, D), elements: ", typename Cfg::SmemTileOElems{});
    std::printf(", bits of a thread's part of the offsets: 0x%x", attention_o_thread_bits<Cfg>());
  }
  std::printf("\n  checks: Q's ring stages are Q tiles: %s; V^T is V transposed: %s; P's registers are the A operand's: %s; O's store offsets are thread XOR value parts: %s\n",
              check_q_ring<Cfg>() ? "yes" : "NO", check_v_transpose<Cfg>() ? "yes" : "NO", check_p_conversion<Cfg>() ? "yes" : "NO",
              !Cfg::kEpiTma ? "n/a" : check_o_store_xor<Cfg>() ? "yes" : "NO");
  std::printf("  smem %d bytes (Q %d and K and V %d per stage)\n", Cfg::kSmemBytes, int(Cfg::kBytesQ), int(Cfg::kBytesKV));
  auto const* fake = reinterpret_cast<T const*>(std::uintptr_t(1) << 20);
  auto box = &describe_tma_box;  // sm90_common.cuh
  long long const d = Cfg::kHeadDim;
  auto const gq = detail::qkv_tensor<T, D>(fake, sq, hq, batch, hq * d, d, (long long)sq * hq * d);
  auto const gk = detail::qkv_tensor<T, D>(fake, sk, hkv, batch, hkv * d, d, (long long)sk * hkv * d);
  std::printf("  problem B=%d Sq=%d Sk=%d Hq=%d Hkv=%d: Q (S, D, H, B) ", batch, sq, sk, hq, hkv);
  print(gq.layout());
  std::printf(", K ");
  print(gk.layout());
  std::printf("\n");
  box("Q", TMA::make_tma_params<T>(fake, gq.layout(), typename Cfg::SmemTileQ{}, Shape<BM, D>{}));
  if constexpr (Cfg::kFp8) {
    box("K", TMA::make_tma_params<T>(fake, gk.layout(), typename Cfg::SmemTileKV{}, Shape<BN, D>{}));
    long long const skp = detail::vt_keys(sk);
    auto const gvt = make_layout(make_shape(D{}, int(skp), hkv, batch), make_stride(skp, Int<1>{}, D::value * skp, hkv * D::value * skp));
    std::printf("  V^T (D, keys, H, B), written by prepare_vt: ");
    print(gvt);
    std::printf("\n");
    box("V^T", TMA::make_tma_params<T>(fake, gvt, typename Cfg::SmemTileVt{}, Shape<D, BN>{}));
  } else {
    box("K, V", TMA::make_tma_params<T>(fake, gk.layout(), typename Cfg::SmemTileKV{}, Shape<BN, D>{}));
  }
  int const tm = (sq + BM::value - 1) / BM::value;
  if constexpr (Cfg::kCausal) {
    std::printf("  scheduler (%s, longest first, 132 SMs) over (query block, head, batch) = (%d, %d, %d): ",
                Cfg::kDynamic ? "dynamic" : (Cfg::kSnake ? "static, snake walk" : "static"), tm, hq, batch);
    print(detail::make_causal_scheduler(tm, hq, batch, 132, Cfg::kDynamic).layout);
  } else {
    std::printf("  scheduler (in order) over (query block, head, batch) = (%d, %d, %d): ", tm, hq, batch);
    print(make_layout(make_shape(tm * hq * batch)));
    if constexpr (Cfg::kStreamK) {
      int const tiles = tm * hq * batch, blocks = (sk + BN::value - 1) / BN::value, sms = 132;
      if (attention_tail_applies(tiles, blocks, sms))
        std::printf("\n  stream-K tail (132 SMs): positions %d.. (%d tiles of %d key blocks) split along the keys among %d CTAs%s",
                    tiles / sms * sms, tiles % sms, blocks, sms, attention_choose_tail(tiles, blocks, sms) ? "" : " where forced (not chosen)");
      else
        std::printf("\n  stream-K tail (132 SMs): none (no partial wave, or fewer tail blocks than CTAs)");
    }
  }
  std::printf("\n");
}

// The default configuration's launch for head dimension D and a.causal:
// AttentionConfig's defaults, or AttentionShortConfig where every sequence has
// at most attention_short_keys keys (either mask).
template <class T, int D, bool Causal>
cudaError_t launch_attention_default_mask(AttentionArgs<T> const& a, cudaStream_t stream) {
  constexpr int kShort = attention_short_keys(D, Causal, sizeof(T));
  if constexpr (kShort > 0) {
    bool const varlen = a.cu_seqlens_q != nullptr || a.cu_seqlens_k != nullptr;
    if ((varlen ? a.max_seqlen_k : a.sk) <= kShort) return launch_attention<AttentionShortConfig<T, D, Causal>>(a, stream);
  }
  return launch_attention<AttentionConfig<T, D, Causal>>(a, stream);
}
template <class T, int D>
cudaError_t launch_attention_default(AttentionArgs<T> const& a, cudaStream_t stream) {
  if (a.causal) return launch_attention_default_mask<T, D, true>(a, stream);
  return launch_attention_default_mask<T, D, false>(a, stream);
}

}  // namespace tessel::kernels::attention_sm90

namespace TESSEL_NAMESPACE::cuda {

// The attention forward with the default configuration of a.head_dim (64, 128
// or 256; a named error otherwise), a.causal and the keys (launch_attention_default), on stream.
template <class T>
cudaError_t attention(kernels::attention_sm90::AttentionArgs<T> const& a, cudaStream_t stream = nullptr) {
  namespace att = kernels::attention_sm90;
  auto run = [&]<int D>() { return att::launch_attention_default<T, D>(a, stream); };
  if constexpr (sizeof(T) == 1) {  // FP8: head dims 128 and 256
    switch (a.head_dim) {
      case 128: return run.template operator()<128>();
      case 256: return run.template operator()<256>();
      default: fail("cuda::attention: FP8 takes head dimension 128 or 256");
    }
  } else {
    switch (a.head_dim) {
      case 64: return run.template operator()<64>();
      case 128: return run.template operator()<128>();
      case 256: return run.template operator()<256>();
      default: fail("cuda::attention: head dimension 64, 128 or 256");
    }
  }
  return cudaErrorInvalidValue;
}

}  // namespace tessel::cuda
