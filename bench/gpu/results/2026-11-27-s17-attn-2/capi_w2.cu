// Scratch for attention_pair.py --lib name=path (session 17, helper attn, call 2): tessel_attention_bf16_d128
// (python/tessel/_attention_capi.cu's entry, fixed lengths) with the d128 configurations given explicitly: causal
// (AttentionConfig's), non-causal up to 2048 keys (AttentionShortConfig's) and longer (AttentionConfig's, BN 192),
// session 16's defaults but for two levers, each a bit mask over the three (1 causal, 2 short, 4 long non-causal):
// CAPI_KA K loaded one block ahead of V (KAhead_), CAPI_NE the next tile looked up under the last P V (NextEarly_).
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_KA
#  define CAPI_KA 0
#endif
#ifndef CAPI_NE
#  define CAPI_NE 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
// bit: 1 causal, 2 short, 4 long non-causal
template <bool C, int BN, bool EpiTma, int QS, int Bit>
using Cfg = att::AttentionConfig<T, 128, C, BN, 2, true, false, att::attention_default_dynamic(128, C), EpiTma, 2, 24, 240, 0,
                                 att::attention_default_chains(128, C), att::attention_default_rescale_early(128, C),
                                 att::attention_default_skip_rescale(128, C), (CAPI_KA & Bit) != 0, att::attention_default_split_wait(128, C),
                                 att::attention_default_snake(128, C), att::attention_default_epi_xor(128, C), QS, (CAPI_NE & Bit) != 0>;
using Causal = Cfg<true, 128, true, 2, 1>;
using Short = Cfg<false, 128, true, 2, 2>;
using Long = Cfg<false, 192, false, 1, 4>;
// CAPI_KA 3, CAPI_NE 7: this tree's defaults
static_assert(!(CAPI_KA == 3 && CAPI_NE == 7) || (std::is_same_v<Causal, att::AttentionConfig<T, 128, true>> &&
                                                   std::is_same_v<Short, att::AttentionShortConfig<T, 128, false>> &&
                                                   std::is_same_v<Long, att::AttentionConfig<T, 128, false>>),
              "capi_w2: KA 3, NE 7 are the defaults");
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_w2", [&] {
        if (a.causal) return att::launch_attention<Causal>(a, s);
        if (a.sk <= att::attention_short_keys(128, false)) return att::launch_attention<Short>(a, s);
        return att::launch_attention<Long>(a, s); }, err, errlen);
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
    std::snprintf(err, errlen, "capi_w2: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
