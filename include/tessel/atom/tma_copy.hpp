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
// CuTe's spelling also works, with CuTe's meaning (end of this file):
//   Copy_Atom tma = make_tma_atom(SM90_TMA_LOAD{}, gmem_tensor, smem_layout, cta_tile[, cluster_size]);
//   auto mA = tma.get_tma_tensor(shape(gmem_tensor));            // coordinates
//   auto [tAgA, tAsA] = tma_partition(tma, cta_id, cta_layout, group_modes<0,2>(sA), group_modes<0,2>(gA));
//   copy(tma.with(bar[, mask]), tAgA(_, k), tAsA(_, stage));     // one thread: one instruction per box
// (multicast: cta_layout of the cluster's CTAs sharing each box; each loads its slice to all of mask).
// Encoding needs the CUDA runtime (<cuda.h>, <cuda_runtime.h>); without them
// only the device side is declared.
#pragma once

#include <cstdint>

#include "copy_sm90.hpp"
#include "tma.hpp"
#include "../tensor/counting.hpp"
#include "../swizzle/composed_layout.hpp"
#include "copy_atom.hpp"

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
  // The elements of one whole box (CuTe's NumValSrc; a multicast load's CTAs each
  // issue one slice of it): tma_partition's partitions step over boxes of this many.
  int box_values_ = 0;

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
  // (A flat shape gets the identity tensor's strides as static integers, as
  // CuTe's basis strides are static: tiling and tma_partition then stay static
  // algebra, computed at compile time, not in the kernel.)
  template <class Shape>
  TESSEL_HOST_DEVICE auto get_tma_tensor(Shape const& shape) const {
    if constexpr (detail::is_flat_shape<Shape>::value) {
      constexpr int R = int(tuple_size_v<Shape>);
      auto id = make_identity_tensor(shape);  // checks that every extent fits its bits
      auto stride = []<std::size_t... J>(std::index_sequence<J...>) {
        return make_stride(C<(1LL << (int(J) * detail::coord_bits<R>))>{}...);
      }(std::make_index_sequence<R>{});
      // Dynamic extents in 64 bits, as the strides reach 2^31 and beyond.
      auto shape64 = transform(shape, [](auto const& e) {
        if constexpr (is_static_v<decltype(e)>) return e;
        else return static_cast<long long>(e);
      });
      return make_tensor(id.data(), make_layout(shape64, stride));
    } else {
      return make_identity_tensor(shape);
    }
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
    int const runs = boxes();
    for (int i = 0; i < runs; ++i) {
      std::int32_t c[5];
      long long off;
      box(origin, i, c, off);
      issue_box(smem, c, off, rank, bar, mask);
    }
  }

  // The number of boxes of one tile (the runs of the make_tma_params plan).
  TESSEL_HOST_DEVICE int boxes() const {
    int runs = 1;
    for (int r = 0; r < params.rest; ++r) runs *= params.rest_extent[r];
    return runs;
  }
  // Box i of the tile at origin (elements per global mode): its TMA
  // coordinates c[0 .. params.rank) (0 beyond; 32-bit, as the instruction's) and its offset in the tile's
  // shared memory, in elements. The one place that turns the plan into
  // addresses: copy_origin issues from it, and kernels that keep a tile's
  // boxes in registers (the GEMM's TmaTilePlan) are derived from it on the host.
  TESSEL_HOST_DEVICE void box(long long const (&origin)[TMA::detail::kMaxModes], int i, std::int32_t (&c)[5], long long& off) const {
    long long pos[TMA::detail::kMaxModes];
    for (int m = 0; m < TMA::detail::kMaxModes; ++m) pos[m] = origin[m];
    off = 0;
    for (int r = 0, x = i; r < params.rest; ++r) {
      int const k = x % params.rest_extent[r];
      x /= params.rest_extent[r];
      pos[params.rest_mode[r]] += k * params.rest_step[r];
      off += k * params.rest_smem[r];
    }
    for (int d = 0; d < 5; ++d) c[d] = 0;
    for (int d = 0; d < params.rank; ++d)
      for (int q = 0; q < params.parts[d]; ++q) c[d] += std::int32_t(pos[params.part_mode[d][q]] * params.part_scale[d][q]);
  }

 private:
  // Box c at smem + off; a multicast load issues this CTA's slice of it.
  TESSEL_DEVICE void issue_box(T* smem, std::int32_t (&c)[5], long long off, int rank, std::uint64_t* bar, std::uint16_t mask) const {
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

 public:
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
  [[maybe_unused]] long long slice = 1;  // a multicast slice, in elements
  if (std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> && cluster_size > 1) {
    [[maybe_unused]] TMA::Params const whole = TMA::make_tma_params(raw_pointer_cast(g.data()), g.layout(), s, cta_tile, 1);
    TESSEL_CHECK(whole.box[p.rank - 1] == p.box[p.rank - 1] * std::uint32_t(cluster_size),
                 "make_tma_copy: the cluster does not divide the box's last dimension (multicast slices along it only)");
    for (int d = 0; d < p.rank; ++d) slice *= p.box[d];
  }
  if (p.swizzle > 0) {
    [[maybe_unused]] long long const period = (16LL << p.swizzle) * 8 / long(sizeof(T));  // 2^(4+3+B) bytes, in elements
    for (int r = 0; r < p.rest; ++r)
      TESSEL_CHECK(p.rest_smem[r] % period == 0, "make_tma_copy: a box of the swizzled tile does not start on the swizzle's period");
    TESSEL_CHECK(slice == 1 || slice % period == 0, "make_tma_copy: a multicast slice does not start on the swizzle's period");
  }
  TmaCopy<Op, T> c{};
  c.params = p;
  c.bytes = std::uint32_t(tile_size * long(sizeof(T)));
  c.box_values_ = std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> ? cluster_size : 1;
  for (int d = 0; d < p.rank; ++d) c.box_values_ *= int(p.box[d]);
  auto ft = flatten_to_tuple(Tile{});
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((c.tile_[I] = int(get<I>(ft))), ...); }(std::make_index_sequence<tuple_size_v<decltype(ft)>>{});
  for (int m = int(tuple_size_v<decltype(ft)>); m < TMA::detail::kMaxModes; ++m) c.tile_[m] = 1;
  // The encoding is the copy itself, not a check: it runs whatever TESSEL_NO_CHECKS says.
  if (!detail::encode_tiled(c.desc, p)) fail("make_tma_copy: cuTensorMapEncodeTiled failed (or no CUDA driver)");
  return c;
}
// make_tma_atom: CuTe's name for the same copy, as a Copy_Atom (below).
template <class Op, class E, class GL, class SL, class Tile>
auto make_tma_atom(Op const& op, Tensor<E, GL> const& g, SL const& s, Tile const& cta_tile, int cluster_size = 1) {
  auto c = make_tma_copy(op, g, s, cta_tile, cluster_size);
  return Copy_Atom<decltype(c)>(c);
}
// The CTA tile of the overload without one: the smem layout's shape per mode.
template <class Op, class E, class GL, class SL>
auto make_tma_copy(Op const& op, Tensor<E, GL> const& g, SL const& s) {
  return make_tma_copy(op, g, s, ::tessel::detail::atoms::product_each(TMA::detail::nonswizzle(s).shape()), 1);
}
#endif

// ---- CuTe's spelling: the TMA Copy_Atom, tma_partition, copy on its partitions ---------------

// Copy_Atom<TmaCopy<Op, T>>: the TMA copy as a Copy_Atom, which is what CuTe's
// make_tma_atom returns (`Copy_Atom tma = make_tma_atom(...)`); it is the
// TmaCopy itself (with, get_tma_tensor, tma_partition, copy).
template <class Op, class T>
struct Copy_Atom<TmaCopy<Op, T>> : TmaCopy<Op, T> {
  Copy_Atom() = default;
  TESSEL_HOST_DEVICE Copy_Atom(TmaCopy<Op, T> const& c) : TmaCopy<Op, T>(c) {}
};
template <class Op, class T>
Copy_Atom(TmaCopy<Op, T>) -> Copy_Atom<TmaCopy<Op, T>>;

// tma_partition(tma, cta_coord, cta_layout, stensor, gtensor): CuTe's partition
// of a TMA copy. stensor (shared memory) and gtensor (get_tma_tensor's
// coordinates, local_tile'd) have the CTA tile as mode 0 (group_modes<0,2>)
// and any other modes after (stages, k tiles). Returns (gtensor', stensor'):
// mode 0 is the tile in the order of shared memory (index i is the element at
// unswizzled smem offset i: right_inverse of the smem layout, tiled to the
// tile, as CuTe's), the other modes as given. Element i of mode 0 starts a TMA
// box when i is a multiple of the box's size (CuTe's NumValSrc); the copy
// below issues one box per such i. Multicast: cta_layout maps cta_coord to
// this CTA's id among the cosize(cta_layout) CTAs sharing each box, and both
// results start at id * (box / cosize(cta_layout)), this CTA's slice of every
// box, which it loads into every CTA of the mask (CuTe's domain_offset).
// Differs from CuTe's in form only: mode 0 is one mode of the tile, where CuTe
// splits it as (box, boxes) (tessel's box size is a run-time value).
template <class Op, class T, class C, class CL, class SE, class SL, class GE, class GL>
TESSEL_HOST_DEVICE auto tma_partition(TmaCopy<Op, T> const& tma, C const& cta_coord, CL const& cta_layout, Tensor<SE, SL> const& stensor,
                                      Tensor<GE, GL> const& gtensor) {
  auto const inner = get_nonswizzle_portion(stensor.layout());
  static_assert(is_static_v<decltype(layout<0>(inner))>, "tessel::tma_partition: the shared-memory tile (mode 0) must be static");
  static_assert(decltype(size<0>(inner))::value == decltype(size<0>(gtensor.layout()))::value,
                "tessel::tma_partition: the shared-memory and global tiles (mode 0) differ in size");
  auto const inv = right_inverse(layout<0>(inner));
  auto const layout_v = tile_to_shape(make_layout(inv), make_shape(size<0>(inner)));
  constexpr int n_mc = int(decltype(cosize(cta_layout))::value);
  TESSEL_CHECK(tma.box_values_ % n_mc == 0, "tma_partition: the multicast CTAs do not divide the TMA box");
  int const offset = int(cta_layout(cta_coord)) * (tma.box_values_ / n_mc);
  auto part = [&](auto const& t) {
    constexpr int R = decltype(rank(t.layout()))::value;
    // t o (layout_v, _, ..., _), mode by mode (compose0): the rest modes (the k count, of dynamic
    // size) stay out of the composition, so that it takes the fast path in device code.
    auto tv = [&] {
      if constexpr (R > 1 && is_layout<std::remove_cvref_t<decltype(t.layout())>>::value) {
        return make_tensor(t.data(), detail::atoms::compose0(t.layout(), layout_v));
      } else {
        auto tiler = [&]<std::size_t... I>(std::index_sequence<I...>) {
          return make_tile(layout_v, ((void)I, Underscore{})...);
        }(std::make_index_sequence<R - 1>{});
        return composition(t, tiler);
      }
    }();
    auto first = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_coord(offset, ((void)I, Int<0>{})...);
    }(std::make_index_sequence<R - 1>{});
    return make_tensor(tv.data() + tv.layout()(first), tv.layout());
  };
  return make_tuple(part(gtensor), part(stensor));
}

namespace detail {
// The TMA coordinates of the box whose first element has the global coordinate
// `first` (get_tma_tensor's element: per flattened global mode).
template <class Op, class T, class Crd>
TESSEL_DEVICE void tma_box_coords(TmaCopy<Op, T> const& tma, Crd const& first, std::int32_t (&c)[5]) {
  long long pos[TMA::detail::kMaxModes] = {};
  auto ft = flatten_to_tuple(first);
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((pos[I] = (long long)get<I>(ft)), ...);
  }(std::make_index_sequence<tuple_size_v<decltype(ft)>>{});
  for (int d = 0; d < 5; ++d) c[d] = 0;
  for (int d = 0; d < tma.params.rank; ++d)
    for (int q = 0; q < tma.params.parts[d]; ++q) c[d] += std::int32_t(pos[tma.params.part_mode[d][q]] * tma.params.part_scale[d][q]);
}
// One TMA instruction: the box at TMA coordinates c to/from smem s.
template <class Op, class T>
TESSEL_DEVICE void tma_issue_box(TmaCopy<Op, T> const& tma, T* s, std::int32_t const (&c)[5], std::uint64_t* bar, std::uint16_t mask) {
  constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL, CuTe's default
  auto go = [&](auto... x) {
    if constexpr (std::is_same_v<Op, SM90_TMA_LOAD>) SM90_TMA_LOAD::copy(&tma.desc, bar, hint, s, x...);
    else if constexpr (std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST>) SM90_TMA_LOAD_MULTICAST::copy(&tma.desc, bar, mask, hint, s, x...);
    else {
      (void)bar, (void)mask;
      SM90_TMA_STORE::copy(&tma.desc, s, x...);
    }
  };
  switch (tma.params.rank) {
    case 1: go(c[0]); break;
    case 2: go(c[0], c[1]); break;
    case 3: go(c[0], c[1], c[2]); break;
    case 4: go(c[0], c[1], c[2], c[3]); break;
    default: go(c[0], c[1], c[2], c[3], c[4]); break;
  }
}
// Every box of tma_partition's partitions g (coordinates) and s (shared memory),
// rank 1 (the tile) or 2 (the tile and a mode looped over).
template <class Op, class T, class GE, class GL, class SE, class SL>
TESSEL_DEVICE void tma_copy_boxes(TmaCopy<Op, T> const& tma, Tensor<GE, GL> const& g, Tensor<SE, SL> const& s, std::uint64_t* bar,
                                  std::uint16_t mask) {
  static_assert(GL::rank == SL::rank, "tessel::copy: a TMA copy's source and destination differ in rank");
  if constexpr (GL::rank >= 2) {
    static_assert(GL::rank == 2, "tessel::copy: a TMA copy takes tma_partition's partitions with at most one more mode");
    for (int r = 0; r < int(size<1>(g.layout())); ++r) tma_copy_boxes(tma, g(Underscore{}, r), s(Underscore{}, r), bar, mask);
  } else {
    int const v = tma.box_values_;
    int const n = int(size(g.layout()));
    for (int i = 0; i < n; i += v) {
      std::int32_t c[5];
      tma_box_coords(tma, g(i), c);
      tma_issue_box(tma, raw_pointer_cast(s.data()) + s.layout()(i), c, bar, mask);
    }
  }
}
}  // namespace detail

// copy(tma.with(bar[, mask]), g, s): the load of tma_partition's partitions
// (coordinates g, shared memory s): one TMA instruction per box of mode 0, by
// one thread; the mbarrier expects the tile's bytes. copy(tma_store, s, g): the
// store of s to the coordinates g, one instruction per box (a bulk group).
template <class Op, class T, class GE, class GL, class SE, class SL>
TESSEL_DEVICE void copy(TmaBound<Op, T> const& b, Tensor<GE, GL> const& g, Tensor<SE, SL> const& s) {
  detail::tma_copy_boxes(*b.tma, g, s, b.bar, b.mask);
}
template <class T, class SE, class SL, class GE, class GL>
TESSEL_DEVICE void copy(TmaCopy<SM90_TMA_STORE, T> const& tma, Tensor<SE, SL> const& s, Tensor<GE, GL> const& g) {
  detail::tma_copy_boxes(tma, g, s, nullptr, 0);
}
// The same through the Copy_Atom that make_tma_atom returns: spelled out for
// lvalue and rvalue destinations, so that it is more specialised than
// copy_atom.hpp's copy(Copy_Atom<Args...>, src, dst&) and (src, dst&&), which
// would otherwise be the exact match.
template <class T, class SE, class SL, class GE, class GL>
TESSEL_DEVICE void copy(Copy_Atom<TmaCopy<SM90_TMA_STORE, T>> const& tma, Tensor<SE, SL> const& s, Tensor<GE, GL>& g) {
  detail::tma_copy_boxes(tma, g, s, nullptr, 0);
}
template <class T, class SE, class SL, class GE, class GL>
TESSEL_DEVICE void copy(Copy_Atom<TmaCopy<SM90_TMA_STORE, T>> const& tma, Tensor<SE, SL> const& s, Tensor<GE, GL>&& g) {
  detail::tma_copy_boxes(tma, g, s, nullptr, 0);
}

}  // namespace tessel
