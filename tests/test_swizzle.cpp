// Swizzles (issue 6): the bit swizzle Swizzle<B,M,S> and composed layouts
// (CuTe's swizzle functor and ComposedLayout), and CUTLASS 2.x's GEMM
// threadblock swizzles of seed 002, also expressed as tessel layouts.
//
// Seed 002 (a blog post on cutlass/gemm/threadblock/threadblock_swizzle.h)
// lost its two pictures in the scrape; what they showed follows from the code
// it quotes:
//   N = 1, C split into 4x4 tiles: get_log_tile = 0, the launch is <<<(4,4,1)>>>
//          and block (x, y) computes tile (x, y);
//   N = 2: get_log_tile = 1 (N >= 2, n >= 2), the launch is
//          <<<(4*2, ceil(4/2), 1)>>> = (8,2,1), and block (x, y) computes tile
//          (x >> 1, (y << 1) + (x & 1)).
// The tables below are written out by hand from those formulas.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <tessel/tessel.hpp>

namespace tessel {
// For gtest's failure messages.
inline void PrintTo(GemmCoord const& c, std::ostream* os) { *os << "(" << c.m() << "," << c.n() << "," << c.k() << ")"; }
inline void PrintTo(Dim3 const& d, std::ostream* os) { *os << "(" << d.x << "," << d.y << "," << d.z << ")"; }
}  // namespace tessel

using namespace tessel;

namespace {

// =====================================================================================
// Swizzle<B,M,S>
// =====================================================================================

// The swizzle by its definition, bit by bit (not tessel's mask arithmetic):
// for S > 0 the bits [M+S, M+S+B) are XORed into [M, M+B); for S < 0 the bits
// [M, M+B) into [M-S, M-S+B) (CuTe's convention for a negative shift).
constexpr long long swizzle_by_bits(int B, int M, int S, long long x) {
  int const src = S > 0 ? M + S : M;
  int const dst = S > 0 ? M : M - S;
  long long r = x;
  for (int i = 0; i < B; ++i) r ^= ((x >> (src + i)) & 1) << (dst + i);
  return r;
}

// What one swizzle instance computes, for the run-time checks (kept out of
// the 195 template instances: they compile once).
struct SwizzleUnderTest {
  int B, M, S;
  long long (*apply)(long long);          // sw(x) on long long
  int (*apply_int)(int);                  // sw(x) on int
  std::uint32_t (*apply_u32)(std::uint32_t);
  unsigned yyy_msk, zzz_msk;
  std::string printed, streamed;          // to_string(sw), os << sw
};

void check_swizzle_values(SwizzleUnderTest const& sw) {
  int const B = sw.B, M = sw.M, S = sw.S;
  std::string const name = "Sw<" + std::to_string(B) + "," + std::to_string(M) + "," + std::to_string(S) + ">";
  SCOPED_TRACE(name);
  int const bits = M + (S < 0 ? -S : S) + B;

  // The definition, on the domain and beyond it.
  for (long long x = 0; x < (1ll << (bits + 2)); ++x) {
    if (sw.apply(x) != swizzle_by_bits(B, M, S, x) || sw.apply_int(int(x)) != swizzle_by_bits(B, M, S, x)) {
      ADD_FAILURE() << "sw(" << x << ") = " << sw.apply(x) << ", by the bits " << swizzle_by_bits(B, M, S, x);
      return;
    }
  }
  // Bijective on [0, 2^k) for the domain and every larger power of two
  // (checked to 2^(bits+3)), and its own inverse.
  for (int k = bits; k <= bits + 3; ++k) {
    int const n = 1 << k;
    std::vector<char> hit(static_cast<std::size_t>(n), 0);
    int dup = 0, outside = 0, not_involution = 0;
    for (int x = 0; x < n; ++x) {
      int const y = sw.apply_int(x);
      if (y < 0 || y >= n) { ++outside; continue; }
      if (hit[std::size_t(y)]++) ++dup;
      if (sw.apply_int(y) != x) ++not_involution;
    }
    EXPECT_EQ(outside, 0) << "k = " << k;
    EXPECT_EQ(dup, 0) << "k = " << k;
    EXPECT_EQ(not_involution, 0) << "k = " << k;
  }
  // With S > 0 the XOR only ever changes bits below the bits it reads, so every
  // [0, 2^k) is permuted, also those smaller than the domain. With S < 0 it
  // writes above the bits it reads, and small ranges leak: x = 2^M has bit M
  // set, sw(x) also has bit M-S set.
  if (S > 0) {
    for (int k = 0; k < bits; ++k) {
      std::vector<char> hit(std::size_t(1) << k, 0);
      for (int x = 0; x < (1 << k); ++x) {
        int const y = sw.apply_int(x);
        ASSERT_TRUE(y >= 0 && y < (1 << k) && !hit[std::size_t(y)]) << "k = " << k << ", x = " << x;
        hit[std::size_t(y)] = 1;
      }
    }
  } else if (S < 0 && B > 0) {
    EXPECT_GE(sw.apply_int(1 << M), 1 << (M - S));
  }
  // The identity when B == 0; otherwise it moves something.
  if (B == 0) {
    for (int x = 0; x < (1 << (bits + 1)); ++x) EXPECT_EQ(sw.apply_int(x), x);
  } else {
    EXPECT_NE(sw.apply_int(int(sw.yyy_msk)), int(sw.yyy_msk));
  }
  // The masks: yyy the bits read, zzz the bits written.
  EXPECT_EQ(sw.yyy_msk, ((1u << B) - 1u) << (S > 0 ? M + S : M));
  EXPECT_EQ(sw.zzz_msk, ((1u << B) - 1u) << (S > 0 ? M : M - S));
  // Prints as Sw<B,M,S>.
  EXPECT_EQ(sw.printed, name);
  EXPECT_EQ(sw.streamed, name);
  // Wider and unsigned integers.
  long long const top = (1ll << bits) - 1;
  EXPECT_EQ(sw.apply_u32(std::uint32_t(top)), std::uint32_t(swizzle_by_bits(B, M, S, top)));
  EXPECT_EQ(sw.apply(top + (1ll << 40)), swizzle_by_bits(B, M, S, top) + (1ll << 40));
}

template <int B, int M, int S>
void check_swizzle() {
  using Sw = Swizzle<B, M, S>;
  constexpr Sw sw{};
  constexpr int bits = M + (S < 0 ? -S : S) + B;
  static_assert(Sw::domain_bits == bits);
  static_assert(Sw::num_bits == B && Sw::num_base == M && Sw::num_shft == S);
  // inverse, left_inverse and right_inverse are the swizzle itself.
  static_assert(std::is_same_v<decltype(inverse(sw)), Sw>);
  static_assert(std::is_same_v<decltype(left_inverse(sw)), Sw>);
  static_assert(std::is_same_v<decltype(right_inverse(sw)), Sw>);
  // Static offsets give static results, equal to the definition's.
  constexpr int k0 = int(Sw::yyy_msk), k1 = int(Sw::swizzle_code), k2 = (1 << bits) - 1, k3 = 37;
  static_assert(StaticInt<decltype(sw(Int<k0>{}))> && StaticInt<decltype(sw(Int<k1>{}))>);
  static_assert(StaticInt<decltype(sw(Int<k2>{}))> && StaticInt<decltype(sw(Int<k3>{}))>);
  static_assert(decltype(sw(Int<k0>{}))::value == swizzle_by_bits(B, M, S, k0));
  static_assert(decltype(sw(Int<k1>{}))::value == swizzle_by_bits(B, M, S, k1));
  static_assert(decltype(sw(Int<k2>{}))::value == swizzle_by_bits(B, M, S, k2));
  static_assert(decltype(sw(Int<k3>{}))::value == swizzle_by_bits(B, M, S, k3));
  static_assert(decltype(sw(sw(Int<k2>{})))::value == k2);
  // And it is constexpr on dynamic values too.
  static_assert(sw(k2) == swizzle_by_bits(B, M, S, k2));
  // Integer types are kept.
  static_assert(std::is_same_v<decltype(sw(std::uint32_t(5))), std::uint32_t>);
  static_assert(std::is_same_v<decltype(sw(std::int64_t(5))), std::int64_t>);
  // make_swizzle<Y, Z>: the swizzle reading the bits of Y and writing those of Z.
  if constexpr (B > 0) {
    static_assert(std::is_same_v<decltype(make_swizzle<Sw::yyy_msk, Sw::zzz_msk>()), Sw>);
  }
  std::ostringstream os;
  os << sw;
  check_swizzle_values({B, M, S, [](long long x) { return Sw{}(x); }, [](int x) { return Sw{}(x); },
                        [](std::uint32_t x) { return Sw{}(x); }, Sw::yyy_msk, Sw::zzz_msk, to_string(sw), os.str()});
}

template <int B, int M, int... S>
void check_shifts(std::integer_sequence<int, S...>) {
  (check_swizzle<B, M, S>(), ...);
}
// S in B..5, and S in -5..-max(B,1).
template <int B, int... M>
void check_bases(std::integer_sequence<int, M...>) {
  (check_shifts<B, M>([]<int... I>(std::integer_sequence<int, I...>) {
     return std::integer_sequence<int, (B + I)...>{};
   }(std::make_integer_sequence<int, 6 - B>{})), ...);
  (check_shifts<B, M>([]<int... I>(std::integer_sequence<int, I...>) {
     return std::integer_sequence<int, (-(B > 0 ? B : 1) - I)...>{};
   }(std::make_integer_sequence<int, 6 - (B > 0 ? B : 1)>{})), ...);
}

TEST(Swizzle, EveryBMSWithPositiveAndNegativeShift) {
  check_bases<0>(std::make_integer_sequence<int, 5>{});
  check_bases<1>(std::make_integer_sequence<int, 5>{});
  check_bases<2>(std::make_integer_sequence<int, 5>{});
  check_bases<3>(std::make_integer_sequence<int, 5>{});
  check_bases<4>(std::make_integer_sequence<int, 5>{});
}

TEST(Swizzle, KnownValues) {
  // Swizzle<3,4,3>: bits 7..9 into 4..6.
  constexpr Swizzle<3, 4, 3> sw{};
  EXPECT_EQ(sw(0), 0);
  EXPECT_EQ(sw(15), 15);               // below bit 4: untouched
  EXPECT_EQ(sw(128), 128 + 16);        // bit 7 -> bit 4
  EXPECT_EQ(sw(1023), 1023 ^ 0x70);    // 0b1110000000 -> 0b0001110000
  EXPECT_EQ(sw(1024 + 128), 1024 + 128 + 16);  // bit 10 and up ride along
  static_assert(Swizzle<3, 4, 3>::swizzle_code == 0b1111110000u);
  // The default shift is B.
  static_assert(std::is_same_v<Swizzle<2, 3>, Swizzle<2, 3, 2>>);
  // Negative shift: Swizzle<2,1,-3> reads bits 1..2, writes bits 4..5.
  constexpr Swizzle<2, 1, -3> neg{};
  EXPECT_EQ(neg(0b000110), 0b110110);
  EXPECT_EQ(neg(0b110000), 0b110000);
  // CuTe's documented example of make_swizzle.
  static_assert(std::is_same_v<decltype(make_swizzle<0b111000000u, 0b000111000u>()), Swizzle<3, 3, 3>>);
  static_assert(std::is_same_v<decltype(make_swizzle<0b000000110u, 0b000110000u>()), Swizzle<2, 1, -3>>);
  // Round trip: make_swizzle of a swizzle's masks gives it back.
  using Sw = Swizzle<2, 3, 4>;
  static_assert(std::is_same_v<decltype(make_swizzle<Sw::yyy_msk, Sw::zzz_msk>()), Sw>);
  static_assert(is_swizzle_v<Sw> && !is_swizzle_v<Layout<_4, _1>>);
  // print through printf.
  testing::internal::CaptureStdout();
  print(sw);
  std::fflush(stdout);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "Sw<3,4,3>");
}

// =====================================================================================
// Bank groups: why the swizzle exists
// =====================================================================================
//
// Shared memory has 32 banks of 4 bytes; a 16-byte vector covers 4 of them, so
// eight 16-byte vectors are conflict-free exactly when they lie in 8
// different 16-byte bank groups, group = (byte address / 16) % 8. Take an 8x8
// tile of 16-byte vectors stored row-major: the vectors of a row are
// consecutive (8 groups), but those of a column are 128 bytes apart, all in
// the same group: reading a column is an 8-way conflict. XOR-ing the row into
// the vector's column index (Swizzle<3,0,3> on vector indices, Swizzle<3,3,3>
// on 16-bit element offsets, Swizzle<3,2,3> on 32-bit ones) spreads both.

struct GroupCount {
  int worst_row = 0, worst_col = 0;  // the most vectors of one row (column) sharing a group
  bool vectors_contiguous = true;    // the elements of each vector fill one 16-byte chunk, in order
};

// Element offsets of an 8 x (8*E) tile of E-element (16-byte) vectors.
template <class L>
GroupCount bank_groups(L const& element_offset, int elem_bytes) {
  int const E = 16 / elem_bytes;
  GroupCount g;
  std::vector<std::vector<int>> group(8, std::vector<int>(8));
  for (int r = 0; r < 8; ++r) {
    for (int v = 0; v < 8; ++v) {
      long long const first = static_cast<long long>(element_offset(r, v * E)) * elem_bytes;
      if (first % 16 != 0) g.vectors_contiguous = false;
      for (int e = 1; e < E; ++e) {
        if (static_cast<long long>(element_offset(r, v * E + e)) * elem_bytes != first + e * elem_bytes) g.vectors_contiguous = false;
      }
      group[r][v] = int(first / 16 % 8);
    }
  }
  for (int i = 0; i < 8; ++i) {
    int row[8] = {}, col[8] = {};
    for (int j = 0; j < 8; ++j) {
      g.worst_row = std::max(g.worst_row, ++row[group[i][j]]);
      g.worst_col = std::max(g.worst_col, ++col[group[j][i]]);
    }
  }
  return g;
}

TEST(BankGroups, VectorIndicesWithSwizzle303) {
  // (8,8) row-major layout of 16-byte vector indices: vector (r, c) at index 8r + c.
  auto const plain = make_layout(make_shape(_8{}, _8{}), LayoutRight{});
  auto const swz = composition(Swizzle<3, 0, 3>{}, plain);
  for (int r = 0; r < 8; ++r) {
    std::set<int> row_groups, col_groups, plain_col;
    for (int c = 0; c < 8; ++c) {
      row_groups.insert(int(swz(r, c)) * 16 / 16 % 8);
      col_groups.insert(int(swz(c, r)) * 16 / 16 % 8);
      plain_col.insert(int(plain(c, r)) * 16 / 16 % 8);
      EXPECT_EQ(int(swz(r, c)), 8 * r + (c ^ r));  // the row XORed into the column
    }
    EXPECT_EQ(row_groups.size(), 8u) << "row " << r;
    EXPECT_EQ(col_groups.size(), 8u) << "column " << r;
    EXPECT_EQ(plain_col.size(), 1u) << "without the swizzle, column " << r << " is in one group";
  }
}

TEST(BankGroups, HalfsWithSwizzle333) {
  // 8 x 64 halfs (16-bit), row-major element offsets; 8 halfs per vector.
  auto const plain = make_layout(make_shape(_8{}, _64{}), LayoutRight{});
  auto const swz = composition(Swizzle<3, 3, 3>{}, plain);
  GroupCount const s = bank_groups(swz, 2), p = bank_groups(plain, 2);
  EXPECT_TRUE(s.vectors_contiguous);
  EXPECT_EQ(s.worst_row, 1);
  EXPECT_EQ(s.worst_col, 1);
  EXPECT_TRUE(p.vectors_contiguous);
  EXPECT_EQ(p.worst_row, 1);
  EXPECT_EQ(p.worst_col, 8);  // the 8-way conflict the swizzle removes
}

TEST(BankGroups, FloatsWithSwizzle323) {
  // 8 x 32 floats, row-major; 4 floats per vector.
  auto const plain = make_layout(make_shape(_8{}, _32{}), LayoutRight{});
  auto const swz = composition(Swizzle<3, 2, 3>{}, plain);
  GroupCount const s = bank_groups(swz, 4), p = bank_groups(plain, 4);
  EXPECT_TRUE(s.vectors_contiguous);
  EXPECT_EQ(s.worst_row, 1);
  EXPECT_EQ(s.worst_col, 1);
  EXPECT_EQ(p.worst_col, 8);
}

TEST(BankGroups, TheSwizzleMustMatchTheRowLength) {
  // Swizzle<3,4,3> over 8x64 halfs keeps 16-byte vectors whole (M = 4 > 3) but
  // reads bits 7..9, i.e. rows 2..7 in pairs: columns are still 2-way conflicted.
  auto const swz = composition(Swizzle<3, 4, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{}));
  GroupCount const s = bank_groups(swz, 2);
  EXPECT_TRUE(s.vectors_contiguous);
  EXPECT_EQ(s.worst_row, 1);
  EXPECT_EQ(s.worst_col, 2);
  // What Swizzle<3,4,3> is made for with halfs: rows of 128 halfs (256 bytes)
  // read in 32-byte vectors (16 halfs). The 8 vectors of a column then fill
  // 256 bytes, so every one of the 32 four-byte banks must serve 2 of them:
  // with the swizzle each bank serves exactly 2 (the minimum); without it a
  // column sits in the same 8 banks, 8 times each.
  auto const rows = make_layout(make_shape(_8{}, _128{}), LayoutRight{});
  auto const wide = composition(Swizzle<3, 4, 3>{}, rows);
  auto bank_load = [](auto const& l, int v) {
    int per_bank[32] = {};
    for (int r = 0; r < 8; ++r) {
      int const first = int(l(r, v * 16));
      for (int e = 0; e < 16; ++e) {
        EXPECT_EQ(int(l(r, v * 16 + e)), first + e);  // the vector stays whole
        ++per_bank[(2 * (first + e)) / 4 % 32];
      }
    }
    // Each bank word holds 2 halfs: count words, not halfs.
    int worst = 0, best = 1 << 30;
    for (int b = 0; b < 32; ++b) {
      worst = std::max(worst, per_bank[b] / 2);
      best = std::min(best, per_bank[b] / 2);
    }
    return std::pair<int, int>(best, worst);
  };
  for (int v = 0; v < 8; ++v) {
    EXPECT_EQ(bank_load(wide, v), std::make_pair(2, 2)) << "column of 32-byte vectors " << v;
    EXPECT_EQ(bank_load(rows, v).second, 8) << "without the swizzle, column " << v;
  }
}

// =====================================================================================
// ComposedLayout
// =====================================================================================

TEST(ComposedLayout, PrintsAsCuTe) {
  auto const c = composition(Swizzle<3, 4, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{}));
  EXPECT_EQ(to_string(c), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
  std::ostringstream os;
  os << c;
  EXPECT_EQ(os.str(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
  testing::internal::CaptureStdout();
  print(c);
  std::fflush(stdout);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
  static_assert(is_composed_layout_v<decltype(c)> && decltype(c)::rank == 2);
  EXPECT_EQ(to_string(c.layout_a()), "Sw<3,4,3>");
  EXPECT_EQ(to_string(c.layout_b()), "(_8,_64):(_64,_1)");
  EXPECT_EQ(to_string(shape(c)), "(_8,_64)");
  EXPECT_EQ(int(size(c)), 512);
  EXPECT_EQ(cosize(c), 512);
  // A dynamic offset prints without the underscore.
  EXPECT_EQ(to_string(make_composed_layout(Swizzle<1, 2, 3>{}, 5, make_layout(4))), "Sw<1,2,3> o 5 o 4:_1");
}

// The table print_layout prints (CuTe's format), from a grid of numbers
// computed without tessel.
std::string table_text(std::string const& name, std::vector<std::vector<int>> const& v) {
  int maxv = 0;
  for (auto const& row : v) for (int x : row) maxv = std::max(maxv, x);
  int const w = int(std::to_string(maxv + 1).size()) + 2;  // digits of cosize, + 2
  auto padded = [](int x, int width) { std::string s = std::to_string(x); return std::string(std::size_t(std::max(0, width - int(s.size()))), ' ') + s; };
  std::string rule = "    ";
  for (std::size_t n = 0; n < v[0].size(); ++n) rule += "+" + std::string(std::size_t(w), '-');
  rule += "+\n";
  std::string s = name + "\n    ";
  for (std::size_t n = 0; n < v[0].size(); ++n) s += "  " + padded(int(n), w - 2) + " ";
  s += "\n";
  for (std::size_t m = 0; m < v.size(); ++m) {
    s += rule + padded(int(m), 2) + "  ";
    for (int x : v[m]) s += "| " + padded(x, w - 2) + " ";
    s += "|\n";
  }
  return s + rule;
}

TEST(ComposedLayout, PrintLayout) {
  // Swizzle<2,0,2> on a row-major 4x4: row r's columns permuted by c ^ r.
  auto const c = composition(Swizzle<2, 0, 2>{}, make_layout(make_shape(_4{}, _4{}), LayoutRight{}));
  std::string const expected =
      "Sw<2,0,2> o _0 o (_4,_4):(_4,_1)\n"
      "       0    1    2    3 \n"
      "    +----+----+----+----+\n"
      " 0  |  0 |  1 |  2 |  3 |\n"
      "    +----+----+----+----+\n"
      " 1  |  5 |  4 |  7 |  6 |\n"
      "    +----+----+----+----+\n"
      " 2  | 10 | 11 |  8 |  9 |\n"
      "    +----+----+----+----+\n"
      " 3  | 15 | 14 | 13 | 12 |\n"
      "    +----+----+----+----+\n";
  EXPECT_EQ(layout_table(c), expected);
  EXPECT_EQ(table_text("Sw<2,0,2> o _0 o (_4,_4):(_4,_1)", {{0, 1, 2, 3}, {5, 4, 7, 6}, {10, 11, 8, 9}, {15, 14, 13, 12}}), expected);
  testing::internal::CaptureStdout();
  print_layout(c);
  std::fflush(stdout);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), expected);

  // Swizzle<3,0,3> on an 8x8 of vector indices: 8r + (c ^ r).
  auto const v = composition(Swizzle<3, 0, 3>{}, make_layout(make_shape(_8{}, _8{}), LayoutRight{}));
  std::vector<std::vector<int>> grid(8, std::vector<int>(8));
  for (int r = 0; r < 8; ++r) for (int col = 0; col < 8; ++col) grid[r][col] = 8 * r + (col ^ r);
  EXPECT_EQ(layout_table(v), table_text("Sw<3,0,3> o _0 o (_8,_8):(_8,_1)", grid));

  // A column-major 8x4 with Swizzle<1,2,1>: bit 3 into bit 2, i.e. columns 1
  // and 3 have their two halves exchanged.
  auto const h = composition(Swizzle<1, 2, 1>{}, make_layout(make_shape(_8{}, _4{})));
  std::vector<std::vector<int>> hg(8, std::vector<int>(4));
  for (int r = 0; r < 8; ++r) for (int col = 0; col < 4; ++col) hg[r][col] = 8 * col + ((col & 1) ? (r ^ 4) : r);
  EXPECT_EQ(layout_table(h), table_text("Sw<1,2,1> o _0 o (_8,_4):(_1,_8)", hg));
}

TEST(ComposedLayout, Slicing) {
  auto const c = composition(Swizzle<3, 4, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{}));
  for (int r = 0; r < 8; ++r) {
    auto const row = c(r, _);
    static_assert(decltype(row)::rank == 1);
    EXPECT_EQ(int(size(row)), 64);
    for (int j = 0; j < 64; ++j) EXPECT_EQ(row(j), c(r, j)) << r << "," << j;
  }
  for (int j = 0; j < 64; ++j) {
    auto const col = c(_, j);
    EXPECT_EQ(int(size(col)), 8);
    for (int r = 0; r < 8; ++r) EXPECT_EQ(col(r), c(r, j)) << r << "," << j;
  }
  // The slice keeps the offset inside the swizzle (A is not linear).
  EXPECT_EQ(to_string(c(1, _)), "Sw<3,4,3> o 64 o (_64):(_1)");
  EXPECT_EQ(to_string(c(_, 2)), "Sw<3,4,3> o 2 o (_8):(_64)");
  // A static coordinate gives a static offset, and a static composed layout.
  auto const srow = c(_3{}, _);
  EXPECT_EQ(to_string(srow), "Sw<3,4,3> o _192 o (_64):(_1)");
  static_assert(is_static_v<decltype(srow)>);
  for (int j = 0; j < 64; ++j) EXPECT_EQ(int(srow(j)), int(c(3, j)));
  // Slicing the slice; and the 1-D coordinate; and the offset is not linear:
  // c(3,_)(j) != c(3,0) + c(0,j) somewhere (rows 0 and 1 have no bit of 7..9 set).
  auto const sub = c(_, _)(_5{}, _);
  bool nonlinear = false;
  for (int j = 0; j < 64; ++j) {
    EXPECT_EQ(int(sub(j)), int(c(5, j)));
    EXPECT_EQ(int(c(5 + 8 * j)), int(c(5, j)));
    nonlinear = nonlinear || int(c(3, _)(j)) != int(c(3, 0)) + int(c(0, j));
    EXPECT_EQ(int(c(1, _)(j)), int(c(1, 0)) + int(c(0, j)));
  }
  EXPECT_TRUE(nonlinear);
  // Hierarchical shape: ((2,2),4):((4,8),1) with Swizzle<2,0,2>.
  auto const hc = composition(Swizzle<2, 0, 2>{}, make_layout(make_shape(make_shape(_2{}, _2{}), _4{}),
                                                             make_stride(make_stride(_4{}, _8{}), _1{})));
  auto const part = hc(make_coord(make_coord(1, _), _));
  EXPECT_EQ(to_string(part), "Sw<2,0,2> o 4 o (_2,_4):(_8,_1)");
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 4; ++b) EXPECT_EQ(int(part(a, b)), int(hc(make_coord(make_coord(1, a), b))));
  // get<I> and layout<I>.
  EXPECT_EQ(to_string(get<1>(c)), "Sw<3,4,3> o _0 o _64:_1");
  EXPECT_EQ(to_string(layout<0>(c)), "Sw<3,4,3> o _0 o _8:_64");
}

TEST(ComposedLayout, DivideAndComposeAreTheFunctionComposition) {
  // For a composed layout c = Sw o 0 o L, a tiling op acts on the domain:
  // op(c, T)(i) = c(op(identity on shape(c), T)(i)), the identity layout's
  // values being c's own 1-D coordinates.
  auto const c = composition(Swizzle<3, 4, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{}));
  auto const id = make_layout(shape(c));
  auto const tiler = make_shape(_4{}, _8{});
  auto check = [&](auto const& got, auto const& domain, char const* what, bool same_shape = true) {
    ASSERT_EQ(int(size(got)), 512) << what;
    if (same_shape) {
      EXPECT_EQ(to_string(shape(got)), to_string(shape(domain))) << what;
    }
    for (int i = 0; i < 512; ++i) ASSERT_EQ(int(got(i)), int(c(int(domain(i))))) << what << " at " << i;
  };
  check(logical_divide(c, tiler), logical_divide(id, tiler), "logical_divide");
  check(zipped_divide(c, tiler), zipped_divide(id, tiler), "zipped_divide");
  check(tiled_divide(c, tiler), tiled_divide(id, tiler), "tiled_divide");
  check(flat_divide(c, tiler), flat_divide(id, tiler), "flat_divide");
  auto const perm = make_layout(make_shape(_8{}, _64{}), LayoutRight{});  // a layout tiler: a transposed view
  // (the shapes differ: composition splits B's modes at A's mode boundaries,
  // and L and the identity have different strides)
  check(composition(c, perm), composition(id, perm), "composition with a layout", false);
  EXPECT_EQ(to_string(zipped_divide(c, tiler)), "Sw<3,4,3> o _0 o ((_4,_8),(_2,_8)):((_64,_1),(_256,_8))");
  // Hierarchical coordinates of the divided layout: ((tile), (rest)).
  auto const zd = zipped_divide(c, tiler);
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 8; ++b)
      for (int p = 0; p < 2; ++p)
        for (int q = 0; q < 8; ++q)
          ASSERT_EQ(int(zd(make_coord(make_coord(a, b), make_coord(p, q)))), int(c(4 * p + a, 8 * q + b)));
  // A product extends the domain; the composed product is Sw o (L x T).
  auto const lp = logical_product(c, make_layout(_2{}));
  auto const lpb = logical_product(c.layout_b(), make_layout(_2{}));
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(int(lp(i)), int(Swizzle<3, 4, 3>{}(int(lpb(i)))));
}

TEST(ComposedLayout, MaxCommonLayout) {
  // The swizzle keeps runs of 2^M elements, so a common vector is cut to 2^M.
  auto const rm = make_layout(make_shape(_8{}, _64{}), LayoutRight{});
  auto const c = composition(Swizzle<3, 4, 3>{}, rm);
  EXPECT_EQ(int(size(max_common_layout(rm, rm))), 512);
  EXPECT_EQ(to_string(max_common_layout(c, rm)), "_16:_8");  // 1-D coordinates 0, 8, ... of (8,64) row-major
  EXPECT_EQ(to_string(max_common_layout(rm, c)), "_16:_8");
  EXPECT_EQ(to_string(max_common_layout(c, c)), "_16:_8");
  EXPECT_EQ(int(max_common_vector(c, rm)), 16);
  // A static offset that is a multiple of 2^M keeps the run; an odd one cuts it.
  EXPECT_EQ(to_string(max_common_layout(c(_1{}, _), make_layout(_64{}))), "_16:_1");
  EXPECT_EQ(to_string(max_common_layout(make_composed_layout(Swizzle<3, 4, 3>{}, _4{}, make_layout(_64{})), make_layout(_64{}))), "_4:_1");
  // A dynamic offset, or different swizzles: nothing in common.
  EXPECT_EQ(to_string(max_common_layout(c(1, _), make_layout(_64{}))), "_1:_0");
  EXPECT_EQ(to_string(max_common_layout(c, composition(Swizzle<3, 3, 3>{}, rm))), "_1:_0");
  // Every element of the common run is contiguous through the swizzle.
  auto const r = max_common_layout(c, rm);
  for (int i = 0; i < int(size(r)); ++i) {
    EXPECT_EQ(int(c(int(r(i)))), i);
    EXPECT_EQ(int(rm(int(r(i)))), i);
  }
}

TEST(ComposedLayout, SharedMemoryTensorSliceAndCopy) {
  // An 8x64 shared-memory tile of floats, swizzled; the value at smem offset o is o.
  alignas(16) static float smem[512];
  for (int o = 0; o < 512; ++o) smem[o] = float(o);
  auto const c = composition(Swizzle<3, 4, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{}));
  auto s = make_tensor(make_smem_ptr(&smem[0]), c);
  static_assert(is_smem_v<std::remove_cvref_t<decltype(s.data())>>);
  {
    std::ostringstream os;
    os << s;
    std::string const text = os.str();
    // CuTe's operator<<: the layout, a line, then the 8 rows of values.
    EXPECT_EQ(text.rfind("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)\n", 0), 0u) << text;
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 9) << text;
  }
  for (int r = 0; r < 8; ++r)
    for (int j = 0; j < 64; ++j) ASSERT_EQ(s(r, j), float(c(r, j)));

  // Rows (dynamic and static slice) and columns, copied into plain tensors.
  alignas(16) float row[64];
  alignas(16) float col[8];
  auto trow = make_tensor(&row[0], make_layout(_64{}));
  auto tcol = make_tensor(&col[0], make_layout(_8{}));
  for (int r = 0; r < 8; ++r) {
    std::fill(row, row + 64, -1.f);
    copy(s(r, _), trow);
    for (int j = 0; j < 64; ++j) ASSERT_EQ(row[j], float(c(r, j))) << "row " << r;
  }
  std::fill(row, row + 64, -1.f);
  copy(s(_6{}, _), trow);  // static slice: the vectorised path
  for (int j = 0; j < 64; ++j) ASSERT_EQ(row[j], float(c(6, j)));
  for (int j = 0; j < 64; ++j) {
    std::fill(col, col + 8, -1.f);
    copy(s(_, j), tcol);
    for (int r = 0; r < 8; ++r) ASSERT_EQ(col[r], float(c(r, j))) << "column " << j;
  }
  // The whole tile, in both directions, and transposed.
  alignas(16) static float plain[512];
  std::fill(plain, plain + 512, -1.f);
  auto p = make_tensor(&plain[0], make_layout(make_shape(_8{}, _64{}), LayoutRight{}));
  copy(s, p);
  for (int r = 0; r < 8; ++r)
    for (int j = 0; j < 64; ++j) ASSERT_EQ(plain[r * 64 + j], float(c(r, j)));
  alignas(16) static float back[512];
  std::fill(back, back + 512, -1.f);
  auto s2 = make_tensor(make_smem_ptr(&back[0]), c);
  copy(p, s2);  // store through the swizzle: back[c(r,j)] = plain(r,j) = c(r,j)
  for (int o = 0; o < 512; ++o) ASSERT_EQ(back[o], float(o));
  alignas(16) static float tr[512];
  std::fill(tr, tr + 512, -1.f);
  auto t = make_tensor(&tr[0], make_layout(make_shape(_8{}, _64{}), make_stride(_1{}, _8{})));  // (r,j) at r + 8j
  copy(s, t);
  for (int r = 0; r < 8; ++r)
    for (int j = 0; j < 64; ++j) ASSERT_EQ(tr[r + 8 * j], float(c(r, j)));
  // smem -> smem through the same swizzle.
  std::fill(back, back + 512, -1.f);
  copy(s, s2);
  for (int o = 0; o < 512; ++o) ASSERT_EQ(back[o], float(o));

  // The vector widths copy uses (floats: at most 4 per 16 bytes): the
  // swizzle keeps runs of 2^M = 16 elements, so the inner layouts decide;
  // Swizzle<3,0,3> moves single elements: no vectors; an offset of 2 elements
  // allows pairs.
  using RM = Layout<Shape<_8, _64>, Stride<_64, _1>>;
  using CL = ComposedLayout<Swizzle<3, 4, 3>, _0, RM>;
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(c)>, CL>);
  EXPECT_EQ((detail::swizzled_copy_width<CL, RM, 4>()), 4);
  EXPECT_EQ((detail::swizzled_copy_width<RM, CL, 2>()), 8);
  EXPECT_EQ((detail::swizzled_copy_width<CL, CL, 1>()), 16);
  EXPECT_EQ((detail::swizzled_copy_width<CL, Layout<Shape<_8, _64>, Stride<_1, _8>>, 4>()), 1);
  EXPECT_EQ((detail::swizzled_copy_width<ComposedLayout<Swizzle<3, 0, 3>, _0, RM>, RM, 4>()), 1);
  EXPECT_EQ((detail::swizzled_copy_width<ComposedLayout<Swizzle<3, 1, 3>, _0, RM>, RM, 4>()), 2);
  EXPECT_EQ((detail::swizzled_copy_width<ComposedLayout<Swizzle<3, 4, 3>, _2, Layout<_64, _1>>, Layout<_64, _1>, 4>()), 2);
  EXPECT_EQ((detail::swizzled_copy_width<CL, ComposedLayout<Swizzle<3, 3, 3>, _0, RM>, 4>()), 1);
  // Copies through an odd static offset (vectors of 2) and through Swizzle<3,1,3>.
  {
    auto odd = make_tensor(make_smem_ptr(&smem[0]), make_composed_layout(Swizzle<3, 4, 3>{}, _2{}, Layout<_64, _1>{}));
    alignas(16) float out[64];
    auto o = make_tensor(&out[0], Layout<_64, _1>{});
    copy(odd, o);
    for (int j = 0; j < 64; ++j) ASSERT_EQ(out[j], float(Swizzle<3, 4, 3>{}(2 + j)));
    auto s1 = make_tensor(make_smem_ptr(&smem[0]), composition(Swizzle<3, 1, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{})));
    std::fill(plain, plain + 512, -1.f);
    copy(s1, p);
    for (int r = 0; r < 8; ++r)
      for (int j = 0; j < 64; ++j) ASSERT_EQ(plain[r * 64 + j], float(Swizzle<3, 1, 3>{}(r * 64 + j)));
  }

  // local_tile of the swizzled tensor: the (4,16) tile (1,2) is rows 4..7, columns 32..47.
  auto tile = local_tile(s, make_shape(_4{}, _16{}), make_coord(1, 2));
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 16; ++b) ASSERT_EQ(tile(a, b), float(c(4 + a, 32 + b)));
  alignas(16) float tbuf[64];
  auto tt = make_tensor(&tbuf[0], make_layout(make_shape(_4{}, _16{})));
  copy(tile, tt);
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 16; ++b) ASSERT_EQ(tbuf[a + 4 * b], float(c(4 + a, 32 + b)));
}

// A slice of a swizzled layout that leaves the swizzle where it can (as CuTe's
// slice_and_offset of a swizzled-layout tensor; tessel's TiledCopy partitions use
// it): a plain layout (strides from the swizzle and the offset's bits) and an
// offset for the iterator. Every element must be the one the composed layout
// gives, for every slice coordinate. (A tensor's own slices keep the swizzle.)
template <class Tn, class Crd>
auto slice_leaving(Tn const& t, Crd const& c) {
  auto [l, off] = detail::slice_leaving_swizzle(c, t.layout());
  return make_tensor(t.data() + off, l);
}
template <class Sw, class L, class MakeCrd>
void expect_slices_exact(Sw sw, L l, int n, MakeCrd make_crd, bool& decayed, bool& kept) {
  alignas(16) static int mem[1 << 14];
  auto c = make_composed_layout(sw, _0{}, l);
  auto t = make_tensor(make_smem_ptr(&mem[0]), c);
  for (int i = 0; i < n; ++i) {
    auto crd = make_crd(i);
    auto part = slice_leaving(t, crd);
    auto ref = c(crd);  // the layout's slice keeps the swizzle
    static_assert(is_composed_layout_v<typename decltype(t(crd))::layout_type>);
    using PL = typename decltype(part)::layout_type;
    (is_composed_layout_v<PL> ? kept : decayed) = true;
    for (int j = 0; j < int(size(ref)); ++j)
      ASSERT_EQ(&part(j), &mem[0] + int(ref(j))) << to_string(c) << " slice " << i << " element " << j << ": "
                                                 << to_string(part.layout());
  }
}

TEST(ComposedLayout, TensorSlicesLeaveTheSwizzleExactly) {
  bool decayed = false, kept = false;
  // A coordinate outside its mode is refused where the offset would reach the rest's bits.
  alignas(16) static int smem[64 * 64 * 3];
  // ((8,8,8) column-major: the middle coordinate 8 would carry into the rest's bit 6.)
  auto cube = make_tensor(make_smem_ptr(&smem[0]), composition(Swizzle<3, 3, 3>{}, make_layout(make_shape(_8{}, _8{}, _8{}))));
  EXPECT_NO_THROW((void)slice_leaving(cube, make_coord(_, 7, _)));
  EXPECT_THROW((void)slice_leaving(cube, make_coord(_, 8, _)), tessel::error);
  // A whole swizzled tile's slice keeps the swizzle (its bits hit swizzled pairs), as a GMMA operand needs.
  auto tile3 = make_tensor(make_smem_ptr(&smem[0]), tile_to_shape(composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}),
                                                                  make_shape(_64{}, _64{}, _3{})));
  static_assert(is_composed_layout_v<typename decltype(slice_leaving(tile3, make_coord(_, _, 1)))::layout_type>);
  // Every row and column slice, static and dynamic, of small swizzled tiles.
  auto rowsof = [](int i) { return make_coord(i, _); };
  auto colsof = [](int j) { return make_coord(_, j); };
  expect_slices_exact(Swizzle<3, 3, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{}), 8, rowsof, decayed, kept);
  expect_slices_exact(Swizzle<3, 3, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{}), 64, colsof, decayed, kept);
  expect_slices_exact(Swizzle<3, 3, 3>{}, make_layout(make_shape(_64{}, _8{})), 64, rowsof, decayed, kept);
  expect_slices_exact(Swizzle<3, 3, 3>{}, make_layout(make_shape(_64{}, _8{})), 8, colsof, decayed, kept);
  expect_slices_exact(Swizzle<2, 0, 2>{}, make_layout(make_shape(_4{}, _4{}, _2{})), 4,
                      [](int i) { return make_coord(_, i, _); }, decayed, kept);
  expect_slices_exact(Swizzle<2, 1, -2>{}, make_layout(make_shape(_16{}, _8{})), 16, rowsof, decayed, kept);
  expect_slices_exact(Swizzle<2, 1, -2>{}, make_layout(make_shape(_16{}, _8{})), 8, colsof, decayed, kept);
  expect_slices_exact(Swizzle<2, 0, 3>{}, make_layout(make_shape(make_shape(_2{}, _4{}), make_shape(_4{}, _4{})),
                                                      make_stride(make_stride(_1{}, _8{}), make_stride(_2{}, _32{}))),
                      16, [](int i) { return make_coord(make_coord(_, i % 4), make_coord(i / 4, _)); }, decayed, kept);
  expect_slices_exact(Swizzle<3, 4, 3>{}, make_layout(make_shape(_8{}, _64{}, _4{}), make_stride(_64{}, _1{}, _512{})), 8,
                      [](int i) { return make_coord(i, _, _); }, decayed, kept);
  expect_slices_exact(Swizzle<3, 4, 3>{}, make_layout(make_shape(_8{}, _64{}, _4{}), make_stride(_64{}, _1{}, _512{})), 4,
                      [](int i) { return make_coord(_, _, i); }, decayed, kept);
  // Static coordinates too: a static offset gives a static layout (also where the offset has a partner bit set).
  {
    auto sw = make_tensor(make_smem_ptr(&smem[0]), composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}));
    static_assert(is_static_v<typename decltype(slice_leaving(sw, make_coord(_5{}, _)))::layout_type>);
    static_assert(!is_composed_layout_v<typename decltype(slice_leaving(sw, make_coord(_5{}, _)))::layout_type>);
    auto s0 = make_tensor(make_smem_ptr(&smem[0]), composition(Swizzle<3, 0, 3>{}, Layout<Shape<_8, _8>, Stride<_8, _1>>{}));
    static_assert(is_static_v<typename decltype(slice_leaving(s0, make_coord(_3{}, _)))::layout_type>);
    static_assert(is_static_v<typename decltype(slice_leaving(s0, make_coord(_, _6{})))::layout_type>);
    for (int j = 0; j < 8; ++j) EXPECT_EQ(&slice_leaving(s0, make_coord(_3{}, _))(j), &s0(3, j));
    for (int i = 0; i < 8; ++i) EXPECT_EQ(&slice_leaving(s0, make_coord(_, _6{}))(i), &s0(i, 6));
  }
  expect_slices_exact(Swizzle<3, 3, 3>{}, make_layout(make_shape(_8{}, _64{}), LayoutRight{}), 1,
                      [](int) { return make_coord(_5{}, _); }, decayed, kept);
  EXPECT_TRUE(decayed);
  EXPECT_TRUE(kept);
}

// =====================================================================================
// GEMM threadblock swizzles (seed 002)
// =====================================================================================

int linear_id(Dim3 b, Dim3 grid) { return int(b.x + b.y * grid.x + b.z * grid.x * grid.y); }

// table[tm][tn] = the linear id (x + y*gridDim.x) of the block computing tile
// (tm, tn, 0), -1 if none, -2 if several.
template <class Tile>
std::vector<std::vector<int>> tile_to_block(GemmCoord tiled, Dim3 grid, Tile tile_of) {
  std::vector<std::vector<int>> t(std::size_t(tiled.m()), std::vector<int>(std::size_t(tiled.n()), -1));
  for (unsigned y = 0; y < grid.y; ++y)
    for (unsigned x = 0; x < grid.x; ++x) {
      GemmCoord const c = tile_of(Dim3(x, y, 0));
      if (c.m() < tiled.m() && c.n() < tiled.n()) {
        int& cell = t[std::size_t(c.m())][std::size_t(c.n())];
        cell = cell == -1 ? linear_id(Dim3(x, y, 0), grid) : -2;
      }
    }
  return t;
}

TEST(ThreadblockSwizzle, SeedExampleN1) {
  using Swz = GemmIdentityThreadblockSwizzle<1>;
  static_assert(std::is_same_v<GemmIdentityThreadblockSwizzle<>, Swz>);  // N defaults to 1
  GemmCoord const tiled(4, 4, 1);
  int const log_tile = Swz::get_log_tile(tiled);
  EXPECT_EQ(log_tile, 0);
  Dim3 const grid = Swz::get_grid_shape(tiled);
  EXPECT_EQ(grid, Dim3(4, 4, 1));
  // Block (x, y) computes tile (x, y): linear id x + 4y, read down the M tiles.
  std::vector<std::vector<int>> const expected = {
      {0, 4, 8, 12},
      {1, 5, 9, 13},
      {2, 6, 10, 14},
      {3, 7, 11, 15},
  };
  EXPECT_EQ(tile_to_block(tiled, grid, [&](Dim3 b) { return Swz::get_tile_offset(log_tile, b); }), expected);
  // The same through the (bx, by) the seed's picture labels.
  for (int tm = 0; tm < 4; ++tm)
    for (int tn = 0; tn < 4; ++tn) EXPECT_EQ(Swz::get_tile_offset(log_tile, Dim3(unsigned(tm), unsigned(tn), 0)), GemmCoord(tm, tn, 0));
  // And as a layout: ((1,4),4):((4,1),4), tile index tm + 4 tn.
  auto const l = identity_swizzle_layout(tiled, log_tile);
  EXPECT_EQ(to_string(l), "((1,4),4):((4,1),4)");
  EXPECT_EQ(to_string(horizontal_swizzle_layout(tiled)), "(4,4):(4,1)");
}

TEST(ThreadblockSwizzle, SeedExampleN2) {
  using Swz = GemmIdentityThreadblockSwizzle<2>;
  GemmCoord const tiled(4, 4, 1);
  int const log_tile = Swz::get_log_tile(tiled);
  EXPECT_EQ(log_tile, 1);
  Dim3 const grid = Swz::get_grid_shape(tiled);
  EXPECT_EQ(grid, Dim3(8, 2, 1));  // (4 * 2, ceil(4 / 2), 1)
  // Block (x, y) computes tile (x >> 1, 2y + (x & 1)): blocks 0..7 (y = 0)
  // cover tile columns 0 and 1, two tiles per M row; blocks 8..15 columns 2, 3.
  std::vector<std::vector<int>> const expected = {
      {0, 1, 8, 9},
      {2, 3, 10, 11},
      {4, 5, 12, 13},
      {6, 7, 14, 15},
  };
  EXPECT_EQ(tile_to_block(tiled, grid, [&](Dim3 b) { return Swz::get_tile_offset(log_tile, b); }), expected);
  // As (bx, by): tile (tm, tn) <- block (2 tm + (tn & 1), tn >> 1).
  std::vector<std::vector<std::pair<int, int>>> const by_xy = {
      {{0, 0}, {1, 0}, {0, 1}, {1, 1}},
      {{2, 0}, {3, 0}, {2, 1}, {3, 1}},
      {{4, 0}, {5, 0}, {4, 1}, {5, 1}},
      {{6, 0}, {7, 0}, {6, 1}, {7, 1}},
  };
  for (int tm = 0; tm < 4; ++tm)
    for (int tn = 0; tn < 4; ++tn) {
      auto const [bx, by] = by_xy[std::size_t(tm)][std::size_t(tn)];
      EXPECT_EQ(Swz::get_tile_offset(log_tile, Dim3(unsigned(bx), unsigned(by), 0)), GemmCoord(tm, tn, 0));
    }
  // As a layout: ((2,4),2):((4,1),8).
  auto const l = identity_swizzle_layout(tiled, log_tile);
  EXPECT_EQ(to_string(l), "((2,4),2):((4,1),8)");
  for (unsigned y = 0; y < 2; ++y)
    for (unsigned x = 0; x < 8; ++x) {
      int const idx = int(l(int(x), int(y)));
      EXPECT_EQ(GemmCoord(idx % 4, idx / 4, 0), Swz::get_tile_offset(log_tile, Dim3(x, y, 0)));
    }
  // The tiled_shape overload (groups of N = 2) agrees here: m, n >= 2 and 2^log_tile == N.
  for (unsigned y = 0; y < 2; ++y)
    for (unsigned x = 0; x < 8; ++x)
      EXPECT_EQ(Swz::get_tile_offset(tiled, Dim3(x, y, 0)), Swz::get_tile_offset(log_tile, Dim3(x, y, 0)));
}

TEST(ThreadblockSwizzle, LogTileThresholds) {
  // get_log_tile by N (rows) and the tiled n (columns 1..9), from the seed's thresholds.
  int const expected[4][9] = {
      {0, 0, 0, 0, 0, 0, 0, 0, 0},  // N = 1
      {0, 1, 1, 1, 1, 1, 1, 1, 1},  // N = 2: n >= 2
      {0, 1, 2, 2, 2, 2, 2, 2, 2},  // N = 4: n >= 3 -> 2, n >= 2 -> 1
      {0, 1, 2, 2, 2, 3, 3, 3, 3},  // N = 8: n >= 6 -> 3
  };
  for (int n = 1; n <= 9; ++n) {
    GemmCoord const t(5, n, 1);
    EXPECT_EQ(GemmIdentityThreadblockSwizzle<1>::get_log_tile(t), expected[0][n - 1]) << n;
    EXPECT_EQ(GemmIdentityThreadblockSwizzle<2>::get_log_tile(t), expected[1][n - 1]) << n;
    EXPECT_EQ(GemmIdentityThreadblockSwizzle<4>::get_log_tile(t), expected[2][n - 1]) << n;
    EXPECT_EQ(GemmIdentityThreadblockSwizzle<8>::get_log_tile(t), expected[3][n - 1]) << n;
    EXPECT_EQ(GemmIdentityThreadblockSwizzle<16>::get_log_tile(t), expected[3][n - 1]) << n;  // capped at 3
    EXPECT_EQ(GemmIdentityThreadblockSwizzle<3>::get_log_tile(t), expected[1][n - 1]) << n;   // N = 3 acts as 2
  }
  // Only n matters.
  EXPECT_EQ(GemmIdentityThreadblockSwizzle<8>::get_log_tile(GemmCoord(1, 6, 7)), 3);
  static_assert(GemmIdentityThreadblockSwizzle<8>::get_grid_shape(GemmCoord(3, 6, 2)) == Dim3(24, 1, 2));
}

TEST(ThreadblockSwizzle, TiledShapeOfGemm) {
  using Swz = GemmIdentityThreadblockSwizzle<1>;
  EXPECT_EQ(Swz::get_tiled_shape(GemmCoord(1024, 512, 64), GemmCoord(128, 128, 32), 1), GemmCoord(8, 4, 1));
  EXPECT_EQ(Swz::get_tiled_shape(GemmCoord(1000, 500, 64), GemmCoord(128, 128, 32), 1), GemmCoord(8, 4, 1));
  EXPECT_EQ(Swz::get_tiled_shape(GemmCoord(1025, 513, 64), GemmCoord(128, 128, 32), 3), GemmCoord(9, 5, 3));
  EXPECT_EQ(Swz::get_tiled_shape(GemmCoord(1, 1, 1), GemmCoord(128, 256, 64), 1), GemmCoord(1, 1, 1));
  EXPECT_EQ(Swz::get_tiled_shape(GemmCoord(4096, 4096, 4096), GemmCoord(256, 128, 64), 4), GemmCoord(16, 32, 4));
  // The k of the tiled shape is the split-K slice count, not K / tile k.
  EXPECT_EQ(GemmIdentityThreadblockSwizzle<8>::get_tiled_shape(GemmCoord(300, 700, 9999), GemmCoord(64, 64, 8), 2), GemmCoord(5, 11, 2));
  // And the grids: 5 x 11 tiles with N = 8 (n >= 6 -> log_tile 3) is (40, 2, 2), 5 * 16 - 55 = 25 idle blocks per slice.
  EXPECT_EQ(GemmIdentityThreadblockSwizzle<8>::get_grid_shape(GemmCoord(5, 11, 2)), Dim3(40, 2, 2));
  static_assert(Swz::get_tiled_shape(GemmCoord(129, 1, 1), GemmCoord(128, 128, 1), 1) == GemmCoord(2, 1, 1));
}

// P (output size) of a convolution along one axis.
constexpr int conv_out(int in, int filter, int pad, int stride, int dilation) {
  return (in + 2 * pad - dilation * (filter - 1) - 1) / stride + 1;
}

TEST(ThreadblockSwizzle, TiledShapeOfConv2d) {
  // ResNet-like: N=1, 56x56x64 input, 64 filters 3x3, pad 1, stride 1 -> P = Q = 56.
  conv::Conv2dProblemSize p;
  p.N = 1; p.H = 56; p.W = 56; p.C = 64; p.K = 64; p.R = 3; p.S = 3;
  p.P = conv_out(p.H, p.R, 1, 1, 1);
  p.Q = conv_out(p.W, p.S, 1, 1, 1);
  ASSERT_EQ(p.P, 56);
  // Implicit GEMM sizes: Fprop (NPQ, K, RSC), Dgrad (NHW, C, KRS), Wgrad (K, RSC, NPQ).
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kFprop, p), GemmCoord(3136, 64, 576));
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kDgrad, p), GemmCoord(3136, 64, 576));
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kWgrad, p), GemmCoord(64, 576, 3136));
  using Swz = GemmIdentityThreadblockSwizzle<4>;
  GemmCoord const tile(128, 64, 32);
  EXPECT_EQ(Swz::get_tiled_shape(conv::Operator::kFprop, p, tile, 1), GemmCoord(25, 1, 1));  // 3136 / 128 = 24.5
  EXPECT_EQ(Swz::get_tiled_shape(conv::Operator::kDgrad, p, tile, 2), GemmCoord(25, 1, 2));
  EXPECT_EQ(Swz::get_tiled_shape(conv::Operator::kWgrad, p, tile, 1), GemmCoord(1, 9, 1));   // 576 / 64 = 9
  EXPECT_EQ(Swz::get_grid_shape(GemmCoord(1, 9, 1)), Dim3(4, 3, 1));                       // log_tile 2: (1*4, ceil(9/4))

  // Strided, with different C and K: N=2, 32x32x3 input, 16 filters 5x5, pad 2, stride 2 -> 16x16.
  conv::Conv2dProblemSize q;
  q.N = 2; q.H = 32; q.W = 32; q.C = 3; q.K = 16; q.R = 5; q.S = 5;
  q.P = conv_out(q.H, q.R, 2, 2, 1);
  q.Q = conv_out(q.W, q.S, 2, 2, 1);
  ASSERT_EQ(q.P, 16);
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kFprop, q), GemmCoord(512, 16, 75));
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kDgrad, q), GemmCoord(2048, 3, 400));
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kWgrad, q), GemmCoord(16, 75, 512));
  EXPECT_EQ(GemmIdentityThreadblockSwizzle<1>::get_tiled_shape(conv::Operator::kFprop, q, GemmCoord(64, 16, 8), 1), GemmCoord(8, 1, 1));
  EXPECT_EQ(GemmIdentityThreadblockSwizzle<1>::get_tiled_shape(conv::Operator::kDgrad, q, GemmCoord(64, 16, 8), 1), GemmCoord(32, 1, 1));
  EXPECT_EQ(GemmIdentityThreadblockSwizzle<1>::get_tiled_shape(conv::Operator::kWgrad, q, GemmCoord(64, 16, 8), 1), GemmCoord(1, 5, 1));
}

TEST(ThreadblockSwizzle, TiledShapeOfConv3d) {
  // N=2, 8x8x8x32 input, 64 filters 3x3x3, pad 1, stride 1 -> Z = P = Q = 8.
  conv::Conv3dProblemSize p;
  p.N = 2; p.D = 8; p.H = 8; p.W = 8; p.C = 32; p.K = 64; p.T = 3; p.R = 3; p.S = 3;
  p.Z = conv_out(p.D, p.T, 1, 1, 1);
  p.P = conv_out(p.H, p.R, 1, 1, 1);
  p.Q = conv_out(p.W, p.S, 1, 1, 1);
  ASSERT_EQ(p.Z, 8);
  // Fprop (NZPQ, K, TRSC), Dgrad (NDHW, C, KTRS), Wgrad (K, TRSC, NZPQ).
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kFprop, p), GemmCoord(1024, 64, 864));
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kDgrad, p), GemmCoord(1024, 32, 1728));
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kWgrad, p), GemmCoord(64, 864, 1024));
  using Swz = GemmIdentityThreadblockSwizzle<8>;
  GemmCoord const tile(128, 128, 32);
  EXPECT_EQ(Swz::get_tiled_shape(conv::Operator::kFprop, p, tile, 1), GemmCoord(8, 1, 1));
  EXPECT_EQ(Swz::get_tiled_shape(conv::Operator::kDgrad, p, tile, 1), GemmCoord(8, 1, 1));
  EXPECT_EQ(Swz::get_tiled_shape(conv::Operator::kWgrad, p, tile, 4), GemmCoord(1, 7, 4));  // 864 / 128 = 6.75
  EXPECT_EQ(Swz::get_grid_shape(GemmCoord(1, 7, 4)), Dim3(8, 1, 4));                       // log_tile 3
  // Strided 3-D: N=1, 16x16x16x8 input, 8 filters 3x3x3, pad 1, stride 2 -> 8x8x8.
  conv::Conv3dProblemSize q;
  q.N = 1; q.D = 16; q.H = 16; q.W = 16; q.C = 8; q.K = 8; q.T = 3; q.R = 3; q.S = 3;
  q.Z = conv_out(q.D, q.T, 1, 2, 1);
  q.P = conv_out(q.H, q.R, 1, 2, 1);
  q.Q = conv_out(q.W, q.S, 1, 2, 1);
  ASSERT_EQ(q.Z, 8);
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kFprop, q), GemmCoord(512, 8, 216));
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kDgrad, q), GemmCoord(4096, 8, 216));
  EXPECT_EQ(conv::implicit_gemm_problem_size(conv::Operator::kWgrad, q), GemmCoord(8, 216, 512));
  EXPECT_EQ(GemmIdentityThreadblockSwizzle<2>::get_tiled_shape(conv::Operator::kDgrad, q, GemmCoord(128, 8, 8), 1), GemmCoord(32, 1, 1));
}

// ---- every tiled shape up to 40x40 ------------------------------------------------------------

// m, n = 1..40: every residue of m and n modulo the swizzle widths 1..8 five times over, every
// log_tile choice, and grids that round up (64 took a minute of CI's ctest for no case more).
constexpr int kEveryShapeMax = 40;

// What one launch does: every block of the grid maps to a tile; tiles inside
// the tiled shape must each be hit exactly once, the others are no-ops.
struct Coverage {
  long long blocks = 0, out_m = 0, out_n = 0, out_k = 0, missing = 0, repeated = 0;
  long long layout_mismatch = 0;
  long long no_ops() const { return out_m + out_n + out_k; }
};

// tile_of(Dim3) -> GemmCoord; layout(x, y) -> the tile's index tm + tn*m (or a
// negative number for "no layout to compare").
template <class TileOf, class L>
Coverage cover(GemmCoord tiled, Dim3 grid, TileOf tile_of, L const& layout, std::vector<int>& hits) {
  int const m = tiled.m(), n = tiled.n(), k = tiled.k();
  hits.assign(std::size_t(m) * std::size_t(n) * std::size_t(k), 0);
  Coverage c;
  for (unsigned z = 0; z < grid.z; ++z)
    for (unsigned y = 0; y < grid.y; ++y)
      for (unsigned x = 0; x < grid.x; ++x) {
        ++c.blocks;
        GemmCoord const t = tile_of(Dim3(x, y, z));
        int const idx = layout(int(x), int(y));
        if (idx % m != t.m() || idx / m != t.n() || t.k() != int(z)) ++c.layout_mismatch;
        if (t.m() < 0 || t.n() < 0 || t.k() < 0) { ++c.layout_mismatch; continue; }
        if (t.m() >= m) { ++c.out_m; continue; }
        if (t.n() >= n) { ++c.out_n; continue; }
        if (t.k() >= k) { ++c.out_k; continue; }
        ++hits[(std::size_t(t.k()) * std::size_t(n) + std::size_t(t.n())) * std::size_t(m) + std::size_t(t.m())];
      }
  for (int h : hits) {
    if (h == 0) ++c.missing;
    if (h > 1) c.repeated += h - 1;
  }
  return c;
}

std::string where(int N, GemmCoord t) {
  return "N=" + std::to_string(N) + " tiled (" + std::to_string(t.m()) + "," + std::to_string(t.n()) + "," + std::to_string(t.k()) + ")";
}

// Fails with a message (at most a few per test) unless the launch covers
// every tile once, its no-ops are exactly the out-of-range blocks and number
// expected_no_ops, and the layout form agrees with the formula everywhere.
struct Checker {
  int failures = 0;
  long long configs = 0, blocks = 0, no_ops = 0;
  void operator()(std::string const& what, GemmCoord tiled, Coverage const& c, long long expected_no_ops) {
    ++configs;
    blocks += c.blocks;
    no_ops += c.no_ops();
    long long const in_range = c.blocks - c.no_ops();
    bool const ok = c.missing == 0 && c.repeated == 0 && in_range == 1ll * tiled.m() * tiled.n() * tiled.k() &&
                    c.no_ops() == expected_no_ops && c.layout_mismatch == 0;
    if (!ok && ++failures <= 10) {
      ADD_FAILURE() << what << ": blocks " << c.blocks << ", no-ops " << c.no_ops() << " (expected " << expected_no_ops
                    << ": m " << c.out_m << ", n " << c.out_n << ", k " << c.out_k << "), missing " << c.missing
                    << ", repeated " << c.repeated << ", layout mismatches " << c.layout_mismatch;
    }
  }
};

template <int N>
void identity_every_shape() {
  using Swz = GemmIdentityThreadblockSwizzle<N>;
  using SplitK = GemmSplitKIdentityThreadblockSwizzle<N>;
  Checker check, check_splitk, check_tiled;
  std::vector<int> hits;
  long long tiled_overload_with_get_grid_shape_exact = 0, tiled_overload_with_get_grid_shape_not = 0;
  for (int k = 1; k <= 2; ++k)
    for (int m = 1; m <= kEveryShapeMax; ++m)
      for (int n = 1; n <= kEveryShapeMax; ++n) {
        GemmCoord const tiled(m, n, k);
        int const log_tile = Swz::get_log_tile(tiled);
        int const t = 1 << log_tile;
        Dim3 const grid = Swz::get_grid_shape(tiled);
        auto const l = identity_swizzle_layout(tiled, log_tile);
        // The layout's shape is the grid.
        if (int(size<0>(l)) != int(grid.x) || int(size<1>(l)) != int(grid.y)) {
          ADD_FAILURE() << where(N, tiled) << ": layout " << l << " vs grid " << grid.x << "x" << grid.y;
        }
        // The idle blocks: the last group of t columns is ceil(n/t)*t - n short, in every M row and slice.
        long long const idle = 1ll * m * (1ll * ((n + t - 1) / t) * t - n) * k;
        check(where(N, tiled), tiled,
              cover(tiled, grid, [&](Dim3 b) { return Swz::get_tile_offset(log_tile, b); },
                    [&](int x, int y) { return int(l(x, y)); }, hits),
              idle);
        // Split-K identity: the same swizzle, its tiled k the partition count.
        GemmCoord const tiled_sk = SplitK::get_tiled_shape(GemmCoord(m * 16, n * 8, 999), GemmCoord(16, 8, 4), k);
        if (!(tiled_sk == tiled)) ADD_FAILURE() << "split-K tiled shape " << where(N, tiled);
        check_splitk("split-K " + where(N, tiled), tiled,
                     cover(tiled, SplitK::get_grid_shape(tiled), [&](Dim3 b) { return SplitK::get_tile_offset(SplitK::get_log_tile(tiled), b); },
                           [&](int x, int y) { return int(l(x, y)); }, hits),
                     idle);
        // The tiled_shape overload: groups of N, or the identity; with the grid its layout describes.
        auto const lt = tiled_shape_swizzle_layout(tiled, N);
        Dim3 const grid_t(unsigned(size<0>(lt)), unsigned(size<1>(lt)), unsigned(k));
        int const g = (m < N || n < N) ? 1 : N;
        check_tiled("tiled_shape overload " + where(N, tiled), tiled,
                    cover(tiled, grid_t, [&](Dim3 b) { return Swz::get_tile_offset(tiled, b); },
                          [&](int x, int y) { return int(lt(x, y)); }, hits),
                    1ll * m * (1ll * ((n + g - 1) / g) * g - n) * k);
        // Launched with get_grid_shape instead, that overload covers the tiles
        // exactly when its group width is 2^log_tile (else tiles are missed).
        Coverage const mixed = cover(tiled, grid, [&](Dim3 b) { return Swz::get_tile_offset(tiled, b); },
                                     [&](int, int) { return -1; }, hits);
        bool const exact = mixed.missing == 0 && mixed.repeated == 0;
        if (exact != (g == t)) ADD_FAILURE() << "tiled_shape overload on get_grid_shape's grid " << where(N, tiled);
        (exact ? tiled_overload_with_get_grid_shape_exact : tiled_overload_with_get_grid_shape_not) += 1;
      }
  EXPECT_EQ(check.configs, 2 * kEveryShapeMax * kEveryShapeMax);
  std::printf("N=%d: %lld tiled shapes, %lld blocks, %lld no-ops (identity); tiled_shape overload on "
              "get_grid_shape's grid: %lld shapes exact, %lld miss tiles\n",
              N, check.configs, check.blocks, check.no_ops, tiled_overload_with_get_grid_shape_exact,
              tiled_overload_with_get_grid_shape_not);
  if constexpr (N == 1) {
    EXPECT_EQ(tiled_overload_with_get_grid_shape_not, 0);  // N = 1: both are the identity
    EXPECT_EQ(check.no_ops, 0);
  }
}

TEST(ThreadblockSwizzleEveryShape, IdentityN1) { identity_every_shape<1>(); }
TEST(ThreadblockSwizzleEveryShape, IdentityN2) { identity_every_shape<2>(); }
TEST(ThreadblockSwizzleEveryShape, IdentityN4) { identity_every_shape<4>(); }
TEST(ThreadblockSwizzleEveryShape, IdentityN8) { identity_every_shape<8>(); }

TEST(ThreadblockSwizzleEveryShape, HorizontalAndBatched) {
  using H = GemmHorizontalThreadblockSwizzle;
  using SKH = GemmSplitKHorizontalThreadblockSwizzle;
  using Bt = GemmBatchedIdentityThreadblockSwizzle;
  Checker check;
  std::vector<int> hits;
  for (int k = 1; k <= 2; ++k)
    for (int m = 1; m <= kEveryShapeMax; ++m)
      for (int n = 1; n <= kEveryShapeMax; ++n) {
        GemmCoord const tiled(m, n, k);
        // Horizontal: grid (n, m, k), block (x, y) -> tile (y, x): the layout (n, m):(m, 1).
        EXPECT_EQ(H::get_grid_shape(tiled), Dim3(unsigned(n), unsigned(m), unsigned(k)));
        auto const lh = horizontal_swizzle_layout(tiled);
        check("horizontal " + where(0, tiled), tiled,
              cover(tiled, H::get_grid_shape(tiled), [&](Dim3 b) { return H::get_tile_offset(H::get_log_tile(tiled), b); },
                    [&](int x, int y) { return int(lh(x, y)); }, hits),
              0);
        check("horizontal, tiled_shape overload " + where(0, tiled), tiled,
              cover(tiled, H::get_grid_shape(tiled), [&](Dim3 b) { return H::get_tile_offset(tiled, b); },
                    [&](int x, int y) { return int(lh(x, y)); }, hits),
              0);
        // Split-K horizontal: the same with the partitions in z.
        EXPECT_EQ(SKH::get_tiled_shape(GemmCoord(m * 32, n * 32 - 5, 1), GemmCoord(32, 32, 8), k), tiled);
        check("split-K horizontal " + where(0, tiled), tiled,
              cover(tiled, SKH::get_grid_shape(tiled), [&](Dim3 b) { return SKH::get_tile_offset(0, b); },
                    [&](int x, int y) { return int(lh(x, y)); }, hits),
              0);
        // Batched identity: grid (m, n, batch), the identity layout with log_tile 0.
        EXPECT_EQ(Bt::get_grid_shape(tiled), Dim3(unsigned(m), unsigned(n), unsigned(k)));
        auto const lb = identity_swizzle_layout(tiled, Bt::get_log_tile(tiled));
        check("batched " + where(0, tiled), tiled,
              cover(tiled, Bt::get_grid_shape(tiled), [&](Dim3 b) { return Bt::get_tile_offset(Bt::get_log_tile(tiled), b); },
                    [&](int x, int y) { return int(lb(x, y)); }, hits),
              0);
        for (unsigned z = 0; z < unsigned(k); ++z) EXPECT_EQ(Bt::get_batch_idx(Dim3(0, 0, z)), int(z));
      }
  EXPECT_EQ(check.configs, 4 * 2 * kEveryShapeMax * kEveryShapeMax);
  EXPECT_EQ(check.no_ops, 0);
  // The batch count is taken modulo 2^16 (CUTLASS's; gridDim.z is at most 65535).
  EXPECT_EQ(Bt::get_tiled_shape(GemmCoord(64, 64, 8), GemmCoord(32, 32, 8), 65536 + 3), GemmCoord(2, 2, 3));
}

TEST(ThreadblockSwizzle, LayoutsAsCuTeNotation) {
  // identity: ((2^L, m), ceil(n/2^L)) : ((m, 1), 2^L m); horizontal (n, m) : (m, 1).
  EXPECT_EQ(to_string(identity_swizzle_layout(GemmCoord(3, 10, 1), 2)), "((4,3),3):((3,1),12)");
  EXPECT_EQ(to_string(identity_swizzle_layout(GemmCoord(3, 10, 1), 0)), "((1,3),10):((3,1),3)");
  EXPECT_EQ(to_string(horizontal_swizzle_layout(GemmCoord(3, 10, 1))), "(10,3):(3,1)");
  // The tiled_shape overload's: groups of N only when m >= N and n >= N.
  EXPECT_EQ(to_string(tiled_shape_swizzle_layout(GemmCoord(3, 10, 1), 4)), "((1,3),10):((3,1),3)");
  EXPECT_EQ(to_string(tiled_shape_swizzle_layout(GemmCoord(5, 10, 1), 4)), "((4,5),3):((5,1),20)");
  // A coordinate of the grid gives the tile index; the 1-D coordinate of the
  // first mode is the block x: block (5, 1) of the (12, 3) grid above is
  // tile (5 >> 2, 1*4 + (5 & 3)) = (1, 5), index 1 + 5*3 = 16.
  auto const l = identity_swizzle_layout(GemmCoord(3, 10, 1), 2);
  EXPECT_EQ(int(l(5, 1)), 16);
  EXPECT_EQ(GemmIdentityThreadblockSwizzle<4>::get_tile_offset(2, Dim3(5, 1, 0)), GemmCoord(1, 5, 0));
}

}  // namespace
