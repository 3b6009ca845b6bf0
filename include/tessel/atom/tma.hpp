// tessel/atom/tma.hpp: the parameters of a TMA tensor map computed from the
// layouts, as CuTe's make_tma_copy computes them (host code, no CUDA needed):
//   TMA::make_tma_params<T>(gmem_ptr, gmem_layout, smem_layout[, cta_tile[, num_multicast]])
// returns what cuTensorMapEncodeTiled is given: the rank (1..5), the global
// dims and byte strides, the box, the element strides, the swizzle, the data
// type. atom/tma_encode.cuh (CUDA) encodes a TmaDescriptor from them.
//
// How (CuTe's construction): the shared-memory tile is read in the order of
// its own indices (the inverse of its layout, swizzle aside); each run of
// shared-memory indices that steps one mode of the global tensor by 1 becomes a
// box dimension, in order, until the first run that steps by more; adjacent
// box dimensions contiguous in global memory are merged while the box extent
// stays <= 256 (only where both strides are static, as CuTe); the global modes
// the tile does not cover follow with a box of 1; modes past the fifth are
// folded into the fifth; multicast splits the box along its last dimensions.
//
// Exact: a tile the TMA cannot move is a named error (tessel::error, or a
// compile error when the global layout is static): the innermost box dimension
// not contiguous in global memory (majors of shared and global memory differ),
// no box dimension at all, a box extent above 256, a global byte stride not a
// multiple of 16 or not below 2^40, a global extent above 2^32, a global
// address not 16-byte aligned, a multicast that does not divide the box.
// The CTA tile is a static shape applied by mode, as CuTe's tiler: a leaf of
// it on a global mode with submodes takes them in order (detail::tile_parts).
// A tensor map of another element type (CuTe's TmaInternalType) recasts the
// contiguous dimension 0. Limits: at most 12 flattened global modes, 8 tile parts.
#pragma once

#include <cstdint>
#include <cstdio>

#include "../tuple/algorithms.hpp"  // detail::gcd_value
#include "gmma.hpp"
#include "numeric.hpp"
#include "util.hpp"

namespace TESSEL_NAMESPACE::TMA {

namespace detail {
inline constexpr int kMaxModes = 12;  // flattened global modes
inline constexpr int kMaxParts = 8;   // tile parts (the tile's leaves split along the global modes)
}  // namespace detail

// What cuTensorMapEncodeTiled takes (dims, strides in bytes: strides[0] is the
// element size, implicit; box and element strides in elements; swizzle as
// CUtensorMapSwizzle: 0 none, 1 32B, 2 64B, 3 128B; data_type as CUtensorMapDataType).
struct Params {
  int rank = 0;
  std::uint64_t dims[5] = {1, 1, 1, 1, 1};
  std::uint64_t strides[5] = {0, 0, 0, 0, 0};
  std::uint32_t box[5] = {1, 1, 1, 1, 1};
  std::uint32_t elem_strides[5] = {1, 1, 1, 1, 1};
  int swizzle = 0;
  int data_type = 0;
  void const* address = nullptr;
  char const* error = nullptr;  // the failed condition (nullptr: none)
  // How a copy uses the box (atom/tma_copy.hpp): per box dimension, the global
  // modes it covers and each one's coordinate scale; the rest of the tile as
  // runs of boxes (extent, global mode, coordinate step, shared-memory index step).
  // (Mode indices in 8 bits: a copy is a kernel parameter, kept small.)
  std::int8_t parts[5] = {};
  std::int8_t part_mode[5][detail::kMaxModes] = {};
  long long part_scale[5][detail::kMaxModes] = {};
  int rest = 0;
  int rest_extent[8] = {};
  std::int8_t rest_mode[8] = {};
  long long rest_step[8] = {};
  long long rest_smem[8] = {};
  long long tile_elems = 0;  // the shared-memory indices the box and its rest cover
  // The tensor map's element type (CuTe's TmaInternalType) may differ from the
  // tensor's: dimension 0 (contiguous) then counts recast_num / recast_den
  // tensor elements per element of the map (bits of the tensor's type over the map's).
  long long recast_num = 1, recast_den = 1;
  // The CTA tile's extent along each global mode (1 where it covers none).
  int tile_extent[detail::kMaxModes] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
};

// CUtensorMapDataType of T (by size and kind, as CuTe's to_CUtensorMapDataType).
template <class T>
constexpr int data_type() {
  using V = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<V, half_t>) return 6;
  else if constexpr (std::is_same_v<V, bfloat16_t>) return 9;
  else if constexpr (std::is_same_v<V, tfloat32_t>) return 11;
  else if constexpr (std::is_same_v<V, float>) return 7;
  else if constexpr (std::is_same_v<V, double>) return 8;
  else if constexpr (std::is_same_v<V, std::int32_t>) return 3;
  else if constexpr (std::is_same_v<V, std::int64_t>) return 5;
  else if constexpr (sizeof(V) == 1) return 0;
  else if constexpr (sizeof(V) == 2) return 1;
  else if constexpr (sizeof(V) == 4) return 2;
  else if constexpr (sizeof(V) == 8) return 4;
  else static_assert(sizeof(V) == 0, "tessel::TMA: no TMA data type for elements of this size");
}

namespace detail {

// The global layout as flat arrays, with which integers are static.
struct Gmem {
  int rank = 0;
  long long shape[kMaxModes] = {};
  long long stride[kMaxModes] = {};
  bool static_shape[kMaxModes] = {};
  bool static_stride[kMaxModes] = {};
};

template <class S, class D>
constexpr Gmem flat_gmem(Layout<S, D> const& g) {
  Gmem r;
  auto fs = flatten_to_tuple(g.shape());
  auto fd = flatten_to_tuple(g.stride());
  static_assert(tuple_size_v<decltype(fs)> <= kMaxModes, "tessel::TMA: the global tensor has more than 12 modes");
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((r.shape[I] = (long long)get<I>(fs), r.stride[I] = (long long)get<I>(fd),
      r.static_shape[I] = is_static_v<std::remove_cvref_t<decltype(get<I>(fs))>>,
      r.static_stride[I] = is_static_v<std::remove_cvref_t<decltype(get<I>(fd))>>),
     ...);
  }(std::make_index_sequence<tuple_size_v<decltype(fs)>>{});
  r.rank = int(tuple_size_v<decltype(fs)>);
  return r;
}

// The CTA tile's parts: its leaves split along the global layout's flattened
// modes (CuTe's tiler is by mode: a tuple tiler applies mode by mode, a leaf
// of it takes the elements of a global (sub)mode in order, across its leaves
// where it covers several; those it covers whole must be static). Part k has
// the static extent extent[k] along the global flattened mode gmode[k]; the
// tile's elements, in its own (colexicographic) order, are the parts' in order.
struct TileParts {
  int n = 0;
  int extent[kMaxParts] = {};
  int gmode[kMaxParts] = {};
  char const* error = nullptr;
};

// A static extent, or -1.
template <class X>
constexpr long long static_extent() {
  if constexpr (is_static_v<X>) return (long long)X::value; else return -1;
}

template <class TT, class GT>
constexpr void tile_parts_of(TileParts& r, int g0) {
  if (r.error) return;
  if constexpr (is_tuple_v<TT> && is_tuple_v<GT>) {
    static_assert(tuple_size_v<TT> <= tuple_size_v<GT>, "tessel::TMA: the CTA tile has more modes than the global tensor");
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      int off = g0;
      ((tile_parts_of<tuple_element_t<I, TT>, tuple_element_t<I, GT>>(r, off), off += int(leaf_count_v<tuple_element_t<I, GT>>)), ...);
    }(std::make_index_sequence<tuple_size_v<TT>>{});
  } else if constexpr (is_tuple_v<TT>) {
    static_assert(tuple_size_v<TT> == 1, "tessel::TMA: a mode of the CTA tile has more modes than the global tensor's");
    tile_parts_of<tuple_element_t<0, TT>, GT>(r, g0);
  } else {
    static_assert(is_static_v<TT>, "tessel::TMA: the CTA tile must be static");
    long long t = (long long)TT::value;
    using F = std::remove_cvref_t<decltype(flatten_to_tuple(std::declval<GT>()))>;
    [&]<std::size_t... J>(std::index_sequence<J...>) {
      long long ext[sizeof...(J) + 1] = {static_extent<tuple_element_t<J, F>>()..., 0};
      for (int j = 0; j < int(sizeof...(J)) && t > 1; ++j) {
        if (r.n == kMaxParts) { r.error = "TMA: the CTA tile has more than 8 parts"; return; }
        long long const e = ext[j];
        if (e < 0 || e >= t || j + 1 == int(sizeof...(J))) {  // the rest of the leaf lies in this mode
          r.extent[r.n] = int(t), r.gmode[r.n] = g0 + j, ++r.n;
          t = 1;
        } else if (t % e == 0) {  // the leaf covers this mode whole
          if (e > 1) r.extent[r.n] = int(e), r.gmode[r.n] = g0 + j, ++r.n;
          t /= e;
        } else {
          r.error = "TMA: a leaf of the CTA tile does not split along the global (sub)modes it covers";
          return;
        }
      }
    }(std::make_index_sequence<tuple_size_v<F>>{});
  }
}

template <class GS, class Tile>
constexpr TileParts tile_parts() {
  TileParts r;
  if constexpr (is_tuple_v<GS>) {
    tile_parts_of<Tile, GS>(r, 0);
  } else {
    tile_parts_of<Tile, tuple<GS>>(r, 0);
  }
  return r;
}

// The shared-memory tile in the order of its indices: the runs of the
// inverse of its layout (right_inverse: the indices 0 .. n-1 it reaches in
// order) composed with the tile's parts, coalesced: run j has extent[j] and
// steps part part[j] by step[j] per index of it. (Computed by the layout
// algebra on the static layouts: the parts' coordinates are packed in bit
// fields with a guard bit each, so that coalescing never merges two parts.)
struct SmemOrder {
  long long n = 0;            // the indices 0 .. n-1 that the layout reaches in order
  int rank = 0;               // tile parts
  int tile[kMaxParts] = {};
  int gmode[kMaxParts] = {};  // each part's global mode
  char const* error = nullptr;
  int runs = 0;
  long long extent[kMaxModes + kMaxParts] = {};
  int part[kMaxModes + kMaxParts] = {};
  long long step[kMaxModes + kMaxParts] = {};
};

// The bit field of each tile part (its extent's bits and a guard bit).
struct PartFields {
  int shift[kMaxParts + 1] = {};
  bool fits = true;
};
constexpr PartFields part_fields(TileParts const& t) {
  PartFields f;
  for (int m = 0; m < t.n; ++m) {
    int w = 1;
    while ((1LL << w) <= t.extent[m]) ++w;
    f.shift[m + 1] = f.shift[m] + w + 1;
  }
  f.fits = f.shift[t.n] <= 62;
  return f;
}

template <class M>
constexpr SmemOrder smem_runs(TileParts const& t, PartFields const& f) {
  SmemOrder o{};
  o.rank = t.n;
  for (int m = 0; m < t.n; ++m) o.tile[m] = t.extent[m], o.gmode[m] = t.gmode[m];
  auto const fs = flatten_to_tuple(M{}.shape());
  auto const fd = flatten_to_tuple(M{}.stride());
  constexpr int J = int(tuple_size_v<decltype(fs)>);
  long long ext[J > 0 ? J : 1] = {}, str[J > 0 ? J : 1] = {};
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((ext[I] = (long long)get<I>(fs), str[I] = (long long)get<I>(fd)), ...); }(
      std::make_index_sequence<J>{});
  o.n = 1;
  for (int j = 0; j < J; ++j) {
    if (ext[j] == 1) continue;
    int a = -1;
    for (int m = 0; m < t.n; ++m)
      if (str[j] >= (1LL << f.shift[m]) && str[j] < (1LL << f.shift[m + 1])) a = m;
    if (a < 0 || str[j] % (1LL << f.shift[a]) != 0) { o.error = "TMA: a shared-memory index steps two global modes at once"; return o; }
    if (o.runs == kMaxModes + kMaxParts) { o.error = "TMA: the shared-memory tile has too many runs"; return o; }
    o.extent[o.runs] = ext[j], o.part[o.runs] = a, o.step[o.runs] = str[j] >> f.shift[a], ++o.runs;
    o.n *= ext[j];
  }
  return o;
}

// One box dimension: the global modes it covers (in order) and its extent.
struct BoxDim {
  int parts = 0;
  int mode[kMaxModes] = {};
  long long extent = 1;
};

// The parameters (see the top of the file); p.error names a failed condition.
// In two steps: plan() decides the box and the runs from what the global
// layout's types say (its rank, its static extents and strides: a run-time
// extent or stride decides nothing there), finish() adds what the run-time
// extents and strides give (dims, strides, coordinate scales) and checks the
// instruction's limits. make_tma_params runs plan() at compile time.
// plan: steps 1-4; p.box holds each dimension's extent in the tensor's elements.
template <int Bits>
constexpr Params plan(Gmem const& g, SmemOrder const& o, int tma_bits = Bits) {
  Params p;
  if (o.error) { p.error = o.error; return p; }
  for (int m = 0; m < o.rank; ++m)
    if (o.gmode[m] >= g.rank) { p.error = "TMA: the CTA tile has more modes than the global tensor"; return p; }
  for (int m = 0; m < o.rank; ++m) p.tile_extent[o.gmode[m]] = o.tile[m];
  // 1. the runs of shared-memory indices that step one global mode by 1 form the box (CuTe:
  // the leading static-1 basis modes), the rest of the tile: runs of whole boxes
  BoxDim dims[kMaxModes] = {};
  int nd = 0;
  long long P = 1;
  bool used[kMaxModes] = {};
  int j = 0;
  for (; j < o.runs && o.step[j] == 1; ++j) {
    int const gm = o.gmode[o.part[j]];
    if (used[gm]) { p.error = "TMA: the shared-memory layout is not a product of box dimensions"; return p; }
    dims[nd].parts = 1, dims[nd].mode[0] = gm, dims[nd].extent = o.extent[j], ++nd;
    used[gm] = true;
    P *= o.extent[j];
  }
  if (nd == 0) { p.error = "TMA: no box dimension: the tile's first shared-memory run does not step a global mode by 1"; return p; }
  for (long long R = P; j < o.runs; ++j) {
    if (p.rest == 8) { p.error = "TMA: the tile needs more than 8 runs of boxes"; return p; }
    p.rest_extent[p.rest] = int(o.extent[j]), p.rest_mode[p.rest] = std::int8_t(o.gmode[o.part[j]]), p.rest_step[p.rest] = o.step[j], p.rest_smem[p.rest] = R,
    ++p.rest;
    R *= o.extent[j];
  }
  p.tile_elems = o.n;
  // 2. merge neighbours contiguous in global memory (static strides only), extent <= 256
  BoxDim box[kMaxModes] = {};
  int nb = 0;
  box[nb++] = dims[0];
  for (int k = 1; k < nd; ++k) {
    BoxDim& b = box[nb - 1];
    int const m = dims[k].mode[0];
    bool const statics = g.static_stride[b.mode[0]] && g.static_stride[m];  // (b's stride is its first part's)
    // (the limit of 256 is in the map's elements: dimension 0 is recast)
    long long const limit = nb == 1 ? 256LL * tma_bits / Bits : 256;
    if (statics && b.extent * g.stride[b.mode[0]] == g.stride[m] && b.extent * dims[k].extent <= limit) {
      b.mode[b.parts++] = m;
      b.extent *= dims[k].extent;
    } else {
      box[nb++] = dims[k];
    }
  }
  // 3. the global modes the tile does not cover: a box of 1 (size-1 or stride-0 static modes left out)
  for (int m = 0; m < g.rank; ++m) {
    if (used[m] || (g.static_shape[m] && g.shape[m] == 1) || (g.static_stride[m] && g.stride[m] == 0)) continue;
    box[nb].parts = 1, box[nb].mode[0] = m, box[nb].extent = 1, ++nb;
  }
  // 4. at most 5 dimensions: the fifth takes the rest
  if (nb > 5) {
    for (int k = 5; k < nb; ++k) {
      for (int q = 0; q < box[k].parts; ++q) box[4].mode[box[4].parts++] = box[k].mode[q];
      box[4].extent *= box[k].extent;
    }
    nb = 5;
  }
  p.rank = nb;
  for (int k = 0; k < nb; ++k) {
    p.parts[k] = std::int8_t(box[k].parts);
    for (int q = 0; q < p.parts[k]; ++q) p.part_mode[k][q] = std::int8_t(box[k].mode[q]);
    p.box[k] = std::uint32_t(box[k].extent);
  }
  return p;
}
// finish: steps 5-7 on plan()'s p (without an error) for the global layout g at address.
// 5. global dims and strides of each dimension (a dimension of several modes: their common grid),
// with each mode's coordinate scale where `scales`; returns dimension 0's stride in elements (1 where
// contiguous, else the TMA cannot read it).
template <int Bits>
constexpr long long global_extents(Params& p, Gmem const& g, bool scales) {
  long long stride0 = 0;
  for (int k = 0; k < p.rank; ++k) {
    long long shape = 1, stride = 0;
    for (int q = 0; q < p.parts[k]; ++q) {
      int const m = p.part_mode[k][q];
      if (p.parts[k] == 1) { shape = g.shape[m], stride = g.stride[m]; break; }
      long long const old = stride;
      stride = TESSEL_NAMESPACE::detail::gcd_value(stride, g.stride[m]);  // std::gcd without <numeric>
      shape = stride != 0 ? (shape - 1) * (old / stride) + (g.shape[m] - 1) * (g.stride[m] / stride) + 1 : g.shape[m];
    }
    if (k == 0) stride0 = stride;
    if (scales)
      for (int q = 0; q < p.parts[k]; ++q) p.part_scale[k][q] = stride != 0 ? g.stride[p.part_mode[k][q]] / stride : 1;
    p.dims[k] = std::uint64_t(shape);
    p.strides[k] = std::uint64_t(stride) * Bits / 8;
  }
  return stride0;
}

// 5b. the map's element type: dimension 0 counts its elements (its extent, and the box's where
// `box`, which also sets the coordinate recast); false with p.error set where it cannot.
template <int Bits>
constexpr bool recast_extents(Params& p, int tma_bits, bool box) {
  if (tma_bits == Bits) return true;
  std::uint64_t const d0 = p.dims[0] * std::uint64_t(Bits), b0 = std::uint64_t(p.box[0]) * std::uint64_t(Bits);
  if (d0 % std::uint64_t(tma_bits) != 0 || (box && b0 % std::uint64_t(tma_bits) != 0)) {
    p.error = "TMA: the innermost extent is not a whole number of the tensor map's elements";
    return false;
  }
  p.dims[0] = d0 / std::uint64_t(tma_bits);
  if (box) {
    p.box[0] = std::uint32_t(b0 / std::uint64_t(tma_bits));
    long long const gg = TESSEL_NAMESPACE::detail::gcd_value((long long)Bits, (long long)tma_bits);
    p.recast_num = Bits / gg, p.recast_den = tma_bits / gg;
  }
  return true;
}

// 7. the instruction's limits; false with p.error set where one is broken.
constexpr bool check_limits(Params& p, std::uintptr_t address, long long stride0) {
  if (address % 16 != 0) { p.error = "TMA: the global address is not 16-byte aligned"; return false; }
  if (stride0 != 1) { p.error = "TMA: the innermost box dimension is not contiguous in global memory (the majors of shared and global memory differ)"; return false; }
  for (int k = 0; k < p.rank; ++k) {
    if (p.box[k] > 256) { p.error = "TMA: a box extent is above 256"; return false; }
    if (p.dims[k] < 1 || p.dims[k] > (std::uint64_t(1) << 32)) { p.error = "TMA: a global extent is not in [1, 2^32]"; return false; }
    if (k > 0 && (p.strides[k] % 16 != 0 || p.strides[k] >= (std::uint64_t(1) << 40))) {
      p.error = "TMA: a global byte stride is not a multiple of 16 below 2^40";
      return false;
    }
  }
  return true;
}

template <int Bits>
constexpr void finish(Params& p, Gmem const& g, int swizzle_bits, int num_multicast, std::uintptr_t address, int tma_bits = Bits) {
  p.address = reinterpret_cast<void const*>(address);
  long long const stride0 = global_extents<Bits>(p, g, true);  // 5.
  if (!recast_extents<Bits>(p, tma_bits, true)) return;        // 5b.
  // 6. multicast: the box split along its last dimensions
  for (int k = p.rank - 1, mc = num_multicast; mc > 1; --k) {
    if (k < 0) { p.error = "TMA: the multicast is larger than the box"; return; }
    if (p.box[k] % mc != 0 && mc % p.box[k] != 0) { p.error = "TMA: the multicast count does not divide the box"; return; }
    int const next = (mc + int(p.box[k]) - 1) / int(p.box[k]);
    p.box[k] = (p.box[k] + mc - 1) / mc;
    mc = next;
  }
  if (!check_limits(p, address, stride0)) return;  // 7.
  p.swizzle = swizzle_bits;  // Swizzle<B,4,3>: B = 0, 1, 2, 3 is CU_TENSOR_MAP_SWIZZLE_NONE, 32B, 64B, 128B
  p.data_type = 0;
}

// finish() for a p whose box, map element count and coordinate scales are
// already final (a copy whose plan its types decide, at cluster size 1:
// make_tma_copy's compile-time copy): the run-time extents and strides, and
// finish()'s checks of them, in finish()'s order (what else finish() checks
// was checked at compile time).
template <int Bits>
constexpr void finish_extents(Params& p, Gmem const& g, int swizzle_bits, std::uintptr_t address, int tma_bits = Bits) {
  p.address = reinterpret_cast<void const*>(address);
  long long const stride0 = global_extents<Bits>(p, g, false);  // 5. (without the scales)
  if (!recast_extents<Bits>(p, tma_bits, false)) return;        // 5b. (dimension 0's extent only: the box is recast)
  if (!check_limits(p, address, stride0)) return;               // 7.
  p.swizzle = swizzle_bits;
}

// Both steps (the run-time plan of make_tma_params, computed whole).
template <int Bits, class Order>
constexpr Params compute(Gmem const& g, Order const& o, int swizzle_bits, int num_multicast, std::uintptr_t address, int tma_bits = Bits) {
  Params p = plan<Bits>(g, o, tma_bits);
  if (p.error) { p.address = reinterpret_cast<void const*>(address); return p; }
  finish<Bits>(p, g, swizzle_bits, num_multicast, address, tma_bits);
  return p;
}

// The swizzle bits and the unswizzled layout of a shared-memory layout.
template <class S, class D>
constexpr int swizzle_bits(Layout<S, D> const&) { return 0; }
// (Any offset: a stage sliced with a run-time index, sA(_, _, 0), keeps the
// swizzle with an integer offset, as in CuTe; the swizzle is on bytes.)
template <int B, int M, int S, class O, class L>
constexpr int swizzle_bits(ComposedLayout<Swizzle<B, M, S>, O, L> const&) {
  static_assert(B == 0 || (M == 4 && S == 3), "tessel::TMA: the swizzle is not one of the TMA's (Swizzle<B,4,3> on bytes)");
  return B;
}
template <class S, class D>
constexpr auto nonswizzle(Layout<S, D> const& l) { return l; }
template <class A, class O, class L>
constexpr auto nonswizzle(ComposedLayout<A, O, L> const& c) { return c.layout_b(); }

}  // namespace detail

namespace detail {
// The order of the shared-memory tile SL against the tile Tile of a global
// layout of shape GS: a compile-time constant.
template <class GS, class SL, class Tile>
struct order_of {
  using Inner = std::remove_cvref_t<decltype(nonswizzle(SL{}))>;
  static constexpr TileParts parts = tile_parts<GS, Tile>();
  static constexpr PartFields fields = part_fields(parts);
  static constexpr long long total() {
    long long t = 1;
    for (int m = 0; m < parts.n; ++m) t *= parts.extent[m];
    return t;
  }
  static constexpr SmemOrder make() {
    if constexpr (parts.error != nullptr || !fields.fits) {
      SmemOrder o{};
      o.error = parts.error ? parts.error : "TMA: the CTA tile's parts need more than 62 bits";
      return o;
    } else {
      if constexpr (parts.n == 0 || total() != decltype(size(Inner{}))::value) {
        SmemOrder o{};
        o.error = "TMA: the shared-memory layout and the CTA tile differ in size";
        return o;
      } else {
        // The parts' coordinates in their bit fields, composed with the inverse of the smem layout.
        using PL = decltype([]<std::size_t... I>(std::index_sequence<I...>) {
          return make_layout(make_shape(C<parts.extent[I]>{}...), make_stride(C<(1LL << fields.shift[I])>{}...));
        }(std::make_index_sequence<std::size_t(parts.n)>{}));
        using M = decltype(coalesce(composition(PL{}, right_inverse(Inner{}))));
        return smem_runs<M>(parts, fields);
      }
    }
  }
  static constexpr SmemOrder value = make();
};
// The plan of a global layout type GL: what its types decide (which global
// modes form which box dimension, the box, the rank), computed at compile
// time with the run-time extents and strides left at 0 (a plan decides
// nothing by them: merges need static strides, modes left out are static).
template <class T, class TmaType, class GL, class SL, class Tile>
struct static_plan {
  static constexpr Params value =
      compute<sizeof_bits_v<T>>(flat_gmem(GL{}), order_of<std::remove_cvref_t<decltype(GL{}.shape())>, SL, Tile>::value, swizzle_bits(SL{}),
                                1, 0, sizeof_bits_v<TmaType>);
  // The box's dimensions (1 where the plan itself is refused: make_tma_params then names the error).
  static constexpr int rank = value.rank > 0 ? value.rank : 1;
  // Whether the coordinate scales (part_scale) are the run-time plan's too: a
  // dimension of one mode has scale 1; one of several (merged, or folded into
  // the fifth) has its modes' strides over their gcd, static only where they are.
  static constexpr bool static_scales = [] {
    Gmem const g = flat_gmem(GL{});
    for (int d = 0; d < value.rank; ++d)
      for (int q = 0; value.parts[d] > 1 && q < value.parts[d]; ++q)
        if (!g.static_stride[value.part_mode[d][q]]) return false;
    return true;
  }();
};
}  // namespace detail

namespace detail {
// make_tma_params into p (make_tma_copy fills its copy's params in place).
template <class TmaType = void, class T, class GS, class GD, class SL, class Tile>
void fill_tma_params(Params& p, T const* ptr, Layout<GS, GD> const& g, SL const& s, Tile const& cta_tile, int num_multicast) {
  using M = std::conditional_t<std::is_void_v<TmaType>, T, TmaType>;
  auto const inner = detail::nonswizzle(s);
  static_assert(is_static_v<decltype(inner)>, "tessel::TMA: the shared-memory layout must be static");
  static_assert(is_static_v<Tile>, "tessel::TMA: the CTA tile must be static");
  static_assert(decltype(size(inner))::value == decltype(size(Tile{}))::value,
                "tessel::TMA: the shared-memory layout and the CTA tile differ in size");
  (void)cta_tile;
  using Order = detail::order_of<GS, SL, Tile>;
  constexpr int bits = sizeof_bits_v<T>;
  if constexpr (is_static_v<Layout<GS, GD>>) {
    constexpr Params sp = detail::compute<bits>(detail::flat_gmem(Layout<GS, GD>{}), Order::value, detail::swizzle_bits(SL{}), 1, 0,
                                                sizeof_bits_v<M>);
    static_assert(sp.error == nullptr, "tessel::TMA: this tile cannot be moved by the TMA (the message of make_tma_params "
                                       "at run time names the condition)");
  }
  // The plan (steps 1-4) at compile time: it reads only what the layout's type says.
  static constexpr Params planned = detail::plan<bits>(detail::flat_gmem(Layout<GS, GD>{}), Order::value, sizeof_bits_v<M>);
  p = planned;
  if (p.error) p.address = ptr;
  else detail::finish<bits>(p, detail::flat_gmem(g), detail::swizzle_bits(s), num_multicast, reinterpret_cast<std::uintptr_t>(ptr), sizeof_bits_v<M>);
  p.data_type = data_type<M>();
  TESSEL_CHECK(p.error == nullptr, p.error);
}
}  // namespace detail

// make_tma_params<TmaType = T>(ptr, gmem layout, smem layout, cta tile, multicast):
// see the top. TmaType is the tensor map's element type (CuTe's TmaInternalType).
template <class TmaType = void, class T, class GS, class GD, class SL, class Tile>
Params make_tma_params(T const* ptr, Layout<GS, GD> const& g, SL const& s, Tile const& cta_tile, int num_multicast = 1) {
  Params p;
  detail::fill_tma_params<TmaType>(p, ptr, g, s, cta_tile, num_multicast);
  return p;
}
// The CTA tile of the overload without one: the shared-memory layout's shape per mode.
template <class TmaType = void, class T, class GS, class GD, class SL>
Params make_tma_params(T const* ptr, Layout<GS, GD> const& g, SL const& s) {
  return make_tma_params<TmaType>(ptr, g, s, ::tessel::detail::atoms::product_each(detail::nonswizzle(s).shape()), 1);
}

// print(p): the arguments of cuTensorMapEncodeTiled, one per line.
inline void print(Params const& p) {
  printf("format %d rank %d\ndims", p.data_type, p.rank);
  for (int i = 0; i < p.rank; ++i) printf(" %llu", (unsigned long long)p.dims[i]);
  printf("\nstrides");
  for (int i = 1; i < p.rank; ++i) printf(" %llu", (unsigned long long)p.strides[i]);
  printf("\nbox");
  for (int i = 0; i < p.rank; ++i) printf(" %u", p.box[i]);
  printf("\nelementStrides");
  for (int i = 0; i < p.rank; ++i) printf(" %u", p.elem_strides[i]);
  printf("\nswizzle %d\n", p.swizzle);
}

}  // namespace tessel::TMA
