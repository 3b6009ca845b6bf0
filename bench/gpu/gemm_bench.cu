// The Hopper GEMM of issue 14 (tessel/kernels/gemm_sm90.cuh) on the GPU:
// correctness against an fp32 reference GEMM on random data, then timings.
//   gemm_bench [--small] [--reps N] [--describe] [--no-time] [--time-only] [--soak MS] [--one LAYOUT M N K SWIZZLE CLUSTER] [--fp8] [--stream-k]
// --stream-k: the small cases of the stream-K tail and of the raster's last group (GemmOptions::raster_rest) alone
// (for compute-sanitizer; --small runs them too).
// --fp8: the FP8 GEMM's cases instead (issue 27, fp8_main below; the only ones of a
// -DTESSEL_GEMM_BENCH_FP8_ONLY build, which compiles no 16-bit GEMM).
// --small: small and odd shapes only (for compute-sanitizer memcheck/racecheck).
// Correctness (gemm_check.cuh, check_run), every case twice: bit-exact on
// small-integer inputs, and on random inputs with the relative error below
// 1e-2 in every 64 x 64 block of the output (NaN-poisoned, every element
// finite). --time-only: the timed cases only, unchecked (the rounds that
// alternate with cuBLAS, bench/gpu/gemm_rounds.py).
// Timing: median of N (default 30) runs after 5 warm-up runs, CUDA events.
// Prints one line per check and "N passed, M failed"; exit 1 on a failure.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <tessel/kernels/gemm_sm90.cuh>

using namespace tessel;

#include "gemm_check.cuh"

using namespace tessel_bench;

namespace {

// layout: two letters, BLAS style (op(A), op(B)) for D(MxN) = op(A) op(B) with
// column-major B of K x N as "N": "TN" = A row-major (M,K):(K,1), B (N,K):(K,1).
// A "N": A column-major (M,K):(1,M). B "T": B row-major K x N, i.e. (N,K):(1,N).
struct Case {
  std::string layout = "TN";
  int M, N, K;
  float alpha = 1.f, beta = 0.f;
  bool colmajor_c = false;
  bool time = false;
  int log_swizzle = -1;
  bool check = true;
  int cluster = -1;  // -1: the default (chosen: GemmOptions::cluster_min_k, sm90::default_cluster_min_k); 1: none; 2: pairs sharing B by multicast
  kernels::GemmEpilogue epi = kernels::GemmEpilogue::automatic;  // direct: registers to global; tma: smem + TMA store
  int stream_k = -1;  // GemmOptions::stream_k: -1 chosen, 0 never, 1 wherever it applies
  int grid = 0;       // GemmOptions::grid: the most clusters launched (0: as many as run at once)
  int raster_rest = -1;  // GemmOptions::raster_rest: the raster's last partial group of columns (-1 chosen, 0 padded, 1 its own group)
  bool capture = false;  // launched while a stream is captured into a CUDA graph, then the graph run (no stream-K tail then)
};

bool time_only = false;  // --time-only

template <class T, class TO>
bool run_case(Case const& c, int reps, Totals& tot, bool do_time) {
  int const M = c.M, N = c.N, K = c.K;
  Strides const st = layout_strides(c.layout.c_str(), M, N, K, c.colmajor_c);
  T *A, *B;
  TO* C;
  std::size_t const na = std::size_t(M) * K, nb = std::size_t(N) * K, nc = std::size_t(M) * N;
  CK(cudaMalloc(&A, na * sizeof(T)));
  CK(cudaMalloc(&B, nb * sizeof(T)));
  CK(cudaMalloc(&C, nc * sizeof(TO)));
  static unsigned seed = 12345;
  seed = seed * 1664525u + 1013904223u;
  auto tA = make_tensor(make_gmem_ptr(static_cast<T const*>(A)), make_layout(make_shape(M, K), make_stride(st.sam, st.sak)));
  auto tB = make_tensor(make_gmem_ptr(static_cast<T const*>(B)), make_layout(make_shape(N, K), make_stride(st.sbn, st.sbk)));
  auto tC = make_tensor(make_gmem_ptr(C), make_layout(make_shape(M, N), make_stride(st.scm, st.scn)));
  kernels::LaunchInfo li;
  kernels::GemmOptions opt;
  opt.log_swizzle = c.log_swizzle, opt.cluster = c.cluster, opt.epilogue = c.epi, opt.info = &li;
  opt.stream_k = c.stream_k, opt.grid = c.grid, opt.raster_rest = c.raster_rest;
  auto const run = [&]() -> cudaError_t {
    if (!c.capture) return cuda::gemm(tA, tB, tC, c.alpha, c.beta, 0, opt);
    // The inputs' fills (legacy stream) done first; the GEMM captured on a stream of its own, the graph run there.
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) return e;
    cudaStream_t s = nullptr;
    cudaGraph_t g = nullptr;
    cudaGraphExec_t x = nullptr;
    e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    if (e != cudaSuccess) return e;
    e = cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
    if (e == cudaSuccess) {
      cudaError_t const le = cuda::gemm(tA, tB, tC, c.alpha, c.beta, s, opt);
      e = cudaStreamEndCapture(s, &g);
      if (le != cudaSuccess) e = le;
    }
    if (e == cudaSuccess) e = cudaGraphInstantiate(&x, g, 0);
    if (e == cudaSuccess) e = cudaGraphLaunch(x, s);
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    if (x) cudaGraphExecDestroy(x);
    if (g) cudaGraphDestroy(g);
    cudaStreamDestroy(s);
    return e;
  };
  char name[160];
  std::snprintf(name, sizeof name, "%s->%s %s M=%d N=%d K=%d%s%s%s%s%s", type_name<T>(), type_name<TO>(), c.layout.c_str(), M, N, K,
                c.beta != 0.f ? " beta" : "", c.colmajor_c ? " C col-major" : "", c.log_swizzle == 0 ? " raster=identity" : "",
                c.cluster == 2 ? " cluster=2" : c.cluster == 1 ? " cluster=1" : "",
                c.epi == kernels::GemmEpilogue::direct ? " epi=direct" : c.epi == kernels::GemmEpilogue::tma ? " epi=tma" : "");
  bool ok = true;
  if (c.grid > 0 || c.stream_k >= 0 || c.raster_rest >= 0) {  // the stream-K tail's and the raster's cases: the launch in the name
    CK(run());
    CK(cudaDeviceSynchronize());
    std::size_t const l = std::strlen(name);
    std::snprintf(name + l, sizeof name - l, " grid=%d sk=%d:%d%s", c.grid, c.stream_k, li.stream_k_tiles, c.capture ? " graph" : "");
    if (c.raster_rest >= 0) {
      std::size_t const l2 = std::strlen(name);
      std::snprintf(name + l2, sizeof name - l2, " swz=%d rest=%d:%d/%d", li.log_swizzle, c.raster_rest, li.positions, li.tiles_m * li.tiles_n);
    }
  }
  if (c.capture) {  // captured: the plain kernel, never the tail (its workspace is the stream's, allocated on first use)
    bool const plain = li.stream_k_tiles == 0;
    std::printf("%-4s %-58s captured launch took %d stream-K tiles (0 expected)\n", plain ? "ok" : "FAIL", name, li.stream_k_tiles);
    (plain ? tot.passed : tot.failed)++;
    ok = ok && plain;
  }
  if (c.check && !time_only) {
    for (bool exact : {true, false}) {
      Check const r = check_run(A, B, C, st, M, N, K, c.alpha, c.beta, seed, exact, run);
      ok = ok && r.ok;
      if (exact)
        std::printf("%-4s %-58s exact: %llu wrong (first at %lld,%lld), non-finite %llu%s\n", r.ok ? "ok" : "FAIL", name, r.wrong, r.first_m,
                    r.first_n, r.nonfinite, li.fallback ? " [fallback kernel]" : "");
      else
        std::printf("%-4s %-58s random: worst 64x64 block rel.err %.3e, non-finite %llu\n", r.ok ? "ok" : "FAIL", name, r.rel, r.nonfinite);
      (r.ok ? tot.passed : tot.failed)++;
    }
  }
  if (c.time && do_time) {
    fill_uniform<<<1024, 256>>>(A, (long long)na, seed);  // timed on random data, never zeros
    fill_uniform<<<1024, 256>>>(B, (long long)nb, seed ^ 0xABCDEFu);
    CK(cudaGetLastError());
    std::vector<float> const ms = time_runs(run, reps);
    float const med = ms[ms.size() / 2];
    double const tflops = 2.0 * M * N * double(K) / (med * 1e-3) / 1e12;
    // the host's cost of one call (enqueue only, the tensor maps cached)
    CK(cudaDeviceSynchronize());
    auto h0 = std::chrono::steady_clock::now();
    for (int r = 0; r < 10; ++r) CK(run());
    auto h1 = std::chrono::steady_clock::now();
    CK(cudaDeviceSynchronize());
    double const host_us = std::chrono::duration<double, std::micro>(h1 - h0).count() / 10;
    std::printf("time %-58s median %8.3f ms  %7.1f TFLOP/s  (min %.3f, max %.3f ms, %d runs; host %.1f us/call; grid %d, swizzle 2^%d; "
                "max clusters of 2: %d; cluster %d)\n",
                name, med, tflops, ms.front(), ms.back(), reps, host_us, li.grid, li.log_swizzle, li.max_clusters2, li.cluster);
  }
  CK(cudaFree(A));
  CK(cudaFree(B));
  CK(cudaFree(C));
  return ok;
}

// --soak MS: the TN 4096^3 / 8192^3 cases run back to back for MS milliseconds
// each (cluster 1, then 2), for a clock/power sampler running beside the
// bench (bench/gpu/gemm_clocks.py): prints each window's wall-clock bounds
// (CLOCK_REALTIME, ms) and its mean TFLOP/s.
template <class T>
void soak(char const* tname, int M, int cluster, kernels::GemmEpilogue epi, double ms_target) {
  kernels::LaunchInfo li;
  kernels::GemmOptions opt;
  opt.cluster = cluster, opt.epilogue = epi, opt.info = &li;
  int const N = M, K = M;
  T *A, *B, *C;
  CK(cudaMalloc(&A, std::size_t(M) * K * sizeof(T)));
  CK(cudaMalloc(&B, std::size_t(N) * K * sizeof(T)));
  CK(cudaMalloc(&C, std::size_t(M) * N * sizeof(T)));
  fill_uniform<<<1024, 256>>>(A, (long long)M * K, 777u);
  fill_uniform<<<1024, 256>>>(B, (long long)N * K, 778u);
  auto tA = make_tensor(make_gmem_ptr(static_cast<T const*>(A)), make_layout(make_shape(M, K), make_stride((long long)K, Int<1>{})));
  auto tB = make_tensor(make_gmem_ptr(static_cast<T const*>(B)), make_layout(make_shape(N, K), make_stride((long long)K, Int<1>{})));
  auto tC = make_tensor(make_gmem_ptr(C), make_layout(make_shape(M, N), make_stride((long long)N, Int<1>{})));
  for (int i = 0; i < 5; ++i) CK(cuda::gemm(tA, tB, tC, 1.f, 0.f, 0, opt));
  CK(cudaDeviceSynchronize());
  double const flop = 2.0 * M * N * double(K);
  int const n = std::max(20, int(ms_target * 1e-3 / (flop / 700e12)));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  auto now_ms = [] { return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count(); };
  double const w0 = now_ms();
  CK(cudaEventRecord(e0));
  for (int i = 0; i < n; ++i) CK(cuda::gemm(tA, tB, tC, 1.f, 0.f, 0, opt));
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  double const w1 = now_ms();
  float t;
  CK(cudaEventElapsedTime(&t, e0, e1));
  std::printf("soak tessel %s TN %d^3 cluster=%d epi=%d: %d calls, %.3f ms/call, %.1f TFLOP/s, window %.1f %.1f, grid %d\n", tname, M, cluster,
              int(epi), n, t / n, flop * n / (t * 1e-3) / 1e12, w0, w1, li.grid);
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  CK(cudaFree(A));
  CK(cudaFree(B));
  CK(cudaFree(C));
}


// ---- FP8 (issue 27): kernels::sm90::gemm_fp8, TN (K-major A and B, as the FP8 wgmma needs) ----
// Variants: 0 e4m3 x e4m3 -> bf16 (Fp8Config: 128 x 192 tiles, 4 stages, the accumulator promotion,
// the halves in flight across chunks of 4 k-tiles since session 14),
// 1 e4m3 x e5m2 -> bf16, 2 e4m3 x e4m3 -> fp32 (the direct epilogue), (3: none; fp16 out is
// python/tests/test_cuda_gemm.py's: a kernel fewer for CI to compile),
// 4 e4m3 x e4m3 -> bf16 without promotion (Fp8FastConfig: 128 x 256 tiles, 4 stages),
// 5 e4m3 x e4m3 -> bf16 block-scaled (Fp8BlockConfig: DeepSeek-V3's 1 x 128 scales of A,
// 128 x 128 of B, applied at every promotion; the reference scales each 128-block's sum).
// Checks: bit-exact on small integers (exact in e4m3 and e5m2) with power-of-two scales
// (per tensor, or per row and column), and on random inputs (rounded to the 8-bit types)
// every 64 x 64 block's relative error below 1e-2 against the fp32 reference of the
// same 8-bit values; where asked, the error of the same random inputs again with the
// promotion every 1, 4 k-tiles and never (promote_every 0).
struct Fp8Case {
  int M, N, K;
  int variant = 0;
  bool time = false;
  bool rows_cols = false;  // per-row / per-column scales (else per tensor)
  bool promotion = false;  // the promotion study on the random inputs
  bool offset = false;     // GemmScales::offset (the consumer warpgroups' phase offset)
  int grid = 0;            // GemmOptions::grid: the most clusters launched (0: as many as run at once)
  int raster_rest = -1;    // GemmOptions::raster_rest: the raster's last partial group of columns (-1 chosen, 0 padded, 1 its own group)
};

template <class Cfg>
bool run_fp8_case(Fp8Case const& c, int reps, Totals& tot, bool do_time) {
  using TA = typename Cfg::ElementA;
  using TB = typename Cfg::ElementB;
  using TO = typename Cfg::ElementOut;
  constexpr bool Fast = !Cfg::kPromote, Block = Cfg::kBlockScaled;
  int const M = c.M, N = c.N, K = c.K;
  int const KB = (K + 127) / 128, NB = (N + 127) / 128;  // the block scales' extents
  TA* A;
  TB* B;
  TO* C;
  float* sc;  // [0] sa, [1] sb, [2, 2 + M) rows, [2 + M, 2 + M + N) columns
  CK(cudaMalloc(&A, std::size_t(M) * K));
  CK(cudaMalloc(&B, std::size_t(N) * K));
  CK(cudaMalloc(&C, std::size_t(M) * N * sizeof(TO)));
  std::size_t const n_sc = Block ? std::size_t(M) * KB + std::size_t(NB) * KB : 2 + std::size_t(M) + N;
  CK(cudaMalloc(&sc, n_sc * sizeof(float)));
  static unsigned seed = 777;
  seed = seed * 1664525u + 1013904223u;
  kernels::sm90::GemmScales gs;
  gs.offset = c.offset;
  if (Block) {  // A's scales (M, KB) row-major, B's (NB, KB) column-major (kb-major: the other order)
    gs.blocks = true, gs.a = sc, gs.b = sc + std::size_t(M) * KB;
    gs.a_row_stride = KB, gs.a_kb_stride = 1, gs.b_nb_stride = 1, gs.b_kb_stride = NB;
  } else if (c.rows_cols) {
    gs.a = sc + 2, gs.b = sc + 2 + M, gs.a_rows = gs.b_cols = true;
  } else {
    gs.a = sc, gs.b = sc + 1;
  }
  kernels::LaunchInfo li;
  kernels::GemmOptions opt;
  opt.info = &li;
  opt.grid = c.grid, opt.raster_rest = c.raster_rest;
  auto const run = [&] { return kernels::sm90::launch_fp8<Cfg>(A, K, B, K, C, (long long)N, M, N, K, gs, 1.f, 0, opt); };
  // the scales: exact (powers of two) or random-case values; returns the reference's alpha
  auto const set_scales = [&](bool exact) {
    std::vector<float> h(n_sc);
    if (Block) {  // powers of two in the exact checks (every scaled block sum exact)
      for (int m = 0; m < M; ++m)
        for (int kb = 0; kb < KB; ++kb) h[std::size_t(m) * KB + kb] = exact ? std::ldexp(1.f, (m + kb) % 4 - 2) : 0.5f + 0.25f * float((3 * m + kb) % 7);
      for (int nb = 0; nb < NB; ++nb)
        for (int kb = 0; kb < KB; ++kb)
          h[std::size_t(M) * KB + std::size_t(kb) * NB + nb] = exact ? std::ldexp(1.f, (nb + 2 * kb) % 3 - 1) : 0.75f + 0.125f * float((nb + kb) % 5);
      CK(cudaMemcpy(sc, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
      return 1.f;
    }
    h[0] = exact ? 0.5f : 1.7f;
    h[1] = exact ? 0.25f : 0.6f;
    for (int m = 0; m < M; ++m) h[2 + m] = exact ? std::ldexp(1.f, m % 4 - 2) : 0.5f + 0.25f * float(m % 7);
    for (int n = 0; n < N; ++n) h[2 + M + n] = exact ? std::ldexp(1.f, n % 3 - 1) : 0.75f + 0.125f * float(n % 5);
    CK(cudaMemcpy(sc, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
    return c.rows_cols ? 1.f : 1.f * h[0] * h[1];  // as the kernel folds the per-tensor scales into alpha
  };
  RefScales rs{};
  if (Block) rs.a_blocks = gs.a, rs.b_blocks = gs.b, rs.ars = KB, rs.aks = 1, rs.bns = 1, rs.bks = NB;
  else if (c.rows_cols) rs.row = sc + 2, rs.col = sc + 2 + M;
  Strides const st = layout_strides("TN", M, N, K, false);
  char name[160];
  char tag[16] = "";  // the comparison configurations' variant number (TESSEL_FP8_EXPERIMENTS)
  if (c.variant >= 6) std::snprintf(tag, sizeof tag, " v%d", c.variant);
  if (c.grid > 0) std::snprintf(tag + std::strlen(tag), sizeof tag - std::strlen(tag), " g%d", c.grid);
  if (c.raster_rest >= 0) std::snprintf(tag + std::strlen(tag), sizeof tag - std::strlen(tag), " r%d", c.raster_rest);
  std::snprintf(name, sizeof name, "%sx%s->%s%s%s TN M=%d N=%d K=%d%s%s", type_name<TA>(), type_name<TB>(), type_name<TO>(),
                Fast ? " fast" : Block ? " blocks" : "", tag, M, N, K, c.rows_cols ? " rows/cols" : "", c.offset ? " offset" : "");
  bool ok = true;
  if (!time_only) {
    for (bool exact : {true, false}) {
      float const alpha = set_scales(exact);
      Check const r = check_run(A, B, C, st, M, N, K, alpha, 0.f, seed, exact, run, rs, 1e-2);
      ok = ok && r.ok;
      if (exact)
        std::printf("%-4s %-58s exact: %llu wrong (first at %lld,%lld), non-finite %llu\n", r.ok ? "ok" : "FAIL", name, r.wrong, r.first_m,
                    r.first_n, r.nonfinite);
      else
        std::printf("%-4s %-58s random: worst 64x64 block rel.err %.3e, non-finite %llu%s\n", r.ok ? "ok" : "FAIL", name, r.rel, r.nonfinite,
                    Fast ? " (no promotion)" : Block ? " (block scales)" : " (promotion every k-tile)");
      (r.ok ? tot.passed : tot.failed)++;
    }
    if constexpr (!Fast && !Block) {
      if (c.promotion) {  // the same random inputs, the promotion every 4 k-tiles and never
        float const alpha = set_scales(false);
        for (int pe : {4, 0}) {
          gs.promote_every = pe;
          Check const r = check_run(A, B, C, st, M, N, K, alpha, 0.f, seed, false, run, rs, 5e-2, false);
          std::printf("%-4s %-58s random, promotion %s: worst 64x64 block rel.err %.3e\n", r.ok ? "ok" : "FAIL", name,
                      pe == 0 ? "never (the wgmma accumulators over all of K)" : "every 4 k-tiles", r.rel);
          (r.ok ? tot.passed : tot.failed)++;
          ok = ok && r.ok;
        }
        gs.promote_every = 1;
      }
    }
  }
  if (c.time && do_time) {
    fill_uniform<<<1024, 256>>>(A, (long long)M * K, seed);
    fill_uniform<<<1024, 256>>>(B, (long long)N * K, seed ^ 0xABCDEFu);
    set_scales(false);
    CK(cudaGetLastError());
    std::vector<float> const ms = time_runs(run, reps);
    float const med = ms[ms.size() / 2];
    std::printf("time %-58s median %8.3f ms  %7.1f TFLOP/s  (min %.3f, max %.3f ms, %d runs; grid %d, swizzle 2^%d, cluster %d)\n", name, med,
                2.0 * M * N * double(K) / (med * 1e-3) / 1e12, ms.front(), ms.back(), reps, li.grid, li.log_swizzle, li.cluster);
  }
  CK(cudaFree(A));
  CK(cudaFree(B));
  CK(cudaFree(C));
  CK(cudaFree(sc));
  return ok;
}

#if defined(TESSEL_FP8_EXPERIMENTS)
// Other FP8 configurations, for comparison (bench/gpu/fp8_run.sh FP8_X=1 builds them; CI does not):
// 6: e4m3 x e4m3 -> bf16 promoted every k-tile on 128 x 128 tiles, 6 stages (the default before
// session 12's 128 x 192); the halves (GemmConfig's Halves_: each k-tile's wgmmas in two groups
// over the column halves, one half promoted while the other's wgmmas run): 7 on 128 x 192 tiles
// (Fp8Config since session 13), 8 block-scaled on 128 x 128 (Fp8BlockConfig's), 9 on 128 x 128, 6 stages;
// 10: the whole-tile kernel on 128 x 192 tiles (Fp8Config of session 12, before the halves);
// the halves with their groups in flight across k-tiles (GemmConfig's Cross_: chunks of 2, 4, 8
// k-tiles) on 128 x 192 tiles: 11, 12, 13; block-scaled on 128 x 128 (V8's, chunks of 4): 14; on
// 128 x 128 tiles, 6 stages: 15; (16, 17: two whole-tile accumulators in turn, GemmConfig's Alternate_
// of 80acfdf, removed in session 15: never a default, superseded by 20); Fp8Config (x4) with one epilogue slot per warpgroup: 18 with 5 stages, 19 with 4; block-scaled on Fp8Config's
// 128 x 192 tiles (two 128-column blocks of B per tile): 20; Fp8Config with A read from registers
// (GemmConfig's RegA_: RS wgmmas, A loaded by ldmatrix once per k-tile): 21 one register buffer,
// 22 two; 23 block-scaled (Fp8BlockConfig) with one buffer.
namespace fp8x {
using E4 = float_e4m3_t;
using KM = GMMA::Major;
using V6 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 128, 6, 2, 40, 232, E4, true>;
using V7 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, false, true>;
using V8 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 128, 6, 2, 40, 232, E4, true, true, true>;
using V9 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 128, 6, 2, 40, 232, E4, true, false, true>;
using V10 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true>;
using V11 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, false, true, 2, 2>;
using V12 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, false, true, 2, 4>;
using V13 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, false, true, 2, 8>;
using V14 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 128, 6, 2, 40, 232, E4, true, true, true, 2, 4>;
using V15 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 128, 6, 2, 40, 232, E4, true, false, true, 2, 4>;
using V18 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 5, 2, 24, 240, E4, true, false, true, 1, 4>;
using V19 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, false, true, 1, 4>;
using V20 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, true, true, 2, 4>;
using V21 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, false, true, 2, 4, 1>;
using V22 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, false, true, 2, 4, 2>;
using V23 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 4, 2, 24, 240, E4, true, true, true, 2, 4, 1>;
}  // namespace fp8x
#endif
// The ping-pong FP8 kernels (GemmConfig's PingPong_; issue 27): 24 without promotion, 128 x 128 tiles per consumer
// warpgroup, 6 stages (Fp8FastPingPongConfig); 25 with the promotion, 64 x 192 tiles per warpgroup (96 + 96 fp32 accumulators), 6 stages.
namespace fp8pp {
using E4 = float_e4m3_t;
using KM = GMMA::Major;
using V24 = kernels::sm90::Fp8FastPingPongConfig<E4, E4, bfloat16_t>;  // gemm_fp8's fast path on tall problems
using V25 = kernels::sm90::GemmConfig<E4, bfloat16_t, KM::K, KM::K, 192, 6, 2, 24, 240, E4, true, false, false, 2, 0, 0, 1>;
}  // namespace fp8pp
// 26: the promoted default of sessions 14-20, each tile's epilogue between tiles (Fp8GroupedConfig; the default,
// Fp8Config, runs it under the next tile's first k-tile since session 21: GemmConfig's EpiUnder_).
namespace fp8eu {
using V26 = kernels::sm90::Fp8GroupedConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>;
}  // namespace fp8eu
// 27: Fp8WideConfig (Fp8Config on 128 x 208 tiles, BN no multiple of 64: GemmConfig's kNarrowN; session 22), the
// promoted path's choice where its walk is shorter (launch_fp8_promoted, choose_fp8_wide).
namespace fp8n {
using V27 = kernels::sm90::Fp8WideConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>;
}  // namespace fp8n

bool run_fp8(Fp8Case const& c, int reps, Totals& tot, bool do_time) {
  using E4 = float_e4m3_t;
  using E5 = float_e5m2_t;
  namespace s = kernels::sm90;
  switch (c.variant) {
#if defined(TESSEL_FP8_EXPERIMENTS)
    case 6: return run_fp8_case<fp8x::V6>(c, reps, tot, do_time);
    case 7: return run_fp8_case<fp8x::V7>(c, reps, tot, do_time);
    case 8: return run_fp8_case<fp8x::V8>(c, reps, tot, do_time);
    case 9: return run_fp8_case<fp8x::V9>(c, reps, tot, do_time);
    case 10: return run_fp8_case<fp8x::V10>(c, reps, tot, do_time);
    case 11: return run_fp8_case<fp8x::V11>(c, reps, tot, do_time);
    case 12: return run_fp8_case<fp8x::V12>(c, reps, tot, do_time);
    case 13: return run_fp8_case<fp8x::V13>(c, reps, tot, do_time);
    case 14: return run_fp8_case<fp8x::V14>(c, reps, tot, do_time);
    case 15: return run_fp8_case<fp8x::V15>(c, reps, tot, do_time);
    case 18: return run_fp8_case<fp8x::V18>(c, reps, tot, do_time);
    case 19: return run_fp8_case<fp8x::V19>(c, reps, tot, do_time);
    case 20: return run_fp8_case<fp8x::V20>(c, reps, tot, do_time);
    case 21: return run_fp8_case<fp8x::V21>(c, reps, tot, do_time);
    case 22: return run_fp8_case<fp8x::V22>(c, reps, tot, do_time);
    case 23: return run_fp8_case<fp8x::V23>(c, reps, tot, do_time);
#endif
    case 24: return run_fp8_case<fp8pp::V24>(c, reps, tot, do_time);
    case 25: return run_fp8_case<fp8pp::V25>(c, reps, tot, do_time);
    case 26: return run_fp8_case<fp8eu::V26>(c, reps, tot, do_time);
    case 27: return run_fp8_case<fp8n::V27>(c, reps, tot, do_time);
    case 0: return run_fp8_case<s::Fp8Config<E4, E4, bfloat16_t>>(c, reps, tot, do_time);
    case 1: return run_fp8_case<s::Fp8Config<E4, E5, bfloat16_t>>(c, reps, tot, do_time);
    case 2: return run_fp8_case<s::Fp8Config<E4, E4, float>>(c, reps, tot, do_time);
    case 4: return run_fp8_case<s::Fp8FastConfig<E4, E4, bfloat16_t>>(c, reps, tot, do_time);
    default: return run_fp8_case<s::Fp8BlockConfig<E4, E4, bfloat16_t>>(c, reps, tot, do_time);
  }
}

// What the FP8 GEMM refuses, by name: a K of no 16-byte rows, MN-major operands.
void fp8_named_errors(Totals& tot) {
  auto expect_error = [&](char const* what, auto&& f) {
    bool thrown = false;
    try {
      f();
    } catch (tessel::error const& e) {
      thrown = true;
      std::printf("ok   FP8 named error (%s): %s\n", what, e.what());
    }
    if (!thrown) std::printf("FAIL FP8 named error (%s): nothing thrown\n", what);
    (thrown ? tot.passed : tot.failed)++;
  };
  auto const* a = reinterpret_cast<float_e4m3_t const*>(std::uintptr_t(1) << 20);
  auto* c = reinterpret_cast<bfloat16_t*>(std::uintptr_t(1) << 21);
  expect_error("K = 72", [&] { (void)kernels::sm90::gemm_fp8(a, 72, a, 72, c, 64, 64, 64, 72, kernels::sm90::GemmScales{}); });
  auto tA = make_tensor(make_gmem_ptr(a), make_layout(make_shape(64, 64), make_stride(Int<1>{}, 64)));  // MN-major
  auto tB = make_tensor(make_gmem_ptr(a), make_layout(make_shape(64, 64), make_stride(64, Int<1>{})));
  auto tC = make_tensor(make_gmem_ptr(c), make_layout(make_shape(64, 64), make_stride(64, Int<1>{})));
  expect_error("MN-major A", [&] { (void)cuda::gemm_fp8(tA, tB, tC, kernels::sm90::GemmScales{}); });
  kernels::sm90::GemmScales blocks;
  blocks.blocks = true;  // without the scale arrays
  expect_error("block scales missing", [&] {
    (void)kernels::sm90::launch_fp8<kernels::sm90::Fp8BlockConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>>(a, 64, a, 64, c, 64, 64, 64, 64, blocks);
  });
}

int fp8_main(bool small, bool describe, bool do_time, int reps) {
  if (describe) {
    kernels::sm90::describe<kernels::sm90::Fp8Config<float_e4m3_t, float_e5m2_t, bfloat16_t>>(8192, 8192, 8192);
    kernels::sm90::describe<kernels::sm90::Fp8FastConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>>(4096, 4096, 4096);
    kernels::sm90::describe<kernels::sm90::Fp8BlockConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>>(4096, 7168, 2112);
  }
  Totals tot;
  if (!time_only) {
    fp8_named_errors(tot);
    // ragged M, N, K (K a multiple of 16: the TMA's 16-byte rows), every variant, both kinds of scales
    std::vector<Fp8Case> smalls = {{256, 512, 128}, {1, 16, 16}, {129, 257, 144}, {77, 300, 208}, {513, 1000, 528}, {1000, 136, 1008},
                                   {130, 264, 4000}, {300, 520, 2064}};
#if defined(TESSEL_FP8_EXPERIMENTS)
    std::vector<int> const checked = {0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27};
#else
    std::vector<int> const checked = {0, 1, 2, 4, 5, 24, 25, 26, 27};
#endif
    // TESSEL_FP8_VARIANTS=v,w,...: only those of the checked variants (a sanitizer's run of the candidates)
    std::vector<int> only;
    if (char const* e = std::getenv("TESSEL_FP8_VARIANTS"))
      for (char const* s = e; *s;) {
        char* end = nullptr;
        long const v = std::strtol(s, &end, 10);
        if (end == s) break;
        only.push_back(int(v));
        s = *end == ',' ? end + 1 : end;
      }
    for (auto c : smalls)
      for (int v : checked)
        for (bool rc : {false, true}) {
          if (!only.empty() && std::find(only.begin(), only.end(), v) == only.end()) continue;
          if (rc && v != 0 && v != 2 && v != 6 && v != 7 && v != 9 && v != 10 && v != 11 && v != 12 && v != 13 && v != 15 && v != 18 &&
              v != 19 && v != 21 && v != 22 && v != 25 && v != 26 && v < 27)
            continue;  // per-row/column scales: the TMA epilogue (0, 6, 7, 9-13, 15, 18, 19, 21, 22, 25, 26), the direct one (2)
          c.variant = v;
          c.rows_cols = rc;
          c.promotion = !rc && (v == 0 || v == 7 || v == 11 || v == 12 || v == 13 || v == 15 || v == 21 || v == 22 || v == 25 || v == 26 || v >= 27) && c.K >= 1008;  // the promotion every 4 k-tiles and never, on ragged shapes too
          run_fp8(c, reps, tot, false);
          if (!rc && (v == 0 || v == 7 || v == 10 || v == 12 || v == 21 || v == 22 || v == 20)) {  // the warpgroups' phase offset (GemmScales::offset; block-scaled: always)
            c.offset = true, c.promotion = false;
            run_fp8(c, reps, tot, false);
            c.offset = false;
          }
          if (v == 0 || v == 1 || v >= 27) {  // the epilogue under the next tile's first k-tile (Fp8Config): several tiles per CTA (2 or 3 clusters)
            c.grid = 2 + int(rc), c.promotion = false;
            run_fp8(c, reps, tot, false);
            c.raster_rest = 0;  // the padded raster (the promoted kernels' default is the compact one since session 23)
            run_fp8(c, reps, tot, false);
            c.grid = 0, c.raster_rest = -1;
          }
        }
  }
  if (!small) {
    // the bench shapes (issue 27): checked bit-exact and on random data, then timed
    std::vector<std::array<int, 3>> const shapes = {{4096, 4096, 4096}, {8192, 8192, 8192}, {16384, 4096, 4096}, {16384, 11008, 4096},
                                                     {16384, 4096, 11008}};
#if defined(TESSEL_FP8_EXPERIMENTS)
    std::vector<int> const timed = {0, 4, 1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23};
#else
    std::vector<int> const timed = {0, 4, 1, 5};
#endif
    for (auto const& s : shapes)
      for (int v : timed) {
        Fp8Case c{s[0], s[1], s[2], v};
        c.time = true;
        c.promotion = (v == 0 || v == 7) && (s[2] == 11008 || s[0] == 8192);
        run_fp8(c, reps, tot, do_time);
      }
  }
  std::printf("%d passed, %d failed\n", tot.passed, tot.failed);
  return tot.failed ? 1 : 0;
}

}  // namespace

#if defined(TESSEL_GEMM_BENCH_LIB)
// The library's entries keep default visibility, so that a --lib-diag build with -Xcompiler -fvisibility=hidden
// (gemm_pair.py's docstring: the template statics stay the library's own) still exports them.
#define TESSEL_BENCH_EXPORT extern "C" __attribute__((visibility("default")))

// Built as a shared library (nvcc -shared -Xcompiler -fPIC -DTESSEL_GEMM_BENCH_LIB), for
// bench/gpu/gemm_pair.py: tessel's GEMM called from the same Python process as
// torch.matmul (cuBLAS), on the same tensors, timed by the same code.
//   dtype 0 bf16, 1 fp16 (in and out); layout "TN", "NN", "NT", "TT" (as Case's);
//   bn 0: the default configuration (cuda::gemm's), 320: BN = 320 with 3 stages (K-major B only: TN, NN);
//   1: the ping-pong kernel (GemmConfig's PingPong_) with 128 x 128 tiles per warpgroup, 6 stages (every layout);
//   2: the ping-pong kernel with 64 x 256 tiles per warpgroup, 4 stages (TN only);
//   3: the cooperative kernel with 128 x 128 tiles, 6 stages (TN only: pp128's tile without the ping-pong);
//   cluster -1 or 1: none, 2: pairs; log_swizzle -1: chosen.
// Returns the cudaError_t of the launch, or -1 for arguments it does not take.
#if !defined(TESSEL_GEMM_BENCH_FP8_ONLY)
namespace {
template <class T, GMMA::Major MA, GMMA::Major MB, int BN, int S, int PP = 0>
int lib_launch(void const* A, void const* B, void* C, int M, int N, int K, int cluster, int log_swizzle, cudaStream_t stream, int stream_k = -1,
               int raster_rest = -1) {
  using Cfg = std::conditional_t<BN == 0, kernels::sm90::GemmConfig<T, T, MA, MB>,
                                 kernels::sm90::GemmConfig<T, T, MA, MB, (BN ? BN : 256), S, 2, 40, 232, T, false, false, false, 2, 0, 0, PP>>;
  kernels::GemmOptions opt;
  opt.cluster = cluster, opt.log_swizzle = log_swizzle, opt.stream_k = stream_k, opt.raster_rest = raster_rest;
  long long const lda = MA == GMMA::Major::K ? K : M, ldb = MB == GMMA::Major::K ? K : N;
  return int(kernels::sm90::launch_gemm<Cfg>(static_cast<T const*>(A), lda, static_cast<T const*>(B), ldb, static_cast<T*>(C), N, M, N, K,
                                             1.f, 0.f, stream, opt));
}
template <class T, int BN, int S, int PP = 0>
int lib_layout(char const* layout, void const* A, void const* B, void* C, int M, int N, int K, int cluster, int swz, cudaStream_t st, int sk = -1,
               int rr = -1) {
  using KM = GMMA::Major;
  std::string const l = layout;
  if (l == "TN") return lib_launch<T, KM::K, KM::K, BN, S, PP>(A, B, C, M, N, K, cluster, swz, st, sk, rr);
  if (l == "NN") return lib_launch<T, KM::MN, KM::K, BN, S, PP>(A, B, C, M, N, K, cluster, swz, st, sk, rr);
  if constexpr (BN == 0 || BN % 128 == 0) {  // an MN-major B needs wgmma N atoms of multiples of 64 (BN = 320: 2 x 160 does not)
    if (l == "NT") return lib_launch<T, KM::MN, KM::MN, BN, S, PP>(A, B, C, M, N, K, cluster, swz, st, sk, rr);
    if (l == "TT") return lib_launch<T, KM::K, KM::MN, BN, S, PP>(A, B, C, M, N, K, cluster, swz, st, sk, rr);
  }
  return -1;
}
}  // namespace

// tessel_bench_gemm_sk: the default configuration (bn 0) with GemmOptions::stream_k = stream_k (-1 chosen, 0 never, 1 wherever it applies).
TESSEL_BENCH_EXPORT int tessel_bench_gemm_sk(int dtype, char const* layout, void const* A, void const* B, void* C, int M, int N, int K,
                                             int cluster, int log_swizzle, int stream_k, void* stream) {
  auto* st = static_cast<cudaStream_t>(stream);
  try {
    if (dtype == 0) return lib_layout<bfloat16_t, 0, 4>(layout, A, B, C, M, N, K, cluster, log_swizzle, st, stream_k);
    if (dtype == 1) return lib_layout<half_t, 0, 4>(layout, A, B, C, M, N, K, cluster, log_swizzle, st, stream_k);
  } catch (std::exception const& e) {
    std::fprintf(stderr, "tessel_bench_gemm_sk: %s\n", e.what());
  }
  return -1;
}

// tessel_bench_gemm_rr: the default configuration with GemmOptions::stream_k and GemmOptions::raster_rest (-1 chosen,
// 0 the padded raster, 1 its last partial group of columns a group of its own).
TESSEL_BENCH_EXPORT int tessel_bench_gemm_rr(int dtype, char const* layout, void const* A, void const* B, void* C, int M, int N, int K,
                                             int cluster, int log_swizzle, int stream_k, int raster_rest, void* stream) {
  auto* st = static_cast<cudaStream_t>(stream);
  try {
    if (dtype == 0) return lib_layout<bfloat16_t, 0, 4>(layout, A, B, C, M, N, K, cluster, log_swizzle, st, stream_k, raster_rest);
    if (dtype == 1) return lib_layout<half_t, 0, 4>(layout, A, B, C, M, N, K, cluster, log_swizzle, st, stream_k, raster_rest);
  } catch (std::exception const& e) {
    std::fprintf(stderr, "tessel_bench_gemm_rr: %s\n", e.what());
  }
  return -1;
}

TESSEL_BENCH_EXPORT int tessel_bench_gemm(int dtype, char const* layout, void const* A, void const* B, void* C, int M, int N, int K, int bn,
                                 int cluster, int log_swizzle, void* stream) {
  auto* st = static_cast<cudaStream_t>(stream);
  try {
    if (bn == 0) {
      if (dtype == 0) return lib_layout<bfloat16_t, 0, 4>(layout, A, B, C, M, N, K, cluster, log_swizzle, st);
      if (dtype == 1) return lib_layout<half_t, 0, 4>(layout, A, B, C, M, N, K, cluster, log_swizzle, st);
    } else if (bn == 1) {
      if (dtype == 0) return lib_layout<bfloat16_t, 128, 6, 2>(layout, A, B, C, M, N, K, cluster, log_swizzle, st);
      if (dtype == 1) return lib_layout<half_t, 128, 6, 2>(layout, A, B, C, M, N, K, cluster, log_swizzle, st);
    } else if (bn == 2 && std::string(layout) == "TN") {
      if (dtype == 0) return lib_launch<bfloat16_t, GMMA::Major::K, GMMA::Major::K, 256, 4, 1>(A, B, C, M, N, K, cluster, log_swizzle, st);
      if (dtype == 1) return lib_launch<half_t, GMMA::Major::K, GMMA::Major::K, 256, 4, 1>(A, B, C, M, N, K, cluster, log_swizzle, st);
    } else if (bn == 3 && std::string(layout) == "TN") {  // the cooperative kernel with 128 x 128 tiles (ping-pong's tile, shared)
      if (dtype == 0) return lib_launch<bfloat16_t, GMMA::Major::K, GMMA::Major::K, 128, 6>(A, B, C, M, N, K, cluster, log_swizzle, st);
      if (dtype == 1) return lib_launch<half_t, GMMA::Major::K, GMMA::Major::K, 128, 6>(A, B, C, M, N, K, cluster, log_swizzle, st);
    } else if (bn == 320) {
      if (dtype == 0) return lib_layout<bfloat16_t, 320, 3>(layout, A, B, C, M, N, K, cluster, log_swizzle, st);
      if (dtype == 1 && std::string(layout) == "TN") return lib_launch<half_t, GMMA::Major::K, GMMA::Major::K, 320, 3>(A, B, C, M, N, K, cluster, log_swizzle, st);
    }
  } catch (std::exception const& e) {
    std::fprintf(stderr, "tessel_bench_gemm: %s\n", e.what());
  }
  return -1;
}
#endif  // !TESSEL_GEMM_BENCH_FP8_ONLY

// The FP8 GEMM (bench/gpu/fp8_pair.py): variant 0 e4m3 x e4m3 -> bf16, 1 e4m3 x e5m2 -> bf16,
// 4 e4m3 x e4m3 -> bf16 without promotion, 5 e4m3 x e4m3 -> bf16 block-scaled (as fp8_main's);
// 30 e4m3 x e4m3 -> bf16 through launch_fp8_promoted (gemm_fp8's promoted path: 27 or 0 as choose_fp8_wide says; variant 1
// takes that path too, since session 22);
// A (M,K), B (N,K) K-major, C (M,N) row-major; sa, sb: fp32 device scales (per tensor, or per
// row of A / column of B where rows_cols; variant 5: sa (M, ceil(K/128)) and sb (ceil(N/128),
// ceil(K/128)), both row-major); promote_every (k-tiles, 0: never). Returns the cudaError_t, or -1.
TESSEL_BENCH_EXPORT int tessel_bench_gemm_fp8(int variant, void const* A, void const* B, void* C, int M, int N, int K, float const* sa, float const* sb,
                                     int rows_cols, int promote_every, void* stream) {
  namespace s = kernels::sm90;
  using E4 = float_e4m3_t;
  s::GemmScales gs;
  gs.a = sa, gs.b = sb, gs.a_rows = gs.b_cols = rows_cols != 0, gs.promote_every = promote_every;
  auto* st = static_cast<cudaStream_t>(stream);
  auto const* a = static_cast<E4 const*>(A);
  auto const* b4 = static_cast<E4 const*>(B);
  auto* c = static_cast<bfloat16_t*>(C);
  kernels::GemmOptions opt;  // variant + 100 * cluster: clusters of 1 or 2 forced (else chosen); + 1000: GemmScales::offset;
                             // + 10000 * (L + 1): the raster's swizzle 2^L (GemmOptions::log_swizzle);
                             // + 100000 * (rest + 1): the raster's last group padded (0) or its own (1) (GemmOptions::raster_rest)
  if (variant >= 100000) opt.raster_rest = variant / 100000 - 1, variant %= 100000;
  if (variant >= 10000) opt.log_swizzle = variant / 10000 - 1, variant %= 10000;
  if (variant >= 1000) gs.offset = true, variant -= 1000;
  if (variant >= 100) opt.cluster = variant / 100, variant %= 100;
  // The block-scaled variants: sa (M, ceil(K/128)) and sb (ceil(N/128), ceil(K/128)), both row-major.
  auto const launch_blocks = [&]<class Cfg>(std::type_identity<Cfg>) {
    long long const kb = (K + 127) / 128;
    gs.blocks = true, gs.a_rows = gs.b_cols = false;
    gs.a_row_stride = kb, gs.a_kb_stride = 1, gs.b_nb_stride = kb, gs.b_kb_stride = 1;
    return int(s::launch_fp8<Cfg>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
  };
  try {
#if defined(TESSEL_FP8_EXPERIMENTS)
    if (variant == 6) return int(s::launch_fp8<fp8x::V6>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 7) return int(s::launch_fp8<fp8x::V7>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 9) return int(s::launch_fp8<fp8x::V9>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 10) return int(s::launch_fp8<fp8x::V10>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 11) return int(s::launch_fp8<fp8x::V11>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 12) return int(s::launch_fp8<fp8x::V12>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 13) return int(s::launch_fp8<fp8x::V13>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 15) return int(s::launch_fp8<fp8x::V15>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 18) return int(s::launch_fp8<fp8x::V18>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 19) return int(s::launch_fp8<fp8x::V19>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 21) return int(s::launch_fp8<fp8x::V21>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 22) return int(s::launch_fp8<fp8x::V22>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
#endif
    if (variant == 24) return int(s::launch_fp8<fp8pp::V24>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 25) return int(s::launch_fp8<fp8pp::V25>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 26) return int(s::launch_fp8<fp8eu::V26>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 27) return int(s::launch_fp8<fp8n::V27>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 30) return int(s::launch_fp8_promoted(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 0) return int(s::launch_fp8<s::Fp8Config<E4, E4, bfloat16_t>>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 1)  // (as gemm_fp8 runs it: launch_fp8_promoted)
      return int(s::launch_fp8_promoted(a, K, static_cast<float_e5m2_t const*>(B), K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 4) return int(s::launch_fp8<s::Fp8FastConfig<E4, E4, bfloat16_t>>(a, K, b4, K, c, N, M, N, K, gs, 1.f, st, opt));
    if (variant == 5) return launch_blocks(std::type_identity<s::Fp8BlockConfig<E4, E4, bfloat16_t>>{});
#if defined(TESSEL_FP8_EXPERIMENTS)
    if (variant == 8) return launch_blocks(std::type_identity<fp8x::V8>{});
    if (variant == 14) return launch_blocks(std::type_identity<fp8x::V14>{});
    if (variant == 20) return launch_blocks(std::type_identity<fp8x::V20>{});
    if (variant == 23) return launch_blocks(std::type_identity<fp8x::V23>{});
#endif
  } catch (std::exception const& e) {
    std::fprintf(stderr, "tessel_bench_gemm_fp8: %s\n", e.what());
  }
  return -1;
}
#endif

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // lines as they come (a sanitizer run stopped at its limit keeps them)
  bool small = false, describe = false, do_time = true, tn_only = false, fp8 = false, sk_only = false;
  int reps = 30;
  double soak_ms = 0;
  Case one{"TN", 0, 0, 0};  // --one LAYOUT M N K SWIZZLE CLUSTER: one bf16 case, checked, 3 runs (for ncu)
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--small")) small = true;
    else if (!std::strcmp(argv[i], "--describe")) describe = true;
    else if (!std::strcmp(argv[i], "--no-time")) do_time = false;
    else if (!std::strcmp(argv[i], "--time-only")) time_only = true;
    else if (!std::strcmp(argv[i], "--tn-only")) tn_only = true;
    else if (!std::strcmp(argv[i], "--stream-k")) sk_only = true, small = true;
    else if (!std::strcmp(argv[i], "--fp8")) fp8 = true;
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--soak") && i + 1 < argc) soak_ms = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--one") && i + 6 < argc) {
      one.layout = argv[++i];
      one.M = std::atoi(argv[++i]);
      one.N = std::atoi(argv[++i]);
      one.K = std::atoi(argv[++i]);
      one.log_swizzle = std::atoi(argv[++i]);
      one.cluster = std::atoi(argv[++i]);
    }
  }
#if defined(TESSEL_GEMM_BENCH_FP8_ONLY)
  fp8 = true;
#endif
  if (fp8) {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
      std::printf("no GPU\n");
      return 2;
    }
    cudaDeviceProp prop{};
    CK(cudaGetDeviceProperties(&prop, 0));
    std::printf("device: %s, %d SMs, L2 %d MB\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20);
    return fp8_main(small, describe, do_time, reps);
  }
#if !defined(TESSEL_GEMM_BENCH_FP8_ONLY)
  using BF = bfloat16_t;
  using H = half_t;
  int count = 0;
  bool const gpu = cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
  cudaDeviceProp prop{};
  if (gpu) CK(cudaGetDeviceProperties(&prop, 0));
  if (describe) {  // for this card's raster rule (choose_raster), where there is one
    using KM = GMMA::Major;
    int const sms = gpu ? prop.multiProcessorCount : 132;
    double const gbps = gpu ? kernels::dram_gbps_per_sm(0, sms) : 0.0;
    kernels::sm90::describe<kernels::sm90::GemmConfig<BF, BF, KM::K, KM::K>>(8192, 8192, 8192, sms, gbps);
    kernels::sm90::describe<kernels::sm90::GemmConfig<BF, BF, KM::MN, KM::MN>>(8192, 4096, 4096, sms, gbps);
  }
  if (!gpu) {
    std::printf("no GPU\n");
    return 2;
  }
  std::printf("device: %s, %d SMs, L2 %d MB\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20);
  Totals tot;
  if (soak_ms > 0) {
    for (int M : {4096, 8192})
      for (int cl : {1})  // clusters of 2: 2.2x slower (RESULTS), not soaked
        for (auto epi : {kernels::GemmEpilogue::direct, kernels::GemmEpilogue::tma}) {
          soak<bfloat16_t>("bf16", M, cl, epi, soak_ms);
          soak<half_t>("fp16", M, cl, epi, soak_ms);
        }
    return 0;
  }
  if (one.M > 0) {
    one.time = true;
    run_case<bfloat16_t, bfloat16_t>(one, 3, tot, true);
    return tot.failed ? 1 : 0;
  }
  if (time_only) small = false;
  // Small and odd shapes: every layout, edges in M, N and K, beta, fp32/fp16 outputs, column-major C.
  std::vector<Case> smalls = {
      {"TN", 256, 512, 128},  {"TN", 1, 1, 8},        {"TN", 129, 257, 72},   {"TN", 77, 300, 200},  {"NN", 200, 264, 136},
      {"NT", 136, 200, 96},   {"TT", 333, 520, 64},   {"TN", 513, 1000, 520}, {"NT", 1000, 136, 1000},
  };
  Case beta{"TN", 300, 500, 256, 0.5f, -1.25f};
  Case colc{"TN", 130, 260, 192};
  colc.colmajor_c = true;
  Case odd{"TN", 37, 53, 29};  // K odd: the fallback path
  Case tall{"TN", 1048577, 8, 9};  // the fallback path past grid.y = 65535 blocks of 16 rows (M > 1,048,560)
  if (sk_only) smalls.clear();  // --stream-k: the stream-K cases below alone (for the sanitizers)
  for (auto c : smalls)
    for (auto epi : {kernels::GemmEpilogue::automatic, kernels::GemmEpilogue::direct})
      for (int cl : {-1, 2}) {  // the default epilogue (smem + TMA store) and the direct one; without clusters and with clusters of 2
        c.epi = epi;
        c.cluster = cl;
        run_case<BF, BF>(c, reps, tot, false);
      }
  if (!sk_only) {
  run_case<BF, BF>(beta, reps, tot, false);
  run_case<BF, BF>(colc, reps, tot, false);
  run_case<BF, BF>(odd, reps, tot, false);
  run_case<BF, BF>(tall, reps, tot, false);
  run_case<H, H>({"TN", 129, 257, 72}, reps, tot, false);
  run_case<H, H>({"NT", 256, 136, 200}, reps, tot, false);
  {
    Case c{"TT", 200, 520, 136};
    c.cluster = 2;
    run_case<H, H>(c, reps, tot, false);
    Case u{"TN", 130, 264, 64};  // C's leading dimension 264: the TMA epilogue; and 258 (not 16-byte rows): the direct one
    run_case<H, H>(u, reps, tot, false);
    u.N = 258;
    run_case<H, H>(u, reps, tot, false);
  }
  }
  // The stream-K tail (GemmOptions::stream_k = 1) on few persistent clusters (GemmOptions::grid): tiles of
  // two and three pieces, every layout, both epilogues, clusters of 1 and 2, fp16 and fp32 outputs.
  for (auto [lay, M, N, K, grid] : std::vector<std::tuple<char const*, int, int, int, int>>{
           {"TN", 513, 1000, 520, 3}, {"TN", 513, 1000, 520, 7}, {"NN", 640, 768, 1000, 5}, {"NT", 1000, 520, 1000, 6},
           {"TT", 520, 640, 72, 3}, {"TN", 1000, 1024, 200, 13}})
    for (auto epi : {kernels::GemmEpilogue::automatic, kernels::GemmEpilogue::direct})
      for (int cl : {1, 2}) {
        Case c{lay, M, N, K};
        c.epi = epi, c.cluster = cl, c.stream_k = 1, c.grid = grid;
        run_case<BF, BF>(c, reps, tot, false);
      }
  {
    Case c{"TN", 1000, 1024, 200};
    c.stream_k = 1, c.grid = 5;
    run_case<H, H>(c, reps, tot, false);
    run_case<BF, float>(c, reps, tot, false);
    c.alpha = 0.5f, c.beta = -1.25f;
    run_case<BF, BF>(c, reps, tot, false);
  }
  // The raster's last partial group of columns (GemmOptions::raster_rest): padded (0) and a group of its own (1), on
  // few persistent clusters; 6 column tiles in groups of 4 (a rest of 2), of 8 (no whole group) and of 2 with 3 columns;
  // every layout, clusters of 1 and 2; then with the stream-K tail over a rest group.
  for (auto [lay, M, N, K, swz, grid] : std::vector<std::tuple<char const*, int, int, int, int, int>>{
           {"TN", 1000, 1304, 136, 2, 5}, {"NT", 704, 1304, 200, 3, 4}, {"NN", 520, 704, 72, 1, 0}, {"TT", 640, 1304, 96, 2, 7}})
    for (int rest : {0, 1})
      for (int cl : {1, 2}) {
        Case c{lay, M, N, K};
        c.log_swizzle = swz, c.grid = grid, c.raster_rest = rest, c.cluster = cl, c.stream_k = 0;
        run_case<BF, BF>(c, reps, tot, false);
      }
  for (int cl : {1, 2}) {
    Case c{"TN", 1000, 1304, 520};
    c.log_swizzle = 2, c.grid = 5, c.raster_rest = 1, c.cluster = cl, c.stream_k = 1;
    run_case<BF, BF>(c, reps, tot, false);
    run_case<H, float>(c, reps, tot, false);
  }
  {  // stream-K asked for under CUDA graph capture: the plain kernel runs (no allocation, no tail), bit-exact
    Case c{"TN", 513, 1000, 520};
    c.stream_k = 1, c.grid = 3, c.capture = true;
    run_case<BF, BF>(c, reps, tot, false);
  }
  if (!sk_only) {
    run_case<BF, float>({"TN", 200, 300, 136}, reps, tot, false);
    run_case<H, float>({"TT", 264, 131, 96, 1.f, 0.75f}, reps, tot, false);
  }
  if (!small && tn_only) {  // the TN cases of the 90% target, epilogue x cluster variants
    for (int M : {4096, 8192})
      for (int type : {0, 1})
        for (int cl : {1, 2})
          for (auto epi : {kernels::GemmEpilogue::direct, kernels::GemmEpilogue::tma}) {
            Case c{"TN", M, M, M};
            c.time = true;
            c.cluster = cl;
            c.epi = epi;
            if (type == 0) run_case<BF, BF>(c, reps, tot, do_time);
            else run_case<H, H>(c, reps, tot, do_time);
          }
  } else if (!small) {
    std::vector<std::pair<Case, int>> big;  // (case, type: 0 bf16, 1 fp16)
    auto add = [&](std::string lay, int M, int N, int K, int type, int swz = -1, int cluster = -1) {
      Case c{lay, M, N, K};
      c.time = true;
      c.log_swizzle = swz;
      c.cluster = cluster;
      big.push_back({c, type});
    };
    add("TN", 4096, 4096, 4096, 0);
    add("TN", 4096, 4096, 4096, 1);
    add("TN", 8192, 8192, 8192, 0);
    add("TN", 8192, 8192, 8192, 1);
    add("NN", 8192, 8192, 8192, 0);
    add("NT", 8192, 8192, 8192, 0);
    add("TT", 8192, 8192, 8192, 0);
    add("TN", 16384, 4096, 4096, 0);
    add("TN", 16384, 11008, 4096, 0);
    add("TN", 16384, 4096, 11008, 0);
    add("TN", 8191, 4096, 4096, 0);
    add("TN", 8191, 8192, 8192, 0);
    add("TN", 8192, 8192, 8192, 0, 0);  // identity raster: the swizzle's effect
    add("TN", 4096, 4096, 4096, 0, 0);
    std::size_t const n_default = big.size();
    for (int i = 0; i < 4; ++i) {  // the four TN cases of the target with the direct epilogue: the TMA epilogue's effect
      auto c = big[std::size_t(i)];
      c.first.epi = kernels::GemmEpilogue::direct;
      big.push_back(c);
    }
    for (std::size_t i = 0; i < n_default; ++i) {  // every default case again with the other cluster choice: the multicast's effect
      auto c = big[i];
      c.first.cluster = c.first.K >= kernels::sm90::default_cluster_min_k(false) ? 1 : 2;  // the default chooses 2 from there (16-bit: every K)
      big.push_back(c);
    }
    // Every variant runs right after the default case of its shape (the first of that shape in the
    // list): a card that heats up over the run then slows a case and its variants alike, and their
    // ratios are comparable (timed last, the variants ran up to 12% slower than the same kernel
    // interleaved, bench/RESULTS.md, 2026-11-26).
    auto first_of = [&](std::pair<Case, int> const& x) {
      for (std::size_t i = 0; i < big.size(); ++i) {
        Case const& c = big[i].first;
        if (big[i].second == x.second && c.layout == x.first.layout && c.M == x.first.M && c.N == x.first.N && c.K == x.first.K) return i;
      }
      return big.size();
    };
    std::vector<std::pair<std::size_t, std::pair<Case, int>>> keyed;
    for (auto const& x : big) keyed.push_back({first_of(x), x});
    std::stable_sort(keyed.begin(), keyed.end(), [](auto const& a, auto const& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = keyed[i].second;
    for (auto& [c, type] : big) {
      if (type == 0) run_case<BF, BF>(c, reps, tot, do_time);
      else run_case<H, H>(c, reps, tot, do_time);
    }
  }
  std::printf("%d passed, %d failed\n", tot.passed, tot.failed);
  return tot.failed ? 1 : 0;
#endif  // !TESSEL_GEMM_BENCH_FP8_ONLY
}
