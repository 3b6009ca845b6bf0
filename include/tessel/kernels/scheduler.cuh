// tessel/kernels/scheduler.cuh: which output tile a CTA computes, for the GEMM
// kernels (gemm_sm80.cuh: one CTA per raster position; gemm_sm90: persistent
// CTAs walking the positions first, first + step, ...):
//   - RasterLayout: the seed 002 threadblock swizzle as a layout
//     (identity_swizzle_layout of threadblock.hpp),
//     ((2^L, tiles_m), ceil(tiles_n / 2^L)) : ((tiles_m, 1), 2^L * tiles_m),
//     from a raster position to the column-major tile index tm + tn * tiles_m;
//   - choose_log_swizzle: its width, groups of 8 columns of tiles
//     (GemmIdentityThreadblockSwizzle<8>'s choice);
//   - TileScheduler: the raster with the tile counts, built (and checked) on
//     the host, evaluated on the device: tile(position), valid(tile), and the
//     persistent walk of a CTA (walk(first, step)).
// Host and device code; needs no CUDA header.
#pragma once

#include "threadblock.hpp"

namespace TESSEL_NAMESPACE::kernels {

using RasterLayout = decltype(identity_swizzle_layout(GemmCoord(1, 1, 1), 0));

// The swizzle width for L2: groups of 8 columns of tiles (GemmIdentityThreadblockSwizzle<8>'s choice).
inline int choose_log_swizzle(int tiles_m, int tiles_n) {
  return GemmIdentityThreadblockSwizzle<8>::get_log_tile(GemmCoord(tiles_m, tiles_n, 1));
}

// An output tile: row block m, column block n.
struct TileCoord {
  int m = 0, n = 0;
};

// The raster positions one persistent CTA takes: first, first + step, ... < end.
struct TileWalk {
  int pos, step, end;
  TESSEL_HOST_DEVICE bool done() const { return pos >= end; }
  TESSEL_HOST_DEVICE void next() { pos += step; }
};

// tiles_m x tiles_n output tiles visited in the order of a raster layout
// (raster position -> column-major tile index). Positions past the last
// column of tiles (the raster's last group may be partial) are not valid.
struct TileScheduler {
  RasterLayout raster;
  int tiles_m = 0, tiles_n = 0;
  int positions = 0;  // size(raster)

  TESSEL_HOST_DEVICE TileCoord tile(int pos) const {
    int const idx = int(raster(pos));
    return {idx % tiles_m, idx / tiles_m};
  }
  TESSEL_HOST_DEVICE bool valid(TileCoord t) const { return t.n < tiles_n; }
  TESSEL_HOST_DEVICE TileWalk walk(int first, int step) const { return {first, step, positions}; }
};

// The scheduler of tiles_m x tiles_n tiles with the raster of swizzle 2^log_swizzle
// (log_swizzle < 0: choose_log_swizzle).
inline TileScheduler make_tile_scheduler(int tiles_m, int tiles_n, int log_swizzle) {
  if (tiles_m <= 0 || tiles_n <= 0) fail("kernels::make_tile_scheduler: no tiles");
  int const L = log_swizzle >= 0 ? log_swizzle : choose_log_swizzle(tiles_m, tiles_n);
  if (L > 30) fail("kernels::make_tile_scheduler: a swizzle wider than 2^30 columns of tiles");
  TileScheduler s;
  s.raster = identity_swizzle_layout(GemmCoord(tiles_m, tiles_n, 1), L);
  s.tiles_m = tiles_m, s.tiles_n = tiles_n;
  long long const positions = (long long)size(s.raster);
  if (positions > 0x7fffffffll) fail("kernels::make_tile_scheduler: more than 2^31 raster positions");
  s.positions = int(positions);
  return s;
}

}  // namespace tessel::kernels
