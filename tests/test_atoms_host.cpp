// The atom layer on the host (no GPU): the element types' conversions, the
// Ampere MMA layouts against the PTX ISA's fragment tables, TiledMMA + gemm
// and TiledCopy + copy_if run thread by thread on the host against plain
// references (with partial edge tiles), and the named errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

using namespace tessel;

namespace {

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

// ---- element types ---------------------------------------------------------------------------------

TEST(AtomNumeric, HalfRoundsToNearestEven) {
  EXPECT_EQ(half_t(1.0f).storage, 0x3c00);
  EXPECT_EQ(half_t(-2.0f).storage, 0xc000);
  EXPECT_EQ(half_t(65504.0f).storage, 0x7bff);
  EXPECT_EQ(half_t(65519.0f).storage, 0x7bff);
  EXPECT_EQ(half_t(65520.0f).storage, 0x7c00);  // halfway to 65536: even is the infinity
  EXPECT_EQ(half_t(std::ldexp(1.0f, -24)).storage, 0x0001);  // the smallest subnormal
  EXPECT_EQ(half_t(std::ldexp(1.0f, -25)).storage, 0x0000);  // halfway to it: even is zero
  EXPECT_EQ(half_t(std::ldexp(3.0f, -26)).storage, 0x0001);
  EXPECT_EQ(half_t(1.0f + std::ldexp(1.0f, -11)).storage, 0x3c00);      // tie, to even
  EXPECT_EQ(half_t(1.0f + std::ldexp(3.0f, -11)).storage, 0x3c02);      // tie, to even
  EXPECT_EQ(half_t(std::ldexp(1023.0f, -24) + std::ldexp(1.0f, -25)).storage, 0x0400);  // carry into the normals
  EXPECT_TRUE(std::isnan(float(half_t(std::nanf("")))));
}

TEST(AtomNumeric, EveryHalfAndBfloat16RoundTrips) {
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    half_t const h = half_t::bitcast(std::uint16_t(b));
    bfloat16_t const g = bfloat16_t::bitcast(std::uint16_t(b));
    float const fh = float(h), fg = float(g);
    if (!std::isnan(fh)) {
      EXPECT_EQ(half_t(fh).storage, b) << b;
    }
    if (!std::isnan(fg)) {
      EXPECT_EQ(bfloat16_t(fg).storage, b) << b;
    }
  }
}

TEST(AtomNumeric, Bfloat16AndTf32Round) {
  EXPECT_EQ(bfloat16_t(1.0f).storage, 0x3f80);
  EXPECT_EQ(bfloat16_t(1.0f + std::ldexp(1.0f, -8)).storage, 0x3f80);  // tie, to even
  EXPECT_EQ(bfloat16_t(1.0f + std::ldexp(3.0f, -8)).storage, 0x3f82);
  EXPECT_EQ(tfloat32_t(1.0f + std::ldexp(1.0f, -11)).storage, bits(1.0f));  // tie, to even
  EXPECT_EQ(tfloat32_t(1.0f + std::ldexp(3.0f, -11)).storage, bits(1.0f + std::ldexp(1.0f, -9)));
  EXPECT_EQ(float(tfloat32_t(3.0f)), 3.0f);
}

// ---- the Ampere layouts against the PTX ISA's fragment tables ------------------------------------------
// The tables, written out independently of atom/mma_traits.hpp: for lane l,
// groupID g = l / 4 and threadID_in_group q = l % 4 ("Matrix Fragments for
// mma.m16n8k8 / m16n8k16" in the PTX ISA).
namespace {
struct RC {
  int row, col;
};
// m16n8k16 f16/bf16 A (16x16): a0..a7.
RC a_16x16(int l, int i) { return {l / 4 + 8 * ((i / 2) % 2), (l % 4) * 2 + (i % 2) + 8 * (i / 4)}; }
// m16n8k16 f16/bf16 B (16x8, k x n): b0..b3.
RC b_16x8(int l, int i) { return {(l % 4) * 2 + (i % 2) + 8 * (i / 2), l / 4}; }
// m16n8k8 f16/bf16 A (16x8): a0..a3; C/D of every m16n8 shape: c0..c3 (the same table).
RC a_16x8(int l, int i) { return {l / 4 + 8 * (i / 2), (l % 4) * 2 + (i % 2)}; }
// m16n8k8 f16/bf16 B (8x8): b0, b1.
RC b_8x8(int l, int i) { return {(l % 4) * 2 + i, l / 4}; }
// m16n8k8 tf32 A (16x8): a0..a3.
RC a_tf32(int l, int i) { return {l / 4 + 8 * (i % 2), (l % 4) + 4 * (i / 2)}; }
// m16n8k8 tf32 B (8x8): b0, b1.
RC b_tf32(int l, int i) { return {(l % 4) + 4 * i, l / 4}; }

// L(l, i) must be row + rows * col (A: m + 16 k; B: n + N k with the table's (k, n); C: m + 16 n).
template <class L, class F>
void expect_table(L const& l, F table, int rows, bool b_operand, char const* what) {
  int const V = int(size<1>(l));
  ASSERT_EQ(int(size<0>(l)), 32) << what;
  for (int t = 0; t < 32; ++t) {
    for (int v = 0; v < V; ++v) {
      RC const rc = table(t, v);
      int const want = b_operand ? rc.col + rows * rc.row : rc.row + rows * rc.col;
      EXPECT_EQ(int(l(t, v)), want) << what << " lane " << t << " value " << v;
    }
  }
}
}  // namespace

TEST(AtomLayouts, Sm80MatchPtxFragmentTables) {
  using A16 = MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>;
  expect_table(typename A16::LayoutA_TV{}, a_16x16, 16, false, "16x8x16 A");
  expect_table(typename A16::LayoutB_TV{}, b_16x8, 8, true, "16x8x16 B");
  expect_table(typename A16::LayoutC_TV{}, a_16x8, 16, false, "16x8x16 C");
  using A8 = MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>;
  expect_table(typename A8::LayoutA_TV{}, a_16x8, 16, false, "16x8x8 A");
  expect_table(typename A8::LayoutB_TV{}, b_8x8, 8, true, "16x8x8 B");
  using T8 = MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>;
  expect_table(typename T8::LayoutA_TV{}, a_tf32, 16, false, "tf32 A");
  expect_table(typename T8::LayoutB_TV{}, b_tf32, 8, true, "tf32 B");
  using B16 = MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>;
  static_assert(std::is_same_v<typename B16::LayoutA_TV, typename A16::LayoutA_TV>);
  static_assert(std::is_same_v<typename B16::ValTypeA, bfloat16_t> && std::is_same_v<typename B16::ValTypeD, float>);
  static_assert(std::is_same_v<typename A8::ValTypeC, half_t>);
}

// ---- TiledMMA + gemm, every thread simulated on the host -----------------------------------------------
namespace {
// C (M x N, column-major) = A (M x K, K-major) * B (N x K, K-major)^T, tiled
// by the TiledMMA's tile; in each tile every thread partitions, copies its
// values to fragments (zero outside the matrix: identity tensor), runs gemm
// and writes back where inside.
template <class Mma>
void host_gemm(Mma mma, int M, int N, int K, std::mt19937& rng) {
  std::uniform_int_distribution<int> d(-9, 9);
  std::vector<float> A(std::size_t(M) * K), B(std::size_t(N) * K), C(std::size_t(M) * N, -12345.0f);
  for (auto& x : A) x = float(d(rng) | 1);
  for (auto& x : B) x = float(d(rng) | 1);
  auto mA = make_tensor(A.data(), make_layout(make_shape(M, K), make_stride(K, Int<1>{})));
  auto mB = make_tensor(B.data(), make_layout(make_shape(N, K), make_stride(K, Int<1>{})));
  auto mC = make_tensor(C.data(), make_layout(make_shape(M, N)));
  auto cA = make_identity_tensor(make_shape(M, K));
  auto cB = make_identity_tensor(make_shape(N, K));
  auto cC = make_identity_tensor(make_shape(M, N));
  auto tA = make_shape(tile_size<0>(mma), tile_size<2>(mma));
  auto tB = make_shape(tile_size<1>(mma), tile_size<2>(mma));
  auto tC = make_shape(tile_size<0>(mma), tile_size<1>(mma));
  int const TM = int(tile_size<0>(mma)), TN = int(tile_size<1>(mma)), TK = int(tile_size<2>(mma));
  for (int bm = 0; bm * TM < M; ++bm) {
    for (int bn = 0; bn * TN < N; ++bn) {
      for (int t = 0; t < int(size(mma)); ++t) {
        auto thr = mma.get_slice(t);
        auto gC = local_tile(mC, tC, make_coord(bm, bn));
        auto acc = thr.partition_fragment_C(gC);
        clear(acc);
        for (int kt = 0; kt * TK < K; ++kt) {
          auto pA = thr.partition_A(local_tile(mA, tA, make_coord(bm, kt)));
          auto qA = thr.partition_A(local_tile(cA, tA, make_coord(bm, kt)));
          auto pB = thr.partition_B(local_tile(mB, tB, make_coord(bn, kt)));
          auto qB = thr.partition_B(local_tile(cB, tB, make_coord(bn, kt)));
          auto fA = thr.partition_fragment_A(local_tile(mA, tA, make_coord(bm, kt)));
          auto fB = thr.partition_fragment_B(local_tile(mB, tB, make_coord(bn, kt)));
          for (int i = 0; i < int(size(fA.layout())); ++i) fA(i) = elem_less(qA(i), make_coord(M, K)) ? pA(i) : 0.0f;
          for (int i = 0; i < int(size(fB.layout())); ++i) fB(i) = elem_less(qB(i), make_coord(N, K)) ? pB(i) : 0.0f;
          gemm(mma, acc, fA, fB, acc);
        }
        auto pC = thr.partition_C(gC);
        auto qC = thr.partition_C(local_tile(cC, tC, make_coord(bm, bn)));
        for (int i = 0; i < int(size(acc.layout())); ++i) {
          if (elem_less(qC(i), make_coord(M, N))) pC(i) = acc(i);
        }
      }
    }
  }
  for (int m = 0; m < M; ++m) {
    for (int n = 0; n < N; ++n) {
      float r = 0;
      for (int k = 0; k < K; ++k) r += A[std::size_t(m) * K + k] * B[std::size_t(n) * K + k];
      ASSERT_EQ(C[std::size_t(n) * M + m], r) << m << "," << n;
    }
  }
}
}  // namespace

TEST(AtomHost, TiledUniversalFmaGemm) {
  std::mt19937 rng(7);
  using F = UniversalFMA<float, float, float, float>;
  host_gemm(make_tiled_mma(F{}, Layout<Shape<_4, _8, _1>>{}), 37, 29, 11, rng);
  host_gemm(make_tiled_mma(F{}, Layout<Shape<_4, _4, _1>, Stride<_4, _1, _0>>{}, Tile<_8, _16, _2>{}), 20, 35, 7, rng);
  host_gemm(make_tiled_mma(F{}, Layout<Shape<_2, _4, _1>>{}, Tile<Layout<Shape<_2, _2>, Stride<_2, _1>>, _8, _4>{}), 13, 19, 9, rng);
}

// ---- TiledCopy + copy_if, every thread simulated ---------------------------------------------------------
namespace {
template <class TC>
void host_copy(TC tc, int M, int N, bool row_major, std::mt19937& rng) {
  std::uniform_int_distribution<int> d(1, 1 << 20);
  std::vector<float> in(std::size_t(M) * N), out(in.size(), -1.0f);
  for (auto& x : in) x = float(d(rng));
  auto layout = row_major ? make_layout(make_shape(M, N), make_stride(N, 1)) : make_layout(make_shape(M, N), make_stride(1, M));
  auto mS = make_tensor(in.data(), layout);
  auto mD = make_tensor(out.data(), layout);
  auto id = make_identity_tensor(make_shape(M, N));
  using Tiler = typename TC::Tiler_MN;
  int const TM = int(get<0>(Tiler{})), TN = int(get<1>(Tiler{}));
  for (int bm = 0; bm * TM < M; ++bm) {
    for (int bn = 0; bn * TN < N; ++bn) {
      for (int t = 0; t < int(typename TC::TiledNumThr{}); ++t) {
        auto thr = tc.get_slice(t);
        auto tS = thr.partition_S(local_tile(mS, Tiler{}, make_coord(bm, bn)));
        auto tD = thr.partition_D(local_tile(mD, Tiler{}, make_coord(bm, bn)));
        auto tI = thr.partition_S(local_tile(id, Tiler{}, make_coord(bm, bn)));
        auto tP = make_tensor<bool>(tI.layout().shape());
        for (int i = 0; i < int(size(tP.layout())); ++i) tP(i) = elem_less(tI(i), make_coord(M, N));
        auto frag = make_fragment_like(tS);
        copy_if(tc, tP, tS, frag);
        copy_if(tc, tP, frag, tD);
      }
    }
  }
  EXPECT_EQ(in, out);
}
}  // namespace

TEST(AtomHost, TiledUniversalCopyWithEdges) {
  std::mt19937 rng(11);
  using UC = Copy_Atom<UniversalCopy<float>, float>;
  host_copy(make_tiled_copy(UC{}, Layout<Shape<_8, _4>>{}), 37, 21, false, rng);
  host_copy(make_tiled_copy(UC{}, Layout<Shape<_4, _8>, Stride<_8, _1>>{}, Layout<Shape<_2, _2>>{}), 21, 37, true, rng);
  host_copy(make_tiled_copy(UC{}, Layout<Shape<_4, _8>>{}, Layout<Shape<_4, _1>>{}), 50, 17, false, rng);
}

// copy_if with pred one rank less than src: (RestM, RestN) against (CopyV, RestM, RestN), one predicate per
// atom (this once recursed forever at compile time for a rank-2 pred).
TEST(AtomHost, CopyIfPredicateOfTheRestModes) {
  using UC = Copy_Atom<UniversalCopy<float>, float>;
  auto tc = make_tiled_copy(UC{}, Layout<Shape<_8, _4>>{});
  int const M = 21, N = 11;  // tiles of 16 x 8: edges in both modes
  std::vector<float> in(std::size_t(M) * N), out(in.size(), -1.0f);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = float(i + 1);
  auto mS = make_tensor(in.data(), make_layout(make_shape(M, N)));
  auto mD = make_tensor(out.data(), make_layout(make_shape(M, N)));
  auto id = make_identity_tensor(make_shape(M, N));
  using T16x8 = Shape<_16, _8>;
  for (int bm = 0; bm * 16 < M; ++bm)
    for (int bn = 0; bn * 8 < N; ++bn)
      for (int t = 0; t < 32; ++t) {
        auto thr = tc.get_slice(t);
        auto tS = thr.partition_S(local_tile(mS, T16x8{}, make_coord(bm, bn)));
        auto tD = thr.partition_D(local_tile(mD, T16x8{}, make_coord(bm, bn)));
        auto tI = thr.partition_S(local_tile(id, T16x8{}, make_coord(bm, bn)));
        static_assert(decltype(rank(tS.layout()))::value == 3);
        auto tP = make_tensor<bool>(make_shape(size<1>(tI.layout()), size<2>(tI.layout())));
        for (int m = 0; m < int(size<0>(tP.layout())); ++m)
          for (int n = 0; n < int(size<1>(tP.layout())); ++n) tP(m, n) = elem_less(tI(0, m, n), make_coord(M, N));
        copy_if(tc, tP, tS, tD);
      }
  EXPECT_EQ(in, out);
}

// ---- named errors -------------------------------------------------------------------------------------

TEST(AtomErrors, InstructionsWithoutTheirTarget) {
  auto a = make_tensor<half_t>(Shape<_8>{});
  auto b = make_tensor<half_t>(Shape<_4>{});
  auto c = make_tensor<float>(Shape<_4>{});
  for (int i = 0; i < 8; ++i) a(i) = half_t(1.0f);
  for (int i = 0; i < 4; ++i) b(i) = half_t(1.0f), c(i) = 0.0f;
  MMA_Atom<SM80_16x8x16_F32F16F16F32_TN> mma;
  try {
    mma.call(c, a, b, c);
    FAIL() << "no error";
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("SM80_16x8x16_F32F16F16F32_TN: mma.sync needs device code for sm_80"), std::string::npos)
        << e.what();
  }
}

TEST(AtomErrors, VectorCopyOfMisalignedData) {
  alignas(16) half_t buf[32];
  for (int i = 0; i < 32; ++i) buf[i] = half_t(float(i));
  auto dst = make_tensor<half_t>(Shape<_8>{});
  Copy_Atom<UniversalCopy<uint128_t>, half_t> atom;
  copy(atom, make_tensor(buf + 8, Layout<_8>{}), dst);  // aligned: fine
  EXPECT_EQ(float(dst(3)), 11.0f);
  EXPECT_THROW(copy(atom, make_tensor(buf + 1, Layout<_8>{}), dst), tessel::error);  // 2 bytes off 16
}

// ---- the rest of the TiledMMA/TiledCopy interface ---------------------------------------------------

TEST(AtomApi, PartitionShapesAndSizes) {
  auto mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2>>{}, Tile<_32, _32, _16>{});
  static float c[64 * 64];
  static half_t a[64 * 32];
  auto C = make_tensor(&c[0], Layout<Shape<_64, _64>>{});
  auto A = make_tensor(&a[0], Layout<Shape<_64, _32>, Stride<_32, _1>>{});
  auto thr = mma.get_thread_slice(5);
  EXPECT_TRUE((std::is_same_v<decltype(partition_shape_C(mma, Shape<_64, _64>{})), decltype(thr.partition_C(C).layout().shape())>));
  EXPECT_TRUE((std::is_same_v<decltype(partition_shape_A(mma, Shape<_64, _32>{})), decltype(thr.partition_A(A).layout().shape())>));
  auto frag = partition_fragment_C(mma, Shape<_64, _64>{});
  EXPECT_TRUE((std::is_same_v<typename decltype(frag)::value_type, float>));
  EXPECT_EQ(int(size(frag.layout())), int(size(thr.partition_C(C).layout())));
  EXPECT_EQ(int(size(mma)), 128);
  EXPECT_EQ(int(thr_size<1>(mma)), 2);
  EXPECT_EQ(int(get<2>(tile_shape(mma))), 16);
  // A ThrMMA and a ThrCopy print their coordinate and their tiling.
  testing::internal::CaptureStdout();
  print(thr);
  print(make_tiled_copy_C(Copy_Atom<UniversalCopy<float>, float>{}, mma).get_slice(7));
  std::fflush(stdout);
  auto const out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(out.rfind("ThrMMA\n  Thr VMNK: (5,0,0,_0)\nTiledMMA\n", 0), 0u) << out;
  EXPECT_NE(out.find("ThrCopy\n  ThrIdx: 7\nTiledCopy\n"), std::string::npos) << out;
}

TEST(AtomApi, GemmWithoutAnAtomUsesUniversalFma) {
  auto a = make_tensor<float>(Shape<_2, _3>{});
  auto b = make_tensor<float>(Shape<_4, _3>{});
  auto c = make_tensor<float>(Shape<_2, _4>{});
  for (int i = 0; i < 6; ++i) a(i) = float(i + 1);
  for (int i = 0; i < 12; ++i) b(i) = float(i % 5 - 2);
  for (int i = 0; i < 8; ++i) c(i) = float(i);
  auto d = make_tensor<float>(Shape<_2, _4>{});
  gemm(d, a, b, c);  // (M,K) x (N,K) => (M,N)
  for (int m = 0; m < 2; ++m) {
    for (int n = 0; n < 4; ++n) {
      float r = c(m, n);
      for (int k = 0; k < 3; ++k) r += a(m, k) * b(n, k);
      EXPECT_EQ(d(m, n), r) << m << "," << n;
    }
  }
  // (M) x (N) => (M,N): the outer product added to C.
  auto x = make_tensor<float>(Shape<_2>{});
  auto y = make_tensor<float>(Shape<_4>{});
  x(0) = 2, x(1) = -3;
  for (int n = 0; n < 4; ++n) y(n) = float(n + 1);
  auto e = make_tensor<float>(Shape<_2, _4>{});
  gemm(e, x, y, c);
  for (int m = 0; m < 2; ++m) {
    for (int n = 0; n < 4; ++n) EXPECT_EQ(e(m, n), c(m, n) + x(m) * y(n)) << m << "," << n;
  }
}
