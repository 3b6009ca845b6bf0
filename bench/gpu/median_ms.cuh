// bench/gpu/median_ms.cuh: the benches' timing of one launch (copy_bench, stream_probe).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace bench {

inline void check_cuda(cudaError_t e, char const* what) {
  if (e != cudaSuccess) { std::printf("CUDA error %s in %s\n", cudaGetErrorString(e), what); std::exit(1); }
}

// The median time (ms) of reps runs of fn, each between two events, after warm_ms of warm-up
// (at least 3 runs of it).
template <class Fn>
float median_ms(Fn&& fn, int reps, int warm_ms) {
  auto const t0 = std::chrono::steady_clock::now();
  do {
    for (int w = 0; w < 3; ++w) fn();
    check_cuda(cudaDeviceSynchronize(), "median_ms: warm-up");
  } while (std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(warm_ms));
  cudaEvent_t a, b;
  check_cuda(cudaEventCreate(&a), "median_ms"), check_cuda(cudaEventCreate(&b), "median_ms");
  std::vector<float> ms;
  for (int i = 0; i < reps; ++i) {
    check_cuda(cudaEventRecord(a), "median_ms");
    fn();
    check_cuda(cudaEventRecord(b), "median_ms");
    check_cuda(cudaEventSynchronize(b), "median_ms: a timed run");
    float t = 0;
    check_cuda(cudaEventElapsedTime(&t, a, b), "median_ms");
    ms.push_back(t);
  }
  check_cuda(cudaEventDestroy(a), "median_ms"), check_cuda(cudaEventDestroy(b), "median_ms");
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

}  // namespace bench
