// The TMA tensor-map parameters (atom/tma.hpp) against CuTe's make_tma_copy.
//
// tests/data/cute_tma_params.txt is what CUTLASS 4.7.0 (7107b055, g++, host
// code, outside this repository) passes to cuTensorMapEncodeTiled for
// make_tma_copy(op, gmem tensor, smem layout[, cta tile, multicast]) of the
// same cases as print_cases() below (a stub cuTensorMapEncodeTiled printed its
// arguments). tessel's TMA::make_tma_params must compute the same, and name
// the error where CuTe only asserts (its last case: a box extent of 512).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>
#include <tessel/atom/tma.hpp>
#include <tessel/atom/tma_copy.hpp>

using namespace tessel;

namespace {

template <class T>
T* gbuf() {
  static T* p = static_cast<T*>(std::aligned_alloc(256, 1 << 26));
  return p;
}

template <class T, class G, class S, class... A>
void tcase(char const* label, G const& gl, S const& sl, A const&... a) {
  printf("@@ %s\n", label);
  try {
    TMA::print(TMA::make_tma_params(gbuf<T>(), gl, sl, a...));
  } catch (tessel::error const& e) {
    printf("error: %s\n", e.what());
  }
}

void print_cases() {
  using H = half_t;
  int M = 1000, N = 776, K = 520, L = 3;
  tcase<H>("load half (M,K):(K,1) dyn, smem K_SW128 128x64", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{}));
  tcase<H>("load half (M,K):(1,M) dyn, smem MN_SW128 128x64", make_layout(make_shape(M, K), make_stride(Int<1>{}, M)),
           tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, Shape<_128, _64>{}));
  tcase<H>("load half (M,K):(K,1) dyn, smem K_SW64 64x32", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, Shape<_64, _32>{}));
  tcase<H>("load half (M,K):(K,1) dyn, smem K_SW32 64x16", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW32_Atom<H>{}, Shape<_64, _16>{}));
  tcase<H>("load half (M,K):(K,1) dyn, smem K_INTER 64x8", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_INTER_Atom<H>{}, Shape<_64, _8>{}));
  tcase<float>("load float (M,N):(N,1) dyn, smem row-major 32x64", make_layout(make_shape(M, N), make_stride(N, Int<1>{})),
               make_layout(Shape<_32, _64>{}, LayoutRight{}));
  tcase<std::uint8_t>("load uint8 (1008,N):(1,1008) dyn, smem col-major 128x32", make_layout(make_shape(1008, N), make_stride(Int<1>{}, 1008)),
                      make_layout(Shape<_128, _32>{}));
  tcase<H>("store half (M,N):(N,1) dyn, smem row-major 64x32", make_layout(make_shape(M, N), make_stride(N, Int<1>{})),
           make_layout(Shape<_64, _32>{}, LayoutRight{}));
  tcase<H>("load half (M,K,L):(K,1,M*K) dyn, smem K_SW128 128x64", make_layout(make_shape(M, K, L), make_stride(K, Int<1>{}, M * K)),
           tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{}));
  tcase<H>("load half static (_8,_32):(_32,_1) smem row-major 8x32", Layout<Shape<_8, _32>, Stride<_32, _1>>{},
           make_layout(Shape<_8, _32>{}, LayoutRight{}));
  tcase<float>("load float static (_64,_64):(_1,_64) smem col-major 64x64", Layout<Shape<_64, _64>, Stride<_1, _64>>{},
               make_layout(Shape<_64, _64>{}));
  tcase<H>("load multicast 2 half (M,K):(K,1), smem K_SW128 128x64, cta_tile (128,64)", make_layout(make_shape(M, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{}), Shape<_128, _64>{}, 2);
  tcase<H>("load multicast 4 half (N,K):(K,1), smem K_SW64 64x32", make_layout(make_shape(N, K), make_stride(K, Int<1>{})),
           tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, Shape<_64, _32>{}), Shape<_64, _32>{}, 4);
  tcase<H>("load half (8,M,K,L) tile (8,16,64)",
           make_layout(make_shape(Int<8>{}, M, K, L), make_stride(Int<1>{}, 8 * K, Int<8>{}, 8 * M * K)), make_layout(Shape<_8, _16, _64>{}));
  tcase<float>("load float (M,N):(N,1) dyn, smem row-major 16x512 (box > 256)", make_layout(make_shape(M, N), make_stride(N, Int<1>{})),
               make_layout(Shape<_16, _512>{}, LayoutRight{}));
}

std::string captured(void (*f)()) {
  testing::internal::CaptureStdout();
  f();
  std::fflush(stdout);
  return testing::internal::GetCapturedStdout();
}

std::string read_data(char const* name) {
  std::ifstream in(std::string(TESSEL_TEST_DATA_DIR) + "/" + name);
  std::string line, out;
  while (std::getline(in, line))
    if (line.empty() || line[0] != '#') out += line + "\n";
  return out;
}

}  // namespace

TEST(Tma, ParamsAsCuTe) {
  // CuTe stops at its last case with a failed assert; tessel names the error there.
  std::string const want = read_data("cute_tma_params.txt") +
                           "@@ load float (M,N):(N,1) dyn, smem row-major 16x512 (box > 256)\n"
                           "error: tessel: TMA: a box extent is above 256\n";
  EXPECT_EQ(captured(print_cases), want);
}

TEST(Tma, NamedErrors) {
  using H = half_t;
  int M = 1000, K = 520;
  auto sw = tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{});
  // the shared memory is K-major, the global tensor M-major: the box's first dimension is not contiguous
  EXPECT_THROW(TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(M, K), make_stride(Int<1>{}, M)), sw), tessel::error);
  // a row of 1001 halves: the global byte stride is not a multiple of 16
  EXPECT_THROW(TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(M, 1001), make_stride(1001, Int<1>{})), sw), tessel::error);
  // a global address 2 bytes off 16
  EXPECT_THROW(TMA::make_tma_params(gbuf<H>() + 1, make_layout(make_shape(M, K), make_stride(K, Int<1>{})), sw), tessel::error);
  // a multicast of 3 does not divide the box of 128 rows
  EXPECT_THROW(TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(M, K), make_stride(K, Int<1>{})), sw, Shape<_128, _64>{}, 3),
               tessel::error);
  try {
    TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(M, K), make_stride(Int<1>{}, M)), sw);
  } catch (tessel::error const& e) {
    EXPECT_NE(std::string(e.what()).find("majors of shared and global memory differ"), std::string::npos) << e.what();
  }
}

// The same errors through make_tma_plan (its copy made at compile time, the run-time
// extents, strides and address checked as make_tma_params does): the same message as
// make_tma_plan_computed's, for each run-time condition (a dynamic inner stride, a byte
// stride, the address, an extent past 2^32 elements), and none where there is none.
TEST(Tma, NamedErrorsOfTheCompileTimeCopy) {
  using H = half_t;
  auto sw = tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{});
  auto message = [](auto&& f) -> std::string {
    try {
      f();
    } catch (tessel::error const& e) {
      return e.what();
    }
    return "(none)";
  };
  auto both = [&](char const* label, H* ptr, auto const& gl, char const* want) {
    SCOPED_TRACE(label);
    auto g = make_tensor(make_gmem_ptr(ptr), gl);
    std::string const a = message([&] { (void)detail::make_tma_plan<void>(SM90_TMA_LOAD{}, g, sw, Shape<_128, _64>{}, 1); });
    std::string const b = message([&] { (void)detail::make_tma_plan_computed<void>(SM90_TMA_LOAD{}, g, sw, Shape<_128, _64>{}, 1); });
    EXPECT_EQ(a, b);
    EXPECT_NE(a.find(want), std::string::npos) << a;
  };
  int const M = 1000, K = 520;
  {  // (these take the compile-time copy)
    using GL = Layout<Shape<int, int>, Stride<int, int>>;
    using C = decltype(detail::make_tma_plan_computed<void>(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(gbuf<H>()), GL{}), sw, Shape<_128, _64>{}, 1));
    static_assert(detail::tma_prototype<C, H, GL, decltype(sw), Shape<_128, _64>>::ok);
  }
  both("inner stride 2", gbuf<H>(), make_layout(make_shape(M, K), make_stride(2 * K, 2)), "not contiguous");
  both("row of 1001", gbuf<H>(), make_layout(make_shape(M, 1001), make_stride(1001, 1)), "multiple of 16");
  both("address", gbuf<H>() + 1, make_layout(make_shape(M, K), make_stride(K, 1)), "16-byte aligned");
  both("extent past 2^32", gbuf<H>(), make_layout(make_shape(M, (1LL << 32) + 8), make_stride((1LL << 32) + 8, 1LL)), "[1, 2^32]");
  both("fine", gbuf<H>(), make_layout(make_shape(M, K), make_stride(K, 1)), "(none)");
}

// The rest of the tile (atom/tma_copy.hpp issues one box per run): an MN_SW128
// 128x64 tile is 16 boxes of 64x8: 2 along M (64 rows, smem index step 512) times
// 8 along K (8 columns, smem index step 1024).
TEST(Tma, BoxesOfATile) {
  using H = half_t;
  auto p = TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(1000, 520), make_stride(Int<1>{}, 1000)),
                                tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, Shape<_128, _64>{}));
  ASSERT_EQ(p.rest, 2);
  EXPECT_EQ(p.rest_extent[0], 2);
  EXPECT_EQ(p.rest_mode[0], 0);
  EXPECT_EQ(p.rest_step[0], 64);
  EXPECT_EQ(p.rest_smem[0], 512);
  EXPECT_EQ(p.rest_extent[1], 8);
  EXPECT_EQ(p.rest_mode[1], 1);
  EXPECT_EQ(p.rest_step[1], 8);
  EXPECT_EQ(p.rest_smem[1], 1024);
  EXPECT_EQ(p.tile_elems, 128 * 64);
  // box dimension 0 is global mode 0 (M), 1 is mode 1 (K), each with scale 1
  EXPECT_EQ(p.parts[0], 1);
  EXPECT_EQ(p.part_mode[0][0], 0);
  EXPECT_EQ(p.part_mode[1][0], 1);
  // a K-major tile is one box
  auto q = TMA::make_tma_params(gbuf<H>(), make_layout(make_shape(1000, 520), make_stride(520, Int<1>{})),
                                tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _64>{}));
  EXPECT_EQ(q.rest, 0);
  EXPECT_EQ(q.tile_elems, 128 * 64);
  // merged static modes: coordinate of (row, col) in the 256-wide dimension is col + 32 row
  auto r = TMA::make_tma_params(gbuf<H>(), Layout<Shape<_8, _32>, Stride<_32, _1>>{}, make_layout(Shape<_8, _32>{}, LayoutRight{}));
  ASSERT_EQ(r.parts[0], 2);
  EXPECT_EQ(r.part_mode[0][0], 1);
  EXPECT_EQ(r.part_scale[0][0], 1);
  EXPECT_EQ(r.part_mode[0][1], 0);
  EXPECT_EQ(r.part_scale[0][1], 32);
}

namespace {
// make_tma_plan's copy (made at compile time where the layouts' types decide the plan, at
// cluster size 1) is, field by field, the one make_tma_plan_computed computes at run time.
template <class A, class B>
void expect_same_copy(A const& a, B const& b) {
  static_assert(std::is_same_v<A, B>);
  TMA::Params const &p = a.params, &q = b.params;
  EXPECT_EQ(p.rank, q.rank);
  EXPECT_EQ(p.address, q.address);
  EXPECT_EQ(p.error, q.error);
  EXPECT_EQ(p.swizzle, q.swizzle);
  EXPECT_EQ(p.data_type, q.data_type);
  for (int d = 0; d < 5; ++d) {
    EXPECT_EQ(p.dims[d], q.dims[d]) << d;
    EXPECT_EQ(p.strides[d], q.strides[d]) << d;
    EXPECT_EQ(p.box[d], q.box[d]) << d;
    EXPECT_EQ(p.elem_strides[d], q.elem_strides[d]) << d;
    EXPECT_EQ(p.parts[d], q.parts[d]) << d;
    for (int m = 0; m < TMA::detail::kMaxModes; ++m) {
      EXPECT_EQ(p.part_mode[d][m], q.part_mode[d][m]) << d << " " << m;
      EXPECT_EQ(p.part_scale[d][m], q.part_scale[d][m]) << d << " " << m;
    }
  }
  EXPECT_EQ(p.rest, q.rest);
  for (int r = 0; r < 8; ++r) {
    EXPECT_EQ(p.rest_extent[r], q.rest_extent[r]);
    EXPECT_EQ(p.rest_mode[r], q.rest_mode[r]);
    EXPECT_EQ(p.rest_step[r], q.rest_step[r]);
    EXPECT_EQ(p.rest_smem[r], q.rest_smem[r]);
    for (int d = 0; d < 5; ++d) EXPECT_EQ(a.run_c_[r][d], b.run_c_[r][d]);
  }
  EXPECT_EQ(p.tile_elems, q.tile_elems);
  EXPECT_EQ(p.recast_num, q.recast_num);
  EXPECT_EQ(p.recast_den, q.recast_den);
  for (int m = 0; m < TMA::detail::kMaxModes; ++m) {
    EXPECT_EQ(p.tile_extent[m], q.tile_extent[m]);
    EXPECT_EQ(a.tile_[m], b.tile_[m]);
    EXPECT_EQ(a.mode_dim_[m], b.mode_dim_[m]);
    EXPECT_EQ(a.mode_scale_[m], b.mode_scale_[m]);
  }
  EXPECT_EQ(a.bytes, b.bytes);
  EXPECT_EQ(a.box_values_, b.box_values_);
  EXPECT_EQ(a.multicast_, b.multicast_);
  EXPECT_EQ(a.table_boxes_, b.table_boxes_);
  for (int i = 0; i < a.kMaxTableBoxes; ++i) {
    EXPECT_EQ(a.box_s_[i], b.box_s_[i]) << i;
    for (int d = 0; d < 5; ++d) EXPECT_EQ(a.box_c_[i][d], b.box_c_[i][d]) << i << " " << d;
  }
  EXPECT_EQ(a.slice_s_, b.slice_s_);
  for (int d = 0; d < 5; ++d) EXPECT_EQ(a.slice_c_[d], b.slice_c_[d]);
}
// make_tma_atom's compact copy (the types decide the plan, cluster size a static 1: the
// tensor map alone, the rest constants of its type; make_tma_atom itself needs a driver
// to encode): its size, and each of its constants against the copy computed at run time.
template <class M, class Op, class G, class SL, class Tile>
using compact_copy_t =
    TmaTiledCopy<Op, typename G::value_type, decltype(detail::make_tma_plan_computed<M>(Op{}, std::declval<G>(), SL{}, Tile{}, 1))::tma_rank,
                 typename decltype(detail::make_tma_plan_computed<M>(Op{}, std::declval<G>(), SL{}, Tile{}, 1))::smem_inner_type,
                 decltype(detail::make_tma_plan_computed<M>(Op{}, std::declval<G>(), SL{}, Tile{}, 1))::tile_rank,
                 detail::tma_compact_plan<decltype(detail::make_tma_plan_computed<M>(Op{}, std::declval<G>(), SL{}, Tile{}, 1)),
                                          std::conditional_t<std::is_void_v<M>, typename G::value_type, M>,
                                          std::remove_cvref_t<decltype(std::declval<G>().layout())>, SL, Tile>>;
template <class M, class Op, class G, class SL, class Tile>
constexpr bool has_compact_copy = detail::tma_prototype<decltype(detail::make_tma_plan_computed<M>(Op{}, std::declval<G>(), SL{}, Tile{}, 1)),
                                                        std::conditional_t<std::is_void_v<M>, typename G::value_type, M>,
                                                        std::remove_cvref_t<decltype(std::declval<G>().layout())>, SL, Tile>::ok;
int compact_copies_checked = 0;
template <class C, class B>
void expect_compact(B const& b) {
  static_assert(C::compact);
  ++compact_copies_checked;
  // The tensor map and an empty member, at the map's alignment (make_tma_copy's copy: the whole plan).
  static_assert(sizeof(C) == sizeof(TmaDescriptor) + alignof(TmaDescriptor));
  static_assert(sizeof(B) > 1024);
  using P = typename C::StaticParams;
  TMA::Params const& q = b.params;
  EXPECT_EQ(P::rank, q.rank);
  EXPECT_EQ(P::tile_elems, q.tile_elems);
  EXPECT_EQ(P::recast_num, q.recast_num);
  EXPECT_EQ(P::recast_den, q.recast_den);
  EXPECT_EQ(P::data_type, q.data_type);
  TMA::Params const p = P::value();
  for (int d = 0; d < 5; ++d) {
    EXPECT_EQ(p.box[d], q.box[d]) << d;
    EXPECT_EQ(p.parts[d], q.parts[d]) << d;
  }
  EXPECT_EQ(C::bytes, b.bytes);
  EXPECT_EQ(C::box_values_, b.box_values_);
  EXPECT_EQ(C::multicast_, b.multicast_);
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&] {
          EXPECT_EQ(C::template mode_dim_c<int(I)>, b.mode_dim_[I]) << I;
          EXPECT_EQ(C::template mode_scale_c<int(I)>, b.mode_scale_[I]) << I;
        }(),
        ...);
  }(std::make_index_sequence<TMA::detail::kMaxModes>{});
}
template <class M, class Op, class G, class SL, class Tile>
auto plan_checked(Op const& op, G const& g, SL const& sl, Tile const& tile, int cluster) {
  auto tma = detail::make_tma_plan<M>(op, g, sl, tile, cluster);
  auto const computed = detail::make_tma_plan_computed<M>(op, g, sl, tile, cluster);
  expect_same_copy(tma, computed);
  if constexpr (has_compact_copy<M, Op, G, SL, Tile>)
    if (cluster == 1) expect_compact<compact_copy_t<M, Op, G, SL, Tile>>(computed);
  return tma;
}

// The TMA copy that make_tma_copy<M>(SM90_TMA_LOAD{}, gl, sl, tile, cluster) builds
// (its plan, without encoding a tensor map): the rank of get_tma_tensor's
// elements (the tensor map's rank), the tensor's elements per TMA instruction
// (CuTe's NumValSrc) and the coordinates of the elements 0, 1, 7, 33, 100, 1000
// of get_tma_tensor(shape(gl)) against want.
template <class T, class M = void, class GL, class SL, class Tile>
void expect_tma(char const* label, GL const& gl, SL const& sl, Tile const& tile, int cluster, int rank_want, int values_want,
                std::vector<std::vector<int>> const& want) {
  SCOPED_TRACE(label);
  auto g = make_tensor(make_gmem_ptr(gbuf<T>()), gl);
  auto tma = plan_checked<M>(SM90_TMA_LOAD{}, g, sl, tile, cluster);
  auto mA = tma.get_tma_tensor(shape(gl));
  constexpr int R = decltype(rank(mA(0)))::value;
  EXPECT_EQ(R, rank_want);
  EXPECT_EQ(tma.params.rank, rank_want);
  EXPECT_EQ(tma.box_values_, values_want);
  int const at[] = {0, 1, 7, 33, 100, 1000};
  for (std::size_t k = 0; k < want.size(); ++k) {
    auto const c = mA(at[k]);
    std::vector<int> got;
    [&]<std::size_t... I>(std::index_sequence<I...>) { (got.push_back(int(get<I>(c))), ...); }(std::make_index_sequence<R>{});
    EXPECT_EQ(got, want[k]) << "element " << at[k];
  }
  // make_tma_atom's compact copy gives the same coordinates (its plan's constants).
  if constexpr (has_compact_copy<M, SM90_TMA_LOAD, decltype(g), SL, Tile>) {
    if (cluster == 1) {
      compact_copy_t<M, SM90_TMA_LOAD, decltype(g), SL, Tile> const compact{};
      auto mC = compact.get_tma_tensor(shape(gl));
      EXPECT_EQ(compact.box_values_, values_want);
      for (long long i = 0; i < (long long)size(gl) && i < 4096; i += 7) {
        auto const c = mA(i), d = mC(i);
        [&]<std::size_t... I>(std::index_sequence<I...>) { ([&] { EXPECT_EQ(int(get<I>(c)), int(get<I>(d))) << "element " << i; }(), ...); }(
            std::make_index_sequence<R>{});
      }
    }
  }
}
}  // namespace

// CuTe's Hopper TMA device tests (test/unit/cute/hopper/tma_load.cu and
// tma_mcast_load.cu): hierarchical and multimode global tensors, tiles by mode,
// coalesced boxes, broadcast (stride-0) modes, another element type for the
// tensor map, multicast. The expected values are what CuTe 7107b05's
// make_tma_copy and get_tma_tensor give for the same arguments (host code,
// outside this repository: rank(mA(0)), NumValSrc, mA(i)).
TEST(Tma, CuTeDeviceTestCopies) {
  int const compact_before = compact_copies_checked;
  using H = half_t;
  expect_tma<H>("multimode (64,3,2,3,2),(32,4,2,2) tile (32),(16,2)", make_layout(make_shape(make_shape(64, 3, 2, 3, 2), make_shape(32, 4, 2, 2))),
                make_layout(Shape<_32, _32>{}), Shape<Shape<_32>, Shape<_16, _2>>{}, 1, 5, 1024,
                {{0, 0, 0, 0, 0}, {1, 0, 0, 0, 0}, {7, 0, 0, 0, 0}, {33, 0, 0, 0, 0}, {36, 0, 0, 1, 0}, {40, 0, 0, 0, 5}});
  expect_tma<H>("multimode (32,3,2,2),(32,4,2) tile (32),(32,2)", make_layout(make_shape(make_shape(32, 3, 2, 2), make_shape(32, 4, 2))),
                make_layout(Shape<_32, _64>{}), Shape<Shape<_32>, Shape<_32, _2>>{}, 1, 5, 2048,
                {{0, 0, 0, 0, 0}, {1, 0, 0, 0, 0}, {7, 0, 0, 0, 0}, {1, 0, 0, 1, 0}, {4, 0, 0, 0, 1}, {8, 2, 0, 1, 2}});
  expect_tma<H>("4-mode (80,40),(32,12) tile (16,8),(32,2)", make_layout(make_shape(make_shape(80, 40), make_shape(32, 12))),
                make_layout(Shape<_128, _64>{}), Shape<Shape<_16, _8>, Shape<_32, _2>>{}, 1, 4, 8192,
                {{0, 0, 0, 0}, {1, 0, 0, 0}, {7, 0, 0, 0}, {33, 0, 0, 0}, {20, 1, 0, 0}, {40, 12, 0, 0}});
  expect_tma<H>("3-mode (128,64,5) tile (64,32)", make_layout(make_shape(128, 64, 5)), make_layout(Shape<_64, _32>{}), Shape<_64, _32>{}, 1, 3,
                2048, {{0, 0, 0}, {1, 0, 0}, {7, 0, 0}, {33, 0, 0}, {100, 0, 0}, {104, 7, 0}});
  {
    auto gl = make_layout(make_shape(make_shape(_32{}, _4{}, 4), _32{}, make_shape(_4{}, 4)),
                          make_stride(make_stride(_16{}, _4{}, 2048), _0{}, make_stride(_1{}, _512{})));
    auto sl = make_layout(make_shape(make_shape(_32{}, _4{}), _32{}, make_shape(_4{})), make_stride(make_stride(_16{}, _4{}), _0{}, make_stride(_1{})));
    expect_tma<std::int8_t>("coalesced, broadcast mode", gl, sl, detail::atoms::product_each(shape(sl)), 1, 4, 512,
                            {{0, 0, 0, 0}, {0, 1, 0, 0}, {0, 7, 0, 0}, {4, 1, 0, 0}, {12, 4, 0, 0}, {12, 8, 3, 0}});
  }
  {
    auto gl = make_layout(make_shape(128, make_shape(_4{}, 128)), make_stride(_4{}, make_stride(_1{}, 512)));
    auto sl = make_layout(make_shape(_32{}, make_shape(_4{}, _32{})), make_stride(_4{}, make_stride(_1{}, _128{})));
    expect_tma<std::int8_t>("interleaved column-major", gl, sl, detail::atoms::product_each(shape(sl)), 1, 2, 4096,
                            {{0, 0}, {4, 0}, {28, 0}, {132, 0}, {400, 0}, {419, 1}});
  }
  {
    auto gl = make_layout(make_shape(128, make_shape(_32{}, 4)), make_stride(_1{}, make_stride(_0{}, 128)));
    auto sl = make_layout(make_shape(_64{}, make_shape(_32{})), make_stride(_1{}, make_stride(_0{})));
    expect_tma<std::uint16_t>("stride-0 mode in the tile", gl, sl, detail::atoms::product_each(shape(sl)), 1, 2, 64,
                              {{0, 0}, {1, 0}, {7, 0}, {33, 0}, {100, 0}, {104, 0}});
  }
  expect_tma<std::int8_t, std::uint64_t>("int8 through uint64", make_layout(make_shape(64, 64)), Layout<Shape<_32, _32>, Stride<_1, _32>>{},
                                         Shape<_32, _32>{}, 1, 2, 1024, {{0, 0}, {0, 0}, {0, 0}, {4, 0}, {4, 1}, {5, 15}});
  expect_tma<double, std::uint8_t>("double through uint8", make_layout(make_shape(64, 64)), Layout<Shape<_32, _32>, Stride<_1, _32>>{},
                                   Shape<_32, _32>{}, 1, 2, 1024, {{0, 0}, {8, 0}, {56, 0}, {264, 0}, {288, 1}, {320, 15}});
  expect_tma<std::int8_t>("8x8 tile of a static 16x16", tile_to_shape(Layout<Shape<_8, _8>, Stride<_1, _8>>{}, Shape<_16, _16>{}),
                          Layout<Shape<_8, _8>, Stride<_1, _8>>{}, Shape<_8, _8>{}, 1, 3, 64,
                          {{0, 0, 0}, {1, 0, 0}, {7, 0, 0}, {17, 0, 0}, {52, 0, 0}});
  expect_tma<H>("multicast 2", make_layout(make_shape(32, 32)), Layout<Shape<_32, _32>, Stride<_1, _32>>{}, Shape<_32, _32>{}, 2, 2, 1024,
                {{0, 0}, {1, 0}, {7, 0}, {1, 1}, {4, 3}, {8, 31}});
  EXPECT_GE(compact_copies_checked - compact_before, 6);  // (the compact copy is checked where the types decide the plan)
}

// Multicast slicing (CuTe's TMA TiledCopy get_slice / tma_partition): of a
// 32x32 column-major tile shared by 2 CTAs, each loads half of every box: CTA r
// starts at element r * NumValSrc / 2 of the tile in shared-memory order, and
// the box is halved along its last dimension.
TEST(Tma, MulticastSlices) {
  using H = half_t;
  auto gl = make_layout(make_shape(64, 96));
  auto sl = Layout<Shape<_32, _32>, Stride<_1, _32>>{};
  auto g = make_tensor(make_gmem_ptr(gbuf<H>()), gl);
  auto tma = detail::make_tma_plan<void>(SM90_TMA_LOAD_MULTICAST{}, g, sl, Shape<_32, _32>{}, 2);
  EXPECT_EQ(tma.params.box[0], 32u);
  EXPECT_EQ(tma.params.box[1], 16u);
  EXPECT_EQ(tma.box_values_, 1024);
  auto gA = flat_divide(tma.get_tma_tensor(shape(gl)), Shape<_32, _32>{});  // (32,32,2,3)
  alignas(128) static H smem[32 * 32];
  auto sA = make_tensor(make_smem_ptr(smem), sl);
  for (int r = 0; r < 2; ++r) {
    auto part = tma.get_slice(r);
    auto tAgA = group_modes<1, 5>(part.partition_S(gA));  // (TMA, REST)
    auto tAsA = group_modes<1, 3>(part.partition_D(sA));  // (TMA, 1)
    static_assert(decltype(size<1>(tAsA))::value == 1);
    EXPECT_EQ(int(size<1>(tAgA)), 6);
    // this CTA's slice: the box at (0, 16 r) of tile (1, 2), into smem column 16 r
    auto const c = tAgA(0, 1 + 2 * 2);
    EXPECT_EQ(int(get<0>(c)), 32);
    EXPECT_EQ(int(get<1>(c)), 64 + 16 * r);
    EXPECT_EQ(&tAsA(0, 0), &sA(0, 16 * r));
    // tma_partition with the cluster's layout: the same slices
    auto [pg, ps] = tma_partition(tma, r, make_layout(2), group_modes<0, 2>(sA), group_modes<1, 3>(group_modes<0, 2>(gA)));
    EXPECT_EQ(int(get<1>(pg(0, 1 + 2 * 2))), 64 + 16 * r);
    EXPECT_EQ(&ps(0), &sA(0, 16 * r));
  }
}

// make_layout_like keeps static-0 strides, as CuTe's (its TMA tests size an
// mbarrier's transaction with sizeof(make_tensor_like(partition)): a broadcast
// mode of the shared-memory tile takes no room, and no bytes).
TEST(Tma, LayoutLikeKeepsBroadcastModes) {
  auto a = make_layout_like(Layout<Shape<_2, _2, _2, _2>, Stride<_0, _2, _4, _1>>{});  // CuTe's example
  static_assert(std::is_same_v<decltype(a), Layout<Shape<_2, _2, _2, _2>, Stride<_0, _2, _4, _1>>>);
  auto b = make_tensor_like<half_t>(make_layout(make_shape(_64{}, _32{}), make_stride(_1{}, _0{})));
  EXPECT_EQ(int(sizeof(b)), 64 * 2);
  EXPECT_EQ(int(cosize(b.layout())), 64);
}

namespace {
// The TMA's load of one box, emulated on the host: box c of the tensor map p
// over the global memory g into shared memory at byte offset dst from the
// 1024-byte-aligned base s: the box's elements (of `eb` bytes, the map's
// type) in order, dimension 0 fastest; an element outside the global extents
// is 0; with swizzle B, bits 4.. of each byte offset XOR bits 7.. (B of them).
void emulate_box(TMA::Params const& p, unsigned char const* g, unsigned char* s, long long dst, std::int32_t const (&c)[5], int eb) {
  long long total = 1;
  for (int d = 0; d < p.rank; ++d) total *= p.box[d];
  for (long long j = 0; j < total; ++j) {
    long long rest = j, src = 0;
    bool inside = true;
    for (int d = 0; d < p.rank; ++d) {
      long long const x = c[d] + rest % p.box[d];
      rest /= p.box[d];
      inside = inside && x >= 0 && x < (long long)p.dims[d];
      src += x * (d == 0 ? eb : (long long)p.strides[d]);
    }
    for (int b = 0; b < eb; ++b) {
      long long o = dst + j * eb + b;
      if (p.swizzle > 0) o ^= ((o >> 7) & ((1LL << p.swizzle) - 1)) << 4;
      s[o] = inside ? g[src + b] : 0;
    }
  }
}

// CuTe's tma_load testbed on the host: the copy of make_tma_copy<M>(SM90_TMA_LOAD{},
// gl, sl, tile) partitioned as the testbed does (get_slice(0), partition_S/D,
// group_modes), each of its boxes loaded by emulate_box, and every tile of
// the tensor compared with shared memory as the testbed's copy(sA, tBgB(_,stage))
// writes it back (the tile must divide the tensor). The boxes are those
// tma_for_each_box gives with the plan of the copy's types (`unrolled` of them
// issued with compile-time offsets, 0: a run-time loop), which must equal
// those of the run-time plan.
template <class T, class M = void, class GL, class SL, class Tile>
void emulate_load(char const* label, GL const& gl, SL const& sl, Tile const& tile, int unrolled) {
  SCOPED_TRACE(label);
  using MT = std::conditional_t<std::is_void_v<M>, T, M>;
  auto* bytes = reinterpret_cast<unsigned char*>(gbuf<T>());
  long long const nbytes = (long long)cosize(gl) * (long long)sizeof(T);
  for (long long i = 0; i < nbytes; ++i) bytes[i] = (unsigned char)(i * 7 + (i >> 8) * 3 + 1);
  auto g = make_tensor(make_gmem_ptr(gbuf<T>()), gl);
  auto tma = plan_checked<M>(SM90_TMA_LOAD{}, g, sl, tile, 1);
  alignas(1024) static unsigned char smem[1 << 17];
  auto sA = make_tensor(make_smem_ptr(reinterpret_cast<T*>(smem)), sl);
  constexpr int R = decltype(rank(tile))::value;
  auto gA = flat_divide(tma.get_tma_tensor(shape(gl)), tile);
  auto gB = flat_divide(g, tile);
  auto cta = tma.get_slice(0);
  auto tAgA_x = cta.partition_S(gA);
  auto tAsA_x = cta.partition_D(sA);
  auto tAgA = group_modes<1, rank(tAgA_x)>(tAgA_x);
  auto tAsA = group_modes<1, rank(tAsA_x)>(tAsA_x);
  static_assert(decltype(size<1>(tAsA))::value == 1);
  auto tBgB = group_modes<0, R>(group_modes<R, rank(gB)>(gB));
  int const boxes = int(std::min<long long>(size<0>(tAsA), tma.params.tile_elems));
  // The copy's boxes as tma_for_each_box gives them: with the plan of the
  // copy's types (compile-time offsets where unrolled) and from the run-time plan.
  using Plan = typename decltype(tma)::plan_type;
  using Box = std::array<long long, 6>;  // shared-memory offset (elements), coordinates
  auto boxes_of = [&](auto plan, int stage) {
    std::vector<Box> r;
    auto const sA0 = tAsA(_, 0);
    detail::tma_for_each_box<typename decltype(plan)::type>(tma, tAgA(_, stage), &sA0, [&](T* p, std::int32_t const (&c)[5]) {
      r.push_back(Box{(long long)(p - reinterpret_cast<T*>(smem)), c[0], c[1], c[2], c[3], c[4]});
    });
    return r;
  };
  using TileLayout = std::remove_cvref_t<decltype(tAgA(_, 0).layout())>;
  EXPECT_EQ((detail::tma_unrolled_boxes<Plan, TileLayout>), unrolled) << "boxes unrolled";
  int bad = 0;
  int const stages = int(size<1>(tAgA));
  for (int stage : {0, 1, stages / 2, stages - 1}) {  // (a few tiles: the test runs at -O0)
    if (stage >= stages || bad >= 3) continue;
    std::memset(smem, 0xAB, sizeof(smem));
    std::vector<Box> const fixed = boxes_of(std::type_identity<Plan>{}, stage), run = boxes_of(std::type_identity<void>{}, stage);
    EXPECT_EQ(fixed, run) << "tile " << stage << ": the boxes of the types' plan and of the run-time plan differ";
    EXPECT_EQ(int(run.size()), (boxes + tma.box_values_ - 1) / tma.box_values_);
    for (Box const& b : fixed) {  // (the boxes of the types' plan loaded)
      std::int32_t const c[5] = {std::int32_t(b[1]), std::int32_t(b[2]), std::int32_t(b[3]), std::int32_t(b[4]), std::int32_t(b[5])};
      emulate_box(tma.params, bytes, smem, b[0] * (long long)sizeof(T), c, int(sizeof_bits_v<MT> / 8));
    }
    for (int j = 0; j < int(size(sA)) && bad < 3; ++j) {
      T const x = sA(j), y = tBgB(j, stage);
      if (std::memcmp(&x, &y, sizeof(T)) != 0) {
        ++bad;
        ADD_FAILURE() << "tile " << stage << ", element " << j << " differs";
      }
    }
  }
}
template <class T, class M = void, class GL, class SL>
void emulate_load(char const* label, GL const& gl, SL const& sl, int unrolled) {
  emulate_load<T, M>(label, gl, sl, detail::atoms::product_each(shape(sl)), unrolled);
}
}  // namespace

// CuTe's tma_load device tests' copies, the TMA emulated on the host: every
// tile of the global tensor, loaded box by box through tessel's plan and
// partitions, lands in shared memory as the testbed reads it.
TEST(Tma, EmulatedLoadsOfCuTeTests) {
  using H = half_t;
  // (boxes unrolled: one 32x32 box; two 64x128 boxes; the wgmma_tma_sm90 tutorial's NT tile, 16 boxes of 64x8
  // (CuTe's too); a nested global shape's coordinates have run-time strides: a loop)
  emulate_load<std::int8_t>("32x32 col", make_layout(make_shape(64, 96), GenColMajor{}), Layout<Shape<_32, _32>, Stride<_1, _32>>{}, 1);
  emulate_load<H>("K_SW128 128x128 tile", make_layout(make_shape(128, 256), GenRowMajor{}),
                  tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _128>{}), 2);
  emulate_load<H>("MN_SW128 128x64 tile", make_layout(make_shape(256, 192), make_stride(_1{}, 256)),
                  tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, Shape<_128, _64>{}), 16);
  emulate_load<H>("multimode", make_layout(make_shape(make_shape(64, 3, 2, 3, 2), make_shape(32, 4, 2, 2))), make_layout(Shape<_32, _32>{}),
                  Shape<Shape<_32>, Shape<_16, _2>>{}, 0);
  emulate_load<std::int8_t>(
      "many modes, stride-0 mode",
      make_layout(make_shape(make_shape(_32{}, _4{}, 4), _32{}, make_shape(_4{}, 4)), make_stride(make_stride(_16{}, _4{}, 2048), _0{}, make_stride(_1{}, _512{}))),
      make_layout(make_shape(make_shape(_32{}, _4{}), _32{}, make_shape(_4{})), make_stride(make_stride(_16{}, _4{}), _0{}, make_stride(_1{}))), 0);
  emulate_load<std::int8_t, std::uint64_t>("int8 through uint64", make_layout(make_shape(64, 64)), Layout<Shape<_32, _32>, Stride<_1, _32>>{}, 1);
}

namespace {
// The device's box table (TmaCopy::build_box_table, table_base/table_box/run_box/
// table_slice, what copy_origin issues) against the plan's box() and issue_box's
// multicast slice, for every box of a few tile origins. Returns the number of boxes.
template <class Copy>
int expect_box_table(char const* label, Copy const& tma, bool want_table) {
  SCOPED_TRACE(label);
  int const n = tma.boxes();
  EXPECT_EQ(tma.table_boxes_, want_table ? n : 0);
  constexpr int MM = TMA::detail::kMaxModes;
  int const patterns[][MM] = {{0}, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
                              {5, 0, 3, 1, 2, 0, 1, 1, 0, 2, 1, 3}, {37, 11, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1}};
  int bad = 0;
  for (auto const& k : patterns) {
    long long origin[MM];
    for (int m = 0; m < MM; ++m) origin[m] = (long long)k[m] * tma.tile_[m];
    std::int32_t base[5];
    tma.table_base(origin, base);
    for (int i = 0; i < n && bad < 5; ++i) {
      std::int32_t want[5], got[5];
      long long want_off = -1, got_off = -2;
      tma.box(origin, i, want, want_off);
      auto same = [&](char const* how) {
        bool ok = want_off == got_off;
        for (int d = 0; d < 5; ++d) ok = ok && want[d] == got[d];
        if (!ok) {
          ++bad;
          ADD_FAILURE() << how << ": box " << i << " of origin pattern " << (&k - patterns) << " differs from box()";
        }
      };
      tma.run_box(base, i, got, got_off);
      same("run_box");
      if (tma.table_boxes_ > 0) {
        tma.table_box(base, i, got, got_off);
        same("table_box");
      }
      // a multicast slice: rank r's box is r box[last] further along the last
      // dimension, r whole (sliced) boxes further in shared memory
      for (int r = 0; r < 3; ++r) {
        std::int32_t c[5];
        long long off = want_off;
        for (int d = 0; d < 5; ++d) c[d] = want[d];
        tma.table_slice(c, off, r);
        long long slice = 1;
        for (int d = 0; d < tma.params.rank; ++d) slice *= tma.params.box[d];
        bool const mc = tma.multicast_ > 1;
        int const last = tma.params.rank - 1;
        for (int d = 0; d < 5; ++d)
          EXPECT_EQ(c[d], want[d] + (mc && d == last ? r * std::int32_t(tma.params.box[last]) : 0)) << "slice " << r << " box " << i;
        EXPECT_EQ(off, want_off + (mc ? r * slice : 0)) << "slice " << r << " box " << i;
      }
    }
  }
  return n;
}
template <class T, class M = void, class Op = SM90_TMA_LOAD, class GL, class SL, class Tile>
int expect_box_table(char const* label, GL const& gl, SL const& sl, Tile const& tile, int cluster, bool want_table) {
  auto g = make_tensor(make_gmem_ptr(gbuf<T>()), gl);
  return expect_box_table(label, plan_checked<M>(Op{}, g, sl, tile, cluster), want_table);
}
}  // namespace

// The device path of TmaCopy::copy (copy_origin): the box table built on the
// host (up to kMaxTableBoxes boxes) and the run steps beyond it give exactly
// box()'s coordinates and shared-memory offsets (ranks 1-5, swizzles, broadcast
// modes, a recast, multicast slices).
TEST(Tma, BoxTableIsBox) {
  using H = half_t;
  EXPECT_EQ(expect_box_table<H>("rank 1", make_layout(make_shape(4096)), Layout<_256>{}, Shape<_256>{}, 1, true), 1);
  EXPECT_EQ(expect_box_table<std::int8_t>("32x32 col", make_layout(make_shape(64, 96), GenColMajor{}), Layout<Shape<_32, _32>, Stride<_1, _32>>{},
                                          Shape<_32, _32>{}, 1, true),
            1);
  EXPECT_EQ(expect_box_table<H>("K_SW128 128x128", make_layout(make_shape(128, 256), GenRowMajor{}),
                                tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_128, _128>{}), Shape<_128, _128>{}, 1, true),
            2);
  EXPECT_EQ(expect_box_table<H>("MN_SW128 128x64", make_layout(make_shape(1000, 520), make_stride(Int<1>{}, 1000)),
                                tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, Shape<_128, _64>{}), Shape<_128, _64>{}, 1, true),
            16);
  EXPECT_EQ(expect_box_table<H>("MN_SW128 128x128 (beyond the table)", make_layout(make_shape(1000, 520), make_stride(Int<1>{}, 1000)),
                                tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, Shape<_128, _128>{}), Shape<_128, _128>{}, 1, false),
            32);
  EXPECT_EQ(expect_box_table<H>("multimode rank 5", make_layout(make_shape(make_shape(64, 3, 2, 3, 2), make_shape(32, 4, 2, 2))),
                                make_layout(Shape<_32, _32>{}), Shape<Shape<_32>, Shape<_16, _2>>{}, 1, true),
            1);
  expect_box_table<std::int8_t>(
      "many modes, stride-0 mode",
      make_layout(make_shape(make_shape(_32{}, _4{}, 4), _32{}, make_shape(_4{}, 4)), make_stride(make_stride(_16{}, _4{}, 2048), _0{}, make_stride(_1{}, _512{}))),
      make_layout(make_shape(make_shape(_32{}, _4{}), _32{}, make_shape(_4{})), make_stride(make_stride(_16{}, _4{}), _0{}, make_stride(_1{}))),
      Shape<Shape<_32, _4>, _32, Shape<_4>>{}, 1, true);
  expect_box_table<std::int8_t, std::uint64_t>("int8 through uint64", make_layout(make_shape(64, 64)), Layout<Shape<_32, _32>, Stride<_1, _32>>{},
                                               Shape<_32, _32>{}, 1, true);
  EXPECT_EQ((expect_box_table<H, void, SM90_TMA_LOAD_MULTICAST>("multicast 2, 32x32", make_layout(make_shape(64, 96)),
                                                                Layout<Shape<_32, _32>, Stride<_1, _32>>{}, Shape<_32, _32>{}, 2, true)),
            1);
  expect_box_table<H, void, SM90_TMA_LOAD_MULTICAST>("multicast 2, K_SW128 64x64", make_layout(make_shape(256, 256), GenRowMajor{}),
                                                     tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, Shape<_64, _64>{}), Shape<_64, _64>{}, 2, true);
}
