"""tessel.cuda.grouped_gemm (the PyTorch entry point) against PyTorch in one process, on the
same tensors: a loop of torch.matmul calls (one cuBLAS GEMM per non-empty group),
torch._grouped_mm where this PyTorch has it, and the dense torch.matmul of the same FLOPs
(all tokens against one expert's weights); then FP8 (e4m3, per-tensor scales) against a loop of
torch._scaled_mm calls and the dense torch._scaled_mm (fp8_cases).

    python3 grouped_torch.py [--rounds 5] [--reps 30] [--only bf16|fp8]

First, per case, tessel's output against the loop's on small-integer inputs (bit for bit) and
against torch._grouped_mm on them. Then rounds: per round every variant timed as `reps`
back-to-back calls between two CUDA events (after 3 warm-up calls), the variants' order
rotated from round to round; the ratios are per round, the summary line gives their medians.
Exit 1 if a check failed."""
import argparse
import random
import statistics
import sys

import torch

from tessel_cuda_module import tcuda  # beside this file
from torch_timing import queued_ms  # beside this file

CASES = [("8 experts", 8, 4096, 7168, 16384, 0), ("64 experts", 64, 4096, 7168, 32768, 16), ("256 experts", 256, 4096, 7168, 32768, 8),
         ("256 experts, N=K=2048", 256, 2048, 2048, 32768, 8)]


def split(E, tokens, zeros, rng):
    """Uneven: weights 1 + r^2 (r in 0..7), every zeros-th group empty, the remainder to group 0."""
    w = [0 if zeros and g % zeros == zeros - 1 else 1 + rng.randrange(8) ** 2 for g in range(E)]
    s = [int(tokens * x / sum(w)) for x in w]
    s[0] += tokens - sum(s)
    return s


def time_rounds(variants, args, flop):
    """args.rounds rounds, each timing every variant (args.reps calls), the order rotated per round; prints and returns the times."""
    ms = {v: [] for v in variants}
    names = list(variants)
    for r in range(args.rounds):
        for j in range(len(names)):
            v = names[(j + r) % len(names)]
            ms[v].append(queued_ms(variants[v], calls=args.reps, rounds=1))
    for v in names:
        med = statistics.median(ms[v])
        print(f"time {v:22s} " + " ".join(f"{t:8.4f}" for t in ms[v]) + f"  ms per call; median {med:.4f} ms, {flop / med * 1e-9:.0f} TFLOP/s")
    return ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--only", choices=["bf16", "fp8"], default=None, help="only the 16-bit or only the FP8 cases")
    args = ap.parse_args()
    has_gmm = hasattr(torch, "_grouped_mm")
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}, torch._grouped_mm: {'yes' if has_gmm else 'no'}", flush=True)
    rng = random.Random(1234)
    failed = 0
    dt = torch.bfloat16
    for name, E, N, K, M, zeros in (CASES if args.only != "fp8" else []):
        sizes = split(E, M, zeros, rng)
        ends = torch.tensor(sizes, dtype=torch.int64).cumsum(0).to(torch.int32).cuda()
        starts = [sum(sizes[:g]) for g in range(E)]
        print(f"== {name}: E={E} N={N} K={K} tokens={M} (group rows {min(sizes)}..{max(sizes)}, {sizes.count(0)} empty)", flush=True)
        a = torch.empty((M, K), dtype=dt, device="cuda")
        b = torch.empty((E, N, K), dtype=dt, device="cuda")
        out = torch.empty((M, N), dtype=dt, device="cuda")
        out2 = torch.empty((M, N), dtype=dt, device="cuda")
        bt = b.transpose(-2, -1)
        views = [(a[s:s + r], bt[g], out2[s:s + r]) for g, (s, r) in enumerate(zip(starts, sizes)) if r]

        def loop():
            for x, w, o in views:
                torch.matmul(x, w, out=o)

        variants = {"tessel grouped": lambda: tcuda.grouped_gemm(a, b, group_offsets=ends, out=out), "torch loop": loop,
                    "torch dense": lambda: torch.matmul(a, bt[0], out=out2)}
        if has_gmm:
            variants["torch._grouped_mm"] = lambda: torch._grouped_mm(a, bt, offs=ends)
        # checks on small integers
        for t in (a, b):  # in slices (an int64 draw of b at 256 experts would take 56 GiB)
            for part in t.view(-1).split(1 << 26):
                v = torch.randint(0, 4, part.shape, device="cuda", dtype=torch.int8)
                part.copy_(torch.where(v < 2, v - 2, v - 1))
        out.fill_(float("nan")), out2.fill_(0)
        variants["tessel grouped"](), loop()
        torch.cuda.synchronize()
        ok = torch.equal(out, out2)
        failed += not ok
        print(f"{'ok' if ok else 'FAIL'}   {name}: tessel.cuda.grouped_gemm == torch.matmul loop, bit for bit (integers)", flush=True)
        if has_gmm:
            ok = torch.equal(out, torch._grouped_mm(a, bt, offs=ends))
            failed += not ok
            print(f"{'ok' if ok else 'FAIL'}   {name}: tessel.cuda.grouped_gemm == torch._grouped_mm, bit for bit (integers)", flush=True)
        a.uniform_(-1, 1), b.uniform_(-1, 1)
        ms = time_rounds(variants, args, 2.0 * M * N * K)
        names = list(variants)
        ratio = {v: statistics.median([ms[v][r] / ms["tessel grouped"][r] for r in range(args.rounds)]) for v in names if v != "tessel grouped"}
        print(f"ratio {name}: tessel.cuda.grouped_gemm speed / " + ", / ".join(f"{v} {x:.3f}" for v, x in ratio.items()) +
              f" (medians of {args.rounds} per-round ratios)", flush=True)
        del a, b, out, out2, bt, views
        torch.cuda.empty_cache()
    if args.only != "bf16":
        failed += fp8_cases(args, rng)
    print(f"checks: {failed} failed")
    return 1 if failed else 0


def fp8_cases(args, rng):
    """FP8 e4m3 x e4m3 -> bf16, per-tensor scales: tessel.cuda.grouped_gemm (promoted every k-tile, and
    use_fast_accum) against a loop of torch._scaled_mm calls (one per non-empty group, the same flag)
    and the dense torch._scaled_mm of the same FLOPs; first bit for bit on small integers with scales
    of powers of two, and the relative error of both against the fp32 product of the dequantized
    inputs (the first 8 non-empty groups) on random data."""
    failed = 0
    E4 = torch.float8_e4m3fn
    one = torch.tensor([1.0], device="cuda")
    try:  # does _scaled_mm take rows that are not a multiple of 16?
        torch._scaled_mm(torch.zeros((17, 32), device="cuda").to(E4), torch.zeros((16, 32), device="cuda").to(E4).t(), scale_a=one,
                         scale_b=one, out_dtype=torch.bfloat16)
        mult = 1
    except RuntimeError as e:
        mult = 16
        print(f"torch._scaled_mm refuses 17 rows ({str(e).splitlines()[0][:120]}): FP8 group sizes rounded to multiples of 16")
    for name, E, N, K, M, zeros in CASES[:3]:
        sizes = split(E, M // mult, zeros, rng)
        sizes = [x * mult for x in sizes]
        ends = torch.tensor(sizes, dtype=torch.int64).cumsum(0).to(torch.int32).cuda()
        starts = [sum(sizes[:g]) for g in range(E)]
        print(f"== FP8 {name}: E={E} N={N} K={K} tokens={M} (group rows {min(sizes)}..{max(sizes)}, {sizes.count(0)} empty)", flush=True)
        a = torch.empty((M, K), dtype=E4, device="cuda")
        b = torch.empty((E, N, K), dtype=E4, device="cuda")
        out = torch.empty((M, N), dtype=torch.bfloat16, device="cuda")
        out2 = torch.empty((M, N), dtype=torch.bfloat16, device="cuda")
        sa, sb = torch.tensor([0.5], device="cuda"), torch.tensor([2.0], device="cuda")
        views = [(a[s:s + r], b[g].t(), out2[s:s + r]) for g, (s, r) in enumerate(zip(starts, sizes)) if r]

        def loop(fast):
            for x, w, o in views:
                o.copy_(torch._scaled_mm(x, w, scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast))

        def loop_out(fast):  # the loop's results, without the copies (timed)
            for x, w, _ in views:
                torch._scaled_mm(x, w, scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast)

        for t in (a, b):
            for part in t.view(-1).split(1 << 26):
                v = torch.randint(0, 4, part.shape, device="cuda", dtype=torch.int8)
                part.copy_(torch.where(v < 2, v - 2, v - 1).float())
        for fast in (False, True):
            out.fill_(float("nan")), out2.fill_(0)
            tcuda.grouped_gemm(a, b, group_offsets=ends, out=out, scale_a=sa, scale_b=sb, use_fast_accum=fast)
            loop(fast)
            torch.cuda.synchronize()
            ok = torch.equal(out, out2)
            failed += not ok
            print(f"{'ok' if ok else 'FAIL'}   FP8 {name}: tessel.cuda.grouped_gemm{' fast' if fast else ''} == torch._scaled_mm loop, "
                  "bit for bit (integers, scales 0.5 x 2)", flush=True)
        for t in (a, b):
            for part in t.view(-1).split(1 << 26):
                part.copy_(torch.rand(part.shape, device="cuda") * 2 - 1)
        sa.fill_(0.37), sb.fill_(1.9)
        for fast in (False, True):
            tcuda.grouped_gemm(a, b, group_offsets=ends, out=out, scale_a=sa, scale_b=sb, use_fast_accum=fast)
            loop(fast)
            errs, errs_c = [], []
            for g in [g for g in range(E) if sizes[g]][:8]:
                s, r = starts[g], sizes[g]
                ref = (a[s:s + r].float() * sa) @ (b[g].float() * sb).T
                errs.append(float((out[s:s + r].float() - ref).norm() / ref.norm()))
                errs_c.append(float((out2[s:s + r].float() - ref).norm() / ref.norm()))
            ok = max(errs) <= max(errs_c) * 1.05 + 1e-5
            failed += not ok
            print(f"{'ok' if ok else 'FAIL'}   FP8 {name}{' fast' if fast else ''}: random data, relative error against fp32 of the dequantized "
                  f"inputs (8 groups): tessel worst {max(errs):.3e} (mean {statistics.mean(errs):.3e}), torch._scaled_mm loop worst "
                  f"{max(errs_c):.3e} (mean {statistics.mean(errs_c):.3e})", flush=True)
        variants = {"tessel grouped": lambda: tcuda.grouped_gemm(a, b, group_offsets=ends, out=out, scale_a=sa, scale_b=sb),
                    "tessel grouped fast": lambda: tcuda.grouped_gemm(a, b, group_offsets=ends, out=out, scale_a=sa, scale_b=sb, use_fast_accum=True),
                    "_scaled_mm loop": lambda: loop_out(False), "_scaled_mm loop fast": lambda: loop_out(True),
                    "_scaled_mm dense": lambda: torch._scaled_mm(a, b[0].t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16),
                    "_scaled_mm dense fast": lambda: torch._scaled_mm(a, b[0].t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16,
                                                                      use_fast_accum=True)}
        ms = time_rounds(variants, args, 2.0 * M * N * K)

        def ratio(v, ref):
            return statistics.median([ms[ref][r] / ms[v][r] for r in range(args.rounds)])

        print(f"ratio FP8 {name}: tessel grouped speed / _scaled_mm loop {ratio('tessel grouped', '_scaled_mm loop'):.3f}, / _scaled_mm dense "
              f"{ratio('tessel grouped', '_scaled_mm dense'):.3f}; fast / _scaled_mm loop fast "
              f"{ratio('tessel grouped fast', '_scaled_mm loop fast'):.3f}, / _scaled_mm dense fast "
              f"{ratio('tessel grouped fast', '_scaled_mm dense fast'):.3f} (medians of {args.rounds} per-round ratios)", flush=True)
        del a, b, out, out2, views
        torch.cuda.empty_cache()
    return failed


if __name__ == "__main__":
    sys.exit(main())
