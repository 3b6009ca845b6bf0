import sys, re
src = open("nt.cu").read()
start = src.index("  CUTE_STATIC_ASSERT_V(rank(shape_MNK) == Int<3>{});")
end = src.index("  axpby(alpha, tCrC, beta, tCgC);\n}") + len("  axpby(alpha, tCrC, beta, tCgC);\n")
marks = ["  ThrCopy thr_copy_a", "  ThrCopy thr_copy_b", "  CUTE_STATIC_ASSERT_V(size<1>(tAgA)", "  auto K_PIPE_MAX", "  CUTE_UNROLL\n  for (int k_pipe",
         "  ThrMMA thr_mma", "  Tensor tCrA = thr_mma", "  Tensor tCrC", "  clear(tCrC)",
         "  TiledCopy s2r_copy_a", "  ThrCopy   s2r_thr_copy_a", "  Tensor tXsA = ", "  Tensor tXrA", "  TiledCopy s2r_copy_b",
         "#if 1\n\n  // Current pipe", "  CUTE_NO_UNROLL", "  axpby(alpha"]
for n, m in enumerate(marks):
    i = src.index(m, start)
    open(f"P{n:02d}.cu", "w").write(src[:i] + src[end:])
