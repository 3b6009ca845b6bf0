// Differential libFuzzer target over the typed API (issue 17). From the bytes:
// a layout A of one of a few typed structures (64-bit and 32-bit dynamic
// integers, hierarchical, with static parts), a second argument (a layout, a
// by-mode tiler, a static tiler, an integer), values from a table of edges
// (0, 1, negatives, near 2^31, 2^32, 2^62, 2^63) or small. Each operation of
// the algebra (and size, cosize) runs three ways:
//   * the typed library (tessel::composition(A, B), ...),
//   * the engine on the same values (the table's call, engine/ops.hpp),
//   * the text evaluator on the printed expression (text::evaluate),
// and they must agree: the same function (size, and the value at every index,
// sampled above 4096) or the same named error (engine::Err). Where the typed
// library may differ, the difference must be the documented one: a typed
// result whose run-time structure its type cannot spell (structure_mismatch),
// or a 32-bit typed result whose values need more than 32 bits (overflow).
// Where a result exists, the operation's defining identity is checked too
// (A o B (i) = A(B(i)), L(R(i)) = i, R(L(i)) = i, coalesce keeps the
// function, the first mode of a divide is A o B, of a product is A).
// Any disagreement is a __builtin_trap (with the case printed).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <variant>

#include <fuzzer/FuzzedDataProvider.h>

#include <tessel/tessel.hpp>
#include <tessel/text/text.hpp>

namespace tt = tessel::text;
namespace en = tessel::engine;
namespace engine = tessel::engine;
using tessel::Int;
using i64 = long long;

namespace {

// ---- the three ways' results --------------------------------------------------------------------

struct Out {
  bool ok = false;
  en::Err code = en::Err::none;  // when !ok; Err::count: an error without a code
  bool is_int = false;           // size/cosize: an integer
  i64 value = 0;
  en::Layout lay;
  std::string what;
};

std::string g_case;  // the expression, for the report

[[noreturn]] void finding(char const* why, Out const& t, Out const& e, Out const& x) {
  auto show = [](Out const& o) {
    if (!o.ok) return std::string("error ") + en::name(o.code) + " (" + o.what + ")";
    if (o.is_int) return std::to_string(o.value);
    return tt::to_text(tt::Result{tt::Value{tt::Value::layout, o.lay, {}, 0}});
  };
  std::fprintf(stderr, "fuzz_typed: %s\n  case:   %s\n  typed:  %s\n  engine: %s\n  text:   %s\n", why, g_case.c_str(),
               show(t).c_str(), show(e).c_str(), show(x).c_str());
  __builtin_trap();
}

en::Err code_of_message(std::string const& m) {
  // The longest message that occurs (some messages are prefixes of others' words).
  en::Err best = en::Err::count;
  std::size_t len = 0;
  for (int c = 1; c < int(en::Err::count); ++c) {
    std::string const msg = en::message(en::Err(c));
    if (msg.size() > len && m.find(msg) != std::string::npos) best = en::Err(c), len = msg.size();
  }
  if (best == en::Err::count && m.find("not positive") != std::string::npos) best = en::Err::shape_not_positive;
  if (best == en::Err::count && m.find("zero or negative") != std::string::npos) best = en::Err::shape_not_positive;
  return best;
}

// ---- values -------------------------------------------------------------------------------------

i64 pick(FuzzedDataProvider& fd, bool shape) {
  static constexpr i64 edges[] = {0,
                                  1,
                                  2,
                                  3,
                                  -1,
                                  -2,
                                  (i64(1) << 31) - 1,
                                  i64(1) << 31,
                                  (i64(1) << 31) + 1,
                                  i64(1) << 32,
                                  46341,  // ceil(sqrt(2^31))
                                  3037000500,
                                  3037000501,  // ~sqrt(2^63)
                                  i64(1) << 62,
                                  (i64(1) << 62) + 1,
                                  (i64(1) << 62) - 1,
                                  INT64_MAX,
                                  INT64_MAX - 1,
                                  INT64_MIN + 1,
                                  -(i64(1) << 31),
                                  -(i64(1) << 62),
                                  i64(1) << 40,
                                  i64(1) << 20};
  switch (fd.ConsumeIntegralInRange<int>(0, 7)) {
    case 0: return edges[fd.ConsumeIntegralInRange<std::size_t>(0, sizeof(edges) / sizeof(edges[0]) - 1)];
    case 1: {
      // Powers of two, but not 2^13 .. 2^19 alone: a B of that size makes the
      // engine compare every point of a composition (up to 2^20, five runs per
      // case: most of the time of the first campaigns). Such sizes still come
      // as products of two shapes, and 2^12, 2^20 (the bounds) as edges.
      int const k = fd.ConsumeIntegralInRange<int>(0, 55);
      return i64(1) << (k <= 12 ? k : k + 7);
    }
    case 2: return fd.ConsumeIntegralInRange<i64>(-16, 16);
    default: return shape ? fd.ConsumeIntegralInRange<i64>(1, 12) : fd.ConsumeIntegralInRange<i64>(0, 24);
  }
}

// ---- typed structures of A and B, and their text ------------------------------------------------

std::string num(i64 v) { return std::to_string(v); }

// A: kind 0 a:d (i64), 1 (a,b):(d,e) (i64), 2 (a,(b,c)):(d,(e,f)) (i64), 3 (a,b):(d,e) (int),
// 4 (_2,b):(d,_1) (static parts, i64).
struct Vals {
  i64 s[3], d[3];
};

template <class F>
bool with_A(int kind, Vals const& v, std::string& text, F&& f) {
  using tessel::make_layout;
  using tessel::make_shape;
  using tessel::make_stride;
  switch (kind) {
    case 0:
      text = num(v.s[0]) + ":" + num(v.d[0]);
      return f(make_layout(v.s[0], v.d[0]));
    case 1:
      text = "(" + num(v.s[0]) + "," + num(v.s[1]) + "):(" + num(v.d[0]) + "," + num(v.d[1]) + ")";
      return f(make_layout(make_shape(v.s[0], v.s[1]), make_stride(v.d[0], v.d[1])));
    case 2:
      text = "(" + num(v.s[0]) + ",(" + num(v.s[1]) + "," + num(v.s[2]) + ")):(" + num(v.d[0]) + ",(" + num(v.d[1]) +
             "," + num(v.d[2]) + "))";
      return f(make_layout(make_shape(v.s[0], make_shape(v.s[1], v.s[2])),
                           make_stride(v.d[0], make_stride(v.d[1], v.d[2]))));
    case 3: {
      // 32-bit dynamic integers: the values are cut to int's range first (the text sees the same numbers).
      int s0 = int(v.s[0]), s1 = int(v.s[1]), d0 = int(v.d[0]), d1 = int(v.d[1]);
      text = "(" + num(s0) + "," + num(s1) + "):(" + num(d0) + "," + num(d1) + ")";
      return f(make_layout(make_shape(s0, s1), make_stride(d0, d1)));
    }
    default:
      text = "(2," + num(v.s[1]) + "):(" + num(v.d[0]) + ",1)";
      return f(make_layout(make_shape(Int<2>{}, v.s[1]), make_stride(v.d[0], Int<1>{})));
  }
}

// B: kind 0 b:e (i64), 1 (b,c):(e,f) (i64), 2 <b:e,c:f> (by mode), 3 _4:_2 (static), 4 <_2:_1,_>,
// 5 b:e (int).
template <class F>
bool with_B(int kind, Vals const& v, std::string& text, F&& f) {
  using namespace tessel;
  switch (kind) {
    case 0:
      text = num(v.s[0]) + ":" + num(v.d[0]);
      return f(make_layout(v.s[0], v.d[0]));
    case 1:
      text = "(" + num(v.s[0]) + "," + num(v.s[1]) + "):(" + num(v.d[0]) + "," + num(v.d[1]) + ")";
      return f(make_layout(make_shape(v.s[0], v.s[1]), make_stride(v.d[0], v.d[1])));
    case 2:
      text = "<" + num(v.s[0]) + ":" + num(v.d[0]) + "," + num(v.s[1]) + ":" + num(v.d[1]) + ">";
      return f(make_tile(make_layout(v.s[0], v.d[0]), make_layout(v.s[1], v.d[1])));
    case 3:
      text = "4:2";
      return f(Layout<Int<4>, Int<2>>{});
    case 4:
      text = "<2:1,_>";
      return f(make_tile(Layout<Int<2>, Int<1>>{}, _));
    default: {
      int s0 = int(v.s[0]), d0 = int(v.d[0]);
      text = num(s0) + ":" + num(d0);
      return f(make_layout(s0, d0));
    }
  }
}

// ---- running ------------------------------------------------------------------------------------

template <class R>
void take_typed(Out& o, R const& r) {
  o.ok = true;
  if constexpr (tessel::is_layout_v<R>) {
    o.lay = tessel::detail::to_rt(r, false);
  } else {
    o.is_int = true;
    o.value = static_cast<i64>(r);
  }
}

template <class F>
Out typed(F&& f) {
  Out o;
  try {
    take_typed(o, f());
  } catch (tessel::named_error const& e) {
    o.code = e.code, o.what = e.what();
  } catch (tessel::error const& e) {
    o.code = code_of_message(e.what()), o.what = e.what();
  }
  return o;
}

Out text_eval(std::string const& expr) {
  Out o;
  try {
    tt::Result r = tt::evaluate(expr);
    if (auto const* i = std::get_if<en::i64>(&r)) {
      o.ok = o.is_int = true, o.value = *i;
    } else {
      tt::Value const& v = std::get<tt::Value>(r);
      if (v.kind == tt::Value::integer) {
        o.ok = o.is_int = true, o.value = v.i;
      } else if (v.kind != tt::Value::layout && v.kind != tt::Value::tuple) {
        o.code = en::Err::count, o.what = "not a layout";
      } else {
        o.ok = true, o.lay = v.lay;
      }
    }
  } catch (tt::EvalError const& e) {
    o.code = code_of_message(e.what), o.what = e.what;
  }
  return o;
}

// The engine through the typed library's table row (op_ID::run, not strict: the engine's own answer).
template <class Op, class... A>
Out engine_run(A const&... a) {
  Out o;
  tessel::detail::result r = Op::run(false, false, a...);
  if (r.err) {
    o.code = r.err.code, o.what = en::describe(r.err);
  } else {
    o.ok = true, o.lay = r.layout;
  }
  return o;
}
Out engine_size(en::Layout const& l, bool co) {
  Out o;
  en::Error e;
  i64 v = co ? en::cosize(l, e) : en::size(l, e);
  if (e) o.code = e.code, o.what = en::describe(e);
  else o.ok = o.is_int = true, o.value = v;
  return o;
}

// The engine on the same values, every integer static: what the text
// evaluator computes (it reads every integer as static), run directly.
en::Layout all_static(en::Layout l) {
  for (int k = 0; k < l.nleaf; ++k) l.shape[k].is_static = l.stride[k].is_static = true;
  return l;
}
en::Tiler all_static(en::Tiler t) {
  for (int j = 0; j < t.nent; ++j) t.ent[j] = all_static(t.ent[j]);
  return t;
}
template <en::Kind K>
auto arg1(en::Layout const& bl, en::Tiler const& tl, i64 m) {
  if constexpr (K == en::Kind::layout) return bl;
  else if constexpr (K == en::Kind::tiler) return tl;
  else if constexpr (K == en::Kind::size) return en::Int{m, true};
  else return 0;
}
Out engine_static(en::OpId id, en::Layout const& a, en::Layout const& b, en::Tiler const& t, i64 m) {
  en::Layout const a0 = all_static(a);
  en::Layout const bl = all_static(b);
  en::Tiler const tl = all_static(t);
  en::Ctx cx;
  en::Layout l;
  switch (id) {
#define TESSEL_FUZZ_OP(ID, NAME, K0, K1, CALL, ARGS, HELP)          \
  case en::OpId::ID: {                                              \
    [[maybe_unused]] auto const a1 = arg1<en::Kind::K1>(bl, tl, m); \
    l = TESSEL_RUN_ROW(CALL);                                       \
    break;                                                          \
  }
    TESSEL_ALGEBRA_OPS(TESSEL_FUZZ_OP)
#undef TESSEL_FUZZ_OP
    case en::OpId::count: break;
  }
  Out o;
  if (cx.err) o.code = cx.err.code, o.what = en::describe(cx.err);
  else o.ok = true, o.lay = l;
  return o;
}


// A dynamic integer whose value CuTe's rules treat apart (a stride 0, a shape
// 1: a static one is dropped or absorbed, a dynamic one kept), where the engine
// on dynamic values may build another (equally valid) result than on static ones.
bool degenerate(en::Layout const& l) {
  for (int k = 0; k < l.nleaf; ++k)
    if ((!l.shape[k].is_static && l.shape[k].v == 1) || (!l.stride[k].is_static && l.stride[k].v == 0)) return true;
  return false;
}

// Two modes that move with the same stride value, one of the strides dynamic.
bool stride_tie(en::Layout const& l) {
  for (int k = 0; k < l.nleaf; ++k)
    for (int j = k + 1; j < l.nleaf; ++j)
      if (l.shape[k].v > 1 && l.shape[j].v > 1 && l.stride[k].v == l.stride[j].v &&
          (!l.stride[k].is_static || !l.stride[j].is_static))
        return true;
  return false;
}

// The indices compared: all up to 4096, else the first 1024, the last 256 and a stride through the middle.
template <class F>
bool each_index(i64 n, F&& f) {
  if (n <= 4096) {
    for (i64 i = 0; i < n; ++i)
      if (!f(i)) return false;
    return true;
  }
  for (i64 i = 0; i < 1024; ++i)
    if (!f(i)) return false;
  for (i64 i = n - 256; i < n; ++i)
    if (!f(i)) return false;
  i64 const step = (n - 1280) / 1024 + 1;
  for (i64 j = 0; j < 1024; ++j)
    if (i64 const i = 1024 + j * step; i < n - 256 && !f(i)) return false;
  return true;
}

// Whether two layouts are the same function on [0, size). (Both evaluable:
// their values fit, as in_range checked.)
bool same_function(en::Layout const& a, en::Layout const& b) {
  en::Error e;
  i64 const n = en::size(a, e);
  if (e || n != en::size(b, e) || e) return false;
  return each_index(n, [&](i64 i) { return en::eval(a, i, e) == en::eval(b, i, e) && !e; });
}

bool same(Out const& a, Out const& b) {
  if (a.ok != b.ok) return false;
  if (!a.ok) return a.code == b.code;
  if (a.is_int != b.is_int) return false;
  return a.is_int ? a.value == b.value : same_function(a.lay, b.lay);
}

// The documented ways a typed result may differ from the engine's: its type
// cannot spell the run-time structure, or its 32-bit integers cannot hold it.
bool typed_may_differ(Out const& t, Out const& e, bool narrow) {
  if (t.ok || !e.ok) return false;
  if (t.code == en::Err::structure_mismatch) return true;
  if (t.code == en::Err::overflow && narrow) {
    if (e.is_int) return e.value > INT32_MAX || e.value < INT32_MIN;
    en::Error er;
    en::Range const r = en::value_range(e.lay, er);
    return er || r.size > INT32_MAX || r.hi > INT32_MAX || r.lo < INT32_MIN;
  }
  return false;
}

// Identities, on engine values. lay: the result; a, b: the arguments.
i64 ev(en::Layout const& l, i64 i, en::Error& e) { return en::eval(l, i, e); }

void identities(en::OpId op, Out const& r, en::Layout const& a, en::Layout const* b, Out const& t, Out const& x) {
  if (!r.ok || r.is_int) return;
  en::Error e;
  en::Layout const& R = r.lay;
  i64 const n = en::size(R, e);
  auto fail = [&](char const* why) { finding(why, t, r, x); };
  switch (op) {
    case en::OpId::coalesce:
    case en::OpId::filter_zeros:  // the same function where strides are not 0 ... the same values
      if (op == en::OpId::coalesce && !same_function(R, a)) fail("coalesce changed the function");
      break;
    case en::OpId::composition:
      if (b && n == en::size(*b, e))
        if (!each_index(n, [&](i64 i) {
              i64 const bi = ev(*b, i, e);
              i64 const ai = ev(a, bi, e);
              return e || ev(R, i, e) == ai;
            }))
          fail("composition: R(i) != A(B(i))");
      break;
    case en::OpId::right_inverse:
      if (!each_index(n, [&](i64 i) { return e || ev(a, ev(R, i, e), e) == i; })) fail("right_inverse: L(R(i)) != i");
      break;
    case en::OpId::left_inverse:
      // R(L(i)) = i where L is injective; in general L(R(L(i))) = L(i).
      if (!each_index(en::size(a, e), [&](i64 i) { return e || ev(a, ev(R, ev(a, i, e), e), e) == ev(a, i, e); }))
        fail("left_inverse: L(R(L(i))) != L(i)");
      break;
    case en::OpId::max_common_layout:
      if (b && !each_index(n, [&](i64 i) {
            i64 const ri = ev(R, i, e);
            return e || (ev(a, ri, e) == i && ev(*b, ri, e) == i);
          }))
        fail("max_common_layout: A(R(i)) != i or B(R(i)) != i");
      break;
    case en::OpId::logical_divide:
      if (b && b->nleaf > 0 && en::size(*b, e) <= n)
        if (!each_index(en::size(*b, e), [&](i64 i) { return e || ev(R, i, e) == ev(a, ev(*b, i, e), e); }))
          fail("logical_divide: the first mode is not A o B");
      break;
    case en::OpId::logical_product:  // (a layout B; a by-mode tiler multiplies each mode)
      if (b && en::size(a, e) <= n)
        if (!each_index(en::size(a, e), [&](i64 i) { return e || ev(R, i, e) == ev(a, i, e); }))
          fail("logical_product: the first mode is not A");
      break;
    default: break;
  }
}

// One operation, three ways (four: the engine on dynamic and on static values).
//   text == engine on static values: the same layout or the same error;
//   typed == engine on dynamic values: the same function or the same error
//     (or a documented difference);
//   engine on dynamic values == on static values where no input is degenerate.
void compare(Out const& t, Out const& e, Out const& s, Out const& x, bool narrow, bool degen) {
  bool const tx = s.ok == x.ok && (s.ok ? (s.is_int ? s.value == x.value : en::same_values(s.lay, x.lay)) : s.code == x.code);
  if (!tx) finding("the text evaluator and the engine differ", t, s, x);
  if (!same(t, e) && !typed_may_differ(t, e, narrow)) finding("the typed library and the engine differ", t, e, x);
  if (!degen && !same(e, s)) finding("the engine on dynamic and on static values differ", t, e, x);
}

template <class Op, class A, class... B>
void three_ways(en::OpId id, char const* name, std::string const& at, std::string const& bt, bool narrow, A const& a,
                B const&... b) {
  g_case = std::string(name) + "(" + at + (sizeof...(B) ? "," + bt : std::string()) + ")";
  if (std::getenv("FUZZ_TYPED_VERBOSE")) std::fprintf(stderr, "case: %s\n", g_case.c_str());
  Out const e = engine_run<Op>(a, b...);
  Out t = e;  // (a call the type's static parts refuse is a compile error of the typed library: not run)
  if constexpr (tessel::admissible_v<Op, A, B...>) t = typed([&] { return tessel::detail::run_op<Op>(a, b...); });
  Out const x = text_eval(g_case);
  en::Layout const al = tessel::detail::to_rt(a, false);
  en::Layout bl;
  en::Tiler tl;
  i64 m = 0;
  bool degen = degenerate(al);
  if constexpr (sizeof...(B) == 1) {
    if constexpr ((tessel::is_layout_v<B> && ...)) bl = tessel::detail::to_rt(b..., false);
    if constexpr ((tessel::is_integral_v<B> && ...)) m = static_cast<i64>((b, ...));
    else tl = tessel::detail::to_tiler(b..., false);
    for (int j = 0; j < tl.nent; ++j) degen = degen || degenerate(tl.ent[j]);
  }
  // Products compose with complement(A, ...), whose size-1 modes a static
  // pass drops and a dynamic one keeps and extends (docs/ALGEBRA.md): where B
  // reads them past their size (a stride <= 0 in B), the two passes differ by
  // that convention (found: tiled_product(11:1,5:-9)).
  switch (id) {
    case en::OpId::logical_product:
    case en::OpId::zipped_product:
    case en::OpId::tiled_product:
    case en::OpId::flat_product:
    case en::OpId::blocked_product:
    case en::OpId::raked_product: degen = true; break;
    default: break;
  }
  // right_inverse of a non-injective L whose chain meets a tie (two modes
  // that move with the same stride, one of them dynamic) may take either mode:
  // the compile-time pass can compare only static strides, so it takes the
  // static one, the all-static pass the first (docs/ALGEBRA.md). Both results
  // are then checked as right inverses (below), not compared with each other.
  if (id == en::OpId::right_inverse && stride_tie(al)) degen = true;
  // max_common_layout is _1:_0 unless the first mode of coalesce(A o
  // right_inverse(B)) is static with stride 1 (engine/derived.hpp, as CuTe: it
  // decides vector widths at compile time), so with dynamic integers it is
  // _1:_0 where the all-static pass finds more. Both are checked as common
  // layouts (A(R(i)) == B(R(i)) == i) instead.
  if (id == en::OpId::max_common_layout) degen = true;
  Out const s = engine_static(id, al, bl, tl, m);
  compare(t, e, s, x, narrow, degen);
  en::Layout const* bp = (sizeof...(B) == 1 && (tessel::is_layout_v<B> && ...)) ? &bl : nullptr;
  identities(id, e, al, bp, t, x);
  if ((id == en::OpId::right_inverse || id == en::OpId::max_common_layout) && degen)
    identities(id, s, al, bp, t, x);  // the static pass's result, where it was not compared
}

// The input layout's own values must fit for the identities to be evaluated;
// the operations themselves run on any values.
bool evaluable(en::Layout const& l) {
  en::Error e;
  (void)en::value_range(l, e);
  return !e;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  FuzzedDataProvider fd(data, size);
  int const ak = fd.ConsumeIntegralInRange<int>(0, 4);
  int const bk = fd.ConsumeIntegralInRange<int>(0, 5);
  int const op = fd.ConsumeIntegralInRange<int>(0, 21);
  Vals va{}, vb{};
  for (int k = 0; k < 3; ++k) va.s[k] = pick(fd, true), va.d[k] = pick(fd, false);
  for (int k = 0; k < 2; ++k) vb.s[k] = pick(fd, true), vb.d[k] = pick(fd, false);
  i64 const m = pick(fd, true);

  std::string at, bt;
  namespace d = tessel::detail;
  // A shape entry below 1: make_layout refuses it (tessel::error), and so does the text evaluator.
  {
    int const n = ak == 0 ? 1 : ak == 2 ? 3 : 2;
    bool bad = false;
    for (int k = ak == 4 ? 1 : 0; k < n; ++k) bad = bad || (ak == 3 ? int(va.s[k]) : va.s[k]) < 1;
    if (bad) {
      Out t;
      t.ok = true;
      try {
        with_A(ak, va, at, [&](auto const&) { return true; });
      } catch (tessel::error const& e) {
        t.ok = false, t.code = code_of_message(e.what()), t.what = e.what();
      }
      g_case = "size(" + at + ")";
      Out const x = text_eval(g_case);
      if (t.ok || t.code != en::Err::shape_not_positive || x.ok || x.code != en::Err::shape_not_positive)
        finding("a shape below 1 is not refused by both", t, t, x);
      return 0;
    }
  }
  if (bk != 3 && bk != 4) {
    int const n = bk == 0 || bk == 5 ? 1 : 2;
    for (int k = 0; k < n; ++k)
      if ((bk == 5 ? int(vb.s[k]) : vb.s[k]) < 1) vb.s[k] = 1;  // (refused the same way: above)
  }
  bool const narrow_a = ak == 3;
  with_A(ak, va, at, [&](auto const& A) {
    // Shapes must be >= 1: make_layout accepted A (its shapes are not checked
    // by make_layout(shape, stride)?) -- all three must refuse a non-positive one.
    en::Layout const al = d::to_rt(A, false);
    for (int k = 0; k < al.nleaf; ++k)
      if (al.shape[k].v < 1) return true;  // (make_layout's check is tested elsewhere)
    if (!evaluable(al)) {
      // Only the operations, no identities; still three ways.
    }
    if (op < 10) {
      switch (op) {
        case 0: three_ways<d::op_coalesce>(en::OpId::coalesce, "coalesce", at, "", narrow_a, A); break;
        case 1: three_ways<d::op_filter_zeros>(en::OpId::filter_zeros, "filter_zeros", at, "", narrow_a, A); break;
        case 2: three_ways<d::op_filter>(en::OpId::filter, "filter", at, "", narrow_a, A); break;
        case 3: three_ways<d::op_complement>(en::OpId::complement, "complement", at, "", narrow_a, A); break;
        case 4: three_ways<d::op_right_inverse>(en::OpId::right_inverse, "right_inverse", at, "", narrow_a, A); break;
        case 5: three_ways<d::op_left_inverse>(en::OpId::left_inverse, "left_inverse", at, "", narrow_a, A); break;
        case 6: three_ways<d::op_nullspace>(en::OpId::nullspace, "nullspace", at, "", narrow_a, A); break;
        case 7:
        case 8: {
          bool const co = op == 8;
          g_case = std::string(co ? "cosize(" : "size(") + at + ")";
          Out const t = typed([&] { return static_cast<i64>(co ? tessel::cosize(A) : tessel::size(A)); });
          Out const e = engine_size(al, co);
          Out const x = text_eval(g_case);
          compare(t, e, e, x, narrow_a, true);
          break;
        }
        default: {
          if (m < 1) return true;
          int const mi = narrow_a ? int(m) : 0;
          if (narrow_a && mi < 1) return true;  // (the text reads M as a shape: >= 1, as above)
          std::string const mt = narrow_a ? num(mi) : num(m);
          if (narrow_a) three_ways<d::op_complement_to>(en::OpId::complement_to, "complement", at, mt, narrow_a, A, mi);
          else three_ways<d::op_complement_to>(en::OpId::complement_to, "complement", at, mt, narrow_a, A, m);
          break;
        }
      }
      return true;
    }
    return with_B(bk, vb, bt, [&](auto const& B) {
      using BT = std::remove_cvref_t<decltype(B)>;
      bool const narrow = narrow_a || bk == 5;
      if constexpr (tessel::is_layout_v<BT>) {
        en::Layout const bl = d::to_rt(B, false);
        for (int k = 0; k < bl.nleaf; ++k)
          if (bl.shape[k].v < 1) return true;
      } else {
        en::Tiler const tl = d::to_tiler(B, false);
        for (int j = 0; j < tl.nent; ++j)
          for (int k = 0; k < tl.ent[j].nleaf; ++k)
            if (tl.ent[j].shape[k].v < 1) return true;
      }
      switch (op) {
        case 10: three_ways<d::op_composition>(en::OpId::composition, "composition", at, bt, narrow, A, B); break;
        case 11: three_ways<d::op_logical_divide>(en::OpId::logical_divide, "logical_divide", at, bt, narrow, A, B); break;
        case 12: three_ways<d::op_zipped_divide>(en::OpId::zipped_divide, "zipped_divide", at, bt, narrow, A, B); break;
        case 13: three_ways<d::op_tiled_divide>(en::OpId::tiled_divide, "tiled_divide", at, bt, narrow, A, B); break;
        case 14: three_ways<d::op_flat_divide>(en::OpId::flat_divide, "flat_divide", at, bt, narrow, A, B); break;
        case 15: three_ways<d::op_logical_product>(en::OpId::logical_product, "logical_product", at, bt, narrow, A, B); break;
        case 16: three_ways<d::op_zipped_product>(en::OpId::zipped_product, "zipped_product", at, bt, narrow, A, B); break;
        case 17: three_ways<d::op_tiled_product>(en::OpId::tiled_product, "tiled_product", at, bt, narrow, A, B); break;
        case 18: three_ways<d::op_flat_product>(en::OpId::flat_product, "flat_product", at, bt, narrow, A, B); break;
        default:
          if constexpr (tessel::is_layout_v<BT>) {
            if (op == 19) three_ways<d::op_blocked_product>(en::OpId::blocked_product, "blocked_product", at, bt, narrow, A, B);
            else if (op == 20) three_ways<d::op_raked_product>(en::OpId::raked_product, "raked_product", at, bt, narrow, A, B);
            else three_ways<d::op_max_common_layout>(en::OpId::max_common_layout, "max_common_layout", at, bt, narrow, A, B);
          }
          break;
      }
      return true;
    });
  });
  return 0;
}
