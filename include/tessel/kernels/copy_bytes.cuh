// tessel/kernels/copy_bytes.cuh: cuda::copy's packed 1-byte transposes
// (copy.cuh launches them where plan_copy sets CopyPlan::packed: copy_transpose_bytes
// for rows of at most 120 bytes, copy_transpose_rows (cp.async, sm_80+) for longer
// ones). Compile with nvcc.
#pragma once

#include "copy_kernels.cuh"

namespace TESSEL_NAMESPACE::cuda {

namespace detail {

// A row of a packed byte tile that starts at source offset `first` and has nj bytes: the
// address of its first aligned 8-byte pair (pair) and its misalignment (info), + 256 where
// the pairs that hold it are not all inside the source's span [span_lo, span_hi), so that
// the row is gathered byte by byte instead (returns true then).
__device__ __forceinline__ bool packed_row(unsigned long long src_addr, long long first, unsigned nj, long long span_lo,
                                           long long span_hi, unsigned long long& pair, unsigned& info) {
  unsigned const sh = unsigned((src_addr + first) & 7);
  long long const w0 = first - sh;
  bool const gathered = !(w0 >= span_lo && w0 + 8 * ((sh + nj + 7) / 8) <= span_hi);
  pair = src_addr + w0;
  info = sh + (gathered ? 256u : 0u);
  return gathered;
}

// Pair l of tile row i (of a tile of ni rows of nj bytes, packed_row's pair and info), or
// zeros where the row has no such pair or is gathered byte by byte.
__device__ __forceinline__ uint2 pair_of_row(unsigned long long const* row_pair, unsigned const* row_info, unsigned i,
                                             unsigned ni, unsigned nj, unsigned l) {
  if (i < ni) {
    unsigned const info = row_info[i];
    if (info < 256 && 8 * l < info + nj) return __ldg(reinterpret_cast<uint2 const*>(row_pair[i]) + l);
  }
  return make_uint2(0, 0);
}

// Bytes k..k+7 of a row of nj bytes that starts at `row`, read byte by byte (the rows that
// packed_row gathers), zeros outside the row.
__device__ __forceinline__ unsigned long long row_bytes8(unsigned char const* row, int k, unsigned nj) {
  unsigned long long v = 0;
  for (int q = 0; q < 8; ++q)
    if (k + q >= 0 && unsigned(k + q) < nj) v |= static_cast<unsigned long long>(row[k + q]) << (8 * q);
  return v;
}

// A 64-bit global store of two words (the addresses come from shared memory as integers:
// without it the compiler emits generic stores).
__device__ __forceinline__ void st_global_v2(unsigned char* at, unsigned lo, unsigned hi) {
  asm volatile("st.global.v2.u32 [%0], {%1, %2};\n" ::"l"(at), "r"(lo), "r"(hi) : "memory");
}
__device__ __forceinline__ void st_global_u32(unsigned char* at, unsigned v) {
  asm volatile("st.global.u32 [%0], %1;\n" ::"l"(at), "r"(v) : "memory");
}

// A 4x4 block of bytes transposed: byte q of out[c] is byte c of row q (r0..r3).
__device__ __forceinline__ void transpose_bytes4(unsigned r0, unsigned r1, unsigned r2, unsigned r3, unsigned (&out)[4]) {
  unsigned const t0 = __byte_perm(r0, r1, 0x5140), t1 = __byte_perm(r2, r3, 0x5140);
  unsigned const t2 = __byte_perm(r0, r1, 0x7362), t3 = __byte_perm(r2, r3, 0x7362);
  out[0] = __byte_perm(t0, t1, 0x5410), out[1] = __byte_perm(t0, t1, 0x7632);
  out[2] = __byte_perm(t2, t3, 0x5410), out[3] = __byte_perm(t2, t3, 0x7632);
}

// r[q] holds bytes 4w..4w+3 of tile row i0+q: a 4x4 byte transpose gives each of columns
// 4w..4w+3 its bytes of rows i0..i0+3, written at dk[column] + i0 as one 4-byte store (a
// partial group, i0 + 4 > ni, byte by byte). Columns from nj on and rows from ni on are not written.
__device__ __forceinline__ void store_rows4(unsigned const (&r)[4], long long const* dk, unsigned w, unsigned i0, unsigned ni,
                                            unsigned nj) {
  unsigned out[4];
  transpose_bytes4(r[0], r[1], r[2], r[3], out);
  if (i0 >= ni) return;
#pragma unroll
  for (int c = 0; c < 4; ++c) {
    if (4 * w + c >= nj) continue;
    auto* const to = reinterpret_cast<unsigned char*>(dk[4 * w + c]) + i0;
    if (i0 + 4 <= ni) st_global_u32(to, out[c]);
    else
      for (unsigned q = 0; i0 + q < ni; ++q) to[q] = static_cast<unsigned char>(out[c] >> (8 * q));
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
__global__ void __launch_bounds__(kThreads, 5) copy_transpose_bytes(unsigned char const* __restrict__ src,
                                                                 unsigned char* __restrict__ dst, Params p,
                                                                 long long span_lo, long long span_hi) {
  static_assert(kWarps == 8, "copy_transpose_bytes: 8 warps, a half warp per row: 16 rows a step");
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
  std::uint32_t const row_lane = smem_u32(tile) + 4 * WR * i_lane;
  auto const src_addr = reinterpret_cast<unsigned long long>(src);
  // Tile b's offsets into slot k; true if this thread's row is gathered byte by byte.
  auto prepare = [&](unsigned b, int k, unsigned& i0, unsigned& j0) {
    tile_offsets(p, b, TI, tj, 1, s_off[k], d_addr[k], i0, j0);
    bool gathered = false;
    if (tid < TI && i0 + tid < p.NI)  // s_off[k][tid] was written by this thread
      gathered = packed_row(src_addr, s_off[k][tid], part(p.NJ, j0, tj), span_lo, span_hi, row_pair[k][tid], row_info[k][tid]);
    if (tid >= TI && tid - TI < tj) d_addr[k][tid - TI] += reinterpret_cast<long long>(dst);  // written by this thread
    return gathered;
  };
  uint2 pr[R8];
  // Row i_lane + 16r (warp + 8*half + 16r), pair l16, of the tile in slot k.
  auto load = [&](int k, unsigned i0, unsigned j0) {
    unsigned const nj = part(p.NJ, j0, tj);
    unsigned const ni = part(p.NI, i0, TI);
#pragma unroll
    for (int r = 0; r < R8; ++r) pr[r] = pair_of_row(row_pair[k], row_info[k], i_lane + 16 * r, ni, nj, l16);
  };
  unsigned b = blockIdx.x;
  if (b >= p.total) return;
  unsigned i0, j0;
  bool slow = __syncthreads_or(prepare(b, 0, i0, j0));
  load(0, i0, j0);
  int cur = 0;
  for (;;) {
    unsigned const nj = part(p.NJ, j0, tj);
    unsigned const ni = part(p.NI, i0, TI);
    // Row i = i_lane + 16r: words 2*l16 and 2*l16+1 at i*32 + (w ^ (sw_lane + 4r)). Rows
    // past ni are written too (never read: the store reads rows below ni only).
#pragma unroll
    for (int r = 0; r < R8; ++r) {
      unsigned const n0 = __shfl_down_sync(0xffffffffu, pr[r].x, 1), n1 = __shfl_down_sync(0xffffffffu, pr[r].y, 1);
      unsigned const sh = row_info[cur][i_lane + 16 * r];
      bool const o = sh & 4;
      unsigned const a = o ? pr[r].y : pr[r].x, c = o ? n0 : pr[r].y, d = o ? n1 : n0;
      std::uint32_t const at = row_lane + 4 * WR * 16 * r, x = (2 * l16) ^ (sw_lane + 4 * r);
      st_shared_u32(at + 4 * x, __funnelshift_r(a, c, (sh & 3) * 8));
      st_shared_u32(at + 4 * (x ^ 1), __funnelshift_r(c, d, (sh & 3) * 8));
    }
    if (slow) {  // rows gathered byte by byte: bytes 8*l16 .. 8*l16+7, over what the shift wrote
      for (int r = 0; r < R8; ++r) {
        unsigned const i = i_lane + 16 * r;
        if (i >= ni || row_info[cur][i] < 256) continue;
        auto const* row = reinterpret_cast<unsigned char const*>(row_pair[cur][i]) + (row_info[cur][i] & 255);
        unsigned long long const v = row_bytes8(row, int(8 * l16), nj);
        std::uint32_t const at = row_lane + 4 * WR * 16 * r, x = (2 * l16) ^ (sw_lane + 4 * r);  // as the shift's
        st_shared_u32(at + 4 * x, unsigned(v));
        st_shared_u32(at + 4 * (x ^ 1), unsigned(v >> 32));
      }
    }
    unsigned const bn = b + gridDim.x;
    bool const more = bn < p.total;
    unsigned in0 = 0, jn0 = 0;
    bool const slow_next = __syncthreads_or(more && prepare(bn, cur ^ 1, in0, jn0));
    if (more) load(cur ^ 1, in0, jn0);
    unsigned const g = lane;
    if (4 * g < ni) {
      long long const* dk = d_addr[cur];
      std::uint32_t const rows_g = smem_u32(tile) + 4 * WR * 4 * g;  // row 4g
      for (unsigned jw = warp; 4 * jw < nj; jw += kWarps) {
        unsigned r[4];
        std::uint32_t const at = rows_g + 4 * (jw ^ g);
#pragma unroll
        for (int q = 0; q < 4; ++q) r[q] = ld_shared(at + 4 * WR * q);
        store_rows4(r, dk, jw, 4 * g, ni, nj);
      }
    }
    __syncthreads();
    if (!more) break;
    b = bn, i0 = in0, j0 = jn0, cur ^= 1, slow = slow_next;
  }
}

// Column w's destination offset (written by the thread of item TI + w of tile_offsets'
// loop, TI = 128: this thread) turned into its address, for the columns w < tj.
__device__ __forceinline__ void column_addresses(long long* d_addr, unsigned tj, unsigned char* dst) {
  unsigned const tid = threadIdx.y * 32 + threadIdx.x;
  auto const dbase = reinterpret_cast<long long>(dst);
  if (tid >= 128 && tid - 128 < tj) d_addr[tid - 128] += dbase;
  if (tid + kThreads - 128 < tj) d_addr[tid + kThreads - 128] += dbase;
}

// The start of tile b of a plan whose items are single elements (L = 1), as tile_offsets in two passes
// (copy_transpose_rows with LoadsFirst: the rows' loads go out between them): its first item (i0, j0)
// and the rest modes' offsets; then each row's source offset; then each column's destination address.
__device__ __forceinline__ void tile_start(Params const& p, unsigned b, unsigned TI, unsigned TJ, long long& so_r, long long& do_r,
                                           unsigned& i0, unsigned& j0) {
  unsigned rest, r, t_first, t_second;
  p.div_tiles_first(b, rest, t_first);
  p.div_tiles_second(rest, r, t_second);
  i0 = (p.j_first ? t_second : t_first) * TI;
  j0 = (p.j_first ? t_first : t_second) * TJ;
  so_r = 0, do_r = 0;
  offsets(p, r, p.nA + p.nB, p.rank, so_r, do_r);
}
__device__ __forceinline__ void tile_row_offsets(Params const& p, unsigned TI, long long so_r, unsigned i0, unsigned j0, long long* s_off) {
  unsigned const tid = threadIdx.y * 32 + threadIdx.x;
  for (unsigned v = tid; v < TI; v += kThreads) {
    long long so = 0, dof = 0;
    if (i0 + v < p.NI) offsets(p, i0 + v, 0, p.nA, so, dof);
    s_off[v] = so_r + so + j0;
  }
}
__device__ __forceinline__ void tile_column_addresses(Params const& p, unsigned TJ, long long do_r, unsigned i0, unsigned j0,
                                                      long long* d_addr, unsigned char* dst) {
  unsigned const tid = threadIdx.y * 32 + threadIdx.x;
  for (unsigned w = tid; w < TJ; w += kThreads) {
    long long so = 0, dof = 0;
    if (j0 + w < p.NJ) offsets(p, j0 + w, p.nA, p.nA + p.nB, so, dof);
    d_addr[w] = reinterpret_cast<long long>(dst) + do_r + dof + i0;
  }
}

// The store of copy_transpose_rows: r[q] holds bytes 4w..4w+3 of tile row 8h+q; two
// 4x4 byte transposes give each of columns 4w..4w+3 its bytes of rows 8h..8h+7, written at
// dk[column] + 8h: one 8-byte store (W8), else two 4-byte ones; a partial last group of
// rows (8h + 8 > ni) byte by byte. Columns from nj on are not written.
template <bool W8>
__device__ __forceinline__ void store_rows8(unsigned const (&r)[8], long long const* dk, unsigned w, unsigned h, unsigned ni,
                                            unsigned nj) {
  unsigned out[2][4];
  transpose_bytes4(r[0], r[1], r[2], r[3], out[0]);
  transpose_bytes4(r[4], r[5], r[6], r[7], out[1]);
  if (8 * h + 8 <= ni) {
#pragma unroll
    for (int c = 0; c < 4; ++c)
      if (4 * w + c < nj) {
        auto* const to = reinterpret_cast<unsigned char*>(dk[4 * w + c]) + 8 * h;
        if constexpr (W8) st_global_v2(to, out[0][c], out[1][c]);
        else st_global_u32(to, out[0][c]), st_global_u32(to + 4, out[1][c]);
      }
  } else {  // the last, partial group of rows: byte by byte (unrolled: out stays in registers)
#pragma unroll
    for (int c = 0; c < 4; ++c)
#pragma unroll
      for (int q = 0; q < 8; ++q)
        if (4 * w + c < nj && 8 * h + q < ni)
          reinterpret_cast<unsigned char*>(dk[4 * w + c])[8 * h + q] = static_cast<unsigned char>(out[q >> 2][c] >> (8 * (q & 3)));
  }
}

// The packed 1-byte transpose of whole rows (J up to 248 bytes, plan_copy's packed_rows;
// sm_80+): tiles of 128 rows x p.TJ bytes, so that a row of 201 bytes is one tile's, not
// two (its setup and the sectors at the tiles' boundary are paid once), its rows loaded by
// cp.async: the whole tile's loads are in flight at once and take no registers, and no
// shift pass rewrites the tile; the store reads each row's bytes at its misalignment.
//  - Load: a warp per row (rows warp + 8r), lane l copies the row's aligned 8-byte pair l
//    (from the row's first byte rounded down to 8, at most 7 + 248 bytes; only the pairs
//    the row needs) to raw[i*32 + (l ^ (i/8 % 16))]: row i as in memory, its pairs
//    swizzled by its group of 8 rows.
//  - Rows outside the source's span are gathered byte by byte into the same places.
//  - Store: half warp s of a warp takes the pair of word columns 2jp, 2jp+1 (jp = 2*warp + s,
//    then + 16), lane h of it rows 8h..8h+7 (each row's two words read as the two raw pairs
//    around its misalignment, 64-bit loads, and funnel-shifted), for each word two 4x4 byte
//    transposes, and writes 8 bytes of each of the word's 4 columns: a half warp writes
//    128 contiguous bytes of a column. W8 (plan_copy's dst8): one 8-byte store, else two
//    4-byte ones. The pair swizzle puts a half warp's 16 pairs in 16 distinct 8-byte bank
//    pairs. (Until session 12 the store read two 32-bit words per word, whose banks
//    depended on the row's misalignment: 1.6-way conflicts on average, ncu on the H200,
//    34.5% of the shared-load wavefronts; bench/RESULTS.md.)
//  - 48 registers, 37 KB of shared memory: 5 blocks per SM. (6 blocks, with 40 registers:
//    8-byte stores spilled 24 bytes; 4-byte stores of the two groups of 4 rows one after
//    the other measured 1.89-1.92 against 2.55 TB/s on the H100, bench/RESULTS.md.)
//  - Tried on the H200 in session 18 and not kept (random 4, same process, bench/RESULTS.md): the
//    adjacent rows of a store lane's 8 loaded as one run of pairs (no sector read twice) -0.5 to -1%;
//    tiles of 256 rows (64 KB raw, 3 blocks per SM) -9%; 6 blocks per SM (40 registers) -10%; the
//    shared memory sized by the tile (31 KB: 5 blocks in a 164 KB carveout, 92 KB of L1) +-0%; this
//    kernel with the largest carveout (28 KB of L1) -4%.
//  - LoadsFirst (CopyPlan::rows_order 1): a tile's rows' offsets, their loads, then its columns'
//    addresses, computed while the loads are in flight (tile_start, tile_row_offsets,
//    tile_column_addresses); else tile_offsets computes both before the loads. Session 19 (H200,
//    random 4, same processes): +0.6 to +0.7%. Tried there and not kept: a persistent grid of at most 3
//    (or 2) blocks per SM, each with two compact tile buffers, loading tile n+1 before it stores tile n:
//    -8% (-13% on the H100). The kernel's time is the sum of its loads' and its stores' (each measured
//    alone at 50% of it): the blocks' phases hardly overlap (bench/RESULTS.md).
//  - TI = 256 (CopyPlan::rows_tile 256, LoadsFirst only): tiles of 256 rows of at most 120 bytes (rows
//    longer than 120 split into J tiles), raw rows of 16 pairs, a half warp per row in the load, and in the
//    store a whole warp per pair of word columns (lane h rows 8h..8h+7): a warp writes 256 contiguous bytes
//    of a column instead of 128. Session 20 (H200, random 4, same processes): +1.0 to +3.0% over 128 rows
//    of whole rows in 8 of 9 processes, equal in one; alone, its stores ran at 3.39-3.47 TB/s against
//    3.22-3.34 and its loads at 2.68-2.75 against 3.40-3.58 (bench/RESULTS.md: the H200 wrote 128-byte column
//    pieces at 3.1 TB/s, 256-byte at 3.6).
//  - Tried on the H200 in session 21 and not kept (random 4, same processes, bench/RESULTS.md): 256 whole rows
//    a tile loaded by cp.async.bulk, one copy per run of rows contiguous in the source (55 KB, 4 blocks per SM):
//    -0.4 to +1.8% against the split rows; with it, the last wave's tiles in halves +-0.5%, an L2 prefetch of the
//    tile a wave ahead -22%, evict-first loads -3% (its code: bench/gpu/results/2026-11-27-s21-copy-call2-h200).
//  - Tried on the H200 in session 24 and not kept (random 4, TI = 256, lines beside this kernel in the same processes,
//    bench/RESULTS.md): the tile order as K interleaved fronts of I tiles (K = 2, 3, 4, 8, 16) -1.0 to +0.9%; the
//    J tiles of windows of W I tiles one after another (W = 7, 33: within the lines' drift; 132: +-1%; 330: -6%;
//    660: -14%, the second J tile's rows read again from DRAM); cp.async with .L2::256B -1 to -1.5%; stores with an
//    L2 evict_last policy: not resolved from the lines' drift (its code: bench/gpu/results/2026-11-28-s24-copy-call2-h200).
//  - Tried on the H200 in session 24 (helper copy2) and not kept (random 4, by the protocol): L2 cache hints, stores
//    evict_first -1.1 to -1.6 points of D2D, evict_last -0.5 to -1.4 (its D2D reference reads the lines it keeps in L2),
//    cp.async loads evict_first -12 (the J tiles' second pieces miss L2), both -6. Against a plain copy of its bytes
//    (ncu, 184 MB) it takes 12% longer: 1.31x the L2 read sectors (the J split rounds each piece out to sectors) and
//    3.5x the instructions; at this size tessel's plain copy runs at D2D's rate (bench/RESULTS.md).
//  - Tried on the H200 in session 24 (helper copy3), not timed by the protocol (a launch bug ended its processes): whole
//    rows read as runs of contiguous rows (random 4: 25 rows, 5,025 bytes) by 16-byte cp.async.cg into a compact tile of
//    192 rows, stores as here. ncu, one launch: 108 us against this kernel's 99 (8-way bank conflicts in its store, and
//    8.63 M L2 read sectors against 7.52 M, not explained); its code and a fixed version:
//    bench/gpu/results/2026-11-28-s24-copy3-call1-h200.
//  - A block that loops over tiles (a capped grid) takes them one after another.
template <bool W8, bool LoadsFirst, unsigned TI = 128>
__global__ void __launch_bounds__(kThreads, 5) copy_transpose_rows(unsigned char const* __restrict__ src,
                                                                       unsigned char* __restrict__ dst, Params p,
                                                                       long long span_lo, long long span_hi) {
  static_assert(kWarps == 8, "copy_transpose_rows: 8 warps, a warp per row");
  static_assert(TI == 128 || (TI == 256 && LoadsFirst), "copy_transpose_rows: tiles of 128 rows, or 256 with LoadsFirst");
  // Pairs: a raw row's 8-byte pairs (the row's bytes from its first rounded down to 8, MaxJ + 7 at most, and
  // the pair after its last that the store reads); HW: the store's lanes per pair of word columns (8 rows a
  // lane), G: such groups per warp.
  constexpr unsigned Pairs = TI == 256 ? 16 : 32, MaxJ = 8 * (Pairs - 1), HW = TI / 8, G = 32 / HW;
  unsigned const tj = p.TJ;
  __shared__ long long s_off[TI];            // tile_offsets' row offsets
  __shared__ long long d_addr[MaxJ];         // column addresses
  __shared__ unsigned long long row_pair[TI];  // the address of the row's first 8-byte pair
  __shared__ unsigned row_info[TI];          // its misalignment in bytes, + 256 if gathered byte by byte
  __shared__ __align__(16) unsigned long long raw[TI * Pairs];
  unsigned const lane = threadIdx.x, warp = threadIdx.y, tid = warp * 32 + lane;
  std::uint32_t const raw_u32 = smem_u32(raw);
  auto const src_addr = reinterpret_cast<unsigned long long>(src);
  for (unsigned b = blockIdx.x; b < p.total; b += gridDim.x) {
    unsigned i0, j0;
    long long so_r = 0, do_r = 0;  // LoadsFirst: the rest modes' offsets
    if constexpr (LoadsFirst) {
      tile_start(p, b, TI, tj, so_r, do_r, i0, j0);
      tile_row_offsets(p, TI, so_r, i0, j0, s_off);
    } else {
      tile_offsets(p, b, TI, tj, 1, s_off, d_addr, i0, j0);
    }
    unsigned const nj = part(p.NJ, j0, tj);
    unsigned const ni = part(p.NI, i0, TI);
    bool gathered = false;
    if (tid < ni) gathered = packed_row(src_addr, s_off[tid], nj, span_lo, span_hi, row_pair[tid], row_info[tid]);
    else if (tid < TI) row_info[tid] = 0;  // rows from ni on: read by the store, never stored
    if constexpr (!LoadsFirst) column_addresses(d_addr, tj, dst);
    bool const slow = __syncthreads_or(gathered);
    if constexpr (Pairs == 32) {  // a warp per row
      for (unsigned i = warp; i < ni; i += kWarps) {
        unsigned const info = row_info[i];
        if (info < 256 && 8 * lane < info + nj)
          cp_async_ca<8>(raw_u32 + 256 * i + 8 * (lane ^ ((i >> 3) & 15)), reinterpret_cast<uint2 const*>(row_pair[i]) + lane);
      }
    } else {  // 16 pairs: a half warp per row
      unsigned const l = lane & 15;
      for (unsigned i = 2 * warp + (lane >> 4); i < ni; i += 2 * kWarps) {
        unsigned const info = row_info[i];
        if (info < 256 && 8 * l < info + nj)
          cp_async_ca<8>(raw_u32 + 8 * Pairs * i + 8 * (l ^ ((i >> 3) & 15)), reinterpret_cast<uint2 const*>(row_pair[i]) + l);
      }
    }
    cp_async_fence();
    if constexpr (LoadsFirst) tile_column_addresses(p, tj, do_r, i0, j0, d_addr, dst);  // the stores' barrier below publishes them
    if (slow) {  // rows gathered byte by byte: raw bytes 8*lane .. 8*lane+7 of the row
      for (unsigned i = warp; i < ni; i += kWarps) {
        unsigned const info = row_info[i];
        if (info < 256) continue;
        if constexpr (Pairs < 32)
          if (lane >= Pairs) continue;
        unsigned const sh = info & 255;  // raw byte o is the row's byte o - sh
        auto const* row = reinterpret_cast<unsigned char const*>(row_pair[i]) + sh;
        raw[Pairs * i + (lane ^ ((i >> 3) & 15))] = row_bytes8(row, int(8 * lane) - int(sh), nj);
      }
    }
    cp_async_wait<0>();
    __syncthreads();
    unsigned const h = HW == 32 ? lane : lane & 15, s = HW == 32 ? 0 : lane >> 4;
    unsigned const hs = HW == 32 ? h & 15 : h;  // the pair swizzle of rows 8h..8h+7
    if (8 * h < ni) {
      unsigned shs = 0;  // the misalignments of rows 8h..8h+7, 4 bits each (rows from ni on: unused)
#pragma unroll
      for (int q = 0; q < 8; ++q) shs |= (row_info[8 * h + q] & 7u) << (4 * q);
      std::uint32_t const rows_h = raw_u32 + 8 * Pairs * 8 * h;  // row 8h; its pairs swizzled by hs
      // Words 2jp and 2jp+1 of row 8h+q (its bytes 8jp .. 8jp+7) from raw bytes sh + 8jp ..: the raw
      // pairs jp and jp+1 (two 64-bit loads: a half warp reads 16 distinct pairs of the 16 banks'
      // pairs, conflict-free), funnel-shifted by the misalignment sh. Pair jp+1 <= Pairs - 1 (nj <= MaxJ):
      // inside the raw row; past the row's end it holds bytes of columns that are not stored.
      for (unsigned jp = G * warp + s; 8 * jp < nj; jp += G * kWarps) {
        unsigned r0[8], r1[8];
#pragma unroll
        for (int q = 0; q < 8; ++q) {
          unsigned const sh = (shs >> (4 * q)) & 7u;
          uint2 const a = ld_shared_v2(rows_h + 8 * Pairs * q + 8 * (jp ^ hs)), b = ld_shared_v2(rows_h + 8 * Pairs * q + 8 * ((jp + 1) ^ hs));
          bool const hi = sh & 4u;
          unsigned const x0 = hi ? a.y : a.x, x1 = hi ? b.x : a.y, x2 = hi ? b.y : b.x, f = 8 * (sh & 3u);
          r0[q] = __funnelshift_r(x0, x1, f);
          r1[q] = __funnelshift_r(x1, x2, f);
        }
        store_rows8<W8>(r0, d_addr, 2 * jp, h, ni, nj);
        if (8 * jp + 4 < nj) store_rows8<W8>(r1, d_addr, 2 * jp + 1, h, ni, nj);
      }
    }
    __syncthreads();
  }
}

}  // namespace detail

}  // namespace tessel::cuda
