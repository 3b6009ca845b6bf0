// tessel/layout/layout.hpp: Layout<Shape,Stride>, a function from the
// coordinates of a Shape to indices through a Stride, and the operations that
// build, evaluate and take apart layouts.
#pragma once

#include "../tuple/int_tuple.hpp"
#include "../tuple/restructure.hpp"

namespace TESSEL_NAMESPACE {

// ---- compact strides ------------------------------------------------------------------------

// Generalised column-major strides: exclusive prefix products from the left,
// ignoring the hierarchy. compact_col_major((2,(2,2))) == (_1,(2,4)).
// As in CuTe, a static size-1 mode gets the static stride _0.
// With static integers the strides are computed on the types (int_tuple.hpp's
// prefix_of), so no function is instantiated per mode.
namespace detail {
template <class S, class D, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto zero_unit_elems(S const& s, D const& d, std::index_sequence<I...>);
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto zero_unit_modes(S const& s, D const& d) {
  if constexpr (is_tuple_v<S>) {
    static_assert(tuple_size_v<S> == tuple_size_v<D>, "tessel::transform: mismatched ranks");
    return zero_unit_elems(s, d, std::make_index_sequence<tuple_size_v<S>>{});
  } else if constexpr (is_constant_v<1, S>) {
    return Int<0>{};
  } else {
    return d;
  }
}
template <class S, class D, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto zero_unit_elems(S const& s, D const& d, std::index_sequence<I...>) {
  return make_tuple(zero_unit_modes(get_leaf<I>(s), get_leaf<I>(d))...);
}
}  // namespace detail
namespace detail {
// The compact strides of shape a with dynamic integers, from the running product r, in one pass: mode K's strides
// start at r_K = mul_all(r, product(a_0), ..., product(a_(K-1))) (CuTe's association, the same checked products as
// prefix_product's), each r_K formed once from r_(K-1) (no product past the last mode), and a static size-1 leaf
// gets _0 (zero_unit_modes) in the same pass. Right: modes from the last to the first. One function per mode and
// tuple level (prefix_product and zero_unit_modes instantiated a running product per mode, a function per leaf
// and a second walk: the CuTe drop-in's layout program's LayoutLeft and LayoutRight strides cost g++ 41M and 52M).
template <bool Right, class S, class R>
TESSEL_HOST_DEVICE constexpr auto compact_of(S const& s, R const& r);
template <bool Right, std::size_t K, class A, class R, class... Done>
TESSEL_HOST_DEVICE constexpr auto compact_from(A const& a, R const& r, Done const&... done) {
  constexpr bool last = Right ? K == 0 : K + 1 == tuple_size_v<A>;
  using AK = std::remove_cvref_t<decltype(get_leaf<K>(a))>;
  if constexpr (!is_tuple_v<AK> && last) {
    if constexpr (Right) return make_tuple(zero_unit_modes(AK{}, r), done...);
    else return make_tuple(done..., zero_unit_modes(AK{}, r));
  } else if constexpr (last) {
    if constexpr (Right) return make_tuple(compact_of<Right>(get_leaf<K>(a), r), done...);
    else return make_tuple(done..., compact_of<Right>(get_leaf<K>(a), r));
  } else {
    auto const& aK = get_leaf<K>(a);
    constexpr std::size_t next = Right ? K - 1 : K + 1;
    if constexpr (!is_tuple_v<AK> && Right) return compact_from<Right, next>(a, mul_all(r, aK), zero_unit_modes(AK{}, r), done...);
    else if constexpr (!is_tuple_v<AK>) return compact_from<Right, next>(a, mul_all(r, aK), done..., zero_unit_modes(AK{}, r));
    else if constexpr (Right) return compact_from<Right, next>(a, mul_all(r, product(aK)), compact_of<Right>(aK, r), done...);
    else return compact_from<Right, next>(a, mul_all(r, product(aK)), done..., compact_of<Right>(aK, r));
  }
}
template <bool Right, class S, class R>
TESSEL_HOST_DEVICE constexpr auto compact_of(S const& s, R const& r) {
  if constexpr (!is_tuple_v<S>) return zero_unit_modes(s, r);
  else if constexpr (tuple_size_v<S> == 0) return tuple<>{};
  else return compact_from<Right, Right ? tuple_size_v<S> - 1 : 0>(s, r);
}
}  // namespace detail
template <class S, class I = Int<1>>
TESSEL_HOST_DEVICE constexpr auto compact_col_major(S const& s, I const& init = {}) {
  if constexpr (__is_empty(S) && __is_empty(I)) {
    return typename detail::prefix_of<S, I, true>::type{};
  } else {
    return detail::compact_of<false>(s, init);
  }
}
// Generalised row-major strides: exclusive prefix products from the right.
template <class S, class I = Int<1>>
TESSEL_HOST_DEVICE constexpr auto compact_row_major(S const& s, I const& init = {}) {
  if constexpr (__is_empty(S) && __is_empty(I)) {
    return typename detail::rprefix_of<S, I, true>::type{};
  } else {
    return detail::compact_of<true>(s, init);
  }
}

namespace detail {
// The compact strides' types, without instantiating a function for static shapes.
template <class S, bool Right, bool = __is_empty(S)>
struct compact_type {
  using type = decltype(compact_col_major(std::declval<S const&>()));
};
template <class S>
struct compact_type<S, true, false> {
  using type = decltype(compact_row_major(std::declval<S const&>()));
};
template <class S>
struct compact_type<S, false, true> : prefix_of<S, Int<1>, true> {};
template <class S>
struct compact_type<S, true, true> : rprefix_of<S, Int<1>, true> {};
}  // namespace detail

struct LayoutLeft {
  template <class S> using Apply = typename detail::compact_type<S, false>::type;
};
struct LayoutRight {
  template <class S> using Apply = typename detail::compact_type<S, true>::type;
};
using GenColMajor = LayoutLeft;
using GenRowMajor = LayoutRight;

template <class T> inline constexpr bool is_major_tag_v =
    __is_same(T, LayoutLeft) || __is_same(T, LayoutRight);

// ---- coordinate maps --------------------------------------------------------------------------

// crd2idx(c, shape, stride): the index of coordinate c. c may be 1-D, R-D or
// hierarchical: an integer met by a tuple of the shape is split
// colexicographically, the last mode taking whatever is left (the extended
// layout), and the natural coordinate is dotted with the stride.
template <class Crd, class S, class D>
TESSEL_HOST_DEVICE constexpr auto crd2idx(Crd const& c, S const& s, D const& d);

namespace detail {
// crd2idx(c % s, s, d): the term of a mode of integer extent s and stride d for an integer coordinate c.
// Where s and d are static, c a run-time integer and the product of a signed type, c % s lies in
// [-(s - 1), s - 1], so (c % s) * d cannot overflow when (s - 1) * d and (1 - s) * d fit, which is known
// here: then the product is computed without a run-time test (the same value and type as crd2idx's checked
// mul; it cannot fail). Host code only: device code keeps the test (its PTX unchanged).
template <class R, auto s, auto d>
constexpr bool mod_term_fits() {
  if constexpr (std::is_integral_v<R> && !__is_same(R, bool) && std::is_signed_v<R>) {
    return s > 0 && !mul_overflows<R>(R(s) - R(1), R(d)) && !mul_overflows<R>(R(1) - R(s), R(d));
  } else {
    return false;
  }
}
template <class Crd, class S, class D>
TESSEL_HOST_DEVICE constexpr auto crd2idx_mod(Crd const& c, S const& s, D const& d) {
#if !TESSEL_ON_DEVICE
  if constexpr (StaticInt<S> && StaticInt<D> && !is_static_v<Crd> && is_std_integral_v<Crd>) {
    if constexpr (mod_term_fits<decltype((c % s) * d), S::value, D::value>()) {
      return (c % s) * d;
    } else {
      return crd2idx(c % s, s, d);
    }
  } else {
    return crd2idx(c % s, s, d);
  }
#else
  return crd2idx(c % s, s, d);
#endif
}
template <class S> struct two_modes_first_int : std::false_type {};
template <class S0, class S1> struct two_modes_first_int<tuple<S0, S1>> : std::bool_constant<!is_tuple_v<S0>> {};
template <class Crd, class S, class D, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto crd2idx_elems(Crd const& c, S const& s, D const& d, std::index_sequence<I...>) {
  return add_all(Int<0>{}, crd2idx(get_leaf<I>(c), get_leaf<I>(s), get_leaf<I>(d))...);  // checked (int/checked.hpp)
}
// Modes [I, R) of a tuple shape for the integer coordinate c (what is left of it after modes [0, I)):
// mode I takes c % size, the rest c / size, the last mode all of it; the sum is add(mode I, rest),
// right-nested. The last two modes are written in one call (no call for the last mode alone).
template <std::size_t I, class Crd, class S, class D>
TESSEL_HOST_DEVICE constexpr auto crd2idx_split(Crd const& c, S const& s, D const& d) {
  constexpr std::size_t R = tuple_size_v<S>;
  if constexpr (R == 0) {
    return Int<0>{};
  } else if constexpr (I + 1 == R) {
    return crd2idx(c, get_leaf<I>(s), get_leaf<I>(d));
  } else {
    auto const& sI = get_leaf<I>(s);
    if constexpr (is_tuple_v<decltype(sI)>) {
      auto const n = product(sI);
      if constexpr (I + 2 == R) {
        return add(crd2idx(c % n, sI, get_leaf<I>(d)), crd2idx(c / n, get_leaf<I + 1>(s), get_leaf<I + 1>(d)));
      } else {
        return add(crd2idx(c % n, sI, get_leaf<I>(d)), crd2idx_split<I + 1>(c / n, s, d));
      }
    } else if constexpr (I + 2 == R) {
      return add(crd2idx_mod(c, sI, get_leaf<I>(d)), crd2idx(c / sI, get_leaf<I + 1>(s), get_leaf<I + 1>(d)));
    } else {
      return add(crd2idx_mod(c, sI, get_leaf<I>(d)), crd2idx_split<I + 1>(c / sI, s, d));
    }
  }
}
}  // namespace detail

template <class Crd, class S, class D>
TESSEL_HOST_DEVICE constexpr auto crd2idx(Crd const& c, S const& s, D const& d) {
  if constexpr (is_tuple_v<Crd>) {
    static_assert(is_tuple_v<S>, "tessel::crd2idx: the coordinate has modes where the shape has an integer");
    static_assert(tuple_size_v<Crd> == tuple_size_v<S>,
                  "tessel::crd2idx: the coordinate's rank differs from the shape's rank");
    return detail::crd2idx_elems(c, s, d, std::make_index_sequence<tuple_size_v<Crd>>{});
  } else if constexpr (is_underscore_v<Crd>) {
    return Int<0>{};  // a kept mode contributes no offset
  } else if constexpr (is_tuple_v<S>) {
    if constexpr (detail::two_modes_first_int<S>::value) {
      // (crd2idx_split<0>'s sum for two modes, the first an integer, written here: one function less per shape)
      auto const& s0 = detail::get_leaf<0>(s);
      return detail::add(detail::crd2idx_mod(c, s0, detail::get_leaf<0>(d)),
                         crd2idx(c / s0, detail::get_leaf<1>(s), detail::get_leaf<1>(d)));
    } else {
      return detail::crd2idx_split<0>(c, s, d);
    }
  } else {
    return detail::mul(c, d);
  }
}

namespace detail {
// crd2idx of the coordinate (c...) given mode by mode, as Layout's operator()(c0, c1, ...) takes it:
// what crd2idx(make_coord(c...), s, d) computes (the same sum, in the same order), without
// building the coordinate tuple.
// The coordinates by value: taken by reference, a caller's loop variables (for (m...) for (n...)
// layout(m, n)) stay in memory until this call is inlined, which makes g++'s estimate of the caller
// larger than the rule it inlines a function into its only caller by (docs/CUTE_DIFFERENCES.md
// "Session 24, compile time"): the CuTe drop-in's layout program 30.6M cc1plus instructions fewer.
template <std::size_t... I, class... T, class D, class... Crd>
TESSEL_HOST_DEVICE constexpr auto crd2idx_modes(tuple_base<std::index_sequence<I...>, T...> const& s, D const& d,
                                                Crd... c) {
  static_assert(sizeof...(Crd) == sizeof...(T), "tessel::crd2idx: the coordinate's rank differs from the shape's rank");
  return add_all(Int<0>{}, crd2idx(c, get_leaf<I>(s), get_leaf<I>(d))...);  // checked (int/checked.hpp)
}
}  // namespace detail

// crd2idx(c, shape): the position of c in the colexicographic order of shape.
template <class Crd, class S>
TESSEL_HOST_DEVICE constexpr auto crd2idx(Crd const& c, S const& s) {
  return crd2idx(c, s, compact_col_major(s));
}

namespace detail {
template <std::size_t I, class Idx, class S>
TESSEL_HOST_DEVICE constexpr auto idx2crd_split(Idx const& idx, S const& s);
template <class Idx, class S, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto idx2crd_elems(Idx const& idx, S const& s, std::index_sequence<I...>);

// The type of idx2crd(idx, s) for a static idx and static s.
template <class Idx, class S> struct idx2crd_of { using type = Idx; };
template <class Done, class Idx, class... S> struct idx2crd_seq { using type = Done; };
template <class... D, class Idx, class S0>
struct idx2crd_seq<tuple<D...>, Idx, S0> {
  using type = tuple<D..., typename idx2crd_of<Idx, S0>::type>;
};
template <class... D, class Idx, class S0, class S1, class... S>
struct idx2crd_seq<tuple<D...>, Idx, S0, S1, S...>
    : idx2crd_seq<tuple<D..., typename idx2crd_of<decltype(Idx{} % product_t<S0>{}), S0>::type>,
                  decltype(Idx{} / product_t<S0>{}), S1, S...> {};
template <class Idx, class... S>
struct idx2crd_of<Idx, tuple<S...>> : idx2crd_seq<tuple<>, Idx, S...> {};
}

// idx2crd(c, shape): the natural (hierarchical) coordinate of c in shape.
// An integer is split colexicographically; the last mode keeps the quotient.
// Example: idx2crd(191, ((2,2),(4,2),(2,3))) == ((1,1),(3,1),(1,2)).
template <class Idx, class S>
TESSEL_HOST_DEVICE constexpr auto idx2crd(Idx const& idx, S const& s) {
  if constexpr (is_tuple_v<Idx>) {
    static_assert(is_tuple_v<S>, "tessel::idx2crd: the coordinate has modes where the shape has an integer");
    static_assert(tuple_size_v<Idx> == tuple_size_v<S>,
                  "tessel::idx2crd: the coordinate's rank differs from the shape's rank");
    return detail::idx2crd_elems(idx, s, std::make_index_sequence<tuple_size_v<S>>{});
  } else if constexpr (is_tuple_v<S> && StaticInt<Idx> && __is_empty(S)) {
    return typename detail::idx2crd_of<Idx, S>::type{};
  } else if constexpr (is_tuple_v<S>) {
    return detail::idx2crd_split<0>(idx, s);
  } else {
    return idx;
  }
}

// idx2crd(idx, shape, stride): the coordinate of index idx in the layout
// shape:stride, each mode's coordinate being (idx / stride) % shape (exact
// for compact layouts; CuTe's three-argument form). An integer stride stands
// for the compact column-major strides of shape scaled by it. Tuples of
// indices are split mode by mode.
template <class Idx, class S, class D>
TESSEL_HOST_DEVICE constexpr auto idx2crd(Idx const& idx, S const& s, D const& d) {
  if constexpr (is_tuple_v<Idx>) {
    static_assert(is_tuple_v<S> && tuple_size_v<Idx> == tuple_size_v<S>,
                  "tessel::idx2crd: the index's rank differs from the shape's rank");
    return transform(idx, s, d, [](auto const& i, auto const& sh, auto const& st) { return idx2crd(i, sh, st); });
  } else if constexpr (is_tuple_v<S> && is_tuple_v<D>) {
    return transform(s, d, [&](auto const& sh, auto const& st) { return idx2crd(idx, sh, st); });
  } else if constexpr (is_tuple_v<S>) {
    return transform(s, compact_col_major(s, d), [&](auto const& sh, auto const& st) { return idx2crd(idx, sh, st); });
  } else if constexpr (is_constant_v<1, S>) {
    return Int<0>{};  // a size-1 mode: its coordinate is 0 whatever its stride
  } else {
    return (idx / d) % s;
  }
}

namespace detail {
template <class Idx, class S, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto idx2crd_elems(Idx const& idx, S const& s, std::index_sequence<I...>) {
  return make_tuple(idx2crd(get_leaf<I>(idx), get_leaf<I>(s))...);
}
template <std::size_t I, class Idx, class S>
TESSEL_HOST_DEVICE constexpr auto idx2crd_split(Idx const& idx, S const& s) {
  constexpr std::size_t R = tuple_size_v<S>;
  if constexpr (R == 0) {
    return tuple<>{};
  } else if constexpr (I + 1 == R) {
    return make_tuple(idx2crd(idx, get_leaf<I>(s)));
  } else {
    auto const n = product(get_leaf<I>(s));
    return prepend(idx2crd_split<I + 1>(idx / n, s), idx2crd(idx % n, get_leaf<I>(s)));
  }
}
}  // namespace detail

// crd2crd(c, src_shape, dst_shape): the coordinate of dst_shape at the same
// colexicographic position as c in src_shape.
template <class Crd, class S0, class S1>
TESSEL_HOST_DEVICE constexpr auto crd2crd(Crd const& c, S0 const& s0, S1 const& s1) {
  if constexpr (is_tuple_v<Crd> && is_tuple_v<S0> && is_tuple_v<S1>) {
    return transform(c, s0, s1, [](auto const& ci, auto const& a, auto const& b) { return crd2crd(ci, a, b); });
  } else {
    return idx2crd(crd2idx(c, s0), s1);
  }
}

// ---- slicing of IntTuples ------------------------------------------------------------------

namespace detail {
// Slice: the elements of b where a has `_`; !Slice (dice): where a has an integer. The kept elements' paths in b
// are found on the types, and the result is built from them in one function (pick_paths, int_tuple.hpp).
template <bool Slice, class A, class B, class Path, class Seq> struct kept_elems;
template <bool Slice, class A, class B, class Path, bool = is_tuple_v<A>>
struct kept_paths {  // a leaf of a: b's element at Path kept where a has `_` (Slice) or an integer (!Slice)
  using type = std::conditional_t<is_underscore_v<A> == Slice, path_list<Path>, path_list<>>;
};
template <bool Slice, class A, class B, class Path>
struct kept_paths<Slice, A, B, Path, true> {
  static_assert(!Slice || tuple_size_v<A> == tuple_size_v<B>, "tessel::slice: the coordinate's rank differs from the shape's");
  static_assert(Slice || tuple_size_v<A> == tuple_size_v<B>, "tessel::dice: the coordinate's rank differs from the shape's");
  using type = typename kept_elems<Slice, A, B, Path, std::make_index_sequence<tuple_size_v<A>>>::type;
};
template <bool Slice, class A, class B, std::size_t... P, std::size_t... I>
struct kept_elems<Slice, A, B, std::index_sequence<P...>, std::index_sequence<I...>> {
  using type = typename join_paths<
      typename kept_paths<Slice, element_t<I, A>, element_t<I, B>, std::index_sequence<P..., I>>::type...>::type;
};
// (a's values do not matter, only its type A.)
template <bool Slice, class A, class B>
TESSEL_HOST_DEVICE constexpr auto lift(B const& b) {
  return pick_paths(b, typename kept_paths<Slice, A, B, std::index_sequence<>>::type{});
}
}  // namespace detail

// slice(c, t): the elements of t where c has `_`, flattened into one tuple
// (slice(_, t) == t).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto slice(A const&, B const& b) {
  if constexpr (is_tuple_v<A>) return detail::lift<true, A>(b);
  else if constexpr (is_underscore_v<A>) return b;
  else return tuple<>{};
}
// dice(c, t): the elements of t where c has an integer (the complement of slice).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto dice(A const&, B const& b) {
  if constexpr (is_tuple_v<A>) return detail::lift<false, A>(b);
  else if constexpr (is_underscore_v<A>) return tuple<>{};
  else return b;
}

// ---- Layout -----------------------------------------------------------------------------------

// The shape and the stride are stored as two tuple leaves (static ones take no
// storage), so a Layout type instantiates no tuple of its own.
template <class S, class D = LayoutLeft::Apply<S>>
struct Layout : private detail::leaf<0, S>, private detail::leaf<1, D> {
  static_assert(detail::congruent_t<S, D>::value,
                "tessel::Layout: Shape and Stride are not congruent (they must have the same "
                "tuple structure, one stride per shape integer)");

  using shape_type = S;
  using stride_type = D;
  static constexpr int rank = detail::rank_of<S>::value;

  constexpr Layout() = default;
  TESSEL_HOST_DEVICE constexpr Layout(S const& s, D const& d = {}) : detail::leaf<0, S>{s}, detail::leaf<1, D>{d} {}

  template <std::size_t... I>
  TESSEL_HOST_DEVICE constexpr auto shape() const {
    if constexpr (sizeof...(I) == 0) {
      if constexpr (__is_empty(S)) return S{}; else return this->detail::leaf<0, S>::value;
    } else if constexpr (__is_empty(S)) {
      return get<I...>(S{});
    } else {
      return get<I...>(this->detail::leaf<0, S>::value);
    }
  }
  template <std::size_t... I>
  TESSEL_HOST_DEVICE constexpr auto stride() const {
    if constexpr (sizeof...(I) == 0) {
      if constexpr (__is_empty(D)) return D{}; else return this->detail::leaf<1, D>::value;
    } else if constexpr (__is_empty(D)) {
      return get<I...>(D{});
    } else {
      return get<I...>(this->detail::leaf<1, D>::value);
    }
  }
  TESSEL_HOST_DEVICE constexpr Layout const& layout() const { return *this; }

  // The hierarchical coordinate (congruent with the shape) at which this
  // layout takes the value idx; exact for compact layouts.
  template <Integral Idx>
  TESSEL_HOST_DEVICE constexpr auto get_hier_coord(Idx const& idx) const {
    return tessel::idx2crd(idx, shape(), stride());
  }
  // The same coordinate, flattened to one integer per top-level mode.
  template <Integral Idx>
  TESSEL_HOST_DEVICE constexpr auto get_flat_coord(Idx const& idx) const {
    if constexpr (is_tuple_v<S>) {
      return transform(get_hier_coord(idx), shape(), [](auto const& c, auto const& s) { return tessel::crd2idx(c, s); });
    } else {
      return get_hier_coord(idx);
    }
  }
  // The same coordinate as one column-major integer.
  template <Integral Idx>
  TESSEL_HOST_DEVICE constexpr auto get_1d_coord(Idx const& idx) const {
    return tessel::crd2idx(get_hier_coord(idx), shape());
  }

  // Evaluation at a coordinate; a coordinate holding `_` slices instead.
  template <class Crd>
  TESSEL_HOST_DEVICE constexpr auto operator()(Crd const& c) const {
    if constexpr (has_underscore_v<Crd>) {
      return sliced_by<Crd>();
    } else if constexpr (__is_empty(S) && __is_empty(D)) {  // (the shape and stride read here, without
      return crd2idx(c, S{}, D{});                                       // a call of shape() and stride())
    } else if constexpr (__is_empty(S)) {
      return crd2idx(c, S{}, this->detail::leaf<1, D>::value);
    } else if constexpr (__is_empty(D)) {
      return crd2idx(c, this->detail::leaf<0, S>::value, D{});
    } else {
      return crd2idx(c, this->detail::leaf<0, S>::value, this->detail::leaf<1, D>::value);
    }
  }
  template <class C0, class C1, class... Cs>
  TESSEL_HOST_DEVICE constexpr auto operator()(C0 const& c0, C1 const& c1, Cs const&... cs) const {
    if constexpr (is_tuple_v<S> && !(has_underscore_v<C0> || has_underscore_v<C1> || (false || ... || has_underscore_v<Cs>))) {
      if constexpr (__is_empty(S) && __is_empty(D)) {
        return detail::crd2idx_modes(S{}, D{}, c0, c1, cs...);
      } else if constexpr (__is_empty(S)) {
        return detail::crd2idx_modes(S{}, this->detail::leaf<1, D>::value, c0, c1, cs...);
      } else if constexpr (__is_empty(D)) {
        return detail::crd2idx_modes(this->detail::leaf<0, S>::value, D{}, c0, c1, cs...);
      } else {
        return detail::crd2idx_modes(this->detail::leaf<0, S>::value, this->detail::leaf<1, D>::value, c0, c1, cs...);
      }
    } else if constexpr (has_underscore_v<C0> || has_underscore_v<C1> || (false || ... || has_underscore_v<Cs>)) {
      return sliced_by<tuple<C0, C1, Cs...>>();  // (the coordinate's values do not matter, only its type)
    } else {
      return operator()(make_coord(c0, c1, cs...));
    }
  }

 private:
  // The layout of the modes where a coordinate of type Crd has `_` (slice(c, *this)).
  template <class Crd>
  TESSEL_HOST_DEVICE constexpr auto sliced_by() const {
    if constexpr (is_underscore_v<Crd>) {
      return *this;
    } else {
      using RS = decltype(detail::lift<true, Crd>(shape()));
      using RD = decltype(detail::lift<true, Crd>(stride()));
      return Layout<RS, RD>(detail::lift<true, Crd>(shape()), detail::lift<true, Crd>(stride()));
    }
  }
};

template <class T> struct is_layout : std::false_type {};
template <class S, class D> struct is_layout<Layout<S, D>> : std::true_type {};
template <class T> inline constexpr bool is_layout_v = is_layout<std::remove_cvref_t<T>>::value;
template <class T> concept LayoutType = is_layout_v<T>;
template <class S, class D> struct has_custom_get<Layout<S, D>> : std::true_type {};

namespace detail {
// A layout straight from a shape and stride, without make_layout's checks:
// for results derived from layouts that were already checked.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr Layout<S, D> raw_layout(S const& s, D const& d) {
  if constexpr (__is_empty(S) && __is_empty(D)) {
    return {};
  } else {
    return {s, d};
  }
}

#if !TESSEL_ON_DEVICE
[[noreturn, gnu::cold, gnu::noinline]] inline void nonpositive_shape(long long v) {
  char m[96];
  snprintf(m, sizeof m, "make_layout: shape entry %lld is not positive (shapes must be >= 1)", v);
  fail(m);
}
#endif

// Every integer of a shape must be positive: a compile error for a static
// integer, a run-time error for a dynamic one.
template <class S, std::size_t... I>
TESSEL_HOST_DEVICE constexpr void check_shape_elems(S const& s, std::index_sequence<I...>);
template <class S>
TESSEL_HOST_DEVICE constexpr void check_shape(S const& s) {
  if constexpr (is_tuple_v<S> && __is_empty(S) && is_int_tuple_v<S>) {
    static_assert(all_positive<S>::value,
                  "tessel::make_layout: a static shape entry is zero or negative (shapes must be >= 1)");
  } else if constexpr (is_tuple_v<S>) {
    check_shape_elems(s, std::make_index_sequence<tuple_size_v<S>>{});
  } else if constexpr (StaticInt<S>) {
    static_assert(S::value > 0, "tessel::make_layout: a static shape entry is zero or negative (shapes must be >= 1)");
  } else {
    static_assert(is_std_integral_v<S>, "tessel::make_layout: a shape must be an integer or a tuple of shapes");
#if !defined(TESSEL_NO_CHECKS)
    if (!(s > 0)) {
#if TESSEL_ON_DEVICE
      fail("make_layout: a shape entry is zero or negative (shapes must be >= 1)");
#else
      if (std::is_constant_evaluated()) fail("make_layout: a shape entry is zero or negative (shapes must be >= 1)");
      nonpositive_shape(static_cast<long long>(s));
#endif
    }
#endif
  }
}

template <class S, std::size_t... I>
TESSEL_HOST_DEVICE constexpr void check_shape_elems(S const& s, std::index_sequence<I...>) {
  (check_shape(get_leaf<I>(s)), ...);
}
}  // namespace detail

// make_layout(shape): compact column-major. make_layout(shape, stride).
// make_layout(shape, LayoutLeft{} | LayoutRight{}). make_layout(L0, L1, ...):
// the concatenation, one mode per argument.
template <IntTuple S>
TESSEL_HOST_DEVICE constexpr auto make_layout(S const& s) {
  detail::check_shape(s);
  return detail::raw_layout(s, compact_col_major(s));
}
template <IntTuple S, IntTuple D>
TESSEL_HOST_DEVICE constexpr auto make_layout(S const& s, D const& d) {
  static_assert(detail::congruent_t<S, D>::value,
                "tessel::make_layout: shape and stride are not congruent (they must have the same "
                "tuple structure, one stride per shape integer)");
  detail::check_shape(s);
  return detail::raw_layout(s, d);
}
template <IntTuple S, class Major> requires is_major_tag_v<Major>
TESSEL_HOST_DEVICE constexpr auto make_layout(S const& s, Major) {
  detail::check_shape(s);
  if constexpr (__is_same(Major, LayoutLeft)) {
    return detail::raw_layout(s, compact_col_major(s));
  } else {
    return detail::raw_layout(s, compact_row_major(s));
  }
}
template <LayoutType... L> requires(sizeof...(L) > 0)
TESSEL_HOST_DEVICE constexpr auto make_layout(L const&... l) {
  if constexpr ((true && ... && __is_empty(L))) {  // (static: the result's type alone, no function per part)
    return Layout<tuple<typename L::shape_type...>, tuple<typename L::stride_type...>>{};
  } else {
    return detail::raw_layout(make_shape(l.shape()...), make_stride(l.stride()...));
  }
}

// ---- queries -------------------------------------------------------------------------------------

template <std::size_t... I, class S, class D>
TESSEL_HOST_DEVICE constexpr auto get(Layout<S, D> const& l) {
  return detail::raw_layout(get<I...>(l.shape()), get<I...>(l.stride()));
}
// layout<I...>(L): the sublayout at mode I... (the layout itself when empty).
template <std::size_t... I, class S, class D>
TESSEL_HOST_DEVICE constexpr auto layout(Layout<S, D> const& l) {
  if constexpr (sizeof...(I) == 0) return l; else return get<I...>(l);
}

template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto shape(T const& t) {
  if constexpr (requires { t.shape(); }) {
    return t.template shape<I...>();
  } else {
    return get<I...>(t);
  }
}
template <std::size_t... I, class S, class D>
TESSEL_HOST_DEVICE constexpr auto stride(Layout<S, D> const& l) {
  return l.template stride<I...>();
}

namespace detail {
// (The leaves read by their paths in the shape and stride, without their flat tuples.)
template <class S, class D, class... P>
TESSEL_HOST_DEVICE constexpr auto cosize_leaves(S const& s, D const& d, path_list<P...>) {
  return add_all(Int<0>{}, mul(sub(get_path(s, P{}), Int<1>{}), abs(get_path(d, P{})))...);
}
}  // namespace detail

// cosize: CuTe's, 1 + the sum of (s - 1) |d| over the leaves: the number of
// indices from the smallest the layout reaches to the largest (for
// non-negative strides L(size(L) - 1) + 1, one more than the largest index).
template <std::size_t... I, class S, class D>
TESSEL_HOST_DEVICE constexpr auto cosize(Layout<S, D> const& l) {
  if constexpr (sizeof...(I) > 0) {
    return cosize(get<I...>(l));
  } else {
    using P = typename detail::leaf_paths<S, std::index_sequence<>>::type;
    return detail::add(detail::cosize_leaves(l.shape(), l.stride(), P{}), Int<1>{});
  }
}

// cosize_t<L> / cosize_v<L>: the type and the value of cosize of a layout type
// whose cosize is static (CuTe's names; e.g. the length of a shared-memory array).
template <class L> using cosize_t = decltype(cosize(std::declval<L>()));
template <class L> inline constexpr auto cosize_v = cosize_t<L>::value;

// ---- taking apart and putting together --------------------------------------------------------------

namespace detail {
// The type of wrap(t).
template <class T, bool = is_tuple_v<T>> struct wrap_of { using type = T; };
template <class T> struct wrap_of<T, false> { using type = tuple<T>; };
template <class T> using wrap_t = typename wrap_of<T>::type;
// The type of take<B, B + sizeof...(I)>(t).
template <std::size_t B, class T, class Seq> struct take_of;
template <std::size_t B, class T, std::size_t... I>
struct take_of<B, T, std::index_sequence<I...>> { using type = tuple<element_t<B + I, T>...>; };
}  // namespace detail
template <std::size_t... I, class S, class D>
TESSEL_HOST_DEVICE constexpr auto select(Layout<S, D> const& l) {
  if constexpr (__is_empty(S) && __is_empty(D)) {  // (static: the result's type alone, no function per part)
    static_assert((true && ... && (I < tuple_size_v<detail::wrap_t<S>>)), "tessel::get: index out of range");
    return Layout<tuple<detail::element_t<I, detail::wrap_t<S>>...>, tuple<detail::element_t<I, detail::wrap_t<D>>...>>{};
  } else {
    return detail::raw_layout(select<I...>(wrap(l.shape())), select<I...>(wrap(l.stride())));
  }
}
// take<B,E>(L): modes [B, E). An empty layout is not allowed.
template <std::size_t B, std::size_t E, class S, class D>
TESSEL_HOST_DEVICE constexpr auto take(Layout<S, D> const& l) {
  static_assert(B < E, "tessel::take: the range of modes is empty (an empty layout is not allowed)");
  if constexpr (__is_empty(S) && __is_empty(D)) {  // (static: the result's type alone, no function per part)
    static_assert(E <= tuple_size_v<detail::wrap_t<S>>, "tessel::take: range out of bounds");
    return Layout<typename detail::take_of<B, detail::wrap_t<S>, std::make_index_sequence<E - B>>::type,
                  typename detail::take_of<B, detail::wrap_t<D>, std::make_index_sequence<E - B>>::type>{};
  } else {
    return detail::raw_layout(take<B, E>(wrap(l.shape())), take<B, E>(wrap(l.stride())));
  }
}
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto flatten(Layout<S, D> const& l) {
  return detail::raw_layout(flatten(l.shape()), flatten(l.stride()));
}
template <std::size_t B, std::size_t E, class S, class D>
TESSEL_HOST_DEVICE constexpr auto group(Layout<S, D> const& l) {
  return detail::raw_layout(group<B, E>(l.shape()), group<B, E>(l.stride()));
}
template <class S, class D, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto append(Layout<S, D> const& l, Layout<S1, D1> const& x) {
  return detail::raw_layout(append(l.shape(), x.shape()), append(l.stride(), x.stride()));
}
template <class S, class D, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto prepend(Layout<S, D> const& l, Layout<S1, D1> const& x) {
  return detail::raw_layout(prepend(l.shape(), x.shape()), prepend(l.stride(), x.stride()));
}
template <std::size_t N, class S, class D, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto replace(Layout<S, D> const& l, Layout<S1, D1> const& x) {
  return detail::raw_layout(replace<N>(l.shape(), x.shape()), replace<N>(l.stride(), x.stride()));
}

// ---- slicing -----------------------------------------------------------------------------------------

// slice(c, L): the layout of the modes where c has `_`.
template <class Crd, class S, class D>
TESSEL_HOST_DEVICE constexpr auto slice(Crd const& c, Layout<S, D> const& l) {
  return detail::raw_layout(slice(c, l.shape()), slice(c, l.stride()));
}
// dice(c, L): the layout of the modes where c has an integer.
template <class Crd, class S, class D>
TESSEL_HOST_DEVICE constexpr auto dice(Crd const& c, Layout<S, D> const& l) {
  return detail::raw_layout(dice(c, l.shape()), dice(c, l.stride()));
}
// slice_and_offset(c, L): (slice(c, L), L(c with `_` read as 0)).
template <class Crd, class S, class D>
TESSEL_HOST_DEVICE constexpr auto slice_and_offset(Crd const& c, Layout<S, D> const& l) {
  return make_tuple(slice(c, l), crd2idx(c, l.shape(), l.stride()));
}

// ---- comparison ---------------------------------------------------------------------------------------

template <class S0, class D0, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto operator==(Layout<S0, D0> const& a, Layout<S1, D1> const& b) {
  return (a.shape() == b.shape()) && (a.stride() == b.stride());
}
template <class S0, class D0, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto operator!=(Layout<S0, D0> const& a, Layout<S1, D1> const& b) {
  return !(a == b);
}

// ---- CuTe's restructuring of layouts -------------------------------------------------------

// coshape<I...>(L): the smallest coordinate C (in the profile of the sum of the
// strides: an integer for integer strides) with |L(c)| < C for every c; its size
// is CuTe's cosize, 1 + sum of (s - 1) |d| over the leaves.
template <std::size_t... I, class S, class D>
TESSEL_HOST_DEVICE constexpr auto coshape(Layout<S, D> const& l) {
  auto m1 = transform_leaf(shape<I...>(l), [](auto const& x) { return x - Int<1>{}; });
  auto ad = transform_leaf(stride<I...>(l), [](auto const& x) {
    static_assert(is_integral_v<std::remove_cvref_t<decltype(x)>>,
                  "tessel::coshape: integer strides only (basis strides are not supported here)");
    return abs(x);
  });
  return inner_product(m1, ad) + Int<1>{};
}
// coprofile<I...>(L): the profile of L's codomain, as zeros (an integer codomain: _0).
template <std::size_t... I, class S, class D>
TESSEL_HOST_DEVICE constexpr auto coprofile(Layout<S, D> const& l) {
  return repeat_like(coshape<I...>(l), Int<0>{});
}

// domain_offset(c, L): (L, L(c)), the layout and the offset of coordinate c.
template <class Crd, class S, class D>
TESSEL_HOST_DEVICE constexpr auto domain_offset(Crd const& c, Layout<S, D> const& l) {
  return make_tuple(l, l(c));
}

// transform_layout(t, f): the layout whose modes are f(t_i); with two tuples,
// f(a_i, b_i) for the common modes followed by the rest of either.
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto transform_layout(T const& t, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) { return make_layout(f(get<I>(t))...); }(
      std::make_index_sequence<decltype(rank(t))::value>{});
}
template <class T0, class T1, class F>
TESSEL_HOST_DEVICE constexpr auto transform_layout(T0 const& t0, T1 const& t1, F&& f) {
  constexpr std::size_t R0 = decltype(rank(t0))::value, R1 = decltype(rank(t1))::value, R = R0 < R1 ? R0 : R1;
  return [&]<std::size_t... I, std::size_t... J, std::size_t... K>(std::index_sequence<I...>, std::index_sequence<J...>,
                                                                 std::index_sequence<K...>) {
    return make_layout(f(get<I>(t0), get<I>(t1))..., get<R + J>(t0)..., get<R + K>(t1)...);
  }(std::make_index_sequence<R>{}, std::make_index_sequence<R0 - R>{}, std::make_index_sequence<R1 - R>{});
}

// zip of a layout's shape and stride (tuple/restructure.hpp's zip), and of two layouts.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto zip(Layout<S, D> const& l) {
  return make_layout(zip(l.shape()), zip(l.stride()));
}
template <class S0, class D0, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto zip(Layout<S0, D0> const& a, Layout<S1, D1> const& b) {
  return make_layout(zip(a.shape(), b.shape()), zip(a.stride(), b.stride()));
}
// tile_unzip(L, tiler): zip2_by of L's shape and stride along the tiler's
// leaves (the rank-2 modes a divide or product leaves at them).
template <class S, class D, class Tiler>
TESSEL_HOST_DEVICE constexpr auto tile_unzip(Layout<S, D> const& l, Tiler const& tiler) {
  return make_layout(zip2_by(l.shape(), tiler), zip2_by(l.stride(), tiler));
}

// compact_major<LayoutLeft or LayoutRight>(shape, current): compact strides
// starting at current; a tuple current applies per mode.
template <class Major, class S, class Cur = Int<1>>
TESSEL_HOST_DEVICE constexpr auto compact_major(S const& s, Cur const& current = {}) {
  static_assert(is_major_tag_v<Major>, "tessel::compact_major: Major is LayoutLeft or LayoutRight");
  if constexpr (is_tuple_v<Cur>) {
    static_assert(is_tuple_v<S> && tuple_size_v<S> == tuple_size_v<Cur>, "tessel::compact_major: mismatched ranks");
    return transform(s, current, [](auto const& a, auto const& c) { return compact_major<Major>(a, c); });
  } else if constexpr (__is_same(Major, LayoutLeft)) {
    return compact_col_major(s, current);
  } else {
    return compact_row_major(s, current);
  }
}

}  // namespace tessel
