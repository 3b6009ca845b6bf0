"""The timing both PyTorch references use (torch_ref.py for the copy bench,
gemm_torch.py for the GEMM bench): the median of `reps` timed calls of fn, in
milliseconds, CUDA events around each call, after 5 warm-up calls."""
import torch


def median_ms(fn, reps):
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
