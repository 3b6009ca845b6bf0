// The C entry point of tessel.cuda.attention (python/tessel/cuda.py): one
// element type and head dimension per build (-DTESSEL_ATTN_T=bf16|fp16,
// -DTESSEL_ATTN_D=64|128|256; FP8: -DTESSEL_ATTN_T=e4m3 -DTESSEL_ATTN_FP8=1,
// -DTESSEL_ATTN_D=128|256), both masks, over the Hopper kernel of
// include/tessel/kernels/attention_sm90.cuh. cuda.py compiles it with nvcc
// into one shared library and calls it through ctypes: no PyTorch headers.
#include <cstring>

#include <tessel/kernels/attention_sm90.cuh>

#include "_capi.cuh"

#if !defined(TESSEL_ATTN_T) || !defined(TESSEL_ATTN_D)
#  error "_attention_capi.cu: define TESSEL_ATTN_T (bf16 or fp16) and TESSEL_ATTN_D (64, 128 or 256)"
#endif

namespace {
namespace att = tessel::kernels::attention_sm90;
using tessel_capi::bf16, tessel_capi::fp16, tessel_capi::e4m3;  // the element types of -DTESSEL_ATTN_T
using T = typename TESSEL_ATTN_T::type;
constexpr int D = TESSEL_ATTN_D;
}  // namespace

#define TESSEL_ATTN_CAT2(a, b, c) tessel_attention_##a##_d##b##c
#define TESSEL_ATTN_CAT(a, b, c) TESSEL_ATTN_CAT2(a, b, c)

namespace {
// The launch of either mask; 0, or 1 with the error's text in err.
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported(
      "tessel.cuda.attention",
      [&] { return att::launch_attention_default<T, D>(a, s); },
      err, errlen);
}
void set_strides(att::AttentionArgs<T>& a, long long const* strides) {
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
}
}  // namespace

#if defined(TESSEL_ATTN_FP8)
// FP8: q, k, v e4m3, o bf16; the descales (fp32 device pointers or null) of (b,
// kv head h) at b * ds_strides[2 i] + h * ds_strides[2 i + 1] for q, k, v (i = 0, 1, 2);
// vt: V^T's workspace, batch * hkv * D * (sk rounded up to 32) bytes. Fixed lengths.
extern "C" int TESSEL_ATTN_CAT(TESSEL_ATTN_T, TESSEL_ATTN_D, )(void const* q, void const* k, void const* v, void* o, float* lse, int batch,
                                                             int sq, int sk, int hq, int hkv, long long const* strides, float scale,
                                                             int causal, float const* q_descale, float const* k_descale,
                                                             float const* v_descale, long long const* ds_strides, void* vt, void* stream,
                                                             char* err, int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v);
  a.o = static_cast<tessel::bfloat16_t*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.scale = scale, a.causal = causal != 0;
  set_strides(a, strides);
  a.q_descale = q_descale, a.k_descale = k_descale, a.v_descale = v_descale;
  a.q_descale_b = ds_strides[0], a.q_descale_h = ds_strides[1];
  a.k_descale_b = ds_strides[2], a.k_descale_h = ds_strides[3];
  a.v_descale_b = ds_strides[4], a.v_descale_h = ds_strides[5];
  a.vt = vt;
  return run(a, stream, err, errlen);
}
#else

// q, k, v, o: device pointers; lse: (batch, hq, sq) fp32 or null; strides:
// (batch, row, head) of q, k, v, o in elements (the head dimension contiguous);
// scale: the softmax scale (0: 1/sqrt(D)); cu_q, cu_k: null, or (varlen) the
// int32 device arrays of batch + 1 offsets of the packed (total_q, hq, D) and
// (total_k, hkv, D) tensors, max_q and max_k their longest sequences (sq, sk
// unused, lse (hq, total_q)); stream: a cudaStream_t. Returns 0, or 1 with the
// error's text in err (a tessel error or a CUDA error).
extern "C" int TESSEL_ATTN_CAT(TESSEL_ATTN_T, TESSEL_ATTN_D, )(void const* q, void const* k, void const* v, void* o, float* lse, int batch,
                                                             int sq, int sk, int hq, int hkv, long long const* strides, float scale,
                                                             int causal, int const* cu_q, int const* cu_k, int max_q, int max_k,
                                                             int total_q, int total_k, void* stream, char* err, int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.scale = scale, a.causal = causal != 0;
  set_strides(a, strides);
  a.cu_seqlens_q = cu_q, a.cu_seqlens_k = cu_k, a.max_seqlen_q = max_q, a.max_seqlen_k = max_k, a.total_q = total_q, a.total_k = total_k;
  return run(a, stream, err, errlen);
}
#endif
