// bench/gpu/gemm_check.cuh: what the GEMM benches (gemm_bench.cu, gemm_sm80_bench.cu)
// share: CK (a CUDA call that must succeed), random fills, the fp32 reference GEMM,
// the relative-error comparison, the pass/fail totals and the element types' names;
// check_run (one checked run of a case) and time_runs (the timed runs).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include <tessel/tessel.hpp>

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

template <class T>
__global__ void fill_value(T* p, long long n, float v) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) p[i] = T(v);
}

// Reference: ref(m, n) = alpha * sum_k A(m,k) B(n,k) + beta * C0(m,n), fp32, 16x16 shared-memory tiles.
template <class T, class TO>
__global__ void reference_gemm(T const* A, long long sam, long long sak, T const* B, long long sbn, long long sbk, TO const* C0,
                               long long scm, long long scn, float* ref, int M, int N, int K, float alpha, float beta) {
  __shared__ float as[16][17], bs[16][17];
  int const tx = int(threadIdx.x), ty = int(threadIdx.y);
  int const m = int(blockIdx.y) * 16 + ty, n = int(blockIdx.x) * 16 + tx;
  float s = 0.f;
  for (int k0 = 0; k0 < K; k0 += 16) {
    int const am = int(blockIdx.y) * 16 + ty, ak = k0 + tx;
    as[ty][tx] = (am < M && ak < K) ? float(A[am * sam + ak * sak]) : 0.f;
    int const bn = int(blockIdx.x) * 16 + ty, bk = k0 + tx;
    bs[ty][tx] = (bn < N && bk < K) ? float(B[bn * sbn + bk * sbk]) : 0.f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 16; ++k) s += as[ty][k] * bs[tx][k];
    __syncthreads();
  }
  if (m < M && n < N) {
    float r = alpha * s;
    if (beta != 0.f) r += beta * float(C0[m * scm + n * scn]);
    ref[(long long)m * N + n] = r;
  }
}

// sums[0] += (D - ref)^2, sums[1] += ref^2; bad += non-finite D.
template <class TO>
__global__ void compare(TO const* D, long long scm, long long scn, float const* ref, int M, int N, double* sums, unsigned long long* bad) {
  double d2 = 0, r2 = 0;
  unsigned long long nb = 0;
  long long const total = (long long)M * N;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < total; i += (long long)gridDim.x * blockDim.x) {
    long long const m = i / N, n = i % N;
    float const d = float(D[m * scm + n * scn]), r = ref[i];
    if (!isfinite(d)) ++nb;
    double const e = double(d) - double(r);
    d2 += e * e;
    r2 += double(r) * double(r);
  }
  atomicAdd(&sums[0], d2);
  atomicAdd(&sums[1], r2);
  if (nb) atomicAdd(bad, nb);
}

struct Totals {
  int passed = 0, failed = 0;
};

template <class T> char const* type_name();
template <> char const* type_name<bfloat16_t>() { return "bf16"; }
template <> char const* type_name<half_t>() { return "fp16"; }
template <> char const* type_name<float>() { return "fp32"; }

// The strides of a case's operands: "TN" = A row-major (M,K):(K,1), B (N,K):(K,1);
// A "N": (M,K):(1,M); B "T": (N,K):(1,N); C (M,N) row-major or column-major.
struct Strides {
  long long sam, sak, sbn, sbk, scm, scn;
};
inline Strides layout_strides(char const* layout, int M, int N, int K, bool colmajor_c) {
  bool const a_k = layout[0] == 'T', b_k = layout[1] == 'N';
  return {a_k ? K : 1, a_k ? 1 : M, b_k ? K : 1, b_k ? 1 : N, colmajor_c ? 1 : N, colmajor_c ? M : 1};
}

// One checked run: C poisoned with NaN (beta = 0) or set to random C0 (beta != 0),
// the fp32 reference from the same inputs, run(), then every element of C must be
// finite and ||C - ref|| / ||ref|| below 1e-2 (1e-3 for fp16 in, fp32 out).
struct Check {
  double rel;
  unsigned long long nonfinite;
  bool ok;
};
template <class T, class TO, class Run>
Check check_run(T const* A, T const* B, TO* C, Strides const& s, int M, int N, int K, float alpha, float beta, unsigned seed, Run const& run) {
  std::size_t const nc = std::size_t(M) * N;
  float* ref;
  TO* C0 = nullptr;
  double* sums;
  unsigned long long* bad;
  CK(cudaMalloc(&ref, nc * sizeof(float)));
  CK(cudaMalloc(&sums, 2 * sizeof(double)));
  CK(cudaMalloc(&bad, sizeof(unsigned long long)));
  if (beta != 0.f) {
    CK(cudaMalloc(&C0, nc * sizeof(TO)));
    fill_uniform<<<1024, 256>>>(C0, (long long)nc, seed ^ 0x5555u);
    CK(cudaMemcpy(C, C0, nc * sizeof(TO), cudaMemcpyDeviceToDevice));
  } else {
    fill_value<<<1024, 256>>>(C, (long long)nc, NAN);  // poison
  }
  dim3 rb(16, 16), rg(unsigned((N + 15) / 16), unsigned((M + 15) / 16));
  reference_gemm<T, TO><<<rg, rb>>>(A, s.sam, s.sak, B, s.sbn, s.sbk, C0, s.scm, s.scn, ref, M, N, K, alpha, beta);
  CK(cudaGetLastError());
  CK(run());
  CK(cudaDeviceSynchronize());
  CK(cudaMemset(sums, 0, 2 * sizeof(double)));
  CK(cudaMemset(bad, 0, sizeof(unsigned long long)));
  compare<TO><<<1024, 256>>>(C, s.scm, s.scn, ref, M, N, sums, bad);
  CK(cudaDeviceSynchronize());
  double h[2];
  Check r{};
  CK(cudaMemcpy(h, sums, sizeof h, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&r.nonfinite, bad, sizeof r.nonfinite, cudaMemcpyDeviceToHost));
  r.rel = h[1] > 0 ? std::sqrt(h[0] / h[1]) : std::sqrt(h[0]);
  double const tol = std::is_same_v<TO, float> && std::is_same_v<T, half_t> ? 1e-3 : 1e-2;
  r.ok = r.nonfinite == 0 && r.rel < tol && std::isfinite(r.rel);
  CK(cudaFree(ref));
  CK(cudaFree(sums));
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
