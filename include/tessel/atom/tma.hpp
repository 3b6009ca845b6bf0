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
// Limits: the global layout's modes are flattened; the CTA tile is a shape
// whose modes tile the global layout's leading (flattened) modes.
#pragma once

#include <cstdint>
#include <cstdio>
#include <numeric>

#include "gmma.hpp"
#include "numeric.hpp"
#include "util.hpp"

namespace TESSEL_NAMESPACE::TMA {

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
  int parts[5] = {};
  int part_mode[5][4] = {};
  long long part_scale[5][4] = {};
  int rest = 0;
  int rest_extent[8] = {};
  int rest_mode[8] = {};
  long long rest_step[8] = {};
  long long rest_smem[8] = {};
  long long tile_elems = 0;  // the shared-memory indices the box and its rest cover
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

inline constexpr int kMaxModes = 12;  // flattened global modes

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

// The shared-memory tile: for each shared-memory index i < n, the tile
// coordinate (per flattened tile mode) of the element stored there.
template <class SL, class Tile>
struct SmemOrder {
  static constexpr int count = int(decltype(tessel::size(SL{}))::value);
  int n = 0;             // the indices 0 .. n-1 that the layout reaches in order
  int rank = 0;          // tile modes
  int tile[kMaxModes] = {};
  int coord_of[count > 0 ? count : 1][5] = {};
};

template <class SL, class Tile>
constexpr auto smem_order(SL const& s, Tile const& tile) {
  SmemOrder<SL, Tile> o{};
  auto ft = flatten_to_tuple(tile);
  static_assert(tuple_size_v<decltype(ft)> <= 5, "tessel::TMA: the CTA tile has more than 5 modes");
  o.rank = int(tuple_size_v<decltype(ft)>);
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((o.tile[I] = int(get<I>(ft))), ...); }(std::make_index_sequence<tuple_size_v<decltype(ft)>>{});
  constexpr int N = SmemOrder<SL, Tile>::count;
  int where[N > 0 ? N : 1] = {};
  for (int i = 0; i < N; ++i) where[i] = -1;
  for (int x = 0; x < N; ++x) {
    long long const idx = (long long)s(x);
    if (idx >= 0 && idx < N && where[idx] < 0) where[idx] = x;
  }
  while (o.n < N && where[o.n] >= 0) ++o.n;
  for (int i = 0; i < o.n; ++i) {
    int x = where[i];
    for (int m = 0; m < o.rank; ++m) {
      o.coord_of[i][m] = x % o.tile[m];
      x /= o.tile[m];
    }
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
template <int Bits, class Order>
constexpr Params compute(Gmem const& g, Order const& o, int swizzle_bits, int num_multicast, std::uintptr_t address) {
  Params p;
  p.address = reinterpret_cast<void const*>(address);
  // 1. runs of shared-memory indices that step one tile mode by 1 (or more: stop there)
  BoxDim dims[kMaxModes] = {};
  int nd = 0;
  long long P = 1;
  bool used[kMaxModes] = {};
  while (P < o.n) {
    int mode = -1;
    long long step = 0;
    for (int m = 0; m < o.rank; ++m)
      if (o.coord_of[P][m] != 0) {
        if (mode >= 0) { p.error = "TMA: a shared-memory index steps two global modes at once"; return p; }
        mode = m, step = o.coord_of[P][m];
      }
    if (step != 1) break;  // CuTe: only runs that step a global mode by 1 form the box; the rest: below
    long long n = 1;
    while (n * P < o.n && o.coord_of[n * P][mode] == n) ++n;
    for (int i = 0; i < n * P && i < o.n; ++i)  // the run times the runs before it: a layout, checked element by element
      for (int m = 0; m < o.rank; ++m) {
        int const want = (m == mode ? int(i / P) : 0) + o.coord_of[i % P][m];
        if (o.coord_of[i][m] != want) { p.error = "TMA: the shared-memory layout is not a product of box dimensions"; return p; }
      }
    if (mode >= g.rank) { p.error = "TMA: the CTA tile has more modes than the global tensor"; return p; }
    dims[nd].parts = 1, dims[nd].mode[0] = mode, dims[nd].extent = n, ++nd;
    used[mode] = true;
    P *= n;
  }
  if (nd == 0) { p.error = "TMA: no box dimension: the tile's first shared-memory run does not step a global mode by 1"; return p; }
  // 1b. the rest of the tile: runs of whole boxes
  for (long long R = P; R < o.n;) {
    int mode = -1, step = 0;
    for (int m = 0; m < o.rank; ++m)
      if (o.coord_of[R][m] != 0) {
        if (mode >= 0) { p.error = "TMA: a shared-memory index steps two global modes at once"; return p; }
        mode = m, step = o.coord_of[R][m];
      }
    long long n = 1;
    while (n * R < o.n && o.coord_of[n * R][mode] == n * step) ++n;
    for (long long i = 0; i < n * R && i < o.n; ++i)
      for (int m = 0; m < o.rank; ++m) {
        int const want = (m == mode ? int(i / R) * step : 0) + o.coord_of[i % R][m];
        if (o.coord_of[i][m] != want) { p.error = "TMA: the shared-memory layout is not a product of box dimensions"; return p; }
      }
    if (p.rest == 8) { p.error = "TMA: the tile needs more than 8 runs of boxes"; return p; }
    p.rest_extent[p.rest] = int(n), p.rest_mode[p.rest] = mode, p.rest_step[p.rest] = step, p.rest_smem[p.rest] = R, ++p.rest;
    R *= n;
    p.tile_elems = R;
  }
  if (p.tile_elems == 0) p.tile_elems = P;
  // 2. merge neighbours contiguous in global memory (static strides only), extent <= 256
  BoxDim box[kMaxModes] = {};
  int nb = 0;
  box[nb++] = dims[0];
  for (int k = 1; k < nd; ++k) {
    BoxDim& b = box[nb - 1];
    int const m = dims[k].mode[0];
    bool const statics = g.static_stride[b.mode[0]] && g.static_stride[m];  // (b's stride is its first part's)
    if (statics && b.extent * g.stride[b.mode[0]] == g.stride[m] && b.extent * dims[k].extent <= 256) {
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
  // 5. global dims and strides of each dimension (a dimension of several modes: their common grid)
  for (int k = 0; k < nb; ++k) {
    long long shape = 1, stride = 0;
    for (int q = 0; q < box[k].parts; ++q) {
      int const m = box[k].mode[q];
      if (box[k].parts == 1) { shape = g.shape[m], stride = g.stride[m]; break; }
      long long const old = stride;
      stride = std::gcd(stride, g.stride[m]);
      shape = stride != 0 ? (shape - 1) * (old / stride) + (g.shape[m] - 1) * (g.stride[m] / stride) + 1 : g.shape[m];
    }
    p.parts[k] = box[k].parts < 4 ? box[k].parts : 4;
    for (int q = 0; q < p.parts[k]; ++q) {
      int const m = box[k].mode[q];
      p.part_mode[k][q] = m;
      p.part_scale[k][q] = stride != 0 ? g.stride[m] / stride : 1;
    }
    p.dims[k] = std::uint64_t(shape);
    p.strides[k] = std::uint64_t(stride) * Bits / 8;
    p.box[k] = std::uint32_t(box[k].extent);
  }
  // 6. multicast: the box split along its last dimensions
  for (int k = nb - 1, mc = num_multicast; mc > 1; --k) {
    if (k < 0) { p.error = "TMA: the multicast is larger than the box"; return p; }
    if (p.box[k] % mc != 0 && mc % p.box[k] != 0) { p.error = "TMA: the multicast count does not divide the box"; return p; }
    int const next = (mc + int(p.box[k]) - 1) / int(p.box[k]);
    p.box[k] = (p.box[k] + mc - 1) / mc;
    mc = next;
  }
  // 7. the instruction's limits
  if (address % 16 != 0) { p.error = "TMA: the global address is not 16-byte aligned"; return p; }
  if (p.strides[0] * 8 != Bits) { p.error = "TMA: the innermost box dimension is not contiguous in global memory (the majors of shared and global memory differ)"; return p; }
  for (int k = 0; k < nb; ++k) {
    if (p.box[k] > 256) { p.error = "TMA: a box extent is above 256"; return p; }
    if (p.dims[k] < 1 || p.dims[k] > (std::uint64_t(1) << 32)) { p.error = "TMA: a global extent is not in [1, 2^32]"; return p; }
    if (k > 0 && (p.strides[k] % 16 != 0 || p.strides[k] >= (std::uint64_t(1) << 40))) {
      p.error = "TMA: a global byte stride is not a multiple of 16 below 2^40";
      return p;
    }
  }
  p.swizzle = swizzle_bits;  // Swizzle<B,4,3>: B = 0, 1, 2, 3 is CU_TENSOR_MAP_SWIZZLE_NONE, 32B, 64B, 128B
  p.data_type = 0;
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

// make_tma_params<T>(ptr, gmem layout, smem layout, cta tile, multicast): see the top.
template <class T, class GS, class GD, class SL, class Tile>
Params make_tma_params(T const* ptr, Layout<GS, GD> const& g, SL const& s, Tile const& cta_tile, int num_multicast = 1) {
  auto const inner = detail::nonswizzle(s);
  static_assert(is_static_v<decltype(inner)>, "tessel::TMA: the shared-memory layout must be static");
  static_assert(is_static_v<Tile>, "tessel::TMA: the CTA tile must be static");
  static_assert(decltype(size(inner))::value == decltype(size(Tile{}))::value,
                "tessel::TMA: the shared-memory layout and the CTA tile differ in size");
  using Order = decltype(detail::smem_order(inner, cta_tile));
  static constexpr Order order = detail::smem_order(decltype(inner){}, Tile{});
  constexpr int bits = sizeof_bits_v<T>;
  if constexpr (is_static_v<Layout<GS, GD>>) {
    constexpr Params sp = detail::compute<bits>(detail::flat_gmem(Layout<GS, GD>{}), order, detail::swizzle_bits(SL{}), 1, 0);
    static_assert(sp.error == nullptr, "tessel::TMA: this tile cannot be moved by the TMA (the message of make_tma_params "
                                       "at run time names the condition)");
  }
  Params p = detail::compute<bits>(detail::flat_gmem(g), order, detail::swizzle_bits(s), num_multicast,
                                   reinterpret_cast<std::uintptr_t>(ptr));
  p.data_type = data_type<T>();
  TESSEL_CHECK(p.error == nullptr, p.error);
  return p;
}
// The CTA tile of the overload without one: the shared-memory layout's shape per mode.
template <class T, class GS, class GD, class SL>
Params make_tma_params(T const* ptr, Layout<GS, GD> const& g, SL const& s) {
  return make_tma_params(ptr, g, s, ::tessel::detail::atoms::product_each(detail::nonswizzle(s).shape()), 1);
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
