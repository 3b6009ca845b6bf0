"""cuBLAS reference for bench/gpu/gemm_bench (issue 14): torch.matmul on the
same shapes and layouts, bf16/fp16 in and out, median of 30 timed runs after 5
warm-up runs (CUDA events). Layouts as gemm_bench's: D (M x N, row-major) =
op(A) op(B); "TN": A row-major M x K, B stored N x K (K contiguous)."""
import torch

def bench(fn, reps=30):
    for _ in range(5):
        fn()
    torch.cuda.synchronize()
    ts = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(); fn(); b.record(); b.synchronize()
        ts.append(a.elapsed_time(b))
    ts.sort()
    return ts[len(ts) // 2]

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
for lay, M, N, K, dt in cases:
    a, b = operands(lay, M, N, K, dt)
    out = torch.empty(M, N, device="cuda", dtype=dt)
    t = bench(lambda: torch.matmul(a, b, out=out))
    name = f"{'bf16' if dt == torch.bfloat16 else 'fp16'} {lay} M={M} N={N} K={K}"
    print(f"cublas {name:40s} median {t:8.3f} ms  {2 * M * N * K / t / 1e9:7.1f} TFLOP/s")
    del a, b, out
