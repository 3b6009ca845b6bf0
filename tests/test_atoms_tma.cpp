// The TMA tensor-map parameters (atom/tma.hpp) against CuTe's make_tma_copy.
//
// tests/data/cute_tma_params.txt is what CUTLASS 4.7.0 (7107b055, g++, host
// code, outside this repository) passes to cuTensorMapEncodeTiled for
// make_tma_copy(op, gmem tensor, smem layout[, cta tile, multicast]) of the
// same cases as print_cases() below (a stub cuTensorMapEncodeTiled printed its
// arguments). tessel's TMA::make_tma_params must compute the same, and name
// the error where CuTe only asserts (its last case: a box extent of 512).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>
#include <tessel/atom/tma.hpp>

using namespace tessel;

namespace {

template <class T>
T* gbuf() {
  static T* p = static_cast<T*>(std::aligned_alloc(256, 1 << 26));
  return p;
}

template <class T, class G, class S, class... A>
void tcase(char const* label, G const& gl, S const& sl, A const&... a) {
  printf("@@ %s\n", label);
  try {
    TMA::print(TMA::make_tma_params(gbuf<T>(), gl, sl, a...));
  } catch (tessel::error const& e) {
    printf("error: %s\n", e.what());
  }
}

void print_cases() {
  using H = half_t;
  int M = 1000, N = 776, K = 520, L = 3;
  tcase<H>("load half (M,K):(K,1) dyn, smem K_SW128 128x64", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{}));
  tcase<H>("load half (M,K):(1,M) dyn, smem MN_SW128 128x64", make_layout(make_shape(M, K), make_stride(Int<1>{}, M)),
           tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, Shape<_128, _64>{}));
  tcase<H>("load half (M,K):(K,1) dyn, smem K_SW64 64x32", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, Shape<_64, _32>{}));
  tcase<H>("load half (M,K):(K,1) dyn, smem K_SW32 64x16", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW32_Atom<H>{}, Shape<_64, _16>{}));
  tcase<H>("load half (M,K):(K,1) dyn, smem K_INTER 64x8", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_INTER_Atom<H>{}, Shape<_64, _8>{}));
  tcase<float>("load float (M,N):(N,1) dyn, smem row-major 32x64", make_layout(make_shape(M, N), make_stride(N, Int<1>{})),
               make_layout(Shape<_32, _64>{}, LayoutRight{}));
  tcase<std::uint8_t>("load uint8 (1008,N):(1,1008) dyn, smem col-major 128x32", make_layout(make_shape(1008, N), make_stride(Int<1>{}, 1008)),
                      make_layout(Shape<_128, _32>{}));
  tcase<H>("store half (M,N):(N,1) dyn, smem row-major 64x32", make_layout(make_shape(M, N), make_stride(N, Int<1>{})),
           make_layout(Shape<_64, _32>{}, LayoutRight{}));
  tcase<H>("load half (M,K,L):(K,1,M*K) dyn, smem K_SW128 128x64", make_layout(make_shape(M, K, L), make_stride(K, Int<1>{}, M * K)),
           tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{}));
  tcase<H>("load half static (_8,_32):(_32,_1) smem row-major 8x32", Layout<Shape<_8, _32>, Stride<_32, _1>>{},
           make_layout(Shape<_8, _32>{}, LayoutRight{}));
  tcase<float>("load float static (_64,_64):(_1,_64) smem col-major 64x64", Layout<Shape<_64, _64>, Stride<_1, _64>>{},
               make_layout(Shape<_64, _64>{}));
  tcase<H>("load multicast 2 half (M,K):(K,1), smem K_SW128 128x64, cta_tile (128,64)", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{}), Shape<_128, _64>{}, 2);
  tcase<H>("load multicast 4 half (N,K):(K,1), smem K_SW64 64x32", make_layout(make_shape(N, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, Shape<_64, _32>{}), Shape<_64, _32>{}, 4);
  tcase<H>("load half (8,M,K,L) tile (8,16,64)",
           make_layout(make_shape(Int<8>{}, M, K, L), make_stride(Int<1>{}, 8 * K, Int<8>{}, 8 * M * K)), make_layout(Shape<_8, _16, _64>{}));
  tcase<float>("load float (M,N):(N,1) dyn, smem row-major 16x512 (box > 256)", make_layout(make_shape(M, N), make_stride(N, Int<1>{})),
               make_layout(Shape<_16, _512>{}, LayoutRight{}));
}

std::string captured(void (*f)()) {
  testing::internal::CaptureStdout();
  f();
  std::fflush(stdout);
  return testing::internal::GetCapturedStdout();
}

std::string read_data(char const* name) {
  std::ifstream in(std::string(TESSEL_TEST_DATA_DIR) + "/" + name);
  std::string line, out;
  while (std::getline(in, line))
    if (line.empty() || line[0] != '#') out += line + "\n";
  return out;
}

}  // namespace

TEST(Tma, ParamsAsCuTe) {
  // CuTe stops at its last case with a failed assert; tessel names the error there.
  std::string const want = read_data("cute_tma_params.txt") +
                           "@@ load float (M,N):(N,1) dyn, smem row-major 16x512 (box > 256)\n"
                           "error: tessel: TMA: a box extent is above 256\n";
  EXPECT_EQ(captured(print_cases), want);
}

TEST(Tma, NamedErrors) {
  using H = half_t;
  int M = 1000, K = 520;
  auto sw = tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{});
  // the shared memory is K-major, the global tensor M-major: the box's first dimension is not contiguous
  EXPECT_THROW(TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(M, K), make_stride(Int<1>{}, M)), sw), tessel::error);
  // a row of 1001 halves: the global byte stride is not a multiple of 16
  EXPECT_THROW(TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(M, 1001), make_stride(1001, Int<1>{})), sw), tessel::error);
  // a global address 2 bytes off 16
  EXPECT_THROW(TMA::make_tma_params(gbuf<H>() + 1, make_layout(make_shape(M, K), make_stride(K, Int<1>{})), sw), tessel::error);
  // a multicast of 3 does not divide the box of 128 rows
  EXPECT_THROW(TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(M, K), make_stride(K, Int<1>{})), sw, Shape<_128, _64>{}, 3),
               tessel::error);
  try {
    TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(M, K), make_stride(Int<1>{}, M)), sw);
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("majors of shared and global memory differ"), std::string::npos) << e.what();
  }
}

// The rest of the tile (atom/tma_copy.hpp issues one box per run): an MN_SW128
// 128x64 tile is 16 boxes of 64x8: 2 along M (64 rows, smem index step 512) times
// 8 along K (8 columns, smem index step 1024).
TEST(Tma, BoxesOfATile) {
  using H = half_t;
  auto p = TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(1000, 520), make_stride(Int<1>{}, 1000)),
                                tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, Shape<_128, _64>{}));
  ASSERT_EQ(p.rest, 2);
  EXPECT_EQ(p.rest_extent[0], 2);
  EXPECT_EQ(p.rest_mode[0], 0);
  EXPECT_EQ(p.rest_step[0], 64);
  EXPECT_EQ(p.rest_smem[0], 512);
  EXPECT_EQ(p.rest_extent[1], 8);
  EXPECT_EQ(p.rest_mode[1], 1);
  EXPECT_EQ(p.rest_step[1], 8);
  EXPECT_EQ(p.rest_smem[1], 1024);
  EXPECT_EQ(p.tile_elems, 128 * 64);
  // box dimension 0 is global mode 0 (M), 1 is mode 1 (K), each with scale 1
  EXPECT_EQ(p.parts[0], 1);
  EXPECT_EQ(p.part_mode[0][0], 0);
  EXPECT_EQ(p.part_mode[1][0], 1);
  // a K-major tile is one box
  auto q = TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(1000, 520), make_stride(520, Int<1>{})),
                                tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{}));
  EXPECT_EQ(q.rest, 0);
  EXPECT_EQ(q.tile_elems, 128 * 64);
  // merged static modes: coordinate of (row, col) in the 256-wide dimension is col + 32 row
  auto r = TMA::make_tma_params(gbuf<H>(), Layout<Shape<_8, _32>, Stride<_32, _1>>{}, make_layout(Shape<_8, _32>{}, LayoutRight{}));
  ASSERT_EQ(r.parts[0], 2);
  EXPECT_EQ(r.part_mode[0][0], 1);
  EXPECT_EQ(r.part_scale[0][0], 1);
  EXPECT_EQ(r.part_mode[0][1], 0);
  EXPECT_EQ(r.part_scale[0][1], 32);
}
