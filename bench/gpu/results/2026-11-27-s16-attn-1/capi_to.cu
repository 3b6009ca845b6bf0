// Scratch for attention_pair.py --lib name=path (session 16, helper attn, call 3; V_TO needs the kernel of
// call3-tileoverlap-kernel.diff, not committed): tessel_attention_bf16_d64, _d128
// and _d256 (python/tessel/_attention_capi.cu's entry, fixed lengths) with the library's defaults and its dispatch
// (launch_attention_default: d128 non-causal up to attention_short_keys keys AttentionShortConfig), every
// configuration with TileOverlap_ = V_TO (0 or 1). Built against this tree's include/ and against the committed
// kernel before TileOverlap_ (V_OLD=1: the configurations without that parameter).
#include <cstring>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef V_TO
#  define V_TO 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
#if defined(V_OLD)
template <int D, bool C, bool Short>
using Cfg = std::conditional_t<Short, att::AttentionShortConfig<T, D, C>, att::AttentionConfig<T, D, C>>;
#else
// AttentionConfig<..., QStages_, TileOverlap_> from the defaults (or the short configuration's values).
template <int D, bool C, bool Short>
using Cfg = att::AttentionConfig<T, D, C, Short ? 128 : att::attention_default_bn(D, C), 2, true, false, att::attention_default_dynamic(D, C),
                                 Short ? true : att::attention_default_epi_tma(D, C), att::attention_default_consumers(D, C),
                                 att::attention_default_consumers(D, C) == 3 ? 32 : (att::attention_default_dynamic(D, C) && D > 128 ? 40 : 24),
                                 att::attention_default_consumers(D, C) == 3 ? 160 : (att::attention_default_dynamic(D, C) && D > 128 ? 232 : 240),
                                 0, att::attention_default_chains(D, C), att::attention_default_rescale_early(D, C),
                                 att::attention_default_skip_rescale(D, C), att::attention_default_k_ahead(D, C),
                                 att::attention_default_split_wait(D, C), att::attention_default_snake(D, C), att::attention_default_epi_xor(D, C),
                                 Short ? 2 : att::attention_default_q_stages(D, C), V_TO != 0>;
static_assert(V_TO != 0 || (std::is_same_v<Cfg<128, false, true>, att::AttentionShortConfig<T, 128, false>> &&
                            std::is_same_v<Cfg<128, true, false>, att::AttentionConfig<T, 128, true>> &&
                            std::is_same_v<Cfg<128, false, false>, att::AttentionConfig<T, 128, false>> &&
                            std::is_same_v<Cfg<64, true, false>, att::AttentionConfig<T, 64, true>> &&
                            std::is_same_v<Cfg<256, true, false>, att::AttentionConfig<T, 256, true>> &&
                            std::is_same_v<Cfg<256, false, false>, att::AttentionConfig<T, 256, false>>),
              "capi_to: V_TO 0 is the library's defaults");
#endif
template <int D>
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_to", [&] {
        if (a.causal) return att::launch_attention<Cfg<D, true, false>>(a, s);
        if constexpr (att::attention_short_keys(D, false) > 0)
          if (a.sk <= att::attention_short_keys(D, false)) return att::launch_attention<Cfg<D, false, true>>(a, s);
        return att::launch_attention<Cfg<D, false, false>>(a, s); }, err, errlen);
}
template <int D>
int entry(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, int hq, int hkv,
          long long const* strides, float scale, int causal, void* stream, char* err, int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.scale = scale, a.causal = causal != 0;
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
  return run<D>(a, stream, err, errlen);
}
}  // namespace
#define ENTRY(D)                                                                                                                  \
  extern "C" int tessel_attention_bf16_d##D(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq,  \
                                             int sk, int hq, int hkv, long long const* strides, float scale, int causal,        \
                                             int const*, int const*, int, int, int, int, void* stream, char* err, int errlen) { \
    return entry<D>(q, k, v, o, lse, batch, sq, sk, hq, hkv, strides, scale, causal, stream, err, errlen);                       \
  }
ENTRY(64)
ENTRY(128)
ENTRY(256)
