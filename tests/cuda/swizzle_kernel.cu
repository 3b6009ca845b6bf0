// Swizzles in CUDA device code (issue 6), checked on the host.
//
// (a) GEMM threadblock swizzles: every block of get_grid_shape(tiled) writes
//     the tile that the device overloads (reading blockIdx) give it --
//     GemmIdentityThreadblockSwizzle<N>::get_tile_offset(log_tile) and
//     get_tile_offset(tiled_shape) for N in {1,2,4,8}, the horizontal and
//     batched siblings -- and the host compares with the host overloads (taking
//     the block index), with the layout form, and checks that the launch covers
//     every tile once.
// (b) Bit swizzles: Swizzle<B,M,S> evaluated in device code against the host.
// (c) A transpose through a swizzled shared-memory tensor: gmem -> smem
//     (Sw o (R,C) row-major) -> gmem, for 32x32 floats and 8x64 halfs with
//     Swizzle<3,4,3> (and the bank-conflict-free Swizzle<5,0,5> / <3,3,3>):
//     rows are loaded with tessel::copy of slices (or the whole tile at once,
//     the vectorised path), and each smem column is copied into a row of the
//     output. Random data in, the output poisoned first, compared bit for bit.
//
// CI only compiles this file (no GPU there). Run: build/cuda/swizzle_kernel
// Prints "N passed, M failed"; exit status 0 only when M == 0, 2 without a GPU.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include <cuda_fp16.h>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

int g_passed = 0, g_failed = 0;

void expect(bool ok, char const* what, int a = 0, int b = 0, int c = 0) {
  if (ok) {
    ++g_passed;
  } else if (++g_failed <= 30) {
    std::printf("FAILED: %s (%d, %d, %d)\n", what, a, b, c);
  }
}

bool cuda_ok(cudaError_t e, char const* what) {
  if (e == cudaSuccess) return true;
  std::printf("%s: %s\n", what, cudaGetErrorString(e));
  return false;
}

// ---- (a) threadblock swizzles -------------------------------------------------------------------------

// Six ints per block: get_tile_offset(log_tile) and get_tile_offset(tiled).
template <int N>
__global__ void identity_offsets(int* out, int log_tile, GemmCoord tiled) {
  using Swz = GemmIdentityThreadblockSwizzle<N>;
  int const id = int(blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y);
  GemmCoord const a = Swz::get_tile_offset(log_tile);
  GemmCoord const b = Swz::get_tile_offset(tiled);
  int* o = out + 6 * id;
  o[0] = a.m(); o[1] = a.n(); o[2] = a.k();
  o[3] = b.m(); o[4] = b.n(); o[5] = b.k();
}

// Horizontal, split-K horizontal and batched: three ints each, and the batch index.
__global__ void sibling_offsets(int* out, GemmCoord tiled) {
  int const id = int(blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y);
  GemmCoord const h = GemmHorizontalThreadblockSwizzle::get_tile_offset(0);
  GemmCoord const ht = GemmSplitKHorizontalThreadblockSwizzle::get_tile_offset(tiled);
  GemmCoord const bt = GemmBatchedIdentityThreadblockSwizzle::get_tile_offset(0);
  int* o = out + 10 * id;
  o[0] = h.m(); o[1] = h.n(); o[2] = h.k();
  o[3] = ht.m(); o[4] = ht.n(); o[5] = ht.k();
  o[6] = bt.m(); o[7] = bt.n(); o[8] = bt.k();
  o[9] = GemmBatchedIdentityThreadblockSwizzle::get_batch_idx();
}

template <class F>
bool launch_and_fetch(Dim3 grid, int per_block, std::vector<int>& host, F launch) {
  std::size_t const blocks = std::size_t(grid.x) * grid.y * grid.z;
  host.assign(blocks * std::size_t(per_block), -7);
  int* d = nullptr;
  std::size_t const bytes = host.size() * sizeof(int);
  if (!cuda_ok(cudaMalloc(&d, bytes), "cudaMalloc")) return false;
  bool ok = cuda_ok(cudaMemset(d, 0xff, bytes), "cudaMemset");  // -1 everywhere: a block that did not write shows
  if (ok) {
    launch(d);
    ok = cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel") &&
         cuda_ok(cudaMemcpy(host.data(), d, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(d);
  return ok;
}

// Every tile of the tiled shape covered once by the blocks' tiles (m, n, k triples).
void expect_covered(std::vector<int> const& tiles, GemmCoord tiled, char const* what) {
  std::vector<int> hits(std::size_t(tiled.m()) * tiled.n() * tiled.k(), 0);
  for (std::size_t i = 0; i + 2 < tiles.size(); i += 3) {
    int const m = tiles[i], n = tiles[i + 1], k = tiles[i + 2];
    if (m < tiled.m() && n < tiled.n() && k < tiled.k() && m >= 0 && n >= 0 && k >= 0)
      ++hits[(std::size_t(k) * tiled.n() + std::size_t(n)) * tiled.m() + std::size_t(m)];
  }
  bool once = true;
  for (int h : hits) once = once && h == 1;
  expect(once, what, tiled.m(), tiled.n(), tiled.k());
}

template <int N>
bool check_identity(GemmCoord tiled) {
  using Swz = GemmIdentityThreadblockSwizzle<N>;
  int const log_tile = Swz::get_log_tile(tiled);
  Dim3 const grid = Swz::get_grid_shape(tiled);
  std::vector<int> got;
  if (!launch_and_fetch(grid, 6, got, [&](int* d) { identity_offsets<N><<<::dim3(grid), 1>>>(d, log_tile, tiled); })) return false;
  auto const l = identity_swizzle_layout(tiled, log_tile);
  std::vector<int> formula_tiles;
  for (unsigned z = 0; z < grid.z; ++z)
    for (unsigned y = 0; y < grid.y; ++y)
      for (unsigned x = 0; x < grid.x; ++x) {
        int const* o = &got[6 * (x + y * grid.x + z * grid.x * grid.y)];
        GemmCoord const want_a = Swz::get_tile_offset(log_tile, Dim3(x, y, z));
        GemmCoord const want_b = Swz::get_tile_offset(tiled, Dim3(x, y, z));
        expect(o[0] == want_a.m() && o[1] == want_a.n() && o[2] == want_a.k(), "identity get_tile_offset(log_tile)", N, int(x), int(y));
        expect(o[3] == want_b.m() && o[4] == want_b.n() && o[5] == want_b.k(), "identity get_tile_offset(tiled_shape)", N, int(x), int(y));
        // The layout form: tile index tm + tn*m.
        int const idx = int(l(int(x), int(y)));
        expect(idx % tiled.m() == o[0] && idx / tiled.m() == o[1], "identity layout form", N, int(x), int(y));
        formula_tiles.insert(formula_tiles.end(), {o[0], o[1], o[2]});
      }
  expect_covered(formula_tiles, tiled, "identity launch covers every tile once");
  return true;
}

bool check_siblings(GemmCoord tiled) {
  // Horizontal grid (n, m, k); batched grid (m, n, k). Launch the larger
  // footprint for both (same block count) and check each on its own grid.
  Dim3 const gh = GemmHorizontalThreadblockSwizzle::get_grid_shape(tiled);
  Dim3 const gb = GemmBatchedIdentityThreadblockSwizzle::get_grid_shape(tiled);
  std::vector<int> got_h, got_b;
  if (!launch_and_fetch(gh, 10, got_h, [&](int* d) { sibling_offsets<<<::dim3(gh), 1>>>(d, tiled); })) return false;
  if (!launch_and_fetch(gb, 10, got_b, [&](int* d) { sibling_offsets<<<::dim3(gb), 1>>>(d, tiled); })) return false;
  auto const lh = horizontal_swizzle_layout(tiled);
  auto const lb = identity_swizzle_layout(tiled, 0);
  std::vector<int> th, tb;
  for (unsigned z = 0; z < gh.z; ++z)
    for (unsigned y = 0; y < gh.y; ++y)
      for (unsigned x = 0; x < gh.x; ++x) {
        int const* o = &got_h[10 * (x + y * gh.x + z * gh.x * gh.y)];
        GemmCoord const w = GemmHorizontalThreadblockSwizzle::get_tile_offset(0, Dim3(x, y, z));
        expect(o[0] == w.m() && o[1] == w.n() && o[2] == w.k(), "horizontal get_tile_offset", int(x), int(y), int(z));
        expect(o[3] == w.m() && o[4] == w.n() && o[5] == w.k(), "split-K horizontal get_tile_offset(tiled_shape)", int(x), int(y), int(z));
        int const idx = int(lh(int(x), int(y)));
        expect(idx % tiled.m() == o[0] && idx / tiled.m() == o[1], "horizontal layout form", int(x), int(y), int(z));
        th.insert(th.end(), {o[0], o[1], o[2]});
      }
  for (unsigned z = 0; z < gb.z; ++z)
    for (unsigned y = 0; y < gb.y; ++y)
      for (unsigned x = 0; x < gb.x; ++x) {
        int const* o = &got_b[10 * (x + y * gb.x + z * gb.x * gb.y)];
        GemmCoord const w = GemmBatchedIdentityThreadblockSwizzle::get_tile_offset(0, Dim3(x, y, z));
        expect(o[6] == w.m() && o[7] == w.n() && o[8] == w.k(), "batched get_tile_offset", int(x), int(y), int(z));
        expect(o[9] == int(z), "batched get_batch_idx", int(x), int(y), int(z));
        int const idx = int(lb(int(x), int(y)));
        expect(idx % tiled.m() == o[6] && idx / tiled.m() == o[7], "batched layout form", int(x), int(y), int(z));
        tb.insert(tb.end(), {o[6], o[7], o[8]});
      }
  expect_covered(th, tiled, "horizontal launch covers every tile once");
  expect_covered(tb, tiled, "batched launch covers every tile once");
  return true;
}

// ---- (b) Swizzle<B,M,S> on the device ---------------------------------------------------------------

constexpr int kSwizzleValues = 4096;

__global__ void swizzle_values(int* out) {
  int const i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= kSwizzleValues) return;
  out[4 * i + 0] = Swizzle<3, 4, 3>{}(i);
  out[4 * i + 1] = Swizzle<2, 1, -3>{}(i);
  out[4 * i + 2] = Swizzle<5, 0, 5>{}(Swizzle<5, 0, 5>{}(i));  // its own inverse
  out[4 * i + 3] = int(decltype(Swizzle<3, 3, 3>{}(Int<0b1011000000>{}))::value);  // a static result
}

bool check_swizzle_values() {
  std::vector<int> got;
  if (!launch_and_fetch(Dim3(kSwizzleValues / 256), 4 * 256, got, [&](int* d) { swizzle_values<<<kSwizzleValues / 256, 256>>>(d); })) return false;
  for (int i = 0; i < kSwizzleValues; ++i) {
    expect(got[4 * i + 0] == Swizzle<3, 4, 3>{}(i), "Swizzle<3,4,3> on the device", i);
    expect(got[4 * i + 1] == Swizzle<2, 1, -3>{}(i), "Swizzle<2,1,-3> on the device", i);
    expect(got[4 * i + 2] == i, "Swizzle<5,0,5> twice on the device", i);
    // bits [6,9) of 0b1011000000 are 0b011; xor-ed into bits [3,6) that gives 0b1011011000.
    expect(got[4 * i + 3] == 0b1011011000 && got[4 * i + 3] == Swizzle<3, 3, 3>{}(0b1011000000),
           "static Swizzle<3,3,3> on the device", i);
  }
  return true;
}

// ---- (c) transpose through swizzled shared memory -----------------------------------------------------

enum class Load { rows, whole };

// The matrix A is (kRows x kCols) row-major; B = A^T, (kCols x kRows) row-major.
// Block (bx, by) transposes tile (by, bx) of A (R x C) into tile (bx, by) of B.
template <class T, int R, int C, class Sw, int kRows, int kCols, Load kLoad>
__global__ void transpose(T const* a, T* b, int do_print) {
  __shared__ __align__(16) T smem[R * C];
  auto const sl = composition(Sw{}, Layout<Shape<Int<R>, Int<C>>, Stride<Int<C>, _1>>{});
  auto s = make_tensor(make_smem_ptr(&smem[0]), sl);
  int const tr = int(blockIdx.y), tc = int(blockIdx.x);
  // This block's tile of A, a static layout (row stride kCols) at the tile's origin.
  auto gA = make_tensor(make_gmem_ptr(a + std::size_t(tr) * R * kCols + std::size_t(tc) * C),
                        Layout<Shape<Int<R>, Int<C>>, Stride<Int<kCols>, _1>>{});
  // The whole of B and its (C x R) tile (tc, tr) by local_tile. (B's layout is
  // static: local_tile of a dynamic layout runs the layout algebra at run time,
  // which in device code is some 75k PTX lines per kernel.)
  auto gB = make_tensor(make_gmem_ptr(b), Layout<Shape<Int<kCols>, Int<kRows>>, Stride<Int<kRows>, _1>>{});
  auto tB = local_tile(gB, Shape<Int<C>, Int<R>>{}, make_coord(tc, tr));

  if constexpr (kLoad == Load::rows) {
    for (int r = int(threadIdx.x); r < R; r += int(blockDim.x)) copy(gA(r, _), s(r, _));
  } else {
    if (threadIdx.x == 0) copy(gA, s);  // static -> static: the vectorised path into the swizzle
  }
  __syncthreads();
  // Column c of the smem tile is row c of B's tile.
  for (int c = int(threadIdx.x); c < C; c += int(blockDim.x)) copy(s(_, c), tB(c, _));
  if (do_print && blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0) {
    printf("device print: ");
    print(sl);
    printf("\n");
  }
}

template <class T> std::uint32_t bits_of(T const& v) {
  std::uint32_t u = 0;
  std::memcpy(&u, &v, sizeof(T));
  return u;
}

template <class T, int R, int C, class Sw, Load kLoad>
bool check_transpose(char const* name, std::mt19937& rng, bool print) {
  constexpr int kRows = R * 3, kCols = C * 5;  // 3 x 5 tiles
  std::vector<T> a(std::size_t(kRows) * kCols), b(a.size());
  std::uniform_real_distribution<float> dist(-1000.f, 1000.f);
  for (auto& x : a) x = T(dist(rng));
  T* da = nullptr;
  T* db = nullptr;
  std::size_t const bytes = a.size() * sizeof(T);
  if (!cuda_ok(cudaMalloc(&da, bytes), "cudaMalloc") || !cuda_ok(cudaMalloc(&db, bytes), "cudaMalloc")) return false;
  bool ok = cuda_ok(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy") &&
            cuda_ok(cudaMemset(db, 0x7f, bytes), "cudaMemset");  // poison: 0x7f7f... (NaN / huge), not in the data
  if (ok) {
    transpose<T, R, C, Sw, kRows, kCols, kLoad><<<dim3(kCols / C, kRows / R), 64>>>(da, db, print ? 1 : 0);
    ok = cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel") &&
         cuda_ok(cudaMemcpy(b.data(), db, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(da);
  cudaFree(db);
  if (!ok) return false;
  int bad = 0;
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c) {
      bool const same = bits_of(b[std::size_t(c) * kRows + std::size_t(r)]) == bits_of(a[std::size_t(r) * kCols + std::size_t(c)]);
      if (same) {
        ++g_passed;
      } else if (++bad <= 5) {
        ++g_failed;
        std::printf("FAILED: transpose %s: B(%d,%d) != A(%d,%d)\n", name, c, r, r, c);
      } else {
        ++g_failed;
      }
    }
  std::printf("transpose %s: %dx%d tiles of %dx%d, %d mismatches\n", name, kRows / R, kCols / C, R, C, bad);
  return true;
}

}  // namespace

int main() {
  int devices = 0;
  if (!cuda_ok(cudaGetDeviceCount(&devices), "cudaGetDeviceCount") || devices == 0) {
    std::printf("no CUDA device: nothing run\n");
    return 2;
  }
  // The seed's two examples first, then shapes with idle blocks, narrow and tall ones, and a split-K depth.
  GemmCoord const shapes[] = {{4, 4, 1}, {5, 11, 2}, {1, 7, 1}, {13, 6, 3}, {3, 2, 2}, {64, 64, 1}, {7, 33, 1}, {9, 1, 2}};
  bool ran = true;
  for (GemmCoord const& t : shapes) {
    ran = ran && check_identity<1>(t) && check_identity<2>(t) && check_identity<4>(t) && check_identity<8>(t) &&
          check_siblings(t);
  }
  // The seed's grids, as launched: N = 1 -> (4,4,1), N = 2 -> (8,2,1).
  expect(GemmIdentityThreadblockSwizzle<1>::get_grid_shape({4, 4, 1}) == Dim3(4, 4, 1), "seed grid N=1");
  expect(GemmIdentityThreadblockSwizzle<2>::get_grid_shape({4, 4, 1}) == Dim3(8, 2, 1), "seed grid N=2");
  ran = ran && check_swizzle_values();

  std::mt19937 rng(20261121);
  ran = ran && check_transpose<float, 32, 32, Swizzle<3, 4, 3>, Load::rows>("float 32x32 Sw<3,4,3>, row copies", rng, true);
  ran = ran && check_transpose<float, 32, 32, Swizzle<3, 4, 3>, Load::whole>("float 32x32 Sw<3,4,3>, whole-tile copy", rng, false);
  ran = ran && check_transpose<float, 32, 32, Swizzle<5, 0, 5>, Load::rows>("float 32x32 Sw<5,0,5>, row copies", rng, false);
  ran = ran && check_transpose<__half, 8, 64, Swizzle<3, 4, 3>, Load::rows>("half 8x64 Sw<3,4,3>, row copies", rng, true);
  ran = ran && check_transpose<__half, 8, 64, Swizzle<3, 4, 3>, Load::whole>("half 8x64 Sw<3,4,3>, whole-tile copy", rng, false);
  ran = ran && check_transpose<__half, 8, 64, Swizzle<3, 3, 3>, Load::whole>("half 8x64 Sw<3,3,3>, whole-tile copy", rng, false);
  if (!ran) {
    std::printf("a CUDA call failed\n");
    ++g_failed;
  }
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
