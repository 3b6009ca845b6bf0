// tessel/numeric/complex.hpp: complex<T>, a complex number usable in host and
// device code (std::complex is host-only), with the operations tensor
// algorithms need: arithmetic, equality, conj, and the conjugate functor.
#pragma once

#include <iosfwd>

#include "../config.hpp"
#include "cutlass_types.hpp"

#if defined(TESSEL_HAS_CUTLASS_TYPES) && __has_include(<cutlass/complex.h>)
// In the CuTe drop-in with CUTLASS on the include path, complex is CUTLASS's (as
// CuTe's is), with CUTLASS's real, imag, conj and is_complex: a CuTe program's
// cutlass::complex<double> and cute::complex<double> are one type.
#  include <cutlass/complex.h>
#  define TESSEL_COMPLEX_IS_CUTLASS 1
namespace TESSEL_NAMESPACE {
using cutlass::complex;
using cutlass::conj;
using cutlass::imag;
using cutlass::is_complex;
using cutlass::real;
}  // namespace TESSEL_NAMESPACE
#else
namespace TESSEL_NAMESPACE {

template <class T>
struct complex {
  T re_ = T(0);
  T im_ = T(0);

  constexpr complex() = default;
  TESSEL_HOST_DEVICE constexpr complex(T const& re, T const& im = T(0)) : re_(re), im_(im) {}

  TESSEL_HOST_DEVICE constexpr T real() const { return re_; }
  TESSEL_HOST_DEVICE constexpr T imag() const { return im_; }
  TESSEL_HOST_DEVICE constexpr void real(T const& v) { re_ = v; }
  TESSEL_HOST_DEVICE constexpr void imag(T const& v) { im_ = v; }

  TESSEL_HOST_DEVICE constexpr complex& operator+=(complex const& o) { re_ += o.re_; im_ += o.im_; return *this; }
  TESSEL_HOST_DEVICE constexpr complex& operator-=(complex const& o) { re_ -= o.re_; im_ -= o.im_; return *this; }
  TESSEL_HOST_DEVICE constexpr complex& operator*=(complex const& o) { return *this = *this * o; }

  // The sum, difference and product of complex numbers.
  TESSEL_HOST_DEVICE friend constexpr complex operator+(complex a, complex const& b) { return a += b; }
  TESSEL_HOST_DEVICE friend constexpr complex operator-(complex a, complex const& b) { return a -= b; }
  TESSEL_HOST_DEVICE friend constexpr complex operator*(complex const& a, complex const& b) {
    return {a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_};
  }
  TESSEL_HOST_DEVICE friend constexpr complex operator-(complex const& a) { return {-a.re_, -a.im_}; }
  TESSEL_HOST_DEVICE friend constexpr bool operator==(complex const& a, complex const& b) {
    return a.re_ == b.re_ && a.im_ == b.im_;
  }
  TESSEL_HOST_DEVICE friend constexpr bool operator!=(complex const& a, complex const& b) { return !(a == b); }
};

template <class T> struct is_complex : std::false_type {};
template <class T> struct is_complex<complex<T>> : std::true_type {};

// The real and imaginary parts; a real number is its own real part.
template <class T> TESSEL_HOST_DEVICE constexpr T real(complex<T> const& z) { return z.real(); }
template <class T> TESSEL_HOST_DEVICE constexpr T imag(complex<T> const& z) { return z.imag(); }

// The complex conjugate; a real number is its own conjugate.
template <class T> TESSEL_HOST_DEVICE constexpr complex<T> conj(complex<T> const& z) { return {z.real(), -z.imag()}; }
template <class T> requires std::is_arithmetic_v<T>
TESSEL_HOST_DEVICE constexpr T conj(T const& x) { return x; }

}  // namespace TESSEL_NAMESPACE
#endif  // TESSEL_HAS_CUTLASS_TYPES

namespace TESSEL_NAMESPACE {
// conj as a function object.
struct conjugate {
  template <class T>
  TESSEL_HOST_DEVICE constexpr auto operator()(T const& x) const { return conj(x); }
};

#if !defined(TESSEL_COMPLEX_IS_CUTLASS)
// Prints as (re,im).
// (A template on the stream, so that <iosfwd> is enough here: layout/print.hpp.)
template <class Ch, class Tr, class T>
std::basic_ostream<Ch, Tr>& operator<<(std::basic_ostream<Ch, Tr>& os, complex<T> const& z) {
  return os << "(" << z.real() << "," << z.imag() << ")";
}
#endif

}  // namespace tessel
