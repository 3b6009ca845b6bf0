// Session 21 (helper attn): is ex2.approx.f16x2 one SFU operation for two results on the H100? One CTA per SM, 256
// threads, each N rounds of 8 independent exponentials: f32 (ex2.approx.ftz.f32, 8 results a round) against f16x2
// (ex2.approx.f16x2, 16 results a round); median of 7 launches each. cuobjdump --dump-sass shows the instructions.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>
__global__ void k_f32(float* out, int n) {
  float x[8];
  for (int i = 0; i < 8; ++i) x[i] = -0.001f * float(threadIdx.x + i);
  for (int r = 0; r < n; ++r)
#pragma unroll
    for (int i = 0; i < 8; ++i) asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x[i]));
  float s = 0.f;
  for (int i = 0; i < 8; ++i) s += x[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
__global__ void k_f16x2(float* out, int n) {
  std::uint32_t x[8];
  for (int i = 0; i < 8; ++i) x[i] = 0xb800b800u + threadIdx.x + i;  // about -0.5 in both halves
  for (int r = 0; r < n; ++r)
#pragma unroll
    for (int i = 0; i < 8; ++i) asm volatile("ex2.approx.f16x2 %0, %0;" : "+r"(x[i]));
  std::uint32_t s = 0;
  for (int i = 0; i < 8; ++i) s ^= x[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = float(s);
}
int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float* out;
  cudaMalloc(&out, sms * 256 * sizeof(float));
  int const n = 20000;
  cudaEvent_t a, b;
  cudaEventCreate(&a), cudaEventCreate(&b);
  for (int kind = 0; kind < 2; ++kind) {
    std::vector<float> ms;
    for (int rep = 0; rep < 8; ++rep) {
      cudaEventRecord(a);
      if (kind == 0) k_f32<<<sms, 256>>>(out, n);
      else k_f16x2<<<sms, 256>>>(out, n);
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float t = 0;
      cudaEventElapsedTime(&t, a, b);
      if (rep > 0) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    double const results = double(sms) * 256 * n * 8 * (kind == 0 ? 1 : 2);
    std::printf("%s: %.3f ms, %.1f results per clock and SM at 1.98 GHz\n", kind == 0 ? "ex2 f32  " : "ex2 f16x2", ms[ms.size() / 2],
                results / (ms[ms.size() / 2] * 1e-3) / 1.98e9 / sms);
  }
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
