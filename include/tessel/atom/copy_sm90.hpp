// tessel/atom/copy_sm90.hpp: Hopper's asynchronous copies with CuTe's names:
// the TMA instructions (SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE,
// each with copy(desc, ..., coordinates of 1 to 5 dims)), the mbarrier helpers a
// TMA pipeline needs (initialize_barrier, set_barrier_transaction_bytes,
// wait_barrier, arrive_barrier, fence_barrier_init), the proxy fences
// (fence_view_async_shared = tma_store_fence), tma_store_arrive/tma_store_wait,
// and the cluster helpers (cluster_arrive/wait/sync, block_rank_in_cluster).
// TmaDescriptor is the 128-byte CUtensorMap (atom/tma.hpp makes one).
// The instructions exist in device code for sm_90 and later; elsewhere they
// stop with a named error (tessel::error on the host, a trap on the device).
#pragma once

#include <cstdint>

#include "mma_ops.hpp"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define TESSEL_ARCH_TMA 1
#endif

namespace TESSEL_NAMESPACE {

// The tensor map of a TMA (CUtensorMap's size and alignment; opaque here).
struct alignas(64) TmaDescriptor {
  std::uint64_t words_[16];
};

namespace detail {
// The shared-window address of a shared-memory pointer (device code only).
TESSEL_DEVICE std::uint32_t smem_u32(void const* p) {
#if defined(__CUDA_ARCH__)
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
#else
  (void)p;
  return 0;
#endif
}
[[noreturn]] TESSEL_HOST_DEVICE void missing_tma(char const* what) { missing_instruction(what); }
}  // namespace detail

#if defined(TESSEL_ARCH_TMA)
#  define TESSEL_TMA_OR_FAIL(what, ...) __VA_ARGS__
#else
#  define TESSEL_TMA_OR_FAIL(what, ...) ::tessel::detail::missing_tma(what " needs device code for sm_90 or later")
#endif

// ---- mbarriers (64 bits in shared memory) ---------------------------------------------------------

// mbarrier.init: thread_count arrivals complete a phase.
TESSEL_HOST_DEVICE void initialize_barrier([[maybe_unused]] std::uint64_t& bar, [[maybe_unused]] int thread_count = 1) {
  TESSEL_TMA_OR_FAIL("initialize_barrier", asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(detail::smem_u32(&bar)), "r"(thread_count)));
}
// mbarrier.arrive.expect_tx: this thread arrives and the phase also waits for `bytes` bytes of transactions.
TESSEL_HOST_DEVICE void set_barrier_transaction_bytes([[maybe_unused]] std::uint64_t& bar, [[maybe_unused]] std::uint32_t bytes) {
  TESSEL_TMA_OR_FAIL("set_barrier_transaction_bytes",
                     asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(detail::smem_u32(&bar)), "r"(bytes)));
}
// Waits until the phase of parity phase_bit has completed.
TESSEL_HOST_DEVICE void wait_barrier([[maybe_unused]] std::uint64_t& bar, [[maybe_unused]] int phase_bit) {
  TESSEL_TMA_OR_FAIL("wait_barrier", asm volatile("{\n.reg .pred p;\ntessel_wait:\n"
                                                   "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
                                                   "@!p bra tessel_wait;\n}\n" ::"r"(detail::smem_u32(&bar)),
                                                   "r"(phase_bit)
                                                   : "memory"));
}
// mbarrier.arrive by this thread.
TESSEL_HOST_DEVICE void arrive_barrier([[maybe_unused]] std::uint64_t& bar) {
  TESSEL_TMA_OR_FAIL("arrive_barrier",
                     asm volatile("{\n.reg .b64 s;\nmbarrier.arrive.shared::cta.b64 s, [%0];\n}\n" ::"r"(detail::smem_u32(&bar)) : "memory"));
}
// Makes barrier initializations visible to the cluster (before cluster_sync or __syncthreads).
TESSEL_HOST_DEVICE void fence_barrier_init() {
  TESSEL_TMA_OR_FAIL("fence_barrier_init", asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory"));
}
// Orders this thread's shared-memory writes before later async-proxy reads (TMA store, wgmma).
TESSEL_HOST_DEVICE void fence_view_async_shared() {
  TESSEL_TMA_OR_FAIL("fence_view_async_shared", asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory"));
}
TESSEL_HOST_DEVICE void tma_store_fence() { fence_view_async_shared(); }
// Commits the TMA stores issued so far by this thread as one group.
TESSEL_HOST_DEVICE void tma_store_arrive() {
  TESSEL_TMA_OR_FAIL("tma_store_arrive", asm volatile("cp.async.bulk.commit_group;\n" ::: "memory"));
}
// Waits until at most Count groups of TMA stores still read their shared memory.
template <int Count>
TESSEL_HOST_DEVICE void tma_store_wait() {
  TESSEL_TMA_OR_FAIL("tma_store_wait", asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(Count) : "memory"));
}
// Fetches a tensor map into the cache ahead of its first use.
TESSEL_HOST_DEVICE void prefetch_tma_descriptor([[maybe_unused]] TmaDescriptor const* desc) {
  TESSEL_TMA_OR_FAIL("prefetch_tma_descriptor", asm volatile("prefetch.tensormap [%0];\n" ::"l"(reinterpret_cast<std::uint64_t>(desc)) : "memory"));
}

// ---- clusters ----
TESSEL_HOST_DEVICE void cluster_arrive() { TESSEL_TMA_OR_FAIL("cluster_arrive", asm volatile("barrier.cluster.arrive.aligned;\n" ::: "memory")); }
TESSEL_HOST_DEVICE void cluster_arrive_relaxed() {
  TESSEL_TMA_OR_FAIL("cluster_arrive_relaxed", asm volatile("barrier.cluster.arrive.relaxed.aligned;\n" ::: "memory"));
}
TESSEL_HOST_DEVICE void cluster_wait() { TESSEL_TMA_OR_FAIL("cluster_wait", asm volatile("barrier.cluster.wait.aligned;\n" ::: "memory")); }
TESSEL_HOST_DEVICE void cluster_sync() { cluster_arrive(); cluster_wait(); }
// This CTA's rank in its cluster (device code before sm_90 has no clusters: every
// CTA is rank 0 of its own, as in CuTe; host code: a named error).
TESSEL_HOST_DEVICE std::uint32_t block_rank_in_cluster() {
#if defined(TESSEL_ARCH_TMA)
  std::uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
  return r;
#elif defined(__CUDA_ARCH__)
  return 0;
#else
  detail::missing_tma("block_rank_in_cluster needs device code");
#endif
}

// set_block_rank(addr, rank): the shared::cluster address of the shared-memory
// address addr (of this CTA) in the CTA of that rank in the cluster (mapa);
// addr itself before sm_90, as CuTe's. Device code.
TESSEL_HOST_DEVICE std::uint32_t set_block_rank(std::uint32_t smem_addr, [[maybe_unused]] std::uint32_t rank) {
#if defined(TESSEL_ARCH_TMA)
  std::uint32_t r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(r) : "r"(smem_addr), "r"(rank));
  return r;
#elif defined(__CUDA_ARCH__)
  return smem_addr;
#else
  (void)smem_addr;
  detail::missing_tma("set_block_rank needs device code");
#endif
}

// elect_one_sync(): 1 in exactly one thread of the (fully active) warp, 0 in the
// others: elect.sync on sm_90 and later (the hardware picks the lane), lane 0
// (threadIdx.x % 32 == 0) on older devices, 1 on the host (one thread), as CuTe's.
TESSEL_HOST_DEVICE std::uint32_t elect_one_sync() {
#if defined(TESSEL_ARCH_TMA)
  std::uint32_t elected = 0;
  asm volatile(
      "{\n.reg .pred tessel_p;\n.reg .b32 tessel_lane;\n"
      "elect.sync tessel_lane|tessel_p, 0xffffffff;\n"
      "selp.u32 %0, 1, 0, tessel_p;\n}\n"
      : "=r"(elected));
  return elected;
#elif defined(__CUDA_ARCH__)
  return (threadIdx.x % 32) == 0 ? 1u : 0u;
#else
  return 1u;
#endif
}

// The shared-window address of a pointer into shared memory (CuTe's name for
// what the shared-memory instructions take); 0 in host code.
TESSEL_HOST_DEVICE std::uint32_t cast_smem_ptr_to_uint(void const* const p) {
#if defined(__CUDA_ARCH__)
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
#else
  (void)p;
  return 0;
#endif
}

#if defined(__CUDACC__)
// The cluster's coordinates, as dim3 (device code). Before sm_90 a CTA is a
// cluster of one: the values are those of a 1x1x1 cluster, as CuTe's.
#  if defined(TESSEL_ARCH_TMA)
#    define TESSEL_SREG3(name)                                                   \
      std::uint32_t x, y, z;                                                      \
      asm volatile("mov.u32 %0, %%" name ".x;\n" : "=r"(x));                      \
      asm volatile("mov.u32 %0, %%" name ".y;\n" : "=r"(y));                      \
      asm volatile("mov.u32 %0, %%" name ".z;\n" : "=r"(z));                      \
      return dim3(x, y, z)
#  endif
// The grid's extent in clusters.
TESSEL_DEVICE dim3 cluster_grid_dims() {
#  if defined(TESSEL_ARCH_TMA)
  TESSEL_SREG3("nclusterid");
#  elif defined(__CUDA_ARCH__)
  return gridDim;
#  else
  return dim3(0, 0, 0);
#  endif
}
// This cluster's coordinate in the grid.
TESSEL_DEVICE dim3 cluster_id_in_grid() {
#  if defined(TESSEL_ARCH_TMA)
  TESSEL_SREG3("clusterid");
#  elif defined(__CUDA_ARCH__)
  return blockIdx;
#  else
  return dim3(0, 0, 0);
#  endif
}
// This CTA's coordinate in its cluster.
TESSEL_DEVICE dim3 block_id_in_cluster() {
#  if defined(TESSEL_ARCH_TMA)
  TESSEL_SREG3("cluster_ctaid");
#  else
  return dim3(0, 0, 0);
#  endif
}
// The cluster's extent in CTAs.
TESSEL_DEVICE dim3 cluster_shape() {
#  if defined(TESSEL_ARCH_TMA)
  TESSEL_SREG3("cluster_nctaid");
#  else
  return dim3(1, 1, 1);
#  endif
}
#  undef TESSEL_SREG3

// initialize_preferred_cluster_launch(kernel, grid, preferred, fallback): whether a
// launch may ask for the preferred cluster shape with the fallback beside it: each
// cluster has 1 to 32 CTAs, grid.y and grid.z are at most 2^16, the preferred
// cluster divides the grid and the fallback divides the preferred one, with the
// same z. When not, it prints which condition fails (to stdout) and returns false.
// The kernel is not looked at (CuTe's signature).
inline bool initialize_preferred_cluster_launch(void const* const, dim3 const& grid, dim3 const& preferred,
                                                           dim3 const& fallback) {
  auto volume = [](dim3 const& d) { return (unsigned long long)d.x * d.y * d.z; };
  auto refuse = [](char const* what, dim3 const& a, dim3 const& b) {
    std::printf("tessel: initialize_preferred_cluster_launch: %s [(%u,%u,%u) and (%u,%u,%u)]\n", what, a.x, a.y, a.z, b.x, b.y,
                b.z);
    return false;
  };
  if (volume(preferred) == 0 || volume(preferred) > 32) return refuse("the preferred cluster must have 1 to 32 CTAs", preferred, preferred);
  if (volume(fallback) == 0 || volume(fallback) > 32) return refuse("the fallback cluster must have 1 to 32 CTAs", fallback, fallback);
  if (grid.y > (1u << 16) || grid.z > (1u << 16)) return refuse("the grid's y and z must be at most 2^16", grid, grid);
  if (grid.x % preferred.x || grid.y % preferred.y || grid.z % preferred.z)
    return refuse("the preferred cluster does not divide the grid", preferred, grid);
  if (preferred.x % fallback.x || preferred.y % fallback.y || preferred.z % fallback.z)
    return refuse("the fallback cluster does not divide the preferred one", fallback, preferred);
  if (preferred.z != fallback.z) return refuse("the fallback and preferred clusters differ in z", fallback, preferred);
  return true;
}
#endif  // __CUDACC__

// ---- TMA instructions ----------------------------------------------------------------------------------

// Global -> shared, one box at coordinates crd (innermost first), completing
// its bytes on the mbarrier.
struct SM90_TMA_LOAD {
  template <class... C>
  TESSEL_HOST_DEVICE static void copy(void const* desc, std::uint64_t* mbar, std::uint64_t cache_hint, void* smem, C const&... crd) {
    static_assert(sizeof...(C) >= 1 && sizeof...(C) <= 5, "tessel::SM90_TMA_LOAD: 1 to 5 coordinates");
#if defined(TESSEL_ARCH_TMA)
    std::uint64_t const g = reinterpret_cast<std::uint64_t>(desc);
    std::uint32_t const s = detail::smem_u32(smem), b = detail::smem_u32(mbar);
    std::int32_t c[5] = {std::int32_t(crd)...};
#  define TESSEL_TMA_LOAD(D, CRDS, ...)                                                                                   \
    asm volatile("cp.async.bulk.tensor." #D "d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"    \
                 " [%0], [%1, " CRDS "], [%2], %3;" ::"r"(s), "l"(g), "r"(b), "l"(cache_hint), __VA_ARGS__ : "memory")
    if constexpr (sizeof...(C) == 1) TESSEL_TMA_LOAD(1, "{%4}", "r"(c[0]));
    else if constexpr (sizeof...(C) == 2) TESSEL_TMA_LOAD(2, "{%4, %5}", "r"(c[0]), "r"(c[1]));
    else if constexpr (sizeof...(C) == 3) TESSEL_TMA_LOAD(3, "{%4, %5, %6}", "r"(c[0]), "r"(c[1]), "r"(c[2]));
    else if constexpr (sizeof...(C) == 4) TESSEL_TMA_LOAD(4, "{%4, %5, %6, %7}", "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
    else TESSEL_TMA_LOAD(5, "{%4, %5, %6, %7, %8}", "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]));
#  undef TESSEL_TMA_LOAD
#else
    (void)desc, (void)mbar, (void)cache_hint, (void)smem, ((void)crd, ...);
    detail::missing_tma("SM90_TMA_LOAD needs device code for sm_90 or later");
#endif
  }
};

// Global -> shared of every CTA of the cluster in mask (the same offset in each),
// each completing its bytes on its own mbarrier at the same offset.
struct SM90_TMA_LOAD_MULTICAST {
  template <class... C>
  TESSEL_HOST_DEVICE static void copy(void const* desc, std::uint64_t* mbar, std::uint16_t mask, std::uint64_t cache_hint, void* smem,
                                      C const&... crd) {
    static_assert(sizeof...(C) >= 1 && sizeof...(C) <= 5, "tessel::SM90_TMA_LOAD_MULTICAST: 1 to 5 coordinates");
#if defined(TESSEL_ARCH_TMA)
    std::uint64_t const g = reinterpret_cast<std::uint64_t>(desc);
    std::uint32_t const s = detail::smem_u32(smem), b = detail::smem_u32(mbar);
    std::int32_t c[5] = {std::int32_t(crd)...};
#  define TESSEL_TMA_MC(D, CRDS, ...)                                                                                      \
    asm volatile("cp.async.bulk.tensor." #D "d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"     \
                 ".L2::cache_hint [%0], [%1, " CRDS "], [%2], %3, %4;" ::"r"(s), "l"(g), "r"(b), "h"(mask), "l"(cache_hint), \
                 __VA_ARGS__ : "memory")
    if constexpr (sizeof...(C) == 1) TESSEL_TMA_MC(1, "{%5}", "r"(c[0]));
    else if constexpr (sizeof...(C) == 2) TESSEL_TMA_MC(2, "{%5, %6}", "r"(c[0]), "r"(c[1]));
    else if constexpr (sizeof...(C) == 3) TESSEL_TMA_MC(3, "{%5, %6, %7}", "r"(c[0]), "r"(c[1]), "r"(c[2]));
    else if constexpr (sizeof...(C) == 4) TESSEL_TMA_MC(4, "{%5, %6, %7, %8}", "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
    else TESSEL_TMA_MC(5, "{%5, %6, %7, %8, %9}", "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]));
#  undef TESSEL_TMA_MC
#else
    (void)desc, (void)mbar, (void)mask, (void)cache_hint, (void)smem, ((void)crd, ...);
    detail::missing_tma("SM90_TMA_LOAD_MULTICAST needs device code for sm_90 or later");
#endif
  }
};

// Shared -> global, one box at coordinates crd (a bulk group: tma_store_arrive/wait).
struct SM90_TMA_STORE {
  template <class... C>
  TESSEL_HOST_DEVICE static void copy(void const* desc, void const* smem, C const&... crd) {
    static_assert(sizeof...(C) >= 1 && sizeof...(C) <= 5, "tessel::SM90_TMA_STORE: 1 to 5 coordinates");
#if defined(TESSEL_ARCH_TMA)
    std::uint64_t const g = reinterpret_cast<std::uint64_t>(desc);
    std::uint32_t const s = detail::smem_u32(smem);
    std::int32_t c[5] = {std::int32_t(crd)...};
#  define TESSEL_TMA_ST(D, CRDS, ...)                                                                                      \
    asm volatile("cp.async.bulk.tensor." #D "d.global.shared::cta.bulk_group [%0, " CRDS "], [%1];" ::"l"(g), "r"(s),     \
                 __VA_ARGS__ : "memory")
    if constexpr (sizeof...(C) == 1) TESSEL_TMA_ST(1, "{%2}", "r"(c[0]));
    else if constexpr (sizeof...(C) == 2) TESSEL_TMA_ST(2, "{%2, %3}", "r"(c[0]), "r"(c[1]));
    else if constexpr (sizeof...(C) == 3) TESSEL_TMA_ST(3, "{%2, %3, %4}", "r"(c[0]), "r"(c[1]), "r"(c[2]));
    else if constexpr (sizeof...(C) == 4) TESSEL_TMA_ST(4, "{%2, %3, %4, %5}", "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
    else TESSEL_TMA_ST(5, "{%2, %3, %4, %5, %6}", "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]));
#  undef TESSEL_TMA_ST
#else
    (void)desc, (void)smem, ((void)crd, ...);
    detail::missing_tma("SM90_TMA_STORE needs device code for sm_90 or later");
#endif
  }
};

// CuTe's im2col TMA instructions: declared, not defined. tessel has no im2col
// TMA; the names exist because CUTLASS's headers name them (to test whether a
// copy is a TMA, is_base_of_v), and any use beyond naming is a compile error
// (an incomplete type).
struct SM90_TMA_LOAD_IM2COL;
struct SM90_TMA_LOAD_IM2COL_MULTICAST;
struct SM90_TMA_STORE_IM2COL;

#undef TESSEL_TMA_OR_FAIL

}  // namespace tessel
