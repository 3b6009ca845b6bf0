// Thread-value partitioning and copy in CUDA device code.
//
// Each block takes one tile of a global-memory matrix (local_tile by its
// block coordinate); each thread composes the tile with a TV layout and
// slices its own values (composition(tile, tv)(threadIdx.x, _)), copies them
// gmem -> registers (an owning tensor from make_fragment_like or
// make_tensor_like, or element by element) -> gmem output. The input is random
// (never zero), the output is poisoned first; the host compares every element
// bit for bit. Cases:
//   * the document's TV layout ((2,4),(2,2)):((8,1),(4,16)): 8 threads x 4
//     values over 4x8 tiles of an 8x16 matrix, row-major and column-major;
//   * 128 threads x 8 values over 32x32 tiles of a 64x96 matrix of floats,
//     row-major and column-major, with a TV layout whose 4 values run along N
//     ((8,16),(4,2)):((128,1),(32,16)) and one whose 4 values run along M
//     ((8,16),(4,2)):((4,32),(1,512)): where the values are contiguous in
//     memory, copy uses 16-byte vectors (static layouts, aligned);
//   * the same with a dynamic (run-time) matrix layout: the typed fast path
//     (algebra/fast_path.hpp) computes the tiles' dynamic integers with a few
//     multiplications, no stack needed (the default stack limit is kept);
//   * copy of 4 contiguous floats per thread through float4-sized accesses
//     (the same from a pointer one float off: device_checks.cu);
//   * ownership: each thread writes its (thread, value) index through its
//     partition; the host checks that against the TV layout's definition.
//
// CI only compiles this file (no GPU there). Run: build/cuda/tensor_tv_copy
// Prints "N passed, M failed"; exit status 0 when M == 0, 1 when M > 0, 2 when
// there is no GPU (or CUDA fails).
#include <cstdint>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

// (T8,V4) -> (M4,N8): the document's TV layout.
using TV8x4 = Layout<Shape<Shape<_2, _4>, Shape<_2, _2>>, Stride<Stride<_8, _1>, Stride<_4, _16>>>;
// (T128,V8) -> (M32,N32): thread t = (t0, t1) takes n = 4*t0 + v0 and m = t1 + 16*v1.
using TVRow = Layout<Shape<Shape<_8, _16>, Shape<_4, _2>>, Stride<Stride<_128, _1>, Stride<_32, _16>>>;
// (T128,V8) -> (M32,N32): thread t = (t0, t1) takes m = 4*t0 + v0 and n = t1 + 16*v1.
using TVCol = Layout<Shape<Shape<_8, _16>, Shape<_4, _2>>, Stride<Stride<_4, _32>, Stride<_1, _512>>>;

// The (m, n) of thread t's value v in a tile of M rows, from each TV layout's definition.
struct MN {
  int m, n;
};
TESSEL_HOST_DEVICE MN tv8x4_mn(int t, int v) {
  int const c = (t % 2) * 8 + (t / 2) + (v % 2) * 4 + (v / 2) * 16;  // 1-D coordinate of the 4x8 tile
  return {c % 4, c / 4};
}
TESSEL_HOST_DEVICE MN tvrow_mn(int t, int v) { return {t / 8 + 16 * (v / 4), 4 * (t % 8) + v % 4}; }
TESSEL_HOST_DEVICE MN tvcol_mn(int t, int v) { return {4 * (t % 8) + v % 4, t / 8 + 16 * (v / 4)}; }

// How a thread moves its values through registers.
enum How { kFragmentLike = 0, kTensorLike = 1, kElementwise = 2 };

template <int H, class VA, class VB>
__device__ void move_through_registers(VA const& vA, VB& vB) {
  if constexpr (H == kFragmentLike) {
    auto r = make_fragment_like(vA);  // registers, mode 0 compact
    copy(vA, r);
    copy(r, vB);
  } else if constexpr (H == kTensorLike) {
    auto r = make_tensor_like(vA);  // registers, vA's stride order
    copy(vA, r);
    copy(r, vB);
  } else {
    auto r = make_tensor<float>(shape(vA));  // registers, compact column-major
    for (int i = 0; i < int(size(vA)); ++i) r(i) = vA(i);
    for (int i = 0; i < int(size(vB)); ++i) vB(i) = r(i);
  }
}

// Static matrix layout GL, static tile shape and TV layout.
template <class GL, class TileShape, class TV, int H>
__global__ void tv_copy(float const* in, float* out) {
  auto gA = make_tensor(make_gmem_ptr(in), GL{});
  auto gB = make_tensor(make_gmem_ptr(out), GL{});
  auto cta = make_coord(int(blockIdx.x), int(blockIdx.y));
  auto tA = local_tile(gA, TileShape{}, cta);
  auto tB = local_tile(gB, TileShape{}, cta);
  auto vA = composition(tA, TV{})(int(threadIdx.x), _);
  auto vB = composition(tB, TV{})(int(threadIdx.x), _);
  static_assert(is_static_v<decltype(vA.layout())>, "a static partition of a static layout");
  move_through_registers<H>(vA, vB);
}

// A run-time matrix layout: the tiling's dynamic integers are computed on the device.
template <class GL, class TileShape, class TV, int H>
__global__ void tv_copy_dynamic(float const* in, float* out, GL gl) {
  auto gA = make_tensor(make_gmem_ptr(in), gl);
  auto gB = make_tensor(make_gmem_ptr(out), gl);
  auto cta = make_coord(int(blockIdx.x), int(blockIdx.y));
  auto vA = composition(local_tile(gA, TileShape{}, cta), TV{})(int(threadIdx.x), _);
  auto vB = composition(local_tile(gB, TileShape{}, cta), TV{})(int(threadIdx.x), _);
  move_through_registers<H>(vA, vB);
}

// Each thread copies 4 contiguous floats (a (_4):(_1) slice) to registers and back.
using Vec4Layout = Layout<Shape<_4, _256>>;
__global__ void vec4_copy(float const* in, float* out) {
  auto gA = make_tensor(make_gmem_ptr(in), Vec4Layout{});
  auto gB = make_tensor(make_gmem_ptr(out), Vec4Layout{});
  auto r = make_tensor<float>(Shape<_4>{});
  copy(gA(_, int(threadIdx.x)), r);
  copy(r, gB(_, int(threadIdx.x)));
}

// Each thread writes t * 8 + v at its value v, through its partition.
template <class GL, class TileShape, class TV>
__global__ void tv_owner(float* out) {
  auto gB = make_tensor(make_gmem_ptr(out), GL{});
  auto vB = composition(local_tile(gB, TileShape{}, make_coord(int(blockIdx.x), int(blockIdx.y))), TV{})(int(threadIdx.x), _);
  for (int v = 0; v < int(size(vB)); ++v) vB(v) = float(int(threadIdx.x) * 8 + v);
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

// Random nonzero floats.
std::vector<float> random_floats(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> mag(1.0f, 2.0f);
  std::uniform_int_distribution<int> expo(-20, 20), sign(0, 1);
  std::vector<float> v(n);
  for (auto& x : v) x = std::ldexp(mag(rng), expo(rng)) * (sign(rng) ? -1.0f : 1.0f);
  return v;
}

// Copy `n` random floats at offset `shift` of device buffers (of n + 8 floats):
// launch(in + shift, out + shift); the output must equal the input in [shift,
// shift + n) and stay poisoned elsewhere.
template <class Launch>
void run_copy_case(char const* name, int n, int shift, Launch launch, std::mt19937& rng, Totals& tot) {
  std::size_t const total = std::size_t(n) + 8;
  std::vector<float> in = random_floats(total, rng);
  float *d_in = nullptr, *d_out = nullptr;
  if (!cuda_ok(cudaMalloc(&d_in, total * 4), "cudaMalloc") || !cuda_ok(cudaMalloc(&d_out, total * 4), "cudaMalloc")) {
    tot.cuda_failed = true;
    return;
  }
  std::vector<std::uint32_t> poison(total, kPoison);
  cuda_ok(cudaMemcpy(d_in, in.data(), total * 4, cudaMemcpyHostToDevice), "cudaMemcpy in");
  cuda_ok(cudaMemcpy(d_out, poison.data(), total * 4, cudaMemcpyHostToDevice), "cudaMemcpy poison");
  launch(d_in + shift, d_out + shift);
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
    bool const inside = i >= std::size_t(shift) && i < std::size_t(shift + n);
    std::uint32_t const want = inside ? bits(in[i]) : kPoison;
    if (bits(out[i]) == want) {
      ++tot.passed;
    } else {
      ++tot.failed;
      if (++failed <= 5)
        std::printf("  %s: element %zu: got %08x, expected %08x%s\n", name, i - std::size_t(shift), bits(out[i]), want,
                    inside ? "" : " (outside the tensor)");
    }
  }
  std::printf("%-58s %s\n", name, failed == 0 ? "ok" : "FAILED");
}

// Each element (m, n) of a rows x cols matrix (layout given by index(m, n)) must
// hold t * 8 + v of the thread and value whose partition holds it.
template <class Launch, class Index, class Owner>
void run_owner_case(char const* name, int rows, int cols, int tile_m, int tile_n, int threads, int values,
                    Launch launch, Index index, Owner owner, Totals& tot) {
  std::size_t const total = std::size_t(rows) * std::size_t(cols);
  float* d_out = nullptr;
  if (!cuda_ok(cudaMalloc(&d_out, total * 4), "cudaMalloc")) {
    tot.cuda_failed = true;
    return;
  }
  std::vector<std::uint32_t> poison(total, kPoison);
  cuda_ok(cudaMemcpy(d_out, poison.data(), total * 4, cudaMemcpyHostToDevice), "cudaMemcpy poison");
  launch(d_out);
  if (!cuda_ok(cudaGetLastError(), name) || !cuda_ok(cudaDeviceSynchronize(), name)) {
    tot.cuda_failed = true;
    return;
  }
  std::vector<float> out(total);
  cuda_ok(cudaMemcpy(out.data(), d_out, total * 4, cudaMemcpyDeviceToHost), "cudaMemcpy out");
  cudaFree(d_out);
  std::vector<std::uint32_t> want_bits(total, kPoison);
  for (int bm = 0; bm < rows / tile_m; ++bm)
    for (int bn = 0; bn < cols / tile_n; ++bn)
      for (int t = 0; t < threads; ++t)
        for (int v = 0; v < values; ++v) {
          MN const c = owner(t, v);
          want_bits[std::size_t(index(bm * tile_m + c.m, bn * tile_n + c.n))] = bits(float(t * 8 + v));
        }
  long failed = 0;
  for (std::size_t i = 0; i < total; ++i) {
    if (bits(out[i]) == want_bits[i]) {
      ++tot.passed;
    } else {
      ++tot.failed;
      if (++failed <= 5) std::printf("  %s: offset %zu: got %08x, expected %08x\n", name, i, bits(out[i]), want_bits[i]);
    }
  }
  std::printf("%-58s %s\n", name, failed == 0 ? "ok" : "FAILED");
}

}  // namespace

int main() {
  int devices = 0;
  if (!cuda_ok(cudaGetDeviceCount(&devices), "cudaGetDeviceCount") || devices == 0) {
    std::printf("no CUDA device: nothing run\n");
    return 2;
  }
  std::mt19937 rng(12345);
  Totals tot;

  // The document's TV layout over the 4x8 tiles of an 8x16 matrix.
  using Row8x16 = Layout<Shape<_8, _16>, Stride<_16, _1>>;
  using Col8x16 = Layout<Shape<_8, _16>>;
  using Tile4x8 = Shape<_4, _8>;
  dim3 const grid_small(2, 2);
  run_copy_case("tv (8,4) 8x16 row-major, make_fragment_like", 128, 0,
                [&](float const* i, float* o) { tv_copy<Row8x16, Tile4x8, TV8x4, kFragmentLike><<<grid_small, 8>>>(i, o); }, rng, tot);
  run_copy_case("tv (8,4) 8x16 col-major, make_tensor_like", 128, 0,
                [&](float const* i, float* o) { tv_copy<Col8x16, Tile4x8, TV8x4, kTensorLike><<<grid_small, 8>>>(i, o); }, rng, tot);
  run_copy_case("tv (8,4) 8x16 col-major, element by element", 128, 0,
                [&](float const* i, float* o) { tv_copy<Col8x16, Tile4x8, TV8x4, kElementwise><<<grid_small, 8>>>(i, o); }, rng, tot);

  // 128 threads x 8 values over the 32x32 tiles of a 64x96 matrix.
  using Row64x96 = Layout<Shape<_64, _96>, Stride<_96, _1>>;
  using Col64x96 = Layout<Shape<_64, _96>>;
  using Tile32 = Shape<_32, _32>;
  dim3 const grid_big(2, 3);
  run_copy_case("tv (128,8) along N, 64x96 row-major (vectorised), fragment", 64 * 96, 0,
                [&](float const* i, float* o) { tv_copy<Row64x96, Tile32, TVRow, kFragmentLike><<<grid_big, 128>>>(i, o); }, rng, tot);
  run_copy_case("tv (128,8) along N, 64x96 row-major (vectorised), tensor_like", 64 * 96, 0,
                [&](float const* i, float* o) { tv_copy<Row64x96, Tile32, TVRow, kTensorLike><<<grid_big, 128>>>(i, o); }, rng, tot);
  run_copy_case("tv (128,8) along N, 64x96 col-major (scalar), fragment", 64 * 96, 0,
                [&](float const* i, float* o) { tv_copy<Col64x96, Tile32, TVRow, kFragmentLike><<<grid_big, 128>>>(i, o); }, rng, tot);
  run_copy_case("tv (128,8) along M, 64x96 col-major (vectorised), tensor_like", 64 * 96, 0,
                [&](float const* i, float* o) { tv_copy<Col64x96, Tile32, TVCol, kTensorLike><<<grid_big, 128>>>(i, o); }, rng, tot);
  run_copy_case("tv (128,8) along M, 64x96 row-major, element by element", 64 * 96, 0,
                [&](float const* i, float* o) { tv_copy<Row64x96, Tile32, TVCol, kElementwise><<<grid_big, 128>>>(i, o); }, rng, tot);

  // Run-time matrix layouts.
  auto const row_dyn = make_layout(make_shape(64, 96), LayoutRight{});
  auto const col_dyn = make_layout(make_shape(64, 96));
  run_copy_case("tv (128,8) along N, dynamic 64x96 row-major, fragment", 64 * 96, 0,
                [&](float const* i, float* o) {
                  tv_copy_dynamic<decltype(row_dyn), Tile32, TVRow, kFragmentLike><<<grid_big, 128>>>(i, o, row_dyn);
                }, rng, tot);
  run_copy_case("tv (128,8) along M, dynamic 64x96 col-major, tensor_like", 64 * 96, 0,
                [&](float const* i, float* o) {
                  tv_copy_dynamic<decltype(col_dyn), Tile32, TVCol, kTensorLike><<<grid_big, 128>>>(i, o, col_dyn);
                }, rng, tot);

  // 4 contiguous floats per thread: 16-byte accesses.
  run_copy_case("copy (_4):(_1) per thread, aligned (float4 accesses)", 1024, 0,
                [&](float const* i, float* o) { vec4_copy<<<1, 256>>>(i, o); }, rng, tot);
  // From a pointer one float off, device code assumes the alignment as CuTe does (a misaligned
  // vector access faults): the scalar fallback is checked with TESSEL_DEVICE_CHECKS in device_checks.cu.

  // Ownership: which thread and value each element belongs to.
  run_owner_case("owner: tv (8,4) over 8x16 row-major", 8, 16, 4, 8, 8, 4,
                 [&](float* o) { tv_owner<Row8x16, Tile4x8, TV8x4><<<grid_small, 8>>>(o); },
                 [](int m, int n) { return m * 16 + n; }, tv8x4_mn, tot);
  run_owner_case("owner: tv (8,4) over 8x16 col-major", 8, 16, 4, 8, 8, 4,
                 [&](float* o) { tv_owner<Col8x16, Tile4x8, TV8x4><<<grid_small, 8>>>(o); },
                 [](int m, int n) { return m + 8 * n; }, tv8x4_mn, tot);
  run_owner_case("owner: tv (128,8) along N over 64x96 row-major", 64, 96, 32, 32, 128, 8,
                 [&](float* o) { tv_owner<Row64x96, Tile32, TVRow><<<grid_big, 128>>>(o); },
                 [](int m, int n) { return m * 96 + n; }, tvrow_mn, tot);
  run_owner_case("owner: tv (128,8) along M over 64x96 col-major", 64, 96, 32, 32, 128, 8,
                 [&](float* o) { tv_owner<Col64x96, Tile32, TVCol><<<grid_big, 128>>>(o); },
                 [](int m, int n) { return m + 64 * n; }, tvcol_mn, tot);

  if (tot.cuda_failed) {
    std::printf("CUDA error: %ld passed, %ld failed\n", tot.passed, tot.failed);
    return 2;
  }
  std::printf("%ld passed, %ld failed\n", tot.passed, tot.failed);
  return tot.failed == 0 ? 0 : 1;
}
