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
Several builds of tessel can be compared in the same loop: --lib name=path, repeated (each row then alternates
the builds and cuDNN, the order rotated launch by launch; each build's ratio to cuDNN from the same iterations);
--rows picks rows (e.g. d128c: d128 causal, d128c2048: one S; an S outside the table's, e.g. d128c4096, adds that row;
batch x S stays 16k tokens), --rounds repeats the rows. Build each --lib with
-Xcompiler -fno-gnu-unique (as tessel.cuda does): two libraries with the same kernel configuration otherwise share the
launch's statics (g++'s STB_GNU_UNIQUE) and the second's kernel runs without its shared-memory attribute.
  python3 bench/gpu/attention_pair.py [--reps N] [--rounds R] [--rows d128c,...] [--lib [name=]path/to/libtessel_attention.so ...]"""
import argparse
import ctypes
import re

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


def extra_rows(rows):
    """The (D, S) of --rows items that name an S outside ROWS (e.g. d128c4096): timed too, after ROWS."""
    extra = []
    for r in (rows.split(",") if rows else []):
        m = re.fullmatch(r"d(\d+)[cn]?(\d+)", r.strip())
        if m and (int(m.group(1)), int(m.group(2))) not in ROWS + extra:
            extra.append((int(m.group(1)), int(m.group(2))))
    return extra


def row_selected(rows, d, s, causal):
    """--rows: d<D>[c|n][<S>] items, e.g. d128c (d128 causal, every S), d64 (both masks), d128n2048."""
    if not rows:
        return True
    for r in rows.split(","):
        r = r.strip()
        if not r.startswith("d"):
            raise SystemExit(f"attention_pair.py: --rows item {r!r} is not d<D>[c|n][<S>]")
        body = r[1:]
        digits = ""
        while body and body[0].isdigit():
            digits, body = digits + body[0], body[1:]
        mask = ""
        if body and body[0] in "cn":
            mask, body = body[0], body[1:]
        if digits == "" or (body and not body.isdigit()):
            raise SystemExit(f"attention_pair.py: --rows item {r!r} is not d<D>[c|n][<S>]")
        if int(digits) == d and (mask == "" or (mask == "c") == causal) and (body == "" or int(body) == s):
            return True
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--rows", default="", help="rows to time, e.g. d128c or d128c2048,d64 (default: all)")
    ap.add_argument("--lib", action="append", default=[],
                    help="[name=]path of a built libtessel_attention.so, repeatable (default: tessel.cuda's build and cache)")
    args = ap.parse_args()
    libs = []
    for item in args.lib:
        name, _, path = item.rpartition("=") if "=" in item else ("tessel", "", item)
        libs.append((name, ctypes.CDLL(path)))
    if not libs:
        from tessel_cuda_module import tcuda  # beside this file
        libs.append(("tessel", tcuda._library()))
    print(f"torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}, {torch.cuda.get_device_name()}; "
          f"{' / '.join(n for n, _ in libs)} and cuDNN alternated launch by launch, median of {args.reps}", flush=True)
    for rnd in range(args.rounds):
        for d, s in ROWS + extra_rows(args.rows):
            if not any(row_selected(args.rows, d, s, c) for c in (False, True)):
                continue
            b, h = 16384 // s, 2048 // d
            g = torch.Generator(device="cuda").manual_seed(0)
            q, k, v = (torch.randn(b, s, h, d, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(3))
            outs = [torch.empty_like(q) for _ in libs]
            qt, kt, vt = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
            for causal in (False, True):
                if not row_selected(args.rows, d, s, causal):
                    continue
                flops = 4 * b * h * s * s * d / (2 if causal else 1)
                ours = [tessel_call(lib, q, k, v, out, causal) for (_, lib), out in zip(libs, outs)]

                def cudnn():
                    with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                        F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)
                with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                    ref = F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)
                for f in ours:
                    f()
                torch.cuda.synchronize()
                # the same inputs: every output agrees with cuDNN's
                diffs = [(out.float() - ref.transpose(1, 2).float()).abs().max().item() for out in outs]
                fns = ours + [cudnn]
                times = [[] for _ in fns]
                for i in range(5 + args.reps):
                    order = [(i + j) % len(fns) for j in range(len(fns))]  # rotated: no side always first
                    ev = [(j, timed(fns[j])) for j in order]
                    torch.cuda.synchronize()
                    if i >= 5:
                        for j, (a, z) in ev:
                            times[j].append(a.elapsed_time(z))
                med = lambda t: sorted(t)[len(t) // 2]
                mc = med(times[-1])
                text = []
                for (name, _), t, diff in zip(libs, times, diffs):
                    ratios = sorted(c / o for o, c in zip(t, times[-1]))
                    mo = med(t)
                    text.append(f"{name} {mo:.3f} ms {flops / mo / 1e9:.1f} TFLOP/s ratio {ratios[len(ratios) // 2]:.3f} "
                                f"[{ratios[0]:.3f} .. {ratios[-1]:.3f}] max|d| {diff:.3g}")
                label = f"round {rnd + 1} " if args.rounds > 1 else ""
                print(f"{label}pair d{d} S={s} B={b} H={h} {'causal' if causal else 'non-causal'}: " + "; ".join(text) +
                      f"; cudnn {mc:.3f} ms {flops / mc / 1e9:.1f} TFLOP/s (ratio: median of the per-iteration ratios)", flush=True)


if __name__ == "__main__":
    main()
