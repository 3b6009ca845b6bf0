// CuTe-compatibility helpers in device code (issue 12): each thread computes,
// with the headers added for CuTe compatibility (tuple algorithms, integer
// sequences, array, array_subbyte, bit_field, MixedBits, complex, counting and
// identity tensors, reductions, the algebra on swizzled layouts), a few values
// that the host computes again with the same functions; the host compares
// them all. CI only compiles this file. Run: build/cuda/cute_compat_kernel.
// Prints "N passed, M failed"; exit status 0 when M == 0, 1 when M > 0, 2 when
// there is no GPU (or CUDA fails).
#include <cstdint>
#include <cstdio>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

constexpr int kThreads = 256;
constexpr int kValues = 12;

// The values thread t computes; the same function runs on the host.
CUTE_HOST_DEVICE void compute(int t, int* out) {
  // IntTuple helpers.
  out[0] = int(gcd(t + 1, 24)) + 100 * int(lcm(t % 7 + 1, _6{}));
  out[1] = int(max(make_shape(t % 5, make_shape(t % 3, _2{})))) + 10 * int(min(make_shape(t, 9)));
  out[2] = int(bool(elem_less(make_coord(t % 4, t % 3), make_shape(_3{}, _2{})))) +
           2 * int(bool(colex_less(make_coord(t % 4, t / 4 % 4), make_coord(1, 2))));
  out[3] = fold_first(make_tuple(t, 3, _2{}), [](auto a, auto b) { return a * b + 1; });
  // Sequences as tuples.
  int s = 0;
  for_each(make_int_range<2, 6>{}, [&](auto i) { s += decltype(i)::value * (t % 3); });
  out[4] = s;
  // array and array_subbyte.
  array<int, 4> a{t, t + 1, t + 2, t + 3};
  auto r = reverse(a);
  array_subbyte<uint6b_t, 7> packed{};
  for (int i = 0; i < 7; ++i) packed[i] = uint6b_t((t + 9 * i) % 64);
  out[5] = r[0] * 1000 + int(uint6b_t(packed[t % 7]));
  // bit_field and MixedBits.
  bit_field<std::uint32_t(5), std::uint32_t(13)> bf{};
  bf = std::uint16_t(t * 31);
  auto mb = make_mixed_bits(_8{}, std::uint32_t(t), _7{}) ^ make_mixed_bits(_1{}, std::uint32_t(t >> 3), _6{});
  out[6] = int(std::uint16_t(bf)) + 10000 * int(std::uint32_t(mb));
  // complex.
  complex<int> z(t, -t / 2);
  complex<int> w = conj(z) * z;
  out[7] = w.real() + w.imag();
  // Counting and identity tensors, and a reduction.
  auto ct = make_tensor(counting_iterator<int>{t}, Layout<Shape<_4, _8>, Stride<_8, _1>>{});
  out[8] = reduce(ct(t % 4, _), 0);
  auto id = make_identity_tensor(make_shape(_4{}, make_shape(_2{}, 3)));
  auto c = id(t % 24);
  out[9] = int(get<0>(c)) + 10 * int(get<1, 0>(c)) + 100 * int(get<1, 1>(c));
  // The algebra on swizzled layouts.
  auto sw = composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{});
  auto tiled = tile_to_shape(sw, Shape<_64, _128>{});
  auto inv = right_inverse(sw);
  out[10] = int(tiled(t * 31 % 8192)) + int(sw(inv(t)) == t) * 100000;
  out[11] = int(size(logical_divide(sw, Shape<_4, _8>{}))) + int(max_alignment(sw)) * 10000;
}

__global__ void compute_all(int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < kThreads) compute(t, out + t * kValues);
}

int main() {
  int* d = nullptr;
  if (cudaMalloc(&d, kThreads * kValues * sizeof(int)) != cudaSuccess) {
    std::printf("no GPU (or CUDA failed)\n");
    return 2;
  }
  compute_all<<<1, kThreads>>>(d);
  std::vector<int> got(kThreads * kValues);
  if (cudaMemcpy(got.data(), d, got.size() * sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess) {
    std::printf("CUDA failed\n");
    return 2;
  }
  cudaFree(d);
  int passed = 0, failed = 0;
  for (int t = 0; t < kThreads; ++t) {
    int want[kValues];
    compute(t, want);
    for (int k = 0; k < kValues; ++k) {
      if (got[t * kValues + k] == want[k]) {
        ++passed;
      } else if (++failed <= 10) {
        std::printf("thread %d value %d: device %d, host %d\n", t, k, got[t * kValues + k], want[k]);
      }
    }
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
