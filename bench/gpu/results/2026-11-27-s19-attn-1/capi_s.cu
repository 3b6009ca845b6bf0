// Scratch for attention_pair.py --lib name=path (session 19, helper attn): tessel_attention_bf16_d<D> (python/tessel/
// _attention_capi.cu's entry, fixed lengths) for one head dim per build (-DCAPI_D=64|128|256; a library links the
// three), each of the head dim's default configurations (launch_attention_default's dispatch: causal, non-causal up to
// attention_short_keys keys = AttentionShortConfig, longer) with these options turned on (bit masks over the
// configurations: 1 causal, 2 short (d128 only), 4 non-causal (long)):
//   CAPI_ST  Stagger_ (a tile's first S = Q K^T issued by the consumer warpgroups in turn)
//   CAPI_EE  EpiEarly_ (the TMA-store epilogue's first barrier under the last P V; TMA-store configurations only)
//   CAPI_PP  Pingpong_ (the consumer warpgroups take turns for every wgmma issue)
//   CAPI_EW  EpiWide_ (O's direct stores as 16-byte vectors; configurations without the TMA store)
// All 0: the defaults of 8735dea (ffa37ba on main), the tree it was built with (static_assert); since 6a091af the defaults set
// Stagger_ and EpiWide_ themselves (call 2 compares them with python/tessel/_attention_capi.cu).
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_ST
#  define CAPI_ST 0
#endif
#ifndef CAPI_EE
#  define CAPI_EE 0
#endif
#ifndef CAPI_PP
#  define CAPI_PP 0
#endif
#ifndef CAPI_EW
#  define CAPI_EW 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
constexpr int D = CAPI_D;
// Cfg with Pingpong_, Stagger_, EpiEarly_ and EpiWide_ set (every other parameter as it is).
template <class Cfg, bool Pp, bool St, bool Ee, bool Ew>
struct WithOpts;
template <class T_, int H, bool C, int BN, int S, bool O, bool P, bool Dy, bool E, int Co, int PR, int CR, int EM, int Ch, bool RE, int SR,
          bool KA, bool SW, bool Sn, int EX, int QS, bool NE, bool St0, bool Ee0, bool Ew0, bool Pp, bool St, bool Ee, bool Ew>
struct WithOpts<att::AttentionConfig<T_, H, C, BN, S, O, P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St0, Ee0, Ew0>, Pp, St, Ee,
                Ew> {
  using type = att::AttentionConfig<T_, H, C, BN, S, O, Pp || P, Dy, E, Co, PR, CR, EM, Ch, RE, SR, KA, SW, Sn, EX, QS, NE, St, Ee, Ew>;
};
template <class Cfg, int Bit>
using Opt = typename WithOpts<Cfg, (CAPI_PP & Bit) != 0, (CAPI_ST & Bit) != 0, (CAPI_EE & Bit) != 0, (CAPI_EW & Bit) != 0>::type;
using Causal = Opt<att::AttentionConfig<T, D, true>, 1>;
using Long = Opt<att::AttentionConfig<T, D, false>, 4>;
constexpr int kShortKeys = att::attention_short_keys(D, false, sizeof(T));  // 0: no short configuration (d64, d256)
using Short = std::conditional_t<(kShortKeys > 0), Opt<att::AttentionShortConfig<T, D, false>, 2>, Long>;
static_assert(CAPI_ST != 0 || CAPI_EE != 0 || CAPI_PP != 0 || CAPI_EW != 0 ||
                  (std::is_same_v<Causal, att::AttentionConfig<T, D, true>> && std::is_same_v<Long, att::AttentionConfig<T, D, false>>),
              "capi_s: no option = the defaults");
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_s", [&] {
        if (a.causal) return att::launch_attention<Causal>(a, s);
        if (a.sk <= kShortKeys) return att::launch_attention<Short>(a, s);
        return att::launch_attention<Long>(a, s); }, err, errlen);
}
}  // namespace
#define CAPI_CAT2(d) tessel_attention_bf16_d##d
#define CAPI_CAT(d) CAPI_CAT2(d)
extern "C" int CAPI_CAT(CAPI_D)(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, int hq, int hkv,
                                long long const* strides, float scale, int causal, int const* cu_q, int const* cu_k, int max_q, int max_k,
                                int total_q, int total_k, void* stream, char* err, int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.scale = scale, a.causal = causal != 0;
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
  a.cu_seqlens_q = cu_q, a.cu_seqlens_k = cu_k, a.max_seqlen_q = max_q, a.max_seqlen_k = max_k, a.total_q = total_q, a.total_k = total_k;
  if (cu_q != nullptr || cu_k != nullptr) {
    std::snprintf(err, errlen, "capi_s: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
