// Every code example of seed 003 (CuTe's "Tensors" document) and the Tensor
// examples of seed 000 (print_tensor of layouts over an array A[i] = i),
// compared to the text the documents print.
//
// About addresses: the documents print the iterator's address,
// ptr[32b](0x7f42efc00000). We replace the hex address by ADDR before
// comparing with the document's text, and check separately that the address
// printed is the tensor's data().
//
// About the seeds' text: seed 000 is a scrape of an HTML page whose code blocks
// use non-breaking spaces; we store its outputs with plain spaces (and without
// the trailing blanks the scrape left on one line).
//
// Where a document disagrees with what CuTe really prints we test CuTe's real
// output and say so at that test:
//   * seed 003 prints C = A(_,5) as ((_3,_2)):((4,1)), but the second shape of
//     mode 0 is the dynamic 2 of A, so CuTe prints ((_3,2)):((4,1)).
//   * seed 000's logical_divide, zipped_divide and logical_product examples
//     print headers without the "ptr[32b](0x...) o " prefix (their printf
//     labels stand in front of a bare layout), unlike its reshape and
//     complement examples and CuTe's print_tensor; we compare everything from
//     the layout on, and the grids exactly.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

// What f writes to stdout.
template <class F>
std::string capture_stdout(F&& f) {
  testing::internal::CaptureStdout();
  f();
  std::fflush(stdout);
  return testing::internal::GetCapturedStdout();
}

std::string address_of(void const* p) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

// The text with every "(0x...)" address replaced by "(ADDR)".
std::string mask_addresses(std::string const& s) {
  static std::regex const hex(R"(\(0x[0-9a-fA-F]+\))");
  return std::regex_replace(s, hex, "(ADDR)");
}

// The first "(0x...)" address in the text, or "" if none.
std::string first_address(std::string const& s) {
  static std::regex const hex(R"(\((0x[0-9a-fA-F]+)\))");
  std::smatch m;
  return std::regex_search(s, m, hex) ? m[1].str() : std::string();
}

template <class T>
void const* raw_address(T const& t) {
  return static_cast<void const*>(raw_pointer_cast(t.data()));
}

// print(t) must read `expected` (with ADDR for the address), and the address
// it prints must be t.data().
template <class T>
void expect_print(T const& t, std::string const& expected) {
  std::string const out = capture_stdout([&] { print(t); });
  EXPECT_EQ(mask_addresses(out), expected);
  EXPECT_EQ(first_address(out), address_of(raw_address(t)));
  // operator<< writes the layout, a line and the values, as CuTe's (no iterator).
  std::ostringstream os;
  os << t;
  EXPECT_EQ(os.str().rfind(to_string(t.layout()) + "\n", 0), 0u) << os.str();
}

// print_tensor(t) must read `expected` (with ADDR), the address being t.data().
template <class T>
void expect_print_tensor(T const& t, std::string const& expected) {
  std::string const out = capture_stdout([&] { print_tensor(t); });
  EXPECT_EQ(mask_addresses(out), expected);
  EXPECT_EQ(first_address(out), address_of(raw_address(t)));
}

// seed 000's memory: int A[128*128] with A[i] = i.
std::vector<int> iota_ints(int n = 128 * 128) {
  std::vector<int> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[std::size_t(i)] = i;
  return v;
}

}  // namespace

// ==== seed 003: Tensor creation =================================================================

// "Nonowning Tensors": the nine tensors and what print displays.
TEST(Seed003Creation, NonowningTensorsPrint) {
  std::vector<float> storage(256, 1.0f);
  float* A = storage.data();

  // Untagged pointers
  Tensor tensor_8 = make_tensor(A, make_layout(Int<8>{}));  // Construct with Layout
  Tensor tensor_8s = make_tensor(A, Int<8>{});              // Construct with Shape
  Tensor tensor_8d2 = make_tensor(A, 8, 2);                 // Construct with Shape and Stride
  // Global memory (static or dynamic layouts)
  Tensor gmem_8s = make_tensor(make_gmem_ptr(A), Int<8>{});
  Tensor gmem_8d = make_tensor(make_gmem_ptr(A), 8);
  Tensor gmem_8sx16d = make_tensor(make_gmem_ptr(A), make_shape(Int<8>{}, 16));
  Tensor gmem_8dx16s = make_tensor(make_gmem_ptr(A), make_shape(8, Int<16>{}), make_stride(Int<16>{}, Int<1>{}));
  // Shared memory (static or dynamic layouts)
  Layout smem_layout = make_layout(make_shape(Int<4>{}, Int<8>{}));
  static float smem[decltype(cosize(smem_layout))::value];  // (static-only allocation)
  Tensor smem_4x8_col = make_tensor(make_smem_ptr(smem), smem_layout);
  Tensor smem_4x8_row = make_tensor(make_smem_ptr(smem), shape(smem_layout), LayoutRight{});

  expect_print(tensor_8, "ptr[32b](ADDR) o _8:_1");
  expect_print(tensor_8s, "ptr[32b](ADDR) o _8:_1");
  expect_print(tensor_8d2, "ptr[32b](ADDR) o 8:2");
  expect_print(gmem_8s, "gmem_ptr[32b](ADDR) o _8:_1");
  expect_print(gmem_8d, "gmem_ptr[32b](ADDR) o 8:_1");
  expect_print(gmem_8sx16d, "gmem_ptr[32b](ADDR) o (_8,16):(_1,_8)");
  expect_print(gmem_8dx16s, "gmem_ptr[32b](ADDR) o (8,_16):(_16,_1)");
  expect_print(smem_4x8_col, "smem_ptr[32b](ADDR) o (_4,_8):(_1,_4)");
  expect_print(smem_4x8_row, "smem_ptr[32b](ADDR) o (_4,_8):(_8,_1)");

  // The views point at the memory given (the document prints one address for A, one for smem).
  EXPECT_EQ(raw_address(tensor_8), A);
  EXPECT_EQ(raw_address(gmem_8dx16s), A);
  EXPECT_EQ(raw_address(smem_4x8_row), smem);

  // The memory space is part of the type.
  static_assert(std::is_same_v<decltype(tensor_8.data()), float*&>);  // a view's iterator, by reference (CuTe's)
  static_assert(is_gmem_v<std::remove_cvref_t<decltype(gmem_8s.data())>> && !is_smem_v<std::remove_cvref_t<decltype(gmem_8s.data())>>);
  static_assert(is_smem_v<std::remove_cvref_t<decltype(smem_4x8_col.data())>> && !is_gmem_v<std::remove_cvref_t<decltype(smem_4x8_col.data())>>);
  static_assert(std::is_same_v<decltype(gmem_8d)::engine_type, ViewEngine<gmem_ptr<float>>>);
  // make_gmem_ptr<T>(void*) and make_smem_ptr<T>(void*).
  void* vp = A;
  static_assert(std::is_same_v<decltype(make_gmem_ptr<float>(vp)), gmem_ptr<float>>);
  static_assert(std::is_same_v<decltype(make_smem_ptr<float>(vp)), smem_ptr<float>>);
  EXPECT_EQ(make_gmem_ptr<float>(vp).get(), A);
  expect_print(make_tensor(make_rmem_ptr(A), Int<8>{}), "rmem_ptr[32b](ADDR) o _8:_1");

  // Static and dynamic layouts are visible in the type: the static ones are empty.
  static_assert(is_static_v<decltype(gmem_8s.layout())> && !is_static_v<decltype(gmem_8d.layout())>);
  // Other element widths.
  std::vector<double> d(8);
  std::vector<std::int16_t> h(8);
  expect_print(make_tensor(make_gmem_ptr(d.data()), Int<8>{}), "gmem_ptr[64b](ADDR) o _8:_1");
  expect_print(make_tensor(h.data(), 8), "ptr[16b](ADDR) o 8:_1");
}

// "Owning Tensors": make_tensor<T> with static layouts, and make_tensor_like.
TEST(Seed003Creation, OwningTensorsPrint) {
  // Register memory (static layouts only)
  Tensor rmem_4x8_col = make_tensor<float>(Shape<_4, _8>{});
  Tensor rmem_4x8_row = make_tensor<float>(Shape<_4, _8>{}, LayoutRight{});
  Tensor rmem_4x8_pad = make_tensor<float>(Shape<_4, _8>{}, Stride<_32, _2>{});
  Tensor rmem_4x8_like = make_tensor_like(rmem_4x8_pad);

  expect_print(rmem_4x8_col, "ptr[32b](ADDR) o (_4,_8):(_1,_4)");
  expect_print(rmem_4x8_row, "ptr[32b](ADDR) o (_4,_8):(_8,_1)");
  expect_print(rmem_4x8_pad, "ptr[32b](ADDR) o (_4,_8):(_32,_2)");
  expect_print(rmem_4x8_like, "ptr[32b](ADDR) o (_4,_8):(_8,_1)");

  // "each pointer address is unique indicating that each Tensor is a unique array-like allocation"
  std::vector<void const*> addrs = {raw_address(rmem_4x8_col), raw_address(rmem_4x8_row), raw_address(rmem_4x8_pad),
                                    raw_address(rmem_4x8_like)};
  for (std::size_t i = 0; i < addrs.size(); ++i)
    for (std::size_t j = i + 1; j < addrs.size(); ++j) EXPECT_NE(addrs[i], addrs[j]);

  // Owning: the engine is an array of cosize(layout) elements, inside the tensor.
  static_assert(std::is_same_v<decltype(rmem_4x8_col)::engine_type, ArrayEngine<float, 32>>);
  static_assert(std::is_same_v<decltype(rmem_4x8_pad)::engine_type, ArrayEngine<float, 3 * 32 + 7 * 2 + 1>>);
  static_assert(std::is_same_v<decltype(rmem_4x8_like)::engine_type, ArrayEngine<float, 32>>);
  static_assert(sizeof(rmem_4x8_col) == 32 * sizeof(float));
  EXPECT_GE(reinterpret_cast<char const*>(raw_address(rmem_4x8_col)), reinterpret_cast<char const*>(&rmem_4x8_col));
  EXPECT_LT(reinterpret_cast<char const*>(raw_address(rmem_4x8_col)),
            reinterpret_cast<char const*>(&rmem_4x8_col) + sizeof(rmem_4x8_col));

  // Copying an owning tensor deep-copies its elements; copying a view does not.
  for (int i = 0; i < 32; ++i) rmem_4x8_col(i) = float(i);
  auto copy_of = rmem_4x8_col;
  rmem_4x8_col(5) = -1.0f;
  EXPECT_EQ(copy_of(5), 5.0f);
  EXPECT_NE(raw_address(copy_of), raw_address(rmem_4x8_col));
  std::vector<float> mem(32, 0.0f);
  auto view = make_tensor(mem.data(), Shape<_4, _8>{});
  auto view_copy = view;
  view(5) = 7.0f;
  EXPECT_EQ(view_copy(5), 7.0f);
  EXPECT_EQ(raw_address(view_copy), raw_address(view));
}

// "Fundamental operations": data, size, and the hierarchical queries.
TEST(Seed003Creation, FundamentalOperations) {
  std::vector<int> mem = iota_ints(256);
  // ((_3,2),(2,_5,_2)):((4,1),(_2,13,100)), the tensor of the slicing example.
  Tensor A = make_tensor(mem.data(), make_shape(make_shape(Int<3>{}, 2), make_shape(2, Int<5>{}, Int<2>{})),
                         make_stride(make_stride(4, 1), make_stride(Int<2>{}, 13, 100)));
  EXPECT_EQ(A.data(), mem.data());
  EXPECT_EQ(int(A.size()), 120);
  EXPECT_EQ(int(size(A)), 120);
  static_assert(decltype(rank(A))::value == 2);
  static_assert(decltype(rank<0>(A))::value == 2 && decltype(rank<1>(A))::value == 3);
  static_assert(decltype(depth(A))::value == 2 && decltype(depth<1>(A))::value == 1 &&
                decltype(depth<1, 2>(A))::value == 0);
  EXPECT_EQ(to_string(shape(A)), "((_3,2),(2,_5,_2))");
  EXPECT_EQ(to_string(shape<1>(A)), "(2,_5,_2)");
  EXPECT_EQ(to_string(shape<1, 1>(A)), "_5");
  EXPECT_EQ(int(size<0>(A)), 6);
  EXPECT_EQ(int(size<1>(A)), 20);
  EXPECT_EQ(int(size<1, 2>(A)), 2);
  EXPECT_EQ(to_string(layout<0>(A)), "(_3,2):(4,1)");
  EXPECT_EQ(to_string(layout<1, 1>(A)), "_5:13");
  EXPECT_EQ(to_string(A.layout()), "((_3,2),(2,_5,_2)):((4,1),(_2,13,100))");
  EXPECT_EQ(int(cosize(A)), 2 * 4 + 1 * 1 + 1 * 2 + 4 * 13 + 1 * 100 + 1);
  // tensor<I...>: the subtensor of a mode, at the same iterator.
  auto t1 = tensor<1>(A);
  expect_print(t1, "ptr[32b](ADDR) o (2,_5,_2):(_2,13,100)");
  for (int k = 0; k < 20; ++k) EXPECT_EQ(t1(k), A(0, k)) << k;
  auto t11 = tensor<1, 1>(A);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(t11(k), 13 * k);
}

// "Tensor Engines": iterator, value_type, reference and begin() of the three engines.
template <class E>
concept engine_like = requires(E e) {
  typename E::iterator;
  typename E::value_type;
  typename E::reference;
  { e.begin() } -> std::convertible_to<typename E::iterator>;
};

TEST(Seed003Creation, Engines) {
  static_assert(engine_like<ArrayEngine<float, 8>>);
  static_assert(engine_like<ViewEngine<float*>>);
  static_assert(engine_like<ViewEngine<smem_ptr<float>>>);
  static_assert(engine_like<ConstViewEngine<float const*>>);
  static_assert(std::is_same_v<ViewEngine<gmem_ptr<float>>::value_type, float>);
  static_assert(std::is_same_v<ViewEngine<gmem_ptr<float>>::reference, float&>);
  static_assert(std::is_same_v<ConstViewEngine<float const*>::reference, float const&>);
  // A tensor on a ConstViewEngine reads like any view.
  std::vector<float> mem = {1, 2, 3, 4, 5, 6};
  float const* p = mem.data();
  Tensor<ConstViewEngine<float const*>, Layout<Shape<_2, _3>>> c{{p}, {}};
  EXPECT_EQ(c(1, 2), 6.0f);
  static_assert(std::is_same_v<decltype(c(1, 2)), float const&>);
  expect_print(c, "ptr[32b](ADDR) o (_2,_3):(_1,_2)");
  // A view of const data is read-only too.
  auto v = make_tensor(p, Shape<_2, _3>{});
  static_assert(std::is_same_v<decltype(v(0, 0)), float const&>);
}

// ==== seed 003: accessing a tensor ================================================================

// Natural coordinates with op[], the variadic op(), and op[] with 1-D indices.
TEST(Seed003Access, TransposeExample) {
  Tensor A = make_tensor<float>(Shape<Shape<_4, _5>, Int<13>>{}, Stride<Stride<_12, _1>, _64>{});
  std::vector<float> b(13 * 20, -1.0f);
  float* b_ptr = b.data();
  Tensor B = make_tensor(b_ptr, make_shape(13, 20));
  expect_print(A, "ptr[32b](ADDR) o ((_4,_5),_13):((_12,_1),_64)");
  expect_print(B, "ptr[32b](ADDR) o (13,20):(_1,13)");

  // Fill A via natural coordinates op[]
  for (int m0 = 0; m0 < size<0, 0>(A); ++m0)
    for (int m1 = 0; m1 < size<0, 1>(A); ++m1)
      for (int n = 0; n < size<1>(A); ++n) A[make_coord(make_coord(m0, m1), n)] = float(n + 2 * m0);

  // The natural coordinate ((m0,m1),n) is at offset 12*m0 + m1 + 64*n.
  for (int m0 = 0; m0 < 4; ++m0)
    for (int m1 = 0; m1 < 5; ++m1)
      for (int n = 0; n < 13; ++n) EXPECT_EQ(A.data()[12 * m0 + m1 + 64 * n], float(n + 2 * m0));

  // Transpose A into B using variadic op()
  for (int m = 0; m < size<0>(A); ++m)
    for (int n = 0; n < size<1>(A); ++n) B(n, m) = A(m, n);

  // B(n, m) with m = m0 + 4*m1 (colexicographic in (4,5)) holds n + 2*m0.
  for (int n = 0; n < 13; ++n)
    for (int m = 0; m < 20; ++m) {
      EXPECT_EQ(B(n, m), float(n + 2 * (m % 4))) << n << "," << m;
      EXPECT_EQ(b_ptr[n + 13 * m], float(n + 2 * (m % 4)));
    }

  // Copy B to A as if they are arrays
  for (int i = 0; i < A.size(); ++i) A[i] = B[i];

  // A's i-th element (1-D coordinate i of (20,13)) is B's i-th: b_ptr[i].
  for (int i = 0; i < 260; ++i) {
    float const want = float(i % 13 + 2 * ((i / 13) % 4));
    EXPECT_EQ(A[i], want) << i;
    EXPECT_EQ(A(i), want) << i;
    int const m = i % 20, n = i / 20;
    EXPECT_EQ(A(m, n), want) << i;
    EXPECT_EQ(A.data()[12 * (m % 4) + (m / 4) + 64 * n], want) << i;
  }
}

// ==== seed 003: tiling ============================================================================

// composition, logical_divide, zipped_divide, tiled_divide and flat_divide on
// tensors: the layout operation applied to the tensor's layout, same iterator.
// The products do not apply to tensors.
template <class T, class Tiler>
concept has_logical_product = requires(T t, Tiler x) { logical_product(t, x); };
template <class T, class Tiler>
concept has_zipped_product = requires(T t, Tiler x) { zipped_product(t, x); };

TEST(Seed003Tiling, TensorAlgebra) {
  std::vector<int> mem = iota_ints(256);
  Tensor A = make_tensor(mem.data(), make_shape(8, 24));
  auto tiler = Shape<_4, _8>{};
  auto check = [&](auto const& t, auto const& l, char const* text) {
    EXPECT_EQ(t.data(), A.data());
    EXPECT_EQ(to_string(t.layout()), to_string(l));
    EXPECT_EQ(to_string(t.layout()), text);
  };
  check(composition(A, tiler), composition(A.layout(), tiler), "(_4,_8):(_1,8)");
  check(logical_divide(A, tiler), logical_divide(A.layout(), tiler), "((_4,2),(_8,3)):((_1,_4),(8,64))");
  check(zipped_divide(A, tiler), zipped_divide(A.layout(), tiler), "((_4,_8),(2,3)):((_1,8),(_4,64))");
  check(tiled_divide(A, tiler), tiled_divide(A.layout(), tiler), "((_4,_8),2,3):((_1,8),_4,64)");
  check(flat_divide(A, tiler), flat_divide(A.layout(), tiler), "(_4,_8,2,3):(_1,8,_4,64)");
  // Composition with a layout: (_4,_8):(_8,_1) picks A transposed.
  auto c = composition(A, Layout<Shape<_4, _8>, Stride<_8, _1>>{});
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 8; ++n) EXPECT_EQ(c(m, n), A(8 * m + n));

  static_assert(has_logical_product<Layout<Shape<_4>>, Layout<_2>>);
  static_assert(!has_logical_product<decltype(A), Layout<_2>>);
  static_assert(!has_zipped_product<decltype(A), Shape<_2, _2>>);
}

// ==== seed 003: slicing ===========================================================================

TEST(Seed003Slicing, Examples) {
  std::vector<int> mem = iota_ints(256);  // value == offset
  int* ptr = mem.data();
  // ((_3,2),(2,_5,_2)):((4,1),(_2,13,100))
  Tensor A = make_tensor(ptr, make_shape(make_shape(Int<3>{}, 2), make_shape(2, Int<5>{}, Int<2>{})),
                         make_stride(make_stride(4, 1), make_stride(Int<2>{}, 13, 100)));
  expect_print(A, "ptr[32b](ADDR) o ((_3,2),(2,_5,_2)):((4,1),(_2,13,100))");

  // ((2,_5,_2)):((_2,13,100))
  Tensor B = A(2, _);
  expect_print(B, "ptr[32b](ADDR) o ((2,_5,_2)):((_2,13,100))");
  EXPECT_EQ(B.data(), ptr + 8);  // coordinate 2 of (_3,2) is (2,0): offset 8
  static_assert(decltype(rank(B))::value == 1);
  for (int k = 0; k < 20; ++k) EXPECT_EQ(B(k), A(2, k)) << k;

  // The document: "// ((_3,_2)):((4,1))". The 2 is A's dynamic 2, so CuTe (and
  // tessel) print ((_3,2)):((4,1)); with the underscores of the static entries
  // dropped both read ((3,2)):((4,1)).
  Tensor C = A(_, 5);
  expect_print(C, "ptr[32b](ADDR) o ((_3,2)):((4,1))");
  static_assert(!is_static_v<decltype(shape<0, 1>(C))>);
  EXPECT_EQ(C.data(), ptr + 28);  // coordinate 5 of (2,_5,_2) is (1,2,0): 2 + 26
  static_assert(decltype(rank(C))::value == 1);
  for (int k = 0; k < 6; ++k) EXPECT_EQ(C(k), A(k, 5)) << k;

  // (_3,2):(4,1)
  Tensor D = A(make_coord(_, _), 5);
  expect_print(D, "ptr[32b](ADDR) o (_3,2):(4,1)");
  EXPECT_EQ(D.data(), ptr + 28);
  static_assert(decltype(rank(D))::value == 2);
  // C and D hold the same elements with different ranks and shapes.
  for (int k = 0; k < 6; ++k) EXPECT_EQ(&C(k), &D(k)) << k;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) EXPECT_EQ(D(i, j), A(make_coord(make_coord(i, j), 5)));

  // (_3,_5):(4,13)
  Tensor E = A(make_coord(_, 1), make_coord(0, _, 1));
  expect_print(E, "ptr[32b](ADDR) o (_3,_5):(4,13)");
  EXPECT_EQ(E.data(), ptr + 101);  // 1*1 + 0*2 + 1*100
  static_assert(decltype(rank(E))::value == 2);
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 5; ++k) EXPECT_EQ(E(i, k), A(make_coord(make_coord(i, 1), make_coord(0, k, 1))));

  // (2,2,_2):(1,_2,100)
  Tensor F = A(make_coord(2, _), make_coord(_, 3, _));
  expect_print(F, "ptr[32b](ADDR) o (2,2,_2):(1,_2,100)");
  EXPECT_EQ(F.data(), ptr + 47);  // 2*4 + 3*13
  static_assert(decltype(rank(F))::value == 3);
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b)
      for (int c = 0; c < 2; ++c) EXPECT_EQ(F(a, b, c), A(make_coord(make_coord(2, a), make_coord(b, 3, c))));

  // Values are offsets: the elements of each slice are where the layout says.
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 5; ++k) EXPECT_EQ(E(i, k), 101 + 4 * i + 13 * k);
  // Writing through a slice writes the original.
  std::vector<int> copy = mem;
  Tensor A2 = make_tensor(copy.data(), A.layout());
  A2(make_coord(_, 1), make_coord(0, _, 1))(2, 3) = -5;
  EXPECT_EQ(copy[std::size_t(101 + 8 + 39)], -5);
}

// ==== seed 003: partitioning ======================================================================

TEST(Seed003Partitioning, InnerAndOuter) {
  std::vector<int> mem = iota_ints(256);
  int* ptr = mem.data();
  Tensor A = make_tensor(ptr, make_shape(8, 24));  // (8,24)
  auto tiler = Shape<_4, _8>{};                    // (_4,_8)
  Tensor tiled_a = zipped_divide(A, tiler);        // ((_4,_8),(2,3))
  expect_print(tiled_a, "ptr[32b](ADDR) o ((_4,_8),(2,3)):((_1,8),(_4,64))");

  // Inner partition: one 4x8 tile per threadgroup (blockIdx.x, blockIdx.y).
  for (int bx = 0; bx < 2; ++bx)
    for (int by = 0; by < 3; ++by) {
      Tensor cta_a = tiled_a(make_coord(_, _), make_coord(bx, by));  // (_4,_8)
      expect_print(cta_a, "ptr[32b](ADDR) o (_4,_8):(_1,8)");
      EXPECT_EQ(cta_a.data(), ptr + 4 * bx + 64 * by);
      for (int m = 0; m < 4; ++m)
        for (int n = 0; n < 8; ++n) EXPECT_EQ(cta_a(m, n), A(4 * bx + m, 8 * by + n));
      // inner_partition and its other name local_tile give the same tensor.
      Tensor it = inner_partition(A, tiler, make_coord(bx, by));
      Tensor lt = local_tile(A, tiler, make_coord(bx, by));
      EXPECT_EQ(to_string(it.layout()), "(_4,_8):(_1,8)");
      EXPECT_EQ(to_string(lt.layout()), "(_4,_8):(_1,8)");
      EXPECT_EQ(it.data(), cta_a.data());
      EXPECT_EQ(lt.data(), cta_a.data());
    }

  // Outer partition: 32 threads, one element of each tile per thread.
  for (int t = 0; t < 32; ++t) {
    Tensor thr_a = tiled_a(t, make_coord(_, _));  // (2,3)
    expect_print(thr_a, "ptr[32b](ADDR) o (2,3):(_4,64)");
    EXPECT_EQ(thr_a.data(), ptr + (t % 4) + 8 * (t / 4));
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j) EXPECT_EQ(thr_a(i, j), A(4 * i + t % 4, 8 * j + t / 4));
    Tensor op = outer_partition(A, tiler, t);
    EXPECT_EQ(to_string(op.layout()), "(2,3):(_4,64)");
    EXPECT_EQ(op.data(), thr_a.data());
    // local_partition with a column-major 4x8 thread layout: thread t has
    // coordinate (t%4, t/4), the same as the 1-D tile coordinate t.
    Tensor lp = local_partition(A, make_layout(Shape<_4, _8>{}), t);
    EXPECT_EQ(to_string(lp.layout()), "(2,3):(_4,64)");
    EXPECT_EQ(lp.data(), thr_a.data());
    // A row-major thread layout: thread t has coordinate (t/8, t%8).
    Tensor lpr = local_partition(A, make_layout(Shape<_4, _8>{}, LayoutRight{}), t);
    EXPECT_EQ(lpr.data(), ptr + (t / 8) + 8 * (t % 8));
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j) EXPECT_EQ(lpr(i, j), A(4 * i + t / 8, 8 * j + t % 8));
  }
}

// Thread-value partitioning: compose a 4x8 tensor with the (T8,V4) -> (M4,N8)
// TV layout and slice each thread's row.
TEST(Seed003Partitioning, ThreadValue) {
  // (T8,V4) -> (M4,N8)
  auto tv_layout = Layout<Shape<Shape<_2, _4>, Shape<_2, _2>>, Stride<Stride<_8, _1>, Stride<_4, _16>>>{};  // (8,4)
  // Construct a 4x8 tensor with any layout
  Tensor A = make_tensor<float>(Shape<_4, _8>{}, LayoutRight{});  // (4,8)
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 8; ++n) A(m, n) = float(100 * m + n);
  // Compose A with the tv_layout to transform its shape and order
  Tensor tv = composition(A, tv_layout);  // (8,4)
  expect_print(tv, "ptr[32b](ADDR) o ((_2,_4),(_2,_2)):((_2,_8),(_1,_4))");
  EXPECT_EQ(tv.data(), A.data());

  // Each thread's values, from the picture: thread t owns row t/2 and the
  // columns {0,1,4,5} shifted by 2*(t%2), in value order.
  int const cols[4] = {0, 1, 4, 5};
  for (int t = 0; t < 8; ++t) {
    // Slice so each thread has 4 values in the shape and order that the tv_layout prescribes
    Tensor v = tv(t, _);  // (4)
    expect_print(v, "ptr[32b](ADDR) o ((_2,_2)):((_1,_4))");
    static_assert(decltype(size(v))::value == 4);
    for (int k = 0; k < 4; ++k) {
      int const m = t / 2, n = cols[k] + 2 * (t % 2);
      EXPECT_EQ(v(k), A(m, n)) << "thread " << t << " value " << k;
      EXPECT_EQ(&v(k), &A(m, n));
      // and from the TV layout's definition: 1-D coordinate c of the 4x8 tile.
      int const c = (t % 2) * 8 + (t / 2) * 1 + (k % 2) * 4 + (k / 2) * 16;
      EXPECT_EQ(c % 4, m);
      EXPECT_EQ(c / 4, n);
    }
  }
  // The 8 threads' 4 values cover the tile once.
  std::vector<int> hits(32, 0);
  for (int t = 0; t < 8; ++t)
    for (int k = 0; k < 4; ++k) ++hits[std::size_t(int(tv(t, k)) / 100 * 8 + int(tv(t, k)) % 100)];
  for (int h : hits) EXPECT_EQ(h, 1);
}

// ==== seed 003: examples ==========================================================================

// "Copy a subtile from global memory to registers": rows of an (_8,16) tensor.
TEST(Seed003Examples, CopyRowsToRegisters) {
  std::vector<float> mem(8 * 16);
  for (std::size_t i = 0; i < mem.size(); ++i) mem[i] = 0.5f + float(i * 7 % 101);
  float* ptr = mem.data();
  Tensor gmem = make_tensor(ptr, make_shape(Int<8>{}, 16));  // (_8,16)
  Tensor rmem = make_tensor_like(gmem(_, 0));                // (_8)
  expect_print(gmem, "ptr[32b](ADDR) o (_8,16):(_1,_8)");
  expect_print(gmem(_, 0), "ptr[32b](ADDR) o (_8):(_1)");
  expect_print(rmem, "ptr[32b](ADDR) o (_8):(_1)");
  static_assert(std::is_same_v<decltype(rmem)::engine_type, ArrayEngine<float, 8>>);
  static_assert(decltype(rank(gmem))::value == 2);        // CUTE_STATIC_ASSERT_V(rank(gmem) == Int<2>{});
  static_assert(is_static_v<decltype(shape<0>(gmem))>);  // CUTE_STATIC_ASSERT_V(is_static<decltype(shape<0>(gmem))>{});

  for (int j = 0; j < size<1>(gmem); ++j) {
    copy(gmem(_, j), rmem);
    // do_something(rmem): here, check it.
    for (int i = 0; i < 8; ++i) EXPECT_EQ(rmem(i), ptr[i + 8 * j]) << i << "," << j;
  }
}

// The same with a tiler: the (_8,_4) tiles of a (24,16) tensor.
TEST(Seed003Examples, CopyTilesToRegisters) {
  std::vector<float> mem(24 * 16);
  for (std::size_t i = 0; i < mem.size(); ++i) mem[i] = 1.25f + float(i * 13 % 257);
  float* ptr = mem.data();
  Tensor gmem = make_tensor(ptr, make_shape(24, 16));  // (24,16)
  auto tiler = Shape<_8, _4>{};                        // 8x4 tiler
  Tensor gmem_tiled = zipped_divide(gmem, tiler);      // ((_8,_4),Rest)
  Tensor rmem = make_tensor_like(gmem_tiled(_, 0));    // ((_8,_4))
  expect_print(gmem_tiled, "ptr[32b](ADDR) o ((_8,_4),(3,4)):((_1,24),(_8,96))");
  expect_print(rmem, "ptr[32b](ADDR) o ((_8,_4)):((_1,_8))");
  ASSERT_EQ(int(size<1>(gmem_tiled)), 12);

  for (int j = 0; j < size<1>(gmem_tiled); ++j) {
    copy(gmem_tiled(_, j), rmem);
    int const r0 = 8 * (j % 3), c0 = 4 * (j / 3);
    for (int i = 0; i < 32; ++i) EXPECT_EQ(rmem(i), gmem(r0 + i % 8, c0 + i / 8)) << i << "," << j;
  }

  // The commented-out tiler: 8x4 with stride-3 rows and stride-2 columns.
  auto tiler2 = Tile<Layout<_8, _3>, Layout<_4, _2>>{};
  Tensor gmem_tiled2 = zipped_divide(gmem, tiler2);
  Tensor rmem2 = make_tensor_like(gmem_tiled2(_, 0));
  // Rest: complement(8:3, 24) = (_3,1):(_1,_24) (the 1 is 24/24 of the dynamic 24)
  // and complement(4:2, 16) = (_2,2):(_1,_8), composed with the modes of gmem.
  EXPECT_EQ(to_string(gmem_tiled2.layout()), "((_8,_4),((_3,1),(_2,2))):((_3,48),((_1,_24),(24,192)))");
  ASSERT_EQ(int(size<1>(gmem_tiled2)), 12);
  int const col_rest[4] = {0, 1, 8, 9};  // complement of 4:2 in 16: (2,2):(1,8)
  for (int j = 0; j < size<1>(gmem_tiled2); ++j) {
    copy(gmem_tiled2(_, j), rmem2);
    for (int i = 0; i < 32; ++i) {
      int const r = 3 * (i % 8) + j % 3, c = 2 * (i / 8) + col_rest[j / 3];
      EXPECT_EQ(rmem2(i), gmem(r, c)) << i << "," << j;
    }
  }
}

// ==== seed 000: print_tensor of layouts over A[i] = i ==============================================

// 3.1.3: the reshape 20:2 o (5,4):(4,1).
TEST(Seed000Tensors, ReshapeComposition) {
  std::vector<int> mem = iota_ints();
  int* A = mem.data();
  auto sa = make_shape(Int<20>{});
  auto a = make_layout(sa, Stride<_2>{});

  auto sb = make_shape(Int<5>{}, Int<4>{});
  auto b = make_layout(sb, make_stride(Int<4>{}, Int<1>{}));
  Tensor tb = make_tensor(A, b);
  expect_print_tensor(tb,
                      "ptr[32b](ADDR) o (_5,_4):(_4,_1):\n"
                      "    0    1    2    3\n"
                      "    4    5    6    7\n"
                      "    8    9   10   11\n"
                      "   12   13   14   15\n"
                      "   16   17   18   19\n");

  auto c = composition(a, b);
  Tensor tc = make_tensor(A, c);
  expect_print_tensor(tc,
                      "ptr[32b](ADDR) o (_5,_4):(_8,_2):\n"
                      "    0    2    4    6\n"
                      "    8   10   12   14\n"
                      "   16   18   20   22\n"
                      "   24   26   28   30\n"
                      "   32   34   36   38\n");
}

// 4.2: complement((2,2):(1,6), 24).
TEST(Seed000Tensors, Complement) {
  std::vector<int> mem = iota_ints();
  int* A = mem.data();
  auto sa = make_shape(Int<2>{}, Int<2>{});
  auto a = make_layout(sa, Stride<_1, _6>{});
  Tensor ta = make_tensor(A, a);
  expect_print_tensor(ta,
                      "ptr[32b](ADDR) o (_2,_2):(_1,_6):\n"
                      "    0    6\n"
                      "    1    7\n");

  auto c = complement(a, 24);
  Tensor tc = make_tensor(A, c);
  expect_print_tensor(tc,
                      "ptr[32b](ADDR) o (_3,2):(_2,_12):\n"
                      "    0   12\n"
                      "    2   14\n"
                      "    4   16\n");
}

// 5.4: mode 0 of logical_divide and zipped_divide of (9,(4,8)):(59,(13,1)) by <3:3, (2,4):(1,8)>.
// The seed's headers lack the "ptr[32b](0x...) o " prefix (see the top of this file).
TEST(Seed000Tensors, DivideTiles) {
  std::vector<int> mem = iota_ints();
  int* A = mem.data();
  // A: shape is (9,32)
  auto layout_a = make_layout(make_shape(Int<9>{}, make_shape(Int<4>{}, Int<8>{})),
                              make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
  Tensor ta = make_tensor(A, layout_a);
  // B-Tile < 3:3, (2,4):(1:8) >
  auto tiler = make_tile(Layout<_3, _3>{},  // Apply     3:3     to mode-0
                         Layout<Shape<_2, _4>, Stride<_1, _8>>{});  // Apply (2,4):(1,8) to mode-1

  // ((TileM,RestM), (TileN,RestN)) with shape ((3,3), (8,4))
  auto ld = logical_divide(layout_a, tiler);
  Tensor tld = make_tensor(A, ld);
  expect_print_tensor(tensor<0>(tld),
                      "ptr[32b](ADDR) o (_3,_3):(_177,_59):\n"
                      "    0   59  118\n"
                      "  177  236  295\n"
                      "  354  413  472\n");

  // ((TileM,TileN), (RestM,RestN)) with shape ((3,8), (3,4))
  auto zd = zipped_divide(layout_a, tiler);
  Tensor tzd = make_tensor(A, zd);
  expect_print_tensor(tensor<0>(tzd),
                      "ptr[32b](ADDR) o (_3,(_2,_4)):(_177,(_13,_2)):\n"
                      "    0   13    2   15    4   17    6   19\n"
                      "  177  190  179  192  181  194  183  196\n"
                      "  354  367  356  369  358  371  360  373\n");
  // Tensor algebra gives the same tiles as the layout algebra.
  EXPECT_EQ(to_string(zipped_divide(ta, tiler).layout()), to_string(zd));
  EXPECT_EQ(to_string(zd), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
}

// 6.2: the logical_product example, printed as tensors. The seed's headers lack the pointer.
TEST(Seed000Tensors, LogicalProduct) {
  std::vector<int> mem = iota_ints();
  int* A = mem.data();
  auto layout_a = make_layout(make_shape(Int<4>{}, Int<2>{}), make_stride(Int<1>{}, Int<16>{}));
  expect_print_tensor(make_tensor(A, layout_a),
                      "ptr[32b](ADDR) o (_4,_2):(_1,_16):\n"
                      "    0   16\n"
                      "    1   17\n"
                      "    2   18\n"
                      "    3   19\n");
  auto layout_b = make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<2>{}, Int<1>{}));
  expect_print_tensor(make_tensor(A, layout_b),
                      "ptr[32b](ADDR) o (_2,_2):(_2,_1):\n"
                      "    0    1\n"
                      "    2    3\n");
  Layout a_star = complement(layout_a, size(layout_a) * cosize(layout_b));
  expect_print_tensor(make_tensor(A, a_star),
                      "ptr[32b](ADDR) o _4:_4:\n"
                      "    0\n"
                      "    4\n"
                      "    8\n"
                      "   12\n");
  Layout a_star2 = composition(complement(layout_a, size(layout_a) * cosize(layout_b)), layout_b);
  expect_print_tensor(make_tensor(A, a_star2),
                      "ptr[32b](ADDR) o (_2,_2):(_8,_4):\n"
                      "    0    4\n"
                      "    8   12\n");
  auto lp = logical_product(layout_a, layout_b);
  expect_print_tensor(make_tensor(A, lp),
                      "ptr[32b](ADDR) o ((_4,_2),(_2,_2)):((_1,_16),(_8,_4)):\n"
                      "    0    8    4   12\n"
                      "    1    9    5   13\n"
                      "    2   10    6   14\n"
                      "    3   11    7   15\n"
                      "   16   24   20   28\n"
                      "   17   25   21   29\n"
                      "   18   26   22   30\n"
                      "   19   27   23   31\n");
}

// ==== print_tensor: element formats and ranks 3 and 4 (CuTe's print_tensor) =======================

TEST(TensorPrint, FormatsAndRanks) {
  std::vector<int> mem = iota_ints(64);
  // Rank 3: the (m,n) slices, separated by a rule of 5*size<1> dashes.
  expect_print_tensor(make_tensor(mem.data(), Shape<_2, _3, _2>{}),
                      "ptr[32b](ADDR) o (_2,_3,_2):(_1,_2,_6):\n"
                      "    0    2    4\n"
                      "    1    3    5\n"
                      "---------------\n"
                      "    6    8   10\n"
                      "    7    9   11\n");
  // Rank 4: the rank-3 blocks separated by a rule of '='.
  expect_print_tensor(make_tensor(mem.data(), Shape<_1, _2, _2, _2>{}),
                      "ptr[32b](ADDR) o (_1,_2,_2,_2):(_0,_1,_2,_4):\n"
                      "    0    1\n"
                      "----------\n"
                      "    2    3\n"
                      "==========\n"
                      "    4    5\n"
                      "----------\n"
                      "    6    7\n");
  // float: %*.2e, width 10; double: %*.3e, width 11.
  std::vector<float> f = {1.5f, -2.0f};
  expect_print_tensor(make_tensor(f.data(), Shape<_1, _2>{}), "ptr[32b](ADDR) o (_1,_2):(_0,_1):\n  1.50e+00 -2.00e+00\n");
  std::vector<double> d = {0.25};
  expect_print_tensor(make_tensor(make_gmem_ptr(d.data()), Shape<_1>{}),
                      "gmem_ptr[64b](ADDR) o (_1):(_0):\n  2.500e-01\n");
  // An owning tensor prints the same way.
  auto o = make_tensor<int>(Shape<_2, _2>{});
  for (int i = 0; i < 4; ++i) o(i) = 10 * i;
  expect_print_tensor(o, "ptr[32b](ADDR) o (_2,_2):(_1,_2):\n    0   20\n   10   30\n");
}
