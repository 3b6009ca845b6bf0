// Scratch for attention_pair.py --lib name=path (session 18, helper attn, call 3): tessel_attention_bf16_d128
// (python/tessel/_attention_capi.cu's entry, fixed lengths) with the d128 configurations: causal (AttentionConfig's),
// non-causal up to 2048 keys (AttentionShortConfig's) and longer (AttentionConfig's, BN 192). CAPI_DEFAULT 1: the
// library's defaults as the include folder given has them; else the causal and short configurations given
// explicitly, with these levers (bit masks over the three: 1 causal, 2 short, 4 long):
//   CAPI_PREGS_C  the causal configuration's producer registers (24: session 17's; 32: consumers 232)
//   CAPI_RE       O's rescale under S's wgmmas (RescaleEarly_)
//   CAPI_SR       the rescale skipped where no row maximum of the warp moved (SkipRescale_ 1)
//   CAPI_SZ       the same with the maxima kept within a slack (SkipRescale_ 2; over CAPI_SR)
//   CAPI_CH       2 partial row maxima (Chains_)
//   CAPI_NE_C     1: the causal configuration looks its next tile up under the last P V (NextEarly_)
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_DEFAULT
#  define CAPI_DEFAULT 0
#endif
#ifndef CAPI_PREGS_C
#  define CAPI_PREGS_C 24
#endif
#ifndef CAPI_RE
#  define CAPI_RE 0
#endif
#ifndef CAPI_SR
#  define CAPI_SR 0
#endif
#ifndef CAPI_SZ
#  define CAPI_SZ 0
#endif
#ifndef CAPI_CH
#  define CAPI_CH 0
#endif
#ifndef CAPI_NE_C
#  define CAPI_NE_C 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
#if CAPI_DEFAULT
using Long = att::AttentionConfig<T, 128, false>;
using Causal = att::AttentionConfig<T, 128, true>;
using Short = att::AttentionShortConfig<T, 128, false>;
#else
// Bit: 1 causal, 2 short, 4 long.
template <bool C, int BN, int St, bool EpiTma, int Cons, int PRegs, int CRegs, int QS, bool NE, int Bit>
using Cfg = att::AttentionConfig<T, 128, C, BN, St, true, false, C, EpiTma, Cons, PRegs, CRegs, 0, (CAPI_CH & Bit) ? 2 : 1,
                                 (CAPI_RE & Bit) != 0, (CAPI_SZ & Bit) ? 2 : (CAPI_SR & Bit) ? 1 : 0, true, true, C, 2, QS, NE>;
using Causal = Cfg<true, 128, 2, true, 2, CAPI_PREGS_C, (504 - CAPI_PREGS_C) / 2 / 8 * 8, 2, CAPI_NE_C != 0, 1>;
using Short = Cfg<false, 128, 2, true, 2, 24, 240, 2, true, 2>;
using Long = Cfg<false, 192, 2, false, 2, 24, 240, 1, false, 4>;
// RE 5 and SR 7: the defaults (session 18's)
static_assert(!(CAPI_RE == 5 && CAPI_SR == 7 && CAPI_SZ == 0 && CAPI_CH == 0 && CAPI_NE_C == 0 && CAPI_PREGS_C == 24) ||
                  (std::is_same_v<Causal, att::AttentionConfig<T, 128, true>> && std::is_same_v<Short, att::AttentionShortConfig<T, 128, false>> &&
                   std::is_same_v<Long, att::AttentionConfig<T, 128, false>>),
              "capi_z: RE 5, SR 7 are the defaults");
#endif
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_z", [&] {
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
    std::snprintf(err, errlen, "capi_z: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
