// Every worked example of seed 004 (CuTe's "Layouts" document), compared to
// the text the document prints.
//
// About whitespace: the seed is a scrape of the HTML page, which collapsed runs
// of spaces ("  0   2   4   6" reads "0 2 4 6"). Where the document shows the
// output of a printf format we rebuild the exact text with that format and
// compare character for character; where it shows a hand-written table we
// compare the numbers, space separated, as the seed has them.
//
// About underscores: CuTe prints static integers as _N. The document's comments
// for the sublayout, select/take and concatenation examples drop the
// underscores ("4:1") although those layouts are fully static, and CuTe really
// prints "_4:_1". We compare against CuTe's real output and also check that
// removing the underscores gives the document's comment.
#include <gtest/gtest.h>

#include <cstdarg>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

// printf into a std::string.
[[gnu::format(printf, 1, 2)]] std::string format(char const* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  char buf[256];
  int const n = std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return std::string(buf, n < 0 ? 0 : std::size_t(n) < sizeof buf ? std::size_t(n) : sizeof buf - 1);
}

// The document's print2D and print1D, writing into a string with the same
// printf format instead of to stdout.
template <class L>
std::string print2D(L const& layout) {
  std::string out;
  for (int m = 0; m < size<0>(layout); ++m) {
    for (int n = 0; n < size<1>(layout); ++n) out += format("%3d ", int(layout(m, n)));
    out += "\n";
  }
  return out;
}
template <class L>
std::string print1D(L const& layout) {
  std::string out;
  for (int i = 0; i < size(layout); ++i) out += format("%3d ", int(layout(i)));
  return out;
}

// CuTe's print_layout, written out with CuTe's printf formats, as an
// independent reference for tessel's print_layout.
template <class L>
std::string cute_print_layout(L const& layout) {
  std::string out = to_string(layout) + "\n";
  int const idx_width = num_digits(int(cosize(layout))) + 2;
  char const* delim = "+-----------------------";
  auto rule = [&] {
    out += "    ";
    for (int n = 0; n < size<1>(layout); ++n) out += format("%.*s", idx_width + 1, delim);
    out += "+\n";
  };
  out += "    ";
  for (int n = 0; n < size<1>(layout); ++n) out += format("  %*d ", idx_width - 2, n);
  out += "\n";
  for (int m = 0; m < size<0>(layout); ++m) {
    rule();
    out += format("%2d  ", m);
    for (int n = 0; n < size<1>(layout); ++n) out += format("| %*d ", idx_width - 2, int(layout(m, n)));
    out += "|\n";
  }
  rule();
  return out;
}

// What tessel::print writes to stdout.
template <class F>
std::string capture_stdout(F&& f) {
  testing::internal::CaptureStdout();
  f();
  std::fflush(stdout);
  return testing::internal::GetCapturedStdout();
}

std::string without_underscores(std::string s) {
  std::erase(s, '_');
  return s;
}

// Values joined by single spaces, as the seed shows the document's tables.
template <class T>
std::string joined(std::vector<T> const& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? " " : "") + std::to_string(v[i]);
  return out;
}

// The document's nine example layouts ("Constructing a Layout").
struct Examples {
  Layout<_8> s8 = make_layout(Int<8>{});
  decltype(make_layout(8)) d8 = make_layout(8);
  decltype(make_layout(make_shape(Int<2>{}, Int<4>{}))) s2xs4 = make_layout(make_shape(Int<2>{}, Int<4>{}));
  decltype(make_layout(make_shape(Int<2>{}, 4))) s2xd4 = make_layout(make_shape(Int<2>{}, 4));
  decltype(make_layout(make_shape(Int<2>{}, 4), make_stride(Int<12>{}, Int<1>{}))) s2xd4_a =
      make_layout(make_shape(Int<2>{}, 4), make_stride(Int<12>{}, Int<1>{}));
  decltype(make_layout(make_shape(Int<2>{}, 4), LayoutLeft{})) s2xd4_col =
      make_layout(make_shape(Int<2>{}, 4), LayoutLeft{});
  decltype(make_layout(make_shape(Int<2>{}, 4), LayoutRight{})) s2xd4_row =
      make_layout(make_shape(Int<2>{}, 4), LayoutRight{});
  decltype(make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)))) s2xh4 =
      make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)));
  decltype(make_layout(shape(s2xh4), LayoutLeft{})) s2xh4_col = make_layout(shape(s2xh4), LayoutLeft{});
};

}  // namespace

// ---- Integers -----------------------------------------------------------------------

TEST(Seed004Integers, Traits) {
  // Dynamic integers: int, size_t, uint16_t (the document's examples).
  static_assert(is_integral<int>::value && is_integral<std::size_t>::value && is_integral<uint16_t>::value);
  static_assert(is_std_integral<int>::value && is_std_integral<std::size_t>::value && is_std_integral<uint16_t>::value);
  static_assert(!is_static<int>::value && !is_static<std::size_t>::value);
  static_assert(!is_constant<2, int>::value);
  // Static integers: Int<1>, Int<2>, Int<3>, _1, _2, _3, C<v>.
  static_assert(std::is_same_v<Int<1>, _1> && std::is_same_v<Int<2>, _2> && std::is_same_v<Int<3>, _3>);
  static_assert(std::is_same_v<C<3>, _3>);
  static_assert(is_integral<_1>::value && is_integral<Int<3>>::value && is_integral<C<17>>::value);
  static_assert(!is_std_integral<_1>::value && !is_std_integral<Int<3>>::value);
  static_assert(is_static<_1>::value && is_static<Int<3>>::value && is_static<_m1>::value);
  static_assert(is_constant<3, Int<3>>::value && is_constant<3, _3 const&>::value);
  static_assert(!is_constant<4, Int<3>>::value && !is_constant<3, int>::value);
  // Not integers.
  static_assert(!is_integral<float>::value && !is_integral<tuple<int>>::value);
  // is_static is std::is_empty: true of all-static tuples and layouts too.
  static_assert(is_static<Shape<_2, Shape<_3, _4>>>::value);
  static_assert(!is_static<Shape<_2, int>>::value);
  static_assert(is_static<Layout<Shape<_2, _4>>>::value);
  static_assert(!is_static<decltype(make_layout(8))>::value);
  // A static integer converts to its value and takes no storage in a tuple.
  static_assert(int(_8{}) == 8 && _8{}() == 8 && _8::value == 8);
  static_assert(sizeof(tuple<int, _8, _4>) == sizeof(int));
  static_assert(sizeof(tuple<_1, _2>) == 1 && std::is_empty_v<tuple<_1, _2>>);
}

TEST(Seed004Integers, ArithmeticStaysStatic) {
  int x = 5;
  static_assert(std::is_same_v<decltype(_2{} * _3{}), C<6>>);
  static_assert(std::is_same_v<decltype(_2{} + _3{}), _5>);
  static_assert(std::is_same_v<decltype(_8{} / _2{}), _4>);
  static_assert(std::is_same_v<decltype(_8{} % _3{}), _2>);
  static_assert(std::is_same_v<decltype(_2{} - _3{}), _m1>);
  static_assert(std::is_same_v<decltype(-_2{}), _m2>);
  static_assert(std::is_same_v<decltype(_2{} < _3{}), C<true>>);
  // CuTe's absorbing and identity cases with a dynamic operand.
  static_assert(std::is_same_v<decltype(_0{} * x), _0> && std::is_same_v<decltype(x * _0{}), _0>);
  static_assert(std::is_same_v<decltype(_1{} * x), int> && std::is_same_v<decltype(x * _1{}), int>);
  static_assert(std::is_same_v<decltype(x % _1{}), _0>);
  static_assert(std::is_same_v<decltype(_0{} / x), _0> && std::is_same_v<decltype(x / _1{}), int>);
  static_assert(std::is_same_v<decltype(_0{} + x), int> && std::is_same_v<decltype(x + _0{}), int>);
  // Otherwise mixing gives a dynamic integer.
  static_assert(std::is_same_v<decltype(_2{} * x), int> && std::is_same_v<decltype(x + _3{}), int>);
  EXPECT_EQ(_1{} * x, 5);
  EXPECT_EQ(x * _1{}, 5);
  EXPECT_EQ(_2{} * x, 10);
  EXPECT_EQ(x + _3{}, 8);
  EXPECT_EQ(x / _1{}, 5);
  // Static sizes and strides of a static layout stay static.
  static_assert(std::is_same_v<decltype(size(Layout<Shape<_2, _4>>{})), _8>);
  static_assert(std::is_same_v<decltype(cosize(Layout<Shape<_2, _4>>{})), _8>);
}

TEST(Seed004Integers, Printing) {
  EXPECT_EQ(to_string(_8{}), "_8");
  EXPECT_EQ(to_string(Int<3>{}), "_3");
  EXPECT_EQ(to_string(8), "8");
  EXPECT_EQ(to_string(_m1{}), "_-1");  // CuTe: "_" then the value
  EXPECT_EQ(to_string(uint16_t{42}), "42");
  EXPECT_EQ(capture_stdout([] { print(_8{}); }), "_8");
}

// print (printf: static text in one piece, a value with dynamic integers in one printf call with its
// format spelled at compile time) writes what to_string (the element-by-element writer) writes, for
// every integer type and sign, nested tuples, layouts and the bool/char leaves that keep their own form.
TEST(Seed004Integers, PrintOneCallMatchesElementWriter) {
  auto same = [](auto const& x, char const* expected) {
    EXPECT_EQ(capture_stdout([&] { print(x); }), expected);
    EXPECT_EQ(to_string(x), expected);
  };
  same(-7, "-7");
  same(7u, "7");
  same(std::numeric_limits<long long>::min(), "-9223372036854775808");
  same(std::numeric_limits<unsigned long long>::max(), "18446744073709551615");
  same(make_tuple(std::numeric_limits<uint64_t>::max(), Int<-3>{}, std::numeric_limits<int64_t>::min()),
       "(18446744073709551615,_-3,-9223372036854775808)");
  same(make_tuple(static_cast<signed char>(-5), static_cast<unsigned char>(200), short{-7}, uint16_t{65535}),
       "(-5,200,-7,65535)");
  same(make_tuple(1, make_tuple(Int<2>{}, make_tuple(3u, Int<4>{})), tuple<>{}), "(1,(_2,(3,_4)),())");
  same(make_layout(make_shape(Int<2>{}, 4)), "(_2,4):(_1,_2)");
  same(make_layout(make_shape(3, make_shape(Int<2>{}, -1 + 3)), make_stride(Int<0>{}, make_stride(-4, 1u))),
       "(3,(_2,2)):(_0,(-4,1))");
  same(make_tuple(true, 'c', 5), "(1,c,5)");
  same(make_layout(Int<4>{}, std::numeric_limits<int>::min()), "_4:-2147483648");
}

// ---- IntTuple -------------------------------------------------------------------------

TEST(Seed004IntTuple, Examples) {
  // int{2}, Int<3>{}, make_tuple(int{2}, Int<3>{}),
  // make_tuple(uint16_t{42}, make_tuple(Int<1>{}, int32_t{3}), Int<17>{}).
  EXPECT_EQ(to_string(int{2}), "2");
  EXPECT_EQ(to_string(Int<3>{}), "_3");
  EXPECT_EQ(to_string(make_tuple(int{2}, Int<3>{})), "(2,_3)");
  auto t = make_tuple(uint16_t{42}, make_tuple(Int<1>{}, int32_t{3}), Int<17>{});
  EXPECT_EQ(to_string(t), "(42,(_1,3),_17)");
  static_assert(is_int_tuple_v<decltype(t)>);
  EXPECT_EQ(size(t), 42 * 3 * 17);
  EXPECT_EQ(rank(t), 3);
  EXPECT_EQ(depth(t), 2);
  EXPECT_EQ((get<1, 1>(t)), 3);
}

TEST(Seed004IntTuple, RankDepthSizeGet) {
  // The document's IntTuples: 6, (2), (4,3), (3,(6,2),8).
  auto a = 6;
  auto b = make_tuple(2);
  auto c = make_tuple(4, 3);
  auto d = make_tuple(3, make_tuple(6, 2), 8);
  EXPECT_EQ(to_string(a), "6");
  EXPECT_EQ(to_string(b), "(2)");
  EXPECT_EQ(to_string(c), "(4,3)");
  EXPECT_EQ(to_string(d), "(3,(6,2),8)");
  // rank: an integer has rank 1; depth: 0 for an integer, 1 for a tuple of integers, ...
  static_assert(decltype(rank(a))::value == 1 && decltype(depth(a))::value == 0);
  static_assert(decltype(rank(b))::value == 1 && decltype(depth(b))::value == 1);
  static_assert(decltype(rank(c))::value == 2 && decltype(depth(c))::value == 1);
  static_assert(decltype(rank(d))::value == 3 && decltype(depth(d))::value == 2);
  EXPECT_EQ(size(a), 6);
  EXPECT_EQ(size(b), 2);
  EXPECT_EQ(size(c), 12);
  EXPECT_EQ(size(d), 288);
  // get<0> of an integer is the integer; the hierarchical accessors.
  EXPECT_EQ(get<0>(a), 6);
  EXPECT_EQ((get<1, 0>(d)), 6);
  EXPECT_EQ((get<1, 1>(d)), 2);
  EXPECT_EQ(rank<1>(d), 2);
  EXPECT_EQ(depth<1>(d), 1);
  EXPECT_EQ((depth<1, 0>(d)), 0);
  EXPECT_EQ(size<1>(d), 12);
  EXPECT_EQ(size<2>(d), 8);
  EXPECT_EQ(to_string(shape<1>(d)), "(6,2)");
}

// ---- Constructing a Layout --------------------------------------------------------------

TEST(Seed004Layout, ConstructionPrints) {
  Examples e;
  struct Row {
    char const* name;
    std::string printed;
    char const* doc;
  };
  Row const rows[] = {
      {"s8", to_string(e.s8), "_8:_1"},
      {"d8", to_string(e.d8), "8:_1"},
      {"s2xs4", to_string(e.s2xs4), "(_2,_4):(_1,_2)"},
      {"s2xd4", to_string(e.s2xd4), "(_2,4):(_1,_2)"},
      {"s2xd4_a", to_string(e.s2xd4_a), "(_2,4):(_12,_1)"},
      {"s2xd4_col", to_string(e.s2xd4_col), "(_2,4):(_1,_2)"},
      {"s2xd4_row", to_string(e.s2xd4_row), "(_2,4):(4,_1)"},
      {"s2xh4", to_string(e.s2xh4), "(2,(2,2)):(4,(2,1))"},
      {"s2xh4_col", to_string(e.s2xh4_col), "(2,(2,2)):(_1,(2,4))"},
  };
  for (auto const& r : rows) EXPECT_EQ(r.printed, r.doc) << r.name;

  // print (to stdout) and operator<< agree with to_string.
  EXPECT_EQ(capture_stdout([&] { print(e.s2xh4_col); }), "(2,(2,2)):(_1,(2,4))");
  std::ostringstream os;
  os << e.s2xd4_row;
  EXPECT_EQ(os.str(), "(_2,4):(4,_1)");

  // Shape and Stride are congruent.
  static_assert(decltype(congruent(shape(e.s2xh4), stride(e.s2xh4)))::value);
  static_assert(decltype(congruent(shape(e.s2xd4_a), stride(e.s2xd4_a)))::value);
  static_assert(!decltype(congruent(make_shape(2, make_shape(2, 2)), make_stride(1, 2)))::value);
  // The LayoutRight strides of s2xh4's shape are s2xh4's strides.
  EXPECT_TRUE(make_layout(shape(e.s2xh4), LayoutRight{}) == e.s2xh4);
  EXPECT_TRUE(make_layout(shape(e.s2xh4), GenRowMajor{}) == e.s2xh4);
  EXPECT_TRUE(make_layout(shape(e.s2xh4), GenColMajor{}) == e.s2xh4_col);
  EXPECT_TRUE(make_layout(shape(e.s2xh4)) == e.s2xh4_col);
  EXPECT_FALSE(e.s2xh4 == e.s2xh4_col);
  // The static parts stay static.
  static_assert(is_static_v<decltype(e.s8)> && is_static_v<decltype(e.s2xs4)>);
  static_assert(!is_static_v<decltype(e.d8)> && !is_static_v<decltype(e.s2xd4)>);
}

TEST(Seed004Layout, RankDepthSizeCosize) {
  Examples e;
  struct Row {
    char const* name;
    int rank, depth, size, cosize, last;  // last: L(size(L) - 1)
  };
  auto row = [](char const* name, auto const& l) {
    return Row{name, int(rank(l)), int(depth(l)), int(size(l)), int(cosize(l)), int(l(size(l) - 1))};
  };
  Row const got[] = {row("s8", e.s8),           row("d8", e.d8),         row("s2xs4", e.s2xs4),
                     row("s2xd4", e.s2xd4),     row("s2xd4_a", e.s2xd4_a), row("s2xd4_col", e.s2xd4_col),
                     row("s2xd4_row", e.s2xd4_row), row("s2xh4", e.s2xh4), row("s2xh4_col", e.s2xh4_col)};
  Row const want[] = {{"s8", 1, 0, 8, 8, 7},        {"d8", 1, 0, 8, 8, 7},        {"s2xs4", 2, 1, 8, 8, 7},
                      {"s2xd4", 2, 1, 8, 8, 7},     {"s2xd4_a", 2, 1, 8, 16, 15}, {"s2xd4_col", 2, 1, 8, 8, 7},
                      {"s2xd4_row", 2, 1, 8, 8, 7}, {"s2xh4", 2, 2, 8, 8, 7},     {"s2xh4_col", 2, 2, 8, 8, 7}};
  for (std::size_t k = 0; k < std::size(want); ++k) {
    EXPECT_EQ(got[k].rank, want[k].rank) << want[k].name;
    EXPECT_EQ(got[k].depth, want[k].depth) << want[k].name;
    EXPECT_EQ(got[k].size, want[k].size) << want[k].name;
    EXPECT_EQ(got[k].cosize, want[k].cosize) << want[k].name;
    // The document: cosize(A) == A(size(A) - 1) + 1.
    EXPECT_EQ(got[k].cosize, got[k].last + 1) << want[k].name;
  }
  // Static layouts give static answers.
  static_assert(std::is_same_v<decltype(size(e.s2xs4)), _8> && std::is_same_v<decltype(cosize(e.s2xs4)), _8>);
  static_assert(std::is_same_v<decltype(rank(e.s2xh4)), _2> && std::is_same_v<decltype(depth(e.s2xh4)), _2>);
  // size<I>, shape<I...>, stride<I...> of the hierarchical example.
  EXPECT_EQ(size<0>(e.s2xh4), 2);
  EXPECT_EQ(size<1>(e.s2xh4), 4);
  EXPECT_EQ(to_string(shape<1>(e.s2xh4)), "(2,2)");
  EXPECT_EQ(to_string(stride<1>(e.s2xh4)), "(2,1)");
  EXPECT_EQ((stride<1, 0>(e.s2xh4)), 2);
  EXPECT_EQ(to_string(get<1>(e.s2xh4)), "(2,2):(2,1)");
  EXPECT_EQ(rank<1>(e.s2xh4), 2);
  EXPECT_EQ(depth<1>(e.s2xh4), 1);
}

// ---- Using a Layout: print2D, print1D, print_layout ---------------------------------------

TEST(Seed004Layout, Print2D) {
  Examples e;
  // The document (whitespace collapsed by the scrape):
  //   print2D(s2xs4)     0 2 4 6 / 1 3 5 7
  //   print2D(s2xd4_a)   0 1 2 3 / 12 13 14 15
  //   print2D(s2xh4_col) 0 2 4 6 / 1 3 5 7
  //   print2D(s2xh4)     0 2 1 3 / 4 6 5 7
  EXPECT_EQ(print2D(e.s2xs4), "  0   2   4   6 \n"
                              "  1   3   5   7 \n");
  EXPECT_EQ(print2D(e.s2xd4_a), "  0   1   2   3 \n"
                                " 12  13  14  15 \n");
  EXPECT_EQ(print2D(e.s2xh4_col), "  0   2   4   6 \n"
                                  "  1   3   5   7 \n");
  EXPECT_EQ(print2D(e.s2xh4), "  0   2   1   3 \n"
                              "  4   6   5   7 \n");
}

TEST(Seed004Layout, Print1D) {
  Examples e;
  // The document labels the last three "print2D" but shows print1D output.
  EXPECT_EQ(print1D(e.s2xs4), "  0   1   2   3   4   5   6   7 ");
  EXPECT_EQ(print1D(e.s2xd4_a), "  0  12   1  13   2  14   3  15 ");
  EXPECT_EQ(print1D(e.s2xh4_col), "  0   1   2   3   4   5   6   7 ");
  EXPECT_EQ(print1D(e.s2xh4), "  0   4   2   6   1   5   3   7 ");
  // Every multi-mode takes a 1-D coordinate: the whole layout, and mode 1.
  EXPECT_EQ(print1D(layout<1>(e.s2xh4)), "  0   2   1   3 ");
}

TEST(Seed004Layout, PrintLayoutGrid) {
  Examples e;
  // print_layout(s2xh4), as CuTe prints it (the seed collapsed the leading
  // spaces of each line).
  std::string const want =
      "(2,(2,2)):(4,(2,1))\n"
      "      0   1   2   3 \n"
      "    +---+---+---+---+\n"
      " 0  | 0 | 2 | 1 | 3 |\n"
      "    +---+---+---+---+\n"
      " 1  | 4 | 6 | 5 | 7 |\n"
      "    +---+---+---+---+\n";
  EXPECT_EQ(cute_print_layout(e.s2xh4), want);  // the reference agrees with the literal
  EXPECT_EQ(layout_table(e.s2xh4), want);
  EXPECT_EQ(capture_stdout([&] { print_layout(e.s2xh4); }), want);
  std::ostringstream os;
  print_layout(os, e.s2xh4);
  EXPECT_EQ(os.str(), want);
}

TEST(Seed004Layout, PrintLayoutMatchesCuteFormat) {
  // Wider cells (cosize >= 10, >= 100), two-digit row numbers, static strides.
  Examples e;
  auto check = [](auto const& l) {
    EXPECT_EQ(layout_table(l), cute_print_layout(l)) << to_string(l);
    EXPECT_EQ(capture_stdout([&] { print_layout(l); }), cute_print_layout(l)) << to_string(l);
  };
  check(e.s2xs4);
  check(e.s2xd4_a);
  check(e.s2xd4_row);
  check(e.s2xh4_col);
  check(make_layout(make_shape(3, make_shape(2, 3)), make_stride(3, make_stride(12, 1))));
  check(make_layout(make_shape(12, 5), LayoutRight{}));
  check(make_layout(make_shape(Int<16>{}, Int<8>{})));
  check(make_layout(make_shape(make_shape(2, 2), 2), make_stride(make_stride(4, 1), 2)));
  // Spot check of a width-5 grid: cosize 128 has 3 digits.
  std::string const t = layout_table(make_layout(make_shape(Int<16>{}, Int<8>{})));
  EXPECT_NE(t.find("\n        0     1     2"), std::string::npos) << t;
  EXPECT_NE(t.find("\n    +-----+-----+"), std::string::npos) << t;
  EXPECT_NE(t.find("\n15  |  15 |  31 |"), std::string::npos) << t;
}

// ---- Vector layouts -------------------------------------------------------------------

TEST(Seed004Layout, VectorLayouts) {
  auto indices = [](auto const& l) {
    std::vector<int> v;
    for (int i = 0; i < size(l); ++i) v.push_back(int(l(i)));
    return joined(v);
  };
  auto l81 = make_layout(8, 1);
  auto l82 = make_layout(8, 2);
  auto l42r = make_layout(make_shape(make_shape(4, 2)), make_stride(make_stride(2, 1)));
  auto l42c = make_layout(make_shape(make_shape(4, 2)), make_stride(make_stride(1, 4)));
  struct Row {
    std::string printed, indices;
    char const* doc_layout;
    char const* doc_index;
  };
  Row const rows[] = {
      {to_string(l81), indices(l81), "8:1", "0 1 2 3 4 5 6 7"},
      {to_string(l82), indices(l82), "8:2", "0 2 4 6 8 10 12 14"},
      {to_string(l42r), indices(l42r), "((4,2)):((2,1))", "0 2 4 6 1 3 5 7"},
      {to_string(l42c), indices(l42c), "((4,2)):((1,4))", "0 1 2 3 4 5 6 7"},
  };
  for (auto const& r : rows) {
    EXPECT_EQ(r.printed, r.doc_layout);
    EXPECT_EQ(r.indices, r.doc_index) << r.doc_layout;
  }
  // All four are vectors (rank 1).
  static_assert(decltype(rank(l81))::value == 1 && decltype(rank(l42r))::value == 1);
  // ((4,2)):((1,4)) is the identity, as 8:1 is.
  for (int i = 0; i < 8; ++i) EXPECT_EQ(l42c(i), l81(i));
}

// ---- Matrix examples ------------------------------------------------------------------

TEST(Seed004Layout, MatrixExamples) {
  auto table = [](auto const& l) {
    std::string out;
    for (int m = 0; m < size<0>(l); ++m) {
      std::vector<int> row;
      for (int n = 0; n < size<1>(l); ++n) row.push_back(int(l(m, n)));
      out += joined(row) + "\n";
    }
    return out;
  };
  auto col = make_layout(make_shape(4, 2), make_stride(1, 4));
  auto row = make_layout(make_shape(4, 2), make_stride(2, 1));
  auto hier = make_layout(make_shape(make_shape(2, 2), 2), make_stride(make_stride(4, 1), 2));
  struct Row {
    std::string shape, stride, table;
    char const *doc_shape, *doc_stride, *doc_table;
  };
  Row const rows[] = {
      {to_string(shape(col)), to_string(stride(col)), table(col), "(4,2)", "(1,4)", "0 4\n1 5\n2 6\n3 7\n"},
      {to_string(shape(row)), to_string(stride(row)), table(row), "(4,2)", "(2,1)", "0 1\n2 3\n4 5\n6 7\n"},
      {to_string(shape(hier)), to_string(stride(hier)), table(hier), "((2,2),2)", "((4,1),2)",
       "0 2\n4 6\n1 3\n5 7\n"},
  };
  for (auto const& r : rows) {
    EXPECT_EQ(r.shape, r.doc_shape);
    EXPECT_EQ(r.stride, r.doc_stride);
    EXPECT_EQ(r.table, r.doc_table) << r.doc_shape << ":" << r.doc_stride;
  }
  // The row-major and col-major ones are make_layout with LayoutRight / LayoutLeft.
  EXPECT_TRUE(make_layout(make_shape(4, 2), LayoutRight{}) == row);
  EXPECT_TRUE(make_layout(make_shape(4, 2)) == col);
}

// ---- Layout compatibility ---------------------------------------------------------------

TEST(Seed004Concepts, Compatibility) {
  auto const s24 = 24;
  auto const s32 = 32;
  auto const s4x6 = make_shape(4, 6);
  auto const s22x6 = make_shape(make_shape(2, 2), 6);
  auto const s22x32 = make_shape(make_shape(2, 2), make_shape(3, 2));
  auto const s23x4 = make_shape(make_shape(2, 3), 4);
  auto const t24 = make_shape(24);
  struct Row {
    char const* pair;
    bool got, doc;
  };
  Row const rows[] = {
      {"24 vs 32", bool(compatible(s24, s32)), false},
      {"24 vs (4,6)", bool(compatible(s24, s4x6)), true},
      {"(4,6) vs ((2,2),6)", bool(compatible(s4x6, s22x6)), true},
      {"((2,2),6) vs ((2,2),(3,2))", bool(compatible(s22x6, s22x32)), true},
      {"24 vs ((2,2),(3,2))", bool(compatible(s24, s22x32)), true},
      {"24 vs ((2,3),4)", bool(compatible(s24, s23x4)), true},
      {"((2,3),4) vs ((2,2),(3,2))", bool(compatible(s23x4, s22x32)), false},
      {"((2,2),(3,2)) vs ((2,3),4)", bool(compatible(s22x32, s23x4)), false},
      {"24 vs (24)", bool(compatible(s24, t24)), true},
      {"(24) vs 24", bool(compatible(t24, s24)), false},
      {"(24) vs (4,6)", bool(compatible(t24, s4x6)), false},
  };
  for (auto const& r : rows) EXPECT_EQ(r.got, r.doc) << r.pair;

  // With static shapes the answer is a compile-time constant.
  static_assert(!decltype(compatible(_24{}, _32{}))::value);
  static_assert(decltype(compatible(_24{}, Shape<_4, _6>{}))::value);
  static_assert(decltype(compatible(Shape<_4, _6>{}, Shape<Shape<_2, _2>, _6>{}))::value);
  static_assert(!decltype(compatible(Shape<Shape<_2, _3>, _4>{}, Shape<Shape<_2, _2>, Shape<_3, _2>>{}))::value);
  static_assert(!decltype(compatible(Shape<_24>{}, _24{}))::value);
  static_assert(!decltype(compatible(Shape<_24>{}, Shape<_4, _6>{}))::value);
  // Reflexive.
  static_assert(decltype(compatible(Shape<Shape<_2, _2>, _6>{}, Shape<Shape<_2, _2>, _6>{}))::value);
}

TEST(Seed004Concepts, CompatibleCoordinatesAreValid) {
  // "All coordinates of A are valid coordinates of B": a coordinate of A, used
  // as a coordinate of B, names the same 1-D position.
  auto check = [](auto const& a, auto const& b, char const* pair) {
    ASSERT_TRUE(bool(compatible(a, b))) << pair;
    for (int i = 0; i < size(a); ++i) {
      auto ca = idx2crd(i, a);
      EXPECT_EQ(crd2idx(ca, b), i) << pair << " at " << i;
    }
  };
  check(24, make_shape(4, 6), "24 vs (4,6)");
  check(make_shape(4, 6), make_shape(make_shape(2, 2), 6), "(4,6) vs ((2,2),6)");
  check(make_shape(make_shape(2, 2), 6), make_shape(make_shape(2, 2), make_shape(3, 2)), "((2,2),6) vs ((2,2),(3,2))");
  check(24, make_shape(make_shape(2, 2), make_shape(3, 2)), "24 vs ((2,2),(3,2))");
  check(24, make_shape(make_shape(2, 3), 4), "24 vs ((2,3),4)");
  check(24, make_shape(24), "24 vs (24)");
  // The 1-D coordinates 0..23 map onto the 2-D coordinates (0,0)..(3,5).
  EXPECT_EQ(to_string(idx2crd(0, make_shape(4, 6))), "(0,0)");
  EXPECT_EQ(to_string(idx2crd(23, make_shape(4, 6))), "(3,5)");
  // (m,n) in (4,6) is ((m%2,m/2),n) in ((2,2),6): colexicographic. (The
  // translated document writes "(m/2, m%2, n)", a slip of the translation.)
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 6; ++n) {
      auto c = crd2crd(make_coord(m, n), make_shape(4, 6), make_shape(make_shape(2, 2), 6));
      EXPECT_TRUE(c == make_coord(make_coord(m % 2, m / 2), n));
    }
}

// ---- Coordinate mapping: the (3,(2,3)) table ---------------------------------------------

TEST(Seed004Concepts, CoordinateTable) {
  // 1-D | 2-D | Natural, as the document lists them (both halves of the table).
  char const* const doc[18][2] = {
      {"(0,0)", "(0,(0,0))"}, {"(1,0)", "(1,(0,0))"}, {"(2,0)", "(2,(0,0))"}, {"(0,1)", "(0,(1,0))"},
      {"(1,1)", "(1,(1,0))"}, {"(2,1)", "(2,(1,0))"}, {"(0,2)", "(0,(0,1))"}, {"(1,2)", "(1,(0,1))"},
      {"(2,2)", "(2,(0,1))"}, {"(0,3)", "(0,(1,1))"}, {"(1,3)", "(1,(1,1))"}, {"(2,3)", "(2,(1,1))"},
      {"(0,4)", "(0,(0,2))"}, {"(1,4)", "(1,(0,2))"}, {"(2,4)", "(2,(0,2))"}, {"(0,5)", "(0,(1,2))"},
      {"(1,5)", "(1,(1,2))"}, {"(2,5)", "(2,(1,2))"}};
  auto const shape = make_shape(3, make_shape(2, 3));
  auto const shape2d = make_shape(3, 6);  // the 2-D view: one integer per mode
  ASSERT_EQ(size(shape), 18);
  for (int i = 0; i < 18; ++i) {
    auto const c2 = idx2crd(i, shape2d);
    auto const nat = idx2crd(i, shape);
    EXPECT_EQ(to_string(c2), doc[i][0]) << i;
    EXPECT_EQ(to_string(nat), doc[i][1]) << i;
    // Every form names the same position: crd2idx gives i back.
    EXPECT_EQ(crd2idx(i, shape), i);
    EXPECT_EQ(crd2idx(c2, shape), i) << i;
    EXPECT_EQ(crd2idx(nat, shape), i) << i;
    // All equivalent coordinates map to the same natural coordinate.
    EXPECT_TRUE(idx2crd(c2, shape) == nat) << i;
    EXPECT_TRUE(idx2crd(nat, shape) == nat) << i;
    EXPECT_TRUE(crd2crd(c2, shape2d, shape) == nat) << i;
  }
}

// ---- Index mapping: (3,(2,3)):(3,(12,1)) ---------------------------------------------------

TEST(Seed004Concepts, IndexMapping) {
  auto const l = make_layout(make_shape(3, make_shape(2, 3)), make_stride(3, make_stride(12, 1)));
  EXPECT_EQ(to_string(l), "(3,(2,3)):(3,(12,1))");
  // The document's table: column headers (1-D and 2-D column coordinates) and rows.
  char const* const doc_cols2d = "(0,0) (1,0) (0,1) (1,1) (0,2) (1,2)";
  char const* const doc_rows[3] = {"0 12 1 13 2 14", "3 15 4 16 5 17", "6 18 7 19 8 20"};
  std::string cols2d;
  for (int n = 0; n < size<1>(l); ++n) cols2d += (n ? " " : "") + to_string(idx2crd(n, shape<1>(l)));
  EXPECT_EQ(cols2d, doc_cols2d);
  for (int i = 0; i < 3; ++i) {
    std::vector<int> by_1d, by_2d, by_natural;
    for (int n = 0; n < 6; ++n) {
      auto const jk = idx2crd(n, make_shape(2, 3));
      int const j = get<0>(jk), k = get<1>(jk);
      by_1d.push_back(l(i, n));
      by_2d.push_back(l(i, make_coord(j, k)));
      by_natural.push_back(l(make_coord(i, make_coord(j, k))));
      EXPECT_EQ(l(i, n), i * 3 + j * 12 + k * 1);  // the inner product with the stride
      EXPECT_EQ(crd2idx(make_coord(i, n), shape(l), stride(l)), l(i, n));
    }
    EXPECT_EQ(joined(by_1d), doc_rows[i]);
    EXPECT_EQ(joined(by_2d), doc_rows[i]);
    EXPECT_EQ(joined(by_natural), doc_rows[i]);
  }
  // The 1-D view visits the same 18 values in colexicographic order.
  std::vector<int> all;
  for (int x = 0; x < 18; ++x) all.push_back(l(x));
  EXPECT_EQ(joined(all), "0 3 6 12 15 18 1 4 7 13 16 19 2 5 8 14 17 20");
  EXPECT_EQ(cosize(l), 21);
}

// ---- Sublayouts ---------------------------------------------------------------------------

TEST(Seed004Manipulation, Sublayouts) {
  Layout a = Layout<Shape<_4, Shape<_3, _6>>>{};
  struct Row {
    char const* expr;
    std::string printed;
    char const* cute;  // CuTe's real output
    char const* doc;   // the document's comment
  };
  Row const rows[] = {
      {"a", to_string(a), "(_4,(_3,_6)):(_1,(_4,_12))", "(4,(3,6)):(1,(4,12))"},
      {"layout<0>(a)", to_string(layout<0>(a)), "_4:_1", "4:1"},
      {"layout<1>(a)", to_string(layout<1>(a)), "(_3,_6):(_4,_12)", "(3,6):(4,12)"},
      {"layout<1,0>(a)", to_string(layout<1, 0>(a)), "_3:_4", "3:4"},
      {"layout<1,1>(a)", to_string(layout<1, 1>(a)), "_6:_12", "6:12"},
  };
  for (auto const& r : rows) {
    EXPECT_EQ(r.printed, r.cute) << r.expr;
    EXPECT_EQ(without_underscores(r.printed), r.doc) << r.expr;
  }
  EXPECT_TRUE(layout<>(a) == a);
  EXPECT_TRUE((get<1, 0>(a) == layout<1, 0>(a)));
  // A sublayout is the restriction of the layout to that mode.
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 18; ++j) EXPECT_EQ(a(i, j), layout<0>(a)(i) + layout<1>(a)(j));
}

TEST(Seed004Manipulation, SelectAndTake) {
  Layout a = Layout<Shape<_2, _3, _5, _7>>{};
  struct Row {
    char const* expr;
    std::string printed;
    char const* cute;
    char const* doc;
  };
  Row const rows[] = {
      {"a", to_string(a), "(_2,_3,_5,_7):(_1,_2,_6,_30)", "(2,3,5,7):(1,2,6,30)"},
      {"select<1,3>", to_string(select<1, 3>(a)), "(_3,_7):(_2,_30)", "(3,7):(2,30)"},
      {"select<0,1,3>", to_string(select<0, 1, 3>(a)), "(_2,_3,_7):(_1,_2,_30)", "(2,3,7):(1,2,30)"},
      {"select<2>", to_string(select<2>(a)), "(_5):(_6)", "(5):(6)"},
      {"take<1,3>", to_string(take<1, 3>(a)), "(_3,_5):(_2,_6)", "(3,5):(2,6)"},
      {"take<1,4>", to_string(take<1, 4>(a)), "(_3,_5,_7):(_2,_6,_30)", "(3,5,7):(2,6,30)"},
  };
  for (auto const& r : rows) {
    EXPECT_EQ(r.printed, r.cute) << r.expr;
    EXPECT_EQ(without_underscores(r.printed), r.doc) << r.expr;
  }
  // take<1,1> (an empty layout) is rejected at compile time; see the static_assert in take.
}

// ---- Concatenation -----------------------------------------------------------------------

TEST(Seed004Manipulation, Concatenation) {
  Layout a = Layout<_3, _1>{};
  Layout b = Layout<_4, _3>{};
  Layout row = make_layout(a, b);
  Layout col = make_layout(b, a);
  Layout q = make_layout(row, col);
  Layout aa = make_layout(a);
  Layout aaa = make_layout(aa);
  Layout d = make_layout(a, make_layout(a), a);
  struct Row {
    char const* expr;
    std::string printed;
    char const* cute;
    char const* doc;
  };
  Row const rows[] = {
      {"a", to_string(a), "_3:_1", "3:1"},
      {"b", to_string(b), "_4:_3", "4:3"},
      {"row", to_string(row), "(_3,_4):(_1,_3)", "(3,4):(1,3)"},
      {"col", to_string(col), "(_4,_3):(_3,_1)", "(4,3):(3,1)"},
      {"q", to_string(q), "((_3,_4),(_4,_3)):((_1,_3),(_3,_1))", "((3,4),(4,3)):((1,3),(3,1))"},
      {"aa", to_string(aa), "(_3):(_1)", "(3):(1)"},
      {"aaa", to_string(aaa), "((_3)):((_1))", "((3)):((1))"},
      {"d", to_string(d), "(_3,(_3),_3):(_1,(_1),_1)", "(3,(3),3):(1,(1),1)"},
  };
  for (auto const& r : rows) {
    EXPECT_EQ(r.printed, r.cute) << r.expr;
    EXPECT_EQ(without_underscores(r.printed), r.doc) << r.expr;
  }
  // With dynamic integers the document's comments are printed verbatim.
  auto da = make_layout(3, 1);
  auto db = make_layout(4, 3);
  EXPECT_EQ(to_string(make_layout(da, db)), "(3,4):(1,3)");
  EXPECT_EQ(to_string(make_layout(make_layout(da, db), make_layout(db, da))), "((3,4),(4,3)):((1,3),(3,1))");
  EXPECT_EQ(to_string(make_layout(make_layout(da))), "((3)):((1))");
  EXPECT_EQ(to_string(make_layout(da, make_layout(da), da)), "(3,(3),3):(1,(1),1)");
}

TEST(Seed004Manipulation, AppendPrependReplace) {
  // The document omits these examples; these are tessel's, in CuTe's semantics.
  Layout a = Layout<_3, _1>{};
  Layout b = Layout<_4, _3>{};
  Layout row = make_layout(a, b);
  EXPECT_EQ(to_string(append(a, b)), "(_3,_4):(_1,_3)");  // a rank-1 layout becomes rank 2
  EXPECT_TRUE(append(a, b) == row);
  EXPECT_EQ(to_string(prepend(a, b)), "(_4,_3):(_3,_1)");
  EXPECT_EQ(to_string(append(row, a)), "(_3,_4,_3):(_1,_3,_1)");
  EXPECT_EQ(to_string(prepend(row, Layout<_2, _12>{})), "(_2,_3,_4):(_12,_1,_3)");
  EXPECT_EQ(to_string(append(row, row)), "(_3,_4,(_3,_4)):(_1,_3,(_1,_3))");
  EXPECT_EQ(to_string(replace<1>(row, Layout<_5, _7>{})), "(_3,_5):(_1,_7)");
  EXPECT_EQ(to_string(replace<0>(row, make_layout(make_shape(2, 2), LayoutRight{}))), "((2,2),_4):((2,_1),_3)");
  // append of a mode keeps the old modes' values.
  auto const r3 = append(row, Layout<_2, _12>{});
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 2; ++k) EXPECT_EQ(r3(i, j, k), row(i, j) + 12 * k);
}

// ---- Grouping and flattening ------------------------------------------------------------

TEST(Seed004Manipulation, GroupAndFlatten) {
  // The document prints these with underscores, as CuTe does.
  Layout a = Layout<Shape<_2, _3, _5, _7>>{};
  Layout b = group<0, 2>(a);
  Layout c = group<1, 3>(b);
  Layout f = flatten(b);
  Layout e = flatten(c);
  EXPECT_EQ(to_string(a), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
  EXPECT_EQ(to_string(b), "((_2,_3),_5,_7):((_1,_2),_6,_30)");
  EXPECT_EQ(to_string(c), "((_2,_3),(_5,_7)):((_1,_2),(_6,_30))");
  EXPECT_EQ(to_string(f), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
  EXPECT_EQ(to_string(e), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
  EXPECT_TRUE(f == a);
  EXPECT_TRUE(e == a);
  // Regrouping reinterprets in place: the same function of the 1-D coordinate.
  for (int i = 0; i < size(a); ++i) {
    EXPECT_EQ(b(i), a(i));
    EXPECT_EQ(c(i), a(i));
  }
  // A matrix seen as a vector, and back.
  Layout m = make_layout(make_shape(4, 6), LayoutRight{});
  EXPECT_EQ(to_string(group<0, 2>(m)), "((4,6)):((6,_1))");
  EXPECT_TRUE(flatten(group<0, 2>(m)) == m);
}

// ---- Slicing ----------------------------------------------------------------------------

TEST(Seed004Manipulation, Slicing) {
  // The document leaves slicing to the Tensor section; CuTe's semantics.
  Examples ex;
  auto const& l = ex.s2xh4;  // (2,(2,2)):(4,(2,1))
  EXPECT_EQ(to_string(l(1, _)), "((2,2)):((2,1))");
  EXPECT_EQ(to_string(l(_, 1)), "(2):(4)");
  EXPECT_EQ(to_string(l(_, make_coord(1, _))), "(2,2):(4,1)");
  EXPECT_EQ(to_string(slice(make_coord(_, make_coord(_, 1)), l)), "(2,2):(4,2)");
  EXPECT_EQ(to_string(dice(make_coord(1, _), l)), "(2):(4)");
  // Like slice, dice flattens what the nested coordinates keep (CuTe's filter_tuple).
  EXPECT_EQ(to_string(dice(make_coord(_, make_coord(1, _)), l)), "(2):(2)");
  auto const [s, off] = slice_and_offset(make_coord(1, _), l);
  EXPECT_EQ(to_string(s), "((2,2)):((2,1))");
  EXPECT_EQ(off, 4);
  auto const so = slice_and_offset(make_coord(_, make_coord(1, _)), l);
  EXPECT_EQ(get<1>(so), 2);
  // The slice plus the offset is the layout restricted to the fixed coordinate.
  for (int m = 0; m < 2; ++m)
    for (int k = 0; k < 2; ++k) EXPECT_EQ(get<0>(so)(m, k) + get<1>(so), l(m, make_coord(1, k)));
  for (int n = 0; n < 4; ++n) EXPECT_EQ(s(n) + off, l(1, n));
  // Static layouts slice to static layouts.
  Layout st = Layout<Shape<_4, Shape<_3, _6>>>{};
  auto const sl = st(_, make_coord(2, _));
  EXPECT_EQ(to_string(sl), "(_4,_6):(_1,_12)");
  static_assert(is_static_v<decltype(sl)>);
}
