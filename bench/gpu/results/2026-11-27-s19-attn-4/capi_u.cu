// Scratch for attention_pair.py --lib name=path (session 19, helper attn, call 4): tessel_attention_bf16_d128 with the
// defaults (launch_attention_default's causal and BN 192 configurations) and the short configuration (non-causal up to
// attention_short_keys keys) replaced by CAPI_SHORT:
//   0  AttentionShortConfig (BN 128, 2 Q buffers, O through TMA stores, the next tile looked up early)
//   1  BN 128 with one Q buffer (the reference for 2)
//   2  BN 160 with one Q buffer (what fits beside the TMA store's O tiles: 2048 keys = 12 blocks of 160 and one of 128)
//   (BN 160 with 2 Q buffers and O from registers as 16-byte vectors spills 26 bytes: not timed)
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_SHORT
#  define CAPI_SHORT 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
using Def = att::AttentionConfig<T, 128, false>;
using Short = std::conditional_t<
    CAPI_SHORT == 0, att::AttentionShortConfig<T, 128, false>,
    std::conditional_t<CAPI_SHORT == 1, Def::with_tiles<128, true, 1, true, false>,
                       Def::with_tiles<160, true, 1, true, false>>>;
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_u", [&] {
        if (a.causal) return att::launch_attention<att::AttentionConfig<T, 128, true>>(a, s);
        if (a.sk <= att::attention_short_keys(128, false)) return att::launch_attention<Short>(a, s);
        return att::launch_attention<Def>(a, s); }, err, errlen);
}
}  // namespace
extern "C" int tessel_attention_bf16_d128(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk,
                                          int hq, int hkv, long long const* strides, float scale, int causal, int const* cu_q,
                                          int const* cu_k, int max_q, int max_k, int total_q, int total_k, void* stream, char* err,
                                          int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = 128, a.scale = scale, a.causal = causal != 0;
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
  a.cu_seqlens_q = cu_q, a.cu_seqlens_k = cu_k, a.max_seqlen_q = max_q, a.max_seqlen_k = max_k, a.total_q = total_q, a.total_k = total_k;
  if (cu_q != nullptr || cu_k != nullptr) {
    std::snprintf(err, errlen, "capi_u: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
