// rt/tuple_ops.hpp (what `tessel eval` runs for shape, stride, get, select,
// take, flatten, group, append, prepend, idx2crd, crd2idx and L(c)) against the
// typed library (tuple/int_tuple.hpp, layout/layout.hpp):
//  - every small layout of a set of tuple structures with dynamic integers
//    (all leaf values 1..4 of size <= 16, compact and arbitrary strides): the
//    typed result and the engine's, printed, static parts included;
//  - a table of static cases, the engine fed with parsed text as the tool is;
//  - the engine alone on every flat and depth-2 shape of size <= 16: round trips
//    and the evaluation of layouts that must be the same function;
//  - the errors, and constant evaluation.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include <tessel/text/io.hpp>
#include <tessel/tessel.hpp>

namespace engine = tessel::engine;
namespace text = tessel::text;
using namespace tessel;

namespace {

// ---- printing engine values as the typed library prints ----------------------------------------
std::string fmt_int(engine::Int v) { return (v.is_static ? "_" : "") + std::to_string(v.v); }
std::string fmt_tuple(engine::Layout const& t) { return text::format_part(t, false); }
std::string fmt_layout(engine::Layout const& l) { return text::format(l); }

// The engine's value of a typed layout or IntTuple, static flags kept.
template <class T>
engine::Layout engine(T const& x) {
  return tessel::detail::to_rt(x, false);
}
// An integer of the engine: dynamic unless it is a static one.
template <class T>
engine::Layout engine_int(T const& x) {
  engine::Layout l;
  engine::Error e;
  l.leaf(tessel::detail::to_int(x, false), engine::sint(0), e);
  return l;
}
engine::Layout dyn_int(engine::i64 v) {
  engine::Layout l;
  engine::Error e;
  l.leaf({v, false}, engine::sint(0), e);
  return l;
}

template <class L> using S_of = typename L::shape_type;

template <std::size_t N, class F>
void static_for(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) { (f(std::integral_constant<std::size_t, I>{}), ...); }(std::make_index_sequence<N>{});
}

// The leaves of a typed IntTuple of dynamic integers, written from v in order.
template <class T>
void assign(T& t, std::vector<int> const& v, std::size_t& k) {
  if constexpr (is_tuple_v<T>) {
    static_for<tuple_size_v<T>>([&](auto i) { assign(get<decltype(i)::value>(t), v, k); });
  } else {
    t = v[k++];
  }
}
template <class T>
constexpr std::size_t leaves() {
  if constexpr (is_tuple_v<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (std::size_t(0) + ... + leaves<std::remove_cvref_t<decltype(get<I>(std::declval<T&>()))>>());
    }(std::make_index_sequence<tuple_size_v<T>>{});
  } else {
    return 1;
  }
}

// Every value vector in 1..4 for n leaves whose product is at most 16.
std::vector<std::vector<int>> small_values(std::size_t n) {
  std::vector<std::vector<int>> out;
  std::vector<int> v(n, 1);
  std::function<void(std::size_t, int)> rec = [&](std::size_t k, int prod) {
    if (k == n) { out.push_back(v); return; }
    for (int x = 1; x <= 4 && prod * x <= 16; ++x) { v[k] = x; rec(k + 1, prod * x); }
  };
  rec(0, 1);
  return out;
}

int g_checked = 0;  // typed-vs-engine comparisons made

#define SAME(typed, eng) \
  do { ++g_checked; EXPECT_EQ(to_string(typed), eng) << "layout " << to_string(L); } while (0)

// The typed layout L against the engine on every operation of tuple_ops.hpp.
template <class Lay>
void check_layout(Lay const& L, bool compact_stride) {
  engine::Ctx cx;
  engine::Layout E = engine(L);
  auto s = L.shape();
  auto d = L.stride();
  engine::Layout Es = engine::shape_of(E);
  constexpr int R = Lay::rank;

  SAME(shape(L), fmt_tuple(engine::shape_of(E)));
  SAME(stride(L), fmt_tuple(engine::stride_of(E)));
  SAME(flatten(L), fmt_layout(engine::flatten(E, cx)));
  SAME(flatten(s), fmt_tuple(engine::flatten(Es, cx)));
  SAME(append(L, make_layout(3, 5)), fmt_layout(engine::append(E, engine(make_layout(3, 5)), cx)));
  SAME(prepend(L, make_layout(Int<2>{}, Int<0>{})), fmt_layout(engine::prepend(E, engine(make_layout(Int<2>{}, Int<0>{})), cx)));
  SAME(append(s, Int<7>{}), fmt_tuple(engine::append(Es, engine_int(Int<7>{}), cx)));
  SAME(prepend(s, make_shape(2, Int<3>{})), fmt_tuple(engine::prepend(Es, engine(make_shape(2, Int<3>{})), cx)));
  static_for<R>([&](auto i) {
    constexpr std::size_t I = decltype(i)::value;
    engine::i64 path[] = {engine::i64(I)};
    SAME(get<I>(L), fmt_layout(engine::get(E, path, 1, cx)));
    SAME(select<I>(L), fmt_layout(engine::select(E, path, 1, cx)));
    if constexpr (is_tuple_v<S_of<Lay>>) {
      SAME(get<I>(s), fmt_tuple(engine::get(Es, path, 1, cx)));
      using M = std::remove_cvref_t<decltype(get<I>(s))>;
      if constexpr (is_tuple_v<M>) {
        static_for<tuple_size_v<M>>([&](auto j) {
          constexpr std::size_t J = decltype(j)::value;
          engine::i64 path2[] = {engine::i64(I), engine::i64(J)};
          SAME((get<I, J>(L)), fmt_layout(engine::get(E, path2, 2, cx)));
          SAME((get<I, J>(s)), fmt_tuple(engine::get(Es, path2, 2, cx)));
        });
      }
    }
    engine::i64 path3[] = {engine::i64(R - 1 - I), engine::i64(I)};
    SAME((select<R - 1 - I, I>(L)), fmt_layout(engine::select(E, path3, 2, cx)));
    static_for<R + 1>([&](auto e) {
      constexpr std::size_t B = I, En = decltype(e)::value;
      if constexpr (B < En) {
        SAME((take<B, En>(L)), fmt_layout(engine::take(E, B, En, cx)));
        SAME((group<B, En>(L)), fmt_layout(engine::group(E, B, En, cx)));
        SAME((group<B, En>(s)), fmt_tuple(engine::group(Es, B, En, cx)));
      }
    });
  });
  ASSERT_FALSE(cx.err) << text::describe_error(cx.err) << " for " << to_string(L);

  engine::Layout Ec = engine::compact(Es, engine::sint(1), cx);
  int const n = int(size(L));
  for (int i = 0; i < n + 3; ++i) {
    engine::Layout ei = dyn_int(i);
    auto c = idx2crd(i, s);
    engine::Layout ec = engine::idx2crd(ei, Es, cx);
    SAME(c, fmt_tuple(ec));
    SAME(crd2idx(c, s, d), fmt_int(engine::crd2idx(ec, E, cx)));
    SAME(crd2idx(c, s, d), fmt_int(engine::crd2idx(ec, Es, engine::stride_of(E), cx)));
    SAME(L(i), fmt_int(engine::crd2idx(ei, E, cx)));
    SAME(L(c), fmt_int(engine::crd2idx(ec, E, cx)));
    SAME(crd2idx(i, s), fmt_int(engine::crd2idx_compact(ei, Es, cx)));
    SAME(crd2idx(c, s), fmt_int(engine::crd2idx_compact(ec, Es, cx)));
    if (i < n) {
      auto cc = compact_col_major(s);
      SAME(idx2crd(i, s, cc), fmt_tuple(engine::idx2crd(ei, Es, engine::stride_of(Ec), cx)));
      if (compact_stride) SAME(idx2crd(i, s, d), fmt_tuple(engine::idx2crd(ei, Es, engine::stride_of(E), cx)));
    }
    // The engine's own identities: a round trip, and L(i) = L(idx2crd(i)) = the flat evaluation.
    EXPECT_EQ(engine::crd2idx_compact(ec, Es, cx).v, i);
    EXPECT_EQ(engine::crd2idx(ei, E, cx).v, engine::eval(E, i, cx.err));
  }
  ASSERT_FALSE(cx.err) << text::describe_error(cx.err) << " for " << to_string(L);
}

// Every leaf assignment of the structure S, with compact and with arbitrary strides.
template <class S>
void check_structure() {
  constexpr std::size_t N = leaves<S>();
  static constexpr int kStrides[] = {3, -2, 0, 7, 1, 5, 11};
  for (auto const& v : small_values(N)) {
    S s{};
    std::size_t k = 0;
    assign(s, v, k);
    check_layout(make_layout(s), true);
    S d{};
    std::vector<int> dv(N);
    for (std::size_t j = 0; j < N; ++j) dv[j] = kStrides[(j + v[0]) % 7];
    k = 0;
    assign(d, dv, k);
    check_layout(make_layout(s, d), false);
  }
}

}  // namespace

TEST(tuple_ops, TypedVsEngineExhaustive) {
  check_structure<int>();
  check_structure<tuple<int>>();
  check_structure<tuple<int, int>>();
  check_structure<tuple<int, int, int>>();
  check_structure<tuple<tuple<int, int>, int>>();
  check_structure<tuple<int, tuple<int, int>>>();
  check_structure<tuple<tuple<int, int>, tuple<int, int>>>();
  check_structure<tuple<int, tuple<int, int, int>>>();
  check_structure<tuple<tuple<int>, tuple<int, int>, int>>();
  EXPECT_GT(g_checked, 100000);
  std::printf("typed-vs-engine comparisons: %d\n", g_checked);
}

// ---- static cases: the typed result printed vs the engine fed with parsed text --------------------
namespace {

engine::Layout P(std::string const& text) {
  text::Expr x;
  text::SyntaxError se;
  EXPECT_TRUE(text::Parser(text).parse(x, se)) << text;
  return x.value.lay;
}
engine::Layout Pi(std::string const& text) { return engine::shape_of(P(text)); }  // an IntTuple
template <std::size_t N>
engine::Layout idx(engine::Layout const& l, engine::i64 const (&path)[N], char op, engine::Ctx& cx) {
  return op == 'g' ? engine::get(l, path, int(N), cx) : engine::select(l, path, int(N), cx);
}

}  // namespace

TEST(tuple_ops, StaticTable) {
  auto A = make_layout(make_shape(_2{}, make_shape(_3{}, _4{})), make_stride(_1{}, make_stride(_2{}, _6{})));
  auto B = make_layout(make_shape(make_shape(_2{}, _2{}), _3{}), make_stride(make_stride(_1{}, _2{}), _4{}));
  auto C = make_layout(make_shape(_2{}, _3{}, _5{}, _7{}));
  auto D = make_layout(_8{}, _2{});
  auto S = make_shape(_3{}, make_shape(_2{}, _3{}));
  auto T = make_stride(_3{}, make_stride(_12{}, _1{}));
  std::string const a = "(2,(3,4)):(1,(2,6))", b = "((2,2),3):((1,2),4)", c = "(2,3,5,7):(1,2,6,30)", d = "8:2";
  std::string const sh = "(3,(2,3))", st = "(3,(12,1))";
  engine::Ctx cx;
  struct Row {
    std::string typed, engine;
  };
  std::vector<Row> rows = {
      {to_string(shape(A)), fmt_tuple(engine::shape_of(P(a)))},
      {to_string(stride(A)), fmt_tuple(engine::stride_of(P(a)))},
      {to_string(shape(B)), fmt_tuple(engine::shape_of(P(b)))},
      {to_string(stride(D)), fmt_tuple(engine::stride_of(P(d)))},
      {to_string(get<1>(A)), fmt_layout(idx(P(a), {1}, 'g', cx))},
      {to_string(get<1, 0>(A)), fmt_layout(idx(P(a), {1, 0}, 'g', cx))},
      {to_string(get<0>(D)), fmt_layout(idx(P(d), {0}, 'g', cx))},
      {to_string(get<0, 1>(B)), fmt_layout(idx(P(b), {0, 1}, 'g', cx))},
      {to_string(get<1, 1>(shape(A))), fmt_tuple(idx(Pi("(2,(3,4))"), {1, 1}, 'g', cx))},
      {to_string(select<1, 3>(C)), fmt_layout(idx(P(c), {1, 3}, 's', cx))},
      {to_string(select<2>(C)), fmt_layout(idx(P(c), {2}, 's', cx))},
      {to_string(select<1, 0>(B)), fmt_layout(idx(P(b), {1, 0}, 's', cx))},
      {to_string(select<0, 0>(D)), fmt_layout(idx(P(d), {0, 0}, 's', cx))},
      {to_string(take<1, 3>(C)), fmt_layout(engine::take(P(c), 1, 3, cx))},
      {to_string(take<0, 1>(D)), fmt_layout(engine::take(P(d), 0, 1, cx))},
      {to_string(take<1, 2>(B)), fmt_layout(engine::take(P(b), 1, 2, cx))},
      {to_string(take<1, 3>(make_shape(_2{}, _3{}, _5{}, _7{}))), fmt_tuple(engine::take(Pi("(2,3,5,7)"), 1, 3, cx))},
      {to_string(flatten(A)), fmt_layout(engine::flatten(P(a), cx))},
      {to_string(flatten(B)), fmt_layout(engine::flatten(P(b), cx))},
      {to_string(flatten(D)), fmt_layout(engine::flatten(P(d), cx))},
      {to_string(flatten(S)), fmt_tuple(engine::flatten(Pi(sh), cx))},
      {to_string(group<1, 3>(C)), fmt_layout(engine::group(P(c), 1, 3, cx))},
      {to_string(group<0, 2>(B)), fmt_layout(engine::group(P(b), 0, 2, cx))},
      {to_string(group<0, 1>(D)), fmt_layout(engine::group(P(d), 0, 1, cx))},
      {to_string(group<0, 4>(make_shape(_2{}, _3{}, _5{}, _7{}))), fmt_tuple(engine::group(Pi("(2,3,5,7)"), 0, 4, cx))},
      {to_string(append(A, D)), fmt_layout(engine::append(P(a), P(d), cx))},
      {to_string(prepend(B, D)), fmt_layout(engine::prepend(P(b), P(d), cx))},
      {to_string(append(C, A)), fmt_layout(engine::append(P(c), P(a), cx))},
      {to_string(append(D, D)), fmt_layout(engine::append(P(d), P(d), cx))},
      {to_string(append(make_shape(_2{}, _3{}), _4{})), fmt_tuple(engine::append(Pi("(2,3)"), Pi("4"), cx))},
      {to_string(prepend(_2{}, make_shape(_3{}, _4{}))), fmt_tuple(engine::prepend(Pi("2"), Pi("(3,4)"), cx))},
      {to_string(idx2crd(_16{}, S)), fmt_tuple(engine::idx2crd(Pi("16"), Pi(sh), cx))},
      {to_string(idx2crd(_191{}, make_shape(make_shape(_2{}, _2{}), make_shape(_4{}, _2{}), make_shape(_2{}, _3{})))),
       fmt_tuple(engine::idx2crd(Pi("191"), Pi("((2,2),(4,2),(2,3))"), cx))},
      {to_string(idx2crd(make_coord(_1{}, _5{}), S)), fmt_tuple(engine::idx2crd(Pi("(1,5)"), Pi(sh), cx))},
      {to_string(idx2crd(_20{}, S)), fmt_tuple(engine::idx2crd(Pi("20"), Pi(sh), cx))},
      {to_string(idx2crd(_16{}, S, T)), fmt_tuple(engine::idx2crd(Pi("16"), Pi(sh), Pi(st), cx))},
      {to_string(idx2crd(_16{}, S, compact_col_major(S))), fmt_tuple(engine::idx2crd(Pi("16"), Pi(sh), Pi("1"), cx))},
      {to_string(crd2idx(_16{}, S, T)), fmt_int(engine::crd2idx(Pi("16"), Pi(sh), Pi(st), cx))},
      {to_string(crd2idx(make_coord(_1{}, _5{}), S, T)), fmt_int(engine::crd2idx(Pi("(1,5)"), Pi(sh), Pi(st), cx))},
      {to_string(crd2idx(make_coord(_1{}, make_coord(_1{}, _2{})), S, T)), fmt_int(engine::crd2idx(Pi("(1,(1,2))"), Pi(sh), Pi(st), cx))},
      {to_string(crd2idx(make_coord(_1{}, make_coord(_1{}, _2{})), S)), fmt_int(engine::crd2idx_compact(Pi("(1,(1,2))"), Pi(sh), cx))},
      {to_string(crd2idx(_7{}, make_shape(_2{}, _1{}))), fmt_int(engine::crd2idx_compact(Pi("7"), Pi("(2,1)"), cx))},
      {to_string(A(_5{})), fmt_int(engine::crd2idx(Pi("5"), P(a), cx))},
      {to_string(A(_30{})), fmt_int(engine::crd2idx(Pi("30"), P(a), cx))},
      {to_string(A(make_coord(_1{}, make_coord(_2{}, _1{})))), fmt_int(engine::crd2idx(Pi("(1,(2,1))"), P(a), cx))},
      {to_string(A(_1{}, _5{})), fmt_int(engine::crd2idx(Pi("(1,5)"), P(a), cx))},
      {to_string(B(make_coord(make_coord(_1{}, _1{}), _2{}))), fmt_int(engine::crd2idx(Pi("((1,1),2)"), P(b), cx))},
      {to_string(B(_3{}, _2{})), fmt_int(engine::crd2idx(Pi("(3,2)"), P(b), cx))},
      {to_string(D(_3{})), fmt_int(engine::crd2idx(Pi("3"), P(d), cx))},
      {to_string(make_layout(make_shape(_3{}, _4{}), make_stride(_4{}, _1{}))(_2{}, _1{})), fmt_int(engine::crd2idx(Pi("(2,1)"), P("(3,4):(4,1)"), cx))},
      {to_string(make_layout(make_shape(_3{}, _4{}), make_stride(_4{}, _1{}))(-1)), fmt_int(engine::crd2idx(dyn_int(-1), P("(3,4):(4,1)"), cx))},
  };
  ASSERT_FALSE(cx.err) << text::describe_error(cx.err);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].typed, rows[i].engine) << "row " << i;
    if (std::getenv("TESSEL_PRINT_ROWS")) std::printf("%zu %s\n", i, rows[i].engine.c_str());
  }
  EXPECT_EQ(rows.size(), 51u);
  // A few printed forms spelled out (CuTe's, all integers static).
  EXPECT_EQ(rows[0].engine, "(_2,(_3,_4))");
  EXPECT_EQ(rows[10].engine, "(_5):(_6)");
  EXPECT_EQ(rows[31].engine, "(_1,(_1,_2))");
  EXPECT_EQ(rows[38].engine, "_17");
  EXPECT_EQ(rows[46].engine, "_11");
}

// ---- the engine alone on every flat and depth-2 shape of size <= 16 ---------------------------------
namespace {

// Shapes as text: an integer, or a tuple of 1..3 modes, each an integer or a
// tuple of 1..3 integers; every integer >= 1, the product at most 16.
std::vector<std::string> all_shapes() {
  std::vector<std::pair<std::string, int>> modes;  // (text, size) of the modes of size <= 16
  for (int x = 1; x <= 16; ++x) modes.push_back({std::to_string(x), x});
  for (int r = 1; r <= 3; ++r) {
    std::function<void(int, int, std::string)> rec = [&](int k, int p, std::string acc) {
      if (k == r) { modes.push_back({"(" + acc + ")", p}); return; }
      for (int x = 1; p * x <= 16; ++x) rec(k + 1, p * x, acc + (k ? "," : "") + std::to_string(x));
    };
    rec(0, 1, "");
  }
  std::vector<std::string> out;
  for (int x = 1; x <= 16; ++x) out.push_back(std::to_string(x));
  for (int r = 1; r <= 3; ++r) {
    std::function<void(int, int, std::string)> rec = [&](int k, int p, std::string acc) {
      if (k == r) { out.push_back("(" + acc + ")"); return; }
      for (auto const& [t, q] : modes)
        if (p * q <= 16) rec(k + 1, p * q, acc + (k ? "," : "") + t);
    };
    rec(0, 1, "");
  }
  return out;
}

engine::Layout unit_layout() {
  engine::Layout u;
  engine::Error e;
  u.leaf(engine::sint(1), engine::sint(0), e);
  return u;
}

}  // namespace

// CI's sanitizer stage (ASan+UBSan, one core) runs every 4th shape; the plain build runs them all.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kRoundTripShapeStep = 4;
#else
constexpr std::size_t kRoundTripShapeStep = 1;
#endif

TEST(tuple_ops, EngineRoundTripsOnAllSmallShapes) {
  auto shapes = all_shapes();
  EXPECT_GT(shapes.size(), 30000u);
  engine::Layout const unit = unit_layout();
  long checks = 0;
  for (std::size_t si = 0; si < shapes.size(); si += kRoundTripShapeStep) {
    auto const& text = shapes[si];
    engine::Ctx cx;
    engine::Layout S = Pi(text);
    engine::Layout compact = engine::compact(S, engine::sint(1), cx);
    engine::Layout other = S;  // arbitrary strides, zero and negative ones included
    for (int k = 0; k < other.nleaf; ++k) other.stride[k] = engine::sint((k * 5 + 3) % 9 - 3);
    int const n = int(engine::size(S, cx.err)), r = engine::rank(S);
    for (engine::Layout const& L : {compact, other}) {
      // Layouts that are the same function as L: flatten(L), group(L, b, e),
      // take(L, 0, r), prepend(L, _1:_0); append(L, _1:_0) inside the domain.
      std::vector<engine::Layout> same = {engine::flatten(L, cx), engine::take(L, 0, r, cx), engine::prepend(L, unit, cx)};
      for (int b = 0; b < r; ++b)
        for (int e = b + 1; e <= r; ++e) same.push_back(engine::group(L, b, e, cx));
      engine::Layout appended = engine::append(L, unit, cx);
      ASSERT_FALSE(cx.err) << text << ": " << text::describe_error(cx.err);
      for (int i = -2; i < n + 3; ++i) {
        engine::Layout ei = dyn_int(i);
        engine::Layout c = engine::idx2crd(ei, S, cx);
        engine::i64 li = engine::crd2idx(ei, L, cx).v;
        // The round trip; past the end only when the last mode can take the rest
        // (a static size-1 last mode has stride _0 in the compact strides, as in CuTe).
        if ((i >= 0 && i < n) || !engine::known(S.shape[S.nleaf - 1], 1)) {
          EXPECT_EQ(engine::crd2idx_compact(c, S, cx).v, i) << text << " at " << i;
        }
        EXPECT_EQ(engine::crd2idx(c, L, cx).v, li) << text << " at " << i;
        EXPECT_EQ(li, engine::eval(L, i, cx.err)) << text << " at " << i;
        for (auto const& M : same) EXPECT_EQ(engine::crd2idx(ei, M, cx).v, li) << text::format(M) << " at " << i;
        if (i >= 0 && i < n) {
          EXPECT_EQ(engine::crd2idx(ei, appended, cx).v, li) << text << " at " << i;
          // In the domain the coordinate is in range, and the three-argument idx2crd agrees.
          for (int k = 0; k < c.nleaf; ++k) EXPECT_TRUE(c.shape[k].v >= 0 && c.shape[k].v < S.shape[k].v) << text << " at " << i;
          // (the same values; a static size-1 mode gives _0 there, 0 here)
          EXPECT_EQ(text::format_part(engine::idx2crd(ei, S, engine::stride_of(compact), cx), false, false),
                    text::format_part(c, false, false)) << text << " at " << i;
        }
        checks += 5;
      }
      ASSERT_FALSE(cx.err) << text << ": " << text::describe_error(cx.err);
    }
  }
  std::printf("shapes: %zu (every %zu%s), checks: %ld\n", shapes.size(), kRoundTripShapeStep,
              kRoundTripShapeStep > 1 ? ": a sanitizer build" : "", checks);
}

// ---- errors: never a crash, always a fault that names the condition -----------------------------------
TEST(tuple_ops, Errors) {
  auto fault_of = [](auto&& f) {
    engine::Ctx cx;
    f(cx);
    return cx.err;
  };
  engine::Layout const A = P("(2,(3,4)):(1,(2,6))"), T = Pi("(2,3,4)");
  auto is = [](engine::Error e, engine::i64 code, engine::i64 a, engine::i64 b) {
    return engine::is_tuple_fault(e) && e.c == code && e.a == a && e.b == b;
  };
  engine::i64 p2[] = {2}, pm[] = {-1}, p10[] = {1, 0}, p13[] = {1, 3}, p000[] = {0, 0, 0};
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::get(A, p2, 1, cx); }), engine::kIndexOutOfRange, 2, 2));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::get(A, pm, 1, cx); }), engine::kIndexOutOfRange, -1, 2));
  EXPECT_FALSE(fault_of([&](engine::Ctx& cx) { engine::get(A, p10, 2, cx); }));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::get(A, p13, 2, cx); }), engine::kIndexOutOfRange, 3, 2));
  EXPECT_FALSE(fault_of([&](engine::Ctx& cx) { EXPECT_EQ(fmt_tuple(engine::get(Pi("8"), p000, 3, cx)), "_8"); }));  // get<0,0,0>(8) = 8
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::select(T, p13, 2, cx); }), engine::kIndexOutOfRange, 3, 3));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::select(T, p13, 0, cx); }), engine::kEmptyRange, 0, 0));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::take(T, 1, 1, cx); }), engine::kEmptyRange, 1, 1));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::take(T, 2, 4, cx); }), engine::kRangePastRank, 4, 3));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::take(T, 5, 6, cx); }), engine::kRangePastRank, 6, 3));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::group(T, -1, 2, cx); }), engine::kIndexOutOfRange, -1, 3));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::crd2idx(Pi("(1,2,3)"), A, cx); }), engine::kCoordRank, 3, 2));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::crd2idx(Pi("(1,(1,1))"), P("(2,3):(1,2)"), cx); }), engine::kCoordTupleAtInteger, 2, 3));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::idx2crd(Pi("(1,2)"), Pi("(3,4,5)"), cx); }), engine::kCoordRank, 2, 3));
  EXPECT_TRUE(is(fault_of([&](engine::Ctx& cx) { engine::idx2crd(Pi("5"), Pi("(2,2)"), Pi("(0,1)"), cx); }), engine::kZeroStride, 2, 0));
  EXPECT_TRUE(fault_of([&](engine::Ctx& cx) { engine::idx2crd(Pi("5"), Pi("(2,2)"), Pi("(1,2,3)"), cx); }).c == engine::kNotCongruent);
  EXPECT_TRUE(fault_of([&](engine::Ctx& cx) { engine::crd2idx(Pi("5"), Pi("(2,2)"), Pi("4"), cx); }).c == engine::kNotCongruent);
  EXPECT_EQ(fault_of([&](engine::Ctx& cx) { engine::idx2crd(Pi("5"), P("(2,0)"), cx); }).code, engine::Err::shape_not_positive);
  EXPECT_EQ(fault_of([&](engine::Ctx& cx) { engine::crd2idx_compact(Pi("5"), P("(2,-3)"), cx); }).code, engine::Err::shape_not_positive);
  EXPECT_EQ(fault_of([&](engine::Ctx& cx) { engine::crd2idx(Pi("(2,0)"), P("(4,2):(9223372036854775807,1)"), cx); }).code, engine::Err::overflow);
  EXPECT_EQ(fault_of([&](engine::Ctx& cx) { engine::crd2idx(dyn_int(-9223372036854775807LL - 1), P("(4,2):(1,-1)"), cx); }).code, engine::Err::none);
  std::vector<engine::i64> many(40, 0);
  EXPECT_EQ(fault_of([&](engine::Ctx& cx) { engine::select(T, many.data(), 40, cx); }).code, engine::Err::too_large);
  engine::Layout empty;
  EXPECT_EQ(fault_of([&](engine::Ctx& cx) { engine::flatten(empty, cx); }).code, engine::Err::bad_argument);
  EXPECT_EQ(fault_of([&](engine::Ctx& cx) { engine::crd2idx(empty, A, cx); }).code, engine::Err::bad_argument);
  // The words of a fault.
  engine::Ctx cx;
  engine::take(T, 2, 4, cx);
  EXPECT_EQ(text::describe_error(cx.err), "the range of modes ends past the last mode [end 4, rank 3]");
}

// ---- constant evaluation: the engine's tuple operations are constexpr ---------------------------------
namespace {
constexpr engine::Layout ce_layout() {  // ((2,2),3):((1,2),4)
  engine::Layout l;
  engine::Error e;
  l.open(e);
  l.open(e);
  l.leaf(engine::sint(2), engine::sint(1), e);
  l.leaf(engine::sint(2), engine::sint(2), e);
  l.close(e);
  l.leaf(engine::sint(3), engine::sint(4), e);
  l.close(e);
  return l;
}
constexpr engine::i64 ce_eval(engine::i64 i) {
  engine::Ctx cx;
  engine::Layout L = ce_layout(), c;
  c.leaf(engine::sint(i), engine::sint(0), cx.err);
  engine::Layout crd = engine::idx2crd(c, engine::shape_of(L), cx);
  engine::i64 path[] = {0, 1};
  engine::Layout m = engine::get(engine::group(engine::flatten(L, cx), 0, 2, cx), path, 2, cx);
  return cx.err ? -1 : engine::crd2idx(crd, L, cx).v * 100 + m.stride[0].v;
}
}  // namespace
static_assert(ce_eval(11) == 1102);  // L(11) = 1 + 2 + 8, and the stride of mode (0,1) of ((2,2),3) is 2
static_assert(ce_eval(5) == 502);

TEST(tuple_ops, ConstantEvaluation) { EXPECT_EQ(ce_eval(11), 1102); }
