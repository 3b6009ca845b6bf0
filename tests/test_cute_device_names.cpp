// CuTe names that CuTe's device tests use (test/unit/cute/{volta,turing,ampere,hopper}),
// checked on the host: the Volta, Turing, fp64 and int8 MMA atoms, the movmatrix
// and stmatrix copy atoms against CuTe 4.x's printed output for the same code and against
// the PTX ISA's fragment tables written out independently; cooperative_copy
// and cooperative_gemm run thread by thread on the host against plain
// references (tiled and predicated paths, transforms, beta == 0 with garbage
// in C); conditional_return, cosize_v of a swizzled layout, identity, negate,
// recast_ptr, thread0, size(tiled_copy), axpby.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>
#include <tessel/tensor/debug.hpp>
#include <tessel/tensor/functional.hpp>

using namespace tessel;

namespace {

// CuTe 4.x's output of print_all() below (the same code compiled against CuTe).
constexpr char const* kCuTe = R"CUTE(== sm70
TiledMMA
  ThrLayoutVMNK:  ((_4,_2),_4,_4,_1):((_1,_16),_4,_32,_0)
  PermutationMNK: (_32,_32,_4)
MMA_Atom
  ThrID:      (_4,_2):(_1,_16)
  Shape_MNK:  (_8,_8,_4)
  LayoutA_TV: (_8,_4):(_1,_8)
  LayoutB_TV: (_8,_4):(_1,_8)
  LayoutC_TV: (_8,_8):(_1,_8)
A_TV ((_4,_4,_2,_4),(_4,(_1,_1))):((_1,_8,_4,_0),(_32,(_0,_0)))
B_TV ((_4,_4,_2,_4),(_4,(_1,_1))):((_1,_0,_4,_8),(_32,(_0,_0)))
C_TV ((_4,_4,_2,_4),(_8,(_1,_1))):((_1,_8,_4,_256),(_32,(_0,_0)))
size _128
== sm70b
TiledMMA
  ThrLayoutVMNK:  ((_4,_2),_2,_2,_1):((_1,_16),_4,_8,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      (_4,_2):(_1,_16)
  Shape_MNK:  (_8,_8,_4)
  LayoutA_TV: (_8,_4):(_1,_8)
  LayoutB_TV: (_8,_4):(_1,_8)
  LayoutC_TV: (_8,_8):(_1,_8)
A_TV ((_4,(_2,_2),_2),(_4,(_1,_1))):((_1,(_8,_0),_4),(_16,(_0,_0)))
B_TV ((_4,(_2,_2),_2),(_4,(_1,_1))):((_1,(_0,_8),_4),(_16,(_0,_0)))
C_TV ((_4,(_2,_2),_2),(_8,(_1,_1))):((_1,(_8,_128),_4),(_16,(_0,_0)))
size _32
== sm75f32
TiledMMA
  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_8)
  LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
  LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
A_TV ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8),(_0,_0)))
B_TV ((_4,_8,_2,_2),(_2,(_1,_1))):((_32,_1,_0,_8),(_16,(_0,_0)))
C_TV ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))
size _128
== sm75f16
TiledMMA
  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_8)
  LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
  LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
A_TV ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8),(_0,_0)))
B_TV ((_4,_8,_2,_2),(_2,(_1,_1))):((_32,_1,_0,_8),(_16,(_0,_0)))
C_TV ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))
size _128
== f64
TiledMMA
  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_8,_8,_4)
  LayoutA_TV: ((_4,_8),_1):((_8,_1),_0)
  LayoutB_TV: ((_4,_8),_1):((_8,_1),_0)
  LayoutC_TV: ((_4,_8),_2):((_16,_1),_8)
A_TV ((_4,_16,_2),(_1,(_1,_1))):((_16,_1,_0),(_0,(_0,_0)))
B_TV ((_4,_8,_2,_2),(_1,(_1,_1))):((_16,_1,_0,_8),(_0,(_0,_0)))
C_TV ((_4,_16,_2),(_2,(_1,_1))):((_32,_1,_128),(_16,(_0,_0)))
size _128
== c64
TiledMMA
  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_8,_8,_4)
  LayoutA_TV: ((_4,_8),_1):((_8,_1),_0)
  LayoutB_TV: ((_4,_8),_1):((_8,_1),_0)
  LayoutC_TV: ((_4,_8),_2):((_16,_1),_8)
A_TV ((_4,_16,_2),(_1,(_1,_1))):((_16,_1,_0),(_0,(_0,_0)))
B_TV ((_4,_8,_2,_2),(_1,(_1,_1))):((_16,_1,_0,_8),(_0,(_0,_0)))
C_TV ((_4,_16,_2),(_2,(_1,_1))):((_32,_1,_128),(_16,(_0,_0)))
size _128
MMA_Atom
  ThrID:      (_4,_2):(_1,_16)
  Shape_MNK:  (_8,_8,_4)
  LayoutA_TV: (_8,_4):(_1,_8)
  LayoutB_TV: (_8,_4):(_1,_8)
  LayoutC_TV: (_8,_8):(_1,_8)

MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_8)
  LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
  LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_8,_8,_4)
  LayoutA_TV: ((_4,_8),_1):((_8,_1),_0)
  LayoutB_TV: ((_4,_8),_1):((_8,_1),_0)
  LayoutC_TV: ((_4,_8),_2):((_16,_1),_8)

TiledCopy
  Tiler_MN:       (_32,_1)
  TiledLayout_TV: (_32,_1):(_1,_0)
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,_1):(_1,_1)
  ValLayoutDst: (_32,_1):(_1,_1)
  ValLayoutRef: (_32,_1):(_1,_1)
  ValueType:    32b

Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,_1):(_1,_1)
  ValLayoutDst: (_32,_1):(_1,_1)
  ValLayoutRef: (_32,_1):(_1,_1)
  ValueType:    32b

TiledCopy
  Tiler_MN:       (_16,_4)
  TiledLayout_TV: ((_4,(_2,_2),_2),(_4,(_1,_1))):((_1,(_8,_0),_4),(_16,(_0,_0)))
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_1):(_0,_0)
  ValLayoutDst: (_1,_1):(_0,_0)
  ValLayoutRef: (_1,_1):(_0,_0)
  ValueType:    16b

TiledCopy
  Tiler_MN:       (_16,_16)
  TiledLayout_TV: ((_4,(_2,_2),_2),(_8,(_1,_1))):((_1,(_8,_128),_4),(_16,(_0,_0)))
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_1):(_0,_0)
  ValLayoutDst: (_1,_1):(_0,_0)
  ValLayoutRef: (_1,_1):(_0,_0)
  ValueType:    16b

(_4,_2,_2):(_32,_16,_128)
(_4,_2,_2):(_1,_4,_8)
((_1,_4),_2,_2):((_0,_32),_16,_128)
((_1,_4),_2,_2):((_0,_1),_4,_8)
)CUTE";

template <class M>
void show(char const* name, M const& m) {
  printf("== %s\n", name);
  print(m);
  print("A_TV "); print(m.get_layoutA_TV()); print("\n");
  print("B_TV "); print(m.get_layoutB_TV()); print("\n");
  print("C_TV "); print(m.get_layoutC_TV()); print("\n");
  print("size "); print(size(m)); print("\n");
}

void print_all() {
  show("sm70", make_tiled_mma(MMA_Atom<SM70_8x8x4_F16F16F16F16_TN>{}, Layout<Shape<_4, _4, _1>>{}, Tile<_32, _32, _4>{}));
  show("sm70b", TiledMMA<MMA_Atom<SM70_8x8x4_F16F16F16F16_TN>, Layout<Shape<_2, _2, _1>>>{});
  show("sm75f32", TiledMMA<MMA_Atom<SM75_16x8x8_F32F16F16F32_TN>, Layout<Shape<_2, _2, _1>>>{});
  show("sm75f16", TiledMMA<MMA_Atom<SM75_16x8x8_F16F16F16F16_TN>, Layout<Shape<_2, _2, _1>>>{});
  show("f64", TiledMMA<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>, Layout<Shape<_2, _2, _1>>>{});
  show("c64", TiledMMA<MMA_Atom<SM80_8x8x4_C64C64C64C64_TN>, Layout<Shape<_2, _2, _1>>>{});
  print(MMA_Atom<SM70_8x8x4_F16F16F16F16_TN>{}); print("\n");
  print(MMA_Atom<SM75_16x8x8_F32F16F16F32_TN>{}); print("\n");
  print(MMA_Atom<SM80_8x8x4_C64C64C64C64_TN>{}); print("\n");
  auto tc = make_tiled_copy(Copy_Atom<SM75_U32x1_MOVM_T, uint32_t>{}, Layout<Shape<_32, _1>>{}, Layout<Shape<_1, _1>>{});
  print(tc); print("\n");
  print(Copy_Atom<SM75_U32x1_MOVM_T, uint32_t>{}); print("\n");
  auto mma = TiledMMA<MMA_Atom<SM70_8x8x4_F16F16F16F16_TN>, Layout<Shape<_2, _2, _1>>>{};
  auto ca = make_tiled_copy_A(Copy_Atom<DefaultCopy, half_t>{}, mma);
  print(ca); print("\n");
  auto cc = make_tiled_copy_C(Copy_Atom<DefaultCopy, half_t>{}, mma);
  print(cc); print("\n");
  auto thr = mma.get_slice(5);
  auto sA = make_tensor(make_smem_ptr((half_t*)nullptr), make_layout(make_shape(_32{}, _8{})));
  print(thr.partition_A(sA).layout()); print("\n");
  print(thr.partition_fragment_A(sA).layout()); print("\n");
  auto tca = ca.get_slice(5);
  print(tca.partition_S(sA).layout()); print("\n");
  print(tca.retile_D(thr.partition_fragment_A(sA)).layout()); print("\n");
}

// CuTe 4.x's output of print_extra() below: the int8 MMA and the stmatrix TiledCopies.
constexpr char const* kCuTeExtra = R"CUTE(== s8
TiledMMA
  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_32)
  LayoutA_TV: ((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))
  LayoutB_TV: ((_4,_8),(_4,_2)):((_32,_1),(_8,_128))
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
A_TV ((_4,_8,_2,_2),((_4,_2,_2),(_1,_1))):((_128,_1,_16,_0),((_32,_8,_512),(_0,_0)))
B_TV ((_4,_8,_2,_2),((_4,_2),(_1,_1))):((_64,_1,_0,_8),((_16,_256),(_0,_0)))
C_TV ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))
TiledCopy
  Tiler_MN:       (_32,_8)
  TiledLayout_TV: (_32,_8):(_1,_32)
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,_2):(_2,_1)
  ValLayoutDst: ((_8,_4),_8):((_8,_0),_1)
  ValLayoutRef: (_32,_2):(_2,_1)
  ValueType:    16b

smem_ptr[16b]((nil)) o (((_2,_4),_4),_1,_1):(((_1,_2),_64),_0,_0)
((_2,_4),_1,_1):((_1,_64),_0,_0)
smem_ptr[16b](0x50) o (((_2,_4),_4),_1,_1):(((_1,_2),_64),_0,_0)
((_2,_4),_1,_1):((_1,_64),_0,_0)
smem_ptr[16b](0x70) o (((_2,_4),_4),_1,_1):(((_1,_2),_64),_0,_0)
((_2,_4),_1,_1):((_1,_64),_0,_0)
TiledCopy
  Tiler_MN:       (_32,_8)
  TiledLayout_TV: (_32,_8):(_1,_32)
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,(_2,_2)):(_2,(_1,_64))
  ValLayoutDst: ((_16,_2),_8):((_8,_0),_1)
  ValLayoutRef: (_32,(_2,_2)):(_2,(_1,_64))
  ValueType:    16b

smem_ptr[16b]((nil)) o (((_2,_4),_2),_1,_1):(((_1,_2),_128),_0,_0)
(((_2,_2),_2),_1,_1):(((_1,_64),_128),_0,_0)
smem_ptr[16b](0x50) o (((_2,_4),_2),_1,_1):(((_1,_2),_128),_0,_0)
(((_2,_2),_2),_1,_1):(((_1,_64),_128),_0,_0)
smem_ptr[16b](0xf0) o (((_2,_4),_2),_1,_1):(((_1,_2),_128),_0,_0)
(((_2,_2),_2),_1,_1):(((_1,_64),_128),_0,_0)
TiledCopy
  Tiler_MN:       (_32,_8)
  TiledLayout_TV: (_32,_8):(_1,_32)
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,(_2,_4)):(_2,(_1,_64))
  ValLayoutDst: (_32,_8):(_8,_1)
  ValLayoutRef: (_32,(_2,_4)):(_2,(_1,_64))
  ValueType:    16b

smem_ptr[16b]((nil)) o (((_2,_4),_1),_1,_1):(((_1,_2),_0),_0,_0)
(((_2,_4),_1),_1,_1):(((_1,_64),_0),_0,_0)
smem_ptr[16b](0x50) o (((_2,_4),_1),_1,_1):(((_1,_2),_0),_0,_0)
(((_2,_4),_1),_1,_1):(((_1,_64),_0),_0,_0)
smem_ptr[16b](0x1f0) o (((_2,_4),_1),_1,_1):(((_1,_2),_0),_0,_0)
(((_2,_4),_1),_1,_1):(((_1,_64),_0),_0,_0)
TiledCopy
  Tiler_MN:       (_8,_8)
  TiledLayout_TV: (_32,_2):(_2,_1)
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_4,_8),(_1,_2)):((_16,_1),(_1,_8))
  ValLayoutDst: ((_8,_4),_8):((_8,_0),_1)
  ValLayoutRef: ((_4,_8),(_1,_2)):((_16,_1),(_1,_8))
  ValueType:    16b

smem_ptr[16b]((nil)) o ((_8,_1),_1,_1):((_1,_0),_0,_0)
((_2,_1),_1,_1):((_8,_0),_0,_0)
smem_ptr[16b](0x50) o ((_8,_1),_1,_1):((_1,_0),_0,_0)
((_2,_1),_1,_1):((_8,_0),_0,_0)
smem_ptr[16b](0x70) o ((_8,_1),_1,_1):((_1,_0),_0,_0)
((_2,_1),_1,_1):((_8,_0),_0,_0)
TiledCopy
  Tiler_MN:       (_16,_8)
  TiledLayout_TV: (_32,_4):(_4,_1)
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_4,_8),(_1,_2,_2)):((_16,_1),(_1,_8,_64))
  ValLayoutDst: ((_16,_2),_8):((_8,_0),_1)
  ValLayoutRef: ((_4,_8),(_1,_2,_2)):((_16,_1),(_1,_8,_64))
  ValueType:    16b

smem_ptr[16b]((nil)) o ((_8,_1),_1,_1):((_1,_0),_0,_0)
((_4,_1),_1,_1):((_8,_0),_0,_0)
smem_ptr[16b](0x90) o ((_8,_1),_1,_1):((_1,_0),_0,_0)
((_4,_1),_1,_1):((_8,_0),_0,_0)
smem_ptr[16b](0xf0) o ((_8,_1),_1,_1):((_1,_0),_0,_0)
((_4,_1),_1,_1):((_8,_0),_0,_0)
TiledCopy
  Tiler_MN:       (_32,_8)
  TiledLayout_TV: (_32,_8):(_8,_1)
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))
  ValLayoutDst: (_32,_8):(_8,_1)
  ValLayoutRef: ((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))
  ValueType:    16b

smem_ptr[16b]((nil)) o ((_8,_1),_1,_4):((_1,_0),_0,_8)
((_8,_1),_1,_4):((_32,_0),_0,_8)
smem_ptr[16b](0x440) o ((_8,_1),_1,_4):((_1,_0),_0,_8)
((_8,_1),_1,_4):((_32,_0),_0,_8)
smem_ptr[16b](0x7c0) o ((_8,_1),_1,_4):((_1,_0),_0,_8)
((_8,_1),_1,_4):((_32,_0),_0,_8)
)CUTE";

template <class M>
void show_noc(char const* name, M const& m) {
  printf("== %s\n", name);
  print(m);
  print("A_TV "); print(m.get_layoutA_TV()); print("\n");
  print("B_TV "); print(m.get_layoutB_TV()); print("\n");
  print("C_TV "); print(m.get_layoutC_TV()); print("\n");
}
template <class TC, class L> void showc(TC const& tc, L const& smem) {
  print(tc); print("\n");
  auto t = make_tensor(make_smem_ptr((uint16_t*)nullptr), smem);
  for (int th : {0, 5, 31}) { auto thr = tc.get_slice(th); print(thr.partition_D(t)); print("\n"); print(thr.partition_S(t).layout()); print("\n"); }
}
void print_extra() {
  show_noc("s8", TiledMMA<MMA_Atom<SM80_16x8x32_S32S8S8S32_TN>, Layout<Shape<_2, _2, _1>>>{});
  auto s1 = Layout<Shape<_32, Shape<_2, _4>>, Stride<_2, Stride<_1, _64>>>{};
  showc(make_tiled_copy(Copy_Atom<SM90_U32x1_STSM_N, uint16_t>{}, Layout<Shape<_32, _1>>{}, Layout<Shape<_1, _8>>{}), s1);
  showc(make_tiled_copy(Copy_Atom<SM90_U32x2_STSM_N, uint16_t>{}, Layout<Shape<_32, _1>>{}, Layout<Shape<_1, _8>>{}), s1);
  showc(make_tiled_copy(Copy_Atom<SM90_U32x4_STSM_N, uint16_t>{}, Layout<Shape<_32, _1>>{}, Layout<Shape<_1, _8>>{}), s1);
  auto s2 = Layout<Shape<_32, _32>, Stride<_32, _1>>{};
  showc(make_tiled_copy(Copy_Atom<SM90_U16x2_STSM_T, uint16_t>{}, Layout<Shape<_4, _8>>{}, Layout<Shape<_2, _1>>{}), Layout<Shape<_8, _8>, Stride<_8, _1>>{});
  showc(make_tiled_copy(Copy_Atom<SM90_U16x4_STSM_T, uint16_t>{}, Layout<Shape<_4, _8>>{}, Layout<Shape<_4, _1>>{}), Layout<Shape<_16, _8>, Stride<_8, _1>>{});
  showc(make_tiled_copy(Copy_Atom<SM90_U16x8_STSM_T, uint16_t>{}, Layout<Shape<_4, _8>>{}, Layout<Shape<_8, _1>>{}), s2);
}

std::string captured(void (*f)()) {
  testing::internal::CaptureStdout();
  f();
  std::fflush(stdout);
  return testing::internal::GetCapturedStdout();
}

std::vector<std::string> lines_of(std::string const& s) {
  std::vector<std::string> out;
  std::size_t b = 0;
  while (b <= s.size()) {
    std::size_t e = s.find('\n', b);
    if (e == std::string::npos) e = s.size();
    out.push_back(s.substr(b, e - b));
    b = e + 1;
  }
  return out;
}

// (thread, value) -> (row, column) of an atom's layout over an R-row matrix (column-major index).
template <class L>
std::pair<int, int> rc(L const& l, int t, int v, int rows) {
  int idx = int(l(t, v));
  return {idx % rows, idx / rows};
}

}  // namespace

TEST(CuTeDeviceNames, AtomsPrintAsCuTe) {
  auto const mine = lines_of(captured(print_all));
  auto const cute = lines_of(kCuTe);
  ASSERT_EQ(mine.size(), cute.size());
  for (std::size_t i = 0; i < cute.size(); ++i)
    EXPECT_EQ(mine[i], cute[i]) << "line " << i + 1 << ": CuTe prints\n  " << cute[i] << "\ntessel prints\n  " << mine[i];
}

TEST(CuTeDeviceNames, Int8MmaAndStmatrixPrintAsCuTe) {
  auto const mine = lines_of(captured(print_extra));
  auto const cute = lines_of(kCuTeExtra);
  ASSERT_EQ(mine.size(), cute.size());
  for (std::size_t i = 0; i < cute.size(); ++i)
    EXPECT_EQ(mine[i], cute[i]) << "line " << i + 1 << ": CuTe prints\n  " << cute[i] << "\ntessel prints\n  " << mine[i];
}

// m16n8k32 .s8 against the PTX table.
TEST(CuTeDeviceNames, Int8FragmentsArePtxTables) {
  using Tr = MMA_Traits<SM80_16x8x32_S32S8S8S32_TN>;
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, q = lane % 4;
    for (int i = 0; i < 16; ++i)
      EXPECT_EQ(rc(Tr::ALayout{}, lane, i, 16), std::make_pair(g + 8 * ((i / 4) % 2), 4 * q + i % 4 + 16 * (i / 8)));
    for (int i = 0; i < 8; ++i)  // b_i at (k = 4q + i%4 + 16(i/4), n = g): index n + 8k
      EXPECT_EQ(rc(Tr::BLayout{}, lane, i, 8), std::make_pair(g, 4 * q + i % 4 + 16 * (i / 4)));
  }
  // The fp8 m16n8k32 (sm_89) takes the same registers; its traits (drop-in with CUTLASS's fp8 types only)
  // are the int8 layouts (compared with CuTe's print by a drop-in program outside the repository).
  static_assert(std::is_same_v<SM89_16x8x32_F32E4M3E5M2F32_TN::ARegisters, SM80_16x8x32_S32S8S8S32_TN::ARegisters>);
  static_assert(std::is_same_v<SM89_16x8x32_F16E5M2E5M2F16_TN::DRegisters, std::uint32_t[2]>);
  static_assert(std::is_same_v<SM89_16x8x32_F32E5M2E4M3F32_TN::CRegisters, float[4]>);
  // stmatrix is ldmatrix inverted.
  static_assert(std::is_same_v<Copy_Traits<SM90_U16x8_STSM_T>::SrcLayout, Copy_Traits<SM75_U16x8_LDSM_T>::DstLayout>);
  static_assert(std::is_same_v<Copy_Traits<SM90_U32x2_STSM_N>::DstLayout, Copy_Traits<SM75_U32x2_LDSM_N>::SrcLayout>);
}

// make_fragment_like of a partition of a swizzled tile whose strides are large (their
// product overflowed int when they were passed to make_ordered_layout as the order):
// CuTe prints (_4,(_2,_2),(_2,_8)):(_1,(_4,_16),(_8,_32)).
TEST(CuTeDeviceNames, FragmentOfSwizzledTile) {
  auto mma = TiledMMA<MMA_Atom<SM70_8x8x4_F16F16F16F16_TN>, Layout<Shape<_4, _4, _1>>>{};
  auto sbl = tile_to_shape(composition(Swizzle<3, 3, 3>{}, Layout<Shape<_64, _8>, Stride<_1, _64>>{}), make_shape(_128{}, _64{}));
  auto sB = make_tensor(make_smem_ptr((half_t*)nullptr), sbl);
  auto frag = mma.get_slice(3).partition_fragment_B(sB);
  using Want = Layout<Shape<_4, Shape<_2, _2>, Shape<_2, _8>>, Stride<_1, Stride<_4, _16>, Stride<_8, _32>>>;
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(frag.layout())>, Want>);
  static_assert(std::is_same_v<decltype(detail::stride_ranks(Stride<_64, Stride<_32, _512>, Stride<_0, _1024>>{})),
                               Stride<_2, Stride<_1, _3>, Stride<_0, _4>>>);
}

// The bulk copy's unit: CuTe's size(max_common_layout) for the layouts of hopper/bulk_{load,store}.cu.
TEST(CuTeDeviceNames, BulkCopyRuns) {
  using CM = decltype(make_layout(Shape<_32, _32>{}, GenColMajor{}));
  using RM = decltype(make_layout(Shape<_32, _32>{}, GenRowMajor{}));
  using NC = Layout<Shape<_32, _32>, Stride<_1, Int<48>>>;
  using G4 = Layout<Shape<Shape<_16, _2>, Shape<_4, _8>>, Stride<Stride<_1, _64>, Stride<_16, _128>>>;
  using R64 = Layout<Shape<_32, _32>, Stride<_64, _1>>;
  static_assert(detail::bulk::vector_elems<CM, CM>() == 1024 && detail::bulk::vector_elems<RM, RM>() == 1024);
  static_assert(detail::bulk::vector_elems<NC, NC>() == 32 && detail::bulk::vector_elems<CM, NC>() == 32);
  static_assert(detail::bulk::vector_elems<G4, NC>() == 16 && detail::bulk::vector_elems<R64, R64>() == 32);
  static_assert(detail::bulk::vector_elems<RM, R64>() == 32);
  std::uint64_t bar = 0;
  auto t = Copy_Traits<SM90_BULK_COPY_AUTO>{}.with(bar);
  static_assert(std::is_same_v<decltype(t), Copy_Traits<SM90_BULK_COPY_AUTO, std::uint64_t*>>);
  EXPECT_EQ(t.mbar_, &bar);
}

// The fragments against the PTX ISA's tables ("Matrix Fragments for mma.m8n8k4").
TEST(CuTeDeviceNames, Sm70FragmentsArePtxTables) {
  using Tr = MMA_Traits<SM70_8x8x4_F16F16F16F16_TN>;
  for (int t = 0; t < 8; ++t) {
    int lane = int(Tr::ThrID{}(t));
    EXPECT_EQ(lane, t < 4 ? t : 16 + (t - 4));
    int r = lane < 16 ? lane % 4 : lane % 4 + 4;  // the row of this lane in its quad-pair
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(rc(Tr::ALayout{}, t, i, 8), std::make_pair(r, i));  // A (.row): a_i at (row, i)
      EXPECT_EQ(rc(Tr::BLayout{}, t, i, 8), std::make_pair(r, i));  // B (.col): b_i at (k=i, n=row): (n, k)
    }
    for (int i = 0; i < 8; ++i) EXPECT_EQ(rc(Tr::CLayout{}, t, i, 8), std::make_pair(r, i));  // c_i at (row, i)
  }
}

TEST(CuTeDeviceNames, F64FragmentsArePtxTables) {
  using Tr = MMA_Traits<SM80_8x8x4_F64F64F64F64_TN>;
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, q = lane % 4;
    EXPECT_EQ(rc(Tr::ALayout{}, lane, 0, 8), std::make_pair(g, q));  // a0 at (m=g, k=q)
    EXPECT_EQ(rc(Tr::BLayout{}, lane, 0, 8), std::make_pair(g, q));  // b0 at (k=q, n=g): (n, k)
    for (int i = 0; i < 2; ++i) EXPECT_EQ(rc(Tr::CLayout{}, lane, i, 8), std::make_pair(g, 2 * q + i));
  }
  static_assert(std::is_same_v<MMA_Traits<SM80_8x8x4_C64C64C64C64_TN>::ValTypeC, complex<double>>);
  static_assert(std::is_same_v<MMA_Traits<SM75_16x8x8_F32F16F16F32_TN>::CLayout, MMA_Traits<SM80_16x8x8_F32F16F16F32_TN>::CLayout>);
}

TEST(CuTeDeviceNames, SmallNames) {
  EXPECT_EQ(conditional_return(true_type{}, 1, 2.5), 1);
  EXPECT_EQ(conditional_return(false_type{}, 1, 2.5), 2.5);
  EXPECT_EQ(conditional_return(false, 3, 4), 4);
  static_assert(std::is_same_v<decltype(conditional_return(true, _4{}, _4{})), _4>);
  EXPECT_EQ(conditional_return(false, _4{}, _8{}), 8);
  auto l = conditional_return<false>(Layout<_4>{}, Layout<_8, _2>{});
  static_assert(std::is_same_v<decltype(l), Layout<_8, _2>>);

  // tile_to_shape with a layout as the target takes its shape (CuTe's printed results).
  auto tl = tile_to_shape(Layout<Shape<_8, _64>, Stride<_64, _1>>{}, make_layout(Shape<_128, _128>{}, GenRowMajor{}));
  static_assert(std::is_same_v<decltype(tl), Layout<Shape<Shape<_8, _16>, Shape<_64, _2>>, Stride<Stride<_64, _512>, Stride<_1, Int<8192>>>>>);
  auto sw = tile_to_shape(composition(Swizzle<2, 2, 2>{}, Layout<Shape<_16, _4>, Stride<_1, _16>>{}), Shape<_64, _16>{});
  static_assert(cosize_v<decltype(sw)> == 1024);
  static_assert(cosize_v<Layout<Shape<_4, _3>, Stride<_3, _1>>> == 12);
  static_assert(std::is_same_v<decltype(product_each(Shape<_4, Shape<_2, _3>, _5>{})), tuple<_4, _6, _5>>);
  static_assert(std::is_same_v<decltype(product_each(_7{})), tuple<_7>>);
  EXPECT_EQ(get<1>(product_each(make_shape(2, make_shape(3, 5)))), 15);
  static_assert(rank_v<Shape<_4, Shape<_2, _2>, _3>> == 3 && rank_v<int> == 1 && rank_v<Layout<Shape<_4, _3>>> == 2);
  int cnt = 0;
  for (int i = 0; i < 1024; ++i) cnt += int(sw(i)) < 1024;
  EXPECT_EQ(cnt, 1024);

  float x = 2.5f;
  static_assert(std::is_same_v<decltype(identity{}(x)), float&>);
  EXPECT_EQ(identity{}(x), 2.5f);
  EXPECT_EQ(negate{}(x), -2.5f);
  EXPECT_EQ(half_t(negate{}(half_t(1.5f))).storage, half_t(-1.5f).storage);

  double d[2] = {1.0, 2.0};
  auto p = recast_ptr<std::uint64_t>(make_smem_ptr(d));
  static_assert(std::is_same_v<decltype(p), smem_ptr<std::uint64_t>>);
  EXPECT_EQ(static_cast<void*>(p.get()), static_cast<void*>(d));
  double const* cd = d;
  static_assert(std::is_same_v<decltype(recast_ptr<float>(cd)), float const*>);

  EXPECT_TRUE(thread0());  // host code is thread 0 of block 0
  EXPECT_TRUE(thread(7));
  EXPECT_TRUE(block0());

  auto tc = make_tiled_copy(Copy_Atom<UniversalCopy<std::uint16_t>, std::uint16_t>{}, Layout<Shape<_16, _2>>{}, Layout<Shape<_2, _4>>{});
  static_assert(decltype(size(tc))::value == 32);
  static_assert(decltype(tile_size<0>(tc))::value == 32 && decltype(tile_size<1>(tc))::value == 8);
}

TEST(CuTeDeviceNames, AxpbyWithZeroBetaDoesNotReadY) {
  float xs[4] = {1, 2, 3, 4};
  float ys[4] = {std::numeric_limits<float>::quiet_NaN(), 1, 1, 1};
  auto x = make_tensor(&xs[0], make_layout(_4{}));
  auto y = make_tensor(&ys[0], make_layout(_4{}));
  axpby(2.0f, x, 0.0f, y);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(ys[i], 2.0f * xs[i]);
  axpby(1.0f, x, 2.0f, y);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(ys[i], 5.0f * xs[i]);
}

namespace {
// cooperative_copy by NumThreads threads, run one after the other.
template <std::uint32_t N, std::uint32_t V, class T, class SL, class DL, class P>
void coop_case(SL const& sl, DL const& dl, P const& policy) {
  std::vector<T> src(std::size_t(cosize(sl)) + 16), dst(std::size_t(cosize(dl)) + 16, T(-1));
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = T(int(i) % 97);
  auto s = make_tensor(make_gmem_ptr(src.data()), sl);
  auto d = make_tensor(make_smem_ptr(dst.data()), dl);
  for (std::uint32_t t = 0; t < N; ++t) cooperative_copy<N, V>(t, s, d, policy);
  for (int i = 0; i < int(size(sl)); ++i) ASSERT_EQ(d(i), s(i)) << "element " << i;
  // Nothing outside dst's image is written.
  std::vector<bool> image(dst.size(), false);
  for (int i = 0; i < int(size(dl)); ++i) image[std::size_t(dl(i))] = true;
  for (std::size_t i = 0; i < dst.size(); ++i) {
    if (!image[i]) { ASSERT_EQ(dst[i], T(-1)) << "offset " << i; }
  }
}
}  // namespace

TEST(CuTeDeviceNames, CooperativeCopy) {
  auto rowm = make_layout(Shape<_32, _16>{}, LayoutRight{});
  auto colm = make_layout(Shape<_32, _16>{});
  coop_case<128, 128, float>(colm, colm, DefaultCopy{});
  coop_case<128, 128, float>(colm, rowm, DefaultCopy{});
  coop_case<64, 64, double>(rowm, rowm, AutoCopyAsync{});
  coop_case<32, 16, std::uint16_t>(colm, rowm, AutoVectorizingCopy{});
  coop_case<96, 128, half_t>(colm, colm, DefaultCopy{});  // 512 elements, 96 threads: a partial round
  coop_case<128, 32, float>(Layout<Shape<_7, _9>, Stride<_9, _1>>{}, Layout<Shape<_7, _9>>{}, DefaultCopy{});
  auto sw = composition(Swizzle<3, 3, 3>{}, make_layout(Shape<_16, _64>{}, LayoutRight{}));
  coop_case<128, 128, half_t>(make_layout(Shape<_16, _64>{}, LayoutRight{}), sw, AutoCopyAsync{});
  coop_case<128, 128, half_t>(make_layout(make_shape(_16{}, _64{}), make_stride(64, _1{})), make_layout(Shape<_16, _64>{}), DefaultCopy{});
  coop_case<32, 64, float>(make_layout(make_shape(_8{}, _8{}), make_stride(_1{}, 9)), Layout<Shape<_8, _8>, Stride<_8, _1>>{}, DefaultCopy{});
}

namespace {
template <class T> double to_d(T const& v) { return double(static_cast<float>(v)); }
template <> double to_d<double>(double const& v) { return v; }
template <> double to_d<float>(float const& v) { return double(v); }

// cooperative_gemm on M x N x K tiles of the given layouts, thread by thread.
template <class TA, class TC, class MMA, class AL, class BL, class CL, class ALoad = identity, class CLoad = identity,
          class CStore = identity>
void gemm_case(MMA const& mma, AL const& al, BL const& bl, CL const& cl, double alpha, double beta,
               ALoad a_load = {}, CLoad c_load = {}, CStore c_store = {}) {
  int M = int(size<0>(al)), K = int(size<1>(al)), N = int(size<0>(bl));
  std::vector<TA> a(std::size_t(cosize(al))), b(std::size_t(cosize(bl)));
  std::vector<TC> c(std::size_t(cosize(cl)));
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = TA(float(int(i * 7 % 11) - 5));
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = TA(float(int(i * 5 % 13) - 6));
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = beta == 0 ? TC(std::numeric_limits<float>::quiet_NaN()) : TC(float(int(i % 9) - 4));
  auto sA = make_tensor(make_smem_ptr(a.data()), al);
  auto sB = make_tensor(make_smem_ptr(b.data()), bl);
  auto sC = make_tensor(make_smem_ptr(c.data()), cl);
  std::vector<double> ref(std::size_t(M * N));
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      double acc = 0;
      for (int k = 0; k < K; ++k) acc += to_d(TA(a_load(sA(m, k)))) * to_d(sB(n, k));
      double cv = beta == 0 ? 0.0 : to_d(TC(c_load(sC(m, n))));
      ref[std::size_t(m + M * n)] = to_d(TC(c_store(TC(alpha * acc + beta * cv))));
    }
  using Alpha = typename MMA::ValTypeC;
  for (std::uint32_t t = 0; t < std::uint32_t(size(mma)); ++t)
    cooperative_gemm(t, mma, Alpha(float(alpha)), sA, sB, Alpha(float(beta)), sC, a_load, identity{}, c_load, c_store);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) ASSERT_EQ(to_d(sC(m, n)), ref[std::size_t(m + M * n)]) << "(" << m << "," << n << ")";
}
}  // namespace

TEST(CuTeDeviceNames, CooperativeGemmTiledPath) {
  auto mma = TiledMMA<MMA_Atom<UniversalFMA<float>>, Layout<Shape<_8, _8, _1>>>{};
  gemm_case<float, float>(mma, make_layout(Shape<_32, _8>{}), make_layout(Shape<_16, _8>{}), make_layout(Shape<_32, _16>{}), 1.0, 0.0);
  gemm_case<float, float>(mma, make_layout(Shape<_32, _8>{}, LayoutRight{}), make_layout(Shape<_16, _8>{}),
                          make_layout(Shape<_32, _16>{}, LayoutRight{}), 2.0, -1.0, negate{}, negate{}, negate{});
  auto sw = composition(Swizzle<2, 0, 3>{}, make_layout(Shape<_32, _8>{}, LayoutRight{}));
  gemm_case<float, float>(mma, sw, make_layout(Shape<_16, _8>{}), make_layout(Shape<_32, _16>{}), 1.0, 1.0);
}

TEST(CuTeDeviceNames, CooperativeGemmPredicatedPath) {
  auto mma = TiledMMA<MMA_Atom<UniversalFMA<double>>, Layout<Shape<_4, _8, _1>>>{};
  gemm_case<double, double>(mma, make_layout(Shape<_13, _5>{}), make_layout(Shape<_17, _5>{}), make_layout(Shape<_13, _17>{}), 1.0, 0.0);
  gemm_case<double, double>(mma, make_layout(Shape<_13, _5>{}, LayoutRight{}), make_layout(Shape<_17, _5>{}),
                            make_layout(Shape<_13, _17>{}), -1.5, 0.5, negate{}, identity{}, negate{});
}

TEST(CuTeDeviceNames, CooperativeGemmRegisterC) {
  auto mma = TiledMMA<MMA_Atom<UniversalFMA<float>>, Layout<Shape<_4, _4, _1>>>{};
  float a[12 * 6], b[10 * 6], c[12 * 10];
  for (int i = 0; i < 72; ++i) a[i] = float(i % 5 - 2);
  for (int i = 0; i < 60; ++i) b[i] = float(i % 7 - 3);
  auto sA = make_tensor(make_smem_ptr(a), make_layout(Shape<_12, _6>{}));
  auto sB = make_tensor(make_smem_ptr(b), make_layout(Shape<_10, _6>{}));
  auto gC = make_tensor(&c[0], make_layout(Shape<_12, _10>{}));
  for (int t = 0; t < 16; ++t) {
    auto thr = mma.get_slice(t);
    auto tCrC = thr.partition_fragment_C(gC);
    fill(tCrC, 1.0f);
    cooperative_gemm(std::uint32_t(t), mma, sA, sB, tCrC, negate{});
    auto tCgC = thr.partition_C(gC);
    auto tCcC = thr.partition_C(make_identity_tensor(shape(gC.layout())));
    for (int i = 0; i < int(size(tCrC)); ++i)
      if (elem_less(tCcC(i), shape(gC.layout()))) tCgC(i) = tCrC(i);
  }
  for (int m = 0; m < 12; ++m)
    for (int n = 0; n < 10; ++n) {
      float acc = 1.0f;
      for (int k = 0; k < 6; ++k) acc += -sA(m, k) * sB(n, k);
      EXPECT_EQ(gC(m, n), acc) << m << "," << n;
    }
}
