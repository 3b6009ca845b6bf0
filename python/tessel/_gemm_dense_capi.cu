// The C entry points of tessel.cuda.gemm (python/tessel/cuda.py): the dense Hopper GEMM of
// include/tessel/kernels/gemm_sm90.cuh, one kind per translation unit:
//   -DTESSEL_GEMM_FP8=e4m3e4m3 | e4m3e5m2 | e5m2e4m3 -DTESSEL_GEMM_FP8_OUT=bf16 | fp16 | fp32: the
//     FP8 GEMM (kernels::sm90::launch_fp8_promoted: Fp8Config or, 16-bit out, Fp8WideConfig, the accumulator
//     promotion; or launch_fp8 of Fp8BlockConfig, DeepSeek-V3's block scales) into that output type (two or three kernels a unit, so
//     that the units build in parallel);
//   -DTESSEL_GEMM_B16=bf16 | fp16: cuda::gemm (any majors, the output of the input's type).
// cuda.py compiles it with nvcc, beside _gemm_capi.cu (the grouped GEMM), into the gemm
// library called through ctypes: no PyTorch headers.
#include <cstring>

#include <tessel/kernels/gemm_sm90.cuh>

#include "_capi.cuh"

#define TESSEL_GEMM_CAT2(a, b) a##b
#define TESSEL_GEMM_CAT(a, b) TESSEL_GEMM_CAT2(a, b)

namespace {
namespace k = tessel::kernels;
}  // namespace

#if defined(TESSEL_GEMM_FP8)
namespace {
struct e4m3e4m3 {
  using A = tessel::float_e4m3_t;
  using B = tessel::float_e4m3_t;
};
struct e4m3e5m2 {
  using A = tessel::float_e4m3_t;
  using B = tessel::float_e5m2_t;
};
struct e5m2e4m3 {
  using A = tessel::float_e5m2_t;
  using B = tessel::float_e4m3_t;
};
using tessel_capi::bf16, tessel_capi::fp16, tessel_capi::fp32;  // the output types of -DTESSEL_GEMM_FP8_OUT
using TA = typename TESSEL_GEMM_FP8::A;
using TB = typename TESSEL_GEMM_FP8::B;
using TO = typename TESSEL_GEMM_FP8_OUT::type;
}  // namespace

// c (m, n), rows ldc apart, = sa * sb * a (m, k) * b (n, k)^T:
// a and b K-major, rows lda and ldb apart; sa, sb: fp32 device scales, per tensor, or per
// row of a (a_rows) / column of b (b_cols), or (blocks) per row of a and 128 elements of k at
// sa[row * st[0] + kb * st[1]] and per 128 x 128 block of b at sb[nb * st[2] + kb * st[3]];
// promote_every: k-tiles (of 128) between the accumulator's promotions (0: never); stream: a
// cudaStream_t. Returns 0, or 1 with the error's text in err.
#define TESSEL_GEMM_FP8_NAME TESSEL_GEMM_CAT(TESSEL_GEMM_CAT(TESSEL_GEMM_CAT(tessel_gemm_fp8_, TESSEL_GEMM_FP8), _), TESSEL_GEMM_FP8_OUT)
extern "C" int TESSEL_GEMM_FP8_NAME(void const* a, long long lda, void const* b, long long ldb, void* c, long long ldc, int m, int n, int kk,
                                    void const* sa, void const* sb, int a_rows, int b_cols, int promote_every, int blocks, long long const* bst,
                                    void* stream, char* err, int errlen) {
  return tessel_capi::reported(
      "tessel.cuda.gemm",
      [&] {
        namespace s9 = k::sm90;
        s9::GemmScales s;
        s.a = static_cast<float const*>(sa), s.b = static_cast<float const*>(sb);
        s.a_rows = a_rows != 0, s.b_cols = b_cols != 0, s.promote_every = promote_every;
        if (blocks) s.blocks = true, s.a_row_stride = bst[0], s.a_kb_stride = bst[1], s.b_nb_stride = bst[2], s.b_kb_stride = bst[3];
        auto const* pa = static_cast<TA const*>(a);
        auto const* pb = static_cast<TB const*>(b);
        auto* st = static_cast<cudaStream_t>(stream);
        auto* pc = static_cast<TO*>(c);
        if (blocks) return s9::launch_fp8<s9::Fp8BlockConfig<TA, TB, TO>>(pa, lda, pb, ldb, pc, ldc, m, n, kk, s, 1.f, st);
        return s9::launch_fp8_promoted(pa, lda, pb, ldb, pc, ldc, m, n, kk, s, 1.f, st);
      },
      err, errlen);
}

#elif defined(TESSEL_GEMM_B16)
namespace {
using tessel_capi::bf16, tessel_capi::fp16;  // the element types of -DTESSEL_GEMM_B16
using T = typename TESSEL_GEMM_B16::type;
}  // namespace

// c (m, n) = a (m, k) * b (n, k)^T, each by its element strides (one of each operand's
// unit, where the fast kernel runs; otherwise the fallback kernel), c of the inputs' type.
extern "C" int TESSEL_GEMM_CAT(tessel_gemm_b16_, TESSEL_GEMM_B16)(void const* a, long long sam, long long sak, void const* b, long long sbn,
                                                                 long long sbk, void* c, long long scm, long long scn, int m, int n, int kk,
                                                                 void* stream, char* err, int errlen) {
  return tessel_capi::reported(
      "tessel.cuda.gemm",
      [&] {
        using namespace tessel;
        auto tA = make_tensor(make_gmem_ptr(static_cast<T const*>(a)), make_layout(make_shape(m, kk), make_stride(sam, sak)));
        auto tB = make_tensor(make_gmem_ptr(static_cast<T const*>(b)), make_layout(make_shape(n, kk), make_stride(sbn, sbk)));
        auto tC = make_tensor(make_gmem_ptr(static_cast<T*>(c)), make_layout(make_shape(m, n), make_stride(scm, scn)));
        return cuda::gemm(tA, tB, tC, 1.f, 0.f, static_cast<cudaStream_t>(stream));
      },
      err, errlen);
}

#else
#  error "_gemm_dense_capi.cu: define TESSEL_GEMM_FP8 (e4m3e4m3, e4m3e5m2, e5m2e4m3) with TESSEL_GEMM_FP8_OUT (bf16, fp16, fp32), or TESSEL_GEMM_B16 (bf16, fp16)"
#endif
