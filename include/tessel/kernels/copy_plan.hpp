// tessel/kernels/copy_plan.hpp: the plan of a layout-to-layout copy, derived
// from the algebra (host code; the kernels are in copy_kernels.cuh and
// copy_bytes.cuh, launched by copy.cuh).
//
// Both layouts are functions of the same coordinates. The plan
//  1. flattens both and coalesces them jointly (merges the neighbouring modes
//     that are mergeable in both), dropping size-1 modes;
//  2. widens the element along the mode contiguous in both (the common vector
//     of max_common_vector) to at most 16 bytes, as alignment allows;
//  3. picks a kernel:
//     - `vector` when the destination's contiguous run is also the source's
//       and is long (each thread moves 16-byte vectors, several in flight);
//     - `tile` when they differ: items (the common run, or one element) are
//       tiled by (I, J), where I walks the modes contiguous in the destination
//       (a chain of strides 1, s0, s0*s1, ...) and J those contiguous in the
//       source. A tile is read along J and written along I, both coalesced,
//       through shared memory laid out with a skew (the element at (i, e) of a
//       row of R elements sits at i*R + (e + i*L) mod R) so that rows and
//       columns are both free of bank conflicts;
//     - `generic` when the destination has no contiguous mode.
#pragma once

#include <cstdint>
#include <string>

#include "../engine/engine.hpp"

namespace TESSEL_NAMESPACE::kernels {

inline constexpr int kMaxCopyRank = 8;

struct CopyPlan {
  enum class Kind { vector, tile, generic } kind = Kind::generic;
  int rank = 0;                             // modes after joint coalescing
  long long shape[kMaxCopyRank] = {};
  long long src_stride[kMaxCopyRank] = {};  // in (widened) elements
  long long dst_stride[kMaxCopyRank] = {};
  int elem_bytes = 0;                       // the element the kernel moves (widened)
  int orig_elem_bytes = 0;
  // tile: modes [0, nA) form I (contiguous in dst), [nA, nA+nB) form J
  // (contiguous in src), the rest follow; items are L elements.
  int nA = 0, nB = 0;
  long long L = 1;
  long long TI = 0, TJ = 0;                 // tile size in items
  // tile, 1-byte items of one element: moved as 4-byte words (copy_transpose_bytes,
  // 128 x TJ tiles, TJ a multiple of 4 from 4 to 120), where every column (J item and rest) starts 4-byte aligned in dst.
  bool packed = false;
  // packed, J over 120 bytes: whole rows of up to 248 bytes (copy_transpose_rows, a warp
  // per row, 128 x TJ tiles, TJ a multiple of 4 from 4 to 248, rows loaded by cp.async)
  // instead of J tiles of at most 120 (random 4 of the bench: rows of 201 bytes in one
  // tile, not 104 + 97). Without cp.async (async_copy off, or before sm_80) the launch
  // falls back to J tiles of at most 120 bytes.
  // dst8: every column starts 8-byte aligned, so that kernel stores 8 bytes per lane.
  bool packed_rows = false, dst8 = false;
  // packed_rows: the order of copy_transpose_rows's tile start. 1: the rows' offsets, then their loads
  // (cp.async), then the columns' destination addresses, computed while the loads are in flight; 2: the
  // rows' offsets and the columns' addresses, then the loads (before session 19); 0: by the card
  // (rows_order_for). used_rows_order: launch's choice.
  int rows_order = 0, used_rows_order = 0;
  // packed_rows: copy_transpose_rows's tiles. 128: 128 rows of whole rows (up to 248 bytes); 256: 256 rows of
  // at most 120 bytes (rows longer than 120 split into J tiles as packed_tile_width(NJ, 120); loads-first
  // order whatever rows_order says), so that a warp stores 256 contiguous bytes of a column instead of 128;
  // 0: by the card (rows_tile_for). used_rows_tile: launch's choice (the launched tiles are then
  // used_rows_tile x packed_tile_width(NJ, 120) for 256, the plan's TI x TJ for 128).
  int rows_tile = 0, used_rows_tile = 0;
  // tile: the order of tiles. I tiles first (false) or J tiles first (true:
  // the packed 1-byte kernel, and plain transposes whose rows do not start on
  // a 32-byte sector; measured faster there on the H100, bench/RESULTS.md).
  bool j_first = false;
  long long total = 0;                      // elements (widened) to move
  // tile, plain transpose: true moves it through the TMA (copy_tma.cuh) where
  // tma_plan_ok allows and the device is a Hopper. false by default: copy.cuh's
  // tile kernel with one block per tile measured faster on the H100 (session 7,
  // bench/RESULTS.md). used_tma: launch's choice.
  bool use_tma = false, used_tma = false;
  // tile, items of several elements of 4, 8 or 16 bytes: loaded with cp.async
  // on sm_80+ (copy_tile_async; measured faster, bench/RESULTS.md); false keeps copy_tile.
  // Packed whole rows: copy_transpose_rows (cp.async) where true.
  bool async_copy = true, used_async = false;  // used_async: launch's choice
  // tile, items through cp.async (copy_tile_async): each warp's 32 elements of a row (load)
  // and of a column (store) start on a 128-byte line of global memory, so that every
  // instruction touches whole lines (random 1 of the bench: rows and columns of 88-byte
  // items start anywhere in a line; bench/RESULTS.md, session 12). false: windows from
  // each row's and column's first element (before session 12).
  bool line_windows = true;
  // tile, items through cp.async (copy_tile_async) with one block per tile: the tile buffers each
  // block reserves. 1: one (the block fills only one; half the shared memory, so more blocks per SM:
  // for random 1's 22.5 KB tiles 5, by registers, instead of 4, by shared memory); 2: two; 0: by the
  // card, one where its peak DRAM bandwidth per SM is at least kOneTileBufferFromGBpsPerSM
  // (tile_buffers_for). A block that loops over tiles (a capped grid) always has two.
  // used_buffers: launch's choice (0: not copy_tile_async).
  int tile_buffers = 0, used_buffers = 0;
  // tile: the grid, at most waves * 8 blocks per SM, each looping over tiles
  // (the kernels then pipeline a block's tiles); 0: one block per tile, which
  // plan_copy chooses (measured faster for every tile kernel, bench/RESULTS.md).
  int waves = 0;
  long long grid = 0;
  int block = 0;
  long long max_grid = 0;                   // > 0: at most this many blocks (tests: many tiles per block)
  std::string error;                        // non-empty: the copy cannot be planned

  std::string describe() const;
};

namespace detail {
inline long long gcd(long long a, long long b) { while (b) { long long t = a % b; a = b; b = t; } return a; }
inline long long cdiv(long long a, long long b) { return (a + b - 1) / b; }
}  // namespace detail

// The packed byte kernels' tile width for a J extent of NJ bytes: equal tiles of at most
// max bytes (120: copy_transpose_bytes, 248: copy_transpose_rows), multiples of 4
// (rows of 201 bytes: 104 + 97 under 120, one tile of 204 under 248).
inline long long packed_tile_width(long long NJ, long long max) {
  long long const tiles = detail::cdiv(NJ, max);
  return 4 * detail::cdiv(NJ, 4 * tiles);
}

// Plan a copy of elements of elem_bytes bytes from layout src to layout dst
// (engine values), the pointers aligned to align_src / align_dst bytes.
inline CopyPlan plan_copy(engine::Layout const& src, engine::Layout const& dst, int elem_bytes, int align_src, int align_dst) {
  CopyPlan p;
  p.orig_elem_bytes = elem_bytes;
  if (src.nleaf != dst.nleaf) { p.error = "copy: the layouts have different flat ranks"; return p; }
  // 1. joint coalesce
  long long sh[engine::kMaxLeaves], ss[engine::kMaxLeaves], ds[engine::kMaxLeaves];
  int n = 0;
  for (int k = 0; k < src.nleaf; ++k) {
    if (src.shape[k].v != dst.shape[k].v) { p.error = "copy: the layouts have different shapes"; return p; }
    long long s = src.shape[k].v;
    if (s <= 0) { p.error = "copy: a shape is not positive"; return p; }
    if (s == 1) continue;
    if (n > 0 && ss[n - 1] * sh[n - 1] == src.stride[k].v && ds[n - 1] * sh[n - 1] == dst.stride[k].v) {
      sh[n - 1] *= s;
      continue;
    }
    sh[n] = s; ss[n] = src.stride[k].v; ds[n] = dst.stride[k].v; ++n;
  }
  if (n == 0) { sh[0] = 1; ss[0] = 1; ds[0] = 1; n = 1; }
  // 2. widen the element along the common contiguous mode
  int common = -1;
  for (int k = 0; k < n; ++k)
    if (ss[k] == 1 && ds[k] == 1) common = k;
  long long w = 1;
  if (common >= 0) {
    while (w * 2 * elem_bytes <= 16 && sh[common] % (w * 2) == 0 && w * 2 * elem_bytes <= align_src &&
           w * 2 * elem_bytes <= align_dst) {
      bool ok = true;
      for (int k = 0; k < n; ++k)
        if (k != common && (ss[k] % (w * 2) != 0 || ds[k] % (w * 2) != 0)) ok = false;
      if (!ok) break;
      w *= 2;
    }
    if (w > 1) {
      sh[common] /= w;
      for (int k = 0; k < n; ++k) if (k != common) { ss[k] /= w; ds[k] /= w; }
    }
  }
  p.elem_bytes = int(elem_bytes * w);
  if (n > kMaxCopyRank) { p.error = "copy: more than 8 modes remain after coalescing"; return p; }
  p.total = 1;
  for (int k = 0; k < n; ++k) p.total *= sh[k];

  auto emit = [&](int const* order, int count) {
    p.rank = count;
    for (int k = 0; k < count; ++k) {
      p.shape[k] = sh[order[k]];
      p.src_stride[k] = ss[order[k]];
      p.dst_stride[k] = ds[order[k]];
    }
  };
  // The elementwise (vector) plan: mode `first` innermost, the others in order.
  auto vector_plan = [&](int first) {
    int order[engine::kMaxLeaves], m = 0;
    order[m++] = first;
    for (int k = 0; k < n; ++k) if (k != first) order[m++] = k;
    emit(order, m);
    p.kind = CopyPlan::Kind::vector;
    return p;
  };
  // The chain of modes contiguous in one layout, starting where its stride is `start`.
  auto chain = [&](long long const* st, long long start, int* out, bool const* taken) {
    int m = 0;
    long long want = start;
    for (bool more = true; more;) {
      more = false;
      for (int k = 0; k < n; ++k)
        if (!taken[k] && st[k] == want && sh[k] > 1) {
          bool dup = false;
          for (int q = 0; q < m; ++q) dup = dup || out[q] == k;
          if (dup) continue;
          out[m++] = k;
          want *= sh[k];
          more = true;
          break;
        }
    }
    return m;
  };

  // 3. the kernel
  long long L = 1;
  bool taken[engine::kMaxLeaves] = {};
  int a = -1;
  for (int k = 0; k < n; ++k) if (ds[k] == 1 && a < 0) a = k;
  if (a < 0) {  // generic: no contiguous destination mode
    int order[engine::kMaxLeaves];
    for (int k = 0; k < n; ++k) order[k] = k;
    emit(order, n);
    p.kind = CopyPlan::Kind::generic;
    return p;
  }
  if (common >= 0 && sh[common] * p.elem_bytes >= 128) return vector_plan(common);  // a long common run: vector
  if (common >= 0) {  // a short common run becomes the item
    L = sh[common];
    taken[common] = true;
  }
  // Each chain starts at its own contiguous mode and may not take the other's start.
  int A[engine::kMaxLeaves], B[engine::kMaxLeaves];
  int sa = -1, sb = -1;
  for (int k = 0; k < n; ++k) {
    if (!taken[k] && ds[k] == L && sh[k] > 1 && sa < 0) sa = k;
    if (!taken[k] && ss[k] == L && sh[k] > 1 && sb < 0) sb = k;
  }
  int nA = 0, nB = 0;
  if (sa >= 0 && sb >= 0 && sa != sb) {
    bool ta[engine::kMaxLeaves], tb[engine::kMaxLeaves];
    for (int k = 0; k < n; ++k) { ta[k] = taken[k] || k == sb; tb[k] = taken[k] || k == sa; }
    nA = chain(ds, L, A, ta);
    nB = chain(ss, L, B, tb);
  }
  // Make the chains disjoint: cut one at the first mode the other has,
  // keeping the cut with the better tile utilisation.
  auto cut = [&](int const* X, int nX, int const* Y, int nY) {
    for (int q = 0; q < nX; ++q)
      for (int r = 0; r < nY; ++r)
        if (X[q] == Y[r]) return q;
    return nX;
  };
  auto size_of = [&](int const* X, int m) { long long s = 1; for (int q = 0; q < m; ++q) s *= sh[X[q]]; return s; };
  int cA = cut(A, nA, B, nB);  // A shortened
  int cB = cut(B, nB, A, nA);  // B shortened
  // Tile utilisation of extents NI x NJ by TI x TJ tiles (the best of the
  // fixed tiles for a plain transpose), slightly preferring bigger tiles.
  long long eb = p.elem_bytes;
  auto best_tile = [&](long long NI, long long NJ, long long& TI, long long& TJ) {
    static constexpr long long cand[][2] = {{32, 32}, {32, 64}, {64, 32}, {64, 64}, {128, 32}, {64, 128}};
    double best = -1;
    for (auto const& c : cand) {
      long long ti = c[0], tj = c[1];
      if (ti * tj * eb > 32768 || (tj == 128 && eb != 1)) continue;
      double u = double(NI) / double(detail::cdiv(NI, ti) * ti) * double(NJ) / double(detail::cdiv(NJ, tj) * tj);
      u *= 1.0 + 0.01 * double(ti * tj) / 1024.0;
      if (u > best) { best = u; TI = ti; TJ = tj; }
    }
    return best;
  };
  if (cA < nA || cB < nB) {
    long long t1, t2;
    double keepA = best_tile(size_of(A, nA), size_of(B, cB), t1, t2);
    double keepB = best_tile(size_of(A, cA), size_of(B, nB), t1, t2);
    if (keepA >= keepB) nB = cB; else nA = cA;
  }
  if (nA == 0 || nB == 0) return vector_plan(a);  // nothing to transpose: the plain elementwise kernel
  int order[engine::kMaxLeaves], m = 0;
  bool used[engine::kMaxLeaves] = {};
  for (int q = 0; q < nA; ++q) { order[m++] = A[q]; used[A[q]] = true; }
  for (int q = 0; q < nB; ++q) { order[m++] = B[q]; used[B[q]] = true; }
  if (common >= 0) used[common] = true;
  for (int k = 0; k < n; ++k) if (!used[k]) order[m++] = k;
  emit(order, m);
  if (common >= 0) {  // the item mode goes last in the arrays; its strides are 1
    p.shape[m] = L; p.src_stride[m] = 1; p.dst_stride[m] = 1;
  }
  p.nA = nA;
  p.nB = nB;
  p.L = L;
  p.kind = CopyPlan::Kind::tile;
  // Tile sizes (at most 32 KiB of shared memory) and order.
  if (L == 1) {  // a plain transpose: fixed tiles, fully unrolled in the kernel
    best_tile(size_of(A, nA), size_of(B, nB), p.TI, p.TJ);
    // Rows (I items) that start inside a 32-byte sector share sectors with their
    // neighbours in the next J tile: J tiles first, so that those come from L2
    // (random 2 of the bench: 2% faster; rows aligned, as random 0: 2% slower).
    for (int k = 0; k < nA; ++k) p.j_first = p.j_first || (p.src_stride[k] * eb) % 32 != 0;
    if (p.elem_bytes == 1 && align_dst >= 4) {
      bool aligned = true;
      for (int k = nA; k < p.rank; ++k) aligned = aligned && p.dst_stride[k] % 4 == 0;
      if (aligned) {  // J first: 7% faster there (RESULTS.md); J in equal tiles, multiples of 4
        long long const NJ = size_of(B, nB);
        p.packed = true, p.TI = 128, p.j_first = true;
        p.packed_rows = NJ > 120;  // rows longer than a half warp's 16 pairs take: a warp per row
        p.TJ = packed_tile_width(NJ, p.packed_rows ? 248 : 120);
        bool a8 = align_dst >= 8;
        for (int k = nA; k < p.rank; ++k) a8 = a8 && p.dst_stride[k] % 8 == 0;
        p.dst8 = a8;
      }
    }
    return p;
  }
  // Items: about 2.5 KiB along I (the destination's contiguous runs) and 640
  // bytes along J, multiples of 8 items, at most 32 KiB in all (items of 88
  // bytes: 32 x 8, measured as fast as or faster than 16 x 16, 8 x 32 and 64 x 4
  // in every run, RESULTS.md).
  long long const ib = L * eb, NJ = size_of(B, nB), NI = size_of(A, nA);
  long long TI = 8 * detail::cdiv(detail::cdiv(2560, ib), 8), TJ = 8 * detail::cdiv(detail::cdiv(640, ib), 8);
  while (TI * TJ * ib > 32768 && (TI > 1 || TJ > 1)) (TJ >= TI ? TJ : TI) /= 2;
  if (TJ > NJ) TJ = NJ;
  if (TI > NI) TI = NI;
  p.TI = TI;
  p.TJ = TJ;
  return p;
}

// CopyPlan::tile_buffers = 0: copy_tile_async's blocks of one tile reserve one tile buffer on a card
// with at least this peak DRAM bandwidth per SM. Measured on the H200 (4.8 TB/s, 36.4 GB/s per SM;
// bench/RESULTS.md, "Copy bench: one tile buffer on the H200 (session 14, helper copy)"): random 1 of
// copy_bench (items of 11 x 8 B, 22.5 KB tiles) 3.55-3.59 TB/s with one buffer against 3.45-3.49 with
// two in the same processes, 91.2-91.9% of D2D against 88.5-88.6% for the code before (two buffers:
// 4 blocks per SM by shared memory; one: 5, by registers). Session 10 had measured one buffer 1.7%
// slower there, before the line-aligned windows. The H100 (3.35 TB/s, 25.4 GB/s per SM) keeps two
// buffers, the code its figures (91.8-92.3% of D2D, session 11) were measured on, until one buffer is
// measured there (copy_bench times the other count beside the plan).
inline constexpr double kOneTileBufferFromGBpsPerSM = 30.0;
inline int tile_buffers_for(int asked, double dram_gbps_per_sm) {
  if (asked == 1 || asked == 2) return asked;
  return dram_gbps_per_sm >= kOneTileBufferFromGBpsPerSM ? 1 : 2;
}

// CopyPlan::rows_order = 0: copy_transpose_rows issues a tile's loads before it computes the columns'
// addresses (1) on a card with at least this peak DRAM bandwidth per SM. Measured on the H200 (36.4 GB/s
// per SM; bench/RESULTS.md, "Session 19, copy (helper copy)"): random 4 of copy_bench 3.359 / 3.409 /
// 3.373 TB/s against 3.338 / 3.387 / 3.350 for the order before in the same processes (+0.6 to +0.7%).
// The H100 (25.4 GB/s per SM) keeps the order its figures were measured with (2) until the other is
// measured there (copy_bench times it beside the plan).
inline constexpr double kRowsLoadsFirstFromGBpsPerSM = 30.0;
inline int rows_order_for(int asked, double dram_gbps_per_sm) {
  if (asked == 1 || asked == 2) return asked;
  return dram_gbps_per_sm >= kRowsLoadsFirstFromGBpsPerSM ? 1 : 2;
}

// CopyPlan::rows_tile = 0: tiles of 256 rows of at most 120 bytes (256) on a card with at least this peak
// DRAM bandwidth per SM, else 128 rows of whole rows (128). Measured on the H200 (36.4 GB/s per SM;
// bench/RESULTS.md, "Session 20, copy (helper copy)"): random 4 of copy_bench (rows of 201 bytes) +1.0 to
// +3.0% over 128 rows in the same processes, 8 of 9, equal in one. The H100 (25.4 GB/s per SM) keeps 128
// rows until 256 is measured there (copy_bench times the other beside the plan).
inline constexpr double kRowsTile256FromGBpsPerSM = 30.0;
inline int rows_tile_for(int asked, double dram_gbps_per_sm) {
  if (asked == 128 || asked == 256) return asked;
  return dram_gbps_per_sm >= kRowsTile256FromGBpsPerSM ? 256 : 128;
}

// Why the kernels cannot run plan p as it is ("" if they can): its planning
// error, more than 2^31 elements, or a packed tile width outside what
// copy_transpose_bytes handles (a multiple of 4 from 4 to 120; copy_transpose_rows:
// from 4 to 248). cuda::launch
// throws it as a named error.
inline std::string launch_error(CopyPlan const& p) {
  if (!p.error.empty()) return p.error;
  if (p.total >= (1ll << 31)) return "cuda::copy: more than 2^31 elements";
  if (p.tile_buffers < 0 || p.tile_buffers > 2) return "cuda::copy: CopyPlan::tile_buffers must be 0 (by the card), 1 or 2";
  if (p.rows_order < 0 || p.rows_order > 2) return "cuda::copy: CopyPlan::rows_order must be 0 (by the card), 1 or 2";
  if (p.rows_tile != 0 && p.rows_tile != 128 && p.rows_tile != 256) return "cuda::copy: CopyPlan::rows_tile must be 0 (by the card), 128 or 256";
  if (p.packed && !p.packed_rows && (p.TJ < 4 || p.TJ > 120 || p.TJ % 4 != 0)) return "cuda::copy: a packed plan's TJ must be a multiple of 4 from 4 to 120";
  if (p.packed && p.packed_rows && (p.TJ < 4 || p.TJ > 248 || p.TJ % 4 != 0)) return "cuda::copy: a packed plan of whole rows needs TJ a multiple of 4 from 4 to 248";
  return "";
}

inline std::string CopyPlan::describe() const {
  if (!error.empty()) return error;
  auto list = [&](long long const* v) {
    std::string s = "(";
    for (int k = 0; k < rank; ++k) s += (k ? "," : "") + std::to_string(v[k]);
    return s + ")";
  };
  std::string s = kind == Kind::vector ? "vector" : kind == Kind::tile ? "tile" : "generic";
  s += ": element " + std::to_string(elem_bytes) + " B";
  if (elem_bytes != orig_elem_bytes)
    s += " (" + std::to_string(elem_bytes / orig_elem_bytes) + " x " + std::to_string(orig_elem_bytes) + " B, common vector)";
  s += "; modes " + list(shape) + " src strides " + list(src_stride) + " dst strides " + list(dst_stride);
  if (kind == Kind::tile) {
    s += "; I = modes [0," + std::to_string(nA) + ") (dst-contiguous), J = modes [" + std::to_string(nA) + "," +
         std::to_string(nA + nB) + ") (src-contiguous), items of " + std::to_string(L) + " element(s); tile " +
         std::to_string(TI) + "x" + std::to_string(TJ) + " items, " +
         (packed ? (packed_rows ? std::string("moved as 4-byte words (4x4 byte transposes), a warp per row") +
                                      (dst8 ? ", 8-byte stores" : "") +
                                      (used_rows_order == 1 ? ", loads before the column addresses" : "") +
                                      (used_rows_tile == 256 ? ", launched as tiles of 256 rows x at most 120 bytes" : "")
                                : std::string("moved as 4-byte words (4x4 byte transposes)"))
                 : std::string("skewed in shared memory")) +
         (used_async ? (packed ? ", loaded with cp.async"
                               : std::string(used_buffers == 1 ? ", loaded with cp.async (one tile buffer)"
                                                               : ", loaded with cp.async (two tile buffers)") +
                                     (line_windows ? ", line-aligned windows" : ""))
                     : "") +
         (j_first ? ", J tiles first" : "");
  }
  if (used_tma) s += "; through the TMA (128-byte swizzled boxes, copy_tma.cuh)";
  s += "; grid " + std::to_string(grid) + " x " + std::to_string(block);
  return s;
}

}  // namespace tessel::kernels
