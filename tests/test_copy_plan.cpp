// The copy planner (host code of tessel::cuda::copy): for many layout pairs,
// the planned modes, element widening and tile split describe exactly the
// same element-to-element map as the original layouts.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include <tessel/kernels/copy_plan.hpp>

using namespace tessel;

namespace {

engine::Layout flat(std::vector<long long> const& s, std::vector<long long> const& d) {
  engine::Layout l;
  engine::Error e;
  l.open(e);
  for (size_t k = 0; k < s.size(); ++k) l.leaf({s[k], false}, {d[k], false}, e);
  l.close(e);
  return l;
}

// (src offset, dst offset) in bytes for every coordinate, from the layouts.
std::vector<std::pair<long long, long long>> pairs_of(engine::Layout const& s, engine::Layout const& d, int eb) {
  engine::Error e;
  long long n = engine::size(s, e);
  std::vector<std::pair<long long, long long>> v;
  for (long long i = 0; i < n; ++i)
    for (int b = 0; b < eb; ++b) v.push_back({engine::eval(s, i, e) * eb + b, engine::eval(d, i, e) * eb + b});
  std::sort(v.begin(), v.end());
  return v;
}

// The same from the plan: every planned mode (plus the item mode of a tile
// plan), in widened elements, each covering elem_bytes bytes.
std::vector<std::pair<long long, long long>> pairs_of(kernels::CopyPlan const& p) {
  std::vector<long long> sh(p.shape, p.shape + p.rank), ss(p.src_stride, p.src_stride + p.rank),
      ds(p.dst_stride, p.dst_stride + p.rank);
  if (p.kind == kernels::CopyPlan::Kind::tile && p.L > 1) {
    sh.push_back(p.L);
    ss.push_back(1);
    ds.push_back(1);
    // In a tile plan the I modes' dst strides and the J modes' src strides count items.
  }
  long long n = 1;
  for (auto x : sh) n *= x;
  std::vector<std::pair<long long, long long>> v;
  for (long long i = 0; i < n; ++i) {
    long long x = i, so = 0, dof = 0;
    for (size_t k = 0; k < sh.size(); ++k) {
      long long c = x % sh[k];
      x /= sh[k];
      so += c * ss[k];
      dof += c * ds[k];
    }
    for (int b = 0; b < p.elem_bytes; ++b) v.push_back({so * p.elem_bytes + b, dof * p.elem_bytes + b});
  }
  std::sort(v.begin(), v.end());
  return v;
}

void check(std::vector<long long> const& shape, std::vector<long long> const& ss, std::vector<long long> const& ds, int eb) {
  engine::Layout s = flat(shape, ss), d = flat(shape, ds);
  kernels::CopyPlan p = kernels::plan_copy(s, d, eb, 16, 16);
  ASSERT_TRUE(p.error.empty()) << p.error;
  EXPECT_EQ(pairs_of(p), pairs_of(s, d, eb)) << p.describe();
  if (p.kind == kernels::CopyPlan::Kind::tile) {
    EXPECT_EQ(p.dst_stride[0], p.L) << p.describe();        // I starts contiguous in dst
    EXPECT_EQ(p.src_stride[p.nA], p.L) << p.describe();     // J starts contiguous in src
  }
  if (p.kind == kernels::CopyPlan::Kind::vector) {
    EXPECT_EQ(p.dst_stride[0], 1) << p.describe();
  }
}

std::vector<long long> compact(std::vector<long long> const& s, std::vector<int> const& perm) {
  // strides of the compact layout of the permuted shape, expressed per original mode
  std::vector<long long> d(s.size());
  long long p = 1;
  for (int k : perm) { d[k] = p; p *= s[k]; }
  return d;
}

}  // namespace

TEST(CopyPlan, NamedCases) {
  check({128, 32, 64, 4}, compact({128, 32, 64, 4}, {0, 1, 2, 3}), compact({128, 32, 64, 4}, {0, 2, 1, 3}), 2);  // MHA-like
  check({64, 48}, compact({64, 48}, {0, 1}), compact({64, 48}, {1, 0}), 4);                                      // transpose
  check({1 << 12}, {1}, {1}, 4);                                                                                  // identity
  check({7, 5}, {0, 1}, {1, 7}, 4);                                                                               // broadcast source
}

TEST(CopyPlan, RandomPermutations) {
  std::mt19937 rng(7);
  int count = 0;
  for (int t = 0; t < 400; ++t) {
    int r = 1 + rng() % 4;
    std::vector<long long> s(r);
    long long n = 1;
    for (auto& x : s) { x = 1 + rng() % 12; n *= x; }
    if (n > 4096) continue;
    std::vector<int> pa(r), pb(r);
    for (int k = 0; k < r; ++k) pa[k] = pb[k] = k;
    std::shuffle(pa.begin(), pa.end(), rng);
    std::shuffle(pb.begin(), pb.end(), rng);
    int eb = 1 << (rng() % 4);
    auto ss = compact(s, pa);
    if (rng() % 8 == 0) ss[rng() % r] = 0;  // broadcast
    check(s, ss, compact(s, pb), eb);
    ++count;
  }
  EXPECT_GT(count, 300);
}

TEST(CopyPlan, ExplainsItself) {
  engine::Layout s = flat({64, 48}, {48, 1}), d = flat({64, 48}, {1, 64});
  auto p = kernels::plan_copy(s, d, 4, 16, 16);
  EXPECT_NE(p.describe().find("tile"), std::string::npos);
  engine::Layout bad = flat({64, 47}, {47, 1});
  EXPECT_FALSE(kernels::plan_copy(bad, d, 4, 16, 16).error.empty());
}

// The kernel choices measured on the H100 (bench/RESULTS.md), on the bench's
// cases: a compact column-major source of shape s, the destination the
// permuted compact layout.
namespace {
kernels::CopyPlan bench_plan(std::vector<long long> const& s, std::vector<int> const& perm, int eb) {
  std::vector<long long> ss(s.size()), ds(s.size());
  long long p = 1;
  for (size_t k = 0; k < s.size(); ++k) ss[k] = p, p *= s[k];
  p = 1;
  for (size_t k = 0; k < s.size(); ++k) ds[perm[k]] = p, p *= s[perm[k]];
  return kernels::plan_copy(flat(s, ss), flat(s, ds), eb, 16, 16);
}
}  // namespace

TEST(CopyPlan, TileChoices) {
  // Plain transposes: rows that start inside a 32-byte sector go J tiles first.
  auto r2 = bench_plan({86, 40, 165, 50}, {2, 1, 0, 3}, 4);
  EXPECT_TRUE(r2.kind == kernels::CopyPlan::Kind::tile && r2.L == 1 && r2.j_first) << r2.describe();
  auto r0 = bench_plan({77, 24, 58, 190}, {3, 2, 0, 1}, 8);
  EXPECT_TRUE(r0.kind == kernels::CopyPlan::Kind::tile && r0.L == 1 && !r0.j_first) << r0.describe();
  // Items of 11 x 8 bytes: 32 x 8 tiles (about 2.5 KiB along I, the destination's
  // contiguous runs, and 640 bytes along J).
  auto r1 = bench_plan({22, 273, 70, 127}, {0, 3, 2, 1}, 4);
  EXPECT_EQ(r1.L, 11);
  EXPECT_EQ(r1.elem_bytes, 8);
  EXPECT_EQ(r1.TI, 32);
  EXPECT_EQ(r1.TJ, 8);
  // Every tile plan: one block per tile, and the tile kernel rather than the TMA.
  for (auto const* q : {&r0, &r1, &r2}) EXPECT_TRUE(q->waves == 0 && !q->use_tma) << q->describe();
  // Packed bytes: J (201 bytes) over 120, so whole rows (copy_transpose_rows) in one tile of
  // 204 bytes, a multiple of 4, at most 248 (a row's aligned 8-byte pairs then fit a warp's 32);
  // the columns start 8-byte aligned (915200-byte strides).
  auto r4 = bench_plan({201, 25, 143, 256}, {1, 3, 2, 0}, 1);
  EXPECT_TRUE(r4.packed && r4.packed_rows && r4.dst8) << r4.describe();
  EXPECT_EQ(r4.TJ, 204);
  EXPECT_EQ(kernels::packed_tile_width(201, 120), 104);  // copy_transpose_bytes's tiles (the bench's variant)
  for (long long nj : {4, 5, 120, 121, 127, 128, 129, 248, 249, 255, 256, 257, 1000}) {
    auto q = bench_plan({nj, 64}, {1, 0}, 1);
    ASSERT_TRUE(q.packed) << q.describe();
    EXPECT_EQ(q.packed_rows, nj > 120) << nj;
    long long const max = q.packed_rows ? 248 : 120, tiles = (nj + max - 1) / max;
    EXPECT_TRUE(q.TJ % 4 == 0 && q.TJ >= 4 && q.TJ <= max && q.TJ >= nj / tiles) << nj << ": " << q.describe();
    EXPECT_EQ((nj + q.TJ - 1) / q.TJ, tiles) << nj;  // no more tiles than with the largest width
    EXPECT_LE(q.TJ * ((nj + q.TJ - 1) / q.TJ) - nj, 4 * tiles - 1) << nj;  // equal tiles: under 4 bytes of waste each
    EXPECT_TRUE(q.dst8) << nj;  // columns 64 bytes apart
  }
  // dst8 only where every column starts 8-byte aligned: 64 rows, so column strides of 64 bytes;
  // 60 rows: 60-byte strides (4-byte aligned, packed, not dst8).
  EXPECT_TRUE(bench_plan({201, 64}, {1, 0}, 1).dst8);
  auto q60 = bench_plan({201, 60}, {1, 0}, 1);
  EXPECT_TRUE(q60.packed && q60.packed_rows && !q60.dst8) << q60.describe();
}

TEST(CopyPlan, LaunchErrors) {
  // What cuda::launch refuses with a named error, checked on the plan (host code).
  auto q = bench_plan({201, 25, 143, 256}, {1, 3, 2, 0}, 1);
  ASSERT_TRUE(q.packed && q.packed_rows) << q.describe();
  EXPECT_EQ(kernels::launch_error(q), "");
  auto q120 = q;  // copy_transpose_bytes (J tiles of at most 120 bytes)
  q120.packed_rows = false;
  for (long long tj : {0, 2, 6, 124, 128}) {
    auto bad = q120;
    bad.TJ = tj;
    EXPECT_EQ(kernels::launch_error(bad), "cuda::copy: a packed plan's TJ must be a multiple of 4 from 4 to 120") << tj;
  }
  for (long long tj : {4, 120}) {
    auto ok = q120;
    ok.TJ = tj;
    EXPECT_EQ(kernels::launch_error(ok), "") << tj;
  }
  for (long long tj : {0, 2, 6, 250, 252, 256}) {
    auto bad = q;
    bad.TJ = tj;
    EXPECT_EQ(kernels::launch_error(bad), "cuda::copy: a packed plan of whole rows needs TJ a multiple of 4 from 4 to 248") << tj;
  }
  for (long long tj : {4, 124, 248}) {
    auto ok = q;
    ok.TJ = tj;
    EXPECT_EQ(kernels::launch_error(ok), "") << tj;
  }
  auto big = q;
  big.total = 1ll << 31;
  EXPECT_EQ(kernels::launch_error(big), "cuda::copy: more than 2^31 elements");
  for (int tb : {-1, 3}) {
    auto bad = q;
    bad.tile_buffers = tb;
    EXPECT_EQ(kernels::launch_error(bad), "cuda::copy: CopyPlan::tile_buffers must be 0 (by the card), 1 or 2") << tb;
  }
  for (int tb : {0, 1, 2}) {
    auto ok = q;
    ok.tile_buffers = tb;
    EXPECT_EQ(kernels::launch_error(ok), "") << tb;
  }
  auto err = q;
  err.error = "copy: the layouts have different shapes";
  EXPECT_EQ(kernels::launch_error(err), "copy: the layouts have different shapes");
}

TEST(CopyPlan, TileBuffers) {
  // copy_tile_async's blocks of one tile: one buffer on a card of at least
  // kOneTileBufferFromGBpsPerSM per SM (the H200: 4.8 TB/s over 132 SMs, 36.4), two below it
  // (the H100 SXM: 3.35 TB/s, 25.4) and where the bandwidth is not known (0); 1 or 2 asked wins.
  double const h200 = 4.8e3 / 132, h100 = 3.35e3 / 132;
  EXPECT_EQ(kernels::tile_buffers_for(0, h200), 1);
  EXPECT_EQ(kernels::tile_buffers_for(0, h100), 2);
  EXPECT_EQ(kernels::tile_buffers_for(0, 0.0), 2);
  EXPECT_EQ(kernels::tile_buffers_for(0, kernels::kOneTileBufferFromGBpsPerSM), 1);
  EXPECT_EQ(kernels::tile_buffers_for(0, kernels::kOneTileBufferFromGBpsPerSM - 0.001), 2);
  for (double bw : {0.0, h100, h200}) {
    EXPECT_EQ(kernels::tile_buffers_for(1, bw), 1) << bw;
    EXPECT_EQ(kernels::tile_buffers_for(2, bw), 2) << bw;
  }
  // describe() names launch's choice.
  auto r1 = bench_plan({22, 273, 70, 127}, {0, 3, 2, 1}, 4);
  r1.used_async = true;
  r1.used_buffers = 1;
  EXPECT_NE(r1.describe().find("loaded with cp.async (one tile buffer), line-aligned windows"), std::string::npos) << r1.describe();
  r1.used_buffers = 2;
  EXPECT_NE(r1.describe().find("loaded with cp.async (two tile buffers), line-aligned windows"), std::string::npos) << r1.describe();
  r1.line_windows = false;
  EXPECT_EQ(r1.describe().find("line-aligned"), std::string::npos) << r1.describe();
}

TEST(CopyPlan, RowsOrder) {
  // copy_transpose_rows: a tile's loads before its columns' addresses (1) on a card of at least
  // kRowsLoadsFirstFromGBpsPerSM per SM (the H200, 36.4), after them (2) below it (the H100 SXM, 25.4)
  // and where the bandwidth is not known (0); 1 or 2 asked wins.
  double const h200 = 4.8e3 / 132, h100 = 3.35e3 / 132;
  EXPECT_EQ(kernels::rows_order_for(0, h200), 1);
  EXPECT_EQ(kernels::rows_order_for(0, h100), 2);
  EXPECT_EQ(kernels::rows_order_for(0, 0.0), 2);
  EXPECT_EQ(kernels::rows_order_for(0, kernels::kRowsLoadsFirstFromGBpsPerSM), 1);
  EXPECT_EQ(kernels::rows_order_for(0, kernels::kRowsLoadsFirstFromGBpsPerSM - 0.001), 2);
  for (double bw : {0.0, h100, h200}) {
    EXPECT_EQ(kernels::rows_order_for(1, bw), 1) << bw;
    EXPECT_EQ(kernels::rows_order_for(2, bw), 2) << bw;
  }
  auto r4 = bench_plan({201, 25, 143, 256}, {1, 3, 2, 0}, 1);
  ASSERT_TRUE(r4.packed && r4.packed_rows) << r4.describe();
  for (int o : {-1, 3}) {
    auto bad = r4;
    bad.rows_order = o;
    EXPECT_EQ(kernels::launch_error(bad), "cuda::copy: CopyPlan::rows_order must be 0 (by the card), 1 or 2") << o;
  }
  for (int o : {0, 1, 2}) {
    auto ok = r4;
    ok.rows_order = o;
    EXPECT_EQ(kernels::launch_error(ok), "") << o;
  }
  // describe() names launch's choice.
  r4.used_rows_order = 1;
  EXPECT_NE(r4.describe().find("a warp per row, 8-byte stores, loads before the column addresses"), std::string::npos) << r4.describe();
  r4.used_rows_order = 2;
  EXPECT_EQ(r4.describe().find("loads before"), std::string::npos) << r4.describe();
}

TEST(CopyPlan, RowsTile) {
  // copy_transpose_rows: tiles of 256 rows x at most 120 bytes (256) on a card of at least
  // kRowsTile256FromGBpsPerSM per SM (the H200, 36.4), 128 rows of whole rows (128) below it (the H100 SXM,
  // 25.4) and where the bandwidth is not known (0); 128 or 256 asked wins.
  double const h200 = 4.8e3 / 132, h100 = 3.35e3 / 132;
  EXPECT_EQ(kernels::rows_tile_for(0, h200), 256);
  EXPECT_EQ(kernels::rows_tile_for(0, h100), 128);
  EXPECT_EQ(kernels::rows_tile_for(0, 0.0), 128);
  EXPECT_EQ(kernels::rows_tile_for(0, kernels::kRowsTile256FromGBpsPerSM), 256);
  EXPECT_EQ(kernels::rows_tile_for(0, kernels::kRowsTile256FromGBpsPerSM - 0.001), 128);
  for (double bw : {0.0, h100, h200}) {
    EXPECT_EQ(kernels::rows_tile_for(128, bw), 128) << bw;
    EXPECT_EQ(kernels::rows_tile_for(256, bw), 256) << bw;
  }
  auto r4 = bench_plan({201, 25, 143, 256}, {1, 3, 2, 0}, 1);
  ASSERT_TRUE(r4.packed && r4.packed_rows) << r4.describe();
  EXPECT_EQ(r4.TI, 128);
  EXPECT_EQ(kernels::packed_tile_width(201, 120), 104);  // the launched J tiles of 256-row tiles: 104 + 97 bytes
  for (int t : {-1, 1, 64, 129, 512}) {
    auto bad = r4;
    bad.rows_tile = t;
    EXPECT_EQ(kernels::launch_error(bad), "cuda::copy: CopyPlan::rows_tile must be 0 (by the card), 128 or 256") << t;
  }
  for (int t : {0, 128, 256}) {
    auto ok = r4;
    ok.rows_tile = t;
    EXPECT_EQ(kernels::launch_error(ok), "") << t;
  }
  // describe() names launch's choice.
  r4.used_rows_order = 1, r4.used_rows_tile = 256;
  EXPECT_NE(r4.describe().find("loads before the column addresses, launched as tiles of 256 rows x at most 120 bytes"),
            std::string::npos) << r4.describe();
  r4.used_rows_tile = 128;
  EXPECT_EQ(r4.describe().find("256 rows"), std::string::npos) << r4.describe();
}
