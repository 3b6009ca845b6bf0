// tessel/atom/gmma_desc.hpp: the shared-memory matrix descriptors of Hopper's
// warpgroup MMA (wgmma), with CuTe's names: GmmaDescriptor (the 64-bit word
// and its fields), GMMA::LayoutType, GMMA::make_gmma_desc<Major>(smem tensor),
// GMMA::DescriptorIterator and GMMA::smem_desc<Major> (the fragment type of an
// SS operand: partition_fragment_A/B of such an MMA are tensors of descriptors).
//
// A descriptor describes one operand tile of one wgmma (M or N rows by 32 bytes
// of K) in units of 16 bytes (u128): its start address, the swizzle (none, 32,
// 64, 128 bytes), and two strides, LBO ("leading") and SBO ("stride"). The tile
// must be one of the canonical layouts the hardware reads (u128 units, W = 1,
// 2, 4, 8 for no swizzle, 32, 64, 128 bytes):
//   K-major   ((8,n),2):((W,SBO),LBO)            (LBO = 1 when swizzled)
//   MN-major  swizzled   ((W,n),(8,k)):((1,LBO),(W,SBO))
//             no swizzle ((1,n),(8,k)):((-,SBO),(1,LBO))
// (an MN-major tile narrower than W, m < W, is the first m units of each row).
// make_gmma_desc checks every element of the tile against the form (static
// layouts: a compile error naming what differs) and reads LBO and SBO off it; a
// rest mode of size 1 gives 0, as CuTe. Tiles made by tile_to_shape of the
// GMMA::Layout_*_Atom<T> of gmma.hpp are canonical.
#pragma once

#include <cstdint>

#include "gmma.hpp"

namespace TESSEL_NAMESPACE {

// The 64-bit wgmma matrix descriptor. Fields (in 16-byte units where an address):
// bits [0,14) start address >> 4, [16,30) leading byte offset >> 4, [32,46)
// stride byte offset >> 4, [49,52) base offset, [62,64) layout type.
union GmmaDescriptor {
  TESSEL_HOST_DEVICE constexpr GmmaDescriptor() noexcept : desc_(0) {}
  TESSEL_HOST_DEVICE constexpr GmmaDescriptor(std::uint64_t d) noexcept : desc_(d) {}

  std::uint64_t desc_;
  std::uint32_t reg32_[2];
  std::uint16_t reg16_[4];
  struct {
    std::uint16_t start_address_ : 14, : 2;
    std::uint16_t leading_byte_offset_ : 14, : 2;
    std::uint16_t stride_byte_offset_ : 14, : 2;
    std::uint8_t : 1, base_offset_ : 3, : 4;
    std::uint8_t : 6, layout_type_ : 2;
  } bitfield;

  TESSEL_HOST_DEVICE constexpr operator std::uint64_t() const noexcept { return desc_; }
};

namespace GMMA {

// The swizzle field of a descriptor.
enum class LayoutType : std::uint8_t { INTERLEAVE = 0, B128 = 1, B64 = 2, B32 = 3 };

TESSEL_HOST_DEVICE constexpr char const* to_string(LayoutType t) {
  switch (t) {
    case LayoutType::INTERLEAVE: return "INTERLEAVE";
    case LayoutType::B128: return "B128";
    case LayoutType::B64: return "B64";
    case LayoutType::B32: return "B32";
  }
  return "?";
}

}  // namespace GMMA

// print(desc): CuTe's format (the word, then each field).
TESSEL_HOST_DEVICE void print(GmmaDescriptor const& t) {
  std::uint64_t const d = t.desc_;
  unsigned const sa = unsigned(d & 0x3FFF), lo = unsigned((d >> 16) & 0x3FFF), so = unsigned((d >> 32) & 0x3FFF);
  unsigned const bo = unsigned((d >> 49) & 7), lt = unsigned(d >> 62);
  printf("GmmaDescriptor: 0x%016llx\n", static_cast<unsigned long long>(d));
  printf("  start_addr :  0x%04x\n", sa);
  printf("  leading_off:  0x%04x (%d)\n", lo, int(lo));
  printf("  stride_off :  0x%04x (%d)\n", so, int(so));
  printf("  base_offset:  0x%01x\n", bo);
  printf("  layout_type:  0x%01x (%s)\n", lt, GMMA::to_string(static_cast<GMMA::LayoutType>(lt)));
}

namespace GMMA {

namespace detail {
// The shared-memory address of p (device: the shared window's; host: the low
// 18 bits of the address, so a buffer aligned to 2^18 bytes starts at 0).
TESSEL_HOST_DEVICE std::uint32_t smem_address(void const* p) {
#if defined(__CUDA_ARCH__)
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
#else
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p) & 0x3FFFF);
#endif
}

// log2 of the bytes of T (1, 2, 4, 8, 16 bytes), -1 otherwise.
template <class T>
inline constexpr int log2_bytes = sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : sizeof(T) == 8 ? 3 : sizeof(T) == 16 ? 4 : -1;

// A shared-memory tensor's swizzle bits B (0 without a swizzle), checked to be
// one a descriptor can say: Swizzle<B, 4, 3> on bytes.
template <class T, class L> struct desc_swizzle {
  static_assert(sizeof(L) < 0, "tessel::make_gmma_desc: the tensor's layout is not a (swizzled) shared-memory layout");
};
template <class T, class S, class D> struct desc_swizzle<T, Layout<S, D>> {
  static constexpr int bits = 0;
};
template <class T, int B, int M, int S, class O, class L> struct desc_swizzle<T, ComposedLayout<Swizzle<B, M, S>, O, L>> {
  static_assert(M + log2_bytes<T> == 4 && S == 3 && B >= 0 && B <= 3,
                "tessel::make_gmma_desc: the swizzle is not one of wgmma's (Swizzle<0..3,4,3> on bytes: build the "
                "layout from GMMA::Layout_*_Atom)");
  static constexpr int bits = B;
};

// The inner layout and the element offset (swizzled) of the first element.
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto inner_layout(Layout<S, D> const& l) { return l; }
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto inner_layout(ComposedLayout<A, O, L> const& c) { return c.layout_b(); }
template <class S, class D>
TESSEL_HOST_DEVICE constexpr long long first_offset(Layout<S, D> const&) { return 0; }
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr long long first_offset(ComposedLayout<A, O, L> const& c) { return (long long)c.layout_a()(c.offset()); }

struct canon {
  bool ok;          // the layout has the canonical form
  long long lbo;    // in 16-byte units
  long long sbo;
  int what;         // 0: ok, 1: shape, 2: an element differs
};

// Reads LBO and SBO off U (the tile in 16-byte units, rank 2, static) and checks
// every element against the canonical form of Major for W = 2^B units per row.
template <bool KMajor, int W, class U>
TESSEL_HOST_DEVICE constexpr canon check_canonical(U const& u) {
  constexpr long long m = decltype(size<0>(U{}))::value, k = decltype(size<1>(U{}))::value;
  canon c{true, 0, 0, 0};
  if constexpr (KMajor) {
    if (m % 8 != 0 || k != 2) return {false, 0, 0, 1};
    c.sbo = m > 8 ? (long long)u(8, 0) : 0;
    c.lbo = (long long)u(0, 1);
    if (W > 1 && c.lbo != 1) return {false, 0, 0, 2};
    for (long long i = 0; i < m; ++i)
      for (long long j = 0; j < 2; ++j)
        if ((long long)u(i, j) != (i % 8) * W + (i / 8) * c.sbo + j * c.lbo) return {false, 0, 0, 2};
  } else {
    if ((m % W != 0 && W % m != 0) || k % 8 != 0) return {false, 0, 0, 1};  // m < W: part of a swizzle row
    if (W == 1) {
      c.sbo = m > 1 ? (long long)u(1, 0) : 0;
      c.lbo = k > 8 ? (long long)u(0, 8) : 0;
      for (long long i = 0; i < m; ++i)
        for (long long j = 0; j < k; ++j)
          if ((long long)u(i, j) != i * c.sbo + (j % 8) + (j / 8) * c.lbo) return {false, 0, 0, 2};
    } else {
      c.lbo = m > W ? (long long)u(W, 0) : 0;
      c.sbo = k > 8 ? (long long)u(0, 8) : 0;
      for (long long i = 0; i < m; ++i)
        for (long long j = 0; j < k; ++j)
          if ((long long)u(i, j) != (i % W) + (i / W) * c.lbo + (j % 8) * W + (j / 8) * c.sbo) return {false, 0, 0, 2};
    }
  }
  return c;
}
}  // namespace detail

// make_gmma_desc<Major>(t): the descriptor of t, a rank-2 (MN, K) shared-memory
// tensor of one wgmma operand (K: 32 bytes), whose static layout is canonical
// for Major (see the top of this file). Not canonical: a compile error.
template <Major Mj, class T, class L>
TESSEL_HOST_DEVICE constexpr GmmaDescriptor make_gmma_desc(Tensor<ViewEngine<tagged_ptr<smem_tag, T>>, L> const& t) {
  static_assert(L::rank == 2, "tessel::make_gmma_desc: the tensor must have rank 2 (MN, K)");
  using V = std::remove_cv_t<T>;
  static_assert(detail::log2_bytes<V> >= 0 && detail::log2_bytes<V> <= 4, "tessel::make_gmma_desc: elements of 1, 2, 4, 8 or 16 bytes");
  constexpr int B = detail::desc_swizzle<V, L>::bits;
  constexpr int W = 1 << B;
  using Inner = decltype(detail::inner_layout(t.layout()));
  static_assert(is_static_v<Inner>, "tessel::make_gmma_desc: the shared-memory layout must be static");
  constexpr int E = 16 / int(sizeof(V));  // elements per 16 bytes
  static_assert(::tessel::detail::upcast_divides<E>(typename Inner::shape_type{}, typename Inner::stride_type{}) &&
                    ::tessel::detail::upcast_whole<E>(typename Inner::shape_type{}, typename Inner::stride_type{}),
                "tessel::make_gmma_desc: the tile is not made of whole 16-byte units");
  using U = decltype(upcast<E>(Inner{}));
  constexpr detail::canon c = detail::check_canonical<Mj == Major::K, W, U>(U{});
  static_assert(c.what != 1, "tessel::make_gmma_desc: not a canonical wgmma tile: K-major needs MN a multiple of 8 and "
                             "K of 32 bytes; MN-major needs MN a multiple (or divisor) of the swizzle width and K of 32 bytes");
  static_assert(c.what != 2, "tessel::make_gmma_desc: not a canonical wgmma tile: the layout is not the one the "
                             "descriptor describes for this Major (tile a GMMA::Layout_*_Atom of the same Major)");
  static_assert(c.lbo >= 0 && c.lbo < (1 << 14) && c.sbo >= 0 && c.sbo < (1 << 14),
                "tessel::make_gmma_desc: a stride of the tile does not fit the descriptor's 14 bits (of 16 bytes)");
  constexpr std::uint64_t type = B == 0 ? 0 : B == 1 ? 3 : B == 2 ? 2 : 1;  // LayoutType of 32/64/128-byte swizzles
  auto const* first = t.data().get() + detail::first_offset(t.layout());
  std::uint64_t const start = (detail::smem_address(first) >> 4) & 0x3FFF;
  return GmmaDescriptor{start | (std::uint64_t(c.lbo) << 16) | (std::uint64_t(c.sbo) << 32) | (type << 62)};
}

// An iterator over descriptors: + i advances the start address by i 16-byte units.
struct DescriptorIterator {
  using reference = GmmaDescriptor;
  using element_type = GmmaDescriptor;
  using value_type = GmmaDescriptor;
  GmmaDescriptor desc_;

  TESSEL_HOST_DEVICE constexpr GmmaDescriptor operator*() const { return desc_; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr GmmaDescriptor operator[](I const& i) const { return *(*this + i); }
  // The low word (start address and LBO) moves; the carry cannot reach the LBO
  // within the shared window.
  template <class I>
  TESSEL_HOST_DEVICE constexpr DescriptorIterator operator+(I const& i) const {
    std::uint64_t const lo = std::uint32_t(std::uint32_t(desc_.desc_) + std::uint32_t(i));
    return {GmmaDescriptor{(desc_.desc_ & ~std::uint64_t(0xFFFFFFFF)) | lo}};
  }
};

TESSEL_HOST_DEVICE void print(DescriptorIterator const&) { printf("GMMA::DescriptorIterator"); }

// The fragment type of an operand read from shared memory by descriptors.
template <Major Mj>
struct smem_desc : DescriptorIterator {
  static constexpr bool descriptor_fragment = true;
  // make_fragment(partition): the descriptors of a partition (V, MN-rest,
  // K-rest, ...) of a shared-memory tensor: the descriptor of mode 0 (one
  // wgmma's tile), advanced along the rest modes by their offsets in 16-byte
  // units; mode 0 becomes 1:0 (as CuTe's MakeTensor<smem_desc>).
  template <class T, class L>
  TESSEL_HOST_DEVICE static constexpr auto make_fragment(Tensor<ViewEngine<tagged_ptr<smem_tag, T>>, L> const& t) {
    static_assert(L::rank >= 2, "tessel::smem_desc: expects a partition (V, MN, K, ...)");
    constexpr int E = 16 / int(sizeof(std::remove_cv_t<T>));
    auto inner = detail::inner_layout(t.layout());
    auto rest = upcast<E>(take<1, L::rank>(inner));
    auto desc = make_gmma_desc<Mj>(make_view(t.data(), layout<0>(t.layout())));
    return make_view(DescriptorIterator{desc}, prepend(rest, Layout<_1, _0>{}));
  }
};

}  // namespace GMMA

template <> struct memory_tag_of<GMMA::DescriptorIterator> { using type = rmem_tag; };

}  // namespace tessel
