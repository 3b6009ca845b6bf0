// tessel/atom/tma_copy.hpp: a TMA copy of a whole CTA tile, built from the
// layouts (TMA::make_tma_params) and encoded with cuTensorMapEncodeTiled:
//   auto tma = make_tma_copy(SM90_TMA_LOAD{}, gmem_tensor, smem_layout[, cta_tile[, cluster_size]]);  // host
//   tma.with(bar).copy(smem_ptr, tile_coord);                  // device, one thread: the tile at tile_coord
//   tma.with(bar, mask).copy(smem_ptr, tile_coord, rank);      // multicast: this CTA's slice, to every CTA of mask
//   tma.copy(smem_ptr, tile_coord);                            // SM90_TMA_STORE
// tile_coord holds, per flattened global mode, the tile's index along it (the
// CTA tile's modes first; a mode the tile does not cover counts single elements).
// One call issues every box of the tile (a tile the box does not cover in one
// go takes several, as CuTe's partition of the TMA tensor would). tma.bytes is
// what each CTA's mbarrier must expect (set_barrier_transaction_bytes).
// CuTe's spelling also works (end of this file, and make_tma_atom):
//   auto mA = tma.get_tma_tensor(shape(gmem_tensor));            // coordinates
//   auto [tAgA, tAsA] = tma_partition(tma, Int<0>{}, Layout<_1>{}, group_modes<0,2>(sA), group_modes<0,2>(gA));
//   copy(tma.with(bar), tAgA(_, k), tAsA(_, stage));             // one thread
// Encoding needs the CUDA runtime (<cuda.h>, <cuda_runtime.h>); without them
// only the device side is declared.
#pragma once

#include <cstdint>

#include "copy_sm90.hpp"
#include "tma.hpp"
#include "../tensor/counting.hpp"

#if __has_include(<cuda.h>) && __has_include(<cuda_runtime.h>)
#  include <cuda.h>
#  include <cuda_runtime.h>
#  define TESSEL_HAS_CUDA_DRIVER_TYPES 1
#endif

namespace TESSEL_NAMESPACE {

template <class Op, class T>
struct TmaCopy;

// A load bound to its mbarrier (and multicast mask): tma.with(bar[, mask]). It
// refers to the TmaCopy, never holds a copy of it: the TMA instruction must read
// the descriptor where the kernel received it (a __grid_constant__ parameter,
// or global memory); a descriptor copied into local memory is an illegal
// instruction.
template <class Op, class T>
struct TmaBound {
  TmaCopy<Op, T> const* tma;
  std::uint64_t* bar;
  std::uint16_t mask;
  // The tile at tile_coord (tile indices per flattened global mode).
  template <class Crd>
  TESSEL_DEVICE void copy(T* smem, Crd const& tile_coord, int rank = 0) const {
    tma->copy_tiles(smem, tile_coord, rank, bar, mask);
  }
};

// The TMA copy of one tile (Op: SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST or SM90_TMA_STORE).
template <class Op, class T>
struct TmaCopy {
  TmaDescriptor desc;
  TMA::Params params;
  std::uint32_t bytes = 0;  // of one CTA's whole tile

  // This load with its mbarrier (and multicast mask for SM90_TMA_LOAD_MULTICAST).
  TESSEL_HOST_DEVICE TmaBound<Op, T> with(std::uint64_t& b, std::uint16_t m = 0) const {
    static_assert(!std::is_same_v<Op, SM90_TMA_STORE>, "with(barrier): a TMA store completes through tma_store_arrive/wait, not an mbarrier");
    return TmaBound<Op, T>{this, &b, m};
  }

  // The store of the tile at tile_coord from smem (one thread issues it). Loads
  // go through with(barrier).copy(...).
  template <class Crd>
  TESSEL_DEVICE void copy(T* smem, Crd const& tile_coord) const {
    static_assert(std::is_same_v<Op, SM90_TMA_STORE>, "a TMA load needs its mbarrier: tma.with(bar).copy(smem, tile_coord)");
    copy_tiles(smem, tile_coord, 0, nullptr, 0);
  }

  // CuTe's spelling of the global side: the coordinate tensor of a global tensor
  // of this shape (each element is its own coordinate). local_tile of it gives a
  // tile's coordinates, and copy(tma.with(bar), coords, smem) moves the tile
  // whose first element has coords(0).
  template <class Shape>
  TESSEL_HOST_DEVICE auto get_tma_tensor(Shape const& shape) const {
    return make_identity_tensor(shape);
  }

  // The tile at tile_coord (tile indices) between global memory and smem.
  template <class Crd>
  TESSEL_DEVICE void copy_tiles(T* smem, Crd const& tile_coord, int rank, std::uint64_t* bar, std::uint16_t mask) const {
    long long origin[TMA::detail::kMaxModes] = {};
    auto ft = flatten_to_tuple(tile_coord);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((origin[I] = (long long)get<I>(ft) * tile_[I]), ...);
    }(std::make_index_sequence<tuple_size_v<decltype(ft)>>{});
    copy_origin(smem, origin, rank, bar, mask);
  }
  // The tile whose first element has the coordinate `first` (element indices
  // per flattened global mode, as get_tma_tensor's elements).
  template <class Crd>
  TESSEL_DEVICE void copy_at(T* smem, Crd const& first, int rank, std::uint64_t* bar, std::uint16_t mask) const {
    long long origin[TMA::detail::kMaxModes] = {};
    auto ft = flatten_to_tuple(first);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((origin[I] = (long long)get<I>(ft)), ...);
    }(std::make_index_sequence<tuple_size_v<decltype(ft)>>{});
    copy_origin(smem, origin, rank, bar, mask);
  }

  // Every box of the tile at origin (elements per global mode), box by box.
  // rank: this CTA's slice of a multicast load (its rank among the mask's CTAs).
  TESSEL_DEVICE void copy_origin(T* smem, long long const (&origin)[TMA::detail::kMaxModes], int rank, std::uint64_t* bar,
                                 std::uint16_t mask) const {
    int runs = 1;
    for (int r = 0; r < params.rest; ++r) runs *= params.rest_extent[r];
    for (int i = 0; i < runs; ++i) {
      long long pos[TMA::detail::kMaxModes];
      for (int m = 0; m < TMA::detail::kMaxModes; ++m) pos[m] = origin[m];
      long long off = 0;
      for (int r = 0, x = i; r < params.rest; ++r) {
        int const k = x % params.rest_extent[r];
        x /= params.rest_extent[r];
        pos[params.rest_mode[r]] += k * params.rest_step[r];
        off += k * params.rest_smem[r];
      }
      std::int32_t c[5] = {};
      for (int d = 0; d < params.rank; ++d)
        for (int q = 0; q < params.parts[d]; ++q) c[d] += std::int32_t(pos[params.part_mode[d][q]] * params.part_scale[d][q]);
      if constexpr (std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST>) {
        int const last = params.rank - 1;  // the slice: rank along the last box dimension
        long long slice = 1;
        for (int d = 0; d < last; ++d) slice *= params.box[d];
        c[last] += std::int32_t(rank * params.box[last]);
        issue(smem + off + rank * slice * params.box[last], c, bar, mask);
      } else {
        (void)rank;
        issue(smem + off, c, bar, mask);
      }
    }
  }

  int tile_[TMA::detail::kMaxModes] = {};  // the CTA tile's extent per global mode (1 where it covers none)

 private:
  TESSEL_DEVICE void issue(T* s, std::int32_t const (&c)[5], std::uint64_t* bar, std::uint16_t mask) const {
    constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL, CuTe's default
    auto go = [&](auto... x) {
      if constexpr (std::is_same_v<Op, SM90_TMA_LOAD>) SM90_TMA_LOAD::copy(&desc, bar, hint, s, x...);
      else if constexpr (std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST>) SM90_TMA_LOAD_MULTICAST::copy(&desc, bar, mask, hint, s, x...);
      else {
        (void)bar, (void)mask;
        SM90_TMA_STORE::copy(&desc, s, x...);
      }
    };
    switch (params.rank) {
      case 1: go(c[0]); break;
      case 2: go(c[0], c[1]); break;
      case 3: go(c[0], c[1], c[2]); break;
      case 4: go(c[0], c[1], c[2], c[3]); break;
      default: go(c[0], c[1], c[2], c[3], c[4]); break;
    }
  }
};

#if defined(TESSEL_HAS_CUDA_DRIVER_TYPES)
namespace detail {
// cuTensorMapEncodeTiled, fetched once from the driver through the runtime (as
// CUTLASS does); nullptr without a driver that has it.
using TensorMapEncodeFn = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, cuuint64_t const*, cuuint64_t const*,
                                       cuuint32_t const*, cuuint32_t const*, CUtensorMapInterleave, CUtensorMapSwizzle,
                                       CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
inline TensorMapEncodeFn tensor_map_encode_fn() {
  static TensorMapEncodeFn const fn = [] {
    void* f = nullptr;
    cudaDriverEntryPointQueryResult q{};
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &f, 12000, cudaEnableDefault, &q) != cudaSuccess ||
        q != cudaDriverEntryPointSuccess)
      return TensorMapEncodeFn(nullptr);
    return reinterpret_cast<TensorMapEncodeFn>(f);
  }();
  return fn;
}

// The tensor map of p (make_tma_params) into d.
inline bool encode_tiled(TmaDescriptor& d, TMA::Params const& p) {
  TensorMapEncodeFn const fn = tensor_map_encode_fn();
  if (!fn) return false;
  static_assert(sizeof(TmaDescriptor) == sizeof(CUtensorMap), "tessel::TmaDescriptor is CUtensorMap's size");
  cuuint64_t dims[5], strides[4];
  cuuint32_t box[5], es[5];
  for (int i = 0; i < p.rank; ++i) dims[i] = p.dims[i], box[i] = p.box[i], es[i] = p.elem_strides[i];
  for (int i = 1; i < p.rank; ++i) strides[i - 1] = p.strides[i];
  return fn(reinterpret_cast<CUtensorMap*>(&d), CUtensorMapDataType(p.data_type), cuuint32_t(p.rank), const_cast<void*>(p.address), dims,
            strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CUtensorMapSwizzle(p.swizzle), CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
            CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}
}  // namespace detail

// make_tma_copy(op, gmem tensor, smem layout, cta tile, cluster size): the copy of
// a CTA tile; named errors where the TMA cannot move the tile (make_tma_params),
// where the smem layout does not hold the whole tile, where a box of a swizzled
// tile does not start on the swizzle's period, and where encoding fails.
template <class Op, class E, class GL, class SL, class Tile>
TmaCopy<Op, typename Tensor<E, GL>::value_type> make_tma_copy(Op const&, Tensor<E, GL> const& g, SL const& s, Tile const& cta_tile,
                                                              int cluster_size = 1) {
  using T = typename Tensor<E, GL>::value_type;
  static_assert(std::is_same_v<Op, SM90_TMA_LOAD> || std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> || std::is_same_v<Op, SM90_TMA_STORE>,
                "tessel::make_tma_copy: Op is SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST or SM90_TMA_STORE");
  TMA::Params p = TMA::make_tma_params(raw_pointer_cast(g.data()), g.layout(), s, cta_tile,
                                       std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> ? cluster_size : 1);
  constexpr long long tile_size = decltype(size(Tile{}))::value;
  TESSEL_CHECK(p.tile_elems == tile_size, "make_tma_copy: the shared-memory layout does not hold the whole tile in order");
  long long slice = 1;  // a multicast slice, in elements
  if (std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> && cluster_size > 1) {
    TMA::Params const whole = TMA::make_tma_params(raw_pointer_cast(g.data()), g.layout(), s, cta_tile, 1);
    TESSEL_CHECK(whole.box[p.rank - 1] == p.box[p.rank - 1] * std::uint32_t(cluster_size),
                 "make_tma_copy: the cluster does not divide the box's last dimension (multicast slices along it only)");
    for (int d = 0; d < p.rank; ++d) slice *= p.box[d];
  }
  if (p.swizzle > 0) {
    long long const period = (16LL << p.swizzle) * 8 / long(sizeof(T));  // 2^(4+3+B) bytes, in elements
    for (int r = 0; r < p.rest; ++r)
      TESSEL_CHECK(p.rest_smem[r] % period == 0, "make_tma_copy: a box of the swizzled tile does not start on the swizzle's period");
    TESSEL_CHECK(slice == 1 || slice % period == 0, "make_tma_copy: a multicast slice does not start on the swizzle's period");
  }
  TmaCopy<Op, T> c{};
  c.params = p;
  c.bytes = std::uint32_t(tile_size * long(sizeof(T)));
  auto ft = flatten_to_tuple(Tile{});
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((c.tile_[I] = int(get<I>(ft))), ...); }(std::make_index_sequence<tuple_size_v<decltype(ft)>>{});
  for (int m = int(tuple_size_v<decltype(ft)>); m < TMA::detail::kMaxModes; ++m) c.tile_[m] = 1;
  TESSEL_CHECK(detail::encode_tiled(c.desc, p), "make_tma_copy: cuTensorMapEncodeTiled failed (or no CUDA driver)");
  return c;
}
// make_tma_atom: CuTe's name for the same copy.
template <class Op, class E, class GL, class SL, class Tile>
auto make_tma_atom(Op const& op, Tensor<E, GL> const& g, SL const& s, Tile const& cta_tile, int cluster_size = 1) {
  return make_tma_copy(op, g, s, cta_tile, cluster_size);
}
// The CTA tile of the overload without one: the smem layout's shape per mode.
template <class Op, class E, class GL, class SL>
auto make_tma_copy(Op const& op, Tensor<E, GL> const& g, SL const& s) {
  return make_tma_copy(op, g, s, ::tessel::detail::atoms::product_each(TMA::detail::nonswizzle(s).shape()), 1);
}
#endif

// ---- CuTe's spelling: tma_partition and copy on TMA tensors ----------------------------------

// tma_partition(tma, cta_coord, cta_layout, smem, coords): CuTe's partition of a
// TMA copy, for smem and coordinate tensors whose mode 0 is the CTA tile (after
// group_modes<0,2>), the other modes the pipeline stages and the tiles along K.
// Returns (coords, smem) as they are: tessel's copy moves a whole CTA tile per
// call and issues its boxes itself, so mode 0 stays the tile. A multicast
// partition (cta_layout of several CTAs) is not spelled this way in tessel:
// tma.with(bar, mask).copy(smem, tile_coord, rank) issues each CTA's slice.
template <class Op, class T, class C, class CL, class SE, class SL, class GE, class GL>
TESSEL_HOST_DEVICE auto tma_partition(TmaCopy<Op, T> const&, C const&, CL const& cta_layout, Tensor<SE, SL> const& smem,
                                      Tensor<GE, GL> const& coords) {
  static_assert(decltype(size(cta_layout))::value == 1,
                "tessel::tma_partition: multicast partitions are issued with tma.with(bar, mask).copy(smem, tile_coord, rank)");
  return make_tuple(coords, smem);
}

// copy(tma.with(bar), coords, smem): the load of the tile whose first element's
// coordinate is coords(0) into smem (one thread issues it; the mbarrier expects
// tma.bytes). copy(tma_store, smem, coords): the store of smem to that tile.
// The smem address of a tile tensor's first element (a slice of a swizzled
// layout keeps its offset in the layout, not in the pointer).
namespace detail {
template <class SE, class SL>
TESSEL_DEVICE auto tma_tile_start(Tensor<SE, SL> const& smem) {
  return raw_pointer_cast(smem.data()) + smem.layout()(Int<0>{});
}
}  // namespace detail
template <class Op, class T, class GE, class GL, class SE, class SL>
TESSEL_DEVICE void copy(TmaBound<Op, T> const& b, Tensor<GE, GL> const& coords, Tensor<SE, SL> const& smem) {
  b.tma->copy_at(detail::tma_tile_start(smem), coords(Int<0>{}), 0, b.bar, b.mask);
}
template <class T, class SE, class SL, class GE, class GL>
TESSEL_DEVICE void copy(TmaCopy<SM90_TMA_STORE, T> const& tma, Tensor<SE, SL> const& smem, Tensor<GE, GL> const& coords) {
  tma.copy_at(detail::tma_tile_start(smem), coords(Int<0>{}), 0, nullptr, 0);
}

}  // namespace tessel
