// tessel/tensor/tensor.hpp: Tensor<Engine, Layout>, a layout applied to an
// iterator. Owning tensors (ArrayEngine: a static-size array, registers in
// device code) and views (ViewEngine) share one interface: access by 1-D, R-D
// and hierarchical coordinates, slicing with `_`, tiling and partitioning.
#pragma once

#include "../algebra/algebra.hpp"
#include "pointer.hpp"

namespace TESSEL_NAMESPACE {

// ---- engines ----------------------------------------------------------------------------------

// Owns N elements of T, like std::array. Aligned to 16 bytes (as CuTe's
// array_aligned), so that copy's vector accesses apply to owning tensors.
template <class T, std::size_t N>
struct ArrayEngine {
  using value_type = T;
  using element_type = T;
  using iterator = T*;
  using reference = T&;
  alignas(alignof(T) > 16 ? alignof(T) : 16) T storage_[N > 0 ? N : 1];
  TESSEL_HOST_DEVICE constexpr T* begin() { return storage_; }
  TESSEL_HOST_DEVICE constexpr T const* begin() const { return storage_; }
};

// Views memory through an iterator (T*, gmem_ptr<T>, ...).
template <class Iter>
struct ViewEngine {
  using iterator = Iter;
  using reference = decltype(*std::declval<Iter>());
  using value_type = std::remove_cvref_t<reference>;
  using element_type = std::remove_reference_t<reference>;  // value_type with the iterator's const
  Iter it_;
  // The iterator itself (a reference, as CuTe's ViewEngine: t.data() names the view's iterator).
  TESSEL_HOST_DEVICE constexpr Iter const& begin() const { return it_; }
  TESSEL_HOST_DEVICE constexpr Iter& begin() { return it_; }
};

// A read-only view.
template <class Iter>
struct ConstViewEngine {
  using iterator = Iter;
  using value_type = std::remove_cvref_t<decltype(*std::declval<Iter>())>;
  using element_type = value_type const;
  using reference = value_type const&;
  Iter it_;
  TESSEL_HOST_DEVICE constexpr Iter const& begin() const { return it_; }
};

// ---- Tensor -------------------------------------------------------------------------------------

template <class Engine, class L>
struct Tensor;

template <class T> struct is_tensor : std::false_type {};
template <class E, class L> struct is_tensor<Tensor<E, L>> : std::true_type {};
template <class T> inline constexpr bool is_tensor_v = is_tensor<std::remove_cvref_t<T>>::value;
template <class E, class L> struct has_custom_get<Tensor<E, L>> : std::true_type {};

template <class Iter, class L>
TESSEL_HOST_DEVICE constexpr auto make_view(Iter const& it, L const& l) {
  return Tensor<ViewEngine<Iter>, L>{ViewEngine<Iter>{it}, l};
}

template <class Engine, class L>
struct Tensor {
  using engine_type = Engine;
  using layout_type = L;
  using iterator = typename Engine::iterator;
  using value_type = typename Engine::value_type;
  using reference = typename Engine::reference;
  static constexpr int rank = L::rank;

  Engine engine_;
  [[no_unique_address]] L layout_;

  // As CuTe's: a view's iterator by reference, an owning tensor's pointer by value.
  TESSEL_HOST_DEVICE constexpr decltype(auto) data() { return engine_.begin(); }
  TESSEL_HOST_DEVICE constexpr decltype(auto) data() const { return engine_.begin(); }
  TESSEL_HOST_DEVICE constexpr L const& layout() const { return layout_; }
  template <std::size_t... I>
  TESSEL_HOST_DEVICE constexpr auto shape() const { return layout_.template shape<I...>(); }
  template <std::size_t... I>
  TESSEL_HOST_DEVICE constexpr auto stride() const { return layout_.template stride<I...>(); }
  TESSEL_HOST_DEVICE constexpr auto size() const { return tessel::size(layout_); }
  TESSEL_HOST_DEVICE constexpr Engine const& engine() const { return engine_; }

  // The element at a coordinate.
  template <class Crd>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator[](Crd const& c) { return data()[layout_(c)]; }
  template <class Crd>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator[](Crd const& c) const { return data()[layout_(c)]; }

  // The element at a coordinate, or with `_` in it, the subtensor (a view whose
  // iterator is offset to the slice's origin and whose layout keeps the `_` modes).
  template <class Crd>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(Crd const& c) {
    if constexpr (has_underscore_v<Crd>) {
      auto [l, off] = slice_and_offset(c, layout_);
      return make_view(data() + off, l);
    } else {
      return data()[layout_(c)];
    }
  }
  template <class Crd>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(Crd const& c) const {
    if constexpr (has_underscore_v<Crd>) {
      auto [l, off] = slice_and_offset(c, layout_);
      return make_view(data() + off, l);
    } else {
      return data()[layout_(c)];
    }
  }
  template <class C0, class C1, class... Cs>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(C0 const& c0, C1 const& c1, Cs const&... cs) {
    return operator()(make_coord(c0, c1, cs...));
  }
  template <class C0, class C1, class... Cs>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(C0 const& c0, C1 const& c1, Cs const&... cs) const {
    return operator()(make_coord(c0, c1, cs...));
  }
};

// ---- making tensors -------------------------------------------------------------------------------

// A layout or anything used like one (ComposedLayout).
template <class T> concept LayoutLike = requires(T const& l) { l.layout(); T::rank; };

template <class T> inline constexpr bool is_iterator_v = std::is_pointer_v<T> || !std::is_same_v<typename memory_tag_of<T>::type, void>;

// make_tensor(iterator, layout | shape | shape, stride | shape, LayoutLeft/Right): a view.
template <class Iter, LayoutLike L> requires is_iterator_v<Iter>
TESSEL_HOST_DEVICE constexpr auto make_tensor(Iter const& it, L const& l) { return make_view(it, l); }
template <class Iter, class... A> requires(is_iterator_v<Iter> && sizeof...(A) > 0 && !(sizeof...(A) == 1 && (LayoutLike<A> && ...)))
TESSEL_HOST_DEVICE constexpr auto make_tensor(Iter const& it, A const&... a) { return make_view(it, make_layout(a...)); }

// make_tensor<T>(layout | shape | shape, stride | shape, tag): an owning tensor
// of static size cosize(layout) (registers in device code).
template <class T, class S, class D>
TESSEL_HOST_DEVICE constexpr auto make_tensor(Layout<S, D> const& l) {
  static_assert(is_static_v<Layout<S, D>>, "tessel::make_tensor<T>: an owning tensor needs a static layout");
  constexpr std::size_t n = decltype(cosize(l))::value;
  return Tensor<ArrayEngine<T, n>, Layout<S, D>>{{}, l};
}
template <class T, class... A> requires(sizeof...(A) > 0 && !(sizeof...(A) == 1 && (is_layout_v<A> && ...)))
TESSEL_HOST_DEVICE constexpr auto make_tensor(A const&... a) { return make_tensor<T>(make_layout(a...)); }

// make_tensor_like(t): an owning tensor of t's value type and shape whose
// strides follow the order of t's (compact column-major if t's are dynamic).
template <class T = void, class E, class L>
TESSEL_HOST_DEVICE constexpr auto make_tensor_like(Tensor<E, L> const& t) {
  using V = std::conditional_t<std::is_void_v<T>, typename E::value_type, T>;
  return make_tensor<V>(make_layout_like(t.layout()));
}
template <class T, class S, class D>
TESSEL_HOST_DEVICE constexpr auto make_tensor_like(Layout<S, D> const& l) { return make_tensor<T>(make_layout_like(l)); }

namespace detail {
// Every stride of a (nested) stride tuple times n.
template <class D, class N>
TESSEL_HOST_DEVICE constexpr auto scale_strides(D const& d, N const& n) {
  if constexpr (is_tuple_v<D>) return transform(d, [&](auto const& x) { return scale_strides(x, n); });
  else return d * n;
}

// The order make_ordered_layout reads from the static strides D, in small
// numbers: each stride replaced by the number of distinct stride values below
// it (same order, same ties). The stride values themselves (e.g. 256, 1024,
// 16384 of a swizzled shared-memory tile) would be multiplied together as a
// shape by the conversion of the order to a layout, and overflow int.
template <class Full>
struct stride_rank {
  template <class X>
  TESSEL_HOST_DEVICE constexpr auto operator()(X const&) const {
    if constexpr (is_tuple_v<X>) {
      return transform(X{}, *this);
    } else {
      constexpr long long x = static_cast<long long>(X::value);
      constexpr int r = [&]<std::size_t... I>(std::index_sequence<I...>) {
        constexpr long long v[] = {static_cast<long long>(decltype(get<I>(flatten_to_tuple(Full{})))::value)..., 0};
        int n = 0;
        for (std::size_t i = 0; i < sizeof...(I); ++i) {
          bool first = true;
          for (std::size_t j = 0; j < i; ++j) first = first && v[j] != v[i];
          n += (first && v[i] < x) ? 1 : 0;
        }
        return n;
      }(std::make_index_sequence<tuple_size_v<decltype(flatten_to_tuple(Full{}))>>{});
      return Int<r>{};
    }
  }
};
template <class D>
TESSEL_HOST_DEVICE constexpr auto stride_ranks(D const& d) { return stride_rank<D>{}(d); }
}  // namespace detail

// make_fragment_like(t): an owning tensor for t's values, mode 0 compact and
// first (the "value" mode of a partition), the other modes in t's stride order.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto make_fragment_like(Layout<S, D> const& l) {
  if constexpr (Layout<S, D>::rank > 1 && is_static_v<D>) {
    auto m0 = make_layout(get<0>(l.shape()));
    auto rest = make_ordered_layout(take<1, Layout<S, D>::rank>(l.shape()), detail::stride_ranks(take<1, Layout<S, D>::rank>(l.stride())));
    auto scaled = detail::raw_layout(rest.shape(), detail::scale_strides(rest.stride(), size(m0)));
    return detail::raw_layout(prepend(scaled.shape(), m0.shape()), prepend(scaled.stride(), m0.stride()));
  } else {
    return make_layout(l.shape());
  }
}
template <class T = void, class E, class L>
TESSEL_HOST_DEVICE constexpr auto make_fragment_like(Tensor<E, L> const& t) {
  using V = std::conditional_t<std::is_void_v<T>, typename E::value_type, T>;
  return make_tensor<V>(make_fragment_like(t.layout()));
}

// ---- queries --------------------------------------------------------------------------------------

template <std::size_t... I, class E, class L>
TESSEL_HOST_DEVICE constexpr auto layout(Tensor<E, L> const& t) { return layout<I...>(t.layout()); }
template <std::size_t... I, class E, class L>
TESSEL_HOST_DEVICE constexpr auto stride(Tensor<E, L> const& t) { return stride<I...>(t.layout()); }
template <std::size_t... I, class E, class L>
TESSEL_HOST_DEVICE constexpr auto cosize(Tensor<E, L> const& t) { return cosize<I...>(t.layout()); }
// tensor<I...>(t): the subtensor of mode I... (a view).
template <std::size_t... I, class E, class L>
TESSEL_HOST_DEVICE constexpr auto tensor(Tensor<E, L>& t) { return make_view(t.data(), layout<I...>(t.layout())); }
template <std::size_t... I, class E, class L>
TESSEL_HOST_DEVICE constexpr auto tensor(Tensor<E, L> const& t) { return make_view(t.data(), layout<I...>(t.layout())); }
template <std::size_t... I, class E, class L>
TESSEL_HOST_DEVICE constexpr auto get(Tensor<E, L> const& t) { return make_view(t.data(), get<I...>(t.layout())); }

// ---- tiling (no products on tensors: they would reach outside the data) -----------------------------

#define TESSEL_TENSOR_TILING(NAME)                                              \
  template <class E, class L, class T>                                         \
  TESSEL_HOST_DEVICE constexpr auto NAME(Tensor<E, L>& t, T const& tiler) {     \
    return make_view(t.data(), NAME(t.layout(), tiler));                        \
  }                                                                            \
  template <class E, class L, class T>                                         \
  TESSEL_HOST_DEVICE constexpr auto NAME(Tensor<E, L> const& t, T const& tiler) { \
    return make_view(t.data(), NAME(t.layout(), tiler));                        \
  }
TESSEL_TENSOR_TILING(composition)
TESSEL_TENSOR_TILING(logical_divide)
TESSEL_TENSOR_TILING(zipped_divide)
TESSEL_TENSOR_TILING(tiled_divide)
TESSEL_TENSOR_TILING(flat_divide)
#undef TESSEL_TENSOR_TILING

namespace detail {
template <int N, class X>
TESSEL_HOST_DEVICE constexpr auto repeat_of(X const& x) {
  if constexpr (N == 1) return x;
  else return [&]<std::size_t... I>(std::index_sequence<I...>) { return make_tuple(((void)I, x)...); }(std::make_index_sequence<N>{});
}
// A coordinate tuple padded with `_` to rank N.
template <int N, class Crd>
TESSEL_HOST_DEVICE constexpr auto pad_coord(Crd const& c) {
  if constexpr (tuple_size_v<Crd> >= std::size_t(N)) return c;
  else return pad_coord<N>(append(c, _));
}
}  // namespace detail

// inner_partition(t, tiler, coord) = local_tile: the tile of t at coord (the
// coordinate indexes the "rest" mode of zipped_divide(t, tiler)).
template <class Tn, class T, class Crd> requires is_tensor_v<Tn>
TESSEL_HOST_DEVICE constexpr auto inner_partition(Tn&& t, T const& tiler, Crd const& coord) {
  auto tiled = zipped_divide(t, tiler);
  constexpr int R0 = decltype(rank<0>(tiled.layout()))::value;
  if constexpr (is_tuple_v<Crd>) {
    constexpr int R1 = decltype(rank<1>(tiled.layout()))::value;
    return tiled(detail::repeat_of<R0>(_), detail::pad_coord<R1>(coord));
  } else {
    return tiled(detail::repeat_of<R0>(_), coord);
  }
}
template <class Tn, class T, class Crd> requires is_tensor_v<Tn>
TESSEL_HOST_DEVICE constexpr auto local_tile(Tn&& t, T const& tiler, Crd const& coord) {
  return inner_partition(t, tiler, coord);
}

// local_tile(t, tiler, coord, proj): local_tile by the modes of tiler and coord
// where the projection proj has an integer (CuTe's Step<_1, X, _1>: X drops a mode).
template <class Tn, class T, class Crd, class Proj> requires is_tensor_v<Tn>
TESSEL_HOST_DEVICE constexpr auto local_tile(Tn&& t, T const& tiler, Crd const& coord, Proj const& proj) {
  return local_tile(t, dice(proj, tiler), dice(proj, coord));
}

// outer_partition(t, tiler, coord): the elements at position coord of every
// tile (the coordinate indexes the tile mode).
template <class Tn, class T, class Crd> requires is_tensor_v<Tn>
TESSEL_HOST_DEVICE constexpr auto outer_partition(Tn&& t, T const& tiler, Crd const& coord) {
  auto tiled = zipped_divide(t, tiler);
  constexpr int R1 = decltype(rank<1>(tiled.layout()))::value;
  if constexpr (is_tuple_v<Crd>) {
    constexpr int R0 = decltype(rank<0>(tiled.layout()))::value;
    return tiled(detail::pad_coord<R0>(coord), detail::repeat_of<R1>(_));
  } else {
    return tiled(coord, detail::repeat_of<R1>(_));
  }
}

namespace detail {
// idx2crd(idx, s, d) where a mode of stride 0 (a static 1 gets the stride _0
// in a compact layout) has the coordinate 0 instead of a division by zero.
template <class I, class S, class D>
TESSEL_HOST_DEVICE constexpr auto flat_coord_of(I const& idx, S const& s, D const& d) {
  if constexpr (is_tuple_v<S>) {
    return transform(s, d, [&](auto const& si, auto const& di) { return flat_coord_of(idx, si, di); });
  } else if constexpr (is_constant_v<0, D> || is_constant_v<1, S>) {
    return Int<0>{};
  } else if constexpr (StaticInt<D>) {
    return (idx / d) % s;
  } else {
    using R = decltype((idx / d) % s);
    return d == 0 ? R(0) : (idx / d) % s;
  }
}
}  // namespace detail

// get_flat_coord(L, idx): per top-level mode of L, the 1-D coordinate c_i
// with L(c) == idx (L a compact arrangement such as a thread layout; a mode of
// size 1 or stride 0 has the coordinate 0).
template <class S, class D, class I>
TESSEL_HOST_DEVICE constexpr auto get_flat_coord(Layout<S, D> const& l, I const& idx) {
  if constexpr (is_tuple_v<S>) {
    return transform(l.shape(), l.stride(),
                     [&](auto const& s, auto const& d) { return crd2idx(detail::flat_coord_of(idx, s, d), s); });
  } else {
    return detail::flat_coord_of(idx, l.shape(), l.stride());
  }
}

// local_partition(t, threads, idx): the part of t that thread idx of the
// thread layout owns, threads tiled over t (outer_partition by the thread
// layout's shape at the thread's coordinate).
template <class Tn, class S, class D, class I> requires is_tensor_v<Tn>
TESSEL_HOST_DEVICE constexpr auto local_partition(Tn&& t, Layout<S, D> const& threads, I const& idx) {
  auto tile = transform(wrap(threads.shape()), [](auto const& s) { return product(s); });
  return outer_partition(t, tile, get_flat_coord(threads, idx));
}
// local_partition(t, threads, idx, proj): by the modes of the thread layout where
// the projection proj has an integer (CuTe's Step<_1, X, _1>).
template <class Tn, class S, class D, class I, class Proj> requires is_tensor_v<Tn>
TESSEL_HOST_DEVICE constexpr auto local_partition(Tn&& t, Layout<S, D> const& threads, I const& idx, Proj const& proj) {
  return local_partition(t, dice(proj, threads), idx);
}

// ---- recast ------------------------------------------------------------------------------------------

namespace detail {
// Whether upcast<N>(shape:stride) is defined: in every mode of nonzero stride
// d, N and |d| divide one another, and so do the shape s and shape_div(N, |d|)
// (the conditions of upcast's shape_div calls, checked up front so that recast
// reports them in its own words). 3:1 of int16 seen as int32 is not.
template <int N, class S, class D>
TESSEL_HOST_DEVICE constexpr bool upcast_divides(S const& s, D const& d) {
  auto fs = flatten_to_tuple(s);
  auto fd = flatten_to_tuple(d);
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto one = [](long long sv, long long dv) {
      if (dv < 0) dv = -dv;
      if (dv == 0) return true;
      if (N % dv != 0 && dv % N != 0) return false;
      long long const q = dv >= N ? 1 : N / dv;
      return sv % q == 0 || q % sv == 0;
    };
    return (true && ... && one(static_cast<long long>(get<I>(fs)), static_cast<long long>(get<I>(fd))));
  }(std::make_index_sequence<tuple_size_v<decltype(fs)>>{});
}

// Whether every element of upcast<N>(L) is N whole, consecutive elements that
// L covers (given upcast_divides). A mode s:d with |d| >= N (N divides d) moves
// whole new elements; a mode with 0 < |d| < N (d divides N) moves inside them,
// over m = min(s, N/|d|) positions d*0, ..., d*(m-1), and upcast keeps of it
// only what is left (shape s/m, stride 1). So the image of L is
// N * image(upcast<N>(L)) + Z, Z the sum of the inner runs, and the new
// elements are exactly whole covered groups when Z = [0, N): the inner modes
// (size > 1), sorted by stride, have positive strides 1, m_1, m_1*m_2, ...
// and the product of their m is N. Example: int16 (2):(4) as int32 is (2):(2),
// whose elements are int16 0,1 and 4,5 where the tensor has only 0 and 4: no.
template <int N, class S, class D>
TESSEL_HOST_DEVICE constexpr bool upcast_whole(S const& s, D const& d) {
  auto fs = flatten_to_tuple(s);
  auto fd = flatten_to_tuple(d);
  constexpr std::size_t R = tuple_size_v<decltype(fs)>;
  long long sv[R > 0 ? R : 1] = {}, dv[R > 0 ? R : 1] = {};
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((sv[I] = static_cast<long long>(get<I>(fs)), dv[I] = static_cast<long long>(get<I>(fd))), ...);
  }(std::make_index_sequence<R>{});
  long long stride[R > 0 ? R : 1] = {}, run[R > 0 ? R : 1] = {};
  int n = 0;
  for (std::size_t i = 0; i < R; ++i) {
    if (sv[i] == 1 || dv[i] == 0 || dv[i] >= N || dv[i] <= -N) continue;
    if (dv[i] < 0) return false;  // an inner run going down
    long long const q = N / dv[i];
    long long const m = sv[i] < q ? sv[i] : q;
    int j = n++;  // insertion by stride
    for (; j > 0 && stride[j - 1] > dv[i]; --j) {
      stride[j] = stride[j - 1];
      run[j] = run[j - 1];
    }
    stride[j] = dv[i];
    run[j] = m;
  }
  long long expect = 1;
  for (int k = 0; k < n; ++k) {
    if (stride[k] != expect) return false;
    expect *= run[k];
  }
  return expect == N;
}
}  // namespace detail

// recast<U>(t): the same bytes seen as elements of type U. Checked (CuTe's is
// not): the data must be aligned for U, and for a wider U the layout must
// divide into elements of U (upcast is exact) that are each whole, consecutive
// elements of t that its layout covers, so that the view never reaches bytes
// outside t's elements. A narrower U splits every element (always defined).
// Static layouts fail at compile time, dynamic ones at run time. Device code
// assumes the alignment (TESSEL_ALIGNMENT_CHECKS, config.hpp).
template <class U, class E, class L>
TESSEL_HOST_DEVICE auto recast(Tensor<E, L> const& t) {
  using V = typename E::value_type;
  auto raw = raw_pointer_cast(t.data());
  constexpr bool constant = std::is_const_v<std::remove_pointer_t<decltype(raw)>>;
  using UP = std::conditional_t<constant, U const*, U*>;
#if TESSEL_ALIGNMENT_CHECKS  // device code assumes it (config.hpp): a misaligned access faults there
  TESSEL_CHECK(reinterpret_cast<std::uintptr_t>(raw) % alignof(U) == 0,
               "recast: the data is not aligned for the new element type");
#endif
  auto l = [&] {
    if constexpr (sizeof(U) == sizeof(V)) {
      return t.layout();
    } else if constexpr (sizeof(U) > sizeof(V)) {
      static_assert(sizeof(U) % sizeof(V) == 0, "tessel::recast: the new element size is not a multiple of the old");
      constexpr int N = int(sizeof(U) / sizeof(V));
      if constexpr (is_static_v<L>) {
        static_assert(detail::upcast_divides<N>(typename L::shape_type{}, typename L::stride_type{}),
                      "tessel::recast: the layout does not divide into elements of the new type");
        static_assert(!detail::upcast_divides<N>(typename L::shape_type{}, typename L::stride_type{}) ||
                          detail::upcast_whole<N>(typename L::shape_type{}, typename L::stride_type{}),
                      "tessel::recast: the new elements would not be whole elements of the tensor (each must be "
                      "consecutive elements that the layout covers)");
      } else {
        TESSEL_CHECK(detail::upcast_divides<N>(t.layout().shape(), t.layout().stride()),
                     "recast: the layout does not divide into elements of the new type");
        TESSEL_CHECK(detail::upcast_whole<N>(t.layout().shape(), t.layout().stride()),
                     "recast: the new elements would not be whole elements of the tensor (each must be "
                     "consecutive elements that the layout covers)");
      }
      return upcast<N>(t.layout());
    } else {
      static_assert(sizeof(V) % sizeof(U) == 0, "tessel::recast: the old element size is not a multiple of the new");
      return downcast<int(sizeof(V) / sizeof(U))>(t.layout());
    }
  }();
  UP p = reinterpret_cast<UP>(raw);
  using Iter = std::remove_cvref_t<decltype(t.data())>;
  if constexpr (std::is_pointer_v<Iter>) {
    return make_view(p, l);
  } else {
    using Tag = typename memory_tag_of<Iter>::type;
    return make_view(tagged_ptr<Tag, std::remove_pointer_t<UP>>{p}, l);
  }
}

// ---- printing -------------------------------------------------------------------------------------------

namespace detail {
// How print_tensor prints one element: CuTe's pretty_print, by exact type (bool %3d, int32_t and uint32_t
// %5d, int64_t %5lld, uint64_t %5llu, float %10.2e, double %11.3e; anything else two spaces and print(v),
// a char as itself). The number types of the atom layer and CUTLASS's (half_t, the sub-byte integers,
// ...) specialise element_printer in atom/pretty_print.hpp, which the drop-in's tensor headers include.
template <class V, class = void>
struct element_printer {
  TESSEL_HOST_DEVICE static void put(V const& v) {
    if constexpr (std::is_same_v<V, bool>) printf("%*d", 3, int(v));
    else if constexpr (std::is_same_v<V, std::int32_t>) printf("%*d", 5, v);
    else if constexpr (std::is_same_v<V, std::uint32_t>) printf("%*d", 5, int(v));
    else if constexpr (std::is_same_v<V, std::int64_t>) printf("%*lld", 5, static_cast<long long>(v));
    else if constexpr (std::is_same_v<V, std::uint64_t>) printf("%*llu", 5, static_cast<unsigned long long>(v));
    else if constexpr (std::is_same_v<V, float>) printf("%*.2e", 10, v);
    else if constexpr (std::is_same_v<V, double>) printf("%*.3e", 11, v);
    else if constexpr (!std::is_arithmetic_v<V> && std::is_convertible_v<V const&, float>)
      printf("%*.2e", 10, static_cast<double>(static_cast<float>(v)));  // a number type without the specialisation
    else {
      printf("  ");
      print(v);
    }
  }
};
template <class V>
TESSEL_HOST_DEVICE void print_element(V const& v) {
  element_printer<std::remove_cv_t<V>>::put(v);
}
}  // namespace detail

// print(t): the iterator, " o ", the layout: ptr[32b](0x...) o (_4,_8):(_1,_4).
template <class E, class L>
TESSEL_HOST_DEVICE void print(Tensor<E, L> const& t) {
  auto const p = t.data();
  if constexpr (std::is_pointer_v<decltype(p)>) {  // a char* too (print(char*) would print a string)
    printf("ptr[%db](%p)", int(sizeof_bits_v<std::remove_cv_t<std::remove_pointer_t<decltype(p)>>>), static_cast<void const*>(p));
  } else {
    print(p);
  }
  printf(" o ");
  print(t.layout());
}

// print_tensor(t): the header line and the values (ranks 1 to 4), as CuTe.
template <class E, class L>
TESSEL_HOST_DEVICE void print_tensor(Tensor<E, L> const& t, bool header = true) {
  if (header) {
    print(t);
    printf(":\n");
  }
  if constexpr (L::rank == 1) {
    for (int m = 0; m < int(size(t)); ++m) {
      detail::print_element(t(m));
      printf("\n");
    }
  } else if constexpr (L::rank == 2) {
    for (int m = 0; m < int(size<0>(t)); ++m) {
      for (int n = 0; n < int(size<1>(t)); ++n) detail::print_element(t(m, n));
      printf("\n");
    }
  } else if constexpr (L::rank == 3) {
    print_tensor(t(_, _, 0), false);
    for (int k = 1; k < int(size<2>(t)); ++k) {
      for (int i = 0; i < 5 * int(size<1>(t)); ++i) printf("-");
      printf("\n");
      print_tensor(t(_, _, k), false);
    }
  } else if constexpr (L::rank == 4) {
    print_tensor(t(_, _, _, 0), false);
    for (int p = 1; p < int(size<3>(t)); ++p) {
      for (int i = 0; i < 5 * int(size<1>(t)); ++i) printf("=");
      printf("\n");
      print_tensor(t(_, _, _, p), false);
    }
  } else {
    static_assert(L::rank <= 4, "tessel::print_tensor: ranks 1 to 4");
  }
}

// os << t: the layout, a line, then the values (ranks 1 to 4) each in a field of 9 characters, as CuTe's
// operator<< (a template on the stream, so that this header needs no more than <iosfwd>).
namespace detail {
template <class OS>
void stream_endl(OS& os) {
  os.put(os.widen('\n'));
  os.flush();
}
template <class OS, class E, class L>
void stream_tensor_values(OS& os, Tensor<E, L> const& t) {
  constexpr int digits = 9;
  if constexpr (L::rank == 1) {
    for (int m = 0; m < int(size(t)); ++m) {
      os.width(digits);
      os << t(m);
      stream_endl(os);
    }
  } else if constexpr (L::rank == 2) {
    for (int m = 0; m < int(size<0>(t)); ++m) {
      for (int n = 0; n < int(size<1>(t)); ++n) {
        os.width(digits);
        os << t(m, n);
      }
      stream_endl(os);
    }
  } else if constexpr (L::rank == 3) {
    stream_tensor_values(os, t(_, _, 0));
    for (int k = 1; k < int(size<2>(t)); ++k) {
      for (int i = 0; i < digits * int(size<1>(t)); ++i) os << '-';
      stream_endl(os);
      stream_tensor_values(os, t(_, _, k));
    }
  } else if constexpr (L::rank == 4) {
    stream_tensor_values(os, t(_, _, _, 0));
    for (int p = 1; p < int(size<3>(t)); ++p) {
      for (int i = 0; i < digits * int(size<1>(t)); ++i) os << '=';
      stream_endl(os);
      stream_tensor_values(os, t(_, _, _, p));
    }
  } else {
    static_assert(L::rank <= 4, "tessel: operator<< of a tensor: ranks 1 to 4");
  }
}
}  // namespace detail
template <class Ch, class Tr, class E, class L>
std::basic_ostream<Ch, Tr>& operator<<(std::basic_ostream<Ch, Tr>& os, Tensor<E, L> const& t) {
  os << t.layout();
  detail::stream_endl(os);
  detail::stream_tensor_values(os, t);
  return os;
}

}  // namespace tessel
