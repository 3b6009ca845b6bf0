// tessel/layout/print.hpp: CuTe's notation. Static integers print as _8,
// dynamic ones as 8, tuples as (a,b), layouts as shape:stride, and
// print_layout draws the 2-D table of a rank-2 layout.
//
// Everything is written through a small sink, so that print (printf, usable
// in device code), operator<< and to_string share one formatter.
#pragma once

#include <ostream>
#include <sstream>
#include <string>

#include "layout.hpp"

namespace tessel {

namespace detail {
struct printf_sink {
  TESSEL_HOST_DEVICE void str(char const* s) const { printf("%s", s); }
  TESSEL_HOST_DEVICE void num(long long v) const { printf("%lld", v); }
  TESSEL_HOST_DEVICE void unum(unsigned long long v) const { printf("%llu", v); }
};
struct ostream_sink {
  std::ostream& os;
  void str(char const* s) const { os << s; }
  void num(long long v) const { os << v; }
  void unum(unsigned long long v) const { os << v; }
};

template <class Sink, class T, std::size_t... I>
TESSEL_HOST_DEVICE void write_elements(Sink const& out, T const& x, std::index_sequence<I...>);

TESSEL_NO_EXEC_CHECK
template <class Sink, class T>
TESSEL_HOST_DEVICE void write(Sink const& out, T const& x) {
  if constexpr (StaticInt<T>) {
    out.str("_");
    typename T::value_type const v = T::value;  // a copy: device code may not odr-use T::value
    write(out, v);
  } else if constexpr (std::is_same_v<T, bool>) {
    out.str(x ? "true" : "false");
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
  } else {
    static_assert(sizeof(T) == 0, "tessel::print: no printer for this type");
  }
}

// The elements of a tuple, comma separated. (A function, not a lambda in
// write: TESSEL_NO_EXEC_CHECK does not reach into lambdas.)
TESSEL_NO_EXEC_CHECK
template <class Sink, class T, std::size_t... I>
TESSEL_HOST_DEVICE void write_elements(Sink const& out, T const& x, std::index_sequence<I...>) {
  ((I == 0 ? void() : out.str(","), write(out, get<I>(x))), ...);
}

// v right-aligned in a field of the given width (printf's %*d).
TESSEL_NO_EXEC_CHECK
template <class Sink>
TESSEL_HOST_DEVICE void write_padded(Sink const& out, long long v, int width) {
  for (int pad = width - num_digits(v) - (v < 0 ? 1 : 0); pad > 0; --pad) out.str(" ");
  out.num(v);
}

TESSEL_NO_EXEC_CHECK
template <class Sink, class L>
TESSEL_HOST_DEVICE void write_layout_table(Sink const& out, L const& l) {
  static_assert(L::rank == 2, "tessel::print_layout: the layout must have rank 2");
  int const w = num_digits(static_cast<long long>(cosize(l))) + 2;
  auto rule = [&] {
    out.str("    ");
    for (int n = 0; n < int(size<1>(l)); ++n) {
      out.str("+");
      for (int k = 0; k < w; ++k) out.str("-");
    }
    out.str("+\n");
  };
  write(out, l);
  out.str("\n    ");
  for (int n = 0; n < int(size<1>(l)); ++n) {
    out.str("  ");
    write_padded(out, n, w - 2);
    out.str(" ");
  }
  out.str("\n");
  for (int m = 0; m < int(size<0>(l)); ++m) {
    rule();
    write_padded(out, m, 2);
    out.str("  ");
    for (int n = 0; n < int(size<1>(l)); ++n) {
      out.str("| ");
      write_padded(out, static_cast<long long>(l(m, n)), w - 2);
      out.str(" ");
    }
    out.str("|\n");
  }
  rule();
}
}  // namespace detail

// print(x): integers, tuples, layouts in CuTe's notation, through printf.
template <class T>
TESSEL_HOST_DEVICE void print(T const& x) {
  detail::write(detail::printf_sink{}, x);
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
inline std::ostream& operator<<(std::ostream& os, Underscore) { return os << '_'; }

// to_string(x): what print(x) would print.
template <class T>
std::string to_string(T const& x) {
  std::ostringstream os;
  detail::write(detail::ostream_sink{os}, x);
  return os.str();
}
template <class L>
std::string layout_table(L const& l) {
  std::ostringstream os;
  print_layout(os, l);
  return os.str();
}

}  // namespace tessel
