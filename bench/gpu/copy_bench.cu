// Layout-to-layout copies on the GPU: correctness and bandwidth of
// tessel::cuda::copy beside a plain device-to-device copy.
//   copy_bench [--small] [--reps N] [--rounds R] [--no-time] [--only TEXT] [--sweep] [--first-element-windows] [--diag]
// --diag: beside whole-row plans, their memory pattern moved by plain 16-byte loads and stores
// without their kernel (diag_pattern; session 20), and sequential reads, writes and copies.
// --rounds R: after a case's lines, R rounds of the plan and the D2D copy alternated
// (each the median of N runs); the case's figures are then the rounds' medians and its
// ratio the median of the rounds' ratios. --first-element-windows: plans with
// CopyPlan::line_windows off (item tiles' warps start at each row's and column's first
// element, as before session 12; for ncu runs of the old access pattern).
// --small: small sizes (for compute-sanitizer runs). --no-time: every plan and
// variant checked, none timed (each launched once: compute-sanitizer runs of
// --small, where the timing loops' launches took minutes under racecheck).
// Prints one line per case and "N passed, M failed".
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>
#include <algorithm>
#include <chrono>

#include <tessel/kernels/copy.cuh>
#include <tessel/kernels/copy_tma.cuh>

#include "median_ms.cuh"

using namespace tessel;
static bool g_sweep = false;
static std::string g_tma_line;  // the TMA path's line of the last case (copy_tma.cuh), "" when none
static bool g_tma_ok = true;
static std::string g_order_line;     // the same plan with the other tile order
static std::string g_unpacked_line;  // the byte-wise kernel's line beside a packed plan
static bool small_run = false;
static bool g_time = true;  // --no-time: false
static int g_rounds = 0;    // --rounds R
static bool g_line_windows = true;  // --first-element-windows: false (CopyPlan::line_windows off, for ncu of the old windows)
static bool g_diag = false;  // --diag: the memory pattern of whole-row plans without their kernel (diag_pattern)
static std::string g_rounds_line;  // the rounds' ratios of the last case
static double g_round_ratio = 0;   // their median (--rounds)

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); std::exit(1); } } while (0)

// Reference: one thread per element, 64-bit division, no shared memory.
template <class T>
__global__ void reference_copy(T const* src, T* dst, int rank, long long const* shape, long long const* ss,
                               long long const* ds, long long total) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < total; i += (long long)gridDim.x * blockDim.x) {
    long long x = i, so = 0, dof = 0;
    for (int k = 0; k < rank; ++k) {
      long long c = x % shape[k];
      x /= shape[k];
      so += c * ss[k];
      dof += c * ds[k];
    }
    dst[dof] = src[so];
  }
}

template <class T>
__global__ void count_diff(T const* a, T const* b, long long n, unsigned long long* bad) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    if (a[i] != b[i]) atomicAdd(bad, 1ull);
}

__global__ void fill_random(unsigned* p, long long n_words, unsigned seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n_words; i += (long long)gridDim.x * blockDim.x) {
    unsigned x = unsigned(i) * 2654435761u ^ seed;
    x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15;
    p[i] = x | 0x01010101u;  // never zero bytes
  }
}

// Session 20 diagnostics (--diag): the bytes of a whole-row plan moved in its memory pattern without
// its kernel. n bytes as 16-byte units u, unrolled 4 a thread per step, grid-stride. Mode bits: 1 read
// (the tiles' order: tile t = u / (R * NJ / 16) of R rows, its bytes o = 16 (u % that) as row o / NJ of
// the tile, byte o % NJ, at the row's source offset rounded down to 16; rows of I as the plan's modes
// [0, nA)), 2 write (tile t's column j piece of R bytes at j * NI + R t: unit u's byte 16 (u % (R / 16))),
// 4 read sequentially, 8 write sequentially. Reads are summed; the sum is stored only if it is 0 (never).
// cs (a multiple of R; NI: the plan's columns): the writes' column stride, the tiles in groups of G = cs / R,
// group g's columns cs apart from g * cs * NJ on (session 20 copy2: the same 128-byte pieces with their
// columns 4 KB or 64 KB apart, so that a tile's pieces lie in 1 or 7 pages of 2 MB instead of about 88).
struct DiagModes {
  int nA;
  long long shape[6], stride[6];
};
template <int Mode, int R>
__global__ void diag_pattern(unsigned char const* src, unsigned char* dst, long long n, long long NI, long long NJ, DiagModes m,
                             unsigned* sink, long long cs) {
  long long const units = n / 16, per_tile = R * NJ / 16;
  unsigned acc = 0;
  auto src_of = [&](long long u) -> long long {
    if constexpr (Mode & 4) return 16 * u;
    long long const t = u / per_tile, o = 16 * (u % per_tile);
    long long I = t * R + o / NJ, so = 0;
    for (int k = 0; k < m.nA; ++k) { so += (I % m.shape[k]) * m.stride[k]; I /= m.shape[k]; }
    return (so + o % NJ) & ~15ll;
  };
  auto dst_of = [&](long long u) -> long long {
    if constexpr (Mode & 8) return 16 * u;
    long long const t = u / per_tile, k = u % per_tile, j = k / (R / 16), G = cs / R;
    return (t / G) * cs * NJ + j * cs + R * (t % G) + 16 * (k % (R / 16));
  };
  long long const step = (long long)gridDim.x * blockDim.x;
  for (long long u0 = blockIdx.x * (long long)blockDim.x + threadIdx.x; u0 < units; u0 += 4 * step) {
    uint4 v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      long long const u = u0 + k * step;
      v[k] = make_uint4(unsigned(u), 1, 2, 3);
      if constexpr (Mode & 5) {
        if (u < units) {
          long long const at = src_of(u);
          if (at + 16 <= n) v[k] = *reinterpret_cast<uint4 const*>(src + at);
        }
      }
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      long long const u = u0 + k * step;
      if constexpr (Mode & 10) {
        if (u < units) {
          long long const at = dst_of(u);
          if (at + 16 <= n) *reinterpret_cast<uint4*>(dst + at) = v[k];
        }
      } else {
        acc += v[k].x ^ v[k].y ^ v[k].z ^ v[k].w;
      }
    }
  }
  if constexpr (!(Mode & 10)) if (acc == 0) sink[0] = acc;
}

struct Case {
  std::string name;
  int elem;                       // bytes
  std::vector<long long> shape;   // logical shape (mode 0 fastest, CuTe order)
  std::vector<int> perm;          // dst is the permuted row-major tensor: dst dims = shape[perm[i]]
  bool broadcast = false;         // src stride 0 on the last mode
};

// Strides of a compact layout with mode 0 fastest (column-major).
static std::vector<long long> colmajor(std::vector<long long> const& s) {
  std::vector<long long> d(s.size());
  long long p = 1;
  for (size_t k = 0; k < s.size(); ++k) { d[k] = p; p *= s[k]; }
  return d;
}

// The median time (ms) of reps runs of fn, each between two events, after warm_ms of warm-up
// (at least 3 runs of it).
template <class Fn>
static float median_ms(Fn&& fn, int reps, int warm_ms) {
  return g_time ? bench::median_ms(fn, reps, warm_ms) : 0.f;  // --no-time: not timed
}

template <class T>
static double run_case(Case const& c, int reps, bool& ok, std::string& plan_text, double& ref_tbps, T*) {
  int r = int(c.shape.size());
  long long n = 1;
  for (auto s : c.shape) n *= s;
  // src: compact column-major over shape (or broadcast); dst: the permuted compact layout.
  std::vector<long long> ss = colmajor(c.shape);
  if (c.broadcast) ss[r - 1] = 0;
  std::vector<long long> pshape(r);
  for (int i = 0; i < r; ++i) pshape[i] = c.shape[c.perm[i]];
  std::vector<long long> pstr = colmajor(pshape), ds(r);
  for (int i = 0; i < r; ++i) ds[c.perm[i]] = pstr[i];
  long long src_elems = c.broadcast ? n / c.shape[r - 1] : n;

  T *src, *dst, *ref;
  CK(cudaMalloc(&src, src_elems * sizeof(T)));
  CK(cudaMalloc(&dst, n * sizeof(T)));
  CK(cudaMalloc(&ref, n * sizeof(T)));
  fill_random<<<1024, 256>>>(reinterpret_cast<unsigned*>(src), (src_elems * (long long)sizeof(T)) / 4, 12345u + r);
  CK(cudaMemset(dst, 0xAB, n * sizeof(T)));  // poison
  CK(cudaMemset(ref, 0xCD, n * sizeof(T)));

  // Dynamic layouts of rank r (up to 6).
  engine::Layout ls, ld;
  engine::Error e;
  ls.open(e); ld.open(e);
  for (int k = 0; k < r; ++k) { ls.leaf({c.shape[k], false}, {ss[k], false}, e); ld.leaf({c.shape[k], false}, {ds[k], false}, e); }
  ls.close(e); ld.close(e);
  kernels::CopyPlan plan = kernels::plan_copy(ls, ld, int(sizeof(T)), cuda::detail::alignment_of(src), cuda::detail::alignment_of(dst));
  plan.line_windows = g_line_windows;
  if (small_run) plan.max_grid = 3;  // every block moves several tiles (the kernels' loops over tiles)

  auto launch = [&] {
    kernels::CopyPlan p = plan;
    CK(cuda::launch(p, src, dst, 0));
    plan.grid = p.grid; plan.block = p.block; plan.used_tma = p.used_tma; plan.used_async = p.used_async;
    plan.used_buffers = p.used_buffers, plan.used_rows_order = p.used_rows_order, plan.used_rows_tile = p.used_rows_tile;
  };
  launch();
  CK(cudaDeviceSynchronize());
  plan_text = plan.describe();

  // reference
  long long *dshape, *dss, *dds;
  CK(cudaMalloc(&dshape, 8 * r)); CK(cudaMalloc(&dss, 8 * r)); CK(cudaMalloc(&dds, 8 * r));
  CK(cudaMemcpy(dshape, c.shape.data(), 8 * r, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dss, ss.data(), 8 * r, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dds, ds.data(), 8 * r, cudaMemcpyHostToDevice));
  reference_copy<T><<<4096, 256>>>(src, ref, r, dshape, dss, dds, n);
  unsigned long long* bad;
  CK(cudaMalloc(&bad, 8));
  CK(cudaMemset(bad, 0, 8));
  count_diff<T><<<4096, 256>>>(dst, ref, n, bad);
  unsigned long long hbad = 0;
  CK(cudaMemcpy(&hbad, bad, 8, cudaMemcpyDeviceToHost));
  ok = hbad == 0;

  // timing: median of reps after 200 ms of warm-up (clocks and caches reach their steady state)
  double const bytes = double(n) * sizeof(T) * 2;
  auto tbps_of = [&](float ms) { return ms > 0 ? bytes / (ms * 1e-3) / 1e12 : 0.0; };
  auto plan_tbps = [&](kernels::CopyPlan const& q0, int warm_ms) {
    return tbps_of(median_ms([&] { kernels::CopyPlan q = q0; CK(cuda::launch(q, src, dst, 0)); }, reps, warm_ms));
  };
  double tbps = tbps_of(median_ms(launch, reps, 200));
  if (g_sweep && plan.kind == kernels::CopyPlan::Kind::tile && plan.L == 1 && !plan.packed) {
    long long cand[][2] = {{32, 32}, {32, 64}, {64, 32}, {64, 64}, {128, 32}, {64, 128}};
    for (auto const& c : cand) {
      if (c[0] * c[1] * plan.elem_bytes > 32768 || (c[1] == 128 && plan.elem_bytes != 1)) continue;
      kernels::CopyPlan q = plan;
      q.use_tma = false;  // the tile kernel's tiles
      q.TI = c[0], q.TJ = c[1];
      printf("    sweep tile %lldx%lld: %.3f TB/s\n", c[0], c[1], plan_tbps(q, 0));
    }
  }
  char line[200];
  // The same tile plan with the other tile order (J tiles first or I tiles first), without the TMA.
  g_order_line.clear();
  if (!small_run && plan.kind == kernels::CopyPlan::Kind::tile) {
    kernels::CopyPlan other = plan;
    other.j_first = !plan.j_first;
    other.use_tma = false;
    std::snprintf(line, sizeof line, "    the other tile order (%s first): %.3f TB/s", other.j_first ? "J" : "I", plan_tbps(other, 0));
    g_order_line = line;
  }
  // The elements a plan gets wrong, against the reference (dst poisoned first).
  auto wrong_elements = [&](kernels::CopyPlan const& q0) {
    kernels::CopyPlan q = q0;
    CK(cudaMemset(dst, 0xAB, n * sizeof(T)));
    CK(cuda::launch(q, src, dst, 0));
    CK(cudaDeviceSynchronize());
    CK(cudaMemset(bad, 0, 8));
    count_diff<T><<<4096, 256>>>(dst, ref, n, bad);
    unsigned long long wrong = 0;
    CK(cudaMemcpy(&wrong, bad, 8, cudaMemcpyDeviceToHost));
    return wrong;
  };
  // Variants of the plan, each checked against the reference before it is timed (a line per variant).
  auto variant = [&](kernels::CopyPlan const& q0, char const* what) {
    unsigned long long const vbad = wrong_elements(q0);
    if (vbad) ok = false;
    std::snprintf(line, sizeof line, "\n    %s: %.3f TB/s%s", what, plan_tbps(q0, 0), vbad ? " WRONG" : "");
    g_order_line += line;
  };
  if (!small_run && plan.kind == kernels::CopyPlan::Kind::tile) {
    // The grid of session 6 and before: at most 16 blocks per SM, each looping over tiles.
    kernels::CopyPlan q = plan;
    q.waves = 2, q.use_tma = false;
    variant(q, "grid of at most 16 blocks per SM (blocks loop over tiles)");
  }
  if (plan.kind == kernels::CopyPlan::Kind::tile && plan.L > 1 && plan.used_async) {
    kernels::CopyPlan q = plan;  // also in --small runs: both item kernels checked
    q.async_copy = false;
    variant(q, "loads through registers (copy_tile, no cp.async)");
    q = plan, q.line_windows = !plan.line_windows;
    variant(q, q.line_windows ? "cp.async, line-aligned windows" : "cp.async, windows from each row's first element (before session 12)");
    if (small_run) {  // --small caps the grid (blocks loop over tiles): check the default grid too
      kernels::CopyPlan one = plan;
      one.max_grid = 0;
      variant(one, "cp.async, one block per tile (the default grid)");
      one.tile_buffers = 1;
      variant(one, "cp.async, one block per tile, one tile buffer");
      one.tile_buffers = 2;
      variant(one, "cp.async, one block per tile, two tile buffers");
    } else if (plan.used_buffers > 0) {  // one block per tile: the other count of tile buffers
      q = plan, q.tile_buffers = plan.used_buffers == 1 ? 2 : 1;
      variant(q, q.tile_buffers == 1 ? "cp.async, one tile buffer (as on the H200)" : "cp.async, two tile buffers (as on the H100)");
    }
  }
  if (!small_run && plan.kind == kernels::CopyPlan::Kind::tile && plan.L > 1) {
    // Items: other tile sizes; the elementwise kernel in destination order (no shared memory).
    long long cand[][2] = {{8, 32}, {32, 8}, {64, 4}, {16, 16}};
    for (auto const& c : cand) {
      if (c[0] * c[1] * plan.L * plan.elem_bytes > 46 * 1024 || (c[0] == plan.TI && c[1] == plan.TJ)) continue;
      kernels::CopyPlan q = plan;
      q.TI = c[0], q.TJ = c[1];
      char what[80];
      std::snprintf(what, sizeof what, "tile %lldx%lld items", c[0], c[1]);
      variant(q, what);
    }
    if (plan.rank + 1 <= kernels::kMaxCopyRank) {
      kernels::CopyPlan v = plan;
      v.kind = kernels::CopyPlan::Kind::vector;
      v.rank = plan.rank + 1;
      v.shape[0] = plan.L, v.src_stride[0] = 1, v.dst_stride[0] = 1;
      for (int k = 0; k < plan.rank; ++k)
        v.shape[k + 1] = plan.shape[k], v.src_stride[k + 1] = plan.src_stride[k], v.dst_stride[k + 1] = plan.dst_stride[k];
      variant(v, "elementwise in destination order (items first, no shared memory)");
    }
  }
  // Whole rows (copy_transpose_rows, cp.async) beside J tiles of at most 120 bytes (copy_transpose_bytes),
  // and its 4-byte stores where it stores 8 bytes; --small: the default grid too.
  if (plan.packed && plan.packed_rows) {
    long long NJ = 1;
    for (int k = plan.nA; k < plan.nA + plan.nB; ++k) NJ *= plan.shape[k];
    kernels::CopyPlan q = plan;
    q.packed_rows = false, q.TJ = kernels::packed_tile_width(NJ, 120);
    variant(q, "packed, J tiles of at most 120 bytes (copy_transpose_bytes, as before)");
    if (plan.dst8) {
      q = plan, q.dst8 = false;
      variant(q, "whole rows, 4-byte stores");
    }
    // The other tiles (CopyPlan::rows_tile): 256 rows x at most 120 bytes, or 128 rows of whole rows.
    q = plan, q.rows_tile = plan.used_rows_tile == 256 ? 128 : 256;
    char const* const other_tile = q.rows_tile == 256 ? "tiles of 256 rows x at most 120 bytes (rows split)"
                                                      : "whole rows in tiles of 128 rows (before session 20)";
    variant(q, other_tile);
    if (small_run) {
      q.max_grid = 0;
      variant(q, (std::string(other_tile) + ", the default grid").c_str());
      if (plan.dst8) q.dst8 = false, variant(q, (std::string(other_tile) + ", the default grid, 4-byte stores").c_str());
    }
    // The other order of a tile's start (CopyPlan::rows_order), 128-row tiles: loads before the column addresses, or after.
    int const order128 = plan.used_rows_tile == 256 ? 1 : plan.used_rows_order;  // 256-row tiles: loads first
    q = plan, q.rows_tile = 128, q.rows_order = order128 == 1 ? 2 : 1;
    char const* const other_order = q.rows_order == 1 ? "whole rows in tiles of 128 rows, loads before the column addresses"
                                                       : "whole rows in tiles of 128 rows, column addresses before the loads (before session 19)";
    variant(q, other_order);
    if (g_diag && !small_run && g_time) {  // the plan's memory pattern without its kernel (diag_pattern), one way: n / time
      DiagModes m{};
      m.nA = plan.nA;
      for (int k = 0; k < plan.nA; ++k) m.shape[k] = plan.shape[k], m.stride[k] = plan.src_stride[k];
      long long NI = 1;
      for (int k = 0; k < plan.nA; ++k) NI *= plan.shape[k];
      unsigned* sink;
      CK(cudaMalloc(&sink, 4));
      int sms = 0;
      CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
      auto const* sb = reinterpret_cast<unsigned char const*>(src);
      auto* db = reinterpret_cast<unsigned char*>(dst);
      long long const nb = n * (long long)sizeof(T);
      auto one = [&](auto kern, char const* what, int blocks_per_sm, double dirs, long long cs = 0) {
        cs = cs ? cs : NI;
        float const ms = median_ms([&] { kern<<<sms * blocks_per_sm, 256>>>(sb, db, nb, NI, NJ, m, sink, cs); CK(cudaGetLastError()); }, reps, 50);
        std::snprintf(line, sizeof line, "\n    diag %s (%d blocks/SM): %.3f TB/s one way%s", what, blocks_per_sm,
                      ms > 0 ? nb / (ms * 1e-3) / 1e12 : 0.0, dirs > 1 ? " (n / time; x2 for both ways)" : "");
        g_order_line += line;
      };
      for (int bps : {8, 16}) {
        one(diag_pattern<4, 128>, "read sequential", bps, 1);
        one(diag_pattern<8, 128>, "write sequential", bps, 1);
        one(diag_pattern<12, 128>, "copy sequential", bps, 2);
        one(diag_pattern<1, 128>, "read in the tiles' order (128 rows)", bps, 1);
        one(diag_pattern<2, 128>, "write 128-byte column pieces (tiles of 128 rows)", bps, 1);
        one(diag_pattern<2, 256>, "write 256-byte column pieces (tiles of 256 rows)", bps, 1);
        one(diag_pattern<3, 128>, "copy: tiles' reads + 128-byte column writes", bps, 2);
        one(diag_pattern<3, 256>, "copy: tiles' reads (256 rows) + 256-byte column writes", bps, 2);
        one(diag_pattern<9, 128>, "copy: tiles' reads + sequential writes", bps, 2);
        one(diag_pattern<6, 128>, "copy: sequential reads + 128-byte column writes", bps, 2);
        // Session 20 copy2: longer pieces, and the 128-byte pieces in fewer pages (columns cs apart, cs * NJ a group of tiles).
        one(diag_pattern<6, 256>, "copy: sequential reads + 256-byte column writes", bps, 2);
        one(diag_pattern<6, 512>, "copy: sequential reads + 512-byte column writes", bps, 2);
        one(diag_pattern<2, 512>, "write 512-byte column pieces (tiles of 512 rows)", bps, 1);
        one(diag_pattern<2, 1024>, "write 1024-byte column pieces (tiles of 1024 rows)", bps, 1);
        one(diag_pattern<2, 128>, "write 128-byte column pieces, columns 4 KB apart (groups of 32 tiles)", bps, 1, 4096);
        one(diag_pattern<2, 128>, "write 128-byte column pieces, columns 64 KB apart (groups of 512 tiles)", bps, 1, 65536);
        one(diag_pattern<2, 256>, "write 256-byte column pieces, columns 4 KB apart (groups of 16 tiles)", bps, 1, 4096);
        one(diag_pattern<6, 128>, "copy: sequential reads + 128-byte column writes, columns 4 KB apart", bps, 2, 4096);
      }
      cudaFree(sink);
    }
    if (small_run) {
      q.max_grid = 0;
      variant(q, (std::string(other_order) + ", the default grid").c_str());
      if (plan.dst8) q.dst8 = false, variant(q, (std::string(other_order) + ", the default grid, 4-byte stores").c_str());
      q = plan, q.max_grid = 0;
      variant(q, "whole rows, one block per tile (the default grid)");
    }
  }
  // A packed 1-byte transpose beside the same plan through the byte-wise tile kernel.
  g_unpacked_line.clear();
  if (!small_run && plan.packed) {
    kernels::CopyPlan up = plan;
    up.packed = false;
    up.TI = 64, up.TJ = 32;  // the tile plan_copy chose for this case before the packed kernel
    std::snprintf(line, sizeof line, "    byte-wise tile kernel (64x32, as before): %.3f TB/s", plan_tbps(up, 0));
    g_unpacked_line = line;
  }
  // The TMA path (copy_tma.cuh) on the same plan, where it applies: correctness against ref, then timing.
  g_tma_line.clear();
  g_tma_ok = true;
  {
    char const* why = cuda::tma_plan_ok(plan, src, dst);
    if (*why) {
      g_tma_line = std::string("    TMA path: not applicable (") + why + ")";
    } else {
      kernels::CopyPlan other = plan;  // the TMA beside the tile kernel, or the tile kernel beside the TMA
      other.use_tma = !plan.used_tma;
      auto run_other = [&] { kernels::CopyPlan p = other; CK(cuda::launch(p, src, dst, 0)); };
      g_tma_ok = wrong_elements(other) == 0;
      std::snprintf(line, sizeof line, "    %s: %.3f TB/s%s", other.use_tma ? "through the TMA (copy_tma.cuh)" : "without the TMA (copy.cuh's tile kernel)",
                    tbps_of(median_ms(run_other, reps, 200)), g_tma_ok ? "" : " WRONG");
      g_tma_line = line;
    }
  }
  // reference in the same run: device-to-device copy of the same bytes
  auto d2d = [&] { CK(cudaMemcpyAsync(ref, dst, n * sizeof(T), cudaMemcpyDeviceToDevice)); };
  ref_tbps = tbps_of(median_ms(d2d, reps, 200));
  // Rounds: the plan and the D2D copy alternated; the case's figures become the medians.
  g_rounds_line.clear();
  if (g_rounds > 0 && g_time) {
    std::vector<double> ratio, tv, dv;
    g_rounds_line = "    rounds (plan / D2D TB/s):";
    for (int r = 0; r < g_rounds; ++r) {
      double const t = tbps_of(median_ms(launch, reps, 50)), d = tbps_of(median_ms(d2d, reps, 50));
      ratio.push_back(t / d), tv.push_back(t), dv.push_back(d);
      std::snprintf(line, sizeof line, " %.3f/%.3f %.1f%%;", t, d, 100 * t / d);
      g_rounds_line += line;
    }
    auto med = [](std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; };
    std::snprintf(line, sizeof line, " median of the ratios %.1f%%", 100 * med(ratio));
    g_rounds_line += line;
    tbps = med(tv), ref_tbps = med(dv), g_round_ratio = med(ratio);
  }
  cudaFree(src); cudaFree(dst); cudaFree(ref); cudaFree(bad); cudaFree(dshape); cudaFree(dss); cudaFree(dds);
  return tbps;
}

int main(int argc, char** argv) {
  bool small = false;
  int reps = 50;
  char const* only = nullptr;  // --only TEXT: the cases whose name contains TEXT
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--small")) small = small_run = true;
    if (!std::strcmp(argv[i], "--no-time")) g_time = false;
    if (!std::strcmp(argv[i], "--sweep")) g_sweep = true;
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
    if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc) g_rounds = std::atoi(argv[++i]);
    if (!std::strcmp(argv[i], "--first-element-windows")) g_line_windows = false;
    if (!std::strcmp(argv[i], "--diag")) g_diag = true;
    if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
  }
  int dev = 0;
  if (cudaGetDeviceCount(&dev) != cudaSuccess || dev == 0) { printf("no GPU\n"); return 2; }
  std::vector<Case> cases;
  // Shapes in CuTe order (mode 0 fastest). A PyTorch tensor (b, l, h, d) row-major is
  // (d, h, l, b) column-major here; permute(0,2,1,3) swaps h and l.
  if (!small) {
    cases.push_back({"MHA (16,4096,32,128)->(16,32,4096,128) bf16", 2, {128, 32, 4096, 16}, {0, 2, 1, 3}});
    cases.push_back({"MHA (8,2048,16,64)->(8,16,2048,64) bf16", 2, {64, 16, 2048, 8}, {0, 2, 1, 3}});
    cases.push_back({"transpose 16384x16384 fp32", 4, {16384, 16384}, {1, 0}});
    cases.push_back({"identity copy 2 GiB (fp32)", 4, {1ll << 29}, {0}});
  } else {
    cases.push_back({"MHA small bf16", 2, {128, 8, 64, 2}, {0, 2, 1, 3}});
    cases.push_back({"transpose 1000x777 fp32", 4, {1000, 777}, {1, 0}});
    cases.push_back({"transpose 1024x768 fp32 (the TMA applies)", 4, {1024, 768}, {1, 0}});
    cases.push_back({"identity 1M fp32", 4, {1 << 20}, {0}});
    cases.push_back({"broadcast (64,33)->(64,33) fp32, src stride 0 on mode 1", 4, {64, 33}, {1, 0}, true});
    // 1-byte transposes: packed words where the destination columns are aligned, partial tiles and rows
    cases.push_back({"bytes (201,25,14,25) perm (1,3,2,0) 1B", 1, {201, 25, 14, 25}, {1, 3, 2, 0}});
    cases.push_back({"bytes 1000x776 1B", 1, {1000, 776}, {1, 0}});
    cases.push_back({"bytes 1000x777 1B (unaligned columns: byte-wise)", 1, {1000, 777}, {1, 0}});
    cases.push_back({"bytes (7,130,9) perm (2,0,1) 1B", 1, {7, 130, 9}, {2, 0, 1}});
    cases.push_back({"bytes (129,3,4,67) perm (2,3,1,0) 1B", 1, {129, 3, 4, 67}, {2, 3, 1, 0}});
    // items (a common contiguous run shorter than 128 bytes): 3 x 8 B, 3 x 4 B, 2 x 16 B, 5 x 2 B
    cases.push_back({"items (6,37,5,23) perm (0,3,2,1) 4B", 4, {6, 37, 5, 23}, {0, 3, 2, 1}});
    cases.push_back({"items (3,50,7,41) perm (0,3,2,1) 4B", 4, {3, 50, 7, 41}, {0, 3, 2, 1}});
    cases.push_back({"items (8,37,5,23) perm (0,3,2,1) 4B", 4, {8, 37, 5, 23}, {0, 3, 2, 1}});
    cases.push_back({"items (5,61,3,29) perm (0,3,2,1) 2B", 2, {5, 61, 3, 29}, {0, 3, 2, 1}});
    // items of 11 x 8 B in tiles of 32 x 8 with partial tiles along I and J (random 1's plan)
    cases.push_back({"items (22,28,7,13) perm (0,3,2,1) 4B", 4, {22, 28, 7, 13}, {0, 3, 2, 1}});
  }
  std::mt19937 rng(20261121);
  for (int t = 0; t < 5; ++t) {
    Case c;
    int elems[] = {1, 2, 4, 8};
    c.elem = elems[rng() % 4];
    long long budget = small ? (1 << 16) : (1ll << 28) / c.elem;  // about 256 MiB (or 64K elements)
    std::vector<long long> s(4);
    long long prod = 1;
    for (int k = 0; k < 4; ++k) { s[k] = 2 + rng() % (small ? 20 : 300); prod *= s[k]; }
    while (prod > budget) { int k = rng() % 4; if (s[k] > 2) { prod /= s[k]; s[k] = (s[k] + 1) / 2; prod *= s[k]; } }
    c.shape = s;
    c.perm = {0, 1, 2, 3};
    std::shuffle(c.perm.begin(), c.perm.end(), rng);
    char buf[200];
    std::snprintf(buf, sizeof buf, "random %d: (%lld,%lld,%lld,%lld) perm (%d,%d,%d,%d) %dB", t, s[0], s[1], s[2], s[3],
                  c.perm[0], c.perm[1], c.perm[2], c.perm[3], c.elem);
    c.name = buf;
    cases.push_back(c);
  }
  int passed = 0, failed = 0;
  printf("%-62s %8s %8s %6s  plan\n", "case", "TB/s", "D2D", "ratio");
  for (auto const& c : cases) {
    if (only && c.name.find(only) == std::string::npos) continue;
    bool ok = false;
    std::string plan;
    double ref = 0, t = 0;
    g_round_ratio = 0;
    switch (c.elem) {
      case 1: t = run_case<unsigned char>(c, reps, ok, plan, ref, nullptr); break;
      case 2: t = run_case<unsigned short>(c, reps, ok, plan, ref, nullptr); break;
      case 4: t = run_case<unsigned>(c, reps, ok, plan, ref, nullptr); break;
      default: t = run_case<unsigned long long>(c, reps, ok, plan, ref, nullptr); break;
    }
    double const ratio = g_round_ratio > 0 ? 100 * g_round_ratio : ref > 0 ? 100 * t / ref : 0.0;
    printf("%-62s %8.3f %8.3f %5.1f%%  %s%s\n", c.name.c_str(), t, ref, ratio, ok ? "" : "WRONG ", plan.c_str());
    if (!g_rounds_line.empty()) printf("%s\n", g_rounds_line.c_str());
    if (!g_order_line.empty()) printf("%s\n", g_order_line.c_str());
    if (!g_unpacked_line.empty()) printf("%s\n", g_unpacked_line.c_str());
    if (!g_tma_line.empty()) printf("%s\n", g_tma_line.c_str());
    (ok && g_tma_ok ? passed : failed)++;
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
