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
// One difference is known and tested separately (KnownDifference below): for a
// dynamic (run-time) 64x32 A, CuTe prints the thread's M mode as (_4,2):(_8,_32)
// and tessel as 8:_8 with a dynamic 8 (and (4,8) for (_4,8)): the same
// function; tessel's run-time algebra coalesces modes that CuTe's keeps apart
// and does not keep a static 4 static when a dynamic integer meets it.
#include <gtest/gtest.h>

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

// CuTe's line and tessel's where they differ (see the header).
struct Known {
  char const* cute;
  char const* tessel;
};
constexpr Known kKnown[] = {
    {"(_1,(_4,2),(_4,8)):(_0,(_8,_32),(64,256))", "(_1,8,(4,8)):(_0,_8,(64,256))"},
};

}  // namespace

TEST(Atoms, PrintsAsCuTe) {
  auto const mine = lines_of(captured(print_all));
  auto const cute = lines_of(kCuTe);
  ASSERT_EQ(mine.size(), cute.size());
  int known = 0;
  for (std::size_t i = 0; i < cute.size(); ++i) {
    if (mine[i] == cute[i]) continue;
    bool listed = false;
    for (auto const& k : kKnown) listed = listed || (cute[i] == k.cute && mine[i] == k.tessel);
    EXPECT_TRUE(listed) << "line " << i + 1 << ": CuTe prints\n  " << cute[i] << "\ntessel prints\n  " << mine[i];
    known += listed;
  }
  EXPECT_EQ(known, 3);  // the three threads of the dynamic case
}

// The known difference is one of representation: both layouts are the same function.
TEST(Atoms, KnownDifferenceIsTheSameFunction) {
  auto mma = make_tiled_mma(UniversalFMA<float, float, float, float>{}, Layout<Shape<_8, _16, _1>, Stride<_16, _1, _0>>{},
                            Tile<_32, _32, _4>{});
  auto A = make_tensor(fbuf, make_layout(make_shape(64, 32)));
  auto mine = mma.get_slice(37).partition_A(A).layout();
  auto cute = make_layout(make_shape(_1{}, make_shape(_4{}, 2), make_shape(_4{}, 8)),
                          make_stride(_0{}, make_stride(_8{}, _32{}), make_stride(64, 256)));
  ASSERT_EQ(int(size(mine)), int(size(cute)));
  for (int i = 0; i < int(size(cute)); ++i) EXPECT_EQ(int(mine(i)), int(cute(i))) << i;
}
