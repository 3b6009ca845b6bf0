// Scratch for attention_pair.py --lib name=path (session 17, helper attn2): tessel_attention_bf16_d128
// (python/tessel/_attention_capi.cu's entry; fixed lengths, the causal mask only) with the d128 causal
// configuration: AttentionConfig's default (CAPI_DEFAULT 1: builds against any tree, the one before TakeEarly_
// included), or the default but for NextEarly_ (CAPI_NE) and TakeEarly_ (CAPI_TE), given explicitly.
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_DEFAULT
#  define CAPI_DEFAULT 0
#endif
#ifndef CAPI_NE
#  define CAPI_NE 0
#endif
#ifndef CAPI_TE
#  define CAPI_TE 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
#if CAPI_DEFAULT
using Causal = att::AttentionConfig<T, 128, true>;
#else
using Causal = att::AttentionConfig<T, 128, true, att::attention_default_bn(128, true), 2, true, false, att::attention_default_dynamic(128, true),
                                    att::attention_default_epi_tma(128, true), att::attention_default_consumers(128, true), 24, 240, 0,
                                    att::attention_default_chains(128, true), att::attention_default_rescale_early(128, true),
                                    att::attention_default_skip_rescale(128, true), att::attention_default_k_ahead(128, true),
                                    att::attention_default_split_wait(128, true), att::attention_default_snake(128, true),
                                    att::attention_default_epi_xor(128, true), att::attention_default_q_stages(128, true), CAPI_NE != 0,
                                    CAPI_TE != 0>;
static_assert(CAPI_NE != 0 || CAPI_TE != 0 || std::is_same_v<Causal, att::AttentionConfig<T, 128, true>>,
              "capi_w3: the explicit list without the two levers is the default");
#endif
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
  if (cu_q != nullptr || cu_k != nullptr || causal == 0) {
    std::snprintf(err, errlen, "capi_w3: fixed lengths and the causal mask only");
    return 1;
  }
  return tessel_capi::reported("capi_w3", [&] { return att::launch_attention<Causal>(a, static_cast<cudaStream_t>(stream)); }, err, errlen);
}
