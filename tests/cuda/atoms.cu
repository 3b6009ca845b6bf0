// The atom layer on the GPU: every MMA and copy operation of atom/ tiled at
// least two ways, against a plain reference on random data, with partial
// tiles at the matrix edges handled by predication (identity tensors,
// elem_less, copy_if).
//
// GEMM cases (C = A * B^T, A M x K and B N x K both K-major in global memory,
// C column-major, all sizes not multiples of the tile so that every edge tile
// is partial): each block loads its A and B tiles into shared memory with a
// TiledCopy and copy_if (UniversalCopy, or cp.async 8/16-byte vectors along K),
// each thread partitions them with its ThrMMA and moves them to registers
// (partition_A + copy, or an ldmatrix TiledCopy from make_tiled_copy_A/B with
// retile_D), runs gemm, and writes its C values where they are inside the
// matrix. The data are small nonzero integers, so every product and sum is
// exact in every type (f16, bf16, tf32, f32 and the f16 accumulator) and the
// host compares bit for bit.
//
// ldmatrix cases: one tile in shared memory; each thread's fragment loaded by
// an ldmatrix TiledCopy (x1, x2, x4, and .trans x2, x4, x8) is compared with
// the values that the host computes through the same partition on the host.
//
// Copy cases: a matrix copied global -> registers -> global (UniversalCopy,
// 16-byte UniversalCopy vectors, AutoVectorizingCopy) or global -> shared
// (cp.async .ca and .cg, then cp_async_fence/cp_async_wait) -> global, tiled
// two ways each, with edge tiles (except AutoVectorizingCopy, whose atom
// copies whole tensors and has no predicated form). The output is poisoned
// first and compared bit for bit.
//
// CI only compiles this file (for sm_90a and sm_80). Run: build/cuda/atoms.
// Prints one line per case and "N passed, M failed"; exit status 0 when M ==
// 0, 1 when M > 0, 2 when there is no GPU (or CUDA fails).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

using namespace tessel;

namespace {

constexpr int kPlain = 0;  // shared -> registers: partition_A/B + copy
constexpr int kLdsm = 1;   // shared -> registers: make_tiled_copy_A/B + retile_D

// A predicated tile load: the thread's part of g (global) goes to s (shared)
// where its coordinate (from the identity tile c) is inside bound.
// Threads beyond the tiled copy's take no part.
template <class TC, class G, class C, class S, class B>
__device__ void load_tile(TC const& tiled, G const& g, C const& c, S&& s, B const& bound) {
  if (int(threadIdx.x) >= int(typename TC::TiledNumThr{})) return;
  auto thr = tiled.get_slice(int(threadIdx.x));
  auto tg = thr.partition_S(g);
  auto tc = thr.partition_S(c);
  auto ts = thr.partition_D(s);
  auto tp = make_tensor<bool>(tc.layout().shape());
  for (int i = 0; i < int(size(tp.layout())); ++i) tp(i) = elem_less(tc(i), bound);
  copy_if(tiled, tp, tg, ts);
}

template <class Mma, class TA, class TC, bool KMajor, int Load, class S2RA, class S2RB, class G2SA, class G2SB>
__global__ void gemm_kernel(TA const* A, TA const* B, TC* C, int M, int N, int K) {
  Mma mma{};
  using TM = decltype(tile_size<0>(mma));
  using TN = decltype(tile_size<1>(mma));
  using TK = decltype(tile_size<2>(mma));
  using SLA = std::conditional_t<KMajor, Layout<Shape<TM, TK>, Stride<TK, _1>>, Layout<Shape<TM, TK>>>;
  using SLB = std::conditional_t<KMajor, Layout<Shape<TN, TK>, Stride<TK, _1>>, Layout<Shape<TN, TK>>>;
  __shared__ alignas(16) TA smem_a[TM::value * TK::value];
  __shared__ alignas(16) TA smem_b[TN::value * TK::value];
  auto sA = make_tensor(make_smem_ptr(smem_a), SLA{});
  auto sB = make_tensor(make_smem_ptr(smem_b), SLB{});
  auto mA = make_tensor(make_gmem_ptr(A), make_layout(make_shape(M, K), make_stride(K, Int<1>{})));
  auto mB = make_tensor(make_gmem_ptr(B), make_layout(make_shape(N, K), make_stride(K, Int<1>{})));
  auto mC = make_tensor(make_gmem_ptr(C), make_layout(make_shape(M, N), make_stride(Int<1>{}, M)));
  auto cA = make_identity_tensor(make_shape(M, K));
  auto cB = make_identity_tensor(make_shape(N, K));
  auto cC = make_identity_tensor(make_shape(M, N));
  int const bm = int(blockIdx.x), bn = int(blockIdx.y), tid = int(threadIdx.x);
  constexpr int threads = decltype(size(mma))::value;

  auto thr_mma = mma.get_slice(tid);
  auto gC = local_tile(mC, make_shape(TM{}, TN{}), make_coord(bm, bn));
  auto tCgC = thr_mma.partition_C(gC);
  auto tCrC = thr_mma.partition_fragment_C(gC);
  clear(tCrC);
  G2SA g2s_a{};
  G2SB g2s_b{};
  int const k_tiles = (K + TK::value - 1) / TK::value;
  for (int kt = 0; kt < k_tiles; ++kt) {
    for (int i = tid; i < TM::value * TK::value; i += threads) smem_a[i] = TA(0.0f);
    for (int i = tid; i < TN::value * TK::value; i += threads) smem_b[i] = TA(0.0f);
    __syncthreads();
    load_tile(g2s_a, local_tile(mA, make_shape(TM{}, TK{}), make_coord(bm, kt)),
              local_tile(cA, make_shape(TM{}, TK{}), make_coord(bm, kt)), sA, make_coord(M, K));
    load_tile(g2s_b, local_tile(mB, make_shape(TN{}, TK{}), make_coord(bn, kt)),
              local_tile(cB, make_shape(TN{}, TK{}), make_coord(bn, kt)), sB, make_coord(N, K));
    cp_async_fence();
    cp_async_wait<0>();
    __syncthreads();
    auto tCrA = thr_mma.partition_fragment_A(sA);
    auto tCrB = thr_mma.partition_fragment_B(sB);
    if constexpr (Load == kPlain) {
      copy(thr_mma.partition_A(sA), tCrA);
      copy(thr_mma.partition_B(sB), tCrB);
    } else {
      auto s2r_a = make_tiled_copy_A(S2RA{}, mma);
      auto s2r_b = make_tiled_copy_B(S2RB{}, mma);
      auto ta = s2r_a.get_slice(tid);
      auto tb = s2r_b.get_slice(tid);
      copy(s2r_a, ta.partition_S(sA), ta.retile_D(tCrA));
      copy(s2r_b, tb.partition_S(sB), tb.retile_D(tCrB));
    }
    gemm(mma, tCrC, tCrA, tCrB, tCrC);
    __syncthreads();
  }
  auto tCcC = thr_mma.partition_C(local_tile(cC, make_shape(TM{}, TN{}), make_coord(bm, bn)));
  for (int i = 0; i < int(size(tCrC.layout())); ++i) {
    if (elem_less(tCcC(i), make_coord(M, N))) tCgC(i) = TC(tCrC(i));
  }
}

// ldmatrix against the partition: one tile T x K (A: M x K, B: N x K) in shared
// memory, K-major (ldmatrix N) or MN-major (.trans); thread t writes its
// fragment (as loaded by the ldmatrix TiledCopy) to out[t * V + v].
template <class Mma, class TA, bool KMajor, bool IsA, class S2R>
__global__ void ldsm_kernel(TA const* in, TA* out) {
  Mma mma{};
  using TT = decltype(tile_size<IsA ? 0 : 1>(mma));
  using TK = decltype(tile_size<2>(mma));
  using SL = std::conditional_t<KMajor, Layout<Shape<TT, TK>, Stride<TK, _1>>, Layout<Shape<TT, TK>>>;
  __shared__ alignas(16) TA smem[TT::value * TK::value];
  constexpr int threads = decltype(size(mma))::value;
  int const tid = int(threadIdx.x);
  for (int i = tid; i < TT::value * TK::value; i += threads) smem[i] = in[i];  // in is already in SL's order
  __syncthreads();
  auto s = make_tensor(make_smem_ptr(smem), SL{});
  auto thr_mma = mma.get_slice(tid);
  if constexpr (IsA) {
    auto frag = thr_mma.partition_fragment_A(s);
    auto s2r = make_tiled_copy_A(S2R{}, mma);
    copy(s2r, s2r.get_slice(tid).partition_S(s), s2r.get_slice(tid).retile_D(frag));
    constexpr int V = decltype(size(frag.layout()))::value;
    for (int v = 0; v < V; ++v) out[tid * V + v] = frag(v);
  } else {
    auto frag = thr_mma.partition_fragment_B(s);
    auto s2r = make_tiled_copy_B(S2R{}, mma);
    copy(s2r, s2r.get_slice(tid).partition_S(s), s2r.get_slice(tid).retile_D(frag));
    constexpr int V = decltype(size(frag.layout()))::value;
    for (int v = 0; v < V; ++v) out[tid * V + v] = frag(v);
  }
}

// A copy through registers: each block copies its tile of the M x N matrix
// (layout given by RowMajor) with the tiled copy, global -> registers -> global.
template <class TCopy, class T, bool RowMajor, bool Pred>
__global__ void copy_kernel(T const* in, T* out, int M, int N) {
  TCopy tc{};
  using Tiler = typename TCopy::Tiler_MN;
  auto shape = make_shape(M, N);
  auto layout = [&] {
    if constexpr (RowMajor) return make_layout(shape, make_stride(N, Int<1>{}));
    else return make_layout(shape, make_stride(Int<1>{}, M));
  }();
  auto mS = make_tensor(make_gmem_ptr(in), layout);
  auto mD = make_tensor(make_gmem_ptr(out), layout);
  auto crd = make_coord(int(blockIdx.x), int(blockIdx.y));
  auto thr = tc.get_slice(int(threadIdx.x));
  auto tS = thr.partition_S(local_tile(mS, Tiler{}, crd));
  auto tD = thr.partition_D(local_tile(mD, Tiler{}, crd));
  auto frag = make_fragment_like(tS);
  if constexpr (Pred) {
    auto tC = thr.partition_S(local_tile(make_identity_tensor(shape), Tiler{}, crd));
    auto tP = make_tensor<bool>(tC.layout().shape());
    for (int i = 0; i < int(size(tP.layout())); ++i) tP(i) = elem_less(tC(i), shape);
    copy_if(tc, tP, tS, frag);
    copy_if(tc, tP, frag, tD);
  } else {
    copy(tc, tS, frag);
    copy(tc, frag, tD);
  }
}

// cp.async: global -> shared with the asynchronous tiled copy (predicated),
// cp_async_fence + cp_async_wait<0> + barrier, then shared -> global with a
// scalar tiled copy of another thread arrangement (predicated). Row-major M x N.
template <class TAsync, class TOut, class T, int TM, int TN>
__global__ void cp_async_kernel(T const* in, T* out, int M, int N) {
  __shared__ alignas(16) T smem[TM * TN];
  using Tile = Shape<Int<TM>, Int<TN>>;
  auto sT = make_tensor(make_smem_ptr(smem), Layout<Tile, Stride<Int<TN>, _1>>{});
  auto shape = make_shape(M, N);
  auto layout = make_layout(shape, make_stride(N, Int<1>{}));
  auto crd = make_coord(int(blockIdx.x), int(blockIdx.y));
  auto gS = local_tile(make_tensor(make_gmem_ptr(in), layout), Tile{}, crd);
  auto gD = local_tile(make_tensor(make_gmem_ptr(out), layout), Tile{}, crd);
  auto cT = local_tile(make_identity_tensor(shape), Tile{}, crd);
  {
    TAsync ta{};
    auto thr = ta.get_slice(int(threadIdx.x));
    auto tc = thr.partition_S(cT);
    auto tp = make_tensor<bool>(tc.layout().shape());
    for (int i = 0; i < int(size(tp.layout())); ++i) tp(i) = elem_less(tc(i), shape);
    copy_if(ta, tp, thr.partition_S(gS), thr.partition_D(sT));
    cp_async_fence();
    cp_async_wait<0>();
    __syncthreads();
  }
  {
    TOut to{};
    auto thr = to.get_slice(int(threadIdx.x));
    auto tc = thr.partition_S(cT);
    auto tp = make_tensor<bool>(tc.layout().shape());
    for (int i = 0; i < int(size(tp.layout())); ++i) tp(i) = elem_less(tc(i), shape);
    copy_if(to, tp, thr.partition_S(sT), thr.partition_D(gD));
  }
}

// ---- host side ---------------------------------------------------------------------------------------

bool cuda_ok(cudaError_t e, char const* what) {
  if (e == cudaSuccess) return true;
  std::printf("%s: %s\n", what, cudaGetErrorString(e));
  return false;
}

struct Totals {
  long passed = 0, failed = 0;
  bool cuda_failed = false;
};

// Random nonzero integers in [-lim, lim], as T.
template <class T>
std::vector<T> random_ints(std::size_t n, int lim, std::mt19937& rng) {
  std::uniform_int_distribution<int> d(1, lim), s(0, 1);
  std::vector<T> v(n);
  for (auto& x : v) x = T(float(d(rng) * (s(rng) ? -1 : 1)));
  return v;
}
template <class T>
bool same_bits(T const& a, T const& b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }
template <class T>
T poison() {
  T t;
  std::memset(static_cast<void*>(&t), 0x7f, sizeof(T));  // a NaN (or a huge integer) no case produces
  return t;
}

template <class T>
struct Dev {
  T* p = nullptr;
  std::size_t n = 0;
  bool ok = true;
  explicit Dev(std::vector<T> const& h) : n(h.size()) {
    ok = cuda_ok(cudaMalloc(&p, n * sizeof(T)), "cudaMalloc") &&
         cuda_ok(cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy H2D");
  }
  std::vector<T> get() {
    std::vector<T> h(n);
    ok = ok && cuda_ok(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy D2H");
    return h;
  }
  ~Dev() { cudaFree(p); }
};

bool finish(char const* name, long bad, long total, Totals& tot, bool ok) {
  ok = ok && cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel");
  if (!ok) {
    tot.cuda_failed = true;
    ++tot.failed;
    std::printf("FAIL %-72s CUDA error\n", name);
    return false;
  }
  if (bad == 0) ++tot.passed; else ++tot.failed;
  std::printf("%s %-72s %ld values, %ld wrong\n", bad == 0 ? "ok  " : "FAIL", name, total, bad);
  return bad == 0;
}

// One GEMM case: M x N x K with the given kernel; the reference in double.
template <class TA, class TC, class Mma, class Kernel>
void run_gemm(char const* name, int M, int N, int K, Kernel kernel, std::mt19937& rng, Totals& tot) {
  Mma mma{};
  int const TM = int(tile_size<0>(mma)), TN = int(tile_size<1>(mma));
  int const lim = sizeof(TC) == 2 ? 2 : 4;  // f16 accumulators: keep every partial sum below 2048
  auto hA = random_ints<TA>(std::size_t(M) * K, lim, rng);
  auto hB = random_ints<TA>(std::size_t(N) * K, lim, rng);
  std::vector<TC> hC(std::size_t(M) * N, poison<TC>());
  Dev<TA> dA(hA), dB(hB);
  Dev<TC> dC(hC);
  dim3 grid((M + TM - 1) / TM, (N + TN - 1) / TN);
  kernel<<<grid, int(size(mma))>>>(dA.p, dB.p, dC.p, M, N, K);
  bool ok = dA.ok && dB.ok && cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel");
  auto out = dC.get();
  long bad = 0;
  for (int m = 0; m < M; ++m) {
    for (int n = 0; n < N; ++n) {
      double r = 0;
      for (int k = 0; k < K; ++k) r += double(float(hA[std::size_t(m) * K + k])) * double(float(hB[std::size_t(n) * K + k]));
      TC const want = TC(float(r));
      if (!same_bits(out[std::size_t(n) * M + m], want)) {
        if (bad < 3) std::printf("  C(%d,%d) = %g, want %g\n", m, n, double(float(out[std::size_t(n) * M + m])), r);
        ++bad;
      }
    }
  }
  finish(name, bad, long(M) * N, tot, ok && dC.ok);
}

// One ldmatrix case: the device fragments against the host partition of the same tile.
template <class Mma, class TA, bool KMajor, bool IsA, class S2R>
void run_ldsm(char const* name, std::mt19937& rng, Totals& tot) {
  Mma mma{};
  using TT = decltype(tile_size<IsA ? 0 : 1>(mma));
  using TK = decltype(tile_size<2>(mma));
  using SL = std::conditional_t<KMajor, Layout<Shape<TT, TK>, Stride<TK, _1>>, Layout<Shape<TT, TK>>>;
  constexpr int threads = decltype(size(mma))::value;
  auto h = random_ints<TA>(std::size_t(TT::value * TK::value), 100, rng);
  auto s = make_tensor(h.data(), SL{});
  int const V = IsA ? int(size(mma.get_slice(0).partition_fragment_A(s).layout()))
                    : int(size(mma.get_slice(0).partition_fragment_B(s).layout()));
  std::vector<TA> want(std::size_t(threads) * V);
  for (int t = 0; t < threads; ++t) {
    auto thr = mma.get_slice(t);
    if constexpr (IsA) {
      auto p = thr.partition_A(s);
      auto f = thr.partition_fragment_A(s);
      copy(p, f);
      for (int v = 0; v < V; ++v) want[std::size_t(t) * V + v] = f(v);
    } else {
      auto p = thr.partition_B(s);
      auto f = thr.partition_fragment_B(s);
      copy(p, f);
      for (int v = 0; v < V; ++v) want[std::size_t(t) * V + v] = f(v);
    }
  }
  Dev<TA> din(h);
  Dev<TA> dout(std::vector<TA>(want.size(), poison<TA>()));
  ldsm_kernel<Mma, TA, KMajor, IsA, S2R><<<1, threads>>>(din.p, dout.p);
  bool ok = din.ok && cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel");
  auto out = dout.get();
  long bad = 0;
  for (std::size_t i = 0; i < want.size(); ++i) bad += !same_bits(out[i], want[i]);
  finish(name, bad, long(want.size()), tot, ok && dout.ok);
}

// One copy case through registers.
template <class TCopy, class T, bool RowMajor, bool Pred>
void run_copy(char const* name, int M, int N, std::mt19937& rng, Totals& tot) {
  using Tiler = typename TCopy::Tiler_MN;
  int const TM = int(get<0>(Tiler{})), TN = int(get<1>(Tiler{}));
  auto h = random_ints<T>(std::size_t(M) * N, 1000, rng);
  Dev<T> din(h);
  Dev<T> dout(std::vector<T>(h.size(), poison<T>()));
  dim3 grid((M + TM - 1) / TM, (N + TN - 1) / TN);
  copy_kernel<TCopy, T, RowMajor, Pred><<<grid, int(typename TCopy::TiledNumThr{})>>>(din.p, dout.p, M, N);
  bool ok = din.ok && cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel");
  auto out = dout.get();
  long bad = 0;
  for (std::size_t i = 0; i < h.size(); ++i) bad += !same_bits(out[i], h[i]);
  finish(name, bad, long(h.size()), tot, ok && dout.ok);
}

// One cp.async case.
template <class TAsync, class TOut, class T, int TM, int TN>
void run_cp_async(char const* name, int M, int N, std::mt19937& rng, Totals& tot) {
  static_assert(int(typename TAsync::TiledNumThr{}) == int(typename TOut::TiledNumThr{}), "one block size");
  auto h = random_ints<T>(std::size_t(M) * N, 1000, rng);
  Dev<T> din(h);
  Dev<T> dout(std::vector<T>(h.size(), poison<T>()));
  dim3 grid((M + TM - 1) / TM, (N + TN - 1) / TN);
  cp_async_kernel<TAsync, TOut, T, TM, TN><<<grid, int(typename TAsync::TiledNumThr{})>>>(din.p, dout.p, M, N);
  bool ok = din.ok && cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel");
  auto out = dout.get();
  long bad = 0;
  for (std::size_t i = 0; i < h.size(); ++i) bad += !same_bits(out[i], h[i]);
  finish(name, bad, long(h.size()), tot, ok && dout.ok);
}

// ---- the cases -----------------------------------------------------------------------------------------

template <class T> using UC = Copy_Atom<UniversalCopy<T>, T>;

// The MMAs.
using FmaA = decltype(make_tiled_mma(UniversalFMA<float, float, float, float>{}, Layout<Shape<_16, _16, _1>>{}, Tile<_16, _16, _16>{}));
using FmaB = decltype(make_tiled_mma(UniversalFMA<float, float, float, float>{}, Layout<Shape<_8, _16, _1>, Stride<_16, _1, _0>>{},
                                     Tile<_32, _32, _4>{}));
using F16k8A = decltype(make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}, Layout<Shape<_2, _2>>{}, Tile<_32, _16, _32>{}));
using F16k8B = decltype(make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}, Layout<Shape<_1, _4>>{}, Tile<_16, _64, _16>{}));
using F32F16A = decltype(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2>>{}, Tile<_32, _32, _16>{}));
using F32F16B = decltype(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2>>{}, Tile<_32, _32, _32>{}));
using Bf16A = decltype(make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN{}, Layout<Shape<_1, _4, _1>>{},
                                      Tile<_16, Layout<Shape<_2, _4, _4>, Stride<_1, _8, _2>>, _16>{}));
using Bf16B = decltype(make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN{}, Layout<Shape<_4, _1>>{}, Tile<_64, _16, _16>{}));
using Tf32A = decltype(make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>{}));
using Tf32B = decltype(make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2, _2>>{}, Tile<_32, _32, _16>{}));

// Global -> shared tiled copies for the GEMMs: (threads over (M or N, K)) x (values).
template <class T, class Thr, class Val = Layout<_1>>
using G2sUC = decltype(make_tiled_copy(UC<T>{}, Thr{}, Val{}));
template <class T, class Thr, class Val>
using G2sCg = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, T>{}, Thr{}, Val{}));
template <class T, class Thr, class Val>
using G2sCa = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<std::uint64_t>, T>{}, Thr{}, Val{}));
template <int M, int K> using RowThr = Layout<Shape<Int<M>, Int<K>>, Stride<Int<K>, _1>>;  // K fastest across threads

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
  using TF = tfloat32_t;

  // ---- GEMMs ----
  run_gemm<float, float, FmaA>("gemm UniversalFMA 16x16 thr 16x16x16, 100x75x37",
      100, 75, 37, gemm_kernel<FmaA, float, float, true, kPlain, void, void,
                               G2sUC<float, Layout<Shape<_16, _16>>>, G2sUC<float, Layout<Shape<_16, _16>>>>, rng, tot);
  run_gemm<float, float, FmaB>("gemm UniversalFMA 8x16 row-major thr, 32x32x4 perm, 70x90x23",
      70, 90, 23, gemm_kernel<FmaB, float, float, false, kPlain, void, void,
                              G2sUC<float, Layout<Shape<_32, _4>>>, G2sUC<float, Layout<Shape<_32, _4>>>>, rng, tot);
  run_gemm<H, H, F16k8A>("gemm SM80_16x8x8_F16F16F16F16 2x2 32x16x32, ldmatrix x2/x1 N, cp.async 16/8 B, 72x40x40",
      72, 40, 40, gemm_kernel<F16k8A, H, H, true, kLdsm, Copy_Atom<SM75_U32x2_LDSM_N, H>, Copy_Atom<SM75_U32x1_LDSM_N, H>,
                              G2sCg<H, RowThr<32, 4>, Layout<Shape<_1, _8>>>, G2sCa<H, RowThr<16, 8>, Layout<Shape<_1, _4>>>>, rng, tot);
  run_gemm<H, H, F16k8B>("gemm SM80_16x8x8_F16F16F16F16 1x4 16x64x16, plain, MN-major smem, 40x100x24",
      40, 100, 24, gemm_kernel<F16k8B, H, H, false, kPlain, void, void, G2sUC<H, RowThr<16, 8>>, G2sUC<H, RowThr<16, 8>>>, rng, tot);
  run_gemm<H, float, F32F16A>("gemm SM80_16x8x16_F32F16F16F32 2x2 32x32x16, ldmatrix x4/x2 N, cp.async 16 B, 80x72x56",
      80, 72, 56, gemm_kernel<F32F16A, H, float, true, kLdsm, Copy_Atom<SM75_U32x4_LDSM_N, H>, Copy_Atom<SM75_U32x2_LDSM_N, H>,
                              G2sCg<H, RowThr<32, 2>, Layout<Shape<_1, _8>>>, G2sCg<H, RowThr<32, 2>, Layout<Shape<_1, _8>>>>, rng, tot);
  run_gemm<H, float, F32F16B>("gemm SM80_16x8x16_F32F16F16F32 2x2 32x32x32, ldmatrix .trans x4/x2, 48x80x72",
      48, 80, 72, gemm_kernel<F32F16B, H, float, false, kLdsm, Copy_Atom<SM75_U16x8_LDSM_T, H>, Copy_Atom<SM75_U16x4_LDSM_T, H>,
                              G2sUC<H, RowThr<16, 8>>, G2sUC<H, RowThr<16, 8>>>, rng, tot);
  run_gemm<BF, float, Bf16A>("gemm SM80_16x8x16_F32BF16BF16F32 1x4 N-permuted, plain, cp.async 16 B, 50x100x40",
      50, 100, 40, gemm_kernel<Bf16A, BF, float, true, kPlain, void, void,
                               G2sCg<BF, RowThr<16, 2>, Layout<Shape<_1, _8>>>, G2sCg<BF, RowThr<16, 2>, Layout<Shape<_1, _8>>>>, rng, tot);
  run_gemm<BF, float, Bf16B>("gemm SM80_16x8x16_F32BF16BF16F32 4x1 64x16x16, ldmatrix .trans x4/x1, 100x40x24",
      100, 40, 24, gemm_kernel<Bf16B, BF, float, false, kLdsm, Copy_Atom<SM75_U16x8_LDSM_T, BF>, Copy_Atom<SM75_U16x2_LDSM_T, BF>,
                               G2sUC<BF, RowThr<16, 8>>, G2sUC<BF, RowThr<16, 8>>>, rng, tot);
  run_gemm<TF, float, Tf32A>("gemm SM80_16x8x8_F32TF32TF32F32 2x2 row-major, plain, cp.async 8 B, 70x40x36",
      70, 40, 36, gemm_kernel<Tf32A, TF, float, true, kPlain, void, void,
                              G2sCa<TF, RowThr<32, 4>, Layout<Shape<_1, _2>>>, G2sCa<TF, RowThr<16, 4>, Layout<Shape<_1, _2>>>>, rng, tot);
  run_gemm<TF, float, Tf32B>("gemm SM80_16x8x8_F32TF32TF32F32 2x2 32x32x16, ldmatrix x4/x2 N (tf32), 40x70x44",
      40, 70, 44, gemm_kernel<Tf32B, TF, float, true, kLdsm, Copy_Atom<SM75_U32x4_LDSM_N, TF>, Copy_Atom<SM75_U32x2_LDSM_N, TF>,
                              G2sCa<TF, RowThr<16, 8>, Layout<Shape<_1, _2>>>, G2sCa<TF, RowThr<16, 8>, Layout<Shape<_1, _2>>>>, rng, tot);

  // ---- ldmatrix against the host partition ----
  run_ldsm<F32F16A, H, true, true, Copy_Atom<SM75_U32x4_LDSM_N, H>>("ldmatrix x4 N, A of 16x8x16 2x2", rng, tot);
  run_ldsm<F32F16A, H, true, false, Copy_Atom<SM75_U32x2_LDSM_N, H>>("ldmatrix x2 N, B of 16x8x16 2x2", rng, tot);
  run_ldsm<F32F16A, H, true, false, Copy_Atom<SM75_U32x1_LDSM_N, H>>("ldmatrix x1 N, B of 16x8x16 2x2", rng, tot);
  run_ldsm<F16k8A, H, true, true, Copy_Atom<SM75_U32x2_LDSM_N, H>>("ldmatrix x2 N, A of 16x8x8 2x2", rng, tot);
  run_ldsm<F32F16A, H, false, true, Copy_Atom<SM75_U16x8_LDSM_T, H>>("ldmatrix x4 .trans, A of 16x8x16 2x2", rng, tot);
  run_ldsm<F32F16A, H, false, false, Copy_Atom<SM75_U16x4_LDSM_T, H>>("ldmatrix x2 .trans, B of 16x8x16 2x2", rng, tot);
  run_ldsm<F32F16A, H, false, false, Copy_Atom<SM75_U16x2_LDSM_T, H>>("ldmatrix x1 .trans, B of 16x8x16 2x2", rng, tot);
  run_ldsm<Bf16B, BF, true, true, Copy_Atom<SM75_U32x4_LDSM_N, BF>>("ldmatrix x4 N, A of bf16 4x1", rng, tot);
  run_ldsm<Tf32B, TF, true, true, Copy_Atom<SM75_U32x4_LDSM_N, TF>>("ldmatrix x4 N (tf32), A of tf32 2x2", rng, tot);

  // ---- copies through registers ----
  using UcF32x8 = decltype(make_tiled_copy(UC<float>{}, Layout<Shape<_32, _8>>{}));
  using UcF8x32x4 = decltype(make_tiled_copy(UC<float>{}, Layout<Shape<_8, _32>, Stride<_32, _1>>{}, Layout<Shape<_4, _1>>{}));
  run_copy<UcF32x8, float, false, true>("copy UniversalCopy<float> 32x8 thr, col-major 100x70", 100, 70, rng, tot);
  run_copy<UcF8x32x4, float, true, true>("copy UniversalCopy<float> 8x32 thr x 4x1 val, row-major 70x100", 70, 100, rng, tot);
  using V16a = decltype(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, H>{}, Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{}));
  using V16b = decltype(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, H>{}, Layout<Shape<_4, _32>>{}, Layout<Shape<_8, _2>>{}));
  run_copy<V16a, H, true, true>("copy UniversalCopy<uint128_t> 16x8 thr x 1x8 val, row-major 50x136", 50, 136, rng, tot);
  run_copy<V16b, H, false, true>("copy UniversalCopy<uint128_t> 4x32 thr x 8x2 val, col-major 72x70", 72, 70, rng, tot);
  using AvA = decltype(make_tiled_copy(Copy_Atom<AutoVectorizingCopy, float>{}, Layout<Shape<_8, _16>>{}, Layout<Shape<_4, _2>>{}));
  using AvB = decltype(make_tiled_copy(Copy_Atom<AutoVectorizingCopy, H>{}, Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{}));
  run_copy<AvA, float, false, false>("copy AutoVectorizingCopy float 8x16 thr x 4x2 val, col-major 64x96", 64, 96, rng, tot);
  run_copy<AvB, H, true, false>("copy AutoVectorizingCopy half 32x4 thr x 1x8 val, row-major 96x64", 96, 64, rng, tot);

  // ---- cp.async ----
  using CaF = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<std::uint64_t>, float>{},
                                       Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _2>>{}));
  using CaF4 = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<float>, float>{}, Layout<Shape<_8, _16>, Stride<_16, _1>>{}));
  using OutF = decltype(make_tiled_copy(UC<float>{}, Layout<Shape<_32, _4>>{}));
  run_cp_async<CaF, OutF, float, 32, 16>("cp.async .ca 8 bytes, 16x8 thr x 1x2 val, 70x50", 70, 50, rng, tot);
  run_cp_async<CaF4, OutF, float, 32, 16>("cp.async .ca 4 bytes, 8x16 thr, 70x50", 70, 50, rng, tot);
  using CgH = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, H>{},
                                       Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{}));
  using CgH2 = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, H>{},
                                        Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_2, _8>, Stride<_8, _1>>{}));
  using OutH = decltype(make_tiled_copy(UC<H>{}, Layout<Shape<_8, _16>>{}));
  run_cp_async<CgH, OutH, H, 32, 32>("cp.async .cg 16 bytes, 32x4 thr x 1x8 val, 70x136", 70, 136, rng, tot);
  run_cp_async<CgH2, OutH, H, 32, 64>("cp.async .cg 16 bytes, 16x8 thr x 2x8 row-major val, 70x136", 70, 136, rng, tot);

  std::printf("%ld passed, %ld failed\n", tot.passed, tot.failed);
  if (tot.cuda_failed) return 2;
  return tot.failed == 0 ? 0 : 1;
}
