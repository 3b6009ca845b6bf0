// tessel/layout/print.hpp: CuTe's notation. Static integers print as _8,
// dynamic ones as 8, tuples as (a,b), layouts as shape:stride, and
// print_layout draws the 2-D table of a rank-2 layout.
//
// Everything is written through a small sink, so that print (printf, usable
// in device code), operator<< and to_string (layout/to_string.hpp, which
// tessel.hpp includes: it needs <string>) share one formatter. A value whose
// integers are all static is spelled at compile time (static_text) and written
// as one string. The stream operators here, and those of the tensor,
// pointer and swizzle headers, are templates that stream only through
// ostream_sink's template members, so tessel needs only <iosfwd>: a program
// that streams tessel values includes <ostream> (or <iostream>, <sstream>)
// itself, as for any other type (not including <ostream> saves about 0.04 s
// of g++ and 0.3 s of nvcc per translation unit).
#pragma once

#include <iosfwd>

#include "layout.hpp"

namespace TESSEL_NAMESPACE {

namespace detail {
struct printf_sink {
  TESSEL_HOST_DEVICE void str(char const* s) const { printf("%s", s); }
  TESSEL_HOST_DEVICE void num(long long v) const { printf("%lld", v); }
  TESSEL_HOST_DEVICE void unum(unsigned long long v) const { printf("%llu", v); }
  TESSEL_HOST_DEVICE void real(double v) const { printf("%f", v); }  // CuTe's print of a float or double
};
// (The members are templates so that std::ostream may stay incomplete, and
// std::string's members uninstantiated, until they are used.)
struct ostream_sink {
  std::ostream& os;
  template <class S> void str(S const& s) const { os << s; }
  template <class V> void num(V const& v) const { os << v; }
  template <class V> void unum(V const& v) const { os << v; }
  template <class V> void real(V const& v) const { os << v; }  // a stream's own format, as CuTe's operator<<
};

// ---- static text: the printed form of a value whose integers are all static ----

TESSEL_HOST_DEVICE constexpr int unum_len(unsigned long long v) {
  int n = 1;
  for (; v >= 10; v /= 10) ++n;
  return n;
}
TESSEL_HOST_DEVICE constexpr int num_len(long long v) {
  return v < 0 ? 1 + unum_len(0ull - static_cast<unsigned long long>(v)) : unum_len(static_cast<unsigned long long>(v));
}
TESSEL_HOST_DEVICE constexpr void put_text(char* p, int& n, char const* s) {
  while (*s) p[n++] = *s++;
}
TESSEL_HOST_DEVICE constexpr void put_unum(char* p, int& n, unsigned long long v) {
  int const len = unum_len(v);
  for (int k = len - 1; k >= 0; --k, v /= 10) p[n + k] = static_cast<char>('0' + v % 10);
  n += len;
}
TESSEL_HOST_DEVICE constexpr void put_num(char* p, int& n, long long v) {
  if (v < 0) {
    p[n++] = '-';
    put_unum(p, n, 0ull - static_cast<unsigned long long>(v));
  } else {
    put_unum(p, n, static_cast<unsigned long long>(v));
  }
}

template <int N>
struct fixed_text {
  char s[N + 1] = {};
};

// has_text<T>: T prints the same for every value (integers static at any depth).
template <class T> struct has_text : std::false_type {};
template <auto v> struct has_text<C<v>> : std::bool_constant<std::is_integral_v<decltype(v)>> {};
template <> struct has_text<Underscore> : std::true_type {};
template <class... T> struct has_text<tuple<T...>> : std::bool_constant<(true && ... && has_text<T>::value)> {};
template <class S, class D> struct has_text<Layout<S, D>> : std::bool_constant<has_text<S>::value && has_text<D>::value> {};

// static_text<T>: size (characters) and put (writes them at p[n...]).
template <class T> struct static_text;
template <auto v> struct static_text<C<v>> {
  using V = decltype(v);
  static constexpr int size = 1 + (__is_same(V, bool) ? 1
                                   : std::is_unsigned_v<V> ? unum_len(static_cast<unsigned long long>(v))
                                                           : num_len(static_cast<long long>(v)));
  TESSEL_HOST_DEVICE static constexpr void put(char* p, int& n) {
    p[n++] = '_';
    if constexpr (__is_same(V, bool)) p[n++] = v ? '1' : '0';  // as CuTe: a bool prints as 1 or 0
    else if constexpr (std::is_unsigned_v<V>) put_unum(p, n, static_cast<unsigned long long>(v));
    else put_num(p, n, static_cast<long long>(v));
  }
};
template <> struct static_text<Underscore> {
  static constexpr int size = 1;
  TESSEL_HOST_DEVICE static constexpr void put(char* p, int& n) { p[n++] = '_'; }
};
template <class... T> struct static_text<tuple<T...>> {
  static constexpr int size = 2 + (0 + ... + static_text<T>::size) + (sizeof...(T) > 0 ? int(sizeof...(T)) - 1 : 0);
  TESSEL_HOST_DEVICE static constexpr void put(char* p, int& n) {
    p[n++] = '(';
    int k = 0;
    ((k++ == 0 ? void() : void(p[n++] = ','), static_text<T>::put(p, n)), ...);
    p[n++] = ')';
  }
};
template <class S, class D> struct static_text<Layout<S, D>> {
  static constexpr int size = static_text<S>::size + 1 + static_text<D>::size;
  TESSEL_HOST_DEVICE static constexpr void put(char* p, int& n) {
    static_text<S>::put(p, n);
    p[n++] = ':';
    static_text<D>::put(p, n);
  }
};
template <class T>
TESSEL_HOST_DEVICE constexpr fixed_text<static_text<T>::size> make_text() {
  fixed_text<static_text<T>::size> t;
  int n = 0;
  static_text<T>::put(t.s, n);
  return t;
}

#if !TESSEL_ON_DEVICE
// The text of T, once, in read-only data. (Host code. A local constexpr copy,
// as device code keeps, is rebuilt on the stack at every call, and g++ -O2
// spent about 12M instructions per printed type on it: a tenth of the CuTe
// drop-in's layout program. Device code may not use a host variable.)
template <class T> inline constexpr fixed_text<static_text<T>::size> text_v = make_text<T>();
#endif


// ---- one printf per value (host, printf_sink) ----
//
// A value of static text and dynamic integers (a layout, a tuple or an integer
// whose dynamic leaves are plain integers) is printed by one printf: its format
// (the static text, with %lld or %llu at each dynamic integer) spelled at
// compile time, and its dynamic integers gathered in order. The same characters
// as write's element-by-element output, with one call instead of one per
// element and fewer functions per printed type.
template <class T>
struct fmt_leaf : std::bool_constant<is_std_integral_v<T> && !__is_same(T, bool) && !__is_same(T, char)> {};
template <class T> struct has_fmt : std::bool_constant<has_text<T>::value || fmt_leaf<T>::value> {};
template <class... T> struct has_fmt<tuple<T...>> : std::bool_constant<(true && ... && has_fmt<T>::value)> {};
template <class S, class D> struct has_fmt<Layout<S, D>> : std::bool_constant<has_fmt<S>::value && has_fmt<D>::value> {};

// fmt_text<T>: size (characters), count (dynamic integers), put (writes the format at p[n...]),
// put_unsigned (whether each dynamic integer is unsigned, in order).
template <class T, bool Dyn = !has_text<T>::value>
struct fmt_text : static_text<T> {
  static constexpr int count = 0;
  TESSEL_HOST_DEVICE static constexpr void put_unsigned(bool*, int&) {}
};
template <class T>
struct fmt_text<T, true> {
  static constexpr int size = 4;
  static constexpr int count = 1;
  TESSEL_HOST_DEVICE static constexpr void put(char* p, int& n) { put_text(p, n, std::is_unsigned_v<T> ? "%llu" : "%lld"); }
  TESSEL_HOST_DEVICE static constexpr void put_unsigned(bool* u, int& k) { u[k++] = std::is_unsigned_v<T>; }
};
template <class... T>
struct fmt_text<tuple<T...>, true> {
  static constexpr int size = 2 + (0 + ... + fmt_text<T>::size) + (sizeof...(T) > 0 ? int(sizeof...(T)) - 1 : 0);
  static constexpr int count = (0 + ... + fmt_text<T>::count);
  TESSEL_HOST_DEVICE static constexpr void put(char* p, int& n) {
    p[n++] = '(';
    int k = 0;
    ((k++ == 0 ? void() : void(p[n++] = ','), fmt_text<T>::put(p, n)), ...);
    p[n++] = ')';
  }
  TESSEL_HOST_DEVICE static constexpr void put_unsigned(bool* u, int& k) { (fmt_text<T>::put_unsigned(u, k), ...); }
};
template <class S, class D>
struct fmt_text<Layout<S, D>, true> {
  static constexpr int size = fmt_text<S>::size + 1 + fmt_text<D>::size;
  static constexpr int count = fmt_text<S>::count + fmt_text<D>::count;
  TESSEL_HOST_DEVICE static constexpr void put(char* p, int& n) {
    fmt_text<S>::put(p, n);
    p[n++] = ':';
    fmt_text<D>::put(p, n);
  }
  TESSEL_HOST_DEVICE static constexpr void put_unsigned(bool* u, int& k) {
    fmt_text<S>::put_unsigned(u, k);
    fmt_text<D>::put_unsigned(u, k);
  }
};
template <class T>
struct fmt_of {
  fixed_text<fmt_text<T>::size> text;
  bool is_unsigned[fmt_text<T>::count > 0 ? fmt_text<T>::count : 1] = {};
};
template <class T>
TESSEL_HOST_DEVICE constexpr fmt_of<T> make_fmt() {
  fmt_of<T> f;
  int n = 0, k = 0;
  fmt_text<T>::put(f.text.s, n);
  fmt_text<T>::put_unsigned(f.is_unsigned, k);
  return f;
}

#if !TESSEL_ON_DEVICE
template <class T> inline constexpr fmt_of<T> fmt_v = make_fmt<T>();

// The dynamic integers of x, in order, as unsigned long long (their bits; printf gets each back in its
// own signedness). A tuple's dynamic integers are in its non-empty elements, which its store holds in
// order: the overloads on the store (a base of every tuple) walk them, one function per store type
// (shared by the tuples whose non-empty elements are the same), none for a static element.
template <class T>
constexpr void put_dyn_values(T const& x, unsigned long long* v, int& n) requires(!is_tuple_v<T>);
template <class... X>
constexpr void put_dyn_values(store<X...> const& s, unsigned long long* v, int& n) {
  if constexpr (sizeof...(X) > 0) put_dyn_values(s.m0, v, n);
  if constexpr (sizeof...(X) > 1) put_dyn_values(s.m1, v, n);
  if constexpr (sizeof...(X) > 2) put_dyn_values(s.m2, v, n);
  if constexpr (sizeof...(X) > 3) put_dyn_values(s.m3, v, n);
  if constexpr (sizeof...(X) > 4) put_dyn_values(s.rest, v, n);
}
// (The store's walk written again on the holder's member rather than a call of the overload above: that
// call is one more function per printed tuple type, +4M g++ instructions (0.2%) in the layout program.)
template <class... X>
constexpr void put_dyn_values(holder<store<X...>> const& t, unsigned long long* v, int& n) {
  if constexpr (sizeof...(X) > 0) put_dyn_values(t.s_.m0, v, n);
  if constexpr (sizeof...(X) > 1) put_dyn_values(t.s_.m1, v, n);
  if constexpr (sizeof...(X) > 2) put_dyn_values(t.s_.m2, v, n);
  if constexpr (sizeof...(X) > 3) put_dyn_values(t.s_.m3, v, n);
  if constexpr (sizeof...(X) > 4) put_dyn_values(t.s_.rest, v, n);
}
template <class T>
constexpr void put_dyn_values(T const& x, unsigned long long* v, int& n) requires(!is_tuple_v<T>) {
  if constexpr (has_text<T>::value) {
  } else if constexpr (is_layout_v<T>) {
    if constexpr (!has_text<typename T::shape_type>::value) put_dyn_values(x.shape(), v, n);
    if constexpr (!has_text<typename T::stride_type>::value) put_dyn_values(x.stride(), v, n);
  } else {
    v[n++] = static_cast<unsigned long long>(x);
  }
}

template <class T, std::size_t... I>
void printf_fmt(T const& x, std::index_sequence<I...>) {
  unsigned long long v[sizeof...(I)];
  int n = 0;
  put_dyn_values(x, v, n);
  printf(fmt_v<T>.text.s,
         static_cast<std::conditional_t<fmt_v<T>.is_unsigned[I], unsigned long long, long long>>(v[I])...);
}
#endif

template <class Sink, class T, std::size_t... I>
TESSEL_HOST_DEVICE void write_elements(Sink const& out, T const& x, std::index_sequence<I...>);

TESSEL_NO_EXEC_CHECK
template <class Sink, class T>
TESSEL_HOST_DEVICE void write(Sink const& out, T const& x) {
  if constexpr (has_text<T>::value) {
#if TESSEL_ON_DEVICE
    constexpr fixed_text<static_text<T>::size> text = make_text<T>();
    out.str(text.s);
#else
    out.str(text_v<T>.s);
#endif
#if !TESSEL_ON_DEVICE
  } else if constexpr (__is_same(Sink, printf_sink) && has_fmt<T>::value) {
    printf_fmt(x, std::make_index_sequence<fmt_text<T>::count>{});
#endif
  } else if constexpr (StaticInt<T>) {
    out.str("_");
    typename T::value_type const v = T::value;  // a copy: device code may not odr-use T::value
    write(out, v);
  } else if constexpr (__is_same(T, bool)) {
    out.str(x ? "1" : "0");  // as CuTe (a bool prints as the integer it converts to)
  } else if constexpr (__is_same(T, char)) {
    char const c[2] = {x, 0};  // as CuTe: a char prints as itself (signed/unsigned char as numbers)
    out.str(c);
  } else if constexpr (__is_same(T, float) || __is_same(T, double)) {
    out.real(static_cast<double>(x));
  } else if constexpr (is_std_integral_v<T> && std::is_unsigned_v<T>) {
    out.unum(static_cast<unsigned long long>(x));
  } else if constexpr (is_std_integral_v<T>) {
    out.num(static_cast<long long>(x));
  } else if constexpr (is_underscore_v<T>) {
    out.str("_");
  } else if constexpr (is_tuple_v<T>) {
    out.str("(");
    write_elements(out, x, std::make_index_sequence<tuple_size_v<T>>{});
    out.str(")");
  } else if constexpr (is_layout_v<T>) {
    write(out, x.shape());
    out.str(":");
    write(out, x.stride());
  } else if constexpr (requires { T::swizzle_code; }) {  // Swizzle<B,M,S>
    out.str("Sw<");
    out.num(T::num_bits);
    out.str(",");
    out.num(T::num_base);
    out.str(",");
    out.num(T::num_shft);
    out.str(">");
  } else if constexpr (requires { x.layout_a(); x.offset(); x.layout_b(); }) {  // A o offset o B
    write(out, x.layout_a());
    out.str(" o ");
    write(out, x.offset());
    out.str(" o ");
    write(out, x.layout_b());
  } else if constexpr (requires { x.write_to(out); }) {  // a type that prints itself (ScaledBasis)
    x.write_to(out);
  } else {
    static_assert(sizeof(T) == 0, "tessel::print: no printer for this type");
  }
}

// The elements of a tuple, comma separated. (A function, not a lambda in
// write: TESSEL_NO_EXEC_CHECK does not reach into lambdas.)
TESSEL_NO_EXEC_CHECK
template <class Sink, class T, std::size_t... I>
TESSEL_HOST_DEVICE void write_elements(Sink const& out, T const& x, std::index_sequence<I...>) {
  ((I == 0 ? void() : out.str(","), write(out, get_leaf<I>(x))), ...);
}

// v right-aligned in a field of the given width (printf's %*d).
TESSEL_NO_EXEC_CHECK
template <class Sink>
TESSEL_HOST_DEVICE void write_padded(Sink const& out, long long v, int width) {
  for (int pad = width - num_digits(v) - (v < 0 ? 1 : 0); pad > 0; --pad) out.str(" ");
  out.num(v);
}

// The integers of an IntTuple, in order, as long long.
template <class T>
TESSEL_HOST_DEVICE constexpr void put_values(T const& t, long long* v, int& n);
template <std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr void put_value_elems(tuple_base<std::index_sequence<I...>, T...> const& t, long long* v, int& n) {
  (put_values(get_leaf<I>(t), v, n), ...);
}
template <class T>
TESSEL_HOST_DEVICE constexpr void put_values(T const& t, long long* v, int& n) {
  if constexpr (is_tuple_v<T>) put_value_elems(t, v, n);
  else v[n++] = static_cast<long long>(t);
}

// The flat values of a mode of n leaves (shape[k], stride[k]): the index of coordinate c
// (0 <= c < size, split colexicographically), the size, and the reach (sum of (shape - 1) *
// max(stride, 0)). flat_mode (n a constant) and the host's flat_view (n at run time) use them.
TESSEL_HOST_DEVICE constexpr long long flat_index(long long const* shape, long long const* stride, int n, long long c) {
  long long idx = 0;
  for (int k = 0; k < n; ++k) {
    long long const ck = k + 1 == n ? c : c % shape[k];
    idx += ck * stride[k];
    c = k + 1 == n ? 0 : c / shape[k];
  }
  return idx;
}
TESSEL_HOST_DEVICE constexpr long long flat_size(long long const* shape, int n) {
  long long s = 1;
  for (int k = 0; k < n; ++k) s *= shape[k];
  return s;
}
TESSEL_HOST_DEVICE constexpr long long flat_reach(long long const* shape, long long const* stride, int n) {
  long long r = 0;
  for (int k = 0; k < n; ++k) r += (shape[k] - 1) * (stride[k] > 0 ? stride[k] : 0);
  return r;
}
// The checks of a table: its number of rows or columns (the mode's size) and the least and the greatest value of
// flat_index(c) and of each of its partial sums for 0 <= c < size (the sums of (shape - 1) * stride over the
// negative and over the positive strides), computed with the checked arithmetic: an overflow is the named error.
// A table makes them once (check_table) and then evaluates every coordinate of its domain in plain long long,
// exactly, without a test per evaluation. (A template: g++ analyses the checked calls only where a table is drawn.)
template <class I>
TESSEL_HOST_DEVICE constexpr void flat_checks(I const* shape, I const* stride, int n, I& size, I& lo, I& hi) {
  size = 1;
  lo = hi = 0;
  for (int k = 0; k < n; ++k) {
    size = mul(size, shape[k]);                                   // checked (int/checked.hpp)
    I const t = mul(shape[k] > 0 ? shape[k] - 1 : I(0), stride[k]);  // checked
    if (t < 0) lo = add(lo, t); else hi = add(hi, t);             // checked
  }
}

// One mode of a layout as flat shape and stride values.
template <int N>
struct flat_mode {
  static constexpr int leaves = N;
  long long shape[N > 0 ? N : 1] = {};
  long long stride[N > 0 ? N : 1] = {};
  TESSEL_HOST_DEVICE constexpr long long index(long long c) const { return flat_index(shape, stride, N, c); }
  TESSEL_HOST_DEVICE constexpr long long size() const { return flat_size(shape, N); }
  TESSEL_HOST_DEVICE constexpr long long reach() const { return flat_reach(shape, stride, N); }
};
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto flat_mode_of(S const& s, D const& d) {
  flat_mode<int(tuple_size_v<typename flat_of<S>::type>)> m;
  int n = 0;
  put_values(s, m.shape, n);
  n = 0;
  put_values(d, m.stride, n);
  return m;
}

// The table of print_layout, from a function (m, n) -> index.
TESSEL_NO_EXEC_CHECK
template <class Sink, class F>
TESSEL_HOST_DEVICE void write_table_body(Sink const& out, int rows, int cols, long long cosize, F const& at) {
  int const w = num_digits(cosize) + 2;
  out.str("\n    ");
  for (int n = 0; n < cols; ++n) {
    out.str("  ");
    write_padded(out, n, w - 2);
    out.str(" ");
  }
  out.str("\n");
  for (int m = 0; m <= rows; ++m) {
    out.str("    ");
    for (int n = 0; n < cols; ++n) {
      out.str("+");
      for (int k = 0; k < w; ++k) out.str("-");
    }
    out.str("+\n");
    if (m == rows) break;
    write_padded(out, m, 2);
    out.str("  ");
    for (int n = 0; n < cols; ++n) {
      out.str("| ");
      write_padded(out, at(m, n), w - 2);
      out.str(" ");
    }
    out.str("|\n");
  }
}

// The table of modes (s0, d0, n0) (rows) and (s1, d1, n1) (columns), checked once: its numbers of rows and
// columns fit in an int, and every index m0.index(m) + m1.index(n) of its domain, and its cosize, in long long
// (flat_checks), so that the table's evaluations need no test. (The named overflow error where one does not,
// before anything is printed.)
template <class I>
TESSEL_HOST_DEVICE constexpr void check_table(I const* s0, I const* d0, int n0, I const* s1, I const* d1, int n1) {
  I size0 = 1, lo0 = 0, hi0 = 0, size1 = 1, lo1 = 0, hi1 = 0;
  flat_checks(s0, d0, n0, size0, lo0, hi0);
  flat_checks(s1, d1, n1, size1, lo1, hi1);
  (void)narrow<int>(size0);
  (void)narrow<int>(size1);
  (void)add(lo0, lo1);
  (void)add(add(hi0, hi1), I(1));
}
// The same check of a static layout's table, made by the compiler: where it does not fit, a compile error (the
// overflow's report called in a constant expression), as for any overflow of static integers; no code.
template <class L>
TESSEL_HOST_DEVICE constexpr bool static_table_fits() {
  typename L::shape_type const s{};
  typename L::stride_type const d{};
  auto const a = flat_mode_of(get_leaf<0>(s), get_leaf<0>(d));
  auto const b = flat_mode_of(get_leaf<1>(s), get_leaf<1>(d));
  check_table(a.shape, a.stride, a.leaves, b.shape, b.stride, b.leaves);
  return true;
}
template <class M0, class M1>
struct table_of_modes {  // (m, n) -> index of a Layout, from its two modes' flat values
  M0 m0;
  M1 m1;
  TESSEL_HOST_DEVICE constexpr long long operator()(int m, int n) const { return m0.index(m) + m1.index(n); }
};
template <class L>
struct table_of_layout {  // (m, n) -> index of any layout-like type
  L const& l;
  TESSEL_HOST_DEVICE constexpr long long operator()(int m, int n) const { return static_cast<long long>(l(m, n)); }
};

#if !TESSEL_ON_DEVICE
// The host's table of a Layout through printf: one function for every layout, over the flat values of
// its two modes (flat_mode's index, size and reach, with the number of leaves at run time), so that a
// program instantiates the table's loops once, not once per pair of mode lengths.
struct flat_view {
  long long const* shape;
  long long const* stride;
  int n;
  long long index(long long c) const { return flat_index(shape, stride, n, c); }
  long long size() const { return flat_size(shape, n); }
  long long reach() const { return flat_reach(shape, stride, n); }
};
struct flat_table {
  flat_view m0, m1;
  long long operator()(int m, int n) const { return m0.index(m) + m1.index(n); }
};
// (Out of line: the checks once per program, not once per printed layout type; a template, analysed only where
// a table is drawn.)
template <class V>
[[gnu::noinline]] void check_flat_table(V const m0, V const m1) {
  check_table(m0.shape, m0.stride, m0.n, m1.shape, m1.stride, m1.n);
}
inline void print_flat_table(flat_view m0, flat_view m1) {  // (check_flat_table(m0, m1) done)
  write_table_body(printf_sink{}, int(m0.size()), int(m1.size()), m0.reach() + m1.reach() + 1, flat_table{m0, m1});
}
#endif

TESSEL_NO_EXEC_CHECK
template <class Sink, class L>
TESSEL_HOST_DEVICE void write_layout_table(Sink const& out, L const& l) {
  static_assert(L::rank == 2, "tessel::print_layout: the layout must have rank 2");
#if !TESSEL_ON_DEVICE
  if constexpr (is_layout_v<L> && __is_same(Sink, printf_sink)) {
    auto const s = l.shape();
    auto const d = l.stride();
    auto const a = flat_mode_of(get_leaf<0>(s), get_leaf<0>(d));
    auto const b = flat_mode_of(get_leaf<1>(s), get_leaf<1>(d));
    flat_view const va{a.shape, a.stride, decltype(a)::leaves}, vb{b.shape, b.stride, decltype(b)::leaves};
    if constexpr (__is_empty(L)) static_assert(static_table_fits<L>());
    else check_flat_table(va, vb);
    write(out, l);
    print_flat_table(va, vb);
  } else
#endif
  if constexpr (is_layout_v<L>) {
    auto const s = l.shape();
    auto const d = l.stride();
    table_of_modes<decltype(flat_mode_of(get_leaf<0>(s), get_leaf<0>(d))),
                   decltype(flat_mode_of(get_leaf<1>(s), get_leaf<1>(d)))>
        t{flat_mode_of(get_leaf<0>(s), get_leaf<0>(d)), flat_mode_of(get_leaf<1>(s), get_leaf<1>(d))};
    if constexpr (__is_empty(L)) static_assert(static_table_fits<L>());
    else check_table(t.m0.shape, t.m0.stride, t.m0.leaves, t.m1.shape, t.m1.stride, t.m1.leaves);
    write(out, l);
    write_table_body(out, int(t.m0.size()), int(t.m1.size()), t.m0.reach() + t.m1.reach() + 1, t);
  } else {
    int const rows = narrow<int>(size<0>(l)), cols = narrow<int>(size<1>(l));  // (each evaluation is checked)
    long long const cs = static_cast<long long>(cosize(l));
    write(out, l);
    write_table_body(out, rows, cols, cs, table_of_layout<L>{l});
  }
}
}  // namespace detail

// print(x): integers, tuples, layouts in CuTe's notation, through printf.
// (Host code prints a value of static text, or of a printf format, here, without an instantiation of
// write per printed type.)
template <class T>
TESSEL_HOST_DEVICE void print(T const& x) {
#if !TESSEL_ON_DEVICE
  if constexpr (detail::has_text<T>::value) {
    printf("%s", detail::text_v<T>.s);
  } else if constexpr (detail::has_fmt<T>::value) {
    detail::printf_fmt(x, std::make_index_sequence<detail::fmt_text<T>::count>{});
  } else {
    detail::write(detail::printf_sink{}, x);
  }
#else
  detail::write(detail::printf_sink{}, x);
#endif
}
// print(format, args...): printf, as CuTe's print of a string.
template <class... Args>
TESSEL_HOST_DEVICE void print(char const* format, Args const&... args) {
  if constexpr (sizeof...(Args) == 0) {
    printf("%s", format);
  } else {
    printf(format, args...);
  }
}

// print_layout(L): the table of a rank-2 layout, character for character as
// CuTe prints it.
// Any rank-2 layout-like type: Layout, ComposedLayout.
template <class L> requires requires(L const& l) { l.layout(); L::rank; }
TESSEL_HOST_DEVICE void print_layout(L const& l) {
  detail::write_layout_table(detail::printf_sink{}, l);
}
template <class L> requires requires(L const& l) { l.layout(); L::rank; }
void print_layout(std::ostream& os, L const& l) {
  detail::write_layout_table(detail::ostream_sink{os}, l);
}

template <auto v>
std::ostream& operator<<(std::ostream& os, C<v> const& x) {
  detail::write(detail::ostream_sink{os}, x);
  return os;
}
template <class... T>
std::ostream& operator<<(std::ostream& os, tuple<T...> const& x) {
  detail::write(detail::ostream_sink{os}, x);
  return os;
}
template <class S, class D>
std::ostream& operator<<(std::ostream& os, Layout<S, D> const& x) {
  detail::write(detail::ostream_sink{os}, x);
  return os;
}
template <class Ch, class Tr>
std::basic_ostream<Ch, Tr>& operator<<(std::basic_ostream<Ch, Tr>& os, Underscore) {
  return os << '_';
}

}  // namespace tessel
