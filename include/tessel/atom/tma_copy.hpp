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

namespace detail {
// What a TMA copy's types decide (Plan: TMA::detail::static_plan, whose box,
// coordinate map and runs do not depend on run-time extents or strides; void:
// nothing): the elements of one whole box, the tile's, and the tensor map's
// coordinate J of per-mode positions, as plan_coords and the coordinate
// iterator compute them at run time.
template <class Plan>
struct tma_static_plan {
  static constexpr bool known = false;
};
template <class Plan>
  requires(!std::is_void_v<Plan>)
struct tma_static_plan<Plan> {
  static constexpr TMA::Params p = Plan::value;
  static constexpr bool known = p.rank > 0;
  static constexpr bool static_scales = Plan::static_scales;  // (else coord() does not give the coordinates)
  static constexpr long long box_values = [] {
    long long b = 1;
    for (int d = 0; d < p.rank; ++d) b *= p.box[d];
    return b * p.recast_den / p.recast_num;
  }();
  // Coordinate J before dimension 0's recast: pos.template at<M>() is
  // global mode M's position (modes at or past F, which the coordinates do not
  // have, count 0 as in tma_coord_iterator).
  template <int J, int F, class Pos>
  TESSEL_HOST_DEVICE static constexpr long long coord(Pos const& pos) {
    if constexpr (J >= p.rank) {
      return 0;
    } else {
      return [&]<std::size_t... Q>(std::index_sequence<Q...>) {
        return (0LL + ... + (p.part_mode[J][Q] < F ? pos.template at<p.part_mode[J][Q] < F ? p.part_mode[J][Q] : 0>() * p.part_scale[J][Q]
                                                   : 0LL));
      }(std::make_index_sequence<std::size_t(p.parts[J])>{});
    }
  }
  // Dimension 0's recast to the tensor map's elements.
  TESSEL_HOST_DEVICE static constexpr long long recast(long long c) {
    if constexpr (p.recast_num != p.recast_den) return c * p.recast_num / p.recast_den;
    else return c;
  }
};
// The per-mode positions of a coordinate iterator's offset o (its bit fields),
// and of a static offset D in uniform fields of Bits bits.
template <class It>
struct tma_offset_modes {
  It const& it;
  long long o;
  template <int M>
  TESSEL_HOST_DEVICE constexpr long long at() const { return it.template mode_pos<M>(o); }
};
template <long long D, int Bits>
struct tma_static_modes {
  template <int M>
  TESSEL_HOST_DEVICE static constexpr long long at() { return (D >> (M * Bits)) & ((1LL << Bits) - 1); }
};
// The swizzle period of a shared-memory layout (a swizzle leaves offsets that
// differ by a multiple of it apart by the same amount): 2^(B+M+|S|) elements for a
// ComposedLayout of a Swizzle and a static layout; 0 for any other layout.
template <class L> inline constexpr long long tma_swizzle_period = 0;
template <int B, int M, int S, class O, class L>
inline constexpr long long tma_swizzle_period<ComposedLayout<Swizzle<B, M, S>, O, L>> = is_static_v<L> ? (1LL << (B + M + (S < 0 ? -S : S))) : 0;

}  // namespace detail

// Compact: void, or make_tma_atom's plan of a copy whose types decide it at
// cluster size 1 (detail::tma_compact_plan): that copy carries the tensor map
// alone, everything else is a compile-time constant of its type (see below).
template <class Op, class T, class Compact = void>
struct TmaCopy;

namespace detail {
// The Compact argument of the TmaCopy of a TmaTiledCopy of plan Plan: Plan where it is a
// tma_compact_plan (it names its prototype), else void.
template <class Plan>
concept tma_compact_plan_type = requires { typename Plan::prototype; };
template <class Plan>
using tma_compact_t = std::conditional_t<tma_compact_plan_type<Plan>, Plan, void>;
}  // namespace detail

// A load bound to its mbarrier (and multicast mask): tma.with(bar[, mask]). It
// refers to the TmaCopy, never holds a copy of it: the TMA instruction must read
// the descriptor where the kernel received it (a __grid_constant__ parameter,
// or global memory); a descriptor copied into local memory is an illegal
// instruction. Plan (TmaTiledCopy's): the plan its types decide
// (TMA::detail::static_plan), with which copy() of tma_partition's partitions
// issues every box with compile-time offsets, as CuTe's; void: from the run-time plan.
template <class Op, class T, class Plan = void>
struct TmaBound {
  TmaCopy<Op, T, detail::tma_compact_t<Plan>> const* tma;
  std::uint64_t* bar;
  std::uint16_t mask;
  // The tile at tile_coord (tile indices per flattened global mode).
  template <class Crd>
  TESSEL_DEVICE void copy(T* smem, Crd const& tile_coord, int rank = 0) const {
    tma->copy_tiles(smem, tile_coord, rank, bar, mask);
  }
};

// The TMA copy of one tile (Op: SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST or SM90_TMA_STORE).
template <class Op, class T, class Compact>
struct TmaCopy {
  TmaDescriptor desc;
  TMA::Params params;
  std::uint32_t bytes = 0;  // of one CTA's whole tile
  // The elements of one whole box (CuTe's NumValSrc; a multicast load's CTAs each
  // issue one slice of it): tma_partition's partitions step over boxes of this many.
  int box_values_ = 0;
  // The CTAs that share each box (CuTe's cluster size: each loads a slice of it).
  int multicast_ = 1;

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
  // With the box table (build_box_table, on the host), the device only adds
  // and multiplies: every array index is a compile-time one or a box's index
  // into the TmaCopy itself (the kernel parameter); without it, box() reads the plan.
  TESSEL_DEVICE void copy_origin(T* smem, long long const (&origin)[TMA::detail::kMaxModes], int rank, std::uint64_t* bar,
                                 std::uint16_t mask) const {
    std::int32_t base[5];
    table_base(origin, base);
    bool const table = table_boxes_ > 0;
    int const n = table ? table_boxes_ : boxes();  // the table's boxes, or every box of the plan
    for (int i = 0; i < n; ++i) {
      std::int32_t c[5];
      long long off;
      if (table) table_box(base, i, c, off);
      else run_box(base, i, c, off);
      table_slice(c, off, rank);
      issue(smem + off, c, bar, mask);
    }
  }

  // ---- The box table: box() as a linear map of the tile's origin ----
  // Box i of the tile at origin has the TMA coordinates base + box_c_[i]
  // (dimension 0 then recast), where base[d] = sum over the global modes m of
  // dimension d (mode_dim_[m] == d) of origin[m] * mode_scale_[m], and the
  // shared-memory offset box_s_[i] (box() computes the same from the plan,
  // term by term, in 32 bits). (A copy is a kernel parameter: what it holds is kept small.)
  static constexpr int kMaxTableBoxes = 16;
  int table_boxes_ = 0;  // 0: no table (more boxes than kMaxTableBoxes, or not built)
  std::int32_t box_c_[kMaxTableBoxes][5] = {};
  std::int32_t box_s_[kMaxTableBoxes] = {};
  std::int32_t slice_c_[5] = {};  // a multicast slice's step per box dimension (the last only)
  std::int32_t slice_s_ = 0;      // and in shared memory
  // Beyond kMaxTableBoxes: per run r of boxes (params.rest), the TMA
  // coordinates' step per box of the run (rest_step times its mode's scale, in its dimension).
  std::int32_t run_c_[8][5] = {};
  // Per global mode m: the box dimension whose coordinate it gives (-1: none)
  // and its scale there (get_tma_tensor's coordinate iterator, table_base;
  // a global mode is in one dimension at most).
  std::int8_t mode_dim_[TMA::detail::kMaxModes] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  std::int32_t mode_scale_[TMA::detail::kMaxModes] = {};

  // Fills the table from params (host; make_tma_copy calls it). A tile of more
  // boxes than kMaxTableBoxes, or offsets beyond 32 bits, keeps table_boxes_ = 0
  // (the device then interprets the plan, as box() does).
  constexpr void build_box_table() {
    table_boxes_ = 0;
    TMA::Params const& p = params;
    for (int m = 0; m < TMA::detail::kMaxModes; ++m) mode_dim_[m] = -1, mode_scale_[m] = 0;
    for (int d = 0; d < p.rank; ++d)
      for (int q = 0; q < p.parts[d]; ++q) mode_dim_[p.part_mode[d][q]] = std::int8_t(d), mode_scale_[p.part_mode[d][q]] = std::int32_t(p.part_scale[d][q]);
    for (int d = 0; d < 5; ++d) slice_c_[d] = 0;
    slice_s_ = 0;
    if (std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> && p.rank > 0) {
      long long slice = 1;
      for (int d = 0; d < p.rank; ++d) slice *= p.box[d];
      if (slice > INT32_MAX) return;
      slice_c_[p.rank - 1] = std::int32_t(p.box[p.rank - 1]);
      slice_s_ = std::int32_t(slice);
    }
    for (int r = 0; r < 8; ++r)
      for (int d = 0; d < 5; ++d)
        run_c_[r][d] = r < p.rest && mode_dim_[p.rest_mode[r]] == d
                           ? std::int32_t(std::uint32_t(p.rest_step[r]) * std::uint32_t(mode_scale_[p.rest_mode[r]]))
                           : 0;
    int const n = boxes();
    if (n < 1 || n > kMaxTableBoxes) return;
    // The boxes in box()'s order (run 0 fastest), each from the one before: one run's index steps
    // (its coordinate step run_c_ and shared-memory step), the runs before it wrap to 0. The
    // coordinates at origin 0, before the recast (box() recasts the whole sum): box_position then
    // plan_coords, whose int32 terms sum modulo 2^32 to the same (make_tma_atom runs this on
    // every call: a GEMM that makes its atoms per launch pays it each time).
    std::uint32_t c[5] = {};
    long long off = 0;
    int k[8] = {};
    for (int i = 0; i < n; ++i) {
      if (off < INT32_MIN || off > INT32_MAX) return;
      for (int d = 0; d < 5; ++d) box_c_[i][d] = std::int32_t(c[d]);
      box_s_[i] = std::int32_t(off);
      for (int r = 0; r < p.rest; ++r) {
        if (++k[r] < p.rest_extent[r]) {
          for (int d = 0; d < 5; ++d) c[d] += std::uint32_t(run_c_[r][d]);
          off += p.rest_smem[r];
          break;
        }
        k[r] = 0;
        for (int d = 0; d < 5; ++d) c[d] -= std::uint32_t(p.rest_extent[r] - 1) * std::uint32_t(run_c_[r][d]);
        off -= (long long)(p.rest_extent[r] - 1) * p.rest_smem[r];
      }
    }
    table_boxes_ = n;
  }
  // The tile at origin's base: base[d] = sum over the global modes m of dimension d of origin[m] * mode_scale_[m].
  TESSEL_HOST_DEVICE void table_base(long long const (&origin)[TMA::detail::kMaxModes], std::int32_t (&base)[5]) const {
    std::uint32_t b[5] = {};  // (32-bit wrapping sums, as box()'s int32 terms)
    TESSEL_UNROLL
    for (int m = 0; m < TMA::detail::kMaxModes; ++m) {
      std::uint32_t const t = std::uint32_t(origin[m]) * std::uint32_t(mode_scale_[m]);
      TESSEL_UNROLL
      for (int d = 0; d < 5; ++d) b[d] += mode_dim_[m] == d ? t : 0u;
    }
    TESSEL_UNROLL
    for (int d = 0; d < 5; ++d) base[d] = std::int32_t(b[d]);
  }
  // Box i (< table_boxes_) of the tile whose table_base is base: box()'s c and off.
  TESSEL_HOST_DEVICE void table_box(std::int32_t const (&base)[5], int i, std::int32_t (&c)[5], long long& off) const {
    TESSEL_UNROLL
    for (int d = 0; d < 5; ++d) c[d] = std::int32_t(std::uint32_t(base[d]) + std::uint32_t(box_c_[i][d]));
    if (params.recast_num != params.recast_den) c[0] = std::int32_t(c[0] * params.recast_num / params.recast_den);
    off = box_s_[i];
  }
  // Box i of the tile whose table_base is base, from the runs (any number of
  // boxes): box()'s c and off.
  TESSEL_HOST_DEVICE void run_box(std::int32_t const (&base)[5], int i, std::int32_t (&c)[5], long long& off) const {
    std::uint32_t u[5];
    TESSEL_UNROLL
    for (int d = 0; d < 5; ++d) u[d] = std::uint32_t(base[d]);
    off = 0;
    int x = i;
    TESSEL_UNROLL
    for (int r = 0; r < 8; ++r) {
      if (r < params.rest) {
        int const k = x % params.rest_extent[r];
        x /= params.rest_extent[r];
        TESSEL_UNROLL
        for (int d = 0; d < 5; ++d) u[d] += std::uint32_t(k) * std::uint32_t(run_c_[r][d]);
        off += k * params.rest_smem[r];
      }
    }
    TESSEL_UNROLL
    for (int d = 0; d < 5; ++d) c[d] = std::int32_t(u[d]);
    if (params.recast_num != params.recast_den) c[0] = std::int32_t(c[0] * params.recast_num / params.recast_den);
  }
  // This CTA's multicast slice (rank) of the box c at off: rank box[last] further along the last box
  // dimension, rank whole (sliced) boxes further in shared memory.
  TESSEL_HOST_DEVICE void table_slice(std::int32_t (&c)[5], long long& off, int rank) const {
    if constexpr (std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST>) {
      TESSEL_UNROLL
      for (int d = 0; d < 5; ++d) c[d] += rank * slice_c_[d];
      off += (long long)rank * slice_s_;
    } else {
      (void)c, (void)off, (void)rank;
    }
  }

  // The number of boxes of one tile (the runs of the make_tma_params plan).
  TESSEL_HOST_DEVICE constexpr int boxes() const {
    int runs = 1;
    for (int r = 0; r < params.rest; ++r) runs *= params.rest_extent[r];
    return runs;
  }
  // Box i of the tile at origin (elements per global mode): its TMA
  // coordinates c[0 .. params.rank) (0 beyond; 32-bit, as the instruction's) and its offset in the tile's
  // shared memory, in elements. The plan read term by term: build_box_table's
  // table (copy_origin's device path) is made from the same two steps, and
  // kernels that keep a tile's boxes in registers (the GEMM's TmaTilePlan) are
  // derived from it on the host.
  TESSEL_HOST_DEVICE void box(long long const (&origin)[TMA::detail::kMaxModes], int i, std::int32_t (&c)[5], long long& off) const {
    long long pos[TMA::detail::kMaxModes];
    for (int m = 0; m < TMA::detail::kMaxModes; ++m) pos[m] = origin[m];
    box_position(i, pos, off);
    plan_coords(pos, c);
    if (params.recast_num != params.recast_den) c[0] = std::int32_t(c[0] * params.recast_num / params.recast_den);
  }
  // Box i's place in the plan's runs: adds its step along each global mode to
  // pos, and sets off to its offset in the tile's shared memory (elements).
  TESSEL_HOST_DEVICE void box_position(int i, long long (&pos)[TMA::detail::kMaxModes], long long& off) const {
    off = 0;
    for (int r = 0, x = i; r < params.rest; ++r) {
      int const k = x % params.rest_extent[r];
      x /= params.rest_extent[r];
      pos[params.rest_mode[r]] += k * params.rest_step[r];
      off += k * params.rest_smem[r];
    }
  }
  // The TMA coordinates of the global position pos, before dimension 0's
  // recast: c[d] = sum of pos[m] * scale over dimension d's parts (0 for d >= params.rank).
  TESSEL_HOST_DEVICE void plan_coords(long long const (&pos)[TMA::detail::kMaxModes], std::int32_t (&c)[5]) const {
    for (int d = 0; d < 5; ++d) c[d] = 0;
    for (int d = 0; d < params.rank; ++d)
      for (int q = 0; q < params.parts[d]; ++q) c[d] += std::int32_t(pos[params.part_mode[d][q]] * params.part_scale[d][q]);
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

// The copy of make_tma_atom where the layouts' types decide the plan and the
// cluster size is a static 1 (Compact: detail::tma_compact_plan, whose prototype
// is the copy make_tma_plan would make at compile time): it is a kernel
// parameter, so it holds only the tensor map; the plan, the bytes, the values
// per box and the coordinate map are constants of its type, the same as the
// prototype's (compile-time scalars: device code reads them, never an array by
// a run-time index). It is used through CuTe's spelling (get_tma_tensor,
// tma_partition, get_slice, copy, prefetch); tessel's tile-index copy
// (with(bar).copy(smem, tile_coord)) needs make_tma_copy's copy.
template <class Op, class T, class Compact>
  requires(!std::is_void_v<Compact>)
struct TmaCopy<Op, T, Compact> {
  using Proto = typename Compact::prototype;
  TmaDescriptor desc;
  // What device code reads of the plan (TMA::Params' names, compile-time scalars).
  struct StaticParams {
    static constexpr int rank = Proto::value.params.rank;
    static constexpr long long tile_elems = Proto::value.params.tile_elems;
    static constexpr long long recast_num = Proto::value.params.recast_num, recast_den = Proto::value.params.recast_den;
    static constexpr int swizzle = Proto::value.params.swizzle, data_type = Proto::value.params.data_type;
    // The whole plan (the run-time extents, strides and address are not kept: 1, 0, none).
    static constexpr TMA::Params value() { return Proto::value.params; }
  };
  StaticParams params;  // (empty)
  static constexpr std::uint32_t bytes = Proto::value.bytes;
  static constexpr int box_values_ = Proto::value.box_values_;
  static constexpr int multicast_ = 1;
  // Per global mode M: the box dimension of its coordinate (-1: none) and its scale there.
  template <int M>
  static constexpr std::int8_t mode_dim_c = Proto::value.mode_dim_[M];
  template <int M>
  static constexpr std::int32_t mode_scale_c = Proto::value.mode_scale_[M];
};

// ---- CuTe's TMA coordinate tensor ----------------------------------------------------------------

namespace detail {
// The TMA coordinates of a global tensor (get_tma_tensor's elements): an
// offset in which each flattened global mode's coordinate has its own bits
// (so that the layout's strides are integers, which the whole algebra takes),
// read back per mode and mapped to the R coordinates of the tensor map
// (dimension dim_[m] gets scale_[m] times mode m's coordinate; dimension 0
// then counts the map's elements: num_ / den_). Uniform: mode m's bits start
// at m * coord_bits<F> (static strides); else at shift_[m].
template <int F, int R, bool Uniform>
struct tma_coord_iterator {
  using value_type = decltype([]<std::size_t... J>(std::index_sequence<J...>) { return make_tuple((void(J), std::int32_t(0))...); }(
      std::make_index_sequence<R>{}));
  using reference = value_type;
  using memory_tag = rmem_tag;
  long long offset_ = 0;
  std::int8_t dim_[F] = {};
  std::int32_t scale_[F] = {};
  std::uint8_t shift_[Uniform ? 1 : F + 1] = {};
  std::int32_t num_ = 1, den_ = 1;

  TESSEL_HOST_DEVICE constexpr auto operator*() const { return (*this)[0]; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr value_type operator[](I const& i) const {
    long long const o = offset_ + static_cast<long long>(i);
    // Every array index is a compile-time one (a run-time index such as
    // c[dim_[m]] would put the arrays in local memory on the device).
    return [&]<std::size_t... J>(std::index_sequence<J...>) { return make_tuple(std::int32_t(coord<int(J)>(o))...); }(
        std::make_index_sequence<R>{});
  }
  // Mode M's coordinate in the offset o.
  template <int M>
  TESSEL_HOST_DEVICE constexpr long long mode_pos(long long o) const {
    if constexpr (Uniform) {
      constexpr int B = coord_bits<F>;
      return (o >> (M * B)) & ((1LL << B) - 1);
    } else {
      return (o >> shift_[M]) & ((1LL << (shift_[M + 1] - shift_[M])) - 1);
    }
  }
  // The tensor map's coordinate J of the offset o.
  template <int J>
  TESSEL_HOST_DEVICE constexpr long long coord(long long o) const {
    long long c = 0;
    [&]<std::size_t... M>(std::index_sequence<M...>) { ((c += dim_[M] == J ? mode_pos<int(M)>(o) * scale_[M] : 0), ...); }(
        std::make_index_sequence<F>{});
    if constexpr (J == 0)
      if (num_ != den_) c = c * num_ / den_;
    return c;
  }
  template <class I>
  TESSEL_HOST_DEVICE constexpr tma_coord_iterator operator+(I const& i) const {
    tma_coord_iterator r = *this;
    r.offset_ += static_cast<long long>(i);
    return r;
  }
};
template <class X> struct is_tma_coord_iterator : std::false_type {};
template <int F, int R, bool U> struct is_tma_coord_iterator<tma_coord_iterator<F, R, U>> : std::true_type {};

// A shape with its dynamic extents as 64-bit integers.
template <class S>
TESSEL_HOST_DEVICE constexpr auto long_extents(S const& s) {
  if constexpr (is_tuple_v<S>) return transform(s, [](auto const& e) { return long_extents(e); });
  else if constexpr (is_static_v<S>) return s;
  else return static_cast<long long>(s);
}
}  // namespace detail

template <int F, int R, bool U>
inline constexpr bool is_iterator_v<detail::tma_coord_iterator<F, R, U>> = true;
template <int F, int R, bool U>
struct memory_tag_of<detail::tma_coord_iterator<F, R, U>> { using type = rmem_tag; };
namespace detail {
// print: ArithTuple(the coordinate of element 0), as CuTe prints its TMA tensors'
// iterators (in detail, beside the iterator, for argument-dependent lookup).
template <int F, int R, bool U>
TESSEL_HOST_DEVICE void print(tma_coord_iterator<F, R, U> const& it) {
  printf("ArithTuple");
  ::TESSEL_NAMESPACE::print(it[0]);
}
}  // namespace detail

// filter_zeros(t): t over filter_zeros of its layout (stride-0 modes get shape 1), as
// CuTe's: e.g. size(filter_zeros(sA)) counts the distinct elements of a broadcast
// shared-memory tile (CuTe's TMA tests size their transactions so).
template <class E, class S, class D>
TESSEL_HOST_DEVICE constexpr auto filter_zeros(Tensor<E, Layout<S, D>> const& t) {
  return make_tensor(t.data(), filter_zeros(t.layout()));
}

namespace detail {
// t o (layout_v, _, ..., _), mode by mode, starting at element `offset` of mode 0.
template <class Tn, class LV>
TESSEL_HOST_DEVICE auto tma_compose_tile(Tn const& t, LV const& layout_v, int offset) {
  constexpr int R = decltype(rank(t.layout()))::value;
  // (compose0: the rest modes, of dynamic size, stay out of the composition, so that it
  // takes the fast path in device code)
  auto tv = [&] {
    if constexpr (R > 1 && is_layout<std::remove_cvref_t<decltype(t.layout())>>::value) {
      return make_tensor(t.data(), detail::atoms::compose0(t.layout(), layout_v));
    } else if constexpr (R > 1) {
      auto tiler = [&]<std::size_t... I>(std::index_sequence<I...>) {
        return make_tile(layout_v, ((void)I, Underscore{})...);
      }(std::make_index_sequence<R - 1>{});
      return composition(t, tiler);
    } else {
      return composition(t, layout_v);
    }
  }();
  if constexpr (R > 1) {
    auto first = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_coord(offset, ((void)I, Int<0>{})...);
    }(std::make_index_sequence<R - 1>{});
    return make_tensor(tv.data() + tv.layout()(first), tv.layout());
  } else {
    return make_tensor(tv.data() + tv.layout()(offset), tv.layout());
  }
}
// (A, B, C, ...) -> (A, _1 x K, B, C, ...), for layouts and swizzled layouts.
template <int K, class S, class D>
TESSEL_HOST_DEVICE constexpr auto insert_unit_modes(Layout<S, D> const& l) {
  constexpr int R = decltype(rank(l))::value;
  if constexpr (R == 1 && !is_tuple_v<S>) {
    return [&]<std::size_t... U>(std::index_sequence<U...>) { return make_layout(l, ((void)U, Layout<_1, _0>{})...); }(
        std::make_index_sequence<K>{});
  } else {
    return [&]<std::size_t... U, std::size_t... I>(std::index_sequence<U...>, std::index_sequence<I...>) {
      return make_layout(layout<0>(l), ((void)U, Layout<_1, _0>{})..., layout<I + 1>(l)...);
    }(std::make_index_sequence<K>{}, std::make_index_sequence<R - 1>{});
  }
}
template <int K, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto insert_unit_modes(ComposedLayout<A, O, L> const& c) {
  return make_composed_layout(c.layout_a(), c.offset(), insert_unit_modes<K>(c.layout_b()));
}
}  // namespace detail

// TmaTiledCopy: what make_tma_copy and make_tma_atom return. The TmaCopy (its
// descriptor and plan; tessel's copy(smem, tile) spelling) with what CuTe's
// TMA TiledCopy / Copy_Atom knows from the types: the tensor map's rank R (the
// rank of get_tma_tensor's elements), the shared-memory layout (unswizzled)
// and the rank of the CTA tile, for get_slice(cta).partition_S / partition_D.
template <class Op, class T, int R, class SmemInner, int TileRank, class Plan = void>
struct TmaTiledCopy : TmaCopy<Op, T, detail::tma_compact_t<Plan>> {
  static constexpr int tma_rank = R;
  static constexpr int tile_rank = TileRank;
  using value_type_ = T;
  using smem_inner_type = SmemInner;
  using plan_type = Plan;  // the plan its types decide (TMA::detail::static_plan, or make_tma_atom's tma_compact_plan)
  static constexpr bool compact = !std::is_void_v<detail::tma_compact_t<Plan>>;  // (the tensor map alone: see TmaCopy<Op, T, Compact>)

  // This load with its mbarrier (and multicast mask), knowing the plan the
  // types decide (copy() then issues the boxes with compile-time offsets).
  TESSEL_HOST_DEVICE TmaBound<Op, T, Plan> with(std::uint64_t& b, std::uint16_t m = 0) const {
    static_assert(!std::is_same_v<Op, SM90_TMA_STORE>, "with(barrier): a TMA store completes through tma_store_arrive/wait, not an mbarrier");
    return TmaBound<Op, T, Plan>{this, &b, m};
  }

  // get_tma_tensor(shape): the coordinate tensor of the global tensor (shape:
  // the global layout's shape): its element at every global coordinate is the
  // tensor map's coordinate of it (R integers), as CuTe's. Its layout has
  // integer strides (each flattened mode's coordinate in its own bits: static
  // when the shape is flat of rank <= 4, so that tiling it stays compile-time
  // algebra), which every divide and partition takes.
  template <class Shape>
  TESSEL_HOST_DEVICE auto get_tma_tensor(Shape const& shape) const {
    auto flat = flatten_to_tuple(shape);
    constexpr int F = int(tuple_size_v<decltype(flat)>);
    static_assert(F <= TMA::detail::kMaxModes, "tessel::get_tma_tensor: more than 12 flattened modes");
    auto shape64 = detail::long_extents(shape);
    constexpr bool uniform = detail::is_flat_shape<Shape>::value || !is_tuple_v<Shape>;
    detail::tma_coord_iterator<F, R, uniform> it{};
    auto const& p = this->params;
    // (From the per-mode table build_box_table made on the host, with
    // compile-time indices: this runs in the kernel. The compact copy's are constants.)
    if constexpr (compact) {
      using Base = TmaCopy<Op, T, detail::tma_compact_t<Plan>>;
      [&]<std::size_t... M>(std::index_sequence<M...>) {
        ((it.dim_[M] = Base::template mode_dim_c<int(M)> < R ? Base::template mode_dim_c<int(M)> : std::int8_t(-1),
          it.scale_[M] = Base::template mode_scale_c<int(M)>),
         ...);
      }(std::make_index_sequence<std::size_t(F)>{});
    } else {
      TESSEL_UNROLL
      for (int m = 0; m < F; ++m) it.dim_[m] = this->mode_dim_[m] < R ? this->mode_dim_[m] : std::int8_t(-1), it.scale_[m] = this->mode_scale_[m];
    }
    it.num_ = std::int32_t(p.recast_num), it.den_ = std::int32_t(p.recast_den);
    if constexpr (uniform) {
      [&]<std::size_t... J>(std::index_sequence<J...>) {
        // (The tile's extents are the plan's: compile-time ones where the types decide the plan.)
        [[maybe_unused]] bool const fits =
            (true && ... && (static_cast<long long>(get<J>(flat)) + tile_extent<int(J)>() <= (1LL << detail::coord_bits<F>)));
        TESSEL_CHECK(fits, "get_tma_tensor: a mode is too large for the coordinate's bits");
      }(std::make_index_sequence<F>{});
      auto stride = []<std::size_t... J>(std::index_sequence<J...>) {
        return make_tuple(C<(1LL << (int(J) * detail::coord_bits<F>))>{}...);
      }(std::make_index_sequence<F>{});
      if constexpr (is_tuple_v<Shape>) return make_tensor(it, make_layout(shape64, stride));
      else return make_tensor(it, make_layout(shape64, get<0>(stride)));
    } else {
      int bits = 0;
      it.shift_[0] = 0;
      long long ext[F], tile[F];
      [&]<std::size_t... J>(std::index_sequence<J...>) {
        ((ext[J] = static_cast<long long>(get<J>(flat)), tile[J] = tile_extent<int(J)>()), ...);
      }(std::make_index_sequence<F>{});
      for (int m = 0; m < F; ++m) {
        long long const reach = ext[m] + tile[m];
        int w = 1;
        while ((1LL << w) < reach) ++w;
        bits += w;
        it.shift_[m + 1] = std::uint8_t(bits < 63 ? bits : 63);
      }
      TESSEL_CHECK(bits <= 62, "get_tma_tensor: the global modes' coordinates need more than 62 bits");
      auto stride = [&]<std::size_t... J>(std::index_sequence<J...>) { return make_tuple((1LL << it.shift_[J])...); }(
          std::make_index_sequence<F>{});
      return make_tensor(it, make_layout(shape64, unflatten(stride, shape)));
    }
  }

  // The CTA tile's extent along global mode J (the plan's).
  template <int J>
  TESSEL_HOST_DEVICE long long tile_extent() const {
    if constexpr (detail::tma_static_plan<Plan>::known) return detail::tma_static_plan<Plan>::p.tile_extent[J];
    else return this->params.tile_extent[J];
  }

  // get_slice(cta): CuTe's slice of the TMA TiledCopy for this CTA's rank in
  // its multicast group (0 without multicast).
  struct Slice {
    int offset_;
    // partition_S(t) / partition_D(t): t (the global coordinates of
    // get_tma_tensor, tiled, or the shared-memory tile) has the CTA tile in its
    // first TileRank modes; the result is (TMA, 1..., REST...) as CuTe's: mode 0
    // is the tile in the order of the shared-memory layout's indices, from this
    // CTA's slice on (one TMA instruction per box of it), then a mode of size 1
    // per tile mode, then t's other modes.
    template <class Tn>
    TESSEL_HOST_DEVICE auto partition_S(Tn const& t) const { return part(t); }
    template <class Tn>
    TESSEL_HOST_DEVICE auto partition_D(Tn const& t) const { return part(t); }

   private:
    template <class Tn>
    TESSEL_HOST_DEVICE auto part(Tn const& t) const {
      auto const g = group_modes<0, TileRank>(t);
      auto const layout_v = tile_to_shape(make_layout(right_inverse(SmemInner{})), make_shape(size<0>(g.layout())));
      auto const v = detail::tma_compose_tile(g, layout_v, offset_);
      return make_tensor(v.data(), detail::insert_unit_modes<TileRank>(v.layout()));
    }
  };
  TESSEL_HOST_DEVICE Slice get_slice(int cta) const { return Slice{cta * (this->box_values_ / this->multicast_)}; }
  template <class I>
  TESSEL_HOST_DEVICE Slice get_thread_slice(I const& cta) const { return get_slice(int(cta)); }
};

// Copy_Atom<TmaTiledCopy<...>>: what make_tma_atom returns (CuTe's
// `Copy_Atom tma = make_tma_atom(...)`): the same copy.
template <class Op, class T, int R, class SI, int K, class P>
struct Copy_Atom<TmaTiledCopy<Op, T, R, SI, K, P>> : TmaTiledCopy<Op, T, R, SI, K, P> {
  Copy_Atom() = default;
  TESSEL_HOST_DEVICE Copy_Atom(TmaTiledCopy<Op, T, R, SI, K, P> const& c) : TmaTiledCopy<Op, T, R, SI, K, P>(c) {}
};
template <class Op, class T, int R, class SI, int K, class P>
Copy_Atom(TmaTiledCopy<Op, T, R, SI, K, P>) -> Copy_Atom<TmaTiledCopy<Op, T, R, SI, K, P>>;

// print(tma): the op, the tensor map's arguments and the plan's box.
template <class Op, class T>
TESSEL_HOST_DEVICE void print(TmaCopy<Op, T> const& tma) {
  printf("TmaCopy %s\n", std::is_same_v<Op, SM90_TMA_STORE> ? "SM90_TMA_STORE"
                         : std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> ? "SM90_TMA_LOAD_MULTICAST" : "SM90_TMA_LOAD");
  TMA::Params const& p = tma.params;
  printf("  rank %d format %d swizzle %d\n  dims", p.rank, p.data_type, p.swizzle);
  for (int i = 0; i < p.rank; ++i) printf(" %llu", (unsigned long long)p.dims[i]);
  printf("\n  box");
  for (int i = 0; i < p.rank; ++i) printf(" %u", p.box[i]);
  printf("\n  values per box %d, multicast %d, tile bytes %u\n", tma.box_values_, tma.multicast_, tma.bytes);
}
// (make_tma_atom's compact copy: its plan's box; the global extents are in the tensor map only.)
template <class Op, class T, class C>
  requires(!std::is_void_v<C>)
TESSEL_HOST_DEVICE void print(TmaCopy<Op, T, C> const& tma) {
  printf("TmaCopy %s\n", std::is_same_v<Op, SM90_TMA_STORE> ? "SM90_TMA_STORE"
                         : std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> ? "SM90_TMA_LOAD_MULTICAST" : "SM90_TMA_LOAD");
  using P = typename TmaCopy<Op, T, C>::StaticParams;
  printf("  rank %d format %d swizzle %d\n  box", P::rank, P::data_type, P::swizzle);
  [&]<std::size_t... I>(std::index_sequence<I...>) { (printf(" %u", C::prototype::value.params.box[I]), ...); }(std::make_index_sequence<std::size_t(P::rank)>{});
  printf("\n  values per box %d, multicast %d, tile bytes %u\n", tma.box_values_, tma.multicast_, tma.bytes);
}
template <class Op, class T, int R, class SI, int K, class P>
TESSEL_HOST_DEVICE void print(TmaTiledCopy<Op, T, R, SI, K, P> const& tma) {
  print(static_cast<TmaCopy<Op, T, detail::tma_compact_t<P>> const&>(tma));
}
template <class Op, class T, int R, class SI, int K, class P>
TESSEL_HOST_DEVICE void print(Copy_Atom<TmaTiledCopy<Op, T, R, SI, K, P>> const& tma) {
  print(static_cast<TmaCopy<Op, T, detail::tma_compact_t<P>> const&>(tma));
}

namespace detail {
// The copy of make_tma_plan at cluster size 1 but for what the global tensor's run-time
// extents, strides and address give (dims, strides, address, swizzle: finish_extents),
// where the layouts' types decide the rest: the plan (static_plan) without an error
// but those finish_extents checks, its coordinate scales static, and every check of
// make_tma_plan on it met. ok: there is one (otherwise make_tma_plan computes it all at
// run time, and names the failed condition).
template <class C, class M, class GL, class SL, class Tile>
struct tma_prototype {
  using T = typename C::value_type_;
  using Plan = typename C::plan_type;
  using SP = tma_static_plan<Plan>;
  static constexpr int bits = sizeof_bits_v<T>;
  static constexpr TMA::Params planned = TMA::detail::plan<bits>(
      TMA::detail::flat_gmem(GL{}), TMA::detail::order_of<std::remove_cvref_t<decltype(GL{}.shape())>, SL, Tile>::value, sizeof_bits_v<M>);
  static constexpr long long tile_size = [] {
    long long t = decltype(size(Tile{}))::value;
    constexpr TMA::detail::Gmem gm = TMA::detail::flat_gmem(GL{});
    constexpr TMA::detail::TileParts parts = TMA::detail::order_of<std::remove_cvref_t<decltype(GL{}.shape())>, SL, Tile>::parts;
    for (int k = 0; k < parts.n; ++k)
      if (gm.static_stride[parts.gmode[k]] && gm.stride[parts.gmode[k]] == 0) t /= parts.extent[k];
    return t;
  }();
  static constexpr bool ok = [] {
    if constexpr (!SP::known || !SP::static_scales) {
      return false;
    } else {
      TMA::Params const& p = SP::p;  // (compute at cluster size 1 with run-time extents and strides 0)
      if (planned.error != nullptr || p.rank != C::tma_rank || p.tile_elems != tile_size) return false;
      // finish()'s checks that do not read run-time extents or strides: the recast box, box <= 256
      if (sizeof_bits_v<M> != bits && (std::uint64_t(planned.box[0]) * std::uint64_t(bits)) % std::uint64_t(sizeof_bits_v<M>) != 0) return false;
      for (int k = 0; k < p.rank; ++k)
        if (p.box[k] > 256) return false;
      int const sw = TMA::detail::swizzle_bits(SL{});
      if (sw > 0) {
        long long const period = (16LL << sw) * 8 / long(sizeof(T));
        for (int r = 0; r < p.rest; ++r)
          if (p.rest_smem[r] % period != 0) return false;
      }
      return SP::box_values == [] {
        long long b = 1;
        for (int d = 0; d < SP::p.rank; ++d) b *= SP::p.box[d];
        return b * SP::p.recast_den / SP::p.recast_num;
      }();
    }
  }();
  static constexpr C make() {
    C c{};
    if constexpr (ok) {
      c.params = SP::p;
      c.params.error = nullptr;
      for (int k = 0; k < 5; ++k) c.params.dims[k] = 1, c.params.strides[k] = 0;
      c.params.address = nullptr;
      c.params.swizzle = 0;
      c.params.data_type = TMA::data_type<M>();
      c.bytes = std::uint32_t(tile_size * bits / 8);
      c.multicast_ = 1;
      c.box_values_ = int(SP::box_values);
      for (int m = 0; m < TMA::detail::kMaxModes; ++m) c.tile_[m] = SP::p.tile_extent[m];
      c.build_box_table();
    }
    return c;
  }
  static constexpr C value = make();
};

// make_tma_plan's copy where tma_prototype has one: the copy its types decide, made at
// compile time; here only what the global tensor's run-time extents, strides and address
// give (make_tma_params' checks of them included).
template <class C, class M, class Tile, class E, class GL, class SL>
void finish_tma_params(TMA::Params& p, Tensor<E, GL> const& g, SL const& s) {
  TMA::detail::finish_extents<sizeof_bits_v<typename C::value_type_>>(p, TMA::detail::flat_gmem(g.layout()), TMA::detail::swizzle_bits(s),
                                                                         reinterpret_cast<std::uintptr_t>(raw_pointer_cast(g.data())), sizeof_bits_v<M>);
  TESSEL_CHECK(p.error == nullptr, p.error);
}
template <class C, class M, class Tile, class E, class GL, class SL>
C make_tma_plan_static(Tensor<E, GL> const& g, SL const& s) {
  C c = tma_prototype<C, M, GL, SL, Tile>::value;
  finish_tma_params<C, M, Tile>(c.params, g, s);
  return c;
}
// make_tma_atom's plan where tma_prototype<Full, M, GL, SL, Tile> has a copy and the
// cluster size is a static 1: the same plan (Full's static_plan), naming the prototype,
// of which TmaCopy<Op, T, tma_compact_plan> keeps only the tensor map.
template <class Full, class M, class GL, class SL, class Tile>
struct tma_compact_plan : Full::plan_type {
  using prototype = tma_prototype<Full, M, GL, SL, Tile>;
};
// Whether a cluster size is a static 1.
template <class X>
constexpr bool static_one() {
  if constexpr (!is_static_v<X>) return false;
  else if constexpr (is_tuple_v<X>) return decltype(size(X{}))::value == 1;
  else return X::value == 1;
}

// The plan of a TMA copy, without encoding the tensor map (make_tma_copy
// encodes it): the plan's checks, the bytes, the values per box, the tile.
template <class TmaType, class Op, class E, class GL, class SL, class Tile>
auto make_tma_plan_computed(Op const&, Tensor<E, GL> const& g, SL const& s, Tile const&, int cluster_size) {
  using T = typename Tensor<E, GL>::value_type;
  using M = std::conditional_t<std::is_void_v<TmaType>, T, TmaType>;
  static_assert(std::is_same_v<Op, SM90_TMA_LOAD> || std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST> || std::is_same_v<Op, SM90_TMA_STORE>,
                "tessel::make_tma_copy: Op is SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST or SM90_TMA_STORE");
  using Inner = std::remove_cvref_t<decltype(TMA::detail::nonswizzle(s))>;
  constexpr int R = TMA::detail::static_plan<T, M, GL, SL, Tile>::rank;
  constexpr int K = [] {
    if constexpr (is_tuple_v<Tile>) return int(tuple_size_v<Tile>); else return 1;
  }();
  TESSEL_CHECK(cluster_size >= 1, "make_tma_copy: the cluster size is not positive");
  using C = TmaTiledCopy<Op, T, R, Inner, K, TMA::detail::static_plan<T, M, GL, SL, Tile>>;
  TMA::Params p = TMA::make_tma_params<M>(raw_pointer_cast(g.data()), g.layout(), s, Tile{}, cluster_size);
  TESSEL_CHECK(p.rank == R, "make_tma_copy: the tensor map's rank differs from the one its types give");
  // The tile's elements the boxes hold: all but those along global modes of static stride 0 (broadcast).
  long long tile_size = decltype(size(Tile{}))::value;
  auto const gm = TMA::detail::flat_gmem(g.layout());
  constexpr TMA::detail::TileParts parts = TMA::detail::order_of<std::remove_cvref_t<decltype(g.layout().shape())>, SL, Tile>::parts;
  for (int k = 0; k < parts.n; ++k)
    if (gm.static_stride[parts.gmode[k]] && gm.stride[parts.gmode[k]] == 0) tile_size /= parts.extent[k];
  TESSEL_CHECK(p.tile_elems == tile_size, "make_tma_copy: the shared-memory layout does not hold the whole tile in order");
  [[maybe_unused]] long long slice = 1;  // a multicast slice, in elements
  if (cluster_size > 1) {
    [[maybe_unused]] TMA::Params const whole = TMA::make_tma_params<M>(raw_pointer_cast(g.data()), g.layout(), s, Tile{}, 1);
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
  using Plan = TMA::detail::static_plan<T, M, GL, SL, Tile>;
  C c{};
  c.params = p;
  c.bytes = std::uint32_t(tile_size * sizeof_bits_v<T> / 8);
  c.multicast_ = cluster_size;
  long long box = cluster_size;
  for (int d = 0; d < p.rank; ++d) box *= p.box[d];
  c.box_values_ = int(box * p.recast_den / p.recast_num);  // in the tensor's elements
  for (int m = 0; m < TMA::detail::kMaxModes; ++m) c.tile_[m] = p.tile_extent[m];
  c.build_box_table();
  // The plan the types decide (the copy's compile-time boxes) is this one's.
  using SP = tma_static_plan<Plan>;
  [[maybe_unused]] bool same = SP::known && SP::p.rank == p.rank && SP::p.recast_num == p.recast_num && SP::p.recast_den == p.recast_den &&
                               SP::p.tile_elems == p.tile_elems && SP::box_values == c.box_values_ && SP::p.rest == p.rest;
  for (int d = 0; same && d < p.rank; ++d) {
    same = SP::p.parts[d] == p.parts[d];
    for (int q = 0; same && q < p.parts[d]; ++q)
      same = SP::p.part_mode[d][q] == p.part_mode[d][q] && (!SP::static_scales || SP::p.part_scale[d][q] == p.part_scale[d][q]);
  }
  for (int r = 0; same && r < p.rest; ++r)
    same = SP::p.rest_extent[r] == p.rest_extent[r] && SP::p.rest_mode[r] == p.rest_mode[r] && SP::p.rest_step[r] == p.rest_step[r] &&
           SP::p.rest_smem[r] == p.rest_smem[r];
  TESSEL_CHECK(same, "make_tma_copy: the plan of the layouts' types differs from the run-time plan");
  return c;
}
// The same copy: made at compile time where tma_prototype has one (cluster size 1),
// computed whole (make_tma_plan_computed) otherwise.
template <class TmaType, class Op, class E, class GL, class SL, class Tile>
auto make_tma_plan(Op const& op, Tensor<E, GL> const& g, SL const& s, Tile const& tile, int cluster_size) {
  using C = decltype(make_tma_plan_computed<TmaType>(op, g, s, tile, cluster_size));
  using M = std::conditional_t<std::is_void_v<TmaType>, typename Tensor<E, GL>::value_type, TmaType>;
  if constexpr (tma_prototype<C, M, GL, SL, Tile>::ok) {
    TESSEL_CHECK(cluster_size >= 1, "make_tma_copy: the cluster size is not positive");
    if (cluster_size == 1) return make_tma_plan_static<C, M, Tile>(g, s);
  }
  return make_tma_plan_computed<TmaType>(op, g, s, tile, cluster_size);
}
template <class C>
TESSEL_HOST_DEVICE constexpr int cluster_count(C const& c) {
  if constexpr (is_tuple_v<C>) return int(size(c)); else return int(c);
}
}  // namespace detail

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

// make_tma_copy<TmaType = void>(op, gmem tensor, smem layout, cta tile, cluster size):
// CuTe's TMA copy of a CTA tile (TmaTiledCopy: get_tma_tensor, get_slice,
// with, copy; TmaType: the tensor map's element type, CuTe's TmaInternalType,
// the tensor's by default); the cluster size (an integer, static or not) is
// the number of CTAs that share each box, each loading a slice of it (CuTe's
// multicast). Named errors where the TMA cannot move the tile
// (make_tma_params), where the smem layout does not hold the whole tile,
// where a box of a swizzled tile does not start on the swizzle's period, and
// where encoding fails.
template <class TmaType = void, class Op, class E, class GL, class SL, class Tile, class Cluster>
  requires(Integral<Cluster> || is_tuple_v<Cluster>)
auto make_tma_copy(Op const& op, Tensor<E, GL> const& g, SL const& s, Tile const& cta_tile, Cluster const& cluster_size) {
  auto c = detail::make_tma_plan<TmaType>(op, g, s, cta_tile, detail::cluster_count(cluster_size));
  // The encoding is the copy itself, not a check: it runs whatever TESSEL_NO_CHECKS says.
  if (!detail::encode_tiled(c.desc, c.params)) fail("make_tma_copy: cuTensorMapEncodeTiled failed (or no CUDA driver)");
  return c;
}
// make_tma_copy(op, g, s, cluster_size) (CuTe's), or make_tma_copy(op, g, s, cta_tile)
// (a tile: a shape, not an integer): the tile defaults to the smem layout's shape per mode,
// the cluster to 1.
template <class TmaType = void, class Op, class E, class GL, class SL, class X>
auto make_tma_copy(Op const& op, Tensor<E, GL> const& g, SL const& s, X const& x) {
  if constexpr (Integral<X>) return make_tma_copy<TmaType>(op, g, s, ::tessel::detail::atoms::product_each(TMA::detail::nonswizzle(s).shape()), x);
  else return make_tma_copy<TmaType>(op, g, s, x, Int<1>{});
}
template <class TmaType = void, class Op, class E, class GL, class SL>
auto make_tma_copy(Op const& op, Tensor<E, GL> const& g, SL const& s) {
  return make_tma_copy<TmaType>(op, g, s, ::tessel::detail::atoms::product_each(TMA::detail::nonswizzle(s).shape()), Int<1>{});
}
// make_tma_atom<TmaType = void>(op, g, s, cta_tile, cluster_size = 1): the same copy as CuTe's Copy_Atom.
// Where the layouts' types decide the plan and the cluster size is a static 1 (the
// tutorials' case), the copy is the tensor map alone (TmaCopy<Op, T, Compact>: a kernel
// parameter of 128 bytes and its alignment, not the whole plan), the rest constants of its type.
template <class TmaType = void, class Op, class E, class GL, class SL, class Tile, class Cluster = Int<1>>
auto make_tma_atom(Op const& op, Tensor<E, GL> const& g, SL const& s, Tile const& cta_tile, Cluster const& cluster_size = {}) {
  using Full = decltype(detail::make_tma_plan_computed<TmaType>(op, g, s, cta_tile, 1));
  using M = std::conditional_t<std::is_void_v<TmaType>, typename Tensor<E, GL>::value_type, TmaType>;
  if constexpr (detail::static_one<Cluster>() && detail::tma_prototype<Full, M, GL, SL, Tile>::ok) {
    using C = TmaTiledCopy<Op, typename Full::value_type_, Full::tma_rank, typename Full::smem_inner_type, Full::tile_rank,
                           detail::tma_compact_plan<Full, M, GL, SL, Tile>>;
    TMA::Params p = detail::tma_prototype<Full, M, GL, SL, Tile>::value.params;
    detail::finish_tma_params<Full, M, Tile>(p, g, s);
    C c{};
    if (!detail::encode_tiled(c.desc, p)) fail("make_tma_copy: cuTensorMapEncodeTiled failed (or no CUDA driver)");
    return Copy_Atom<C>(c);
  } else {
    auto c = make_tma_copy<TmaType>(op, g, s, cta_tile, cluster_size);
    return Copy_Atom<decltype(c)>(c);
  }
}
#endif

// ---- CuTe's spelling: tma_partition, copy and prefetch on its partitions ----------------------

// Copy_Atom<TmaCopy<Op, T>>: the TMA copy as a Copy_Atom; it is the TmaCopy
// itself (with, get_tma_tensor, tma_partition, copy).
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
template <class Op, class T, class K, class C, class CL, class SE, class SL, class GE, class GL>
TESSEL_HOST_DEVICE auto tma_partition(TmaCopy<Op, T, K> const& tma, C const& cta_coord, CL const& cta_layout, Tensor<SE, SL> const& stensor,
                                      Tensor<GE, GL> const& gtensor) {
  auto const inner = get_nonswizzle_portion(stensor.layout());
  static_assert(is_static_v<decltype(layout<0>(inner))>, "tessel::tma_partition: the shared-memory tile (mode 0) must be static");
  static_assert(decltype(size<0>(inner))::value == decltype(size<0>(gtensor.layout()))::value,
                "tessel::tma_partition: the shared-memory and global tiles (mode 0) differ in size");
  auto const inv = right_inverse(layout<0>(inner));
  auto const layout_v = tile_to_shape(make_layout(inv), make_shape(size<0>(inner)));
  int const n_mc = int(cosize(cta_layout));
  TESSEL_CHECK(n_mc >= 1 && tma.box_values_ % n_mc == 0, "tma_partition: the multicast CTAs do not divide the TMA box");
  int const offset = int(cta_layout(cta_coord)) * (tma.box_values_ / n_mc);
  return make_tuple(detail::tma_compose_tile(gtensor, layout_v, offset), detail::tma_compose_tile(stensor, layout_v, offset));
}

namespace detail {
// The TMA coordinates of the box whose first element is `first`: get_tma_tensor's
// element (TmaTiledCopy: the tensor map's coordinates; TmaCopy: per flattened global mode).
template <class It, class Op, class T, class K, class Crd>
TESSEL_HOST_DEVICE void tma_box_coords(TmaCopy<Op, T, K> const& tma, Crd const& first, std::int32_t (&c)[5]) {
  for (int d = 0; d < 5; ++d) c[d] = 0;
  if constexpr (is_tma_coord_iterator<It>::value) {
    [&]<std::size_t... I>(std::index_sequence<I...>) { ((c[I] = std::int32_t(get<I>(first))), ...); }(
        std::make_index_sequence<tuple_size_v<Crd>>{});
  } else if constexpr (!std::is_void_v<K>) {
    static_assert(std::is_void_v<K> || is_tma_coord_iterator<It>::value,
                  "tessel: make_tma_atom's copy takes the coordinates of its get_tma_tensor (make_tma_copy's copy takes others)");
  } else {
    long long pos[TMA::detail::kMaxModes] = {};
    auto ft = flatten_to_tuple(first);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((pos[I] = (long long)get<I>(ft)), ...);
    }(std::make_index_sequence<tuple_size_v<decltype(ft)>>{});
    for (int d = 0; d < tma.params.rank; ++d)
      for (int q = 0; q < tma.params.parts[d]; ++q) c[d] += std::int32_t(pos[tma.params.part_mode[d][q]] * tma.params.part_scale[d][q]);
    if (tma.params.recast_num != tma.params.recast_den) c[0] = std::int32_t(c[0] * tma.params.recast_num / tma.params.recast_den);
  }
}
template <class Op, class T, class K, class Crd>
TESSEL_HOST_DEVICE void tma_box_coords(TmaCopy<Op, T, K> const& tma, Crd const& first, std::int32_t (&c)[5]) {
  tma_box_coords<void>(tma, first, c);
}
// The L2 prefetch of the box at TMA coordinates c.
struct TmaPrefetch {};
// One TMA instruction: the box at TMA coordinates c to/from smem s.
// (StaticRank: the tensor map's rank when the types give it, so that one
// instruction is compiled, not one per rank; 0: params.rank decides.)
template <class Op, class T, class How = Op, int StaticRank = 0, class K>
TESSEL_DEVICE void tma_issue_box(TmaCopy<Op, T, K> const& tma, T* s, std::int32_t const (&c)[5], std::uint64_t* bar, std::uint16_t mask) {
  constexpr std::uint64_t hint = 0x1000000000000000ull;  // EVICT_NORMAL, CuTe's default
  auto go = [&](auto... x) {
    if constexpr (std::is_same_v<How, TmaPrefetch>) {
      (void)s, (void)bar, (void)mask;
#if defined(TESSEL_ARCH_TMA)
      std::uint64_t const d = reinterpret_cast<std::uint64_t>(&tma.desc);
      constexpr int n = sizeof...(x);
      std::int32_t const k[5] = {std::int32_t(x)...};
      if constexpr (n == 1) asm volatile("cp.async.bulk.prefetch.tensor.1d.L2.global [%0, {%1}];" ::"l"(d), "r"(k[0]) : "memory");
      else if constexpr (n == 2) asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global [%0, {%1, %2}];" ::"l"(d), "r"(k[0]), "r"(k[1]) : "memory");
      else if constexpr (n == 3)
        asm volatile("cp.async.bulk.prefetch.tensor.3d.L2.global [%0, {%1, %2, %3}];" ::"l"(d), "r"(k[0]), "r"(k[1]), "r"(k[2]) : "memory");
      else if constexpr (n == 4)
        asm volatile("cp.async.bulk.prefetch.tensor.4d.L2.global [%0, {%1, %2, %3, %4}];" ::"l"(d), "r"(k[0]), "r"(k[1]), "r"(k[2]), "r"(k[3])
                     : "memory");
      else
        asm volatile("cp.async.bulk.prefetch.tensor.5d.L2.global [%0, {%1, %2, %3, %4, %5}];" ::"l"(d), "r"(k[0]), "r"(k[1]), "r"(k[2]),
                     "r"(k[3]), "r"(k[4])
                     : "memory");
#else
      ((void)x, ...);
      detail::missing_tma("the TMA prefetch needs device code for sm_90 or later");
#endif
    } else if constexpr (std::is_same_v<Op, SM90_TMA_LOAD>) SM90_TMA_LOAD::copy(&tma.desc, bar, hint, s, x...);
    else if constexpr (std::is_same_v<Op, SM90_TMA_LOAD_MULTICAST>) SM90_TMA_LOAD_MULTICAST::copy(&tma.desc, bar, mask, hint, s, x...);
    else {
      (void)bar, (void)mask;
      SM90_TMA_STORE::copy(&tma.desc, s, x...);
    }
  };
  if constexpr (StaticRank == 1) go(c[0]);
  else if constexpr (StaticRank == 2) go(c[0], c[1]);
  else if constexpr (StaticRank == 3) go(c[0], c[1], c[2]);
  else if constexpr (StaticRank == 4) go(c[0], c[1], c[2], c[3]);
  else if constexpr (StaticRank == 5) go(c[0], c[1], c[2], c[3], c[4]);
  else {
    switch (tma.params.rank) {
      case 1: go(c[0]); break;
      case 2: go(c[0], c[1]); break;
      case 3: go(c[0], c[1], c[2]); break;
      case 4: go(c[0], c[1], c[2], c[3]); break;
      default: go(c[0], c[1], c[2], c[3], c[4]); break;
    }
  }
}
// The tensor map's rank of a TMA coordinate iterator (0: not one).
template <class It> inline constexpr int tma_coord_rank = 0;
template <int F, int R, bool U> inline constexpr int tma_coord_rank<tma_coord_iterator<F, R, U>> = R;
template <class It> inline constexpr int tma_coord_modes = 0;
template <int F, int R, bool U> inline constexpr int tma_coord_modes<tma_coord_iterator<F, R, U>> = F;
template <class It> inline constexpr bool tma_coord_uniform = false;
template <int F, int R, bool U> inline constexpr bool tma_coord_uniform<tma_coord_iterator<F, R, U>> = U;
// The boxes of a partition's tile (mode 0, of layout L) that tma_for_each_box
// issues one by one with compile-time offsets (Plan known, L static, at most
// 256 boxes); 0: it loops over them at run time.
template <class Plan, class L>
constexpr int tma_unrolled_boxes_of() {
  using SP = tma_static_plan<Plan>;
  if constexpr (SP::known && is_static_v<L>) {
    constexpr long long size_l = decltype(size(L{}))::value;
    constexpr long long n = size_l < SP::p.tile_elems ? size_l : SP::p.tile_elems;
    constexpr long long boxes = (n + SP::box_values - 1) / SP::box_values;
    return boxes <= 256 ? int(boxes) : 0;
  } else {
    return 0;
  }
}
template <class Plan, class L>
inline constexpr int tma_unrolled_boxes = tma_unrolled_boxes_of<Plan, L>();
// Every box of tma_partition's (or partition_S/D's) partitions g (coordinates)
// and s (shared memory; none for a prefetch): mode 0 the tile from this CTA's
// slice on, any further modes looped over; fn(smem, c) per box (its first
// element's shared memory, nullptr without s, and its TMA coordinates c).
// Plan: tma_static_plan's (the copy's types decide the boxes), or void.
template <class Plan = void, class Op, class T, class K, class GE, class GL, class SE, class SL, class Fn>
TESSEL_HOST_DEVICE void tma_for_each_box(TmaCopy<Op, T, K> const& tma, Tensor<GE, GL> const& g, Tensor<SE, SL> const* s, Fn const& fn) {
  constexpr int R = decltype(rank(g.layout()))::value;
  using SP = tma_static_plan<Plan>;
  using It = std::remove_cvref_t<decltype(g.data())>;
  if constexpr (R > 2) {
    auto const g2 = group_modes<1, R>(g);
    if (s) {
      auto const s2 = group_modes<1, R>(*s);
      tma_for_each_box<Plan>(tma, g2, &s2, fn);
    } else {
      tma_for_each_box<Plan>(tma, g2, static_cast<decltype(group_modes<1, R>(*s))*>(nullptr), fn);
    }
  } else if constexpr (R == 2) {
    for (int r = 0; r < int(size<1>(g.layout())); ++r) {
      auto const gr = g(Underscore{}, r);
      if (s) {
        auto const sr = (*s)(Underscore{}, r);
        tma_for_each_box<Plan>(tma, gr, &sr, fn);
      } else {
        tma_for_each_box<Plan>(tma, gr, static_cast<decltype((*s)(Underscore{}, r))*>(nullptr), fn);
      }
    }
  } else if constexpr (tma_unrolled_boxes<Plan, GL> > 0) {
    // The types give the box and the tile (CuTe's case: a static shared-memory
    // layout): every box's offsets are compile-time constants, so the boxes are
    // issued one after the other with no loop, each as the first box's
    // coordinates and shared-memory address plus a constant (as CuTe's).
    using GLy = std::remove_cvref_t<decltype(g.layout())>;
    constexpr long long V = SP::box_values;
    constexpr int N = tma_unrolled_boxes<Plan, GL>;
    constexpr int TR = tma_coord_rank<It>;
    // (the coordinates' count: the tensor map's rank where the iterator gives it)
    // Shared memory: the first box's address, and per box the unswizzled step
    // when it is a multiple of the swizzle's period (else the layout's own offset).
    using SLy = std::remove_cvref_t<decltype(s->layout())>;
    T* s0 = nullptr;
    if (s) s0 = raw_pointer_cast(s->data()) + s->layout()(0);
    auto smem = [&]<long long I>() -> T* {
      if (!s) return nullptr;
      constexpr long long P = tma_swizzle_period<SLy>;
      if constexpr (P > 0) {
        using Inner = std::remove_cvref_t<decltype(s->layout().layout_b())>;
        constexpr long long d = static_cast<long long>(Inner{}(int(I))) - static_cast<long long>(Inner{}(0));
        if constexpr (d % P == 0) return s0 + d;
        else return raw_pointer_cast(s->data()) + s->layout()(int(I));
      } else if constexpr (is_static_v<SLy>) {
        constexpr long long d = static_cast<long long>(SLy{}(int(I))) - static_cast<long long>(SLy{}(0));
        return s0 + d;
      } else {
        return raw_pointer_cast(s->data()) + s->layout()(int(I));
      }
    };
    if constexpr (is_tma_coord_iterator<It>::value && TR > 0 && tma_coord_uniform<It> && SP::static_scales) {
      // Coordinates: those of the first box, plus each box's static step (the
      // modes' bit fields of a step are static, and a coordinate plus a step
      // within the tensor does not carry into the next field).
      constexpr int F = tma_coord_modes<It>;
      constexpr int Bits = coord_bits<F>;
      long long const o0 = g.data().offset_ + static_cast<long long>(GLy{}(0));
      auto const& it = g.data();
      long long base[5] = {};
      [&]<std::size_t... J>(std::index_sequence<J...>) {
        ((base[J] = SP::template coord<int(J), F>(tma_offset_modes<It>{it, o0})), ...);
      }(std::make_index_sequence<std::size_t(TR)>{});
      [&]<std::size_t... B>(std::index_sequence<B...>) {
        (
            [&] {
              constexpr long long I = (long long)B * V;
              constexpr long long d = static_cast<long long>(GLy{}(int(I))) - static_cast<long long>(GLy{}(0));
              std::int32_t c[5] = {};
              [&]<std::size_t... J>(std::index_sequence<J...>) {
                ((c[J] = std::int32_t([&] {
                    constexpr long long step = SP::template coord<int(J), F>(tma_static_modes<d, Bits>{});
                    long long const x = base[J] + step;
                    if constexpr (J == 0) return SP::recast(x);
                    else return x;
                  }())),
                 ...);
              }(std::make_index_sequence<std::size_t(TR)>{});
              fn(smem.template operator()<I>(), c);
            }(),
            ...);
      }(std::make_index_sequence<std::size_t(N)>{});
    } else {
      [&]<std::size_t... B>(std::index_sequence<B...>) {
        (
            [&] {
              constexpr long long I = (long long)B * V;
              std::int32_t c[5];
              tma_box_coords<It>(tma, g(int(I)), c);
              fn(smem.template operator()<I>(), c);
            }(),
            ...);
      }(std::make_index_sequence<std::size_t(N)>{});
    }
  } else {
    int const v = tma.box_values_;
    // The boxes of the tile: its first tile_elems elements (the rest repeat
    // them along broadcast (stride-0) modes).
    int const n = int(size(g.layout())) < int(tma.params.tile_elems) ? int(size(g.layout())) : int(tma.params.tile_elems);
    for (int i = 0; i < n; i += v) {
      std::int32_t c[5];
      tma_box_coords<std::remove_cvref_t<decltype(g.data())>>(tma, g(i), c);
      T* p = nullptr;
      if (s) p = raw_pointer_cast(s->data()) + s->layout()(i);
      fn(p, c);
    }
  }
}
// The TMA instruction of every box of the partitions g and s (tma_for_each_box).
template <class How, class Plan = void, class Op, class T, class K, class GE, class GL, class SE, class SL>
TESSEL_DEVICE void tma_copy_boxes(TmaCopy<Op, T, K> const& tma, Tensor<GE, GL> const& g, Tensor<SE, SL> const* s, std::uint64_t* bar,
                                  std::uint16_t mask) {
  constexpr int TR = tma_coord_rank<std::remove_cvref_t<decltype(g.data())>>;
  tma_for_each_box<Plan>(tma, g, s, [&](T* p, std::int32_t const (&c)[5]) { tma_issue_box<Op, T, How, TR>(tma, p, c, bar, mask); });
}
template <class Op, class T, class K, class GE, class GL, class SE, class SL>
TESSEL_DEVICE void tma_copy_boxes(TmaCopy<Op, T, K> const& tma, Tensor<GE, GL> const& g, Tensor<SE, SL> const& s, std::uint64_t* bar,
                                  std::uint16_t mask) {
  tma_copy_boxes<Op>(tma, g, &s, bar, mask);
}
}  // namespace detail

// copy(tma.with(bar[, mask]), g, s): the load of tma_partition's (or
// partition_S/D's) partitions (coordinates g, shared memory s): one TMA
// instruction per box of mode 0, by one thread; the mbarrier expects the
// tile's bytes. copy(tma_store, s, g): the store of s to the coordinates g,
// one instruction per box (a bulk group).
template <class Op, class T, class P, class GE, class GL, class SE, class SL>
TESSEL_DEVICE void copy(TmaBound<Op, T, P> const& b, Tensor<GE, GL> const& g, Tensor<SE, SL> const& s) {
  detail::tma_copy_boxes<Op, P>(*b.tma, g, &s, b.bar, b.mask);
}
template <class T, class SE, class SL, class GE, class GL>
TESSEL_DEVICE void copy(TmaCopy<SM90_TMA_STORE, T> const& tma, Tensor<SE, SL> const& s, Tensor<GE, GL> const& g) {
  detail::tma_copy_boxes(tma, g, s, nullptr, 0);
}
// The same through the Copy_Atoms that make_tma_atom returns: spelled out for
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
template <class T, int R, class SI, int K, class P, class SE, class SL, class GE, class GL>
TESSEL_DEVICE void copy(TmaTiledCopy<SM90_TMA_STORE, T, R, SI, K, P> const& tma, Tensor<SE, SL> const& s, Tensor<GE, GL> const& g) {
  detail::tma_copy_boxes<SM90_TMA_STORE, P>(tma, g, &s, nullptr, 0);
}
template <class T, int R, class SI, int K, class P, class SE, class SL, class GE, class GL>
TESSEL_DEVICE void copy(Copy_Atom<TmaTiledCopy<SM90_TMA_STORE, T, R, SI, K, P>> const& tma, Tensor<SE, SL> const& s, Tensor<GE, GL>& g) {
  detail::tma_copy_boxes<SM90_TMA_STORE, P>(tma, g, &s, nullptr, 0);
}
template <class T, int R, class SI, int K, class P, class SE, class SL, class GE, class GL>
TESSEL_DEVICE void copy(Copy_Atom<TmaTiledCopy<SM90_TMA_STORE, T, R, SI, K, P>> const& tma, Tensor<SE, SL> const& s, Tensor<GE, GL>&& g) {
  detail::tma_copy_boxes<SM90_TMA_STORE, P>(tma, g, &s, nullptr, 0);
}

// prefetch(tma, g): CuTe's L2 prefetch of every box of the TMA partition g
// (coordinates, as copy takes them), by one thread.
template <class Op, class T, class GE, class GL>
TESSEL_DEVICE void prefetch(TmaCopy<Op, T> const& tma, Tensor<GE, GL> const& g) {
  static_assert(!std::is_same_v<Op, SM90_TMA_STORE>, "tessel::prefetch: a TMA store has nothing to prefetch");
  using S = decltype(make_tensor(static_cast<T*>(nullptr), g.layout()));
  detail::tma_copy_boxes<detail::TmaPrefetch>(tma, g, static_cast<S const*>(nullptr), nullptr, 0);
}
template <class Op, class T, int R, class SI, int K, class P, class GE, class GL>
TESSEL_DEVICE void prefetch(TmaTiledCopy<Op, T, R, SI, K, P> const& tma, Tensor<GE, GL> const& g) {
  static_assert(!std::is_same_v<Op, SM90_TMA_STORE>, "tessel::prefetch: a TMA store has nothing to prefetch");
  using S = decltype(make_tensor(static_cast<T*>(nullptr), g.layout()));
  detail::tma_copy_boxes<detail::TmaPrefetch, P>(tma, g, static_cast<S const*>(nullptr), nullptr, 0);
}

// prefetch(ptr): the L2 prefetch of the global-memory line of ptr (CuTe's);
// cooperative_prefetch<NumThreads>(tid, g): thread tid of NumThreads prefetches
// its share of the elements of the global tensor g, prefetch(g) all of them.
TESSEL_HOST_DEVICE void prefetch([[maybe_unused]] void const* ptr) {
#if defined(__CUDA_ARCH__)
  asm volatile("prefetch.global.L2 [%0];" ::"l"(ptr) : "memory");
#endif
}
template <std::uint32_t NumThreads, std::uint32_t FetchBytes = 64, class GE, class GL>
TESSEL_HOST_DEVICE void cooperative_prefetch(std::uint32_t const& tid, Tensor<GE, GL> const& g) {
  static_assert(is_gmem_v<std::remove_cvref_t<decltype(g.data())>>, "tessel::cooperative_prefetch: a global-memory tensor");
  for (int i = int(tid); i < int(size(g.layout())); i += int(NumThreads)) prefetch(static_cast<void const*>(raw_pointer_cast(&g(i))));
}
template <class GE, class GL>
  requires is_gmem_v<std::remove_cvref_t<decltype(std::declval<Tensor<GE, GL> const&>().data())>>
TESSEL_HOST_DEVICE void prefetch(Tensor<GE, GL> const& g) {
  cooperative_prefetch<1>(0, g);
}

}  // namespace tessel
