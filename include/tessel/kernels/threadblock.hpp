// tessel/kernels/threadblock.hpp: CUTLASS 2.x's GEMM threadblock swizzles
// (which output tile each threadblock computes), with CUTLASS's member names,
// and the same mappings expressed as tessel layouts.
//
// Every device function has an overload taking the block index, so the
// mapping can be evaluated (and tested) on the host.
#pragma once

#include "../layout/layout.hpp"

namespace TESSEL_NAMESPACE {

// An (m, n, k) triple: a GEMM problem size, a tile size, or a tile coordinate.
struct GemmCoord {
  int m_ = 0, n_ = 0, k_ = 0;
  constexpr GemmCoord() = default;
  TESSEL_HOST_DEVICE constexpr GemmCoord(int m, int n, int k) : m_(m), n_(n), k_(k) {}
  TESSEL_HOST_DEVICE constexpr int m() const { return m_; }
  TESSEL_HOST_DEVICE constexpr int n() const { return n_; }
  TESSEL_HOST_DEVICE constexpr int k() const { return k_; }
  TESSEL_HOST_DEVICE constexpr int& m() { return m_; }
  TESSEL_HOST_DEVICE constexpr int& n() { return n_; }
  TESSEL_HOST_DEVICE constexpr int& k() { return k_; }
  TESSEL_HOST_DEVICE constexpr friend bool operator==(GemmCoord a, GemmCoord b) { return a.m_ == b.m_ && a.n_ == b.n_ && a.k_ == b.k_; }
};

// A grid or block index (CUDA's dim3 and uint3 where CUDA is there).
struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr Dim3() = default;
  TESSEL_HOST_DEVICE constexpr Dim3(unsigned x_, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
#if defined(__CUDACC__)
  TESSEL_HOST_DEVICE constexpr Dim3(::dim3 d) : x(d.x), y(d.y), z(d.z) {}
  TESSEL_HOST_DEVICE constexpr Dim3(::uint3 d) : x(d.x), y(d.y), z(d.z) {}
  TESSEL_HOST_DEVICE operator ::dim3() const { return ::dim3(x, y, z); }
#endif
  TESSEL_HOST_DEVICE constexpr friend bool operator==(Dim3 a, Dim3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
};

namespace conv {
enum class Operator { kFprop, kDgrad, kWgrad };

// The sizes of a 2-D convolution: input NHWC, filter KRSC, output NPQK.
struct Conv2dProblemSize {
  int N = 1, H = 1, W = 1, C = 1, K = 1, R = 1, S = 1, P = 1, Q = 1;
};
// The sizes of a 3-D convolution: input NDHWC, filter KTRSC, output NZPQK.
struct Conv3dProblemSize {
  int N = 1, D = 1, H = 1, W = 1, C = 1, K = 1, T = 1, R = 1, S = 1, Z = 1, P = 1, Q = 1;
};

// The GEMM that an implicit-GEMM convolution computes.
TESSEL_HOST_DEVICE constexpr GemmCoord implicit_gemm_problem_size(Operator op, Conv2dProblemSize const& p) {
  switch (op) {
    case Operator::kFprop: return {p.N * p.P * p.Q, p.K, p.R * p.S * p.C};
    case Operator::kDgrad: return {p.N * p.H * p.W, p.C, p.K * p.R * p.S};
    case Operator::kWgrad: return {p.K, p.R * p.S * p.C, p.N * p.P * p.Q};
  }
  return {};
}
TESSEL_HOST_DEVICE constexpr GemmCoord implicit_gemm_problem_size(Operator op, Conv3dProblemSize const& p) {
  switch (op) {
    case Operator::kFprop: return {p.N * p.Z * p.P * p.Q, p.K, p.T * p.R * p.S * p.C};
    case Operator::kDgrad: return {p.N * p.D * p.H * p.W, p.C, p.K * p.T * p.R * p.S};
    case Operator::kWgrad: return {p.K, p.T * p.R * p.S * p.C, p.N * p.Z * p.P * p.Q};
  }
  return {};
}
}  // namespace conv

namespace detail {
TESSEL_HOST_DEVICE constexpr GemmCoord tiles_of(GemmCoord problem, GemmCoord tile, int k) {
  return {(problem.m() + tile.m() - 1) / tile.m(), (problem.n() + tile.n() - 1) / tile.n(), k};
}
#if defined(__CUDACC__)
TESSEL_DEVICE Dim3 block_idx() { return Dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
#endif
}  // namespace detail

// GemmIdentityThreadblockSwizzle<N>: blocks walk the tile grid in groups of
// 2^log_tile columns of tiles (log_tile from N and the width), so that
// consecutive blocks share operand tiles in L2:
//   block (x, y, z) -> tile (x >> log_tile, (y << log_tile) + (x & (2^log_tile - 1)), z).
template <int N = 1>
struct GemmIdentityThreadblockSwizzle {
  // The problem in units of tiles: GEMM (M, N, K), or an implicit GEMM convolution.
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tiled_shape(GemmCoord problem_size, GemmCoord tile_size, int split_k_slices) {
    return detail::tiles_of(problem_size, tile_size, split_k_slices);
  }
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tiled_shape(conv::Operator op, conv::Conv2dProblemSize const& p,
                                                                GemmCoord tile_size, int split_k_slices) {
    return get_tiled_shape(conv::implicit_gemm_problem_size(op, p), tile_size, split_k_slices);
  }
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tiled_shape(conv::Operator op, conv::Conv3dProblemSize const& p,
                                                                GemmCoord tile_size, int split_k_slices) {
    return get_tiled_shape(conv::implicit_gemm_problem_size(op, p), tile_size, split_k_slices);
  }
  // The grid to launch: (m * 2^log_tile, ceil(n / 2^log_tile), k).
  TESSEL_HOST_DEVICE static constexpr Dim3 get_grid_shape(GemmCoord tiled_shape) {
    int tile = 1 << get_log_tile(tiled_shape);
    return Dim3(tiled_shape.m() * tile, (tiled_shape.n() + tile - 1) / tile, tiled_shape.k());
  }
  // The swizzle width: as wide as N allows without too many idle blocks.
  TESSEL_HOST_DEVICE static constexpr int get_log_tile(GemmCoord tiled_shape) {
    int n = tiled_shape.n();
    if (N >= 8 && n >= 6) return 3;
    if (N >= 4 && n >= 3) return 2;
    if (N >= 2 && n >= 2) return 1;
    return 0;
  }
  // The tile of block b.
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tile_offset(int log_tile, Dim3 b) {
    return {int(b.x >> log_tile), int((b.y << log_tile) + (b.x & ((1u << log_tile) - 1u))), int(b.z)};
  }
  // The tile of block b, in groups of N (identity when the tile grid is narrower than N).
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tile_offset(GemmCoord tiled_shape, Dim3 b) {
    if (tiled_shape.m() < N || tiled_shape.n() < N) return {int(b.x), int(b.y), int(b.z)};
    return {int(b.x / N), int(b.y * N + b.x % N), int(b.z)};
  }
#if defined(__CUDACC__)
  TESSEL_DEVICE static GemmCoord get_tile_offset(int log_tile) { return get_tile_offset(log_tile, detail::block_idx()); }
  TESSEL_DEVICE static GemmCoord get_tile_offset(GemmCoord tiled_shape) { return get_tile_offset(tiled_shape, detail::block_idx()); }
#endif
};

namespace detail {
// The swizzles without groups of columns (log_tile 0): the tiled shape with k
// slices (or a batch count, modulo KModulo where it is not 0), and the grid
// (m, n, k), or (n, m, k) where Transposed.
template <bool Transposed, int KModulo>
struct UngroupedSwizzle {
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tiled_shape(GemmCoord problem_size, GemmCoord tile_size, int k) {
    return tiles_of(problem_size, tile_size, KModulo != 0 ? k % KModulo : k);
  }
  TESSEL_HOST_DEVICE static constexpr Dim3 get_grid_shape(GemmCoord t) {
    return Transposed ? Dim3(t.n(), t.m(), t.k()) : Dim3(t.m(), t.n(), t.k());
  }
  TESSEL_HOST_DEVICE static constexpr int get_log_tile(GemmCoord) { return 0; }
};
}  // namespace detail

// GemmHorizontalThreadblockSwizzle: block (x, y, z) -> tile (y, x, z), grid (n, m, k).
struct GemmHorizontalThreadblockSwizzle : detail::UngroupedSwizzle<true, 0> {
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tile_offset(int, Dim3 b) { return {int(b.y), int(b.x), int(b.z)}; }
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tile_offset(GemmCoord, Dim3 b) { return get_tile_offset(0, b); }
#if defined(__CUDACC__)
  TESSEL_DEVICE static GemmCoord get_tile_offset(int log_tile) { return get_tile_offset(log_tile, detail::block_idx()); }
  TESSEL_DEVICE static GemmCoord get_tile_offset(GemmCoord tiled_shape) { return get_tile_offset(tiled_shape, detail::block_idx()); }
#endif
};

// GemmBatchedIdentityThreadblockSwizzle: the identity mapping with the batch (count modulo 2^16) in z.
struct GemmBatchedIdentityThreadblockSwizzle : detail::UngroupedSwizzle<false, (1 << 16)> {
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tile_offset(int log_tile, Dim3 b) {
    return GemmIdentityThreadblockSwizzle<1>::get_tile_offset(log_tile, b);
  }
  TESSEL_HOST_DEVICE static constexpr int get_batch_idx(Dim3 b) { return int(b.z); }
#if defined(__CUDACC__)
  TESSEL_DEVICE static GemmCoord get_tile_offset(int log_tile) { return get_tile_offset(log_tile, detail::block_idx()); }
  TESSEL_DEVICE static int get_batch_idx() { return int(blockIdx.z); }
#endif
};

// GemmSplitKIdentityThreadblockSwizzle<N>: the identity swizzle with the K
// partitions in z.
template <int N = 1>
struct GemmSplitKIdentityThreadblockSwizzle : GemmIdentityThreadblockSwizzle<N> {
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tiled_shape(GemmCoord problem_size, GemmCoord tile_size, int partitions) {
    return detail::tiles_of(problem_size, tile_size, partitions);
  }
};

// GemmSplitKHorizontalThreadblockSwizzle: the horizontal swizzle with the K partitions in z.
struct GemmSplitKHorizontalThreadblockSwizzle : GemmHorizontalThreadblockSwizzle {
  TESSEL_HOST_DEVICE static constexpr GemmCoord get_tiled_shape(GemmCoord problem_size, GemmCoord tile_size, int partitions) {
    return detail::tiles_of(problem_size, tile_size, partitions);
  }
};

// ---- the swizzles as layouts -------------------------------------------------------------------------
//
// A block (x, y) of the grid maps to the tile (tm, tn); numbering tiles
// column-major over (m, n) (index tm + tn*m), the mapping is a layout of the
// block coordinates. Blocks whose tile lies outside the tile grid (tn >= n) are
// the launch's idle blocks.

namespace detail {
// Groups of t columns of tiles: ((t, m), ceil(n/t)) : ((m, 1), t*m).
TESSEL_HOST_DEVICE constexpr auto grouped_swizzle_layout(GemmCoord tiled_shape, int t) {
  int m = tiled_shape.m(), nb = (tiled_shape.n() + t - 1) / t;
  return make_layout(make_shape(make_shape(t, m), nb), make_stride(make_stride(m, 1), t * m));
}
}  // namespace detail

// The identity swizzle with 2^log_tile: ((2^L, m), ceil(n/2^L)) : ((m, 1), 2^L*m),
// with x = lo + 2^L*hi split into (lo, hi). Its shape is get_grid_shape's (x, y).
TESSEL_HOST_DEVICE constexpr auto identity_swizzle_layout(GemmCoord tiled_shape, int log_tile) {
  return detail::grouped_swizzle_layout(tiled_shape, 1 << log_tile);
}
// The tiled_shape overload of GemmIdentityThreadblockSwizzle<N>::get_tile_offset:
// groups of N columns (N itself, not 2^log_tile), or the identity
// ((1, m), n) : ((m, 1), m) when m < N or n < N. Its shape is the grid that
// overload covers, (t*m, ceil(n/t)) with t = N or 1; that is get_grid_shape's
// only when t == 2^get_log_tile (otherwise a get_grid_shape launch misses tiles).
TESSEL_HOST_DEVICE constexpr auto tiled_shape_swizzle_layout(GemmCoord tiled_shape, int N) {
  bool const identity = tiled_shape.m() < N || tiled_shape.n() < N;
  return detail::grouped_swizzle_layout(tiled_shape, identity ? 1 : N);
}
// The horizontal swizzle: (n, m) : (m, 1).
TESSEL_HOST_DEVICE constexpr auto horizontal_swizzle_layout(GemmCoord tiled_shape) {
  return make_layout(make_shape(tiled_shape.n(), tiled_shape.m()), make_stride(tiled_shape.m(), 1));
}

}  // namespace tessel
