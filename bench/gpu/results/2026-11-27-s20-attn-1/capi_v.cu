// Scratch for attention_pair.py --lib name=path (session 20, helper attn, call 1): tessel_attention_bf16_d{64,128,256}
// (fixed lengths) with the defaults of launch_attention_default, changed by
//   CAPI_SK 1:     every non-causal configuration with StreamK_ (the static walk's last partial wave split along the
//                  keys among all CTAs, where attention_choose_tail says so): d64, d128 short and BN 192, d256;
//   CAPI_CAUSAL 1: d128 causal with BN 160 and one Q buffer (O through TMA stores, as the default);
//               2: d128 causal with BN 192, one Q buffer, O from registers as 16-byte vectors (the TMA store's tiles
//                  do not fit beside BN 192's stages).
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_SK
#  define CAPI_SK 0
#endif
#ifndef CAPI_CAUSAL
#  define CAPI_CAUSAL 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
template <int D>
using NonCausal = std::conditional_t<CAPI_SK != 0, typename att::AttentionConfig<T, D, false>::template with_tiles<att::attention_default_bn(D, false),
                                     false, att::attention_default_q_stages(D, false), att::attention_default_next_early(D, false),
                                     att::attention_default_rescale_early(D, false), true>,
                                     att::AttentionConfig<T, D, false>>;
// with_tiles keeps EpiWide_ only without the TMA store: the non-causal defaults have none, so NonCausal<D> with
// CAPI_SK 0 and the default differ only in StreamK_ (static_assert below).
static_assert(std::is_same_v<typename att::AttentionConfig<T, 128, false>::template with_tiles<192, false, 1, false, true, false>,
                             att::AttentionConfig<T, 128, false>>,
              "capi_v: with_tiles of the defaults is the default");
template <int D>
using Short = std::conditional_t<CAPI_SK != 0, typename att::AttentionShortConfig<T, D, false>::template with_tiles<128, true, 2, true, false, true>,
                                 att::AttentionShortConfig<T, D, false>>;
using C128 = att::AttentionConfig<T, 128, true>;
using Causal128 = std::conditional_t<
    CAPI_CAUSAL == 0, C128,
    std::conditional_t<CAPI_CAUSAL == 1, C128::with_tiles<160, true, 1, false>,
                       att::AttentionConfig<T, 128, true, 192, 2, true, false, true, false, 2, att::attention_default_producer_regs(128, 2, true),
                                            (504 - att::attention_default_producer_regs(128, 2, true)) / 2 / 8 * 8, 0, 1, true, 2, true, true,
                                            att::attention_default_snake(128, true), 2, 1, false, false, false, true>>>;
template <int D>
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_v", [&] {
        if constexpr (D == 128) {
          if (a.causal) return att::launch_attention<Causal128>(a, s);
          if (a.sk <= att::attention_short_keys(128, false)) return att::launch_attention<Short<128>>(a, s);
          return att::launch_attention<NonCausal<128>>(a, s);
        } else {
          if (a.causal) return att::launch_attention<att::AttentionConfig<T, D, true>>(a, s);
          return att::launch_attention<NonCausal<D>>(a, s);
        } }, err, errlen);
}
template <int D>
int entry(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, int hq, int hkv, long long const* strides,
          float scale, int causal, int const* cu_q, int const* cu_k, void* stream, char* err, int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.scale = scale, a.causal = causal != 0;
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
  if (cu_q != nullptr || cu_k != nullptr) {
    std::snprintf(err, errlen, "capi_v: fixed lengths only");
    return 1;
  }
  return run<D>(a, stream, err, errlen);
}
}  // namespace
#define CAPI_ENTRY(D)                                                                                                                  \
  extern "C" int tessel_attention_bf16_d##D(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, \
                                            int hq, int hkv, long long const* strides, float scale, int causal, int const* cu_q,       \
                                            int const* cu_k, int, int, int, int, void* stream, char* err, int errlen) {               \
    return entry<D>(q, k, v, o, lse, batch, sq, sk, hq, hkv, strides, scale, causal, cu_q, cu_k, stream, err, errlen);              \
  }
CAPI_ENTRY(64)
CAPI_ENTRY(128)
CAPI_ENTRY(256)
