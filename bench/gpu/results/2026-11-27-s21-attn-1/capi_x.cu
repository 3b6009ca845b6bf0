// Scratch for attention_pair.py --lib name=path (session 21, helper attn, call 1): tessel_attention_bf16_d128
// (fixed lengths) with the defaults of launch_attention_default, changed by
//   CAPI_CROSS c: the short configuration (16-bit d128 non-causal up to attention_short_keys keys) with CrossTile_ c
//                 (the next tile's first S under the last P V and the epilogue; its Q and first K before the last V);
//   CAPI_L2 1:    ... and L2Next_ (the next tile's first K and V, and Q, prefetched into L2 at each tile's start).
// (call 1: CAPI_CROSS 1 of the call-1 kernel; calls 2 and 3: the kernels of those calls.)
#include <cstdio>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
#ifndef CAPI_CROSS
#  define CAPI_CROSS 0
#endif
#ifndef CAPI_L2
#  define CAPI_L2 0
#endif
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
using ShortDefault = att::AttentionShortConfig<T, 128, false>;
// the short configuration's with_tiles is itself (so that CAPI_CROSS 0 is the default)
static_assert(std::is_same_v<ShortDefault::with_tiles<128, true, 2, true, false, false, 0, false>, ShortDefault>, "capi_x: with_tiles of the short configuration");
using Short = ShortDefault::with_tiles<128, true, 2, true, false, false, CAPI_CROSS, CAPI_L2 != 0>;
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_x", [&] {
        if (a.causal) return att::launch_attention_default<T, 128>(a, s);
        if (a.sk <= att::attention_short_keys(128, false)) return att::launch_attention<Short>(a, s);
        return att::launch_attention_default<T, 128>(a, s); }, err, errlen);
}
}  // namespace
extern "C" int tessel_attention_bf16_d128(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk, int hq, int hkv,
                                          long long const* strides, float scale, int causal, int const* cu_q, int const* cu_k, int, int, int, int,
                                          void* stream, char* err, int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = 128, a.scale = scale, a.causal = causal != 0;
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
  if (cu_q != nullptr || cu_k != nullptr) {
    std::snprintf(err, errlen, "capi_x: fixed lengths only");
    return 1;
  }
  return run(a, stream, err, errlen);
}
