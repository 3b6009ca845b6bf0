// bench/gpu/gemm_check.cuh: what the GEMM benches (gemm_bench.cu, gemm_sm80_bench.cu)
// share: CK (a CUDA call that must succeed), random and small-integer fills, the fp32
// reference GEMM, the comparisons, the pass/fail totals and the element types' names;
// check_run (the two checked runs of a case) and time_runs (the timed runs).
//
// A case is checked twice (check_run):
//  1. bit-exact: A and B (and C for beta != 0) hold small integers (-2, -1, 1, 2),
//     so every product and every partial sum is an integer below 2^24 in magnitude
//     (|sum| <= 4 K, K <= 2^20): the fp32 accumulation is exact in any order, and
//     alpha * acc + beta * C is exact for the benches' alpha, beta (0.5, -1.25, 0.75:
//     a few bits). The kernel's output must then equal the reference rounded to
//     the output type (round to nearest even, CUDA's __float2bfloat16_rn /
//     __float2half_rn), bit for bit, everywhere: a wrong element, chunk, edge or
//     order fails, whatever its size.
//  2. random: inputs uniform in [-1, 1) (never zeros), the output poisoned with NaN;
//     every element finite, and the relative error ||D - ref|| / ||ref|| below the
//     tolerance in EVERY 64 x 64 block of the output (not only over the whole
//     matrix, where one wrong block of an 8192^2 output would vanish).
// FP8 (float_e4m3_t / float_e5m2_t, A's and B's types may differ): the same
// fills (the small integers and their sums are exact in e4m3 and e5m2; the
// random values rounded to the 8-bit type, the reference reading the rounded
// values), alpha carrying the per-tensor scales and RefScales the per-row /
// per-column ones (powers of two in the exact checks, so every product is exact).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <tessel/tessel.hpp>
#include <tessel/atom/float8.hpp>

#define CK(x)                                                                                    \
  do {                                                                                           \
    cudaError_t e_ = (x);                                                                        \
    if (e_ != cudaSuccess) {                                                                     \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__);     \
      std::exit(1);                                                                              \
    }                                                                                            \
  } while (0)

namespace tessel_bench {

using namespace tessel;

template <class T>
__global__ void fill_uniform(T* p, long long n, unsigned seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    unsigned x = unsigned(i) * 2654435761u ^ seed ^ unsigned(i >> 32) * 0x9E3779B9u;
    x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15; x *= 0x27d4eb2du; x ^= x >> 16;
    float v = (float(x & 0xFFFFFF) / 16777216.f) * 2.f - 1.f;  // [-1, 1)
    if (v == 0.f) v = 0.5f;
    p[i] = T(v);
  }
}

// Small nonzero integers -2, -1, 1, 2 (exact in bf16/fp16; products and sums exact in fp32).
template <class T>
__global__ void fill_small_int(T* p, long long n, unsigned seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    unsigned x = unsigned(i) * 2654435761u ^ seed ^ unsigned(i >> 32) * 0x9E3779B9u;
    x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15; x *= 0x27d4eb2du; x ^= x >> 16;
    int const v = int(x % 4u) - 2;  // -2, -1, 0, 1 -> -2, -1, 1, 2
    p[i] = T(float(v >= 0 ? v + 1 : v));
  }
}

template <class T>
__global__ void fill_value(T* p, long long n, float v) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) p[i] = T(v);
}

// The FP8 GEMM's scales for the reference (device arrays, nullptr: none): per row
// (of A) and per column (of B), or block scales: a_blocks[m * ars + kb * aks] per
// row and 128 elements of K, b_blocks[nb * bns + kb * bks] per 128 x 128 block of B.
struct RefScales {
  float const* row = nullptr;
  float const* col = nullptr;
  float const* a_blocks = nullptr;
  float const* b_blocks = nullptr;
  long long ars = 0, aks = 0, bns = 0, bks = 0;
};

// Reference: ref(m, n) = alpha * row[m] * col[n] * sum_k A(m,k) B(n,k) + beta * C0(m,n),
// fp32, 16x16 shared-memory tiles (rs: the FP8 GEMM's scales; with block scales each
// 128-element block of K's partial sum is multiplied by its two scales).
template <class T, class TO, class TB = T>
__global__ void reference_gemm(T const* A, long long sam, long long sak, TB const* B, long long sbn, long long sbk, TO const* C0,
                               long long scm, long long scn, float* ref, int M, int N, int K, float alpha, float beta,
                               RefScales rs = {}) {
  float const* const row = rs.row;
  float const* const col = rs.col;
  __shared__ float as[16][17], bs[16][17];
  int const tx = int(threadIdx.x), ty = int(threadIdx.y);
  int const n = int(blockIdx.x) * 16 + tx;
  for (long long m0 = (long long)blockIdx.y * 16; m0 < M; m0 += (long long)gridDim.y * 16) {  // grid.y is at most 65535
    long long const m = m0 + ty;
    float s = 0.f, blocks = 0.f;  // blocks: the scaled sum of the finished 128-blocks of K
    for (int k0 = 0; k0 < K; k0 += 16) {
      long long const am = m0 + ty;
      int const ak = k0 + tx;
      as[ty][tx] = (am < M && ak < K) ? float(A[am * sam + ak * sak]) : 0.f;
      int const bn = int(blockIdx.x) * 16 + ty, bk = k0 + tx;
      bs[ty][tx] = (bn < N && bk < K) ? float(B[bn * sbn + bk * sbk]) : 0.f;
      __syncthreads();
#pragma unroll
      for (int k = 0; k < 16; ++k) s += as[ty][k] * bs[tx][k];
      __syncthreads();
      if (rs.a_blocks && ((k0 + 16) % 128 == 0 || k0 + 16 >= K)) {
        long long const kb = k0 / 128, mm = m < M ? m : M - 1, nn = n < N ? n : N - 1;
        blocks += s * (rs.a_blocks[mm * rs.ars + kb * rs.aks] * rs.b_blocks[(nn / 128) * rs.bns + kb * rs.bks]);
        s = 0.f;
      }
    }
    if (rs.a_blocks) s = blocks;
    if (m < M && n < N) {
      float f = alpha;
      if (row) f *= row[m];
      if (col) f *= col[n];
      float r = f * s;
      if (beta != 0.f) r += beta * float(C0[m * scm + n * scn]);
      ref[m * N + n] = r;
    }
  }
}

// The reference rounded to the output type, as bits (round to nearest even).
__device__ inline unsigned short round_bits(float r, bfloat16_t*) { return __bfloat16_as_ushort(__float2bfloat16_rn(r)); }
__device__ inline unsigned short round_bits(float r, half_t*) { return __half_as_ushort(__float2half_rn(r)); }
__device__ inline unsigned round_bits(float r, float*) { return __float_as_uint(r); }
__device__ inline unsigned short bits_of(bfloat16_t v) { return v.storage; }
__device__ inline unsigned short bits_of(half_t v) { return v.storage; }
__device__ inline unsigned bits_of(float v) { return __float_as_uint(v); }

// One block of 256 threads per 64 x 64 block of the output: its relative error
// (max over blocks into *worst, as the bits of a non-negative float), the
// non-finite elements (*bad), and, exact: the elements whose bits differ from
// the rounded reference (*wrong, the first one's index into *first).
template <class TO>
__global__ void compare_tiles(TO const* D, long long scm, long long scn, float const* ref, int M, int N, bool exact, unsigned* worst,
                              unsigned long long* bad, unsigned long long* wrong, unsigned long long* first) {
  __shared__ double s_d2[256], s_r2[256];
  long long const m0 = (long long)blockIdx.y * 64, n0 = (long long)blockIdx.x * 64;
  double d2 = 0, r2 = 0;
  unsigned long long nb = 0, nw = 0, fw = ~0ull;
  for (int e = int(threadIdx.x); e < 64 * 64; e += 256) {
    long long const m = m0 + e / 64, n = n0 + e % 64;
    if (m >= M || n >= N) continue;
    TO const dv = D[m * scm + n * scn];
    float const d = float(dv), r = ref[m * N + n];
    if (!isfinite(d)) ++nb;
    if (exact && bits_of(dv) != round_bits(r, static_cast<TO*>(nullptr))) {
      ++nw;
      unsigned long long const idx = (unsigned long long)(m * N + n);
      fw = idx < fw ? idx : fw;
    }
    double const x = double(d) - double(r);
    d2 += x * x;
    r2 += double(r) * double(r);
  }
  s_d2[threadIdx.x] = d2, s_r2[threadIdx.x] = r2;
  __syncthreads();
  for (int h = 128; h > 0; h /= 2) {
    if (int(threadIdx.x) < h) s_d2[threadIdx.x] += s_d2[threadIdx.x + h], s_r2[threadIdx.x] += s_r2[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    double const rel = s_r2[0] > 0 ? sqrt(s_d2[0] / s_r2[0]) : sqrt(s_d2[0]);
    float const relf = isfinite(rel) ? float(rel) : INFINITY;
    atomicMax(worst, __float_as_uint(relf));  // non-negative floats order as their bits
  }
  if (nb) atomicAdd(bad, nb);
  if (nw) {
    atomicAdd(wrong, nw);
    atomicMin(first, fw);
  }
}

// C(m, n) = C0[m * N + n] at C's strides.
template <class TO>
__global__ void copy_strided(TO const* C0, TO* C, long long scm, long long scn, int M, int N) {
  long long const total = (long long)M * N;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < total; i += (long long)gridDim.x * blockDim.x)
    C[(i / N) * scm + (i % N) * scn] = C0[i];
}

struct Totals {
  int passed = 0, failed = 0;
};

template <class T> char const* type_name();
template <> char const* type_name<bfloat16_t>() { return "bf16"; }
template <> char const* type_name<half_t>() { return "fp16"; }
template <> char const* type_name<float>() { return "fp32"; }
template <> char const* type_name<float_e4m3_t>() { return "e4m3"; }
template <> char const* type_name<float_e5m2_t>() { return "e5m2"; }


// The strides of a case's operands: "TN" = A row-major (M,K):(K,1), B (N,K):(K,1);
// A "N": (M,K):(1,M); B "T": (N,K):(1,N); C (M,N) row-major or column-major.
struct Strides {
  long long sam, sak, sbn, sbk, scm, scn;
};
inline Strides layout_strides(char const* layout, int M, int N, int K, bool colmajor_c) {
  bool const a_k = layout[0] == 'T', b_k = layout[1] == 'N';
  return {a_k ? K : 1, a_k ? 1 : M, b_k ? K : 1, b_k ? 1 : N, colmajor_c ? 1 : N, colmajor_c ? M : 1};
}

// The result of one checked run.
struct Check {
  double rel;                     // the worst 64 x 64 block's relative error
  unsigned long long nonfinite;   // non-finite outputs
  unsigned long long wrong;       // exact mode: outputs whose bits differ from the rounded reference
  long long first_m, first_n;     // the first of them
  bool ok;
};

// One checked run of run() on A, B (M x K, N x K, filled here) into C:
// exact: A, B (and C) small integers, the output compared bit for bit;
// otherwise random inputs, the output poisoned with NaN (beta = 0) or set to
// random C0 (beta != 0), every 64 x 64 block's relative error below 1e-2
// (1e-3 for fp16 in, fp32 out; tol where given). FP8: B of its own type TB,
// the per-row/per-column scales of the reference in rs; fill = false keeps
// A and B as they are (the same inputs for another run).
template <class T, class TO, class Run, class TB>
Check check_run(T* A, TB* B, TO* C, Strides const& s, int M, int N, int K, float alpha, float beta, unsigned seed, bool exact, Run const& run,
                RefScales const& rs = {}, double tol = 0, bool fill = true) {
  std::size_t const nc = std::size_t(M) * N, na = std::size_t(M) * K, nb = std::size_t(N) * K;
  float* ref;
  TO* C0 = nullptr;
  unsigned* worst;
  unsigned long long *bad, *wrong, *first;
  CK(cudaMalloc(&ref, nc * sizeof(float)));
  CK(cudaMalloc(&worst, sizeof(unsigned)));
  CK(cudaMalloc(&bad, 3 * sizeof(unsigned long long)));
  wrong = bad + 1, first = bad + 2;
  if (!fill) {
  } else if (exact) {
    fill_small_int<<<1024, 256>>>(A, (long long)na, seed);
    fill_small_int<<<1024, 256>>>(B, (long long)nb, seed ^ 0xABCDEFu);
  } else {
    fill_uniform<<<1024, 256>>>(A, (long long)na, seed);
    fill_uniform<<<1024, 256>>>(B, (long long)nb, seed ^ 0xABCDEFu);
  }
  if (beta != 0.f) {
    CK(cudaMalloc(&C0, nc * sizeof(TO)));
    if (exact) fill_small_int<<<1024, 256>>>(C0, (long long)nc, seed ^ 0x5555u);
    else fill_uniform<<<1024, 256>>>(C0, (long long)nc, seed ^ 0x5555u);
    // C0 is the row-major M x N matrix; C gets its values at C's strides
    copy_strided<<<1024, 256>>>(C0, C, s.scm, s.scn, M, N);
  } else {
    fill_value<<<1024, 256>>>(C, (long long)nc, NAN);  // poison
  }
  CK(cudaGetLastError());
  dim3 rb(16, 16), rg(unsigned((N + 15) / 16), unsigned(std::min((M + 15) / 16, 65535)));
  reference_gemm<T, TO, TB><<<rg, rb>>>(A, s.sam, s.sak, B, s.sbn, s.sbk, C0, N, 1, ref, M, N, K, alpha, beta, rs);
  CK(cudaGetLastError());
  CK(run());
  CK(cudaDeviceSynchronize());
  CK(cudaMemset(worst, 0, sizeof(unsigned)));
  CK(cudaMemset(bad, 0, 2 * sizeof(unsigned long long)));
  CK(cudaMemset(first, 0xff, sizeof(unsigned long long)));
  compare_tiles<TO><<<dim3(unsigned((N + 63) / 64), unsigned((M + 63) / 64)), 256>>>(C, s.scm, s.scn, ref, M, N, exact, worst, bad, wrong, first);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  unsigned w;
  unsigned long long h[3];
  CK(cudaMemcpy(&w, worst, sizeof w, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h, bad, sizeof h, cudaMemcpyDeviceToHost));
  float relf;
  std::memcpy(&relf, &w, sizeof relf);
  Check r{};
  r.rel = relf;
  r.nonfinite = h[0];
  r.wrong = h[1];
  r.first_m = h[1] ? (long long)(h[2] / (unsigned long long)N) : -1;
  r.first_n = h[1] ? (long long)(h[2] % (unsigned long long)N) : -1;
  if (tol <= 0) tol = std::is_same_v<TO, float> && std::is_same_v<T, half_t> ? 1e-3 : 1e-2;
  r.ok = r.nonfinite == 0 && (exact ? r.wrong == 0 : (r.rel < tol && std::isfinite(r.rel)));
  CK(cudaFree(ref));
  CK(cudaFree(worst));
  CK(cudaFree(bad));
  if (C0) CK(cudaFree(C0));
  return r;
}

// The times of `reps` runs of run() in milliseconds, sorted, CUDA events around
// each, after 5 warm-up runs.
template <class Run>
std::vector<float> time_runs(Run const& run, int reps) {
  for (int i = 0; i < 5; ++i) CK(run());
  CK(cudaDeviceSynchronize());
  std::vector<float> ms;
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int r = 0; r < reps; ++r) {
    CK(cudaEventRecord(e0));
    CK(run());
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float t;
    CK(cudaEventElapsedTime(&t, e0, e1));
    ms.push_back(t);
  }
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  std::sort(ms.begin(), ms.end());
  return ms;
}

}  // namespace tessel_bench
