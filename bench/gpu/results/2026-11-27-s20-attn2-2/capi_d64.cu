// Scratch for attention_pair.py --lib name=path (session 20, helper attn2, call 2): tessel_attention_bf16_d64 (fixed
// lengths) with the K/V stages and K-ahead of bf16 d64 changed, every other parameter the library's default:
//   X_STAGES, X_KA (causal; default: the library's), N_STAGES, N_KA (non-causal; likewise).
// Built with -Xcompiler -fno-gnu-unique (attention_pair.py's note).
// Built against call 2's tree (call2-tree.diff on 4a288f4: attention_default_stages, not kept on main).
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
constexpr int D = 64;
#ifndef X_STAGES
#  define X_STAGES att::attention_default_stages(D, true)
#endif
#ifndef X_KA
#  define X_KA att::attention_default_k_ahead(D, true)
#endif
#ifndef N_STAGES
#  define N_STAGES att::attention_default_stages(D, false)
#endif
#ifndef N_KA
#  define N_KA att::attention_default_k_ahead(D, false)
#endif
template <bool C, int Stages, bool KAhead>
using Var = att::AttentionConfig<T, D, C, att::attention_default_bn(D, C), Stages, true, false, att::attention_default_dynamic(D, C),
                                 att::attention_default_epi_tma(D, C), att::attention_default_consumers(D, C),
                                 att::attention_default_producer_regs(D, att::attention_default_consumers(D, C), att::attention_default_dynamic(D, C)),
                                 att::attention_default_consumers(D, C) == 3 ? 160 : 240, 0, att::attention_default_chains(D, C),
                                 att::attention_default_rescale_early(D, C), att::attention_default_skip_rescale(D, C), KAhead,
                                 att::attention_default_split_wait(D, C), att::attention_default_snake(D, C), att::attention_default_epi_xor(D, C),
                                 att::attention_default_q_stages(D, C), att::attention_default_next_early(D, C), att::attention_default_stagger(D, C),
                                 false, att::attention_default_epi_wide(D, C) && !att::attention_default_epi_tma(D, C),
                                 att::attention_default_stream_k(D, C)>;
static_assert(std::is_same_v<Var<true, att::attention_default_stages(D, true), att::attention_default_k_ahead(D, true)>, att::AttentionConfig<T, D, true>> &&
                  std::is_same_v<Var<false, att::attention_default_stages(D, false), att::attention_default_k_ahead(D, false)>, att::AttentionConfig<T, D, false>>,
              "capi_d64: the defaults' spelling");
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
    std::snprintf(err, errlen, "capi_d64: fixed lengths only");
    return 1;
  }
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_d64", [&] {
        if (a.causal) return att::launch_attention<Var<true, X_STAGES, X_KA>>(a, s);
        return att::launch_attention<Var<false, N_STAGES, N_KA>>(a, s); }, err, errlen);
}
}  // namespace
extern "C" int tessel_attention_bf16_d64(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, int hq,
                                         int hkv, long long const* strides, float scale, int causal, int const* cu_q, int const* cu_k, int,
                                         int, int, int, void* stream, char* err, int errlen) {
  return entry(q, k, v, o, lse, batch, sq, sk, hq, hkv, strides, scale, causal, cu_q, cu_k, stream, err, errlen);
}
