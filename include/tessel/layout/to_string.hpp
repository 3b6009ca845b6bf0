// tessel/layout/to_string.hpp: to_string(x) and layout_table(l), print's text as a std::string
// (tessel.hpp includes it). Apart from print.hpp because of <string>, which the core path does
// without (docs/CUTE_DIFFERENCES.md "compile time"); CuTe has neither function.
#pragma once

#include <string>

#include "print.hpp"

namespace TESSEL_NAMESPACE {

namespace detail {
struct string_sink {
  std::string& s;
  template <class P> void str(P const& p) const { s += p; }
  template <class V> void num(V const& v) const { s += std::to_string(v); }
  template <class V> void unum(V const& v) const { s += std::to_string(v); }
  template <class V> void real(V const& v) const { s += std::to_string(v); }  // "%f", as print
};
}  // namespace detail

// to_string(x): what print(x) would print.
template <class T>
std::string to_string(T const& x) {
  std::string s;
  detail::write(detail::string_sink{s}, x);
  return s;
}
// layout_table(l): what print_layout(l) would print.
template <class L>
std::string layout_table(L const& l) {
  std::string s;
  detail::write_layout_table(detail::string_sink{s}, l);
  return s;
}

}  // namespace tessel
