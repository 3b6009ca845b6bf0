// Scratch for attention_pair.py --lib name=path (session 17, helper attn3): tessel_attention_bf16_d128
// (python/tessel/_attention_capi.cu's entry, fixed lengths) with the d128 configurations: causal (AttentionConfig's),
// non-causal up to 2048 keys (AttentionShortConfig's) and longer (AttentionConfig's, BN 192). CAPI_DEFAULT 1: the
// library's defaults as they are; else the causal and short configurations given explicitly, the defaults but for two
// levers, each a bit mask over the two (1 causal, 2 short): CAPI_EU the epilogue under the next tile's first S
// (EpiUnderS_), CAPI_NE the next tile looked up under the last P V (NextEarly_; 2 is the default).
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_DEFAULT
#  define CAPI_DEFAULT 0
#endif
#ifndef CAPI_EU
#  define CAPI_EU 0
#endif
#ifndef CAPI_NE
#  define CAPI_NE 2
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
using Long = att::AttentionConfig<T, 128, false>;
#if CAPI_DEFAULT
using Causal = att::AttentionConfig<T, 128, true>;
using Short = att::AttentionShortConfig<T, 128, false>;
#else
// bit: 1 causal, 2 short
template <bool C, bool EpiTma, int QS, int Bit>
using Cfg = att::AttentionConfig<T, 128, C, 128, 2, true, false, att::attention_default_dynamic(128, C), EpiTma, 2, 24, 240, 0,
                                 att::attention_default_chains(128, C), att::attention_default_rescale_early(128, C),
                                 att::attention_default_skip_rescale(128, C), att::attention_default_k_ahead(128, C),
                                 att::attention_default_split_wait(128, C), att::attention_default_snake(128, C),
                                 att::attention_default_epi_xor(128, C), QS, (CAPI_NE & Bit) != 0, (CAPI_EU & Bit) != 0>;
using Causal = Cfg<true, true, 2, 1>;
using Short = Cfg<false, true, 2, 2>;
static_assert(!(CAPI_EU == 0 && CAPI_NE == 2) || (std::is_same_v<Causal, att::AttentionConfig<T, 128, true>> &&
                                                   std::is_same_v<Short, att::AttentionShortConfig<T, 128, false>>),
              "capi_w4: EU 0, NE 2 are the defaults");
#endif
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_w4", [&] {
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
    std::snprintf(err, errlen, "capi_w4: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
