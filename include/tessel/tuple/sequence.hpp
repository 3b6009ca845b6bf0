// tessel/tuple/sequence.hpp: compile-time integer sequences, as CuTe spells
// them. integer_sequence<T, v...> is its own type (not std's) and is a tuple
// of integral_constant<T, v>..., so for_each, transform, fold, get<I> and the
// other tuple algorithms take it directly.
#pragma once

#include <cstddef>

#include "tuple.hpp"

namespace TESSEL_NAMESPACE {

template <class T, T... v>
struct integer_sequence : tuple<integral_constant<T, v>...> {
  using value_type = T;
  // The number of integers.
  TESSEL_HOST_DEVICE static constexpr std::size_t size() noexcept { return sizeof...(v); }
};

template <class T, T... v> struct is_tuple<integer_sequence<T, v...>> : std::true_type {};
template <class T, T... v>
struct tuple_size<integer_sequence<T, v...>> : std::integral_constant<std::size_t, sizeof...(v)> {};
template <class T, T... v>
struct has_custom_get<integer_sequence<T, v...>> : std::true_type {};

namespace detail {
template <class T, T Begin, class S> struct seq_from;
template <class T, T Begin, T... i>
struct seq_from<T, Begin, std::integer_sequence<T, i...>> { using type = integer_sequence<T, (Begin + i)...>; };
template <class T, class S> struct seq_rev;
template <class T, T... i>
struct seq_rev<T, std::integer_sequence<T, i...>> { using type = integer_sequence<T, T(sizeof...(i) - 1 - i)...>; };
template <class T> struct seq_of_types;
template <template <class...> class Tup, class... E>
struct seq_of_types<Tup<E...>> { using type = integer_sequence<int, int(E::value)...>; };
}  // namespace detail

// 0, 1, ..., N-1.
template <class T, T N>
using make_integer_sequence = typename detail::seq_from<T, T(0), std::make_integer_sequence<T, N>>::type;
// Begin, Begin+1, ..., End-1.
template <class T, T Begin, T End>
using make_integer_range = typename detail::seq_from<T, Begin, std::make_integer_sequence<T, (End > Begin ? End - Begin : 0)>>::type;
// N-1, ..., 1, 0.
template <class T, T N>
using make_integer_sequence_reverse = typename detail::seq_rev<T, std::make_integer_sequence<T, N>>::type;

template <int... v> using int_sequence = integer_sequence<int, v...>;
template <int N> using make_int_sequence = make_integer_sequence<int, N>;
template <int N> using make_int_rsequence = make_integer_sequence_reverse<int, N>;
template <int Begin, int End> using make_int_range = make_integer_range<int, Begin, End>;

template <std::size_t... v> using index_sequence = integer_sequence<std::size_t, v...>;
template <std::size_t N> using make_index_sequence = make_integer_sequence<std::size_t, N>;
template <std::size_t N> using make_index_rsequence = make_integer_sequence_reverse<std::size_t, N>;
template <std::size_t Begin, std::size_t End> using make_index_range = make_integer_range<std::size_t, Begin, End>;

// CuTe's short names.
template <int... v> using seq = int_sequence<v...>;
template <int N> using make_seq = make_int_sequence<N>;
template <int N> using make_rseq = make_int_rsequence<N>;
template <int Begin, int End> using make_range = make_int_range<Begin, End>;
template <class Tup> using tuple_seq = make_seq<int(tuple_size_v<Tup>)>;
template <class Tup> using tuple_rseq = make_rseq<int(tuple_size_v<Tup>)>;

// to_seq_t<X>: the int_sequence of the values of a tuple of static integers
// (or of an int_sequence).
template <class X> struct to_seq : detail::seq_of_types<X> {};
template <int... v> struct to_seq<integer_sequence<int, v...>> { using type = int_sequence<v...>; };
template <class X> using to_seq_t = typename to_seq<X>::type;

// Element I of a sequence: integral_constant<T, v_I>.
template <std::size_t I, class T, T... v>
TESSEL_HOST_DEVICE constexpr auto get(integer_sequence<T, v...>) {
  static_assert(I < sizeof...(v), "tessel::get: index out of range");
  constexpr T values[] = {v...};
  return integral_constant<T, values[I]>{};
}

}  // namespace tessel
