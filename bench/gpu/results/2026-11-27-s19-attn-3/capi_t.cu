// Scratch for attention_pair.py --lib name=path (session 19, helper attn, call 3): tessel_attention_bf16_d128 with the
// defaults (launch_attention_default's causal and BN 192 configurations) and the short configuration (non-causal up to
// attention_short_keys keys) replaced by CAPI_SHORT:
//   0  AttentionShortConfig (BN 128, 2 Q buffers, O through TMA stores, the next tile looked up early)
//   1  the same with O stored from registers as 16-byte vectors (EpiWide_) instead of the TMA store
//   2  1 with one Q buffer
//   3  1 with one Q buffer and 3 K/V stages (the O tiles' and the second Q buffer's shared memory)
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
template <class Cfg, int St>
struct WithStages;
template <class T_, int H, bool C, int BN, int S, bool O, bool P, bool Dy, bool E, int Co, int PR, int CR, int EM, int Ch, bool RE, int SR,
          bool KA, bool SW, bool Sn, int EX, int QS, bool NE, bool St0, bool Ee0, bool Ew0, int St>
struct WithStages<att::AttentionConfig<T_, H, C, BN, S, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St0, Ee0, Ew0>, St> {
  using type = att::AttentionConfig<T_, H, C, BN, St, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St0, Ee0, Ew0>;
};
using Def = att::AttentionConfig<T, 128, false>;
using Short = std::conditional_t<
    CAPI_SHORT == 0, att::AttentionShortConfig<T, 128, false>,
    std::conditional_t<CAPI_SHORT == 1, Def::with_tiles<128, false, 2, true, false>,
                       std::conditional_t<CAPI_SHORT == 2, Def::with_tiles<128, false, 1, true, false>,
                                          WithStages<Def::with_tiles<128, false, 1, true, false>, 3>::type>>>;
static_assert(CAPI_SHORT == 0 || (Short::kEpiWide && !Short::kEpiTma), "capi_t: the register epilogue with 16-byte stores");
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_t", [&] {
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
    std::snprintf(err, errlen, "capi_t: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
