// tessel/kernels/gemm_common.cuh: what the two GEMM kernels (gemm_sm80.cuh,
// gemm_sm90.cuh) share on either side of their main loops:
//  - GemmOptions (raster swizzle, cluster, epilogue, where to report the
//    launch's figures) and LaunchInfo (those figures): passed explicitly, no
//    global state;
//  - operand_layout<Major>: an operand's global layout with its unit stride static;
//  - fallback_kernel and fallback_grid: the plain GEMM for operands the fast
//    kernels cannot take;
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

#include <string>

#include <cuda_runtime.h>

#include <climits>
#include <cstdio>
#include <type_traits>

#include "../atom/atom.hpp"
#include "device_cache.hpp"

namespace TESSEL_NAMESPACE::kernels {

// The epilogue of a GEMM call: automatic (the Hopper kernel's shared-memory +
// TMA-store epilogue where it applies: 16-bit C, beta = 0, C 16-byte aligned;
// registers -> global memory otherwise), direct (always registers -> global
// memory), tma (the TMA epilogue; a named error where it does not apply).
enum class GemmEpilogue { automatic, direct, tma };

// The figures of one launch (diagnostics, written where GemmOptions::info points).
struct LaunchInfo {
  int tiles_m = 0, tiles_n = 0, k_tiles = 0;  // tiles_m: in units of the cluster's M tiles
  int log_swizzle = 0;                        // the raster: groups of 2^log_swizzle columns of tiles
  int positions = 0;                          // raster positions (size of the raster layout)
  int grid = 0;                               // CTAs launched
  int sms = 0;                                // the device's SM count (sm90)
  int max_clusters2 = 0;                      // clusters of 2 that fit at once (sm90; -1: the query failed)
  int cluster = 1;                            // sm90: CTAs per cluster of the launch (chosen or asked for)
  bool vec_a = false, vec_b = false;          // sm80: the operands' 16-byte cp.async vectors
  bool epilogue_tma = false;                  // sm90: the epilogue through shared memory and TMA stores
  bool fallback = false;                      // the plain fallback kernel ran
  int stream_k_tiles = 0;                     // sm90: the tiles of the stream-K tail (split along K among the grid's clusters; 0: none)
};

// The options of a GEMM call.
struct GemmOptions {
  int log_swizzle = -1;                           // the raster's swizzle: -1 chosen for L2 (choose_log_swizzle), 0 the identity raster
  int cluster = -1;                               // sm90: CTAs per cluster along M: 1 none, 2 pairs sharing B by TMA multicast,
                                                  // -1 chosen: 2 where K >= cluster_min_k (8-bit, by default: or 128+ M tiles) and there are 2 or more M tiles, else 1
  // The K from which clusters of 2 are chosen (-1: the configuration's, sm90::default_cluster_min_k).
  // A long k-loop lets the CTAs of a wave drift apart, so that the M tiles of one column stop sharing B
  // through L2 and re-read it from DRAM; a pair that shares B by multicast reads it once. 8-bit inputs:
  // 9216 (H100, bf16, session 9: K = 11008 1.04-1.10x the no-cluster kernel, DRAM reads 1.85 -> 1.57 GB;
  // at K = 8192 0.94-0.99x in blocks of 30 calls; bench/RESULTS.md, 2026-11-26, "GEMM in one process"),
  // and, at the default threshold, from 128 M tiles at any K (sm90::choose_cluster, FP8 session 15).
  // 16-bit inputs: 0, pairs at every K: with calls interleaved one by one with cuBLAS, clusters of 2 are
  // 1.001-1.021x no cluster on every bench shape of K <= 8192 on the H100 (the raster 2^2 both; 1.024x at
  // 16384 x 11008 x 4096 with 2^3 both; session 13), and within 0.003 of it on every shape on the H200
  // (session 12).
  int cluster_min_k = -1;
  GemmEpilogue epilogue = GemmEpilogue::automatic;
  // sm90, 16-bit: the raster's last partial wave split along K among all the persistent clusters (stream-K,
  // scheduler.cuh's StreamKTail): 0 never, 1 wherever it applies (a partial last wave after a whole one), -1 chosen
  // (sm90::choose_stream_k). Never while the stream is being captured into a CUDA graph (the tail's workspace
  // is per stream and allocated on first use): the plain kernel then, the same result.
  int stream_k = -1;
  // sm90: the raster's last, partial group of columns of tiles (where 2^log_swizzle does not divide them): 1 a group of
  // its own, no positions that are no tiles (scheduler.cuh's RasterScheduler), 0 padded to 2^log_swizzle columns (the
  // persistent walk then counts the padding's empty positions), -1 chosen (sm90::choose_raster_rest: 1 for 16-bit inputs and the
  // promoted 8-bit configurations).
  int raster_rest = -1;
  int grid = 0;                                   // sm90: the most clusters launched (0: as many as run at once; tests)
  LaunchInfo* info = nullptr;                     // where the launch's figures go (nullptr: nowhere)
};

namespace gemm_common {

// An operand's global layout (rows, K) with its unit stride static: K-major
// (rows, K) : (ld, 1), MN-major (rows, K) : (1, ld).
template <GMMA::Major Mj, class LD>
TESSEL_HOST_DEVICE auto operand_layout(int rows, int k, LD ld) {
  if constexpr (Mj == GMMA::Major::K) return make_layout(make_shape(rows, k), make_stride(ld, Int<1>{}));
  else return make_layout(make_shape(rows, k), make_stride(Int<1>{}, ld));
}

// A plain GEMM: one thread per output, fp32 accumulation. A (M,K), B (N,K),
// C (M,N) by strides; C = alpha * A * B^T + beta * C. Launch with
// kFallbackBlock x kFallbackBlock threads and fallback_grid(M, N): the rows
// loop over the grid's y (CUDA caps grid.y at kMaxGridY, M may be larger).
inline constexpr int kFallbackBlock = 16;
inline constexpr long long kMaxGridY = 65535;
template <class T, class TO>
__global__ void fallback_kernel(T const* A, long long sam, long long sak, T const* B, long long sbn, long long sbk, TO* C, long long scm,
                                long long scn, int M, int N, int K, float alpha, float beta) {
  long long const n = (long long)blockIdx.x * kFallbackBlock + threadIdx.x;
  if (n >= N) return;
  for (long long m = (long long)blockIdx.y * kFallbackBlock + threadIdx.y; m < M; m += (long long)gridDim.y * kFallbackBlock) {
    float s = 0.f;
    for (int k = 0; k < K; ++k) s += float(A[m * sam + k * sak]) * float(B[n * sbn + k * sbk]);
    TO& c = C[m * scm + n * scn];
    c = TO(beta != 0.f ? alpha * s + beta * float(c) : alpha * s);
  }
}

// fallback_kernel's grid for an M x N output: x covers N in blocks, y covers
// M in blocks up to CUDA's kMaxGridY (then the rows loop).
struct FallbackGrid {
  unsigned x = 0, y = 0;
};
inline FallbackGrid fallback_grid(int M, int N) {
  long long const y = (M + kFallbackBlock - 1ll) / kFallbackBlock;
  return {unsigned((N + kFallbackBlock - 1ll) / kFallbackBlock), unsigned(y < kMaxGridY ? y : kMaxGridY)};
}

// The epilogues store values (i, i + 1) of a thread's accumulators as a pair
// of neighbouring columns (c, c + 1) of one row, c even: checked here against
// the TiledMMA's C layout over the whole (BM, BN) tile, for every thread.
template <class TiledMma, class BM, class BN>
inline bool check_epilogue_pairs() {
  TiledMma mma;
  int const threads = int(size(mma));
  for (int t = 0; t < threads; ++t) {
    auto const tc = mma.get_slice(t).partition_C(make_identity_tensor(Shape<BM, BN>{}));
    int const vals = int(size(tc.layout()));
    if (vals % 2 != 0) return false;
    for (int v = 0; v + 1 < vals; v += 2) {
      auto const a = tc(v), b = tc(v + 1);
      if (int(get<0>(a)) != int(get<0>(b)) || int(get<1>(a)) + 1 != int(get<1>(b)) || int(get<1>(a)) % 2 != 0) return false;
    }
  }
  return true;
}

// What every launch_gemm checks first, whatever TESSEL_NO_CHECKS says: the
// epilogues' assumption about Cfg's TiledMMA (static per configuration,
// computed once), then the problem; the named errors start with `kernel`.
// Returns false where there is nothing to launch (M or N is 0).
template <class Cfg>
bool launch_checks(int M, int N, int K, char const* kernel) {
  static bool const pairs_ok = check_epilogue_pairs<typename Cfg::TiledMma, typename Cfg::BM, typename Cfg::BN>();
  if (!pairs_ok) fail((std::string(kernel) + ": the TiledMMA's C layout does not hold column pairs").c_str());
  if (M <= 0 || N <= 0) return false;
  if (K <= 0) fail((std::string(kernel) + ": K = 0 (tessel layouts have no empty modes)").c_str());
  return true;
}

// The CTA tiles of an M x N x K problem in Cfg's (BM, BN, BK): along M, N and K.
struct TileCounts {
  int m = 0, n = 0, k = 0;
};
template <class Cfg>
TileCounts tile_counts(int M, int N, int K) {
  auto const up = [](int x, int b) { return int((x + (long long)b - 1) / b); };
  return {up(M, Cfg::BM::value), up(N, Cfg::BN::value), up(K, Cfg::BK::value)};
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

// The element types of the GEMM front ends' tensors A (M,K), B (N,K), C (M,N)
// (cuda::gemm, cuda::gemm_sm80), checked when named: T of A and B, TO of C.
template <class TA, class TB, class TC>
struct GemmTypes {
  using T = std::remove_cv_t<typename TA::value_type>;
  using TO = std::remove_cv_t<typename TC::value_type>;
  static_assert(std::is_same_v<T, std::remove_cv_t<typename TB::value_type>>, "tessel::cuda::gemm: A and B have different types");
  static_assert(std::is_same_v<T, bfloat16_t> || std::is_same_v<T, half_t>, "tessel::cuda::gemm: A and B are bf16 or fp16");
  static_assert(std::is_same_v<TO, bfloat16_t> || std::is_same_v<TO, half_t> || std::is_same_v<TO, float>,
                "tessel::cuda::gemm: C is bf16, fp16 or fp32");
  static_assert(decltype(rank(std::declval<TA>().layout()))::value == 2 && decltype(rank(std::declval<TB>().layout()))::value == 2 &&
                    decltype(rank(std::declval<TC>().layout()))::value == 2,
                "tessel::cuda::gemm: A (M,K), B (N,K), C (M,N)");
};

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

// An extent of a GEMM operand as the kernels' int: named errors where it does
// not fit (the kernels index tiles and rows with 32-bit integers).
inline int gemm_extent(long long e) {
  if (e < 0 || e > INT_MAX) fail("cuda::gemm: an extent of A, B or C does not fit in 32 bits");
  return int(e);
}

// The operands of device tensors A (M,K), B (N,K), C (M,N); shapes_error is
// the named error when their shapes do not agree. (Checked whatever
// TESSEL_NO_CHECKS says: host code, once per call.)
template <class T, class TO, class TA, class TB, class TC>
Operands<T, TO> operands_of(TA const& A, TB const& B, TC const& C, char const* shapes_error) {
  long long const M = (long long)size<0>(A.layout()), K = (long long)size<1>(A.layout()), N = (long long)size<0>(B.layout());
  if ((long long)size<1>(B.layout()) != K || (long long)size<0>(C.layout()) != M || (long long)size<1>(C.layout()) != N) fail(shapes_error);
  return {raw_pointer_cast(A.data()), (long long)stride<0>(A.layout()), (long long)stride<1>(A.layout()),
          raw_pointer_cast(B.data()), (long long)stride<0>(B.layout()), (long long)stride<1>(B.layout()),
          raw_pointer_cast(C.data()), (long long)stride<0>(C.layout()), (long long)stride<1>(C.layout()),
          gemm_extent(M), gemm_extent(N), gemm_extent(K)};
}

// C = alpha * A * B^T + beta * C. fast_ok(ops) says whether the fast kernel
// takes the operands as they are (each with a unit stride, and whatever else
// it needs); fast(a_k, b_k, a, lda, b, ldb, c, ldc, M, N, K) runs it on a
// row-major C, a_k and b_k being std::bool_constant<operand is K-major>.
// Anything else runs fallback_kernel.
template <class T, class TO, class FastOk, class Fast>
cudaError_t run(Operands<T, TO> const& o, float alpha, float beta, cudaStream_t stream, GemmOptions const& opt, FastOk const& fast_ok,
                Fast const& fast) {
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
  if (opt.epilogue == GemmEpilogue::tma) fail("cuda::gemm: the TMA epilogue was asked for, but the operands take the fallback kernel");
  FallbackGrid const g = fallback_grid(o.M, o.N);
  if (opt.info) {
    *opt.info = LaunchInfo{};
    long long const blocks = (long long)g.x * g.y;
    opt.info->grid = blocks > INT_MAX ? INT_MAX : int(blocks);
    opt.info->fallback = true;
  }
  fallback_kernel<T, TO><<<dim3(g.x, g.y), dim3(kFallbackBlock, kFallbackBlock), 0, stream>>>(o.a, o.sam, o.sak, o.b, o.sbn, o.sbk, o.c, o.scm, o.scn, o.M, o.N, o.K,
                                                                      alpha, beta);
  return cudaGetLastError();
}

// Whether each operand has a unit stride (the Ampere-style kernel's need).
struct UnitStrides {
  template <class T, class TO>
  bool operator()(Operands<T, TO> const& o) const {
    return (o.sak == 1 || o.sam == 1) && (o.sbk == 1 || o.sbn == 1);
  }
};

// The front ends (cuda::gemm, cuda::gemm_sm80) in one: C = alpha * A * B^T +
// beta * C for device tensors, `kernel` naming the errors, with the fast path
// where FastOk{}(operands) says so: Launch::call<T, TO, A K-major, B K-major>(a,
// lda, b, ldb, c, ldc, M, N, K, alpha, beta, stream, options) on a row-major C
// (run() above), else the fallback kernel.
template <class Launch, class FastOk>
struct FrontEnd {
  char const* kernel;
  template <class EA, class LA, class EB, class LB, class EC, class LC>
  cudaError_t operator()(Tensor<EA, LA> const& A, Tensor<EB, LB> const& B, Tensor<EC, LC> const& C, float alpha, float beta,
                         cudaStream_t stream = 0, GemmOptions const& options = {}) const {
    using Types = GemmTypes<Tensor<EA, LA>, Tensor<EB, LB>, Tensor<EC, LC>>;
    using T = typename Types::T;
    using TO = typename Types::TO;
    auto const ops = operands_of<T, TO>(A, B, C, (std::string(kernel) + ": the shapes of A (M,K), B (N,K), C (M,N) do not agree").c_str());
    auto const fast = [&](auto a_k, auto b_k, T const* a, long long lda, T const* b, long long ldb, TO* c, long long ldc, int m, int n, int k) {
      return Launch::template call<T, TO, decltype(a_k)::value, decltype(b_k)::value>(a, lda, b, ldb, c, ldc, m, n, k, alpha, beta, stream,
                                                                                      options);
    };
    return run(ops, alpha, beta, stream, options, FastOk{}, fast);
  }
};

}  // namespace gemm_common
}  // namespace tessel::kernels
