// tessel/kernels/scheduler.cuh: which output tile a CTA computes, for the GEMM
// kernels (gemm_sm80.cuh: one CTA per raster position; gemm_sm90: persistent
// CTAs walking the positions first, first + step, ...):
//   - RasterLayout: the seed 002 threadblock swizzle as a layout
//     (identity_swizzle_layout of threadblock.hpp),
//     ((2^L, tiles_m), ceil(tiles_n / 2^L)) : ((tiles_m, 1), 2^L * tiles_m),
//     from a raster position to the column-major tile index tm + tn * tiles_m;
//   - choose_log_swizzle: its width, groups of 8 columns of tiles
//     (GemmIdentityThreadblockSwizzle<8>'s choice);
//   - LayoutTileScheduler: any tile-index layout (the raster, the identity,
//     batch coordinates, longest first) with the tile counts, built (and
//     checked) on the host, evaluated on the device: tile(position),
//     valid(tile), and the persistent walk of a CTA (walk(first, step));
//     TileScheduler is the GEMMs' (the raster).
// Host and device code; needs no CUDA header.
#pragma once

#include "threadblock.hpp"

namespace TESSEL_NAMESPACE::kernels {

using RasterLayout = decltype(identity_swizzle_layout(GemmCoord(1, 1, 1), 0));

// The swizzle width for L2: groups of 8 columns of tiles (GemmIdentityThreadblockSwizzle<8>'s choice).
inline int choose_log_swizzle(int tiles_m, int tiles_n) {
  return GemmIdentityThreadblockSwizzle<8>::get_log_tile(GemmCoord(tiles_m, tiles_n, 1));
}

// An output tile: row block m, column block n, batch (or head) l.
struct TileCoord {
  int m = 0, n = 0, l = 0;
};

// The raster positions one persistent CTA takes: first, first + step, ... < end.
struct TileWalk {
  int pos, step, end;
  TESSEL_HOST_DEVICE bool done() const { return pos >= end; }
  TESSEL_HOST_DEVICE void next() { pos += step; }
};

// tiles_m x tiles_n x batches output tiles visited in the order of a tile-index
// layout: position pos is the tile of index base + layout(pos), tiles numbered
// column-major, m + tiles_m * (n + tiles_n * l). Any layout of positions to
// indices serves: the seed's threadblock swizzle (RasterLayout), the identity,
// batch (head) coordinates in any order, a reversed order (negative strides
// from a base: longest first). An index outside [0, tiles) is not a tile
// (valid() says no): the raster's partial last group of columns. The layout
// must reach each index in [0, tiles) once (check_tile_scheduler counts).
template <class IndexLayout>
struct LayoutTileScheduler {
  IndexLayout layout;
  long long base = 0;
  int tiles_m = 0, tiles_n = 0, batches = 1;
  int positions = 0;  // size(layout)

  TESSEL_HOST_DEVICE TileCoord tile(int pos) const {
    long long const idx = base + (long long)layout(pos);
    int const mn = tiles_m * tiles_n;  // the tiles fit in 31 bits (make_tile_scheduler)
    if (idx < 0 || idx >= (long long)mn * batches) return {-1, -1, -1};
    int const i = int(idx);
    return {i % tiles_m, i % mn / tiles_m, i / mn};
  }
  TESSEL_HOST_DEVICE bool valid(TileCoord t) const { return t.m >= 0; }
  TESSEL_HOST_DEVICE TileWalk walk(int first, int step) const { return {first, step, positions}; }
};

// The GEMMs' scheduler: the raster of the seed's swizzle over one batch.
using TileScheduler = LayoutTileScheduler<RasterLayout>;

// The scheduler of tiles_m x tiles_n x batches tiles in the order of `layout` (from base).
template <class IndexLayout>
LayoutTileScheduler<IndexLayout> make_tile_scheduler(IndexLayout const& layout, int tiles_m, int tiles_n, int batches = 1,
                                                     long long base = 0) {
  if (tiles_m <= 0 || tiles_n <= 0 || batches <= 0) fail("kernels::make_tile_scheduler: no tiles");
  if ((long long)tiles_m * tiles_n * batches > 0x7fffffffll) fail("kernels::make_tile_scheduler: more than 2^31 tiles");
  long long const positions = (long long)size(layout);
  if (positions > 0x7fffffffll) fail("kernels::make_tile_scheduler: more than 2^31 positions");
  LayoutTileScheduler<IndexLayout> s;
  s.layout = layout;
  s.base = base;
  s.tiles_m = tiles_m, s.tiles_n = tiles_n, s.batches = batches;
  s.positions = int(positions);
  return s;
}

// The scheduler of tiles_m x tiles_n tiles with the raster of swizzle 2^log_swizzle
// (log_swizzle < 0: choose_log_swizzle).
inline TileScheduler make_tile_scheduler(int tiles_m, int tiles_n, int log_swizzle) {
  if (tiles_m <= 0 || tiles_n <= 0) fail("kernels::make_tile_scheduler: no tiles");
  int const L = log_swizzle >= 0 ? log_swizzle : choose_log_swizzle(tiles_m, tiles_n);
  if (L > 30) fail("kernels::make_tile_scheduler: a swizzle wider than 2^30 columns of tiles");
  return make_tile_scheduler(identity_swizzle_layout(GemmCoord(tiles_m, tiles_n, 1), L), tiles_m, tiles_n);
}

// Longest first, for triangular work where row block m costs m + 1 units (causal
// attention, a triangular product): the row blocks from the last down, each with
// all its (n, batch) tiles: ((tiles_n, batches), tiles_m) : ((tiles_m, tiles_m * tiles_n), -1)
// from base tiles_m - 1. Persistent CTAs taking positions in turn then finish together.
inline auto make_longest_first_scheduler(int tiles_m, int tiles_n, int batches = 1) {
  if (tiles_m <= 0 || tiles_n <= 0 || batches <= 0) fail("kernels::make_longest_first_scheduler: no tiles");
  auto const layout = make_layout(make_shape(make_shape(tiles_n, batches), tiles_m),
                                  make_stride(make_stride(tiles_m, tiles_m * tiles_n), -1));
  return make_tile_scheduler(layout, tiles_m, tiles_n, batches, tiles_m - 1);
}

// How many times the scheduler hands out each tile, by tile index (host): a
// valid scheduler gives 1 everywhere. counts has tiles_m * tiles_n * batches
// entries; the result is the number of positions whose tile is not valid.
template <class IndexLayout>
int count_tiles(LayoutTileScheduler<IndexLayout> const& s, int* counts) {
  int invalid = 0;
  for (int pos = 0; pos < s.positions; ++pos) {
    TileCoord const t = s.tile(pos);
    if (!s.valid(t)) {
      ++invalid;
      continue;
    }
    ++counts[t.m + (long long)s.tiles_m * (t.n + (long long)s.tiles_n * t.l)];
  }
  return invalid;
}

}  // namespace tessel::kernels
