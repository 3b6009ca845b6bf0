// tests/properties.hpp: the exhaustive shape property check, shared by
// tests/test_properties*.cpp (each its own executable, so that the build
// compiles them in parallel).
//
// The shapes: every IntTuple of depth <= 2 whose integers are all >= 2 and
// whose size is <= 64 (so it has at most 6 integers). A shape's *structure*
// (its nesting, with int leaves) is a type, generated at compile time below;
// each structure is filled at run time with every assignment of values >= 2
// whose product is <= 64. Structures with n = 1..6 integers: 3 (the plain int
// of depth 0, (int) and ((int))), 5, 13, 34, 89, 233: 377 in all.
//
// For each shape and every index i in [0, size):
//   * idx2crd(i) is the colexicographic natural coordinate (checked against a
//     reference computed from the integers alone), of the shape's profile;
//   * the round trips crd2idx(idx2crd(i)) == i, crd2idx(i) == i and
//     idx2crd(natural coordinate) == the coordinate;
//   * the compact col-major (default) and row-major layouts have the expected
//     strides and values at the 1-D and the natural coordinate, cosize == size,
//     and are bijections onto [0, size);
//   * with a non-compact stride, the 1-D, R-D and natural coordinates give the
//     same index; the R-D coordinate round-trips through crd2idx and crd2crd.
//
// Compile time is what limits this: every structure instantiates
// check_structure once, with the tessel functions it calls on that structure
// (about 0.3-0.5 s of g++ -O2 per structure, ~30% of it make_layout(s,
// LayoutRight) alone). Everything that does not depend on the structure is a
// plain function of class Checker, the references are computed from the
// integers without tessel, only dynamic (int) shapes are instantiated, and
// tests/CMakeLists.txt builds these files with line tables only (-g1), which
// halves their compile time.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <tessel/tessel.hpp>

namespace tessel_test {

using tessel::get;
using tessel::tuple;

// ---- structures -----------------------------------------------------------------------

template <class... T> struct list {};

template <class... L> struct concat;
template <> struct concat<> { using type = list<>; };
template <class... A> struct concat<list<A...>> { using type = list<A...>; };
template <class... A, class... B, class... R>
struct concat<list<A...>, list<B...>, R...> : concat<list<A..., B...>, R...> {};
template <class... L> using concat_t = typename concat<L...>::type;

template <class L> struct length;
template <class... T> struct length<list<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};

template <class G, class T> struct prepend_one;
template <class G, class... E> struct prepend_one<G, tuple<E...>> { using type = tuple<G, E...>; };
template <class G, class L> struct prepend_each;
template <class G, class... T> struct prepend_each<G, list<T...>> {
  using type = list<typename prepend_one<G, T>::type...>;
};

template <std::size_t> using int_leaf = int;
template <std::size_t K, class = std::make_index_sequence<K>> struct int_tuple_of;
template <std::size_t K, std::size_t... I> struct int_tuple_of<K, std::index_sequence<I...>> {
  using type = tuple<int_leaf<I>...>;
};

// The top-level elements that hold K integers: int or (int) for K = 1, else (int,...,int).
template <std::size_t K> struct groups { using type = list<typename int_tuple_of<K>::type>; };
template <> struct groups<1> { using type = list<int, tuple<int>>; };

template <class Gs, class Rest> struct prepend_all;
template <class... G, class Rest> struct prepend_all<list<G...>, Rest> {
  using type = concat_t<typename prepend_each<G, Rest>::type...>;
};

// tuples<N>: every tuple of depth <= 2 with N int leaves (and no empty tuple
// inside): its first element holds K + 1 leaves, the rest N - K - 1.
template <std::size_t N> struct tuples;
template <std::size_t N, class = std::make_index_sequence<N>> struct tuples_impl;
template <std::size_t N, std::size_t... K> struct tuples_impl<N, std::index_sequence<K...>> {
  using type = concat_t<typename prepend_all<typename groups<K + 1>::type,
                                             typename tuples<N - K - 1>::type>::type...>;
};
template <std::size_t N> struct tuples { using type = typename tuples_impl<N>::type; };
template <> struct tuples<0> { using type = list<tuple<>>; };

// structures<N>: every structure with N integers: the tuples, and for N = 1
// also the plain int (depth 0).
template <std::size_t N> struct structures { using type = typename tuples<N>::type; };
template <> struct structures<1> { using type = concat_t<list<int>, typename tuples<1>::type>; };
template <std::size_t N> using structures_t = typename structures<N>::type;

// Tuples: a(N) = 2 a(N-1) + a(N-2) + ... + a(0), a(0) = 1 (the first element
// is int, (int) or a tuple of K >= 2 ints); plus the plain int.
static_assert(length<structures_t<1>>::value == 3 && length<structures_t<2>>::value == 5 &&
              length<structures_t<3>>::value == 13 && length<structures_t<4>>::value == 34 &&
              length<structures_t<5>>::value == 89 && length<structures_t<6>>::value == 233);

// ---- helpers on structures ------------------------------------------------------------------

template <class T> struct leaf_count : std::integral_constant<int, 1> {};
template <class... T> struct leaf_count<tuple<T...>> : std::integral_constant<int, (0 + ... + leaf_count<T>::value)> {};

// The structure as plain data: group[k] = the number of integers of top-level
// element k, or 0 for a plain int element; rank = -1 for the plain int (depth 0).
struct Profile {
  int rank = -1;
  std::array<int, 6> group{};
};
template <class T> struct profile_of {
  static constexpr Profile value{};
};
template <class... T> struct profile_of<tuple<T...>> {
  static constexpr Profile value = [] {
    Profile p{int(sizeof...(T)), {}};
    int k = 0;
    ((p.group[k++] = tessel::is_tuple_v<T> ? leaf_count<T>::value : 0), ...);
    return p;
  }();
};

// The integers of a shape or a coordinate, in order (at most 6).
using Ints = std::array<int, 6>;

// Writes the integers of t to out, in order.
template <class T>
void store(T const& t, int*& out) {
  if constexpr (tessel::is_tuple_v<T>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) { (store(get<I>(t), out), ...); }(
        std::make_index_sequence<tessel::tuple_size_v<T>>{});
  } else {
    *out++ = int(t);
  }
}
template <class T>
Ints ints(T const& t) {
  Ints v{};
  int* out = v.data();
  store(t, out);
  return v;
}

// Reads the integers of t from in, in order.
template <class T>
void load(T& t, int const*& in) {
  if constexpr (tessel::is_tuple_v<T>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) { (load(get<I>(t), in), ...); }(
        std::make_index_sequence<tessel::tuple_size_v<T>>{});
  } else {
    t = *in++;
  }
}
template <class T>
T make(Ints const& v) {
  T t{};
  int const* in = v.data();
  load(t, in);
  return t;
}

// ---- the checker: everything that does not depend on the structure --------------------------

// What tessel computed at index i of a shape.
struct AtIndex {
  int i;
  Ints natural;          // idx2crd(i, s)
  int crd2idx_natural;   // crd2idx(idx2crd(i, s), s)
  int crd2idx_1d;        // crd2idx(i, s)
  bool idx2crd_fixed;    // idx2crd(c, s) == c for the natural coordinate c
  int col_1d, col_natural, row_1d, row_natural;  // compact layouts at i and at c
  int crd2idx_rd;        // crd2idx(rd, s) for the R-D coordinate rd of i
  int odd_1d, odd_natural, odd_rd;  // the non-compact layout at i, c and rd
  bool crd2crd_rd;       // crd2crd(rd, R-D shape, s) == c
};

// Computes the references from a shape's integers and its profile alone (no
// tessel), compares, counts the checks, and reports the first failures.
class Checker {
 public:
  long checks = 0, failures = 0, shapes = 0;

  // All value vectors of n entries >= 2 whose product is <= 64.
  [[gnu::noinline]] static std::vector<Ints> value_sets(int n) {
    std::vector<Ints> out;
    Ints cur{};
    auto rec = [&](auto&& self, int k, int prod) -> void {
      if (k == n) {
        out.push_back(cur);
        return;
      }
      for (int v = 2; prod * v <= 64; ++v) {
        cur[k] = v;
        self(self, k + 1, prod * v);
      }
    };
    rec(rec, 0, 1);
    return out;
  }

  [[gnu::noinline]] void begin(Profile const& p, int n, Ints const& shape) {
    ++shapes;
    n_ = n;
    shape_ = shape;
    size_ = 1;
    for (int k = 0; k < n; ++k) col_[k] = size_, size_ *= shape[k];
    for (int k = n, q = 1; k-- > 0; q *= shape[k]) row_[k] = q;
    for (int k = 0; k < n; ++k) odd_[k] = 7 * k + 3;  // an arbitrary non-compact stride
    modes_ = {};
    if (p.rank < 0) {
      rank_ = 1;
      modes_[0] = shape[0];
    } else {
      rank_ = p.rank;
      for (int k = 0, pos = 0; k < p.rank; ++k) {
        modes_[k] = 1;
        for (int j = 0; j < (p.group[k] ? p.group[k] : 1); ++j) modes_[k] *= shape[pos++];
      }
    }
    name_ = describe(p);
    col_values_.assign(size_, -1);
    row_values_.assign(size_, -1);
  }

  int size() const { return size_; }
  Ints const& odd_stride() const { return odd_; }
  Ints const& rd_shape() const { return modes_; }  // one integer per top-level mode

  // The R-D coordinate of i: one integer per top-level mode, colexicographic.
  Ints rd(int i) const {
    Ints c{};
    for (int k = 0; k < rank_; ++k) c[k] = i % modes_[k], i /= modes_[k];
    return c;
  }

  [[gnu::noinline]] void layouts(Ints const& col_stride, Ints const& row_stride, int col_cosize, int row_cosize) {
    expect(col_stride == col_, "LayoutLeft (default) strides are the col-major prefix products");
    expect(row_stride == row_, "LayoutRight strides are the row-major prefix products");
    expect(col_cosize == size_ && row_cosize == size_, "cosize of a compact layout is its size");
  }

  [[gnu::noinline]] void at(AtIndex const& a) {
    int const i = a.i;
    Ints nat{};
    int row_value = 0, odd_value = 0;
    for (int k = 0; k < n_; ++k) {
      nat[k] = i / col_[k] % shape_[k];
      row_value += nat[k] * row_[k];
      odd_value += nat[k] * odd_[k];
    }
    expect(a.natural == nat, "idx2crd(i) is the colexicographic natural coordinate", i);
    expect(a.crd2idx_natural == i, "crd2idx(idx2crd(i)) == i", i);
    expect(a.crd2idx_1d == i, "crd2idx(i) == i", i);
    expect(a.idx2crd_fixed, "idx2crd of a natural coordinate is itself", i);
    expect(a.col_1d == i && a.col_natural == i, "compact col-major layout at i and at idx2crd(i) is i", i);
    expect(a.row_1d == row_value && a.row_natural == row_value, "compact row-major layout at i and at idx2crd(i)", i);
    expect(a.crd2idx_rd == i, "crd2idx(R-D coordinate of i) == i", i);
    expect(a.odd_1d == odd_value && a.odd_natural == odd_value && a.odd_rd == odd_value,
           "non-compact stride: the 1-D, R-D and natural coordinates give the same index", i);
    expect(a.crd2crd_rd, "crd2crd(R-D coordinate) is the natural coordinate", i);
    if (a.col_1d >= 0 && a.col_1d < size_) col_values_[a.col_1d] = i;
    if (a.row_1d >= 0 && a.row_1d < size_) row_values_[a.row_1d] = i;
  }

  // After every index: both compact layouts hit every value of [0, size) (with
  // size indices, that makes them bijections onto [0, size)).
  [[gnu::noinline]] void end() {
    auto onto = [](std::vector<int> const& hit) {
      for (int h : hit)
        if (h < 0) return false;
      return true;
    };
    expect(onto(col_values_), "compact col-major is a bijection onto [0,size)");
    expect(onto(row_values_), "compact row-major is a bijection onto [0,size)");
  }

  void expect(bool ok, char const* what, int i = -1) {
    ++checks;
    if (!ok) fail(what, i);
  }

 private:
  int n_ = 0, size_ = 1, rank_ = 1;
  Ints shape_{}, col_{}, row_{}, odd_{}, modes_{};
  std::string name_;
  std::vector<int> col_values_, row_values_;  // the index that hit each value, or -1

  // The shape printed as tessel prints it, e.g. (2,(3,4)).
  std::string describe(Profile const& p) const {
    if (p.rank < 0) return std::to_string(shape_[0]);
    std::string s = "(";
    for (int k = 0, pos = 0; k < p.rank; ++k) {
      if (k) s += ',';
      if (p.group[k] == 0) {
        s += std::to_string(shape_[pos++]);
      } else {
        s += '(';
        for (int j = 0; j < p.group[k]; ++j) s += (j ? "," : "") + std::to_string(shape_[pos++]);
        s += ')';
      }
    }
    return s + ")";
  }

  [[gnu::noinline]] void fail(char const* what, int i) {
    if (++failures > 20) return;
    if (i >= 0) {
      ADD_FAILURE() << name_ << " at index " << i << ": " << what;
    } else {
      ADD_FAILURE() << name_ << ": " << what;
    }
  }
};

// ---- the check: the one function template per structure ------------------------------------------

// R-D shapes and coordinates: one int per top-level mode (an int for the
// plain int). Shared by all structures of one rank.
template <class S> struct rd_type { using type = int; };
template <class... T> struct rd_type<tuple<T...>> { using type = typename int_tuple_of<sizeof...(T)>::type; };

template <class S>
void check_structure(Checker& ck) {
  using RD = typename rd_type<S>::type;
  constexpr int n = leaf_count<S>::value;
  for (Ints const& v : Checker::value_sets(n)) {
    ck.begin(profile_of<S>::value, n, v);
    S const s = make<S>(v);
    RD const rd_shape = make<RD>(ck.rd_shape());
    auto const col = tessel::make_layout(s);
    auto const row = tessel::make_layout(s, tessel::LayoutRight{});
    auto const odd = tessel::make_layout(s, make<S>(ck.odd_stride()));
    ck.layouts(ints(tessel::stride(col)), ints(tessel::stride(row)), int(tessel::cosize(col)),
               int(tessel::cosize(row)));
    for (int i = 0; i < ck.size(); ++i) {
      auto const c = tessel::idx2crd(i, s);
      static_assert(std::is_same_v<decltype(c), S const>, "idx2crd gives a coordinate of the shape's profile");
      RD const rd = make<RD>(ck.rd(i));
      ck.at({i, ints(c), int(tessel::crd2idx(c, s)), int(tessel::crd2idx(i, s)), bool(tessel::idx2crd(c, s) == c),
             int(col(i)), int(col(c)), int(row(i)), int(row(c)), int(tessel::crd2idx(rd, s)), int(odd(i)),
             int(odd(c)), int(odd(rd)), bool(tessel::crd2crd(rd, rd_shape, s) == c)});
    }
    ck.end();
  }
}

// Checks the structures of L with positions in [B, E).
template <std::size_t B, std::size_t E, std::size_t I, class S>
void check_if_in_range(Checker& ck) {
  if constexpr (B <= I && I < E) check_structure<S>(ck);
}
template <std::size_t B, std::size_t E, class... S>
void check_structures(list<S...>, Checker& ck) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (check_if_in_range<B, E, I, S>(ck), ...);
  }(std::index_sequence_for<S...>{});
}

// The generated structures of a list are distinct (no structure is checked
// twice, so with the counts above none is missing).
template <class... S>
bool all_distinct(list<S...>) {
  std::vector<std::pair<int, Ints>> seen{{profile_of<S>::value.rank, profile_of<S>::value.group}...};
  std::sort(seen.begin(), seen.end());
  return std::adjacent_find(seen.begin(), seen.end()) == seen.end();
}

// Part P of PARTS (near-equal ranges) of the structures with N integers.
template <std::size_t N, std::size_t P = 0, std::size_t PARTS = 1>
void run_structures() {
  using L = structures_t<N>;
  constexpr std::size_t total = length<L>::value;
  constexpr std::size_t begin = total * P / PARTS, end = total * (P + 1) / PARTS;
  EXPECT_TRUE(all_distinct(L{}));
  Checker ck;
  check_structures<begin, end>(L{}, ck);
  EXPECT_EQ(ck.failures, 0);
  EXPECT_GT(ck.shapes, 0);
  std::printf("[   info   ] %zu structures with %zu integers (part %zu of %zu): %ld shapes, %ld checks\n", end - begin,
              N, P + 1, PARTS, ck.shapes, ck.checks);
}

}  // namespace tessel_test
