// Dynamic integers with degenerate run-time values (a size 1, a stride 0, a B
// of size 2) in the typed API. The result type is fixed at compile time; at
// run time the operation may be exact only through the engine's by-values
// search, or the engine's layout may have another structure. Then the typed
// API gives that layout the result type (engine::fit) where the type can spell
// it, and otherwise throws tessel::error naming a condition: never "bad
// argument", never a wrong value.
//
// Each case computes the same operation with static integers and compares
// the typed dynamic result with it at every index.
#include <gtest/gtest.h>

#include <string>

#include <tessel/tessel.hpp>

using namespace tessel;

namespace {

template <class X, class Y>
void expect_same_function(X const& x, Y const& y, std::string const& what) {
  ASSERT_EQ(static_cast<long long>(size(x)), static_cast<long long>(size(y))) << what;
  for (int i = 0; i < int(size(x)); ++i)
    EXPECT_EQ(static_cast<long long>(x(i)), static_cast<long long>(y(i))) << what << " at " << i;
}

template <class X>
std::string str(X const& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

}  // namespace

// A broadcast mode (stride 0) whose extent is dynamic: B's stride 3 does not
// split across A's modes, but A(3) = A(0) + 1 all the same.
TEST(DynamicDegenerate, BroadcastModeOfDynamicExtent) {
  auto a_static = Layout<Shape<_2, _2>, Stride<_0, _1>>{};
  auto a_dyn = make_layout(make_shape(2, 2), Stride<_0, _1>{});
  auto b = Layout<_2, _3>{};
  auto want = composition(a_static, b);
  auto got = composition(a_dyn, b);
  expect_same_function(got, want, "composition(" + str(a_dyn) + "," + str(b) + ") = " + str(got));
}

// Two broadcast modes of dynamic extent coalesce to one (the merge condition
// 0 == s*0 is static), so any B composes to a broadcast.
TEST(DynamicDegenerate, AllBroadcast) {
  auto a_dyn = make_layout(make_shape(2, 3), Stride<_0, _0>{});
  auto b = Layout<Shape<_2, _3>, Stride<_3, _5>>{};
  auto got = composition(a_dyn, b);
  for (int i = 0; i < int(size(got)); ++i) EXPECT_EQ(int(got(i)), 0) << str(got);
}

// A dynamic extent that is 1 at run time, in A and in the tiler.
TEST(DynamicDegenerate, SizeOneModes) {
  auto a_static = Layout<Shape<_8, _1>, Stride<_1, _8>>{};
  auto a_dyn = make_layout(make_shape(8, 1));
  for (int tile : {1, 2, 4, 8}) {
    auto t_dyn = make_tile(make_layout(tile), make_layout(1));
    auto got = logical_divide(a_dyn, t_dyn);
    // The static reference, for each tile size.
    auto check = [&](auto want) {
      expect_same_function(got, want, "logical_divide(" + str(a_dyn) + "," + str(t_dyn) + ") = " + str(got));
      expect_same_function(layout<0>(got), layout<0>(want), "mode 0 of " + str(got));
      expect_same_function(layout<1>(got), layout<1>(want), "mode 1 of " + str(got));
    };
    if (tile == 1) check(logical_divide(a_static, make_tile(Layout<_1>{}, Layout<_1>{})));
    if (tile == 2) check(logical_divide(a_static, make_tile(Layout<_2>{}, Layout<_1>{})));
    if (tile == 4) check(logical_divide(a_static, make_tile(Layout<_4>{}, Layout<_1>{})));
    if (tile == 8) check(logical_divide(a_static, make_tile(Layout<_8>{}, Layout<_1>{})));
  }
}

// A size-1 dynamic mode in the middle of A for left_inverse: it moves
// nothing, and the inverse must still invert the other modes.
TEST(DynamicDegenerate, LeftInverseSkipsSizeOneMode) {
  for (int s0 : {1, 2, 3}) {
    auto l = make_layout(make_shape(s0, 6), Stride<_6, _1>{});
    auto r = left_inverse(l);
    for (int i = 0; i < int(size(l)); ++i) EXPECT_EQ(int(r(l(i))), i) << str(l) << " -> " << str(r);
  }
  auto l = make_layout(make_shape(6, 1), Stride<_1, _5>{});  // the size-1 mode sorts last
  auto r = left_inverse(l);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(int(r(l(i))), i) << str(l) << " -> " << str(r);
}

// Where no layout of the type's structure is the result, the error names
// the failing condition (here the stride divisibility; the by-values search
// finds no layout because j -> A(3j) is not one).
TEST(DynamicDegenerate, InadmissibleStillNamed) {
  auto a_dyn = make_layout(make_shape(4, 6, 8), make_stride(2, 3, 5));
  try {
    (void)composition(a_dyn, Layout<_6, _3>{});
    FAIL() << "expected tessel::error";
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("stride divisibility"), std::string::npos) << e.what();
  }
}

// Found by a random comparison of dynamic and static answers with CuTe (session 11): a dynamic size-1
// mode of A must not make its stride the reach of A* in a product with a negative-stride B. The values
// are those of the all-static answer ((_1,_2):(_2,_-5): 0, -5; it used to give 0, -10).
TEST(DynamicDegenerate, ProductOfSizeOneModeWithNegativeStride) {
  auto const t = make_layout(2, -5);
  auto check = [&](auto const& a, auto const& a_static) {
    auto const p = logical_product(a, t);
    auto const q = logical_product(a_static, Layout<_2, Int<-5>>{});
    ASSERT_EQ(size(p), size(q)) << str(p);
    for (int i = 0; i < int(size(q)); ++i) EXPECT_EQ(int(p(i)), int(q(i))) << str(p) << " at " << i << ", static " << str(q);
  };
  check(make_layout(1, 2), Layout<_1, _2>{});
  check(make_layout(make_shape(1, 1), make_stride(12, 2)), Layout<Shape<_1, _1>, Stride<_12, _2>>{});
  check(make_layout(make_shape(1, _1{}), make_stride(_12{}, _2{})), Layout<Shape<_1, _1>, Stride<_12, _2>>{});
  check(make_layout(2, 1), Layout<_2, _1>{});  // (a mode that moves: unchanged)
  auto const r = raked_product(make_layout(make_shape(1, 1), make_stride(12, 2)), make_layout(make_shape(2), make_stride(-5)));
  EXPECT_EQ(int(r(1)) - int(r(0)), -5) << str(r);
}

// Where the run-time result has another rank than the type at a tuple node, the type's modes cannot
// be matched to the result's: a named error, never a greedy refit (dynamic flat_divide((8,2):(1,8),1:6)
// put the whole layout in its tile mode: (16,1,(1,1),(1,1))).
TEST(DynamicDegenerate, RankMismatchIsNamedNotRefit) {
  auto const a = make_layout(make_shape(8, 2), make_stride(1, 8));
  EXPECT_THROW((void)flat_divide(a, make_layout(1, 6)), tessel::error);
  auto const d = logical_divide(a, make_layout(1, 6));  // the same division, by mode: the tile is size 1
  EXPECT_EQ(int(size<0>(d)), 1) << str(d);
  EXPECT_EQ(int(size<1>(d)), 16) << str(d);
}

// The run-time pass follows the compile-time pass's structural choices (as CuTe's dynamic code: a
// mode is never dropped because its run-time value is 1), so a mode of run-time size 1 keeps its
// place and the stride CuTe gives it. Each case: CuTe 7107b05's printed result with the same
// dynamic integers (tests/cute_compat/dynamic_compare.py, session 12), and the same function as
// the all-static answer. (They had stride 0 and another place: engine::fit refilled the engine's
// own answer into the type.)
TEST(DynamicDegenerate, SizeOneModesKeepCuteStructure) {
  auto check = [](auto const& got, auto const& all_static, std::string const& cute, std::string const& what) {
    EXPECT_EQ(str(got), cute) << what;
    expect_same_function(got, all_static, what + " = " + str(got) + ", static " + str(all_static));
  };
  // composition((1,2):(8,16),(2,2):(-4,3))
  check(composition(make_layout(make_shape(1, 2), make_stride(8, 16)), make_layout(make_shape(2, 2), make_stride(-4, 3))),
        composition(Layout<Shape<_1, _2>, Stride<_8, _16>>{}, Layout<Shape<_2, _2>, Stride<Int<-4>, _3>>{}),
        "((1,2),(1,2)):((-32,-64),(24,48))", "composition((1,2):(8,16),(2,2):(-4,3))");
  // composition((20,6):(2,40),(_4,_3):(_3,_1)) (the stride 3 stops inside the mode of 20: the walk
  // is not left divisible, but A(3i) for i < 4 is the layout 4:6; CuTe's size-1 modes keep 40)
  check(composition(make_layout(make_shape(20, 6), make_stride(2, 40)), Layout<Shape<_4, _3>, Stride<_3, _1>>{}),
        composition(Layout<Shape<_20, _6>, Stride<_2, _40>>{}, Layout<Shape<_4, _3>, Stride<_3, _1>>{}),
        "((4,1),(3,1)):((6,40),(2,40))", "composition((20,6):(2,40),(_4,_3):(_3,_1))");
  // logical_product((4):(1),(2):(-1)): B's negative stride is dynamic, so the compile-time pass
  // reads CuTe's complement(A, size(A)*cosize(B)); the run-time pass too
  check(logical_product(make_layout(make_shape(4), make_stride(1)), make_layout(make_shape(2), make_stride(-1))),
        logical_product(Layout<Shape<_4>, Stride<_1>>{}, Layout<Shape<_2>, Stride<Int<-1>>>{}),
        "((4),((1,2))):((1),((-1,-4)))", "logical_product((4):(1),(2):(-1))");
  check(blocked_product(make_layout(8, 1), make_layout(6, -1)), blocked_product(Layout<_8, _1>{}, Layout<_6, Int<-1>>{}),
        "((8,(1,6))):((1,(-1,-8)))", "blocked_product(8:1,6:-1)");
  check(zipped_product(make_layout(6, 30), make_tile(make_layout(make_shape(2, 2), make_stride(12, 2)))),
        zipped_product(Layout<_6, _30>{}, make_tile(Layout<Shape<_2, _2>, Stride<_12, _2>>{})),
        "((6),(((2,1),(2,1)))):((30),(((12,180),(2,180))))", "zipped_product(6:30,<(2,2):(12,2)>)");
  check(zipped_product(make_layout(1, 25), _6{}), zipped_product(Layout<_1, _25>{}, _6{}), "(1,(6,1)):(25,(_1,25))",
        "zipped_product(1:25,_6)");
  check(composition(make_layout(3, 10), 1), composition(Layout<_3, _10>{}, 1), "1:10", "composition(3:10,1)");
  // a mode of run-time size 1 moves nothing, also with a negative stride (it was negative_stride)
  check(flat_product(make_layout(make_shape(1), make_stride(-1)), _1{}), flat_product(Layout<Shape<_1>, Stride<Int<-1>>>{}, _1{}),
        "((1),_1):((-1),_0)", "flat_product((1):(-1),_1)");
  // complement: a mode of run-time size 1 is still skipped, its stride does not bound R (whose cosize
  // is at most round_up(M, cosize(A)) = 8; CuTe's (22,1):(_1,22) reaches 22)
  check(complement(make_layout(1, 22), make_tuple(_4{}, _2{})), complement(Layout<_1, _22>{}, make_tuple(_4{}, _2{})),
        "(1,8):(_1,1)", "complement(1:22,(_4,_2))");
}

// left_inverse of a non-injective L with a dynamic size: CuTe's answer where it meets
// L(R(L(i))) == L(i), as with static integers (it was refused as "not injective").
TEST(DynamicDegenerate, LeftInverseNonInjectiveDynamic) {
  auto const l = make_layout(make_shape(4, _3{}), make_stride(_6{}, _6{}));
  auto const r = left_inverse(l);
  auto const s = left_inverse(Layout<Shape<_4, _3>, Stride<_6, _6>>{});
  EXPECT_EQ(str(s), "(_6,_3):(_0,_4)");
  for (int i = 0; i < int(size(l)); ++i) EXPECT_EQ(int(l(r(l(i)))), int(l(i))) << str(r) << " at " << i;
  for (int x = 0; x < int(size(s)); ++x) EXPECT_EQ(int(r(x)), int(s(x))) << str(r) << " vs " << str(s) << " at " << x;
  // Injective or not, a dynamic L whose CuTe answer breaks the definition is still refused.
  EXPECT_THROW((void)left_inverse(make_layout(make_shape(4, 2), make_stride(4, -2))), tessel::error);
}

// Found by dynamic_compare.py (session 12): a product whose B has a negative dynamic stride reads A*
// along its last mode, of stride span = the largest reach s*d of A's modes. With dynamic integers the
// span was the last dynamic reach (4 for 16 in raked_product((4,4):(4,1), ...)), and a dynamic stride 0
// reached 0 (P all 0s): other functions than the all-static products. Now the same function.
TEST(DynamicDegenerate, ProductSpanOfDynamicReaches) {
  {
    auto const got = raked_product(make_layout(make_shape(4, 4), make_stride(4, 1)),
                                   make_layout(make_shape(4, 4, 3), make_stride(8, -2, 6)));
    auto const want = raked_product(Layout<Shape<_4, _4>, Stride<_4, _1>>{},
                                    Layout<Shape<_4, _4, _3>, Stride<_8, Int<-2>, _6>>{});
    expect_same_function(got, want, "raked_product((4,4):(4,1),(4,4,3):(8,-2,6)) = " + str(got) + ", static " + str(want));
  }
  {
    auto const got = blocked_product(make_layout(make_shape(4), make_stride(0)),
                                     make_layout(make_shape(8, 5, 3), make_stride(12, -1, 1)));
    auto const want = blocked_product(Layout<Shape<_4>, Stride<_0>>{}, Layout<Shape<_8, _5, _3>, Stride<_12, Int<-1>, _1>>{});
    expect_same_function(got, want, "blocked_product((4):(0),(8,5,3):(12,-1,1)) = " + str(got) + ", static " + str(want));
  }
  {
    auto const a = make_layout(make_shape(make_shape(3, 6), make_shape(5, 4)), make_stride(make_stride(6, 1), make_stride(72, 18)));
    auto const b = make_layout(make_shape(make_shape(6, 2), 3), make_stride(make_stride(4, 1), -2));
    auto const got = tiled_product(a, b);
    auto const want = tiled_product(Layout<Shape<Shape<_3, _6>, Shape<_5, _4>>, Stride<Stride<_6, _1>, Stride<_72, _18>>>{},
                                    Layout<Shape<Shape<_6, _2>, _3>, Stride<Stride<_4, _1>, Int<-2>>>{});
    expect_same_function(got, want, "tiled_product(" + str(a) + "," + str(b) + ") = " + str(got) + ", static " + str(want));
  }
}

// A composition whose leaf N:r stops inside a mode M of A without dividing it (c = 3 in the mode
// of 20) is exact where the leaf stays inside that mode, (N-1)*c < M: the run-time pass of a typed
// composition admits it by that local test (engine::Ctx::inside), with CuTe's arithmetic, instead
// of failing and recovering (detail::recover's three more engine passes, which every program with
// such a call compiled in: issue 24's algebra program, 0.2 -> 0.5 of CuTe's compile time). Its
// answer must be the one recover gives, on every pair of a small enumeration (A of rank 2 with
// every integer dynamic, B of one or two dynamic leaves), and the leaf must not pass where it leaves
// the mode ((20,6):(2,41) o 8:3 reads A(21)).
TEST(DynamicDegenerate, LeafInsideModeWithoutRecovery) {
  auto follow = [](auto const& a, auto const& b, bool inside) {
    engine::Ctx cx = detail::follow_pass();
    cx.inside = inside;
    return detail::op_composition::run_in(cx, a, b);
  };
  auto const a = make_layout(make_shape(20, 6), make_stride(2, 40));
  auto const b = Layout<Shape<_4, _3>, Stride<_3, _1>>{};
  EXPECT_TRUE(follow(a, b, false).err);  // the strict stride condition (3 does not divide 20)
  auto const r = follow(a, b, true);
  EXPECT_FALSE(r.err) << engine::describe(r.err);
  EXPECT_EQ(str(composition(a, b)), "((4,1),(3,1)):((6,40),(2,40))");  // CuTe 7107b05's
  auto const a41 = make_layout(make_shape(20, 6), make_stride(2, 41));
  EXPECT_FALSE(follow(a41, make_layout(7, 3), true).err);  // A(18) = 36: 7:6
  EXPECT_EQ(str(composition(a41, make_layout(7, 3))), "(7,1):(6,41)");
  EXPECT_TRUE(follow(a41, make_layout(8, 3), true).err);   // A(21) = 43, not 8*6 - 6
  EXPECT_TRUE(follow(a41, make_layout(make_shape(4, 2), make_stride(3, 11)), true).err);  // 9 + 11 carries: A(20) = 41
  // The enumeration: where the strict pass fails and the local test admits, recover's answer.
  long long admitted = 0, pairs = 0;
  auto check = [&](auto const& A, auto const& B) {
    ++pairs;
    auto const strict = follow(A, B, false);
    auto const local = follow(A, B, true);
    if (!strict.err) {
      EXPECT_FALSE(local.err);
      EXPECT_TRUE(engine::same_values(strict.layout, local.layout)) << str(A) << " o " << str(B);
      return;
    }
    if (local.err) return;
    ++admitted;
    engine::Layout got;
    try {
      got = detail::recover<detail::op_composition>(strict, A, B);
    } catch (tessel::error const& e) {
      ADD_FAILURE() << str(A) << " o " << str(B) << ": admitted by the local test, recover: " << e.what();
      return;
    }
    EXPECT_TRUE(engine::same_values(got, local.layout)) << str(A) << " o " << str(B);
  };
  for (int s0 : {1, 2, 3, 5, 7, 20})
    for (int s1 : {1, 2, 6})
      for (int d0 : {0, 1, 2, -1})
        for (int d1 : {0, 1, 3, 40}) {
          auto const A = make_layout(make_shape(s0, s1), make_stride(d0, d1));
          for (int n : {1, 2, 3, 4, 7})
            for (int c : {0, 1, 2, 3, 5, -3}) check(A, make_layout(n, c));
          for (int n0 : {1, 2, 3})
            for (int c0 : {2, 3})
              for (int n1 : {1, 2})
                for (int c1 : {1, 7, 9}) check(A, make_layout(make_shape(n0, n1), make_stride(c0, c1)));
          if (HasFailure()) return;
        }
  std::printf("[inside] %lld pairs, %lld admitted by the local test where the strict pass fails\n", pairs, admitted);
  EXPECT_GT(admitted, pairs / 20);
}
