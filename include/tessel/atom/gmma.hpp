// tessel/atom/gmma.hpp: Hopper's shared-memory layout atoms for warpgroup
// MMA (wgmma), with CuTe's names: GMMA::Major, GMMA::Layout_{K,MN}_{INTER,
// SW32,SW64,SW128}_Atom<T>, and the flagged swizzle layouts they are made of.
//
// An atom is 8 rows of 16, 32, 64 or 128 bytes (K-major: a row runs along K;
// MN-major: along M or N), swizzled by Swizzle<0..3, 4, 3> acting on byte
// addresses (16-byte chunks XOR-ed with the row within 8 rows of 128 bytes),
// as ComposedLayout<Swizzle, smem_ptr_flag_bits<sizeof_bits<T>>, layout in
// elements of T>. The flag stands for the shared-memory pointer still to come:
// make_tensor(smem_ptr<T>, layout) moves the swizzle from bytes to elements of
// T and checks that the pointer is aligned to the swizzle's period.
// tile_to_shape(atom, shape) tiles an atom to a whole shared-memory tile.
// (wgmma itself, its matrix descriptors, TMA and mbarriers are not here yet.)
#pragma once

#include <cstdint>

#include "../swizzle/composed_algebra.hpp"  // upcast/downcast of a Swizzle
#include "../swizzle/composed_layout.hpp"
#include "../tensor/tensor.hpp"

namespace TESSEL_NAMESPACE {

// The placeholder of a shared-memory pointer to elements of Bits bits (an
// offset of 0 in the composed layout). Prints as smem_ptr[<Bits>b](unset).
template <int Bits>
struct smem_ptr_flag_bits : C<0> {};
using smem_ptr_flag = smem_ptr_flag_bits<1>;

namespace detail {
template <int Bits> struct has_text<smem_ptr_flag_bits<Bits>> : std::true_type {};
template <int Bits> struct static_text<smem_ptr_flag_bits<Bits>> {
  static constexpr int size = 9 + num_len(Bits) + 9;  // "smem_ptr[" Bits "b](unset)"
  TESSEL_HOST_DEVICE static constexpr void put(char* p, int& n) {
    put_text(p, n, "smem_ptr[");
    put_num(p, n, Bits);
    put_text(p, n, "b](unset)");
  }
};
}  // namespace detail

template <int Bits>
TESSEL_HOST_DEVICE void print(smem_ptr_flag_bits<Bits>) { printf("smem_ptr[%db](unset)", Bits); }

// tile_to_shape(Sw o flag o L, shape, order): the swizzle and the flag kept, L tiled.
template <class Sw, int Bits, class L, class T, class O = LayoutLeft>
TESSEL_HOST_DEVICE constexpr auto tile_to_shape(ComposedLayout<Sw, smem_ptr_flag_bits<Bits>, L> const& c, T const& target,
                                                O const& order = {}) {
  return make_composed_layout(c.layout_a(), smem_ptr_flag_bits<Bits>{}, tile_to_shape(c.layout_b(), target, order));
}

// make_tensor(smem_ptr<T>, Sw o flag o L): a shared-memory tensor of L whose
// element offsets go through the swizzle, moved from bytes to elements of T
// (Swizzle<B, M, S> on bytes is Swizzle<B, M - log2(sizeof(T)), S> on
// elements; the pointer must be aligned to the swizzle's 2^(M+S+B)-byte period).
template <class T, int B, int M, int S, int Bits, class L>
TESSEL_HOST_DEVICE constexpr auto make_tensor(tagged_ptr<smem_tag, T> const& ptr, ComposedLayout<Swizzle<B, M, S>, smem_ptr_flag_bits<Bits>, L> const& c) {
  static_assert(Bits == sizeof_bits_v<std::remove_cv_t<T>>,
                "tessel::make_tensor: the layout was made for elements of another size than the pointer's");
  constexpr int log2_bytes = sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : sizeof(T) == 8 ? 3 : sizeof(T) == 16 ? 4 : -1;
  static_assert(log2_bytes >= 0 && log2_bytes <= M, "tessel::make_tensor: the swizzle's 16-byte unit is not whole elements");
  if constexpr (B > 0) {
    TESSEL_CHECK(reinterpret_cast<std::uintptr_t>(ptr.get()) % (std::uintptr_t(1) << (M + S + B)) == 0,
                 "make_tensor: the shared memory is not aligned to the swizzle's period (2^(M+S+B) bytes)");
  }
  return make_view(ptr, make_composed_layout(Swizzle<B, M - log2_bytes, S>{}, Int<0>{}, c.layout_b()));
}

// as_position_independent_swizzle_layout(Sw o flag<Bits> o L): the swizzle moved
// from bytes to elements of Bits bits, composed with L at offset 0 (just L when
// the swizzle is the identity), as CuTe's.
template <int B, int M, int S, int Bits, class L>
TESSEL_HOST_DEVICE constexpr auto as_position_independent_swizzle_layout(
    ComposedLayout<Swizzle<B, M, S>, smem_ptr_flag_bits<Bits>, L> const& c) {
  static_assert(Bits > 0 && (Bits & (Bits - 1)) == 0, "tessel::as_position_independent_swizzle_layout: elements of 2^k bits");
  if constexpr (Bits >= 8) {
    return composition(upcast<Bits / 8>(c.layout_a()), Int<0>{}, c.layout_b());
  } else {
    return composition(downcast<8 / Bits>(c.layout_a()), Int<0>{}, c.layout_b());
  }
}

// as_position_independent_swizzle_tensor(t): t, a shared-memory tensor, with its
// swizzle in its layout on elements of its type (Sw o 0 o L), independent of
// where a slice of it starts. tessel's shared-memory tensors are always in that
// form (make_tensor above moves the swizzle into the layout and checks the
// alignment), so it returns t; CuTe's moves a swizzle out of the pointer.
template <class Tn>
  requires is_tensor_v<Tn>
TESSEL_HOST_DEVICE constexpr auto as_position_independent_swizzle_tensor(Tn&& t) {
  static_assert(is_smem_v<typename std::remove_cvref_t<Tn>::iterator>,
                "tessel::as_position_independent_swizzle_tensor: a shared-memory tensor");
  return std::forward<Tn>(t);
}

namespace GMMA {

// Which mode of A (M x K) or B (N x K) is contiguous in shared memory.
enum class Major { K = 0, MN = 1 };

namespace detail {
// 8 rows of RowBytes bytes: K-major (rows along K) or MN-major (rows along M/N).
template <class T, int SwBits, int RowBytes, bool KMajor>
struct atom {
  static constexpr int bits = sizeof_bits_v<T>;
  static_assert((RowBytes * 8) % bits == 0, "tessel::GMMA: the element size does not divide a row of the atom");
  using E = Int<RowBytes * 8 / bits>;  // elements per row
  using inner = std::conditional_t<KMajor, Layout<Shape<_8, E>, Stride<E, _1>>, Layout<Shape<E, _8>, Stride<_1, E>>>;
  using type = ComposedLayout<Swizzle<SwBits, 4, 3>, smem_ptr_flag_bits<bits>, inner>;
};
}  // namespace detail

// K-major atoms: no swizzle (16-byte rows), 32-, 64-, 128-byte swizzles.
template <class T> using Layout_K_INTER_Atom = typename detail::atom<T, 0, 16, true>::type;
template <class T> using Layout_K_SW32_Atom = typename detail::atom<T, 1, 32, true>::type;
template <class T> using Layout_K_SW64_Atom = typename detail::atom<T, 2, 64, true>::type;
template <class T> using Layout_K_SW128_Atom = typename detail::atom<T, 3, 128, true>::type;
// MN-major atoms.
template <class T> using Layout_MN_INTER_Atom = typename detail::atom<T, 0, 16, false>::type;
template <class T> using Layout_MN_SW32_Atom = typename detail::atom<T, 1, 32, false>::type;
template <class T> using Layout_MN_SW64_Atom = typename detail::atom<T, 2, 64, false>::type;
template <class T> using Layout_MN_SW128_Atom = typename detail::atom<T, 3, 128, false>::type;

// The same, chosen by Major.
template <Major Mj, class T> using Layout_INTER_Atom = std::conditional_t<Mj == Major::K, Layout_K_INTER_Atom<T>, Layout_MN_INTER_Atom<T>>;
template <Major Mj, class T> using Layout_SW32_Atom = std::conditional_t<Mj == Major::K, Layout_K_SW32_Atom<T>, Layout_MN_SW32_Atom<T>>;
template <Major Mj, class T> using Layout_SW64_Atom = std::conditional_t<Mj == Major::K, Layout_K_SW64_Atom<T>, Layout_MN_SW64_Atom<T>>;
template <Major Mj, class T> using Layout_SW128_Atom = std::conditional_t<Mj == Major::K, Layout_K_SW128_Atom<T>, Layout_MN_SW128_Atom<T>>;

}  // namespace GMMA

}  // namespace tessel
