// The printed layouts of tessel's atoms, TiledMMAs and TiledCopies against
// CuTe's, character for character.
//
// kCuTe below is the output of a small program compiled against CUTLASS 4.7.0
// (NVIDIA/cutlass at 7107b05535f8977f5ecb9d01ee203205b1fd9bc4, g++ 13, host
// code only), outside this repository: the same code as print_all() below
// with `cute::` for `tessel::` (and the cute headers). It prints every atom,
// six TiledMMAs (UniversalFMA 16x16 threads; with a row-major thread layout
// and a 32x32x4 permutation; SM80 f16 16x8x8 2x2; f32/f16 16x8x16 2x2 tiled
// 32x32x16; bf16 16x8x16 1x4 with an N permutation layout; tf32 16x8x8 2x2
// row-major), their A/B/C TV layouts, tile sizes, three threads' partitions
// and fragments (layouts and offsets) of 64x32/64x64 tensors, eleven
// TiledCopies (UniversalCopy, cp.async, AutoVectorizingCopy, ldmatrix N and T
// for the A and B of an MMA, the C of an MMA) with their source/destination
// TV layouts and partitions, and retile_S/retile_D of MMA fragments.
//
// Every line is CuTe's, also for a dynamic (run-time) 64x32 A, whose thread's M
// mode is (_4,2):(_8,_32) as in CuTe (DynamicPartitionIsCutesLayout below).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <tessel/tessel.hpp>
#include <tessel/atom/atom.hpp>

using namespace tessel;

namespace {

static float fbuf_[8192]; static float* const fbuf = fbuf_;
static half_t hbuf_[8192]; static half_t* const hbuf = hbuf_;
#define OFF(t, base) printf("offset %d\n", int((t).data() - (base)))

#define P(label, ...) do { printf("@@ %s\n", label); print(__VA_ARGS__); printf("\n"); } while (0)

template <class TM>
void mma_case(char const* name, TM const& tm, int M, int K) {
  printf("@@@@ %s\n", name);
  P("tiled", tm);
  P("layoutA_TV", tm.get_layoutA_TV());
  P("layoutB_TV", tm.get_layoutB_TV());
  P("layoutC_TV", tm.get_layoutC_TV());
  printf("@@ tile_size\n%d %d %d\n", int(tile_size<0>(tm)), int(tile_size<1>(tm)), int(tile_size<2>(tm)));
  auto A = make_tensor(fbuf, make_layout(make_shape(M, K)));  // dynamic col-major
  auto As = make_tensor(fbuf, Layout<Shape<_64,_32>, Stride<_32,_1>>{});  // static row-major
  auto B = make_tensor(fbuf, Layout<Shape<_64,_32>>{});
  auto C = make_tensor(fbuf, Layout<Shape<_64,_64>>{});
  for (int t : {0, 37, int(size(tm)) - 1}) {
    auto thr = tm.get_slice(t);
    char buf[64];
    snprintf(buf, 64, "thr%d partition_A dyn", t); P(buf, thr.partition_A(A).layout()); OFF(thr.partition_A(A), fbuf);
    snprintf(buf, 64, "thr%d partition_A", t); P(buf, thr.partition_A(As).layout()); OFF(thr.partition_A(As), fbuf);
    snprintf(buf, 64, "thr%d partition_B", t); P(buf, thr.partition_B(B).layout()); OFF(thr.partition_B(B), fbuf);
    snprintf(buf, 64, "thr%d partition_C", t); P(buf, thr.partition_C(C).layout()); OFF(thr.partition_C(C), fbuf);
    snprintf(buf, 64, "thr%d fragment_A", t); P(buf, thr.partition_fragment_A(As).layout());
    snprintf(buf, 64, "thr%d fragment_B", t); P(buf, thr.partition_fragment_B(B).layout());
    snprintf(buf, 64, "thr%d fragment_C", t); P(buf, thr.partition_fragment_C(C).layout());
  }
}

template <class TC>
void copy_case(char const* name, TC const& tc) {
  printf("@@@@ %s\n", name);
  P("tiled", tc);
  P("layoutS_TV", tc.get_layoutS_TV());
  P("layoutD_TV", tc.get_layoutD_TV());
  auto S = make_tensor(hbuf, Layout<Shape<_64,_64>, Stride<_64,_1>>{});
  auto D = make_tensor(hbuf, Layout<Shape<_64,_64>>{});
  for (int t : {0, 5, int(size<0>(typename TC::TiledLayout_TV{})) - 1}) {
    auto thr = tc.get_slice(t);
    char buf[64];
    snprintf(buf, 64, "thr%d partition_S", t); P(buf, thr.partition_S(S).layout()); OFF(thr.partition_S(S), hbuf);
    snprintf(buf, 64, "thr%d partition_D", t); P(buf, thr.partition_D(D).layout()); OFF(thr.partition_D(D), hbuf);
  }
}

void print_all() {
  printf("@@@@ atoms\n");
  P("UniversalFMA", MMA_Atom<UniversalFMA<float,float,float,float>>{});
  P("SM80_16x8x8_F16F16F16F16_TN", MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>{});
  P("SM80_16x8x16_F32F16F16F32_TN", MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{});
  P("SM80_16x8x16_F32BF16BF16F32_TN", MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>{});
  P("SM80_16x8x8_F32TF32TF32F32_TN", MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>{});
  P("Copy UniversalCopy<uint128_t> half", Copy_Atom<UniversalCopy<uint128_t>, half_t>{});
  P("Copy UniversalCopy<float> float", Copy_Atom<UniversalCopy<float>, float>{});
  P("Copy AutoVectorizingCopy float", Copy_Atom<AutoVectorizingCopy, float>{});
  P("Copy SM75_U32x1_LDSM_N half", Copy_Atom<SM75_U32x1_LDSM_N, half_t>{});
  P("Copy SM75_U32x2_LDSM_N half", Copy_Atom<SM75_U32x2_LDSM_N, half_t>{});
  P("Copy SM75_U32x4_LDSM_N half", Copy_Atom<SM75_U32x4_LDSM_N, half_t>{});
  P("Copy SM75_U16x2_LDSM_T half", Copy_Atom<SM75_U16x2_LDSM_T, half_t>{});
  P("Copy SM75_U16x4_LDSM_T half", Copy_Atom<SM75_U16x4_LDSM_T, half_t>{});
  P("Copy SM75_U16x8_LDSM_T half", Copy_Atom<SM75_U16x8_LDSM_T, half_t>{});
  P("Copy SM80_CP_ASYNC_CACHEALWAYS<uint64_t> float", Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint64_t>, float>{});
  P("Copy SM80_CP_ASYNC_CACHEGLOBAL<uint128_t> half", Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{});

  mma_case("fma 16x16", make_tiled_mma(UniversalFMA<float,float,float,float>{}, Layout<Shape<_16,_16,_1>>{}), 64, 32);
  mma_case("fma 8x16 rowmajor perm", make_tiled_mma(UniversalFMA<float,float,float,float>{},
        Layout<Shape<_8,_16,_1>, Stride<_16,_1,_0>>{}, Tile<_32,_32,_4>{}), 64, 32);
  mma_case("f16 16x8x8 2x2", make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}), 64, 32);
  mma_case("f32f16 16x8x16 2x2 tile32x32x16", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{}), 64, 32);
  mma_case("bf16 16x8x16 1x4 permN", make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN{}, Layout<Shape<_1,_4,_1>>{},
        Tile<_16, Layout<Shape<_2,_4,_4>, Stride<_1,_8,_2>>, _16>{}), 64, 32);
  mma_case("tf32 16x8x8 2x2 rowmajor", make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2,_2,_1>, Stride<_2,_1,_0>>{}), 64, 32);

  auto mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});
  copy_case("uc128 16x8 x 1x8", make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{},
            Layout<Shape<_16,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{}));
  copy_case("cpasync cg 8x16 x 8x1", make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{},
            Layout<Shape<_8,_16>>{}, Layout<Shape<_8,_1>>{}));
  copy_case("uc float 32x8", make_tiled_copy(Copy_Atom<UniversalCopy<half_t>, half_t>{}, Layout<Shape<_32,_8>>{}));
  copy_case("autovec 8x16 x 4x2", make_tiled_copy(Copy_Atom<AutoVectorizingCopy, half_t>{}, Layout<Shape<_8,_16>>{}, Layout<Shape<_4,_2>>{}));
  copy_case("ldsm x4 N A", make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma));
  copy_case("ldsm x2 N B", make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>{}, mma));
  copy_case("ldsm x1 N B", make_tiled_copy_B(Copy_Atom<SM75_U32x1_LDSM_N, half_t>{}, mma));
  copy_case("ldsm x8 T A", make_tiled_copy_A(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, mma));
  copy_case("ldsm x4 T B", make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T, half_t>{}, mma));
  copy_case("ldsm x2 T B", make_tiled_copy_B(Copy_Atom<SM75_U16x2_LDSM_T, half_t>{}, mma));
  copy_case("copy C float", make_tiled_copy_C(Copy_Atom<UniversalCopy<float>, float>{}, mma));

  // retile: A fragment of the mma seen through the ldsm tiled copy
  {
    printf("@@@@ retile\n");
    auto tcA = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
    auto tcB = make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T, half_t>{}, mma);
    auto sA = make_tensor(hbuf, Layout<Shape<_64,_32>, Stride<_32,_1>>{});
    auto sB = make_tensor(hbuf, Layout<Shape<_64,_32>>{});
    auto thr = mma.get_slice(3);
    auto fA = thr.partition_fragment_A(sA);
    auto fB = thr.partition_fragment_B(sB);
    P("fragA", fA.layout());
    P("retile_D A", tcA.get_slice(3).retile_D(fA).layout());
    P("partition_S A", tcA.get_slice(3).partition_S(sA).layout()); OFF(tcA.get_slice(3).partition_S(sA), hbuf);
    P("fragB", fB.layout());
    P("retile_D B", tcB.get_slice(3).retile_D(fB).layout());
    P("partition_S B", tcB.get_slice(3).partition_S(sB).layout()); OFF(tcB.get_slice(3).partition_S(sB), hbuf);
    auto fC = thr.partition_fragment_C(make_tensor(fbuf, Layout<Shape<_64,_64>>{}));
    auto tcC = make_tiled_copy_C(Copy_Atom<UniversalCopy<float>, float>{}, mma);
    P("retile_S C", tcC.get_slice(3).retile_S(fC).layout());
  }
}

// What CuTe prints for print_all() (see the header).
char const* const kCuTe = R"CUTE(@@@@ atoms
@@ UniversalFMA
MMA_Atom
  ThrID:      _1:_0
  Shape_MNK:  (_1,_1,_1)
  LayoutA_TV: (_1,_1):(_0,_0)
  LayoutB_TV: (_1,_1):(_0,_0)
  LayoutC_TV: (_1,_1):(_0,_0)

@@ SM80_16x8x8_F16F16F16F16_TN
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_8)
  LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
  LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

@@ SM80_16x8x16_F32F16F16F32_TN
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_16)
  LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))
  LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

@@ SM80_16x8x16_F32BF16BF16F32_TN
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_16)
  LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))
  LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

@@ SM80_16x8x8_F32TF32TF32F32_TN
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_8)
  LayoutA_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))
  LayoutB_TV: ((_4,_8),_2):((_8,_1),_32)
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

@@ Copy UniversalCopy<uint128_t> half
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_8):(_0,_1)
  ValLayoutDst: (_1,_8):(_0,_1)
  ValLayoutRef: (_1,_8):(_0,_1)
  ValueType:    16b

@@ Copy UniversalCopy<float> float
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_1):(_0,_1)
  ValLayoutDst: (_1,_1):(_0,_1)
  ValLayoutRef: (_1,_1):(_0,_1)
  ValueType:    32b

@@ Copy AutoVectorizingCopy float
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_1):(_0,_0)
  ValLayoutDst: (_1,_1):(_0,_0)
  ValLayoutRef: (_1,_1):(_0,_0)
  ValueType:    32b

@@ Copy SM75_U32x1_LDSM_N half
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_8,_4),_8):((_8,_0),_1)
  ValLayoutDst: (_32,_2):(_2,_1)
  ValLayoutRef: (_32,_2):(_2,_1)
  ValueType:    16b

@@ Copy SM75_U32x2_LDSM_N half
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_16,_2),_8):((_8,_0),_1)
  ValLayoutDst: (_32,(_2,_2)):(_2,(_1,_64))
  ValLayoutRef: (_32,(_2,_2)):(_2,(_1,_64))
  ValueType:    16b

@@ Copy SM75_U32x4_LDSM_N half
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,_8):(_8,_1)
  ValLayoutDst: (_32,(_2,_4)):(_2,(_1,_64))
  ValLayoutRef: (_32,(_2,_4)):(_2,(_1,_64))
  ValueType:    16b

@@ Copy SM75_U16x2_LDSM_T half
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_8,_4),_8):((_8,_0),_1)
  ValLayoutDst: ((_4,_8),(_1,_2)):((_16,_1),(_1,_8))
  ValLayoutRef: ((_4,_8),(_1,_2)):((_16,_1),(_1,_8))
  ValueType:    16b

@@ Copy SM75_U16x4_LDSM_T half
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_16,_2),_8):((_8,_0),_1)
  ValLayoutDst: ((_4,_8),(_1,_2,_2)):((_16,_1),(_1,_8,_64))
  ValLayoutRef: ((_4,_8),(_1,_2,_2)):((_16,_1),(_1,_8,_64))
  ValueType:    16b

@@ Copy SM75_U16x8_LDSM_T half
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,_8):(_8,_1)
  ValLayoutDst: ((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))
  ValLayoutRef: ((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))
  ValueType:    16b

@@ Copy SM80_CP_ASYNC_CACHEALWAYS<uint64_t> float
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_2):(_0,_1)
  ValLayoutDst: (_1,_2):(_0,_1)
  ValLayoutRef: (_1,_2):(_0,_1)
  ValueType:    32b

@@ Copy SM80_CP_ASYNC_CACHEGLOBAL<uint128_t> half
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_8):(_0,_1)
  ValLayoutDst: (_1,_8):(_0,_1)
  ValLayoutRef: (_1,_8):(_0,_1)
  ValueType:    16b

@@@@ fma 16x16
@@ tiled
TiledMMA
  ThrLayoutVMNK:  (_1,_16,_16,_1):(_0,_1,_16,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      _1:_0
  Shape_MNK:  (_1,_1,_1)
  LayoutA_TV: (_1,_1):(_0,_0)
  LayoutB_TV: (_1,_1):(_0,_0)
  LayoutC_TV: (_1,_1):(_0,_0)

@@ layoutA_TV
((_16,_16),(_1,(_1,_1))):((_1,_0),(_0,(_0,_0)))
@@ layoutB_TV
((_16,_16),(_1,(_1,_1))):((_0,_1),(_0,(_0,_0)))
@@ layoutC_TV
(_256,(_1,(_1,_1))):(_1,(_0,(_0,_0)))
@@ tile_size
16 16 1
@@ thr0 partition_A dyn
(_1,4,32):(_0,_16,64)
offset 0
@@ thr0 partition_A
(_1,_4,_32):(_0,_512,_1)
offset 0
@@ thr0 partition_B
(_1,_4,_32):(_0,_16,_64)
offset 0
@@ thr0 partition_C
(_1,_4,_4):(_0,_16,_1024)
offset 0
@@ thr0 fragment_A
(_1,_4,_32):(_0,_32,_1)
@@ thr0 fragment_B
(_1,_4,_32):(_0,_1,_4)
@@ thr0 fragment_C
(_1,_4,_4):(_0,_1,_4)
@@ thr37 partition_A dyn
(_1,4,32):(_0,_16,64)
offset 5
@@ thr37 partition_A
(_1,_4,_32):(_0,_512,_1)
offset 160
@@ thr37 partition_B
(_1,_4,_32):(_0,_16,_64)
offset 2
@@ thr37 partition_C
(_1,_4,_4):(_0,_16,_1024)
offset 133
@@ thr37 fragment_A
(_1,_4,_32):(_0,_32,_1)
@@ thr37 fragment_B
(_1,_4,_32):(_0,_1,_4)
@@ thr37 fragment_C
(_1,_4,_4):(_0,_1,_4)
@@ thr255 partition_A dyn
(_1,4,32):(_0,_16,64)
offset 15
@@ thr255 partition_A
(_1,_4,_32):(_0,_512,_1)
offset 480
@@ thr255 partition_B
(_1,_4,_32):(_0,_16,_64)
offset 15
@@ thr255 partition_C
(_1,_4,_4):(_0,_16,_1024)
offset 975
@@ thr255 fragment_A
(_1,_4,_32):(_0,_32,_1)
@@ thr255 fragment_B
(_1,_4,_32):(_0,_1,_4)
@@ thr255 fragment_C
(_1,_4,_4):(_0,_1,_4)
@@@@ fma 8x16 rowmajor perm
@@ tiled
TiledMMA
  ThrLayoutVMNK:  (_1,_8,_16,_1):(_0,_16,_1,_0)
  PermutationMNK: (_32,_32,_4)
MMA_Atom
  ThrID:      _1:_0
  Shape_MNK:  (_1,_1,_1)
  LayoutA_TV: (_1,_1):(_0,_0)
  LayoutB_TV: (_1,_1):(_0,_0)
  LayoutC_TV: (_1,_1):(_0,_0)

@@ layoutA_TV
((_16,_8),(_1,(_4,_4))):((_0,_1),(_0,(_8,_32)))
@@ layoutB_TV
((_16,_8),(_1,(_2,_4))):((_1,_0),(_0,(_16,_32)))
@@ layoutC_TV
((_16,_8),(_1,(_4,_2))):((_32,_1),(_0,(_8,_512)))
@@ tile_size
32 32 4
@@ thr0 partition_A dyn
(_1,(_4,2),(_4,8)):(_0,(_8,_32),(64,256))
offset 0
@@ thr0 partition_A
(_1,_8,_32):(_0,_256,_1)
offset 0
@@ thr0 partition_B
(_1,_4,_32):(_0,_16,_64)
offset 0
@@ thr0 partition_C
(_1,_8,_4):(_0,_8,_1024)
offset 0
@@ thr0 fragment_A
(_1,_8,_32):(_0,_32,_1)
@@ thr0 fragment_B
(_1,_4,_32):(_0,_1,_4)
@@ thr0 fragment_C
(_1,_8,_4):(_0,_1,_8)
@@ thr37 partition_A dyn
(_1,(_4,2),(_4,8)):(_0,(_8,_32),(64,256))
offset 2
@@ thr37 partition_A
(_1,_8,_32):(_0,_256,_1)
offset 64
@@ thr37 partition_B
(_1,_4,_32):(_0,_16,_64)
offset 5
@@ thr37 partition_C
(_1,_8,_4):(_0,_8,_1024)
offset 322
@@ thr37 fragment_A
(_1,_8,_32):(_0,_32,_1)
@@ thr37 fragment_B
(_1,_4,_32):(_0,_1,_4)
@@ thr37 fragment_C
(_1,_8,_4):(_0,_1,_8)
@@ thr127 partition_A dyn
(_1,(_4,2),(_4,8)):(_0,(_8,_32),(64,256))
offset 7
@@ thr127 partition_A
(_1,_8,_32):(_0,_256,_1)
offset 224
@@ thr127 partition_B
(_1,_4,_32):(_0,_16,_64)
offset 15
@@ thr127 partition_C
(_1,_8,_4):(_0,_8,_1024)
offset 967
@@ thr127 fragment_A
(_1,_8,_32):(_0,_32,_1)
@@ thr127 fragment_B
(_1,_4,_32):(_0,_1,_4)
@@ thr127 fragment_C
(_1,_8,_4):(_0,_1,_8)
@@@@ f16 16x8x8 2x2
@@ tiled
TiledMMA
  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_8)
  LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
  LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

@@ layoutA_TV
((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8),(_0,_0)))
@@ layoutB_TV
((_4,_8,_2,_2),(_2,(_1,_1))):((_32,_1,_0,_8),(_16,(_0,_0)))
@@ layoutC_TV
((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))
@@ tile_size
32 16 8
@@ thr0 partition_A dyn
((_2,_2),2,4):((64,_8),_32,512)
offset 0
@@ thr0 partition_A
((_2,_2),_2,_4):((_1,_256),_1024,_8)
offset 0
@@ thr0 partition_B
(_2,_4,_4):(_64,_16,_512)
offset 0
@@ thr0 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 0
@@ thr0 fragment_A
((_2,_2),_2,_4):((_1,_2),_16,_4)
@@ thr0 fragment_B
(_2,_4,_4):(_1,_2,_8)
@@ thr0 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@ thr37 partition_A dyn
((_2,_2),2,4):((64,_8),_32,512)
offset 145
@@ thr37 partition_A
((_2,_2),_2,_4):((_1,_256),_1024,_8)
offset 546
@@ thr37 partition_B
(_2,_4,_4):(_64,_16,_512)
offset 129
@@ thr37 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 145
@@ thr37 fragment_A
((_2,_2),_2,_4):((_1,_2),_16,_4)
@@ thr37 fragment_B
(_2,_4,_4):(_1,_2,_8)
@@ thr37 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@ thr127 partition_A dyn
((_2,_2),2,4):((64,_8),_32,512)
offset 407
@@ thr127 partition_A
((_2,_2),_2,_4):((_1,_256),_1024,_8)
offset 742
@@ thr127 partition_B
(_2,_4,_4):(_64,_16,_512)
offset 399
@@ thr127 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 919
@@ thr127 fragment_A
((_2,_2),_2,_4):((_1,_2),_16,_4)
@@ thr127 fragment_B
(_2,_4,_4):(_1,_2,_8)
@@ thr127 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@@@ f32f16 16x8x16 2x2 tile32x32x16
@@ tiled
TiledMMA
  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)
  PermutationMNK: (_32,_32,_16)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_16)
  LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))
  LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

@@ layoutA_TV
((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))
@@ layoutB_TV
((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))
@@ layoutC_TV
((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))
@@ tile_size
32 32 16
@@ thr0 partition_A dyn
((_2,_2,_2),2,2):((64,_8,512),_32,1024)
offset 0
@@ thr0 partition_A
((_2,_2,_2),_2,_2):((_1,_256,_8),_1024,_16)
offset 0
@@ thr0 partition_B
((_2,_2),_4,_2):((_64,_512),_16,_1024)
offset 0
@@ thr0 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 0
@@ thr0 fragment_A
((_2,_2,_2),_2,_2):((_1,_2,_4),_16,_8)
@@ thr0 fragment_B
((_2,_2),_4,_2):((_1,_2),_4,_16)
@@ thr0 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@ thr37 partition_A dyn
((_2,_2,_2),2,2):((64,_8,512),_32,1024)
offset 145
@@ thr37 partition_A
((_2,_2,_2),_2,_2):((_1,_256,_8),_1024,_16)
offset 546
@@ thr37 partition_B
((_2,_2),_4,_2):((_64,_512),_16,_1024)
offset 129
@@ thr37 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 145
@@ thr37 fragment_A
((_2,_2,_2),_2,_2):((_1,_2,_4),_16,_8)
@@ thr37 fragment_B
((_2,_2),_4,_2):((_1,_2),_4,_16)
@@ thr37 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@ thr127 partition_A dyn
((_2,_2,_2),2,2):((64,_8,512),_32,1024)
offset 407
@@ thr127 partition_A
((_2,_2,_2),_2,_2):((_1,_256,_8),_1024,_16)
offset 742
@@ thr127 partition_B
((_2,_2),_4,_2):((_64,_512),_16,_1024)
offset 399
@@ thr127 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 919
@@ thr127 fragment_A
((_2,_2,_2),_2,_2):((_1,_2,_4),_16,_8)
@@ thr127 fragment_B
((_2,_2),_4,_2):((_1,_2),_4,_16)
@@ thr127 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@@@ bf16 16x8x16 1x4 permN
@@ tiled
TiledMMA
  ThrLayoutVMNK:  (_32,_1,_4,_1):(_1,_0,_32,_0)
  PermutationMNK: (_16,(_2,_4,_4):(_1,_8,_2),_16)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_16)
  LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))
  LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

@@ layoutA_TV
((_4,_8,_4),((_2,_2,_2),(_1,_1))):((_32,_1,_0),((_16,_8,_128),(_0,_0)))
@@ layoutB_TV
((_4,_2,_4,_4),((_2,_2),(_1,_1))):((_64,_1,_8,_2),((_32,_256),(_0,_0)))
@@ layoutC_TV
((_4,_8,_4),((_2,_2),(_1,_1))):((_128,_1,_32),((_16,_8),(_0,_0)))
@@ tile_size
16 32 16
@@ thr0 partition_A dyn
((_2,_2,_2),4,2):((64,_8,512),_16,1024)
offset 0
@@ thr0 partition_A
((_2,_2,_2),_4,_2):((_1,_256,_8),_512,_16)
offset 0
@@ thr0 partition_B
((_2,_2),_2,_2):((_64,_512),_32,_1024)
offset 0
@@ thr0 partition_C
((_2,_2),_4,_2):((_64,_8),_16,_2048)
offset 0
@@ thr0 fragment_A
((_2,_2,_2),_4,_2):((_1,_2,_4),_16,_8)
@@ thr0 fragment_B
((_2,_2),_2,_2):((_1,_2),_4,_8)
@@ thr0 fragment_C
((_2,_2),_4,_2):((_1,_2),_4,_16)
@@ thr37 partition_A dyn
((_2,_2,_2),4,2):((64,_8,512),_16,1024)
offset 129
@@ thr37 partition_A
((_2,_2,_2),_4,_2):((_1,_256,_8),_512,_16)
offset 34
@@ thr37 partition_B
((_2,_2),_2,_2):((_64,_512),_32,_1024)
offset 131
@@ thr37 partition_C
((_2,_2),_4,_2):((_64,_8),_16,_2048)
offset 641
@@ thr37 fragment_A
((_2,_2,_2),_4,_2):((_1,_2,_4),_16,_8)
@@ thr37 fragment_B
((_2,_2),_2,_2):((_1,_2),_4,_8)
@@ thr37 fragment_C
((_2,_2),_4,_2):((_1,_2),_4,_16)
@@ thr127 partition_A dyn
((_2,_2,_2),4,2):((64,_8,512),_16,1024)
offset 391
@@ thr127 partition_A
((_2,_2,_2),_4,_2):((_1,_256,_8),_512,_16)
offset 230
@@ thr127 partition_B
((_2,_2),_2,_2):((_64,_512),_32,_1024)
offset 415
@@ thr127 partition_C
((_2,_2),_4,_2):((_64,_8),_16,_2048)
offset 1927
@@ thr127 fragment_A
((_2,_2,_2),_4,_2):((_1,_2,_4),_16,_8)
@@ thr127 fragment_B
((_2,_2),_2,_2):((_1,_2),_4,_8)
@@ thr127 fragment_C
((_2,_2),_4,_2):((_1,_2),_4,_16)
@@@@ tf32 16x8x8 2x2 rowmajor
@@ tiled
TiledMMA
  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_64,_32,_0)
  PermutationMNK: (_,_,_)
MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_8)
  LayoutA_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))
  LayoutB_TV: ((_4,_8),_2):((_8,_1),_32)
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))

@@ layoutA_TV
(((_4,_8),_2,_2),((_2,_2),(_1,_1))):(((_32,_1),_0,_16),((_8,_128),(_0,_0)))
@@ layoutB_TV
(((_4,_8),_2,_2),(_2,(_1,_1))):(((_16,_1),_8,_0),(_64,(_0,_0)))
@@ layoutC_TV
(((_4,_8),_2,_2),((_2,_2),(_1,_1))):(((_64,_1),_256,_16),((_32,_8),(_0,_0)))
@@ tile_size
32 16 8
@@ thr0 partition_A dyn
((_2,_2),2,4):((_8,256),_32,512)
offset 0
@@ thr0 partition_A
((_2,_2),_2,_4):((_256,_4),_1024,_8)
offset 0
@@ thr0 partition_B
(_2,_4,_4):(_256,_16,_512)
offset 0
@@ thr0 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 0
@@ thr0 fragment_A
((_2,_2),_2,_4):((_1,_2),_16,_4)
@@ thr0 fragment_B
(_2,_4,_4):(_1,_2,_8)
@@ thr0 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@ thr37 partition_A dyn
((_2,_2),2,4):((_8,256),_32,512)
offset 65
@@ thr37 partition_A
((_2,_2),_2,_4):((_256,_4),_1024,_8)
offset 33
@@ thr37 partition_B
(_2,_4,_4):(_256,_16,_512)
offset 73
@@ thr37 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 641
@@ thr37 fragment_A
((_2,_2),_2,_4):((_1,_2),_16,_4)
@@ thr37 fragment_B
(_2,_4,_4):(_1,_2,_8)
@@ thr37 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@ thr127 partition_A dyn
((_2,_2),2,4):((_8,256),_32,512)
offset 215
@@ thr127 partition_A
((_2,_2),_2,_4):((_256,_4),_1024,_8)
offset 739
@@ thr127 partition_B
(_2,_4,_4):(_256,_16,_512)
offset 207
@@ thr127 partition_C
((_2,_2),_2,_4):((_64,_8),_32,_1024)
offset 919
@@ thr127 fragment_A
((_2,_2),_2,_4):((_1,_2),_16,_4)
@@ thr127 fragment_B
(_2,_4,_4):(_1,_2,_8)
@@ thr127 fragment_C
((_2,_2),_2,_4):((_1,_2),_4,_8)
@@@@ uc128 16x8 x 1x8
@@ tiled
TiledCopy
  Tiler_MN:       (_16,_64)
  TiledLayout_TV: ((_8,_16),_8):((_128,_1),_16)
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_8):(_0,_1)
  ValLayoutDst: (_1,_8):(_0,_1)
  ValLayoutRef: (_1,_8):(_0,_1)
  ValueType:    16b

@@ layoutS_TV
((_8,_16),(_8,_1)):((_128,_1),(_16,_0))
@@ layoutD_TV
((_8,_16),(_8,_1)):((_128,_1),(_16,_0))
@@ thr0 partition_S
((_8,_1),_4,_1):((_1,_0),_1024,_0)
offset 0
@@ thr0 partition_D
((_8,_1),_4,_1):((_64,_0),_16,_0)
offset 0
@@ thr5 partition_S
((_8,_1),_4,_1):((_1,_0),_1024,_0)
offset 40
@@ thr5 partition_D
((_8,_1),_4,_1):((_64,_0),_16,_0)
offset 2560
@@ thr127 partition_S
((_8,_1),_4,_1):((_1,_0),_1024,_0)
offset 1016
@@ thr127 partition_D
((_8,_1),_4,_1):((_64,_0),_16,_0)
offset 3599
@@@@ cpasync cg 8x16 x 8x1
@@ tiled
TiledCopy
  Tiler_MN:       (_64,_16)
  TiledLayout_TV: (_128,_8):(_8,_1)
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_8):(_0,_1)
  ValLayoutDst: (_1,_8):(_0,_1)
  ValLayoutRef: (_1,_8):(_0,_1)
  ValueType:    16b

@@ layoutS_TV
(_128,(_8,_1)):(_8,(_1,_0))
@@ layoutD_TV
(_128,(_8,_1)):(_8,(_1,_0))
@@ thr0 partition_S
((_8,_1),_1,_4):((_64,_0),_0,_16)
offset 0
@@ thr0 partition_D
((_8,_1),_1,_4):((_1,_0),_0,_1024)
offset 0
@@ thr5 partition_S
((_8,_1),_1,_4):((_64,_0),_0,_16)
offset 2560
@@ thr5 partition_D
((_8,_1),_1,_4):((_1,_0),_0,_1024)
offset 40
@@ thr127 partition_S
((_8,_1),_1,_4):((_64,_0),_0,_16)
offset 3599
@@ thr127 partition_D
((_8,_1),_1,_4):((_1,_0),_0,_1024)
offset 1016
@@@@ uc float 32x8
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_8)
  TiledLayout_TV: (_256,_1):(_1,_0)
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_1):(_0,_1)
  ValLayoutDst: (_1,_1):(_0,_1)
  ValLayoutRef: (_1,_1):(_0,_1)
  ValueType:    16b

@@ layoutS_TV
(_256,(_1,_1)):(_1,(_0,_0))
@@ layoutD_TV
(_256,(_1,_1)):(_1,(_0,_0))
@@ thr0 partition_S
((_1,_1),_2,_8):((_0,_0),_2048,_8)
offset 0
@@ thr0 partition_D
((_1,_1),_2,_8):((_0,_0),_32,_512)
offset 0
@@ thr5 partition_S
((_1,_1),_2,_8):((_0,_0),_2048,_8)
offset 320
@@ thr5 partition_D
((_1,_1),_2,_8):((_0,_0),_32,_512)
offset 5
@@ thr255 partition_S
((_1,_1),_2,_8):((_0,_0),_2048,_8)
offset 1991
@@ thr255 partition_D
((_1,_1),_2,_8):((_0,_0),_32,_512)
offset 479
@@@@ autovec 8x16 x 4x2
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_32)
  TiledLayout_TV: ((_8,_16),(_4,_2)):((_4,_64),(_1,_32))
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_1):(_0,_0)
  ValLayoutDst: (_1,_1):(_0,_0)
  ValLayoutRef: (_1,_1):(_0,_0)
  ValueType:    16b

@@ layoutS_TV
((_8,_16),(_1,(_4,_2))):((_4,_64),(_0,(_1,_32)))
@@ layoutD_TV
((_8,_16),(_1,(_4,_2))):((_4,_64),(_0,(_1,_32)))
@@ thr0 partition_S
((_1,(_4,_2)),_2,_2):((_0,(_64,_1)),_2048,_32)
offset 0
@@ thr0 partition_D
((_1,(_4,_2)),_2,_2):((_0,(_1,_64)),_32,_2048)
offset 0
@@ thr5 partition_S
((_1,(_4,_2)),_2,_2):((_0,(_64,_1)),_2048,_32)
offset 1280
@@ thr5 partition_D
((_1,(_4,_2)),_2,_2):((_0,(_1,_64)),_32,_2048)
offset 20
@@ thr127 partition_S
((_1,(_4,_2)),_2,_2):((_0,(_64,_1)),_2048,_32)
offset 1822
@@ thr127 partition_D
((_1,(_4,_2)),_2,_2):((_0,(_1,_64)),_32,_2048)
offset 1948
@@@@ ldsm x4 N A
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_16)
  TiledLayout_TV: ((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,_8):(_8,_1)
  ValLayoutDst: (_32,(_2,_4)):(_2,(_1,_64))
  ValLayoutRef: (_32,(_2,_4)):(_2,(_1,_64))
  ValueType:    16b

@@ layoutS_TV
((_16,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0),(_32,_0))
@@ layoutD_TV
((_4,_8,_2,_2),((_2,_2,_2),_1)):((_64,_1,_16,_0),((_32,_8,_256),_0))
@@ thr0 partition_S
((_8,_1),_2,_4):((_1,_0),_2048,_16)
offset 0
@@ thr0 partition_D
(((_2,_2,_2),_1),_2,_4):(((_64,_8,_512),_0),_32,_1024)
offset 0
@@ thr5 partition_S
((_8,_1),_2,_4):((_1,_0),_2048,_16)
offset 320
@@ thr5 partition_D
(((_2,_2,_2),_1),_2,_4):(((_64,_8,_512),_0),_32,_1024)
offset 129
@@ thr127 partition_S
((_8,_1),_2,_4):((_1,_0),_2048,_16)
offset 1992
@@ thr127 partition_D
(((_2,_2,_2),_1),_2,_4):(((_64,_8,_512),_0),_32,_1024)
offset 407
@@@@ ldsm x2 N B
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_16)
  TiledLayout_TV: ((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_16,_2),_8):((_8,_0),_1)
  ValLayoutDst: (_32,(_2,_2)):(_2,(_1,_64))
  ValLayoutRef: (_32,(_2,_2)):(_2,(_1,_64))
  ValueType:    16b

@@ layoutS_TV
((_8,_2,_4,_2),(_8,_2)):((_1,_256,_0,_8),(_32,_16))
@@ layoutD_TV
((_4,_8,_2,_2),((_2,_2),_2)):((_64,_1,_0,_8),((_32,_256),_16))
@@ thr0 partition_S
((_8,_2),_2,_4):((_1,_1024),_2048,_16)
offset 0
@@ thr0 partition_D
(((_2,_2),_2),_2,_4):(((_64,_512),_16),_32,_1024)
offset 0
@@ thr5 partition_S
((_8,_2),_2,_4):((_1,_1024),_2048,_16)
offset 320
@@ thr5 partition_D
(((_2,_2),_2),_2,_4):(((_64,_512),_16),_32,_1024)
offset 129
@@ thr127 partition_S
((_8,_2),_2,_4):((_1,_1024),_2048,_16)
offset 968
@@ thr127 partition_D
(((_2,_2),_2),_2,_4):(((_64,_512),_16),_32,_1024)
offset 399
@@@@ ldsm x1 N B
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_16)
  TiledLayout_TV: ((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_8,_4),_8):((_8,_0),_1)
  ValLayoutDst: (_32,_2):(_2,_1)
  ValLayoutRef: (_32,_2):(_2,_1)
  ValueType:    16b

@@ layoutS_TV
((_8,_8,_2),(_8,(_2,_2))):((_1,_0,_8),(_32,(_256,_16)))
@@ layoutD_TV
((_4,_8,_2,_2),(_2,(_2,_2))):((_64,_1,_0,_8),(_32,(_256,_16)))
@@ thr0 partition_S
((_8,(_2,_2)),_2,_4):((_1,(_8,_1024)),_2048,_16)
offset 0
@@ thr0 partition_D
((_2,(_2,_2)),_2,_4):((_64,(_512,_16)),_32,_1024)
offset 0
@@ thr5 partition_S
((_8,(_2,_2)),_2,_4):((_1,(_8,_1024)),_2048,_16)
offset 320
@@ thr5 partition_D
((_2,(_2,_2)),_2,_4):((_64,(_512,_16)),_32,_1024)
offset 129
@@ thr127 partition_S
((_8,(_2,_2)),_2,_4):((_1,(_8,_1024)),_2048,_16)
offset 960
@@ thr127 partition_D
((_2,(_2,_2)),_2,_4):((_64,(_512,_16)),_32,_1024)
offset 399
@@@@ ldsm x8 T A
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_16)
  TiledLayout_TV: ((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,_8):(_8,_1)
  ValLayoutDst: ((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))
  ValLayoutRef: ((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))
  ValueType:    16b

@@ layoutS_TV
((_8,_2,_2,_2,_2),(_8,_1)):((_32,_8,_256,_16,_0),(_1,_0))
@@ layoutD_TV
((_4,_8,_2,_2),((_2,_2,_2),_1)):((_64,_1,_16,_0),((_32,_8,_256),_0))
@@ thr0 partition_S
((_8,_1),_2,_4):((_64,_0),_2048,_16)
offset 0
@@ thr0 partition_D
(((_2,_2,_2),_1),_2,_4):(((_64,_8,_512),_0),_32,_1024)
offset 0
@@ thr5 partition_S
((_8,_1),_2,_4):((_64,_0),_2048,_16)
offset 5
@@ thr5 partition_D
(((_2,_2,_2),_1),_2,_4):(((_64,_8,_512),_0),_32,_1024)
offset 129
@@ thr127 partition_S
((_8,_1),_2,_4):((_64,_0),_2048,_16)
offset 1551
@@ thr127 partition_D
(((_2,_2,_2),_1),_2,_4):(((_64,_8,_512),_0),_32,_1024)
offset 407
@@@@ ldsm x4 T B
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_16)
  TiledLayout_TV: ((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_16,_2),_8):((_8,_0),_1)
  ValLayoutDst: ((_4,_8),(_1,_2,_2)):((_16,_1),(_1,_8,_64))
  ValLayoutRef: ((_4,_8),(_1,_2,_2)):((_16,_1),(_1,_8,_64))
  ValueType:    16b

@@ layoutS_TV
((_16,_4,_2),(_8,_2)):((_32,_0,_8),(_1,_16))
@@ layoutD_TV
((_4,_8,_2,_2),((_2,_2),_2)):((_64,_1,_0,_8),((_32,_256),_16))
@@ thr0 partition_S
((_8,_2),_2,_4):((_64,_1024),_2048,_16)
offset 0
@@ thr0 partition_D
(((_2,_2),_2),_2,_4):(((_64,_512),_16),_32,_1024)
offset 0
@@ thr5 partition_S
((_8,_2),_2,_4):((_64,_1024),_2048,_16)
offset 5
@@ thr5 partition_D
(((_2,_2),_2),_2,_4):(((_64,_512),_16),_32,_1024)
offset 129
@@ thr127 partition_S
((_8,_2),_2,_4):((_64,_1024),_2048,_16)
offset 527
@@ thr127 partition_D
(((_2,_2),_2),_2,_4):(((_64,_512),_16),_32,_1024)
offset 399
@@@@ ldsm x2 T B
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_16)
  TiledLayout_TV: ((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))
Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: ((_8,_4),_8):((_8,_0),_1)
  ValLayoutDst: ((_4,_8),(_1,_2)):((_16,_1),(_1,_8))
  ValLayoutRef: ((_4,_8),(_1,_2)):((_16,_1),(_1,_8))
  ValueType:    16b

@@ layoutS_TV
((_8,_8,_2),(_8,(_2,_2))):((_32,_0,_8),(_1,(_256,_16)))
@@ layoutD_TV
((_4,_8,_2,_2),(_2,(_2,_2))):((_64,_1,_0,_8),(_32,(_256,_16)))
@@ thr0 partition_S
((_8,(_2,_2)),_2,_4):((_64,(_8,_1024)),_2048,_16)
offset 0
@@ thr0 partition_D
((_2,(_2,_2)),_2,_4):((_64,(_512,_16)),_32,_1024)
offset 0
@@ thr5 partition_S
((_8,(_2,_2)),_2,_4):((_64,(_8,_1024)),_2048,_16)
offset 5
@@ thr5 partition_D
((_2,(_2,_2)),_2,_4):((_64,(_512,_16)),_32,_1024)
offset 129
@@ thr127 partition_S
((_8,(_2,_2)),_2,_4):((_64,(_8,_1024)),_2048,_16)
offset 519
@@ thr127 partition_D
((_2,(_2,_2)),_2,_4):((_64,(_512,_16)),_32,_1024)
offset 399
@@@@ copy C float
@@ tiled
TiledCopy
  Tiler_MN:       (_32,_32)
  TiledLayout_TV: ((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))
Copy_Atom
  ThrID:        _1:_0
  ValLayoutSrc: (_1,_1):(_0,_1)
  ValLayoutDst: (_1,_1):(_0,_1)
  ValLayoutRef: (_1,_1):(_0,_1)
  ValueType:    32b

@@ layoutS_TV
((_4,_8,_2,_2),(_1,(_2,_2,_2))):((_64,_1,_16,_256),(_0,(_32,_8,_512)))
@@ layoutD_TV
((_4,_8,_2,_2),(_1,(_2,_2,_2))):((_64,_1,_16,_256),(_0,(_32,_8,_512)))
@@ thr0 partition_S
((_1,(_2,_2,_2)),_2,_2):((_0,(_1,_512,_16)),_2048,_32)
offset 0
@@ thr0 partition_D
((_1,(_2,_2,_2)),_2,_2):((_0,(_64,_8,_1024)),_32,_2048)
offset 0
@@ thr5 partition_S
((_1,(_2,_2,_2)),_2,_2):((_0,(_1,_512,_16)),_2048,_32)
offset 66
@@ thr5 partition_D
((_1,(_2,_2,_2)),_2,_2):((_0,(_64,_8,_1024)),_32,_2048)
offset 129
@@ thr127 partition_S
((_1,(_2,_2,_2)),_2,_2):((_0,(_1,_512,_16)),_2048,_32)
offset 1486
@@ thr127 partition_D
((_1,(_2,_2,_2)),_2,_2):((_0,(_64,_8,_1024)),_32,_2048)
offset 919
@@@@ retile
@@ fragA
((_2,_2,_2),_2,_2):((_1,_2,_4),_16,_8)
@@ retile_D A
((_8,_1),_2,_2):((_1,_0),_16,_8)
@@ partition_S A
((_8,_1),_2,_2):((_1,_0),_1024,_16)
offset 96
@@ fragB
((_2,_2),_4,_2):((_1,_2),_4,_16)
@@ retile_D B
((_4,_2),_2,_2):((_1,_4),_8,_16)
@@ partition_S B
((_8,_2),_2,_2):((_1,_16),_32,_1024)
offset 192
@@ retile_S C
((_1,(_4,_2)),_2,_2):((_0,(_1,_8)),_4,_16)
)CUTE";

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

}  // namespace

TEST(Atoms, PrintsAsCuTe) {
  auto const mine = lines_of(captured(print_all));
  auto const cute = lines_of(kCuTe);
  ASSERT_EQ(mine.size(), cute.size());
  for (std::size_t i = 0; i < cute.size(); ++i)
    EXPECT_EQ(mine[i], cute[i]) << "line " << i + 1 << ": CuTe prints\n  " << cute[i] << "\ntessel prints\n  " << mine[i];
}

// The dynamic case that once printed differently (docs/CUTE_DIFFERENCES.md): the
// same layout as CuTe's, also as a function.
TEST(Atoms, DynamicPartitionIsCutesLayout) {
  auto mma = make_tiled_mma(UniversalFMA<float, float, float, float>{}, Layout<Shape<_8, _16, _1>, Stride<_16, _1, _0>>{},
                            Tile<_32, _32, _4>{});
  auto A = make_tensor(fbuf, make_layout(make_shape(64, 32)));
  auto mine = mma.get_slice(37).partition_A(A).layout();
  auto cute = make_layout(make_shape(_1{}, make_shape(_4{}, 2), make_shape(_4{}, 8)),
                          make_stride(_0{}, make_stride(_8{}, _32{}), make_stride(64, 256)));
  ASSERT_EQ(int(size(mine)), int(size(cute)));
  for (int i = 0; i < int(size(cute)); ++i) EXPECT_EQ(int(mine(i)), int(cute(i))) << i;
}

// ---- print_latex --------------------------------------------------------------------------------

namespace {
void print_latex_all() {
  printf("@@@@ mma atom 16x8x8\n");
  print_latex(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>{});
  printf("@@@@ fma 2x4 perm\n");
  print_latex(make_tiled_mma(UniversalFMA<float,float,float,float>{}, Layout<Shape<_2,_4,_1>>{}, Tile<_4,_8,_2>{}));
  printf("@@@@ copy uc 4x8 x 2x1\n");
  print_latex(make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{}, Layout<Shape<_4,_8>>{}, Layout<Shape<_2,_1>>{}));
  printf("@@@@ ldsm x1 N B of 16x8x8\n");
  print_latex(make_tiled_copy_B(Copy_Atom<SM75_U32x1_LDSM_N, half_t>{}, make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{})));
  printf("@@@@ ldsm x2 T B of 16x8x16\n");
  print_latex(make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T, half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{})));
}

// What CuTe 4.7.0 prints for print_latex_all() with cute:: (the same commit
// and compiler as kCuTe; cute/util/print_latex.hpp).
char const* const kCuTeLatex = R"LATEX(@@@@ mma atom 16x8x8
% LayoutC: ArithTuple(_0,_0) o ((_4,_8),((_2,_2),(_1,_1))):((_2@1,_1@0),((_1@1,_8@0),(_0,_0)))
% LayoutA: ArithTuple(_0,_0) o ((_4,_8),((_2,_2),(_1,_1))):((_2@1,_1@0),((_1@1,_8@0),(_0,_0)))
% LayoutB: ArithTuple(_0,_0) o ((_4,_8),(_2,(_1,_1))):((_2@1,_1@0),(_1@1,(_0,_0)))
\documentclass[convert]{standalone}
\usepackage{tikz}

\begin{document}
\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]

\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,1) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (8,0) {\shortstack{T0 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (8,1) {\shortstack{T0 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,2) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,3) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (8,2) {\shortstack{T1 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (8,3) {\shortstack{T1 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,4) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,5) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (8,4) {\shortstack{T2 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (8,5) {\shortstack{T2 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,6) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,7) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (8,6) {\shortstack{T3 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (8,7) {\shortstack{T3 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,0) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,1) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (9,0) {\shortstack{T4 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (9,1) {\shortstack{T4 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,2) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,3) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (9,2) {\shortstack{T5 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (9,3) {\shortstack{T5 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,4) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,5) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (9,4) {\shortstack{T6 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (9,5) {\shortstack{T6 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,6) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,7) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (9,6) {\shortstack{T7 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (9,7) {\shortstack{T7 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,0) {\shortstack{T8 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,1) {\shortstack{T8 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (10,0) {\shortstack{T8 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (10,1) {\shortstack{T8 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,2) {\shortstack{T9 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,3) {\shortstack{T9 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (10,2) {\shortstack{T9 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (10,3) {\shortstack{T9 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,4) {\shortstack{T10 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,5) {\shortstack{T10 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (10,4) {\shortstack{T10 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (10,5) {\shortstack{T10 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,6) {\shortstack{T11 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,7) {\shortstack{T11 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (10,6) {\shortstack{T11 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (10,7) {\shortstack{T11 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,0) {\shortstack{T12 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,1) {\shortstack{T12 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (11,0) {\shortstack{T12 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (11,1) {\shortstack{T12 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,2) {\shortstack{T13 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,3) {\shortstack{T13 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (11,2) {\shortstack{T13 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (11,3) {\shortstack{T13 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,4) {\shortstack{T14 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,5) {\shortstack{T14 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (11,4) {\shortstack{T14 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (11,5) {\shortstack{T14 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,6) {\shortstack{T15 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,7) {\shortstack{T15 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (11,6) {\shortstack{T15 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (11,7) {\shortstack{T15 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,0) {\shortstack{T16 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,1) {\shortstack{T16 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (12,0) {\shortstack{T16 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (12,1) {\shortstack{T16 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,2) {\shortstack{T17 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,3) {\shortstack{T17 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (12,2) {\shortstack{T17 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (12,3) {\shortstack{T17 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,4) {\shortstack{T18 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,5) {\shortstack{T18 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (12,4) {\shortstack{T18 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (12,5) {\shortstack{T18 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,6) {\shortstack{T19 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,7) {\shortstack{T19 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (12,6) {\shortstack{T19 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (12,7) {\shortstack{T19 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,0) {\shortstack{T20 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,1) {\shortstack{T20 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (13,0) {\shortstack{T20 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (13,1) {\shortstack{T20 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,2) {\shortstack{T21 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,3) {\shortstack{T21 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (13,2) {\shortstack{T21 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (13,3) {\shortstack{T21 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,4) {\shortstack{T22 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,5) {\shortstack{T22 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (13,4) {\shortstack{T22 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (13,5) {\shortstack{T22 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,6) {\shortstack{T23 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,7) {\shortstack{T23 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (13,6) {\shortstack{T23 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (13,7) {\shortstack{T23 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,0) {\shortstack{T24 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,1) {\shortstack{T24 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (14,0) {\shortstack{T24 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (14,1) {\shortstack{T24 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,2) {\shortstack{T25 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,3) {\shortstack{T25 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (14,2) {\shortstack{T25 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (14,3) {\shortstack{T25 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,4) {\shortstack{T26 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,5) {\shortstack{T26 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (14,4) {\shortstack{T26 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (14,5) {\shortstack{T26 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,6) {\shortstack{T27 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,7) {\shortstack{T27 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (14,6) {\shortstack{T27 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (14,7) {\shortstack{T27 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,0) {\shortstack{T28 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,1) {\shortstack{T28 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (15,0) {\shortstack{T28 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (15,1) {\shortstack{T28 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,2) {\shortstack{T29 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,3) {\shortstack{T29 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (15,2) {\shortstack{T29 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (15,3) {\shortstack{T29 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,4) {\shortstack{T30 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,5) {\shortstack{T30 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (15,4) {\shortstack{T30 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (15,5) {\shortstack{T30 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,6) {\shortstack{T31 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,7) {\shortstack{T31 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (15,6) {\shortstack{T31 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (15,7) {\shortstack{T31 \\ V3}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (16,8);

\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,-9) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,-8) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (8,-9) {\shortstack{T0 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (8,-8) {\shortstack{T0 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,-7) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,-6) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (8,-7) {\shortstack{T1 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (8,-6) {\shortstack{T1 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,-5) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,-4) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (8,-5) {\shortstack{T2 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (8,-4) {\shortstack{T2 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,-3) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,-2) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (8,-3) {\shortstack{T3 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (8,-2) {\shortstack{T3 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,-9) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,-8) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (9,-9) {\shortstack{T4 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (9,-8) {\shortstack{T4 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,-7) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,-6) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (9,-7) {\shortstack{T5 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (9,-6) {\shortstack{T5 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,-5) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,-4) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (9,-5) {\shortstack{T6 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (9,-4) {\shortstack{T6 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,-3) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,-2) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (9,-3) {\shortstack{T7 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (9,-2) {\shortstack{T7 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,-9) {\shortstack{T8 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,-8) {\shortstack{T8 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (10,-9) {\shortstack{T8 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (10,-8) {\shortstack{T8 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,-7) {\shortstack{T9 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,-6) {\shortstack{T9 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (10,-7) {\shortstack{T9 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (10,-6) {\shortstack{T9 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,-5) {\shortstack{T10 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,-4) {\shortstack{T10 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (10,-5) {\shortstack{T10 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (10,-4) {\shortstack{T10 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,-3) {\shortstack{T11 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,-2) {\shortstack{T11 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (10,-3) {\shortstack{T11 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (10,-2) {\shortstack{T11 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,-9) {\shortstack{T12 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,-8) {\shortstack{T12 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (11,-9) {\shortstack{T12 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (11,-8) {\shortstack{T12 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,-7) {\shortstack{T13 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,-6) {\shortstack{T13 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (11,-7) {\shortstack{T13 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (11,-6) {\shortstack{T13 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,-5) {\shortstack{T14 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,-4) {\shortstack{T14 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (11,-5) {\shortstack{T14 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (11,-4) {\shortstack{T14 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,-3) {\shortstack{T15 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,-2) {\shortstack{T15 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (11,-3) {\shortstack{T15 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (11,-2) {\shortstack{T15 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,-9) {\shortstack{T16 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,-8) {\shortstack{T16 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (12,-9) {\shortstack{T16 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (12,-8) {\shortstack{T16 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,-7) {\shortstack{T17 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,-6) {\shortstack{T17 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (12,-7) {\shortstack{T17 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (12,-6) {\shortstack{T17 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,-5) {\shortstack{T18 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,-4) {\shortstack{T18 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (12,-5) {\shortstack{T18 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (12,-4) {\shortstack{T18 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,-3) {\shortstack{T19 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,-2) {\shortstack{T19 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (12,-3) {\shortstack{T19 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (12,-2) {\shortstack{T19 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,-9) {\shortstack{T20 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,-8) {\shortstack{T20 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (13,-9) {\shortstack{T20 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (13,-8) {\shortstack{T20 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,-7) {\shortstack{T21 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,-6) {\shortstack{T21 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (13,-7) {\shortstack{T21 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (13,-6) {\shortstack{T21 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,-5) {\shortstack{T22 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,-4) {\shortstack{T22 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (13,-5) {\shortstack{T22 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (13,-4) {\shortstack{T22 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,-3) {\shortstack{T23 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,-2) {\shortstack{T23 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (13,-3) {\shortstack{T23 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (13,-2) {\shortstack{T23 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,-9) {\shortstack{T24 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,-8) {\shortstack{T24 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (14,-9) {\shortstack{T24 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (14,-8) {\shortstack{T24 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,-7) {\shortstack{T25 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,-6) {\shortstack{T25 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (14,-7) {\shortstack{T25 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (14,-6) {\shortstack{T25 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,-5) {\shortstack{T26 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,-4) {\shortstack{T26 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (14,-5) {\shortstack{T26 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (14,-4) {\shortstack{T26 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,-3) {\shortstack{T27 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,-2) {\shortstack{T27 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (14,-3) {\shortstack{T27 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (14,-2) {\shortstack{T27 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,-9) {\shortstack{T28 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,-8) {\shortstack{T28 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (15,-9) {\shortstack{T28 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (15,-8) {\shortstack{T28 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,-7) {\shortstack{T29 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,-6) {\shortstack{T29 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (15,-7) {\shortstack{T29 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (15,-6) {\shortstack{T29 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,-5) {\shortstack{T30 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,-4) {\shortstack{T30 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (15,-5) {\shortstack{T30 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (15,-4) {\shortstack{T30 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,-3) {\shortstack{T31 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,-2) {\shortstack{T31 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (15,-3) {\shortstack{T31 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (15,-2) {\shortstack{T31 \\ V3}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,-9) grid (16,-1);

\node at (0,-10) {\Large{\texttt{0}}};
\node at (1,-10) {\Large{\texttt{1}}};
\node at (2,-10) {\Large{\texttt{2}}};
\node at (3,-10) {\Large{\texttt{3}}};
\node at (4,-10) {\Large{\texttt{4}}};
\node at (5,-10) {\Large{\texttt{5}}};
\node at (6,-10) {\Large{\texttt{6}}};
\node at (7,-10) {\Large{\texttt{7}}};
\node at (8,-10) {\Large{\texttt{8}}};
\node at (9,-10) {\Large{\texttt{9}}};
\node at (10,-10) {\Large{\texttt{10}}};
\node at (11,-10) {\Large{\texttt{11}}};
\node at (12,-10) {\Large{\texttt{12}}};
\node at (13,-10) {\Large{\texttt{13}}};
\node at (14,-10) {\Large{\texttt{14}}};
\node at (15,-10) {\Large{\texttt{15}}};
\node at (-1,-9) {\Large{\texttt{0}}};
\node at (-1,-8) {\Large{\texttt{1}}};
\node at (-1,-7) {\Large{\texttt{2}}};
\node at (-1,-6) {\Large{\texttt{3}}};
\node at (-1,-5) {\Large{\texttt{4}}};
\node at (-1,-4) {\Large{\texttt{5}}};
\node at (-1,-3) {\Large{\texttt{6}}};
\node at (-1,-2) {\Large{\texttt{7}}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-9,0) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-8,0) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (-7,0) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (-6,0) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-5,0) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-4,0) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (-3,0) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (-2,0) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-9,1) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-8,1) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (-7,1) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (-6,1) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-5,1) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-4,1) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (-3,1) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (-2,1) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-9,2) {\shortstack{T8 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-8,2) {\shortstack{T8 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (-7,2) {\shortstack{T9 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (-6,2) {\shortstack{T9 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-5,2) {\shortstack{T10 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-4,2) {\shortstack{T10 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (-3,2) {\shortstack{T11 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (-2,2) {\shortstack{T11 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-9,3) {\shortstack{T12 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-8,3) {\shortstack{T12 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (-7,3) {\shortstack{T13 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (-6,3) {\shortstack{T13 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-5,3) {\shortstack{T14 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-4,3) {\shortstack{T14 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (-3,3) {\shortstack{T15 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (-2,3) {\shortstack{T15 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-9,4) {\shortstack{T16 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-8,4) {\shortstack{T16 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (-7,4) {\shortstack{T17 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (-6,4) {\shortstack{T17 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-5,4) {\shortstack{T18 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-4,4) {\shortstack{T18 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (-3,4) {\shortstack{T19 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (-2,4) {\shortstack{T19 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-9,5) {\shortstack{T20 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-8,5) {\shortstack{T20 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (-7,5) {\shortstack{T21 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (-6,5) {\shortstack{T21 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-5,5) {\shortstack{T22 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-4,5) {\shortstack{T22 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (-3,5) {\shortstack{T23 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (-2,5) {\shortstack{T23 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-9,6) {\shortstack{T24 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-8,6) {\shortstack{T24 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (-7,6) {\shortstack{T25 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (-6,6) {\shortstack{T25 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-5,6) {\shortstack{T26 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-4,6) {\shortstack{T26 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (-3,6) {\shortstack{T27 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (-2,6) {\shortstack{T27 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-9,7) {\shortstack{T28 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-8,7) {\shortstack{T28 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (-7,7) {\shortstack{T29 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (-6,7) {\shortstack{T29 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-5,7) {\shortstack{T30 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-4,7) {\shortstack{T30 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (-3,7) {\shortstack{T31 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (-2,7) {\shortstack{T31 \\ V1}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (-9,0) grid (-1,8);

\node at (-10,0) {\Large{\texttt{0}}};
\node at (-10,1) {\Large{\texttt{1}}};
\node at (-10,2) {\Large{\texttt{2}}};
\node at (-10,3) {\Large{\texttt{3}}};
\node at (-10,4) {\Large{\texttt{4}}};
\node at (-10,5) {\Large{\texttt{5}}};
\node at (-10,6) {\Large{\texttt{6}}};
\node at (-10,7) {\Large{\texttt{7}}};
\node at (-9,-1) {\Large{\texttt{0}}};
\node at (-8,-1) {\Large{\texttt{1}}};
\node at (-7,-1) {\Large{\texttt{2}}};
\node at (-6,-1) {\Large{\texttt{3}}};
\node at (-5,-1) {\Large{\texttt{4}}};
\node at (-4,-1) {\Large{\texttt{5}}};
\node at (-3,-1) {\Large{\texttt{6}}};
\node at (-2,-1) {\Large{\texttt{7}}};
\end{tikzpicture}
\end{document}
@@@@ fma 2x4 perm
% LayoutC: ArithTuple(_0,_0) o ((_2,_4),(_1,(_2,_2))):((_1@0,_1@1),(_0,(_2@0,_4@1)))
% LayoutA: ArithTuple(_0,_0) o ((_2,_4),(_1,(_2,_2))):((_1@0,_0),(_0,(_2@0,_1@1)))
% LayoutB: ArithTuple(_0,_0) o ((_2,_4),(_1,(_2,_2))):((_0,_1@0),(_0,(_4@0,_1@1)))
\documentclass[convert]{standalone}
\usepackage{tikz}

\begin{document}
\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]

\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,0) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,4) {\shortstack{T0 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,4) {\shortstack{T0 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,0) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,0) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,4) {\shortstack{T1 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,4) {\shortstack{T1 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,1) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,1) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,5) {\shortstack{T2 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,5) {\shortstack{T2 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (1,1) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,1) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (1,5) {\shortstack{T3 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,5) {\shortstack{T3 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,2) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (2,2) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,6) {\shortstack{T4 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (2,6) {\shortstack{T4 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,2) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,2) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,6) {\shortstack{T5 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,6) {\shortstack{T5 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (0,3) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (2,3) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (0,7) {\shortstack{T6 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (2,7) {\shortstack{T6 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,3) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,3) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,7) {\shortstack{T7 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,7) {\shortstack{T7 \\ V3}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (4,8);

\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,-3) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,-3) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,-2) {\shortstack{T0 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,-2) {\shortstack{T0 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,-3) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,-3) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,-2) {\shortstack{T1 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,-2) {\shortstack{T1 \\ V3}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,-3) grid (4,-1);

\node at (0,-4) {\Large{\texttt{0}}};
\node at (1,-4) {\Large{\texttt{1}}};
\node at (2,-4) {\Large{\texttt{2}}};
\node at (3,-4) {\Large{\texttt{3}}};
\node at (-1,-3) {\Large{\texttt{0}}};
\node at (-1,-2) {\Large{\texttt{1}}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-3,0) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-3,4) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-2,0) {\shortstack{T0 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (-2,4) {\shortstack{T0 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-3,1) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-3,5) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-2,1) {\shortstack{T2 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (-2,5) {\shortstack{T2 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-3,2) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-3,6) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-2,2) {\shortstack{T4 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (-2,6) {\shortstack{T4 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-3,3) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-3,7) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-2,3) {\shortstack{T6 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (-2,7) {\shortstack{T6 \\ V3}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (-3,0) grid (-1,8);

\node at (-4,0) {\Large{\texttt{0}}};
\node at (-4,1) {\Large{\texttt{1}}};
\node at (-4,2) {\Large{\texttt{2}}};
\node at (-4,3) {\Large{\texttt{3}}};
\node at (-4,4) {\Large{\texttt{4}}};
\node at (-4,5) {\Large{\texttt{5}}};
\node at (-4,6) {\Large{\texttt{6}}};
\node at (-4,7) {\Large{\texttt{7}}};
\node at (-3,-1) {\Large{\texttt{0}}};
\node at (-2,-1) {\Large{\texttt{1}}};
\end{tikzpicture}
\end{document}
@@@@ copy uc 4x8 x 2x1
% Layout S TV: ArithTuple(_0,_0) o ((_4,_8),(_1,_2)):((_2@0,_1@1),(_0,_1@0))
% Layout D TV: ArithTuple(_0,_0) o ((_4,_8),(_1,_2)):((_2@0,_1@1),(_0,_1@0))
\documentclass[convert]{standalone}
\usepackage{tikz}

\begin{document}
\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]

\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,0) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,0) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,0) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,0) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,0) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,0) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,0) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,1) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,1) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,1) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,1) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,1) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,1) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,1) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,1) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,2) {\shortstack{T8 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,2) {\shortstack{T8 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,2) {\shortstack{T9 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,2) {\shortstack{T9 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,2) {\shortstack{T10 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,2) {\shortstack{T10 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,2) {\shortstack{T11 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,2) {\shortstack{T11 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,3) {\shortstack{T12 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,3) {\shortstack{T12 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,3) {\shortstack{T13 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,3) {\shortstack{T13 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,3) {\shortstack{T14 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,3) {\shortstack{T14 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,3) {\shortstack{T15 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,3) {\shortstack{T15 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,4) {\shortstack{T16 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,4) {\shortstack{T16 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,4) {\shortstack{T17 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,4) {\shortstack{T17 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,4) {\shortstack{T18 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,4) {\shortstack{T18 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,4) {\shortstack{T19 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,4) {\shortstack{T19 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,5) {\shortstack{T20 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,5) {\shortstack{T20 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,5) {\shortstack{T21 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,5) {\shortstack{T21 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,5) {\shortstack{T22 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,5) {\shortstack{T22 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,5) {\shortstack{T23 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,5) {\shortstack{T23 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,6) {\shortstack{T24 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,6) {\shortstack{T24 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,6) {\shortstack{T25 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,6) {\shortstack{T25 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,6) {\shortstack{T26 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,6) {\shortstack{T26 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,6) {\shortstack{T27 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,6) {\shortstack{T27 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,7) {\shortstack{T28 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,7) {\shortstack{T28 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,7) {\shortstack{T29 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,7) {\shortstack{T29 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,7) {\shortstack{T30 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,7) {\shortstack{T30 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,7) {\shortstack{T31 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,7) {\shortstack{T31 \\ V1}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (8,8);

\node at (0,-1) {\Large{\texttt{0}}};
\node at (1,-1) {\Large{\texttt{1}}};
\node at (2,-1) {\Large{\texttt{2}}};
\node at (3,-1) {\Large{\texttt{3}}};
\node at (4,-1) {\Large{\texttt{4}}};
\node at (5,-1) {\Large{\texttt{5}}};
\node at (6,-1) {\Large{\texttt{6}}};
\node at (7,-1) {\Large{\texttt{7}}};
\node at (-1,0) {\Large{\texttt{0}}};
\node at (-1,1) {\Large{\texttt{1}}};
\node at (-1,2) {\Large{\texttt{2}}};
\node at (-1,3) {\Large{\texttt{3}}};
\node at (-1,4) {\Large{\texttt{4}}};
\node at (-1,5) {\Large{\texttt{5}}};
\node at (-1,6) {\Large{\texttt{6}}};
\node at (-1,7) {\Large{\texttt{7}}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,11) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,11) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,11) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,11) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,11) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,11) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,11) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,11) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,12) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,12) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,12) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,12) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,12) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,12) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,12) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,12) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,13) {\shortstack{T8 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,13) {\shortstack{T8 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,13) {\shortstack{T9 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,13) {\shortstack{T9 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,13) {\shortstack{T10 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,13) {\shortstack{T10 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,13) {\shortstack{T11 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,13) {\shortstack{T11 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,14) {\shortstack{T12 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,14) {\shortstack{T12 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,14) {\shortstack{T13 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,14) {\shortstack{T13 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,14) {\shortstack{T14 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,14) {\shortstack{T14 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,14) {\shortstack{T15 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,14) {\shortstack{T15 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,15) {\shortstack{T16 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,15) {\shortstack{T16 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,15) {\shortstack{T17 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,15) {\shortstack{T17 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,15) {\shortstack{T18 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,15) {\shortstack{T18 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,15) {\shortstack{T19 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,15) {\shortstack{T19 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,16) {\shortstack{T20 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,16) {\shortstack{T20 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,16) {\shortstack{T21 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,16) {\shortstack{T21 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,16) {\shortstack{T22 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,16) {\shortstack{T22 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,16) {\shortstack{T23 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,16) {\shortstack{T23 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,17) {\shortstack{T24 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,17) {\shortstack{T24 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,17) {\shortstack{T25 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,17) {\shortstack{T25 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,17) {\shortstack{T26 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,17) {\shortstack{T26 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,17) {\shortstack{T27 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,17) {\shortstack{T27 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,18) {\shortstack{T28 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,18) {\shortstack{T28 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,18) {\shortstack{T29 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,18) {\shortstack{T29 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,18) {\shortstack{T30 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,18) {\shortstack{T30 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,18) {\shortstack{T31 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,18) {\shortstack{T31 \\ V1}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,11) grid (8,19);

\node at (0,19) {\Large{\texttt{0}}};
\node at (1,19) {\Large{\texttt{1}}};
\node at (2,19) {\Large{\texttt{2}}};
\node at (3,19) {\Large{\texttt{3}}};
\node at (4,19) {\Large{\texttt{4}}};
\node at (5,19) {\Large{\texttt{5}}};
\node at (6,19) {\Large{\texttt{6}}};
\node at (7,19) {\Large{\texttt{7}}};
\node at (-1,11) {\Large{\texttt{0}}};
\node at (-1,12) {\Large{\texttt{1}}};
\node at (-1,13) {\Large{\texttt{2}}};
\node at (-1,14) {\Large{\texttt{3}}};
\node at (-1,15) {\Large{\texttt{4}}};
\node at (-1,16) {\Large{\texttt{5}}};
\node at (-1,17) {\Large{\texttt{6}}};
\node at (-1,18) {\Large{\texttt{7}}};
\end{tikzpicture}
\end{document}
@@@@ ldsm x1 N B of 16x8x8
% Layout S TV: ArithTuple(_0,_0) o ((_8,_4),(_8,_1)):((_1@0,_0),(_1@1,_0))
% Layout D TV: ArithTuple(_0,_0) o ((_4,_8),(_2,_1)):((_2@1,_1@0),(_1@1,_0))
\documentclass[convert]{standalone}
\usepackage{tikz}

\begin{document}
\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]

\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,1) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,2) {\shortstack{T0 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,3) {\shortstack{T0 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,4) {\shortstack{T0 \\ V4}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,5) {\shortstack{T0 \\ V5}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,6) {\shortstack{T0 \\ V6}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,7) {\shortstack{T0 \\ V7}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,0) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,1) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,2) {\shortstack{T1 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,3) {\shortstack{T1 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,4) {\shortstack{T1 \\ V4}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,5) {\shortstack{T1 \\ V5}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,6) {\shortstack{T1 \\ V6}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,7) {\shortstack{T1 \\ V7}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,0) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,1) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,2) {\shortstack{T2 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,3) {\shortstack{T2 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,4) {\shortstack{T2 \\ V4}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,5) {\shortstack{T2 \\ V5}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,6) {\shortstack{T2 \\ V6}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,7) {\shortstack{T2 \\ V7}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,0) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,1) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,2) {\shortstack{T3 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,3) {\shortstack{T3 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,4) {\shortstack{T3 \\ V4}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,5) {\shortstack{T3 \\ V5}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,6) {\shortstack{T3 \\ V6}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,7) {\shortstack{T3 \\ V7}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,0) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,1) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,2) {\shortstack{T4 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,3) {\shortstack{T4 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,4) {\shortstack{T4 \\ V4}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,5) {\shortstack{T4 \\ V5}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,6) {\shortstack{T4 \\ V6}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,7) {\shortstack{T4 \\ V7}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,0) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,1) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,2) {\shortstack{T5 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,3) {\shortstack{T5 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,4) {\shortstack{T5 \\ V4}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,5) {\shortstack{T5 \\ V5}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,6) {\shortstack{T5 \\ V6}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,7) {\shortstack{T5 \\ V7}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,0) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,1) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,2) {\shortstack{T6 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,3) {\shortstack{T6 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,4) {\shortstack{T6 \\ V4}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,5) {\shortstack{T6 \\ V5}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,6) {\shortstack{T6 \\ V6}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,7) {\shortstack{T6 \\ V7}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,0) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,1) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,2) {\shortstack{T7 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,3) {\shortstack{T7 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,4) {\shortstack{T7 \\ V4}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,5) {\shortstack{T7 \\ V5}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,6) {\shortstack{T7 \\ V6}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,7) {\shortstack{T7 \\ V7}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (8,8);

\node at (0,-1) {\Large{\texttt{0}}};
\node at (1,-1) {\Large{\texttt{1}}};
\node at (2,-1) {\Large{\texttt{2}}};
\node at (3,-1) {\Large{\texttt{3}}};
\node at (4,-1) {\Large{\texttt{4}}};
\node at (5,-1) {\Large{\texttt{5}}};
\node at (6,-1) {\Large{\texttt{6}}};
\node at (7,-1) {\Large{\texttt{7}}};
\node at (-1,0) {\Large{\texttt{0}}};
\node at (-1,1) {\Large{\texttt{1}}};
\node at (-1,2) {\Large{\texttt{2}}};
\node at (-1,3) {\Large{\texttt{3}}};
\node at (-1,4) {\Large{\texttt{4}}};
\node at (-1,5) {\Large{\texttt{5}}};
\node at (-1,6) {\Large{\texttt{6}}};
\node at (-1,7) {\Large{\texttt{7}}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,11) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,12) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,13) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,14) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,15) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,16) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,17) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,18) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,11) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,12) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,13) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,14) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,15) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,16) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,17) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,18) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,11) {\shortstack{T8 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,12) {\shortstack{T8 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,13) {\shortstack{T9 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,14) {\shortstack{T9 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,15) {\shortstack{T10 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,16) {\shortstack{T10 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,17) {\shortstack{T11 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,18) {\shortstack{T11 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,11) {\shortstack{T12 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,12) {\shortstack{T12 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,13) {\shortstack{T13 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,14) {\shortstack{T13 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,15) {\shortstack{T14 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,16) {\shortstack{T14 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,17) {\shortstack{T15 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,18) {\shortstack{T15 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,11) {\shortstack{T16 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,12) {\shortstack{T16 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,13) {\shortstack{T17 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,14) {\shortstack{T17 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,15) {\shortstack{T18 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,16) {\shortstack{T18 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,17) {\shortstack{T19 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,18) {\shortstack{T19 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,11) {\shortstack{T20 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,12) {\shortstack{T20 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,13) {\shortstack{T21 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,14) {\shortstack{T21 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,15) {\shortstack{T22 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,16) {\shortstack{T22 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,17) {\shortstack{T23 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,18) {\shortstack{T23 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,11) {\shortstack{T24 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,12) {\shortstack{T24 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,13) {\shortstack{T25 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,14) {\shortstack{T25 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,15) {\shortstack{T26 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,16) {\shortstack{T26 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,17) {\shortstack{T27 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,18) {\shortstack{T27 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,11) {\shortstack{T28 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,12) {\shortstack{T28 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,13) {\shortstack{T29 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,14) {\shortstack{T29 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,15) {\shortstack{T30 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,16) {\shortstack{T30 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,17) {\shortstack{T31 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,18) {\shortstack{T31 \\ V1}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,11) grid (8,19);

\node at (0,19) {\Large{\texttt{0}}};
\node at (1,19) {\Large{\texttt{1}}};
\node at (2,19) {\Large{\texttt{2}}};
\node at (3,19) {\Large{\texttt{3}}};
\node at (4,19) {\Large{\texttt{4}}};
\node at (5,19) {\Large{\texttt{5}}};
\node at (6,19) {\Large{\texttt{6}}};
\node at (7,19) {\Large{\texttt{7}}};
\node at (-1,11) {\Large{\texttt{0}}};
\node at (-1,12) {\Large{\texttt{1}}};
\node at (-1,13) {\Large{\texttt{2}}};
\node at (-1,14) {\Large{\texttt{3}}};
\node at (-1,15) {\Large{\texttt{4}}};
\node at (-1,16) {\Large{\texttt{5}}};
\node at (-1,17) {\Large{\texttt{6}}};
\node at (-1,18) {\Large{\texttt{7}}};
\end{tikzpicture}
\end{document}
@@@@ ldsm x2 T B of 16x8x16
% Layout S TV: ArithTuple(_0,_0) o ((_16,_2),(_8,_1)):((_1@1,_0),(_1@0,_0))
% Layout D TV: ArithTuple(_0,_0) o ((_4,_8),((_2,_2),_1)):((_2@1,_1@0),((_1@1,_8@1),_0))
\documentclass[convert]{standalone}
\usepackage{tikz}

\begin{document}
\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]

\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,0) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,0) {\shortstack{T0 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (3,0) {\shortstack{T0 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,0) {\shortstack{T0 \\ V4}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (5,0) {\shortstack{T0 \\ V5}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,0) {\shortstack{T0 \\ V6}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (7,0) {\shortstack{T0 \\ V7}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,1) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,1) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,1) {\shortstack{T1 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,1) {\shortstack{T1 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,1) {\shortstack{T1 \\ V4}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (5,1) {\shortstack{T1 \\ V5}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,1) {\shortstack{T1 \\ V6}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (7,1) {\shortstack{T1 \\ V7}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,2) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (1,2) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,2) {\shortstack{T2 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (3,2) {\shortstack{T2 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,2) {\shortstack{T2 \\ V4}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,2) {\shortstack{T2 \\ V5}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,2) {\shortstack{T2 \\ V6}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (7,2) {\shortstack{T2 \\ V7}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,3) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (1,3) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,3) {\shortstack{T3 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,3) {\shortstack{T3 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,3) {\shortstack{T3 \\ V4}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (5,3) {\shortstack{T3 \\ V5}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,3) {\shortstack{T3 \\ V6}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,3) {\shortstack{T3 \\ V7}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,4) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,4) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (2,4) {\shortstack{T4 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,4) {\shortstack{T4 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,4) {\shortstack{T4 \\ V4}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,4) {\shortstack{T4 \\ V5}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (6,4) {\shortstack{T4 \\ V6}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,4) {\shortstack{T4 \\ V7}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (0,5) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,5) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,5) {\shortstack{T5 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,5) {\shortstack{T5 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (4,5) {\shortstack{T5 \\ V4}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,5) {\shortstack{T5 \\ V5}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (6,5) {\shortstack{T5 \\ V6}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,5) {\shortstack{T5 \\ V7}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (0,6) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,6) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (2,6) {\shortstack{T6 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,6) {\shortstack{T6 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,6) {\shortstack{T6 \\ V4}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,6) {\shortstack{T6 \\ V5}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,6) {\shortstack{T6 \\ V6}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,6) {\shortstack{T6 \\ V7}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (0,7) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,7) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (2,7) {\shortstack{T7 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,7) {\shortstack{T7 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (4,7) {\shortstack{T7 \\ V4}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,7) {\shortstack{T7 \\ V5}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,7) {\shortstack{T7 \\ V6}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,7) {\shortstack{T7 \\ V7}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,8) {\shortstack{T8 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (1,8) {\shortstack{T8 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,8) {\shortstack{T8 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (3,8) {\shortstack{T8 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,8) {\shortstack{T8 \\ V4}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (5,8) {\shortstack{T8 \\ V5}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,8) {\shortstack{T8 \\ V6}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (7,8) {\shortstack{T8 \\ V7}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,9) {\shortstack{T9 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,9) {\shortstack{T9 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,9) {\shortstack{T9 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (3,9) {\shortstack{T9 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,9) {\shortstack{T9 \\ V4}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (5,9) {\shortstack{T9 \\ V5}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,9) {\shortstack{T9 \\ V6}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (7,9) {\shortstack{T9 \\ V7}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,10) {\shortstack{T10 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (1,10) {\shortstack{T10 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,10) {\shortstack{T10 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (3,10) {\shortstack{T10 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,10) {\shortstack{T10 \\ V4}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (5,10) {\shortstack{T10 \\ V5}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,10) {\shortstack{T10 \\ V6}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (7,10) {\shortstack{T10 \\ V7}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,11) {\shortstack{T11 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (1,11) {\shortstack{T11 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,11) {\shortstack{T11 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (3,11) {\shortstack{T11 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,11) {\shortstack{T11 \\ V4}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (5,11) {\shortstack{T11 \\ V5}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,11) {\shortstack{T11 \\ V6}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (7,11) {\shortstack{T11 \\ V7}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (0,12) {\shortstack{T12 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,12) {\shortstack{T12 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (2,12) {\shortstack{T12 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,12) {\shortstack{T12 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (4,12) {\shortstack{T12 \\ V4}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,12) {\shortstack{T12 \\ V5}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (6,12) {\shortstack{T12 \\ V6}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,12) {\shortstack{T12 \\ V7}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (0,13) {\shortstack{T13 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,13) {\shortstack{T13 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (2,13) {\shortstack{T13 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,13) {\shortstack{T13 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (4,13) {\shortstack{T13 \\ V4}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,13) {\shortstack{T13 \\ V5}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (6,13) {\shortstack{T13 \\ V6}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,13) {\shortstack{T13 \\ V7}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (0,14) {\shortstack{T14 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,14) {\shortstack{T14 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (2,14) {\shortstack{T14 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,14) {\shortstack{T14 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (4,14) {\shortstack{T14 \\ V4}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,14) {\shortstack{T14 \\ V5}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (6,14) {\shortstack{T14 \\ V6}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,14) {\shortstack{T14 \\ V7}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (0,15) {\shortstack{T15 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,15) {\shortstack{T15 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (2,15) {\shortstack{T15 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,15) {\shortstack{T15 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (4,15) {\shortstack{T15 \\ V4}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,15) {\shortstack{T15 \\ V5}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (6,15) {\shortstack{T15 \\ V6}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,15) {\shortstack{T15 \\ V7}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (8,16);

\node at (0,-1) {\Large{\texttt{0}}};
\node at (1,-1) {\Large{\texttt{1}}};
\node at (2,-1) {\Large{\texttt{2}}};
\node at (3,-1) {\Large{\texttt{3}}};
\node at (4,-1) {\Large{\texttt{4}}};
\node at (5,-1) {\Large{\texttt{5}}};
\node at (6,-1) {\Large{\texttt{6}}};
\node at (7,-1) {\Large{\texttt{7}}};
\node at (-1,0) {\Large{\texttt{0}}};
\node at (-1,1) {\Large{\texttt{1}}};
\node at (-1,2) {\Large{\texttt{2}}};
\node at (-1,3) {\Large{\texttt{3}}};
\node at (-1,4) {\Large{\texttt{4}}};
\node at (-1,5) {\Large{\texttt{5}}};
\node at (-1,6) {\Large{\texttt{6}}};
\node at (-1,7) {\Large{\texttt{7}}};
\node at (-1,8) {\Large{\texttt{8}}};
\node at (-1,9) {\Large{\texttt{9}}};
\node at (-1,10) {\Large{\texttt{10}}};
\node at (-1,11) {\Large{\texttt{11}}};
\node at (-1,12) {\Large{\texttt{12}}};
\node at (-1,13) {\Large{\texttt{13}}};
\node at (-1,14) {\Large{\texttt{14}}};
\node at (-1,15) {\Large{\texttt{15}}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,19) {\shortstack{T0 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,20) {\shortstack{T0 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,27) {\shortstack{T0 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,28) {\shortstack{T0 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,21) {\shortstack{T1 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,22) {\shortstack{T1 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,29) {\shortstack{T1 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (0,30) {\shortstack{T1 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,23) {\shortstack{T2 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,24) {\shortstack{T2 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,31) {\shortstack{T2 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,32) {\shortstack{T2 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,25) {\shortstack{T3 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,26) {\shortstack{T3 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,33) {\shortstack{T3 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (0,34) {\shortstack{T3 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,19) {\shortstack{T4 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,20) {\shortstack{T4 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,27) {\shortstack{T4 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (1,28) {\shortstack{T4 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,21) {\shortstack{T5 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,22) {\shortstack{T5 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,29) {\shortstack{T5 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (1,30) {\shortstack{T5 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,23) {\shortstack{T6 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,24) {\shortstack{T6 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,31) {\shortstack{T6 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (1,32) {\shortstack{T6 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,25) {\shortstack{T7 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,26) {\shortstack{T7 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,33) {\shortstack{T7 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (1,34) {\shortstack{T7 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,19) {\shortstack{T8 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,20) {\shortstack{T8 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,27) {\shortstack{T8 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (2,28) {\shortstack{T8 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,21) {\shortstack{T9 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,22) {\shortstack{T9 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,29) {\shortstack{T9 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (2,30) {\shortstack{T9 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,23) {\shortstack{T10 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,24) {\shortstack{T10 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,31) {\shortstack{T10 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (2,32) {\shortstack{T10 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,25) {\shortstack{T11 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,26) {\shortstack{T11 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,33) {\shortstack{T11 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (2,34) {\shortstack{T11 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,19) {\shortstack{T12 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,20) {\shortstack{T12 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,27) {\shortstack{T12 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (3,28) {\shortstack{T12 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,21) {\shortstack{T13 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,22) {\shortstack{T13 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,29) {\shortstack{T13 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (3,30) {\shortstack{T13 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,23) {\shortstack{T14 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,24) {\shortstack{T14 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,31) {\shortstack{T14 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (3,32) {\shortstack{T14 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,25) {\shortstack{T15 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,26) {\shortstack{T15 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,33) {\shortstack{T15 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (3,34) {\shortstack{T15 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,19) {\shortstack{T16 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,20) {\shortstack{T16 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,27) {\shortstack{T16 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (4,28) {\shortstack{T16 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,21) {\shortstack{T17 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,22) {\shortstack{T17 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,29) {\shortstack{T17 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (4,30) {\shortstack{T17 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,23) {\shortstack{T18 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,24) {\shortstack{T18 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,31) {\shortstack{T18 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (4,32) {\shortstack{T18 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,25) {\shortstack{T19 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,26) {\shortstack{T19 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,33) {\shortstack{T19 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (4,34) {\shortstack{T19 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,19) {\shortstack{T20 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,20) {\shortstack{T20 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,27) {\shortstack{T20 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (5,28) {\shortstack{T20 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,21) {\shortstack{T21 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,22) {\shortstack{T21 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,29) {\shortstack{T21 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (5,30) {\shortstack{T21 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,23) {\shortstack{T22 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,24) {\shortstack{T22 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,31) {\shortstack{T22 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (5,32) {\shortstack{T22 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,25) {\shortstack{T23 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,26) {\shortstack{T23 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,33) {\shortstack{T23 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (5,34) {\shortstack{T23 \\ V3}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,19) {\shortstack{T24 \\ V0}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,20) {\shortstack{T24 \\ V1}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,27) {\shortstack{T24 \\ V2}};
\node[fill={rgb,255:red,175;green,175;blue,255}] at (6,28) {\shortstack{T24 \\ V3}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,21) {\shortstack{T25 \\ V0}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,22) {\shortstack{T25 \\ V1}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,29) {\shortstack{T25 \\ V2}};
\node[fill={rgb,255:red,175;green,255;blue,175}] at (6,30) {\shortstack{T25 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,23) {\shortstack{T26 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,24) {\shortstack{T26 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,31) {\shortstack{T26 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,175}] at (6,32) {\shortstack{T26 \\ V3}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,25) {\shortstack{T27 \\ V0}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,26) {\shortstack{T27 \\ V1}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,33) {\shortstack{T27 \\ V2}};
\node[fill={rgb,255:red,255;green,175;blue,175}] at (6,34) {\shortstack{T27 \\ V3}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,19) {\shortstack{T28 \\ V0}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,20) {\shortstack{T28 \\ V1}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,27) {\shortstack{T28 \\ V2}};
\node[fill={rgb,255:red,210;green,210;blue,255}] at (7,28) {\shortstack{T28 \\ V3}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,21) {\shortstack{T29 \\ V0}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,22) {\shortstack{T29 \\ V1}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,29) {\shortstack{T29 \\ V2}};
\node[fill={rgb,255:red,210;green,255;blue,210}] at (7,30) {\shortstack{T29 \\ V3}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,23) {\shortstack{T30 \\ V0}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,24) {\shortstack{T30 \\ V1}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,31) {\shortstack{T30 \\ V2}};
\node[fill={rgb,255:red,255;green,255;blue,210}] at (7,32) {\shortstack{T30 \\ V3}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,25) {\shortstack{T31 \\ V0}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,26) {\shortstack{T31 \\ V1}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,33) {\shortstack{T31 \\ V2}};
\node[fill={rgb,255:red,255;green,210;blue,210}] at (7,34) {\shortstack{T31 \\ V3}};
\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,19) grid (8,35);

\node at (0,35) {\Large{\texttt{0}}};
\node at (1,35) {\Large{\texttt{1}}};
\node at (2,35) {\Large{\texttt{2}}};
\node at (3,35) {\Large{\texttt{3}}};
\node at (4,35) {\Large{\texttt{4}}};
\node at (5,35) {\Large{\texttt{5}}};
\node at (6,35) {\Large{\texttt{6}}};
\node at (7,35) {\Large{\texttt{7}}};
\node at (-1,19) {\Large{\texttt{0}}};
\node at (-1,20) {\Large{\texttt{1}}};
\node at (-1,21) {\Large{\texttt{2}}};
\node at (-1,22) {\Large{\texttt{3}}};
\node at (-1,23) {\Large{\texttt{4}}};
\node at (-1,24) {\Large{\texttt{5}}};
\node at (-1,25) {\Large{\texttt{6}}};
\node at (-1,26) {\Large{\texttt{7}}};
\node at (-1,27) {\Large{\texttt{8}}};
\node at (-1,28) {\Large{\texttt{9}}};
\node at (-1,29) {\Large{\texttt{10}}};
\node at (-1,30) {\Large{\texttt{11}}};
\node at (-1,31) {\Large{\texttt{12}}};
\node at (-1,32) {\Large{\texttt{13}}};
\node at (-1,33) {\Large{\texttt{14}}};
\node at (-1,34) {\Large{\texttt{15}}};
\end{tikzpicture}
\end{document}
)LATEX";
}  // namespace

// The LaTeX drawings are CuTe's line for line, except the "% Layout..." comment
// lines, where CuTe prints the TV layouts composed with its identity tensors
// (ArithTuple(_0,_0) o ...:(_1@0,...)) and tessel the TV layouts themselves.
TEST(Atoms, PrintLatexAsCuTe) {
  auto const mine = lines_of(captured(print_latex_all));
  auto const cute = lines_of(kCuTeLatex);
  ASSERT_EQ(mine.size(), cute.size());
  int comments = 0;
  for (std::size_t i = 0; i < cute.size(); ++i) {
    if (cute[i].rfind("% Layout", 0) == 0) {
      EXPECT_EQ(mine[i].substr(0, mine[i].find(':')), cute[i].substr(0, cute[i].find(':'))) << "line " << i + 1;
      ++comments;
      continue;
    }
    EXPECT_EQ(mine[i], cute[i]) << "line " << i + 1;
  }
  EXPECT_EQ(comments, 12);
}

// ---- print_svg ------------------------------------------------------------------------------------

namespace {
void print_svg_fma() {
  print_svg(make_tiled_mma(UniversalFMA<float,float,float,float>{}, Layout<Shape<_2,_4,_1>>{}, Tile<_4,_8,_2>{}));
}
void print_svg_atom() { print_svg(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>{}); }
void print_svg_tf32() { print_svg(make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2,_1>>{})); }

// What CuTe 4.7.0 prints (cute/util/print_svg.hpp) for print_svg_fma(), whole.
char const* const kCuTeSvgFma = R"SVG(<!--  Tile: (_4,_8,_2)  -->
<!--     A: ArithTuple(_0,_0) o ((_2,_4),(_1,(_2,_2))):((_1@0,_0),(_0,(_2@0,_1@1)))  -->
<!--     B: ArithTuple(_0,_0) o ((_2,_4),(_1,(_2,_2))):((_0,_1@0),(_0,(_4@0,_1@1)))  -->
<!--     C: ArithTuple(_0,_0) o ((_2,_4),(_1,(_2,_2))):((_1@0,_1@1),(_0,(_2@0,_4@1)))  -->
<svg width="100%" height="100%" viewBox="0 0 240 160" preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">
<rect x="80" y="80" width="20" height="20" fill="rgb(175,175,255)" stroke="black"/>
<text x="90" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="90" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="80" y="120" width="20" height="20" fill="rgb(175,175,255)" stroke="black"/>
<text x="90" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="90" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="160" y="80" width="20" height="20" fill="rgb(175,175,255)" stroke="black"/>
<text x="170" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="170" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="160" y="120" width="20" height="20" fill="rgb(175,175,255)" stroke="black"/>
<text x="170" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="170" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="80" y="100" width="20" height="20" fill="rgb(175,255,175)" stroke="black"/>
<text x="90" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T1</text>
<text x="90" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="80" y="140" width="20" height="20" fill="rgb(175,255,175)" stroke="black"/>
<text x="90" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T1</text>
<text x="90" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="160" y="100" width="20" height="20" fill="rgb(175,255,175)" stroke="black"/>
<text x="170" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T1</text>
<text x="170" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="160" y="140" width="20" height="20" fill="rgb(175,255,175)" stroke="black"/>
<text x="170" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T1</text>
<text x="170" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="100" y="80" width="20" height="20" fill="rgb(255,255,175)" stroke="black"/>
<text x="110" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T2</text>
<text x="110" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="100" y="120" width="20" height="20" fill="rgb(255,255,175)" stroke="black"/>
<text x="110" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T2</text>
<text x="110" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="180" y="80" width="20" height="20" fill="rgb(255,255,175)" stroke="black"/>
<text x="190" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T2</text>
<text x="190" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="180" y="120" width="20" height="20" fill="rgb(255,255,175)" stroke="black"/>
<text x="190" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T2</text>
<text x="190" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="100" y="100" width="20" height="20" fill="rgb(255,175,175)" stroke="black"/>
<text x="110" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T3</text>
<text x="110" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="100" y="140" width="20" height="20" fill="rgb(255,175,175)" stroke="black"/>
<text x="110" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T3</text>
<text x="110" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="180" y="100" width="20" height="20" fill="rgb(255,175,175)" stroke="black"/>
<text x="190" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T3</text>
<text x="190" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="180" y="140" width="20" height="20" fill="rgb(255,175,175)" stroke="black"/>
<text x="190" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T3</text>
<text x="190" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="120" y="80" width="20" height="20" fill="rgb(210,210,255)" stroke="black"/>
<text x="130" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T4</text>
<text x="130" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="120" y="120" width="20" height="20" fill="rgb(210,210,255)" stroke="black"/>
<text x="130" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T4</text>
<text x="130" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="200" y="80" width="20" height="20" fill="rgb(210,210,255)" stroke="black"/>
<text x="210" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T4</text>
<text x="210" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="200" y="120" width="20" height="20" fill="rgb(210,210,255)" stroke="black"/>
<text x="210" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T4</text>
<text x="210" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="120" y="100" width="20" height="20" fill="rgb(210,255,210)" stroke="black"/>
<text x="130" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T5</text>
<text x="130" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="120" y="140" width="20" height="20" fill="rgb(210,255,210)" stroke="black"/>
<text x="130" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T5</text>
<text x="130" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="200" y="100" width="20" height="20" fill="rgb(210,255,210)" stroke="black"/>
<text x="210" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T5</text>
<text x="210" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="200" y="140" width="20" height="20" fill="rgb(210,255,210)" stroke="black"/>
<text x="210" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T5</text>
<text x="210" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="140" y="80" width="20" height="20" fill="rgb(255,255,210)" stroke="black"/>
<text x="150" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T6</text>
<text x="150" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="140" y="120" width="20" height="20" fill="rgb(255,255,210)" stroke="black"/>
<text x="150" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T6</text>
<text x="150" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="220" y="80" width="20" height="20" fill="rgb(255,255,210)" stroke="black"/>
<text x="230" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T6</text>
<text x="230" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="220" y="120" width="20" height="20" fill="rgb(255,255,210)" stroke="black"/>
<text x="230" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T6</text>
<text x="230" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="140" y="100" width="20" height="20" fill="rgb(255,210,210)" stroke="black"/>
<text x="150" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T7</text>
<text x="150" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="140" y="140" width="20" height="20" fill="rgb(255,210,210)" stroke="black"/>
<text x="150" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T7</text>
<text x="150" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="220" y="100" width="20" height="20" fill="rgb(255,210,210)" stroke="black"/>
<text x="230" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T7</text>
<text x="230" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="220" y="140" width="20" height="20" fill="rgb(255,210,210)" stroke="black"/>
<text x="230" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T7</text>
<text x="230" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="20" y="80" width="20" height="20" fill="rgb(175,175,255)" stroke="black" />
<text x="30" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="30" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="20" y="120" width="20" height="20" fill="rgb(175,175,255)" stroke="black" />
<text x="30" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="30" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="40" y="80" width="20" height="20" fill="rgb(175,175,255)" stroke="black" />
<text x="50" y="85" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="50" y="95" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="40" y="120" width="20" height="20" fill="rgb(175,175,255)" stroke="black" />
<text x="50" y="125" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="50" y="135" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="20" y="100" width="20" height="20" fill="rgb(175,255,175)" stroke="black" />
<text x="30" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T1</text>
<text x="30" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="20" y="140" width="20" height="20" fill="rgb(175,255,175)" stroke="black" />
<text x="30" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T1</text>
<text x="30" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="40" y="100" width="20" height="20" fill="rgb(175,255,175)" stroke="black" />
<text x="50" y="105" text-anchor="middle" alignment-baseline="central" font-size="8">T1</text>
<text x="50" y="115" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="40" y="140" width="20" height="20" fill="rgb(175,255,175)" stroke="black" />
<text x="50" y="145" text-anchor="middle" alignment-baseline="central" font-size="8">T1</text>
<text x="50" y="155" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<text x="10" y="90" text-anchor="middle" alignment-baseline="central" font-size="12">0</text>
<text x="10" y="110" text-anchor="middle" alignment-baseline="central" font-size="12">1</text>
<text x="10" y="130" text-anchor="middle" alignment-baseline="central" font-size="12">2</text>
<text x="10" y="150" text-anchor="middle" alignment-baseline="central" font-size="12">3</text>
<text x="30" y="70" text-anchor="middle" alignment-baseline="central" font-size="12">0</text>
<text x="50" y="70" text-anchor="middle" alignment-baseline="central" font-size="12">1</text>
<rect x="80" y="20" width="20" height="20" fill="rgb(175,175,255)" stroke="black" />
<text x="90" y="25" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="90" y="35" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="160" y="20" width="20" height="20" fill="rgb(175,175,255)" stroke="black" />
<text x="170" y="25" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="170" y="35" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="80" y="40" width="20" height="20" fill="rgb(175,175,255)" stroke="black" />
<text x="90" y="45" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="90" y="55" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="160" y="40" width="20" height="20" fill="rgb(175,175,255)" stroke="black" />
<text x="170" y="45" text-anchor="middle" alignment-baseline="central" font-size="8">T0</text>
<text x="170" y="55" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="100" y="20" width="20" height="20" fill="rgb(255,255,175)" stroke="black" />
<text x="110" y="25" text-anchor="middle" alignment-baseline="central" font-size="8">T2</text>
<text x="110" y="35" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="180" y="20" width="20" height="20" fill="rgb(255,255,175)" stroke="black" />
<text x="190" y="25" text-anchor="middle" alignment-baseline="central" font-size="8">T2</text>
<text x="190" y="35" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="100" y="40" width="20" height="20" fill="rgb(255,255,175)" stroke="black" />
<text x="110" y="45" text-anchor="middle" alignment-baseline="central" font-size="8">T2</text>
<text x="110" y="55" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="180" y="40" width="20" height="20" fill="rgb(255,255,175)" stroke="black" />
<text x="190" y="45" text-anchor="middle" alignment-baseline="central" font-size="8">T2</text>
<text x="190" y="55" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="120" y="20" width="20" height="20" fill="rgb(210,210,255)" stroke="black" />
<text x="130" y="25" text-anchor="middle" alignment-baseline="central" font-size="8">T4</text>
<text x="130" y="35" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="200" y="20" width="20" height="20" fill="rgb(210,210,255)" stroke="black" />
<text x="210" y="25" text-anchor="middle" alignment-baseline="central" font-size="8">T4</text>
<text x="210" y="35" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="120" y="40" width="20" height="20" fill="rgb(210,210,255)" stroke="black" />
<text x="130" y="45" text-anchor="middle" alignment-baseline="central" font-size="8">T4</text>
<text x="130" y="55" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="200" y="40" width="20" height="20" fill="rgb(210,210,255)" stroke="black" />
<text x="210" y="45" text-anchor="middle" alignment-baseline="central" font-size="8">T4</text>
<text x="210" y="55" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<rect x="140" y="20" width="20" height="20" fill="rgb(255,255,210)" stroke="black" />
<text x="150" y="25" text-anchor="middle" alignment-baseline="central" font-size="8">T6</text>
<text x="150" y="35" text-anchor="middle" alignment-baseline="central" font-size="8">V0</text>
<rect x="220" y="20" width="20" height="20" fill="rgb(255,255,210)" stroke="black" />
<text x="230" y="25" text-anchor="middle" alignment-baseline="central" font-size="8">T6</text>
<text x="230" y="35" text-anchor="middle" alignment-baseline="central" font-size="8">V1</text>
<rect x="140" y="40" width="20" height="20" fill="rgb(255,255,210)" stroke="black" />
<text x="150" y="45" text-anchor="middle" alignment-baseline="central" font-size="8">T6</text>
<text x="150" y="55" text-anchor="middle" alignment-baseline="central" font-size="8">V2</text>
<rect x="220" y="40" width="20" height="20" fill="rgb(255,255,210)" stroke="black" />
<text x="230" y="45" text-anchor="middle" alignment-baseline="central" font-size="8">T6</text>
<text x="230" y="55" text-anchor="middle" alignment-baseline="central" font-size="8">V3</text>
<text x="90" y="10" text-anchor="middle" alignment-baseline="central" font-size="12">0</text>
<text x="110" y="10" text-anchor="middle" alignment-baseline="central" font-size="12">1</text>
<text x="130" y="10" text-anchor="middle" alignment-baseline="central" font-size="12">2</text>
<text x="150" y="10" text-anchor="middle" alignment-baseline="central" font-size="12">3</text>
<text x="170" y="10" text-anchor="middle" alignment-baseline="central" font-size="12">4</text>
<text x="190" y="10" text-anchor="middle" alignment-baseline="central" font-size="12">5</text>
<text x="210" y="10" text-anchor="middle" alignment-baseline="central" font-size="12">6</text>
<text x="230" y="10" text-anchor="middle" alignment-baseline="central" font-size="12">7</text>
<text x="70" y="30" text-anchor="middle" alignment-baseline="central" font-size="12">0</text>
<text x="70" y="50" text-anchor="middle" alignment-baseline="central" font-size="12">1</text>
</svg>
)SVG";

// The lines of s without the "<!--     X: ... -->" comment lines (CuTe prints
// its identity-tensor compositions there, tessel the TV layouts).
std::string without_layout_comments(std::string const& s) {
  std::string out;
  for (auto const& l : lines_of(s)) {
    if (l.rfind("<!--     ", 0) == 0) continue;
    out += l;
    out += '\n';
  }
  if (!out.empty()) out.pop_back();
  return out;
}
// 64-bit FNV-1a of a text.
std::uint64_t fnv1a(std::string const& s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}
}  // namespace

// print_svg of a TiledMMA is CuTe's line for line except the A/B/C comment lines.
TEST(Atoms, PrintSvgAsCuTe) {
  EXPECT_EQ(without_layout_comments(captured(print_svg_fma)), without_layout_comments(kCuTeSvgFma));
  // The larger drawings, by size and hash of CuTe's text (without the comment
  // lines): the 16x8x8 atom (93060 characters) and a 2x1 tf32 TiledMMA (165956).
  auto const atom = without_layout_comments(captured(print_svg_atom));
  EXPECT_EQ(atom.size(), 93060u);
  EXPECT_EQ(fnv1a(atom), 6472735409107070143ull);
  auto const tf32 = without_layout_comments(captured(print_svg_tf32));
  EXPECT_EQ(tf32.size(), 165956u);
  EXPECT_EQ(fnv1a(tf32), 8918327026768179747ull);
}

namespace {
void print_svg_copy() {
  print_svg(make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{}, Layout<Shape<_4, _8>>{}, Layout<Shape<_2, _1>>{}));
}
}  // namespace

// print_svg of a TiledCopy (tessel's drawing; CuTe 4.7 has none): one cell per
// coordinate of the 8x8 tile on each side, the first cell thread 0 value 0.
TEST(Atoms, PrintSvgOfTiledCopy) {
  auto const svg = captured(print_svg_copy);
  std::size_t rects = 0;
  for (std::size_t p = svg.find("<rect"); p != std::string::npos; p = svg.find("<rect", p + 1)) ++rects;
  EXPECT_EQ(rects, 2u * 8u * 8u);
  EXPECT_NE(svg.find("<rect x=\"20\" y=\"20\" width=\"20\" height=\"20\" fill=\"rgb(175,175,255)\""), std::string::npos);
  EXPECT_EQ(svg.rfind("</svg>\n"), svg.size() - 7);
}
