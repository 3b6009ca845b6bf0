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
// The shared-window address of a shared-memory pointer (device code; 0 in host code).
TESSEL_HOST_DEVICE std::uint32_t smem_u32(void const* p) {
#if defined(__CUDA_ARCH__)
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
#else
  (void)p;
  return 0;
#endif
}
// A 32-bit word to a shared-window address (st.shared.u32): for loops that keep their addresses in
// registers (a generic pointer whose address space the compiler has lost, e.g. through alignment
// arithmetic on an integer, compiles to a generic store). The "memory" clobber keeps it in order with
// the compiler's own loads and stores of shared memory.
TESSEL_DEVICE void st_shared_u32(std::uint32_t at, std::uint32_t v) {
#if defined(__CUDA_ARCH__)
  asm volatile("st.shared.u32 [%0], %1;\n" ::"r"(at), "r"(v) : "memory");
#else
  (void)at, (void)v;
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
TESSEL_HOST_DEVICE std::uint32_t cast_smem_ptr_to_uint(void const* const p) { return detail::smem_u32(p); }

#if defined(__CUDACC__)
// The cluster's coordinates, as dim3 (device code). Before sm_90 a CTA is a
// cluster of one: the values are those of a 1x1x1 cluster, as CuTe's.
namespace detail {
// The cluster's special registers.
enum class ClusterReg { nclusterid, clusterid, cluster_ctaid, cluster_nctaid };
// What a cluster of one CTA has for register R: the grid's extent in CTAs, this
// CTA's index, (0, 0, 0) or (1, 1, 1) (on the host: (0, 0, 0) but for the extent).
template <ClusterReg R>
TESSEL_DEVICE dim3 one_cta_cluster() {
  if constexpr (R == ClusterReg::cluster_nctaid) return dim3(1, 1, 1);
#  if defined(__CUDA_ARCH__)
  else if constexpr (R == ClusterReg::nclusterid) return gridDim;
  else if constexpr (R == ClusterReg::clusterid) return blockIdx;
#  endif
  else return dim3(0, 0, 0);
}
// Register R's (x, y, z): read on sm_90, one_cta_cluster<R>() before.
template <ClusterReg R>
TESSEL_DEVICE dim3 cluster_register() {
#  if defined(TESSEL_ARCH_TMA)
  std::uint32_t x, y, z;
  if constexpr (R == ClusterReg::nclusterid) asm volatile("mov.u32 %0, %%nclusterid.x;\n\tmov.u32 %1, %%nclusterid.y;\n\tmov.u32 %2, %%nclusterid.z;\n" : "=r"(x), "=r"(y), "=r"(z));
  else if constexpr (R == ClusterReg::clusterid) asm volatile("mov.u32 %0, %%clusterid.x;\n\tmov.u32 %1, %%clusterid.y;\n\tmov.u32 %2, %%clusterid.z;\n" : "=r"(x), "=r"(y), "=r"(z));
  else if constexpr (R == ClusterReg::cluster_ctaid) asm volatile("mov.u32 %0, %%cluster_ctaid.x;\n\tmov.u32 %1, %%cluster_ctaid.y;\n\tmov.u32 %2, %%cluster_ctaid.z;\n" : "=r"(x), "=r"(y), "=r"(z));
  else asm volatile("mov.u32 %0, %%cluster_nctaid.x;\n\tmov.u32 %1, %%cluster_nctaid.y;\n\tmov.u32 %2, %%cluster_nctaid.z;\n" : "=r"(x), "=r"(y), "=r"(z));
  return dim3(x, y, z);
#  else
  return one_cta_cluster<R>();
#  endif
}
}  // namespace detail
// The grid's extent in clusters.
TESSEL_DEVICE dim3 cluster_grid_dims() { return detail::cluster_register<detail::ClusterReg::nclusterid>(); }
// This cluster's coordinate in the grid.
TESSEL_DEVICE dim3 cluster_id_in_grid() { return detail::cluster_register<detail::ClusterReg::clusterid>(); }
// This CTA's coordinate in its cluster.
TESSEL_DEVICE dim3 block_id_in_cluster() { return detail::cluster_register<detail::ClusterReg::cluster_ctaid>(); }
// The cluster's extent in CTAs.
TESSEL_DEVICE dim3 cluster_shape() { return detail::cluster_register<detail::ClusterReg::cluster_nctaid>(); }

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

namespace detail {
// The three TMA tensor copies: a load completing on an mbarrier, its multicast to
// the CTAs of a cluster (mask), a store (a bulk group).
enum class TmaOp { load, multicast, store };
// Issues the K copy of the box at the N coordinates c (sm_90 device code): one
// instruction per (K, N), the PTX ISA's cp.async.bulk.tensor.Nd.
template <TmaOp K, int N>
TESSEL_DEVICE void tma_issue(void const* desc, void const* smem, std::uint64_t const* mbar, std::uint16_t mask, std::uint64_t hint,
                             std::int32_t const (&c)[5]) {
  std::uint64_t const g = reinterpret_cast<std::uint64_t>(desc);
  // A load's mbarrier is its caller's (tma.with(bar) takes a reference): no null test, which
  // would compare the 64-bit generic address at every box (CuTe converts it as it is). A
  // store has none.
  std::uint32_t const s = smem_u32(smem), b = K == TmaOp::store ? 0u : smem_u32(mbar);
  if constexpr (K == TmaOp::load && N == 1) asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4}], [%2], %3;" ::"r"(s), "l"(g), "r"(b), "l"(hint), "r"(c[0]) : "memory");
  else if constexpr (K == TmaOp::load && N == 2) asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4, %5}], [%2], %3;" ::"r"(s), "l"(g), "r"(b), "l"(hint), "r"(c[0]), "r"(c[1]) : "memory");
  else if constexpr (K == TmaOp::load && N == 3) asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4, %5, %6}], [%2], %3;" ::"r"(s), "l"(g), "r"(b), "l"(hint), "r"(c[0]), "r"(c[1]), "r"(c[2]) : "memory");
  else if constexpr (K == TmaOp::load && N == 4) asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4, %5, %6, %7}], [%2], %3;" ::"r"(s), "l"(g), "r"(b), "l"(hint), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]) : "memory");
  else if constexpr (K == TmaOp::load && N == 5) asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4, %5, %6, %7, %8}], [%2], %3;" ::"r"(s), "l"(g), "r"(b), "l"(hint), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]) : "memory");
  else if constexpr (K == TmaOp::multicast && N == 1) asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%0], [%1, {%5}], [%2], %3, %4;" ::"r"(s), "l"(g), "r"(b), "h"(mask), "l"(hint), "r"(c[0]) : "memory");
  else if constexpr (K == TmaOp::multicast && N == 2) asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%0], [%1, {%5, %6}], [%2], %3, %4;" ::"r"(s), "l"(g), "r"(b), "h"(mask), "l"(hint), "r"(c[0]), "r"(c[1]) : "memory");
  else if constexpr (K == TmaOp::multicast && N == 3) asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%0], [%1, {%5, %6, %7}], [%2], %3, %4;" ::"r"(s), "l"(g), "r"(b), "h"(mask), "l"(hint), "r"(c[0]), "r"(c[1]), "r"(c[2]) : "memory");
  else if constexpr (K == TmaOp::multicast && N == 4) asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%0], [%1, {%5, %6, %7, %8}], [%2], %3, %4;" ::"r"(s), "l"(g), "r"(b), "h"(mask), "l"(hint), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]) : "memory");
  else if constexpr (K == TmaOp::multicast && N == 5) asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%0], [%1, {%5, %6, %7, %8, %9}], [%2], %3, %4;" ::"r"(s), "l"(g), "r"(b), "h"(mask), "l"(hint), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]) : "memory");
  else if constexpr (K == TmaOp::store && N == 1) asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [%0, {%2}], [%1];" ::"l"(g), "r"(s), "r"(c[0]) : "memory");
  else if constexpr (K == TmaOp::store && N == 2) asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];" ::"l"(g), "r"(s), "r"(c[0]), "r"(c[1]) : "memory");
  else if constexpr (K == TmaOp::store && N == 3) asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];" ::"l"(g), "r"(s), "r"(c[0]), "r"(c[1]), "r"(c[2]) : "memory");
  else if constexpr (K == TmaOp::store && N == 4) asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.bulk_group [%0, {%2, %3, %4, %5}], [%1];" ::"l"(g), "r"(s), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]) : "memory");
  else asm volatile("cp.async.bulk.tensor.5d.global.shared::cta.bulk_group [%0, {%2, %3, %4, %5, %6}], [%1];" ::"l"(g), "r"(s), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]) : "memory");
}
// The K copy of the box at coordinates crd (1 to 5, innermost first), or where
// the compilation has no TMA, the named error of `op`.
template <TmaOp K, class... C>
TESSEL_HOST_DEVICE void tma_copy(char const* op, void const* desc, void const* smem, std::uint64_t const* mbar, std::uint16_t mask,
                                 std::uint64_t hint, C const&... crd) {
  static_assert(sizeof...(C) >= 1 && sizeof...(C) <= 5, "tessel::SM90_TMA_LOAD, _MULTICAST, _STORE: 1 to 5 coordinates");
#if defined(TESSEL_ARCH_TMA)
  (void)op;
  std::int32_t const c[5] = {std::int32_t(crd)...};
  tma_issue<K, int(sizeof...(C))>(desc, smem, mbar, mask, hint, c);
#else
  (void)desc, (void)smem, (void)mbar, (void)mask, (void)hint, ((void)crd, ...);
  missing_tma(op);
#endif
}
}  // namespace detail

// Global -> shared, one box at coordinates crd (innermost first), completing
// its bytes on the mbarrier.
struct SM90_TMA_LOAD {
  template <class... C>
  TESSEL_HOST_DEVICE static void copy(void const* desc, std::uint64_t* mbar, std::uint64_t cache_hint, void* smem, C const&... crd) {
    detail::tma_copy<detail::TmaOp::load>("SM90_TMA_LOAD needs device code for sm_90 or later", desc, smem, mbar, 0, cache_hint, crd...);
  }
};

// Global -> shared of every CTA of the cluster in mask (the same offset in each),
// each completing its bytes on its own mbarrier at the same offset.
struct SM90_TMA_LOAD_MULTICAST {
  template <class... C>
  TESSEL_HOST_DEVICE static void copy(void const* desc, std::uint64_t* mbar, std::uint16_t mask, std::uint64_t cache_hint, void* smem,
                                      C const&... crd) {
    detail::tma_copy<detail::TmaOp::multicast>("SM90_TMA_LOAD_MULTICAST needs device code for sm_90 or later", desc, smem, mbar, mask,
                                               cache_hint, crd...);
  }
};

// Shared -> global, one box at coordinates crd (a bulk group: tma_store_arrive/wait).
struct SM90_TMA_STORE {
  template <class... C>
  TESSEL_HOST_DEVICE static void copy(void const* desc, void const* smem, C const&... crd) {
    detail::tma_copy<detail::TmaOp::store>("SM90_TMA_STORE needs device code for sm_90 or later", desc, smem, nullptr, 0, 0, crd...);
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
