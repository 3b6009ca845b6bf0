// Hopper TMA and mbarriers on the GPU (sm_90): atom/copy_sm90.hpp's
// SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST and SM90_TMA_STORE with the mbarrier
// helpers, on tensor maps encoded here with cuTensorMapEncodeTiled (fetched
// through cudaGetDriverEntryPointByVersion, as CUTLASS does).
//
//   copy:      each block loads one box of a row-major matrix (TMA load,
//              mbarrier with expected bytes), adds 1 in shared memory and
//              stores it back (TMA store, tma_store_arrive/wait); matrix sizes
//              not multiples of the box: the load fills zeros outside, the
//              store clips. Unswizzled and with the 128-byte swizzle, where the
//              kernel reads shared memory through tessel's
//              GMMA::Layout_K_SW128_Atom tensor (so TMA's swizzle and tessel's
//              agree element by element).
//   multicast: clusters of 2 blocks; each loads half of the box and multicasts
//              it to both; each block writes the whole box to its own output.
//
// CI only compiles this file. Run: build/cuda/tma (tests/cuda/run_hopper.sh
// also runs it under compute-sanitizer). Exit 0 when all pass, 1 otherwise, 2
// without a GPU.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>
#include <tessel/atom/copy_sm90.hpp>

using namespace tessel;

namespace {

constexpr std::uint64_t kEvictNormal = 0x1000000000000000ull;  // the L2 cache policy CuTe passes by default
constexpr int kBoxC = 64;  // columns (128 bytes of half_t)
constexpr int kBoxR = 32;  // rows

using EncodeFn = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, cuuint64_t const*, cuuint64_t const*,
                              cuuint32_t const*, cuuint32_t const*, CUtensorMapInterleave, CUtensorMapSwizzle,
                              CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

EncodeFn encode_fn() {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult q;
  if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &q) != cudaSuccess ||
      q != cudaDriverEntryPointSuccess)
    return nullptr;
  return reinterpret_cast<EncodeFn>(fn);
}

// A 2-D tensor map of a rows x cols row-major half_t matrix, box box_r x box_c.
bool encode(TmaDescriptor& d, void* p, int rows, int cols, int box_r, int box_c, CUtensorMapSwizzle sw) {
  static EncodeFn const fn = encode_fn();
  if (!fn) return false;
  cuuint64_t dims[2] = {cuuint64_t(cols), cuuint64_t(rows)};
  cuuint64_t strides[1] = {cuuint64_t(cols) * 2};
  cuuint32_t box[2] = {cuuint32_t(box_c), cuuint32_t(box_r)};
  cuuint32_t estr[2] = {1, 1};
  static_assert(sizeof(TmaDescriptor) == sizeof(CUtensorMap));
  return fn(reinterpret_cast<CUtensorMap*>(&d), CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, p, dims, strides, box, estr,
            CU_TENSOR_MAP_INTERLEAVE_NONE, sw, CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}

// Load a box, add 1 (reading shared memory through the swizzled tensor when Swizzled), store it.
template <bool Swizzled>
__global__ void copy_kernel(__grid_constant__ TmaDescriptor const in, __grid_constant__ TmaDescriptor const out) {
  __shared__ alignas(1024) half_t tile[kBoxR * kBoxC];
  __shared__ alignas(1024) half_t plain[kBoxR * kBoxC];
  __shared__ alignas(8) std::uint64_t bar;
  int const x = int(blockIdx.x) * kBoxC, y = int(blockIdx.y) * kBoxR;
  if (threadIdx.x == 0) {
    prefetch_tma_descriptor(&in);
    initialize_barrier(bar, 1);
    fence_view_async_shared();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    set_barrier_transaction_bytes(bar, kBoxR * kBoxC * sizeof(half_t));
    SM90_TMA_LOAD::copy(&in, &bar, kEvictNormal, tile, x, y);
  }
  wait_barrier(bar, 0);
  // tile(r, c): row r of 128 bytes, as the K-major 128-byte-swizzled GMMA atom tiled over the box.
  auto st = [&] {
    if constexpr (Swizzled)
      return make_tensor(make_smem_ptr(tile), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<kBoxR>{}, Int<kBoxC>{})));
    else
      return make_tensor(make_smem_ptr(tile), make_layout(make_shape(Int<kBoxR>{}, Int<kBoxC>{}), make_stride(Int<kBoxC>{}, Int<1>{})));
  }();
  auto sp = make_tensor(make_smem_ptr(plain), make_layout(make_shape(Int<kBoxR>{}, Int<kBoxC>{}), make_stride(Int<kBoxC>{}, Int<1>{})));
  for (int i = int(threadIdx.x); i < kBoxR * kBoxC; i += int(blockDim.x)) {
    int const r = i / kBoxC, c = i % kBoxC;
    sp(r, c) = half_t(float(st(r, c)) + 1.0f);
  }
  fence_view_async_shared();  // the writes above, before the TMA store reads them
  __syncthreads();
  if (threadIdx.x == 0) {
    SM90_TMA_STORE::copy(&out, plain, x, y);
    tma_store_arrive();
    tma_store_wait<0>();
  }
}

// Clusters of 2 along x: block rank r loads rows [r*R/2, (r+1)*R/2) of the box and
// multicasts them to both blocks; each block writes the whole box to out + rank's slab.
__global__ void __cluster_dims__(2, 1, 1) multicast_kernel(__grid_constant__ TmaDescriptor const half_box, half_t* out, int cols) {
  __shared__ alignas(128) half_t tile[kBoxR * kBoxC];
  __shared__ alignas(8) std::uint64_t bar;
  std::uint32_t const rank = block_rank_in_cluster();
  int const cluster = int(blockIdx.x) / 2;
  if (threadIdx.x == 0) {
    initialize_barrier(bar, 1);
    fence_barrier_init();
  }
  cluster_sync();  // both barriers initialized before either block multicasts
  if (threadIdx.x == 0) {
    set_barrier_transaction_bytes(bar, kBoxR * kBoxC * sizeof(half_t));  // both halves arrive here
    SM90_TMA_LOAD_MULTICAST::copy(&half_box, &bar, std::uint16_t(0b11), kEvictNormal, tile + rank * (kBoxR / 2) * kBoxC,
                                  cluster * kBoxC, int(rank) * (kBoxR / 2));
  }
  wait_barrier(bar, 0);
  for (int i = int(threadIdx.x); i < kBoxR * kBoxC; i += int(blockDim.x))
    out[(std::size_t(blockIdx.x) * kBoxR * kBoxC) + i] = tile[i];
  (void)cols;
  cluster_sync();  // neither block leaves while the other's multicast may still write into it
}

bool cuda_ok(cudaError_t e, char const* what) {
  if (e != cudaSuccess) std::printf("%s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}

struct Totals { int passed = 0, failed = 0; };

void report(bool ok, char const* name, Totals& tot) {
  std::printf("%s %s\n", ok ? "PASS" : "FAIL", name);
  (ok ? tot.passed : tot.failed)++;
}

template <bool Swizzled>
void run_copy(char const* name, int rows, int cols, std::mt19937& rng, Totals& tot) {
  std::vector<half_t> a(std::size_t(rows) * cols), b(a.size(), half_t(-7.0f));
  std::uniform_int_distribution<int> d(-50, 50);
  for (auto& v : a) { int x = 0; while (x == 0) x = d(rng); v = half_t(float(x)); }
  half_t *da, *db;
  bool ok = cuda_ok(cudaMalloc(&da, a.size() * 2), "malloc") && cuda_ok(cudaMalloc(&db, b.size() * 2), "malloc") &&
            cuda_ok(cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice), "memcpy") &&
            cuda_ok(cudaMemcpy(db, b.data(), b.size() * 2, cudaMemcpyHostToDevice), "memcpy");
  TmaDescriptor in{}, out{};
  CUtensorMapSwizzle const sw = Swizzled ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE;
  ok = ok && encode(in, da, rows, cols, kBoxR, kBoxC, sw) && encode(out, db, rows, cols, kBoxR, kBoxC, CU_TENSOR_MAP_SWIZZLE_NONE);
  if (ok) {
    copy_kernel<Swizzled><<<dim3((cols + kBoxC - 1) / kBoxC, (rows + kBoxR - 1) / kBoxR), 128>>>(in, out);
    ok = cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel") &&
         cuda_ok(cudaMemcpy(b.data(), db, b.size() * 2, cudaMemcpyDeviceToHost), "memcpy");
  }
  int bad = 0;
  for (std::size_t i = 0; ok && i < a.size(); ++i)
    if (float(b[i]) != float(a[i]) + 1.0f && bad++ < 3) std::printf("  out[%zu] = %g, expected %g\n", i, float(b[i]), float(a[i]) + 1.0f);
  cudaFree(da), cudaFree(db);
  report(ok && bad == 0, name, tot);
}

void run_multicast(char const* name, int clusters, std::mt19937& rng, Totals& tot) {
  int const rows = kBoxR, cols = clusters * kBoxC;
  std::vector<half_t> a(std::size_t(rows) * cols), b(std::size_t(2 * clusters) * kBoxR * kBoxC, half_t(-7.0f));
  std::uniform_int_distribution<int> d(-50, 50);
  for (auto& v : a) { int x = 0; while (x == 0) x = d(rng); v = half_t(float(x)); }
  half_t *da, *db;
  bool ok = cuda_ok(cudaMalloc(&da, a.size() * 2), "malloc") && cuda_ok(cudaMalloc(&db, b.size() * 2), "malloc") &&
            cuda_ok(cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice), "memcpy");
  TmaDescriptor box{};
  ok = ok && encode(box, da, rows, cols, kBoxR / 2, kBoxC, CU_TENSOR_MAP_SWIZZLE_NONE);
  if (ok) {
    multicast_kernel<<<2 * clusters, 128>>>(box, db, cols);
    ok = cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel") &&
         cuda_ok(cudaMemcpy(b.data(), db, b.size() * 2, cudaMemcpyDeviceToHost), "memcpy");
  }
  int bad = 0;
  for (int blk = 0; ok && blk < 2 * clusters; ++blk)
    for (int r = 0; r < kBoxR; ++r)
      for (int c = 0; c < kBoxC; ++c) {
        float const want = float(a[std::size_t(r) * cols + (blk / 2) * kBoxC + c]);
        float const got = float(b[(std::size_t(blk) * kBoxR + r) * kBoxC + c]);
        if (got != want && bad++ < 3) std::printf("  block %d (%d,%d) = %g, expected %g\n", blk, r, c, got, want);
      }
  cudaFree(da), cudaFree(db);
  report(ok && bad == 0, name, tot);
}

}  // namespace

int main() {
  int devices = 0;
  if (!cuda_ok(cudaGetDeviceCount(&devices), "cudaGetDeviceCount") || devices == 0) {
    std::printf("no CUDA device: nothing run\n");
    return 2;
  }
  std::mt19937 rng(20261123);
  Totals tot;
  run_copy<false>("TMA load/store 2-D half_t, box 32x64, 128 x 256 (whole boxes)", 128, 256, rng, tot);
  run_copy<false>("TMA load/store 2-D half_t, box 32x64, 100 x 200 (edge boxes: zero fill, clipped store)", 100, 200, rng, tot);
  run_copy<true>("TMA load SWIZZLE_128B read through GMMA::Layout_K_SW128_Atom, 96 x 192", 96, 192, rng, tot);
  run_copy<true>("TMA load SWIZZLE_128B, edges, 70 x 136", 70, 136, rng, tot);
  run_multicast("TMA load multicast, clusters of 2, 3 clusters", 3, rng, tot);
  std::printf("%d passed, %d failed\n", tot.passed, tot.failed);
  return tot.failed ? 1 : 0;
}
