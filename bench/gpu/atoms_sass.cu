// Zero overhead of the atom layer, read from the machine code: each pair of
// kernels does the same work, once through tessel's atoms (TiledCopy /
// TiledMMA partitions, copy, gemm) and once indexed by hand. bench/gpu/
// atoms_sass.sh builds this file for sm_90a and counts each kernel's SASS
// instructions with cuobjdump (results in bench/RESULTS.md). Running the
// binary checks that each pair computes the same result (it needs a GPU; CI
// only compiles it).
#include <cstdint>
#include <cstdio>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

using namespace tessel;

namespace {

// ---- a static 64x64 row-major tile of halves, global -> registers -> global,
// 128 threads x 8 halves x 4 (16-byte vectors) ----
using Tile64 = Layout<Shape<_64, _64>, Stride<_64, _1>>;
using Copy16 = decltype(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, Layout<Shape<_16, _8>, Stride<_8, _1>>{},
                                        Layout<Shape<_1, _8>>{}));

__global__ void copy_tessel(half_t const* in, half_t* out) {
  auto thr = Copy16::get_slice(int(threadIdx.x));
  auto s = make_tensor(make_gmem_ptr(in + blockIdx.x * 4096), Tile64{});
  auto d = make_tensor(make_gmem_ptr(out + blockIdx.x * 4096), Tile64{});
  auto tS = thr.partition_S(s);
  auto tD = thr.partition_D(d);
  auto r = make_fragment_like(tS);
  copy(Copy16{}, tS, r);
  copy(Copy16{}, r, tD);
}

__global__ void copy_hand(half_t const* in, half_t* out) {
  int const t = int(threadIdx.x);
  int const row = t / 8, col = (t % 8) * 8;
  uint4 const* s = reinterpret_cast<uint4 const*>(in + blockIdx.x * 4096);
  uint4* d = reinterpret_cast<uint4*>(out + blockIdx.x * 4096);
  uint4 r[4];
  for (int i = 0; i < 4; ++i) r[i] = s[((row + 16 * i) * 64 + col) / 8];
  for (int i = 0; i < 4; ++i) d[((row + 16 * i) * 64 + col) / 8] = r[i];
}

// ---- one 32x32x16 step of SM80_16x8x16_F32F16F16F32_TN, 2x2 warps: A and B
// (32x16, K-major) from shared memory to registers, mma, C (32x32,
// column-major) to global memory ----
using Mma = decltype(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2>>{}, Tile<_32, _32, _16>{}));
using SmemK = Layout<Shape<_32, _16>, Stride<_16, _1>>;

__global__ void mma_tessel(half_t const* a, half_t const* b, float* c) {
  __shared__ alignas(16) half_t sa[512], sb[512];
  int const t = int(threadIdx.x);
  for (int i = t; i < 512; i += 128) sa[i] = a[i], sb[i] = b[i];
  __syncthreads();
  auto sA = make_tensor(make_smem_ptr(sa), SmemK{});
  auto sB = make_tensor(make_smem_ptr(sb), SmemK{});
  auto gC = make_tensor(make_gmem_ptr(c), Layout<Shape<_32, _32>>{});
  auto thr = Mma{}.get_slice(t);
  auto rA = thr.partition_fragment_A(sA);
  auto rB = thr.partition_fragment_B(sB);
  auto rC = thr.partition_fragment_C(gC);
  copy(thr.partition_A(sA), rA);
  copy(thr.partition_B(sB), rB);
  clear(rC);
  gemm(Mma{}, rC, rA, rB, rC);
  copy(rC, thr.partition_C(gC));
}

__global__ void mma_hand(half_t const* a, half_t const* b, float* c) {
  __shared__ alignas(16) half_t sa[512], sb[512];
  int const t = int(threadIdx.x);
  for (int i = t; i < 512; i += 128) sa[i] = a[i], sb[i] = b[i];
  __syncthreads();
  int const lane = t % 32, w = t / 32, wm = w % 2, wn = w / 2, g = lane / 4, q = lane % 4;
  std::uint32_t ra[4], rb[2][2];
  for (int j = 0; j < 4; ++j) {
    int const row = 16 * wm + g + 8 * (j % 2), col = 2 * q + 8 * (j / 2);
    ra[j] = *reinterpret_cast<std::uint32_t const*>(&sa[row * 16 + col]);
  }
  for (int n = 0; n < 2; ++n) {
    for (int j = 0; j < 2; ++j) {
      int const row = 8 * wn + 16 * n + g, col = 2 * q + 8 * j;
      rb[n][j] = *reinterpret_cast<std::uint32_t const*>(&sb[row * 16 + col]);
    }
  }
  float rc[2][4] = {};
  for (int n = 0; n < 2; ++n) {
    SM80_16x8x16_F32F16F16F32_TN::fma(rc[n][0], rc[n][1], rc[n][2], rc[n][3], ra[0], ra[1], ra[2], ra[3], rb[n][0], rb[n][1],
                                      rc[n][0], rc[n][1], rc[n][2], rc[n][3]);
  }
  for (int n = 0; n < 2; ++n) {
    for (int i = 0; i < 4; ++i) {
      int const row = 16 * wm + g + 8 * (i / 2), col = 8 * wn + 16 * n + 2 * q + i % 2;
      c[col * 32 + row] = rc[n][i];
    }
  }
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: nothing run (the SASS counts need none)\n");
    return 2;
  }
  std::vector<half_t> h(2 * 4096);
  for (std::size_t i = 0; i < h.size(); ++i) h[i] = half_t(float(int(i % 13) - 6));
  half_t *din, *d1, *d2;
  float *c1, *c2;
  cudaMalloc(&din, h.size() * 2);
  cudaMalloc(&d1, h.size() * 2);
  cudaMalloc(&d2, h.size() * 2);
  cudaMalloc(&c1, 4096);
  cudaMalloc(&c2, 4096);
  cudaMemcpy(din, h.data(), h.size() * 2, cudaMemcpyHostToDevice);
  copy_tessel<<<2, 128>>>(din, d1);
  copy_hand<<<2, 128>>>(din, d2);
  mma_tessel<<<1, 128>>>(din, din + 512, c1);
  mma_hand<<<1, 128>>>(din, din + 512, c2);
  std::vector<half_t> o1(h.size()), o2(h.size());
  std::vector<float> p1(1024), p2(1024);
  cudaMemcpy(o1.data(), d1, h.size() * 2, cudaMemcpyDeviceToHost);
  cudaMemcpy(o2.data(), d2, h.size() * 2, cudaMemcpyDeviceToHost);
  cudaMemcpy(p1.data(), c1, 4096, cudaMemcpyDeviceToHost);
  cudaMemcpy(p2.data(), c2, 4096, cudaMemcpyDeviceToHost);
  bool const ok = std::memcmp(o1.data(), o2.data(), o1.size() * 2) == 0 && std::memcmp(o1.data(), h.data(), o1.size() * 2) == 0 &&
                  p1 == p2;
  std::printf("copy and mma pairs agree: %s\n", ok ? "yes" : "NO");
  return ok ? 0 : 1;
}
