"""Issue 26's table with tessel and SDPA's cuDNN timed in the same clock state: in one process, launch by
launch alternated (tessel, cuDNN, cuDNN, tessel, ... so that neither always goes first), each launch timed
between two CUDA events with the GPU kept busy by a spin (torch.cuda._sleep) while the host enqueues the
events and the launch, so that neither side's host time before its launch (SDPA's Python dispatch, the C
entry's checks) is counted. tessel through its C entry point (tessel.cuda.attention's library, bf16, fixed
lengths) with its arguments made once. Median of N pairs per row after 5 warm-up pairs; the ratio is the
median of the per-pair ratios. bf16, batch x S = 16k tokens, heads x head dim = 2048, TFLOP/s counting
4 B H S^2 D (halved for causal). Session 15 found that rows timed one after another (attention_bench, then
attention_torch.py) compare different clock states: the SM clock falls from 1980 to about 1725 MHz within
0.3 s of sustained work on the H100 (bench/RESULTS.md, "Attention forward, session 15").
  python3 bench/gpu/attention_pair.py [--reps N] [--lib path/to/libtessel_attention.so]"""
import argparse
import ctypes
import importlib.util
import os

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

ROWS = [(64, 8192), (128, 2048), (128, 8192), (128, 16384), (256, 8192)]
SPIN_CYCLES = 200000  # about 0.1 ms at 1.98 GHz: longer than either side's host time per launch


def tessel_call(lib, q, k, v, out, causal):
    """The C entry point of tessel.cuda.attention (bf16) with its arguments made once (attention_py.py's direct_call)."""
    B, Sq, Hq, D = q.shape
    Sk, Hkv = k.shape[1], k.shape[2]
    fn = getattr(lib, f"tessel_attention_bf16_d{D}")
    fn.restype = ctypes.c_int
    strides = (ctypes.c_longlong * 12)(*(x for t in (q, k, v, out) for x in (t.stride(0), t.stride(1), t.stride(2))))
    err = ctypes.create_string_buffer(512)
    args = (ctypes.c_void_p(q.data_ptr()), ctypes.c_void_p(k.data_ptr()), ctypes.c_void_p(v.data_ptr()), ctypes.c_void_p(out.data_ptr()),
            None, B, Sq, Sk, Hq, Hkv, strides, ctypes.c_float(D ** -0.5), int(causal), None, None, 0, 0, 0, 0,
            ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), err, len(err))

    def call():
        if fn(*args) != 0:
            raise RuntimeError("tessel: " + err.value.decode(errors="replace"))
    return call


def timed(fn):
    """One launch of fn between two events, the GPU spinning while the host enqueues them: (start, end) events."""
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda._sleep(SPIN_CYCLES)
    a.record()
    fn()
    b.record()
    return a, b


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--lib", default=None, help="a built libtessel_attention.so (default: tessel.cuda's build and cache)")
    args = ap.parse_args()
    if args.lib:
        lib = ctypes.CDLL(args.lib)
    else:
        here = os.path.dirname(os.path.abspath(__file__))
        spec = importlib.util.spec_from_file_location("tessel_cuda", os.path.join(here, "..", "..", "python", "tessel", "cuda.py"))
        tcuda = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tcuda)
        lib = tcuda._library()
    print(f"torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}, {torch.cuda.get_device_name()}; "
          f"pairs alternated launch by launch, median of {args.reps}", flush=True)
    for d, s in ROWS:
        b, h = 16384 // s, 2048 // d
        g = torch.Generator(device="cuda").manual_seed(0)
        q, k, v = (torch.randn(b, s, h, d, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(3))
        out = torch.empty_like(q)
        qt, kt, vt = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        for causal in (False, True):
            flops = 4 * b * h * s * s * d / (2 if causal else 1)
            ours = tessel_call(lib, q, k, v, out, causal)

            def cudnn():
                with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                    F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)
            ref = None
            with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                ref = F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)
            ours()
            torch.cuda.synchronize()
            diff = (out.float() - ref.transpose(1, 2).float()).abs().max().item()  # the same inputs: both outputs agree
            t_ours, t_cudnn = [], []
            for i in range(5 + args.reps):
                order = (ours, cudnn) if i % 2 == 0 else (cudnn, ours)
                ev = [timed(f) for f in order]
                torch.cuda.synchronize()
                ms = [a.elapsed_time(z) for a, z in ev]
                if i >= 5:
                    (t_ours if order[0] is ours else t_cudnn).append(ms[0])
                    (t_cudnn if order[0] is ours else t_ours).append(ms[1])
            ratios = sorted(c / o for o, c in zip(t_ours, t_cudnn))
            mo, mc = sorted(t_ours)[len(t_ours) // 2], sorted(t_cudnn)[len(t_cudnn) // 2]
            print(f"pair d{d} S={s} B={b} H={h} {'causal' if causal else 'non-causal'}: tessel {mo:.3f} ms {flops / mo / 1e9:.1f} TFLOP/s; "
                  f"cudnn {mc:.3f} ms {flops / mc / 1e9:.1f} TFLOP/s; ratio (median of pairs) {ratios[len(ratios) // 2]:.3f} "
                  f"[{ratios[0]:.3f} .. {ratios[-1]:.3f}]; max |tessel - cudnn| {diff:.3g}", flush=True)


if __name__ == "__main__":
    main()
