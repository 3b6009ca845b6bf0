// The cost of tiling a run-time layout in device code (issue 5).
//
// Each block takes the 32x32 tile (blockIdx.x, blockIdx.y) of an M x N float
// matrix with local_tile, each of its 128 threads takes 8 values of the tile
// through a static TV layout (composition(tile, tv)(threadIdx.x, _)), moves
// them through registers and writes them to the output matrix. The matrix
// layout is a run-time (M, N) row-major or column-major layout: the algebra
// runs on dynamic integers in the kernel, which the typed fast path turns into
// a few multiplications and divisions by constants (compare the PTX and the
// -Xptxas -v figures of dynamic_tile_copy with those of the static kernel
// static_tile_copy, the same code on a static 64x96 layout). No
// cudaLimitStackSize: with int strides these kernels use no stack; with an
// int64 stride the products are checked for overflow, and only the error
// report (printf) takes a few bytes of stack.
//
// M and N need not be multiples of 32: the threads of a partial tile find the
// (m, n) of each of their values with the same algebra on a coordinate layout
// (M,N):(1,2^16) and skip values outside the matrix.
//
// The input is random (never zero), the output is poisoned first; the host
// checks every element bit for bit, and that nothing outside the matrix is
// written. CI only compiles this file. Run: build/cuda/dynamic_tile_cost.
// Prints "N passed, M failed"; exit status 0 when M == 0, 1 when M > 0, 2 when
// there is no GPU (or CUDA fails).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

using Tile = Shape<_32, _32>;
// (T128,V8) -> (M32,N32): thread t = (t0, t1) takes n = 4*t0 + v0 and m = t1 + 16*v1.
using TVRow = Layout<Shape<Shape<_8, _16>, Shape<_4, _2>>, Stride<Stride<_128, _1>, Stride<_32, _16>>>;
// (T128,V8) -> (M32,N32): thread t = (t0, t1) takes m = 4*t0 + v0 and n = t1 + 16*v1.
using TVCol = Layout<Shape<Shape<_8, _16>, Shape<_4, _2>>, Stride<Stride<_4, _32>, Stride<_1, _512>>>;

constexpr int kCoordShift = 16;  // the coordinate layout (M,N):(1,2^16)

// in -> out through registers for the tile (blockIdx.x, blockIdx.y) of layout gl.
template <class TV, class GL, class CL>
__device__ void tile_copy(float const* in, float* out, GL const& gl, CL const& cl) {
  auto const cta = make_coord(int(blockIdx.x), int(blockIdx.y));
  auto gA = make_tensor(make_gmem_ptr(in), gl);
  auto gB = make_tensor(make_gmem_ptr(out), gl);
  auto vA = composition(local_tile(gA, Tile{}, cta), TV{})(int(threadIdx.x), _);
  auto vB = composition(local_tile(gB, Tile{}, cta), TV{})(int(threadIdx.x), _);
  // The (m, n) of each value: the same tiling of the coordinate layout.
  auto [ctile, tile_origin] = slice_and_offset(make_coord(make_coord(_, _), cta), zipped_divide(cl, Tile{}));
  auto [cvals, thread_origin] = slice_and_offset(make_coord(int(threadIdx.x), _), composition(ctile, TV{}));
  int const M = int(size<0>(gl)), N = int(size<1>(gl));
  auto r = make_tensor<float>(shape(vA));  // registers
  for (int v = 0; v < int(size(vA)); ++v) {
    int const code = int(tile_origin + thread_origin + cvals(v));
    bool const inside = (code & ((1 << kCoordShift) - 1)) < M && (code >> kCoordShift) < N;
    if (inside) r(v) = vA(v);
    if (inside) vB(v) = r(v);
  }
}

// A run-time M x N layout (row-major or column-major).
template <class TV, class GL>
__global__ void dynamic_tile_copy(float const* in, float* out, GL gl) {
  // (gl's shape was checked where gl was made: no make_layout checks here.)
  using CL = Layout<std::remove_cvref_t<decltype(gl.shape())>, Stride<_1, Int<1 << kCoordShift>>>;
  tile_copy<TV>(in, out, gl, CL{gl.shape()});
}

// The same on the static 64x96 row-major layout (the reference for the cost).
using Static64x96 = Layout<Shape<_64, _96>, Stride<_96, _1>>;
__global__ void static_tile_copy(float const* in, float* out) {
  tile_copy<TVRow>(in, out, Static64x96{}, Layout<Shape<_64, _96>, Stride<_1, Int<1 << kCoordShift>>>{});
}

bool cuda_ok(cudaError_t e, char const* what) {
  if (e == cudaSuccess) return true;
  std::printf("%s: %s\n", what, cudaGetErrorString(e));
  return false;
}

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

constexpr std::uint32_t kPoison = 0x7fbadbadu;  // a NaN no copy produces

struct Totals {
  long passed = 0, failed = 0;
  bool cuda_failed = false;
};

// Copy an m x n matrix (m*n random floats, 8 guard floats after it) with
// launch(in, out, grid); the output must equal the input, the guard stay poisoned.
template <class Launch>
void run_case(char const* name, int m, int n, Launch launch, std::mt19937& rng, Totals& tot) {
  std::size_t const count = std::size_t(m) * std::size_t(n), total = count + 8;
  std::uniform_real_distribution<float> mag(1.0f, 2.0f);
  std::uniform_int_distribution<int> expo(-20, 20), sign(0, 1);
  std::vector<float> in(total);
  for (auto& x : in) x = std::ldexp(mag(rng), expo(rng)) * (sign(rng) ? -1.0f : 1.0f);
  float *d_in = nullptr, *d_out = nullptr;
  if (!cuda_ok(cudaMalloc(&d_in, total * 4), "cudaMalloc") || !cuda_ok(cudaMalloc(&d_out, total * 4), "cudaMalloc")) {
    tot.cuda_failed = true;
    return;
  }
  std::vector<std::uint32_t> poison(total, kPoison);
  cuda_ok(cudaMemcpy(d_in, in.data(), total * 4, cudaMemcpyHostToDevice), "cudaMemcpy in");
  cuda_ok(cudaMemcpy(d_out, poison.data(), total * 4, cudaMemcpyHostToDevice), "cudaMemcpy poison");
  dim3 const grid((m + 31) / 32, (n + 31) / 32);
  launch(d_in, d_out, grid);
  if (!cuda_ok(cudaGetLastError(), name) || !cuda_ok(cudaDeviceSynchronize(), name)) {
    tot.cuda_failed = true;
    return;
  }
  std::vector<float> out(total);
  cuda_ok(cudaMemcpy(out.data(), d_out, total * 4, cudaMemcpyDeviceToHost), "cudaMemcpy out");
  cudaFree(d_in);
  cudaFree(d_out);
  long failed = 0;
  for (std::size_t i = 0; i < total; ++i) {
    std::uint32_t const want = i < count ? bits(in[i]) : kPoison;
    if (bits(out[i]) == want) {
      ++tot.passed;
    } else {
      ++tot.failed;
      if (++failed <= 5)
        std::printf("  %s: element %zu: got %08x, expected %08x%s\n", name, i, bits(out[i]), want, i < count ? "" : " (guard)");
    }
  }
  std::printf("%-52s %s\n", name, failed == 0 ? "ok" : "FAILED");
}

}  // namespace

int main() {
  int devices = 0;
  if (!cuda_ok(cudaGetDeviceCount(&devices), "cudaGetDeviceCount") || devices == 0) {
    std::printf("no CUDA device: nothing run\n");
    return 2;
  }
  std::mt19937 rng(2024);
  Totals tot;
  char name[96];
  int const sizes[][2] = {{64, 96}, {100, 77}, {33, 1}, {1, 200}, {31, 33}, {256, 160}, {7, 5}};
  for (auto const& mn : sizes) {
    int const m = mn[0], n = mn[1];
    auto const row = make_layout(make_shape(m, n), LayoutRight{});
    auto const col = make_layout(make_shape(m, n));
    std::snprintf(name, sizeof name, "dynamic %dx%d row-major, TV along N", m, n);
    run_case(name, m, n, [&](float const* i, float* o, dim3 g) { dynamic_tile_copy<TVRow><<<g, 128>>>(i, o, row); }, rng, tot);
    std::snprintf(name, sizeof name, "dynamic %dx%d column-major, TV along M", m, n);
    run_case(name, m, n, [&](float const* i, float* o, dim3 g) { dynamic_tile_copy<TVCol><<<g, 128>>>(i, o, col); }, rng, tot);
    std::snprintf(name, sizeof name, "dynamic %dx%d column-major, TV along N", m, n);
    run_case(name, m, n, [&](float const* i, float* o, dim3 g) { dynamic_tile_copy<TVRow><<<g, 128>>>(i, o, col); }, rng, tot);
    // A 64-bit leading dimension: the fast path checks its products for overflow.
    auto const row64 = make_layout(make_shape(m, n), make_stride(std::int64_t(n), _1{}));
    std::snprintf(name, sizeof name, "dynamic %dx%d row-major, int64 stride, TV along N", m, n);
    run_case(name, m, n, [&](float const* i, float* o, dim3 g) { dynamic_tile_copy<TVRow><<<g, 128>>>(i, o, row64); }, rng, tot);
  }
  run_case("static 64x96 row-major, TV along N", 64, 96,
           [&](float const* i, float* o, dim3 g) { static_tile_copy<<<g, 128>>>(i, o); }, rng, tot);
  if (tot.cuda_failed) {
    std::printf("CUDA error: %ld passed, %ld failed\n", tot.passed, tot.failed);
    return 2;
  }
  std::printf("%ld passed, %ld failed\n", tot.passed, tot.failed);
  return tot.failed == 0 ? 0 : 1;
}
