// session 19 lead: do e4m3 wgmmas with A from registers (RS, as attention's P V) overlap the SFU as SS ones do?
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
__device__ __forceinline__ std::uint64_t desc_of(void const* p) {
  std::uint32_t a = static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
  std::uint64_t d = 0;
  d |= std::uint64_t((a >> 4) & 0x3fff);
  d |= std::uint64_t((128 >> 4) & 0x3fff) << 16;
  d |= std::uint64_t((256 >> 4) & 0x3fff) << 32;
  return d;
}
__device__ __forceinline__ void ss(float (&d)[64], std::uint64_t da, std::uint64_t db) {
  asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, 1, 0;\n wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31,%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63}, %64, %65, p, 1, 1;\n}\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]) : "l"(da), "l"(db));
}
__device__ __forceinline__ void rs(float (&d)[64], std::uint32_t const (&a)[4], std::uint64_t db) {
  asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, 1, 0;\n wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31,%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63}, {%64,%65,%66,%67}, %68, p, 1, 1;\n}\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
}
template <bool RS>
__device__ __forceinline__ float wg_role(unsigned char* smem, int iters_t) {
  float acc = 0.f;
  float d[64];
  for (int i = 0; i < 64; ++i) d[i] = 0.f;
  std::uint32_t a[4] = {0, 0, 0, 0};
  std::uint64_t const da = desc_of(smem), db = desc_of(smem + 4096);
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  for (int it = 0; it < iters_t; ++it) {
    if constexpr (RS) { rs(d, a, db); rs(d, a, db); rs(d, a, db); rs(d, a, db); }
    else { ss(d, da, db); ss(d, da, db); ss(d, da, db); ss(d, da, db); }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  for (int i = 0; i < 64; ++i) acc += d[i];
  return acc;
}
// roles per warpgroup (2 bits): 0 idle, 1 SS wgmma, 2 MUFU, 3 RS wgmma
template <bool RS>
__global__ void __launch_bounds__(384, 1) bench(int roles, int iters_t, int iters_m, float* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  for (int i = threadIdx.x; i < 16384 / 4; i += blockDim.x) reinterpret_cast<std::uint32_t*>(smem)[i] = 0;
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  int const wg = __shfl_sync(0xffffffffu, int(threadIdx.x) / 128, 0);
  int const role = (roles >> (2 * wg)) & 3;
  float acc = 0.f;
  if (role == 1) {
    acc = wg_role<RS>(smem, iters_t);
  } else if (role == 2) {
    float x[8];
    for (int i = 0; i < 8; ++i) x[i] = -1.f - 0.001f * (threadIdx.x + i);
    for (int it = 0; it < iters_m; ++it) {
#pragma unroll
      for (int i = 0; i < 8; ++i) asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x[i]));
    }
    for (int i = 0; i < 8; ++i) acc += x[i];
  }
  if (acc == 12345.f) out[threadIdx.x] = acc;
}
int main() {
  float* out;
  cudaMalloc(&out, 4096);
  int const smem = 120 * 1024;
  cudaFuncSetAttribute(bench<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(bench<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int const it_t = 3000, it_m = 12000;  // 12000 m64n128k32 = 64 cycles each at 4096 MAC/clk: 768k cycles; 96000 ex2 x 8 = 768k
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0), cudaEventCreate(&e1);
  struct Case { char const* name; int roles, wgs, t, m; };
  std::vector<Case> cases = {
      {"SS alone", 1, 1, it_t, 0},
      {"RS alone", 1 | 0x100, 1, it_t, 0},
      {"MUFU alone", 2, 1, 0, it_m},
      {"2 MUFU WGs (half each)", 2 | 2 << 2, 2, 0, it_m / 2},
      {"SS + MUFU", 1 | 2 << 2, 2, it_t, it_m},
      {"RS + MUFU", 1 | 2 << 2 | 0x100, 2, it_t, it_m},
      {"SS + MUFU half", 1 | 2 << 2, 2, it_t, it_m / 2},
      {"RS + MUFU half", 1 | 2 << 2 | 0x100, 2, it_t, it_m / 2},
      {"SS + 2 MUFU WGs (half each)", 1 | 2 << 2 | 2 << 4, 3, it_t, it_m / 2},
      {"RS + 2 MUFU WGs (half each)", 1 | 2 << 2 | 2 << 4 | 0x100, 3, it_t, it_m / 2},
      {"2 RS WGs (half each)", 1 | 1 << 2 | 0x100, 2, it_t / 2, 0},
      {"2 RS WGs (half each) + MUFU", 1 | 1 << 2 | 2 << 4 | 0x100, 3, it_t / 2, it_m},
      {"2 SS WGs (half each) + MUFU", 1 | 1 << 2 | 2 << 4, 3, it_t / 2, it_m},
  };
  for (auto const& c : cases) {
    std::vector<float> ts;
    for (int r = 0; r < 7; ++r) {
      cudaEventRecord(e0);
      if (c.roles & 0x100) bench<true><<<sms, 128 * c.wgs, smem>>>(c.roles & 0xff, c.t, c.m, out); else bench<false><<<sms, 128 * c.wgs, smem>>>(c.roles, c.t, c.m, out);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms = 0;
      cudaEventElapsedTime(&ms, e0, e1);
      ts.push_back(ms);
    }
    cudaError_t err = cudaGetLastError();
    std::sort(ts.begin(), ts.end());
    std::printf("%-32s %8.3f ms (median of 7; min %.3f)%s%s\n", c.name, ts[3], ts[0], err ? " error: " : "", err ? cudaGetErrorString(err) : "");
  }
  return 0;
}
