// Why cudaMemcpyAsync D2D outruns tessel's plain copy on the H200 (session 24, helper copy2, issue 25).
//   stream_probe [--rounds R] [--reps N] [--ncu] [--no-ce]
// 1. Copy engine or SMs: the D2D copy of 2 GiB timed alone, then on a second stream while a kernel holds
//    every SM's threads (2 blocks of 1024 threads per SM spinning for a fixed time): if the copy ends long
//    before the spinning kernel, it did not need the SMs (a copy engine moved it).
// 2. Plain copies of n bytes (2 GiB, the identity case; 184 MB, random 4's bytes) as variants of one
//    streaming kernel, beside tessel's own (cuda::copy of the identity layout: copy_elementwise<uint4, 8>)
//    and D2D, alternated over R rounds (each the median of N runs); per variant the median over rounds
//    of its time against the mean of the round's D2D before and after the variants.
//    - gs: grid-stride loop as copy_elementwise (U 16-byte vectors a thread in flight, B blocks of 256 per
//      SM), with load hints (nc.L1::no_allocate; an L2 evict_first policy; .L2::256B) and store hints
//      (.cs; L1::no_allocate; an L2 evict_first policy; evict_last);
//    - chunk: each block one contiguous range (the grid's streams far apart instead of side by side);
//    - bulk: the TMA's 1D bulk copies, global -> shared -> global, S stages of C bytes per block, one
//      thread issuing (cp.async.bulk with an mbarrier per stage; stores as bulk groups).
// --ncu: some kernels once on 184 MB, for ncu. --no-ce: without 1.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <tessel/kernels/copy.cuh>

#include "median_ms.cuh"

using namespace tessel;
using bench::median_ms;

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); std::exit(1); } } while (0)

enum : int { kLdPlain = 0, kLdNoAlloc = 1, kLdEvictFirst = 2, kLd256 = 3 };
enum : int { kStPlain = 0, kStCs = 1, kStNoAlloc = 2, kStEvictFirst = 3, kStEvictLast = 4 };

template <int LH>
__device__ __forceinline__ uint4 load16(uint4 const* p, unsigned long long pol) {
  uint4 v;
  if constexpr (LH == kLdPlain)
    asm volatile("ld.global.nc.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  else if constexpr (LH == kLdNoAlloc)
    asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  else if constexpr (LH == kLdEvictFirst)
    asm volatile("ld.global.nc.L1::no_allocate.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p), "l"(pol));
  else
    asm volatile("ld.global.nc.L2::256B.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}
template <int SH>
__device__ __forceinline__ void store16(uint4* p, uint4 v, unsigned long long pol) {
  if constexpr (SH == kStPlain)
    asm volatile("st.global.v4.u32 [%0], {%1,%2,%3,%4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
  else if constexpr (SH == kStCs)
    asm volatile("st.global.cs.v4.u32 [%0], {%1,%2,%3,%4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
  else if constexpr (SH == kStNoAlloc)
    asm volatile("st.global.L1::no_allocate.v4.u32 [%0], {%1,%2,%3,%4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
  else
    asm volatile("st.global.L1::no_allocate.L2::cache_hint.v4.u32 [%0], {%1,%2,%3,%4}, %5;" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z),
                 "r"(v.w), "l"(pol) : "memory");
}
__device__ __forceinline__ unsigned long long policy_evict_first() {
  unsigned long long pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
  return pol;
}
__device__ __forceinline__ unsigned long long policy_evict_last() {
  unsigned long long pol;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
  return pol;
}

// Grid-stride (as copy_elementwise): a block's step moves blockDim * U vectors, thread t vectors t + u * blockDim.
template <int U, int LH, int SH>
__global__ void __launch_bounds__(256) gs_copy(uint4 const* __restrict__ src, uint4* __restrict__ dst, unsigned n16) {
  unsigned long long const lpol = policy_evict_first(), spol = SH == kStEvictLast ? policy_evict_last() : policy_evict_first();
  unsigned const step = gridDim.x * blockDim.x * U;
  for (unsigned base = blockIdx.x * blockDim.x * U + threadIdx.x; base < n16; base += step) {
    uint4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (base + u * blockDim.x < n16) v[u] = load16<LH>(src + base + u * blockDim.x, lpol);
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (base + u * blockDim.x < n16) store16<SH>(dst + base + u * blockDim.x, v[u], spol);
  }
}

// Grid-stride with V consecutive vectors per thread (a lane's 16 V bytes contiguous, a warp's 512 V), U such groups in flight.
template <int V, int U>
__global__ void __launch_bounds__(256) tc_copy(uint4 const* __restrict__ src, uint4* __restrict__ dst, unsigned n16) {
  unsigned const step = gridDim.x * blockDim.x * U * V;
  for (unsigned base = blockIdx.x * blockDim.x * U * V + threadIdx.x * V; base < n16; base += step) {
    uint4 v[U][V];
#pragma unroll
    for (int u = 0; u < U; ++u)
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (base + u * blockDim.x * V + k < n16) v[u][k] = load16<kLdPlain>(src + base + u * blockDim.x * V + k, 0);
#pragma unroll
    for (int u = 0; u < U; ++u)
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (base + u * blockDim.x * V + k < n16) store16<kStPlain>(dst + base + u * blockDim.x * V + k, v[u][k], 0);
  }
}

// Each block one contiguous range of vectors, moved as gs_copy's steps.
template <int U>
__global__ void __launch_bounds__(256) chunk_copy(uint4 const* __restrict__ src, uint4* __restrict__ dst, unsigned n16) {
  unsigned const per = (n16 + gridDim.x - 1) / gridDim.x, lo = blockIdx.x * per, hi = min(n16, lo + per);
  for (unsigned base = lo + threadIdx.x; base < hi; base += blockDim.x * U) {
    uint4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (base + u * blockDim.x < hi) v[u] = load16<kLdPlain>(src + base + u * blockDim.x, 0);
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (base + u * blockDim.x < hi) store16<kStPlain>(dst + base + u * blockDim.x, v[u], 0);
  }
}

// TMA 1D bulk copies: chunk k of the n bytes (k = block + i * grid) through stage i % S of S stages of C
// bytes. Thread 0 issues: loads of the first S chunks; then per chunk: wait for its load, store it (a bulk
// group), and refill the stage of the chunk before it once that chunk's store has read shared memory.
__device__ __forceinline__ void mbar_init(std::uint32_t bar) { asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar)); }
__device__ __forceinline__ void mbar_wait(std::uint32_t bar, unsigned phase) {
  asm volatile(
      "{\n .reg .pred p;\n W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra W;\n}\n" ::"r"(bar), "r"(phase)
      : "memory");
}
template <bool EF>
__device__ __forceinline__ void bulk_load(std::uint32_t smem, void const* g, unsigned bytes, std::uint32_t bar, unsigned long long pol) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
  if constexpr (EF)
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(smem),
                 "l"(g), "r"(bytes), "r"(bar), "l"(pol) : "memory");
  else
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(smem), "l"(g), "r"(bytes),
                 "r"(bar) : "memory");
}
template <bool EF>
__device__ __forceinline__ void bulk_store(void* g, std::uint32_t smem, unsigned bytes, unsigned long long pol) {
  if constexpr (EF)
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%0], [%1], %2, %3;" ::"l"(g), "r"(smem), "r"(bytes), "l"(pol)
                 : "memory");
  else
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(g), "r"(smem), "r"(bytes) : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}
template <bool EF>
__global__ void bulk_copy(char const* __restrict__ src, char* __restrict__ dst, long long n, unsigned C, unsigned S) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bars[16];
  if (threadIdx.x != 0) return;
  unsigned long long const pol = policy_evict_first();
  std::uint32_t const base = static_cast<std::uint32_t>(__cvta_generic_to_shared(smem));
  std::uint32_t const bar0 = static_cast<std::uint32_t>(__cvta_generic_to_shared(bars));
  for (unsigned s = 0; s < S; ++s) mbar_init(bar0 + 8 * s);
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  long long const chunks = (n + C - 1) / C;
  auto bytes_of = [&](long long k) { return unsigned(min<long long>(C, n - k * C)); };
  long long const first = blockIdx.x, stride = gridDim.x;
  long long const mine = first < chunks ? (chunks - first + stride - 1) / stride : 0;
  for (long long i = 0; i < mine && i < S; ++i) {
    long long const k = first + i * stride;
    bulk_load<EF>(base + unsigned(i) * C, src + k * C, bytes_of(k), bar0 + 8 * unsigned(i), pol);
  }
  for (long long i = 0; i < mine; ++i) {
    unsigned const s = unsigned(i % S);
    long long const k = first + i * stride;
    mbar_wait(bar0 + 8 * s, unsigned((i / S) & 1));
    bulk_store<EF>(dst + k * C, base + s * C, bytes_of(k), pol);
    if (i >= 1 && i - 1 + S < mine) {  // the stage of chunk i - 1 once its store has read shared memory
      asm volatile("cp.async.bulk.wait_group.read 1;" ::: "memory");
      long long const j = i - 1 + S, kj = first + j * stride;
      unsigned const sj = unsigned(j % S);
      bulk_load<EF>(base + sj * C, src + kj * C, bytes_of(kj), bar0 + 8 * sj, pol);
    }
  }
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// Holds every SM's threads for `ns` nanoseconds (2 blocks of 1024 per SM).
__global__ void __launch_bounds__(1024) hold_sms(long long ns, int* sink) {
  extern __shared__ int held[];  // the launch's dynamic shared memory, held
  long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); while (t - t0 < ns);
  if (t == 0) sink[0] = held[threadIdx.x];
}

__global__ void fill(unsigned* p, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) p[i] = unsigned(i * 2654435761u) | 1u;
}
__global__ void count_diff(unsigned const* a, unsigned const* b, long long n, unsigned long long* bad) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    if (a[i] != b[i]) atomicAdd(bad, 1ull);
}

constexpr int kBulkMaxBytes = 192 * 1024;

struct Variant {
  std::string name;
  std::function<void()> run;
};

int main(int argc, char** argv) {
  int rounds = 5, reps = 30;
  bool ncu = false, ce = true;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = std::atoi(argv[++i]);
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
    if (!std::strcmp(argv[i], "--ncu")) ncu = true;
    if (!std::strcmp(argv[i], "--no-ce")) ce = false;
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int const sms = prop.multiProcessorCount;
  printf("device %s, %d SMs, L2 %d MB\n", prop.name, sms, prop.l2CacheSize >> 20);
  long long const big = 1ll << 31;
  char *src, *dst, *ref;
  CK(cudaMalloc(&src, big)); CK(cudaMalloc(&dst, big)); CK(cudaMalloc(&ref, big));
  fill<<<4096, 256>>>(reinterpret_cast<unsigned*>(src), big / 4);
  unsigned long long* bad;
  CK(cudaMalloc(&bad, 8));
  int* sink;
  CK(cudaMalloc(&sink, 4));

  // 1. Copy engine or SMs.
  if (!ncu && ce) {
    cudaStream_t s1, s2;
    CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking)); CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    float const alone = median_ms([&] { CK(cudaMemcpyAsync(dst, src, big, cudaMemcpyDeviceToDevice)); }, 10, 50);
    // What the copy's kernel needs: every SM's threads held (2 x 1024), half of them (1 x 1024), or
    // 200 KB of each SM's shared memory (1 x 32 threads).
    struct Hold { int blocks_per_sm, threads, smem; char const* what; };
    Hold const holds[] = {{2, 1024, 0, "every SM's 2048 threads"}, {2, 1024, 0, "every SM's 2048 threads"},
                          {1, 1024, 0, "1024 threads of each SM"}, {1, 32, 200 * 1024, "200 KB of each SM's shared memory"}};
    CK(cudaFuncSetAttribute(hold_sms, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
    for (auto const& h : holds) {
      cudaEvent_t h0, h1, c0, c1;
      for (auto* e : {&h0, &h1, &c0, &c1}) CK(cudaEventCreate(e));
      long long const hold_ns = 20'000'000;
      CK(cudaEventRecord(h0, s1));
      hold_sms<<<h.blocks_per_sm * sms, h.threads, h.smem, s1>>>(hold_ns, sink);
      CK(cudaGetLastError());
      CK(cudaEventRecord(h1, s1));
      auto const w0 = std::chrono::steady_clock::now();
      while (std::chrono::steady_clock::now() - w0 < std::chrono::milliseconds(2)) {}
      CK(cudaEventRecord(c0, s2));
      CK(cudaMemcpyAsync(dst, src, big, cudaMemcpyDeviceToDevice, s2));
      CK(cudaEventRecord(c1, s2));
      CK(cudaDeviceSynchronize());
      float hold = 0, copy = 0, copy_end = 0;
      CK(cudaEventElapsedTime(&hold, h0, h1)); CK(cudaEventElapsedTime(&copy, c0, c1)); CK(cudaEventElapsedTime(&copy_end, h0, c1));
      printf("D2D 2 GiB alone %.3f ms; while %s are held (%.1f ms): the copy took %.3f ms, ended %.3f ms after the hold began\n",
             alone, h.what, hold, copy, copy_end);
      for (auto e : {h0, h1, c0, c1}) CK(cudaEventDestroy(e));
    }
  }

  // 2. Plain copies.
  std::vector<long long> sizes = {big, 183963600ll / 16 * 16};
  if (ncu) sizes = {183963600ll / 16 * 16};
  for (long long n : sizes) {
    unsigned const n16 = unsigned(n / 16);
    auto const* s16 = reinterpret_cast<uint4 const*>(src);
    auto* d16 = reinterpret_cast<uint4*>(dst);
    // tessel's identity copy (main's plan: vector, copy_elementwise<uint4, 8>)
    engine::Layout ls, ld;
    engine::Error e;
    ls.open(e); ld.open(e);
    ls.leaf({n / 4, false}, {1, false}, e); ld.leaf({n / 4, false}, {1, false}, e);
    ls.close(e); ld.close(e);
    kernels::CopyPlan const plan = kernels::plan_copy(ls, ld, 4, 16, 16);
    std::vector<Variant> vs;
    vs.push_back({"tessel cuda::copy (main)", [&] { kernels::CopyPlan q = plan; CK(cuda::launch(q, src, dst, 0)); }});
    auto gs = [&](auto kern, int U, int bpsm, std::string name) {
      long long const blocks = std::min<long long>((n16 + 256ll * U - 1) / (256ll * U), (long long)bpsm * sms);
      vs.push_back({name, [=] { kern<<<unsigned(blocks), 256>>>(s16, d16, n16); }});
    };
    gs(gs_copy<8, kLdPlain, kStPlain>, 8, 32, "gs U8 32/SM (main's shape)");
    gs(gs_copy<8, kLdPlain, kStPlain>, 8, 8, "gs U8 8/SM");
    gs(gs_copy<8, kLdPlain, kStPlain>, 8, 4, "gs U8 4/SM");
    gs(gs_copy<4, kLdPlain, kStPlain>, 4, 8, "gs U4 8/SM");
    gs(gs_copy<16, kLdPlain, kStPlain>, 16, 4, "gs U16 4/SM");
    gs(gs_copy<16, kLdPlain, kStPlain>, 16, 8, "gs U16 8/SM");
    gs(gs_copy<8, kLdNoAlloc, kStPlain>, 8, 32, "gs U8 32/SM ld no_allocate");
    gs(gs_copy<8, kLdEvictFirst, kStPlain>, 8, 32, "gs U8 32/SM ld evict_first");
    gs(gs_copy<8, kLd256, kStPlain>, 8, 32, "gs U8 32/SM ld L2::256B");
    gs(gs_copy<8, kLdPlain, kStCs>, 8, 32, "gs U8 32/SM st .cs");
    gs(gs_copy<8, kLdPlain, kStNoAlloc>, 8, 32, "gs U8 32/SM st no_allocate");
    gs(gs_copy<8, kLdPlain, kStEvictFirst>, 8, 32, "gs U8 32/SM st evict_first");
    gs(gs_copy<8, kLdPlain, kStEvictLast>, 8, 32, "gs U8 32/SM st evict_last");
    gs(gs_copy<8, kLdEvictFirst, kStEvictFirst>, 8, 32, "gs U8 32/SM ld+st evict_first");
    gs(gs_copy<8, kLdEvictFirst, kStEvictLast>, 8, 32, "gs U8 32/SM ld evict_first st evict_last");
    gs(tc_copy<2, 4>, 8, 8, "thread 32 B x 4 in flight 8/SM");
    gs(tc_copy<4, 2>, 8, 8, "thread 64 B x 2 in flight 8/SM");
    gs(chunk_copy<8>, 8, 8, "chunk U8 8/SM");
    gs(chunk_copy<8>, 8, 2, "chunk U8 2/SM");
    // The dynamic shared memory each bulk_copy may take: the largest of its variants' (the attribute is per kernel).
    CK(cudaFuncSetAttribute(bulk_copy<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, kBulkMaxBytes));
    CK(cudaFuncSetAttribute(bulk_copy<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, kBulkMaxBytes));
    auto bulk = [&](auto kern, unsigned C, unsigned S, int bpsm, std::string name) {
      std::size_t const bytes = std::size_t(C) * S;
      if (bytes > std::size_t(kBulkMaxBytes)) { printf("%s: more than %d bytes of shared memory\n", name.c_str(), kBulkMaxBytes); return; }
      vs.push_back({name, [=] { kern<<<unsigned(bpsm * sms), 32, bytes>>>(src, dst, n, C, S); }});
    };
    bulk(bulk_copy<false>, 16384, 8, 1, "bulk C16K S8 1/SM");
    bulk(bulk_copy<false>, 32768, 6, 1, "bulk C32K S6 1/SM");
    bulk(bulk_copy<false>, 8192, 8, 2, "bulk C8K S8 2/SM");
    bulk(bulk_copy<false>, 4096, 12, 4, "bulk C4K S12 4/SM");
    bulk(bulk_copy<false>, 16384, 4, 2, "bulk C16K S4 2/SM");
    bulk(bulk_copy<true>, 16384, 8, 1, "bulk C16K S8 1/SM evict_first");
    auto d2d = [&] { CK(cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToDevice)); };
    if (ncu) {  // D2D, then main's kernel, its shape as gs_copy, the evict_first stores and the first bulk copy, once each
      d2d();
      for (auto& v : vs)
        for (char const* name : {"tessel cuda::copy (main)", "gs U8 32/SM (main's shape)", "gs U8 32/SM st evict_first", "bulk C16K S8 1/SM"})
          if (v.name == name) v.run();
      CK(cudaDeviceSynchronize());
      continue;
    }
    // correctness: each variant against D2D's copy
    CK(cudaMemcpy(ref, src, n, cudaMemcpyDeviceToDevice));
    for (auto& v : vs) {
      CK(cudaMemset(dst, 0, n));
      v.run();
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemset(bad, 0, 8));
      count_diff<<<4096, 256>>>(reinterpret_cast<unsigned*>(dst), reinterpret_cast<unsigned*>(ref), n / 4, bad);
      unsigned long long hb = 0;
      CK(cudaMemcpy(&hb, bad, 8, cudaMemcpyDeviceToHost));
      if (hb) printf("WRONG: %s (%llu words)\n", v.name.c_str(), hb);
    }
    double const tb = 2.0 * n / 1e12;
    std::vector<std::vector<double>> ratio(vs.size()), rate(vs.size());
    std::vector<double> drate;
    for (int r = 0; r < rounds; ++r) {
      float const da = median_ms(d2d, reps, 20);
      std::vector<float> t(vs.size());
      for (size_t k = 0; k < vs.size(); ++k) t[k] = median_ms(vs[k].run, reps, 20);
      float const db = median_ms(d2d, reps, 20);
      double const dm = 0.5 * (da + db);
      drate.push_back(tb / (dm * 1e-3));
      for (size_t k = 0; k < vs.size(); ++k) ratio[k].push_back(dm / t[k]), rate[k].push_back(tb / (t[k] * 1e-3));
    }
    auto med = [](std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; };
    printf("\n%lld bytes: D2D %.3f TB/s (median of the rounds' means; rounds:", n, med(drate));
    for (double d : drate) printf(" %.3f", d);
    printf(")\n");
    for (size_t k = 0; k < vs.size(); ++k) {
      printf("  %-44s %.3f TB/s  %5.1f%% of D2D  (rounds:", vs[k].name.c_str(), med(rate[k]), 100 * med(ratio[k]));
      for (double x : ratio[k]) printf(" %.1f", 100 * x);
      printf(")\n");
    }
  }
  printf("done\n");
  return 0;
}
