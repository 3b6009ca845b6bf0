// tessel/tensor/pointer.hpp: iterators tagged with the memory they point
// into (global, shared, register), visible in the type and in print.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../layout/print.hpp"
#include "../numeric/subbyte.hpp"

namespace TESSEL_NAMESPACE {

struct gmem_tag { static constexpr char const* name = "gmem_ptr"; };
struct smem_tag { static constexpr char const* name = "smem_ptr"; };
struct rmem_tag { static constexpr char const* name = "rmem_ptr"; };

// A raw pointer that knows its memory space. Behaves like T*.
template <class Tag, class T>
struct tagged_ptr {
  using value_type = std::remove_cv_t<T>;
  using element_type = T;
  using reference = T&;
  using memory_tag = Tag;
  T* ptr_ = nullptr;

  TESSEL_HOST_DEVICE constexpr T* get() const { return ptr_; }
  TESSEL_HOST_DEVICE constexpr T& operator*() const { return *ptr_; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr T& operator[](I const& i) const { return ptr_[i]; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr tagged_ptr operator+(I const& i) const { return {ptr_ + i}; }
  TESSEL_HOST_DEVICE constexpr friend bool operator==(tagged_ptr a, tagged_ptr b) { return a.ptr_ == b.ptr_; }
  TESSEL_HOST_DEVICE constexpr friend bool operator<(tagged_ptr a, tagged_ptr b) { return a.ptr_ < b.ptr_; }
  TESSEL_HOST_DEVICE constexpr friend bool operator<=(tagged_ptr a, tagged_ptr b) { return a.ptr_ <= b.ptr_; }
  TESSEL_HOST_DEVICE constexpr friend bool operator>(tagged_ptr a, tagged_ptr b) { return a.ptr_ > b.ptr_; }
  TESSEL_HOST_DEVICE constexpr friend bool operator>=(tagged_ptr a, tagged_ptr b) { return a.ptr_ >= b.ptr_; }
};

// gmem_ptr<T*> (CuTe's spelling, the wrapped pointer type) and gmem_ptr<T>
// (the element type) name the same type.
template <class P> using gmem_ptr = tagged_ptr<gmem_tag, std::remove_pointer_t<P>>;
template <class P> using smem_ptr = tagged_ptr<smem_tag, std::remove_pointer_t<P>>;
template <class P> using rmem_ptr = tagged_ptr<rmem_tag, std::remove_pointer_t<P>>;

template <class T> TESSEL_HOST_DEVICE constexpr gmem_ptr<T> make_gmem_ptr(T* p) { return {p}; }
template <class T> TESSEL_HOST_DEVICE constexpr smem_ptr<T> make_smem_ptr(T* p) { return {p}; }
template <class T> TESSEL_HOST_DEVICE constexpr rmem_ptr<T> make_rmem_ptr(T* p) { return {p}; }
template <class T> TESSEL_HOST_DEVICE gmem_ptr<T> make_gmem_ptr(void* p) { return {static_cast<T*>(p)}; }
template <class T> TESSEL_HOST_DEVICE gmem_ptr<T const> make_gmem_ptr(void const* p) { return {static_cast<T const*>(p)}; }
template <class T> TESSEL_HOST_DEVICE smem_ptr<T> make_smem_ptr(void* p) { return {static_cast<T*>(p)}; }
template <class T> TESSEL_HOST_DEVICE smem_ptr<T const> make_smem_ptr(void const* p) { return {static_cast<T const*>(p)}; }
// A null pointer of element type T.
template <class T> TESSEL_HOST_DEVICE constexpr gmem_ptr<T> make_gmem_ptr(std::nullptr_t) { return {}; }
template <class T> TESSEL_HOST_DEVICE constexpr smem_ptr<T> make_smem_ptr(std::nullptr_t) { return {}; }
template <class T> TESSEL_HOST_DEVICE constexpr rmem_ptr<T> make_rmem_ptr(std::nullptr_t) { return {}; }

template <class T> TESSEL_HOST_DEVICE constexpr T* raw_pointer_cast(T* p) { return p; }
template <class Tag, class T> TESSEL_HOST_DEVICE constexpr T* raw_pointer_cast(tagged_ptr<Tag, T> p) { return p.get(); }

// is_sparse<T>: whether T is a sparse element type (CuTe's sparse_elem); tessel
// has no sparse element types, so none is.
template <class T> struct is_sparse : std::false_type {};
template <class T> inline constexpr bool is_sparse_v = is_sparse<T>::value;

// recast_ptr<T>(p): p as a pointer to T (T takes p's const), of p's memory
// kind (gmem/smem/rmem tags are kept), as CuTe's. Elements of at least 8 bits.
template <class NewT, class T>
TESSEL_HOST_DEVICE constexpr auto recast_ptr(T* p) {
  using N = std::conditional_t<std::is_const_v<T>, NewT const, NewT>;
  static_assert(sizeof_bits_v<std::remove_cv_t<NewT>> >= 8,
                "tessel::recast_ptr: sub-byte element types need a sub-byte iterator (not supported here)");
  return reinterpret_cast<N*>(p);
}
template <class NewT>
TESSEL_HOST_DEVICE constexpr NewT* recast_ptr(std::nullptr_t) { return nullptr; }
template <class NewT, class Tag, class T>
TESSEL_HOST_DEVICE constexpr auto recast_ptr(tagged_ptr<Tag, T> p) {
  using N = std::remove_pointer_t<decltype(recast_ptr<NewT>(p.get()))>;
  return tagged_ptr<Tag, N>{recast_ptr<NewT>(p.get())};
}

template <class P> struct memory_tag_of { using type = void; };
template <class Tag, class T> struct memory_tag_of<tagged_ptr<Tag, T>> { using type = Tag; };

// is_gmem<P>, is_smem<P>: P is a global (shared) memory pointer, or has a
// member type `iterator` that is one (a Tensor, an engine, an iter_adaptor);
// is_rmem<P>: P is an rmem_ptr, or is neither of the two (a raw T* is register
// or unknown memory), as CuTe's. The _v variables are their values.
template <class P, class = void>
struct is_gmem : false_type {};
template <class T>
struct is_gmem<tagged_ptr<gmem_tag, T>> : true_type {};
template <class P>
struct is_gmem<P, std::void_t<typename P::iterator>> : is_gmem<typename P::iterator> {};
template <class P, class = void>
struct is_smem : false_type {};
template <class T>
struct is_smem<tagged_ptr<smem_tag, T>> : true_type {};
template <class P>
struct is_smem<P, std::void_t<typename P::iterator>> : is_smem<typename P::iterator> {};
template <class P>
struct is_rmem : bool_constant<!(is_gmem<P>::value || is_smem<P>::value)> {};
template <class T>
struct is_rmem<tagged_ptr<rmem_tag, T>> : true_type {};
template <class P> inline constexpr bool is_gmem_v = is_gmem<P>::value;
template <class P> inline constexpr bool is_smem_v = is_smem<P>::value;
template <class P> inline constexpr bool is_rmem_v = is_rmem<P>::value;

// The types an iterator I refers to, as CuTe's (<cute/pointer_base.hpp>):
// iter_reference<I>::type, I::reference if I has one, else the type of *i;
// iter_element<I>::type, I::element_type if any, else the reference without
// its &; iter_value<I>::type, I::value_type if any, else the element without
// const/volatile. iterator_traits<I> gathers the three; has_dereference<T>
// says whether *t compiles for an lvalue t.
template <class I>
struct iter_reference {
  using type = decltype(*std::declval<I&>());
};
template <class I>
  requires requires { typename I::reference; }
struct iter_reference<I> {
  using type = typename I::reference;
};
template <class I> using iter_reference_t = typename iter_reference<I>::type;
template <class I>
struct iter_element {
  using type = std::remove_reference_t<iter_reference_t<I>>;
};
template <class I>
  requires requires { typename I::element_type; }
struct iter_element<I> {
  using type = typename I::element_type;
};
template <class I> using iter_element_t = typename iter_element<I>::type;
template <class I>
struct iter_value {
  using type = std::remove_cv_t<iter_element_t<I>>;
};
template <class I>
  requires requires { typename I::value_type; }
struct iter_value<I> {
  using type = typename I::value_type;
};
template <class I> using iter_value_t = typename iter_value<I>::type;
template <class I>
struct iterator_traits {
  using reference = iter_reference_t<I>;
  using element_type = iter_element_t<I>;
  using value_type = iter_value_t<I>;
};
template <class T>
struct has_dereference : std::bool_constant<requires(T& t) { *t; }> {};

// iter_adaptor<I, Derived>: a base for an iterator type Derived that wraps an
// iterator I (ptr_) and adds meaning (a swizzle, a tag): it dereferences and
// indexes as I, `+` gives a Derived, and two Deriveds compare by their ptr_.
template <class I, class Derived>
struct iter_adaptor {
  using iterator = I;
  using reference = typename iterator_traits<I>::reference;
  using element_type = typename iterator_traits<I>::element_type;
  using value_type = typename iterator_traits<I>::value_type;
  iterator ptr_;

  TESSEL_HOST_DEVICE constexpr iter_adaptor(iterator ptr = {}) : ptr_(ptr) {}
  TESSEL_HOST_DEVICE constexpr reference operator*() const { return *ptr_; }
  template <class Index>
  TESSEL_HOST_DEVICE constexpr reference operator[](Index const& i) const { return ptr_[i]; }
  template <class Index>
  TESSEL_HOST_DEVICE constexpr Derived operator+(Index const& i) const { return {ptr_ + i}; }
  TESSEL_HOST_DEVICE constexpr iterator get() const { return ptr_; }
  TESSEL_HOST_DEVICE friend constexpr bool operator==(Derived const& a, Derived const& b) { return a.ptr_ == b.ptr_; }
  TESSEL_HOST_DEVICE friend constexpr bool operator!=(Derived const& a, Derived const& b) { return a.ptr_ != b.ptr_; }
  TESSEL_HOST_DEVICE friend constexpr bool operator<(Derived const& a, Derived const& b) { return a.ptr_ < b.ptr_; }
  TESSEL_HOST_DEVICE friend constexpr bool operator<=(Derived const& a, Derived const& b) { return a.ptr_ <= b.ptr_; }
  TESSEL_HOST_DEVICE friend constexpr bool operator>(Derived const& a, Derived const& b) { return a.ptr_ > b.ptr_; }
  TESSEL_HOST_DEVICE friend constexpr bool operator>=(Derived const& a, Derived const& b) { return a.ptr_ >= b.ptr_; }
};
template <class I, class D>
TESSEL_HOST_DEVICE constexpr auto raw_pointer_cast(iter_adaptor<I, D> const& x) {
  return raw_pointer_cast(x.ptr_);
}

// Element width in bits (sizeof_bits_v), as the [32b] of CuTe's pointer
// printing, is in ../numeric/subbyte.hpp.

// print: ptr[32b](0x...), gmem_ptr[16b](0x...), ...
template <class T> requires(!std::is_same_v<std::remove_cv_t<T>, char>)
TESSEL_HOST_DEVICE void print(T* p) {
  printf("ptr[%db](%p)", sizeof_bits_v<T>, static_cast<void const*>(p));
}
template <class Tag, class T>
TESSEL_HOST_DEVICE void print(tagged_ptr<Tag, T> p) {
  printf("%s[%db](%p)", Tag::name, sizeof_bits_v<T>, static_cast<void const*>(p.get()));
}
// os << p: gmem_[32b], the tag and the element width without the address, as CuTe's operator<< (print
// writes gmem_ptr[32b](0x...)). A template on the stream: <iosfwd> is enough here.
template <class Ch, class Tr, class Tag, class T>
std::basic_ostream<Ch, Tr>& operator<<(std::basic_ostream<Ch, Tr>& os, tagged_ptr<Tag, T> const& p) {
  (void)p;
  for (char const* c = Tag::name; *c; ++c) {  // "gmem_ptr" -> "gmem_"
    os << *c;
    if (*c == '_') break;
  }
  return os << '[' << int(sizeof_bits_v<T>) << "b]";
}

}  // namespace tessel
