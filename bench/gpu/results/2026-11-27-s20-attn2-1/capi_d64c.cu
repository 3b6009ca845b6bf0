// Scratch for attention_pair.py --lib name=path (session 20, helper attn2, call 1): tessel_attention_bf16_d64 (fixed
// lengths) with bf16 d64 causal's configuration changed by the X_* macros (each defaults to the library's default;
// non-causal: the default). Built with -Xcompiler -fno-gnu-unique (attention_pair.py's note).
//   X_BN, X_STAGES, X_DYN, X_EPI_TMA, X_CONS, X_PREGS, X_CREGS, X_CHAINS, X_RE (RescaleEarly_), X_SKIP (SkipRescale_),
//   X_KA (KAhead_), X_QS (QStages_), X_STAGGER, X_WIDE (EpiWide_)
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
constexpr int D = 64;
#ifndef X_BN
#  define X_BN att::attention_default_bn(D, true)
#endif
#ifndef X_STAGES
#  define X_STAGES 2
#endif
#ifndef X_DYN
#  define X_DYN att::attention_default_dynamic(D, true)
#endif
#ifndef X_EPI_TMA
#  define X_EPI_TMA att::attention_default_epi_tma(D, true)
#endif
#ifndef X_CONS
#  define X_CONS att::attention_default_consumers(D, true)
#endif
#ifndef X_PREGS
#  define X_PREGS att::attention_default_producer_regs(D, X_CONS, X_DYN)
#endif
#ifndef X_CREGS
#  define X_CREGS (X_CONS == 3 ? 160 : (504 - X_PREGS) / 2 / 8 * 8)
#endif
#ifndef X_CHAINS
#  define X_CHAINS att::attention_default_chains(D, true)
#endif
#ifndef X_RE
#  define X_RE att::attention_default_rescale_early(D, true)
#endif
#ifndef X_SKIP
#  define X_SKIP att::attention_default_skip_rescale(D, true)
#endif
#ifndef X_KA
#  define X_KA att::attention_default_k_ahead(D, true)
#endif
#ifndef X_QS
#  define X_QS att::attention_default_q_stages(D, true)
#endif
#ifndef X_STAGGER
#  define X_STAGGER att::attention_default_stagger(D, true)
#endif
#ifndef X_WIDE
#  define X_WIDE (att::attention_default_epi_wide(D, true) && !(X_EPI_TMA))
#endif
using Causal = att::AttentionConfig<T, D, true, X_BN, X_STAGES, true, false, X_DYN, X_EPI_TMA, X_CONS, X_PREGS, X_CREGS, 0, X_CHAINS, X_RE, X_SKIP,
                                    X_KA, att::attention_default_split_wait(D, true), att::attention_default_snake(D, true),
                                    att::attention_default_epi_xor(D, true), X_QS, att::attention_default_next_early(D, true), X_STAGGER,
                                    false, X_WIDE, false>;
#ifdef X_CHECK_DEFAULT
static_assert(std::is_same_v<Causal, att::AttentionConfig<T, D, true>>, "capi_d64c: the defaults' spelling");
#endif
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
    std::snprintf(err, errlen, "capi_d64c: fixed lengths only");
    return 1;
  }
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_d64c", [&] {
        if (a.causal) return att::launch_attention<Causal>(a, s);
        return att::launch_attention<att::AttentionConfig<T, D, false>>(a, s); }, err, errlen);
}
}  // namespace
extern "C" int tessel_attention_bf16_d64(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, int hq,
                                         int hkv, long long const* strides, float scale, int causal, int const* cu_q, int const* cu_k, int,
                                         int, int, int, void* stream, char* err, int errlen) {
  return entry(q, k, v, o, lse, batch, sq, sk, hq, hkv, strides, scale, causal, cu_q, cu_k, stream, err, errlen);
}
