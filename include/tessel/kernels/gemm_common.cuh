// tessel/kernels/gemm_common.cuh: what the two GEMM kernels (gemm_sm80.cuh,
// gemm_sm90.cuh) share on either side of their main loops:
//  - fallback_kernel: the plain GEMM for operands the fast kernels cannot take;
//  - print_mma_and_smem<Cfg>(): describe()'s lines for a configuration's
//    TiledMMA, its TV layouts and the shared-memory layouts of A and B;
//  - operands_of(A, B, C, error) and run(...): the host front end, from
//    device tensors to pointers and strides, then: a column-major C
//    is the row-major C^T = B * A^T (operands swapped), the operands' majors
//    are read off their unit strides and passed to the fast kernel as
//    compile-time constants, and what the fast kernel cannot take goes to
//    fallback_kernel.
// Compile with nvcc.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <type_traits>

#include "../atom/atom.hpp"

namespace TESSEL_NAMESPACE::kernels::gemm_common {

// A plain GEMM: one thread per output, fp32 accumulation. A (M,K), B (N,K),
// C (M,N) by strides; C = alpha * A * B^T + beta * C.
template <class T, class TO>
__global__ void fallback_kernel(T const* A, long long sam, long long sak, T const* B, long long sbn, long long sbk, TO* C, long long scm,
                                long long scn, int M, int N, int K, float alpha, float beta) {
  int const m = int(blockIdx.y) * 16 + int(threadIdx.y), n = int(blockIdx.x) * 16 + int(threadIdx.x);
  if (m >= M || n >= N) return;
  float s = 0.f;
  for (int k = 0; k < K; ++k) s += float(A[m * sam + k * sak]) * float(B[n * sbn + k * sbk]);
  TO& c = C[m * scm + n * scn];
  c = TO(beta != 0.f ? alpha * s + beta * float(c) : alpha * s);
}

// describe()'s lines for Cfg's TiledMMA (and its C, A, B TV layouts) and the
// shared-memory layouts of A and B (Cfg::TiledMma, SmemLayoutA, SmemLayoutB).
template <class Cfg>
void print_mma_and_smem() {
  typename Cfg::TiledMma mma;
  std::printf("  TiledMMA: ");
  print(mma);
  std::printf("\n  C TV layout (thread, value) -> (m, n) index: ");
  print(mma.get_layoutC_TV());
  std::printf("\n  A TV layout: ");
  print(mma.get_layoutA_TV());
  std::printf("\n  B TV layout: ");
  print(mma.get_layoutB_TV());
  std::printf("\n  smem A (BM,BK,stages): ");
  print(typename Cfg::SmemLayoutA{});
  std::printf("\n  smem B (BN,BK,stages): ");
  print(typename Cfg::SmemLayoutB{});
}

// The operands of one GEMM call: A (M,K), B (N,K), C (M,N) by element strides.
template <class T, class TO>
struct Operands {
  T const* a;
  long long sam, sak;
  T const* b;
  long long sbn, sbk;
  TO* c;
  long long scm, scn;
  int M, N, K;
};

// The operands of device tensors A (M,K), B (N,K), C (M,N); shapes_error is
// the named error when their shapes do not agree.
template <class T, class TO, class TA, class TB, class TC>
Operands<T, TO> operands_of(TA const& A, TB const& B, TC const& C, char const* shapes_error) {
  int const M = int(size<0>(A.layout())), K = int(size<1>(A.layout())), N = int(size<0>(B.layout()));
  TESSEL_CHECK(int(size<1>(B.layout())) == K && int(size<0>(C.layout())) == M && int(size<1>(C.layout())) == N, shapes_error);
  return {raw_pointer_cast(A.data()), (long long)stride<0>(A.layout()), (long long)stride<1>(A.layout()),
          raw_pointer_cast(B.data()), (long long)stride<0>(B.layout()), (long long)stride<1>(B.layout()),
          raw_pointer_cast(C.data()), (long long)stride<0>(C.layout()), (long long)stride<1>(C.layout()),
          M, N, K};
}

// C = alpha * A * B^T + beta * C. fast_ok(ops) says whether the fast kernel
// takes the operands as they are (each with a unit stride, and whatever else
// it needs); fast(a_k, b_k, a, lda, b, ldb, c, ldc, M, N, K) runs it on a
// row-major C, a_k and b_k being std::bool_constant<operand is K-major>.
// Anything else runs fallback_kernel.
template <class T, class TO, class FastOk, class Fast>
cudaError_t run(Operands<T, TO> const& o, float alpha, float beta, cudaStream_t stream, FastOk const& fast_ok, Fast const& fast) {
  if (o.M == 0 || o.N == 0) return cudaSuccess;
  if (fast_ok(o) && (o.scn == 1 || o.scm == 1)) {
    // row-major C as given, or column-major C as the row-major C^T (N, M) = B (N,K) * A^T
    bool const rows = o.scn == 1;
    T const* a = rows ? o.a : o.b;
    T const* b = rows ? o.b : o.a;
    long long const s0a = rows ? o.sam : o.sbn, s1a = rows ? o.sak : o.sbk;
    long long const s0b = rows ? o.sbn : o.sam, s1b = rows ? o.sbk : o.sak;
    long long const ldc = rows ? o.scm : o.scn;
    int const M = rows ? o.M : o.N, N = rows ? o.N : o.M;
    bool const ak = s1a == 1, bk = s1b == 1;
    long long const lda = ak ? s0a : s1a, ldb = bk ? s0b : s1b;
    using K_ = std::true_type;
    using MN = std::false_type;
    if (ak && bk) return fast(K_{}, K_{}, a, lda, b, ldb, o.c, ldc, M, N, o.K);
    if (ak) return fast(K_{}, MN{}, a, lda, b, ldb, o.c, ldc, M, N, o.K);
    if (bk) return fast(MN{}, K_{}, a, lda, b, ldb, o.c, ldc, M, N, o.K);
    return fast(MN{}, MN{}, a, lda, b, ldb, o.c, ldc, M, N, o.K);
  }
  dim3 block(16, 16), grid(unsigned((o.N + 15) / 16), unsigned((o.M + 15) / 16));
  fallback_kernel<T, TO><<<grid, block, 0, stream>>>(o.a, o.sam, o.sak, o.b, o.sbn, o.sbk, o.c, o.scm, o.scn, o.M, o.N, o.K, alpha, beta);
  return cudaGetLastError();
}

}  // namespace tessel::kernels::gemm_common
