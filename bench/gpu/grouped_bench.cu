// The grouped (MoE) GEMM of issue 27 (tessel/kernels/gemm_sm90_grouped.cuh) on the GPU:
//   grouped_bench [--small] [--describe]          16-bit correctness (the default build, compiled by CI)
//   grouped_bench --time [--rounds R] [--reps N]  + timings (built with -DTESSEL_GROUPED_TIMING -lcublas)
//   FP8 build (-DTESSEL_GROUPED_FP8, the FP8 kernels only): FP8 correctness [--small], --time FP8 timings
//
// Correctness, bf16 in and out, for every group-size pattern below (empty
// groups, 1 row, 127/128/129, > a tile, ragged, all empty; every size 0..260 and
// every masked count 260..0), contiguous and masked, N a multiple of the 256-column
// tile or not (320: a partial n-tile whose B rows run into the next group's), K
// with a tail; clusters of 1, of 2 (lone m-tiles split along N), of 2 without the split, clusters of 1 in the dynamic order:
//  - bit-exact: A and B hold -2, -1, 1, 2 (every sum an integer below 2^24:
//    exact in fp32 in any order); every row of C that belongs to a group must
//    equal the host's fp32 reference rounded to bf16 (RNE), bit for bit, and
//    every other row (past the groups' ends, past a masked count) must keep the
//    sentinel it was filled with: a store past a group's rows fails;
//  - random: inputs in [-1, 1), per group ||C - ref|| / ||ref|| < 1e-2;
//  - invalid sizes (a decreasing end, a count above the capacity) are
//    check_sizes' named error, with C untouched.
// FP8 (e4m3 x e4m3 -> bf16): the same, bit-exact with power-of-two scales (per tensor, per row of A),
// random data's error against the fp32 product of the dequantized inputs, the promoted and the fast
// configuration (run_fp8_pattern).
// --small: a few small patterns and sizes 0..40 (for compute-sanitizer).
//
// --time: per case (E experts, N, K, tokens split unevenly), 16-bit: tessel's grouped
// GEMM (clusters of 1; of 2 with the lone m-tiles split along N, not split, in halves;
// the default of the card; clusters of 1 in the dynamic order, bands of 1 and of the static walk's width), a loop of cuBLAS calls (one
// cublasGemmEx per non-empty group, the same stream), and the dense GEMM of the
// same FLOPs (M = all tokens) by tessel (tessel::cuda::gemm's kernel) and by
// cuBLAS; first on small-integer data, grouped == loop and dense == dense bit for
// bit; FP8: tessel's grouped FP8 GEMM (promoted, fast; the same variants) against tessel's
// dense FP8 GEMM of the same FLOPs (the loop of torch._scaled_mm calls: grouped_torch.py). R rounds (default 5), each timing every variant as
// N back-to-back calls between two events (default 30), the variants' order
// rotated per round; the ratios are per round, the table gives their median.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include <cuda_bf16.h>

#include <tessel/kernels/gemm_sm90_grouped.cuh>
#if defined(TESSEL_GROUPED_TIMING)
#  include <cublas_v2.h>
#endif

using namespace tessel;

#define CK(x)                                                                                \
  do {                                                                                       \
    cudaError_t e_ = (x);                                                                    \
    if (e_ != cudaSuccess) {                                                                 \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                          \
    }                                                                                        \
  } while (0)

namespace {

using T = bfloat16_t;
int passed = 0, failed = 0;
void check(bool ok, std::string const& what) {
  if (ok) ++passed, std::printf("ok   %s\n", what.c_str());
  else ++failed, std::printf("FAIL %s\n", what.c_str());
}

unsigned rng_state = 12345u;
unsigned rnd() {
  rng_state = rng_state * 1664525u + 1013904223u;
  return rng_state >> 8;
}

std::uint16_t bits_of(float v) {
  __nv_bfloat16 const b = __float2bfloat16_rn(v);
  std::uint16_t u;
  std::memcpy(&u, &b, 2);
  return u;
}
float float_of(std::uint16_t u) {
  std::uint32_t w = std::uint32_t(u) << 16;
  float f;
  std::memcpy(&f, &w, 4);
  return f;
}
constexpr std::uint16_t kSentinel = 0x7fc1;  // a NaN the kernel never writes

// One output value against its reference: exact, a wrong bit pattern counted; else the squared
// difference (a non-finite value: 1e30) and the reference's square summed.
void tally(std::uint16_t got, float ref, bool exact, long long& wrong, double& dn, double& rn) {
  if (exact) {
    wrong += got != bits_of(ref);
    return;
  }
  double const d = double(float_of(got)) - ref;
  dn += std::isfinite(float_of(got)) ? d * d : 1e30;
  rn += double(ref) * ref;
}

// A pattern: group sizes, masked (capacity) or contiguous (extra rows past the last end).
// The lone m-tiles' split in a check's name (GroupedGemmOptions::split_lone).
char const* split_name(int cluster, int split) {
  return cluster != 2 ? "" : split == kernels::sm90::kSplitNone ? " (no split)" : split == kernels::sm90::kSplitHalves ? " (halves)" : "";
}
// The order of the positions in a check's name (GroupedGemmOptions::schedule, log_band).
std::string schedule_name(int schedule, int log_band) {
  if (schedule != kernels::sm90::kScheduleDynamic) return "";
  return log_band < 0 ? " dynamic" : " dynamic band " + std::to_string(1 << log_band);
}

struct Pattern {
  std::string name;
  std::vector<int> sizes;
  bool masked = false;
  int capacity = 0;  // masked
  int extra = 0;     // contiguous: rows of A and C past ends[E-1]
};

#if !defined(TESSEL_GROUPED_FP8)  // (the FP8 build has only the FP8 kernels)
// Runs one pattern for (N, K); exact: small integers (bit-exact) or random (relative error).
void run_pattern(Pattern const& pt, int N, int K, bool exact, int cluster, kernels::GemmEpilogue epi = kernels::GemmEpilogue::automatic,
                 int split = kernels::sm90::kSplitN, int schedule = kernels::sm90::kScheduleStatic, int log_band = -1) {
  int const E = int(pt.sizes.size());
  std::vector<int> start(static_cast<std::size_t>(E)), ends(static_cast<std::size_t>(E));
  int rows = 0;
  for (int g = 0; g < E; ++g) {
    start[std::size_t(g)] = pt.masked ? g * pt.capacity : rows;
    rows += pt.masked ? pt.capacity : pt.sizes[std::size_t(g)];
    ends[std::size_t(g)] = rows;
  }
  if (!pt.masked) rows += pt.extra;
  std::vector<std::uint16_t> a(std::size_t(rows) * K), b(std::size_t(E) * N * K), c(std::size_t(rows) * N, kSentinel);
  auto draw = [&]() -> float {
    if (exact) {
      int const v = int(rnd() % 4);
      return float(v < 2 ? v - 2 : v - 1);
    }
    return float(rnd() % 65536) / 32768.f - 1.f;
  };
  for (auto& x : a) x = bits_of(draw());
  for (auto& x : b) x = bits_of(draw());
  T *dA, *dB, *dC;
  int* dS;
  CK(cudaMalloc(&dA, std::max<std::size_t>(a.size(), 1) * 2));
  CK(cudaMalloc(&dB, std::max<std::size_t>(b.size(), 1) * 2));
  CK(cudaMalloc(&dC, std::max<std::size_t>(c.size(), 1) * 2));
  CK(cudaMalloc(&dS, std::size_t(std::max(E, 1)) * 4));
  CK(cudaMemcpy(dA, a.data(), a.size() * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dB, b.data(), b.size() * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dC, c.data(), c.size() * 2, cudaMemcpyHostToDevice));
  std::vector<int> const sizes_arg = pt.masked ? pt.sizes : ends;
  CK(cudaMemcpy(dS, sizes_arg.data(), std::size_t(E) * 4, cudaMemcpyHostToDevice));
  kernels::GroupRows const gr = pt.masked ? kernels::masked_groups(dS, E, pt.capacity) : kernels::contiguous_groups(dS, E, rows);
  kernels::GroupedGemmOptions opt;
  opt.epilogue = epi;
  opt.check_sizes = true;
  opt.cluster = cluster;
  opt.split_lone = split;
  opt.schedule = schedule, opt.log_band = log_band;
  char what[300];
  std::snprintf(what, sizeof what, "%-34s %s E=%d rows=%d N=%d K=%d cluster %d%s%s %s%s", pt.name.c_str(), pt.masked ? "masked    " : "contiguous", E,
                rows, N, K, cluster, split_name(cluster, split), schedule_name(schedule, log_band).c_str(), exact ? "bit-exact" : "random   ",
                epi == kernels::GemmEpilogue::direct ? " (direct epilogue)" : "");
  try {
    CK(tessel::cuda::grouped_gemm(dA, dB, dC, gr, N, K, nullptr, opt));
  } catch (std::exception const& e) {
    check(false, std::string(what) + ": " + e.what());
    cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dS);
    return;
  }
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(c.data(), dC, c.size() * 2, cudaMemcpyDeviceToHost));
  // host reference, per group; rows outside every group keep the sentinel
  std::vector<char> owned(std::size_t(rows), 0);
  long long wrong = 0, touched = 0;
  double worst = 0;
  std::vector<float> bf(b.size()), af(a.size());
  for (std::size_t i = 0; i < b.size(); ++i) bf[i] = float_of(b[i]);
  for (std::size_t i = 0; i < a.size(); ++i) af[i] = float_of(a[i]);
  for (int g = 0; g < E; ++g) {
    int const r0 = start[std::size_t(g)], nr = pt.sizes[std::size_t(g)];
    double dn = 0, rn = 0;
    for (int r = r0; r < r0 + nr; ++r) {
      owned[std::size_t(r)] = 1;
      float const* ar = &af[std::size_t(r) * K];
      for (int n = 0; n < N; ++n) {
        float const* br = &bf[(std::size_t(g) * N + n) * K];
        float s = 0;
        for (int k = 0; k < K; ++k) s += ar[k] * br[k];
        tally(c[std::size_t(r) * N + n], s, exact, wrong, dn, rn);
      }
    }
    if (!exact && nr > 0) worst = std::max(worst, std::sqrt(dn / std::max(rn, 1e-30)));
  }
  for (int r = 0; r < rows; ++r)
    if (!owned[std::size_t(r)])
      for (int n = 0; n < N; ++n) touched += c[std::size_t(r) * N + n] != kSentinel;
  char res[120];
  if (exact) std::snprintf(res, sizeof res, ": %lld wrong, %lld written outside the groups", wrong, touched);
  else std::snprintf(res, sizeof res, ": worst group rel.err %.3e, %lld written outside the groups", worst, touched);
  check(touched == 0 && (exact ? wrong == 0 : worst < 1e-2), std::string(what) + res);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dS);
}

// Invalid sizes: check_sizes raises the named error; C keeps its sentinel.
void run_invalid(bool masked) {
  int const E = 3, cap = 64, N = 256, K = 64, rows = masked ? E * cap : 200;
  std::vector<int> const s = masked ? std::vector<int>{10, 65, 3} : std::vector<int>{50, 40, 200};
  T *dA, *dB, *dC;
  int* dS;
  CK(cudaMalloc(&dA, std::size_t(rows) * K * 2));
  CK(cudaMalloc(&dB, std::size_t(E) * N * K * 2));
  CK(cudaMalloc(&dC, std::size_t(rows) * N * 2));
  CK(cudaMalloc(&dS, E * 4));
  CK(cudaMemset(dA, 0, std::size_t(rows) * K * 2));
  CK(cudaMemset(dB, 0, std::size_t(E) * N * K * 2));
  std::vector<std::uint16_t> c(std::size_t(rows) * N, kSentinel);
  CK(cudaMemcpy(dC, c.data(), c.size() * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dS, s.data(), E * 4, cudaMemcpyHostToDevice));
  kernels::GroupedGemmOptions opt;
  opt.check_sizes = true;
  bool named = false;
  try {
    (void)tessel::cuda::grouped_gemm(dA, dB, dC, masked ? kernels::masked_groups(dS, E, cap) : kernels::contiguous_groups(dS, E, rows), N, K,
                                     nullptr, opt);
  } catch (error const& e) {
    named = std::string(e.what()).find("not valid") != std::string::npos;
  }
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(c.data(), dC, c.size() * 2, cudaMemcpyDeviceToHost));
  long long touched = 0;
  for (auto v : c) touched += v != kSentinel;
  check(named && touched == 0, std::string("invalid sizes (") + (masked ? "a count above the capacity" : "a decreasing end") +
                                   "): the named error, C untouched (" + std::to_string(touched) + " written)");
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dS);
}

#endif

std::vector<Pattern> patterns(bool small) {
  std::vector<Pattern> p;
  p.push_back({"one group of one row", {1}});
  p.push_back({"ragged 0,1,127,128,129,0,300", {0, 1, 127, 128, 129, 0, 300}, false, 0, 37});
  p.push_back({"masked cap 130: 0,1,129,130,64", {0, 1, 129, 130, 64}, true, 130});
  if (small) return p;
  p.push_back({"all empty (3 groups)", {0, 0, 0}, false, 0, 5});
  p.push_back({"empty first and last", {0, 255, 256, 257, 0}});
  p.push_back({"one group > tiles (1000 rows)", {1000}});
  Pattern r{"20 random groups 0..300", {}};
  for (int g = 0; g < 20; ++g) r.sizes.push_back(int(rnd() % 301));
  p.push_back(r);
  Pattern m{"masked cap 256: 17 random counts", {}, true, 256};
  for (int g = 0; g < 17; ++g) m.sizes.push_back(g % 5 == 0 ? 0 : int(rnd() % 257));
  p.push_back(m);
  p.push_back({"masked cap 64: all full", {64, 64, 64, 64}, true, 64});
  Pattern many{"70 groups of 0..3 rows", {}};
  for (int g = 0; g < 70; ++g) many.sizes.push_back(int(rnd() % 4));
  p.push_back(many);
  return p;
}

// Every group size 0..n: contiguous groups of 0, 1, ..., n rows (an empty group after every 32nd, 3 rows past
// the last end), and masked counts n, n - 1, ..., 0 of capacity n.
std::vector<Pattern> sweeps(int n) {
  Pattern c{"every size 0.." + std::to_string(n), {}, false, 0, 3};
  for (int g = 0; g <= n; ++g) {
    c.sizes.push_back(g);
    if (g % 32 == 31) c.sizes.push_back(0);
  }
  Pattern m{"masked every count " + std::to_string(n) + "..0", {}, true, n};
  for (int g = n; g >= 0; --g) m.sizes.push_back(g);
  return {c, m};
}

#if defined(TESSEL_GROUPED_FP8)
// FP8 (e4m3 x e4m3 -> bf16; the FP8 build only, CI compiles none of its kernels):
//  - exact: inputs -2, -1, 1, 2 (exact in e4m3), scales powers of two (per tensor 0.5 x 2, or per row
//    of A 2^(r % 5 - 2) x per-tensor B 0.25), so that the result is exact: bit-exact against the host,
//    rows of no group untouched;
//  - random: inputs uniform in [-1, 1) rounded to e4m3, per-tensor scales 0.75 x 1.5: per group
//    ||C - ref|| / ||ref|| against the fp32 product of the dequantized inputs (< 1e-2);
// for the configuration with promotion (Fp8GroupedConfig: 128 x 192, k-tiles of 128) and the fast one (128 x 256), clusters of 1 and 2.
void run_fp8_pattern(Pattern const& pt, int N, int K, bool fast, bool rows, int cluster, bool exact = true, int split = kernels::sm90::kSplitN,
                     int schedule = kernels::sm90::kScheduleStatic, int log_band = -1) {
  using F8 = float_e4m3_t;
  int const E = int(pt.sizes.size());
  std::vector<int> start(static_cast<std::size_t>(E)), ends(static_cast<std::size_t>(E));
  int total = 0;
  for (int g = 0; g < E; ++g) {
    start[std::size_t(g)] = pt.masked ? g * pt.capacity : total;
    total += pt.masked ? pt.capacity : pt.sizes[std::size_t(g)];
    ends[std::size_t(g)] = total;
  }
  if (!pt.masked) total += pt.extra;
  std::vector<float> af(std::size_t(total) * K), bf(std::size_t(E) * N * K), sa(static_cast<std::size_t>(total));
  std::vector<F8> a8(af.size()), b8(bf.size());
  auto draw = [exact] {
    if (exact) {
      int const v = int(rnd() % 4);
      return float(v < 2 ? v - 2 : v - 1);
    }
    return float(rnd() % 65536) / 32768.f - 1.f;
  };
  for (std::size_t i = 0; i < af.size(); ++i) af[i] = float(a8[i] = F8(draw()));  // the e4m3 value, dequantized
  for (std::size_t i = 0; i < bf.size(); ++i) bf[i] = float(b8[i] = F8(draw()));
  for (int r = 0; r < total; ++r) sa[std::size_t(r)] = !exact ? 0.75f : rows ? std::ldexp(1.f, r % 5 - 2) : 0.5f;
  float const sb = !exact ? 1.5f : rows ? 0.25f : 2.f;
  std::vector<std::uint16_t> c(std::size_t(total) * N, kSentinel);
  F8 *dA, *dB;
  T* dC;
  int* dS;
  float *dsa, *dsb;
  CK(cudaMalloc(&dA, std::max<std::size_t>(a8.size(), 16)));
  CK(cudaMalloc(&dB, std::max<std::size_t>(b8.size(), 16)));
  CK(cudaMalloc(&dC, std::max<std::size_t>(c.size(), 1) * 2));
  CK(cudaMalloc(&dS, std::size_t(std::max(E, 1)) * 4));
  CK(cudaMalloc(&dsa, std::size_t(std::max(total, 1)) * 4));
  CK(cudaMalloc(&dsb, 4));
  CK(cudaMemcpy(dA, a8.data(), a8.size(), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dB, b8.data(), b8.size(), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dC, c.data(), c.size() * 2, cudaMemcpyHostToDevice));
  std::vector<int> const sizes_arg = pt.masked ? pt.sizes : ends;
  CK(cudaMemcpy(dS, sizes_arg.data(), std::size_t(E) * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dsa, sa.data(), sa.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dsb, &sb, 4, cudaMemcpyHostToDevice));
  kernels::GroupRows const gr = pt.masked ? kernels::masked_groups(dS, E, pt.capacity) : kernels::contiguous_groups(dS, E, total);
  kernels::GroupedGemmOptions opt;
  opt.check_sizes = true;
  opt.cluster = cluster;
  opt.split_lone = split;
  opt.schedule = schedule, opt.log_band = log_band;
  opt.scales.a = dsa, opt.scales.b = dsb, opt.scales.a_rows = rows;
  char what[300];
  std::snprintf(what, sizeof what, "FP8 e4m3 %-30s %s E=%d N=%d K=%d cluster %d%s%s %s, scales %s: %s", pt.name.c_str(), pt.masked ? "masked" : "contiguous",
                E, N, K, cluster, split_name(cluster, split), schedule_name(schedule, log_band).c_str(), fast ? "fast (128x256)" : "promoted (128x192x128)",
                rows ? "per row of A" : "per tensor", exact ? "bit-exact" : "random");
  try {
    CK(tessel::cuda::grouped_gemm_fp8(dA, dB, dC, gr, N, K, 1.f, nullptr, opt, fast));
  } catch (std::exception const& e) {
    check(false, std::string(what) + ": " + e.what());
    cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dS), cudaFree(dsa), cudaFree(dsb);
    return;
  }
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(c.data(), dC, c.size() * 2, cudaMemcpyDeviceToHost));
  std::vector<char> owned(std::size_t(total), 0);
  long long wrong = 0, touched = 0;
  double worst = 0;
  for (int g = 0; g < E; ++g) {
    double dn = 0, rn = 0;
    for (int r = start[std::size_t(g)]; r < start[std::size_t(g)] + pt.sizes[std::size_t(g)]; ++r) {
      owned[std::size_t(r)] = 1;
      for (int n = 0; n < N; ++n) {
        float s = 0;
        for (int k = 0; k < K; ++k) s += af[std::size_t(r) * K + k] * bf[(std::size_t(g) * N + n) * K + k];
        float const ref = s * sa[std::size_t(r)] * sb;
        tally(c[std::size_t(r) * N + n], ref, exact, wrong, dn, rn);
      }
    }
    if (!exact && pt.sizes[std::size_t(g)] > 0) worst = std::max(worst, std::sqrt(dn / std::max(rn, 1e-30)));
  }
  for (int r = 0; r < total; ++r)
    if (!owned[std::size_t(r)])
      for (int n = 0; n < N; ++n) touched += c[std::size_t(r) * N + n] != kSentinel;
  char res[160];
  if (exact) std::snprintf(res, sizeof res, ": %lld wrong, %lld written outside the groups", wrong, touched);
  else std::snprintf(res, sizeof res, ": worst group rel.err %.3e (vs fp32 of the dequantized inputs), %lld written outside the groups", worst, touched);
  check(touched == 0 && (exact ? wrong == 0 : worst < 1e-2), std::string(what) + res);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dS), cudaFree(dsa), cudaFree(dsb);
}
#endif

#if defined(TESSEL_GROUPED_TIMING) || defined(TESSEL_GROUPED_FP8)
#  if defined(TESSEL_GROUPED_TIMING)
#  define CB(x)                                                                  \
    do {                                                                         \
      cublasStatus_t s_ = (x);                                                   \
      if (s_ != CUBLAS_STATUS_SUCCESS) {                                         \
        std::printf("cuBLAS error %d at %s:%d\n", int(s_), __FILE__, __LINE__); \
        std::exit(1);                                                            \
      }                                                                          \
    } while (0)
#  endif

template <class X>
__global__ void fill_dev(X* p, long long n, unsigned seed, bool exact) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    unsigned x = unsigned(i) * 2654435761u ^ seed ^ unsigned(i >> 32) * 0x9E3779B9u;
    x ^= x >> 13, x *= 0x5bd1e995u, x ^= x >> 15, x *= 0x27d4eb2du, x ^= x >> 16;
    float v = exact ? float(int(x & 3) < 2 ? int(x & 3) - 2 : int(x & 3) - 1) : (float(x & 0xFFFFFF) / 16777216.f) * 2.f - 1.f;
    p[i] = X(v);
  }
}

struct TimeCase {
  char const* name;
  int E, N, K, tokens;
  int zeros;  // every zeros-th group empty (0: none)
};

// Uneven split of `tokens` over E groups: weights 1 + (r % 8)^2, every zeros-th group empty, remainder to group 0
// (r from a generator of its own, seeded by the case: the same sizes in every build and run).
std::vector<int> split(int E, int tokens, int zeros) {
  std::vector<double> w(static_cast<std::size_t>(E));
  double sum = 0;
  unsigned state = 0x9E3779B9u ^ unsigned(E) * 7919u ^ unsigned(tokens);
  for (int g = 0; g < E; ++g) {
    state = state * 1664525u + 1013904223u;
    int const r = int((state >> 8) % 8);
    w[std::size_t(g)] = (zeros && g % zeros == zeros - 1) ? 0 : 1 + r * r;
    sum += w[std::size_t(g)];
  }
  std::vector<int> s(static_cast<std::size_t>(E));
  int given = 0;
  for (int g = 0; g < E; ++g) given += s[std::size_t(g)] = int(tokens * w[std::size_t(g)] / sum);
  s[0] += tokens - given;
  return s;
}

// The rows computed per n-tile column: BM-row tiles (clusters of 1, or of 2 with split_lone), or pairs of them
// (clusters of 2 without split_lone), against the groups' rows.
// Then the SM time per n-tile column with the idle warpgroups' wgmmas skipped, in rows of a 128-row tile's
// speed (a CTA of at most 64 of its group's rows: half a tile; a pair: both CTAs for the longer one's time):
// clusters of 1; of 2 without the split; of 2 with the split along N (tn even); of 2 with the halves.
std::string work_line(std::vector<int> const& sizes) {
  long long rows = 0, t1 = 0, t2 = 0;
  double s1 = 0, s2 = 0, sn = 0, sh = 0;
  auto cost = [](int x) { return x <= 0 ? 0.0 : x <= 64 ? 0.5 : 1.0; };  // a CTA's 128-row tile holding x rows of its group
  for (int r : sizes) {
    rows += r, t1 += (r + 127) / 128, t2 += (r + 255) / 256;
    for (int m = 0; m * 128 < r; ++m) s1 += 128 * cost(r - m * 128);
    for (int m = 0; m * 256 < r; ++m) {
      int const rem = r - m * 256;
      double const pair = 2 * 128 * cost(std::min(rem, 128));  // both CTAs, for rank 0's time (rank 1's is no longer)
      s2 += pair;
      sn += rem <= 128 ? 128 * cost(rem) : pair;  // along N: half the positions, each CTA its own n-tile
      sh += rem <= 128 ? 128 : pair;  // halves: (64, 128] rows as two 64-row CTAs, half a tile each; <= 64: no split
    }
  }
  char b[400];
  std::snprintf(b, sizeof b,
                "rows computed: %lld (BM-row tiles, c1 and c2 split) = %.3fx the rows, %lld (c2 no split) = %.3fx; SM time skipping idle "
                "warpgroups, in rows: c1 %.3fx, c2 no split %.3fx, c2 split N %.3fx, c2 halves %.3fx",
                t1 * 128, double(t1 * 128) / double(rows), t2 * 256, double(t2 * 256) / double(rows), s1 / double(rows), s2 / double(rows),
                sn / double(rows), sh / double(rows));
  return b;
}

// The median of v.
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// R rounds, each timing every variant as `reps` back-to-back calls between two events (after 3 warm-up
// calls), the variants' order rotated per round; prints each variant's times and returns them (ms per call).
std::vector<std::vector<double>> time_variants(std::vector<char const*> const& names, std::vector<std::function<void()>> const& runs, int rounds,
                                               int reps, double flop) {
  int const kV = int(runs.size());
  std::vector<std::vector<double>> ms(static_cast<std::size_t>(kV));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int round = 0; round < rounds; ++round)
    for (int j = 0; j < kV; ++j) {
      int const v = (j + round) % kV;
      for (int w = 0; w < 3; ++w) runs[std::size_t(v)]();
      CK(cudaEventRecord(e0));
      for (int r = 0; r < reps; ++r) runs[std::size_t(v)]();
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float t = 0;
      CK(cudaEventElapsedTime(&t, e0, e1));
      ms[std::size_t(v)].push_back(double(t) / reps);
    }
  cudaEventDestroy(e0), cudaEventDestroy(e1);
  for (int v = 0; v < kV; ++v) {
    std::printf("time %-22s", names[std::size_t(v)]);
    for (double t : ms[std::size_t(v)]) std::printf(" %8.4f", t);
    std::printf("  ms per call; median %.4f ms, %.0f TFLOP/s\n", median(ms[std::size_t(v)]), flop / median(ms[std::size_t(v)]) * 1e-9);
  }
  return ms;
}

// The median over rounds of ms[ref] / ms[v] (> 1: v faster).
double ratio(std::vector<std::vector<double>> const& ms, int v, int ref) {
  std::vector<double> r;
  for (std::size_t i = 0; i < ms[std::size_t(v)].size(); ++i) r.push_back(ms[std::size_t(ref)][i] / ms[std::size_t(v)][i]);
  return median(r);
}

// A case's group sizes (split), their ends, and its description.
struct CaseSizes {
  std::vector<int> sizes, ends;
  std::string head;
};
CaseSizes case_sizes(TimeCase const& tc) {
  CaseSizes c;
  c.sizes = split(tc.E, tc.tokens, tc.zeros);
  int mn = 1 << 30, mx = 0, empty = 0, r = 0;
  for (int x : c.sizes) c.ends.push_back(r += x), mn = std::min(mn, x), mx = std::max(mx, x), empty += x == 0;
  char b[200];
  std::snprintf(b, sizeof b, "%s: E=%d N=%d K=%d tokens=%d (group rows %d..%d, %d empty)", tc.name, tc.E, tc.N, tc.K, tc.tokens, mn, mx, empty);
  c.head = b;
  return c;
}

#  if defined(TESSEL_GROUPED_TIMING)
void time_case(TimeCase const& tc, int rounds, int reps, cublasHandle_t h) {
  int const E = tc.E, N = tc.N, K = tc.K, M = tc.tokens;
  CaseSizes const cs = case_sizes(tc);
  std::vector<int> const& sizes = cs.sizes;
  std::vector<int> const& ends = cs.ends;
  T *A, *B, *C, *C2;
  int* dE;
  CK(cudaMalloc(&A, std::size_t(M) * K * 2));
  CK(cudaMalloc(&B, std::size_t(E) * N * K * 2));
  CK(cudaMalloc(&C, std::size_t(M) * N * 2));
  CK(cudaMalloc(&C2, std::size_t(M) * N * 2));
  CK(cudaMalloc(&dE, std::size_t(E) * 4));
  CK(cudaMemcpy(dE, ends.data(), std::size_t(E) * 4, cudaMemcpyHostToDevice));
  auto const gr = kernels::contiguous_groups(dE, E, M);
  using Cfg = kernels::sm90::GemmConfig<T, T, GMMA::Major::K, GMMA::Major::K>;
  std::size_t const ws_bytes = kernels::grouped_workspace_bytes(gr, Cfg::BM::value);
  void* ws;
  CK(cudaMalloc(&ws, ws_bytes));
  kernels::GroupedGemmOptions gopt;
  gopt.workspace = ws, gopt.workspace_bytes = ws_bytes;
  float const one = 1.f, zero = 0.f;
  auto grouped_c = [&](T* c, int cluster, int split, int schedule = kernels::sm90::kScheduleStatic, int log_band = -1) {
    kernels::GroupedGemmOptions o = gopt;
    o.cluster = cluster;
    o.split_lone = split;
    o.schedule = schedule, o.log_band = log_band;
    CK(kernels::sm90::launch_grouped_gemm<Cfg>(A, K, B, K, c, N, gr, N, K, 1.f, 0.f, nullptr, o));
  };
  auto loop = [&](T* c) {
    for (int g = 0, r0 = 0; g < E; r0 += sizes[std::size_t(g)], ++g) {
      int const r = sizes[std::size_t(g)];
      if (r == 0) continue;  // C^T (N x r, col-major) = B_g^T(op T of K x N col-major) * A_g^T (K x r col-major)
      CB(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, N, r, K, &one, B + std::size_t(g) * N * K, CUDA_R_16BF, K, A + std::size_t(r0) * K,
                      CUDA_R_16BF, K, &zero, c + std::size_t(r0) * N, CUDA_R_16BF, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    }
  };
  auto dense_tessel = [&](T* c) { CK(kernels::sm90::launch_gemm<Cfg>(A, K, B, K, c, N, M, N, K, 1.f, 0.f, nullptr)); };
  auto dense_cublas = [&](T* c) {
    CB(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, N, M, K, &one, B, CUDA_R_16BF, K, A, CUDA_R_16BF, K, &zero, c, CUDA_R_16BF, N,
                    CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  };
  char const* head = cs.head.c_str();
  std::printf("== %s\n", head);
  // bit-exact cross-checks on small integers
  fill_dev<<<1024, 256>>>(A, (long long)M * K, 1u, true);
  fill_dev<<<1024, 256>>>(B, (long long)E * N * K, 2u, true);
  std::vector<std::uint16_t> h1(std::size_t(M) * N), h2(std::size_t(M) * N);
  auto compare = [&](char const* what) {
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h1.data(), C, h1.size() * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(h2.data(), C2, h2.size() * 2, cudaMemcpyDeviceToHost));
    long long wrong = 0;
    for (std::size_t i = 0; i < h1.size(); ++i) wrong += h1[i] != h2[i];
    check(wrong == 0, std::string(head) + ": " + what + ", " + std::to_string(wrong) + " differ");
  };
  CK(cudaMemset(C, 0xff, std::size_t(M) * N * 2));
  CK(cudaMemset(C2, 0, std::size_t(M) * N * 2));
  grouped_c(C, 1, 1), loop(C2);
  compare("grouped == cuBLAS loop, bit for bit (integers)");
  CK(cudaMemset(C, 0xff, std::size_t(M) * N * 2));
  grouped_c(C, 2, kernels::sm90::kSplitN);
  compare("grouped, clusters of 2 == cuBLAS loop, bit for bit (integers)");
  CK(cudaMemset(C, 0xff, std::size_t(M) * N * 2));
  grouped_c(C, 2, kernels::sm90::kSplitNone);
  compare("grouped, clusters of 2 without split_lone == cuBLAS loop, bit for bit (integers)");
  CK(cudaMemset(C, 0xff, std::size_t(M) * N * 2));
  grouped_c(C, 2, kernels::sm90::kSplitHalves);
  compare("grouped, clusters of 2 with the lone m-tiles in halves == cuBLAS loop, bit for bit (integers)");
  int const tn = (N + Cfg::BN::value - 1) / Cfg::BN::value, wide = kernels::choose_log_band(tn);  // the dynamic order's two bands
  for (int lb : {0, wide}) {
    CK(cudaMemset(C, 0xff, std::size_t(M) * N * 2));
    grouped_c(C, 1, 1, kernels::sm90::kScheduleDynamic, lb);
    compare(("grouped, dynamic order, band " + std::to_string(1 << lb) + " == cuBLAS loop, bit for bit (integers)").c_str());
  }
  CK(cudaMemset(C, 0xff, std::size_t(M) * N * 2));
  dense_tessel(C), dense_cublas(C2);
  compare("dense tessel == dense cuBLAS, bit for bit (integers)");
  // timings on random data
  fill_dev<<<1024, 256>>>(A, (long long)M * K, 3u, false);
  fill_dev<<<1024, 256>>>(B, (long long)E * N * K, 4u, false);
  CK(cudaDeviceSynchronize());
  kernels::LaunchInfo li;
  kernels::GroupedGemmOptions o = gopt;
  o.info = &li;
  CK(kernels::sm90::launch_grouped_gemm<Cfg>(A, K, B, K, C, N, gr, N, K, 1.f, 0.f, nullptr, o));
  std::printf("%s; the default (cluster = -1, schedule = -1) takes clusters of %d, bands of %d columns\n", work_line(sizes).c_str(), li.cluster,
              1 << li.log_swizzle);
  std::string const band_wide = "tessel grouped c1 dynamic band " + std::to_string(1 << wide);
  std::vector<char const*> const names = {"tessel grouped c1", "cuBLAS loop",      "tessel dense", "cuBLAS dense", "tessel grouped c2",
                                          "tessel grouped c2 nosplit", "tessel grouped c2 halves", "tessel grouped default",
                                          "tessel grouped c1 dynamic band 1", band_wide.c_str()};
  std::vector<std::function<void()>> const runs = {[&] { grouped_c(C, 1, 1); },
                                                   [&] { loop(C); },
                                                   [&] { dense_tessel(C); },
                                                   [&] { dense_cublas(C); },
                                                   [&] { grouped_c(C, 2, kernels::sm90::kSplitN); },
                                                   [&] { grouped_c(C, 2, kernels::sm90::kSplitNone); },
                                                   [&] { grouped_c(C, 2, kernels::sm90::kSplitHalves); },
                                                   [&] { grouped_c(C, -1, -1, -1); },
                                                   [&] { grouped_c(C, 1, 1, kernels::sm90::kScheduleDynamic, 0); },
                                                   [&] { grouped_c(C, 1, 1, kernels::sm90::kScheduleDynamic, wide); }};
  auto const ms = time_variants(names, runs, rounds, reps, 2.0 * M * N * double(K));
  for (int g : {0, 4, 5, 6, 7, 8, 9})
    std::printf("ratio %s: %s speed / cuBLAS loop %.3f, / tessel dense %.3f, / cuBLAS dense %.3f, / c1 %.3f (medians of %d per-round ratios)\n",
                tc.name, names[std::size_t(g)], ratio(ms, g, 1), ratio(ms, g, 2), ratio(ms, g, 3), ratio(ms, g, 0), rounds);
  cudaFree(A), cudaFree(B), cudaFree(C), cudaFree(C2), cudaFree(dE), cudaFree(ws);
}
#  endif

#  if defined(TESSEL_GROUPED_TIMING)
// --profile: each grouped variant of time_case launched once, on random data, each launch preceded by
// its name (for a profiler's per-kernel figures, in launch order: ncu -k regex:gemm_kernel).
void profile_case(TimeCase const& tc) {
  int const E = tc.E, N = tc.N, K = tc.K, M = tc.tokens;
  CaseSizes const cs = case_sizes(tc);
  T *A, *B, *C;
  int* dE;
  CK(cudaMalloc(&A, std::size_t(M) * K * 2));
  CK(cudaMalloc(&B, std::size_t(E) * N * K * 2));
  CK(cudaMalloc(&C, std::size_t(M) * N * 2));
  CK(cudaMalloc(&dE, std::size_t(E) * 4));
  CK(cudaMemcpy(dE, cs.ends.data(), std::size_t(E) * 4, cudaMemcpyHostToDevice));
  fill_dev<<<1024, 256>>>(A, (long long)M * K, 3u, false);
  fill_dev<<<1024, 256>>>(B, (long long)E * N * K, 4u, false);
  CK(cudaDeviceSynchronize());
  auto const gr = kernels::contiguous_groups(dE, E, M);
  using Cfg = kernels::sm90::GemmConfig<T, T, GMMA::Major::K, GMMA::Major::K>;
  int const tn = (N + Cfg::BN::value - 1) / Cfg::BN::value, wide = kernels::choose_log_band(tn);
  struct V {
    char const* name;
    int cluster, split, schedule, log_band;
  };
  namespace k9 = kernels::sm90;
  V const vs[] = {{"c1 static", 1, k9::kSplitN, k9::kScheduleStatic, -1},
                  {"c2 nosplit static", 2, k9::kSplitNone, k9::kScheduleStatic, -1},
                  {"c1 dynamic band 1", 1, k9::kSplitN, k9::kScheduleDynamic, 0},
                  {"c1 dynamic wide band", 1, k9::kSplitN, k9::kScheduleDynamic, wide}};
  std::printf("== profile %s (B of the non-empty groups: %.2f GB)\n", cs.head.c_str(),
              double(std::count_if(cs.sizes.begin(), cs.sizes.end(), [](int r) { return r > 0; })) * N * K * 2 / 1e9);
  for (V const& v : vs) {
    kernels::GroupedGemmOptions o;
    o.cluster = v.cluster, o.split_lone = v.split, o.schedule = v.schedule, o.log_band = v.log_band;
    std::printf("profile launch: %s %s\n", tc.name, v.name);
    CK(kernels::sm90::launch_grouped_gemm<Cfg>(A, K, B, K, C, N, gr, N, K, 1.f, 0.f, nullptr, o));
    CK(cudaDeviceSynchronize());
  }
  cudaFree(A), cudaFree(B), cudaFree(C), cudaFree(dE);
}
#  endif

#  if defined(TESSEL_GROUPED_FP8)
// FP8 timings (e4m3 x e4m3 -> bf16, per-tensor scales), the same cases as the 16-bit ones: tessel's grouped
// FP8 GEMM (promoted: Fp8GroupedConfig, 128 x 192 x 128, the accumulator promoted every k-tile, as cuBLAS's
// default; fast: Fp8FastConfig, 128 x 256, no promotion) against tessel's dense FP8 GEMM of the same FLOPs
// (M = all tokens: gemm_fp8's Fp8Config, the same tiles with each tile's epilogue under the next tile's first k-tile). (The loop of torch._scaled_mm calls: grouped_torch.py.)
void time_case_fp8(TimeCase const& tc, int rounds, int reps) {
  using F8 = float_e4m3_t;
  int const E = tc.E, N = tc.N, K = tc.K, M = tc.tokens;
  CaseSizes const cs = case_sizes(tc);
  std::vector<int> const& sizes = cs.sizes;
  std::vector<int> const& ends = cs.ends;
  F8 *A, *B;
  T* C;
  int* dE;
  float* sc;
  CK(cudaMalloc(&A, std::size_t(M) * K));
  CK(cudaMalloc(&B, std::size_t(E) * N * K));
  CK(cudaMalloc(&C, std::size_t(M) * N * 2));
  CK(cudaMalloc(&dE, std::size_t(E) * 4));
  CK(cudaMalloc(&sc, 2 * 4));
  float const scales[2] = {0.75f, 1.5f};
  CK(cudaMemcpy(sc, scales, sizeof scales, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dE, ends.data(), std::size_t(E) * 4, cudaMemcpyHostToDevice));
  auto const gr = kernels::contiguous_groups(dE, E, M);
  std::size_t const ws_bytes = kernels::grouped_workspace_bytes(gr, 128);
  void* ws;
  CK(cudaMalloc(&ws, ws_bytes));
  kernels::GroupedGemmOptions gopt;
  gopt.workspace = ws, gopt.workspace_bytes = ws_bytes;
  gopt.scales.a = sc, gopt.scales.b = sc + 1;
  auto grouped = [&](int cluster, int split, bool fast, int schedule = kernels::sm90::kScheduleStatic) {
    kernels::GroupedGemmOptions o = gopt;
    o.cluster = cluster, o.split_lone = split, o.schedule = schedule;
    CK(tessel::cuda::grouped_gemm_fp8(A, B, C, gr, N, K, 1.f, nullptr, o, fast));
  };
  auto dense = [&](bool fast) { CK(kernels::sm90::gemm_fp8(A, K, B, K, C, N, M, N, K, gopt.scales, 1.f, nullptr, kernels::GemmOptions{}, fast)); };
  std::printf("== FP8 %s; %s\n", cs.head.c_str(), work_line(sizes).c_str());
  namespace k9 = kernels::sm90;
  std::vector<char const*> const names = {"grouped promoted c1",     "grouped promoted c2", "grouped promoted c2 nosplit", "grouped promoted c2 halves",
                                    "grouped promoted default", "dense promoted",      "grouped fast c1",             "grouped fast c2",
                                    "grouped fast c2 halves",   "grouped fast default", "dense fast",
                                    "grouped promoted c1 dynamic", "grouped fast c1 dynamic"};
  std::vector<std::function<void()>> const runs = {[&] { grouped(1, 1, false); },
                                             [&] { grouped(2, k9::kSplitN, false); },
                                             [&] { grouped(2, k9::kSplitNone, false); },
                                             [&] { grouped(2, k9::kSplitHalves, false); },
                                             [&] { grouped(-1, -1, false, -1); },
                                             [&] { dense(false); },
                                             [&] { grouped(1, 1, true); },
                                             [&] { grouped(2, k9::kSplitN, true); },
                                             [&] { grouped(2, k9::kSplitHalves, true); },
                                             [&] { grouped(-1, -1, true, -1); },
                                             [&] { dense(true); },
                                             [&] { grouped(1, 1, false, k9::kScheduleDynamic); },
                                             [&] { grouped(1, 1, true, k9::kScheduleDynamic); }};
  fill_dev<<<1024, 256>>>(A, (long long)M * K, 3u, false);
  fill_dev<<<1024, 256>>>(B, (long long)E * N * K, 4u, false);
  CK(cudaDeviceSynchronize());
  auto const ms = time_variants(names, runs, rounds, reps, 2.0 * M * N * double(K));
  for (int g : {0, 1, 2, 3, 4, 11}) {
    std::printf("ratio FP8 %s: %s speed / tessel dense promoted %.3f, / c1 %.3f", tc.name, names[std::size_t(g)], ratio(ms, g, 5), ratio(ms, g, 0));
    std::printf(" (medians of %d per-round ratios)\n", rounds);
  }
  for (int g : {6, 7, 8, 9, 12}) {
    std::printf("ratio FP8 %s: %s speed / tessel dense fast %.3f, / fast c1 %.3f", tc.name, names[std::size_t(g)], ratio(ms, g, 10), ratio(ms, g, 6));
    std::printf(" (medians of %d per-round ratios)\n", rounds);
  }
  cudaFree(A), cudaFree(B), cudaFree(C), cudaFree(dE), cudaFree(sc), cudaFree(ws);
}
#  endif
#endif

}  // namespace

int main(int argc, char** argv) {
  bool small = false, describe = false, time = false, profile = false;
  int rounds = 5, reps = 30;
  for (int i = 1; i < argc; ++i) {
    std::string const a = argv[i];
    if (a == "--small") small = true;
    else if (a == "--describe") describe = true;
    else if (a == "--time") time = true;
    else if (a == "--profile") profile = true;
    else if (a == "--rounds" && i + 1 < argc) rounds = std::atoi(argv[++i]);
    else if (a == "--reps" && i + 1 < argc) reps = std::atoi(argv[++i]);
    else {
      std::printf("usage: grouped_bench [--small] [--describe] [--time [--rounds R] [--reps N]] [--profile]\n");
      return 2;
    }
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: nothing run\n");
    return 0;
  }
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // lines in order (the describe output came twice, block-buffered, on the H100)
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
  using Cfg = kernels::sm90::GemmConfig<T, T, GMMA::Major::K, GMMA::Major::K>;
  double const gbps = kernels::dram_gbps_per_sm(0, prop.multiProcessorCount);
  std::printf("peak DRAM bandwidth %.0f GB/s, %.1f GB/s per SM: the default (cluster = -1, schedule = -1) is %s\n", gbps * prop.multiProcessorCount, gbps,
              gbps >= kernels::sm90::kGroupedPairsBelowGBpsPerSM
                  ? "clusters of 1, in the dynamic order for 8-bit inputs and 16-bit groups of at most 4 tiles on average, else static"
                  : "clusters of 1 in the dynamic order for 8-bit inputs and 16-bit groups of at most 2 tiles on average, else clusters of 2");
  if (describe) {
    kernels::sm90::describe_grouped<Cfg>({0, 1, 127, 128, 129, 0, 300, 1000}, 4096, 7168, prop.multiProcessorCount, -1, -1, gbps);
    kernels::sm90::describe_grouped<Cfg>({0, 1, 127, 128, 129, 0, 300, 1000}, 4096, 7168, prop.multiProcessorCount, -1, -1, gbps, -1,
                                         kernels::sm90::kScheduleDynamic);
  }
  auto const ps = patterns(small);
  auto const sw = sweeps(small ? 40 : 260);
#if !defined(TESSEL_GROUPED_FP8)
  int const shapes[][2] = {{256, 64}, {320, 200}, {64, 1024}};
  for (auto const& pt : ps)
    for (auto const& s : shapes) {
      if (small && s[1] > 200) continue;
      run_pattern(pt, s[0], s[1], true, 1);
      run_pattern(pt, s[0], s[1], true, 2);  // clusters of 2: pairs of m-tiles sharing B by multicast, lone m-tiles split along N
      if (!small) run_pattern(pt, s[0], s[1], true, 2, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitNone);  // without the split
      run_pattern(pt, s[0], s[1], true, 2, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitHalves);  // lone m-tiles split along M
      // the dynamic order (clusters of 1), its chosen band and bands of 1 column
      run_pattern(pt, s[0], s[1], true, 1, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic);
      run_pattern(pt, s[0], s[1], true, 1, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic, 0);
      if (!small) run_pattern(pt, s[0], s[1], false, 1);
    }
  for (auto const& pt : sw)
    for (auto const& s : shapes) {
      if (s[1] > 200 || (small && s[0] != 256)) continue;
      run_pattern(pt, s[0], s[1], true, 1);
      run_pattern(pt, s[0], s[1], true, 2);
      run_pattern(pt, s[0], s[1], true, 2, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitNone);
      run_pattern(pt, s[0], s[1], true, 2, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitHalves);
      run_pattern(pt, s[0], s[1], true, 1, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic);
      run_pattern(pt, s[0], s[1], true, 1, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic, 0);
    }
  run_pattern(ps[1], 320, 200, true, 1, kernels::GemmEpilogue::direct);
  run_pattern(ps[1], 320, 200, true, 1, kernels::GemmEpilogue::direct, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic);
  if (!small) run_pattern(ps[1], 320, 200, false, 1, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic, 0);
  run_pattern(ps[1], 320, 200, true, 2, kernels::GemmEpilogue::direct);
  run_pattern(ps[1], 320, 200, true, 2, kernels::GemmEpilogue::direct, kernels::sm90::kSplitHalves);
  run_pattern(ps[1], 320, 200, false, 2, kernels::GemmEpilogue::automatic, kernels::sm90::kSplitHalves);
  run_invalid(false);
  run_invalid(true);
#else
  for (bool fast : {false, true})
    for (int cluster : {1, 2}) {
      run_fp8_pattern(ps[0], 256, 128, fast, false, cluster);
      run_fp8_pattern(ps[1], 256, 208, fast, false, cluster);
      run_fp8_pattern(ps[2], 384, 512, fast, true, cluster);
      for (auto const& pt : sw) run_fp8_pattern(pt, 256, 128, fast, pt.masked, cluster);
      if (cluster == 2)
        for (auto const& pt : sw) run_fp8_pattern(pt, 256, 128, fast, pt.masked, 2, true, kernels::sm90::kSplitHalves);  // lone m-tiles split along M
      if (cluster == 1) {  // the dynamic order
        for (auto const& pt : sw) run_fp8_pattern(pt, 256, 128, fast, pt.masked, 1, true, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic, 0);
        run_fp8_pattern(ps[1], 256, 208, fast, false, 1, true, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic);
        if (!small) run_fp8_pattern(ps[2], 384, 512, fast, false, 1, false, kernels::sm90::kSplitN, kernels::sm90::kScheduleDynamic);
      }
      if (small) continue;
      run_fp8_pattern(ps[1], 256, 208, fast, false, cluster, false);
      run_fp8_pattern(ps[2], 384, 512, fast, false, cluster, false);
      run_fp8_pattern(ps[6], 320, 1024, fast, false, cluster, false);
      if (cluster == 2) {
        run_fp8_pattern(sw[0], 256, 128, fast, false, 2, true, kernels::sm90::kSplitNone);  // clusters of 2 without split_lone
        run_fp8_pattern(ps[1], 256, 208, fast, false, 2, true, kernels::sm90::kSplitNone);
        run_fp8_pattern(ps[1], 256, 208, fast, false, 2, false, kernels::sm90::kSplitHalves);
      }
    }
#endif
#if defined(TESSEL_GROUPED_TIMING)
  if (profile) {  // (the cases' grouped kernels only, no checks)
    TimeCase const pc[] = {{"64 experts", 64, 4096, 7168, 32768, 16}, {"256 experts", 256, 4096, 7168, 32768, 8}};
    for (auto const& c : pc) profile_case(c);
    return 0;
  }
#else
  if (profile) std::printf("--profile: this build has no profile (build with -DTESSEL_GROUPED_TIMING -lcublas)\n");
#endif
#if defined(TESSEL_GROUPED_TIMING) || defined(TESSEL_GROUPED_FP8)
  if (time) {
    TimeCase const cases[] = {
        {"8 experts", 8, 4096, 7168, 16384, 0},
        {"64 experts", 64, 4096, 7168, 32768, 16},
        {"256 experts", 256, 4096, 7168, 32768, 8},
        {"256 experts, N=K=2048", 256, 2048, 2048, 32768, 8},
    };
#  if defined(TESSEL_GROUPED_FP8)
    for (auto const& c : cases) time_case_fp8(c, rounds, reps);
#  else
    cublasHandle_t h;
    CB(cublasCreate(&h));
    for (auto const& c : cases) time_case(c, rounds, reps, h);
    cublasDestroy(h);
#  endif
  }
#else
  if (time) std::printf("--time: this build has no timings (build with -DTESSEL_GROUPED_TIMING -lcublas, or -DTESSEL_GROUPED_FP8)\n");
  (void)rounds, (void)reps;
#endif
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
