// The kernels' pieces (issue 25): first their host side, built with TESSEL_NO_CHECKS and run
// by ctest on the CI machine, which has no GPU (and no CUDA driver): what the
// kernels' host code must do whatever the checks say.
//   * make_tma_copy encodes its tensor map: the encoding is not inside a check
//     macro, so with TESSEL_NO_CHECKS it still runs. Without a driver it must
//     fail with its named error (before the fix it returned an all-zero
//     descriptor silently); with one, the descriptor must be written.
//   * PerDevice (kernels/device_cache.hpp): one value per device, computed once
//     per device under concurrent callers (the shared-memory attribute, the SM
//     count and the occupancy query were one-time statics or unsynchronized arrays).
//   * cuda::copy's device figures (SM count, compute capability): kept per device, so
//     that two devices (simulated by filling the cache) keep their own; a failed query
//     (no driver) gives the defaults and is not kept.
//   * the fallback kernel's grid: grid.y within CUDA's 65535 for any M (it was
//     ceil(M / 16), over the limit above M = 1,048,560).
//   * operands_of: extents past 32 bits are a named error (they were truncated
//     to int), mismatched shapes a named error, both with TESSEL_NO_CHECKS.
//   * the Hopper configuration: the epilogue's smem tile is made of output
//     elements (it was made of input elements); the epilogues' pair and chunk
//     assumptions hold for every configuration the front end instantiates,
//     with 1 and 2 consumer warpgroups.
//   * the tile scheduler: every tile exactly once, for many shapes and widths,
//     and for the identity, batch coordinates and longest first; PipelineState's
//     stage and phase through many wrap-arounds.
//   * the grouped scheduler (grouped GEMMs): over every vector of up to 4
//     group sizes 0..7 (tiles of 3 rows), contiguous and masked, 1..5 column
//     tiles and bands of 2^0..2^2: every (group, m, n) tile exactly once, with
//     its group's first row and rows, no tile of an empty group; invalid sizes
//     and a table too small are reported by the header.
// Where there is a GPU (tests/cuda/run_gpu_session.sh), the same binary then runs
// the pipeline and the scheduler on the device (sm_90 for the pipeline):
//
// Pipeline: a producer thread fills Stages shared-memory buffers with
// cp.async.bulk copies (completing on the full barriers) from N chunks of
// distinct values; consumer warps wait for each stage, read it, sleep, read it
// again (volatile: always a second load) and release it, every
// consumer thread for itself. The checks: every chunk's sum as expected (a consumer
// that did not wait reads stale data), no value changed between the two reads
// (a producer that did not wait for the empty barrier overwrites a stage being
// read), the stage index and phase each iteration sees (it % Stages,
// (it / Stages) % 2: the wrap-around), for Stages 1, 2, 3 and 5 and several
// times round the ring. Clusters of 2: the consumers of both CTAs release
// every stage in both (arrival count consumer threads x 2); one CTA's consumers are
// slow, and the other's producer, once it has a stage back, checks that the
// slow consumers had released it (they count their releases in global memory).
//
// Scheduler: persistent grids of P CTAs walk LayoutTileScheduler positions
// first, first + P, ...; each records the tile of every position it takes and
// counts the tiles it visits. The checks: every tile exactly once, the
// device's tile of every position equal to the host's, for the tile-index
// layouts identity, the seed's threadblock swizzle (2^0..2^3, and chosen),
// batch coordinates (batch fastest, and batch-major) and longest first.
//
// Grouped scheduler: the pre-pass kernel's table equals build_group_table's for
// ragged, empty and many (3000) groups, contiguous and masked.
//
// Prints one line per failure and "N passed, M failed"; exit 1 on a failure.
#define TESSEL_NO_CHECKS 1
#include <atomic>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <tessel/atom/copy_sm90_bulk.hpp>
#include <tessel/kernels/copy.cuh>
#include <tessel/kernels/gemm_sm80.cuh>
#include <tessel/kernels/gemm_sm90.cuh>
#include <tessel/kernels/gemm_sm90_grouped.cuh>
#include <tessel/kernels/pipeline.cuh>
#include <tessel/kernels/scheduler.cuh>

using namespace tessel;

namespace {

int passed = 0, failed = 0;
void check(bool ok, char const* what) {
  if (ok) ++passed;
  else {
    ++failed;
    std::printf("FAIL %s\n", what);
  }
}
bool cuda_ok(cudaError_t e, char const* what) {
  if (e == cudaSuccess) return true;
  std::printf("FAIL %s: %s\n", what, cudaGetErrorString(e));
  ++failed;
  return false;
}

// f() must throw tessel::error whose message contains `needle`.
template <class F>
void check_throws(F const& f, char const* needle, char const* what) {
  try {
    f();
  } catch (error const& e) {
    bool const ok = std::string(e.what()).find(needle) != std::string::npos;
    if (!ok) std::printf("  (message: %s)\n", e.what());
    check(ok, what);
    return;
  }
  check(false, what);
}

void tma_encoding() {
  using T = half_t;
  auto const* fake = reinterpret_cast<T const*>(std::uintptr_t(1) << 20);  // 16-byte aligned; never dereferenced
  auto g = make_tensor(make_gmem_ptr(fake), make_layout(make_shape(256, 128), make_stride(128ll, Int<1>{})));
  auto smem = tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, Shape<_64, _64>{});
  // With a GPU, the runtime is initialised first (as any program that has device
  // memory to describe has done); the CI machine has neither GPU nor driver.
  int devices = 0;
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0) (void)cudaFree(nullptr);
  bool has_driver = ::tessel::detail::tensor_map_encode_fn() != nullptr;
  if (!has_driver) {
    check_throws([&] { (void)make_tma_copy(SM90_TMA_LOAD{}, g, smem, Shape<_64, _64>{}); }, "cuTensorMapEncodeTiled",
                 "make_tma_copy without a driver: the named error, TESSEL_NO_CHECKS or not");
  } else {
    try {
      auto const c = make_tma_copy(SM90_TMA_LOAD{}, g, smem, Shape<_64, _64>{});
      bool written = false;
      for (auto w : c.desc.words_) written = written || w != 0;
      check(written, "make_tma_copy with a driver: the tensor map is encoded under TESSEL_NO_CHECKS");
    } catch (error const& e) {
      std::printf("  (%s; %d devices)\n", e.what(), devices);
      check(false, "make_tma_copy with a driver: the tensor map is encoded under TESSEL_NO_CHECKS");
    }
  }
}

void copy_device_figures() {
  using cuda::detail::CopyDeviceFigures;
  auto& cache = cuda::detail::copy_device_figures_cache();
  cache.reset();
  cache.get(0, [] { return CopyDeviceFigures{100, 9}; });  // two devices, simulated
  cache.get(1, [] { return CopyDeviceFigures{78, 8}; });
  auto const d0 = cuda::detail::copy_device_figures(0), d1 = cuda::detail::copy_device_figures(1);
  check(d0.sms == 100 && d0.cc_major == 9 && d1.sms == 78 && d1.cc_major == 8,
        "cuda::copy's device figures: each device keeps its own (two devices simulated)");
  cache.reset();
  int devices = 0;
  bool const driver = cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0;
  auto const q = cuda::detail::copy_device_figures(0);
  if (driver)
    check(cache.has(0) && q.sms > 0 && q.cc_major > 0 && q.dram_gbps_per_sm > 0,
          "cuda::copy's device figures: device 0 asked once and kept (its DRAM bandwidth per SM known)");
  else
    check(!cache.has(0) && q.sms == 132 && q.cc_major == 0 && q.dram_gbps_per_sm == 0,
          "cuda::copy's device figures: without a driver the defaults, not kept (asked again next time)");
  cache.reset();
}

void per_device() {
  kernels::PerDevice<int> cache;
  int calls = 0;
  check(cache.get(0, [&] { ++calls; return 132; }) == 132 && cache.get(0, [&] { ++calls; return 7; }) == 132 && calls == 1,
        "PerDevice: computed once for device 0");
  check(cache.get(1, [&] { ++calls; return 114; }) == 114 && calls == 2, "PerDevice: a second device gets its own value");
  check(cache.has(0) && cache.has(1) && !cache.has(2), "PerDevice: has()");
  cache.forget(1);
  check(cache.get(1, [&] { ++calls; return 78; }) == 78 && cache.get(0, [&] { return -1; }) == 132, "PerDevice: forget(dev) forgets that device only");
  cache.reset();
  check(!cache.has(0) && !cache.has(1), "PerDevice: reset()");
  check_throws([&] { cache.get(64, [] { return 0; }); }, "device index", "PerDevice: device 64 is a named error");
  // Concurrent callers: each device's value computed exactly once.
  kernels::PerDevice<int> shared;
  std::atomic<int> made{0};
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 1000; ++i) {
        int const dev = (t + i) % 4;
        int const v = shared.get(dev, [&] { ++made; return 100 + dev; });
        if (v != 100 + dev) ++wrong;
      }
    });
  for (auto& th : threads) th.join();
  check(made == 4 && wrong == 0, "PerDevice: 8 threads, 4 devices: 4 computations, every value right");
}

void fallback_grid() {
  for (long long M : {1ll, 15ll, 16ll, 17ll, 1048560ll, 1048561ll, 1048577ll, 16777216ll, 2147483647ll})
    for (int N : {1, 16, 17, 4096}) {
      auto const g = kernels::gemm_common::fallback_grid(int(M), N);
      bool const ok = g.y >= 1 && g.y <= 65535 && (long long)g.x * 16 >= N && (long long)(g.x - 1) * 16 < N &&
                      (g.y < 65535 ? (long long)g.y * 16 >= M : true);
      if (!ok) std::printf("  M=%lld N=%d: grid (%u, %u)\n", M, N, g.x, g.y);
      check(ok, "fallback_grid: grid.y <= 65535, x covers N, y covers M or loops");
    }
}

void operands() {
  using T = bfloat16_t;
  T* const fake = reinterpret_cast<T*>(std::uintptr_t(1) << 20);
  long long const big = (1ll << 31) + 64;
  auto A = make_tensor(make_gmem_ptr(static_cast<T const*>(fake)), make_layout(make_shape(big, 64ll), make_stride(64ll, 1ll)));
  auto B = make_tensor(make_gmem_ptr(static_cast<T const*>(fake)), make_layout(make_shape(128ll, 64ll), make_stride(64ll, 1ll)));
  auto C = make_tensor(make_gmem_ptr(fake), make_layout(make_shape(big, 128ll), make_stride(128ll, 1ll)));
  check_throws([&] { (void)kernels::gemm_common::operands_of<T, T>(A, B, C, "shapes"); }, "32 bits",
               "operands_of: M = 2^31 + 64 is a named error (was truncated to int)");
  auto A2 = make_tensor(make_gmem_ptr(static_cast<T const*>(fake)), make_layout(make_shape(100ll, 64ll), make_stride(64ll, 1ll)));
  auto C2 = make_tensor(make_gmem_ptr(fake), make_layout(make_shape(100ll, 127ll), make_stride(128ll, 1ll)));
  check_throws([&] { (void)kernels::gemm_common::operands_of<T, T>(A2, B, C2, "the shapes differ"); }, "the shapes differ",
               "operands_of: mismatched shapes are the named error under TESSEL_NO_CHECKS");
  auto C3 = make_tensor(make_gmem_ptr(fake), make_layout(make_shape(100ll, 128ll), make_stride(128ll, 1ll)));
  auto const o = kernels::gemm_common::operands_of<T, T>(A2, B, C3, "the shapes differ");
  check(o.M == 100 && o.N == 128 && o.K == 64 && o.sam == 64 && o.sak == 1 && o.scm == 128, "operands_of: extents and strides");
}

template <class Cfg>
void sm90_config(char const* name) {
  using TO = typename Cfg::ElementOut;
  using Expected = decltype(tile_to_shape(GMMA::Layout_SW128_Atom<GMMA::Major::K, TO>{}, Shape<_64, _64>{}));
  char what[200];
  std::snprintf(what, sizeof what, "%s: SmemTileC is made of output elements", name);
  check(std::is_same_v<typename Cfg::SmemTileC, Expected>, what);
  std::snprintf(what, sizeof what, "%s: the accumulators' pairs (direct epilogue)", name);
  check(kernels::gemm_common::check_epilogue_pairs<typename Cfg::TiledMma, typename Cfg::BM, typename Cfg::BN>(), what);
  std::snprintf(what, sizeof what, "%s: the accumulators' 64 x 64 chunks (TMA epilogue)", name);
  check(kernels::sm90::detail::check_epilogue_chunks<Cfg>(), what);
  if constexpr (Cfg::kSplitLast > 1) {
    std::snprintf(what, sizeof what, "%s: the last k-tile's %d column pieces are the tile's accumulators and B's stages", name, Cfg::kSplitLast);
    check(kernels::sm90::detail::check_split_last<Cfg>(), what);
  }
  std::snprintf(what, sizeof what, "%s: BM = 64 x consumer warpgroups (ping-pong: x row blocks), threads = 128 x (1 + consumers)", name);
  check(Cfg::BM::value == 64 * (Cfg::kPingPong ? Cfg::kRowBlocks : Cfg::kConsumers) && Cfg::kThreads == 128 * (1 + Cfg::kConsumers) &&
            int(size(typename Cfg::TiledMma{})) == (Cfg::kPingPong ? 128 : 128 * Cfg::kConsumers) && Cfg::kMmaThreads == int(size(typename Cfg::TiledMma{})),
        what);
}

template <class Cfg>
void sm80_config(char const* name) {
  char what[200];
  std::snprintf(what, sizeof what, "%s: the accumulators' pairs", name);
  check(kernels::gemm_common::check_epilogue_pairs<typename Cfg::TiledMma, typename Cfg::BM, typename Cfg::BN>(), what);
}

void scheduler() {
  int bad = 0;
  for (int tm = 1; tm <= 20; ++tm)
    for (int tn = 1; tn <= 20; ++tn)
      for (int L = -1; L <= 4; ++L) {
        auto const s = kernels::make_tile_scheduler(tm, tn, L);
        std::vector<int> seen(std::size_t(tm * tn), 0);
        for (int first = 0; first < 3; ++first)  // three persistent CTAs
          for (auto w = s.walk(first, 3); !w.done(); w.next()) {
            auto const t = s.tile(w.pos);
            if (!s.valid(t)) continue;
            if (t.m < 0 || t.m >= tm || t.n < 0 || t.n >= tn) ++bad;
            else ++seen[std::size_t(t.m + tm * t.n)];
          }
        for (int v : seen) bad += v != 1;
      }
  check(bad == 0, "TileScheduler: every tile exactly once (20 x 20 shapes, widths 2^0..2^4 and chosen, 3 persistent CTAs)");
  check_throws([] { (void)kernels::make_tile_scheduler(0, 4, -1); }, "no tiles", "make_tile_scheduler: no tiles is a named error");
  // The persistent GEMMs' raster (RasterScheduler): every tile once, compact (no empty positions) or padded (position
  // for position the padded raster of make_tile_scheduler).
  int rbad = 0, rpos = 0, rpad = 0;
  for (int tm = 1; tm <= 20; ++tm)
    for (int tn = 1; tn <= 20; ++tn)
      for (int L = -1; L <= 4; ++L)
        for (bool compact : {false, true}) {
          auto const s = kernels::make_raster_scheduler(tm, tn, L, compact);
          std::vector<int> seen(std::size_t(tm * tn), 0);
          for (int first = 0; first < 3; ++first)
            for (auto w = s.walk(first, 3); !w.done(); w.next()) {
              auto const t = s.tile(w.pos);
              if (!s.valid(t)) {
                rbad += compact;  // a compact raster has no empty positions
                continue;
              }
              if (t.m < 0 || t.m >= tm || t.n < 0 || t.n >= tn || t.l != 0) ++rbad;
              else ++seen[std::size_t(t.m + tm * t.n)];
            }
          for (int v : seen) rbad += v != 1;
          if (compact) rpos += s.positions != tm * tn;
          else {
            auto const p = kernels::make_tile_scheduler(tm, tn, L);
            rpad += s.positions != p.positions;
            for (int pos = 0; pos < p.positions && pos < s.positions; ++pos) {
              auto const a = s.tile(pos), b = p.tile(pos);
              rpad += a.m != b.m || a.n != b.n;
            }
          }
        }
  check(rbad == 0 && rpos == 0 && rpad == 0,
        "RasterScheduler: every tile once (20 x 20 shapes, widths 2^0..2^4 and chosen, 3 persistent CTAs); compact: one position per tile; "
        "padded: make_tile_scheduler's raster");
  // 16384 x 11008 x 4096 (64 x 43 cluster tiles) on 66 clusters: the padded raster gives some cluster 43 tiles, the compact one 42.
  auto const most_tiles = [](kernels::RasterScheduler const& s, int ctas) {
    int most = 0;
    for (int c = 0; c < ctas; ++c) {
      int n = 0;
      for (auto w = s.walk(c, ctas); !w.done(); w.next()) n += s.valid(s.tile(w.pos));
      most = n > most ? n : most;
    }
    return most;
  };
  auto const most_of = [&](int L, bool compact) { return most_tiles(kernels::make_raster_scheduler(64, 43, L, compact), 66); };
  check(most_of(2, false) == 43 && most_of(2, true) == 42 && most_of(3, false) == 43 && most_of(3, true) == 42,
        "RasterScheduler: 64 x 43 tiles on 66 clusters (2^2 and 2^3): 43 tiles at most padded, 42 compact");
  check_throws([] { (void)kernels::make_raster_scheduler(3, 0, -1); }, "no tiles", "make_raster_scheduler: no tiles is a named error");
  // raster_most_tiles: the busiest worker's tiles, as the scheduler's own walk counts them (20 x 20 shapes, widths 2^0..2^4
  // and chosen, padded and compact, 1..9 and 66 workers); the FP8 bench shapes' walks on the H100 (132 SMs, 66 clusters of 2).
  int mbad = 0;
  for (int tm = 1; tm <= 20; ++tm)
    for (int tn = 1; tn <= 20; ++tn)
      for (int L = -1; L <= 4; ++L)
        for (bool compact : {false, true})
          for (int w : {1, 2, 3, 4, 5, 6, 7, 8, 9, 66})
            mbad += kernels::raster_most_tiles(tm, tn, L, compact, w) != most_tiles(kernels::make_raster_scheduler(tm, tn, L, compact), w);
  check(mbad == 0, "raster_most_tiles: the scheduler's walk's busiest worker (20 x 20 shapes, widths 2^0..2^4 and chosen, 1..9 and 66 workers)");
  check(kernels::raster_most_tiles(64, 43, 3, false, 132) == 22 && kernels::raster_most_tiles(64, 43, 3, true, 132) == 21 &&
            kernels::raster_most_tiles(64, 53, 3, false, 66) == 53 && kernels::raster_most_tiles(64, 53, 3, true, 66) == 52 &&
            kernels::raster_most_tiles(64, 58, 3, false, 66) == 57 && kernels::raster_most_tiles(32, 20, 3, false, 132) == 5 &&
            kernels::raster_most_tiles(64, 43, 3, true, 132) == most_tiles(kernels::make_raster_scheduler(64, 43, 3, true), 132) &&
            kernels::raster_most_tiles(64, 43, 3, false, 132) == most_tiles(kernels::make_raster_scheduler(64, 43, 3, false), 132),
        "raster_most_tiles: FP8 8192^3 with 128 x 192 tiles 22 padded / 21 compact on 132 SMs; 16384 x 11008 with 128 x 208 on 66 clusters 53 / 52");
  check_throws([] { (void)kernels::raster_most_tiles(3, 4, -1, true, 0); }, "no workers", "raster_most_tiles: no workers is a named error");

  // Other tile-index layouts: identity, batch coordinates (batch fastest, batch-major), longest first.
  int not_once = 0, invalid = 0, not_longest_first = 0;
  for (int tm = 1; tm <= 9; ++tm)
    for (int tn = 1; tn <= 9; ++tn)
      for (int nb = 1; nb <= 4; ++nb) {
        std::vector<int> counts(std::size_t(tm * tn * nb) * 4, 0);
        int* c = counts.data();
        int const tiles = tm * tn * nb;
        invalid += kernels::count_tiles(kernels::make_tile_scheduler(make_layout(make_shape(tm, tn, nb)), tm, tn, nb), c);
        invalid += kernels::count_tiles(
            kernels::make_tile_scheduler(make_layout(make_shape(nb, tm, tn), make_stride(tm * tn, 1, tm)), tm, tn, nb), c + tiles);
        auto const lf = kernels::make_longest_first_scheduler(tm, tn, nb);
        invalid += kernels::count_tiles(lf, c + 2 * tiles);
        for (int i = 0; i < 3 * tiles; ++i) not_once += counts[std::size_t(i)] != 1;
        for (int pos = 1; pos < lf.positions; ++pos) not_longest_first += lf.tile(pos).m > lf.tile(pos - 1).m;
      }
  check(not_once == 0 && invalid == 0,
        "LayoutTileScheduler: identity, batch fastest, batch-major and longest first each give every tile once (9 x 9 x 4 shapes)");
  check(not_longest_first == 0, "make_longest_first_scheduler: row blocks from the last down");
  check_throws([] { (void)kernels::make_tile_scheduler(make_layout(4), 2, 2, 0); }, "no tiles",
               "make_tile_scheduler(layout, ...): no batches is a named error");
  // A layout that reaches an index twice is what count_tiles shows (the scheduler takes any layout).
  std::vector<int> twice(4, 0);
  (void)kernels::count_tiles(kernels::make_tile_scheduler(make_layout(make_shape(2, 2), make_stride(1, 0)), 2, 2), twice.data());
  check(twice[0] == 2 && twice[1] == 2 && twice[2] == 0, "count_tiles: a layout reaching tiles 0 and 1 twice each is seen");
  // The stream-K tail: every k-iteration once, pieces of one tile, heads and contributors as the kernel reads them.
  int sk_faults = 0, sk_cases = 0;
  for (int workers = 1; workers <= 140; workers += 3)
    for (int tiles = 1; tiles < workers + 3; tiles += 2)
      for (int kt : {1, 2, 3, 7, 64, 129}) {
        kernels::StreamKTail sk;
        sk.begin = 3 * workers, sk.tiles = tiles, sk.workers = workers, sk.k_tiles = kt;
        if (sk.iters() < workers) continue;
        ++sk_cases;
        sk_faults += kernels::check_stream_k_tail(sk);
      }
  kernels::StreamKTail wrong;  // fewer k-iterations than workers (an empty range): refused
  wrong.tiles = 3, wrong.workers = 4, wrong.k_tiles = 1;
  check(sk_faults == 0 && sk_cases > 5000 && kernels::check_stream_k_tail(wrong) > 0,
        "StreamKTail: every k-iteration of the tail once, heads and contributors (1..139 workers, tails of 1..141 tiles, 1..129 k-tiles)");
  // The default's choice on the bench's shapes (66 clusters of 2; positions of 128 x 256 pair tiles, 16384 x 11008 x 4096's
  // 2752 as the raster walks them, 2816 padded; k-tiles of 64): the 15.5-wave shapes and 8191 x 4096 x 4096 take the tail;
  // 4096^3 (7.8 idle k-tiles a cluster) and 16384 x 11008 x 4096 (idle 0.72% of the walk) do not.
  namespace k9s = kernels::sm90;
  check(k9s::choose_stream_k(1024, 66, 128) && k9s::choose_stream_k(1024, 66, 64) && k9s::choose_stream_k(1024, 66, 172) &&
            k9s::choose_stream_k(512, 66, 64) && !k9s::choose_stream_k(256, 66, 64) && !k9s::choose_stream_k(2816, 66, 64) &&
            !k9s::choose_stream_k(2752, 66, 64) && !k9s::choose_stream_k(66, 66, 64) && !k9s::choose_stream_k(60, 66, 64),
        "choose_stream_k: the tail for 8192^3, 16384x4096x{4096,11008}, 8191x4096x4096; not 4096^3, 16384x11008x4096, one wave");
}

// The grouped scheduler over the group sizes `sizes` (tiles of tr rows, tn column
// tiles, band 2^L): every (group, m, n) tile exactly once, from 3 persistent walks.
// Returns the number of faults.
int grouped_walk(std::vector<int> const& sizes, bool masked, int cap, int tr, int tn, int L) {
  int const E = int(sizes.size());
  std::vector<int> ends(static_cast<std::size_t>(E));
  int rows = 0;
  for (int g = 0; g < E; ++g) ends[std::size_t(g)] = rows += sizes[std::size_t(g)];
  kernels::GroupRows const gr = masked ? kernels::masked_groups(sizes.data(), E, cap) : kernels::contiguous_groups(ends.data(), E, rows + 2);
  std::vector<kernels::GroupTileEntry> table(std::size_t(2 + gr.max_mtiles(tr)));
  kernels::build_group_table(gr, tr, table.data(), (long long)table.size());
  if (table[0].first != 0) return 1;
  auto const s = kernels::make_grouped_scheduler(gr, table.data(), tr, tn, L);
  int faults = 0;
  std::vector<std::vector<int>> seen(static_cast<std::size_t>(E));
  for (int g = 0; g < E; ++g) seen[std::size_t(g)].assign(std::size_t(kernels::group_mtiles(sizes[std::size_t(g)], tr) * tn), 0);
  for (int first = 0; first < 3; ++first)
    for (auto w = s.walk(first, 3); !w.done(); w.next()) {
      kernels::GroupTile const t = s.tile(w.pos);
      if (!s.valid(t)) continue;
      int const g = t.group;
      if (g < 0 || g >= E) {
        ++faults;
        continue;
      }
      int const tm = kernels::group_mtiles(sizes[std::size_t(g)], tr);
      int const start = masked ? g * cap : ends[std::size_t(g)] - sizes[std::size_t(g)];
      if (t.m < 0 || t.m >= tm || t.n < 0 || t.n >= tn || t.start != start || t.rows != sizes[std::size_t(g)]) {
        ++faults;
        continue;
      }
      ++seen[std::size_t(g)][std::size_t(t.m + tm * t.n)];
    }
  for (auto const& v : seen)
    for (int c : v) faults += c != 1;
  // the positions: the groups' m-tiles times the band-rounded columns
  int mt = 0;
  for (int x : sizes) mt += kernels::group_mtiles(x, tr);
  int const w = 1 << L;
  faults += s.positions() != mt * ((tn + w - 1) / w * w);
  return faults;
}

// Calls f(sizes) for every vector of 1..max_groups group sizes in 0..values-1; returns how many.
template <class F>
int for_each_sizes(int max_groups, int values, F&& f) {
  int vectors = 0;
  for (int E = 1; E <= max_groups; ++E) {
    int total = 1;
    for (int i = 0; i < E; ++i) total *= values;
    for (int code = 0; code < total; ++code, ++vectors) {
      std::vector<int> sizes(static_cast<std::size_t>(E));
      for (int i = 0, c = code; i < E; ++i, c /= values) sizes[std::size_t(i)] = c % values;
      f(sizes);
    }
  }
  return vectors;
}

// The grouped GEMM's tiles per CTA (GroupedProblem::tile, gemm_sm90_grouped.cuh) over the group sizes
// `sizes`, tiles of BM_ rows and 1 column (N = tn), clusters of `cluster` with split_lone `split` (none,
// along N, halves along M): every (row, n-tile) of the groups' rows is computed and stored exactly once,
// the two CTAs of a pair agree on each position (a tile or none; b_own), a tile's rows and B rows are its
// group's, and a tile that is not stored is past the group's rows or past N. `work`: tiles computed;
// `cost`: tiles at the kernel's time for them, a CTA's tile of at most BM_ / 2 rows of its group (the
// kernel's second warpgroup idle, kSkipIdleRows) counting 1/2, a pair's two tiles together counting
// twice the longer one.
template <int BM_ = 3>
int grouped_tiles(std::vector<int> const& sizes, int tn, int L, int cluster, int split, long long& work, double* cost = nullptr) {
  struct Cfg {
    using BM = Int<BM_>;
    using BN = Int<1>;
  };
  struct P {
    using Config = Cfg;
  };
  int const E = int(sizes.size());
  std::vector<int> ends(static_cast<std::size_t>(E));
  int rows = 0;
  for (int g = 0; g < E; ++g) ends[std::size_t(g)] = rows += sizes[std::size_t(g)];
  kernels::GroupRows const gr = kernels::contiguous_groups(ends.data(), E, rows + 1);
  constexpr int B = BM_, H = BM_ / 2;  // a tile's rows, a warpgroup's (the kernel's 64 of 128)
  std::vector<kernels::GroupTileEntry> table(std::size_t(2 + gr.max_mtiles(B * cluster)));
  kernels::build_group_table(gr, B * cluster, table.data(), (long long)table.size());
  kernels::sm90::GroupedProblem pr;
  pr.sched = kernels::make_grouped_scheduler(gr, table.data(), B * cluster, tn, L);
  pr.n = tn;
  pr.split_lone = split;
  int faults = 0;
  std::vector<int> seen(std::size_t(rows + 1) * std::size_t(tn), 0);  // (row, n) stored
  for (auto w = pr.sched.walk(0, 1); !w.done(); w.next()) {
    kernels::GemmTile const t0 = pr.tile(P{}, w.pos, cluster, 0), t1 = pr.tile(P{}, w.pos, cluster, cluster - 1);
    faults += t0.valid != t1.valid || t0.b_own != t1.b_own;
    double longest = 0;
    for (int r = 0; r < cluster; ++r) {
      kernels::GemmTile const& t = r == 0 ? t0 : t1;
      if (!t.valid) continue;
      ++work;
      int const g = (t.b_row - t.c_col) / tn;  // b_row = g * N + c_col
      int const g0 = g >= 0 && g < E ? ends[std::size_t(g)] - sizes[std::size_t(g)] : 0;
      if (g < 0 || g >= E || t.a_row != t.c_row || t.c_row_end > ends[std::size_t(g)] || t.c_row < g0 || t.c_row_end < g0 ||
          (t.c_row_end < ends[std::size_t(g)] && t.c_row_end - t.c_row > H)) {  // (a bound within the group: a half's)
        ++faults;
        continue;
      }
      int const mine = std::min(t.c_row_end - t.c_row, B);  // the tile's rows of its group (<= 0: none)
      longest = std::max(longest, mine <= 0 ? 0.0 : mine <= H ? 0.5 : 1.0);  // (no rows: the partner's time)
      bool const stored = t.c_row < t.c_row_end && t.c_col < tn;
      if (!stored) continue;  // rows past the group's, or an n-tile past N: computed, not stored
      faults += t.tma_store != (t.c_row + B <= t.c_row_end);
      for (int row = t.c_row; row < t.c_row + mine; ++row) ++seen[std::size_t(row) * std::size_t(tn) + std::size_t(t.c_col)];
    }
    if (cost) *cost += cluster * longest;
  }
  for (int g = 0; g < E; ++g)
    for (int r = ends[std::size_t(g)] - sizes[std::size_t(g)]; r < ends[std::size_t(g)]; ++r)
      for (int n = 0; n < tn; ++n) faults += seen[std::size_t(r) * std::size_t(tn) + std::size_t(n)] != 1, seen[std::size_t(r) * std::size_t(tn) + std::size_t(n)] = 0;
  for (int c : seen) faults += c != 0;
  return faults;
}

void grouped_tiles_all() {
  namespace k9 = kernels::sm90;
  int faults = 0, cost_faults = 0;
  long long work1 = 0, work2 = 0, work2s = 0, work2h = 0, odd_extra = 0;
  double cost1 = 0, cost2 = 0, cost2s = 0, cost2h = 0;
  int const vectors = for_each_sizes(3, 10, [&](std::vector<int> const& sizes) {
    for (int tn = 1; tn <= 4; ++tn)
      for (int L = 0; L <= 1; ++L) {
        long long w1 = 0, w2s = 0, w4 = 0;
        double c1 = 0, c2 = 0, c2s = 0, c2h = 0;
        faults += grouped_tiles(sizes, tn, L, 1, k9::kSplitN, w1);
        faults += grouped_tiles(sizes, tn, L, 2, k9::kSplitNone, work2);
        faults += grouped_tiles(sizes, tn, L, 2, k9::kSplitN, w2s);
        faults += grouped_tiles(sizes, tn, L, 2, k9::kSplitHalves, work2h);
        // tiles of 4 rows (halves of 2, as the kernel's 128 of 64): the costs
        faults += grouped_tiles<4>(sizes, tn, L, 1, k9::kSplitN, w4, &c1) + grouped_tiles<4>(sizes, tn, L, 2, k9::kSplitNone, w4, &c2) +
                  grouped_tiles<4>(sizes, tn, L, 2, k9::kSplitN, w4, &c2s) + grouped_tiles<4>(sizes, tn, L, 2, k9::kSplitHalves, w4, &c2h);
        // split_lone computes what clusters of 1 do, plus one n-tile past N per lone m-tile where tn is odd
        long long lone = 0;
        for (int x : sizes) lone += x > 0 && (x + 2) / 3 % 2 == 1;
        faults += w2s != w1 + (tn % 2) * lone;
        // the halves and the split along N cost no more than no split, and the halves no more than clusters of 1
        // where no lone m-tile has at most a half's rows; where tn is even, the split along N costs what clusters
        // of 1 do but for pairs whose second tile holds at most a half's rows
        cost_faults += c2h > c2 + 1e-9 || c2s > c2 + 1e-9 || (tn % 2 == 0 && c2s + 1e-9 < c1);
        work1 += w1, work2s += w2s, odd_extra += (tn % 2) * lone;
        cost1 += c1, cost2 += c2, cost2s += c2s, cost2h += c2h;
      }
  });
  char what[600];
  std::snprintf(what, sizeof what,
                "GroupedProblem::tile: every row of the groups stored once, the pair agreeing (%d size vectors of 1-3 groups of 0..9 "
                "rows, tiles of 3 and of 4 rows, 1-4 column tiles, bands 2^0..2^1; clusters of 1, 2, 2 split along N, 2 in halves: %lld, %lld, "
                "%lld, %lld tiles of 3 rows computed, split along N = clusters of 1 + %lld past N; tiles of 4 rows, their time with idle "
                "warpgroups skipped: %.0f, %.0f, %.0f, %.0f; halves and split along N <= no split)",
                vectors, work1, work2, work2s, work2h, odd_extra, cost1, cost2, cost2s, cost2h);
  check(faults == 0 && cost_faults == 0, what);
  // The default cluster: 2 on a card of the H100's DRAM bandwidth per SM (or an unknown one), 1 on the H200's.
  std::vector<int> const ends = {300, 600, 900};
  auto const gr = kernels::contiguous_groups(ends.data(), 3, 900);
  check(kernels::sm90::choose_grouped_cluster(gr, 128, 16, 25.4) == 2 && kernels::sm90::choose_grouped_cluster(gr, 128, 16, 0) == 2 &&
            kernels::sm90::choose_grouped_cluster(gr, 128, 16, 37.3) == 1 && kernels::sm90::choose_grouped_cluster(gr, 160, 1, 25.4) == 1 &&
            kernels::sm90::choose_grouped_cluster(gr, 100, 1, 25.4) == 2 && kernels::sm90::choose_grouped_cluster(kernels::GroupRows{}, 128, 16, 0) == 1,
        "choose_grouped_cluster: 2 at 25.4 GB/s per SM (H100) or unknown, 1 at 37.3 (H200), 1 for one n-tile column of groups under 2 x BM rows");
  check(kernels::sm90::choose_split_lone(25.4) == k9::kSplitNone && kernels::sm90::choose_split_lone(0) == k9::kSplitNone &&
            kernels::sm90::choose_split_lone(37.3) == k9::kSplitN,
        "choose_split_lone: no split at 25.4 GB/s per SM (H100) or unknown, split along N at 37.3 (H200)");
  // The default order at 25.4 GB/s per SM (or unknown): dynamic for 8-bit inputs, and for 16-bit ones where the groups average at
  // most kDynamicMaxAvgTiles = 2 tiles (300 rows: <= 2 x 150, > 2 x 149); at 37.3 (H200) the same with kDynamicMaxAvgTilesWide = 4
  // (300 <= 4 x 75, > 4 x 74); static for no groups. The dynamic order's band: 1 column where the groups average at most
  // kDynamicNarrowBandMTiles m-tiles (300 <= 4 x 75, > 4 x 74), else the static walk's.
  check(k9::choose_grouped_schedule(gr, 128, true, 25.4) == k9::kScheduleDynamic && k9::choose_grouped_schedule(gr, 128, true, 0) == k9::kScheduleDynamic &&
            k9::choose_grouped_schedule(gr, 150, false, 25.4) == k9::kScheduleDynamic &&
            k9::choose_grouped_schedule(gr, 149, false, 25.4) == k9::kScheduleStatic && k9::choose_grouped_schedule(gr, 149, false, 0) == k9::kScheduleStatic &&
            k9::choose_grouped_schedule(gr, 128, true, 37.3) == k9::kScheduleDynamic && k9::choose_grouped_schedule(gr, 8, true, 37.3) == k9::kScheduleDynamic &&
            k9::choose_grouped_schedule(gr, 149, false, 37.3) == k9::kScheduleDynamic && k9::choose_grouped_schedule(gr, 75, false, 37.3) == k9::kScheduleDynamic &&
            k9::choose_grouped_schedule(gr, 74, false, 37.3) == k9::kScheduleStatic &&
            k9::choose_grouped_schedule(kernels::GroupRows{}, 128, true, 0) == k9::kScheduleStatic &&
            k9::choose_grouped_schedule(kernels::GroupRows{}, 128, true, 37.3) == k9::kScheduleStatic,
        "choose_grouped_schedule: dynamic for 8-bit inputs on both cards, for 16-bit groups of at most 2 tiles on average at 25.4 GB/s "
        "per SM (H100) or unknown and of at most 4 at 37.3 (H200), static otherwise and for no groups");
  check(k9::choose_dynamic_log_band(gr, 128, 16) == 0 && k9::choose_dynamic_log_band(gr, 75, 16) == 0 &&
            k9::choose_dynamic_log_band(gr, 74, 16) == kernels::choose_log_band(16) && kernels::choose_log_band(16) > 0 &&
            k9::choose_dynamic_log_band(kernels::GroupRows{}, 128, 16) == kernels::choose_log_band(16),
        "choose_dynamic_log_band: bands of 1 column where the groups average at most 4 m-tiles (300 rows: tiles of 128 or 75), the static "
        "walk's for more (tiles of 74) or no groups");
}

// The dense GEMM's default cluster and raster (gemm_sm90.cuh: choose_cluster, choose_raster).
void dense_choices() {
  namespace k9 = kernels::sm90;
  kernels::GemmOptions const d;
  check(k9::choose_cluster(d, 32, 4096, false) == 2 && k9::choose_cluster(d, 64, 64, false) == 2 && k9::choose_cluster(d, 1, 8192, false) == 1 &&
            k9::choose_cluster(d, 32, 8192, true) == 1 && k9::choose_cluster(d, 32, 11008, true) == 2 && k9::choose_cluster(d, 1, 11008, true) == 1,
        "choose_cluster: 16-bit pairs at every K (2+ M tiles), 8-bit from K = 9216");
  check(k9::choose_cluster(d, 128, 4096, true) == 2 && k9::choose_cluster(d, 127, 4096, true) == 1 && k9::choose_cluster(d, 200, 128, true) == 2 &&
            k9::choose_cluster(d, 64, 8192, true) == 1,
        "choose_cluster: 8-bit pairs from 128 M tiles at any K (kClusterTallTilesM8), not below");
  check(k9::choose_fp8_fast_pingpong(128, 4096) && k9::choose_fp8_fast_pingpong(200, 9215) && !k9::choose_fp8_fast_pingpong(127, 4096) &&
            !k9::choose_fp8_fast_pingpong(128, 11008) && !k9::choose_fp8_fast_pingpong(64, 8192) && !k9::choose_fp8_fast_pingpong(32, 4096),
        "choose_fp8_fast_pingpong: the ping-pong kernel for FP8 without promotion from 128 M tiles, K below 9216 (the measured wins)");
  check(k9::Fp8FastPingPongConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>::kPingPong &&
            k9::Fp8FastPingPongConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>::BM::value == 128 &&
            k9::Fp8FastPingPongConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>::BN::value == 128 &&
            !k9::Fp8FastPingPongConfig<float_e4m3_t, float_e4m3_t, bfloat16_t>::kPromote,
        "Fp8FastPingPongConfig: ping-pong, 128 x 128 tiles per warpgroup, no promotion");
  kernels::GemmOptions o;
  o.cluster_min_k = 9216;
  kernels::GemmOptions one;
  one.cluster = 1;
  check(k9::choose_cluster(o, 32, 8192, false) == 1 && k9::choose_cluster(o, 32, 9216, false) == 2 && k9::choose_cluster(one, 32, 11008, true) == 1 &&
            k9::choose_cluster(o, 128, 4096, true) == 1 && k9::choose_cluster(one, 128, 4096, true) == 1,
        "choose_cluster: GemmOptions::cluster_min_k and cluster, where given, decide");
  int wrong = 0;
  for (int tm = 1; tm <= 40; ++tm)
    for (int tn = 1; tn <= 40; ++tn) {
      int const L = kernels::choose_log_swizzle(tm, tn);
      wrong += k9::choose_raster(tm, tn, false, 25.4) != (L > 2 ? 2 : L) || k9::choose_raster(tm, tn, false, 0) != (L > 2 ? 2 : L);
      wrong += k9::choose_raster(tm, tn, false, 36.5) != L || k9::choose_raster(tm, tn, true, 25.4) != L;
    }
  check(wrong == 0 && k9::choose_raster(64, 32, false, 25.4) == 2 && k9::choose_raster(64, 32, false, 36.5) == 3,
        "choose_raster: 16-bit at most 2^2 at 25.4 GB/s per SM (H100) or unknown, choose_log_swizzle's at 36.5 (H200) and for 8-bit (40 x 40 tile grids)");
}

void grouped_scheduler() {
  int faults = 0;
  int const vectors = for_each_sizes(4, 8, [&](std::vector<int> const& sizes) {
    int const E = int(sizes.size());
    for (int tn = 1; tn <= 5; tn += (E == 4 ? 2 : 1))
      for (int L = 0; L <= 2; ++L) {
        faults += grouped_walk(sizes, false, 0, 3, tn, L);
        if (E <= 3 || tn == 3) faults += grouped_walk(sizes, true, 7, 3, tn, L);
      }
  });
  char what[200];
  std::snprintf(what, sizeof what,
                "GroupedTileScheduler: every (group, m, n) tile once, its rows right (%d size vectors of 1-4 groups of 0..7 rows, "
                "tiles of 3 rows, 1-5 column tiles, bands 2^0..2^2, contiguous and masked)",
                vectors);
  check(faults == 0, what);
  // Invalid sizes and a table too small: the header says so and holds no tile.
  std::vector<kernels::GroupTileEntry> table(16);
  int const dec[3] = {4, 2, 6};  // a decreasing end
  kernels::build_group_table(kernels::contiguous_groups(dec, 3, 6), 3, table.data(), 16);
  bool ok = table[0].first == kernels::kGroupTableBadSizes && table[0].group == 0;
  int const past[2] = {4, 9};  // an end past the rows
  kernels::build_group_table(kernels::contiguous_groups(past, 2, 8), 3, table.data(), 16);
  ok = ok && table[0].first == kernels::kGroupTableBadSizes;
  int const over[2] = {3, 8};  // a count above the capacity 7
  kernels::build_group_table(kernels::masked_groups(over, 2, 7), 3, table.data(), 16);
  ok = ok && table[0].first == kernels::kGroupTableBadSizes;
  int const many[1] = {30};  // 10 m-tiles in a table of 5 entries
  kernels::build_group_table(kernels::contiguous_groups(many, 1, 30), 3, table.data(), 5);
  ok = ok && table[0].first == kernels::kGroupTableTooSmall && table[0].group == 0;
  check(ok, "build_group_table: a decreasing end, an end past the rows, a count above the capacity, a table too small: the header's error");
  check_throws([] { (void)kernels::make_grouped_scheduler(kernels::GroupRows{}, nullptr, 128, 0); }, "no tiles",
               "make_grouped_scheduler: no column tiles is a named error");
  // The layout of a group's tiles is the dense raster's swizzle (printed as describe() does).
  check(kernels::group_tile_layout_unchecked(3, 5, 1) == kernels::group_tile_layout(3, 5, 1) &&
            kernels::group_tile_layout(3, 5, 1) == make_layout(make_shape(make_shape(2, 3), 3), make_stride(make_stride(3, 1), 6)),
        "group_tile_layout(3, 5, 1) = ((2,3),3):((3,1),6), built unchecked the same");
}

// PipelineState: after k advances, stage k % Stages and phase (k / Stages) % 2.
void pipeline_state() {
  int wrong = 0;
  auto run = [&](auto st, int stages) {
    for (int k = 0; k < 100; ++k, st.advance()) wrong += st.index != k % stages || st.phase != (k / stages) % 2;
  };
  run(kernels::PipelineState<1>{}, 1);
  run(kernels::PipelineState<2>{}, 2);
  run(kernels::PipelineState<3>{}, 3);
  run(kernels::PipelineState<4>{}, 4);
  run(kernels::PipelineState<7>{}, 7);
  check(wrong == 0, "PipelineState: stage k % Stages and phase (k / Stages) % 2 for Stages 1, 2, 3, 4, 7 (100 advances)");
  // advance(n): the same state as n advances, from every start (the ping-pong's pass over another warpgroup's tile).
  int wrong_n = 0;
  auto run_n = [&](auto st0) {
    for (int k = 0; k < 40; ++k, st0.advance())
      for (int n = 0; n <= 70; ++n) {
        auto a = st0, b = st0;
        a.advance(n);
        for (int i = 0; i < n; ++i) b.advance();
        wrong_n += a.index != b.index || a.phase != b.phase;
      }
  };
  run_n(kernels::PipelineState<1>{});
  run_n(kernels::PipelineState<4>{});
  run_n(kernels::PipelineState<6>{});
  run_n(kernels::PipelineState<7>{});
  check(wrong_n == 0, "PipelineState::advance(n) = n advances (Stages 1, 4, 6, 7; n 0..70 from 40 starts)");
}

// ---- the pipeline ------------------------------------------------------------------------------

constexpr int kChunk = 512;     // ints per chunk (2 KB, one bulk copy)
constexpr int kConsumers = 2;   // consumer warps per CTA; warp 0 is the producer's
constexpr int kThreads = 32 * (1 + kConsumers);

// What each consumer warp saw at each iteration.
struct Seen {
  long long sum;
  int changed;  // values that differed between the two reads
  int index, phase;
};

// One CTA (Cluster 1) or each CTA of a cluster of 2 (Cluster 2, rank r): chunks
// in[(r * iters + it) * kChunk ...] through Stages buffers.
template <int Stages, int Cluster>
__device__ void pipeline_body(int const* in, Seen* seen, int* released, int* early, int iters, int rank) {
  __shared__ alignas(128) int buf[Stages * kChunk];
  __shared__ alignas(8) std::uint64_t barriers[2 * Stages];
  kernels::TmaPipeline<Stages> const pipe(barriers, Cluster);
  int const warp = int(threadIdx.x) / 32, lane = int(threadIdx.x) % 32;
  if (threadIdx.x == 0) pipe.init(32 * kConsumers);  // every consumer thread of each CTA releases what it read
  if constexpr (Cluster > 1) cluster_sync();    // every CTA's barriers initialised before any remote arrive
  else __syncthreads();
  if (warp == 0) {
    if (lane == 0) {
      kernels::PipelineState<Stages> st;
      for (int it = 0; it < iters; ++it) {
        pipe.producer_acquire(st, kChunk * sizeof(int));
        // The stage is back: every consumer of the cluster released iteration it - Stages.
        if (Cluster > 1 && it >= Stages) {
          for (int r = 0; r < Cluster; ++r)
            if (*reinterpret_cast<int volatile*>(&released[r]) < (it - Stages + 1) * kConsumers) atomicAdd(early, 1);
        }
        SM90_BULK_COPY_G2S::copy(in + (long long)(rank * iters + it) * kChunk, &pipe.full(st), buf + st.index * kChunk,
                                 kChunk * int(sizeof(int)));
        st.advance();
      }
    }
    __syncwarp();
  } else {
    int const c = warp - 1;
    kernels::PipelineState<Stages> st;
    for (int it = 0; it < iters; ++it) {
      pipe.consumer_wait(st);
      int const* s = buf + st.index * kChunk;
      long long sum = 0;
      int first[kChunk / 32];
      for (int e = 0; e < kChunk / 32; ++e) first[e] = s[lane + 32 * e], sum += first[e];
      // Slow consumers (rank 1 of a cluster much more so): a producer that does not wait overwrites the stage meanwhile.
      __nanosleep(rank == 1 ? 20000 : 2000);
      int changed = 0;
      int const volatile* again = s;  // read again: loads the compiler may not replace by the first read's values
      for (int e = 0; e < kChunk / 32; ++e) changed += again[lane + 32 * e] != first[e];
      for (int o = 16; o > 0; o /= 2) sum += __shfl_down_sync(0xffffffffu, sum, o), changed += __shfl_down_sync(0xffffffffu, changed, o);
      if (lane == 0) {
        seen[(long long)(rank * iters + it) * kConsumers + c] = Seen{sum, changed, st.index, st.phase};
        if constexpr (Cluster > 1) {
          atomicAdd(&released[rank], 1);
          __threadfence();  // the count, before the release the other CTA's producer waits for
        }
      }
      // Every lane releases the stage itself: its arrive (a release) orders its own reads before
      // the producer's next bulk copy into the stage. One arrive per warp after __syncwarp is
      // ordered too, but compute-sanitizer's racecheck does not follow __syncwarp into another
      // lane's arrive and reports the reuse (pipeline.cuh, consumer_release).
      pipe.consumer_release(st.index);
      st.advance();
    }
  }
  if constexpr (Cluster > 1) cluster_sync();  // no CTA leaves while the other may still arrive on its barriers
}

template <int Stages>
__global__ void __launch_bounds__(kThreads) pipeline_kernel(int const* in, Seen* seen, int iters) {
  pipeline_body<Stages, 1>(in, seen, nullptr, nullptr, iters, 0);
}
template <int Stages>
__global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(kThreads) pipeline_cluster_kernel(int const* in, Seen* seen, int* released,
                                                                                            int* early, int iters) {
  pipeline_body<Stages, 2>(in, seen, released, early, iters, int(block_rank_in_cluster()));
}

template <int Stages, int Cluster>
void run_pipeline(int iters) {
  char what[160];
  std::snprintf(what, sizeof what, "pipeline, %d stage(s), %d iterations, cluster of %d", Stages, iters, Cluster);
  int const n = Cluster * iters * kChunk;
  std::vector<int> in(std::size_t(n), 0);
  for (int i = 0; i < n; ++i) in[std::size_t(i)] = int((i * 2654435761u) >> 8) - (1 << 22);
  int *din = nullptr, *dreleased = nullptr, *dearly = nullptr;
  Seen* dseen = nullptr;
  std::size_t const nseen = std::size_t(Cluster) * iters * kConsumers;
  bool ok = cuda_ok(cudaMalloc(&din, std::size_t(n) * sizeof(int)), what) &&
            cuda_ok(cudaMalloc(&dseen, nseen * sizeof(Seen)), what) && cuda_ok(cudaMalloc(&dreleased, 2 * sizeof(int)), what) &&
            cuda_ok(cudaMalloc(&dearly, sizeof(int)), what) &&
            cuda_ok(cudaMemcpy(din, in.data(), std::size_t(n) * sizeof(int), cudaMemcpyHostToDevice), what) &&
            cuda_ok(cudaMemset(dseen, 0xff, nseen * sizeof(Seen)), what) && cuda_ok(cudaMemset(dreleased, 0, 2 * sizeof(int)), what) &&
            cuda_ok(cudaMemset(dearly, 0, sizeof(int)), what);
  if (ok) {
    if constexpr (Cluster == 1) pipeline_kernel<Stages><<<1, kThreads>>>(din, dseen, iters);
    else pipeline_cluster_kernel<Stages><<<2, kThreads>>>(din, dseen, dreleased, dearly, iters);
    ok = cuda_ok(cudaGetLastError(), what) && cuda_ok(cudaDeviceSynchronize(), what);
  }
  if (ok) {
    std::vector<Seen> seen(nseen);
    int early = 0;
    ok = cuda_ok(cudaMemcpy(seen.data(), dseen, nseen * sizeof(Seen), cudaMemcpyDeviceToHost), what) &&
         cuda_ok(cudaMemcpy(&early, dearly, sizeof(int), cudaMemcpyDeviceToHost), what);
    int wrong_sum = 0, changed = 0, wrong_state = 0;
    for (int r = 0; ok && r < Cluster; ++r)
      for (int it = 0; it < iters; ++it) {
        long long want = 0;
        for (int e = 0; e < kChunk; ++e) want += in[std::size_t((r * iters + it) * kChunk + e)];
        for (int c = 0; c < kConsumers; ++c) {
          Seen const& s = seen[std::size_t((r * iters + it) * kConsumers + c)];
          wrong_sum += s.sum != want;
          changed += s.changed;
          wrong_state += s.index != it % Stages || s.phase != (it / Stages) % 2;
        }
      }
    if (ok && (wrong_sum || changed || wrong_state || early))
      std::printf("  %s: %d wrong sums, %d values changed while read, %d wrong (index, phase), %d stages reused early\n", what, wrong_sum,
                  changed, wrong_state, early);
    check(ok && wrong_sum == 0, what);
    check(ok && changed == 0, "  ... no stage overwritten while its consumers read it");
    check(ok && wrong_state == 0, "  ... stage index it % Stages, phase (it / Stages) % 2");
    if (Cluster > 1) check(ok && early == 0, "  ... a stage comes back only once both CTAs' consumers released it");
  }
  cudaFree(din), cudaFree(dseen), cudaFree(dreleased), cudaFree(dearly);
}

// ---- WarpgroupTurns (the ping-pong's turns) ----------------------------------------------------

// Groups warpgroups take `turns` turns (turn k is group k % Groups's); in each, the warpgroup's
// threads read the log's length, sleep (group 1 longest, so that an unordered turn would overtake),
// and thread 0 appends its group; a thread that sees the log change during its turn counts an overlap.
template <int Groups>
__global__ void turns_kernel(int turns, int* log, int* overlaps) {
  __shared__ int len;
  if (threadIdx.x == 0) len = 0;
  __syncthreads();
  int const group = int(threadIdx.x) / 128;
  kernels::WarpgroupTurns<Groups> const t{1, group};
  t.open(turns > 0);
  for (int k = group; k < turns; k += Groups) {
    t.wait();
    int const before = *reinterpret_cast<int volatile*>(&len);
    __nanosleep(group == 1 ? 20000 : 1000);
    if (*reinterpret_cast<int volatile*>(&len) != before) atomicAdd(overlaps, 1);
    kernels::named_barrier_sync(8 + group, 128);  // the group's reads, before its append
    if (threadIdx.x % 128 == 0) {
      log[before] = group;
      *reinterpret_cast<int volatile*>(&len) = before + 1;
      __threadfence_block();
    }
    kernels::named_barrier_sync(8 + group, 128);  // the append, before the turn passes
    t.pass(k + 1 < turns);
  }
}

template <int Groups>
void run_turns(int turns) {
  char what[160];
  std::snprintf(what, sizeof what, "WarpgroupTurns<%d>: %d turns in the order 0, 1, ..., no two at once, every arrive met", Groups, turns);
  int *dlog = nullptr, *dover = nullptr;
  bool ok = cuda_ok(cudaMalloc(&dlog, 64 * sizeof(int)), what) && cuda_ok(cudaMalloc(&dover, sizeof(int)), what) &&
            cuda_ok(cudaMemset(dlog, 0xff, 64 * sizeof(int)), what) && cuda_ok(cudaMemset(dover, 0, sizeof(int)), what);
  if (ok) {
    turns_kernel<Groups><<<1, 128 * Groups>>>(turns, dlog, dover);
    ok = cuda_ok(cudaGetLastError(), what) && cuda_ok(cudaDeviceSynchronize(), what);
  }
  int log[64], over = 0;
  ok = ok && cuda_ok(cudaMemcpy(log, dlog, sizeof log, cudaMemcpyDeviceToHost), what) &&
       cuda_ok(cudaMemcpy(&over, dover, sizeof(int), cudaMemcpyDeviceToHost), what);
  int wrong = 0;
  for (int k = 0; ok && k < 64; ++k) wrong += log[k] != (k < turns ? k % Groups : -1);
  if (ok && (wrong || over)) std::printf("  %s: %d wrong log entries, %d overlapping turns\n", what, wrong, over);
  check(ok && wrong == 0 && over == 0, what);
  cudaFree(dlog), cudaFree(dover);
}

// ---- the tile scheduler ------------------------------------------------------------------------

// CTA b of P takes positions b, b + P, ...; records each position's tile index (-1: not valid) and counts the tiles.
template <class Sched>
__global__ void scheduler_kernel(Sched const s, int* tile_of, int* counts) {
  for (auto w = s.walk(int(blockIdx.x), int(gridDim.x)); !w.done(); w.next()) {
    kernels::TileCoord const t = s.tile(w.pos);
    if (!s.valid(t)) {
      tile_of[w.pos] = -1;
      continue;
    }
    int const idx = t.m + s.tiles_m * (t.n + s.tiles_n * t.l);
    tile_of[w.pos] = idx;
    atomicAdd(&counts[idx], 1);
  }
}

template <class Sched>
void run_scheduler(Sched const& s, char const* name, int ctas) {
  char what[200];
  std::snprintf(what, sizeof what, "scheduler %s, %d x %d x %d tiles, %d positions, %d persistent CTAs", name, s.tiles_m, s.tiles_n,
                s.batches, s.positions, ctas);
  int const tiles = s.tiles_m * s.tiles_n * s.batches;
  int *dtile = nullptr, *dcounts = nullptr;
  bool ok = cuda_ok(cudaMalloc(&dtile, std::size_t(s.positions) * sizeof(int)), what) &&
            cuda_ok(cudaMalloc(&dcounts, std::size_t(tiles) * sizeof(int)), what) &&
            cuda_ok(cudaMemset(dtile, 0x7f, std::size_t(s.positions) * sizeof(int)), what) &&
            cuda_ok(cudaMemset(dcounts, 0, std::size_t(tiles) * sizeof(int)), what);
  if (ok) {
    scheduler_kernel<<<ctas, 1>>>(s, dtile, dcounts);
    ok = cuda_ok(cudaGetLastError(), what) && cuda_ok(cudaDeviceSynchronize(), what);
  }
  std::vector<int> tile_of(static_cast<std::size_t>(s.positions)), counts(static_cast<std::size_t>(tiles));
  ok = ok && cuda_ok(cudaMemcpy(tile_of.data(), dtile, tile_of.size() * sizeof(int), cudaMemcpyDeviceToHost), what) &&
       cuda_ok(cudaMemcpy(counts.data(), dcounts, counts.size() * sizeof(int), cudaMemcpyDeviceToHost), what);
  int not_once = 0, differ = 0;
  for (int c : counts) not_once += c != 1;
  for (int pos = 0; ok && pos < s.positions; ++pos) {
    kernels::TileCoord const t = s.tile(pos);
    int const host = s.valid(t) ? t.m + s.tiles_m * (t.n + s.tiles_n * t.l) : -1;
    differ += tile_of[std::size_t(pos)] != host;
  }
  if (ok && (not_once || differ)) std::printf("  %s: %d tiles not visited once, %d positions whose tile differs from the host's\n", what, not_once, differ);
  check(ok && not_once == 0 && differ == 0, what);
  cudaFree(dtile), cudaFree(dcounts);
}

// The pre-pass kernel (gemm_sm90_grouped.cuh) builds the table build_group_table builds.
void grouped_table(std::vector<int> const& sizes, bool masked, int cap, char const* name) {
  int const E = int(sizes.size()), tr = 128;
  std::vector<int> ends(static_cast<std::size_t>(E));
  int rows = 0;
  for (int g = 0; g < E; ++g) ends[std::size_t(g)] = rows += sizes[std::size_t(g)];
  std::vector<int> const& arg = masked ? sizes : ends;
  int* d = nullptr;
  kernels::GroupTileEntry* dt = nullptr;
  auto host_gr = masked ? kernels::masked_groups(arg.data(), E, cap) : kernels::contiguous_groups(arg.data(), E, rows);
  long long const room = 2 + host_gr.max_mtiles(tr);
  std::vector<kernels::GroupTileEntry> want(static_cast<std::size_t>(room)), got(static_cast<std::size_t>(room));
  kernels::build_group_table(host_gr, tr, want.data(), room);
  bool ok = cuda_ok(cudaMalloc(&d, std::size_t(E) * 4), name) && cuda_ok(cudaMalloc(&dt, std::size_t(room) * sizeof(kernels::GroupTileEntry)), name) &&
            cuda_ok(cudaMemcpy(d, arg.data(), std::size_t(E) * 4, cudaMemcpyHostToDevice), name);
  if (ok) {
    auto gr = host_gr;
    (masked ? gr.counts : gr.ends) = d;
    kernels::group_table_kernel<1024><<<1, 1024, std::size_t(E + 1) * sizeof(int)>>>(gr, tr, dt, room);
    ok = cuda_ok(cudaGetLastError(), name) && cuda_ok(cudaDeviceSynchronize(), name) &&
         cuda_ok(cudaMemcpy(got.data(), dt, got.size() * sizeof(kernels::GroupTileEntry), cudaMemcpyDeviceToHost), name);
  }
  int differ = 0;
  for (int t = 0; ok && t <= want[0].group; ++t)
    differ += got[std::size_t(t)].group != want[std::size_t(t)].group || got[std::size_t(t)].first != want[std::size_t(t)].first ||
              got[std::size_t(t)].start != want[std::size_t(t)].start || got[std::size_t(t)].rows != want[std::size_t(t)].rows;
  char what[200];
  std::snprintf(what, sizeof what, "group_table_kernel: %s (%d groups, %d m-tiles): the table of build_group_table (%d entries differ)", name, E,
                want[0].group, differ);
  check(ok && differ == 0, what);
  cudaFree(d), cudaFree(dt);
}

void grouped_tables() {
  grouped_table({0, 1, 127, 128, 129, 0, 300}, false, 0, "ragged contiguous");
  grouped_table({0, 1, 255, 256, 17}, true, 256, "masked");
  grouped_table({0, 0, 0}, false, 0, "all empty");
  std::vector<int> many(3000);
  unsigned x = 7;
  for (auto& v : many) v = int((x = x * 1664525u + 1013904223u) >> 24) % 300;
  grouped_table(many, false, 0, "3000 random groups");
  grouped_table({5, 300, 9}, true, 256, "a count above the capacity (the error)");
}

void schedulers() {
  int const shapes[][3] = {{1, 1, 1}, {5, 7, 1}, {13, 3, 2}, {16, 16, 3}, {33, 20, 1}};
  for (auto const& sh : shapes) {
    int const tm = sh[0], tn = sh[1], nb = sh[2];
    for (int ctas : {1, 7, 132}) {
      if (nb == 1) {
        run_scheduler(kernels::make_tile_scheduler(make_layout(make_shape(tm, tn)), tm, tn), "identity (tm,tn):(1,tm)", ctas);
        for (int L = -1; L <= 3; ++L) {
          char name[80];
          std::snprintf(name, sizeof name, "threadblock swizzle 2^%d%s", L < 0 ? kernels::choose_log_swizzle(tm, tn) : L,
                        L < 0 ? " (chosen)" : "");
          run_scheduler(kernels::make_tile_scheduler(tm, tn, L), name, ctas);
        }
      }
      run_scheduler(kernels::make_tile_scheduler(make_layout(make_shape(nb, tm, tn), make_stride(tm * tn, 1, tm)), tm, tn, nb),
                    "batch fastest (l,tm,tn):(tm*tn,1,tm)", ctas);
      run_scheduler(kernels::make_tile_scheduler(make_layout(make_shape(tm, tn, nb)), tm, tn, nb), "batch-major (tm,tn,l)", ctas);
      run_scheduler(kernels::make_longest_first_scheduler(tm, tn, nb), "longest first", ctas);
    }
  }
}


// The ping-pong configurations' figures: the FP8 ones (bench/gpu/gemm_bench.cu's variants 24, 25).
void ping_pong_config() {
  using E4 = float_e4m3_t;
  using BF = bfloat16_t;
  using KM = GMMA::Major;
  namespace s = kernels::sm90;
  using F = s::Fp8FastPingPongConfig<E4, E4, BF>;
  using P = s::GemmConfig<E4, BF, KM::K, KM::K, 192, 6, 2, 24, 240, E4, true, false, false, 2, 0, 0, 1>;
  sm90_config<F>("sm90 FP8 ping-pong 128 x 128 (no promotion)");
  sm90_config<P>("sm90 FP8 ping-pong 64 x 192 (promotion)");
  check(F::kChunks == 4 && P::kChunks == 3 && F::chunk_row(1, 1) == 0 && F::chunk_row(1, 2) == 64 && F::chunk_row(0, 3) == 64 &&
            s::GemmConfig<BF, BF, KM::K, KM::K>::chunk_row(1, 3) == 64 && s::GemmConfig<BF, BF, KM::K, KM::K>::kChunks == 4,
        "ping-pong: chunks per warpgroup and tile, chunk_row (row block j / kChunksN; cooperative: 64 w)");
  check(F::kTurnBarrier + F::kConsumers <= 16 && F::kTurnBarrier > F::kOffsetBarrier && F::kOffsetBarrier >= F::kEpiBarrier + F::kConsumers,
        "ping-pong: the turns' named barriers follow the epilogue's and the offset's, below 16");
}

// The FP8 GEMM's configurations (issue 27), host side only (no kernel is instantiated).
void fp8_configs() {
  using E4 = float_e4m3_t;
  using E5 = float_e5m2_t;
  using BF = bfloat16_t;
  namespace s = kernels::sm90;
  sm90_config<s::Fp8Config<E4, E4, BF>>("sm90 FP8 e4m3xe4m3->bf16 (promotion)");
  sm90_config<s::Fp8FastConfig<E4, E5, float>>("sm90 FP8 e4m3xe5m2->fp32 (no promotion, BN 256)");
  sm90_config<s::Fp8BlockConfig<E5, E4, half_t>>("sm90 FP8 e5m2xe4m3->fp16 (block scales)");
  using C = s::Fp8Config<E4, E5, BF>;
  check(C::BK::value == 128 && C::kStageBytes == (128 + 192) * 128 && C::kPromote && !C::kBlockScaled &&
            std::is_same_v<typename C::ElementB, E5> && std::is_same_v<typename C::SmemLayoutB, typename s::Fp8Config<E4, E4, BF>::SmemLayoutB>,
        "Fp8Config: BK = 128 one-byte elements (128-byte rows), 128 x 192 tiles, stages of 40 KB, B's own type");
  check(std::is_same_v<typename C::TiledMma::Traits, MMA_Traits<SM90_64x192x32_F32E4M3E5M2_SS_TN<>>>,
        "Fp8Config<e4m3, e5m2>: CuTe's SM90_64x192x32_F32E4M3E5M2_SS_TN");
  using CG = s::Fp8GroupedConfig<E4, E5, BF>;
  check(C::kEpiUnder && !CG::kEpiUnder && C::kSmemBytes == CG::kSmemBytes && std::is_same_v<typename C::SmemLayoutB, typename CG::SmemLayoutB> &&
            std::is_same_v<typename C::TiledMmaH, typename CG::TiledMmaH> && C::kCross == CG::kCross,
        "Fp8Config: Fp8GroupedConfig's tiles and schedule, each tile's epilogue under the next tile's first k-tile (EpiUnder_)");
  using CW = s::Fp8WideConfig<E4, E5, BF>;
  sm90_config<CW>("sm90 FP8 e4m3xe5m2->bf16 (promotion, 128 x 208)");
  check(CW::kNarrowN && CW::BNPiece::value == 104 && CW::kPiecesB == 2 && CW::kStageBytes == (128 + 208) * 128 && CW::BNH::value == 104 &&
            CW::kChunksN == 4 && CW::chunk_col(2) == 128 && CW::chunk_col(3) == 144 && CW::chunk_val(3) == 72 && CW::kEpiUnder &&
            CW::kCross == C::kCross && CW::kStages == C::kStages && CW::kSmemBytes <= 227 * 1024,
        "Fp8WideConfig: 128 x 208 tiles, B in two 104-row boxes, halves of 104, the last epilogue chunk at columns 144..207, Fp8Config's schedule");
  check(s::detail::check_halves<CW>(), "Fp8WideConfig: the halves' C layouts are the promoted accumulator's");
  check(!C::kNarrowN && C::kChunksN == 3 && C::chunk_col(2) == 128 && C::chunk_val(2) == 64, "Fp8Config: three 64-column chunks, none overlapping");
  // choose_fp8_wide on 132 SMs: the wide tiles where the busiest cluster's walk is shorter by the margin (the bench shapes of issue 27)
  check(s::choose_fp8_wide(4096, 4096, 4096, 132) && !s::choose_fp8_wide(8192, 8192, 8192, 132) && s::choose_fp8_wide(16384, 4096, 4096, 132) &&
            s::choose_fp8_wide(16384, 11008, 4096, 132) && s::choose_fp8_wide(16384, 4096, 11008, 132) && !s::choose_fp8_wide(64, 64, 64, 132) &&
            !s::choose_fp8_wide(0, 4096, 4096, 132) && !s::choose_fp8_wide(4096, 4096, 4096, 0),
        "choose_fp8_wide: 208-column tiles at 4096^3 and M = 16384 (compact raster), 192 at 8192^3 and one tile");
  check(s::choose_raster_rest(false, false) && s::choose_raster_rest(true, true) && !s::choose_raster_rest(true, false),
        "choose_raster_rest: the compact raster for 16-bit inputs and the promoted 8-bit configurations, padded for 8-bit without promotion");
  {  // the rule follows GemmOptions: a grid of 33 clusters at 8192^3 (192: 84 tiles of the busiest against 208's 78: 16128 / 16224)
    kernels::GemmOptions g33, pad, c1;
    g33.grid = 33, pad.raster_rest = 0, c1.cluster = 1;
    check(!s::choose_fp8_wide(8192, 8192, 8192, 132, g33) && s::choose_fp8_wide(16384, 4096, 4096, 132, pad) &&
              !s::choose_fp8_wide(16384, 11008, 4096, 132, pad) && s::choose_fp8_wide(16384, 4096, 4096, 132, c1),
          "choose_fp8_wide: the walk of GemmOptions' grid, raster_rest and cluster");
  }
  using CB = s::Fp8BlockConfig<E4, E4, BF>;
  check(CB::BN::value == 192 && CB::kStageBytes == (128 + 192) * 128 && CB::kBlockScaled && CB::kHalves && CB::kCross == 4,
        "Fp8BlockConfig: 128 x 192 tiles (two 128-column blocks of B per tile), stages of 40 KB, the halves in chunks of 4");
  check(s::detail::check_block_rows<s::Fp8BlockConfig<E4, E4, BF>>(), "Fp8BlockConfig: each consumer thread's accumulators in rows r, r + 8");
  check(s::detail::check_block_cols<s::Fp8BlockConfig<E4, E4, BF>>(),
        "Fp8BlockConfig: value v of each half's accumulators in columns 8 (v / 4) .. 8 (v / 4) + 7 of the half");
  // (The named errors of gemm_fp8 / launch_fp8 / cuda::gemm_fp8 are gemm_bench --fp8's: calling them
  // here would compile their kernels into this host test.)
}

}  // namespace

int main() {
  tma_encoding();
  per_device();
  copy_device_figures();
  fallback_grid();
  operands();
  using BF = bfloat16_t;
  using H = half_t;
  using KM = GMMA::Major;
  sm90_config<kernels::sm90::GemmConfig<BF, BF, KM::K, KM::K>>("sm90 bf16->bf16 TN");
  sm90_config<kernels::sm90::GemmConfig<H, BF, KM::MN, KM::K>>("sm90 fp16->bf16 NN");
  sm90_config<kernels::sm90::GemmConfig<BF, float, KM::K, KM::MN>>("sm90 bf16->fp32 TT");
  sm90_config<kernels::sm90::GemmConfig<H, H, KM::MN, KM::MN, 128, 4, 1>>("sm90 fp16->fp16 NT, 1 consumer warpgroup, BN 128");
  // SplitLast_ (the default 2 where the majors agree): the last k-tile in 4 pieces of 64 columns, both majors.
  sm90_config<kernels::sm90::GemmConfig<H, H, KM::K, KM::K, 256, 4, 2, 40, 232, H, false, false, false, 2, 0, 0, 0, false, 4>>(
      "sm90 fp16->fp16 TN, the last k-tile in 4 pieces");
  sm90_config<kernels::sm90::GemmConfig<BF, BF, KM::MN, KM::MN, 256, 4, 2, 40, 232, BF, false, false, false, 2, 0, 0, 0, false, 4>>(
      "sm90 bf16->bf16 NT, the last k-tile in 4 pieces");
  check(kernels::sm90::GemmConfig<BF, BF, KM::K, KM::K>::kSplitLast == 2 && kernels::sm90::GemmConfig<BF, BF, KM::MN, KM::K>::kSplitLast == 1 &&
            kernels::sm90::GemmConfig<BF, BF, KM::K, KM::K, 256, 4, 2, 40, 232, BF, false, false, false, 2, 0, 0, 2>::kSplitLast == 1,
        "GemmConfig: the last k-tile in 2 pieces for 16-bit TN / NT (majors alike), whole for NN / TT and the ping-pong kernel");
  // The ping-pong kernel (PingPong_): 128 x 128 tiles per warpgroup (two m64 row blocks), and 64 x 256.
  sm90_config<kernels::sm90::GemmConfig<BF, BF, KM::K, KM::K, 128, 6, 2, 40, 232, BF, false, false, false, 2, 0, 0, 2>>(
      "sm90 bf16->bf16 TN, ping-pong 128 x 128");
  sm90_config<kernels::sm90::GemmConfig<H, H, KM::MN, KM::MN, 128, 6, 2, 40, 232, H, false, false, false, 2, 0, 0, 2>>(
      "sm90 fp16->fp16 NT, ping-pong 128 x 128");
  sm90_config<kernels::sm90::GemmConfig<BF, float, KM::MN, KM::K, 128, 6, 2, 40, 232, BF, false, false, false, 2, 0, 0, 2>>(
      "sm90 bf16->fp32 NN, ping-pong 128 x 128");
  sm90_config<kernels::sm90::GemmConfig<BF, BF, KM::K, KM::K, 256, 4, 2, 40, 232, BF, false, false, false, 2, 0, 0, 1>>(
      "sm90 bf16->bf16 TN, ping-pong 64 x 256");
  ping_pong_config();
  sm80_config<kernels::sm80::GemmConfig<BF, BF, KM::K, KM::K>>("sm80 bf16->bf16 TN");
  sm80_config<kernels::sm80::GemmConfig<H, float, KM::MN, KM::K>>("sm80 fp16->fp32 NN");
  fp8_configs();
  scheduler();
  grouped_scheduler();
  grouped_tiles_all();
  dense_choices();
  pipeline_state();
  // The device parts: where there is a GPU (the CI machine has none).
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: the pipeline and scheduler kernels are not run (host checks only)\n");
  } else {
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    std::printf("%s (sm_%d%d): the pipeline and scheduler kernels\n", prop.name, prop.major, prop.minor);
    if (prop.major >= 9) {
      run_pipeline<1, 1>(7);
      run_pipeline<2, 1>(9);
      run_pipeline<3, 1>(20);
      run_pipeline<5, 1>(23);
      run_pipeline<2, 2>(9);
      run_pipeline<3, 2>(14);
      for (int turns : {0, 1, 2, 3, 8, 13}) run_turns<2>(turns);
      for (int turns : {0, 2, 7}) run_turns<3>(turns);
    } else {
      std::printf("sm_%d%d: no mbarrier pipeline (sm_90): its kernels are not run\n", prop.major, prop.minor);
    }
    schedulers();
    grouped_tables();
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
