// tessel/kernels/gemm_tile.cuh: what a tile-walking GEMM kernel (gemm_sm90_kernel.cuh)
// asks of its problem, per tile: where the tile's operands and output lie.
//
//   GemmTile t = p.problem.tile(p, pos, cluster, rank);   // position pos of the persistent walk
//   TileWalk w = p.problem.walk(p, first, step);
//
// A tile computes C[c_row .. c_row + BM, c_col .. c_col + BN) from A's rows
// a_row .. a_row + BM and B's rows b_row .. b_row + BN (all K); only rows below
// c_row_end (and columns below N) are written. tma_store: the whole tile lies
// within the rows it may write, so the TMA store (clipped only at the matrix's
// own edges) may write it; otherwise the kernel writes it through the
// predicated direct epilogue.
//
// DenseProblem is one GEMM (the GEMM's raster, p.sched; the kernel instantiated
// with the stream-K tail walks p.sk.walk(...) instead: its last pieces parts of
// tiles along K); a grouped GEMM is
// another problem (GroupedProblem, gemm_sm90_grouped.cuh). Host and device code.
#pragma once

#include "scheduler.cuh"

namespace TESSEL_NAMESPACE::kernels {

struct GemmTile {
  int a_row = 0, b_row = 0;             // first rows of the A and B tiles (elements)
  int c_row = 0, c_col = 0;             // the C tile's origin
  int c_row_end = 0;                    // rows from here on are not this tile's to write
  bool valid = false, tma_store = true;
  // Clusters of 2: this CTA loads all of its B tile itself (no multicast), where the pair's two
  // tiles have different B tiles (a grouped GEMM's lone last m-tile, split along N). Both CTAs of
  // the pair must agree on it (the stage's bytes are the same either way).
  bool b_own = false;
};

// One M x N GEMM: tiles from the parameters' raster (p.sched, in units of the
// cluster's M tiles), rows bounded by p.m (the TMA store clips at the matrix's edge).
struct DenseProblem {
  template <class P>
  TESSEL_HOST_DEVICE TileWalk walk(P const& p, int first, int step) const { return p.sched.walk(first, step); }
  template <class P>
  TESSEL_HOST_DEVICE GemmTile tile(P const& p, int pos, int cluster, int rank) const {
    using Cfg = typename P::Config;
    GemmTile t;
    TileCoord const tc = p.sched.tile(pos);
    if (!p.sched.valid(tc)) return t;  // a raster position past the last column of tiles
    int const tm = tc.m * cluster + rank;  // past the last M tile (odd tiles in a cluster): computed on zeros, not stored
    t.valid = true;
    t.a_row = t.c_row = tm * Cfg::BM::value;
    t.b_row = t.c_col = tc.n * Cfg::BN::value;
    t.c_row_end = p.m;
    return t;
  }
};

}  // namespace TESSEL_NAMESPACE::kernels
