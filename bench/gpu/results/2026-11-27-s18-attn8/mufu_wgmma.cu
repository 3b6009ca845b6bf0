// Session 18 (helper attn8): can the SFU (MUFU.EX2) and the e4m3 tensor cores (wgmma m64n192k32) run at full rate
// together on one SM? One CTA per SM (132), warpgroups with roles: wgmma (back-to-back m64n192k32 e4m3 SS into one
// accumulator, 4 per commit group, one group kept in flight), MUFU (ex2.approx.ftz on 8 independent registers), or
// idle. Each role alone, then together: if together ~ max(alone), the two overlap; if ~ sum, they take turns.
//   nvcc -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a mufu_wgmma.cu -o mufu_wgmma && ./mufu_wgmma
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

__device__ __forceinline__ std::uint64_t desc_of(void const* p) {
  std::uint32_t a = static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
  std::uint64_t d = 0;
  d |= std::uint64_t((a >> 4) & 0x3fff);          // start address
  d |= std::uint64_t((128 >> 4) & 0x3fff) << 16;  // leading byte offset
  d |= std::uint64_t((256 >> 4) & 0x3fff) << 32;  // stride byte offset
  return d;                                       // no swizzle (the data are zeros: only the rate matters)
}

__device__ __forceinline__ void wgmma_e4m3(float (&d)[96], std::uint64_t da, std::uint64_t db) {
  asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, 1, 0;\n"
               " wgmma.mma_async.sync.aligned.m64n192k32.f32.e4m3.e4m3 {%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31,%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63,%64,%65,%66,%67,%68,%69,%70,%71,%72,%73,%74,%75,%76,%77,%78,%79,%80,%81,%82,%83,%84,%85,%86,%87,%88,%89,%90,%91,%92,%93,%94,%95}, %96, %97, p, 1, 1;\n}\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95])
               : "l"(da), "l"(db));
}

// roles: bits 2w..2w+1 of `roles` for warpgroup w: 0 idle, 1 wgmma, 2 MUFU
__global__ void __launch_bounds__(512, 1) bench(int roles, int iters_t, int iters_m, float* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  for (int i = threadIdx.x; i < 16384 / 4; i += blockDim.x) reinterpret_cast<std::uint32_t*>(smem)[i] = 0;
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  int const wg = threadIdx.x / 128;
  int const role = (roles >> (2 * wg)) & 3;
  float acc = 0.f;
  if (role == 1) {
    float d[96];
    for (int i = 0; i < 96; ++i) d[i] = 0.f;
    std::uint64_t const da = desc_of(smem), db = desc_of(smem + 4096);
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
    for (int it = 0; it < iters_t; ++it) {
      wgmma_e4m3(d, da, db);
      wgmma_e4m3(d, da, db);
      wgmma_e4m3(d, da, db);
      wgmma_e4m3(d, da, db);
      asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
      asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
    }
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
    for (int i = 0; i < 96; ++i) acc += d[i];
  } else if (role == 2) {
    float x[8];
    for (int i = 0; i < 8; ++i) x[i] = -1.f - 0.001f * (threadIdx.x + i);
    for (int it = 0; it < iters_m; ++it) {
#pragma unroll
      for (int i = 0; i < 8; ++i) asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x[i]));
    }
    for (int i = 0; i < 8; ++i) acc += x[i];
  }
  if (acc == 12345.f) out[threadIdx.x] = acc;  // keep the work
}

int main() {
  float* out;
  cudaMalloc(&out, 4096);
  int const smem = 120 * 1024;  // one CTA per SM
  cudaFuncSetAttribute(bench, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int clk = 0;
  cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
  int const it_t = 2000, it_m = 12000;  // alone: 8000 wgmmas of 96 cycles at 4096 MACs / clock, 96000 ex2 per thread
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0), cudaEventCreate(&e1);
  struct Case { char const* name; int roles, wgs, t, m; };
  // roles: WG0 bits 0-1, WG1 bits 2-3, ...
  std::vector<Case> cases = {
      {"1 wgmma WG alone", 1, 1, it_t, 0},
      {"2 wgmma WGs (half the iterations each)", 1 | 1 << 2, 2, it_t / 2, 0},
      {"1 MUFU WG alone", 2, 1, 0, it_m},
      {"2 MUFU WGs (half each)", 2 | 2 << 2, 2, 0, it_m / 2},
      {"1 wgmma WG + 1 MUFU WG", 1 | 2 << 2, 2, it_t, it_m},
      {"2 wgmma WGs (half) + 2 MUFU WGs (half)", 1 | 1 << 2 | 2 << 4 | 2 << 6, 4, it_t / 2, it_m / 2},
      {"1 wgmma WG + 1 MUFU WG, MUFU half", 1 | 2 << 2, 2, it_t, it_m / 2},
  };
  for (auto const& c : cases) {
    std::vector<float> ts;
    for (int r = 0; r < 7; ++r) {
      cudaEventRecord(e0);
      bench<<<sms, 128 * c.wgs, smem>>>(c.roles, c.t, c.m, out);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms = 0;
      cudaEventElapsedTime(&ms, e0, e1);
      ts.push_back(ms);
    }
    cudaError_t err = cudaGetLastError();
    std::sort(ts.begin(), ts.end());
    std::printf("%-45s %8.3f ms (median of 7; min %.3f)%s%s\n", c.name, ts[3], ts[0], err ? " error: " : "", err ? cudaGetErrorString(err) : "");
  }
  std::printf("SMs %d, clock rate attribute %d kHz\n", sms, clk);
  return 0;
}
