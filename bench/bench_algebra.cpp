// Run time of the algebra with dynamic integers (Google Benchmark). The typed
// calls run the engine's run-time pass; crd2idx is the plain typed evaluation.
#include <benchmark/benchmark.h>

#include <tessel/tessel.hpp>

using namespace tessel;

static void BM_composition_dynamic(benchmark::State& st) {
  int m = 12;
  for (auto _ : st) {
    benchmark::DoNotOptimize(m);
    auto a = make_layout(make_shape(m, make_shape(4, 8)), make_stride(59, make_stride(13, 1)));
    auto r = composition(a, make_tile(make_layout(3, 4), make_layout(8, 2)));
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_composition_dynamic);

static void BM_complement_dynamic(benchmark::State& st) {
  int m = 24;
  for (auto _ : st) {
    benchmark::DoNotOptimize(m);
    auto r = complement(make_layout(make_shape(2, 2), make_stride(1, 6)), m);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_complement_dynamic);

static void BM_logical_divide_dynamic(benchmark::State& st) {
  int m = 4096, n = 4096;
  for (auto _ : st) {
    benchmark::DoNotOptimize(m);
    auto r = logical_divide(make_layout(make_shape(m, n), make_stride(1, m)), make_tile(Int<128>{}, Int<64>{}));
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_logical_divide_dynamic);

static void BM_crd2idx_dynamic(benchmark::State& st) {
  auto l = make_layout(make_shape(make_shape(2, 2), make_shape(4, 2), make_shape(2, 3)));
  int i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(l);
    benchmark::DoNotOptimize(l(i));
    i = (i + 1) % 192;
  }
}
BENCHMARK(BM_crd2idx_dynamic);

static void BM_crd2idx_static(benchmark::State& st) {
  auto l = Layout<Shape<Shape<_2, _2>, Shape<_4, _2>, Shape<_2, _3>>>{};
  int i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(l(i));
    i = (i + 1) % 192;
  }
}
BENCHMARK(BM_crd2idx_static);

BENCHMARK_MAIN();
