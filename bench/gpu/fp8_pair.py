"""tessel's FP8 GEMM (kernels::sm90::gemm_fp8) and cuBLAS FP8 (torch._scaled_mm) in one
Python process, on the same tensors, timed by the same code (torch_timing.median_ms:
CUDA events around each call, median of `reps` after 5 warm-up calls), alternated per
case over rounds (issue 27). tessel is gemm_bench.cu built as a shared library:

  nvcc -ccbin g++ -std=c++20 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude -shared -Xcompiler -fPIC \\
       -DTESSEL_GEMM_BENCH_LIB -DTESSEL_GEMM_BENCH_FP8_ONLY bench/gpu/gemm_bench.cu -o libfp8.so -lcuda
  python3 fp8_pair.py --lib libfp8.so [--rounds 3] [--reps 30] [--variants default,fast] [--interleave CYCLES]

--interleave CYCLES: per round and case, CYCLES cycles of one call of cuBLAS and of each variant (each call between
two CUDA events), the ratio per cycle, per round the median of the cycles' ratios (as gemm_pair.py's --interleave):
the card's clock drifts fall on all alike (the blocks of --reps runs read identical kernels up to 10% apart on the
H200). Note: the variant timed right after cuBLAS in a cycle reads low: in session 20's H100 call, 4096^3's default
(after cuBLAS) read 0.681 where the same kernel later in the cycle read 0.746 (not diagnosed; perhaps cuBLAS's output,
a buffer of its own, written back from L2 during the next call, where the variants share one output buffer). Compare
variants that do not follow cuBLAS, or one variant alone against cuBLAS (both then pay alike).

Cases: e4m3 TN (A (M, K) row-major, B (N, K) row-major: _scaled_mm's b = B.t(), column-major),
per-tensor scales, bf16 out. Variants (tessel): default (128 x 192 tiles, the accumulator
promoted every k-tile, in two column halves since session 13, in flight across chunks of 4 k-tiles since
session 14: x4, each tile's epilogue under the next tile's first k-tile since session 21), fast (128 x 256, no promotion), e5m2 (B e4m3 x e5m2, with the
promotion; its cuBLAS reference is _scaled_mm on the same e4m3 x e5m2 operands), blocks
(DeepSeek-V3's block scaling: A's scales per row and 128 elements of K, B's per 128 x 128
block, applied at every promotion; ratio also to tessel's per-tensor default), p2 / p4 /
never (the default kernel with the promotion every 2, 4 k-tiles or never: what the
promotion's waits cost on the same tiles); n128 (a library built with
-DTESSEL_FP8_EXPERIMENTS: the promoted kernel on 128 x 128 tiles, 6 stages, the default before
session 12); h192, h128, hblocks (the same library: the halves, GemmConfig's Halves_, each k-tile's
wgmmas in two groups over the tile's column halves, one half promoted while the other's run, on
128 x 192, 128 x 128 and block-scaled 128 x 128 tiles; h192 is the default since session 13), w192 (the
same library: the whole-tile promoted kernel on 128 x 192, the default of session 12); x2, x4, x8 (the same
library: the halves on 128 x 192 with their groups in flight across chunks of 2, 4, 8 k-tiles, GemmConfig's
Cross_), xblocks (block-scaled 128 x 128 halves, chunks of 4), xh128 (128 x 128 halves, chunks of 4, 6 stages),
s5e1 / s4e1 (the default, x4, with one epilogue
slot per consumer warpgroup, 5 / 4 stages); r1 / r2 / rblocks (the default / the default / block-scaled, A read
from registers, GemmConfig's RegA_: RS wgmmas, A loaded once per k-tile by ldmatrix, one / two / one register
buffers); wblocks (block-scaled on the default's 128 x 192 tiles, two
column blocks of B per tile); prev (the default of sessions 14-20, each tile's epilogue between tiles: Fp8GroupedConfig; the
default runs it under the next tile's first k-tile since session 21, GemmConfig's EpiUnder_); n208 (Fp8WideConfig: the
default on 128 x 208 tiles); chosen (the promoted path as gemm_fp8 and tessel.cuda.gemm run it since session 22,
launch_fp8_promoted: n208 where choose_fp8_wide, else default);
main.<variant> (with --lib2: that variant of a second build, another tree's, timed in the same cycles; --ref names the
variant whose per-cycle time the others' are also divided by); a suffix _c1 / _c2 forces clusters of 1 / 2 CTAs (else chosen: 2 where K >= 9216), a suffix _o (after
it) the consumer warpgroups' phase offset (GemmScales::offset), a suffix _s<L> (after those) the raster's swizzle 2^L, a
suffix _r0 / _r1 (after those) the raster's last partial group of columns padded / a group of its own (GemmOptions::raster_rest;
else chosen; a --lib2 build older than session 23 does not take it).
cublas: torch._scaled_mm(a, b, scale_a, scale_b, out_dtype=bf16) (use_fast_accum False;
cublas_fast: True).

Accuracy (before the timings): on the same random inputs (uniform in [-1, 1) scaled by 4,
rounded to e4m3/e5m2, scales 0.37 and 1.9), the relative Frobenius error of each
variant's output and of _scaled_mm's against the fp32 product of the dequantized inputs
(a.float() * sa) @ (b.float() * sb); and tessel against _scaled_mm; for blocks, against the
fp32 product of the block-dequantized inputs, beside that product rounded to bf16."""
import argparse
import ctypes
import os
import statistics
import sys

import torch

from torch_timing import interleaved_ms, median_ms  # beside this file

CASES = [(4096, 4096, 4096), (8192, 8192, 8192), (16384, 4096, 4096), (16384, 11008, 4096), (16384, 4096, 11008)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--variants", default="default,fast")
    ap.add_argument("--interleave", type=int, default=0)  # cycles per round and case, one call of each variant per cycle
    ap.add_argument("--lib2", default="")  # a second build (another tree's): its variants named "main.<variant>"
    ap.add_argument("--ref", default="")  # --interleave: also each variant's per-cycle ratio to these variants' times (comma list; medians)
    args = ap.parse_args()

    def entry(path):
        f = ctypes.CDLL(os.path.abspath(path)).tessel_bench_gemm_fp8
        f.restype = ctypes.c_int
        f.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p,
                      ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
        return f
    f = entry(args.lib)
    f2 = entry(args.lib2) if args.lib2 else None
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}", flush=True)
    gen = torch.Generator(device="cuda")
    gen.manual_seed(4321)
    variants = [v for v in args.variants.split(",") if v]
    code = {"default": 0, "e5m2": 1, "fast": 4, "blocks": 5, "n128": 6, "h192": 7, "hblocks": 8, "h128": 9, "w192": 10, "x2": 11, "x4": 12, "x8": 13, "xblocks": 14, "xh128": 15, "s5e1": 18, "s4e1": 19, "wblocks": 20, "r1": 21, "r2": 22, "rblocks": 23, "ppfast": 24, "pp": 25,
            "prev": 26, "n208": 27, "chosen": 30}
    for v in list(code):
        for c in (1, 2):
            code[f"{v}_c{c}"] = code[v] + 100 * c
    for v in list(code):  # _o: the consumer warpgroups' phase offset (GemmScales::offset)
        code[f"{v}_o"] = code[v] + 1000
    for v in list(code):  # _s<L>: the raster's swizzle 2^L (GemmOptions::log_swizzle; else chosen)
        for L in range(5):
            code[f"{v}_s{L}"] = code[v] + 10000 * (L + 1)
    for v in list(code):  # _r<R>: the raster's last partial group padded (0) or a group of its own (1) (GemmOptions::raster_rest)
        for R in range(2):
            code[f"{v}_r{R}"] = code[v] + 100000 * (R + 1)
    for v in list(code):  # main.<variant>: --lib2's
        code["main." + v] = code[v]
    promoted = [v for v in variants if v in code and code[v] % 100 in (0, 6, 7, 9, 10, 11, 12, 13, 15, 18, 19, 21, 22, 25, 26, 27, 30) and v != "default"
                or v.startswith("default_")]  # bit-identical to _scaled_mm expected
    blockv = [v for v in variants if v in code and code[v] % 100 in (5, 8, 14, 20, 23)]
    fastv = [v for v in variants if v in code and code[v] % 100 == 24]  # without promotion, like fast (checked, not expected identical)

    def make(M, N, K, b_dtype=torch.float8_e4m3fn):
        a = ((torch.rand(M, K, device="cuda", generator=gen) * 2 - 1) * 4).to(torch.float8_e4m3fn)
        b_store = ((torch.rand(N, K, device="cuda", generator=gen) * 2 - 1) * 4).to(b_dtype)
        sa = torch.tensor([0.37], device="cuda")
        sb = torch.tensor([1.9], device="cuda")
        return a, b_store, sa, sb

    def block_scales(M, N, K):
        kb, nb = (K + 127) // 128, (N + 127) // 128
        sa = torch.rand(M, kb, device="cuda", generator=gen) * 1.5 + 0.25  # (M, K/128) row-major
        sb = torch.rand(nb, kb, device="cuda", generator=gen) * 1.5 + 0.25  # (N/128, K/128) row-major
        return sa, sb

    def dequant_blocks(x, s, rows_per_block):
        """x (R, K) fp8 times its block scales s (ceil(R / rows_per_block), ceil(K / 128)), in fp32."""
        R, K = x.shape
        full = s.repeat_interleave(rows_per_block, 0)[:R].repeat_interleave(128, 1)[:, :K]
        return x.float() * full

    def tessel_fn(v, a, b_store, sa, sb, out, promote_every=1):
        M, K = a.shape
        N = b_store.shape[0]
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        vv = code[v]
        fv = f2 if v.startswith("main.") else f

        def call():
            rc = fv(vv, a.data_ptr(), b_store.data_ptr(), out.data_ptr(), M, N, K, sa.data_ptr(), sb.data_ptr(), 0, promote_every, stream)
            if rc != 0:
                raise RuntimeError(f"tessel_bench_gemm_fp8 returned {rc} ({v} {M}x{N}x{K})")
        return call

    def cublas_fn(a, b_store, sa, sb, out, fast=False, check=False):
        b = b_store.t()
        return lambda: out.copy_(torch._scaled_mm(a, b, scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast)) if check \
            else torch._scaled_mm(a, b, scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast)

    blocks_of = {}

    def fn_of(v, t):
        a, b_store, sa, sb, out = t
        if v in ("p2", "p4", "never"):
            return tessel_fn("default", a, b_store, sa, sb, out, promote_every={"p2": 2, "p4": 4, "never": 0}[v])
        if v in blockv:
            key = (a.shape[0], b_store.shape[0], a.shape[1])
            if key not in blocks_of:
                blocks_of[key] = block_scales(*key)
            return tessel_fn(v, a, b_store, *blocks_of[key], out)
        if v == "cublas":
            return cublas_fn(a, b_store, sa, sb, out)
        if v == "cublas_fast":
            return cublas_fn(a, b_store, sa, sb, out, True)
        return tessel_fn(v, a, b_store, sa, sb, out)

    # ---- accuracy on the same inputs ----
    failed = 0
    for M, N, K in CASES:
        for bdt in (torch.float8_e4m3fn, torch.float8_e5m2):
            a, b_store, sa, sb = make(M, N, K, bdt)
            ref = (a.float() * sa) @ (b_store.float() * sb).t()  # fp32 (no TF32: torch's default)
            rn = ref.norm()
            outs = {}
            names = (["default", "fast", "default/never"] + promoted + fastv if bdt == torch.float8_e4m3fn else ["e5m2", "e5m2/never"]) + ["cublas", "cublas_fast"]
            for v in names:
                out = torch.full((M, N), float("nan"), device="cuda", dtype=torch.bfloat16)
                if v.startswith("cublas"):
                    try:
                        cublas_fn(a, b_store, sa, sb, out, v == "cublas_fast", check=True)()
                    except RuntimeError as e:  # cuBLAS may not take e4m3 x e5m2
                        print(f"     {M}x{N}x{K} B {str(bdt)[6:]:14s} {v:14s} not run: {str(e).splitlines()[0]}")
                        continue
                elif v.endswith("/never"):
                    tessel_fn(v.split("/")[0], a, b_store, sa, sb, out, promote_every=0)()
                else:
                    tessel_fn(v, a, b_store, sa, sb, out)()
                torch.cuda.synchronize()
                outs[v] = out
            cb = outs.get("cublas")
            for v, out in outs.items():
                finite = bool(torch.isfinite(out).all())
                rel = float((out.float() - ref).norm() / rn) if finite else float("inf")
                vs = f", vs _scaled_mm {float((out.float() - cb.float()).norm() / cb.float().norm()):.3e}" if cb is not None and v != "cublas" else ""
                ok = finite and rel < 1e-2
                failed += not ok
                print(f"{'ok' if ok else 'FAIL':4s} {M}x{N}x{K} B {str(bdt)[6:]:14s} {v:14s} rel.err vs fp32 {rel:.3e}{vs}", flush=True)
            del a, b_store, ref, outs
            torch.cuda.empty_cache()
    if blockv:
        for M, N, K in CASES:
            a, b_store, _, _ = make(M, N, K)
            sa, sb = block_scales(M, N, K)
            ref = dequant_blocks(a, sa, 1) @ dequant_blocks(b_store, sb, 128).t()
            rel_torch = float((ref.to(torch.bfloat16).float() - ref).norm() / ref.norm())
            first = None
            for v in dict.fromkeys(blockv):
                out = torch.full((M, N), float("nan"), device="cuda", dtype=torch.bfloat16)
                tessel_fn(v, a, b_store, sa, sb, out)()
                torch.cuda.synchronize()
                finite = bool(torch.isfinite(out).all())
                rel = float((out.float() - ref).norm() / ref.norm()) if finite else float("inf")
                same = "" if first is None else f", vs {first[0]} {float((out.float() - first[1].float()).norm() / first[1].float().norm()):.3e}"
                first = first or (v, out)
                ok = finite and rel < 1e-2
                failed += not ok
                print(f"{'ok' if ok else 'FAIL':4s} {M}x{N}x{K} {v} (1x128 A, 128x128 B) rel.err vs fp32 {rel:.3e} "
                      f"(the fp32 PyTorch reference rounded to bf16: {rel_torch:.3e}){same}", flush=True)
            del a, b_store, ref, out, first
    print(f"accuracy: {failed} failed", flush=True)

    # ---- rounds ----
    data = {}
    tensors = []
    for M, N, K in CASES:
        a, b_store, sa, sb = make(M, N, K)
        tensors.append(((M, N, K), (a, b_store, sa, sb, torch.empty(M, N, device="cuda", dtype=torch.bfloat16))))
    allv = ["cublas"] + variants
    if args.interleave > 0:
        return interleaved(args, tensors, allv, fn_of, failed)
    for r in range(args.rounds):
        order = allv[r % len(allv):] + allv[:r % len(allv)]
        for (M, N, K), t in tensors:
            for v in order:
                ms = median_ms(fn_of(v, t), args.reps)
                data.setdefault(((M, N, K), v), []).append(2 * M * N * K / ms / 1e9)
        print(f"round {r + 1} done", flush=True)
    print(f"\n{args.rounds} rounds of {args.reps} runs; FP8 e4m3 TN, per-tensor scales, bf16 out; ratio per round to the same round's "
          f"cuBLAS (torch._scaled_mm); medians")
    print(f"{'case':22s} {'variant':10s} {'TFLOP/s':>8s}  {'/ cuBLAS per round':24s} {'median':>7s}  {'/ default':>9s}")
    for (M, N, K), _ in tensors:
        cb = data[((M, N, K), "cublas")]
        df = data.get(((M, N, K), "default"))
        for v in allv:
            t = data[((M, N, K), v)]
            rc = [x / y for x, y in zip(t, cb)]
            rd = statistics.median([x / y for x, y in zip(t, df)]) if df else float("nan")
            print(f"{f'{M}x{N}x{K}':22s} {v:10s} {statistics.median(t):8.1f}  {' '.join(f'{x:.3f}' for x in rc):24s} {statistics.median(rc):7.3f}"
                  f"  {rd:9.3f}")
    return 1 if failed else 0


def interleaved(args, tensors, allv, fn_of, failed):
    """--interleave N: per round and case, N cycles of one call of each variant (cuBLAS first, the variant that opens
    a cycle rotating with the round), each call between two CUDA events; per round the median over the cycles of
    (cuBLAS time / variant time), so that the card's clock drifts (FP8 runs at the power limit) fall on both alike."""
    ratios, tflops, to_ref = {}, {}, {}
    refs = [x for x in args.ref.split(",") if x]
    for r in range(args.rounds):
        for (M, N, K), t in tensors:
            vs = allv[r % len(allv):] + allv[:r % len(allv)]
            per = dict(zip(vs, interleaved_ms([fn_of(v, t) for v in vs], args.interleave)))
            for v in vs:
                ratios.setdefault(((M, N, K), v), []).append(statistics.median(cb / x for x, cb in zip(per[v], per["cublas"])))
                for rv in refs:
                    if rv in per:
                        to_ref.setdefault(((M, N, K), v, rv), []).append(statistics.median(rf / x for x, rf in zip(per[v], per[rv])))
                tflops.setdefault(((M, N, K), v), []).append(2 * M * N * K / statistics.median(per[v]) / 1e9)
        print(f"round {r + 1} done", flush=True)
    print(f"\n{args.rounds} rounds of {args.interleave} interleaved cycles (cuBLAS and every variant, one call each per cycle); FP8 e4m3 TN, "
          f"per-tensor scales, bf16 out; per round the median over the cycles of (cuBLAS time / variant time); medians")
    head = "".join(f"  {f'/ {rv} per round':30s} {'median':>7s}" for rv in refs if any(k[2] == rv for k in to_ref))
    print(f"{'case':22s} {'variant':14s} {'TFLOP/s':>8s}  {'/ cuBLAS per round':30s} {'median':>7s}{head}")
    for (M, N, K), _ in tensors:
        for v in allv:
            rr = ratios[((M, N, K), v)]
            rs = ""
            for rv in refs:
                tr = to_ref.get(((M, N, K), v, rv), [])
                rs += f"  {' '.join(f'{x:.3f}' for x in tr):30s} {statistics.median(tr):7.3f}" if tr else ""
            print(f"{f'{M}x{N}x{K}':22s} {v:14s} {statistics.median(tflops[((M, N, K), v)]):8.1f}  {' '.join(f'{x:.3f}' for x in rr):30s} "
                  f"{statistics.median(rr):7.3f}{rs}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
