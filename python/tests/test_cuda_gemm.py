"""tessel.cuda.gemm (python/tessel/cuda.py over kernels/gemm_sm90.cuh) against PyTorch: the FP8
GEMM bit-exact on small-integer inputs with power-of-two scales (every product and sum exact:
the result must be PyTorch's fp32 product rounded to the output dtype, bit for bit), ragged
shapes, per-tensor and per-row/per-column scales, e4m3 x e5m2; on random inputs its relative
error against the fp32 product of the dequantized inputs beside torch._scaled_mm's; the 16-bit
path bit-exact in every layout; the current stream; named errors. Needs PyTorch, a Hopper GPU
and nvcc (the kernels are built on first use); skips, saying why, otherwise."""
import importlib.util
import os

import pytest

torch = pytest.importorskip("torch", reason="tessel.cuda.gemm needs PyTorch (not installed)")

if not torch.cuda.is_available():
    pytest.skip("tessel.cuda.gemm needs a CUDA GPU (none here)", allow_module_level=True)
if torch.cuda.get_device_capability()[0] != 9:
    pytest.skip(f"tessel.cuda.gemm needs sm_90 (this GPU is sm_{''.join(map(str, torch.cuda.get_device_capability()))})",
                allow_module_level=True)

_HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("tessel_cuda_gemm", os.path.join(_HERE, "..", "tessel", "cuda.py"))
tcuda = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tcuda)

E4, E5 = torch.float8_e4m3fn, torch.float8_e5m2


def small_ints(shape, gen):  # -2, -1, 1, 2: exact in e4m3, e5m2, bf16, fp16
    v = torch.randint(0, 4, shape, device="cuda", generator=gen)
    return torch.where(v < 2, v - 2, v - 1).float()


def operands(M, N, K, ta, tb, gen, exact=True):
    """a (M, K) row-major, b (K, N) column-major (b.t() contiguous), as torch._scaled_mm wants them."""
    if exact:
        a, bt = small_ints((M, K), gen), small_ints((N, K), gen)
    else:
        a = (torch.rand(M, K, device="cuda", generator=gen) * 2 - 1) * 4
        bt = (torch.rand(N, K, device="cuda", generator=gen) * 2 - 1) * 4
    return a.to(ta), bt.to(tb).t()


SHAPES = [(1, 16, 16), (129, 257, 144), (77, 300, 208), (256, 512, 128), (513, 1000, 528), (300, 136, 2064)]


@pytest.mark.parametrize("M,N,K", SHAPES)
@pytest.mark.parametrize("out_dtype", [torch.bfloat16, torch.float16, torch.float32])
def test_fp8_exact_per_tensor(M, N, K, out_dtype):
    gen = torch.Generator(device="cuda").manual_seed(M * 7 + N + K)
    a, b = operands(M, N, K, E4, E4, gen)
    sa, sb = torch.tensor([0.5], device="cuda"), torch.tensor([0.25], device="cuda")
    out = tcuda.gemm(a, b, out_dtype=out_dtype, scale_a=sa, scale_b=sb)
    torch.cuda.synchronize()
    ref = (a.float() @ b.float()) * 0.125
    assert out.dtype == out_dtype and tuple(out.shape) == (M, N)
    wrong = int((out != ref.to(out_dtype)).sum())
    assert wrong == 0, f"{wrong} of {M * N} outputs differ from the fp32 reference rounded to {out_dtype}"


@pytest.mark.parametrize("ta,tb", [(E4, E5), (E5, E4)])
@pytest.mark.parametrize("M,N,K", SHAPES[1:4])
def test_fp8_exact_mixed_types_and_row_column_scales(ta, tb, M, N, K):
    gen = torch.Generator(device="cuda").manual_seed(M + N * 3 + K)
    a, b = operands(M, N, K, ta, tb, gen)
    sa = torch.pow(2.0, (torch.arange(M, device="cuda") % 4 - 2).float()).reshape(M, 1).contiguous()
    sb = torch.pow(2.0, (torch.arange(N, device="cuda") % 3 - 1).float()).reshape(1, N).contiguous()
    out = tcuda.gemm(a, b, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb)
    torch.cuda.synchronize()
    ref = (a.float() @ b.float()) * sa * sb
    wrong = int((out != ref.to(torch.bfloat16)).sum())
    assert wrong == 0, f"{wrong} of {M * N} outputs differ"


@pytest.mark.parametrize("M,N,K", [(1024, 1024, 4096), (512, 768, 11008)])
@pytest.mark.parametrize("fast", [False, True])
def test_fp8_random_error_beside_scaled_mm(M, N, K, fast):
    gen = torch.Generator(device="cuda").manual_seed(99)
    a, b = operands(M, N, K, E4, E4, gen, exact=False)
    sa, sb = torch.tensor([0.37], device="cuda"), torch.tensor([1.9], device="cuda")
    out = tcuda.gemm(a, b, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb, use_fast_accum=fast)
    ref = (a.float() * sa) @ (b.float() * sb)
    cub = torch._scaled_mm(a, b, scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast)
    torch.cuda.synchronize()
    err = float((out.float() - ref).norm() / ref.norm())
    err_cublas = float((cub.float() - ref).norm() / ref.norm())
    print(f"{M}x{N}x{K} fast={fast}: tessel rel.err {err:.3e}, torch._scaled_mm {err_cublas:.3e}")
    assert torch.isfinite(out).all()
    assert err < 1e-2 and err <= 1.25 * err_cublas + 1e-4, (err, err_cublas)


def dequant_blocks(x, s, rows_per_block):
    """x (R, K) times its block scales s (ceil(R / rows_per_block), ceil(K / 128)), in fp32."""
    R, K = x.shape
    return x.float() * s.repeat_interleave(rows_per_block, 0)[:R].repeat_interleave(128, 1)[:, :K]


@pytest.mark.parametrize("M,N,K", [(1, 16, 144), (77, 300, 208), (129, 257, 400), (256, 384, 1024)])
@pytest.mark.parametrize("m_major", [False, True])
def test_fp8_exact_block_scales(M, N, K, m_major):
    """DeepSeek-V3's scales: (M, K/128) for a, (N/128, K/128) for b, powers of two (every scaled block sum exact)."""
    gen = torch.Generator(device="cuda").manual_seed(M + N + K)
    a, b = operands(M, N, K, E4, E4, gen)
    KB, NB = (K + 127) // 128, (N + 127) // 128
    ea = (torch.arange(M, device="cuda").reshape(M, 1) + torch.arange(KB, device="cuda").reshape(1, KB)) % 4 - 2
    eb = (torch.arange(NB, device="cuda").reshape(NB, 1) + 2 * torch.arange(KB, device="cuda").reshape(1, KB)) % 3 - 1
    sa, sb = torch.pow(2.0, ea.float()), torch.pow(2.0, eb.float())
    if m_major:  # DeepGEMM's layout of a's scales: M contiguous
        sa = sa.t().contiguous().t()
    out = tcuda.gemm(a, b, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb)
    torch.cuda.synchronize()
    ref = dequant_blocks(a, sa, 1) @ dequant_blocks(b.t(), sb, 128).t()
    wrong = int((out != ref.to(torch.bfloat16)).sum())
    assert wrong == 0, f"{wrong} of {M * N} outputs differ"


@pytest.mark.parametrize("M,N,K", [(1024, 1024, 4096), (512, 768, 11008)])
def test_fp8_random_block_scales_beside_pytorch(M, N, K):
    gen = torch.Generator(device="cuda").manual_seed(7)
    a, b = operands(M, N, K, E4, E4, gen, exact=False)
    KB, NB = (K + 127) // 128, (N + 127) // 128
    sa = torch.rand(M, KB, device="cuda", generator=gen) * 1.5 + 0.25
    sb = torch.rand(NB, KB, device="cuda", generator=gen) * 1.5 + 0.25
    out = tcuda.gemm(a, b, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb)
    ref = dequant_blocks(a, sa, 1) @ dequant_blocks(b.t(), sb, 128).t()  # the PyTorch reference, fp32
    torch.cuda.synchronize()
    err = float((out.float() - ref).norm() / ref.norm())
    err_ref = float((ref.to(torch.bfloat16).float() - ref).norm() / ref.norm())
    print(f"{M}x{N}x{K} blocks: tessel rel.err {err:.3e}, the fp32 reference rounded to bf16 {err_ref:.3e}")
    assert torch.isfinite(out).all()
    assert err < 1e-2 and err <= 1.25 * err_ref + 1e-4, (err, err_ref)


def test_fp8_current_stream():
    gen = torch.Generator(device="cuda").manual_seed(5)
    a, b = operands(640, 384, 1024, E4, E4, gen)
    sa, sb = torch.tensor([1.0], device="cuda"), torch.tensor([1.0], device="cuda")
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        torch.cuda._sleep(20_000_000)  # the side stream busy: a call on the default stream would finish first
        out = tcuda.gemm(a, b, scale_a=sa, scale_b=sb)
    side.synchronize()
    assert int((out != (a.float() @ b.float()).to(torch.bfloat16)).sum()) == 0


@pytest.mark.parametrize("dt", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize("lay", ["TN", "NN", "NT", "TT"])
def test_16bit_exact_every_layout(dt, lay):
    gen = torch.Generator(device="cuda").manual_seed(11)
    M, N, K = 200, 264, 136
    a = small_ints((M, K), gen).to(dt) if lay[0] == "T" else small_ints((K, M), gen).to(dt).t()
    b = small_ints((N, K), gen).to(dt).t() if lay[1] == "N" else small_ints((K, N), gen).to(dt)
    out = tcuda.gemm(a, b)
    torch.cuda.synchronize()
    assert out.dtype == dt
    assert int((out != (a.float() @ b.float()).to(dt)).sum()) == 0


def test_named_errors():
    gen = torch.Generator(device="cuda").manual_seed(3)
    a, b = operands(64, 64, 64, E4, E4, gen)
    s = torch.tensor([1.0], device="cuda")
    with pytest.raises(ValueError, match="K-major"):
        tcuda.gemm(a, b.contiguous(), scale_a=s, scale_b=s)  # b row-major: N-major
    with pytest.raises(ValueError, match="multiples of 16"):
        a72, b72 = operands(64, 64, 72, E4, E4, gen)
        tcuda.gemm(a72, b72, scale_a=s, scale_b=s)
    with pytest.raises(ValueError, match="both scales"):
        tcuda.gemm(a, b)
    with pytest.raises(ValueError, match="out_dtype"):
        tcuda.gemm(a, b, out_dtype=E4, scale_a=s, scale_b=s)
    a5, b5 = operands(64, 64, 64, E5, E5, gen)
    with pytest.raises(ValueError, match="not taken"):
        tcuda.gemm(a5, b5, scale_a=s, scale_b=s)
    with pytest.raises(ValueError, match="one value each"):
        tcuda.gemm(a, b, scale_a=torch.ones(3, device="cuda"), scale_b=s)
    with pytest.raises(ValueError, match="FP8 GEMM's"):
        tcuda.gemm(a.to(torch.bfloat16), b.to(torch.bfloat16), scale_a=s, scale_b=s)
