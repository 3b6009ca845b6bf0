"""tessel.cuda.attention's FP8 forward (issue 26) on the GPU, from PyTorch: the
library's build (wall time), the correctness sweep as FlashAttention-3 tests
FP8, named errors, a CUDA graph capture, and timings (beside bf16 tessel of the
same shape; PyTorch's SDPA is tried with FP8 inputs and its answer printed).

Correctness (FA3's test_flash_attn_output for float8_e4m3fn): q, k, v e4m3
(randn rounded), descales of (batch, kv head) in [0.5, 2) (or one per tensor);
the reference in fp32 from the dequantized inputs (FA3's attention_ref with
upcast); the "PyTorch" computation as FA3's: the dequantized inputs in bf16,
scores q (k * scale) in bf16, softmax in fp32, P rounded to bf16 then to e4m3,
out = P v in bf16. A case passes when
  max |out - ref| <= 2 * max |out_pt - ref| + atol
(atol: FA3's fwd_atol in bf16), the lse's relative error (to |lse| + 1) at
most twice that of the low-precision computation (its scores in bf16) plus
1e-5 (the e4m3 wgmma accumulates the scores with less than fp32's precision:
about 1e-4 relative; the 16-bit kernels' 1e-5 bound does not hold), and every
output finite.
  python3 bench/gpu/attention_fp8_py.py        (from the repository root)
"""
import math
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tessel_cuda_module import tcuda  # noqa: E402
from torch_timing import median_ms  # noqa: E402
from attention_py import CASES, build_and_report, graph_replay_check, named_errors  # noqa: E402

E4M3 = torch.float8_e4m3fn


def dequant(x, ds, heads):
    """x (B, S, H, D) e4m3 times its descale of (batch, kv head), head h's kv head h // (H / Hkv)."""
    b, hkv = ds.shape
    per_head = ds.repeat_interleave(heads // hkv, dim=1)  # (B, H)
    return x.float() * per_head[:, None, :, None]


def reference(q, k, v, causal, scale, low):
    """FA3's attention_ref on dequantized fp32 inputs: (out, lse); low: bf16 with P through e4m3."""
    dt = torch.bfloat16 if low else torch.float32
    q, k, v = q.to(dt), k.to(dt), v.to(dt)
    g = q.shape[2] // k.shape[2]
    k = k.repeat_interleave(g, dim=2)
    v = v.repeat_interleave(g, dim=2)
    sq, sk = q.shape[1], k.shape[1]
    scores = torch.einsum("bqhd,bkhd->bhqk", q, k * scale) if low else torch.einsum("bqhd,bkhd->bhqk", q * scale, k)
    mask = None
    if causal:
        i = torch.arange(sq, device=q.device)[:, None]
        j = torch.arange(sk, device=q.device)[None, :]
        mask = j > i + (sk - sq)
        scores = scores.masked_fill(mask, float("-inf"))
    lse = torch.logsumexp(scores.float(), dim=-1)
    p = torch.softmax(scores.float(), dim=-1)
    if mask is not None:
        p = p.masked_fill(torch.all(mask, dim=-1, keepdim=True), 0.0)
    p = p.to(dt)
    if low:
        p = p.to(E4M3).to(dt)
    out = torch.einsum("bhqk,bkhd->bqhd", p, v)
    return out.to(torch.bfloat16), lse


def make(d, b, sq, sk, hq, hkv, seed, per_tensor=False):
    g = torch.Generator(device="cuda").manual_seed(seed)
    q = torch.randn(b, sq, hq, d, device="cuda", generator=g).to(E4M3)
    k = torch.randn(b, sk, hkv, d, device="cuda", generator=g).to(E4M3)
    v = torch.randn(b, sk, hkv, d, device="cuda", generator=g).to(E4M3)
    shape = (1,) if per_tensor else (b, hkv)
    ds = [0.5 + 1.5 * torch.rand(shape, device="cuda", generator=g) for _ in range(3)]
    return q, k, v, ds


def check(d, causal, b, sq, sk, hq, hkv, per_tensor=False):
    q, k, v, (qd, kd, vd) = make(d, b, sq, sk, hq, hkv, hash((d, causal, b, sq, sk, hq, hkv, per_tensor)) & 0xFFFF, per_tensor)
    scale = d ** -0.5
    out, lse = tcuda.attention(q, k, v, causal=causal, return_lse=True, q_descale=qd, k_descale=kd, v_descale=vd)
    full = lambda x: x.expand(b, hkv) if per_tensor else x  # noqa: E731
    qf, kf, vf = dequant(q, full(qd), hq), dequant(k, full(kd), hkv), dequant(v, full(vd), hkv)
    ref, lse_ref = reference(qf, kf, vf, causal, scale, False)
    low, lse_low = reference(qf, kf, vf, causal, scale, True)
    torch.cuda.synchronize()
    finite_out = bool(torch.isfinite(out.float()).all())
    err = (out.float() - ref.float()).abs().max().item()
    err_low = (low.float() - ref.float()).abs().max().item()
    atol = 2 * ((ref + 0.3 - 0.3) - ref).abs().max().item()
    finite = torch.isfinite(lse_ref)
    lse_ok = bool(torch.equal(torch.isfinite(lse), finite)) and bool((lse[~finite] == lse_ref[~finite]).all())
    rel = lambda x: ((x[finite] - lse_ref[finite]).abs() / (lse_ref[finite].abs() + 1.0)).max().item() if finite.any() else 0.0  # noqa: E731
    lse_rel, lse_rel_low = rel(lse), rel(lse_low)
    ok = finite_out and out.dtype == torch.bfloat16 and err <= 2 * err_low + atol and lse_ok and lse_rel <= 2 * lse_rel_low + 1e-5
    print(f"{'ok  ' if ok else 'FAIL'} e4m3 d{d} {'causal' if causal else 'non-causal':10s} B={b} Sq={sq} Sk={sk} Hq={hq} Hkv={hkv}"
          f"{' per-tensor' if per_tensor else ''}: max err {err:.3g}, low-precision {err_low:.3g} "
          f"(ratio {err / err_low if err_low else 0:.2f}), atol {atol:.2g}, lse rel {lse_rel:.2g} (low-precision {lse_rel_low:.2g})"
          f"{'' if lse_ok else ' (lse -inf mismatch)'}{'' if finite_out else ' (non-finite output)'}", flush=True)
    return ok


def graph_check():
    """One FP8 call captured in a CUDA graph, replayed on new inputs: the same as an eager call."""
    q, k, v, (qd, kd, vd) = make(128, 2, 1000, 1000, 4, 4, 3)

    def refill(i):
        for t, n in zip((q, k, v), make(128, 2, 1000, 1000, 4, 4, 10 + i)[:3]):
            t.copy_(n)
    return graph_replay_check(lambda: tcuda.attention(q, k, v, causal=True, q_descale=qd, k_descale=kd, v_descale=vd), refill,
                              "FP8 CUDA graph")


def main():
    build_and_report()
    passed = failed = 0
    for d in (128, 256):
        for causal in (False, True):
            for c in CASES:
                passed, failed = (passed + 1, failed) if check(d, causal, *c) else (passed, failed + 1)
            pt = check(d, causal, 2, 300, 517, 4, 2, per_tensor=True)
            passed, failed = (passed + 1, failed) if pt else (passed, failed + 1)
    passed, failed = (passed + 1, failed) if graph_check() else (passed, failed + 1)
    e = lambda *s: torch.empty(*s, device="cuda").to(E4M3)  # noqa: E731
    one = torch.ones(1, device="cuda")
    cu = torch.tensor([0, 8], dtype=torch.int32, device="cuda")
    p, f = named_errors((("FP8 head dim 64", lambda: tcuda.attention(*(e(1, 8, 1, 64),) * 3)),
                         ("FP8 varlen", lambda: tcuda.attention(*(e(8, 1, 128),) * 3, cu_seqlens_q=cu, cu_seqlens_k=cu)),
                         ("descale of another shape", lambda: tcuda.attention(*(e(2, 8, 2, 128),) * 3, q_descale=torch.ones(3, device="cuda"))),
                         ("descales with bf16", lambda: tcuda.attention(*(torch.empty(1, 8, 1, 128, device="cuda", dtype=torch.bfloat16),) * 3,
                                                                        q_descale=one))))
    passed, failed = passed + p, failed + f
    print(f"python FP8 sweep: {passed} passed, {failed} failed", flush=True)
    # timings through Python (the V^T pass included), beside bf16 tessel of the same shape
    for d, s, b in ((128, 8192, 2), (128, 16384, 1), (256, 8192, 2)):
        h = 2048 // d
        q, k, v, (qd, kd, vd) = make(d, b, s, s, h, h, 1)
        qb, kb, vb = (x.to(torch.bfloat16) for x in (q, k, v))
        for causal in (False, True):
            flops = 4 * b * h * s * s * d / (2 if causal else 1)
            ms = median_ms(lambda: tcuda.attention(q, k, v, causal=causal, q_descale=qd, k_descale=kd, v_descale=vd), 30)
            ms_b = median_ms(lambda: tcuda.attention(qb, kb, vb, causal=causal), 30)
            print(f"python d{d} S={s} B={b} H={h} {'causal' if causal else 'non-causal'}: tessel e4m3 {ms:.3f} ms {flops / ms / 1e9:.1f} TFLOP/s; "
                  f"tessel bf16 {ms_b:.3f} ms {flops / ms_b / 1e9:.1f} TFLOP/s", flush=True)
    # PyTorch's SDPA with FP8 inputs (cuDNN has an FP8 forward; whether PyTorch reaches it is what this says)
    q, k, v, _ = make(128, 1, 1024, 1024, 8, 8, 2)
    try:
        F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
        torch.cuda.synchronize()
        print(f"sdpa with float8_e4m3fn inputs: ran (torch {torch.__version__})")
    except Exception as ex:  # noqa: BLE001
        print(f"sdpa with float8_e4m3fn inputs: not available (torch {torch.__version__}): {type(ex).__name__}: {str(ex).splitlines()[0][:200]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
