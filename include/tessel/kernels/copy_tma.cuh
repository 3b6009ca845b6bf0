// tessel/kernels/copy_tma.cuh: the TMA path of the layout-to-layout copy
// (Hopper, sm_90): a plain-transpose plan of copy_plan.hpp (a tile plan whose
// items are single elements, one dst-contiguous mode I, one src-contiguous
// mode J, at most 3 more modes) moved tile by tile by the TMA:
//   - a TMA load of a BI x BJ box of the source (BJ * element = 128 bytes
//     along J, the source's contiguous mode) into shared memory with the
//     128-byte swizzle, completing on an mbarrier;
//   - the block transposes it into a dense BJ x BI tile (reading through the
//     swizzle: 16-byte chunk XOR row % 8, so a warp reading a column touches 8
//     different chunks; writing along I, consecutive);
//   - a TMA store of that tile into the destination (box BI along I, the
//     destination's contiguous mode). Edge boxes: the load fills zeros outside,
//     the store clips.
// tma_plan_ok(plan, src, dst) says whether the TMA can take a plan (strides of
// the non-contiguous modes multiples of 16 bytes, 16-byte aligned pointers,
// rank <= 5); launch_tma(...) runs it. cuda::copy takes it on sm_90 devices
// wherever tma_plan_ok allows if CopyPlan::use_tma is set; by default it keeps
// copy.cuh's tile kernel, which with one block per tile measured faster on
// the H100 (bench/RESULTS.md, session 7; it was slower with a looping grid).
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include "../atom/copy_sm90.hpp"
#include "../atom/tma_copy.hpp"
#include "copy_plan.hpp"

namespace TESSEL_NAMESPACE::cuda {

namespace detail {

struct TmaTiles {
  int rank = 0;                  // 2 + rest modes
  unsigned tiles_i = 0, tiles_j = 0;
  unsigned rest_shape[3] = {1, 1, 1};
};

// One tile per block: TMA load (swizzled), transpose, TMA store.
template <class T, int BI, int BJ>
__global__ void __launch_bounds__(256) copy_transpose_tma(__grid_constant__ TmaDescriptor const src_map,
                                                          __grid_constant__ TmaDescriptor const dst_map, TmaTiles const t) {
  static_assert(BJ * sizeof(T) == 128, "copy_transpose_tma: a source row of the box is the 128-byte swizzle's span");
  __shared__ alignas(1024) T a[BI * BJ];  // row i (along J) of 128 bytes, 128-byte swizzled
  __shared__ alignas(128) T b[BJ * BI];   // row j (along I), dense
  __shared__ alignas(8) std::uint64_t bar;
  unsigned x = blockIdx.x;
  int const ti = int(x % t.tiles_i);
  x /= t.tiles_i;
  int const tj = int(x % t.tiles_j);
  x /= t.tiles_j;
  int r[3] = {0, 0, 0};
#pragma unroll
  for (int k = 0; k < 3; ++k) {  // unrolled: r stays in registers
    if (k < t.rank - 2) {
      r[k] = int(x % t.rest_shape[k]);
      x /= t.rest_shape[k];
    }
  }
  int const i0 = ti * BI, j0 = tj * BJ;
  if (threadIdx.x == 0) {
    initialize_barrier(bar, 1);
    fence_view_async_shared();  // the barrier's initialization, before the TMA's complete_tx
  }
  __syncthreads();
  constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL
  if (threadIdx.x == 0) {
    set_barrier_transaction_bytes(bar, BI * BJ * sizeof(T));
    switch (t.rank) {
      case 2: SM90_TMA_LOAD::copy(&src_map, &bar, hint, a, j0, i0); break;
      case 3: SM90_TMA_LOAD::copy(&src_map, &bar, hint, a, j0, i0, r[0]); break;
      case 4: SM90_TMA_LOAD::copy(&src_map, &bar, hint, a, j0, i0, r[0], r[1]); break;
      default: SM90_TMA_LOAD::copy(&src_map, &bar, hint, a, j0, i0, r[0], r[1], r[2]); break;
    }
  }
  wait_barrier(bar, 0);
  auto const* abytes = reinterpret_cast<unsigned char const*>(a);
  for (int idx = int(threadIdx.x); idx < BI * BJ; idx += int(blockDim.x)) {
    int const i = idx % BI, j = idx / BI;
    unsigned const o = unsigned(i) * 128u + unsigned(j) * unsigned(sizeof(T));
    unsigned const s = o ^ (((o >> 7) & 7u) << 4);  // the 128-byte swizzle
    b[j * BI + i] = *reinterpret_cast<T const*>(abytes + s);
  }
  fence_view_async_shared();  // the writes above, before the TMA store reads them
  __syncthreads();
  if (threadIdx.x == 0) {
    switch (t.rank) {
      case 2: SM90_TMA_STORE::copy(&dst_map, b, i0, j0); break;
      case 3: SM90_TMA_STORE::copy(&dst_map, b, i0, j0, r[0]); break;
      case 4: SM90_TMA_STORE::copy(&dst_map, b, i0, j0, r[0], r[1]); break;
      default: SM90_TMA_STORE::copy(&dst_map, b, i0, j0, r[0], r[1], r[2]); break;
    }
    tma_store_arrive();
    tma_store_wait<0>();
  }
}

// cuTensorMapEncodeTiled (atom/tma_copy.hpp fetches it from the driver).
inline CUresult encode_map(TmaDescriptor& d, CUtensorMapDataType type, int rank, void const* p, cuuint64_t const* dims,
                           cuuint64_t const* strides, cuuint32_t const* box, CUtensorMapSwizzle sw) {
  auto const fn = ::tessel::detail::tensor_map_encode_fn();
  if (!fn) return CUDA_ERROR_NOT_FOUND;
  cuuint32_t const es[5] = {1, 1, 1, 1, 1};
  return fn(reinterpret_cast<CUtensorMap*>(&d), type, cuuint32_t(rank), const_cast<void*>(p), dims, strides, box, es,
            CU_TENSOR_MAP_INTERLEAVE_NONE, sw, CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

}  // namespace detail

// Whether the TMA path can run plan (see the top of the file): "" or why not.
inline char const* tma_plan_ok(kernels::CopyPlan const& p, void const* src, void const* dst) {
  if (!p.error.empty()) return "the plan has an error";
  if (p.kind != kernels::CopyPlan::Kind::tile || p.L != 1 || p.nA != 1 || p.nB != 1) return "not a plain transpose plan";
  if (p.rank > 5) return "more than 5 modes";
  if (p.elem_bytes != 1 && p.elem_bytes != 2 && p.elem_bytes != 4 && p.elem_bytes != 8) return "elements of 1, 2, 4 or 8 bytes";
  if (reinterpret_cast<std::uintptr_t>(src) % 16 || reinterpret_cast<std::uintptr_t>(dst) % 16) return "pointers not 16-byte aligned";
  if (p.src_stride[1] != 1 || p.dst_stride[0] != 1) return "mode 0 not dst-contiguous or mode 1 not src-contiguous";
  for (int k = 0; k < p.rank; ++k) {
    long long const sb = p.src_stride[k] * p.elem_bytes, db = p.dst_stride[k] * p.elem_bytes;
    if (k != 1 && (sb <= 0 || sb % 16 || sb >= (1ll << 40))) return "a source stride is not a positive multiple of 16 bytes";
    if (k != 0 && (db <= 0 || db % 16 || db >= (1ll << 40))) return "a destination stride is not a positive multiple of 16 bytes";
  }
  return "";
}

// Run plan through the TMA (tma_plan_ok must have said ""): one block per tile.
template <class T>
cudaError_t launch_tma(kernels::CopyPlan& p, void const* src, void* dst, cudaStream_t stream = 0) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8, "tessel::cuda::launch_tma: 1, 2, 4 or 8 bytes");
  constexpr int BJ = 128 / int(sizeof(T));
  constexpr int BI = 64;
  CUtensorMapDataType const type = sizeof(T) == 1   ? CU_TENSOR_MAP_DATA_TYPE_UINT8
                                   : sizeof(T) == 2 ? CU_TENSOR_MAP_DATA_TYPE_UINT16
                                   : sizeof(T) == 4 ? CU_TENSOR_MAP_DATA_TYPE_UINT32
                                                    : CU_TENSOR_MAP_DATA_TYPE_UINT64;
  long long const eb = sizeof(T);
  int const rank = p.rank;
  cuuint64_t sdims[5], sstr[4], ddims[5], dstr[4];
  cuuint32_t sbox[5] = {cuuint32_t(BJ), cuuint32_t(BI), 1, 1, 1}, dbox[5] = {cuuint32_t(BI), cuuint32_t(BJ), 1, 1, 1};
  // source: (J, I, rest...); destination: (I, J, rest...)
  sdims[0] = cuuint64_t(p.shape[1]), sdims[1] = cuuint64_t(p.shape[0]);
  ddims[0] = cuuint64_t(p.shape[0]), ddims[1] = cuuint64_t(p.shape[1]);
  sstr[0] = cuuint64_t(p.src_stride[0] * eb), dstr[0] = cuuint64_t(p.dst_stride[1] * eb);
  detail::TmaTiles t;
  t.rank = rank;
  for (int k = 2; k < rank; ++k) {
    sdims[k] = ddims[k] = cuuint64_t(p.shape[k]);
    sstr[k - 1] = cuuint64_t(p.src_stride[k] * eb), dstr[k - 1] = cuuint64_t(p.dst_stride[k] * eb);
    t.rest_shape[k - 2] = unsigned(p.shape[k]);
  }
  TmaDescriptor smap{}, dmap{};
  if (detail::encode_map(smap, type, rank, src, sdims, sstr, sbox, CU_TENSOR_MAP_SWIZZLE_128B) != CUDA_SUCCESS ||
      detail::encode_map(dmap, type, rank, dst, ddims, dstr, dbox, CU_TENSOR_MAP_SWIZZLE_NONE) != CUDA_SUCCESS)
    throw error("tessel: cuda::launch_tma: cuTensorMapEncodeTiled failed for this plan");
  t.tiles_i = unsigned((p.shape[0] + BI - 1) / BI);
  t.tiles_j = unsigned((p.shape[1] + BJ - 1) / BJ);
  long long blocks = (long long)t.tiles_i * t.tiles_j;
  for (int k = 0; k < rank - 2; ++k) blocks *= t.rest_shape[k];
  p.grid = blocks;
  p.block = 256;
  detail::copy_transpose_tma<T, BI, BJ><<<unsigned(blocks), 256, 0, stream>>>(smap, dmap, t);
  return cudaGetLastError();
}

// The same for a plan of any element size (p.elem_bytes).
inline cudaError_t launch_tma(kernels::CopyPlan& p, void const* src, void* dst, cudaStream_t stream = 0) {
  switch (p.elem_bytes) {
    case 1: return launch_tma<unsigned char>(p, src, dst, stream);
    case 2: return launch_tma<unsigned short>(p, src, dst, stream);
    case 4: return launch_tma<unsigned>(p, src, dst, stream);
    default: return launch_tma<unsigned long long>(p, src, dst, stream);
  }
}

}  // namespace tessel::cuda
