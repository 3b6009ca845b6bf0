// test_cute_tensor_compat.cpp: CuTe's names around tensors as tessel provides
// them: pointer spellings, counting and identity tensors, reductions,
// complex, and the macros and standard traits CuTe code uses unqualified.
#include <gtest/gtest.h>

#include <cstddef>
#include <sstream>
#include <type_traits>

#include <tessel/tessel.hpp>

using namespace tessel;

// gmem_ptr<T*> (CuTe's spelling) and gmem_ptr<T> name one type; the makers
// take typed, void and null pointers.
TEST(CuteTensorCompat, Pointers) {
  static_assert(std::is_same_v<gmem_ptr<float*>, gmem_ptr<float>>);
  static_assert(std::is_same_v<smem_ptr<int const*>, smem_ptr<int const>>);
  float* p = nullptr;
  float const* cp = nullptr;
  void* vp = nullptr;
  void const* cvp = nullptr;
  static_assert(std::is_same_v<decltype(make_gmem_ptr(p)), gmem_ptr<float*>>);
  static_assert(std::is_same_v<decltype(make_gmem_ptr<float>(p)), gmem_ptr<float*>>);
  static_assert(std::is_same_v<decltype(make_gmem_ptr(cp)), gmem_ptr<float const*>>);
  static_assert(std::is_same_v<decltype(make_gmem_ptr<float>(vp)), gmem_ptr<float*>>);
  static_assert(std::is_same_v<decltype(make_gmem_ptr<float const>(cvp)), gmem_ptr<float const*>>);
  static_assert(std::is_same_v<decltype(make_gmem_ptr<float>(nullptr)), gmem_ptr<float*>>);
  static_assert(std::is_same_v<decltype(make_smem_ptr<double const>(nullptr)), smem_ptr<double const*>>);
  EXPECT_EQ(make_gmem_ptr<float>(nullptr).get(), nullptr);
}

// A tensor over counting_iterator holds n + L(c) at coordinate c, for every
// coordinate of several layouts, swizzled ones included.
TEST(CuteTensorCompat, CountingTensor) {
  auto check = [](auto layout) {
    auto t = make_tensor(counting_iterator<int>{5}, layout);
    for (int i = 0; i < int(size(layout)); ++i) EXPECT_EQ(t(i), 5 + int(layout(i)));
  };
  check(Layout<Shape<_4, _8>, Stride<_8, _1>>{});
  check(make_layout(make_shape(3, make_shape(2, 4)), make_stride(8, make_stride(1, 2))));
  check(composition(Swizzle<2, 0, 3>{}, Layout<Shape<_8, _8>, Stride<_8, _1>>{}));
  // Slices keep counting from the slice's origin.
  auto t = make_tensor(counting_iterator<int>{0}, Layout<Shape<_4, _8>, Stride<_8, _1>>{});
  auto row = t(2, _);
  for (int j = 0; j < 8; ++j) EXPECT_EQ(row(j), 16 + j);
}

// make_identity_tensor(shape)(c) == c for every coordinate, hierarchical
// shapes included, and its elements compare against the shape (the predicate
// of a bounds-checked copy). Its layout is the shape with basis strides, as
// CuTe's, and prints as CuTe's.
TEST(CuteTensorCompat, IdentityTensor) {
  auto shape = make_shape(_3{}, make_shape(2, _4{}));
  auto id = make_identity_tensor(shape);
  EXPECT_EQ(int(size(id)), 24);
  for (int i = 0; i < 24; ++i) {
    auto c = idx2crd(i, shape);
    EXPECT_TRUE(bool(id(i) == c));
    EXPECT_TRUE(bool(id(c) == c));
    EXPECT_TRUE(bool(elem_less(flatten(id(i)), flatten(shape))));
  }
  std::ostringstream os;
  os << id.layout() << " " << id(5) << " " << make_identity_layout(make_shape(_4{}, 3));
  EXPECT_EQ(os.str(), "(_3,(2,_4)):(_1@0,(_1@0@1,_1@1@1)) (2,(1,0)) (_4,3):(_1@0,_1@1)");
  auto id2 = make_identity_tensor(make_shape(5, 7));
  for (int m = 0; m < 5; ++m) {
    for (int n = 0; n < 7; ++n) {
      EXPECT_EQ(int(get<0>(id2(m, n))), m);
      EXPECT_EQ(int(get<1>(id2(m, n))), n);
      EXPECT_EQ(int(get<0>(id2(_, n)(m))), m);  // slices keep the coordinates
    }
  }
  auto id1 = make_identity_tensor(6);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(int(id1(i)), i);
}

// logical_reduce over every profile of a (2,3,4) tensor: each kept
// coordinate's result is the sum of the elements that share it.
TEST(CuteTensorCompat, ReduceExhaustive) {
  auto src = make_tensor(counting_iterator<int>{0}, make_layout(make_shape(_2{}, _3{}, _4{})));
  EXPECT_EQ(reduce(src, 0), 23 * 24 / 2);
  auto profile_check = [&](auto profile, auto kept_shape, auto kept_of) {
    auto dst = make_tensor<int>(make_layout(kept_shape));
    clear(dst);
    logical_reduce(src, dst, profile);
    int expect[24] = {};
    for (int i = 0; i < 24; ++i) expect[kept_of(idx2crd(i, make_shape(2, 3, 4)))] += i;
    for (int j = 0; j < int(size(dst)); ++j) EXPECT_EQ(dst(j), expect[j]) << "at " << j;
  };
  profile_check(make_coord(_, 0, 0), make_shape(_2{}), [](auto c) { return int(get<0>(c)); });
  profile_check(make_coord(0, _, 0), make_shape(_3{}), [](auto c) { return int(get<1>(c)); });
  profile_check(make_coord(0, 0, _), make_shape(_4{}), [](auto c) { return int(get<2>(c)); });
  profile_check(make_coord(_, _, 0), make_shape(_2{}, _3{}), [](auto c) { return int(get<0>(c) + 2 * get<1>(c)); });
  profile_check(make_coord(_, 0, _), make_shape(_2{}, _4{}), [](auto c) { return int(get<0>(c) + 2 * get<2>(c)); });
  profile_check(make_coord(0, _, _), make_shape(_3{}, _4{}), [](auto c) { return int(get<1>(c) + 3 * get<2>(c)); });
  profile_check(make_coord(0, 0, 0), make_shape(_1{}), [](auto) { return 0; });
  profile_check(make_coord(_, _, _), make_shape(_2{}, _3{}, _4{}),
                [](auto c) { return int(get<0>(c) + 2 * get<1>(c) + 6 * get<2>(c)); });
}

TEST(CuteTensorCompat, ComplexTransform) {
  complex<float> z[4] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  auto t = make_tensor(&z[0], make_layout(make_shape(4)));
  transform(t, conjugate{});
  EXPECT_EQ(t(2), (complex<float>{0, -1}));
  EXPECT_EQ(t(3), (complex<float>{1, -1}));
  EXPECT_EQ(conj(2.5), 2.5);
  EXPECT_EQ(complex<int>(1, 2) * complex<int>(3, 4), (complex<int>{-5, 10}));
}

// CuTe's macros and the standard traits it makes available in its namespace.
CUTE_HOST_DEVICE constexpr int twice(int x) { return 2 * x; }
TEST(CuteTensorCompat, MacrosAndTraits) {
  CUTE_STATIC_ASSERT_V(size(Layout<Shape<_2, _4>>{}) == _8{});
  CUTE_STATIC_ASSERT_V(Int<3>{} < Int<4>{}, "static comparison");
  static_assert(CUTE_STATIC_V(rank(make_shape(1, 2, 3))) == 3);
  static_assert(tessel::is_same_v<tessel::remove_cvref_t<int const&>, int>);
  static_assert(tessel::is_empty_v<Layout<Shape<_2, _4>>>);
  static_assert(tessel::is_any_of_v<int, float, int>);
  static_assert(std::is_same_v<tessel::copy_cv_t<int const, float>, float const>);
  static_assert(decltype(is_valid([](auto x) -> decltype(x.size()) { return x.size(); }, array<int, 2>{}))::value);
  int sum = 0;
  CUTE_UNROLL
  for (int i = 0; i < 4; ++i) sum += twice(i);
  EXPECT_EQ(sum, 12);
  static_assert(std::is_same_v<CUTE_STL_NAMESPACE::size_t, std::size_t>);
}
