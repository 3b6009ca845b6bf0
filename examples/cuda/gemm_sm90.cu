// Example: C = A * B^T with tessel's Hopper GEMM (kernels/gemm_sm90.cuh) on
// device tensors, through the host API tessel::cuda::gemm. A is M x K
// row-major, B is N x K row-major (the "TN" GEMM), C is M x N row-major, bf16.
// Build (sm_90a; not built by CMake):
//   nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude \
//        examples/cuda/gemm_sm90.cu -o gemm_example
// Prints the configuration (describe) and the first elements of C beside a
// CPU dot product.
#include <cstdio>
#include <vector>

#include <tessel/kernels/gemm_sm90.cuh>

using namespace tessel;

int main() {
  int const M = 1000, N = 777, K = 512;
  using KM = GMMA::Major;
  kernels::sm90::describe<kernels::sm90::GemmConfig<bfloat16_t, bfloat16_t, KM::K, KM::K>>(M, N, K);
  std::vector<bfloat16_t> a(std::size_t(M) * K), b(std::size_t(N) * K), c(std::size_t(M) * N);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = bfloat16_t(float(int(i % 7) - 3) / 4.f);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = bfloat16_t(float(int(i % 5) - 2) / 2.f);
  bfloat16_t *da, *db, *dc;
  if (cudaMalloc(&da, a.size() * 2) != cudaSuccess || cudaMalloc(&db, b.size() * 2) != cudaSuccess ||
      cudaMalloc(&dc, c.size() * 2) != cudaSuccess) {
    std::printf("no GPU\n");
    return 2;
  }
  cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 2, cudaMemcpyHostToDevice);
  // The operands as tessel tensors: the layouts say the majors.
  auto A = make_tensor(make_gmem_ptr(static_cast<bfloat16_t const*>(da)), make_layout(make_shape(M, K), make_stride(K, 1)));
  auto B = make_tensor(make_gmem_ptr(static_cast<bfloat16_t const*>(db)), make_layout(make_shape(N, K), make_stride(K, 1)));
  auto C = make_tensor(make_gmem_ptr(dc), make_layout(make_shape(M, N), make_stride(N, 1)));
  cudaError_t e = cuda::gemm(A, B, C, 1.0f, 0.0f);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    std::printf("gemm: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaMemcpy(c.data(), dc, c.size() * 2, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 4; ++i) {
    float ref = 0;
    for (int k = 0; k < K; ++k) ref += float(a[std::size_t(i) * K + k]) * float(b[std::size_t(i) * K + k]);
    std::printf("C(%d,%d) = %g (CPU %g)\n", i, i, float(c[std::size_t(i) * N + i]), ref);
  }
  cudaFree(da), cudaFree(db), cudaFree(dc);
}
