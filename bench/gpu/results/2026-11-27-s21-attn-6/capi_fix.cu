// Scratch for attention_pair.py --lib (session 21, helper attn, call 6): tessel_attention_bf16_d128 (fixed lengths)
// over main + ../2026-11-27-s21-attn-3/cross_tile_l2next.diff + fix.diff (TESSEL_ATTN_FIX n: one statement at the end
// of the consumers' tile loop, after the lse store: 1 a compiler barrier, 2 a clock64() read, 3 __syncwarp(), 4 a
// clock64() read by each warpgroup's thread 0), the short configuration with CrossTile_ CAPI_CROSS. Call 5: the
// timeline's stamps (even only those after the epilogue) took CrossTile_ from -0.046 to +0.001 against main.
#include <cstdio>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_CROSS
#  define CAPI_CROSS 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
using Short = att::AttentionShortConfig<T, 128, false>::with_tiles<128, true, 2, true, false, false, CAPI_CROSS, false>;
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_fix", [&] {
        if (!a.causal && a.sk <= att::attention_short_keys(128, false)) return att::launch_attention<Short>(a, s);
        return att::launch_attention_default<T, 128>(a, s); }, err, errlen);
}
}  // namespace
extern "C" int tessel_attention_bf16_d128(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, int hq, int hkv,
                                          long long const* strides, float scale, int causal, int const* cu_q, int const* cu_k, int, int, int, int,
                                          void* stream, char* err, int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = 128, a.scale = scale, a.causal = causal != 0;
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
  if (cu_q != nullptr || cu_k != nullptr) {
    std::snprintf(err, errlen, "capi_fix: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
