"""One FP8 GEMM variant of fp8_pair.py, called a few times on one shape (e4m3 TN, per-tensor
scales, bf16 out), for a profiler (issue 27): under Nsight Compute, skip the warm-up calls and
profile the last, e.g.

  ncu -k regex:gemm_kernel --launch-skip 3 --launch-count 1 --section SpeedOfLight \\
      python3 bench/gpu/fp8_profile.py --lib libfp8.so --variant default --shape 8192 8192 8192

Variants and their codes are fp8_pair.py's (variant + 100 * cluster forces clusters)."""
import argparse
import ctypes
import os

import torch

CODES = {"default": 0, "fast": 4, "n128": 6, "h192": 7, "h128": 9, "w192": 10, "x4": 12, "x8": 13, "xh128": 15}  # per-tensor scales only (not the block-scaled 5)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--variant", default="default")
    ap.add_argument("--shape", type=int, nargs=3, default=[8192, 8192, 8192])
    ap.add_argument("--calls", type=int, default=4)
    ap.add_argument("--promote-every", type=int, default=1)
    args = ap.parse_args()
    f = ctypes.CDLL(os.path.abspath(args.lib)).tessel_bench_gemm_fp8
    f.restype = ctypes.c_int
    f.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p,
                  ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
    M, N, K = args.shape
    a = (torch.rand(M, K, device="cuda") * 8 - 4).to(torch.float8_e4m3fn)
    b = (torch.rand(N, K, device="cuda") * 8 - 4).to(torch.float8_e4m3fn)
    sa, sb = torch.tensor([0.37], device="cuda"), torch.tensor([1.9], device="cuda")
    out = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    for _ in range(args.calls):
        code = CODES[args.variant.removesuffix("_o")] + (1000 if args.variant.endswith("_o") else 0)  # _o: GemmScales::offset
        rc = f(code, a.data_ptr(), b.data_ptr(), out.data_ptr(), M, N, K, sa.data_ptr(), sb.data_ptr(), 0, args.promote_every, stream)
        if rc != 0:
            raise SystemExit(f"tessel_bench_gemm_fp8 returned {rc}")
    torch.cuda.synchronize()
    print(f"{args.variant} {M}x{N}x{K}: {args.calls} calls done")


if __name__ == "__main__":
    main()
