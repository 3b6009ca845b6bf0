"""cuBLAS reference for bench/gpu/gemm_bench (issue 14): torch.matmul on the
same shapes and layouts, bf16/fp16 in and out, median of 30 timed runs after 5
warm-up runs (CUDA events). Layouts as gemm_bench's: D (M x N, row-major) =
op(A) op(B); "TN": A row-major M x K, B stored N x K (K contiguous)."""
import sys, time
import torch

from torch_timing import median_ms  # beside this file

def bench(fn, reps=30):
    return median_ms(fn, reps)

def operands(lay, M, N, K, dt):
    # A: T -> (M,K) contiguous; N -> (K,M) contiguous, transposed view
    a = torch.rand(M, K, device="cuda", dtype=dt) * 2 - 1 if lay[0] == "T" else (torch.rand(K, M, device="cuda", dtype=dt) * 2 - 1).t()
    # B (math K x N): N -> stored (N,K) contiguous, .t(); T -> (K,N) contiguous
    b = (torch.rand(N, K, device="cuda", dtype=dt) * 2 - 1).t() if lay[1] == "N" else torch.rand(K, N, device="cuda", dtype=dt) * 2 - 1
    return a, b

cases = [
    ("TN", 4096, 4096, 4096, torch.bfloat16), ("TN", 4096, 4096, 4096, torch.float16),
    ("TN", 8192, 8192, 8192, torch.bfloat16), ("TN", 8192, 8192, 8192, torch.float16),
    ("NN", 8192, 8192, 8192, torch.bfloat16), ("NT", 8192, 8192, 8192, torch.bfloat16), ("TT", 8192, 8192, 8192, torch.bfloat16),
    ("TN", 16384, 4096, 4096, torch.bfloat16), ("TN", 16384, 11008, 4096, torch.bfloat16), ("TN", 16384, 4096, 11008, torch.bfloat16),
    ("TN", 8191, 4096, 4096, torch.bfloat16), ("TN", 8191, 8192, 8192, torch.bfloat16),
]
print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}")
if "--tn-only" in sys.argv:
    cases = [c for c in cases if c[0] == "TN" and c[1] == c[2] == c[3]]
for lay, M, N, K, dt in ([] if "--soak" in sys.argv else cases):
    a, b = operands(lay, M, N, K, dt)
    out = torch.empty(M, N, device="cuda", dtype=dt)
    t = bench(lambda: torch.matmul(a, b, out=out))
    name = f"{'bf16' if dt == torch.bfloat16 else 'fp16'} {lay} M={M} N={N} K={K}"
    print(f"cublas {name:40s} median {t:8.3f} ms  {2 * M * N * K / t / 1e9:7.1f} TFLOP/s")
    del a, b, out

# --soak MS: the TN 4096^3 / 8192^3 cases back to back for MS ms each, with
# wall-clock windows for bench/gpu/gemm_clocks.py; and the cuBLAS kernel names.
if "--soak" in sys.argv:
    soak_ms = float(sys.argv[sys.argv.index("--soak") + 1])
    for M in (4096, 8192):
        for dt in (torch.bfloat16, torch.float16):
            a, b = operands("TN", M, M, M, dt)
            out = torch.empty(M, M, device="cuda", dtype=dt)
            for _ in range(5):
                torch.matmul(a, b, out=out)
            with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
                torch.matmul(a, b, out=out)
                torch.cuda.synchronize()
            names = sorted({e.name for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA})
            flop = 2 * M * M * M
            n = max(20, int(soak_ms * 1e-3 / (flop / 700e12)))
            torch.cuda.synchronize()
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            w0 = time.time() * 1e3
            e0.record()
            for _ in range(n):
                torch.matmul(a, b, out=out)
            e1.record(); e1.synchronize()
            w1 = time.time() * 1e3
            t = e0.elapsed_time(e1)
            tn = "bf16" if dt == torch.bfloat16 else "fp16"
            print(f"soak cublas {tn} TN {M}^3: {n} calls, {t / n:.3f} ms/call, {flop * n / (t * 1e-3) / 1e12:.1f} TFLOP/s, window {w0:.1f} {w1:.1f}, kernels {names}")
            del a, b, out
