// tessel/kernels/copy_tma.cuh: the TMA path of the layout-to-layout copy
// (Hopper, sm_90): a plain-transpose plan of copy_plan.hpp (a tile plan whose
// items are single elements, one dst-contiguous mode I, one src-contiguous
// mode J, at most 3 more modes) moved tile by tile by the TMA, through the TMA
// atom (atom/tma_copy.hpp: make_tma_copy builds each tensor map from the
// plan's tensor and the shared-memory layout, as for the GEMMs):
//   - a TMA load of a BI x BJ box of the source (BJ * element = 128 bytes
//     along J, the source's contiguous mode) into shared memory laid out as
//     the K-major GMMA atom with the 128-byte swizzle, completing on an mbarrier;
//   - the block transposes it into a dense BJ x BI tile, reading through the
//     swizzled layout (a warp reading a column touches 8 different 16-byte
//     chunks) and writing along I, consecutive;
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

// The source box in shared memory: BI rows (mode I) of BJ elements (mode J, the
// source's contiguous one: 128 bytes), with the 128-byte swizzle (the K-major
// GMMA atom tiled over it; make_tma_copy reads the TMA's box and swizzle from it).
template <class T, int BI, int BJ>
using TmaSrcTile = decltype(tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, Shape<Int<BI>, Int<BJ>>{}));
// The destination tile: dense along I, the destination's contiguous mode.
template <int BI, int BJ>
using TmaDstTile = Layout<Shape<Int<BI>, Int<BJ>>, Stride<_1, Int<BI>>>;

// One tile per block of kTmaThreads threads: TMA load (swizzled), transpose, TMA store, both copies
// through the TMA atom (atom/tma_copy.hpp) over the plan's tensors (I, J, rest...).
constexpr int kTmaThreads = 256;
template <class T, int BI, int BJ>
__global__ void __launch_bounds__(kTmaThreads) copy_transpose_tma(__grid_constant__ TmaCopy<SM90_TMA_LOAD, T> const load,
                                                          __grid_constant__ TmaCopy<SM90_TMA_STORE, T> const store, TmaTiles const t) {
  static_assert(BJ * sizeof(T) == 128, "copy_transpose_tma: a source row of the box is the 128-byte swizzle's span");
  __shared__ alignas(1024) T a[BI * BJ];  // row i (along J) of 128 bytes, 128-byte swizzled
  __shared__ alignas(128) T b[BJ * BI];   // column j (along I), dense
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
  auto const tile = make_tuple(ti, tj, r[0], r[1], r[2]);  // the tile's index per global mode (I, J, rest...)
  if (threadIdx.x == 0) {
    initialize_barrier(bar, 1);
    fence_view_async_shared();  // the barrier's initialization, before the TMA's complete_tx
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    set_barrier_transaction_bytes(bar, load.bytes);
    load.with(bar).copy(a, tile);
  }
  wait_barrier(bar, 0);
  auto const sa = make_tensor(make_smem_ptr(static_cast<T const*>(a)), TmaSrcTile<T, BI, BJ>{});  // (i, j), through the swizzle
  auto sb = make_tensor(make_smem_ptr(b), TmaDstTile<BI, BJ>{});
  for (int idx = int(threadIdx.x); idx < BI * BJ; idx += int(blockDim.x)) {
    int const i = idx % BI, j = idx / BI;  // a warp reads a column of sa (8 different 16-byte chunks), writes along I
    sb(i, j) = sa(i, j);
  }
  fence_view_async_shared();  // the writes above, before the TMA store reads them
  __syncthreads();
  if (threadIdx.x == 0) {
    store.copy(b, tile);
    tma_store_arrive();
    tma_store_wait<0>();
  }
}

// The plan's extents (or strides) as a tuple of R integers.
template <int R>
auto plan_tuple(long long const* v) {
  return [&]<std::size_t... K>(std::index_sequence<K...>) { return make_shape(v[K]...); }(std::make_index_sequence<R>{});
}

// The TMA copies of plan p: the source tensor (I, J, rest...) loaded by BI x BJ
// boxes into TmaSrcTile, TmaDstTile stored into the destination tensor.
template <class T, int BI, int BJ, int R>
void make_tma_copies(kernels::CopyPlan const& p, void const* src, void* dst, TmaCopy<SM90_TMA_LOAD, T>& load,
                     TmaCopy<SM90_TMA_STORE, T>& store) {
  auto const shape = plan_tuple<R>(p.shape);
  auto const gs = make_tensor(make_gmem_ptr(static_cast<T const*>(src)), make_layout(shape, plan_tuple<R>(p.src_stride)));
  auto const gd = make_tensor(make_gmem_ptr(static_cast<T*>(dst)), make_layout(shape, plan_tuple<R>(p.dst_stride)));
  load = make_tma_copy(SM90_TMA_LOAD{}, gs, TmaSrcTile<T, BI, BJ>{}, Shape<Int<BI>, Int<BJ>>{});
  store = make_tma_copy(SM90_TMA_STORE{}, gd, TmaDstTile<BI, BJ>{}, Shape<Int<BI>, Int<BJ>>{});
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
  int const rank = p.rank;
  if (rank < 2 || rank > 5) fail("cuda::launch_tma: a plan of 2 to 5 modes (tma_plan_ok)");
  TmaCopy<SM90_TMA_LOAD, T> load{};
  TmaCopy<SM90_TMA_STORE, T> store{};
  switch (rank) {
    case 2: detail::make_tma_copies<T, BI, BJ, 2>(p, src, dst, load, store); break;
    case 3: detail::make_tma_copies<T, BI, BJ, 3>(p, src, dst, load, store); break;
    case 4: detail::make_tma_copies<T, BI, BJ, 4>(p, src, dst, load, store); break;
    default: detail::make_tma_copies<T, BI, BJ, 5>(p, src, dst, load, store); break;
  }
  detail::TmaTiles t;
  t.rank = rank;
  for (int k = 2; k < rank; ++k) t.rest_shape[k - 2] = unsigned(p.shape[k]);
  t.tiles_i = unsigned((p.shape[0] + BI - 1) / BI);
  t.tiles_j = unsigned((p.shape[1] + BJ - 1) / BJ);
  long long blocks = (long long)t.tiles_i * t.tiles_j;
  for (int k = 0; k < rank - 2; ++k) blocks *= t.rest_shape[k];
  p.grid = blocks;
  p.block = detail::kTmaThreads;
  detail::copy_transpose_tma<T, BI, BJ><<<unsigned(blocks), detail::kTmaThreads, 0, stream>>>(load, store, t);
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
