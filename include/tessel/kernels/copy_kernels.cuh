// tessel/kernels/copy_kernels.cuh: the kernels of cuda::copy (copy.cuh)
// and what they share: the launch parameters (Params), offsets of a linear
// index over the planned modes, the start of a tile, and the elementwise, tile
// (through registers or cp.async) and plain-transpose kernels. The packed
// 1-byte transpose is in copy_bytes.cuh. Compile with nvcc.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../atom/copy_ops.hpp"
#include "../atom/copy_sm90.hpp"
#include "copy_plan.hpp"

namespace TESSEL_NAMESPACE::cuda {

namespace detail {

// n / d and n % d for a run-time constant d, by a multiply and a shift
// (the round-up method of Granlund and Montgomery; n < 2^31).
struct FastDivmod {
  unsigned d = 1, mul = 0, shift = 0;
  FastDivmod() = default;
  __host__ explicit FastDivmod(unsigned divisor) : d(divisor) {
    if (d <= 1) { d = 1; return; }
    unsigned l = 0;
    while ((1ull << l) < d) ++l;
    unsigned long long p = 31 + l;
    mul = static_cast<unsigned>(((1ull << p) + d - 1) / d);
    shift = static_cast<unsigned>(p - 32);
  }
  __device__ __forceinline__ unsigned div(unsigned n) const { return d == 1 ? n : (__umulhi(n, mul) >> shift); }
  __device__ __forceinline__ void operator()(unsigned n, unsigned& q, unsigned& r) const {
    q = div(n);
    r = n - q * d;
  }
};

constexpr int R = kernels::kMaxCopyRank;

// The block of every copy kernel: kThreads threads, for the tile kernels as
// dim3(32, kWarps) (threadIdx.x the lane, threadIdx.y the warp).
constexpr unsigned kWarps = 8, kThreads = 32 * kWarps;

// The 32-bit shared-memory address of a pointer into shared memory (for
// cp_async_ca): the atom layer's (copy_sm90.hpp).
using ::tessel::detail::smem_u32;
// A 32-bit word at a 32-bit shared-memory address: the atom layer's (copy_sm90.hpp).
using ::tessel::detail::st_shared_u32;
__device__ __forceinline__ unsigned ld_shared(std::uint32_t at) {
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];\n" : "=r"(v) : "r"(at));
  return v;
}
// Two 32-bit words at an 8-byte aligned shared-memory address (one 64-bit load).
__device__ __forceinline__ uint2 ld_shared_v2(std::uint32_t at) {
  uint2 v;
  asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];\n" : "=r"(v.x), "=r"(v.y) : "r"(at));
  return v;
}

// The extent of a tile of t items that starts at item `start` of n: t, or what is left.
__device__ __forceinline__ unsigned part(unsigned n, unsigned start, unsigned t) { return n - start < t ? n - start : t; }

struct Params {
  int rank, nA, nB;
  unsigned shape[R];
  FastDivmod div[R];
  long long src_stride[R], dst_stride[R];
  unsigned total;         // elements (vector), tiles (tile)
  // tile
  unsigned L, NI, NJ, TI, TJ, Row;  // Row = TJ * L: a tile row's elements
  unsigned j_first;       // tile order: J tiles of one I range one after another (plan_copy's j_first)
  unsigned line = 0;      // copy_tile_async: warps' windows start on lines of this many elements (0: at the row's/column's start)
  FastDivmod div_tiles_first, div_tiles_second, div_L, div_Row;  // tiles: the faster, the slower of I and J
};

template <int Bytes> struct word;
template <> struct word<1> { using type = unsigned char; };
template <> struct word<2> { using type = unsigned short; };
template <> struct word<4> { using type = unsigned; };
template <> struct word<8> { using type = unsigned long long; };
template <> struct word<16> { using type = uint4; };

// Offsets of the linear index x over modes [b, e) (mode b fastest).
__device__ __forceinline__ void offsets(Params const& p, unsigned x, int b, int e, long long& so, long long& dof) {
#pragma unroll
  for (int k = 0; k < R; ++k) {
    if (k >= b && k < e) {
      unsigned q, r;
      if (k + 1 == e) { q = 0; r = x; } else p.div[k](x, q, r);
      so += static_cast<long long>(r) * p.src_stride[k];
      dof += static_cast<long long>(r) * p.dst_stride[k];
      x = q;
    }
  }
}

// The start of tile b: its first item (i0, j0) and, in shared memory, the
// source offset of each I item (row) and the destination offset of each J
// item (column), the rest modes' offsets folded in. Items are L elements.
__device__ __forceinline__ void tile_offsets(Params const& p, unsigned b, unsigned TI, unsigned TJ, unsigned L,
                                             long long* s_off, long long* d_off, unsigned& i0, unsigned& j0) {
  unsigned const tid = threadIdx.y * 32 + threadIdx.x;
  int const nAB = p.nA + p.nB;
  unsigned ti, rest, tj, r;
  unsigned t_first, t_second;
  p.div_tiles_first(b, rest, t_first);
  p.div_tiles_second(rest, r, t_second);
  ti = p.j_first ? t_second : t_first;
  tj = p.j_first ? t_first : t_second;
  long long so_r = 0, do_r = 0;
  offsets(p, r, nAB, p.rank, so_r, do_r);
  i0 = ti * TI;
  j0 = tj * TJ;
  for (unsigned v = tid; v < TI + TJ; v += kThreads) {
    long long so = 0, dof = 0;
    if (v < TI) { if (i0 + v < p.NI) offsets(p, i0 + v, 0, p.nA, so, dof); s_off[v] = so_r + so + static_cast<long long>(j0) * L; }
    else { unsigned w = v - TI; if (j0 + w < p.NJ) offsets(p, j0 + w, p.nA, nAB, so, dof); d_off[w] = do_r + dof + static_cast<long long>(i0) * L; }
  }
}

// Elementwise: mode 0 is contiguous in dst, so a warp writes consecutive
// elements. Each thread moves U elements per step, loads before stores.
template <class T, int U>
__global__ void __launch_bounds__(kThreads) copy_elementwise(T const* __restrict__ src, T* __restrict__ dst, Params p) {
  unsigned const step = gridDim.x * blockDim.x * U;
  for (unsigned base = blockIdx.x * blockDim.x * U + threadIdx.x; base < p.total; base += step) {
    T v[U];
    long long dofs[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      unsigned i = base + u * blockDim.x;
      if (i < p.total) {
        long long so = 0, dof = 0;
        offsets(p, i, 0, p.rank, so, dof);
        v[u] = src[so];
        dofs[u] = dof;
      }
    }
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (base + u * blockDim.x < p.total) dst[dofs[u]] = v[u];
  }
}

// Tiled: items of L elements; I = modes [0, nA) (contiguous in dst), J = modes
// [nA, nA+nB) (contiguous in src), the rest after. A tile of TI x TJ items is
// read row by row (along J) and written column by column (along I). Shared
// memory holds row i's element e at i*Row + (e + i*L) mod Row (Row = TJ*L):
// a warp reading a row and a warp reading a column both touch consecutive
// elements.
template <class T, int K>
__global__ void __launch_bounds__(kThreads) copy_tile(T const* __restrict__ src, T* __restrict__ dst, Params p) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  long long* s_off = reinterpret_cast<long long*>(smem_raw);   // TI: src offset of I item
  long long* d_off = s_off + p.TI;                              // TJ: dst offset of J item
  T* tile = reinterpret_cast<T*>(s_off + ((p.TI + p.TJ + 1) & ~1u));  // 16-byte aligned (uint4 elements)
  unsigned const tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
  for (unsigned b = blockIdx.x; b < p.total; b += gridDim.x) {
    unsigned i0, j0;
    tile_offsets(p, b, p.TI, p.TJ, p.L, s_off, d_off, i0, j0);
    __syncthreads();
    unsigned const row_valid = (p.NJ - j0 < p.TJ ? p.NJ - j0 : p.TJ) * p.L;
    unsigned const nload = (p.NI - i0 < p.TI ? p.NI - i0 : p.TI) * p.Row;
    // K loads in flight per thread before their shared-memory stores.
    for (unsigned f0 = tid; f0 < nload; f0 += kThreads * K) {
      T val[K];
      unsigned pos[K];
      bool ok[K];
#pragma unroll
      for (int k = 0; k < K; ++k) {
        unsigned f = f0 + kThreads * k, v, e, q, skew;
        p.div_Row(f, v, e);
        p.div_Row(v * p.L, q, skew);
        ok[k] = f < nload && e < row_valid;
        unsigned c = e + skew;
        pos[k] = v * p.Row + (c >= p.Row ? c - p.Row : c);
        if (ok[k]) val[k] = src[s_off[v] + e];
      }
#pragma unroll
      for (int k = 0; k < K; ++k)
        if (ok[k]) tile[pos[k]] = val[k];
    }
    __syncthreads();
    unsigned const col_valid = (p.NI - i0 < p.TI ? p.NI - i0 : p.TI) * p.L;
    for (unsigned e = tx; e < col_valid; e += 32) {
      unsigned i, w;
      p.div_L(e, i, w);
      unsigned base = i * p.Row, skew = (i * p.L) % p.Row;
      for (unsigned v = ty; v < p.TJ && j0 + v < p.NJ; v += kWarps) {
        unsigned pos = v * p.L + w + skew;
        if (pos >= p.Row) pos -= p.Row;
        dst[d_off[v] + e] = tile[base + pos];
      }
    }
    __syncthreads();
  }
}

// Items through cp.async (elements of 4, 8 or 16 bytes, sm_80+): the same
// tiles and skewed shared memory as copy_tile, but the loads go straight to
// shared memory, so a whole tile is in flight without registers (measured
// faster than copy_tile, bench/RESULTS.md). A block that loops over tiles
// (a capped grid) issues the next tile's copies before it stores the current
// one: two tile buffers, three offset slots (tile n uses buffer n % 2 and slot
// n % 3; tile n+2's offsets go where tile n-1's were, after the barrier that
// ended tile n-1's store). One barrier per tile.
// p.line > 0 (CopyPlan::line_windows): a warp's 32 elements of a row (load) or of a
// column (store) start on a 128-byte line of global memory (p.line elements), the
// lanes before the row's or column's first element idle in the first window, so that
// each instruction touches whole lines: an unaligned run of 32 x 8 bytes touches
// 3 lines and 9 sectors, an aligned one 2 and 8 (L2 requests and sectors; the H200's
// bandwidth exposes them, bench/RESULTS.md). p.line = 0: windows from the first element.
template <class T>
__global__ void __launch_bounds__(kThreads) copy_tile_async(T const* __restrict__ src, T* __restrict__ dst, Params p) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  unsigned const slot = (p.TI + p.TJ + 1) & ~1u;  // even: the tiles 16-byte aligned (uint4 elements)
  long long* offs = reinterpret_cast<long long*>(smem_raw);  // 3 slots: TI src offsets, then TJ dst offsets
  T* bufs = reinterpret_cast<T*>(offs + 3 * slot);           // 2 tiles of TI * Row elements
  unsigned const tile_elems = p.TI * p.Row;
  unsigned const tx = threadIdx.x, ty = threadIdx.y;
  // The elements before a line start that a run from element offset `off` leaves idle (0 without p.line).
  unsigned const line_mask = p.line ? p.line - 1 : 0u;
  auto lead = [&](T const* base, long long off) {
    return unsigned((reinterpret_cast<unsigned long long>(base) / sizeof(T) + static_cast<unsigned long long>(off)) & line_mask);
  };
  // Issue tile (i0, j0)'s copies into buffer cb from offset slot k: a warp
  // per row, a lane per element; the skewed position advances with the element.
  // Needs Row >= 32 and TJ > 32 / L (launch checks): each wrap is one subtraction
  // (and the lead a of a line window, a < 32 <= Row, keeps v*L + tx + Row - a positive).
  std::uint32_t const sbufs = smem_u32(bufs);
  auto issue = [&](unsigned k, unsigned cb, unsigned i0, unsigned j0) {
    long long const* s_off = offs + k * slot;
    int const row_valid = int((p.NJ - j0 < p.TJ ? p.NJ - j0 : p.TJ) * p.L);
    unsigned const ni = p.NI - i0 < p.TI ? p.NI - i0 : p.TI;
    for (unsigned v = ty; v < ni; v += kWarps) {
      long long const so = s_off[v];
      unsigned const a = lead(src, so);
      std::uint32_t const row = sbufs + (cb * tile_elems + v * p.Row) * unsigned(sizeof(T));
      unsigned q, c;
      p.div_Row(v * p.L + tx + p.Row - a, q, c);  // (e + v*L) mod Row for e = tx - a
#pragma unroll 1
      for (int e = int(tx) - int(a); e < row_valid; e += 32) {
        if (e >= 0) cp_async_ca<int(sizeof(T))>(row + c * unsigned(sizeof(T)), src + (so + e));
        c += 32;
        if (c >= p.Row) c -= p.Row;
      }
    }
    cp_async_fence();
  };
  unsigned b = blockIdx.x;
  if (b >= p.total) return;
  unsigned i0, j0, i1 = 0, j1 = 0, i2 = 0, j2 = 0;  // tiles n, n+1, n+2
  tile_offsets(p, b, p.TI, p.TJ, p.L, offs, offs + p.TI, i0, j0);
  if (b + gridDim.x < p.total) tile_offsets(p, b + gridDim.x, p.TI, p.TJ, p.L, offs + slot, offs + slot + p.TI, i1, j1);
  __syncthreads();
  issue(0, 0, i0, j0);
  for (unsigned n = 0;; ++n) {
    cp_async_wait<0>();
    __syncthreads();  // tile n is in its buffer; tile n+1's offsets are written; tile n-1 is stored
    unsigned const k = n % 3, k1 = k == 2 ? 0 : k + 1, k2 = k1 == 2 ? 0 : k1 + 1;
    T const* tile = bufs + (n & 1) * tile_elems;
    unsigned const bn = b + gridDim.x, bnn = bn + gridDim.x;
    bool const more = bn < p.total;
    if (more) issue(k1, (n + 1) & 1, i1, j1);
    if (bnn < p.total) tile_offsets(p, bnn, p.TI, p.TJ, p.L, offs + k2 * slot, offs + k2 * slot + p.TI, i2, j2);
    // Store: a warp per column v (J item), a lane per element e = (i, w) of
    // the column (item i, element w), at i*Row + ((v + i) mod TJ)*L + w. A lane
    // whose first element lies before the column (e < 0, a line window) idles in
    // the first window; its position is then the one of e + 32.
    long long const* d_off = offs + k * slot + p.TI;
    int const col_valid = int((p.NI - i0 < p.TI ? p.NI - i0 : p.TI) * p.L);
    unsigned const nj = p.NJ - j0 < p.TJ ? p.NJ - j0 : p.TJ;
    unsigned q32, r32;
    p.div_L(32, q32, r32);
    unsigned const L = p.L, TJ = p.TJ, Row = p.Row;
    for (unsigned v = ty; v < nj; v += kWarps) {
      long long const dofs = d_off[v];
      int e = int(tx) - int(lead(dst, dofs));
      unsigned i, w;
      p.div_L(unsigned(e < 0 ? e + 32 : e), i, w);  // < 32: i < TJ, one subtraction wraps v + i
      unsigned m = v + i;
      if (m >= TJ) m -= TJ;
#pragma unroll 1
      for (; e < col_valid; e += 32) {
        if (e < 0) continue;
        dst[dofs + e] = tile[i * Row + m * L + w];
        unsigned di = q32;
        w += r32;
        if (w >= L) w -= L, ++di;
        i += di, m += di;
        if (m >= TJ) m -= TJ;
      }
    }
    if (!more) break;
    b = bn, i0 = i1, j0 = j1, i1 = i2, j1 = j2;
  }
}

// A plain transpose (items of one element) with a fixed TI x TJ tile: every
// thread loads its (TI/kWarps)*(TJ/32) elements before storing any (all in
// flight), with predicates for partial tiles. Same skewed shared memory.
// A block that loops over tiles (a capped grid, CopyPlan::waves > 0) issues
// the next tile's loads (into registers) before it stores the current tile
// from shared memory, so that the loads' latency hides behind the stores;
// offsets double-buffered, two barriers per tile. plan_copy's default, one
// block per tile, measured faster still (bench/RESULTS.md, session 7).
template <class T, int TI, int TJ>
__global__ void __launch_bounds__(kThreads) copy_transpose(T const* __restrict__ src, T* __restrict__ dst, Params p) {
  constexpr int CI = TI / kWarps, CJ = TJ / 32;
  __shared__ long long s_off[2][TI];
  __shared__ long long d_off[2][TJ];
  __shared__ T tile[TI * TJ];
  unsigned const tx = threadIdx.x, ty = threadIdx.y;
  unsigned b = blockIdx.x;
  if (b >= p.total) return;
  unsigned i0, j0;
  tile_offsets(p, b, TI, TJ, 1, s_off[0], d_off[0], i0, j0);
  __syncthreads();
  T reg[CI][CJ];
  auto load = [&](long long const* so, unsigned i0, unsigned j0) {
#pragma unroll
    for (int a = 0; a < CI; ++a)
#pragma unroll
      for (int c = 0; c < CJ; ++c) {
        unsigned i = ty + kWarps * a, j = tx + 32 * c;
        if (i0 + i < p.NI && j0 + j < p.NJ) reg[a][c] = src[so[i] + j];
      }
  };
  load(s_off[0], i0, j0);
  int cur = 0;
  for (;;) {
#pragma unroll
    for (int a = 0; a < CI; ++a)
#pragma unroll
      for (int c = 0; c < CJ; ++c) {
        unsigned i = ty + kWarps * a, j = tx + 32 * c;
        if (i0 + i < p.NI && j0 + j < p.NJ) tile[i * TJ + ((j + i) & (TJ - 1))] = reg[a][c];
      }
    unsigned const bn = b + gridDim.x;
    bool const more = bn < p.total;
    unsigned in0 = 0, jn0 = 0;
    if (more) tile_offsets(p, bn, TI, TJ, 1, s_off[cur ^ 1], d_off[cur ^ 1], in0, jn0);
    __syncthreads();
    if (more) load(s_off[cur ^ 1], in0, jn0);
    constexpr int WI = TI / 32, WJ = TJ / kWarps;
#pragma unroll
    for (int a = 0; a < WJ; ++a)
#pragma unroll
      for (int c = 0; c < WI; ++c) {
        unsigned j = ty + kWarps * a, i = tx + 32 * c;
        if (i0 + i < p.NI && j0 + j < p.NJ) dst[d_off[cur][j] + i] = tile[i * TJ + ((j + i) & (TJ - 1))];
      }
    __syncthreads();
    if (!more) break;
    b = bn, i0 = in0, j0 = jn0, cur ^= 1;
  }
}

}  // namespace detail

}  // namespace tessel::cuda
