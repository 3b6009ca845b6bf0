// The C entry point of tessel.cuda.grouped_gemm (python/tessel/cuda.py): one
// element type per build (-DTESSEL_GEMM_T=bf16|fp16, the output of the same
// type; or e4m3: FP8 e4m3 x e4m3 with scales, bf16 out), over the Hopper grouped
// GEMM of include/tessel/kernels/gemm_sm90_grouped.cuh.
// cuda.py compiles it with nvcc, as _attention_capi.cu, into a shared library
// called through ctypes: no PyTorch headers.
#include <cstring>
#include <type_traits>

#include <tessel/kernels/gemm_sm90_grouped.cuh>

#include "_capi.cuh"

#if !defined(TESSEL_GEMM_T)
#  error "_gemm_capi.cu: define TESSEL_GEMM_T (bf16, fp16 or e4m3)"
#endif

#define TESSEL_GEMM_CAT2(a, b) a##b
#define TESSEL_GEMM_CAT(a, b) TESSEL_GEMM_CAT2(a, b)
#define TESSEL_GEMM_FP8_e4m3 1  // the 8-bit element types (the entry point with scales)

namespace {
namespace k = tessel::kernels;
using tessel_capi::bf16, tessel_capi::fp16, tessel_capi::e4m3;  // the element types of -DTESSEL_GEMM_T
using T = typename TESSEL_GEMM_T::type;
constexpr bool kFp8 = sizeof(T) == 1;
// 16-bit: the 16-bit grouped GEMM's configuration; FP8: the promoted one (both have BM = 128, the workspace's tile rows)
using Cfg = std::conditional_t<kFp8, k::sm90::Fp8GroupedConfig<T, T, tessel::bfloat16_t>, k::sm90::GemmConfig<T, T, tessel::GMMA::Major::K, tessel::GMMA::Major::K>>;
static_assert(k::sm90::Fp8FastConfig<T, T, tessel::bfloat16_t>::BM::value == Cfg::BM::value, "one workspace for both FP8 configurations");

// The call's groups (masked: capacity > 0, or contiguous) and options (the workspace, the check),
// handed to launch(gr, opt) (a cudaError_t); its report: 0, or 1 with the error's text in err.
template <class F>
int grouped_call(int const* sizes, int groups, int rows, int capacity, void* workspace, long long workspace_bytes, int check, char* err,
                 int errlen, F const& launch) {
  return tessel_capi::reported(
      "tessel.cuda.grouped_gemm",
      [&] {
        k::GroupRows const gr = capacity > 0 ? k::masked_groups(sizes, groups, capacity) : k::contiguous_groups(sizes, groups, rows);
        k::GroupedGemmOptions opt;
        opt.workspace = workspace, opt.workspace_bytes = std::size_t(workspace_bytes), opt.check_sizes = check != 0;
        return launch(gr, opt);
      },
      err, errlen);
}
}  // namespace

// The workspace (bytes) of a call with these sizes: masked (capacity > 0: rows = groups * capacity) or contiguous.
extern "C" long long TESSEL_GEMM_CAT(tessel_grouped_workspace_, TESSEL_GEMM_T)(int groups, int rows) {
  k::GroupRows gr;
  gr.groups = groups, gr.total_rows = rows;
  return (long long)k::grouped_workspace_bytes(gr, Cfg::BM::value);
}

#if !TESSEL_GEMM_CAT(TESSEL_GEMM_FP8_, TESSEL_GEMM_T)
// a (rows, K), b (groups, N, K), c (rows, N): device pointers with rows lda, ldb, ldc
// elements apart; sizes: int32 device array (masked: counts, else ends); capacity > 0:
// masked (rows = groups * capacity); workspace: device memory of
// tessel_grouped_workspace_* bytes; check: wait and report invalid sizes; stream: a
// cudaStream_t. Returns 0, or 1 with the error's text in err.
extern "C" int TESSEL_GEMM_CAT(tessel_grouped_gemm_, TESSEL_GEMM_T)(void const* a, long long lda, void const* b, long long ldb, void* c,
                                                                    long long ldc, int const* sizes, int groups, int rows, int capacity,
                                                                    int n, int kk, void* workspace, long long workspace_bytes, int check,
                                                                    void* stream, char* err, int errlen) {
  return grouped_call(sizes, groups, rows, capacity, workspace, workspace_bytes, check, err, errlen,
                      [&](k::GroupRows const& gr, k::GroupedGemmOptions const& opt) {
                        return k::sm90::launch_grouped_gemm<Cfg>(static_cast<T const*>(a), lda, static_cast<T const*>(b), ldb, static_cast<T*>(c),
                                                                 ldc, gr, n, kk, 1.f, 0.f, static_cast<cudaStream_t>(stream), opt);
                      });
}
#else
// FP8: as the 16-bit entry point, c bf16 (rows ldc apart), and c = (a * scale_a) (b_g * scale_b)^T:
// scale_a one float (per tensor) or one per row of a (a_rows), scale_b one float (float32 device
// pointers); fast: no accumulator promotion (Fp8FastConfig, 128 x 256), else promotion every k-tile
// (Fp8GroupedConfig, 128 x 192 tiles, k-tiles of 128). K a multiple of 16.
extern "C" int TESSEL_GEMM_CAT(tessel_grouped_gemm_, TESSEL_GEMM_T)(void const* a, long long lda, void const* b, long long ldb, void* c,
                                                                    long long ldc, int const* sizes, int groups, int rows, int capacity,
                                                                    int n, int kk, void* workspace, long long workspace_bytes, int check,
                                                                    float const* scale_a, int a_rows, float const* scale_b, int fast,
                                                                    void* stream, char* err, int errlen) {
  return grouped_call(sizes, groups, rows, capacity, workspace, workspace_bytes, check, err, errlen,
                      [&](k::GroupRows const& gr, k::GroupedGemmOptions opt) {
                        opt.scales.a = scale_a, opt.scales.b = scale_b, opt.scales.a_rows = a_rows != 0;
                        auto const* A = static_cast<T const*>(a);
                        auto const* B = static_cast<T const*>(b);
                        auto* C = static_cast<tessel::bfloat16_t*>(c);
                        auto const s = static_cast<cudaStream_t>(stream);
                        return fast ? k::sm90::launch_grouped_gemm<k::sm90::Fp8FastConfig<T, T, tessel::bfloat16_t>>(A, lda, B, ldb, C, ldc, gr, n,
                                                                                                                      kk, 1.f, 0.f, s, opt)
                                    : k::sm90::launch_grouped_gemm<Cfg>(A, lda, B, ldb, C, ldc, gr, n, kk, 1.f, 0.f, s, opt);
                      });
}
#endif
