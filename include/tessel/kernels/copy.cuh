// tessel/kernels/copy.cuh: tessel::cuda::copy(src, dst, stream), a copy
// between device tensors of any two layouts of the same shape, planned by
// copy_plan.hpp from the algebra. Compile with nvcc. On a Hopper GPU, plain
// transposes whose strides the TMA can express go through copy_tma.cuh.
#pragma once

#include <cuda_runtime.h>

#include "../tensor/algorithm.hpp"
#include "../swizzle/copy.hpp"
#include "copy_plan.hpp"
#include "copy_tma.cuh"

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
  T* tile = reinterpret_cast<T*>(d_off + p.TJ);
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

// A plain transpose (items of one element) with a fixed TI x TJ tile: every
// thread loads its (TI/8)*(TJ/32) elements before storing any (all in
// flight), with predicates for partial tiles. Same skewed shared memory.
// Pipelined: a block issues the next tile's loads (into registers) before it
// stores the current tile from shared memory, so that the loads' latency hides
// behind the stores; offsets double-buffered, two barriers per tile (measured
// faster than one tile at a time in every case of the bench, bench/RESULTS.md;
// for items of several elements, copy_tile, pipelining measured slower).
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

// A plain transpose of 1-byte elements, moved as 32-bit words: a tile of
// 128 rows (I, contiguous in dst) x p.TJ <= 128 bytes (J, contiguous in src;
// plan_copy splits J into equal tiles, a multiple of 4), pipelined as
// copy_transpose: the next tile's words are loaded while the current tile is
// stored.
//  - Load: a warp reads a row as the aligned words that cover it (at most 33; bytes
//    outside the row but inside the source's span [span_lo, span_hi) are read
//    and never stored; a row whose words reach past the span goes byte by
//    byte), shifts them into place (its word and its neighbour's,
//    __funnelshift_r), so that shared memory holds the row from its first byte
//    on; row i's word w sits at i*32 + (w ^ (i/4 % 32)).
//  - Store: lane g reads rows 4g..4g+3 of one word column (a 4x4 block of
//    bytes; the swizzle puts the 32 lanes in 32 banks), transposes it with
//    byte permutes and writes 4 words, one per column: a warp writes 128
//    contiguous bytes of a column. Needs every column's start aligned to 4
//    bytes (plan_copy's `packed`); a partial last row group goes byte by byte.
//  - Thread t < 128 prepares row t's word address and shift itself, from the
//    source offset it computed (no barrier between).
__global__ void __launch_bounds__(256) copy_transpose_bytes(unsigned char const* __restrict__ src,
                                                                 unsigned char* __restrict__ dst, Params p,
                                                                 long long span_lo, long long span_hi) {
  constexpr int TI = 128, TJ = 128, WR = TJ / 4;  // TJ, WR: the most; p.TJ the tile's
  unsigned const tj = p.TJ;
  __shared__ long long s_off[2][TI];
  __shared__ long long d_off[2][TJ];
  __shared__ unsigned const* row_base[2][TI];
  __shared__ unsigned row_shift[2][TI];
  __shared__ unsigned tile[TI * WR];
  unsigned const lane = threadIdx.x, warp = threadIdx.y, tid = warp * 32 + lane;
  auto const src_addr = reinterpret_cast<unsigned long long>(src);
  // Offsets of tile b into buffer k; thread tid < 128 also sets row tid's word and shift.
  auto prepare = [&](unsigned b, int k, unsigned& i0, unsigned& j0) {
    tile_offsets(p, b, TI, tj, 1, s_off[k], d_off[k], i0, j0);
    if (tid < TI && i0 + tid < p.NI) {
      long long const first = s_off[k][tid];  // written by this thread
      unsigned long long const a = (src_addr + first) & ~3ull;
      long long const word0 = static_cast<long long>(a - src_addr);
      bool const inside = word0 >= span_lo && word0 + 4 * (WR + 1) <= span_hi;
      row_base[k][tid] = reinterpret_cast<unsigned const*>(a);
      row_shift[k][tid] = unsigned((src_addr + first) & 3) * 8 + (inside ? 0u : 256u);
    }
  };
  unsigned w0[TI / 8], w1[TI / 8];
  auto load = [&](int k, unsigned i0, unsigned j0) {
    unsigned const nj = p.NJ - j0 < tj ? p.NJ - j0 : tj;
    unsigned const ni = p.NI - i0 < TI ? p.NI - i0 : TI;
#pragma unroll
    for (int r = 0; r < TI / 8; ++r) {
      unsigned const i = warp + 8 * r;
      w0[r] = w1[r] = 0;
      if (i < ni) {
        unsigned const* base = row_base[k][i];
        unsigned const sh = row_shift[k][i];
        if (sh < 256) {  // the words that hold a byte of the row
          if (4 * lane < sh / 8 + nj) w0[r] = __ldg(base + lane);
          if (lane == 31 && 4 * WR < sh / 8 + nj) w1[r] = __ldg(base + WR);
        } else {
          auto const* bytes = reinterpret_cast<unsigned char const*>(base);
          unsigned const s8 = (sh & 255) / 8;
          for (unsigned q = 0; q < 4; ++q) {
            unsigned const e = 4 * lane + q;
            if (e >= s8 && e < s8 + nj) w0[r] |= unsigned(bytes[e]) << (8 * q);
            if (lane == 31 && 4 * WR + q >= s8 && 4 * WR + q < s8 + nj) w1[r] |= unsigned(bytes[4 * WR + q]) << (8 * q);
          }
        }
      }
    }
  };
  unsigned b = blockIdx.x;
  if (b >= p.total) return;
  unsigned i0, j0;
  prepare(b, 0, i0, j0);
  __syncthreads();
  load(0, i0, j0);
  int cur = 0;
  for (;;) {
    unsigned const nj = p.NJ - j0 < tj ? p.NJ - j0 : tj;
    unsigned const ni = p.NI - i0 < TI ? p.NI - i0 : TI;
#pragma unroll
    for (int r = 0; r < TI / 8; ++r) {
      unsigned const i = warp + 8 * r;
      unsigned const next = __shfl_down_sync(0xffffffffu, w0[r], 1);
      if (i < ni) tile[i * WR + (lane ^ ((i >> 2) & 31))] = __funnelshift_r(w0[r], lane == 31 ? w1[r] : next, row_shift[cur][i] & 255);
    }
    unsigned const bn = b + gridDim.x;
    bool const more = bn < p.total;
    unsigned in0 = 0, jn0 = 0;
    if (more) prepare(bn, cur ^ 1, in0, jn0);
    __syncthreads();
    if (more) load(cur ^ 1, in0, jn0);
    unsigned const g = lane;
    bool const full = 4 * g + 4 <= ni;
    if (4 * g < ni) {
#pragma unroll
      for (int t = 0; t < WR / 8; ++t) {
        unsigned const jw = warp + 8 * t;
        if (4 * jw >= nj) break;
        unsigned r[4];
#pragma unroll
        for (int q = 0; q < 4; ++q) r[q] = tile[(4 * g + q) * WR + (jw ^ g)];
        unsigned const t0 = __byte_perm(r[0], r[1], 0x5140), t1 = __byte_perm(r[2], r[3], 0x5140);
        unsigned const t2 = __byte_perm(r[0], r[1], 0x7362), t3 = __byte_perm(r[2], r[3], 0x7362);
        unsigned const out[4] = {__byte_perm(t0, t1, 0x5410), __byte_perm(t0, t1, 0x7632), __byte_perm(t2, t3, 0x5410),
                                 __byte_perm(t2, t3, 0x7632)};
#pragma unroll
        for (int c = 0; c < 4; ++c) {
          unsigned const j = 4 * jw + c;
          if (j < nj) {
            unsigned char* d = dst + d_off[cur][j] + 4 * g;
            if (full) {
              *reinterpret_cast<unsigned*>(d) = out[c];
            } else {
              for (unsigned q = 0; 4 * g + q < ni; ++q) d[q] = static_cast<unsigned char>(out[c] >> (8 * q));
            }
          }
        }
      }
    }
    __syncthreads();
    if (!more) break;
    b = bn, i0 = in0, j0 = jn0, cur ^= 1;
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
    plan.grid = tiles < waves * 2 ? tiles : waves * 2;
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
    if (!done) {
      std::size_t const tile_bytes = static_cast<std::size_t>(plan.TI) * p.Row * sizeof(T);
      std::size_t const offs = (plan.TI + plan.TJ) * sizeof(long long);
      copy_tile<T, 4><<<g, blk, offs + tile_bytes, stream>>>(s, d, p);  // 4 loads in flight (8, 12: slower, bench/RESULTS.md)
    }
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
  if (p.packed && (p.TJ < 4 || p.TJ > 128 || p.TJ % 4 != 0))
    throw error("tessel: cuda::copy: a packed plan's TJ must be a multiple of 4 from 4 to 128");
  p.used_tma = false;
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
