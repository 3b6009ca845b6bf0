"""tessel.cuda.attention (python/tessel/cuda.py) on the GPU, from PyTorch:
the build of every variant (wall time), the correctness sweep as FlashAttention-3
tests it, a CUDA graph capture, and timings beside SDPA (cuDNN) on one shape.

Correctness: the reference in fp32 (PyTorch, rounded to the input type) and
the same computation in the input precision (q * scale, S = q k^T, P and O in
bf16/fp16, softmax in fp32, as FA3's attention_ref); a case passes when
  max |out - ref| <= 2 * max |out_lowp - ref| + atol
(atol: FA3's fwd_atol, twice the rounding of ref + 0.3 - 0.3 in the input
type), lse within 1e-5 relative (plus 1e-5) of the fp32 reference's, and
equal -inf where a row sees no key.
  python3 bench/gpu/attention_py.py        (from the repository root)
"""
import itertools
import math
import os
import sys
import time

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tessel_cuda_module import tcuda  # noqa: E402  (tessel.cuda without the package's compiled module)
from torch_timing import median_ms, queued_ms  # noqa: E402


def reference(q, k, v, causal, scale, upcast):
    """FA3's attention_ref: (out, lse); upcast: in fp32, else in the input type (softmax in fp32)."""
    dtype = q.dtype
    if upcast:
        q, k, v = q.float(), k.float(), v.float()
    g = q.shape[2] // k.shape[2]
    k = k.repeat_interleave(g, dim=2)
    v = v.repeat_interleave(g, dim=2)
    sq, sk = q.shape[1], k.shape[1]
    scores = torch.einsum("bqhd,bkhd->bhqk", q * scale, k)
    if causal:
        i = torch.arange(sq, device=q.device)[:, None]
        j = torch.arange(sk, device=q.device)[None, :]
        mask = j > i + (sk - sq)
        scores = scores.masked_fill(mask, float("-inf"))
    else:
        mask = None
    lse = torch.logsumexp(scores.float(), dim=-1)
    p = torch.softmax(scores.float(), dim=-1)
    if mask is not None:
        p = p.masked_fill(torch.all(mask, dim=-1, keepdim=True), 0.0)
    p = p.to(v.dtype)
    out = torch.einsum("bhqk,bkhd->bqhd", p, v)
    return out.to(dtype), lse


def check(dtype, d, causal, b, sq, sk, hq, hkv):
    g = torch.Generator(device="cuda").manual_seed(hash((d, causal, b, sq, sk, hq, hkv)) & 0xFFFF)
    q = torch.randn(b, sq, hq, d, device="cuda", dtype=dtype, generator=g)
    k = torch.randn(b, sk, hkv, d, device="cuda", dtype=dtype, generator=g)
    v = torch.randn(b, sk, hkv, d, device="cuda", dtype=dtype, generator=g)
    scale = d ** -0.5
    out, lse = tcuda.attention(q, k, v, causal=causal, return_lse=True)
    ref, lse_ref = reference(q, k, v, causal, scale, True)
    low, _ = reference(q, k, v, causal, scale, False)
    torch.cuda.synchronize()
    err = (out.float() - ref.float()).abs().max().item()
    err_low = (low.float() - ref.float()).abs().max().item()
    atol = 2 * ((ref + 0.3 - 0.3) - ref).abs().max().item()
    finite = torch.isfinite(lse_ref)
    lse_ok = bool(torch.equal(torch.isfinite(lse), finite)) and bool((lse[~finite] == lse_ref[~finite]).all())
    lse_rel = ((lse[finite] - lse_ref[finite]).abs() / (lse_ref[finite].abs() + 1.0)).max().item() if finite.any() else 0.0
    ok = math.isfinite(err) and err <= 2 * err_low + atol and lse_ok and lse_rel <= 1e-5
    name = "bf16" if dtype == torch.bfloat16 else "fp16"
    print(f"{'ok  ' if ok else 'FAIL'} {name} d{d} {'causal' if causal else 'non-causal':10s} B={b} Sq={sq} Sk={sk} Hq={hq} Hkv={hkv}: "
          f"max err {err:.3g}, low-precision {err_low:.3g} (ratio {err / err_low if err_low else 0:.2f}), atol {atol:.2g}, "
          f"lse rel {lse_rel:.2g}{'' if lse_ok else ' (lse -inf mismatch)'}", flush=True)
    return ok


def check_varlen(dtype, d, causal, lq, lk, hq, hkv, give_max=True):
    """Packed sequences (cu_seqlens, as FlashAttention's varlen API) against the references of each sequence alone."""
    g = torch.Generator(device="cuda").manual_seed(hash((d, causal, tuple(lq), tuple(lk), hq, hkv)) & 0xFFFF)
    cq = torch.tensor([0, *itertools.accumulate(lq)], dtype=torch.int32, device="cuda")
    ck = torch.tensor([0, *itertools.accumulate(lk)], dtype=torch.int32, device="cuda")
    tq, tk = int(cq[-1]), int(ck[-1])
    q = torch.randn(tq, hq, d, device="cuda", dtype=dtype, generator=g)
    k = torch.randn(tk, hkv, d, device="cuda", dtype=dtype, generator=g)
    v = torch.randn(tk, hkv, d, device="cuda", dtype=dtype, generator=g)
    scale = d ** -0.5
    maxes = dict(max_seqlen_q=max(lq), max_seqlen_k=max(lk)) if give_max else {}  # else read from the offsets
    out, lse = tcuda.attention(q, k, v, causal=causal, return_lse=True, cu_seqlens_q=cq, cu_seqlens_k=ck, **maxes)
    err = err_low = atol = lse_rel = 0.0
    lse_ok = True
    for b in range(len(lq)):
        q0, k0 = int(cq[b]), int(ck[b])
        if lq[b] == 0:
            continue
        qs, ks, vs = q[None, q0:q0 + lq[b]], k[None, k0:k0 + lk[b]], v[None, k0:k0 + lk[b]]
        if lk[b] == 0:  # no keys: zeros and lse -inf
            ref = torch.zeros_like(qs)
            low, lse_ref = ref, torch.full((1, hq, lq[b]), float("-inf"), device="cuda")
        else:
            ref, lse_ref = reference(qs, ks, vs, causal, scale, True)
            low, _ = reference(qs, ks, vs, causal, scale, False)
        o = out[None, q0:q0 + lq[b]]
        err = max(err, (o.float() - ref.float()).abs().max().item())
        err_low = max(err_low, (low.float() - ref.float()).abs().max().item())
        atol = max(atol, 2 * ((ref + 0.3 - 0.3) - ref).abs().max().item())
        ls = lse[None, :, q0:q0 + lq[b]]
        finite = torch.isfinite(lse_ref)
        lse_ok = lse_ok and bool(torch.equal(torch.isfinite(ls), finite)) and bool((ls[~finite] == lse_ref[~finite]).all())
        if finite.any():
            lse_rel = max(lse_rel, ((ls[finite] - lse_ref[finite]).abs() / (lse_ref[finite].abs() + 1.0)).max().item())
    ok = math.isfinite(err) and err <= 2 * err_low + atol and lse_ok and lse_rel <= 1e-5
    name = "bf16" if dtype == torch.bfloat16 else "fp16"
    print(f"{'ok  ' if ok else 'FAIL'} {name} d{d} {'causal' if causal else 'non-causal':10s} varlen B={len(lq)} Sq={lq} Sk={lk} Hq={hq} Hkv={hkv}: "
          f"max err {err:.3g}, low-precision {err_low:.3g} (ratio {err / err_low if err_low else 0:.2f}), atol {atol:.2g}, "
          f"lse rel {lse_rel:.2g}{'' if lse_ok else ' (lse -inf mismatch)'}", flush=True)
    return ok


def graph_replay_check(call, refill, what):
    """call() captured in a CUDA graph (after a first call outside the capture), replayed twice after refill(i)
    put new inputs in place: the same as eager calls. Also attention_fp8_py.py's."""
    call()
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = call()
    for i in range(2):
        refill(i)
        graph.replay()
        eager = call()
        torch.cuda.synchronize()
        if not torch.equal(out, eager):
            print(f"FAIL {what}: the replay differs from an eager call")
            return False
    print(f"ok   {what}: capture and 2 replays on new inputs equal eager calls")
    return True


def graph_check():
    """One call captured in a CUDA graph, replayed on new inputs: the same as an eager call."""
    d, b, s, h = 128, 2, 1000, 4
    q, k, v = (torch.randn(b, s, h, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))

    def refill(_):
        for t in (q, k, v):
            t.copy_(torch.randn_like(t))
    return graph_replay_check(lambda: tcuda.attention(q, k, v, causal=True), refill, "CUDA graph")


# The fixed-length cases (B, Sq, Sk, Hq, Hkv) of the sweeps (also attention_fp8_py.py's)
CASES = [(2, 113, 203, 4, 2), (1, 239, 1, 2, 1), (2, 799, 3, 6, 6), (2, 1023, 1024, 6, 2), (1, 4224, 4224, 2, 1), (2, 128, 128, 8, 1)]


def build_and_report():
    """Builds (or finds) the attention library and prints the build's wall time and units."""
    t0 = time.time()
    lib = tcuda.build()
    built = tcuda.build_seconds
    units = [u[2] for u in tcuda._units("attention")[1]]
    print(f"tessel.cuda build: {'%.1f s wall, %d translation units (%s, both masks each) in parallel' % (built, len(units), ' '.join(units)) if built else 'from the cache'} "
          f"({time.time() - t0:.1f} s with the hash), {os.cpu_count()} CPUs: {lib}", flush=True)


def named_errors(cases):
    """Each (what, call) must raise ValueError; returns (passed, failed)."""
    passed = failed = 0
    for what, fn in cases:
        try:
            fn()
            print(f"FAIL {what}: no error")
            failed += 1
        except ValueError as e:
            print(f"ok   {what}: {e}")
            passed += 1
    return passed, failed


def main():
    build_and_report()
    cases = CASES
    passed = failed = 0
    for dtype in (torch.bfloat16, torch.float16):
        for d in (64, 128, 256):
            for causal in (False, True):
                for c in cases:
                    if check(dtype, d, causal, *c):
                        passed += 1
                    else:
                        failed += 1
    varlen_cases = [([1, 0, 137, 128, 300, 65], [1, 0, 137, 128, 300, 65], 4, 2), ([5, 200, 129, 0, 64, 1], [300, 17, 129, 40, 1, 0], 2, 1),
                    ([1000, 3, 517, 1024, 64], [999, 700, 517, 1, 65], 6, 2)]
    for dtype in (torch.bfloat16, torch.float16):
        for d in (64, 128, 256):
            for causal in (False, True):
                for lq, lk, hq, hkv in varlen_cases:
                    if check_varlen(dtype, d, causal, lq, lk, hq, hkv):
                        passed += 1
                    else:
                        failed += 1
    if check_varlen(torch.bfloat16, 128, True, [300, 0, 77], [250, 5, 77], 4, 2, give_max=False):
        passed += 1
    else:
        failed += 1
    if graph_check():
        passed += 1
    else:
        failed += 1
    # errors named, not undefined behaviour
    bad_cu = torch.tensor([0, 100, 50], dtype=torch.int32, device="cuda")
    packed = torch.empty(100, 2, 64, device="cuda", dtype=torch.bfloat16)
    p, f = named_errors((("decreasing cu_seqlens", lambda: tcuda.attention(packed, packed, packed, cu_seqlens_q=bad_cu, cu_seqlens_k=bad_cu)),
                         ("head dim 96", lambda: tcuda.attention(*(torch.empty(1, 8, 1, 96, device="cuda", dtype=torch.bfloat16),) * 3)),
                         ("fp32 inputs", lambda: tcuda.attention(*(torch.empty(1, 8, 1, 64, device="cuda"),) * 3))))
    passed, failed = passed + p, failed + f
    print(f"python sweep: {passed} passed, {failed} failed", flush=True)
    # timing through Python beside SDPA (cuDNN), d128 S=8192 B=2 H=16 bf16: each call timed alone (events
    # around one call after the GPU has drained: the host's time before the launch counts), then calls
    # queued back to back (10 between two events: the host runs ahead), and the host's time per call
    b, s, h, d = 2, 8192, 16, 128
    q, k, v = (torch.randn(b, s, h, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    for causal in (False, True):
        flops = 4 * b * h * s * s * d / (2 if causal else 1)
        qt, kt, vt = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        ours = lambda: tcuda.attention(q, k, v, causal=causal)  # noqa: E731
        def cudnn():
            with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                return F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)
        ms, ms_c = median_ms(ours, 30), median_ms(cudnn, 30)
        msq, msq_c = queued_ms(ours), queued_ms(cudnn)
        us, us_c = host_us(ours), host_us(cudnn)
        raw = direct_call(q, k, v, causal)  # the C entry point with its arguments made once: no Python checks
        ms_r, us_r = median_ms(raw, 30), host_us(raw)
        print(f"python d128 S=8192 B=2 H=16 {'causal' if causal else 'non-causal'} C entry alone (arguments made once): "
              f"{ms_r:.3f} ms per call {flops / ms_r / 1e9:.1f} TFLOP/s, host time per call {us_r:.1f} us", flush=True)
        print(f"python d128 S=8192 B=2 H=16 {'causal' if causal else 'non-causal'}: tessel.cuda.attention {ms:.3f} ms "
              f"{flops / ms / 1e9:.1f} TFLOP/s; sdpa cudnn {ms_c:.3f} ms {flops / ms_c / 1e9:.1f} TFLOP/s", flush=True)
        print(f"python d128 S=8192 B=2 H=16 {'causal' if causal else 'non-causal'} queued: tessel.cuda.attention {msq:.3f} ms "
              f"{flops / msq / 1e9:.1f} TFLOP/s; sdpa cudnn {msq_c:.3f} ms {flops / msq_c / 1e9:.1f} TFLOP/s; host time per call "
              f"{us:.1f} us (tessel.cuda.attention), {us_c:.1f} us (sdpa under sdpa_kernel)", flush=True)
    return 1 if failed else 0


def direct_call(q, k, v, causal):
    """tessel.cuda.attention's C entry point (bf16, fixed lengths) with its arguments made once."""
    import ctypes
    B, Sq, Hq, D = q.shape
    Sk, Hkv = k.shape[1], k.shape[2]
    out = torch.empty_like(q)
    fn = getattr(tcuda._library(), f"tessel_attention_bf16_d{D}")
    strides = (ctypes.c_longlong * 12)(*(x for t in (q, k, v, out) for x in (t.stride(0), t.stride(1), t.stride(2))))
    err = ctypes.create_string_buffer(512)
    args = (q.data_ptr(), k.data_ptr(), v.data_ptr(), out.data_ptr(), None, B, Sq, Sk, Hq, Hkv, strides, D ** -0.5, int(causal),
            None, None, 0, 0, 0, 0, torch.cuda.current_stream().cuda_stream, err, len(err))
    return lambda: fn(*args)


def host_us(fn, calls=50):
    """The host's time per call (no synchronisation; the launches queue), in microseconds."""
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    t1 = time.perf_counter()
    torch.cuda.synchronize()
    return (t1 - t0) / calls * 1e6


if __name__ == "__main__":
    sys.exit(main())
