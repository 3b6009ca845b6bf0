// Device code built with TESSEL_DEVICE_CHECKS: the run-time checks that device
// code skips by default (config.hpp: TESSEL_ALIGNMENT_CHECKS; int/checked.hpp).
//   * copy of a static (_4):(_1) slice per thread from pointers 0, 1, 2 and 3
//     floats off a 16-byte boundary: with the checks, copy tests the pointers
//     and takes its scalar loop where a float4 access would be misaligned, so
//     every offset copies exactly (without them, as in CuTe, the vector access
//     assumes the alignment and a misaligned pointer faults: tensor_tv_copy.cu
//     runs the aligned case that way);
//   * recast<float4> of a view that is 16-byte aligned: the checked recast
//     passes and the values come through.
//
// CI only compiles this file. Run: build/cuda/device_checks. Prints one line per
// case and "N passed, M failed"; exit 0 when M == 0, 1 when M > 0, 2 without a GPU.
#define TESSEL_DEVICE_CHECKS 1
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

static_assert(TESSEL_ALIGNMENT_CHECKS == 1, "device_checks.cu: TESSEL_DEVICE_CHECKS turns the alignment checks on");

namespace {

using Vec4Layout = Layout<Shape<_4, _256>>;

__global__ void vec4_copy(float const* in, float* out) {
  auto gA = make_tensor(make_gmem_ptr(in), Vec4Layout{});
  auto gB = make_tensor(make_gmem_ptr(out), Vec4Layout{});
  auto r = make_tensor<float>(Shape<_4>{});
  copy(gA(_, int(threadIdx.x)), r);
  copy(r, gB(_, int(threadIdx.x)));
}

__global__ void recast_copy(float const* in, float* out) {
  auto gA = recast<float4>(make_tensor(make_gmem_ptr(in), Vec4Layout{}));
  auto gB = recast<float4>(make_tensor(make_gmem_ptr(out), Vec4Layout{}));
  gB(int(threadIdx.x)) = gA(int(threadIdx.x));
}

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

constexpr std::uint32_t kPoison = 0x7fbadbadu;

bool cuda_ok(cudaError_t e, char const* what) {
  if (e != cudaSuccess) std::printf("%s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}

struct Totals { int passed = 0, failed = 0; bool cuda_failed = false; };

template <class Kernel>
void run(char const* name, int shift, Kernel kernel, std::mt19937& rng, Totals& tot) {
  int const n = 1024, total = n + 8;
  std::vector<float> in(total);
  std::uniform_real_distribution<float> d(-100.f, 100.f);
  for (auto& v : in) v = d(rng);
  std::vector<std::uint32_t> poison(total, kPoison);
  float *d_in = nullptr, *d_out = nullptr;
  bool ok = cuda_ok(cudaMalloc(&d_in, total * 4), "cudaMalloc") && cuda_ok(cudaMalloc(&d_out, total * 4), "cudaMalloc") &&
            cuda_ok(cudaMemcpy(d_in, in.data(), total * 4, cudaMemcpyHostToDevice), "memcpy") &&
            cuda_ok(cudaMemcpy(d_out, poison.data(), total * 4, cudaMemcpyHostToDevice), "memcpy");
  if (ok) {
    kernel<<<1, 256>>>(d_in + shift, d_out + shift);
    ok = cuda_ok(cudaGetLastError(), name) && cuda_ok(cudaDeviceSynchronize(), name);
  }
  std::vector<float> out(total);
  ok = ok && cuda_ok(cudaMemcpy(out.data(), d_out, total * 4, cudaMemcpyDeviceToHost), "memcpy");
  cudaFree(d_in), cudaFree(d_out);
  if (!ok) {
    tot.cuda_failed = true;
    ++tot.failed;
    std::printf("%-64s FAILED (CUDA error)\n", name);
    return;
  }
  int bad = 0;
  for (int i = 0; i < total; ++i) {
    bool const inside = i >= shift && i < shift + n;
    std::uint32_t const want = inside ? bits(in[i]) : kPoison;
    if (bits(out[i]) != want && bad++ < 3) std::printf("  element %d: got %08x, expected %08x\n", i - shift, bits(out[i]), want);
  }
  std::printf("%-64s %s\n", name, bad == 0 ? "ok" : "FAILED");
  (bad == 0 ? tot.passed : tot.failed)++;
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: nothing run\n");
    return 2;
  }
  std::mt19937 rng(20261123);
  Totals tot;
  char name[96];
  for (int shift = 0; shift < 4 && !tot.cuda_failed; ++shift) {
    std::snprintf(name, sizeof name, "copy (_4):(_1) per thread, %d float(s) off 16 bytes", shift);
    run(name, shift, vec4_copy, rng, tot);
  }
  if (!tot.cuda_failed) run("recast<float4> of aligned (_4,_256) views", 0, recast_copy, rng, tot);
  std::printf("%d passed, %d failed\n", tot.passed, tot.failed);
  return tot.failed == 0 ? 0 : 1;
}
