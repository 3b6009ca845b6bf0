// Scratch for attention_pair.py --lib name=path (session 16, helper attn): tessel_attention_bf16_d64 and
// tessel_attention_bf16_d128 (python/tessel/_attention_capi.cu's entry, fixed lengths, every S one configuration)
// with AttentionConfig's defaults but Q's stages and d128 non-causal's tile and epilogue, given explicitly:
// V_QS64 (d64 both masks), V_QS128C (d128 causal), V_NC (d128 non-causal: 0 session 15's BN 192, 1 BN 128,
// 2 BN 128 with the TMA-store epilogue, 3 BN 128 with 2 Q stages, 4 BN 128, TMA store, 2 Q stages =
// AttentionShortConfig).
#include <cstring>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef V_QS64
#  define V_QS64 1
#endif
#ifndef V_QS128C
#  define V_QS128C 1
#endif
#ifndef V_NC
#  define V_NC 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
template <int D, bool C>
constexpr bool kNc128 = D == 128 && !C;
template <int D, bool C>
constexpr int kQs = D == 64 ? V_QS64 : !C ? (V_NC >= 3 ? 2 : 1) : V_QS128C;
template <int D, bool C>
using Cfg = att::AttentionConfig<T, D, C, (kNc128<D, C> && V_NC > 0 ? 128 : att::attention_default_bn(D, C)), 2, true, false,
                                 att::attention_default_dynamic(D, C),
                                 (kNc128<D, C> && (V_NC == 2 || V_NC == 4) ? true : att::attention_default_epi_tma(D, C)),
                                 att::attention_default_consumers(D, C), att::attention_default_consumers(D, C) == 3 ? 32 : 24,
                                 att::attention_default_consumers(D, C) == 3 ? 160 : 240, 0, att::attention_default_chains(D, C),
                                 att::attention_default_rescale_early(D, C), att::attention_default_skip_rescale(D, C),
                                 att::attention_default_k_ahead(D, C), att::attention_default_split_wait(D, C),
                                 att::attention_default_snake(D, C), att::attention_default_epi_xor(D, C), kQs<D, C>>;
static_assert(V_NC != 4 || std::is_same_v<Cfg<128, false>, att::AttentionShortConfig<T, 128, false>>, "capi_v: V_NC 4 is the short configuration");
static_assert(V_NC != 0 || V_QS128C != 2 || std::is_same_v<Cfg<128, true>, att::AttentionConfig<T, 128, true>>, "capi_v: d128 causal default");
static_assert(V_NC != 0 || std::is_same_v<Cfg<128, false>, att::AttentionConfig<T, 128, false>>, "capi_v: d128 non-causal default");
template <int D>
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_v", [&] {
        return a.causal ? att::launch_attention<Cfg<D, true>>(a, s) : att::launch_attention<Cfg<D, false>>(a, s); }, err, errlen);
}
template <int D>
int entry(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, int hq, int hkv,
          long long const* strides, float scale, int causal, int const* cu_q, int const* cu_k, int max_q, int max_k, int total_q,
          int total_k, void* stream, char* err, int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.scale = scale, a.causal = causal != 0;
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
  a.cu_seqlens_q = cu_q, a.cu_seqlens_k = cu_k, a.max_seqlen_q = max_q, a.max_seqlen_k = max_k, a.total_q = total_q, a.total_k = total_k;
  return run<D>(a, stream, err, errlen);
}
}  // namespace
#define ENTRY(D)                                                                                                                     \
  extern "C" int tessel_attention_bf16_d##D(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq,     \
                                             int sk, int hq, int hkv, long long const* strides, float scale, int causal,           \
                                             int const* cu_q, int const* cu_k, int max_q, int max_k, int total_q, int total_k,     \
                                             void* stream, char* err, int errlen) {                                                \
    return entry<D>(q, k, v, o, lse, batch, sq, sk, hq, hkv, strides, scale, causal, cu_q, cu_k, max_q, max_k, total_q, total_k, \
                    stream, err, errlen);                                                                                          \
  }
ENTRY(64)
ENTRY(128)
