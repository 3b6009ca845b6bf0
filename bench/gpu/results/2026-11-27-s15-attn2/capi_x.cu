// Scratch (not committed): tessel_attention_bf16_d128 with the causal configuration's EpiXor_ = EPIXOR, the
// rest the library's defaults (checked), for attention_pair.py --lib name=path.
#include <cstring>
#include <type_traits>
#include <tessel/kernels/attention_sm90.cuh>
#include "_capi.cuh"
namespace {
namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;
constexpr int D = 128;
template <bool C>
using Cfg = att::AttentionConfig<T, D, C, att::attention_default_bn(D, C), 2, true, false, att::attention_default_dynamic(D, C),
                                 att::attention_default_epi_tma(D, C), att::attention_default_consumers(D, C), 24, 240, 0,
                                 att::attention_default_chains(D, C), att::attention_default_rescale_early(D, C),
                                 att::attention_default_skip_rescale(D, C), att::attention_default_k_ahead(D, C),
                                 att::attention_default_split_wait(D, C), att::attention_default_snake(D, C), EPIXOR>;
static_assert(std::is_same_v<Cfg<false>, att::AttentionConfig<T, D, false>> || EPIXOR != att::attention_default_epi_xor(D, false));
static_assert(std::is_same_v<Cfg<true>, att::AttentionConfig<T, D, true>> || EPIXOR != att::attention_default_epi_xor(D, true));
int run(att::AttentionArgs<T> const& a, void* stream, char* err, int errlen) {
  cudaStream_t const s = static_cast<cudaStream_t>(stream);
  return tessel_capi::reported("capi_x", [&] {
        return a.causal ? att::launch_attention<Cfg<true>>(a, s) : att::launch_attention<Cfg<false>>(a, s); }, err, errlen);
}
}  // namespace
extern "C" int tessel_attention_bf16_d128(void const* q, void const* k, void const* v, void* o, float* lse, int batch, int sq, int sk,
                                          int hq, int hkv, long long const* strides, float scale, int causal, int const* cu_q,
                                          int const* cu_k, int max_q, int max_k, int total_q, int total_k, void* stream, char* err,
                                          int errlen) {
  att::AttentionArgs<T> a;
  a.q = static_cast<T const*>(q), a.k = static_cast<T const*>(k), a.v = static_cast<T const*>(v), a.o = static_cast<T*>(o), a.lse = lse;
  a.batch = batch, a.sq = sq, a.sk = sk, a.hq = hq, a.hkv = hkv, a.head_dim = D, a.scale = scale, a.causal = causal != 0;
  a.q_batch = strides[0], a.q_row = strides[1], a.q_head = strides[2];
  a.k_batch = strides[3], a.k_row = strides[4], a.k_head = strides[5];
  a.v_batch = strides[6], a.v_row = strides[7], a.v_head = strides[8];
  a.o_batch = strides[9], a.o_row = strides[10], a.o_head = strides[11];
  a.cu_seqlens_q = cu_q, a.cu_seqlens_k = cu_k, a.max_seqlen_q = max_q, a.max_seqlen_k = max_k, a.total_q = total_q, a.total_k = total_k;
  return run(a, stream, err, errlen);
}
