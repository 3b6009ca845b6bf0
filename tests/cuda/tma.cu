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
//   make_tma_copy: tensor maps built from the layouts (atom/tma_copy.hpp): an
//              M-major matrix loaded into MN_SW128 tiles (a 128x64 tile takes
//              16 boxes of 64x8), doubled, stored from a plain tile; a K-major
//              matrix multicast to clusters of 2 (K_SW128 64x64 tiles).
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
#include <tessel/atom/tma_copy.hpp>

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

// make_tma_copy: load the (128,64) tile (bm, bk) of an M-major matrix into the
// MN_SW128 tile, double it into a plain column-major tile, store that.
template <class Load, class Store>
__global__ void made_copy_kernel(__grid_constant__ Load const load, __grid_constant__ Store const store) {
  __shared__ alignas(1024) half_t a[128 * 64];
  __shared__ alignas(1024) half_t b[128 * 64];
  __shared__ alignas(8) std::uint64_t bar;
  if (threadIdx.x == 0) {
    initialize_barrier(bar, 1);
    fence_view_async_shared();
  }
  __syncthreads();
  auto const tile = make_coord(int(blockIdx.x), int(blockIdx.y));
  if (threadIdx.x == 0) {
    set_barrier_transaction_bytes(bar, load.bytes);
    load.with(bar).copy(a, tile);
  }
  wait_barrier(bar, 0);
  auto sa = make_tensor(make_smem_ptr(a), tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_128, _64>{}));
  auto sb = make_tensor(make_smem_ptr(b), make_layout(Shape<_128, _64>{}));
  for (int i = int(threadIdx.x); i < 128 * 64; i += int(blockDim.x)) sb(i % 128, i / 128) = half_t(float(sa(i % 128, i / 128)) * 2.0f);
  fence_view_async_shared();
  __syncthreads();
  if (threadIdx.x == 0) {
    store.copy(b, tile);
    tma_store_arrive();
    tma_store_wait<0>();
  }
}

// make_tma_copy multicast: each cluster of 2 loads the (64,64) K-major tile (cluster, bk), each block half of it.
template <class Load>
__global__ void __cluster_dims__(2, 1, 1) made_multicast_kernel(__grid_constant__ Load const load, half_t* out) {
  __shared__ alignas(1024) half_t a[64 * 64];
  __shared__ alignas(8) std::uint64_t bar;
  int const rank = int(block_rank_in_cluster());
  if (threadIdx.x == 0) {
    initialize_barrier(bar, 1);
    fence_barrier_init();
  }
  cluster_sync();
  if (threadIdx.x == 0) {
    set_barrier_transaction_bytes(bar, load.bytes);
    load.with(bar, std::uint16_t(0b11)).copy(a, make_coord(int(blockIdx.x) / 2, int(blockIdx.y)), rank);
  }
  wait_barrier(bar, 0);
  auto sa = make_tensor(make_smem_ptr(a), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64, _64>{}));
  half_t* o = out + (std::size_t(blockIdx.y) * gridDim.x + blockIdx.x) * 64 * 64;
  for (int i = int(threadIdx.x); i < 64 * 64; i += int(blockDim.x)) o[i] = sa(i / 64, i % 64);  // row-major (m, k)
  cluster_sync();
}


// CuTe's spelling: get_tma_tensor, local_tile, tma_partition, copy(tma.with(bar), ...) and
// copy(tma_store, ...), as CuTe's Hopper tutorial writes them. Each block walks the K tiles of
// its (BM,BK) row of tiles of a K-major (M,K) matrix through 2 smem stages and stores each tile
// back to the (M,K) output, doubled.
template <class Load, class Store>
__global__ void cute_spelling_kernel(__grid_constant__ Load const tma_a, __grid_constant__ Store const tma_b, int M, int K) {
  using BM = _64;
  using BK = _64;
  __shared__ alignas(1024) half_t a[2 * 64 * 64];
  __shared__ alignas(1024) half_t o[2 * 64 * 64];
  __shared__ alignas(8) std::uint64_t bar[2];
  auto sA_layout = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(BM{}, BK{}, _2{}));
  auto sA = make_tensor(make_smem_ptr(a), sA_layout);                                      // (BM,BK,PIPE)
  auto sO = make_tensor(make_smem_ptr(o), make_layout(make_shape(BM{}, BK{}, _2{}), make_stride(BK{}, _1{}, Int<64 * 64>{})));
  auto mA = tma_a.get_tma_tensor(make_shape(M, K));                                         // (M,K) coordinates
  auto mO = tma_b.get_tma_tensor(make_shape(M, K));
  auto gA = local_tile(mA, make_shape(BM{}, BK{}), make_coord(int(blockIdx.x), _));         // (BM,BK,k)
  auto gO = local_tile(mO, make_shape(BM{}, BK{}), make_coord(int(blockIdx.x), _));
  auto [tAgA, tAsA] = tma_partition(tma_a, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sA), group_modes<0, 2>(gA));
  auto [tOgO, tOsO] = tma_partition(tma_b, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sO), group_modes<0, 2>(gO));
  constexpr int bytes = int(sizeof(make_tensor_like(tensor<0>(tAsA))));
  static_assert(bytes == 64 * 64 * 2, "the transaction bytes of a tile, CuTe's way");
  if (threadIdx.x == 0) {
    initialize_barrier(bar[0], 1);
    initialize_barrier(bar[1], 1);
    fence_view_async_shared();
  }
  __syncthreads();
  int const k_tiles = int(size<1>(tAgA));
  if (threadIdx.x == 0) {
    set_barrier_transaction_bytes(bar[0], bytes);
    copy(tma_a.with(bar[0]), tAgA(_, 0), tAsA(_, 0));
  }
  for (int k = 0; k < k_tiles; ++k) {
    int const stage = k % 2;
    if (threadIdx.x == 0 && k + 1 < k_tiles) {  // the next tile into the other stage
      set_barrier_transaction_bytes(bar[1 - stage], bytes);
      copy(tma_a.with(bar[1 - stage]), tAgA(_, k + 1), tAsA(_, 1 - stage));
    }
    wait_barrier(bar[stage], (k / 2) % 2);
    if (threadIdx.x == 0) tma_store_wait<1>();  // the store that last read this output stage is done
    __syncthreads();
    for (int i = int(threadIdx.x); i < 64 * 64; i += int(blockDim.x))
      sO(i / 64, i % 64, stage) = half_t(2.0f * float(sA(i / 64, i % 64, stage)));
    fence_view_async_shared();
    __syncthreads();
    if (threadIdx.x == 0) {
      copy(tma_b, tOsO(_, stage), tOgO(_, k));
      tma_store_arrive();
    }
  }
  if (threadIdx.x == 0) tma_store_wait<0>();
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

// The matrices of a case: a, na random nonzero halves, and b, nb halves of -7 (poison),
// both copied to the device (da, db). False (and a message) when CUDA fails.
bool setup(std::size_t na, std::size_t nb, std::vector<half_t>& a, std::vector<half_t>& b, half_t*& da, half_t*& db, std::mt19937& rng) {
  a.assign(na, half_t(0.0f));
  b.assign(nb, half_t(-7.0f));
  std::uniform_int_distribution<int> d(-50, 50);
  for (auto& v : a) { int x = 0; while (x == 0) x = d(rng); v = half_t(float(x)); }
  return cuda_ok(cudaMalloc(&da, a.size() * 2), "malloc") && cuda_ok(cudaMalloc(&db, b.size() * 2), "malloc") &&
         cuda_ok(cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice), "memcpy") &&
         cuda_ok(cudaMemcpy(db, b.data(), b.size() * 2, cudaMemcpyHostToDevice), "memcpy");
}

// After a launch: its errors, then b back from the device.
bool finish_kernel(std::vector<half_t>& b, half_t const* db) {
  return cuda_ok(cudaGetLastError(), "launch") && cuda_ok(cudaDeviceSynchronize(), "kernel") &&
         cuda_ok(cudaMemcpy(b.data(), db, b.size() * 2, cudaMemcpyDeviceToHost), "memcpy");
}

template <bool Swizzled>
void run_copy(char const* name, int rows, int cols, std::mt19937& rng, Totals& tot) {
  std::vector<half_t> a, b;
  half_t *da = nullptr, *db = nullptr;
  bool ok = setup(std::size_t(rows) * cols, std::size_t(rows) * cols, a, b, da, db, rng);
  TmaDescriptor in{}, out{};
  CUtensorMapSwizzle const sw = Swizzled ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE;
  ok = ok && encode(in, da, rows, cols, kBoxR, kBoxC, sw) && encode(out, db, rows, cols, kBoxR, kBoxC, CU_TENSOR_MAP_SWIZZLE_NONE);
  if (ok) {
    copy_kernel<Swizzled><<<dim3((cols + kBoxC - 1) / kBoxC, (rows + kBoxR - 1) / kBoxR), 128>>>(in, out);
    ok = finish_kernel(b, db);
  }
  int bad = 0;
  for (std::size_t i = 0; ok && i < a.size(); ++i)
    if (float(b[i]) != float(a[i]) + 1.0f && bad++ < 3) std::printf("  out[%zu] = %g, expected %g\n", i, float(b[i]), float(a[i]) + 1.0f);
  cudaFree(da), cudaFree(db);
  report(ok && bad == 0, name, tot);
}

void run_multicast(char const* name, int clusters, std::mt19937& rng, Totals& tot) {
  int const rows = kBoxR, cols = clusters * kBoxC;
  std::vector<half_t> a, b;
  half_t *da = nullptr, *db = nullptr;
  bool ok = setup(std::size_t(rows) * cols, std::size_t(2 * clusters) * kBoxR * kBoxC, a, b, da, db, rng);
  TmaDescriptor box{};
  ok = ok && encode(box, da, rows, cols, kBoxR / 2, kBoxC, CU_TENSOR_MAP_SWIZZLE_NONE);
  if (ok) {
    multicast_kernel<<<2 * clusters, 128>>>(box, db, cols);
    ok = finish_kernel(b, db);
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

// The cases whose output is the input doubled, element for element: compare, free, report.
void check_doubled(char const* name, bool ok, std::vector<half_t> const& a, std::vector<half_t> const& b, half_t* da, half_t* db,
                   Totals& tot) {
  int bad = 0;
  for (std::size_t i = 0; ok && i < a.size(); ++i)
    if (float(b[i]) != 2.0f * float(a[i]) && bad++ < 3) std::printf("  out[%zu] = %g, expected %g\n", i, float(b[i]), 2.0f * float(a[i]));
  cudaFree(da), cudaFree(db);
  report(ok && bad == 0, name, tot);
}

// The M-major (M,K):(1,M) matrix through make_tma_copy load (MN_SW128) and store.
void run_made_copy(char const* name, int M, int K, std::mt19937& rng, Totals& tot) {
  std::vector<half_t> a, b;
  half_t *da = nullptr, *db = nullptr;
  bool ok = setup(std::size_t(M) * K, std::size_t(M) * K, a, b, da, db, rng);
  if (ok) {
    try {
      auto ga = make_tensor(make_gmem_ptr(da), make_layout(make_shape(M, K), make_stride(Int<1>{}, M)));
      auto gb = make_tensor(make_gmem_ptr(db), make_layout(make_shape(M, K), make_stride(Int<1>{}, M)));
      auto load = make_tma_copy(SM90_TMA_LOAD{}, ga, tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_128, _64>{}));
      auto store = make_tma_copy(SM90_TMA_STORE{}, gb, make_layout(Shape<_128, _64>{}));
      made_copy_kernel<<<dim3((M + 127) / 128, (K + 63) / 64), 128>>>(load, store);
      ok = finish_kernel(b, db);
    } catch (tessel::error const& e) {
      std::printf("  %s\n", e.what());
      ok = false;
    }
  }
  check_doubled(name, ok, a, b, da, db, tot);
}

// The K-major (M,K):(K,1) matrix multicast by make_tma_copy in clusters of 2.
void run_made_multicast(char const* name, int M, int K, std::mt19937& rng, Totals& tot) {
  int const tm = M / 64, tk = K / 64;
  std::vector<half_t> a, b;
  half_t *da = nullptr, *db = nullptr;
  bool ok = setup(std::size_t(M) * K, std::size_t(2 * tm) * tk * 64 * 64, a, b, da, db, rng);
  if (ok) {
    try {
      auto ga = make_tensor(make_gmem_ptr(da), make_layout(make_shape(M, K), make_stride(K, Int<1>{})));
      auto load = make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, ga, tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64, _64>{}),
                                Shape<_64, _64>{}, 2);
      made_multicast_kernel<<<dim3(2 * tm, tk), 128>>>(load, db);
      ok = finish_kernel(b, db);
    } catch (tessel::error const& e) {
      std::printf("  %s\n", e.what());
      ok = false;
    }
  }
  int bad = 0;
  for (int by = 0; ok && by < tk; ++by)
    for (int bx = 0; bx < 2 * tm; ++bx)
      for (int i = 0; i < 64 * 64; ++i) {
        int const m = (bx / 2) * 64 + i / 64, k = by * 64 + i % 64;
        float const want = float(a[std::size_t(m) * K + k]), got = float(b[(std::size_t(by) * 2 * tm + bx) * 64 * 64 + i]);
        if (got != want && bad++ < 3) std::printf("  block (%d,%d) [%d] = %g, expected %g\n", bx, by, i, got, want);
      }
  cudaFree(da), cudaFree(db);
  report(ok && bad == 0, name, tot);
}

// The K-major (M,K):(K,1) matrix through the CuTe-spelled kernel (edges in M and K).
void run_cute_spelling(char const* name, int M, int K, std::mt19937& rng, Totals& tot) {
  std::vector<half_t> a, b;
  half_t *da = nullptr, *db = nullptr;
  bool ok = setup(std::size_t(M) * K, std::size_t(M) * K, a, b, da, db, rng);
  if (ok) {
    try {
      auto ga = make_tensor(make_gmem_ptr(da), make_layout(make_shape(M, K), make_stride(K, Int<1>{})));
      auto gb = make_tensor(make_gmem_ptr(db), make_layout(make_shape(M, K), make_stride(K, Int<1>{})));
      auto sa = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64, _64>{});
      auto tma_a = make_tma_atom(SM90_TMA_LOAD{}, ga, sa, Shape<_64, _64>{});
      auto tma_b = make_tma_atom(SM90_TMA_STORE{}, gb, make_layout(Shape<_64, _64>{}, LayoutRight{}), Shape<_64, _64>{});
      // Static plans at cluster size 1: each kernel parameter is the tensor map alone (and its alignment).
      static_assert(sizeof(tma_a) == sizeof(TmaDescriptor) + alignof(TmaDescriptor) && sizeof(tma_b) == sizeof(tma_a));
      cute_spelling_kernel<<<(M + 63) / 64, 128>>>(tma_a, tma_b, M, K);
      ok = finish_kernel(b, db);
    } catch (tessel::error const& e) {
      std::printf("  %s\n", e.what());
      ok = false;
    }
  }
  check_doubled(name, ok, a, b, da, db, tot);
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
  run_made_copy("make_tma_copy load MN_SW128 128x64 (16 boxes of 64x8) / store col-major, 1000 x 520 (edges)", 1000, 520, rng, tot);
  run_made_copy("make_tma_copy load/store, 256 x 128 (whole tiles)", 256, 128, rng, tot);
  run_made_multicast("make_tma_copy multicast K_SW128 64x64, clusters of 2, 192 x 128", 192, 128, rng, tot);
  run_cute_spelling("CuTe spelling (get_tma_tensor, tma_partition, copy), 2 stages, 200 x 456 (edges)", 200, 456, rng, tot);
  run_cute_spelling("CuTe spelling, 128 x 64 (one K tile)", 128, 64, rng, tot);
  std::printf("%d passed, %d failed\n", tot.passed, tot.failed);
  return tot.failed ? 1 : 0;
}
