// test_cute_containers.cpp: CuTe's containers and tuple behaviour as tessel
// provides them: tuple layout and access, array, subbyte integers and
// array_subbyte, bit_field (container/, numeric/, tuple/).
#include <gtest/gtest.h>

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {
template <int N> struct Empty {
  friend constexpr bool operator==(Empty, Empty) { return true; }
};
}  // namespace

// A tuple stores only its non-empty elements, as plain members: standard
// layout whenever its elements are, the size of a struct of the non-empty
// elements, and empty (size 1) when all elements are.
TEST(CuteContainers, TupleLayout) {
  static_assert(std::is_standard_layout_v<tuple<>>);
  static_assert(std::is_standard_layout_v<tuple<int, double>>);
  static_assert(std::is_standard_layout_v<tuple<int, tuple<int, Empty<0>>, Empty<1>, double>>);
  static_assert(std::is_standard_layout_v<tuple<char, short, int, long, float, double, char>>);
  struct IntDouble { int i; double d; };
  static_assert(sizeof(tuple<int, Empty<0>, double>) == sizeof(IntDouble));
  static_assert(sizeof(tuple<Empty<0>, Empty<1>, tuple<Empty<0>, tuple<Empty<1>>>>) == 1);
  static_assert(std::is_empty_v<tuple<Empty<0>, Empty<1>, tuple<Empty<0>, tuple<>>>>);
  static_assert(sizeof(tuple<char, char, char, char, char, char>) == 6);
  // Nine elements (two levels of storage), with empties in between.
  tuple<int, _1, int, int, Empty<3>, int, int, int, int, int, int> t{1, {}, 2, 3, {}, 4, 5, 6, 7, 8, 9};
  EXPECT_EQ(get<0>(t) + get<2>(t) + get<3>(t) + get<5>(t) + get<6>(t) + get<7>(t) + get<8>(t) + get<9>(t) + get<10>(t), 45);
  get<9>(t) = 80;
  EXPECT_EQ(get<9>(t), 80);
  EXPECT_EQ(get<10>(t), 9);
  static_assert(sizeof(t) == 9 * sizeof(int));
}

// get on an lvalue, a const lvalue and an rvalue tuple: references of the
// same kind to stored elements, values for empty ones.
TEST(CuteContainers, TupleGetValueCategory) {
  tuple<double, int, Empty<4>> t(1.5, 7, Empty<4>{});
  static_assert(std::is_same_v<decltype(get<0>(t)), double&>);
  static_assert(std::is_same_v<decltype(get<2>(t)), Empty<4>>);
  auto const& ct = t;
  static_assert(std::is_same_v<decltype(get<1>(ct)), int const&>);
  static_assert(std::is_same_v<decltype(get<1>(tessel::move(t))), int&&>);
  static_assert(std::is_same_v<decltype(get<2>(tessel::move(t))), Empty<4>>);
  auto [a, b, c] = t;
  EXPECT_EQ(a, 1.5);
  EXPECT_EQ(b, 7);
  EXPECT_TRUE(c == Empty<4>{});
  // apply also takes a standard tuple.
  EXPECT_EQ(tessel::apply(std::tuple<int, int>{3, 4}, [](int x, int y) { return x * y; }), 12);
  // find by type: the index of the first element of that type, else the rank.
  static_assert(decltype(find<int>(tuple<float, _1, int>{}))::value == 2);
  static_assert(decltype(find<double>(tuple<float, _1, int>{}))::value == 3);
}

// array: an aggregate of standard layout with the std::array interface, a
// tuple for get / tuple_size / structured bindings, reversed as an array.
TEST(CuteContainers, Array) {
  static_assert(std::is_standard_layout_v<array<int, 4>>);
  static_assert(std::is_aggregate_v<array<float, 3>>);
  static_assert(sizeof(array<short, 5>) == 5 * sizeof(short));
  static_assert(tuple_size_v<array<int, 6>> == 6);
  constexpr array<int, 4> a{1, 2, 3, 4};
  static_assert(get<3>(a) == 4 && a.size() == 4 && a.back() == 4);
  constexpr auto r = reverse(a);
  static_assert(std::is_same_v<decltype(r), array<int, 4> const>);
  static_assert(r[0] == 4 && r[3] == 1);
  array<int, 3> b{};
  fill(b, 7);
  auto [x, y, z] = b;
  EXPECT_EQ(x + y + z, 21);
  static_assert(reverse(array<int, 0>{}).size() == 0);
}

namespace {
// Every value of a subbyte integer survives the round trip through int, and
// out-of-range values keep their low bits.
template <class T>
void subbyte_round_trip() {
  constexpr int bits = T::num_bits;
  constexpr int lo = T::is_signed ? -(1 << (bits - 1)) : 0;
  constexpr int hi = T::is_signed ? (1 << (bits - 1)) - 1 : (1 << bits) - 1;
  for (int v = lo; v <= hi; ++v) EXPECT_EQ(int(T(v)), v);
  EXPECT_EQ(T(hi + 1), T(lo));
}
// Write every element of an array_subbyte with a pattern, through the array
// and through a tensor over it, and read it back both ways.
template <class T, std::size_t N>
void array_subbyte_round_trip(int modulus) {
  array_subbyte<T, N> a{};
  auto t = make_tensor(a.begin(), make_shape(int(N)));
  for (std::size_t i = 0; i < N; ++i) a[i] = T(int(i * 5 + 1) % modulus);
  for (std::size_t i = 0; i < N; ++i) {
    EXPECT_EQ(T(a[i]), T(int(i * 5 + 1) % modulus));
    EXPECT_EQ(T(t(int(i))), T(a[i]));
  }
  for (std::size_t i = 0; i < N; ++i) t(int(i)) = T(int(i) % modulus);
  for (std::size_t i = 0; i < N; ++i) EXPECT_EQ(T(a[i]), T(int(i) % modulus));
}
}  // namespace

TEST(CuteContainers, SubbyteIntegers) {
  subbyte_round_trip<int4_t>();
  subbyte_round_trip<uint4_t>();
  subbyte_round_trip<int2_t>();
  subbyte_round_trip<uint2_t>();
  subbyte_round_trip<uint6b_t>();
  subbyte_round_trip<uint1b_t>();
  static_assert(sizeof_bits_v<int4_t> == 4 && sizeof_bits_v<uint6b_t> == 6 && sizeof_bits_v<bool> == 1);
  static_assert(sizeof_bits_v<float> == 32);
}

TEST(CuteContainers, ArraySubbyte) {
  static_assert(sizeof_bits_v<array_subbyte<std::uint8_t, 14>> == 14 * 8);
  static_assert(sizeof_bits_v<array_subbyte<int4_t, 14>> == 7 * 8);
  static_assert(sizeof_bits_v<array_subbyte<uint2_t, 14>> == 4 * 8);
  static_assert(sizeof_bits_v<array_subbyte<bool, 14>> == 2 * 8);
  static_assert(sizeof_bits_v<array_subbyte<uint6b_t, 15>> == 12 * 8);
  array_subbyte_round_trip<int4_t, 15>(8);
  array_subbyte_round_trip<uint2_t, 17>(4);
  array_subbyte_round_trip<uint6b_t, 13>(64);  // elements straddle bytes
  array_subbyte_round_trip<std::uint8_t, 9>(256);
  array_subbyte<bool, 11> flags{};
  fill(flags, true);
  for (std::size_t i = 0; i < flags.size(); ++i) EXPECT_TRUE(bool(flags[i]));
  flags[3] = false;
  flags[10] = flags[3];  // copies the value, not the reference
  EXPECT_FALSE(bool(flags[10]));
  EXPECT_TRUE(bool(flags[9]));
  // Neighbouring elements are untouched by a write.
  array_subbyte<uint6b_t, 4> six{};
  fill(six, uint6b_t(63));
  six[1] = uint6b_t(0);
  EXPECT_EQ(int(uint6b_t(six[0])), 63);
  EXPECT_EQ(int(uint6b_t(six[1])), 0);
  EXPECT_EQ(int(uint6b_t(six[2])), 63);
}

// bit_field<Start, Bits>: every width from 1 to 64 bits at every start from 0
// to 70 holds its widest value and a pattern. The 4544 fields are checked by
// constant evaluation (bit_field is constexpr), so the test costs no code per
// field: compiled, the unrolled bit loops took three minutes at -O3. With a
// float, a field holds the float's bits.
namespace {
template <int Start, int Bits>
constexpr std::uint64_t bit_field_mismatch() {  // 0 when the field holds both values
  using BF = bit_field<std::uint32_t(Start), std::uint32_t(Bits)>;
  std::uint64_t const v = Bits == 64 ? ~std::uint64_t(0) : ((std::uint64_t(1) << Bits) - 1);
  BF bf{};
  bf = typename BF::value_type(v);
  bool ok = std::uint64_t(typename BF::value_type(bf)) == v;
  bf = typename BF::value_type(v & 0x5555555555555555ull);
  ok = ok && std::uint64_t(typename BF::value_type(bf)) == (v & 0x5555555555555555ull);
  return ok ? 0 : 1;
}
template <int Bits, int... S>
constexpr std::uint64_t bit_field_row(std::integer_sequence<int, S...>) { return (bit_field_mismatch<S, Bits>() + ...); }
template <int... B>
constexpr std::uint64_t bit_field_all(std::integer_sequence<int, B...>) {
  return (bit_field_row<B + 1>(std::make_integer_sequence<int, 71>{}) + ...);
}
}  // namespace

TEST(CuteContainers, BitFieldExhaustive) {
  constexpr std::uint64_t lost = bit_field_all(std::make_integer_sequence<int, 64>{});
  EXPECT_EQ(lost, 0u) << "the number of fields (start, bits) that lost a value";
  bit_field<13, 32, float> f{};
  f = 3.25f;
  EXPECT_EQ(float(f), 3.25f);
}
