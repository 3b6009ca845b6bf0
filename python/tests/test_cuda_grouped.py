"""tessel.cuda.grouped_gemm (python/tessel/cuda.py over kernels/gemm_sm90_grouped.cuh) against
PyTorch: bit-exact on small-integer inputs (every sum exact in fp32: the result must be
PyTorch's fp32 product rounded to the dtype, bit for bit), rows of no group untouched, the
relative error on random inputs, named errors; FP8 (e4m3, per-tensor or per-row scales of
powers of two: bit-exact; every group size 0..N, contiguous and masked; on random data the
error against the fp32 product of the dequantized inputs beside a loop of torch._scaled_mm's). Needs PyTorch, a Hopper GPU and nvcc (the
kernels are built on first use); skips, saying why, otherwise."""
import importlib.util
import os

import pytest

torch = pytest.importorskip("torch", reason="tessel.cuda.grouped_gemm needs PyTorch (not installed)")

if not torch.cuda.is_available():
    pytest.skip("tessel.cuda.grouped_gemm needs a CUDA GPU (none here)", allow_module_level=True)
if torch.cuda.get_device_capability()[0] != 9:
    pytest.skip(f"tessel.cuda.grouped_gemm needs sm_90 (this GPU is sm_{''.join(map(str, torch.cuda.get_device_capability()))})",
                allow_module_level=True)

_HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("tessel_cuda_grouped", os.path.join(_HERE, "..", "tessel", "cuda.py"))
tcuda = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tcuda)

SENTINEL = float("nan")


def draw(shape, dtype, exact, gen):
    if exact:  # -2, -1, 1, 2
        v = torch.randint(0, 4, shape, device="cuda", generator=gen)
        return torch.where(v < 2, v - 2, v - 1).to(dtype)
    return (torch.rand(shape, device="cuda", generator=gen) * 2 - 1).to(dtype)


def reference(a, b, starts, sizes):
    """Per group a_g.float() @ b[g].float().T (fp32, no TF32), as (start, rows, result) triples."""
    return [(s, r, a[s:s + r].float() @ b[g].float().T) for g, (s, r) in enumerate(zip(starts, sizes))]


PATTERNS = [[1], [0, 1, 127, 128, 129, 0, 300], [0, 0, 0], [1000], [5, 0, 2, 0, 260, 7, 1, 64, 0, 0, 33, 128]]


@pytest.mark.parametrize("sizes", PATTERNS)
@pytest.mark.parametrize("nk", [(256, 64), (320, 200)])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_contiguous_bit_exact(sizes, nk, dtype):
    N, K = nk
    gen = torch.Generator(device="cuda").manual_seed(len(sizes) * 1000 + N + K)
    extra = 9  # rows past the last end: never written
    M = sum(sizes) + extra
    a, b = draw((M, K), dtype, True, gen), draw((len(sizes), N, K), dtype, True, gen)
    ends = torch.tensor(sizes, dtype=torch.int64).cumsum(0).to(torch.int32).cuda()
    out = torch.full((M, N), SENTINEL, dtype=dtype, device="cuda")
    res = tcuda.grouped_gemm(a, b, group_offsets=ends, out=out, check=True)
    assert res is out
    torch.cuda.synchronize()
    starts = [sum(sizes[:g]) for g in range(len(sizes))]
    for s, r, ref in reference(a, b, starts, sizes):
        assert torch.equal(out[s:s + r], ref.to(dtype)), f"group at rows {s}..{s + r}: not bit-exact"
    assert torch.isnan(out[sum(sizes):].float()).all(), "rows past the last end were written"


@pytest.mark.parametrize("counts,cap", [([0, 1, 129, 130, 64], 130), ([64, 0, 64, 17], 64), ([0, 0], 128)])
def test_masked_bit_exact(counts, cap):
    N, K, dtype = 256, 136, torch.bfloat16
    E = len(counts)
    gen = torch.Generator(device="cuda").manual_seed(cap + E)
    a, b = draw((E, cap, K), dtype, True, gen), draw((E, N, K), dtype, True, gen)
    out = torch.full((E, cap, N), SENTINEL, dtype=dtype, device="cuda")
    tcuda.grouped_gemm(a, b, masked_m=torch.tensor(counts, dtype=torch.int32, device="cuda"), out=out, check=True)
    torch.cuda.synchronize()
    for g, c in enumerate(counts):
        ref = (a[g, :c].float() @ b[g].float().T).to(dtype)
        assert torch.equal(out[g, :c], ref), f"expert {g}: not bit-exact"
        assert torch.isnan(out[g, c:].float()).all(), f"expert {g}: rows past its count were written"


def test_random_relative_error_and_grouped_mm():
    N, K, dtype = 512, 1024, torch.bfloat16
    sizes = [300, 0, 17, 129, 1000, 64]
    gen = torch.Generator(device="cuda").manual_seed(7)
    M = sum(sizes)
    a, b = draw((M, K), dtype, False, gen), draw((len(sizes), N, K), dtype, False, gen)
    ends = torch.tensor(sizes, dtype=torch.int64).cumsum(0).to(torch.int32).cuda()
    out = tcuda.grouped_gemm(a, b, group_offsets=ends)
    starts = [sum(sizes[:g]) for g in range(len(sizes))]
    for s, r, ref in reference(a, b, starts, sizes):
        if r:
            err = float((out[s:s + r].float() - ref).norm() / ref.norm())
            assert err < 1e-2, f"group at rows {s}: relative error {err}"
    if hasattr(torch, "_grouped_mm"):  # PyTorch's own grouped GEMM on the same inputs (offs: the same ends)
        ref = torch._grouped_mm(a, b.transpose(-2, -1), offs=ends)
        err = float((out.float() - ref.float()).norm() / ref.float().norm())
        assert err < 1e-2, f"against torch._grouped_mm: relative error {err}"


def test_current_stream():
    N, K, dtype = 256, 64, torch.bfloat16
    sizes = [200, 3, 0, 130]
    gen = torch.Generator(device="cuda").manual_seed(3)
    a, b = draw((sum(sizes), K), dtype, True, gen), draw((len(sizes), N, K), dtype, True, gen)
    ends = torch.tensor(sizes, dtype=torch.int64).cumsum(0).to(torch.int32).cuda()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        out = tcuda.grouped_gemm(a, b, group_offsets=ends)
        ref = torch.cat([(a[s:s + r].float() @ b[g].float().T).to(dtype)
                         for g, (s, r) in enumerate(zip([0, 200, 203, 203], sizes))])
        same = torch.equal(out, ref)
    side.synchronize()
    assert same


def test_errors():
    dtype = torch.bfloat16
    a = torch.zeros((10, 64), dtype=dtype, device="cuda")
    b = torch.zeros((2, 128, 64), dtype=dtype, device="cuda")
    ends = torch.tensor([4, 10], dtype=torch.int32, device="cuda")
    with pytest.raises(ValueError, match="one of group_offsets"):
        tcuda.grouped_gemm(a, b)
    with pytest.raises(ValueError, match="int32"):
        tcuda.grouped_gemm(a, b, group_offsets=ends.long())
    with pytest.raises(ValueError, match="entries for 2 groups"):
        tcuda.grouped_gemm(a, b, group_offsets=ends[:1])
    with pytest.raises(ValueError, match="K"):
        tcuda.grouped_gemm(a, b[:, :, :32].contiguous(), group_offsets=ends)
    with pytest.raises(ValueError, match="both bfloat16, both float16"):
        tcuda.grouped_gemm(a.float(), b, group_offsets=ends)
    bad = torch.tensor([6, 4], dtype=torch.int32, device="cuda")  # a decreasing end
    out = torch.full((10, 128), SENTINEL, dtype=dtype, device="cuda")
    with pytest.raises(RuntimeError, match="not valid"):
        tcuda.grouped_gemm(a, b, group_offsets=bad, out=out, check=True)
    assert torch.isnan(out.float()).all(), "invalid sizes: nothing may be written"
    with pytest.raises(RuntimeError, match="16-byte"):  # K = 60: rows 120 bytes apart, not a multiple of 16 (the TMA)
        tcuda.grouped_gemm(torch.zeros((10, 60), dtype=dtype, device="cuda"), torch.zeros((2, 128, 60), dtype=dtype, device="cuda"),
                           group_offsets=ends)


# ---- FP8 (e4m3 x e4m3 -> bf16) ----
E4 = torch.float8_e4m3fn


def fp8_reference(a8, b8, sa, sb, starts, sizes):
    """Per group ((a * sa) @ (b_g * sb).T) in fp32 from the dequantized inputs; sa one value or one per row of a."""
    af = a8.float().reshape(-1, a8.shape[-1]) * sa.reshape(-1, 1)
    return [(s, r, af[s:s + r] @ (b8[g].float() * sb).T) for g, (s, r) in enumerate(zip(starts, sizes))]


@pytest.mark.parametrize("sizes", PATTERNS + [list(range(0, 150)) + [0, 0]])
@pytest.mark.parametrize("rows_scale", [False, True])
@pytest.mark.parametrize("fast", [False, True])
def test_fp8_contiguous_bit_exact(sizes, rows_scale, fast):
    N, K = 256, 208
    gen = torch.Generator(device="cuda").manual_seed(len(sizes) * 10 + K)
    M = sum(sizes) + 5
    a = draw((M, K), torch.float32, True, gen).to(E4)
    b = draw((len(sizes), N, K), torch.float32, True, gen).to(E4)
    sa = (2.0 ** (torch.arange(M, device="cuda") % 5 - 2)).float() if rows_scale else torch.tensor([0.5], device="cuda")
    sb = torch.tensor([0.25 if rows_scale else 2.0], device="cuda")
    ends = torch.tensor(sizes, dtype=torch.int64).cumsum(0).to(torch.int32).cuda()
    out = torch.full((M, N), SENTINEL, dtype=torch.bfloat16, device="cuda")
    tcuda.grouped_gemm(a, b, group_offsets=ends, out=out, check=True, scale_a=sa, scale_b=sb, use_fast_accum=fast)
    torch.cuda.synchronize()
    starts = [sum(sizes[:g]) for g in range(len(sizes))]
    for s, r, ref in fp8_reference(a, b, sa if rows_scale else sa.expand(M), sb, starts, sizes):
        assert torch.equal(out[s:s + r], ref.to(torch.bfloat16)), f"group at rows {s}..{s + r}: not bit-exact"
    assert torch.isnan(out[sum(sizes):].float()).all(), "rows past the last end were written"


@pytest.mark.parametrize("fast", [False, True])
def test_fp8_masked_every_count(fast):
    cap, N, K = 140, 384, 128
    counts = list(range(cap, -1, -1)) + [0]  # every count 0..cap, an empty expert more
    E = len(counts)
    gen = torch.Generator(device="cuda").manual_seed(cap)
    a = draw((E, cap, K), torch.float32, True, gen).to(E4)
    b = draw((E, N, K), torch.float32, True, gen).to(E4)
    sa = (2.0 ** (torch.arange(E * cap, device="cuda") % 3 - 1)).float().reshape(E, cap)
    sb = torch.tensor([4.0], device="cuda")
    out = torch.full((E, cap, N), SENTINEL, dtype=torch.bfloat16, device="cuda")
    tcuda.grouped_gemm(a, b, masked_m=torch.tensor(counts, dtype=torch.int32, device="cuda"), out=out, check=True, scale_a=sa, scale_b=sb,
                       use_fast_accum=fast)
    torch.cuda.synchronize()
    for g, c in enumerate(counts):
        ref = ((a[g, :c].float() * sa[g, :c, None]) @ (b[g].float() * sb).T).to(torch.bfloat16)
        assert torch.equal(out[g, :c], ref), f"expert {g} ({c} rows): not bit-exact"
        assert torch.isnan(out[g, c:].float()).all(), f"expert {g}: rows past its count were written"


@pytest.mark.parametrize("fast", [False, True])
def test_fp8_random_error_beside_scaled_mm_loop(fast):
    N, K = 512, 2048
    sizes = [304, 0, 16, 128, 992, 64, 0, 48]  # multiples of 16 (torch._scaled_mm's rows)
    gen = torch.Generator(device="cuda").manual_seed(11)
    M = sum(sizes)
    a = (torch.rand((M, K), device="cuda", generator=gen) * 2 - 1).to(E4)
    b = (torch.rand((len(sizes), N, K), device="cuda", generator=gen) * 2 - 1).to(E4)
    sa, sb = torch.tensor([0.37], device="cuda"), torch.tensor([1.9], device="cuda")
    ends = torch.tensor(sizes, dtype=torch.int64).cumsum(0).to(torch.int32).cuda()
    out = tcuda.grouped_gemm(a, b, group_offsets=ends, scale_a=sa, scale_b=sb, use_fast_accum=fast)
    starts = [sum(sizes[:g]) for g in range(len(sizes))]
    for g, (s, r, ref) in enumerate(fp8_reference(a, b, sa.expand(M), sb, starts, sizes)):
        if r == 0:
            continue
        cub = torch._scaled_mm(a[s:s + r], b[g].t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast)
        err = float((out[s:s + r].float() - ref).norm() / ref.norm())
        err_cublas = float((cub.float() - ref).norm() / ref.norm())
        print(f"group {g} ({r} rows) fast={fast}: tessel rel.err {err:.3e}, torch._scaled_mm {err_cublas:.3e}")
        assert err <= err_cublas * 1.05 + 1e-5, f"group {g}: tessel's error {err:.3e} above torch._scaled_mm's {err_cublas:.3e}"


def test_fp8_errors():
    a = torch.zeros((10, 64), device="cuda").to(E4)
    b = torch.zeros((2, 128, 64), device="cuda").to(E4)
    ends = torch.tensor([4, 10], dtype=torch.int32, device="cuda")
    one = torch.tensor([1.0], device="cuda")
    with pytest.raises(ValueError, match="scale_a is not a float32"):
        tcuda.grouped_gemm(a, b, group_offsets=ends, scale_b=one)
    with pytest.raises(ValueError, match="scale_b has 2 values"):
        tcuda.grouped_gemm(a, b, group_offsets=ends, scale_a=one, scale_b=torch.ones(2, device="cuda"))
    with pytest.raises(ValueError, match="one per row of a"):
        tcuda.grouped_gemm(a, b, group_offsets=ends, scale_a=torch.ones(7, device="cuda"), scale_b=one)
    with pytest.raises(ValueError, match="multiple of 16"):
        tcuda.grouped_gemm(torch.zeros((10, 40), device="cuda").to(E4), torch.zeros((2, 128, 40), device="cuda").to(E4), group_offsets=ends,
                           scale_a=one, scale_b=one)
    with pytest.raises(ValueError, match="FP8 grouped GEMM's"):
        tcuda.grouped_gemm(a.bfloat16(), b.bfloat16(), group_offsets=ends, scale_a=one)
