"""PyTorch reference for bench/gpu/copy_bench: permute(...).contiguous() and a
device-to-device copy of the same bytes, median of 50 timed runs."""
import torch

from torch_timing import median_ms  # beside this file

def bench(fn, reps=50):
    return median_ms(fn, reps)

cases = [
    ("MHA (16,4096,32,128)->(16,32,4096,128) bf16", (16, 4096, 32, 128), (0, 2, 1, 3), torch.bfloat16),
    ("MHA (8,2048,16,64)->(8,16,2048,64) bf16", (8, 2048, 16, 64), (0, 2, 1, 3), torch.bfloat16),
    ("transpose 16384x16384 fp32", (16384, 16384), (1, 0), torch.float32),
]
for name, shape, perm, dt in cases:
    x = torch.randn(shape, device="cuda").to(dt)
    nbytes = 2 * x.numel() * x.element_size()
    t = bench(lambda: x.permute(*perm).contiguous())
    y = torch.empty_like(x)
    r = bench(lambda: y.copy_(x))
    print(f"torch {name:58s} {nbytes / t / 1e9:8.3f} TB/s   D2D {nbytes / r / 1e9:8.3f} TB/s")
