// Scratch for attention_pair.py --lib name=path (session 18, helper attn2k): tessel_attention_bf16_d128
// (python/tessel/_attention_capi.cu's entry, fixed lengths) with the d128 configurations; CAPI_NT needs the tree of
// tree-call1.diff or narrow-own-acc.diff (NarrowTail_, not on main). CAPI_DEFAULT 1: the
// library's defaults as the include folder given has them (main's: the short configuration up to 2048 keys, BN 192
// beyond); else the non-causal rows by BN 192 (AttentionConfig's default) at every length, CAPI_NT 1 (2) with the last
// key block as 128 keys where it has no more (NarrowTail_: its S and softmax; 2: its P V too), 0 without. Causal: the default.
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_DEFAULT
#  define CAPI_DEFAULT 0
#endif
#ifndef CAPI_NT
#  define CAPI_NT 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
using Causal = att::AttentionConfig<T, 128, true>;
#if CAPI_DEFAULT
using Long = att::AttentionConfig<T, 128, false>;
using Short = att::AttentionShortConfig<T, 128, false>;
#else
using Base = att::AttentionConfig<T, 128, false>;
using Long = Base::with_tiles<192, false, 1, false, Base::kRescaleEarly, CAPI_NT>;
using Short = Long;
static_assert(CAPI_NT != 0 || std::is_same_v<Long, Base>, "capi_nt: BN 192 without the tail is the default");
#endif
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_nt", [&] {
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
    std::snprintf(err, errlen, "capi_nt: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
