// Names CuTe's tutorials use (examples/cute/tutorial of CUTLASS), each checked
// for CuTe's meaning on the host: X, cosize_v of plain and swizzled layouts,
// uint_bit_t/uint_byte_t, local_tile/local_partition with a projection,
// lazy::transform, gemm(A, B, C), get_(non)swizzle_portion, elect_one_sync on
// the host, and tma_partition (its partitions against the TMA plan's boxes,
// multicast slices included), and the pointer traits of <cute/pointer_base.hpp>
// (is_gmem/is_smem/is_rmem, iter_reference/element/value, iter_adaptor), swizzle_ptr,
// get_swizzle, to_mixed_bits, MakeTensor, make_coord_tensor and
// as_position_independent_swizzle_layout, pretty_print.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>
#include <tessel/atom/pretty_print.hpp>
#include <tessel/atom/tma_copy.hpp>
#include <tessel/swizzle/swizzle_ptr.hpp>
#include <tessel/tensor/counting.hpp>

using namespace tessel;

TEST(CuteTutorialNames, XIsTheUnderscore) {
  static_assert(std::is_same_v<X, Underscore>);
  static_assert(std::is_same_v<decltype(dice(Step<_1, X, _1>{}, make_shape(1, 2, 3))), decltype(make_shape(1, 3))>);
  EXPECT_EQ(dice(Step<_1, X, _1>{}, make_shape(1, 2, 3)), make_shape(1, 3));
}

TEST(CuteTutorialNames, CosizeV) {
  using L = Layout<Shape<_8, _4>, Stride<_5, _1>>;
  static_assert(cosize_v<L> == 7 * 5 + 3 + 1);
  static_assert(std::is_same_v<cosize_t<L>, decltype(cosize(L{}))>);
  // A swizzled tile: the cosize is the largest index reached plus one (every index 0..n-1 is reached here).
  using S = decltype(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_64{}, _64{}, _2{})));
  static_assert(cosize_v<S> == 64 * 64 * 2);
  auto sw = composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{});
  static_assert(cosize_v<decltype(sw)> == 512);
  int most = 0;
  for (int i = 0; i < 512; ++i) most = std::max(most, int(sw(i)));
  EXPECT_EQ(most + 1, 512);
  // Not a permutation of a whole swizzle block: enumerated.
  auto odd = composition(Swizzle<2, 0, 3>{}, Layout<Shape<_4, _5>, Stride<_5, _1>>{});
  int m2 = 0;
  for (int i = 0; i < 20; ++i) m2 = std::max(m2, int(odd(i)));
  EXPECT_EQ(int(cosize(odd)), m2 + 1);
}

TEST(CuteTutorialNames, UintBitAndByte) {
  static_assert(std::is_same_v<uint_bit_t<1>, uint1_t> && std::is_same_v<uint_bit_t<2>, uint2_t> && std::is_same_v<uint_bit_t<4>, uint4_t>);
  static_assert(std::is_same_v<uint_bit_t<8>, std::uint8_t> && std::is_same_v<uint_bit_t<64>, std::uint64_t>);
  static_assert(std::is_same_v<uint_byte_t<1>, std::uint8_t> && std::is_same_v<uint_byte_t<2>, std::uint16_t>);
  static_assert(std::is_same_v<uint_byte_t<4>, std::uint32_t> && std::is_same_v<uint_byte_t<8>, std::uint64_t>);
  static_assert(std::is_same_v<uint_byte_t<16>, uint128_t> && sizeof(uint128_t) == 16 && alignof(uint128_t) == 16);
  // tiled_copy.cu's spelling: sizeof(Element) * size(val_layout) bytes.
  static_assert(std::is_same_v<uint_byte_t<sizeof(float) * size(Layout<Shape<_4, _1>>{})>, uint128_t>);
}

// local_tile(t, tiler, coord, Step<...>) is local_tile of the modes the step keeps, for every tile.
TEST(CuteTutorialNames, LocalTileAndPartitionWithProjection) {
  float a[12 * 10];
  for (int M : {8, 12}) {
    auto mA = make_tensor(+a, make_shape(M, 10), make_stride(1, M));
    auto tiler = make_shape(_4{}, _3{}, _2{});  // (BLK_M, BLK_N, BLK_K)
    for (int m = 0; m < M / 4; ++m) {
      auto coord = make_coord(m, 7, _);
      auto gA = local_tile(mA, tiler, coord, Step<_1, X, _1>{});  // (BLK_M, BLK_K, k)
      auto ref = local_tile(mA, make_shape(_4{}, _2{}), make_coord(m, _));
      static_assert(decltype(rank(gA.layout()))::value == 3);
      ASSERT_EQ(size(gA.layout()), size(ref.layout()));
      for (int i = 0; i < int(size(gA.layout())); ++i) ASSERT_EQ(&gA(i), &ref(i));
    }
    auto threads = Layout<Shape<_2, _3, _5>>{};
    for (int t = 0; t < 30; ++t) {
      auto p = local_partition(mA, threads, t % 6, Step<_1, _1, X>{});
      auto r = local_partition(mA, Layout<Shape<_2, _3>>{}, t % 6);
      ASSERT_EQ(size(p.layout()), size(r.layout()));
      for (int i = 0; i < int(size(p.layout())); ++i) ASSERT_EQ(&p(i), &r(i));
    }
  }
}

// lazy::transform: element i is fn(t(i)), computed on read, through tiling.
TEST(CuteTutorialNames, LazyTransform) {
  auto shape = make_shape(7, 5);
  auto C = make_identity_tensor(make_shape(8, 8));
  auto P = lazy::transform(C, [&](auto c) { return elem_less(c, shape); });
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 8; ++i) EXPECT_EQ(bool(P(i, j)), i < 7 && j < 5);
  auto t = local_tile(P, make_shape(_4{}, _4{}), make_coord(1, 1));
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i) EXPECT_EQ(bool(t(i, j)), 4 + i < 7 && 4 + j < 5);
  int v[6] = {1, 2, 3, 4, 5, 6};
  auto sq = lazy::transform(make_tensor(+v, make_layout(make_shape(_2{}, _3{}))), [](int x) { return x * x; });
  for (int i = 0; i < 6; ++i) EXPECT_EQ(sq(i), v[i] * v[i]);
}

// gemm(A, B, C): C += A B^T with UniversalFMA, (M,K) x (N,K) => (M,N) and (M) x (N) => (M,N).
TEST(CuteTutorialNames, GemmWithoutAtom) {
  float a[4 * 3], b[5 * 3], c[4 * 5], r[4 * 5];
  for (int i = 0; i < 12; ++i) a[i] = float(i % 5) - 1.5f;
  for (int i = 0; i < 15; ++i) b[i] = float(i % 7) * 0.25f;
  for (int i = 0; i < 20; ++i) c[i] = r[i] = float(i);
  auto A = make_tensor(+a, Layout<Shape<_4, _3>>{});
  auto B = make_tensor(+b, Layout<Shape<_5, _3>, Stride<_3, _1>>{});
  auto C = make_tensor(+c, Layout<Shape<_4, _5>>{});
  gemm(A, B, C);
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 5; ++n) {
      float x = r[m + 4 * n];
      for (int k = 0; k < 3; ++k) x += a[m + 4 * k] * b[3 * n + k];
      EXPECT_EQ(C(m, n), x);
    }
  float d[4 * 5] = {};
  gemm(make_tensor(+a, Layout<Shape<_4>>{}), make_tensor(+b, Layout<Shape<_5>, Stride<_3>>{}), make_tensor(+d, Layout<Shape<_4, _5>>{}));
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 5; ++n) EXPECT_EQ(d[m + 4 * n], a[m] * b[3 * n]);
}

TEST(CuteTutorialNames, SwizzlePortionsAndHostHelpers) {
  using S = decltype(GMMA::Layout_K_SW128_Atom<half_t>{});
  static_assert(std::is_same_v<decltype(get_swizzle_portion(S{})), Swizzle<3, 4, 3>>);
  static_assert(std::is_same_v<decltype(get_nonswizzle_portion(S{})), std::remove_cvref_t<decltype(S{}.layout_b())>>);
  using L = Layout<Shape<_8, _4>>;
  static_assert(std::is_same_v<decltype(get_swizzle_portion(L{})), Swizzle<0, 4, 3>>);
  static_assert(std::is_same_v<decltype(get_nonswizzle_portion(L{})), L>);
  // tessel's shared-memory tensors already carry their swizzle in the layout, on elements.
  alignas(1024) static half_t buf[64 * 64];
  auto sA = make_tensor(make_smem_ptr(buf), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_64{}, _64{})));
  auto pi = as_position_independent_swizzle_tensor(sA);
  static_assert(std::is_same_v<decltype(pi), decltype(sA)>);
  for (int i = 0; i < 64 * 64; ++i) ASSERT_EQ(&pi(i), &sA(i));
  EXPECT_EQ(elect_one_sync(), 1u);  // the host is one thread
  static_assert(!is_sparse_v<float> && !is_sparse_v<half_t>);
}

namespace {
// The (TMA coordinates, smem offset) of every box of one tile, as the TMA plan
// (make_tma_params' runs) lays them out: the reference for tma_partition.
template <class Op, class T>
std::set<std::vector<long long>> plan_boxes(TmaCopy<Op, T> const& tma, long long const (&origin)[TMA::detail::kMaxModes], int slice) {
  auto const& p = tma.params;
  std::set<std::vector<long long>> out;
  int runs = 1;
  for (int r = 0; r < p.rest; ++r) runs *= p.rest_extent[r];
  for (int i = 0; i < runs; ++i) {
    long long pos[TMA::detail::kMaxModes];
    for (int m = 0; m < TMA::detail::kMaxModes; ++m) pos[m] = origin[m];
    long long off = 0;
    for (int r = 0, x = i; r < p.rest; ++r) {
      int const k = x % p.rest_extent[r];
      x /= p.rest_extent[r];
      pos[p.rest_mode[r]] += k * p.rest_step[r];
      off += k * p.rest_smem[r];
    }
    std::vector<long long> v(p.rank + 1, 0);
    for (int d = 0; d < p.rank; ++d)
      for (int q = 0; q < p.parts[d]; ++q) v[d] += pos[p.part_mode[d][q]] * p.part_scale[d][q];
    long long box = 1;
    for (int d = 0; d < p.rank; ++d) box *= p.box[d];
    v[p.rank - 1] += slice * p.box[p.rank - 1];  // this CTA's slice of a multicast box
    v[p.rank] = off + slice * box;
    out.insert(v);
  }
  return out;
}

template <class Op, int n_mc, class SL>
void check_partition(SL const& sl, int M, int K, bool k_major) {
  alignas(1024) static half_t smem[128 * 64 * 4];
  static half_t g[16];
  auto mA = k_major ? make_tensor(make_gmem_ptr(g), make_layout(make_shape(M, K), make_stride(K, 1)))
                    : make_tensor(make_gmem_ptr(g), make_layout(make_shape(M, K), make_stride(1, M)));
  constexpr int BM = decltype(size<0>(get_nonswizzle_portion(SL{})))::value, BK = decltype(size<1>(get_nonswizzle_portion(SL{})))::value;
  TmaCopy<Op, half_t> tma{};
  tma.params = TMA::make_tma_params(g, mA.layout(), sl(_, _, 0), make_shape(Int<BM>{}, Int<BK>{}), n_mc);
  tma.box_values_ = n_mc;
  for (int d = 0; d < tma.params.rank; ++d) tma.box_values_ *= int(tma.params.box[d]);
  auto sA = make_tensor(make_smem_ptr(smem), sl);
  auto gA = local_tile(tma.get_tma_tensor(make_shape(M, K)), make_shape(Int<BM>{}, Int<BK>{}), make_coord(1, _));
  for (int rank = 0; rank < n_mc; ++rank) {
    auto [tAgA, tAsA] = tma_partition(tma, rank, Layout<Int<n_mc>>{}, group_modes<0, 2>(sA), group_modes<0, 2>(gA));
    EXPECT_EQ(int(sizeof(make_tensor_like(tensor<0>(tAsA)))), BM * BK * 2);
    ASSERT_EQ(int(size<1>(tAgA)), K / BK);
    ASSERT_EQ(int(size<1>(tAsA)), int(size<2>(sl)));
    for (int k = 0; k < K / BK; ++k) {
      int const stage = k % int(size<2>(sl));
      auto gk = tAgA(_, k);
      auto sk = tAsA(_, stage);
      // Every element: index i of mode 0 is the element at unswizzled smem offset i (+ this CTA's slice).
      int const shift = rank * (tma.box_values_ / n_mc);
      for (int i = 0; i + shift < BM * BK; i += 37) {
        auto c = gk(i);
        int const m = int(get<0>(c)) - BM, kk = int(get<1>(c)) - k * BK;
        ASSERT_EQ(&sk(i), &sA(m, kk, stage));
        ASSERT_EQ(get_nonswizzle_portion(sl)(m, kk, stage) - stage * BM * BK, i + shift);
      }
      // The boxes the copy issues are the plan's boxes of this tile (this CTA's slices).
      std::set<std::vector<long long>> got;
      for (int i = 0; i < BM * BK; i += tma.box_values_) {
        std::int32_t cc[5];
        detail::tma_box_coords(tma, gk(i), cc);
        std::vector<long long> v(tma.params.rank + 1);
        for (int d = 0; d < tma.params.rank; ++d) v[d] = cc[d];
        v[tma.params.rank] = &sk(i) - &sA(0, 0, stage);  // a box starts on the swizzle's period: unswizzled
        got.insert(v);
      }
      long long origin[TMA::detail::kMaxModes] = {BM, k * BK};
      EXPECT_EQ(got, plan_boxes(tma, origin, rank)) << "k " << k << " rank " << rank;
    }
  }
}
}  // namespace

TEST(CuteTutorialNames, TmaPartitionIsThePlansBoxes) {
  using namespace tessel;
  // wgmma_tma_sm90.cu's tiles: MN-major and K-major 128x64 half tiles, 128-byte swizzle, 3 stages.
  check_partition<SM90_TMA_LOAD, 1>(tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{}, _64{}, _3{})), 512, 256, false);
  check_partition<SM90_TMA_LOAD, 1>(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{}, _64{}, _3{})), 512, 256, true);
  // No swizzle, and multicast to 2 CTAs (each loads its half of every box).
  check_partition<SM90_TMA_LOAD, 1>(make_layout(make_shape(_64{}, _32{}, _2{}), make_stride(_32{}, _1{}, Int<64 * 32>{})), 256, 128, true);
  check_partition<SM90_TMA_LOAD_MULTICAST, 2>(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{}, _64{}, _2{})), 512, 256, true);
}

// sgemm_sm80's partitions of its swizzled shared-memory tile leave the swizzle (plain layouts, as CuTe's
// slice_and_offset gives them; the main loop then indexes with strides) and reach the same elements.
TEST(CuteTutorialNames, Sm80PartitionsOfTheSwizzledTileArePlainLayouts) {
  // sgemm_sm80's tile: the 128x64x3 halfs of Swizzle<3,3,3> o (8,(8,8)):(8,(1,64)),
  // and its two partitions (cp.async 16x8 threads of 8 values; ldmatrix for a 2x2 TiledMMA).
  auto atom = composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, Shape<_8, _8>>, Stride<_8, Stride<_1, _64>>>{});
  auto sA = tile_to_shape(atom, make_shape(_128{}, _64{}, _3{}));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                    Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{});
  TiledMMA mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2, _2>>{}, Tile<_32, _32, _16>{});
  auto s2r = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
  alignas(16) static half_t smem[128 * 64 * 3];
  auto t = make_tensor(make_smem_ptr(&smem[0]), sA);
  for (int tid = 0; tid < 128; ++tid) {
    auto tAsA = copyA.get_slice(tid).partition_D(t);
    auto tXsA = s2r.get_slice(tid).partition_S(t);
    static_assert(!is_composed_layout_v<typename decltype(tAsA)::layout_type>);
    static_assert(!is_composed_layout_v<typename decltype(tXsA)::layout_type>);
    auto ra = decltype(copyA)::tidfrg_D(sA)(tid, _, make_coord(_, _, _));
    auto rx = decltype(s2r)::tidfrg_S(sA)(tid, _, make_coord(_, _, _));
    for (int i = 0; i < int(size(tAsA)); ++i) ASSERT_EQ(&tAsA(i), &smem[0] + int(ra(i))) << tid << " " << i;
    for (int i = 0; i < int(size(tXsA)); ++i) ASSERT_EQ(&tXsA(i), &smem[0] + int(rx(i))) << tid << " " << i;
    if (tid == 5) {  // as CuTe prints them
      EXPECT_EQ(to_string(tAsA.layout()), "((_8,_1),_8,_1,(_1,_3)):((_1,_0),_1024,_0,(_0,_8192))");
      EXPECT_EQ(to_string(tXsA.layout()), "((_8,_1),_4,(_2,_2),(_1,_3)):((_1,_0),_2048,(144,224),(_0,_8192))");
    }
  }
}

namespace {
template <class T>
std::string printed(T const& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}
// An iterator built on iter_adaptor, as CuTe's swizzle_ptr is.
template <class T>
struct Wrap : iter_adaptor<T, Wrap<T>> {
  using iter_adaptor<T, Wrap<T>>::iter_adaptor;
};
struct NoDeref {};
template <class A, class B> constexpr bool same = std::is_same_v<A, B>;
}  // namespace
#define CHECK_PRINTS(expected, ...) EXPECT_EQ(printed(__VA_ARGS__), expected) << #__VA_ARGS__

// Printed results are CuTe 7107b05's for the same expressions (a host program
// compiled against CuTe and against the drop-in printed the same lines).
TEST(CuteTutorialNames, PointerTraitsAndIterAdaptorAsCute) {
  float f[16] = {}; for (int i = 0; i < 16; ++i) f[i] = float(i * 3);
  auto g = make_gmem_ptr(f); auto s = make_smem_ptr(f); auto r = make_rmem_ptr(f);
  auto tg = make_tensor(g, make_shape(_4{}, _4{})); auto ts = make_tensor(s, make_layout(_8{})); auto tr = make_tensor<float>(_4{}); auto tp = make_tensor(&f[0], make_layout(_4{}));
  CHECK_PRINTS("1", is_gmem<decltype(g)>::value);
  CHECK_PRINTS("0", is_gmem<decltype(s)>::value);
  CHECK_PRINTS("0", is_gmem<float*>::value);
  CHECK_PRINTS("1", is_gmem<decltype(tg)>::value);
  CHECK_PRINTS("0", is_gmem<decltype(ts)>::value);
  CHECK_PRINTS("0", is_gmem<int>::value);
  CHECK_PRINTS("1", is_smem<decltype(s)>::value);
  CHECK_PRINTS("0", is_smem<decltype(g)>::value);
  CHECK_PRINTS("1", is_smem<decltype(ts)>::value);
  CHECK_PRINTS("0", is_smem<decltype(tr)>::value);
  CHECK_PRINTS("1", is_rmem<decltype(r)>::value);
  CHECK_PRINTS("1", is_rmem<float*>::value);
  CHECK_PRINTS("0", is_rmem<decltype(g)>::value);
  CHECK_PRINTS("0", is_rmem<decltype(s)>::value);
  CHECK_PRINTS("1", is_rmem<decltype(tr)>::value);
  CHECK_PRINTS("1", is_rmem<decltype(tp)>::value);
  CHECK_PRINTS("0", is_rmem<decltype(tg)>::value);
  CHECK_PRINTS("1", is_rmem<int>::value);
  CHECK_PRINTS("1", is_gmem_v<decltype(tg)>);
  CHECK_PRINTS("1", is_smem_v<decltype(ts)>);
  CHECK_PRINTS("1", is_rmem_v<float const*>);
  CHECK_PRINTS("1", is_rmem_v<decltype(r)>);
  CHECK_PRINTS("1", is_gmem_v<Wrap<decltype(g)>>);
  CHECK_PRINTS("0", is_smem_v<Wrap<decltype(g)>>);
  CHECK_PRINTS("1", is_rmem_v<Wrap<float*>>);
  CHECK_PRINTS("_1", is_gmem<decltype(g)>{});
  CHECK_PRINTS("_1", is_rmem<float*>{});
  CHECK_PRINTS("1", same<iter_reference_t<float*>, float&>);
  CHECK_PRINTS("1", same<iter_reference_t<float const*>, float const&>);
  CHECK_PRINTS("1", same<iter_element_t<float const*>, float const>);
  CHECK_PRINTS("1", same<iter_value_t<float const*>, float>);
  CHECK_PRINTS("1", same<iter_reference_t<decltype(g)>, float&>);
  CHECK_PRINTS("1", same<iter_element_t<decltype(g)>, float>);
  CHECK_PRINTS("1", same<iter_value_t<decltype(make_gmem_ptr((float const*)f))>, float>);
  CHECK_PRINTS("1", same<iter_element_t<decltype(make_gmem_ptr((float const*)f))>, float const>);
  CHECK_PRINTS("1", same<iter_reference_t<counting_iterator<int>>, int>);
  CHECK_PRINTS("1", same<iter_value_t<counting_iterator<int>>, int>);
  CHECK_PRINTS("1", same<iter_element_t<counting_iterator<int>>, int>);
  CHECK_PRINTS("1", same<typename iterator_traits<int volatile*>::value_type, int>);
  CHECK_PRINTS("1", same<typename iterator_traits<int volatile*>::element_type, int volatile>);
  CHECK_PRINTS("1", same<typename iterator_traits<int volatile*>::reference, int volatile&>);
  CHECK_PRINTS("1", same<typename iter_reference<Wrap<double*>>::type, double&>);
  CHECK_PRINTS("1", same<typename iter_value<Wrap<double const*>>::type, double>);
  CHECK_PRINTS("1", same<typename iter_element<Wrap<double const*>>::type, double const>);
  CHECK_PRINTS("1", has_dereference<float*>::value);
  CHECK_PRINTS("0", has_dereference<int>::value);
  CHECK_PRINTS("0", has_dereference<NoDeref>::value);
  CHECK_PRINTS("1", has_dereference<decltype(g)>::value);
  CHECK_PRINTS("1", has_dereference<Wrap<int*>>::value);
  CHECK_PRINTS("0", has_dereference<void*>::value);
  CHECK_PRINTS("1", has_dereference<counting_iterator<int>>::value);
  Wrap<float*> w{f}; auto w2 = w + 3;
  CHECK_PRINTS("0", *w);
  CHECK_PRINTS("9", *w2);
  CHECK_PRINTS("15", w2[2]);
  CHECK_PRINTS("1", w == w);
  CHECK_PRINTS("0", w == w2);
  CHECK_PRINTS("1", w != w2);
  CHECK_PRINTS("1", w < w2);
  CHECK_PRINTS("0", w2 <= w);
  CHECK_PRINTS("1", w2 > w);
  CHECK_PRINTS("0", w >= w2);
  CHECK_PRINTS("3", raw_pointer_cast(w2) - f);
  CHECK_PRINTS("3", w2.get() - f);
  CHECK_PRINTS("1", same<decltype(w + 1), Wrap<float*>>);
  CHECK_PRINTS("1", same<typename Wrap<float*>::iterator, float*>);
  CHECK_PRINTS("1", same<typename Wrap<float*>::reference, float&>);
  Wrap<decltype(g)> wg{g + 2}; CHECK_PRINTS("6", *wg); CHECK_PRINTS("21", *(wg + 5)); CHECK_PRINTS("2", raw_pointer_cast(wg) - f);
}

namespace {
// The values a swizzled pointer p and a second one q read at every third index.
template <class P, class Q>
std::string swizzled_walk(P p, Q q) {
  std::ostringstream os;
  for (int i = 0; i < 64; i += 3) os << p[i] << "," << *(p + i) << "," << q[i] << " ";
  return os.str();
}
std::string mixed_bits_walk() {
  std::ostringstream os;
  for (int i = 0; i < 32; ++i) os << std::uint32_t(to_mixed_bits(Layout<Shape<_4, _8>, Stride<_8, _1>>{}, i)) << " ";
  return os.str();
}
}  // namespace

TEST(CuteTutorialNames, SwizzlePtrGetSwizzleToMixedBitsAsCute) {
  alignas(1024) static int buf[1024];
  for (int i = 0; i < 1024; ++i) buf[i] = i;
  using Sw = Swizzle<3, 2, 3>;
  auto p = make_swizzle_ptr(make_smem_ptr(buf), Sw{});
  auto q = make_swizzle_ptr(&buf[0], Swizzle<2, 2, 2>{});
  CHECK_PRINTS("0,0,0 3,3,3 6,6,7 8,8,11 13,13,15 14,14,12 16,16,18 23,23,20 27,27,26 24,24,25 29,29,29 37,37,33 32,32,37 35,35,38 47,47,40 40,40,46 54,54,48 53,53,51 48,48,55 62,62,59 59,59,63 56,56,60 ", swizzled_walk(p, q));
  CHECK_PRINTS("1", same<decltype(make_swizzle_ptr(buf, Swizzle<0,4,3>{})), int*>);
  CHECK_PRINTS("1", same<decltype(make_swizzle_ptr(buf, Swizzle<0,2,5>{})), int*>);
  CHECK_PRINTS("1", same<decltype(p), swizzle_ptr<Sw, smem_ptr<int*>>>);
  CHECK_PRINTS("1", same<typename decltype(p)::iterator, smem_ptr<int*>>);
  CHECK_PRINTS("1", same<typename decltype(p)::reference, int&>);
  CHECK_PRINTS("1", same<typename decltype(p)::value_type, int>);
  CHECK_PRINTS("1", same<iter_value_t<decltype(q)>, int>);
  CHECK_PRINTS("5", raw_pointer_cast(p + 5) - buf);
  CHECK_PRINTS("1", (p + 7).get() == make_smem_ptr(buf + 7));
  CHECK_PRINTS("1", p + 2 == p + 2);
  CHECK_PRINTS("1", p + 2 < p + 3);
  CHECK_PRINTS("1", is_smem<decltype(p)>::value);
  CHECK_PRINTS("0", is_gmem<decltype(p)>::value);
  CHECK_PRINTS("1", is_rmem<decltype(q)>::value);
  { auto r = recast_ptr<short>(p); CHECK_PRINTS("1", same<decltype(r), swizzle_ptr<Sw, smem_ptr<short*>>>); CHECK_PRINTS("5", r[10]); CHECK_PRINTS("37", r[2 * 33]); CHECK_PRINTS("1", raw_pointer_cast(r) == (short*)buf); }
  CHECK_PRINTS("1", same<get_swizzle_t<decltype(p)>, Sw>);
  CHECK_PRINTS("1", same<get_swizzle_t<int*>, Swizzle<0,4,3>>);
  CHECK_PRINTS("1", same<get_swizzle_t<int>, Swizzle<0,4,3>>);
  CHECK_PRINTS("1", same<get_swizzle_t<decltype(composition(Sw{}, Layout<Shape<_8,_8>>{}))>, Sw>);
  CHECK_PRINTS("1", same<typename get_swizzle<decltype(make_tensor(make_smem_ptr(buf), Layout<_4>{}))>::type, Swizzle<0,4,3>>);
  CHECK_PRINTS("1", same<get_swizzle_t<decltype(composition(Sw{}, _3{}, Layout<Shape<_8,_8>>{}))>, Sw>);
  { std::string s = printed(q); CHECK_PRINTS("Sw<2,2,2>_", s.substr(0, s.find("0x"))); CHECK_PRINTS("1", s.substr(s.find("0x")) == printed((void*)buf)); }
  CHECK_PRINTS("14", to_mixed_bits(Shape<_4,_8>{}, Stride<_1,_4>{}, make_coord(2, 3)));
  CHECK_PRINTS("_14", to_mixed_bits(Shape<_4,_8>{}, Stride<_1,_4>{}, make_coord(_2{}, _3{})));
  CHECK_PRINTS("22", to_mixed_bits(Shape<_4,_8>{}, Stride<_1,_4>{}, make_coord(_2{}, 5)));
  CHECK_PRINTS("10", to_mixed_bits(_8{}, _2{}, 5));
  CHECK_PRINTS("_10", to_mixed_bits(_8{}, _2{}, _5{}));
  CHECK_PRINTS("_0", to_mixed_bits(_1{}, _2{}, 0));
  CHECK_PRINTS("_0", to_mixed_bits(_4{}, _0{}, 3));
  CHECK_PRINTS("11", to_mixed_bits(Layout<Shape<_4,_8>,Stride<_8,_1>>{}, 13));
  CHECK_PRINTS("_11", to_mixed_bits(Layout<Shape<_4,_8>,Stride<_8,_1>>{}, Int<13>{}));
  CHECK_PRINTS("21", to_mixed_bits(Layout<Shape<_2,Shape<_2,_4>>,Stride<_16,Stride<_1,_2>>>{}, 11));
  CHECK_PRINTS("49", to_mixed_bits(make_shape(_4{}, _2{}), make_stride(_16{}, _1{}), make_coord(3, 1)));
  { auto m = to_mixed_bits(Shape<_4,_8>{}, Stride<_1,_4>{}, make_coord(1, 6)); CHECK_PRINTS("25", uint32_t(m)); CHECK_PRINTS("1", same<decltype(m), MixedBits<0u, 31u>>); }
  { auto m = to_mixed_bits(Shape<_4,_8>{}, Stride<_1,_4>{}, make_coord(_1{}, 6)); CHECK_PRINTS("25", uint32_t(m)); CHECK_PRINTS("1", same<decltype(m), MixedBits<1u, 28u>>); }
  CHECK_PRINTS("0 8 16 24 1 9 17 25 2 10 18 26 3 11 19 27 4 12 20 28 5 13 21 29 6 14 22 30 7 15 23 31 ", mixed_bits_walk());
}

namespace {
// The elements of a tensor in index order.
template <class Tn>
std::string elems(Tn const& t) {
  std::ostringstream os;
  for (int i = 0; i < size(t); ++i) os << t(i) << " ";
  return os.str();
}
}  // namespace

TEST(CuteTutorialNames, MakeTensorAndMakeCoordTensorAsCute) {
  float buf[64] = {};
  for (int i = 0; i < 64; ++i) buf[i] = float(i);
  auto v = MakeTensor<float>{}(&buf[0], make_shape(_4{}, _2{}));
  CHECK_PRINTS("(_4,_2):(_1,_4)", v.layout());
  CHECK_PRINTS("0 1 2 3 4 5 6 7 ", elems(v));
  CHECK_PRINTS("1", same<std::remove_cvref_t<decltype(v.data())>, float*>);
  auto v2 = MakeTensor<float>{}(make_gmem_ptr(buf + 3), make_layout(make_shape(3, 2), make_stride(2, 10)));
  CHECK_PRINTS("(3,2):(2,10)", v2.layout());
  CHECK_PRINTS("3 5 7 13 15 17 ", elems(v2));
  CHECK_PRINTS("1", is_gmem_v<decltype(v2)>);
  auto v3 = MakeTensor<float>{}(&buf[0], make_shape(2, 3), make_stride(_1{}, 4));
  CHECK_PRINTS("(2,3):(_1,4)", v3.layout());
  CHECK_PRINTS("0 1 4 5 8 9 ", elems(v3));
  auto o = MakeTensor<int>{}(make_shape(_2{}, _3{}));
  CHECK_PRINTS("(_2,_3):(_1,_2)", o.layout());
  CHECK_PRINTS("_6", size(o));
  CHECK_PRINTS("1", same<typename decltype(o)::value_type, int>);
  CHECK_PRINTS("1", is_rmem_v<decltype(o)>);
  auto o2 = MakeTensor<double>{}(Layout<Shape<_2, _4>, Stride<_4, _1>>{}); CHECK_PRINTS("(_2,_4):(_4,_1)", o2.layout()); CHECK_PRINTS("_8", cosize(o2.layout())); CHECK_PRINTS("8", sizeof(o2) / sizeof(double));
  auto o3 = MakeTensor<short>{}(_3{}, _5{}); CHECK_PRINTS("_3:_5", o3.layout());
  auto c1 = make_coord_tensor(make_layout(make_shape(_3{}, _2{}), make_stride(E<0>{}, E<1>{})));
  CHECK_PRINTS("(_3,_2):(_1@0,_1@1)", c1.layout());
  CHECK_PRINTS("(0,0) (1,0) (2,0) (0,1) (1,1) (2,1) ", elems(c1));
  auto c2 = make_coord_tensor(make_identity_layout(make_shape(2, make_shape(_2{}, 2))));
  CHECK_PRINTS("(0,(0,0)) (1,(0,0)) (0,(1,0)) (1,(1,0)) (0,(0,1)) (1,(0,1)) (0,(1,1)) (1,(1,1)) ", elems(c2));
  CHECK_PRINTS("(1,(1,0))", c2(1, make_coord(1, 0)));
  auto c3 = make_coord_tensor(make_layout(make_shape(_4{}, _2{}), make_stride(_2{}, _1{})));
  CHECK_PRINTS("0 2 4 6 1 3 5 7 ", elems(c3));
  CHECK_PRINTS("_0", *c3.data());
  auto c4 = make_coord_tensor(make_layout(make_shape(_2{}, _3{}), make_stride(E<1>{}, 2 * E<0>{})));
  CHECK_PRINTS("(0,0) (0,1) (2,0) (2,1) (4,0) (4,1) ", elems(c4));
  CHECK_PRINTS("(4,1)", c4(1, 2));
}

namespace {
template <class L>
std::string every_37th(L const& l) {
  std::ostringstream os;
  for (int i = 0; i < size(l); i += 37) os << l(i) << " ";
  return os.str();
}
}  // namespace

TEST(CuteTutorialNames, AsPositionIndependentSwizzleLayoutAsCute) {
  CHECK_PRINTS("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", as_position_independent_swizzle_layout(GMMA::Layout_K_SW128_Atom<half_t>{}));
  CHECK_PRINTS("Sw<2,2,3> o _0 o (_8,_16):(_16,_1)", as_position_independent_swizzle_layout(GMMA::Layout_K_SW64_Atom<float>{}));
  CHECK_PRINTS("Sw<1,4,3> o _0 o (_32,_8):(_1,_32)", as_position_independent_swizzle_layout(GMMA::Layout_MN_SW32_Atom<uint8_t>{}));
  CHECK_PRINTS("(_8,_8):(_8,_1)", as_position_independent_swizzle_layout(GMMA::Layout_K_INTER_Atom<half_t>{}));
  CHECK_PRINTS("Sw<3,1,3> o _0 o (_16,_8):(_1,_16)", as_position_independent_swizzle_layout(GMMA::Layout_MN_SW128_Atom<double>{}));
  CHECK_PRINTS("Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))", as_position_independent_swizzle_layout(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{}, _64{}))));
  CHECK_PRINTS("Sw<2,5,3> o _0 o (_8,_64):(_64,_1)", as_position_independent_swizzle_layout(composition(Swizzle<2,4,3>{}, smem_ptr_flag_bits<4>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})));
  CHECK_PRINTS("Sw<3,7,3> o _0 o (_8,_64):(_64,_1)", as_position_independent_swizzle_layout(composition(Swizzle<3,4,3>{}, smem_ptr_flag_bits<1>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})));
  auto l = as_position_independent_swizzle_layout(GMMA::Layout_K_SW128_Atom<half_t>{});
  CHECK_PRINTS("0 364 153 501 306 95 427 248 37 321 190 458 279 116 ", every_37th(l));
}

// What pretty_print(x) writes to stdout, against CuTe's (the CUTLASS-only 8- and 4-bit floats are
// checked only in the drop-in, where they exist).
#define CHECK_PRETTY(expected, ...)                                        \
  do {                                                                     \
    testing::internal::CaptureStdout();                                   \
    pretty_print(__VA_ARGS__);                                             \
    std::fflush(stdout);                                                   \
    EXPECT_EQ(testing::internal::GetCapturedStdout(), expected) << #__VA_ARGS__; \
  } while (0)

TEST(CuteTutorialNames, PrettyPrintAsCute) {
  CHECK_PRETTY("  1", true);
  CHECK_PRETTY("  0", false);
  CHECK_PRETTY("  1", uint1b_t(1));
  CHECK_PRETTY("   -1", int2b_t(-1));
  CHECK_PRETTY("    3", uint2b_t(3));
  CHECK_PRETTY("   -7", int4b_t(-7));
  CHECK_PRETTY("    9", uint4b_t(9));
  CHECK_PRETTY("  -20", int6b_t(-20));
  CHECK_PRETTY("   40", uint6b_t(40));
  CHECK_PRETTY("  -42", int32_t(-42));
  CHECK_PRETTY("123456", int32_t(123456));
  CHECK_PRETTY("    7", uint32_t(7));
  CHECK_PRETTY("-1294967296", uint32_t(3000000000u));
  CHECK_PRETTY("   -5", int64_t(-5));
  CHECK_PRETTY("1234567890123", int64_t(1234567890123));
  CHECK_PRETTY("18446744073709551615", uint64_t(18446744073709551615ull));
  CHECK_PRETTY("  1.50e+00", 1.5f);
  CHECK_PRETTY(" -1.23e-04", -0.000123f);
  CHECK_PRETTY("  2.000e+00", 2.0);
  CHECK_PRETTY(" -1.235e+04", -12345.678);
  CHECK_PRETTY("    1.50", half_t(1.5f));
  CHECK_PRETTY("   -2.25", half_t(-2.25f));
  CHECK_PRETTY("    3.00", bfloat16_t(3.0f));
  CHECK_PRETTY("  1.00e-01", tfloat32_t(0.1f));
  CHECK_PRETTY("  -3", int8_t(-3));
  CHECK_PRETTY("  200", uint8_t(200));
  CHECK_PRETTY("  -7", short(-7));
  CHECK_PRETTY("  65000", (unsigned short)(65000));
  CHECK_PRETTY("  x", char('x'));
  CHECK_PRETTY("  1099511627776", 1ll << 40);
  CHECK_PRETTY("  7", 7ull);
  CHECK_PRETTY("  _3", _3{});
  CHECK_PRETTY("  (1,_2)", make_tuple(1, _2{}));
}

// print of scalars and tuples, streams of tagged pointers and tensors, and print_tensor's element
// formats, as CuTe 7107b05 prints them (a host program compiled against CuTe and against the drop-in
// printed the same text; print_tensor without its header line, which has the address).
#define CHECK_STDOUT(expected, ...)                                        \
  do {                                                                     \
    testing::internal::CaptureStdout();                                   \
    __VA_ARGS__;                                                           \
    std::fflush(stdout);                                                   \
    EXPECT_EQ(testing::internal::GetCapturedStdout(), expected) << #__VA_ARGS__; \
  } while (0)

TEST(CuteTutorialNames, PrintStreamAndPrintTensorAsCute) {
  CHECK_STDOUT("a|-3|200|-5|7|3|-4|5|-6|7|1.500000|2.250000|1|0|-2|9",
               print('a'); print("|"); print((signed char)-3); print("|"); print((unsigned char)200); print("|");
               print(short(-5)); print("|"); print((unsigned short)7); print("|"); print(3u); print("|"); print(-4l);
               print("|"); print(5ul); print("|"); print(-6ll); print("|"); print(7ull); print("|"); print(1.5f);
               print("|"); print(2.25); print("|"); print(true); print("|"); print(false); print("|");
               print(int8_t(-2)); print("|"); print(uint8_t(9)));
  CHECK_STDOUT("(a,1.500000,2.000000,3)", print(make_tuple('a', 1.5f, 2.0, 3)));
  CHECK_PRINTS("(a,1.5,2,3)", make_tuple('a', 1.5f, 2.0, 3));
  float f[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  int iv[8] = {0, -1, 20, 300, -4000, 5, 6, 7};
  CHECK_PRINTS("gmem_[32b]", make_gmem_ptr(&f[0]));
  CHECK_PRINTS("smem_[32b]", make_smem_ptr(&f[0]));
  CHECK_PRINTS("smem_[64b]", make_smem_ptr((double*)nullptr));
  CHECK_PRINTS("gmem_[32b]", make_tensor(make_gmem_ptr(&iv[0]), Layout<_2>{}).data());
  CHECK_PRINTS("(_2,_4):(_1,_2)\n        0       20    -4000        6\n       -1      300        5        7\n",
               make_tensor(&iv[0], make_layout(make_shape(Int<2>{}, Int<4>{}))));
  CHECK_PRINTS("(2,_3):(_1,2)\n        0        2        4\n        1        3        5\n",
               make_tensor(&f[0], make_layout(make_shape(2, Int<3>{}))));
  CHECK_PRINTS("_2:_1\n        0\n        1\n", make_tensor(&f[0], make_layout(Int<2>{})));
  CHECK_PRINTS("(_1,_2,_3):(_0,_1,_2)\n        0        1\n------------------\n        2        3\n"
               "------------------\n        4        5\n",
               make_tensor(&f[0], make_layout(make_shape(Int<1>{}, Int<2>{}, Int<3>{}))));
  char ch[3] = {'x', 'y', 'z'};
  CHECK_PRINTS("_3:_1\n        x\n        y\n        z\n", make_tensor(&ch[0], make_layout(Int<3>{})));
  auto owning = make_tensor<int>(Shape<_2, _2>{});
  for (int i = 0; i < 4; ++i) owning(i) = i * 11;
  CHECK_PRINTS("(_2,_2):(_1,_2)\n        0       22\n       11       33\n", owning);
  // print_tensor's elements: CuTe's pretty_print per exact type.
  CHECK_STDOUT("    0   20-4000    6\n   -1  300    5    7\n",
               print_tensor(make_tensor(&iv[0], make_layout(make_shape(Int<2>{}, Int<4>{}))), false));
  CHECK_STDOUT("  0.00e+00  2.00e+00  4.00e+00  6.00e+00\n  1.00e+00  3.00e+00  5.00e+00  7.00e+00\n",
               print_tensor(make_tensor(&f[0], make_layout(make_shape(Int<2>{}, Int<4>{}))), false));
  double dv[4] = {1.5, -2.25, 1e10, 0};
  CHECK_STDOUT("  1.500e+00\n -2.250e+00\n  1.000e+10\n  0.000e+00\n", print_tensor(make_tensor(&dv[0], make_layout(Int<4>{})), false));
  int8_t i8[4] = {-2, 3, 100, -128};
  CHECK_STDOUT("  -2\n  3\n  100\n  -128\n", print_tensor(make_tensor(&i8[0], make_layout(Int<4>{})), false));
  uint16_t u16[4] = {1, 65535, 3, 4};
  CHECK_STDOUT("  1  3\n  65535  4\n", print_tensor(make_tensor(&u16[0], make_layout(make_shape(Int<2>{}, Int<2>{}))), false));
  bool bv[3] = {true, false, true};
  CHECK_STDOUT("  1\n  0\n  1\n", print_tensor(make_tensor(&bv[0], make_layout(Int<3>{})), false));
  int64_t l64[2] = {-1, 1ll << 40};
  CHECK_STDOUT("   -1\n1099511627776\n", print_tensor(make_tensor(&l64[0], make_layout(Int<2>{})), false));
  short sh[2] = {-7, 8};
  long long ll[2] = {-9, 10};
  CHECK_STDOUT("  -7\n  8\n", print_tensor(make_tensor(&sh[0], make_layout(Int<2>{})), false));
  CHECK_STDOUT("  -9\n  10\n", print_tensor(make_tensor(&ll[0], make_layout(Int<2>{})), false));
  CHECK_STDOUT("  x  y  z\n", print_tensor(make_tensor(&ch[0], make_layout(make_shape(Int<1>{}, Int<3>{}))), false));
  // data(): a view's iterator by reference (const& on a const view), an owning tensor's pointer by value, as CuTe's
  // (CuTe 7107b05: std::is_reference_v of the three is 1, 0, 1); a view's iterator can be moved through it.
  auto view = make_tensor(&iv[0], make_layout(make_shape(Int<2>{}, Int<4>{})));
  static_assert(std::is_same_v<decltype(view.data()), int*&>);
  static_assert(std::is_same_v<decltype(std::as_const(view).data()), int* const&>);
  static_assert(std::is_same_v<decltype(owning.data()), int*>);
  static_assert(std::is_same_v<decltype(make_tensor(make_gmem_ptr(&f[0]), Layout<_2>{}).data()), gmem_ptr<float>&>);
  view.data() += 2;
  EXPECT_EQ(view(0), 20);
  half_t h[4] = {half_t(1.5f), half_t(-2.f), half_t(100.f), half_t(0.f)};
  CHECK_STDOUT("    1.50  100.00\n   -2.00    0.00\n", print_tensor(make_tensor(&h[0], make_layout(make_shape(Int<2>{}, Int<2>{}))), false));
  bfloat16_t bf[2] = {bfloat16_t(3.f), bfloat16_t(-0.5f)};
  CHECK_STDOUT("    3.00\n   -0.50\n", print_tensor(make_tensor(&bf[0], make_layout(Int<2>{})), false));
  int b24[24];
  for (int i = 0; i < 24; ++i) b24[i] = i;
  CHECK_STDOUT("    0    2    4\n    1    3    5\n---------------\n    6    8   10\n    7    9   11\n===============\n"
               "   12   14   16\n   13   15   17\n---------------\n   18   20   22\n   19   21   23\n",
               print_tensor(make_tensor(&b24[0], make_layout(make_shape(Int<2>{}, Int<3>{}, Int<2>{}, Int<2>{}))), false));
}
