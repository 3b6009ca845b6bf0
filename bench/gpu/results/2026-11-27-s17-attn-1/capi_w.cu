// Scratch for attention_pair.py --lib name=path (session 17, helper attn): tessel_attention_bf16_d128
// (python/tessel/_attention_capi.cu's entry, fixed lengths) with the d128 causal configuration and the short-key
// non-causal one (<= 2048 keys; longer: the default BN 192) given explicitly, one lever per CAPI_W:
// 0 the defaults (AttentionConfig, AttentionShortConfig), 1 ping-pong, 2 BN 64 with 3 K/V stages, 3 BN 64 with 4,
// 4 BN 96 (2 stages), 5 K one block ahead of V.
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_W
#  define CAPI_W 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
constexpr int kBN = CAPI_W == 2 || CAPI_W == 3 ? 64 : CAPI_W == 4 ? 96 : 128;
constexpr int kSt = CAPI_W == 2 ? 3 : CAPI_W == 3 ? 4 : 2;
template <bool C>
using Cfg = att::AttentionConfig<T, 128, C, kBN, kSt, true, CAPI_W == 1, att::attention_default_dynamic(128, C), true, 2, 24, 240, 0,
                                 att::attention_default_chains(128, C), att::attention_default_rescale_early(128, C),
                                 att::attention_default_skip_rescale(128, C), CAPI_W == 5, att::attention_default_split_wait(128, C),
                                 att::attention_default_snake(128, C), att::attention_default_epi_xor(128, C), 2>;
static_assert(CAPI_W != 0 || std::is_same_v<Cfg<true>, att::AttentionConfig<T, 128, true>>, "capi_w: d128 causal default");
static_assert(CAPI_W != 0 || std::is_same_v<Cfg<false>, att::AttentionShortConfig<T, 128, false>>, "capi_w: the short configuration");
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_w", [&] {
        if (a.causal) return att::launch_attention<Cfg<true>>(a, s);
        if (a.sk <= att::attention_short_keys(128, false)) return att::launch_attention<Cfg<false>>(a, s);
        return att::launch_attention<att::AttentionConfig<T, 128, false>>(a, s); }, err, errlen);
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
    std::snprintf(err, errlen, "capi_w: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
