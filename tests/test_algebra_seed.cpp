// Every worked example of seed 000 (the layout-algebra article) and seed 001
// (the notes on coalesce and shape division), with the article's code written
// as the article writes it, and the printed result compared to what CuTe
// prints.
//
// About underscores: CuTe prints a static integer as _N. The article's
// comments sometimes drop them ("(24,210):(1,24)") and the conformance file
// stores CuTe's output without them; we compare against CuTe's real output
// (underscores where the integer is static). Where the article's code itself
// uses dynamic integers (make_shape(12, ...), complement(a, 24)), CuTe's
// printout mixes _N and N, and so does ours.
//
// Then every example again with DYNAMIC integers. The result must be the same
// function; its structure may differ (the structure of a result is part of its
// type, so it cannot depend on a run-time value: a mode that turns out to have
// size 1, or neighbours that turn out to be mergeable, are kept). Each dynamic
// test compares the functions at every index, level by level down to the
// modes the operation's contract names (e.g. ((TileM,RestM),(TileN,RestN))),
// and documents in a comment how the structure differs from the static one.
// Where the conformance file records what CuTe prints with dynamic integers
// (its cute_dynamic field), the printout quoted in the comment is the same;
// where CuTe rejects the dynamic input, the comment says so.
//
// Last: the article's inadmissible inputs. With static integers they are
// compile errors (tests/compile_fail/); with dynamic integers tessel::error
// names the violated condition.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

template <class L>
long long isize(L const& l) {
  return static_cast<long long>(size(l));
}

template <class L>
std::vector<long long> values(L const& l) {
  std::vector<long long> v;
  for (long long i = 0; i < isize(l); ++i) v.push_back(static_cast<long long>(l(i)));
  return v;
}

// The rows of a rank-2 layout, as the article's print_tensor shows them for a
// tensor over memory holding A[i] = i: row m is L(m, 0) L(m, 1) ...
template <class L>
std::vector<std::vector<long long>> table(L const& l) {
  std::vector<std::vector<long long>> t;
  for (int m = 0; m < int(size<0>(l)); ++m) {
    t.emplace_back();
    for (int n = 0; n < int(size<1>(l)); ++n) t.back().push_back(static_cast<long long>(l(m, n)));
  }
  return t;
}
using Table = std::vector<std::vector<long long>>;

// Same size and same value at every index; then, for `depth` more levels, the
// same rank and the same function mode by mode (only where `expected` has
// modes at that level).
template <int Depth = 0, class E, class G>
void expect_same_function(E const& expected, G const& got, std::string const& path = "L") {
  ASSERT_EQ(isize(expected), isize(got)) << path << ": " << to_string(expected) << " vs " << to_string(got);
  EXPECT_EQ(values(expected), values(got)) << path << ": " << to_string(expected) << " vs " << to_string(got);
  if constexpr (is_tuple_v<typename E::shape_type>) {
    if constexpr (Depth > 0) {
      constexpr int R = E::rank;
      static_assert(is_tuple_v<typename G::shape_type>, "the dynamic result lost a level of modes");
      static_assert(G::rank == R, "the dynamic result has a different number of modes");
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        (expect_same_function<Depth - 1>(get<I>(expected), get<I>(got), path + "." + std::to_string(I)), ...);
      }(std::make_index_sequence<R>{});
    }
  }
}

// The message of the tessel::error that f throws (empty if it throws none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (tessel::error const& e) {
    return e.what();
  }
  return "";
}

bool contains(std::string const& s, char const* part) { return s.find(part) != std::string::npos; }

}  // namespace

// ============================================================================
// Seed 000, section 2.1: coalesce
// ============================================================================

TEST(Seed000Coalesce, TwoByFour) {
  Layout a0 = make_layout(Shape<_2, _4>{}, Stride<_1, _2>{});
  EXPECT_EQ(to_string(a0), "(_2,_4):(_1,_2)");
  EXPECT_EQ(to_string(coalesce(a0)), "_8:_1");
  static_assert(std::is_same_v<decltype(coalesce(a0)), Layout<_8, _1>>);
}

TEST(Seed000Coalesce, GenColMajorAndGenRowMajor) {
  auto s1 = Shape<_2, Shape<_3, _4>>();
  auto s2 = Shape<_5, Shape<_6, _7>>();
  auto s3 = make_shape(s1, s2);

  Layout a_col = make_layout(s3, GenColMajor{});  // GenColMajor == LayoutLeft
  EXPECT_EQ(to_string(a_col), "((_2,(_3,_4)),(_5,(_6,_7))):((_1,(_2,_6)),(_24,(_120,_720)))");
  EXPECT_EQ(to_string(coalesce(a_col)), "_5040:_1");

  Layout a_row = make_layout(s3, GenRowMajor{});  // GenRowMajor == LayoutRight
  EXPECT_EQ(to_string(a_row), "((_2,(_3,_4)),(_5,(_6,_7))):((_2520,(_840,_210)),(_42,(_7,_1)))");
  EXPECT_EQ(to_string(coalesce(a_row)), "(_2,_3,_4,_5,_6,_7):(_2520,_840,_210,_42,_7,_1)");
  static_assert(is_static_v<decltype(coalesce(a_row))>);
}

// Section 2.3: coalesce by mode.
TEST(Seed000Coalesce, ByModeStep) {
  auto s1 = Shape<_2, Shape<_3, _4>>();
  auto s2 = Shape<_5, Shape<_6, _7>>();
  auto s3 = make_shape(s1, s2);

  Layout a_col = make_layout(s3, GenColMajor{});
  auto result = coalesce(a_col, Step<_1, _1>{});  // (_24,_210):(_1,_24)
  EXPECT_EQ(to_string(result), "(_24,_210):(_1,_24)");
  // "the same as coalescing layout<0>(a_col) and layout<1>(a_col) and concatenating"
  auto same_r = make_layout(coalesce(layout<0>(a_col)), coalesce(layout<1>(a_col)));
  EXPECT_EQ(to_string(same_r), "(_24,_210):(_1,_24)");
  static_assert(std::is_same_v<decltype(result), decltype(same_r)>);
  auto b1 = coalesce(a_col, Step<_1, Step<_1, _1>>{});  // (_24,(_5,_42)):(_1,(_24,_120))
  EXPECT_EQ(to_string(b1), "(_24,(_5,_42)):(_1,(_24,_120))");
}

// Coalesce with dynamic integers: nothing is merged (merging needs the static
// fact s0*d0 == d1), so the structure is the flattened layout; the function is
// the same. make_layout(shape, GenColMajor{}) still gives a static first stride
// _1, as in CuTe.
TEST(Seed000Coalesce, Dynamic) {
  auto a0 = make_layout(make_shape(2, 4), make_stride(1, 2));
  // "(2,4):(1,2)" where the static result is _8:_1.
  expect_same_function(coalesce(make_layout(Shape<_2, _4>{}, Stride<_1, _2>{})), coalesce(a0));
  EXPECT_EQ(to_string(coalesce(a0)), "(2,4):(1,2)");

  auto s3 = make_shape(make_shape(2, make_shape(3, 4)), make_shape(5, make_shape(6, 7)));
  auto s3s = make_shape(Shape<_2, Shape<_3, _4>>{}, Shape<_5, Shape<_6, _7>>{});
  Layout a_col = make_layout(s3, GenColMajor{});
  Layout a_row = make_layout(s3, GenRowMajor{});
  Layout a_col_s = make_layout(s3s, GenColMajor{});
  Layout a_row_s = make_layout(s3s, GenRowMajor{});
  // (2,3,4,5,6,7):(_1,2,6,24,120,720), static _5040:_1.
  expect_same_function(coalesce(a_col_s), coalesce(a_col));
  // (2,3,4,5,6,7):(2520,840,210,42,7,_1): the same structure as the static result.
  expect_same_function<1>(coalesce(a_row_s), coalesce(a_row));
  // By mode: ((2,3,4),(5,6,7)):((_1,2,6),(24,120,720)), static (_24,_210):(_1,_24).
  expect_same_function<1>(coalesce(a_col_s, Step<_1, _1>{}), coalesce(a_col, Step<_1, _1>{}));
  // ((2,3,4),(5,(6,7))):((_1,2,6),(24,(120,720))), static (_24,(_5,_42)):(_1,(_24,_120)).
  expect_same_function<2>(coalesce(a_col_s, Step<_1, Step<_1, _1>>{}), coalesce(a_col, Step<_1, Step<_1, _1>>{}));
  // A dynamic profile works too (only its structure matters).
  expect_same_function<1>(coalesce(a_col_s, Step<_1, _1>{}), coalesce(a_col, make_step(1, 1)));
}

// ============================================================================
// Seed 000, section 3.1.2: composition and its conditions
// ============================================================================

TEST(Seed000Composition, RowMajorBy60Stride4) {
  auto s2 = make_shape(Int<2>{}, Int<6>{}, Int<10>{}, Int<14>{});
  auto a2 = make_layout(s2, GenRowMajor{});
  auto b2 = make_layout(make_shape(Int<60>{}), make_stride(Int<4>{}));
  auto c2 = composition(a2, b2);
  EXPECT_EQ(to_string(a2), "(_2,_6,_10,_14):(_840,_140,_14,_1)");
  EXPECT_EQ(to_string(c2), "((_3,_10,_2)):((_280,_14,_1))");
  // With an integral B (60:4 rather than (60):(4)) the result is not wrapped.
  EXPECT_EQ(to_string(composition(a2, Layout<_60, _4>{})), "(_3,_10,_2):(_280,_14,_1)");
  // The defining identity, every index.
  for (int i = 0; i < 60; ++i) EXPECT_EQ(c2(i), a2(b2(i))) << i;
}

// The Colfax note's example that CuTe (up to 3.8) wrongly rejects: the
// mathematics admits it and gives (2,3):(9,5).
TEST(Seed000Composition, ColfaxExampleCuTeRejected) {
  auto s2 = make_shape(Int<4>{}, Int<6>{}, Int<8>{}, Int<10>{});
  auto a2 = make_layout(s2, make_stride(Int<2>{}, Int<3>{}, Int<5>{}, Int<7>{}));
  auto b2 = make_layout(make_shape(Int<6>{}), make_stride(Int<12>{}));
  auto c2 = composition(a2, b2);
  EXPECT_EQ(to_string(c2), "((_2,_3)):((_9,_5))");
  EXPECT_EQ(to_string(composition(a2, Layout<_6, _12>{})), "(_2,_3):(_9,_5)");
  for (int i = 0; i < 6; ++i) EXPECT_EQ(c2(i), a2(b2(i))) << i;
}

TEST(Seed000Composition, Dynamic) {
  auto a2s = make_layout(Shape<_2, _6, _10, _14>{}, GenRowMajor{});
  auto a2 = make_layout(make_shape(2, 6, 10, 14), GenRowMajor{});
  // ((1,3,10,2)):((3360,280,14,1)): the mode that the stride 4 reduces to size
  // 1 is known to have size 1 only at run time, so it is kept.
  auto c2 = composition(a2, make_layout(make_shape(60), make_stride(4)));
  expect_same_function<1>(composition(a2s, make_layout(make_shape(Int<60>{}), make_stride(Int<4>{}))), c2);
  // (1,3,10,2):(3360,280,14,1)
  expect_same_function(composition(a2s, Layout<_60, _4>{}), composition(a2, make_layout(60, 4)));

  auto a3s = make_layout(Shape<_4, _6, _8, _10>{}, Stride<_2, _3, _5, _7>{});
  auto a3 = make_layout(make_shape(4, 6, 8, 10), make_stride(2, 3, 5, 7));
  // ((1,2,3,1)):((24,9,5,7)): size-1 modes at both ends kept.
  expect_same_function<1>(composition(a3s, make_layout(make_shape(Int<6>{}), make_stride(Int<12>{}))),
                       composition(a3, make_layout(make_shape(6), make_stride(12))));
  expect_same_function(composition(a3s, Layout<_6, _12>{}), composition(a3, make_layout(6, 12)));
}

// ============================================================================
// Section 3.1.3: the reshape 20:2 o (5,4):(4,1)
// ============================================================================

TEST(Seed000Composition, Reshape20By2) {
  auto sa = make_shape(Int<20>{});
  auto a = make_layout(sa, Stride<_2>{});
  auto sb = make_shape(Int<5>{}, Int<4>{});
  auto b = make_layout(sb, make_stride(Int<4>{}, Int<1>{}));
  EXPECT_EQ(to_string(b), "(_5,_4):(_4,_1)");
  EXPECT_EQ(table(b), (Table{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}, {16, 17, 18, 19}}));
  auto c = composition(a, b);
  EXPECT_EQ(to_string(c), "(_5,_4):(_8,_2)");
  EXPECT_EQ(table(c), (Table{{0, 2, 4, 6}, {8, 10, 12, 14}, {16, 18, 20, 22}, {24, 26, 28, 30}, {32, 34, 36, 38}}));
  // Left distributivity, as the article computes it: (20:2 o 5:4, 20:2 o 4:1) = (5:8, 4:2).
  EXPECT_EQ(to_string(composition(a, Layout<_5, _4>{})), "_5:_8");
  EXPECT_EQ(to_string(composition(a, Layout<_4, _1>{})), "_4:_2");
  EXPECT_EQ(to_string(composition(Layout<_20, _2>{}, b)), "(_5,_4):(_8,_2)");
}

TEST(Seed000Composition, Reshape20By2Dynamic) {
  auto a = make_layout(make_shape(20), make_stride(2));
  auto b = make_layout(make_shape(5, 4), make_stride(4, 1));
  auto c = composition(a, b);
  // (5,4):(8,2): the same structure as the static result.
  EXPECT_EQ(to_string(c), "(5,4):(8,2)");
  expect_same_function<1>(Layout<Shape<_5, _4>, Stride<_8, _2>>{}, c);
  expect_same_function<1>(Layout<Shape<_5, _4>, Stride<_8, _2>>{}, composition(make_layout(20, 2), b));
}

// ============================================================================
// Section 3.1.4: by-mode composition (the article's code: A has dynamic
// integers, the tiler static ones, so CuTe prints a mixed result)
// ============================================================================

TEST(Seed000Composition, ByModeTiler) {
  // (12,(4,8)):(59,(13,1))
  auto a = make_layout(make_shape(12, make_shape(4, 8)), make_stride(59, make_stride(13, 1)));
  // <3:4, 8:2>
  auto tiler = make_tile(Layout<_3, _4>{},   // Apply 3:4 to mode-0
                         Layout<_8, _2>{});  // Apply 8:2 to mode-1
  EXPECT_EQ(to_string(a), "(12,(4,8)):(59,(13,1))");
  EXPECT_EQ(to_string(tiler), "(_3:_4,_8:_2)");  // the article's <3:4,8:2>
  // (_3,(2,4)):(236,(26,1))
  auto result = composition(a, tiler);
  EXPECT_EQ(to_string(result), "(_3,(2,4)):(236,(26,1))");
  // Identical to
  auto same_r = make_layout(composition(layout<0>(a), get<0>(tiler)), composition(layout<1>(a), get<1>(tiler)));
  EXPECT_EQ(to_string(same_r), "(_3,(2,4)):(236,(26,1))");
  static_assert(std::is_same_v<decltype(result), decltype(same_r)>);

  // All static: CuTe prints (_3,(_2,_4)):(_236,(_26,_1)).
  auto as = make_layout(make_shape(Int<12>{}, make_shape(Int<4>{}, Int<8>{})),
                        make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
  EXPECT_EQ(to_string(composition(as, tiler)), "(_3,(_2,_4)):(_236,(_26,_1))");
  // All dynamic: the same structure, no underscores.
  auto dyn_tiler = make_tile(make_layout(3, 4), make_layout(8, 2));
  EXPECT_EQ(to_string(composition(a, dyn_tiler)), "(3,(2,4)):(236,(26,1))");
  expect_same_function<2>(composition(as, tiler), composition(a, dyn_tiler));
  expect_same_function<2>(composition(as, tiler), result);
}

TEST(Seed000Composition, ShapeTiler) {
  // (12,(4,8)):(59,(13,1))
  auto a = make_layout(make_shape(12, make_shape(4, 8)), make_stride(59, make_stride(13, 1)));
  // (8, 3)   [sic: the tiler is (3,8)]
  auto tiler = make_shape(Int<3>{}, Int<8>{});
  // Equivalent to <3:1, 8:1>
  auto tiler2 = make_tile(Layout<_3, _1>{},   // Apply 3:1 to mode-0
                          Layout<_8, _1>{});  // Apply 8:1 to mode-1
  // (_3,(4,2)):(59,(13,1))
  auto result = composition(a, tiler);
  EXPECT_EQ(to_string(result), "(_3,(4,2)):(59,(13,1))");
  EXPECT_EQ(to_string(composition(a, tiler2)), "(_3,(4,2)):(59,(13,1))");

  auto as = make_layout(make_shape(Int<12>{}, make_shape(Int<4>{}, Int<8>{})),
                        make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
  EXPECT_EQ(to_string(composition(as, tiler)), "(_3,(_4,_2)):(_59,(_13,_1))");
  // Dynamic shape tiler: the same structure.
  EXPECT_EQ(to_string(composition(a, make_shape(3, 8))), "(3,(4,2)):(59,(13,1))");
  expect_same_function<2>(composition(as, tiler), composition(a, make_shape(3, 8)));
}

// ============================================================================
// Section 4: cosize and complement
// ============================================================================

TEST(Seed000Complement, CosizeExample) {
  auto l = make_layout(Shape<_5, _4>{}, Stride<_4, _2>{});
  EXPECT_EQ(to_string(size(l)), "_20");
  EXPECT_EQ(to_string(cosize(l)), "_23");
  EXPECT_EQ(table(l), (Table{{0, 2, 4, 6}, {4, 6, 8, 10}, {8, 10, 12, 14}, {12, 14, 16, 18}, {16, 18, 20, 22}}));
}

TEST(Seed000Complement, Example2x2Stride1x6) {
  auto sa = make_shape(Int<2>{}, Int<2>{});
  auto a = make_layout(sa, Stride<_1, _6>{});
  EXPECT_EQ(table(a), (Table{{0, 6}, {1, 7}}));
  // The article's code passes a dynamic 24: CuTe prints (_3,2):(_2,_12).
  auto c = complement(a, 24);
  EXPECT_EQ(to_string(c), "(_3,2):(_2,_12)");
  EXPECT_EQ(table(c), (Table{{0, 12}, {2, 14}, {4, 16}}));
  // All static.
  EXPECT_EQ(to_string(complement(a, Int<24>{})), "(_3,_2):(_2,_12)");
  static_assert(std::is_same_v<decltype(complement(a, Int<24>{})), Layout<Shape<_3, _2>, Stride<_2, _12>>>);
}

TEST(Seed000Complement, Dynamic) {
  // Dynamic strides in several modes: the order of the modes is known only at
  // run time, so every result integer is dynamic and nothing is merged:
  // (1,3,2):(_1,2,12) where the static result is (_3,_2):(_2,_12); a leading
  // size-1 mode (the gap below stride 1) is kept. (CuTe rejects this input:
  // "Dynamic-stride complement only for rank-1 layouts".)
  auto c = complement(make_layout(make_shape(2, 2), make_stride(1, 6)), 24);
  expect_same_function(complement(make_layout(Shape<_2, _2>{}, Stride<_1, _6>{}), Int<24>{}), c);
  // Static strides, dynamic shapes: (3,2):(2,12), the static structure.
  auto c2 = complement(make_layout(make_shape(2, 2), Stride<_1, _6>{}), 24);
  EXPECT_EQ(to_string(c2), "(3,2):(2,12)");
  expect_same_function<1>(complement(make_layout(Shape<_2, _2>{}, Stride<_1, _6>{}), Int<24>{}), c2);
}

// ============================================================================
// Section 5.2: 1-D logical divide
// ============================================================================

TEST(Seed000Divide, OneD) {
  // layout-a
  auto sa = make_shape(Int<4>{}, Int<2>{}, Int<3>{});
  auto da = make_stride(Int<2>{}, Int<1>{}, Int<8>{});
  auto a = make_layout(sa, da);
  // layout-b (the article writes make_shape(Int<4>{}): a rank-1 tuple (_4):(_2))
  auto sb = make_shape(Int<4>{});
  auto db = make_stride(Int<2>{});
  auto b = make_layout(sb, db);
  EXPECT_EQ(to_string(b), "(_4):(_2)");

  auto b_star = complement(b, size(a));
  EXPECT_EQ(to_string(b_star), "(_2,_3):(_1,_8)");
  auto c1 = composition(a, b);
  EXPECT_EQ(to_string(c1), "((_2,_2)):((_4,_1))");
  auto c2 = composition(a, b_star);
  EXPECT_EQ(to_string(c2), "(_2,_3):(_2,_8)");
  // With B = (_4):(_2) the tile mode keeps B's rank-1 wrapping, as CuTe's
  // composition does for a tuple-shaped B (compare c1).
  auto d = logical_divide(a, b);
  EXPECT_EQ(to_string(d), "(((_2,_2)),(_2,_3)):(((_4,_1)),(_2,_8))");
  // With the integral tiler 4:2 this is CuTe's documented
  // ((_2,_2),(_2,_3)):((_4,_1),(_2,_8)).
  EXPECT_EQ(to_string(logical_divide(a, Layout<_4, _2>{})), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
  EXPECT_EQ(to_string(complement(Layout<_4, _2>{}, size(a))), "(_2,_3):(_1,_8)");
  EXPECT_EQ(to_string(composition(a, Layout<_4, _2>{})), "(_2,_2):(_4,_1)");
  // The definition: A o (B, B*).
  expect_same_function<1>(composition(a, make_layout(b, b_star)), d);
}

TEST(Seed000Divide, OneDDynamic) {
  auto as = make_layout(Shape<_4, _2, _3>{}, Stride<_2, _1, _8>{});
  auto a = make_layout(make_shape(4, 2, 3), make_stride(2, 1, 8));
  auto b = make_layout(4, 2);
  // (2,3):(_1,8): the complement of a single mode keeps the static stride _1.
  EXPECT_EQ(to_string(complement(b, size(a))), "(2,3):(_1,8)");
  expect_same_function<1>(complement(Layout<_4, _2>{}, size(as)), complement(b, size(a)));
  // (2,2,1):(4,1,8): A's last mode, reduced to size 1 at run time, is kept.
  expect_same_function(composition(as, Layout<_4, _2>{}), composition(a, b));
  // ((2,1,1),(1,1,3)):((2,1,8),(16,2,8))
  expect_same_function<1>(composition(as, Layout<Shape<_2, _3>, Stride<_1, _8>>{}),
                       composition(a, make_layout(make_shape(2, 3), make_stride(1, 8))));
  // ((2,2,1),((2,1,1),(1,1,3))):((4,1,8),((2,1,8),(16,2,8))): tile and rest
  // are each the same function as the static (_2,_2):(_4,_1) and (_2,_3):(_2,_8).
  expect_same_function<1>(logical_divide(as, Layout<_4, _2>{}), logical_divide(a, b));
  // The article's rank-1 B: (((2,2,1)),((2,1,1),(1,1,3))):(((4,1,8)),((2,1,8),(16,2,8))).
  expect_same_function<2>(logical_divide(as, make_layout(make_shape(Int<4>{}), make_stride(Int<2>{}))),
                       logical_divide(a, make_layout(make_shape(4), make_stride(2))));
}

// ============================================================================
// Sections 5.3 and 5.4: 2-D logical divide; zipped, tiled and flat divide
// ============================================================================

namespace {
auto layout_a_9x32() {
  // A: shape is (9,32)
  return make_layout(make_shape(Int<9>{}, make_shape(Int<4>{}, Int<8>{})),
                     make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
}
auto tiler_3x8() {
  // B-Tile < 3:3, (2,4):(1:8) >
  return make_tile(Layout<_3, _3>{},      // Apply     3:3     to mode-0
                   Layout<Shape<_2, _4>,  // Apply (2,4):(1,8) to mode-1
                          Stride<_1, _8>>{});
}
auto layout_a_9x32_dynamic() {
  return make_layout(make_shape(9, make_shape(4, 8)), make_stride(59, make_stride(13, 1)));
}
auto tiler_3x8_dynamic() { return make_tile(make_layout(3, 3), make_layout(make_shape(2, 4), make_stride(1, 8))); }
}  // namespace

TEST(Seed000Divide, TwoD) {
  auto layout_a = layout_a_9x32();
  auto tiler = tiler_3x8();
  // ((TileM,RestM), (TileN,RestN)) with shape ((3,3), (8,4))
  auto ld = logical_divide(layout_a, tiler);
  EXPECT_EQ(to_string(ld), "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))");
  EXPECT_EQ(to_string(shape(ld)), "((_3,_3),((_2,_4),(_2,_2)))");
  EXPECT_EQ((size<0, 0>(ld)), 3);
  EXPECT_EQ((size<0, 1>(ld)), 3);
  EXPECT_EQ((size<1, 0>(ld)), 8);
  EXPECT_EQ((size<1, 1>(ld)), 4);
  // print_tensor(tensor<0>(tld)): "(_3,_3):(_177,_59)" and its table.
  EXPECT_EQ(to_string(layout<0>(ld)), "(_3,_3):(_177,_59)");
  EXPECT_EQ(table(layout<0>(ld)), (Table{{0, 59, 118}, {177, 236, 295}, {354, 413, 472}}));
  // By mode: mode k is logical_divide(mode k of A, tiler entry k).
  EXPECT_EQ(to_string(layout<0>(ld)), to_string(logical_divide(layout<0>(layout_a), get<0>(tiler))));
  EXPECT_EQ(to_string(layout<1>(ld)), to_string(logical_divide(layout<1>(layout_a), get<1>(tiler))));
}

TEST(Seed000Divide, ZippedTiledFlat) {
  auto layout_a = layout_a_9x32();
  auto tiler = tiler_3x8();
  // ((TileM,TileN), (RestM,RestN)) with shape ((3,8), (3,4))
  auto zd = zipped_divide(layout_a, tiler);
  EXPECT_EQ(to_string(zd), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
  EXPECT_EQ(to_string(layout<0>(zd)), "(_3,(_2,_4)):(_177,(_13,_2))");
  EXPECT_EQ(table(layout<0>(zd)), (Table{{0, 13, 2, 15, 4, 17, 6, 19},
                                         {177, 190, 179, 192, 181, 194, 183, 196},
                                         {354, 367, 356, 369, 358, 371, 360, 373}}));
  // ((TileM,TileN), RestM, RestN, L, ...)
  EXPECT_EQ(to_string(tiled_divide(layout_a, tiler)), "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))");
  // (TileM, TileN, RestM, RestN, L, ...)
  EXPECT_EQ(to_string(flat_divide(layout_a, tiler)), "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))");
  // The composition alone: (3,(2,4)):(177,(13,2)).
  EXPECT_EQ(to_string(composition(layout_a, tiler)), "(_3,(_2,_4)):(_177,(_13,_2))");
}

// 2-D divides with dynamic integers. The tile modes keep the static structure
// of B ((3, ((2,1),(1,4))): the composition with each leaf of B keeps A's
// modes that have size 1 only at run time), the rest modes come from a
// complement of dynamic strides, so all of their integers are dynamic and
// unmerged: logical_divide prints
// ((3,(3,1)),(((2,1),(1,4)),((1,1),(2,2),(1,1)))):((177,(59,531)),(((13,1),(104,2)),((13,1),(26,1),(416,8)))).
// (CuTe rejects these: "Dynamic-stride complement only for rank-1 layouts".)
TEST(Seed000Divide, TwoDDynamic) {
  auto as = layout_a_9x32();
  auto ts = tiler_3x8();
  auto a = layout_a_9x32_dynamic();
  auto t = tiler_3x8_dynamic();
  expect_same_function<2>(logical_divide(as, ts), logical_divide(a, t));
  expect_same_function<2>(zipped_divide(as, ts), zipped_divide(a, t));
  expect_same_function<1>(tiled_divide(as, ts), tiled_divide(a, t));
  expect_same_function<1>(flat_divide(as, ts), flat_divide(a, t));
  // Dynamic shapes with static strides: every mode the article names has the
  // static structure.
  auto t2 = make_tile(make_layout(3, Int<3>{}), make_layout(make_shape(2, 4), Stride<_1, _8>{}));
  expect_same_function<2>(logical_divide(as, ts), logical_divide(a, t2));
  expect_same_function<2>(zipped_divide(as, ts), zipped_divide(a, t2));
}

// ============================================================================
// Section 6: products
// ============================================================================

TEST(Seed000Product, LogicalProductOfficialExample) {
  auto layout_a = make_layout(make_shape(Int<4>{}, Int<2>{}), make_stride(Int<1>{}, Int<16>{}));
  EXPECT_EQ(to_string(layout_a), "(_4,_2):(_1,_16)");
  EXPECT_EQ(table(layout_a), (Table{{0, 16}, {1, 17}, {2, 18}, {3, 19}}));
  auto layout_b = make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<2>{}, Int<1>{}));
  EXPECT_EQ(to_string(layout_b), "(_2,_2):(_2,_1)");
  EXPECT_EQ(table(layout_b), (Table{{0, 1}, {2, 3}}));

  Layout a_star = complement(layout_a, size(layout_a) * cosize(layout_b));
  EXPECT_EQ(to_string(a_star), "_4:_4");
  EXPECT_EQ(values(a_star), (std::vector<long long>{0, 4, 8, 12}));

  Layout a_star2 = composition(complement(layout_a, size(layout_a) * cosize(layout_b)), layout_b);
  EXPECT_EQ(to_string(a_star2), "(_2,_2):(_8,_4)");
  EXPECT_EQ(table(a_star2), (Table{{0, 4}, {8, 12}}));

  auto lp = logical_product(layout_a, layout_b);
  EXPECT_EQ(to_string(lp), "((_4,_2),(_2,_2)):((_1,_16),(_8,_4))");
  EXPECT_EQ(table(lp), (Table{{0, 8, 4, 12},
                              {1, 9, 5, 13},
                              {2, 10, 6, 14},
                              {3, 11, 7, 15},
                              {16, 24, 20, 28},
                              {17, 25, 21, 29},
                              {18, 26, 22, 30},
                              {19, 27, 23, 31}}));
}

TEST(Seed000Product, OneD) {
  auto a = make_layout(Shape<_2, _2>{}, Stride<_4, _1>{});
  EXPECT_EQ(values(a), (std::vector<long long>{0, 4, 1, 5}));
  EXPECT_EQ(to_string(complement(a, size(a) * cosize(Layout<_6, _1>{}))), "(_2,_3):(_2,_8)");
  auto p = logical_product(a, Layout<_6, _1>{});
  EXPECT_EQ(to_string(p), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
  // The second tile is A shifted by 2: [2,6,3,7].
  EXPECT_EQ(p(0, 1), 2);
  EXPECT_EQ(p(1, 1), 6);
  EXPECT_EQ(p(2, 1), 3);
  EXPECT_EQ(p(3, 1), 7);
  // B = (4,2):(2,1)
  EXPECT_EQ(to_string(logical_product(a, make_layout(Shape<_4, _2>{}, Stride<_2, _1>{}))),
            "((_2,_2),(_4,_2)):((_4,_1),(_8,_2))");
}

namespace {
auto layout_2x5() { return make_layout(Shape<_2, _5>{}, Stride<_5, _1>{}); }
auto tiler_3x4() { return make_tile(Layout<_3, _5>{}, Layout<_4, _6>{}); }
auto block_3x4() { return make_layout(Shape<_3, _4>{}, Stride<_1, _3>{}); }
}  // namespace

TEST(Seed000Product, TwoD) {
  auto a = layout_2x5();
  // by-mode logical product with the tiler <3:5,4:6>: ((xa,xb),(ya,yb))
  EXPECT_EQ(to_string(logical_product(a, tiler_3x4())), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
  // blocked_product: ((xa,xb),(ya,yb)) with the more intuitive B = (3,4):(1,3)
  auto blocked = blocked_product(a, block_3x4());
  EXPECT_EQ(to_string(blocked), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
  // raked_product: ((xb,xa),(yb,ya))
  auto raked = raked_product(a, block_3x4());
  EXPECT_EQ(to_string(raked), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
  // The raked product is the blocked one with each mode's pair swapped.
  for (int x0 = 0; x0 < 2; ++x0)
    for (int x1 = 0; x1 < 3; ++x1)
      for (int y0 = 0; y0 < 5; ++y0)
        for (int y1 = 0; y1 < 4; ++y1)
          EXPECT_EQ(blocked(make_coord(make_coord(x0, x1), make_coord(y0, y1))),
                    raked(make_coord(make_coord(x1, x0), make_coord(y1, y0))));
}

TEST(Seed000Product, ZippedTiledFlat) {
  auto a = layout_2x5();
  auto t = tiler_3x4();
  // ((M,N), (TileM,TileN,L,...))
  EXPECT_EQ(to_string(zipped_product(a, t)), "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))");
  // ((M,N), TileM, TileN, L, ...)
  EXPECT_EQ(to_string(tiled_product(a, t)), "((_2,_5),_3,_4):((_5,_1),_10,_30)");
  // (M, N, TileM, TileN, L, ...)
  EXPECT_EQ(to_string(flat_product(a, t)), "(_2,_5,_3,_4):(_5,_1,_10,_30)");
}

// Products with dynamic integers.
TEST(Seed000Product, Dynamic) {
  // Official example: A*'s strides are dynamic in several modes, so A* o B
  // keeps size-1 modes: ((4,2),((1,2,1),(1,2,1))):((1,16),((2,8,32),(1,4,32))).
  // (CuTe rejects this and the two 1-D products below: dynamic-stride complement.)
  auto la = make_layout(make_shape(4, 2), make_stride(1, 16));
  auto lb = make_layout(make_shape(2, 2), make_stride(2, 1));
  auto las = make_layout(Shape<_4, _2>{}, Stride<_1, _16>{});
  auto lbs = make_layout(Shape<_2, _2>{}, Stride<_2, _1>{});
  expect_same_function<2>(logical_product(las, lbs), logical_product(la, lb));
  // 1-D: ((2,2),(1,2,3)):((4,1),(1,2,8)), static ((_2,_2),(_2,_3)):((_4,_1),(_2,_8)).
  auto a = make_layout(make_shape(2, 2), make_stride(4, 1));
  auto as = make_layout(Shape<_2, _2>{}, Stride<_4, _1>{});
  expect_same_function<1>(logical_product(as, Layout<_6, _1>{}), logical_product(a, make_layout(6, 1)));
  expect_same_function<1>(logical_product(as, make_layout(Shape<_4, _2>{}, Stride<_2, _1>{})),
                       logical_product(a, make_layout(make_shape(4, 2), make_stride(2, 1))));
  // 2-D by mode: ((2,(1,3)),(5,(1,4))):((5,(5,10)),(1,(6,30))): each mode's
  // complement keeps its leading size-1 mode.
  auto b = make_layout(make_shape(2, 5), make_stride(5, 1));
  auto t = make_tile(make_layout(3, 5), make_layout(4, 6));
  expect_same_function<2>(logical_product(layout_2x5(), tiler_3x4()), logical_product(b, t));
  // ((2,5),((1,3),(1,4))):((5,1),((5,10),(6,30)))
  expect_same_function<2>(zipped_product(layout_2x5(), tiler_3x4()), zipped_product(b, t));
  // ((2,5),(1,3),(1,4)):((5,1),(5,10),(6,30))
  expect_same_function<1>(tiled_product(layout_2x5(), tiler_3x4()), tiled_product(b, t));
  // (2,5,(1,3),(1,4)):(5,1,(5,10),(6,30))
  expect_same_function<1>(flat_product(layout_2x5(), tiler_3x4()), flat_product(b, t));
  // blocked/raked: ((2,(1,1,3)),(5,(1,1,4))):((5,(1,5,10)),(1,(3,15,30))) and
  // (((1,1,3),2),((1,1,4),5)):(((1,5,10),5),((3,15,30),1)) (CuTe rejects both:
  // dynamic-stride complement).
  auto blk = make_layout(make_shape(3, 4), make_stride(1, 3));
  expect_same_function<2>(blocked_product(layout_2x5(), block_3x4()), blocked_product(b, blk));
  expect_same_function<2>(raked_product(layout_2x5(), block_3x4()), raked_product(b, blk));
  // With A's strides static: ((2,(1,3)),(5,(1,4))):((_5,(5,10)),(_1,(15,30))).
  auto bs = make_layout(make_shape(2, 5), Stride<_5, _1>{});
  expect_same_function<2>(blocked_product(layout_2x5(), block_3x4()), blocked_product(bs, blk));
}

// ============================================================================
// Seed 001: coalesce of (2,(1,6)):(1,(6,2)), and the shape-division walks as
// compositions with N:1 and N:r
// ============================================================================

TEST(Seed001Algebra, Coalesce) {
  auto layout = Layout<Shape<_2, Shape<_1, _6>>, Stride<_1, Stride<_6, _2>>>{};
  auto result = coalesce(layout);  // _12:_1
  EXPECT_EQ(to_string(result), "_12:_1");
  static_assert(std::is_same_v<decltype(result), Layout<_12, _1>>);
  // "flatten first, then apply the four rules": (2,1,6):(1,6,2) -> drop the
  // size-1 mode -> (2,6):(1,2) -> 2*1 == 2: 12:1.
  EXPECT_EQ(to_string(coalesce(flatten(layout))), "_12:_1");
  EXPECT_EQ(to_string(coalesce(layout, Step<_1, _1>{})), "(_2,_6):(_1,_2)");
}

TEST(Seed001Algebra, CoalesceDynamic) {
  // (2,1,6):(1,6,2): the size-1 mode is dynamic, so it is kept, and nothing
  // merges. CuTe prints the same.
  auto layout = make_layout(make_shape(2, make_shape(1, 6)), make_stride(1, make_stride(6, 2)));
  EXPECT_EQ(to_string(coalesce(layout)), "(2,1,6):(1,6,2)");
  expect_same_function(Layout<_12, _1>{}, coalesce(layout));
  // A static _1 is dropped even among dynamic integers: (2,6):(1,2).
  auto mixed = make_layout(make_shape(2, make_shape(_1{}, 6)), make_stride(1, make_stride(6, 2)));
  EXPECT_EQ(to_string(coalesce(mixed)), "(2,6):(1,2)");
  expect_same_function(Layout<_12, _1>{}, coalesce(mixed));
}

// The notes' "shape mod" and "shape div" walks are what composition does with
// a B of stride 1 (take the first N elements) or stride r (skip r).
TEST(Seed001Algebra, ShapeModAndDivAsComposition) {
  auto a = make_layout(Shape<_3, _6, _2, _8>{}, Stride<_1, _3, _18, _36>{});
  EXPECT_EQ(to_string(composition(a, Layout<_72, _1>{})), "_72:_1");  // (3,6,2,8)%72
  EXPECT_EQ(to_string(composition(a, Layout<_6, _1>{})), "_6:_1");    // (3,6,2,8)%6 => (3,2,1,1)
  EXPECT_EQ(to_string(composition(a, Layout<_9, _1>{})), "_9:_1");    // (3,6,2,8)%9 => (3,3,1,1)
  auto a62 = make_layout(Shape<_6, _2>{}, Stride<_1, _6>{});
  EXPECT_EQ(to_string(composition(a62, Layout<_2, _1>{})), "_2:_1");    // (6,2)%2 => (2,1)
  EXPECT_EQ(to_string(composition(a62, Layout<_12, _1>{})), "_12:_1");  // (6,2)%12 => (6,2)
  // (3,6,2,8):(w,x,y,z) / 72 => (1,1,1,4):(72w,24x,4y,2z); with w,x,y,z = 5,7,11,13
  // only the last mode remains: 4:26.
  auto w = make_layout(Shape<_3, _6, _2, _8>{}, Stride<_5, _7, _11, _13>{});
  EXPECT_EQ(to_string(composition(w, Layout<_4, _72>{})), "_4:_26");

  // Dynamic: the size-1 modes stay. (3,6,2,2):(1,3,18,36), (2,1):(1,6),
  // (1,1,1,4):(360,168,44,26), as CuTe prints them.
  auto ad = make_layout(make_shape(3, 6, 2, 8), make_stride(1, 3, 18, 36));
  EXPECT_EQ(to_string(composition(ad, make_layout(72, 1))), "(3,6,2,2):(1,3,18,36)");
  expect_same_function(composition(a, Layout<_72, _1>{}), composition(ad, make_layout(72, 1)));
  expect_same_function(composition(a, Layout<_6, _1>{}), composition(ad, make_layout(6, 1)));
  expect_same_function(composition(a, Layout<_9, _1>{}), composition(ad, make_layout(9, 1)));
  auto a62d = make_layout(make_shape(6, 2), make_stride(1, 6));
  EXPECT_EQ(to_string(composition(a62d, 2)), "(2,1):(1,6)");
  expect_same_function(composition(a62, Layout<_2, _1>{}), composition(a62d, 2));
  expect_same_function(composition(a62, Layout<_12, _1>{}), composition(a62d, 12));
  auto wd = make_layout(make_shape(3, 6, 2, 8), make_stride(5, 7, 11, 13));
  EXPECT_EQ(to_string(composition(wd, make_layout(4, 72))), "(1,1,1,4):(360,168,44,26)");
  expect_same_function(composition(w, Layout<_4, _72>{}), composition(wd, make_layout(4, 72)));
}

// ============================================================================
// Inadmissible inputs. Static integers: compile errors, see
// tests/compile_fail/{composition_shape_divisibility,composition_stride_divisibility,
// composition_not_distributive,complement_not_injective}.cpp. Dynamic integers:
// tessel::error naming the condition.
// ============================================================================

TEST(Seed000Inadmissible, ShapeDivisibility70By4) {
  // The article's B = 70:4 on the row-major (2,6,10,14): 4 | 14*... as for
  // 60:4, but the remaining shape 70 is not divisible by A's 3 (6/2): CuTe's
  // "Static shape_div failure", and no layout equals j -> A(4j) on [0,70).
  auto a2 = make_layout(make_shape(2, 6, 10, 14), GenRowMajor{});
  std::string const e = error_of([&] { (void)composition(a2, make_layout(make_shape(70), make_stride(4))); });
  EXPECT_TRUE(contains(e, "composition")) << e;
  EXPECT_TRUE(contains(e, "shape divisibility")) << e;
  std::string const e2 = error_of([&] { (void)composition(a2, make_layout(70, 4)); });
  EXPECT_TRUE(contains(e2, "shape divisibility")) << e2;
  // 60 is fine.
  EXPECT_EQ(error_of([&] { (void)composition(a2, make_layout(60, 4)); }), "");
}

TEST(Seed000Inadmissible, StrideDivisibility6By3) {
  // The spec's example CuTe gets silently wrong ((2,3):(6,3)): 3 does not
  // divide A's first shape 4.
  auto a = make_layout(make_shape(4, 6, 8), make_stride(2, 3, 5));
  std::string const e = error_of([&] { (void)composition(a, make_layout(6, 3)); });
  EXPECT_TRUE(contains(e, "composition")) << e;
  EXPECT_TRUE(contains(e, "stride divisibility")) << e;
}

TEST(Seed000Inadmissible, NotDistributive) {
  // (6,2):(1,7) o (3,2):(2,3): CuTe and pycute return (3,2):(2,3), but at
  // coordinate (2,1) the true value is A(7) = 8, not 7.
  auto a = make_layout(make_shape(6, 2), make_stride(1, 7));
  std::string const e = error_of([&] { (void)composition(a, make_layout(make_shape(3, 2), make_stride(2, 3))); });
  EXPECT_TRUE(contains(e, "composition")) << e;
  EXPECT_TRUE(contains(e, "overlap")) << e;
}

TEST(Seed000Inadmissible, ComplementNotInjective) {
  // Dynamic strides of several modes.
  std::string const e = error_of([&] { (void)complement(make_layout(make_shape(2, 2), make_stride(1, 1))); });
  EXPECT_TRUE(contains(e, "complement")) << e;
  EXPECT_TRUE(contains(e, "not injective")) << e;
  // Static strides, dynamic shapes.
  std::string const e2 = error_of([&] { (void)complement(make_layout(make_shape(2, 2), Stride<_1, _1>{}), 24); });
  EXPECT_TRUE(contains(e2, "complement")) << e2;
  EXPECT_TRUE(contains(e2, "not injective")) << e2;
  // An injective layout whose image is not a chain: (2,3):(2,3) reaches
  // 0,2,3,5,6,8 (injective), but 3 is not a multiple of 2*2.
  std::string const e3 = error_of([&] { (void)complement(make_layout(make_shape(2, 3), make_stride(2, 3)), 24); });
  EXPECT_TRUE(contains(e3, "complement")) << e3;
  // ... and divides that need that complement fail with it.
  std::string const e4 =
      error_of([&] { (void)logical_divide(make_layout(12, 1), make_layout(make_shape(2, 2), make_stride(1, 1))); });
  EXPECT_TRUE(contains(e4, "not injective")) << e4;
}

// zipped/tiled/flat_divide keep the name of the condition that fails in the
// logical divide underneath (engine::mode() no longer overwrites the error).
TEST(Seed000Inadmissible, ArrangedDividesNameTheCondition) {
  auto a = make_layout(12, 1);
  auto b = make_layout(make_shape(2, 2), make_stride(1, 1));
  for (std::string const& e : {error_of([&] { (void)zipped_divide(a, b); }),
                               error_of([&] { (void)tiled_divide(a, b); }),
                               error_of([&] { (void)flat_divide(a, b); })}) {
    EXPECT_TRUE(contains(e, "not injective")) << e;
  }
}
