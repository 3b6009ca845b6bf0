// rt/draw.hpp: the runtime table (tessel show --format table) is the typed
// library's print_layout, character for character; the rank-2 view of other ranks.
#include <gtest/gtest.h>

#include <string>

#include <tessel/text/draw.hpp>
#include <tessel/tessel.hpp>

namespace engine = tessel::engine;
namespace text = tessel::text;
using namespace tessel;

namespace {

std::string rt_table(std::string const& text) {
  text::Expr x;
  text::SyntaxError se;
  EXPECT_TRUE(text::Parser(text).parse(x, se)) << text;
  engine::Error e;
  engine::Layout view = text::rank2_view(x.value.lay, e);
  text::Grid g;
  EXPECT_TRUE(text::grid_of(view, 1 << 20, g, e)) << text;
  return text::layout_table(view, g, e);
}

std::string strip_underscores(std::string s) {
  std::erase(s, '_');
  return s;
}

template <class L>
void same_table(L const& l) {
  std::string text = to_string(l);
  EXPECT_EQ(strip_underscores(rt_table(text)), strip_underscores(layout_table(l))) << text;
}

}  // namespace

TEST(DrawTable, EqualsTypedPrintLayoutStatic) {
  auto l = make_layout(make_shape(Int<9>{}, make_shape(Int<4>{}, Int<8>{})),
                       make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
  EXPECT_EQ(rt_table(to_string(l)), layout_table(l));  // all static: identical, underscores included
  auto s = make_layout(make_shape(Int<2>{}, Int<3>{}), make_stride(Int<3>{}, Int<1>{}));
  EXPECT_EQ(rt_table(to_string(s)), layout_table(s));
}

TEST(DrawTable, EqualsTypedPrintLayoutDynamic) {
  same_table(make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1))));
  same_table(make_layout(make_shape(12, 5), LayoutRight{}));
  same_table(make_layout(make_shape(3, make_shape(2, 3)), make_stride(3, make_stride(12, 1))));
  same_table(make_layout(make_shape(make_shape(2, 2), 2), make_stride(make_stride(4, 1), 2)));
  same_table(make_layout(make_shape(16, 8)));
  same_table(make_layout(make_shape(4, 4), make_stride(0, 1)));
  same_table(make_layout(make_shape(11, 11), make_stride(100, 1)));   // 4-digit cells, 2-digit rows
  same_table(make_layout(make_shape(3, 4), make_stride(-1, 3)));       // a negative stride
}

TEST(DrawView, RanksOtherThanTwo) {
  engine::Error e;
  auto view = [&](char const* text) {
    text::Expr x;
    text::SyntaxError se;
    EXPECT_TRUE(text::Parser(text).parse(x, se));
    return text::format(text::rank2_view(x.value.lay, e), false);
  };
  EXPECT_EQ(view("8:2"), "(8,1):(2,0)");                              // a column
  EXPECT_EQ(view("((2,4)):((1,2))"), "((2,4),1):((1,2),0)");
  EXPECT_EQ(view("(2,3,4):(1,2,6)"), "(2,(3,4)):(1,(2,6))");          // mode 0 rows, the rest columns
  EXPECT_EQ(view("(2,(3,4)):(1,(2,6))"), "(2,(3,4)):(1,(2,6))");
  EXPECT_FALSE(e);
}

TEST(DrawGrid, ValuesAndLimits) {
  text::Expr x;
  text::SyntaxError se;
  ASSERT_TRUE(text::Parser("(2,(2,2)):(4,(2,1))").parse(x, se));
  engine::Error e;
  text::Grid g;
  ASSERT_TRUE(text::grid_of(x.value.lay, 100, g, e));
  EXPECT_EQ(g.rows, 2);
  EXPECT_EQ(g.cols, 4);
  EXPECT_EQ(g.at(1, 2), 5);
  EXPECT_FALSE(text::grid_of(x.value.lay, 7, g, e));  // 8 cells > 7
  EXPECT_EQ(e.code, engine::Err::too_large);
  engine::Error e2;
  ASSERT_TRUE(text::Parser("(2,2):(4611686018427387904,4611686018427387904)").parse(x, se));
  EXPECT_FALSE(text::grid_of(x.value.lay, 100, g, e2));  // 2^62 + 2^62 overflows
  EXPECT_EQ(e2.code, engine::Err::overflow);
}
