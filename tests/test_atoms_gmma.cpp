// Hopper's shared-memory layout atoms for wgmma (atom/gmma.hpp).
//
// kCuTeGmma is what CUTLASS 4.7.0 (7107b05535f8977f5ecb9d01ee203205b1fd9bc4,
// g++, host code, outside this repository) prints for
// GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> with T = half_t, float,
// uint8_t; tessel must print the same. CuTe 4.7's tile_to_shape no longer
// coalesces the modes of the tiled layout (CuTe 3.x did, and so does
// tessel's tile_to_shape), so the tiled atoms are compared as functions with
// CuTe's printed results. The swizzled tensors are checked against the byte
// swizzles written out by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <set>
#include <string>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>
#include <tessel/atom/gmma.hpp>

using namespace tessel;

namespace {

template <class T>
void print_atoms(char const* t) {
  auto one = [&](char const* name, auto const& atom) {
    printf("@@ %s %s\n", t, name);
    print(atom);
    printf("\n");
  };
  one("K_INTER", GMMA::Layout_K_INTER_Atom<T>{});
  one("K_SW32", GMMA::Layout_K_SW32_Atom<T>{});
  one("K_SW64", GMMA::Layout_K_SW64_Atom<T>{});
  one("K_SW128", GMMA::Layout_K_SW128_Atom<T>{});
  one("MN_INTER", GMMA::Layout_MN_INTER_Atom<T>{});
  one("MN_SW32", GMMA::Layout_MN_SW32_Atom<T>{});
  one("MN_SW64", GMMA::Layout_MN_SW64_Atom<T>{});
  one("MN_SW128", GMMA::Layout_MN_SW128_Atom<T>{});
}
void print_all() {
  print_atoms<half_t>("half_t");
  print_atoms<float>("float");
  print_atoms<std::uint8_t>("uint8_t");
}

char const* const kCuTeGmma = R"CUTE(@@ half_t K_INTER
Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_8,_1)
@@ half_t K_SW32
Sw<1,4,3> o smem_ptr[16b](unset) o (_8,_16):(_16,_1)
@@ half_t K_SW64
Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)
@@ half_t K_SW128
Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)
@@ half_t MN_INTER
Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_1,_8)
@@ half_t MN_SW32
Sw<1,4,3> o smem_ptr[16b](unset) o (_16,_8):(_1,_16)
@@ half_t MN_SW64
Sw<2,4,3> o smem_ptr[16b](unset) o (_32,_8):(_1,_32)
@@ half_t MN_SW128
Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)
@@ float K_INTER
Sw<0,4,3> o smem_ptr[32b](unset) o (_8,_4):(_4,_1)
@@ float K_SW32
Sw<1,4,3> o smem_ptr[32b](unset) o (_8,_8):(_8,_1)
@@ float K_SW64
Sw<2,4,3> o smem_ptr[32b](unset) o (_8,_16):(_16,_1)
@@ float K_SW128
Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)
@@ float MN_INTER
Sw<0,4,3> o smem_ptr[32b](unset) o (_4,_8):(_1,_4)
@@ float MN_SW32
Sw<1,4,3> o smem_ptr[32b](unset) o (_8,_8):(_1,_8)
@@ float MN_SW64
Sw<2,4,3> o smem_ptr[32b](unset) o (_16,_8):(_1,_16)
@@ float MN_SW128
Sw<3,4,3> o smem_ptr[32b](unset) o (_32,_8):(_1,_32)
@@ uint8_t K_INTER
Sw<0,4,3> o smem_ptr[8b](unset) o (_8,_16):(_16,_1)
@@ uint8_t K_SW32
Sw<1,4,3> o smem_ptr[8b](unset) o (_8,_32):(_32,_1)
@@ uint8_t K_SW64
Sw<2,4,3> o smem_ptr[8b](unset) o (_8,_64):(_64,_1)
@@ uint8_t K_SW128
Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)
@@ uint8_t MN_INTER
Sw<0,4,3> o smem_ptr[8b](unset) o (_16,_8):(_1,_16)
@@ uint8_t MN_SW32
Sw<1,4,3> o smem_ptr[8b](unset) o (_32,_8):(_1,_32)
@@ uint8_t MN_SW64
Sw<2,4,3> o smem_ptr[8b](unset) o (_64,_8):(_1,_64)
@@ uint8_t MN_SW128
Sw<3,4,3> o smem_ptr[8b](unset) o (_128,_8):(_1,_128)
)CUTE";

std::string captured(void (*f)()) {
  testing::internal::CaptureStdout();
  f();
  std::fflush(stdout);
  return testing::internal::GetCapturedStdout();
}

// The same function on the same domain.
template <class A, class B>
void expect_same_function(A const& a, B const& b) {
  ASSERT_EQ(int(size(a)), int(size(b)));
  for (int i = 0; i < int(size(a)); ++i) EXPECT_EQ(int(a(i)), int(b(i))) << i;
}

// The byte offset of an element whose canonical (unswizzled) byte offset is
// o: the 16-byte chunk index XOR-ed with the row within groups of 8 rows of
// 128 bytes, on the low Bbits bits (SW32: 1, SW64: 2, SW128: 3).
long long swizzle_bytes(long long o, int bbits) {
  long long const mask = (1LL << bbits) - 1;
  return o ^ (((o >> 7) & mask) << 4);
}

template <class T, class Atom>
void expect_swizzled(Atom const& atom, int bbits) {
  alignas(1024) static unsigned char buf[1 << 16];
  auto t = make_tensor(make_smem_ptr(reinterpret_cast<T*>(buf)), tile_to_shape(atom, make_shape(Int<64>{}, Int<64>{})));
  std::set<long long> seen;
  for (int c = 0; c < 64; ++c) {
    for (int r = 0; r < 64; ++r) {
      long long const canonical = static_cast<long long>(t.layout().layout_b()(r, c)) * long(sizeof(T));
      long long const got = reinterpret_cast<unsigned char const*>(&t(r, c)) - buf;
      EXPECT_EQ(got, swizzle_bytes(canonical, bbits)) << r << "," << c;
      seen.insert(got);
    }
  }
  EXPECT_EQ(seen.size(), std::size_t(64 * 64));
}

}  // namespace

TEST(Gmma, AtomsPrintAsCuTe) { EXPECT_EQ(captured(print_all), kCuTeGmma); }

TEST(Gmma, TiledAtomsAreCuTesFunctions) {
  // CuTe 4.7: tile_to_shape(Layout_K_SW128_Atom<half_t>, (128,128)) and (MN_SW64, (64,32)).
  expect_same_function(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128, _128>{}).layout_b(),
                       Layout<Shape<Shape<_8, _16>, Shape<_64, _2>>, Stride<Stride<_64, _512>, Stride<_1, _8192>>>{});
  expect_same_function(tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>{}, Shape<_64, _32>{}).layout_b(),
                       Layout<Shape<Shape<_32, _2>, Shape<_8, _4>>, Stride<Stride<_1, _256>, Stride<_32, _512>>>{});
  expect_same_function(tile_to_shape(GMMA::Layout_K_SW128_Atom<float>{}, Shape<_128, _128>{}).layout_b(),
                       Layout<Shape<Shape<_8, _16>, Shape<_32, _4>>, Stride<Stride<_32, _256>, Stride<_1, _4096>>>{});
  expect_same_function(tile_to_shape(GMMA::Layout_MN_SW64_Atom<std::uint8_t>{}, Shape<_64, _32>{}).layout_b(),
                       Layout<Shape<Shape<_64, _1>, Shape<_8, _4>>, Stride<Stride<_1, _0>, Stride<_64, _512>>>{});
  static_assert(std::is_same_v<GMMA::Layout_SW128_Atom<GMMA::Major::K, half_t>, GMMA::Layout_K_SW128_Atom<half_t>>);
  static_assert(std::is_same_v<GMMA::Layout_SW32_Atom<GMMA::Major::MN, float>, GMMA::Layout_MN_SW32_Atom<float>>);
}

TEST(Gmma, SwizzledSharedMemoryTensors) {
  expect_swizzled<half_t>(GMMA::Layout_K_SW128_Atom<half_t>{}, 3);
  expect_swizzled<half_t>(GMMA::Layout_K_SW64_Atom<half_t>{}, 2);
  expect_swizzled<half_t>(GMMA::Layout_MN_SW32_Atom<half_t>{}, 1);
  expect_swizzled<float>(GMMA::Layout_MN_SW128_Atom<float>{}, 3);
  expect_swizzled<half_t>(GMMA::Layout_K_INTER_Atom<half_t>{}, 0);
}

TEST(Gmma, SwizzleNeedsAlignedSharedMemory) {
  alignas(1024) static half_t buf[64 * 64 + 64];
  auto atom = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64, _64>{});
  EXPECT_NO_THROW(make_tensor(make_smem_ptr(&buf[0]), atom));
  EXPECT_THROW(make_tensor(make_smem_ptr(&buf[8]), atom), tessel::error);  // 16 bytes off the 1024-byte period
}
