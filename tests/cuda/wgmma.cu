// Hopper wgmma on the GPU (sm_90a): every wgmma op kind (f32 += f16*f16,
// f32 += bf16*bf16, f16 += f16*f16; A from shared memory (SS) or registers
// (RS)), each tiled two ways or more, against a plain reference on random data.
//
// Each case computes C = A * B^T (A: M x K, B: N x K, both K-contiguous in
// global memory; C column-major), M, N and K not multiples of the tile, so the
// edge tiles are partial: a block copies its A and B tiles into swizzled shared
// memory (built by tile_to_shape from the GMMA layout atoms, K- or MN-major as
// the op's majors say) with zeros outside the matrices, then partitions them
// with its ThrMMA: SS ops get descriptor fragments (partition_fragment_A/B),
// RS ops copy their A values to registers. The C fragment starts as garbage
// and the first k-block runs with accumulate_ = Zero. Writes are predicated by
// an identity tensor. The data are small nonzero integers, so every result is
// exact in every type and the host compares bit for bit.
//
// CI only compiles this file. Run: build/cuda/wgmma (tests/cuda/run_hopper.sh
// also runs it under compute-sanitizer). Prints one line per case and
// "N passed, M failed"; exit 0 when M == 0, 1 when M > 0, 2 without a GPU.
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>
#include <tessel/atom/copy_sm90.hpp>

using namespace tessel;
using KM = GMMA::Major;

namespace {

constexpr int kKTile = 64;  // K per shared-memory tile (4 wgmma k-blocks)

// The C tile and its coordinates are static-shaped (a dynamic layout's checked
// arithmetic would put a function call, the error report, into the kernel, and
// ptxas serializes wgmma in a kernel with a call).
template <class Mma, class T, class TC, class AtomA, class AtomB, bool RS, bool NegA>
__global__ void __launch_bounds__(256) wgmma_kernel(T const* A, T const* B, TC* C, int M, int N, int K) {
  Mma mma{};
  using TM = decltype(tile_size<0>(mma));
  using TN = decltype(tile_size<1>(mma));
  constexpr int threads = decltype(size(mma))::value;
  extern __shared__ unsigned char smem_raw[];
  // 1024-byte alignment for the 128-byte swizzle's period
  auto base = reinterpret_cast<unsigned char*>((reinterpret_cast<std::uintptr_t>(smem_raw) + 1023) & ~std::uintptr_t(1023));
  T* smem_a = reinterpret_cast<T*>(base);
  T* smem_b = smem_a + TM::value * kKTile;
  auto sA = make_tensor(make_smem_ptr(smem_a), tile_to_shape(AtomA{}, make_shape(TM{}, Int<kKTile>{})));
  auto sB = make_tensor(make_smem_ptr(smem_b), tile_to_shape(AtomB{}, make_shape(TN{}, Int<kKTile>{})));
  int const bm = int(blockIdx.x), bn = int(blockIdx.y), tid = int(threadIdx.x);

  int const m0 = bm * TM::value, n0 = bn * TN::value;
  auto gC = make_tensor(make_gmem_ptr(C + m0 + std::size_t(n0) * M), make_layout(make_shape(TM{}, TN{}), make_stride(Int<1>{}, M)));
  auto thr = mma.get_slice(tid);
  auto tCgC = thr.partition_C(gC);
  auto tCcC = thr.partition_C(make_identity_tensor(make_shape(TM{}, TN{})));  // coordinates within the tile
  auto tCrC = thr.partition_fragment_C(gC);
  TESSEL_UNROLL
  for (int i = 0; i < int(size(tCrC.layout())); ++i) tCrC(i) = TC(float(1000 + i));  // garbage: accumulate_ = Zero first

  mma.accumulate_ = GMMA::ScaleOut::Zero;  // the first k-block overwrites the garbage (CuTe's default is One)
  int const k_tiles = (K + kKTile - 1) / kKTile;
  for (int kt = 0; kt < k_tiles; ++kt) {
    for (int i = tid; i < TM::value * kKTile; i += threads) {
      int const m = i / kKTile, k = i % kKTile, gm = bm * TM::value + m, gk = kt * kKTile + k;
      sA(m, k) = (gm < M && gk < K) ? A[gm * K + gk] : T(0.0f);
    }
    for (int i = tid; i < TN::value * kKTile; i += threads) {
      int const n = i / kKTile, k = i % kKTile, gn = bn * TN::value + n, gk = kt * kKTile + k;
      sB(n, k) = (gn < N && gk < K) ? B[gn * K + gk] : T(0.0f);
    }
    fence_view_async_shared();  // the generic-proxy writes above, before wgmma reads them
    __syncthreads();
    auto tCrB = thr.partition_fragment_B(sB);
    auto tCrA = thr.partition_fragment_A(sA);
    if constexpr (RS) {
      auto tCsA = thr.partition_A(sA);
      TESSEL_UNROLL
      for (int i = 0; i < int(size(tCrA.layout())); ++i) tCrA(i) = tCsA(i);
      warpgroup_fence_operand(tCrA);
    }
    warpgroup_fence_operand(tCrC);
    warpgroup_arrive();
    TESSEL_UNROLL
    for (int kb = 0; kb < int(size<2>(tCrB.layout())); ++kb) {
      gemm(mma, tCrA(_, _, kb), tCrB(_, _, kb), tCrC);
      mma.accumulate_ = GMMA::ScaleOut::One;
    }
    warpgroup_commit_batch();
    warpgroup_wait<0>();
    warpgroup_fence_operand(tCrC);
    __syncthreads();  // before the next k tile overwrites shared memory
  }
  TESSEL_UNROLL
  for (int i = 0; i < int(size(tCrC.layout())); ++i)
    if (elem_less(tCcC(i), make_coord(M - m0, N - n0))) tCgC(i) = tCrC(i);
}

bool cuda_ok(cudaError_t e, char const* what) {
  if (e != cudaSuccess) std::printf("%s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}

struct Totals { int passed = 0, failed = 0; };

// One case: random A, B of small nonzero integers, the kernel, the reference.
template <class Mma, class T, class TC, class AtomA, class AtomB, bool RS, bool NegA = false>
void run(char const* name, int M, int N, int K, std::mt19937& rng, Totals& tot) {
  using TM = decltype(tile_size<0>(Mma{}));
  using TN = decltype(tile_size<1>(Mma{}));
  std::uniform_int_distribution<int> d(-3, 3);
  auto nz = [&] { int v = 0; while (v == 0) v = d(rng); return v; };
  std::vector<T> a(std::size_t(M) * K), b(std::size_t(N) * K);
  std::vector<int> ai(a.size()), bi(b.size());
  for (std::size_t i = 0; i < a.size(); ++i) { ai[i] = nz(); a[i] = T(float(ai[i])); }
  for (std::size_t i = 0; i < b.size(); ++i) { bi[i] = nz(); b[i] = T(float(bi[i])); }
  T *da, *db;
  TC* dc;
  std::vector<TC> c(std::size_t(M) * N, TC(-12345.0f));
  bool ok = cuda_ok(cudaMalloc(&da, a.size() * sizeof(T)), "cudaMalloc") && cuda_ok(cudaMalloc(&db, b.size() * sizeof(T)), "cudaMalloc") &&
            cuda_ok(cudaMalloc(&dc, c.size() * sizeof(TC)), "cudaMalloc");
  ok = ok && cuda_ok(cudaMemcpy(da, a.data(), a.size() * sizeof(T), cudaMemcpyHostToDevice), "memcpy") &&
       cuda_ok(cudaMemcpy(db, b.data(), b.size() * sizeof(T), cudaMemcpyHostToDevice), "memcpy") &&
       cuda_ok(cudaMemcpy(dc, c.data(), c.size() * sizeof(TC), cudaMemcpyHostToDevice), "memcpy");
  auto kernel = wgmma_kernel<Mma, T, TC, AtomA, AtomB, RS, NegA>;
  int const smem = int((TM::value + TN::value) * kKTile * sizeof(T)) + 1024;
  ok = ok && cuda_ok(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem), "smem attribute");
  dim3 grid((M + TM::value - 1) / TM::value, (N + TN::value - 1) / TN::value);
  if (ok) {
    kernel<<<grid, int(size(Mma{})), smem>>>(da, db, dc, M, N, K);
    ok = cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel");
  }
  ok = ok && cuda_ok(cudaMemcpy(c.data(), dc, c.size() * sizeof(TC), cudaMemcpyDeviceToHost), "memcpy");
  int bad = 0;
  for (int m = 0; ok && m < M; ++m)
    for (int n = 0; n < N; ++n) {
      long long r = 0;
      for (int k = 0; k < K; ++k) r += (long long)ai[std::size_t(m) * K + k] * bi[std::size_t(n) * K + k];
      if (NegA) r = -r;
      float const got = float(c[std::size_t(m) + std::size_t(n) * M]);
      if (got != float(r) && bad++ < 3) std::printf("  C(%d,%d) = %g, expected %lld\n", m, n, got, r);
    }
  ok = ok && bad == 0;
  cudaFree(da), cudaFree(db), cudaFree(dc);
  std::printf("%s %s (%dx%dx%d)\n", ok ? "PASS" : "FAIL", name, M, N, K);
  (ok ? tot.passed : tot.failed)++;
}

}  // namespace

int main() {
  int devices = 0;
  if (!cuda_ok(cudaGetDeviceCount(&devices), "cudaGetDeviceCount") || devices == 0) {
    std::printf("no CUDA device: nothing run\n");
    return 2;
  }
  std::mt19937 rng(20261123);
  Totals tot;
  using H = half_t;
  using BF = bfloat16_t;
  using L111 = Layout<Shape<_1, _1, _1>>;
  using L211 = Layout<Shape<_2, _1, _1>>;
  using L121 = Layout<Shape<_1, _2, _1>>;
#define TM(LAY, ...) decltype(make_tiled_mma(__VA_ARGS__{}, LAY{}))
  // f32 += f16 * f16, SS
  run<TM(L111, SM90_64x64x16_F32F16F16_SS<KM::K, KM::K>), H, float, GMMA::Layout_K_SW128_Atom<H>, GMMA::Layout_K_SW128_Atom<H>, false>(
      "F32F16F16_SS<K,K> N=64 1x1x1 SW128/SW128", 100, 90, 150, rng, tot);
  run<TM(L121, SM90_64x128x16_F32F16F16_SS<KM::MN, KM::MN>), H, float, GMMA::Layout_MN_SW128_Atom<H>, GMMA::Layout_MN_SW64_Atom<H>, false>(
      "F32F16F16_SS<MN,MN> N=128 1x2x1 MN_SW128/MN_SW64", 130, 300, 70, rng, tot);
  run<TM(L211, SM90_64x16x16_F32F16F16_SS<KM::K, KM::K, GMMA::ScaleIn::Neg>), H, float, GMMA::Layout_K_SW32_Atom<H>,
      GMMA::Layout_K_SW64_Atom<H>, false, true>("F32F16F16_SS<K,K,Neg> N=16 2x1x1 SW32/SW64", 200, 40, 64, rng, tot);
  // f32 += f16 * f16, RS
  run<TM(L111, SM90_64x8x16_F32F16F16_RS<KM::K, KM::MN>), H, float, GMMA::Layout_K_SW128_Atom<H>, GMMA::Layout_MN_INTER_Atom<H>, true>(
      "F32F16F16_RS<K,MN> N=8 1x1x1 SW128/MN_INTER", 70, 21, 100, rng, tot);
  run<TM(L211, SM90_64x256x16_F32F16F16_RS<KM::K, KM::K>), H, float, GMMA::Layout_K_SW128_Atom<H>, GMMA::Layout_K_SW128_Atom<H>, true>(
      "F32F16F16_RS<K,K> N=256 2x1x1 SW128/SW128", 150, 260, 64, rng, tot);
  // f32 += bf16 * bf16, SS
  run<TM(L111, SM90_64x256x16_F32BF16BF16_SS<KM::K, KM::MN>), BF, float, GMMA::Layout_K_SW64_Atom<BF>, GMMA::Layout_MN_SW128_Atom<BF>, false>(
      "F32BF16BF16_SS<K,MN> N=256 1x1x1 SW64/MN_SW128", 64, 256, 128, rng, tot);
  run<TM(L211, SM90_64x200x16_F32BF16BF16_SS<KM::K, KM::K>), BF, float, GMMA::Layout_K_SW128_Atom<BF>, GMMA::Layout_K_SW128_Atom<BF>, false>(
      "F32BF16BF16_SS<K,K> N=200 2x1x1 SW128/SW128", 129, 201, 65, rng, tot);
  // f32 += bf16 * bf16, RS
  run<TM(L211, SM90_64x96x16_F32BF16BF16_RS<KM::K, KM::K>), BF, float, GMMA::Layout_K_SW128_Atom<BF>, GMMA::Layout_K_SW32_Atom<BF>, true>(
      "F32BF16BF16_RS<K,K> N=96 2x1x1 SW128/SW32", 255, 100, 64, rng, tot);
  run<TM(L121, SM90_64x40x16_F32BF16BF16_RS<KM::K, KM::MN>), BF, float, GMMA::Layout_K_SW64_Atom<BF>, GMMA::Layout_MN_INTER_Atom<BF>, true>(
      "F32BF16BF16_RS<K,MN> N=40 1x2x1 SW64/MN_INTER", 64, 81, 90, rng, tot);
  // f16 += f16 * f16, SS
  run<TM(L211, SM90_64x32x16_F16F16F16_SS<KM::K, KM::K>), H, H, GMMA::Layout_K_INTER_Atom<H>, GMMA::Layout_K_INTER_Atom<H>, false>(
      "F16F16F16_SS<K,K> N=32 2x1x1 INTER/INTER", 130, 70, 64, rng, tot);
  run<TM(L111, SM90_64x48x16_F16F16F16_SS<KM::MN, KM::K>), H, H, GMMA::Layout_MN_SW64_Atom<H>, GMMA::Layout_K_SW64_Atom<H>, false>(
      "F16F16F16_SS<MN,K> N=48 1x1x1 MN_SW64/SW64", 64, 48, 100, rng, tot);
  // f16 += f16 * f16, RS
  run<TM(L111, SM90_64x24x16_F16F16F16_RS<KM::K, KM::K>), H, H, GMMA::Layout_K_SW64_Atom<H>, GMMA::Layout_K_SW32_Atom<H>, true>(
      "F16F16F16_RS<K,K> N=24 1x1x1 SW64/SW32", 65, 30, 64, rng, tot);
  run<TM(L211, SM90_64x128x16_F16F16F16_RS<KM::K, KM::MN>), H, H, GMMA::Layout_K_SW128_Atom<H>, GMMA::Layout_MN_SW128_Atom<H>, true>(
      "F16F16F16_RS<K,MN> N=128 2x1x1 SW128/MN_SW128", 128, 129, 64, rng, tot);
#undef TM
  std::printf("%d passed, %d failed\n", tot.passed, tot.failed);
  return tot.failed ? 1 : 0;
}
