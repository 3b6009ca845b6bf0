// Session 21 (helper attn): the per-tile timeline of the short configuration (bf16 d128 non-causal, BN 128, 2 Q, TMA
// store) with and without CrossTile_ (scratch, not a test). Built against the tried tree's include/
// (cross_tile_l2next.diff) with timeline21.diff applied: consumer thread 0 of each warpgroup stamps clock64() per tile
// at 0 the tile loop's top, 1 after the early S's wait there, 2 before the first block (after the first K's wait
// where the first S is issued here), 3 the first S retired, 4 its softmax and conversion done, 5 the other blocks
// done, 6 the last P V issued (its V waited for), 7 the next tile looked up, 8 (CrossTile_) the next Q and first K
// waited for, 9 the last P V retired (after the early S's issue), 10 the epilogue done; 11 the tile's blocks; 12, 13
// globaltimer at 0 and 10. bf16, batch x S = 16k tokens, 16 heads x 128; 20 warm-up launches, then one stamped launch.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#define TESSEL_ATTN_TL_TILES 48
__device__ long long g_tl[132 * 2 * TESSEL_ATTN_TL_TILES * 16];
#define TESSEL_ATTN_TL_BUF g_tl
#include <tessel/kernels/attention_sm90.cuh>

namespace att = tessel::kernels::attention_sm90;
using T = tessel::bfloat16_t;

__global__ void fill(T* x, long long n, unsigned seed) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    unsigned h = unsigned(i) * 2654435761u ^ seed;
    h ^= h >> 13; h *= 0x5bd1e995u; h ^= h >> 15;
    x[i] = T(float(h % 2001u) / 1000.f - 1.f);
  }
}
static double med(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
template <class Cfg>
void run(char const* name, int S) {
  int const B = 16384 / S, H = 16, D = 128;
  long long const n = (long long)B * S * H * D;
  T *q, *k, *v, *o;
  cudaMalloc(&q, n * 2); cudaMalloc(&k, n * 2); cudaMalloc(&v, n * 2); cudaMalloc(&o, n * 2);
  fill<<<1024, 256>>>(q, n, 1u); fill<<<1024, 256>>>(k, n, 2u); fill<<<1024, 256>>>(v, n, 3u);
  att::AttentionArgs<T> a;
  a.q = q, a.k = k, a.v = v, a.o = o, a.batch = B, a.sq = S, a.sk = S, a.hq = H, a.hkv = H, a.head_dim = D, a.causal = false;
  a.set_contiguous();
  for (int i = 0; i < 20; ++i) att::launch_attention<Cfg>(a, nullptr);
  static std::vector<long long> h(sizeof(g_tl) / 8);
  std::fill(h.begin(), h.end(), 0ll);
  cudaMemcpyToSymbol(g_tl, h.data(), sizeof(g_tl));
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaEventRecord(e0);
  cudaError_t err = att::launch_attention<Cfg>(a, nullptr);
  cudaEventRecord(e1);
  cudaError_t err2 = cudaDeviceSynchronize();
  float ms = 0; cudaEventElapsedTime(&ms, e0, e1);
  cudaMemcpyFromSymbol(h.data(), g_tl, sizeof(g_tl));
  double const flop = 4.0 * B * H * double(S) * S * D;
  std::printf("== %s S=%d: launch %s / %s, %.4f ms (%.1f TFLOP/s, stamped launch)\n", name, S, cudaGetErrorString(err), cudaGetErrorString(err2), ms,
              flop / ms * 1e-9);
  int const TT = TESSEL_ATTN_TL_TILES;
  for (int wg = 0; wg < 2; ++wg) {
    std::vector<double> d[12], loopb, gap, over, span, gspan;
    for (int c = 0; c < 132; ++c) {
      long long const* r = &h[((c * 2 + wg) * TT) * 16];
      int nt = 0;
      while (nt < TT && r[nt * 16 + 10] != 0) ++nt;
      if (nt == 0) continue;
      span.push_back(double(r[(nt - 1) * 16 + 10] - r[0]));
      gspan.push_back(double(r[(nt - 1) * 16 + 13] - r[12]));
      for (int t = 1; t < nt; ++t) {  // the first tile has no early S
        long long const* x = &r[t * 16];
        int const bl = int(x[11]);
        if (bl < 2) continue;
        for (int j = 1; j <= 10; ++j) d[j].push_back(double(x[j] - x[j - 1]));
        loopb.push_back(double(x[5] - x[4]) / (bl - 1));
        if (t + 1 < nt) gap.push_back(double(x[16] - x[10]));
      }
    }
    double const lb = med(loopb);
    for (int c = 0; c < 132; ++c) {
      long long const* r = &h[((c * 2 + wg) * TT) * 16];
      for (int t = 1; t + 1 < TT && r[(t + 1) * 16 + 10] != 0; ++t) {
        long long const* x = &r[t * 16];
        if (x[11] < 2) continue;
        over.push_back(double(x[16] - x[0]) - lb * double(x[11]));
      }
    }
    std::printf("  wg %d: SM clock about %.2f GHz; medians in cycles: top->early S retired %.0f, ->first block %.0f, first S %.0f, first softmax %.0f, "
                "loop per block %.0f, last V wait + P V issue %.0f, lookup %.0f, next Q/K wait %.0f, early S issue + last P V retired %.0f, "
                "epilogue %.0f, gap %.0f; per tile beyond blocks x loop %.0f (%.2f blocks)\n",
                wg, med(span) / med(gspan), med(d[1]), med(d[2]), med(d[3]), med(d[4]), lb, med(d[6]), med(d[7]), med(d[8]), med(d[9]), med(d[10]),
                med(gap), med(over), med(over) / lb);
  }
  cudaFree(q); cudaFree(k); cudaFree(v); cudaFree(o);
}
int main() {
  using Base = att::AttentionShortConfig<T, 128, false>;
  using Cross = Base::with_tiles<128, true, 2, true, false, false, 1, false>;
  for (int r = 0; r < 2; ++r) {
    run<Base>("short configuration", 2048);
    run<Cross>("short configuration + CrossTile_ 1", 2048);
  }
  run<Base>("short configuration", 8192);
  run<Cross>("short configuration + CrossTile_ 1", 8192);
  return 0;
}
