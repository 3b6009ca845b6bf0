"""PyTorch's scaled_dot_product_attention on issue 26's table (bf16, batch x
seqlen = 16k tokens, heads x head dim = 2048), forward only: the cuDNN and the
flash (FlashAttention-2) backends, non-causal and causal, TFLOP/s counting
4 B H S^2 D (halved for causal), median of N timed calls (CUDA events, after
5 warm-ups; torch_timing.median_ms). Inputs are (B, S, H, D) tensors seen as
(B, H, S, D), as the tessel kernel reads them. --pause-ms N: the GPU idle N ms
before each timing (each from the same power state, as attention_bench's --pause-ms).
  python3 attention_torch.py [--reps N] [--pause-ms N]"""
import argparse
import sys
import time

import torch
from torch.nn.attention import SDPBackend, sdpa_kernel
import torch.nn.functional as F

sys.path.insert(0, __import__("os").path.dirname(__file__))
from torch_timing import median_ms  # noqa: E402

ROWS = [(64, 8192), (128, 2048), (128, 8192), (128, 16384), (256, 8192)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--pause-ms", type=int, default=0)
    args = ap.parse_args()
    print(f"torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}, {torch.cuda.get_device_name()}")
    for d, s in ROWS:
        b, h = 16384 // s, 2048 // d
        g = torch.Generator(device="cuda").manual_seed(0)
        q, k, v = (torch.randn(b, s, h, d, device="cuda", dtype=torch.bfloat16, generator=g).transpose(1, 2) for _ in range(3))
        for causal in (False, True):
            flops = 4 * b * h * s * s * d / (2 if causal else 1)
            line = f"sdpa d{d} S={s} B={b} H={h} {'causal' if causal else 'non-causal'}:"
            for name, be in (("cudnn", SDPBackend.CUDNN_ATTENTION), ("flash", SDPBackend.FLASH_ATTENTION)):
                try:
                    torch.cuda.synchronize()
                    time.sleep(args.pause_ms / 1000)
                    with sdpa_kernel(be):
                        ms = median_ms(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal), args.reps)
                    line += f" {name} {ms:.3f} ms {flops / ms / 1e9:.1f} TFLOP/s;"
                except RuntimeError as e:
                    line += f" {name} n/a ({str(e).splitlines()[0][:60]});"
            print(line, flush=True)


if __name__ == "__main__":
    main()
