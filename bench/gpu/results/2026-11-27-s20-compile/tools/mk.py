import sys
src = open("/work/cutlass/examples/cute/tutorial/sgemm_sm80.cu").read()
start = src.index("  CUTE_STATIC_ASSERT_V(rank(shape_MNK) == Int<3>{});")
end = src.index("  axpby(alpha, tCrC, beta, tCgC);\n}") + len("  axpby(alpha, tCrC, beta, tCgC);\n")
marks = {"K0": "  CUTE_STATIC_ASSERT_V(rank(shape_MNK)", "K1": "  Tensor mA = make_tensor", "K2": "  ThrCopy thr_copy_a",
         "K3": "  ThrMMA thr_mma", "K4": "  TiledCopy s2r_copy_a", "K5": "#if 1\n\n  // Current pipe", "K6": "  axpby(alpha"}
for k, m in marks.items():
    i = src.index(m, start)
    open(f"{k}.cu", "w").write(src[:i] + src[end:])
# H0: no kernel launches at all (host layouts only)
s = src
import re
s = s.replace("  kernel_fptr<<<dimGrid", "  if(0) (void)0; else if (0) kernel_fptr<<<dimGrid")
open("H0.cu", "w").write(s[:start] + s[end:])
