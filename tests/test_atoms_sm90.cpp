// Hopper wgmma atoms (atom/mma_sm90.hpp, atom/gmma_desc.hpp) against CuTe.
//
// tests/data/cute_wgmma_atoms.txt and cute_wgmma_tiled.txt are what CUTLASS
// 4.7.0 (7107b05535f8977f5ecb9d01ee203205b1fd9bc4, g++, host code, outside this
// repository) prints for the same code as print_atoms() and print_tiled() below
// with cute:: instead of tessel::. CuTe's host build has no shared-memory
// addresses (its descriptors start at 0 on the host); tessel's host descriptors
// take the low 18 bits of the address. So the descriptors are compared with the
// start-address field made relative to the first descriptor of each list (and
// zeroed where a list has one), and the absolute start addresses are checked
// separately against the offsets worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

using namespace tessel;
using KM = GMMA::Major;

namespace {

#define P(label, ...) do { printf("@@ %s\n", label); print(__VA_ARGS__); printf("\n"); } while (0)

template <class T>
T* buf() {  // 1 MiB aligned to 2^18: its shared-memory address (host: low 18 bits) is 0
  static T* p = static_cast<T*>(std::aligned_alloc(1 << 18, 1 << 20));
  return p;
}

// ---- the atoms ----
#define ATOM(OP, ...) do { printf("@@ %s\n", #OP "<" #__VA_ARGS__ ">"); print(MMA_Atom<OP<__VA_ARGS__>>{}); } while (0)
#define ALLN(F) F(8) F(16) F(24) F(32) F(40) F(48) F(56) F(64) F(72) F(80) F(88) F(96) F(104) F(112) F(120) F(128) \
  F(136) F(144) F(152) F(160) F(168) F(176) F(184) F(192) F(200) F(208) F(216) F(224) F(232) F(240) F(248) F(256)
#define ONE(N) \
  ATOM(SM90_64x##N##x16_F32F16F16_SS, KM::K, KM::K); \
  ATOM(SM90_64x##N##x16_F32F16F16_RS, KM::K, KM::MN); \
  ATOM(SM90_64x##N##x16_F32BF16BF16_SS, KM::MN, KM::K); \
  ATOM(SM90_64x##N##x16_F32BF16BF16_RS, KM::K, KM::K); \
  ATOM(SM90_64x##N##x16_F16F16F16_SS, KM::K, KM::MN); \
  ATOM(SM90_64x##N##x16_F16F16F16_RS, KM::K, KM::K);
void print_atoms() { ALLN(ONE) }

// The 8-bit ops (m64nNk32, K-major only): for every N the SS and the RS op of
// one of the eight type combinations (in turn), and each combination's name at
// two scales (the layouts depend on N and SS/RS only; the types are checked
// below, FP8Types).
#define ATOM8(OP, ...) do { printf("@@ %s\n", #OP "<" #__VA_ARGS__ ">"); print(MMA_Atom<OP<__VA_ARGS__>>{}); } while (0)
#define ONE8(N, ACC, A, B) ATOM8(SM90_64x##N##x32_##ACC##A##B##_SS_TN, ); ATOM8(SM90_64x##N##x32_##ACC##A##B##_RS_TN, GMMA::ScaleIn::Neg);
#define FP8N(N)                                    \
  switch ((N / 8) % 8) {                           \
    case 0: ONE8(N, F32, E4M3, E4M3) break;        \
    case 1: ONE8(N, F32, E4M3, E5M2) break;        \
    case 2: ONE8(N, F32, E5M2, E4M3) break;        \
    case 3: ONE8(N, F32, E5M2, E5M2) break;        \
    case 4: ONE8(N, F16, E4M3, E4M3) break;        \
    case 5: ONE8(N, F16, E4M3, E5M2) break;        \
    case 6: ONE8(N, F16, E5M2, E4M3) break;        \
    default: ONE8(N, F16, E5M2, E5M2) break;       \
  }
void print_atoms_fp8() { ALLN(FP8N) }


// ---- tiled MMAs, partitions, descriptor fragments ----
template <class Frag>
void print_descs(char const* label, Frag const& f) {
  printf("@@ %s\n", label);
  for (int i = 0; i < int(size(f.layout())); ++i) printf("%d 0x%016llx\n", i, (unsigned long long)std::uint64_t(f(i)));
}

template <class MMA, class AL, class BL>
void tiled(char const* name, MMA const& mma, AL const& al, BL const& bl, bool ss_a) {
  using TA = typename MMA::ValTypeA;
  using TB = typename MMA::ValTypeB;
  char b[200];
  snprintf(b, 200, "%s print", name); P(b, mma);
  snprintf(b, 200, "%s tile_size", name); P(b, make_shape(tile_size<0>(mma), tile_size<1>(mma), tile_size<2>(mma)));
  snprintf(b, 200, "%s size", name); P(b, size(mma));
  snprintf(b, 200, "%s LayoutA_TV", name); P(b, mma.get_layoutA_TV());
  snprintf(b, 200, "%s LayoutB_TV", name); P(b, mma.get_layoutB_TV());
  snprintf(b, 200, "%s LayoutC_TV", name); P(b, mma.get_layoutC_TV());
  // K: 64, or an 8-bit 128-byte atom's 128
  constexpr int KA = decltype(size<1>(al.layout_b()))::value, KB = decltype(size<1>(bl.layout_b()))::value;
  constexpr int K = KA > 64 || KB > 64 ? (KA > KB ? KA : KB) : 64;
  constexpr int M = decltype(tile_size<0>(mma))::value * 2, N = decltype(tile_size<1>(mma))::value;
  static std::vector<float> cbuf(M * N);
  auto gC = make_tensor(make_gmem_ptr(cbuf.data()), make_layout(make_shape(Int<M>{}, Int<N>{})));
  auto sA = make_tensor(make_smem_ptr(buf<TA>()), tile_to_shape(al, make_shape(Int<M>{}, Int<K>{})));
  auto sB = make_tensor(make_smem_ptr(buf<TB>()), tile_to_shape(bl, make_shape(Int<N>{}, Int<K>{})));
  for (int t : {0, 37, 130, 255}) {
    if (t >= int(size(mma))) continue;
    auto thr = mma.get_slice(t);
    snprintf(b, 200, "%s thr %d partition_C", name, t); P(b, thr.partition_C(gC).layout());
    printf("@@ %s thr %d partition_C offset\n%d\n", name, t, int(thr.partition_C(gC).data().get() - gC.data().get()));
    snprintf(b, 200, "%s thr %d partition_fragment_C", name, t); P(b, thr.partition_fragment_C(gC).layout());
    snprintf(b, 200, "%s thr %d partition_A shape", name, t); P(b, thr.partition_A(sA).layout().shape());
    snprintf(b, 200, "%s thr %d partition_B shape", name, t); P(b, thr.partition_B(sB).layout().shape());
    auto fA = thr.partition_fragment_A(sA);
    auto fB = thr.partition_fragment_B(sB);
    snprintf(b, 200, "%s thr %d partition_fragment_A", name, t); P(b, fA.layout());
    snprintf(b, 200, "%s thr %d partition_fragment_B", name, t); P(b, fB.layout());
    if (ss_a) { snprintf(b, 200, "%s thr %d descA", name, t); print_descs(b, fA); }
    snprintf(b, 200, "%s thr %d descB", name, t); print_descs(b, fB);
  }
}

template <class T, KM Mj, class Atom>
void desc(char const* name, Atom const& atom) {
  constexpr int bits = sizeof_bits_v<T>;
  constexpr int K = 256 / bits;  // 32 bytes of K
  using KA = decltype(size<1>(atom.layout_b()));
  constexpr int KT = KA::value > 2 * K ? KA::value : 2 * K;
  auto s = make_tensor(make_smem_ptr(buf<T>()), tile_to_shape(atom, make_shape(Int<128>{}, Int<KT>{})));
  for (int mi = 0; mi < 2; ++mi)
    for (int ki = 0; ki < 2; ++ki) {
      auto tile = local_tile(s, make_shape(Int<64>{}, Int<K>{}), make_coord(mi, ki));
      printf("@@ desc %s m%d k%d\n0x%016llx\n", name, mi, ki, (unsigned long long)std::uint64_t(GMMA::make_gmma_desc<Mj>(tile)));
    }
}

void print_tiled() {
  tiled("SM90_64x128x16_F32BF16BF16_SS<K,K> 2x1x1", make_tiled_mma(SM90_64x128x16_F32BF16BF16_SS<KM::K, KM::K>{}, Layout<Shape<_2, _1, _1>>{}),
        GMMA::Layout_K_SW128_Atom<bfloat16_t>{}, GMMA::Layout_K_SW128_Atom<bfloat16_t>{}, true);
  tiled("SM90_64x64x16_F32F16F16_SS<MN,MN> 1x2x1", make_tiled_mma(SM90_64x64x16_F32F16F16_SS<KM::MN, KM::MN>{}, Layout<Shape<_1, _2, _1>>{}),
        GMMA::Layout_MN_SW64_Atom<half_t>{}, GMMA::Layout_MN_SW128_Atom<half_t>{}, true);
  tiled("SM90_64x32x16_F16F16F16_SS<K,MN> 2x2x1 perm",
        make_tiled_mma(SM90_64x32x16_F16F16F16_SS<KM::K, KM::MN>{}, Layout<Shape<_2, _2, _1>>{}, Tile<_128, _64, _16>{}),
        GMMA::Layout_K_SW32_Atom<half_t>{}, GMMA::Layout_MN_INTER_Atom<half_t>{}, true);
  tiled("SM90_64x8x16_F32F16F16_SS<K,K> 1x1x1", make_tiled_mma(SM90_64x8x16_F32F16F16_SS<KM::K, KM::K>{}),
        GMMA::Layout_K_INTER_Atom<half_t>{}, GMMA::Layout_K_SW64_Atom<half_t>{}, true);
  tiled("SM90_64x96x16_F32BF16BF16_RS<K,MN> 2x1x1", make_tiled_mma(SM90_64x96x16_F32BF16BF16_RS<KM::K, KM::MN>{}, Layout<Shape<_2, _1, _1>>{}),
        GMMA::Layout_K_SW128_Atom<bfloat16_t>{}, GMMA::Layout_MN_SW32_Atom<bfloat16_t>{}, false);
  tiled("SM90_64x256x16_F32F16F16_RS<K,K> 1x1x1", make_tiled_mma(SM90_64x256x16_F32F16F16_RS<KM::K, KM::K>{}),
        GMMA::Layout_K_SW128_Atom<half_t>{}, GMMA::Layout_K_SW128_Atom<half_t>{}, false);
  tiled("SM90_64x24x16_F16F16F16_RS<K,K> 1x1x1", make_tiled_mma(SM90_64x24x16_F16F16F16_RS<KM::K, KM::K>{}),
        GMMA::Layout_K_SW64_Atom<half_t>{}, GMMA::Layout_K_SW32_Atom<half_t>{}, false);
#define D(T, MJ, SW) desc<T, KM::MJ>(#T " " #MJ " " #SW, GMMA::Layout_##MJ##_##SW##_Atom<T>{});
#define DT(T) D(T, K, INTER) D(T, K, SW32) D(T, K, SW64) D(T, K, SW128) D(T, MN, INTER) D(T, MN, SW32) D(T, MN, SW64) D(T, MN, SW128)
  DT(half_t) DT(float) DT(std::uint8_t)
}

void print_tiled_fp8() {
  tiled("SM90_64x128x32_F32E4M3E4M3_SS_TN 2x1x1", make_tiled_mma(SM90_64x128x32_F32E4M3E4M3_SS_TN<>{}, Layout<Shape<_2, _1, _1>>{}),
        GMMA::Layout_K_SW128_Atom<float_e4m3_t>{}, GMMA::Layout_K_SW128_Atom<float_e4m3_t>{}, true);
  tiled("SM90_64x256x32_F32E4M3E5M2_SS_TN 1x1x1", make_tiled_mma(SM90_64x256x32_F32E4M3E5M2_SS_TN<>{}),
        GMMA::Layout_K_SW64_Atom<float_e4m3_t>{}, GMMA::Layout_K_SW128_Atom<float_e5m2_t>{}, true);
  tiled("SM90_64x64x32_F16E5M2E4M3_RS_TN 2x1x1", make_tiled_mma(SM90_64x64x32_F16E5M2E4M3_RS_TN<>{}, Layout<Shape<_2, _1, _1>>{}),
        GMMA::Layout_K_SW32_Atom<float_e5m2_t>{}, GMMA::Layout_K_INTER_Atom<float_e4m3_t>{}, false);
  tiled("SM90_64x96x32_F32E5M2E5M2_SS_TN 2x1x1 perm",
        make_tiled_mma(SM90_64x96x32_F32E5M2E5M2_SS_TN<>{}, Layout<Shape<_2, _1, _1>>{}, Tile<_128, _96, _32>{}),
        GMMA::Layout_K_SW128_Atom<float_e5m2_t>{}, GMMA::Layout_K_SW128_Atom<float_e5m2_t>{}, true);
  desc<float_e4m3_t, KM::K>("float_e4m3_t K SW128", GMMA::Layout_K_SW128_Atom<float_e4m3_t>{});
  desc<float_e5m2_t, KM::K>("float_e5m2_t K SW64", GMMA::Layout_K_SW64_Atom<float_e5m2_t>{});
  desc<float_e4m3_t, KM::K>("float_e4m3_t K SW32", GMMA::Layout_K_SW32_Atom<float_e4m3_t>{});
  desc<float_e4m3_t, KM::K>("float_e4m3_t K INTER", GMMA::Layout_K_INTER_Atom<float_e4m3_t>{});
  printf("@@ Layout_K_SW128_Atom<float_e4m3_t>\n"); print(GMMA::Layout_K_SW128_Atom<float_e4m3_t>{}); printf("\n");
  printf("@@ Layout_MN_SW64_Atom<float_e5m2_t>\n"); print(GMMA::Layout_MN_SW64_Atom<float_e5m2_t>{}); printf("\n");
  printf("@@ tile_to_shape K_SW128 e4m3 (128,128,4)\n");
  print(tile_to_shape(GMMA::Layout_K_SW128_Atom<float_e4m3_t>{}, make_shape(_128{}, _128{}, _4{}))); printf("\n");
}

std::string captured(void (*f)()) {
  testing::internal::CaptureStdout();
  f();
  std::fflush(stdout);
  return testing::internal::GetCapturedStdout();
}

// The data file's lines, without comments; with part, only those between the
// lines "## part" and the next "## " line.
std::string read_data(char const* name, char const* part = nullptr) {
  std::ifstream in(std::string(TESSEL_TEST_DATA_DIR) + "/" + name);
  std::string line, out;
  bool in_part = part == nullptr;
  while (std::getline(in, line)) {
    if (part && line.rfind("## ", 0) == 0) {
      in_part = line == std::string("## ") + part;
      continue;
    }
    if (in_part && (line.empty() || line[0] != '#')) out += line + "\n";
  }
  return out;
}

// The descriptors with their start-address field (bits 0..13) made relative to
// the first of each list (so that host addresses do not matter); std::uint8_t is
// spelled as CuTe's program spelled it.
std::string relative_starts(std::string const& text) {
  std::istringstream in(text);
  std::string line, out;
  long long first = -1;
  while (std::getline(in, line)) {
    if (line.rfind("@@", 0) == 0) {
      first = -1;
      auto p = line.find("std::uint8_t");
      if (p != std::string::npos) line.replace(p, 12, "uint8_t");
    }
    auto x = line.find("0x");
    if (x != std::string::npos && line.size() == x + 18) {
      unsigned long long d = std::stoull(line.substr(x + 2), nullptr, 16);
      long long s = (long long)(d & 0x3FFF);
      if (first < 0) first = s;
      d = (d & ~0x3FFFull) | (unsigned long long)((s - first) & 0x3FFF);
      char h[24];
      snprintf(h, sizeof h, "0x%016llx", d);
      line = line.substr(0, x) + h;
    }
    out += line + "\n";
  }
  return out;
}

// Line by line, so that a failure names the first differing line.
void expect_same_lines(std::string const& got, std::string const& want) {
  std::istringstream g(got), w(want);
  std::string gl, wl, section;
  int n = 0;
  while (true) {
    bool const hg = bool(std::getline(g, gl)), hw = bool(std::getline(w, wl));
    if (!hg && !hw) break;
    ++n;
    if (wl.rfind("@@", 0) == 0) section = wl;
    ASSERT_EQ(hg ? gl : "<end>", hw ? wl : "<end>") << "line " << n << " in " << section;
  }
  EXPECT_GT(n, 100);
}

}  // namespace

TEST(Wgmma, AtomsPrintAsCuTe) { expect_same_lines(captured(print_atoms), read_data("cute_wgmma_atoms.txt")); }

TEST(Wgmma, Fp8AtomsPrintAsCuTe) { expect_same_lines(captured(print_atoms_fp8), read_data("cute_wgmma_fp8.txt", "atoms")); }

TEST(Wgmma, Fp8TiledMmasPartitionsAndDescriptorsAsCuTe) {
  expect_same_lines(relative_starts(captured(print_tiled_fp8)), relative_starts(read_data("cute_wgmma_fp8.txt", "tiled")));
}

// The 8-bit ops' types (CuTe's: float_e4m3_t / float_e5m2_t inputs, float or
// half_t accumulators) and registers.
TEST(Wgmma, Fp8Types) {
  using T1 = MMA_Traits<SM90_64x8x32_F32E4M3E5M2_SS_TN<>>;
  static_assert(std::is_same_v<T1::ValTypeA, float_e4m3_t> && std::is_same_v<T1::ValTypeB, float_e5m2_t> &&
                std::is_same_v<T1::ValTypeD, float> && std::is_same_v<T1::ValTypeC, float>);
  using T2 = MMA_Traits<SM90_64x256x32_F16E5M2E4M3_RS_TN<>>;
  static_assert(std::is_same_v<T2::ValTypeA, float_e5m2_t> && std::is_same_v<T2::ValTypeB, float_e4m3_t> &&
                std::is_same_v<T2::ValTypeD, half_t> && std::is_same_v<T2::FrgTypeA, float_e5m2_t>);
  static_assert(std::is_same_v<SM90_64x256x32_F16E5M2E4M3_RS_TN<>::CRegisters, std::uint32_t[64]>);
  static_assert(std::is_same_v<SM90_64x256x32_F32E5M2E5M2_SS_TN<>::CRegisters, float[128]>);
  static_assert(std::is_same_v<SM90_64x8x32_F32E4M3E4M3_RS_TN<>::ARegisters, std::uint32_t[4]>);
  static_assert(!std::is_same_v<SM90_64x8x32_F32E4M3E4M3_SS_TN<GMMA::ScaleIn::Neg>, SM90_64x8x32_F32E4M3E4M3_SS_TN<>>);
  EXPECT_EQ(int(size(MMA_Atom<SM90_64x8x32_F32E4M3E4M3_RS_TN<>>::ALayout{})), 128 * 16);
}

// float_e4m3_t / float_e5m2_t (CUTLASS's where the drop-in has CUTLASS, else
// tessel's, atom/float8.hpp): every code decodes and encodes back to itself
// (NaNs aside), a value halfway between two neighbours goes to the even code,
// beyond the largest finite value saturates, and the decoded values are those
// of the formats' definitions.
template <class F, int E, int Mt, bool FN>
void check_float8() {
  constexpr int bias = (1 << (E - 1)) - 1;
  auto value = [](int c) -> double {  // the format's definition
    int const e = (c >> Mt) & ((1 << E) - 1), m = c & ((1 << Mt) - 1);
    double const s = (c & 0x80) ? -1.0 : 1.0;
    return e == 0 ? s * m * std::ldexp(1.0, 1 - bias - Mt) : s * ((1 << Mt) + m) * std::ldexp(1.0, e - bias - Mt);
  };
  auto is_special = [](int c) {
    int const e = (c >> Mt) & ((1 << E) - 1), m = c & ((1 << Mt) - 1);
    return FN ? (e == (1 << E) - 1 && m == (1 << Mt) - 1) : e == (1 << E) - 1;
  };
  int const max_code = FN ? 0x7e : 0x7b;
  for (int c = 0; c < 256; ++c) {
    F const f = F::bitcast(std::uint8_t(c));
    if (is_special(c)) {
      EXPECT_TRUE(std::isnan(float(f)) || std::isinf(float(f))) << c;
      continue;
    }
    EXPECT_EQ(double(float(f)), value(c)) << c;
    EXPECT_EQ(int(F(float(f)).raw()), (c == 0x80 ? 0x80 : c)) << c;
    int const cn = c + 1;  // the next code of the same sign: halfway rounds to even, a little more rounds up
    if ((c & 0x7f) < max_code) {
      double const mid = (value(c) + value(cn)) / 2;
      EXPECT_EQ(int(F(float(mid)).raw()), (c % 2 == 0 ? c : cn)) << c;
      EXPECT_EQ(int(F(float(mid + (value(cn) - value(c)) / 8)).raw()), cn) << c;
      EXPECT_EQ(int(F(float(mid - (value(cn) - value(c)) / 8)).raw()), c) << c;
    }
  }
  EXPECT_EQ(int(F(1e9f).raw()), max_code);
  EXPECT_EQ(int(F(-1e9f).raw()), 0x80 | max_code);
  EXPECT_EQ(int(F(std::numeric_limits<float>::infinity()).raw()), max_code);
  EXPECT_TRUE(std::isnan(float(F(std::numeric_limits<float>::quiet_NaN()))));
}
TEST(Wgmma, Float8Conversions) {
  check_float8<float_e4m3_t, 4, 3, true>();
  check_float8<float_e5m2_t, 5, 2, false>();
}

TEST(Wgmma, TiledMmasPartitionsAndDescriptorsAsCuTe) {
  expect_same_lines(relative_starts(captured(print_tiled)), relative_starts(read_data("cute_wgmma_tiled.txt")));
}

// The absolute start addresses: element (m, k) of a tile at byte offset o has start o / 16.
TEST(Wgmma, DescriptorStartAddresses) {
  using T = half_t;
  auto s = make_tensor(make_smem_ptr(buf<T>()), tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<128>{}, Int<64>{})));
  for (int mi = 0; mi < 2; ++mi)
    for (int ki = 0; ki < 4; ++ki) {
      auto d = GMMA::make_gmma_desc<KM::K>(local_tile(s, make_shape(Int<64>{}, Int<16>{}), make_coord(mi, ki)));
      // rows of 128 bytes: 64 rows per m tile, 32 bytes per k tile
      EXPECT_EQ(int(d.desc_ & 0x3FFF), (mi * 64 * 128 + ki * 32) / 16) << mi << " " << ki;
      EXPECT_EQ(int(d.bitfield.layout_type_), int(GMMA::LayoutType::B128));
      EXPECT_EQ(int(d.bitfield.stride_byte_offset_), 1024 / 16);
      EXPECT_EQ(int(d.bitfield.leading_byte_offset_), 1);
    }
  // The thread of warpgroup 1 of a 2x1x1 tiling starts 64 rows further.
  auto mma = make_tiled_mma(SM90_64x64x16_F32F16F16_SS<KM::K, KM::K>{}, Layout<Shape<_2, _1, _1>>{});
  auto fA = mma.get_slice(130).partition_fragment_A(s);
  EXPECT_EQ(int(std::uint64_t(fA(0)) & 0x3FFF), 64 * 128 / 16);
  EXPECT_EQ(int(std::uint64_t(fA(make_coord(0, 0, 1))) & 0x3FFF), (64 * 128 + 32) / 16);
}

TEST(Wgmma, PrintDescriptorAsCuTe) {
  auto f = [] { print(GmmaDescriptor{0x4000004000010000ull + 0x200}); };
  testing::internal::CaptureStdout();
  f();
  EXPECT_EQ(testing::internal::GetCapturedStdout(),
            "GmmaDescriptor: 0x4000004000010200\n  start_addr :  0x0200\n  leading_off:  0x0001 (1)\n"
            "  stride_off :  0x0040 (64)\n  base_offset:  0x0\n  layout_type:  0x1 (B128)\n");
}

// wgmma on the host: the named error.
TEST(Wgmma, HostCallIsNamedError) {
  auto mma = make_tiled_mma(SM90_64x8x16_F32F16F16_SS<KM::K, KM::K>{});
  auto s = make_tensor(make_smem_ptr(buf<half_t>()), tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>{}, make_shape(Int<64>{}, Int<16>{})));
  auto sb = make_tensor(make_smem_ptr(buf<half_t>()), tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>{}, make_shape(Int<8>{}, Int<16>{})));
  auto thr = mma.get_slice(0);
  auto c = partition_fragment_C(mma, make_shape(Int<64>{}, Int<8>{}));
  auto a = thr.partition_fragment_A(s);
  auto b = thr.partition_fragment_B(sb);
  EXPECT_THROW(gemm(mma, a, b, c), tessel::error);
  EXPECT_THROW(warpgroup_arrive(), tessel::error);
  EXPECT_THROW(warpgroup_wait<0>(), tessel::error);
}
