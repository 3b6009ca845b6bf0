// Session 25 (lead): the per-tile timeline of FP8 e4m3 d128 non-causal (variant 9's configuration) at S = 2k, 8k,
// 16k (batch x S = 16k tokens, 16 heads): consumer thread 0 of each warpgroup stamps clock64() at 0 the tile loop's
// top, 1 Q waited and the descales read, 2 the first K waited, 3 the first S retired, 4 its softmax and P done, 5 the
// other blocks done, 6 the last P V issued (its V waited), 7 the next tile looked up, 8 the last P V retired, 9 after
// the stream-K merge, 10 the epilogue and lse done; 11 blocks, 12 first block; 13, 14 globaltimer at 0 and 10.
// Scratch (not a test): built against a copy of include/ with the stamps; 10 warm-up launches, one stamped launch.
#include <algorithm>
#include <cstdio>
#include <vector>
#define TL_TILES 40
__device__ long long g_tl[132 * 2 * TL_TILES * 16];
#define TL_BUF g_tl
#include <tessel/kernels/attention_sm90.cuh>

namespace att = tessel::kernels::attention_sm90;
using T = tessel::float_e4m3_t;

__global__ void fill(unsigned char* x, long long n, unsigned seed) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    unsigned h = unsigned(i) * 2654435761u ^ seed;
    h ^= h >> 13, h *= 0x5bd1e995u, h ^= h >> 15;
    x[i] = (unsigned char)((h % 0x70u) | ((h >> 8) & 0x80u));  // e4m3 of magnitude < 2^-1 or so, either sign
  }
}
static double med(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
template <class Cfg>
void run(int S) {
  int const B = 16384 / S, H = 16, D = 128;
  long long const n = (long long)B * S * H * D;
  unsigned char *q, *k, *v;
  tessel::bfloat16_t* o;
  cudaMalloc(&q, n), cudaMalloc(&k, n), cudaMalloc(&v, n), cudaMalloc(&o, n * 2);
  fill<<<1024, 256>>>(q, n, 1u), fill<<<1024, 256>>>(k, n, 2u), fill<<<1024, 256>>>(v, n, 3u);
  att::AttentionArgs<T> a;
  a.q = reinterpret_cast<T*>(q), a.k = reinterpret_cast<T*>(k), a.v = reinterpret_cast<T*>(v), a.o = o;
  a.batch = B, a.sq = S, a.sk = S, a.hq = H, a.hkv = H, a.head_dim = D, a.causal = false;
  a.set_contiguous();
  void* vt = nullptr;
  cudaMalloc(&vt, att::attention_vt_bytes(a));
  a.vt = vt;
  for (int i = 0; i < 10; ++i) att::launch_attention<Cfg>(a, nullptr);
  static std::vector<long long> h(sizeof(g_tl) / 8);
  std::fill(h.begin(), h.end(), 0ll);
  cudaMemcpyToSymbol(g_tl, h.data(), sizeof(g_tl));
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0), cudaEventCreate(&e1);
  cudaEventRecord(e0);
  cudaError_t const err = att::launch_attention<Cfg>(a, nullptr);
  cudaEventRecord(e1);
  cudaError_t const err2 = cudaDeviceSynchronize();
  float ms = 0;
  cudaEventElapsedTime(&ms, e0, e1);
  cudaMemcpyFromSymbol(h.data(), g_tl, sizeof(g_tl));
  double const flop = 4.0 * B * H * double(S) * S * D;
  std::printf("== FP8 d128 non-causal S=%d B=%d: launch %s / %s, %.4f ms with the V^T pass (%.1f TFLOP/s, stamped launch)\n", S, B,
              cudaGetErrorString(err), cudaGetErrorString(err2), ms, flop / ms * 1e-9);
  int const TT = TL_TILES;
  for (int wg = 0; wg < 2; ++wg) {
    std::vector<double> d[11], loopb, over, span, gspan, first_top, last_end, tiles;
    long long t0 = -1;
    for (int c = 0; c < 132; ++c)
      if (h[((c * 2 + wg) * TT) * 16 + 13] > 0) t0 = t0 < 0 ? h[((c * 2 + wg) * TT) * 16 + 13] : std::min(t0, h[((c * 2 + wg) * TT) * 16 + 13]);
    for (int c = 0; c < 132; ++c) {
      long long const* r = &h[((c * 2 + wg) * TT) * 16];
      int nt = 0;
      while (nt < TT && r[nt * 16 + 10] != 0) ++nt;
      if (nt == 0) continue;
      tiles.push_back(nt);
      span.push_back(double(r[(nt - 1) * 16 + 10] - r[0]));
      gspan.push_back(double(r[(nt - 1) * 16 + 14] - r[13]));
      first_top.push_back(double(r[13] - t0) * 1e-3);
      last_end.push_back(double(r[(nt - 1) * 16 + 14] - t0) * 1e-3);
      for (int t = 0; t < nt; ++t) {
        long long const* x = &r[t * 16];
        int const bl = int(x[11]) - int(x[12]);
        if (bl < 2) continue;
        for (int j = 1; j <= 10; ++j) d[j].push_back(double(x[j] - x[j - 1]));
        loopb.push_back(double(x[5] - x[4]) / (bl - 1));
      }
    }
    double const lb = med(loopb);
    for (int c = 0; c < 132; ++c) {
      long long const* r = &h[((c * 2 + wg) * TT) * 16];
      for (int t = 0; t + 1 < TT && r[(t + 1) * 16 + 10] != 0; ++t) {
        long long const* x = &r[t * 16];
        int const bl = int(x[11]) - int(x[12]);
        if (bl < 2) continue;
        over.push_back(double(x[16] - x[0]) - lb * bl);  // top to the next tile's top, less its blocks at the loop's rate
      }
    }
    double const ghz = med(span) / med(gspan);
    std::printf("  wg %d: SM clock about %.2f GHz; tiles per CTA %.0f; medians in cycles: Q + descales %.0f, first K wait %.0f, first S %.0f, "
                "first softmax %.0f, loop per block %.0f, last V wait + P V issue %.0f, lookup %.0f, last P V retired %.0f, stream-K merge %.0f, "
                "epilogue %.0f; per tile beyond blocks x loop %.0f (%.2f blocks, %.2f us); first tile's top %.2f us after the earliest "
                "(median; max %.2f), last tile's end median %.1f us, max %.1f us\n",
                wg, ghz, med(tiles), med(d[1]), med(d[2]), med(d[3]), med(d[4]), lb, med(d[6]), med(d[7]), med(d[8]), med(d[9]), med(d[10]),
                med(over), med(over) / lb, med(over) / ghz * 1e-3, med(first_top),
                *std::max_element(first_top.begin(), first_top.end()), med(last_end), *std::max_element(last_end.begin(), last_end.end()));
  }
  cudaFree(q), cudaFree(k), cudaFree(v), cudaFree(o), cudaFree(vt);
}
int main() {
  using Cfg = att::AttentionConfig<T, 128, false>;
  for (int r = 0; r < 2; ++r) {
    run<Cfg>(8192);
    run<Cfg>(16384);
    run<Cfg>(2048);
  }
  return 0;
}
