// tessel/int/type_utils.hpp: two small utilities of CuTe's:
// static_value<Trait>(), Trait::value as a static Int when it is an integer (and
// the value itself otherwise), from <cute/numeric/integral_constant.hpp>; and
// conditional_template<B, True, False>::type<U...>, a choice between two class
// templates, and tuple_element<I, T>, std::tuple_element<I, T> for every T the
// standard one knows (tessel's tuple and array, std::tuple, std::pair, their
// const forms), from <cute/util/type_traits.hpp>. (tessel's tuple_element_t,
// tuple/tuple.hpp, keeps const as this does, and takes a reference as the tuple it names.)
#pragma once

#include <cstddef>
#include <type_traits>

#include "../config.hpp"
#include "integral.hpp"

namespace TESSEL_NAMESPACE {

template <class Trait>
TESSEL_HOST_DEVICE constexpr auto static_value() {
  if constexpr (std::is_integral<std::remove_cv_t<decltype(Trait::value)>>::value) {
    return Int<Trait::value>{};
  } else {
    return Trait::value;
  }
}

template <bool B, template <class...> class True, template <class...> class False>
struct conditional_template {
  template <class... U>
  using type = True<U...>;
};
template <template <class...> class True, template <class...> class False>
struct conditional_template<false, True, False> {
  template <class... U>
  using type = False<U...>;
};

template <std::size_t I, class T, class = void>
struct tuple_element;
template <std::size_t I, class T>
struct tuple_element<I, T, std::void_t<typename std::tuple_element<I, T>::type>> : std::tuple_element<I, T> {};

}  // namespace TESSEL_NAMESPACE
