// No silent overflow with dynamic integers (issue 17): each function at its
// edge, in 64 and in 32 bits. The largest representable result is computed;
// the next one is the named error Err::overflow (tessel::named_error), the
// error the engine and the text evaluator give for the same numbers.
// (Static integers: tests/compile_fail/static_overflow.cpp.)
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include <tessel/tessel.hpp>
#include <tessel/text/text.hpp>

using namespace tessel;
using i64 = std::int64_t;

namespace {

constexpr i64 kMax = std::numeric_limits<i64>::max();  // 2^63 - 1 = 7 * 1317624576693539401
constexpr i64 kSeventh = kMax / 7;
constexpr int kMax32 = std::numeric_limits<int>::max();  // 2^31 - 1
constexpr int kRoot32 = 46340;                          // 46340^2 < 2^31 - 1 < 46341^2

// f() throws the named overflow error.
template <class F>
::testing::AssertionResult overflows(F&& f) {
  try {
    (void)f();
  } catch (named_error const& e) {
    if (e.code != engine::Err::overflow) return ::testing::AssertionFailure() << "another error: " << e.what();
    if (std::string(e.what()).find("integer overflow") == std::string::npos)
      return ::testing::AssertionFailure() << "message: " << e.what();
    return ::testing::AssertionSuccess();
  } catch (std::exception const& e) {
    return ::testing::AssertionFailure() << "not a named error: " << e.what();
  }
  return ::testing::AssertionFailure() << "no error";
}

// The text evaluator's error for expr (empty when it succeeds).
std::string text_error(std::string const& expr) {
  try {
    (void)text::evaluate(expr);
  } catch (text::EvalError const& e) {
    return e.what;
  }
  return "";
}

}  // namespace

TEST(Overflow, SizeAndProduct64) {
  EXPECT_EQ(size(make_shape(i64(7), kSeventh)), kMax);
  EXPECT_TRUE(overflows([] { return size(make_shape(i64(8), kSeventh)); }));
  EXPECT_EQ(product(make_shape(i64(7), make_shape(kSeventh, i64(1)))), kMax);
  EXPECT_TRUE(overflows([] { return product(make_shape(i64(7), make_shape(kSeventh, i64(2)))); }));
  // The example of the issue: 2^40 * 2^40.
  i64 const big = i64(1) << 40;
  EXPECT_TRUE(overflows([&] { return size(make_layout(make_shape(big, big))); }));
  EXPECT_NE(text_error("size((1099511627776,1099511627776))").find("integer overflow"), std::string::npos);
}

TEST(Overflow, SizeAndProduct32) {
  EXPECT_EQ(size(make_shape(kRoot32, kRoot32)), kRoot32 * kRoot32);
  EXPECT_TRUE(overflows([] { return size(make_shape(kRoot32 + 1, kRoot32 + 1)); }));
  EXPECT_EQ(size(make_shape(1, kMax32)), kMax32);
  EXPECT_TRUE(overflows([] { return size(make_shape(2, 1 << 30)); }));  // 2^31: one past int
  // A 64-bit integer among them makes the product 64-bit.
  EXPECT_EQ(size(make_shape(2, i64(1) << 30)), i64(1) << 31);
}

TEST(Overflow, Cosize) {
  EXPECT_EQ(cosize(make_layout(make_shape(i64(2)), make_stride(kMax - 1))), kMax);
  EXPECT_TRUE(overflows([] { return cosize(make_layout(make_shape(i64(2)), make_stride(kMax))); }));
  EXPECT_EQ(cosize(make_layout(make_shape(2), make_stride(kMax32 - 1))), kMax32);
  EXPECT_TRUE(overflows([] { return cosize(make_layout(make_shape(2), make_stride(kMax32))); }));
}

TEST(Overflow, Crd2idx) {
  EXPECT_EQ(crd2idx(make_coord(i64(1), i64(1)), make_shape(i64(2), i64(2)), make_stride(kMax - 1, i64(1))), kMax);
  EXPECT_TRUE(overflows([] { return crd2idx(make_coord(i64(1), i64(1)), make_shape(i64(2), i64(2)), make_stride(kMax, i64(1))); }));
  EXPECT_EQ(crd2idx(make_coord(1, 1), make_shape(2, 2), make_stride(kMax32 - 1, 1)), kMax32);
  EXPECT_TRUE(overflows([] { return crd2idx(make_coord(1, 1), make_shape(2, 2), make_stride(kMax32, 1)); }));
  // A layout evaluated at a coordinate: the same.
  auto L = make_layout(make_shape(i64(2), i64(2)), make_stride(kMax - 1, i64(1)));
  EXPECT_EQ(L(1, 1), kMax);
  auto M = make_layout(make_shape(i64(2), i64(2)), make_stride(kMax, i64(1)));
  EXPECT_TRUE(overflows([&] { return M(1, 1); }));
}

TEST(Overflow, Idx2crd) {
  // Splitting an index by a nested mode takes the mode's size.
  auto c = idx2crd(i64(5), make_shape(make_shape(i64(7), kSeventh), i64(2)));
  EXPECT_EQ((get<0, 0>(c)), 5);
  EXPECT_TRUE(overflows([] { return idx2crd(i64(5), make_shape(make_shape(i64(8), kSeventh), i64(2))); }));
  auto d = idx2crd(5, make_shape(make_shape(kRoot32, kRoot32), 2));
  EXPECT_EQ((get<0, 0>(d)), 5);
  EXPECT_TRUE(overflows([] { return idx2crd(5, make_shape(make_shape(kRoot32 + 1, kRoot32 + 1), 2)); }));
}

TEST(Overflow, ShapeDiv) {
  EXPECT_EQ(shape_div(kMax, make_shape(i64(7), kSeventh)), 1);
  EXPECT_TRUE(overflows([] { return shape_div(kMax, make_shape(i64(8), kSeventh)); }));
  EXPECT_EQ(shape_div(kRoot32 * kRoot32, make_shape(kRoot32, kRoot32)), 1);
  EXPECT_TRUE(overflows([] { return shape_div(kRoot32, make_shape(kRoot32 + 1, kRoot32 + 1)); }));
  // ceil_div does not overflow on its way: (2^63 - 1) / 2 rounded up.
  EXPECT_EQ(ceil_div(kMax, i64(2)), kMax / 2 + 1);
}

TEST(Overflow, PrefixProductAndCompactStrides) {
  // The exclusive prefix product never forms the whole product: (7, M/7, 2) has strides (1, 7, M).
  auto p = prefix_product(make_shape(i64(7), kSeventh, i64(2)));
  EXPECT_EQ(get<2>(p), kMax);
  EXPECT_TRUE(overflows([] { return prefix_product(make_shape(i64(8), kSeventh, i64(2))); }));
  auto l = make_layout(make_shape(i64(7), kSeventh, i64(2)));  // LayoutLeft
  EXPECT_EQ(get<2>(l.stride()), kMax);
  EXPECT_TRUE(overflows([] { return make_layout(make_shape(i64(8), kSeventh, i64(2))); }));
  auto r = make_layout(make_shape(i64(2), kSeventh, i64(7)), LayoutRight{});
  EXPECT_EQ(get<0>(r.stride()), kMax);
  EXPECT_TRUE(overflows([] { return make_layout(make_shape(i64(2), kSeventh, i64(8)), LayoutRight{}); }));
  EXPECT_TRUE(overflows([] { return compact_col_major(make_shape(i64(8), kSeventh, i64(2))); }));
  // 32 bits.
  auto l32 = make_layout(make_shape(kRoot32, kRoot32, 2));
  EXPECT_EQ(get<2>(l32.stride()), kRoot32 * kRoot32);
  EXPECT_TRUE(overflows([] { return make_layout(make_shape(kRoot32 + 1, kRoot32 + 1, 2)); }));
  EXPECT_TRUE(overflows([] { return prefix_product(make_shape(kRoot32 + 1, kRoot32 + 1, 2)); }));
}

TEST(Overflow, RecastAndTensorOffsets) {
  alignas(16) static std::int64_t buf[4] = {};
  auto ok = recast<std::int8_t>(make_tensor(&buf[0], make_layout(kMax / 8)));
  EXPECT_EQ(size(ok), kMax / 8 * 8);
  EXPECT_TRUE(overflows([] { return recast<std::int8_t>(make_tensor(&buf[0], make_layout(kMax / 8 + 1))); }));
  auto ok32 = recast<std::int8_t>(make_tensor(&buf[0], make_layout(kMax32 / 8)));
  EXPECT_EQ(size(ok32), kMax32 / 8 * 8);
  EXPECT_TRUE(overflows([] { return recast<std::int8_t>(make_tensor(&buf[0], make_layout(kMax32 / 8 + 1))); }));
  // A tensor's offset at a coordinate: computed checked before any access.
  auto t = make_tensor(&buf[0], make_layout(make_shape(i64(2), i64(2)), make_stride(kMax, i64(1))));
  EXPECT_EQ(t.layout()(1, 0), kMax);  // (an offset; the pointer itself is not formed)
  EXPECT_TRUE(overflows([&] { return &t(1, 1); }));
  auto t32 = make_tensor(&buf[0], make_layout(make_shape(2, 2), make_stride(kMax32, 1)));
  EXPECT_TRUE(overflows([&] { return &t32(1, 1); }));
}

TEST(Overflow, AlgebraResultValues) {
  // Values, not only shapes: A o B's largest value 2^62 fits, 3 * 2^62 does not.
  auto A = make_layout(i64(1) << 62, i64(2));
  auto R = composition(A, make_layout(i64(2), i64(1) << 61));
  EXPECT_EQ(R(1), i64(1) << 62);
  EXPECT_TRUE(overflows([&] { return composition(A, make_layout(i64(4), i64(1) << 61)); }));
  EXPECT_NE(text_error("composition(4611686018427387904:2,4:2305843009213693952)").find("integer overflow"),
            std::string::npos);
  EXPECT_EQ(text_error("composition(4611686018427387904:2,2:2305843009213693952)"), "");
  // 32-bit dynamic integers: a result past 2^31 - 1 is an error, not a truncation.
  auto A32 = make_layout(1 << 30, 2);
  auto R32 = composition(A32, make_layout(2, 1 << 29));
  EXPECT_EQ(R32(1), 1 << 30);
  EXPECT_TRUE(overflows([&] { return composition(A32, make_layout(4, 1 << 29)); }));
  // The example of the issue.
  i64 const big = i64(1) << 40;
  auto L = make_layout(make_shape(big, big));
  EXPECT_TRUE(overflows([&] { return composition(L, make_layout(big * 4, big)); }));
  EXPECT_TRUE(overflows([&] { return logical_divide(L, make_layout(Int<128>{})); }));
  // A product whose result needs more than 64 bits.
  EXPECT_TRUE(overflows([&] { return logical_product(make_layout(big, i64(1)), make_layout(big, i64(1))); }));
  EXPECT_TRUE(overflows([&] { return blocked_product(make_layout(big, i64(1)), make_layout(big, i64(1))); }));
  auto P = logical_product(make_layout(i64(1) << 31, i64(1)), make_layout(i64(2), i64(1)));
  EXPECT_EQ(size(P), i64(1) << 32);
  EXPECT_TRUE(overflows([&] { return logical_product(make_layout(1 << 30, 1), make_layout(2, 1)); }));
}

TEST(Overflow, SizeOneModeStrideIsNotAnOverflow) {
  // tiled_divide((2,3037000500):(-2^62,1), 4:2): a mode of run-time shape 1
  // whose stride product would pass 2^63 adds nothing to any value, so the
  // result exists (found by fuzz/fuzz_typed.cpp; the all-static engine agreed).
  auto A = make_layout(make_shape(i64(2), i64(3037000500)), make_stride(-(i64(1) << 62), i64(1)));
  auto R = tiled_divide(A, Layout<_4, _2>{});
  EXPECT_EQ(size(R), size(A));
  EXPECT_EQ(R(1), A(2));
  EXPECT_EQ(text_error("tiled_divide((2,3037000500):(-4611686018427387904,1),4:2)"), "");
}
