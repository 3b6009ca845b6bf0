// The host side of the kernels (issue 25), built with TESSEL_NO_CHECKS and run
// by ctest on the CI machine, which has no GPU (and no CUDA driver): what the
// kernels' host code must do whatever the checks say.
//   * make_tma_copy encodes its tensor map: the encoding is not inside a check
//     macro, so with TESSEL_NO_CHECKS it still runs. Without a driver it must
//     fail with its named error (before the fix it returned an all-zero
//     descriptor silently); with one, the descriptor must be written.
//   * PerDevice (kernels/device_cache.hpp): one value per device, computed once
//     per device under concurrent callers (the shared-memory attribute, the SM
//     count and the occupancy query were one-time statics or unsynchronized arrays).
//   * the fallback kernel's grid: grid.y within CUDA's 65535 for any M (it was
//     ceil(M / 16), over the limit above M = 1,048,560).
//   * operands_of: extents past 32 bits are a named error (they were truncated
//     to int), mismatched shapes a named error, both with TESSEL_NO_CHECKS.
//   * the Hopper configuration: the epilogue's smem tile is made of output
//     elements (it was made of input elements); the epilogues' pair and chunk
//     assumptions hold for every configuration the front end instantiates,
//     with 1 and 2 consumer warpgroups.
//   * the tile scheduler: every tile exactly once, for many shapes and widths.
// Prints one line per failure and "N passed, M failed"; exit 1 on a failure.
#define TESSEL_NO_CHECKS 1
#include <atomic>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <tessel/kernels/gemm_sm80.cuh>
#include <tessel/kernels/gemm_sm90.cuh>

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
  std::snprintf(what, sizeof what, "%s: BM = 64 x consumer warpgroups, threads = 128 x (1 + consumers)", name);
  check(Cfg::BM::value == 64 * Cfg::kConsumers && Cfg::kThreads == 128 * (1 + Cfg::kConsumers) &&
            int(size(typename Cfg::TiledMma{})) == 128 * Cfg::kConsumers,
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
}

}  // namespace

int main() {
  tma_encoding();
  per_device();
  fallback_grid();
  operands();
  using BF = bfloat16_t;
  using H = half_t;
  using KM = GMMA::Major;
  sm90_config<kernels::sm90::GemmConfig<BF, BF, KM::K, KM::K>>("sm90 bf16->bf16 TN");
  sm90_config<kernels::sm90::GemmConfig<H, BF, KM::MN, KM::K>>("sm90 fp16->bf16 NN");
  sm90_config<kernels::sm90::GemmConfig<BF, float, KM::K, KM::MN>>("sm90 bf16->fp32 TT");
  sm90_config<kernels::sm90::GemmConfig<H, H, KM::MN, KM::MN, 128, 4, 1>>("sm90 fp16->fp16 NT, 1 consumer warpgroup, BN 128");
  sm80_config<kernels::sm80::GemmConfig<BF, BF, KM::K, KM::K>>("sm80 bf16->bf16 TN");
  sm80_config<kernels::sm80::GemmConfig<H, float, KM::MN, KM::K>>("sm80 fp16->fp32 NN");
  scheduler();
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
