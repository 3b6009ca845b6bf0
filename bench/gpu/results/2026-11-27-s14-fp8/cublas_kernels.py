"""The kernels cuBLAS runs for torch._scaled_mm (e4m3 TN, per-tensor scales, bf16 out), by torch.profiler."""
import torch
from torch.profiler import profile, ProfilerActivity

for M, N, K in [(8192, 8192, 8192), (4096, 4096, 4096), (16384, 4096, 11008)]:
    a = (torch.randn(M, K, device="cuda")).to(torch.float8_e4m3fn)
    b = (torch.randn(N, K, device="cuda")).to(torch.float8_e4m3fn).t()
    s = torch.tensor([1.0], device="cuda")
    for fast in (False, True):
        for _ in range(3):
            torch._scaled_mm(a, b, scale_a=s, scale_b=s, out_dtype=torch.bfloat16, use_fast_accum=fast)
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            torch._scaled_mm(a, b, scale_a=s, scale_b=s, out_dtype=torch.bfloat16, use_fast_accum=fast)
            torch.cuda.synchronize()
        names = sorted({e.name for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA})
        print(f"{M}x{N}x{K} use_fast_accum={fast}: " + " | ".join(names), flush=True)
