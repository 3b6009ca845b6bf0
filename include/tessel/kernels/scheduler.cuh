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
//     TileScheduler is the GEMMs' (the raster);
//   - RasterScheduler: the persistent GEMMs' raster, its last partial group of
//     columns walked as a narrower group (no positions that are no tiles);
//     raster_most_tiles: the busiest persistent CTA's tiles on it;
//   - StreamKTail: the last partial wave of a persistent walk split along K
//     among all its CTAs (stream-K), partial sums reduced in fp32;
//   - GroupedTileScheduler: the tiles of a grouped (MoE) GEMM, groups of
//     different row counts sharing N, walked on the device from a table of
//     m-tiles that a pre-pass builds from the groups' sizes (GroupRows:
//     contiguous offsets or masked counts, in device memory), so that the
//     host never reads the sizes (see the section below).
// Host and device code; needs no CUDA header.
#pragma once

#include <algorithm>
#include <vector>

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

// The raster positions one persistent CTA takes: first, first + step, ... < end,
// each a whole tile: its k-tiles [k_begin(), k_end(k_all)) are all k_all of them
// (the interface of StreamKWalk, whose last pieces are parts of tiles).
struct TileWalk {
  int pos, step, end;
  TESSEL_HOST_DEVICE bool done() const { return pos >= end; }
  TESSEL_HOST_DEVICE void next() { pos += step; }
  TESSEL_HOST_DEVICE static constexpr bool split() { return false; }
  TESSEL_HOST_DEVICE int position() const { return pos; }
  TESSEL_HOST_DEVICE static constexpr int k_begin() { return 0; }
  TESSEL_HOST_DEVICE static constexpr int k_end(int k_all) { return k_all; }
};

// A TileWalk followed by a stream-K share (StreamKTail::walk): the whole tiles
// pos, pos + step, ... < end, then the k-iterations [u, u_end) of the tiles
// from position end on, iteration u being k-tile u % k_tiles of position
// end + u / k_tiles, in pieces of one tile each (position(), k_begin(), k_end()).
struct StreamKWalk {
  int pos, step, end;
  int u = 0, u_end = 0, k_tiles = 1;
  TESSEL_HOST_DEVICE bool done() const { return pos >= end && u >= u_end; }
  TESSEL_HOST_DEVICE bool split() const { return pos >= end; }  // in the stream-K share
  TESSEL_HOST_DEVICE int position() const { return split() ? end + u / k_tiles : pos; }
  TESSEL_HOST_DEVICE int k_begin() const { return split() ? u % k_tiles : 0; }
  TESSEL_HOST_DEVICE int k_end(int k_all) const {
    if (!split()) return k_all;
    int const e = u % k_tiles + (u_end - u);
    return e < k_tiles ? e : k_tiles;
  }
  TESSEL_HOST_DEVICE void next() {
    if (pos < end) pos += step;
    else u += k_end(k_tiles) - k_begin();
  }
};

// A stream-K tail (issue 25: wave quantization): the raster's positions from
// `begin` on (the last, partial wave of `tiles` tiles) are split along K among
// all `workers` persistent CTAs (clusters) instead of being computed whole by
// a few: the tail's tiles x k_tiles k-iterations, in order, are cut into
// `workers` contiguous ranges, worker c taking [first(c), first(c + 1)). A
// tile's piece that starts at its k-tile 0 is its head: the worker holding it
// (owner(t k_tiles)) adds the fp32 partial sums of the tile's later pieces
// (contributors: each the first piece of a later worker, one partial per
// CTA at most) in worker order and stores the tile; the other pieces store
// their sums to the workspace (partials: a BM x BN fp32 tile per CTA; flags: one
// int per CTA, 1 while its partial waits, reset to 0 by the reader). Needs
// tiles * k_tiles >= workers (no empty range) and every worker resident
// (the persistent grid).
struct StreamKTail {
  int begin = 0;    // the tail's first position (positions before it: whole tiles, first, first + step, ...)
  int tiles = 0;    // positions in the tail (0: no tail)
  int workers = 1;  // persistent CTAs (clusters) sharing it
  int k_tiles = 1;
  float* partials = nullptr;
  int* flags = nullptr;
  TESSEL_HOST_DEVICE long long iters() const { return (long long)tiles * k_tiles; }
  // Worker c's first k-iteration of the tail (first(workers) = iters()).
  TESSEL_HOST_DEVICE int first(int c) const { return int(iters() * c / workers); }
  // The worker whose range holds k-iteration it: the last c with first(c) <= it.
  TESSEL_HOST_DEVICE int owner(long long it) const { return int(((it + 1) * workers + iters() - 1) / iters()) - 1; }
  // Worker c's walk: the whole tiles of `whole` (first, first + step, ... < begin), then its range.
  TESSEL_HOST_DEVICE StreamKWalk walk(TileWalk whole, int c) const {
    StreamKWalk w{whole.pos, whole.step, whole.end};
    if (tiles > 0) w.end = begin, w.u = first(c), w.u_end = first(c + 1), w.k_tiles = k_tiles;
    return w;
  }
  // The workers [lo, hi) holding the later pieces of tail tile t (position begin + t), whose partials its head adds.
  TESSEL_HOST_DEVICE void contributors(int t, int& lo, int& hi) const {
    lo = owner((long long)t * k_tiles) + 1;
    hi = owner((long long)t * k_tiles + k_tiles - 1) + 1;
  }
};

// A stream-K tail's flags (StreamKTail::flags), device side: a later piece sets its flag to 1 once its partials are
// stored (after the storing threads' named barrier: fence.acq_rel.gpu, then a relaxed store); the head's thread
// reads it with ld.acquire.gpu (and resets it to 0 for the next launch).
TESSEL_DEVICE void stream_k_flag_set(int* f) { asm volatile("fence.acq_rel.gpu;\n\tst.relaxed.gpu.global.s32 [%0], 1;" ::"l"(f) : "memory"); }
TESSEL_DEVICE int stream_k_flag_get(int const* f) {
  int v;
  asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(v) : "l"(f) : "memory");
  return v;
}

// Checks a tail on the host: every k-iteration of every tail tile taken once, in
// pieces of one tile, each piece's head and contributors as contributors() says.
// Returns the number of faults (0: good).
inline int check_stream_k_tail(StreamKTail const& sk) {
  if (sk.tiles <= 0) return 0;
  if (sk.iters() < sk.workers) return 1;
  std::vector<int> seen(std::size_t(sk.iters()), 0);
  std::vector<int> partial_of(std::size_t(sk.workers), -1);  // the tile whose later piece worker c stores, or -1
  std::vector<int> head_of(std::size_t(sk.tiles), -1);
  int faults = 0;
  for (int c = 0; c < sk.workers; ++c) {
    bool first_piece = true;
    for (StreamKWalk w = sk.walk(TileWalk{sk.begin, 1, sk.begin}, c); !w.done(); w.next()) {
      int const t = w.position() - sk.begin, kb = w.k_begin(), ke = w.k_end(sk.k_tiles);
      if (t < 0 || t >= sk.tiles || kb >= ke) return faults + 1;
      for (int k = kb; k < ke; ++k) ++seen[std::size_t((long long)t * sk.k_tiles + k)];
      if (kb == 0) head_of[std::size_t(t)] = c;
      else if (first_piece) partial_of[std::size_t(c)] = t;
      else ++faults;  // a later piece that is not the worker's first
      first_piece = false;
    }
  }
  for (int v : seen) faults += v != 1;
  for (int t = 0; t < sk.tiles; ++t) {
    int lo = 0, hi = 0;
    sk.contributors(t, lo, hi);
    faults += head_of[std::size_t(t)] != lo - 1;
    for (int c = 0; c < sk.workers; ++c) faults += (partial_of[std::size_t(c)] == t) != (c >= lo && c < hi);
  }
  return faults;
}

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

// The persistent GEMMs' raster without empty positions (issue 25): where 2^L does not divide tiles_n,
// RasterLayout's last group of columns is partial, and its positions past the last column are no
// tiles; a persistent walk (CTA c taking positions c, c + step, ...) still counts them, so that
// some CTAs get one tile more than others: at 16384 x 11008 x 4096 (64 x 43 cluster tiles, 2^2: 2816
// positions, 2752 tiles) up to 43 tiles against 41.7 on average over 66 clusters. Here the whole
// groups keep RasterLayout's order (`whole`, over the first tiles_n - r columns), and the last r =
// tiles_n mod 2^L columns are a group of their own, walked the same way (`rest`: the raster of
// tiles_m x r tiles with groups of r columns, ((r, tiles_m), 1) : ((tiles_m, 1), r * tiles_m), from
// index (tiles_n - r) * tiles_m): every position a tile (42 tiles at most there).
// make_raster_scheduler(..., false) keeps the padded raster (`whole` over every column, `rest` empty).
struct RasterScheduler {
  LayoutTileScheduler<RasterLayout> whole;  // positions [0, whole.positions)
  LayoutTileScheduler<RasterLayout> rest;   // positions [whole.positions, positions); rest.positions 0: none
  int tiles_m = 0, tiles_n = 0;
  int positions = 0;

  // The part holding pos, then its layout once (the parts' fields selected, not both layouts evaluated:
  // their divisions by run-time extents are on the consumers' path from one tile to the next).
  TESSEL_HOST_DEVICE TileCoord tile(int pos) const {
    bool const in_whole = pos < whole.positions;
    LayoutTileScheduler<RasterLayout> const& part = in_whole ? whole : rest;
    return part.tile(in_whole ? pos : pos - whole.positions);
  }
  TESSEL_HOST_DEVICE bool valid(TileCoord t) const { return t.m >= 0; }
  TESSEL_HOST_DEVICE TileWalk walk(int first, int step) const { return {first, step, positions}; }
};

// The raster of tiles_m x tiles_n tiles with groups of 2^log_swizzle columns (log_swizzle < 0:
// choose_log_swizzle), the last partial group a narrower one (compact) or padded to 2^L columns.
inline RasterScheduler make_raster_scheduler(int tiles_m, int tiles_n, int log_swizzle, bool compact = true) {
  if (tiles_m <= 0 || tiles_n <= 0) fail("kernels::make_raster_scheduler: no tiles");
  int const L = log_swizzle >= 0 ? log_swizzle : choose_log_swizzle(tiles_m, tiles_n);
  if (L > 30) fail("kernels::make_raster_scheduler: a swizzle wider than 2^30 columns of tiles");
  int const w = 1 << L;
  int const r = compact ? tiles_n % w : 0;  // the last group's columns, walked as a group of their own
  int const cols = tiles_n - r;             // the columns of `whole`'s groups (padded where not compact)
  RasterScheduler s;
  s.tiles_m = tiles_m, s.tiles_n = tiles_n;
  // `whole` decodes indices over all tiles_n columns; its layout covers the first cols of them (none: an empty raster)
  s.whole = make_tile_scheduler(identity_swizzle_layout(GemmCoord(tiles_m, cols > 0 ? cols : 1, 1), L), tiles_m, tiles_n);
  if (cols == 0) s.whole.positions = 0;
  if (r > 0) {
    s.rest = make_tile_scheduler(::TESSEL_NAMESPACE::detail::grouped_swizzle_layout(GemmCoord(tiles_m, r, 1), r), tiles_m, tiles_n, 1,
                                 (long long)cols * tiles_m);
  } else {
    s.rest = s.whole;
    s.rest.positions = 0;
  }
  s.positions = s.whole.positions + s.rest.positions;
  return s;
}

// The most tiles one of `workers` persistent CTAs (or clusters) takes on make_raster_scheduler(tiles_m, tiles_n, L,
// compact)'s raster, worker c taking positions c, c + workers, ... (as launch_gemm's walk): the busiest worker
// sets a persistent launch's time. A compact raster (or 2^L dividing tiles_n) has a tile at every position:
// ceil(tiles / workers). A padded one counts the empty positions of its last group of 2^L columns, position
// lo + 2^L (m + tiles_m hi) of RasterLayout ((2^L, tiles_m), groups) : ((tiles_m, 1), 2^L tiles_m) being column
// lo + 2^L hi of row m: worker c's count is its positions less its empty ones. (kernels_host checks it
// against the scheduler's own walk.)
inline int raster_most_tiles(int tiles_m, int tiles_n, int log_swizzle, bool compact, int workers) {
  if (tiles_m <= 0 || tiles_n <= 0 || workers <= 0) fail("kernels::raster_most_tiles: no tiles or no workers");
  int const L = log_swizzle >= 0 ? log_swizzle : choose_log_swizzle(tiles_m, tiles_n);
  if (L > 30) fail("kernels::raster_most_tiles: a swizzle wider than 2^30 columns of tiles");
  long long const w = 1ll << L, tiles = (long long)tiles_m * tiles_n;
  long long const r = tiles_n % w;  // the last group's columns
  if (compact || r == 0) return int((tiles + workers - 1) / workers);
  long long const groups = (tiles_n + w - 1) / w, positions = groups * w * tiles_m, first = (groups - 1) * w * tiles_m;
  std::vector<long long> taken(static_cast<std::size_t>(workers));  // each worker's positions, less its empty ones
  for (int c = 0; c < workers; ++c) taken[std::size_t(c)] = positions / workers + (c < positions % workers);
  for (long long m = 0; m < tiles_m; ++m)
    for (long long lo = r; lo < w; ++lo) --taken[std::size_t((first + lo + w * m) % workers)];
  return int(*std::max_element(taken.begin(), taken.end()));
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


// ---- grouped GEMMs ------------------------------------------------------------------------------
//
// E groups g = 0..E-1, group g of rows_g rows (0 allowed) starting at row
// start_g of A and C, all sharing N (tiles_n column tiles). Group g has
// tm_g = ceil(rows_g / tile_rows) row tiles. The m-tiles of all groups are
// numbered in group order, t = first_g + m (first_g = tm_0 + ... + tm_{g-1},
// the exclusive prefix sum), and a table holds, for each t, its group's
// (group, first_g, start_g, rows_g): build_group_table on the host, the
// pre-pass kernel (gemm_sm90_grouped.cuh) on the device, both from
// group_table_entry. Entry 0 is a header: (total m-tiles, error).
//
// Positions: group g owns positions [first_g * cols, (first_g + tm_g) * cols)
// with cols = tiles_n rounded up to the band width W = 2^log_band; position
// pos is m-tile table[1 + pos / cols]'s group, at offset q = pos - first_g * cols
// in its group, whose (m, n) tile is given by the layout
//     ((W, tm_g), cols / W) : ((tm_g, 1), W * tm_g)     (group_tile_layout)
// from q to the column-major index m + tm_g * n, the seed's threadblock swizzle
// (identity_swizzle_layout) of the group's tm_g x tiles_n tiles: bands of W
// columns walked down the group's rows, so that the CTAs running together
// share the group's B tiles in L2. An index past tm_g * tiles_n (a partial last
// band) is no tile. Persistent CTAs take positions first, first + step, ...
// (TileWalk) up to total * cols: every (group, m, n) tile exactly once, no
// host round trip, a table lookup per tile.

// How the groups' rows are given (device or host pointers, int32):
//   contiguous: ends[g] is the end (exclusive) of group g's rows in A and C,
//     start_g = ends[g - 1] (0 for g = 0); rows past ends[E - 1] belong to no group;
//   masked: group g's rows are [g * capacity, g * capacity + counts[g]).
// total_rows: A's (and C's) rows. Sizes that are not so (a decreasing end,
// an end past total_rows, a count outside [0, capacity]) are an error that
// the table's header reports (group_table_entry); no tile is then computed.
struct GroupRows {
  int const* ends = nullptr;    // contiguous
  int const* counts = nullptr;  // masked
  int groups = 0;
  int capacity = 0;    // masked: rows per group in A and C
  int total_rows = 0;  // rows of A and C
  TESSEL_HOST_DEVICE bool masked() const { return counts != nullptr; }
  // Group g's first row and rows, or rows = -1 where the sizes are not valid.
  TESSEL_HOST_DEVICE void group(int g, int& start, int& rows) const {
    if (masked()) {
      int const c = counts[g];
      start = g * capacity;
      rows = c >= 0 && c <= capacity ? c : -1;
    } else {
      int const s = g == 0 ? 0 : ends[g - 1], e = ends[g];
      start = s;
      rows = s >= 0 && e >= s && e <= total_rows ? e - s : -1;
    }
  }
  // An upper bound of the m-tiles of all groups (the table's entries but the header):
  // sum ceil(rows_g / tile_rows) <= floor(sum rows_g / tile_rows) + E.
  TESSEL_HOST_DEVICE long long max_mtiles(int tile_rows) const { return (long long)total_rows / tile_rows + groups; }
};

// An entry of the table: m-tile t belongs to `group`, whose first m-tile is
// `first`, first row `start`, rows `rows`. Entry 0 (the header): group = the
// m-tiles of all groups, first = the error (0: none, 1: the sizes are not valid, 2: more
// m-tiles than the table holds).
struct alignas(16) GroupTileEntry {
  int group = 0, first = 0, start = 0, rows = 0;
};
inline constexpr int kGroupTableBadSizes = 1, kGroupTableTooSmall = 2;

// The row tiles of a group of `rows` rows.
TESSEL_HOST_DEVICE int group_mtiles(int rows, int tile_rows) { return (rows + tile_rows - 1) / tile_rows; }

// The group of m-tile t from the groups' exclusive prefix sums of m-tiles
// (prefix[0..E], prefix[E] the total, t < prefix[E]): the last g with
// prefix[g] <= t (empty groups, prefix[g] == prefix[g + 1], are skipped).
TESSEL_HOST_DEVICE int group_of_mtile(int const* prefix, int groups, int t) {
  int lo = 0, hi = groups - 1;  // prefix[lo] <= t < prefix[hi + 1]
  while (lo < hi) {
    int const mid = (lo + hi + 1) / 2;
    if (prefix[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// Entry 1 + t of the table (t < prefix[E]).
TESSEL_HOST_DEVICE GroupTileEntry group_table_entry(GroupRows const& gr, int const* prefix, int t) {
  int const g = group_of_mtile(prefix, gr.groups, t);
  GroupTileEntry e;
  e.group = g, e.first = prefix[g];
  gr.group(g, e.start, e.rows);
  return e;
}

// The table on the host (the pre-pass's result, for tests and describe()):
// table has 2 + gr.max_mtiles(tile_rows) entries at least (entries_room).
inline void build_group_table(GroupRows const& gr, int tile_rows, GroupTileEntry* table, long long entries_room) {
  std::vector<int> prefix(std::size_t(gr.groups) + 1, 0);
  bool bad = false;
  for (int g = 0; g < gr.groups; ++g) {
    int start = 0, rows = 0;
    gr.group(g, start, rows);
    bad = bad || rows < 0;
    prefix[std::size_t(g) + 1] = prefix[std::size_t(g)] + (rows > 0 ? group_mtiles(rows, tile_rows) : 0);
  }
  int const total = prefix[std::size_t(gr.groups)];
  GroupTileEntry header;
  header.first = bad ? kGroupTableBadSizes : total + 1 > entries_room ? kGroupTableTooSmall : 0;
  header.group = header.first ? 0 : total;
  table[0] = header;
  for (int t = 0; t < header.group; ++t) table[1 + t] = group_table_entry(gr, prefix.data(), t);
}

// A tile of a grouped GEMM: group, row tile m and column tile n in the group
// (m = -1: no tile), the group's first row and rows.
struct GroupTile {
  int group = -1, m = -1, n = -1, start = 0, rows = 0;
};

// Group g's positions to tile indices m + tm * n: ((W, tm), ceil(tn / W)) : ((tm, 1), W * tm), W = 2^log_band
// (identity_swizzle_layout of the group's tm x tn tiles).
TESSEL_HOST_DEVICE auto group_tile_layout(int tm, int tn, int log_band) {
  return identity_swizzle_layout(GemmCoord(tm, tn, 1), log_band);
}
// The same, built without make_layout's check of the shape (a call to fail() in
// device code, which serializes a kernel's wgmmas): for tm, tn >= 1, which the
// scheduler guarantees (a table entry's group has rows; make_grouped_scheduler checks tn).
TESSEL_HOST_DEVICE RasterLayout group_tile_layout_unchecked(int tm, int tn, int log_band) {
  int const w = 1 << log_band;
  return TESSEL_NAMESPACE::detail::raw_layout(make_shape(make_shape(w, tm), (tn + w - 1) / w), make_stride(make_stride(tm, 1), w * tm));
}

// The band width for groups of tiles_n column tiles: as the dense raster's (choose_log_swizzle, 8 columns at most).
inline int choose_log_band(int tiles_n) { return choose_log_swizzle(8, tiles_n); }

struct GroupedTileScheduler {
  GroupTileEntry const* table = nullptr;  // the pre-pass's table (device memory in a kernel)
  int tiles_n = 0, log_band = 0, tile_rows = 0;

  // The positions per m-tile: tiles_n rounded up to the band width.
  TESSEL_HOST_DEVICE int cols() const {
    int const w = 1 << log_band;
    return (tiles_n + w - 1) / w * w;
  }
  TESSEL_HOST_DEVICE int positions() const { return table[0].group * cols(); }
  TESSEL_HOST_DEVICE TileWalk walk(int first, int step) const { return {first, step, positions()}; }
  TESSEL_HOST_DEVICE GroupTile tile(int pos) const {
    int const c = cols();
    GroupTileEntry const e = table[1 + pos / c];
    int const tm = group_mtiles(e.rows, tile_rows);
    int const idx = int(group_tile_layout_unchecked(tm, tiles_n, log_band)(pos - e.first * c));
    GroupTile t;
    if (idx >= tm * tiles_n) return t;  // a partial band's column past the last
    t.group = e.group, t.m = idx % tm, t.n = idx / tm, t.start = e.start, t.rows = e.rows;
    return t;
  }
  TESSEL_HOST_DEVICE bool valid(GroupTile const& t) const { return t.m >= 0; }
};

// The scheduler over a table (host checks of the sizes that the kernel relies on:
// the positions of the largest table within 31 bits).
inline GroupedTileScheduler make_grouped_scheduler(GroupRows const& gr, GroupTileEntry const* table, int tile_rows, int tiles_n,
                                                   int log_band = -1) {
  if (tile_rows <= 0 || tiles_n <= 0) fail("kernels::make_grouped_scheduler: no tiles");
  if (gr.groups < 0 || gr.total_rows < 0 || (gr.masked() && (long long)gr.capacity * gr.groups != gr.total_rows))
    fail("kernels::make_grouped_scheduler: the groups' rows do not add up (masked: total_rows = groups * capacity)");
  GroupedTileScheduler s;
  s.table = table;
  s.tiles_n = tiles_n, s.tile_rows = tile_rows;
  s.log_band = log_band >= 0 ? log_band : choose_log_band(tiles_n);
  if (s.log_band > 8) fail("kernels::make_grouped_scheduler: a band wider than 2^8 columns of tiles");
  if ((gr.max_mtiles(tile_rows) + 1) * s.cols() > 0x7fffffffll) fail("kernels::make_grouped_scheduler: more than 2^31 positions");
  return s;
}

}  // namespace tessel::kernels
