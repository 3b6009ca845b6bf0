// tessel/swizzle/composed_layout.hpp: composed layouts A o offset o L (a
// swizzle, or any function of an index, after a layout), the shape of
// swizzled shared-memory layouts, and the algebra on them.
#pragma once

#include "../algebra/algebra.hpp"
#include "swizzle.hpp"

namespace TESSEL_NAMESPACE {

// ---- ComposedLayout -------------------------------------------------------------------------------

// ComposedLayout<A, Offset, L>: c -> A(offset + L(c)). Its shape is L's; A is
// any function of an index (a Swizzle, a Layout). Slicing keeps the offset
// inside, since A need not be linear.
template <class A, class Offset, class L>
// The three parts are stored as tuple leaves, as Layout's shape and stride
// (static ones take no storage): a fully static ComposedLayout is an empty
// class without [[no_unique_address]] members, which nvcc takes as a kernel
// parameter (it refuses a class of only [[no_unique_address]] empty members:
// "Empty parameter types are not supported").
struct ComposedLayout : private detail::leaf<0, A>, private detail::leaf<1, Offset>, private detail::leaf<2, L> {
  using shape_type = typename L::shape_type;
  static constexpr int rank = L::rank;

  constexpr ComposedLayout() = default;
  TESSEL_HOST_DEVICE constexpr ComposedLayout(A const& a, Offset const& o, L const& l)
      : detail::leaf<0, A>{a}, detail::leaf<1, Offset>{o}, detail::leaf<2, L>{l} {}

  TESSEL_HOST_DEVICE constexpr decltype(auto) layout_a() const { return detail::leaf<0, A>::element(); }
  TESSEL_HOST_DEVICE constexpr decltype(auto) offset() const { return detail::leaf<1, Offset>::element(); }
  TESSEL_HOST_DEVICE constexpr decltype(auto) layout_b() const { return detail::leaf<2, L>::element(); }
  TESSEL_HOST_DEVICE constexpr ComposedLayout const& layout() const { return *this; }
  template <std::size_t... I>
  TESSEL_HOST_DEVICE constexpr auto shape() const { return layout_b().template shape<I...>(); }

  template <class Crd>
  TESSEL_HOST_DEVICE constexpr auto operator()(Crd const& c) const {
    if constexpr (has_underscore_v<Crd>) {
      auto [l, off] = slice_and_offset(c, layout_b());
      return ComposedLayout<A, decltype(offset() + off), decltype(l)>{layout_a(), offset() + off, l};
    } else {
      return layout_a()(offset() + layout_b()(c));
    }
  }
  template <class C0, class C1, class... Cs>
  TESSEL_HOST_DEVICE constexpr auto operator()(C0 const& c0, C1 const& c1, Cs const&... cs) const {
    return operator()(make_coord(c0, c1, cs...));
  }
};

template <class T> struct is_composed_layout : std::false_type {};
template <class A, class O, class L> struct is_composed_layout<ComposedLayout<A, O, L>> : std::true_type {};
template <class T> inline constexpr bool is_composed_layout_v = is_composed_layout<std::remove_cvref_t<T>>::value;
template <class A, class O, class L> struct has_custom_get<ComposedLayout<A, O, L>> : std::true_type {};

template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto make_composed_layout(A const& a, O const& o, L const& l) {
  return ComposedLayout<A, O, L>{a, o, l};
}

// get_swizzle_portion / get_nonswizzle_portion (CuTe's names): a swizzled layout
// Sw o off o L is Sw and L (the offset dropped, as CuTe's); a plain layout is the
// identity swizzle Swizzle<0,4,3> and itself.
template <int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto get_swizzle_portion(ComposedLayout<Swizzle<B, M, S>, O, L> const&) {
  return Swizzle<B, M, S>{};
}
template <class Sh, class D>
TESSEL_HOST_DEVICE constexpr auto get_swizzle_portion(Layout<Sh, D> const&) {
  return Swizzle<0, 4, 3>{};
}
template <int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto get_nonswizzle_portion(ComposedLayout<Swizzle<B, M, S>, O, L> const& c) {
  return c.layout_b();
}
template <class Sh, class D>
TESSEL_HOST_DEVICE constexpr auto get_nonswizzle_portion(Layout<Sh, D> const& l) {
  return l;
}

// composition(Swizzle, L) = Sw o _0 o L.
template <int B, int M, int S, class Sh, class D>
TESSEL_HOST_DEVICE constexpr auto composition(Swizzle<B, M, S> const& sw, Layout<Sh, D> const& l) {
  return make_composed_layout(sw, Int<0>{}, l);
}
// composition(A o off o L, T) = A o off o (L o T): tiling acts on the inner layout.
template <class A, class O, class L, class T>
TESSEL_HOST_DEVICE constexpr auto composition(ComposedLayout<A, O, L> const& c, T const& t) {
  return make_composed_layout(c.layout_a(), c.offset(), composition(c.layout_b(), t));
}
#define TESSEL_COMPOSED_TILING(NAME)                                                        \
  template <class A, class O, class L, class T>                                             \
  TESSEL_HOST_DEVICE constexpr auto NAME(ComposedLayout<A, O, L> const& c, T const& t) {    \
    return make_composed_layout(c.layout_a(), c.offset(), NAME(c.layout_b(), t));           \
  }
TESSEL_COMPOSED_TILING(logical_divide)
TESSEL_COMPOSED_TILING(zipped_divide)
TESSEL_COMPOSED_TILING(tiled_divide)
TESSEL_COMPOSED_TILING(flat_divide)
TESSEL_COMPOSED_TILING(logical_product)
TESSEL_COMPOSED_TILING(zipped_product)
TESSEL_COMPOSED_TILING(tiled_product)
TESSEL_COMPOSED_TILING(flat_product)
#undef TESSEL_COMPOSED_TILING

// slice_and_offset(c, A o off o L): the slice keeps its offset inside (A is
// not linear), so the iterator offset is 0.
// make_fragment_like / make_layout_like of a composed layout: those of its
// inner layout (registers need no swizzle). CuTe has the first; the second lets
// make_tensor_like take a swizzled tensor, e.g. CuTe's transaction-byte count
// sizeof(make_tensor_like(tensor<0>(tAsA))) of a TMA partition.
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto make_fragment_like(ComposedLayout<A, O, L> const& c) {
  return make_fragment_like(c.layout_b());
}
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto make_layout_like(ComposedLayout<A, O, L> const& c) {
  return make_layout_like(c.layout_b());
}

template <class Crd, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto slice_and_offset(Crd const& c, ComposedLayout<A, O, L> const& cl) {
  return make_tuple(cl(c), Int<0>{});
}

// slice_leaving_swizzle(c, Sw o off o L) for a swizzle Sw = Swizzle<B,M,S>: the
// slice as (layout, offset) where it can leave the swizzle, as CuTe's
// slice_and_offset does for a tensor of a swizzled layout (the slice then
// indexes with plain strides). tessel takes it in a TiledCopy's partitions
// (ThrCopy::partition_S/D: the shared-memory side of cp.async, ldmatrix, ...),
// where the copies then address with base + static offsets; other slices keep
// the swizzle (as CuTe's swizzle_ptr tensors of GMMA layouts do, so an MMA's
// partitions have CuTe's shapes). With o = off + L(c with `_` as 0) and Ls = slice(c, L),
//   Sw(o + Ls(r)) = Sw(o) + L'(r)  for every r,
// L' a layout, when (checked at compile time, Ls static)
//   * every leaf of Ls has stride 0, shape 1, a stride that is a multiple of
//     2^H (H = M+|S|+B: Sw changes only bits below H, so such leaves pass
//     through), or a field: stride 2^a, shape 2^k, a+k <= H (bits a..a+k-1);
//   * the fields are disjoint, and F (their bits) holds no swizzled pair
//     (z_i, y_i) (the bit y_i is XORed into z_i);
//   * the bits of o below H can only be outside F (from the static offset and
//     the diced modes' strides; checked at run time when o is dynamic, for
//     coordinates out of their modes' range).
// Then o + Ls(r) adds without carries below H, Sw is XOR-linear there, and each
// bit b of F moves the swizzled index by one fixed amount (for o's bits below H):
//   b = z_i: -2^b if o has y_i, else +2^b;  b = y_i: 2^b -2^z_i if o has z_i, else
//   2^b + 2^z_i;  other b: 2^b.
// So L' is Ls with each field leaf split into its bits (kept whole where those
// amounts are static and 2^j times the first), and the offset is Sw(o).
// Otherwise (or with no integer in c) the slice keeps the swizzle: (cl(c), 0).
// A layout that is not a swizzled ComposedLayout: slice_and_offset.
namespace detail::swizzle_slice {
inline constexpr int kMaxLeaves = 32;
// What the compile-time analysis finds.
struct Plan {
  bool decays = false;
  unsigned field_bits = 0;      // F
  unsigned check_bits = 0;      // bits of (o mod 2^H) that must be zero (run time)
  unsigned maybe_bits = 0;      // bits of (o mod 2^H) that may be set
  int leaves = 0;
  int kind[kMaxLeaves] = {};    // 0: kept as is, 1: field
  int first[kMaxLeaves] = {};   // a field's lowest bit
  int width[kMaxLeaves] = {};   // its number of bits (k)
  int partner[32] = {};         // per bit of F: the bit of o deciding its sign (-1: none)
  long long base[32] = {};      // per bit of F: the amount without the partner's part
  long long part[32] = {};      // per bit of F: the partner's part (+part if o lacks it, -part if o has it)
};
TESSEL_HOST_DEVICE constexpr int log2_exact(long long v) {  // k with v == 2^k, else -1
  if (v <= 0) return -1;
  int k = 0;
  while ((v & 1) == 0) v >>= 1, ++k;
  return v == 1 ? k : -1;
}
// The bits a sum x + y can have, knowing the bits each can have.
TESSEL_HOST_DEVICE constexpr unsigned sum_bits(unsigned x, unsigned y) {
  if ((x & y) == 0) return x | y;
  unsigned a = x | y, m = 1;
  while (m <= a && m != 0x80000000u) m <<= 1;
  return m == 0x80000000u ? ~0u : (m << 1) - 1u;
}
// The bits that k*d (0 <= k < s) can have.
TESSEL_HOST_DEVICE constexpr unsigned leaf_bits(long long s, long long d) {
  if (s <= 1 || d == 0) return 0;
  if (d < 0 || (s - 1) * d >= (1LL << 31)) return ~0u;
  unsigned m = 0;
  for (long long k = 1; k < s; ++k) m |= unsigned(k * d);
  return m;
}
template <class T>
TESSEL_HOST_DEVICE constexpr bool has_integer() {
  if constexpr (is_tuple_v<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (false || ... || has_integer<std::remove_cvref_t<decltype(get<I>(std::declval<T const&>()))>>());
    }(std::make_index_sequence<tuple_size_v<T>>{});
  } else {
    return !is_underscore_v<T>;
  }
}
// O: the type of the composed layout's offset; Ld, Ls: the diced and the sliced
// layouts; OT: the type of o (a static o is known bit for bit).
template <int B, int M, int S, class O, class Ld, class Ls, class OT>
TESSEL_HOST_DEVICE constexpr Plan make_plan() {
  Plan p{};
  if constexpr (!is_static_v<Ls> || B == 0) {
    return p;
  } else {
    constexpr int H = Swizzle<B, M, S>::domain_bits;
    if (H > 30) return p;
    unsigned const low = (1u << H) - 1u;
    int const y0 = lowest_bit(Swizzle<B, M, S>::yyy_msk), z0 = lowest_bit(Swizzle<B, M, S>::zzz_msk);
    // the bits o can have: the static offset's, then the diced modes' (in range)
    unsigned maybe = 0;
    if constexpr (StaticInt<OT>) {
      maybe = unsigned(OT::value);
    } else if constexpr (StaticInt<O>) {
      maybe = O::value >= 0 ? unsigned(O::value) : ~0u;
    } else {
      maybe = ~0u;
    }
    if constexpr (StaticInt<OT>) {
    } else if constexpr (is_static_v<Ld>) {
      auto ds = flatten_to_tuple(typename Ld::shape_type{});
      auto dd = flatten_to_tuple(typename Ld::stride_type{});
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((maybe = sum_bits(maybe, leaf_bits((long long)get<I>(ds), (long long)get<I>(dd)))), ...);
      }(std::make_index_sequence<tuple_size_v<decltype(ds)>>{});
    } else {
      maybe = ~0u;
    }
    maybe &= low;
    // the leaves of the rest
    auto fs = flatten_to_tuple(typename Ls::shape_type{});
    auto fd = flatten_to_tuple(typename Ls::stride_type{});
    constexpr int N = int(tuple_size_v<decltype(fs)>);
    if (N > kMaxLeaves) return p;
    long long sh[N > 0 ? N : 1] = {}, st[N > 0 ? N : 1] = {};
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((sh[I] = (long long)get<I>(fs), st[I] = (long long)get<I>(fd)), ...);
    }(std::make_index_sequence<N>{});
    p.leaves = N;
    unsigned F = 0;
    for (int i = 0; i < N; ++i) {
      if (sh[i] == 1 || st[i] == 0 || st[i] % (1LL << H) == 0) continue;  // kept
      int const a = log2_exact(st[i]), k = log2_exact(sh[i]);
      if (a < 0 || k < 0 || a + k > H) return p;
      unsigned const bits = ((1u << k) - 1u) << a;
      if (F & bits) return p;  // fields overlap
      F |= bits;
      p.kind[i] = 1, p.first[i] = a, p.width[i] = k;
    }
    if (F == 0 || (F & maybe) != 0) return p;  // nothing to unswizzle, or o may carry into F
    for (int i = 0; i < B; ++i) {
      if ((F >> (y0 + i) & 1u) && (F >> (z0 + i) & 1u)) return p;  // a swizzled pair in F
    }
    for (int b = 0; b < H; ++b) {
      p.partner[b] = -1, p.base[b] = 1LL << b, p.part[b] = 0;
      if (!(F >> b & 1u)) continue;
      if (b >= z0 && b < z0 + B) p.partner[b] = y0 + (b - z0), p.base[b] = 0, p.part[b] = 1LL << b;
      if (b >= y0 && b < y0 + B) p.partner[b] = z0 + (b - y0), p.part[b] = 1LL << (z0 + (b - y0));
      if (p.partner[b] >= 0 && !(maybe >> p.partner[b] & 1u)) {  // the partner bit of o is known to be 0
        p.base[b] += p.part[b], p.partner[b] = -1, p.part[b] = 0;
      } else if (p.partner[b] >= 0 && StaticInt<OT>) {  // o is static: its partner bit is 1
        p.base[b] -= p.part[b], p.partner[b] = -1, p.part[b] = 0;
      }
    }
    p.decays = true;
    p.field_bits = F;
    p.maybe_bits = maybe;
    p.check_bits = (F | ~maybe) & low;
    return p;
  }
}
// The amount of bit b of F for the offset's low bits ol: static where the plan knows it.
template <auto plan, int b>
TESSEL_HOST_DEVICE constexpr auto bit_amount([[maybe_unused]] unsigned ol) {
  if constexpr (plan.partner[b] < 0) return C<int(plan.base[b])>{};
  else return int(plan.base[b] + (((ol >> plan.partner[b]) & 1u) ? -plan.part[b] : plan.part[b]));
}
// Whether a field's amounts are static and 2^j times the first (the leaf stays whole).
template <auto plan, int i>
TESSEL_HOST_DEVICE constexpr bool field_whole() {
  for (int j = 0; j < plan.width[i]; ++j) {
    if (plan.partner[plan.first[i] + j] >= 0) return false;
    if (plan.base[plan.first[i] + j] != (plan.base[plan.first[i]] << j)) return false;
  }
  return true;
}
// Leaf i of the rest: (shape, stride) of L'.
template <auto plan, int i, class Sh, class St>
TESSEL_HOST_DEVICE constexpr auto leaf(Sh const& sh, St const& st, unsigned ol) {
  if constexpr (plan.kind[i] == 0) {
    return make_tuple(sh, st);
  } else if constexpr (field_whole<plan, i>()) {
    return make_tuple(sh, C<int(plan.base[plan.first[i]])>{});
  } else if constexpr (plan.width[i] == 1) {
    return make_tuple(Int<2>{}, bit_amount<plan, plan.first[i]>(ol));
  } else {
    return [&]<int... J>(std::integer_sequence<int, J...>) {
      return make_tuple(make_tuple(((void)J, Int<2>{})...), make_tuple(bit_amount<plan, plan.first[i] + J>(ol)...));
    }(std::make_integer_sequence<int, plan.width[i]>{});
  }
}
// L' over the shape tree of Ls (leaves numbered from I).
template <auto plan, int I, class Sh, class St>
TESSEL_HOST_DEVICE constexpr auto rebuild(Sh const& sh, St const& st, unsigned ol) {
  if constexpr (is_tuple_v<Sh>) {
    return [&]<std::size_t... J>(std::index_sequence<J...>) {
      // mode J's leaves are numbered from I + the leaves of the modes before it (tuple/restructure.hpp)
      using Modes = std::make_index_sequence<tuple_size_v<Sh>>;
      auto parts = make_tuple(rebuild<plan, I + int(TESSEL_NAMESPACE::detail::leaves_before<Sh>(J, Modes{}))>(get<J>(sh), get<J>(st), ol)...);
      return make_tuple(make_tuple(get<0>(get<J>(parts))...), make_tuple(get<1>(get<J>(parts))...));
    }(std::make_index_sequence<tuple_size_v<Sh>>{});
  } else {
    return leaf<plan, I>(sh, st, ol);
  }
}
}  // namespace detail::swizzle_slice

namespace detail {
template <class Crd, class Lay>
TESSEL_HOST_DEVICE constexpr auto slice_leaving_swizzle(Crd const& c, Lay const& l) {
  return slice_and_offset(c, l);
}
template <class Crd, int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto slice_leaving_swizzle(Crd const& c, ComposedLayout<Swizzle<B, M, S>, O, L> const& cl) {
  namespace ss = detail::swizzle_slice;
  using Ls = decltype(slice(c, cl.layout_b()));
  using Ld = decltype(dice(c, cl.layout_b()));
  using OT = std::remove_cvref_t<decltype(cl.offset() + get<1>(slice_and_offset(c, cl.layout_b())))>;
  constexpr ss::Plan plan = ss::make_plan<B, M, S, std::remove_cvref_t<O>, Ld, Ls, OT>();
  if constexpr (!ss::has_integer<Crd>() || !plan.decays) {
    return make_tuple(cl(c), Int<0>{});
  } else {
    auto [ls, d] = slice_and_offset(c, cl.layout_b());
    auto o = cl.offset() + d;
    constexpr unsigned low = (1u << Swizzle<B, M, S>::domain_bits) - 1u;
    unsigned ol = 0;
    if constexpr (StaticInt<decltype(o)>) {
      ol = unsigned(decltype(o)::value) & low;
    } else {
      ol = unsigned(o) & low;
      TESSEL_CHECK((ol & plan.check_bits) == 0,
                   "slice: a coordinate of the swizzled layout is outside its mode (the offset reaches the rest's bits)");
    }
    auto sd = ss::rebuild<plan, 0>(ls.shape(), ls.stride(), ol);
    return make_tuple(detail::raw_layout(get<0>(sd), get<1>(sd)), cl.layout_a()(o));
  }
}
}  // namespace detail
template <std::size_t... I, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto get(ComposedLayout<A, O, L> const& c) {
  return make_composed_layout(c.layout_a(), c.offset(), get<I...>(c.layout_b()));
}
template <std::size_t... I, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto layout(ComposedLayout<A, O, L> const& c) {
  if constexpr (sizeof...(I) == 0) return c; else return get<I...>(c);
}
// cosize: the largest index reached plus one (enumerated; composed layouts are
// small); a static integer for a static composed layout (so cosize_v and
// static array sizes take swizzled layouts, as in CuTe).
namespace detail {
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr long long composed_cosize(ComposedLayout<A, O, L> const& c) {
  long long m = 0;
  for (long long i = 0; i < static_cast<long long>(size(c.layout_b())); ++i) {
    long long v = static_cast<long long>(c(i));
    m = v > m ? v : m;
  }
  return m + 1;
}
// Whether a static layout maps [0, size) one to one onto [0, size) (its modes of
// extent > 1, sorted by stride, have the compact strides 1, s0, s0 s1, ...).
template <class L>
TESSEL_HOST_DEVICE constexpr bool is_compact_bijection() {
  auto fs = flatten_to_tuple(typename L::shape_type{});
  auto fd = flatten_to_tuple(decltype(L{}.stride()){});
  constexpr std::size_t N = tuple_size_v<decltype(fs)>;
  long long sh[N > 0 ? N : 1] = {}, st[N > 0 ? N : 1] = {};
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((sh[I] = (long long)get<I>(fs), st[I] = (long long)get<I>(fd)), ...);
  }(std::make_index_sequence<N>{});
  long long expect = 1;
  for (std::size_t k = 0; k < N; ++k) {  // the mode of extent > 1 with stride `expect`, in turn
    bool found = false;
    for (std::size_t j = 0; j < N && !found; ++j)
      if (sh[j] > 1 && st[j] == expect) expect *= sh[j], sh[j] = 1, found = true;
    if (!found) break;
  }
  for (std::size_t j = 0; j < N; ++j)
    if (sh[j] > 1) return false;
  return true;
}
// The swizzle keeps every aligned block of 2^(B+M+|S|) within itself.
template <class A> struct swizzle_block { static constexpr long long value = 0; };
template <int B, int M, int S> struct swizzle_block<Swizzle<B, M, S>> { static constexpr long long value = 1LL << (B + M + (S < 0 ? -S : S)); };
// A static offset of value 0 (_0, or smem_ptr_flag_bits, which is one).
template <class O>
TESSEL_HOST_DEVICE constexpr bool static_zero_offset() {
  if constexpr (requires { O::value; }) return is_static_v<O> && O::value == 0;
  else return false;
}
}  // namespace detail
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto cosize(ComposedLayout<A, O, L> const& c) {
  if constexpr (is_static_v<ComposedLayout<A, O, L>>) {
    // Sw o 0 o L with L one to one onto [0, n), n a multiple of the swizzle's
    // block: Sw permutes [0, n), so the cosize is n (without enumerating, which
    // nvcc's constant evaluation refuses for large tiles).
    constexpr long long n = decltype(size(L{}))::value, blk = detail::swizzle_block<A>::value;
    if constexpr (blk > 0 && detail::static_zero_offset<O>() && n % blk == 0 && detail::is_compact_bijection<L>())
      return Int<int(n)>{};
    else
      return Int<int(detail::composed_cosize(ComposedLayout<A, O, L>{}))>{};
  } else {
    return detail::composed_cosize(c);
  }
}

// max_common_layout(Sw o off o L, B): the common run of L and B, cut to the
// 2^M elements that the swizzle leaves contiguous (it only changes bits >= M),
// and to the alignment of a static offset (a run at off + R(i) stays
// contiguous only within one aligned block of 2^M). Here the run is contiguous
// from the composed layout's first element: A(R(i)) == A(R(0)) + i (A(R(0)) is
// 0 when the offset is). A dynamic offset gives _1:_0. As CuTe's (which
// ignores the offset).
namespace detail {
template <int M, class O>
TESSEL_HOST_DEVICE constexpr int swizzle_run_bits() {
  if constexpr (!StaticInt<O>) {
    return 0;
  } else {
    constexpr unsigned long long v = static_cast<unsigned long long>(O::value);
    constexpr int low = v == 0 ? M : lowest_bit(static_cast<unsigned>(v));
    return low < M ? low : M;
  }
}
template <int Bits, class Common>
TESSEL_HOST_DEVICE constexpr auto truncate_common(Common const& common) {
  if constexpr ((1ll << Bits) < static_cast<long long>(decltype(size(common))::value)) {
    return composition(common, Layout<Int<(1 << Bits)>>{});
  } else {
    return common;
  }
}
}  // namespace detail
template <int B, int M, int S, class O, class L, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto max_common_layout(ComposedLayout<Swizzle<B, M, S>, O, L> const& a, Layout<S1, D1> const& b) {
  if constexpr (!StaticInt<O>) {
    return Layout<Int<1>, Int<0>>{};
  } else {
    return detail::truncate_common<detail::swizzle_run_bits<M, O>()>(max_common_layout(a.layout_b(), b));
  }
}
template <class S0, class D0, int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto max_common_layout(Layout<S0, D0> const& a, ComposedLayout<Swizzle<B, M, S>, O, L> const& b) {
  return max_common_layout(b, a);
}
// Two swizzled layouts: only when they apply the same swizzle.
template <int B0, int M0, int S0, class O0, class L0, int B1, int M1, int S1, class O1, class L1>
TESSEL_HOST_DEVICE constexpr auto max_common_layout(ComposedLayout<Swizzle<B0, M0, S0>, O0, L0> const& a,
                                                    ComposedLayout<Swizzle<B1, M1, S1>, O1, L1> const& b) {
  if constexpr (!StaticInt<O0> || !StaticInt<O1> || !(B0 == B1 && M0 == M1 && S0 == S1)) {
    return Layout<Int<1>, Int<0>>{};
  } else {
    constexpr int bits0 = detail::swizzle_run_bits<M0, O0>(), bits1 = detail::swizzle_run_bits<M1, O1>();
    return detail::truncate_common<(bits0 < bits1 ? bits0 : bits1)>(max_common_layout(a.layout_b(), b.layout_b()));
  }
}
template <class A0, class O0, class L0, class X>
TESSEL_HOST_DEVICE constexpr auto max_common_vector(ComposedLayout<A0, O0, L0> const& a, X const& b) {
  return size(max_common_layout(a, b));
}
template <class S0, class D0, class A1, class O1, class L1>
TESSEL_HOST_DEVICE constexpr auto max_common_vector(Layout<S0, D0> const& a, ComposedLayout<A1, O1, L1> const& b) {
  return size(max_common_layout(a, b));
}
template <class A, class O, class L>
TESSEL_HOST_DEVICE void print(ComposedLayout<A, O, L> const& c) { detail::write(detail::printf_sink{}, c); }
template <class A, class O, class L>
std::ostream& operator<<(std::ostream& os, ComposedLayout<A, O, L> const& c) {
  detail::write(detail::ostream_sink{os}, c);
  return os;
}

}  // namespace tessel
