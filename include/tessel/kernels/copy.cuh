// tessel/kernels/copy.cuh: tessel::cuda::copy(src, dst, stream), a copy
// between device tensors of any two layouts of the same shape, planned by
// copy_plan.hpp from the algebra. Compile with nvcc. On a Hopper GPU, plain
// transposes whose strides the TMA can express can go through copy_tma.cuh
// (CopyPlan::use_tma).
#pragma once

#include <cuda_runtime.h>

#include "../tensor/algorithm.hpp"
#include "../swizzle/copy.hpp"
#include "copy_plan.hpp"
#include "copy_tma.cuh"
#include "../atom/copy_ops.hpp"

namespace tessel::cuda {

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

// The 32-bit shared-memory address of a pointer into shared memory (for cp_async_ca).
__device__ __forceinline__ std::uint32_t shared_address(void const* ptr) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(ptr));
}
// A 32-bit word at a 32-bit shared-memory address (loops that keep their
// addresses in registers instead of re-deriving them from a pointer).
__device__ __forceinline__ void st_shared(std::uint32_t at, unsigned v) {
  asm volatile("st.shared.u32 [%0], %1;\n" ::"r"(at), "r"(v));
}
__device__ __forceinline__ unsigned ld_shared(std::uint32_t at) {
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];\n" : "=r"(v) : "r"(at));
  return v;
}

struct Params {
  int rank, nA, nB;
  unsigned shape[R];
  FastDivmod div[R];
  long long src_stride[R], dst_stride[R];
  unsigned total;         // elements (vector), tiles (tile)
  // tile
  unsigned L, NI, NJ, TI, TJ, Row, Col;
  unsigned j_first;       // tile order: J tiles of one I range one after another (plan_copy's j_first)
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
  for (unsigned v = tid; v < TI + TJ; v += 256) {
    long long so = 0, dof = 0;
    if (v < TI) { if (i0 + v < p.NI) offsets(p, i0 + v, 0, p.nA, so, dof); s_off[v] = so_r + so + static_cast<long long>(j0) * L; }
    else { unsigned w = v - TI; if (j0 + w < p.NJ) offsets(p, j0 + w, p.nA, nAB, so, dof); d_off[w] = do_r + dof + static_cast<long long>(i0) * L; }
  }
}

// Elementwise: mode 0 is contiguous in dst, so a warp writes consecutive
// elements. Each thread moves U elements per step, loads before stores.
template <class T, int U>
__global__ void __launch_bounds__(256) copy_elementwise(T const* __restrict__ src, T* __restrict__ dst, Params p) {
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
// memory holds row i's element e at i*Row + (e + i*L) mod Row (Row = TJ*L, a
// multiple of 32): a warp reading a row and a warp reading a column both touch
// consecutive elements.
template <class T, int K>
__global__ void __launch_bounds__(256) copy_tile(T const* __restrict__ src, T* __restrict__ dst, Params p) {
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
    for (unsigned f0 = tid; f0 < nload; f0 += 256 * K) {
      T val[K];
      unsigned pos[K];
      bool ok[K];
#pragma unroll
      for (int k = 0; k < K; ++k) {
        unsigned f = f0 + 256 * k, v, e, q, skew;
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
      for (unsigned v = ty; v < p.TJ && j0 + v < p.NJ; v += 8) {
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
template <class T>
__global__ void __launch_bounds__(256) copy_tile_async(T const* __restrict__ src, T* __restrict__ dst, Params p) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  unsigned const slot = (p.TI + p.TJ + 1) & ~1u;  // even: the tiles 16-byte aligned (uint4 elements)
  long long* offs = reinterpret_cast<long long*>(smem_raw);  // 3 slots: TI src offsets, then TJ dst offsets
  T* bufs = reinterpret_cast<T*>(offs + 3 * slot);           // 2 tiles of TI * Row elements
  unsigned const tile_elems = p.TI * p.Row;
  unsigned const tx = threadIdx.x, ty = threadIdx.y;
  // Issue tile (i0, j0)'s copies into buffer cb from offset slot k: a warp
  // per row, a lane per element; the skewed position advances with the element.
  // Needs Row >= 32 and TJ > 32 / L (launch checks): each wrap is one subtraction.
  std::uint32_t const sbufs = shared_address(bufs);
  auto issue = [&](unsigned k, unsigned cb, unsigned i0, unsigned j0) {
    long long const* s_off = offs + k * slot;
    unsigned const row_valid = (p.NJ - j0 < p.TJ ? p.NJ - j0 : p.TJ) * p.L;
    unsigned const ni = p.NI - i0 < p.TI ? p.NI - i0 : p.TI;
    for (unsigned v = ty; v < ni; v += 8) {
      T const* from = src + s_off[v] + tx;
      std::uint32_t const row = sbufs + (cb * tile_elems + v * p.Row) * unsigned(sizeof(T));
      unsigned q, c;
      p.div_Row(v * p.L + tx, q, c);  // (e + v*L) mod Row for e = tx
      for (unsigned e = tx; e < row_valid; e += 32, from += 32) {
        cp_async_ca<int(sizeof(T))>(row + c * unsigned(sizeof(T)), from);
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
    // the column (item i, element w), at i*Row + ((v + i) mod TJ)*L + w.
    long long const* d_off = offs + k * slot + p.TI;
    unsigned const col_valid = (p.NI - i0 < p.TI ? p.NI - i0 : p.TI) * p.L;
    unsigned const nj = p.NJ - j0 < p.TJ ? p.NJ - j0 : p.TJ;
    unsigned q32, r32, i_tx, w_tx;
    p.div_L(32, q32, r32);
    p.div_L(tx, i_tx, w_tx);
    unsigned const L = p.L, TJ = p.TJ, Row = p.Row;
    for (unsigned v = ty; v < nj; v += 8) {
      T* to = dst + d_off[v] + tx;
      unsigned i = i_tx, w = w_tx, m = v + i_tx;
      if (m >= TJ) m -= TJ;
      for (unsigned e = tx; e < col_valid; e += 32, to += 32) {
        *to = tile[i * Row + m * L + w];
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
// thread loads its (TI/8)*(TJ/32) elements before storing any (all in
// flight), with predicates for partial tiles. Same skewed shared memory.
// A block that loops over tiles (a capped grid, CopyPlan::waves > 0) issues
// the next tile's loads (into registers) before it stores the current tile
// from shared memory, so that the loads' latency hides behind the stores;
// offsets double-buffered, two barriers per tile. plan_copy's default, one
// block per tile, measured faster still (bench/RESULTS.md, session 7).
template <class T, int TI, int TJ>
__global__ void __launch_bounds__(256) copy_transpose(T const* __restrict__ src, T* __restrict__ dst, Params p) {
  constexpr int CI = TI / 8, CJ = TJ / 32;
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
        unsigned i = ty + 8 * a, j = tx + 32 * c;
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
        unsigned i = ty + 8 * a, j = tx + 32 * c;
        if (i0 + i < p.NI && j0 + j < p.NJ) tile[i * TJ + ((j + i) & (TJ - 1))] = reg[a][c];
      }
    unsigned const bn = b + gridDim.x;
    bool const more = bn < p.total;
    unsigned in0 = 0, jn0 = 0;
    if (more) tile_offsets(p, bn, TI, TJ, 1, s_off[cur ^ 1], d_off[cur ^ 1], in0, jn0);
    __syncthreads();
    if (more) load(s_off[cur ^ 1], in0, jn0);
    constexpr int WI = TI / 32, WJ = TJ / 8;
#pragma unroll
    for (int a = 0; a < WJ; ++a)
#pragma unroll
      for (int c = 0; c < WI; ++c) {
        unsigned j = ty + 8 * a, i = tx + 32 * c;
        if (i0 + i < p.NI && j0 + j < p.NJ) dst[d_off[cur][j] + i] = tile[i * TJ + ((j + i) & (TJ - 1))];
      }
    __syncthreads();
    if (!more) break;
    b = bn, i0 = in0, j0 = jn0, cur ^= 1;
  }
}

// The packed 1-byte transpose, loading 8-byte pairs: tiles of 128 rows x
// p.TJ <= 120 bytes, pipelined as copy_transpose (the next tile's loads are in
// registers while the current tile is stored).
//  - Load: half a warp reads a row as the 16 aligned 8-byte pairs from the
//    row's first byte rounded down to 8 (at most 7 + 120 bytes: 16 pairs),
//    so a warp reads two rows per instruction.
//  - Shift: each lane takes its neighbour's pair (__shfl_down_sync) and
//    funnel-shifts the two words of the row that start at its bytes; shared
//    memory holds the row from its first byte on, row i's word w at
//    i*32 + (w ^ (i/4 % 32)).
//  - A row whose 128 bytes are not all inside the source's span [span_lo,
//    span_hi) is not loaded but gathered byte by byte after the shift, by the
//    same lanes (tiles without such rows skip that pass: __syncthreads_or).
//  - Store: lane g reads rows 4g..4g+3 of one word column (a 4x4 block of
//    bytes; the swizzle puts the 32 lanes in 32 banks), transposes it with
//    byte permutes and writes 4 words, one per column: a warp writes 128
//    contiguous bytes of a column. Needs every column's start aligned to 4
//    bytes (plan_copy's `packed`); a partial last row group goes byte by byte.
//  - Thread t < 128 notes row t's first pair's address and misalignment, and
//    thread 128 + w turns column w's offset into an address.
__global__ void __launch_bounds__(256, 5) copy_transpose_bytes(unsigned char const* __restrict__ src,
                                                                 unsigned char* __restrict__ dst, Params p,
                                                                 long long span_lo, long long span_hi) {
  constexpr unsigned TI = 128, WR = 32, R8 = TI / 16;  // R8: the loads per lane per tile
  unsigned const tj = p.TJ;
  __shared__ long long s_off[2][TI];
  __shared__ long long d_addr[2][128];            // column addresses (tile_offsets' offsets, then + dst)
  __shared__ unsigned long long row_pair[2][TI];  // the address of the row's first 8-byte pair
  __shared__ unsigned row_info[2][TI];            // its misalignment in bytes, + 256 if gathered byte by byte
  __shared__ unsigned tile[TI * WR];
  unsigned const lane = threadIdx.x, warp = threadIdx.y, tid = warp * 32 + lane;
  unsigned const half = lane >> 4, l16 = lane & 15;
  unsigned const i_lane = warp + 8 * half, sw_lane = i_lane >> 2;  // this lane's first row, its swizzle
  std::uint32_t const row_lane = shared_address(tile) + 4 * WR * i_lane;
  auto const src_addr = reinterpret_cast<unsigned long long>(src);
  // Tile b's offsets into slot k; true if this thread's row is gathered byte by byte.
  auto prepare = [&](unsigned b, int k, unsigned& i0, unsigned& j0) {
    tile_offsets(p, b, TI, tj, 1, s_off[k], d_addr[k], i0, j0);
    bool gathered = false;
    if (tid < TI && i0 + tid < p.NI) {
      long long const first = s_off[k][tid];  // written by this thread
      unsigned const sh = unsigned((src_addr + first) & 7);
      long long const w0 = first - sh;
      gathered = !(w0 >= span_lo && w0 + 8 * 16 <= span_hi);
      row_pair[k][tid] = src_addr + w0;
      row_info[k][tid] = sh + (gathered ? 256u : 0u);
    }
    if (tid >= TI && tid - TI < tj) d_addr[k][tid - TI] += reinterpret_cast<long long>(dst);  // written by this thread
    return gathered;
  };
  uint2 pr[R8];
  // Row warp + 16r + 8*half, pair l16, of the tile in slot k.
  auto load = [&](int k, unsigned i0, unsigned j0) {
    unsigned const nj = p.NJ - j0 < tj ? p.NJ - j0 : tj;
    unsigned const ni = p.NI - i0 < TI ? p.NI - i0 : TI;
#pragma unroll
    for (int r = 0; r < R8; ++r) {
      unsigned const i = warp + 16 * r + 8 * half;
      pr[r] = make_uint2(0, 0);
      if (i < ni) {
        unsigned const info = row_info[k][i];
        if (info < 256 && 8 * l16 < info + nj) pr[r] = __ldg(reinterpret_cast<uint2 const*>(row_pair[k][i]) + l16);
      }
    }
  };
  unsigned b = blockIdx.x;
  if (b >= p.total) return;
  unsigned i0, j0;
  bool slow = __syncthreads_or(prepare(b, 0, i0, j0));
  load(0, i0, j0);
  int cur = 0;
  for (;;) {
    unsigned const nj = p.NJ - j0 < tj ? p.NJ - j0 : tj;
    unsigned const ni = p.NI - i0 < TI ? p.NI - i0 : TI;
    // Row i = i_lane + 16r: words 2*l16 and 2*l16+1 at i*32 + (w ^ (sw_lane + 4r)). Rows
    // past ni are written too (never read: the store reads rows below ni only).
#pragma unroll
    for (int r = 0; r < R8; ++r) {
      unsigned const n0 = __shfl_down_sync(0xffffffffu, pr[r].x, 1), n1 = __shfl_down_sync(0xffffffffu, pr[r].y, 1);
      unsigned const sh = row_info[cur][i_lane + 16 * r];
      bool const o = sh & 4;
      unsigned const a = o ? pr[r].y : pr[r].x, c = o ? n0 : pr[r].y, d = o ? n1 : n0;
      std::uint32_t const at = row_lane + 4 * WR * 16 * r, x = (2 * l16) ^ (sw_lane + 4 * r);
      st_shared(at + 4 * x, __funnelshift_r(a, c, (sh & 3) * 8));
      st_shared(at + 4 * (x ^ 1), __funnelshift_r(c, d, (sh & 3) * 8));
    }
    if (slow) {  // rows gathered byte by byte: bytes 8*l16 .. 8*l16+7, over what the shift wrote
      for (int r = 0; r < R8; ++r) {
        unsigned const i = warp + 16 * r + 8 * half;
        if (i >= ni || row_info[cur][i] < 256) continue;
        auto const* row = reinterpret_cast<unsigned char const*>(row_pair[cur][i]) + (row_info[cur][i] & 255);
        unsigned long long v = 0;
        for (unsigned q = 0; q < 8; ++q)
          if (8 * l16 + q < nj) v |= static_cast<unsigned long long>(row[8 * l16 + q]) << (8 * q);
        unsigned const sw = (i >> 2) & 31;
        tile[i * WR + ((2 * l16) ^ sw)] = unsigned(v);
        tile[i * WR + ((2 * l16 + 1) ^ sw)] = unsigned(v >> 32);
      }
    }
    unsigned const bn = b + gridDim.x;
    bool const more = bn < p.total;
    unsigned in0 = 0, jn0 = 0;
    bool const slow_next = __syncthreads_or(more && prepare(bn, cur ^ 1, in0, jn0));
    if (more) load(cur ^ 1, in0, jn0);
    unsigned const g = lane;
    if (4 * g < ni) {
      bool const full = 4 * g + 4 <= ni;
      long long const* dk = d_addr[cur];
      std::uint32_t const rows_g = shared_address(tile) + 4 * WR * 4 * g;  // row 4g
      for (unsigned jw = warp; 4 * jw < nj; jw += 8) {
        unsigned r[4];
        std::uint32_t const at = rows_g + 4 * (jw ^ g);
#pragma unroll
        for (int q = 0; q < 4; ++q) r[q] = ld_shared(at + 4 * WR * q);
        unsigned const t0 = __byte_perm(r[0], r[1], 0x5140), t1 = __byte_perm(r[2], r[3], 0x5140);
        unsigned const t2 = __byte_perm(r[0], r[1], 0x7362), t3 = __byte_perm(r[2], r[3], 0x7362);
        unsigned const out[4] = {__byte_perm(t0, t1, 0x5410), __byte_perm(t0, t1, 0x7632), __byte_perm(t2, t3, 0x5410),
                                 __byte_perm(t2, t3, 0x7632)};
        if (full) {
#pragma unroll
          for (int c = 0; c < 4; ++c)
            if (4 * jw + c < nj) reinterpret_cast<unsigned*>(dk[4 * jw + c])[g] = out[c];
        } else {  // the last, partial group of rows: byte by byte
          for (unsigned c = 0; c < 4 && 4 * jw + c < nj; ++c)
            for (unsigned q = 0; 4 * g + q < ni; ++q)
              reinterpret_cast<unsigned char*>(dk[4 * jw + c])[4 * g + q] = static_cast<unsigned char>(out[c] >> (8 * q));
        }
      }
    }
    __syncthreads();
    if (!more) break;
    b = bn, i0 = in0, j0 = jn0, cur ^= 1, slow = slow_next;
  }
}

inline int sm_count() {
  static int n = [] {
    int dev = 0, v = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev);
    return v > 0 ? v : 132;
  }();
  return n;
}

inline int cc_major() {
  static int v = [] {
    int dev = 0, m = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&m, cudaDevAttrComputeCapabilityMajor, dev);
    return m;
  }();
  return v;
}

inline int alignment_of(void const* ptr) {
  auto a = reinterpret_cast<std::uintptr_t>(ptr);
  int al = 1;
  while (al < 16 && (a % (al * 2)) == 0) al *= 2;
  return al;
}

template <class T>
cudaError_t launch(kernels::CopyPlan& plan, void const* src, void* dst, cudaStream_t stream) {
  Params p{};
  p.rank = plan.rank;
  p.nA = plan.nA;
  p.nB = plan.nB;
  for (int k = 0; k < plan.rank; ++k) {
    p.shape[k] = static_cast<unsigned>(plan.shape[k]);
    p.div[k] = FastDivmod(p.shape[k]);
    p.src_stride[k] = plan.src_stride[k];
    p.dst_stride[k] = plan.dst_stride[k];
  }
  long long const waves = static_cast<long long>(sm_count()) * 8;
  plan.block = 256;
  if (plan.kind == kernels::CopyPlan::Kind::tile) {
    long long NI = 1, NJ = 1, rest = 1;
    for (int k = 0; k < plan.nA; ++k) NI *= plan.shape[k];
    for (int k = plan.nA; k < plan.nA + plan.nB; ++k) NJ *= plan.shape[k];
    for (int k = plan.nA + plan.nB; k < plan.rank; ++k) rest *= plan.shape[k];
    p.L = static_cast<unsigned>(plan.L);
    p.NI = static_cast<unsigned>(NI);
    p.NJ = static_cast<unsigned>(NJ);
    p.TI = static_cast<unsigned>(plan.TI);
    p.TJ = static_cast<unsigned>(plan.TJ);
    p.Row = p.TJ * p.L;
    p.j_first = plan.j_first ? 1u : 0u;
    p.Col = p.TI * p.L;
    p.div_L = FastDivmod(p.L);
    p.div_Row = FastDivmod(p.Row);
    unsigned tiles_i = static_cast<unsigned>((NI + plan.TI - 1) / plan.TI);
    unsigned tiles_j = static_cast<unsigned>((NJ + plan.TJ - 1) / plan.TJ);
    p.div_tiles_first = FastDivmod(plan.j_first ? tiles_j : tiles_i);
    p.div_tiles_second = FastDivmod(plan.j_first ? tiles_i : tiles_j);
    long long tiles = static_cast<long long>(tiles_i) * tiles_j * rest;
    p.total = static_cast<unsigned>(tiles);
    plan.grid = plan.waves > 0 && tiles > waves * plan.waves ? waves * plan.waves : tiles;
    if (plan.max_grid > 0 && plan.grid > plan.max_grid) plan.grid = plan.max_grid;
    auto const* s = static_cast<T const*>(src);
    auto* d = static_cast<T*>(dst);
    dim3 const blk(32, 8);
    unsigned const g = static_cast<unsigned>(plan.grid);
    bool done = false;
    auto fixed = [&](auto ti, auto tj) {
      constexpr int TI = decltype(ti)::value, TJ = decltype(tj)::value;
      if constexpr (TI * TJ * sizeof(T) <= 32768) {
        if (!done && plan.L == 1 && plan.TI == TI && plan.TJ == TJ) {
          copy_transpose<T, TI, TJ><<<g, blk, 0, stream>>>(s, d, p);
          done = true;
        }
      }
    };
    if constexpr (sizeof(T) == 1) {
      if (plan.packed) {  // 1-byte transpose as words (plan_copy checked the destination's alignment)
        long long lo = 0, hi = 1;
        for (int k = 0; k < plan.rank; ++k) {
          long long const ext = (plan.shape[k] - 1) * plan.src_stride[k];
          (ext < 0 ? lo : hi) += ext;
        }
        auto const* sb = reinterpret_cast<unsigned char const*>(s);
        auto* db = reinterpret_cast<unsigned char*>(d);
        copy_transpose_bytes<<<g, blk, 0, stream>>>(sb, db, p, lo, hi);
        done = true;
      }
    }
    fixed(Int<32>{}, Int<32>{});
    fixed(Int<32>{}, Int<64>{});
    fixed(Int<64>{}, Int<32>{});
    fixed(Int<64>{}, Int<64>{});
    fixed(Int<128>{}, Int<32>{});
    if constexpr (sizeof(T) == 1) fixed(Int<64>{}, Int<128>{});
    std::size_t const tile_bytes = static_cast<std::size_t>(plan.TI) * p.Row * sizeof(T);
    std::size_t const offs = ((plan.TI + plan.TJ + 1) & ~1ll) * sizeof(long long);  // an even count, as the kernels'
    if constexpr (sizeof(T) >= 4) {
      // cp.async: measured faster, bench/RESULTS.md; the kernel's wraps need Row >= 32 and TJ > 32 / L
      if (!done && plan.async_copy && cc_major() >= 8 && p.Row >= 32 && p.TJ > 32 / p.L) {
        std::size_t const bytes = 3 * offs + 2 * tile_bytes;
        static std::size_t allowed = 48 * 1024;
        if (bytes > allowed) {
          cudaError_t const err = cudaFuncSetAttribute(copy_tile_async<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes));
          if (err != cudaSuccess) return err;
          allowed = bytes;
        }
        copy_tile_async<T><<<g, blk, bytes, stream>>>(s, d, p);
        done = plan.used_async = true;
      }
    }
    if (!done) copy_tile<T, 4><<<g, blk, offs + tile_bytes, stream>>>(s, d, p);  // 4 loads in flight (8, 12: slower, bench/RESULTS.md)
  } else {
    p.total = static_cast<unsigned>(plan.total);
    constexpr int U = 8;
    long long blocks = (plan.total + 256 * U - 1) / (256 * U);
    plan.grid = blocks < waves * 4 ? blocks : waves * 4;
    if (plan.max_grid > 0 && plan.grid > plan.max_grid) plan.grid = plan.max_grid;
    copy_elementwise<T, U><<<static_cast<unsigned>(plan.grid), 256, 0, stream>>>(static_cast<T const*>(src), static_cast<T*>(dst), p);
  }
  return cudaGetLastError();
}

}  // namespace detail

// The plan for copying elements of T from src_layout to dst_layout.
template <class T, class LS, class LD>
kernels::CopyPlan plan(LS const& src_layout, LD const& dst_layout, void const* src = nullptr, void const* dst = nullptr) {
  engine::Layout s = tessel::to_engine(src_layout), d = tessel::to_engine(dst_layout);
  int as = src ? detail::alignment_of(src) : 16, ad = dst ? detail::alignment_of(dst) : 16;
  return kernels::plan_copy(s, d, int(sizeof(T)), as, ad);
}

// Launch a planned copy (plan.grid and plan.block are filled in).
inline cudaError_t launch(kernels::CopyPlan& p, void const* src, void* dst, cudaStream_t stream = 0) {
  if (!p.error.empty()) throw error("tessel: " + p.error);
  if (p.total >= (1ll << 31)) throw error("tessel: cuda::copy: more than 2^31 elements");
  if (p.packed && (p.TJ < 4 || p.TJ > 120 || p.TJ % 4 != 0))
    throw error("tessel: cuda::copy: a packed plan's TJ must be a multiple of 4 from 4 to 120");
  p.used_tma = p.used_async = false;
  if (p.use_tma && !p.packed && detail::cc_major() == 9 && *tma_plan_ok(p, src, dst) == '\0') {
    p.used_tma = true;
    return launch_tma(p, src, dst, stream);
  }
  switch (p.elem_bytes) {
    case 1: return detail::launch<detail::word<1>::type>(p, src, dst, stream);
    case 2: return detail::launch<detail::word<2>::type>(p, src, dst, stream);
    case 4: return detail::launch<detail::word<4>::type>(p, src, dst, stream);
    case 8: return detail::launch<detail::word<8>::type>(p, src, dst, stream);
    default: return detail::launch<detail::word<16>::type>(p, src, dst, stream);
  }
}

// copy(src, dst, stream): dst(c) = src(c) for every coordinate c. Device
// tensors of the same shape, any layouts (broadcast sources included),
// elements of 1, 2, 4 or 8 bytes. Returns the launch's error code.
template <class SE, class SL, class DE, class DL>
cudaError_t copy(Tensor<SE, SL> const& src, Tensor<DE, DL> const& dst, cudaStream_t stream = 0) {
  using T = typename DE::value_type;
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "tessel::cuda::copy: elements of 1, 2, 4 or 8 bytes");
  static_assert(sizeof(typename SE::value_type) == sizeof(T), "tessel::cuda::copy: the element types differ in size");
  auto sp = raw_pointer_cast(src.data());
  auto dp = raw_pointer_cast(dst.data());
  kernels::CopyPlan p = plan<T>(src.layout(), dst.layout(), sp, dp);
  return launch(p, sp, dp, stream);
}

}  // namespace tessel::cuda
