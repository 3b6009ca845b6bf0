// The Ampere-style GEMM of issue 14 (tessel/kernels/gemm_sm80.cuh) on the GPU:
// correctness against an fp32 reference GEMM on random data, then timings
// beside the Hopper kernel (gemm_sm90.cuh, bf16 TN) of the same binary.
//   gemm_sm80_bench [--small] [--reps N] [--describe] [--no-time]
// --small: small and odd shapes only (for compute-sanitizer memcheck/racecheck).
// Correctness (gemm_check.cuh, check_run), every case twice: bit-exact on
// small-integer inputs, and on random inputs (never zeros, NaN-poisoned
// output, every element finite) with the relative error below 1e-2 (1e-3 for
// fp16 in, fp32 out) in every 64 x 64 block of the output.
// Timing: median of N (default 30) runs after 5 warm-up runs, CUDA events.
// Prints one line per case and "N passed, M failed"; exit 1 on a failure.
// Layouts as gemm_bench.cu's: "TN" = A row-major (M,K):(K,1), B (N,K):(K,1);
// A "N": (M,K):(1,M); B "T": (N,K):(1,N).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <tessel/kernels/gemm_sm80.cuh>
#include <tessel/kernels/gemm_sm90.cuh>

using namespace tessel;

#include "gemm_check.cuh"

using namespace tessel_bench;

namespace {

struct Case {
  std::string layout = "TN";
  int M, N, K;
  float alpha = 1.f, beta = 0.f;
  bool colmajor_c = false;
  bool time = false;
};

// The kernels a case runs on: tessel::cuda::gemm_sm80 (the host API), one
// sm80 configuration launched directly (Cfg), or the Hopper kernel's bf16 TN.
enum class Kernel { sm80_api, sm80_cfg, sm90 };
struct Operands {
  void const *a, *b;
  void* c;
  long long sam, sak, sbn, sbk, scm, scn;
};

template <class T, class TO, class Cfg = void>
cudaError_t launch(Kernel kind, Operands const& o, Case const& c, kernels::GemmOptions const& opt, cudaStream_t s = 0) {
  T const* A = static_cast<T const*>(o.a);
  T const* B = static_cast<T const*>(o.b);
  TO* C = static_cast<TO*>(o.c);
  if constexpr (std::is_void_v<Cfg>) {  // the host API (instantiated for the bf16 -> bf16 cases only)
    if (kind != Kernel::sm80_api) return cudaErrorInvalidValue;
    auto tA = make_tensor(make_gmem_ptr(A), make_layout(make_shape(c.M, c.K), make_stride(o.sam, o.sak)));
    auto tB = make_tensor(make_gmem_ptr(B), make_layout(make_shape(c.N, c.K), make_stride(o.sbn, o.sbk)));
    auto tC = make_tensor(make_gmem_ptr(C), make_layout(make_shape(c.M, c.N), make_stride(o.scm, o.scn)));
    return cuda::gemm_sm80(tA, tB, tC, c.alpha, c.beta, s, opt);
  } else {
    long long const lda = o.sak == 1 ? o.sam : o.sak, ldb = o.sbk == 1 ? o.sbn : o.sbk;
    if constexpr (requires { Cfg::kBoxesA; }) {  // a Hopper configuration
      if (kind == Kernel::sm90) return kernels::sm90::launch_gemm<Cfg>(A, lda, B, ldb, C, o.scm, c.M, c.N, c.K, c.alpha, c.beta, s, opt);
    } else {
      if (kind == Kernel::sm80_cfg) return kernels::sm80::launch_gemm<Cfg>(A, lda, B, ldb, C, o.scm, c.M, c.N, c.K, c.alpha, c.beta, s, opt);
    }
  }
  return cudaErrorInvalidValue;
}

char const* kernel_name(Kernel k) { return k == Kernel::sm90 ? "sm90" : "sm80"; }

template <class T, class TO, class Cfg = void>
bool run_case(Kernel kind, Case const& c, int reps, Totals& tot, bool do_time) {
  int const M = c.M, N = c.N, K = c.K;
  Strides const st = layout_strides(c.layout.c_str(), M, N, K, c.colmajor_c);
  Operands o{};
  o.sam = st.sam, o.sak = st.sak, o.sbn = st.sbn, o.sbk = st.sbk, o.scm = st.scm, o.scn = st.scn;
  T *A, *B;
  TO* C;
  std::size_t const na = std::max<std::size_t>(1, std::size_t(M) * K), nb = std::max<std::size_t>(1, std::size_t(N) * K), nc = std::size_t(M) * N;
  CK(cudaMalloc(&A, na * sizeof(T)));
  CK(cudaMalloc(&B, nb * sizeof(T)));
  CK(cudaMalloc(&C, nc * sizeof(TO)));
  static unsigned seed = 12345;
  seed = seed * 1664525u + 1013904223u;
  o.a = A, o.b = B, o.c = C;
  kernels::LaunchInfo li;
  kernels::GemmOptions opt;
  opt.info = &li;
  auto const run = [&] { return launch<T, TO, Cfg>(kind, o, c, opt); };
  char name[160];
  std::snprintf(name, sizeof name, "%s %s->%s %s M=%d N=%d K=%d%s%s", kernel_name(kind), type_name<T>(), type_name<TO>(), c.layout.c_str(), M, N,
                K, c.beta != 0.f ? " beta" : "", c.colmajor_c ? " C col-major" : "");
  bool ok = true;
  for (bool exact : {true, false}) {
    Check const r = check_run(A, B, C, st, M, N, K, c.alpha, c.beta, seed, exact, run);
    ok = ok && r.ok;
    char const* how = kind == Kernel::sm90 || li.fallback ? ""
                      : li.vec_a && li.vec_b           ? ""
                      : li.vec_a                       ? "  (B by elements)"
                      : li.vec_b                       ? "  (A by elements)"
                                                       : "  (A, B by elements)";
    if (exact)
      std::printf("%-4s %-56s exact: %llu wrong (first at %lld,%lld), non-finite %llu%s\n", r.ok ? "ok" : "FAIL", name, r.wrong, r.first_m,
                  r.first_n, r.nonfinite, how);
    else
      std::printf("%-4s %-56s random: worst 64x64 block rel.err %.3e, non-finite %llu%s\n", r.ok ? "ok" : "FAIL", name, r.rel, r.nonfinite, how);
    (r.ok ? tot.passed : tot.failed)++;
  }
  if (c.time && do_time) {
    fill_uniform<<<1024, 256>>>(A, (long long)na, seed);  // timed on random data, never zeros
    fill_uniform<<<1024, 256>>>(B, (long long)nb, seed ^ 0xABCDEFu);
    CK(cudaGetLastError());
    std::vector<float> const ms = time_runs(run, reps);
    float const med = ms[ms.size() / 2];
    double const tflops = 2.0 * M * N * double(K) / (med * 1e-3) / 1e12;
    std::printf("time %-56s median %8.3f ms  %7.1f TFLOP/s  (min %.3f, max %.3f ms, %d runs)\n", name, med, tflops, ms.front(), ms.back(), reps);
  }
  CK(cudaFree(A));
  CK(cudaFree(B));
  CK(cudaFree(C));
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // every line out before a crash
  bool small = false, describe = false, do_time = true;
  int reps = 30;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--small")) small = true;
    else if (!std::strcmp(argv[i], "--describe")) describe = true;
    else if (!std::strcmp(argv[i], "--no-time")) do_time = false;
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
  }
  using BF = bfloat16_t;
  using H = half_t;
  using KM = kernels::sm80::Major;
  // The configurations launched directly (the host API instantiates the four bf16 -> bf16 ones).
  using H_TN = kernels::sm80::GemmConfig<H, H, KM::K, KM::K>;
  using H_NT = kernels::sm80::GemmConfig<H, H, KM::MN, KM::MN>;
  using BF32_TN = kernels::sm80::GemmConfig<BF, float, KM::K, KM::K>;
  using H32_TT = kernels::sm80::GemmConfig<H, float, KM::K, KM::MN>;
  using Hopper_TN = kernels::sm90::GemmConfig<BF, BF, GMMA::Major::K, GMMA::Major::K>;
  if (describe) {
    kernels::sm80::describe<kernels::sm80::GemmConfig<BF, BF, KM::K, KM::K>>(8192, 8192, 8192);
    kernels::sm80::describe<kernels::sm80::GemmConfig<BF, BF, KM::MN, KM::MN>>(1000, 777, 129);
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("no GPU\n");
    return 2;
  }
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs, L2 %d MB\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20);
  Totals tot;
  auto api = [&](Case c) { run_case<BF, BF>(Kernel::sm80_api, c, reps, tot, do_time); };
  // Small and odd shapes: every layout, edges in M, N and K, K = 129 (rows not
  // 16-byte aligned: element copies), beta, column-major C, fp16, fp32 out.
  std::vector<Case> smalls = {
      {"TN", 256, 512, 128}, {"TN", 1, 1, 8},      {"TN", 129, 257, 72},   {"TN", 77, 300, 200}, {"NN", 200, 264, 136},
      {"NT", 136, 200, 96},  {"TT", 333, 520, 64}, {"TN", 1000, 777, 129}, {"NT", 1000, 777, 129}, {"NN", 37, 53, 29},
      {"TT", 130, 70, 48},
  };
  for (auto const& c : smalls) api(c);
  api({"TN", 300, 500, 256, 0.5f, -1.25f});
  {
    Case colc{"TN", 130, 260, 192};
    colc.colmajor_c = true;
    api(colc);
  }
  run_case<H, H, H_TN>(Kernel::sm80_cfg, {"TN", 129, 257, 72}, reps, tot, false);
  run_case<H, H, H_NT>(Kernel::sm80_cfg, {"NT", 256, 136, 200}, reps, tot, false);
  run_case<BF, float, BF32_TN>(Kernel::sm80_cfg, {"TN", 200, 300, 136}, reps, tot, false);
  run_case<H, float, H32_TT>(Kernel::sm80_cfg, {"TT", 264, 131, 96, 1.f, 0.75f}, reps, tot, false);
  if (!small) {
    // Larger: the four layouts, ragged shapes, fp16.
    for (char const* lay : {"TN", "NN", "NT", "TT"}) api({lay, 2048, 2048, 2048});
    api({"TN", 8191, 4096, 4096});
    api({"NN", 4095, 3001, 2049});
    api({"TT", 1000, 777, 1029});
    run_case<H, H, H_TN>(Kernel::sm80_cfg, {"TN", 2048, 2048, 2048}, reps, tot, false);
    run_case<H, H, H_NT>(Kernel::sm80_cfg, {"NT", 4095, 2047, 1000}, reps, tot, false);
    // Timings: bf16 TN, the Ampere-style kernel beside the Hopper kernel, 4096^3 and 8192^3.
    for (int M : {4096, 8192}) {
      Case c{"TN", M, M, M};
      c.time = true;
      run_case<BF, BF, kernels::sm80::GemmConfig<BF, BF, KM::K, KM::K>>(Kernel::sm80_cfg, c, reps, tot, do_time);
      run_case<BF, BF, Hopper_TN>(Kernel::sm90, c, reps, tot, do_time);
    }
    {
      Case c{"TN", 8192, 8192, 8192};
      c.time = true;
      run_case<H, H, H_TN>(Kernel::sm80_cfg, c, reps, tot, do_time);
    }
  }
  std::printf("%d passed, %d failed\n", tot.passed, tot.failed);
  return tot.failed ? 1 : 0;
}
