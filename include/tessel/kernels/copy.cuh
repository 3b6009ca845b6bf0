// tessel/kernels/copy.cuh: tessel::cuda::copy(src, dst, stream), a copy
// between device tensors of any two layouts of the same shape, planned by
// copy_plan.hpp from the algebra. Compile with nvcc. On a Hopper GPU, plain
// transposes whose strides the TMA can express can go through copy_tma.cuh
// (CopyPlan::use_tma).
#pragma once

#include <cuda_runtime.h>

#include <mutex>

#include "../tensor/algorithm.hpp"
#include "../swizzle/copy.hpp"
#include "copy_bytes.cuh"
#include "copy_kernels.cuh"
#include "copy_plan.hpp"
#include "copy_tma.cuh"
#include "device_cache.hpp"

namespace TESSEL_NAMESPACE::cuda {

namespace detail {

using kernels::PerDevice;

// A device's SM count and compute capability, asked once per device (device_cache.hpp;
// a one-time static held the first device's for every device). A query that fails gives
// the defaults and is not kept: it is asked again at the next launch.
struct CopyDeviceFigures {
  int sms = 132;  // when the query fails
  int cc_major = 0;
  double dram_gbps_per_sm = 0;  // peak DRAM bandwidth per SM (kernels::dram_gbps_per_sm; 0: not known)
};
inline PerDevice<CopyDeviceFigures>& copy_device_figures_cache() {
  static PerDevice<CopyDeviceFigures> cache;
  return cache;
}
inline CopyDeviceFigures copy_device_figures(int dev) {
  bool failed = false;
  CopyDeviceFigures const f = copy_device_figures_cache().get(dev, [dev, &failed] {
    CopyDeviceFigures q;
    int v = 0, m = 0;
    if (cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev) == cudaSuccess && v > 0) q.sms = v;
    else failed = true;
    if (cudaDeviceGetAttribute(&m, cudaDevAttrComputeCapabilityMajor, dev) == cudaSuccess) q.cc_major = m;
    else failed = true;
    q.dram_gbps_per_sm = kernels::dram_gbps_per_sm(dev, q.sms);  // device_cache.hpp
    if (q.dram_gbps_per_sm == 0) failed = true;
    return q;
  });
  if (failed) copy_device_figures_cache().forget(dev);
  return f;
}
// The current device's (the defaults where there is none).
inline CopyDeviceFigures copy_device_figures() {
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) return {};
  return copy_device_figures(dev);
}
inline int sm_count() { return copy_device_figures().sms; }
inline int cc_major() { return copy_device_figures().cc_major; }

// The dynamic shared memory that copy_tile_async<T> may use on each device (raised by
// cudaFuncSetAttribute, which sets it for the current device only, when a plan needs more
// than the default 48 KB). The lock keeps the query and the raise of one device together.
template <class T>
cudaError_t allow_async_smem(std::size_t bytes) {
  static std::mutex mutex;
  static PerDevice<std::size_t> allowed;
  int dev = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e != cudaSuccess) return e;
  std::lock_guard<std::mutex> lock(mutex);
  if (bytes <= allowed.get(dev, [] { return std::size_t(48 * 1024); })) return cudaSuccess;
  e = cudaFuncSetAttribute(copy_tile_async<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes));
  if (e != cudaSuccess) return e;
  allowed.set(dev, bytes);
  return cudaSuccess;
}

// A wave of a capped grid: this many blocks per SM (CopyPlan::waves counts them).
constexpr int kWaveBlocksPerSm = 8;

inline int alignment_of(void const* ptr) {
  auto a = reinterpret_cast<std::uintptr_t>(ptr);
  int al = 1;
  while (al < 16 && (a % (al * 2)) == 0) al *= 2;
  return al;
}

template <class T>
cudaError_t launch(kernels::CopyPlan& plan, void const* src, void* dst, cudaStream_t stream) {
  Params p{};
  p.rank = plan.rank;
  p.nA = plan.nA;
  p.nB = plan.nB;
  for (int k = 0; k < plan.rank; ++k) {
    p.shape[k] = static_cast<unsigned>(plan.shape[k]);
    p.div[k] = FastDivmod(p.shape[k]);
    p.src_stride[k] = plan.src_stride[k];
    p.dst_stride[k] = plan.dst_stride[k];
  }
  long long const waves = static_cast<long long>(sm_count()) * kWaveBlocksPerSm;
  plan.block = int(kThreads);
  if (plan.kind == kernels::CopyPlan::Kind::tile) {
    long long NI = 1, NJ = 1, rest = 1;
    for (int k = 0; k < plan.nA; ++k) NI *= plan.shape[k];
    for (int k = plan.nA; k < plan.nA + plan.nB; ++k) NJ *= plan.shape[k];
    for (int k = plan.nA + plan.nB; k < plan.rank; ++k) rest *= plan.shape[k];
    // Whole 1-byte rows need cp.async (copy_transpose_rows): without it (async_copy off, or
    // before sm_80), J tiles of at most 120 bytes through copy_transpose_bytes.
    if (plan.packed && plan.packed_rows && !(plan.async_copy && cc_major() >= 8))
      plan.packed_rows = false, plan.TJ = kernels::packed_tile_width(NJ, 120);
    // Whole rows in tiles of 256 rows x at most 120 bytes where rows_tile_for says so (the plan keeps its TI, TJ).
    int const rows_tile = plan.packed && plan.packed_rows ? kernels::rows_tile_for(plan.rows_tile, copy_device_figures().dram_gbps_per_sm) : 0;
    long long const launch_ti = rows_tile == 256 ? 256 : plan.TI;
    long long const launch_tj = rows_tile == 256 ? kernels::packed_tile_width(NJ, 120) : plan.TJ;
    p.L = static_cast<unsigned>(plan.L);
    p.NI = static_cast<unsigned>(NI);
    p.NJ = static_cast<unsigned>(NJ);
    p.TI = static_cast<unsigned>(launch_ti);
    p.TJ = static_cast<unsigned>(launch_tj);
    p.Row = p.TJ * p.L;
    p.j_first = plan.j_first ? 1u : 0u;
    p.div_L = FastDivmod(p.L);
    p.div_Row = FastDivmod(p.Row);
    unsigned tiles_i = static_cast<unsigned>((NI + launch_ti - 1) / launch_ti);
    unsigned tiles_j = static_cast<unsigned>((NJ + launch_tj - 1) / launch_tj);
    p.div_tiles_first = FastDivmod(plan.j_first ? tiles_j : tiles_i);
    p.div_tiles_second = FastDivmod(plan.j_first ? tiles_i : tiles_j);
    long long tiles = static_cast<long long>(tiles_i) * tiles_j * rest;
    p.total = static_cast<unsigned>(tiles);
    plan.grid = plan.waves > 0 && tiles > waves * plan.waves ? waves * plan.waves : tiles;
    if (plan.max_grid > 0 && plan.grid > plan.max_grid) plan.grid = plan.max_grid;
    auto const* s = static_cast<T const*>(src);
    auto* d = static_cast<T*>(dst);
    dim3 const blk(32, kWarps);
    unsigned const g = static_cast<unsigned>(plan.grid);
    bool done = false;
    auto fixed = [&](auto ti, auto tj) {
      constexpr int TI = decltype(ti)::value, TJ = decltype(tj)::value;
      if constexpr (TI * TJ * sizeof(T) <= 32768) {
        if (!done && plan.L == 1 && plan.TI == TI && plan.TJ == TJ) {
          copy_transpose<T, TI, TJ><<<g, blk, 0, stream>>>(s, d, p);
          done = true;
        }
      }
    };
    if constexpr (sizeof(T) == 1) {
      if (plan.packed) {  // 1-byte transpose as words (plan_copy checked the destination's alignment)
        long long lo = 0, hi = 1;
        for (int k = 0; k < plan.rank; ++k) {
          long long const ext = (plan.shape[k] - 1) * plan.src_stride[k];
          (ext < 0 ? lo : hi) += ext;
        }
        auto const* sb = reinterpret_cast<unsigned char const*>(s);
        auto* db = reinterpret_cast<unsigned char*>(d);
        if (!plan.packed_rows) copy_transpose_bytes<<<g, blk, 0, stream>>>(sb, db, p, lo, hi);
        else {  // whole rows through cp.async
          int const order = rows_tile == 256 ? 1 : kernels::rows_order_for(plan.rows_order, copy_device_figures().dram_gbps_per_sm);
          if (rows_tile == 256) {
            if (plan.dst8) copy_transpose_rows<true, true, 256><<<g, blk, 0, stream>>>(sb, db, p, lo, hi);
            else copy_transpose_rows<false, true, 256><<<g, blk, 0, stream>>>(sb, db, p, lo, hi);
          } else if (order == 1) {
            if (plan.dst8) copy_transpose_rows<true, true><<<g, blk, 0, stream>>>(sb, db, p, lo, hi);
            else copy_transpose_rows<false, true><<<g, blk, 0, stream>>>(sb, db, p, lo, hi);
          } else {
            if (plan.dst8) copy_transpose_rows<true, false><<<g, blk, 0, stream>>>(sb, db, p, lo, hi);
            else copy_transpose_rows<false, false><<<g, blk, 0, stream>>>(sb, db, p, lo, hi);
          }
          plan.used_async = true, plan.used_rows_order = order, plan.used_rows_tile = rows_tile;
        }
        done = true;
      }
    }
    fixed(Int<32>{}, Int<32>{});
    fixed(Int<32>{}, Int<64>{});
    fixed(Int<64>{}, Int<32>{});
    fixed(Int<64>{}, Int<64>{});
    fixed(Int<128>{}, Int<32>{});
    if constexpr (sizeof(T) == 1) fixed(Int<64>{}, Int<128>{});
    std::size_t const tile_bytes = static_cast<std::size_t>(plan.TI) * p.Row * sizeof(T);
    std::size_t const offs = ((plan.TI + plan.TJ + 1) & ~1ll) * sizeof(long long);  // an even count, as the kernels'
    if constexpr (sizeof(T) >= 4) {
      // cp.async: measured faster, bench/RESULTS.md; the kernel's wraps need Row >= 32 and TJ > 32 / L
      if (!done && plan.async_copy && cc_major() >= 8 && p.Row >= 32 && p.TJ > 32 / p.L) {
        // A block of one tile fills only its first buffer: one buffer there where tile_buffers_for
        // says so (twice the blocks per SM); a block that loops over tiles needs both.
        int const buffers = plan.grid < tiles ? 2 : kernels::tile_buffers_for(plan.tile_buffers, copy_device_figures().dram_gbps_per_sm);
        std::size_t const bytes = 3 * offs + std::size_t(buffers) * tile_bytes;
        plan.used_buffers = buffers;
        p.line = plan.line_windows ? 128u / unsigned(sizeof(T)) : 0u;  // elements of a 128-byte line
        if (cudaError_t const err = allow_async_smem<T>(bytes); err != cudaSuccess) return err;
        copy_tile_async<T><<<g, blk, bytes, stream>>>(s, d, p);
        done = plan.used_async = true;
      }
    }
    if (!done) copy_tile<T, 4><<<g, blk, offs + tile_bytes, stream>>>(s, d, p);  // 4 loads in flight (8, 12: slower, bench/RESULTS.md)
  } else {
    p.total = static_cast<unsigned>(plan.total);
    constexpr int U = 8;
    long long blocks = (plan.total + kThreads * U - 1) / (kThreads * U);
    plan.grid = blocks < waves * 4 ? blocks : waves * 4;
    if (plan.max_grid > 0 && plan.grid > plan.max_grid) plan.grid = plan.max_grid;
    copy_elementwise<T, U><<<static_cast<unsigned>(plan.grid), kThreads, 0, stream>>>(static_cast<T const*>(src), static_cast<T*>(dst), p);
  }
  return cudaGetLastError();
}

}  // namespace detail

// The plan for copying elements of T from src_layout to dst_layout.
template <class T, class LS, class LD>
kernels::CopyPlan plan(LS const& src_layout, LD const& dst_layout, void const* src = nullptr, void const* dst = nullptr) {
  engine::Layout s = tessel::to_engine(src_layout), d = tessel::to_engine(dst_layout);
  int as = src ? detail::alignment_of(src) : 16, ad = dst ? detail::alignment_of(dst) : 16;
  return kernels::plan_copy(s, d, int(sizeof(T)), as, ad);
}

// Launch a planned copy (plan.grid and plan.block are filled in).
inline cudaError_t launch(kernels::CopyPlan& p, void const* src, void* dst, cudaStream_t stream = 0) {
  if (std::string const why = kernels::launch_error(p); !why.empty()) throw error("tessel: " + why);
  p.used_tma = p.used_async = false;
  p.used_buffers = p.used_rows_order = p.used_rows_tile = 0;
  if (p.use_tma && !p.packed && detail::cc_major() == 9 && *tma_plan_ok(p, src, dst) == '\0') {
    p.used_tma = true;
    return launch_tma(p, src, dst, stream);
  }
  switch (p.elem_bytes) {
    case 1: return detail::launch<detail::word<1>::type>(p, src, dst, stream);
    case 2: return detail::launch<detail::word<2>::type>(p, src, dst, stream);
    case 4: return detail::launch<detail::word<4>::type>(p, src, dst, stream);
    case 8: return detail::launch<detail::word<8>::type>(p, src, dst, stream);
    default: return detail::launch<detail::word<16>::type>(p, src, dst, stream);
  }
}

// copy(src, dst, stream): dst(c) = src(c) for every coordinate c. Device
// tensors of the same shape, any layouts (broadcast sources included),
// elements of 1, 2, 4 or 8 bytes. Returns the launch's error code.
template <class SE, class SL, class DE, class DL>
cudaError_t copy(Tensor<SE, SL> const& src, Tensor<DE, DL> const& dst, cudaStream_t stream = 0) {
  using T = typename DE::value_type;
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "tessel::cuda::copy: elements of 1, 2, 4 or 8 bytes");
  static_assert(sizeof(typename SE::value_type) == sizeof(T), "tessel::cuda::copy: the element types differ in size");
  auto sp = raw_pointer_cast(src.data());
  auto dp = raw_pointer_cast(dst.data());
  kernels::CopyPlan p = plan<T>(src.layout(), dst.layout(), sp, dp);
  return launch(p, sp, dp, stream);
}

}  // namespace tessel::cuda
