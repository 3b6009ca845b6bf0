// Exhaustive properties of tensors over sets of small layouts (enumerated and
// random, static and dynamic).
//
// The data is an int array whose value at each offset is the offset, so the
// value of an element says exactly where it lives. Every element of a slice,
// a divide (logical, zipped, tiled, flat), local_tile / inner_partition,
// outer_partition and local_partition is compared with the element of the
// whole tensor at the coordinate it should map to, computed here from the
// integers alone (a small reference evaluator, not tessel), and by address.
//
// Also: owning tensors (make_tensor<T>) and views of the same layout agree;
// copy between every pair of a set of static layouts of one size (vectorised
// or not, aligned or not) gives dst(i) == src(i) and writes nothing else;
// copy_if, fill, clear, axpby; recast (aliasing, alignment and divisibility
// checks; the static divisibility failure is tests/compile_fail/recast_not_divisible.cpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

// ---- reference evaluation -------------------------------------------------------------------

// One top-level mode: its integers (shape, stride), in colexicographic order.
struct RefMode {
  std::vector<long> s, d;
  long size() const {
    long n = 1;
    for (long x : s) n *= x;
    return n;
  }
  // The offset of the 1-D mode coordinate x (the last integer takes the rest).
  long offset(long x) const {
    long off = 0;
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
      off += (x % s[i]) * d[i];
      x /= s[i];
    }
    return off + x * d.back();
  }
  // The offset of coordinate x of sub-mode j with the other sub-modes at 0.
  long sub_offset(std::size_t j, long x) const { return x * d[j]; }
};

template <class S, class D>
RefMode ref_mode(S const& s, D const& d) {
  RefMode m;
  auto fs = flatten_to_tuple(s);
  auto fd = flatten_to_tuple(d);
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((m.s.push_back(long(get<I>(fs))), m.d.push_back(long(get<I>(fd)))), ...);
  }(std::make_index_sequence<tuple_size_v<decltype(fs)>>{});
  return m;
}

// A rank-2 layout as two reference modes.
struct Ref2 {
  RefMode m0, m1;
  long operator()(long x, long y) const { return m0.offset(x) + m1.offset(y); }
  long size() const { return m0.size() * m1.size(); }
  long cosize() const {
    long c = 0;
    for (long x = 0; x < m0.size(); ++x)
      for (long y = 0; y < m1.size(); ++y) c = std::max(c, (*this)(x, y));
    return c + 1;
  }
};

template <class L>
Ref2 ref2(L const& l) {
  return {ref_mode(l.template shape<0>(), l.template stride<0>()), ref_mode(l.template shape<1>(), l.template stride<1>())};
}

// ---- bookkeeping ------------------------------------------------------------------------------

struct Counts {
  long elements = 0;  // elements compared
  long ops = 0;       // tensors (slices, partitions, ...) checked
  long skipped = 0;   // tilings the algebra rejected (tessel::error)
  int failures = 0;
};

// Reports an element at the wrong place (out of line: the checks below are
// instantiated for many types, and gtest's failure code is large).
[[gnu::noinline]] void mismatch(Counts& cnt, std::string const& ctx, long at, long holds, long want) {
  if (cnt.failures++ < 20)
    ADD_FAILURE() << ctx << ": element at offset " << at << " holds " << holds << ", expected offset " << want;
}

// Element `got` (a reference into the data) must be at offset `want` from origin.
#define EXPECT_AT(cnt, got, origin, want, ctx)                                   \
  do {                                                                           \
    ++(cnt).elements;                                                            \
    auto const* p_ = &(got);                                                     \
    long const w_ = (want);                                                      \
    if (p_ != (origin) + w_ || *p_ != w_) mismatch((cnt), (ctx), long(p_ - (origin)), long(*p_), w_); \
  } while (0)

// The data: value == offset.
std::vector<int> iota_data(long n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = int(i);
  return v;
}

template <class L>
std::string name_of(L const& l) {
  return to_string(l);
}

// ---- slices ----------------------------------------------------------------------------------

// Every slice of a rank-2 tensor T with one or both modes kept, and (where a
// mode is hierarchical with two integers) slices inside the mode.
template <class Tn>
void check_slices(Tn const& T, Ref2 const& ref, int const* origin, Counts& cnt) {
  std::string const ctx = name_of(T.layout());
  long const M = ref.m0.size(), N = ref.m1.size();
  long const base = T.data() - origin;
  // Whole tensor, by 1-D, 2-D and as owning-independent view.
  for (long k = 0; k < M * N; ++k) EXPECT_AT(cnt, T(int(k)), origin, base + ref(k % M, k / M), ctx + " T(k)");
  for (long x = 0; x < M; ++x)
    for (long y = 0; y < N; ++y) EXPECT_AT(cnt, T(int(x), int(y)), origin, base + ref(x, y), ctx + " T(x,y)");
  // T(x, _) and T(_, y).
  for (long x = 0; x < M; ++x) {
    auto row = T(int(x), _);
    ++cnt.ops;
    EXPECT_EQ(long(size(row)), N);
    for (long y = 0; y < N; ++y) EXPECT_AT(cnt, row(int(y)), origin, base + ref(x, y), ctx + " T(x,_)");
  }
  for (long y = 0; y < N; ++y) {
    auto col = T(_, int(y));
    ++cnt.ops;
    EXPECT_EQ(long(size(col)), M);
    for (long x = 0; x < M; ++x) EXPECT_AT(cnt, col(int(x)), origin, base + ref(x, y), ctx + " T(_,y)");
  }
  // T(_, _) keeps everything.
  auto all = T(_, _);
  ++cnt.ops;
  EXPECT_EQ(all.data(), T.data());
  for (long k = 0; k < M * N; ++k) EXPECT_AT(cnt, all(int(k)), origin, base + ref(k % M, k / M), ctx + " T(_,_)");

  using S = std::remove_cvref_t<decltype(T.layout().shape())>;
  // Mode 0 hierarchical (a,b): T((_, j), y) and T((i, _), _).
  if constexpr (is_tuple_v<std::tuple_element_t<0, S>>) {
    if constexpr (tuple_size_v<std::tuple_element_t<0, S>> == 2) {
      long const a = ref.m0.s[0], b = ref.m0.s[1];
      for (long j = 0; j < b; ++j)
        for (long y = 0; y < N; ++y) {
          auto v = T(make_coord(_, int(j)), int(y));
          ++cnt.ops;
          for (long i = 0; i < a; ++i) EXPECT_AT(cnt, v(int(i)), origin, base + ref(i + a * j, y), ctx + " T((_,j),y)");
        }
      for (long i = 0; i < a; ++i) {
        auto v = T(make_coord(int(i), _), _);
        ++cnt.ops;
        for (long j = 0; j < b; ++j)
          for (long y = 0; y < N; ++y) EXPECT_AT(cnt, v(int(j), int(y)), origin, base + ref(i + a * j, y), ctx + " T((i,_),_)");
      }
    }
  }
  // Mode 1 hierarchical (c,e): T(x, (c, _)) and T(_, (_, e)).
  if constexpr (is_tuple_v<std::tuple_element_t<1, S>>) {
    if constexpr (tuple_size_v<std::tuple_element_t<1, S>> == 2) {
      long const c = ref.m1.s[0], e = ref.m1.s[1];
      for (long x = 0; x < M; ++x)
        for (long i = 0; i < c; ++i) {
          auto v = T(int(x), make_coord(int(i), _));
          ++cnt.ops;
          for (long j = 0; j < e; ++j) EXPECT_AT(cnt, v(int(j)), origin, base + ref(x, i + c * j), ctx + " T(x,(i,_))");
        }
      for (long j = 0; j < e; ++j) {
        auto v = T(_, make_coord(_, int(j)));
        ++cnt.ops;
        for (long x = 0; x < M; ++x)
          for (long i = 0; i < c; ++i) EXPECT_AT(cnt, v(int(x), int(i)), origin, base + ref(x, i + c * j), ctx + " T(_,(_,j))");
      }
    }
  }
}

// ---- divides and partitions ----------------------------------------------------------------------

// The tilings of T by the shape tiler (t0, t1): the tile coordinate (i0, i1)
// and rest coordinate (r0, r1) map to T(r0*t0 + i0, r1*t1 + i1).
template <class Tn, class Tiler>
void check_tiling(Tn const& T, Ref2 const& ref, int const* origin, Tiler const& tiler, long t0, long t1, Counts& cnt) {
  std::ostringstream os;
  os << T.layout() << " / " << tiler;
  std::string const ctx = os.str();
  long const M = ref.m0.size(), N = ref.m1.size();
  long const R0 = M / t0, R1 = N / t1;
  long const base = T.data() - origin;
  auto want = [&](long i0, long i1, long r0, long r1) { return base + ref(r0 * t0 + i0, r1 * t1 + i1); };
  try {
    auto ld = logical_divide(T, tiler);  // ((t0,R0),(t1,R1))
    auto zd = zipped_divide(T, tiler);   // ((t0,t1),(R0,R1))
    auto td = tiled_divide(T, tiler);    // ((t0,t1),R0,R1)
    auto fd = flat_divide(T, tiler);     // (t0,t1,R0,R1)
    cnt.ops += 4;
    EXPECT_EQ(long(size<0, 0>(ld)), t0) << ctx;
    EXPECT_EQ(long(size<0, 1>(ld)), R0) << ctx;
    EXPECT_EQ(long(size<1, 0>(ld)), t1) << ctx;
    EXPECT_EQ(long(size<1, 1>(ld)), R1) << ctx;
    EXPECT_EQ(long(size<0>(zd)), t0 * t1) << ctx;
    EXPECT_EQ(long(size<1>(zd)), R0 * R1) << ctx;
    static_assert(decltype(rank(td))::value == 3 && decltype(rank(fd))::value == 4);
    EXPECT_EQ(long(size<1>(td)), R0) << ctx;
    EXPECT_EQ(long(size<3>(fd)), R1) << ctx;
    for (long k = 0; k < M * N; ++k) EXPECT_AT(cnt, ld(int(k)), origin, base + ref(k % M, k / M), ctx + " logical_divide(k)");
    for (long r0 = 0; r0 < R0; ++r0)
      for (long r1 = 0; r1 < R1; ++r1)
        for (long i0 = 0; i0 < t0; ++i0)
          for (long i1 = 0; i1 < t1; ++i1) {
            long const w = want(i0, i1, r0, r1);
            EXPECT_AT(cnt, ld(make_coord(make_coord(int(i0), int(r0)), make_coord(int(i1), int(r1)))), origin, w,
                      ctx + " logical_divide");
            EXPECT_AT(cnt, zd(make_coord(make_coord(int(i0), int(i1)), make_coord(int(r0), int(r1)))), origin, w,
                      ctx + " zipped_divide");
            EXPECT_AT(cnt, td(make_coord(int(i0), int(i1)), int(r0), int(r1)), origin, w, ctx + " tiled_divide");
            EXPECT_AT(cnt, fd(int(i0), int(i1), int(r0), int(r1)), origin, w, ctx + " flat_divide");
          }
    // Inner partition: the tile at rest coordinate (r0, r1).
    for (long r0 = 0; r0 < R0; ++r0)
      for (long r1 = 0; r1 < R1; ++r1) {
        auto lt = local_tile(T, tiler, make_coord(int(r0), int(r1)));
        auto ip = inner_partition(T, tiler, make_coord(int(r0), int(r1)));
        auto zt = zd(make_coord(_, _), make_coord(int(r0), int(r1)));
        auto z1 = zd(_, int(r0 + R0 * r1));  // the rest mode by a 1-D coordinate
        cnt.ops += 4;
        EXPECT_EQ(long(size(lt)), t0 * t1);
        for (long i0 = 0; i0 < t0; ++i0)
          for (long i1 = 0; i1 < t1; ++i1) {
            long const w = want(i0, i1, r0, r1);
            EXPECT_AT(cnt, lt(int(i0), int(i1)), origin, w, ctx + " local_tile");
            EXPECT_AT(cnt, ip(int(i0), int(i1)), origin, w, ctx + " inner_partition");
            EXPECT_AT(cnt, zt(int(i0), int(i1)), origin, w, ctx + " zd((_,_),r)");
            EXPECT_AT(cnt, z1(int(i0 + t0 * i1)), origin, w, ctx + " zd(_,r)");
          }
      }
    // Outer partition: the elements at tile coordinate (i0, i1) of every tile.
    for (long i0 = 0; i0 < t0; ++i0)
      for (long i1 = 0; i1 < t1; ++i1) {
        auto op = outer_partition(T, tiler, make_coord(int(i0), int(i1)));
        auto op1 = outer_partition(T, tiler, int(i0 + t0 * i1));
        cnt.ops += 2;
        EXPECT_EQ(long(size(op)), R0 * R1);
        for (long r0 = 0; r0 < R0; ++r0)
          for (long r1 = 0; r1 < R1; ++r1) {
            long const w = want(i0, i1, r0, r1);
            EXPECT_AT(cnt, op(int(r0), int(r1)), origin, w, ctx + " outer_partition");
            EXPECT_AT(cnt, op1(int(r0), int(r1)), origin, w, ctx + " outer_partition(1-D)");
          }
      }
    // local_partition by a t0 x t1 thread layout, column-major and row-major.
    auto cm = make_layout(make_shape(tessel::get<0>(tiler), tessel::get<1>(tiler)));
    auto rm = make_layout(make_shape(tessel::get<0>(tiler), tessel::get<1>(tiler)), LayoutRight{});
    for (long idx = 0; idx < t0 * t1; ++idx) {
      auto pc = local_partition(T, cm, int(idx));
      auto pr = local_partition(T, rm, int(idx));
      cnt.ops += 2;
      for (long r0 = 0; r0 < R0; ++r0)
        for (long r1 = 0; r1 < R1; ++r1) {
          EXPECT_AT(cnt, pc(int(r0), int(r1)), origin, want(idx % t0, idx / t0, r0, r1), ctx + " local_partition(col)");
          EXPECT_AT(cnt, pr(int(r0), int(r1)), origin, want(idx / t1, idx % t1, r0, r1), ctx + " local_partition(row)");
        }
    }
  } catch (tessel::error const&) {
    ++cnt.skipped;
  }
}

// All shape tilers (t0, t1) with t0 | M and t1 | N, as dynamic ints (which the
// algebra checks at run time: an inadmissible one throws and is counted as
// skipped), and, for dynamic layouts, a few static ones. (A static layout with
// a static tiler is checked at compile time: an inadmissible pair does not
// compile, so check_static_layout picks those pairs by hand.)
template <class Tn>
void check_all_tilings(Tn const& T, Ref2 const& ref, int const* origin, Counts& cnt) {
  long const M = ref.m0.size(), N = ref.m1.size();
  for (long t0 = 1; t0 <= M; ++t0)
    for (long t1 = 1; t1 <= N; ++t1)
      if (M % t0 == 0 && N % t1 == 0) check_tiling(T, ref, origin, make_shape(int(t0), int(t1)), t0, t1, cnt);
  if constexpr (!is_static_v<std::remove_cvref_t<decltype(T.layout())>>) {
    if (M % 2 == 0 && N % 2 == 0) check_tiling(T, ref, origin, Shape<_2, _2>{}, 2, 2, cnt);
  }
}

// TV-style composition: composition(T, B)(k) == T(B(k)) and slices of it.
template <class Tn, class B>
void check_composition(Tn const& T, Ref2 const& ref, int const* origin, B const& b, Counts& cnt) {
  std::ostringstream os;
  os << T.layout() << " o " << b;
  std::string const ctx = os.str();
  long const M = ref.m0.size();
  long const base = T.data() - origin;
  try {
    auto c = composition(T, b);
    ++cnt.ops;
    for (int k = 0; k < int(size(b)); ++k) {
      long const x = long(b(k));
      EXPECT_AT(cnt, c(k), origin, base + ref(x % M, x / M), ctx);
    }
    if constexpr (decltype(rank(b))::value == 2) {
      for (int t = 0; t < int(size<0>(b)); ++t) {
        auto v = c(t, _);
        ++cnt.ops;
        for (int k = 0; k < int(size<1>(b)); ++k) {
          long const x = long(b(t, k));
          EXPECT_AT(cnt, v(k), origin, base + ref(x % M, x / M), ctx + " (t,_)");
        }
      }
    }
  } catch (tessel::error const&) {
    ++cnt.skipped;
  }
}

// The doc's TV layout ((2,4),(2,2)):((8,1),(4,16)) and others, static and dynamic.
using TV8x4 = Layout<Shape<Shape<_2, _4>, Shape<_2, _2>>, Stride<Stride<_8, _1>, Stride<_4, _16>>>;
using Row8x4 = Layout<Shape<_8, _4>, Stride<_4, _1>>;

// Everything above, on one rank-2 tensor.
template <class Tn>
void check_rank2(Tn const& T, int const* origin, Counts& cnt) {
  Ref2 const ref = ref2(T.layout());
  check_slices(T, ref, origin, cnt);
  check_all_tilings(T, ref, origin, cnt);
  constexpr bool is_static_layout = is_static_v<std::remove_cvref_t<decltype(T.layout())>>;
  if (ref.size() == 32) {
    check_composition(T, ref, origin, make_layout(make_shape(make_shape(2, 4), make_shape(2, 2)),
                                                  make_stride(make_stride(8, 1), make_stride(4, 16))), cnt);
    check_composition(T, ref, origin, make_layout(make_shape(4, 8), make_stride(8, 1)), cnt);
    if constexpr (!is_static_layout) {
      check_composition(T, ref, origin, TV8x4{}, cnt);
      check_composition(T, ref, origin, Row8x4{}, cnt);
    }
  }
  if (ref.size() % 4 == 0) {
    check_composition(T, ref, origin, make_layout(make_shape(2, 2), make_stride(2, 1)), cnt);
    if constexpr (!is_static_layout) check_composition(T, ref, origin, Layout<Shape<_2, _2>, Stride<_2, _1>>{}, cnt);
  }
}

void report(Counts const& cnt, char const* what) {
  std::printf("[ %s ] %ld elements of %ld tensors checked; %ld tilings rejected by the algebra\n", what, cnt.elements,
              cnt.ops, cnt.skipped);
  EXPECT_EQ(cnt.failures, 0);
}

// ---- layouts ------------------------------------------------------------------------------------

// Stride patterns for a flat (M, N): col-major, row-major, padded, spread, broadcast.
std::vector<std::pair<int, int>> stride_patterns(int M, int N) {
  return {{1, M}, {N, 1}, {1, M + 1}, {2, 2 * M + 1}, {0, 1}, {3, 1}};
}

}  // namespace

// ==== slices and partitions over enumerated and random dynamic layouts ==========================

TEST(TensorProperties, EnumeratedFlatDynamic) {
  Counts cnt;
  auto data = iota_data(4096);
  for (int M = 1; M <= 6; ++M)
    for (int N = 1; N <= 6; ++N)
      for (auto [d0, d1] : stride_patterns(M, N)) {
        for (int base : {0, 5}) {
          auto T = make_tensor(data.data() + base, make_shape(M, N), make_stride(d0, d1));
          check_rank2(T, data.data(), cnt);
        }
      }
  // (4,8) with every pair of strides in [0, 9]: all 32-element layouts, for the TV compositions.
  for (int d0 = 0; d0 <= 9; ++d0)
    for (int d1 = 0; d1 <= 9; ++d1) {
      auto T = make_tensor(data.data() + 3, make_shape(4, 8), make_stride(d0, d1));
      check_rank2(T, data.data(), cnt);
    }
  report(cnt, "enumerated (M,N)");
  // (About 590k elements are checked; degenerate dynamic cases that only the
  // by-values search admits are refused at run time and skipped.)
  EXPECT_GT(cnt.elements, 500000);
}

TEST(TensorProperties, EnumeratedHierarchicalDynamic) {
  Counts cnt;
  auto data = iota_data(4096);
  // ((a,b),N):((1,a),a*b) and ((a,b),(c,e)) compact, plus non-compact variants.
  for (int a = 1; a <= 4; ++a)
    for (int b = 1; b <= 3; ++b)
      for (int N = 1; N <= 4; ++N) {
        auto T0 = make_tensor(data.data(), make_shape(make_shape(a, b), N), make_stride(make_stride(1, a), a * b));
        check_rank2(T0, data.data(), cnt);
        auto T1 = make_tensor(data.data() + 1, make_shape(make_shape(a, b), N), make_stride(make_stride(N, a * N), 1));
        check_rank2(T1, data.data(), cnt);
        auto T2 = make_tensor(data.data(), make_shape(N, make_shape(a, b)), make_stride(a * b + 1, make_stride(b, 1)));
        check_rank2(T2, data.data(), cnt);
        for (int c = 1; c <= 2; ++c) {
          auto T3 = make_tensor(data.data(), make_shape(make_shape(a, b), make_shape(c, N)),
                                make_stride(make_stride(1, a), make_stride(a * b, a * b * c)));
          check_rank2(T3, data.data(), cnt);
          auto T4 = make_tensor(data.data() + 2, make_shape(make_shape(a, b), make_shape(c, N)),
                                make_stride(make_stride(c * N, 1), make_stride(0, 2 * b)));
          check_rank2(T4, data.data(), cnt);
        }
      }
  report(cnt, "enumerated hierarchical");
  EXPECT_GT(cnt.elements, 100000);
}

TEST(TensorProperties, RandomDynamic) {
  Counts cnt;
  auto data = iota_data(1 << 14);
  std::mt19937 rng(20240605);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int iter = 0; iter < 300; ++iter) {
    int const base = pick(0, 16);
    switch (iter % 4) {
      case 0: {
        auto T = make_tensor(data.data() + base, make_shape(pick(1, 8), pick(1, 8)), make_stride(pick(0, 20), pick(0, 20)));
        check_rank2(T, data.data(), cnt);
        break;
      }
      case 1: {
        auto T = make_tensor(data.data() + base, make_shape(make_shape(pick(1, 4), pick(1, 4)), pick(1, 6)),
                             make_stride(make_stride(pick(0, 12), pick(0, 12)), pick(0, 30)));
        check_rank2(T, data.data(), cnt);
        break;
      }
      case 2: {
        auto T = make_tensor(data.data() + base, make_shape(pick(1, 6), make_shape(pick(1, 4), pick(1, 4))),
                             make_stride(pick(0, 30), make_stride(pick(0, 12), pick(0, 12))));
        check_rank2(T, data.data(), cnt);
        break;
      }
      default: {
        auto T = make_tensor(data.data() + base, make_shape(make_shape(pick(1, 3), pick(1, 3)), make_shape(pick(1, 3), pick(1, 3))),
                             make_stride(make_stride(pick(0, 9), pick(0, 9)), make_stride(pick(0, 40), pick(0, 40))));
        check_rank2(T, data.data(), cnt);
        break;
      }
    }
  }
  report(cnt, "random");
  EXPECT_GT(cnt.elements, 100000);
}

// ==== static layouts: views, owning tensors, and their agreement =================================

namespace {

// Static layouts, each with static tilers (and TV layouts) admissible for it.
template <class L, class Tilers, class TVs = std::tuple<>>
struct Case {};

using StaticCases = std::tuple<
    Case<Layout<Shape<_4, _8>>, std::tuple<Shape<_2, _2>, Shape<_4, _8>, Shape<_1, _4>>, std::tuple<TV8x4, Row8x4>>,  // col-major
    Case<Layout<Shape<_4, _8>, Stride<_8, _1>>, std::tuple<Shape<_2, _4>, Shape<_4, _2>>, std::tuple<TV8x4, Row8x4>>,  // row-major
    Case<Layout<Shape<_4, _8>, Stride<_1, _5>>, std::tuple<Shape<_2, _2>>, std::tuple<TV8x4>>,                     // padded
    Case<Layout<Shape<Shape<_2, _2>, _6>, Stride<Stride<_1, _12>, _2>>, std::tuple<Shape<_2, _3>, Shape<_4, _2>>>,  // interleaved
    Case<Layout<Shape<_3, Shape<_2, _4>>, Stride<_8, Stride<_1, _24>>>, std::tuple<Shape<_3, _2>, Shape<_1, _4>>>,  // hierarchical, sparse
    Case<Layout<Shape<_6, _4>, Stride<_5, _0>>, std::tuple<Shape<_2, _2>, Shape<_3, _4>>>,                          // broadcast
    Case<Layout<Shape<Shape<_2, _3>, Shape<_2, _2>>, Stride<Stride<_3, _1>, Stride<_6, _12>>>,
         std::tuple<Shape<_2, _2>, Shape<_6, _1>>>>;

template <class L, class... Tilers, class... TVs>
void check_static_layout(Case<L, std::tuple<Tilers...>, std::tuple<TVs...>>, Counts& cnt) {
  constexpr long n = decltype(cosize(L{}))::value;
  auto data = iota_data(n + 8);
  // The view, at two offsets.
  auto V = make_tensor(data.data(), L{});
  check_rank2(V, data.data(), cnt);
  auto V3 = make_tensor(make_gmem_ptr(data.data() + 3), L{});
  Ref2 const ref = ref2(L{});
  for (long k = 0; k < ref.size(); ++k) EXPECT_AT(cnt, V3(int(k)), data.data(), 3 + ref(k % ref.m0.size(), k / ref.m0.size()), name_of(L{}) + " gmem view");

  // Static tilers and TV layouts: static results.
  auto static_tiling = [&](auto const& tiler) {
    using Tl = std::remove_cvref_t<decltype(tiler)>;
    static_assert(is_static_v<decltype(zipped_divide(L{}, Tl{}))>);
    long const t0 = decltype(get<0>(tiler))::value, t1 = decltype(get<1>(tiler))::value;
    check_tiling(V, ref, data.data(), tiler, t0, t1, cnt);
  };
  (static_tiling(Tilers{}), ...);
  [[maybe_unused]] auto static_tv = [&](auto const& tv) {
    static_assert(is_static_v<decltype(composition(L{}, tv))>);
    check_composition(V, ref, data.data(), tv, cnt);
  };
  (static_tv(TVs{}), ...);

  // The owning tensor, its storage filled with value == offset: its slices and
  // its partitions by the first tiler are checked against the reference too.
  auto O = make_tensor<int>(L{});
  static_assert(std::is_same_v<typename decltype(O)::engine_type, ArrayEngine<int, std::size_t(n)>>);
  for (long j = 0; j < n; ++j) O.data()[j] = int(j);
  check_slices(O, ref, O.data(), cnt);
  using Tiler0 = std::tuple_element_t<0, std::tuple<Tilers...>>;
  check_tiling(O, ref, O.data(), Tiler0{}, decltype(get<0>(Tiler0{}))::value, decltype(get<1>(Tiler0{}))::value, cnt);
  // Owning and view agree everywhere, also through slices and partitions.
  for (int k = 0; k < int(size(O)); ++k) {
    ++cnt.elements;
    EXPECT_EQ(O(k), V(k));
  }
  auto ot = zipped_divide(O, Tiler0{});
  auto vt = zipped_divide(V, Tiler0{});
  for (int k = 0; k < int(size(ot)); ++k) {
    ++cnt.elements;
    EXPECT_EQ(ot(k), vt(k));
  }
  for (int x = 0; x < int(size<0>(O)); ++x) {
    auto o = O(x, _);
    auto v = V(x, _);
    for (int y = 0; y < int(size(o)); ++y) {
      ++cnt.elements;
      EXPECT_EQ(o(y), v(y));
    }
  }
  // A const owning tensor gives read-only views.
  auto const& CO = O;
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(CO(0, _).data())>, int const*>);
  static_assert(std::is_same_v<decltype(CO(0)), int const&>);

  // make_tensor_like and make_fragment_like: owning, same shape, compact; copy fills them.
  auto like = make_tensor_like(V);
  auto frag = make_fragment_like(V);
  static_assert(std::is_same_v<decltype(like.layout().shape()), decltype(L{}.shape())>);
  static_assert(std::is_same_v<decltype(frag.layout().shape()), decltype(L{}.shape())>);
  // (a static-0 stride stays 0 in make_tensor_like, as in CuTe: those modes take no room)
  static_assert(decltype(cosize(like))::value == decltype(size(filter_zeros(L{})))::value);
  static_assert(decltype(cosize(frag))::value == decltype(size(L{}))::value);
  copy(V, like);
  copy(V, frag);
  for (int k = 0; k < int(size(V)); ++k) {
    cnt.elements += 2;
    EXPECT_EQ(like(k), V(k));
    EXPECT_EQ(frag(k), V(k));
  }
  // make_tensor_like keeps the order of the strides where they differ.
  using D = typename L::stride_type;
  if constexpr (std::is_same_v<D, Stride<_8, _1>>) static_assert(std::is_same_v<decltype(like.layout()), Layout<Shape<_4, _8>, Stride<_8, _1>> const&>);
}

}  // namespace

TEST(TensorProperties, StaticViewsAndOwning) {
  Counts cnt;
  std::apply([&](auto... c) { (check_static_layout(c, cnt), ...); }, StaticCases{});
  report(cnt, "static");
}

// ==== copy ==========================================================================================

namespace {

// Static layouts of 16 elements: contiguous (vectorisable) runs of 1, 2, 4, 8, 16 elements,
// runs whose next vector starts misaligned, strided, permuted, broadcast.
using Copy16 = std::tuple<
    Layout<_16, _1>,                                              // 16 contiguous
    Layout<Shape<_4, _4>>,                                        // same, as 4x4
    Layout<Shape<_4, _4>, Stride<_4, _1>>,                        // row-major
    Layout<Shape<_4, _4>, Stride<_1, _8>>,                        // padded: runs of 4 aligned
    Layout<Shape<_4, _4>, Stride<_1, _5>>,                        // runs of 4, starts 0,5,10,15
    Layout<Shape<_2, _8>, Stride<_1, _4>>,                        // runs of 2, starts at multiples of 4
    Layout<Shape<_2, _8>, Stride<_1, _3>>,                        // runs of 2, odd starts
    Layout<Shape<Shape<_2, _2>, _4>, Stride<Stride<_1, _8>, _2>>, // interleaved pairs
    Layout<Shape<_8, _2>, Stride<_2, _1>>,                        // transposed pairs
    Layout<_16, _2>,                                              // stride 2
    Layout<Shape<_8, _2>, Stride<_1, _16>>>;                      // two runs of 8, 16 apart
// Sources only (not injective).
using Broadcast16 = std::tuple<Layout<_16, _0>, Layout<Shape<_4, _4>, Stride<_1, _0>>>;

template <class T>
T value_at(long j) {
  return T(1 + (j * 37) % 113);  // never zero, never the poison
}
template <class T>
constexpr T poison() {
  return T(-7);
}

struct CopyCounts {
  long pairs = 0;
  long elements = 0;
  int failures = 0;
};

// copy(src, dst) with src at offset so and dst at offset dof (elements) from 64-byte-aligned buffers.
template <class T, class SL, class DL>
void check_copy(int so, int dof, CopyCounts& cnt) {
  alignas(64) static T sbuf[160];
  alignas(64) static T dbuf[160];
  for (int j = 0; j < 160; ++j) {
    sbuf[j] = value_at<T>(j);
    dbuf[j] = poison<T>();
  }
  auto src = make_tensor(make_gmem_ptr(static_cast<T const*>(sbuf + so)), SL{});
  auto dst = make_tensor(make_gmem_ptr(dbuf + dof), DL{});
  copy(src, dst);
  ++cnt.pairs;
  // dst(i) == src(i), and nothing outside dst's image written.
  std::vector<bool> image(160, false);
  for (int i = 0; i < int(size(SL{})); ++i) {
    ++cnt.elements;
    image[std::size_t(dof + DL{}(i))] = true;
    if (!(dst(i) == src(i)) && cnt.failures++ < 20)
      ADD_FAILURE() << "copy " << SL{} << " (+" << so << ") -> " << DL{} << " (+" << dof << "), " << sizeof(T)
                    << "-byte elements: dst(" << i << ") != src(" << i << ")";
  }
  for (int j = 0; j < 160; ++j)
    if (!image[std::size_t(j)] && !(dbuf[j] == poison<T>()) && cnt.failures++ < 20)
      ADD_FAILURE() << "copy " << SL{} << " -> " << DL{} << ": wrote offset " << j - dof << " outside dst";
}

template <class T, class SL, class... DL>
void check_copy_from(CopyCounts& cnt) {
  for (int so : {0, 1})
    for (int dof : {0, 1, 2}) (check_copy<T, SL, DL>(so, dof, cnt), ...);
}

// Every source (Copy16 and Broadcast16) into every destination of Dsts.
template <class T, class Dsts>
void check_copy_all(CopyCounts& cnt) {
  std::apply(
      [&](auto... s) {
        std::apply([&](auto... d) { (check_copy_from<T, decltype(s), decltype(d)...>(cnt), ...); }, Dsts{});
        (void)sizeof...(s);
      },
      std::tuple_cat(Copy16{}, Broadcast16{}));
}
// Destinations for the other element types: vectors of every width, and none.
using SomeDsts16 = std::tuple<Layout<_16, _1>, Layout<Shape<_4, _4>, Stride<_1, _8>>, Layout<Shape<_2, _8>, Stride<_1, _4>>,
                              Layout<Shape<_4, _4>, Stride<_4, _1>>>;

}  // namespace

TEST(TensorCopy, AllPairsOfStaticLayouts) {
  CopyCounts cnt;
  check_copy_all<float, Copy16>(cnt);
  check_copy_all<std::uint8_t, SomeDsts16>(cnt);
  check_copy_all<double, SomeDsts16>(cnt);
  std::printf("[ copy ] %ld copies (%zu sources x (%zu + 2 x %zu) destinations x 6 offsets), %ld elements\n", cnt.pairs,
              std::tuple_size_v<Copy16> + std::tuple_size_v<Broadcast16>, std::tuple_size_v<Copy16>,
              std::tuple_size_v<SomeDsts16>, cnt.elements);
  EXPECT_EQ(cnt.failures, 0);
}

// White box: where copy vectorises. The vector width (elements) it uses for
// aligned data is the widest power of two of at most 16 bytes that both
// layouts store contiguously and whose every vector starts at a multiple of it.
TEST(TensorCopy, VectorWidth) {
  auto width = [](auto s, auto d, auto elem) {
    using V = decltype(elem);
    return detail::copy_vector_width<detail::vector_width<16, int(sizeof(V))>(), decltype(s), decltype(d)>();
  };
  using C16 = Layout<_16, _1>;
  EXPECT_EQ(width(C16{}, C16{}, float{}), 4);
  EXPECT_EQ(width(C16{}, C16{}, double{}), 2);
  EXPECT_EQ(width(C16{}, C16{}, std::uint8_t{}), 16);
  EXPECT_EQ(width(C16{}, Layout<Shape<_4, _4>, Stride<_1, _8>>{}, float{}), 4);
  EXPECT_EQ(width(C16{}, Layout<Shape<_2, _8>, Stride<_1, _4>>{}, float{}), 2);
  EXPECT_EQ(width(C16{}, Layout<Shape<_4, _4>, Stride<_4, _1>>{}, float{}), 1);
  // Runs of 4 but the second starts at offset 5: no vectors.
  EXPECT_EQ(width(Layout<Shape<_4, _4>, Stride<_1, _5>>{}, Layout<Shape<_4, _4>, Stride<_1, _4>>{}, float{}), 1);
  // Runs of 2 at odd starts: no vectors.
  EXPECT_EQ(width(Layout<Shape<_2, _8>, Stride<_1, _3>>{}, C16{}, std::uint8_t{}), 1);
  // Both row-major: the common layout is all 16, in memory order.
  EXPECT_EQ(width(Layout<Shape<_4, _4>, Stride<_4, _1>>{}, Layout<Shape<_4, _4>, Stride<_4, _1>>{}, float{}), 4);
  // A layout with itself whose common layout (3,2,4):(2,1,6) has no 4- or
  // 2-element prefix that is a layout: no vectors, and copy still compiles.
  using Odd = Layout<Shape<Shape<_2, _3>, Shape<_2, _2>>, Stride<Stride<_3, _1>, Stride<_6, _12>>>;
  EXPECT_EQ(width(Odd{}, Odd{}, float{}), 1);
  // A 3-byte element has no vector type.
  struct P3 { std::uint8_t x, y, z; };
  EXPECT_EQ(width(C16{}, C16{}, P3{}), 1);
}

TEST(TensorCopy, DynamicMixedAndConverting) {
  std::vector<float> src(64), dst(64, -1.0f);
  for (int i = 0; i < 64; ++i) src[std::size_t(i)] = value_at<float>(i);
  // Dynamic source, static destination, and the reverse.
  auto s = make_tensor(src.data(), make_shape(4, 4), make_stride(1, 5));
  auto d = make_tensor(dst.data(), Layout<Shape<_4, _4>, Stride<_4, _1>>{});
  copy(s, d);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(d(i), s(i));
  std::vector<float> back(64, -1.0f);
  auto b = make_tensor(back.data(), make_shape(4, 4));
  copy(d, b);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(b(i), s(i));
  // Converting float -> double, into an owning tensor.
  auto r = make_tensor<double>(Shape<_4, _4>{});
  copy(s, r);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r(i), double(s(i)));
  // Different sizes: tessel::error for dynamic layouts.
  auto small = make_tensor(dst.data(), make_shape(3, 4));
  EXPECT_THROW(copy(s, small), tessel::error);
}

// ==== copy_if, fill, clear, axpby ===================================================================

TEST(TensorAlgorithms, CopyIfFillClearAxpby) {
  std::vector<int> a(64), b(64);
  for (int i = 0; i < 64; ++i) a[std::size_t(i)] = 1000 + i;
  auto src = make_tensor(a.data(), make_shape(4, 6), make_stride(6, 1));  // row-major
  auto dstL = Layout<Shape<_4, _6>, Stride<_1, _5>>{};                     // padded col-major
  auto dst = make_tensor(b.data(), dstL);

  // copy_if with a callable of the 1-D index.
  std::fill(b.begin(), b.end(), -1);
  copy_if([](int i) { return i % 3 == 0; }, src, dst);
  for (int i = 0; i < 24; ++i) EXPECT_EQ(dst(i), i % 3 == 0 ? src(i) : -1) << i;
  // copy_if with a predicate tensor (any layout of the same size).
  auto pred = make_tensor<bool>(Shape<_4, _6>{}, LayoutRight{});
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 6; ++n) pred(m, n) = (m + n) % 2 == 1;
  std::fill(b.begin(), b.end(), -1);
  copy_if(pred, src, dst);
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 6; ++n) EXPECT_EQ(dst(m, n), (m + n) % 2 == 1 ? src(m, n) : -1);
  // Nothing outside the image of dst.
  for (int j = 0; j < 64; ++j) {
    bool in = false;
    for (int i = 0; i < 24; ++i) in = in || dstL(i) == j;
    if (!in) {
      EXPECT_EQ(b[std::size_t(j)], -1) << j;
    }
  }

  // fill and clear, on a view and on a slice of it.
  std::fill(b.begin(), b.end(), -1);
  fill(dst, 42);
  for (int i = 0; i < 24; ++i) EXPECT_EQ(dst(i), 42);
  clear(dst(2, _));
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 6; ++n) EXPECT_EQ(dst(m, n), m == 2 ? 0 : 42);
  EXPECT_EQ(b[std::size_t(dstL(3, 5) + 1)], -1);  // the padding is untouched
  auto owned = make_tensor<float>(Shape<_3, _5>{});
  fill(owned, 2.5f);
  for (int i = 0; i < 15; ++i) EXPECT_EQ(owned(i), 2.5f);
  clear(owned);
  for (int i = 0; i < 15; ++i) EXPECT_EQ(owned(i), 0.0f);

  // axpby: y = a*x + b*y, elementwise by 1-D index across different layouts.
  std::vector<double> x(32), y(32);
  for (int i = 0; i < 32; ++i) {
    x[std::size_t(i)] = 0.5 * i;
    y[std::size_t(i)] = 100.0 + i;
  }
  auto X = make_tensor(x.data(), make_shape(4, 8));
  auto Y = make_tensor(y.data(), Layout<Shape<_4, _8>, Stride<_8, _1>>{});
  std::vector<double> y0 = y;
  axpby(2.0, X, -3.0, Y);
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 8; ++n) EXPECT_EQ(Y(m, n), 2.0 * x[std::size_t(m + 4 * n)] - 3.0 * y0[std::size_t(8 * m + n)]);
  auto Z = make_tensor<double>(Shape<_4, _8>{});
  clear(Z);
  axpby(1.0, X, 0.0, Z);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(Z(i), X(i));
  auto wrong = make_tensor(y.data(), make_shape(4, 4));
  EXPECT_THROW(axpby(1.0, X, 1.0, wrong), tessel::error);
  EXPECT_THROW(copy_if([](int) { return true; }, X, wrong), tessel::error);
}

// ==== recast ========================================================================================

TEST(TensorRecast, Int32ToInt64Aliases) {
  alignas(16) static std::int32_t mem[8 * 16 + 4];
  for (int i = 0; i < 8 * 16 + 4; ++i) mem[i] = 0x01000000 * (i % 7) + i;
  auto check = [&](auto const& t) {
    auto r = recast<std::int64_t>(t);
    static_assert(std::is_same_v<typename decltype(r)::value_type, std::int64_t>);
    ASSERT_EQ(int(size<0>(r)), 4);
    ASSERT_EQ(int(size<1>(r)), 16);
    EXPECT_EQ(to_string(shape(r)), to_string(shape(r)));  // printable
    for (int m = 0; m < 4; ++m)
      for (int n = 0; n < 16; ++n) {
        // r(m,n) is the 8 bytes of t(2m,n) and t(2m+1,n).
        EXPECT_EQ(reinterpret_cast<char const*>(&r(m, n)), reinterpret_cast<char const*>(&t(2 * m, n)));
        EXPECT_EQ(reinterpret_cast<char const*>(&r(m, n)) + 4, reinterpret_cast<char const*>(&t(2 * m + 1, n)));
        std::int64_t v;
        std::memcpy(&v, &t(2 * m, n), 8);
        EXPECT_EQ(r(m, n), v);
      }
    // Writing through the recast view changes the two int32 elements.
    std::int64_t const w = (std::int64_t(0x1234) << 32) | 0x5678;
    std::int64_t const old = r(1, 3);
    r(1, 3) = w;
    std::int32_t lo, hi;
    std::memcpy(&lo, &w, 4);
    std::memcpy(&hi, reinterpret_cast<char const*>(&w) + 4, 4);
    EXPECT_EQ(t(2, 3), lo);
    EXPECT_EQ(t(3, 3), hi);
    r(1, 3) = old;
    // And back: recast to int32 gives the original elements.
    auto back = recast<std::int32_t>(r);
    ASSERT_EQ(int(size(back)), 128);
    for (int m = 0; m < 8; ++m)
      for (int n = 0; n < 16; ++n) EXPECT_EQ(&back(m, n), &t(m, n));
  };
  // (8,16):(1,8), dynamic and static, plain and gmem-tagged.
  auto td = make_tensor(&mem[0], make_shape(8, 16), make_stride(1, 8));
  check(td);
  auto ts = make_tensor(make_gmem_ptr(&mem[0]), Layout<Shape<_8, _16>, Stride<_1, _8>>{});
  check(ts);
  static_assert(is_gmem_v<std::remove_cvref_t<decltype(recast<std::int64_t>(ts).data())>>);
  EXPECT_EQ(to_string(recast<std::int64_t>(ts).layout()), "(_4,_16):(_1,_4)");
  // A const view stays const.
  auto tc = make_tensor(static_cast<std::int32_t const*>(&mem[0]), Layout<Shape<_8, _16>>{});
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(recast<std::int64_t>(tc).data())>, std::int64_t const*>);
  // Narrower: int32 -> int16 doubles the contiguous mode.
  auto h = recast<std::int16_t>(ts);
  EXPECT_EQ(to_string(h.layout()), "(_16,_16):(_1,_16)");
  EXPECT_EQ(reinterpret_cast<char const*>(&h(3, 2)), reinterpret_cast<char const*>(&mem[0]) + 2 * (3 + 16 * 2));
}

TEST(TensorRecast, MisalignedThrows) {
  alignas(16) static std::int32_t mem[64];
  // int32 data at a 4-byte (not 8-byte) boundary cannot be seen as int64.
  auto t = make_tensor(&mem[1], make_shape(8, 4));
  EXPECT_THROW(recast<std::int64_t>(t), tessel::error);
  auto ts = make_tensor(make_gmem_ptr(&mem[1]), Layout<Shape<_8, _4>>{});
  EXPECT_THROW(recast<std::int64_t>(ts), tessel::error);
  try {
    (void)recast<std::int64_t>(t);
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("not aligned"), std::string::npos) << e.what();
  }
  // Aligned: fine.
  EXPECT_NO_THROW(recast<std::int64_t>(make_tensor(&mem[2], make_shape(8, 4))));
}

TEST(TensorRecast, NotDivisibleThrows) {
  alignas(16) static std::int16_t mem[64];
  // 3 int16 (6 bytes) are not a whole number of int32.
  auto t3 = make_tensor(&mem[0], make_layout(3));
  EXPECT_THROW(recast<std::int32_t>(t3), tessel::error);
  try {
    (void)recast<std::int32_t>(t3);
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("recast"), std::string::npos) << e.what();
  }
  // Stride 3 int16: the int32 elements would straddle.
  EXPECT_THROW(recast<std::int32_t>(make_tensor(&mem[0], make_shape(2, 4), make_stride(3, 8))), tessel::error);
  // 4 int16 = 2 int32: fine.
  auto t4 = recast<std::int32_t>(make_tensor(&mem[0], make_layout(4)));
  EXPECT_EQ(int(size(t4)), 2);
}
