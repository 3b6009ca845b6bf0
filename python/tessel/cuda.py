"""tessel.cuda: tessel's Hopper (sm_90a) kernels on PyTorch tensors.

    out = tessel.cuda.attention(q, k, v, causal=False, softmax_scale=None)
    out, lse = tessel.cuda.attention(q, k, v, causal=True, return_lse=True)
    out = tessel.cuda.attention(q, k, v, cu_seqlens_q=cq, cu_seqlens_k=ck, max_seqlen_q=mq, max_seqlen_k=mk)

The attention forward of include/tessel/kernels/attention_sm90.cuh (issue 26):
q (B, Sq, Hq, D), k and v (B, Sk, Hkv, D), CUDA tensors of one dtype, bfloat16
or float16, the head dimension contiguous (the other strides free, multiples
of 8 elements, and 16-byte aligned pointers, for the TMA), D 64, 128 or 256,
Hq a multiple of Hkv (MHA, GQA, MQA). softmax_scale defaults to 1/sqrt(D).
causal: the bottom-right aligned mask (query i sees keys j <= i + Sk - Sq;
a row that sees no key gives zeros and lse -inf). Returns out (B, Sq, Hq, D),
contiguous, and on request lse (B, Hq, Sq) float32, the natural log of each
row's sum of exp(scale * q.k). Runs on the current stream; a call can be
captured in a CUDA graph once a first call has run outside the capture.

Variable-length batches, as FlashAttention's varlen functions: with
cu_seqlens_q and cu_seqlens_k (int32 CUDA tensors of B + 1 nondecreasing
offsets, cu_seqlens[0] usually 0), q is (total_q, Hq, D) and k, v
(total_k, Hkv, D) with the B sequences packed along the rows: sequence b's
queries are rows cu_seqlens_q[b] .. cu_seqlens_q[b + 1] - 1 and attend to its
keys, rows cu_seqlens_k[b] .. cu_seqlens_k[b + 1] - 1 (causal: bottom-right
aligned in each sequence; a sequence may be empty). out is (total_q, Hq, D)
(rows of no sequence are left as torch.empty made them), lse (Hq, total_q).
max_seqlen_q / max_seqlen_k must bound every sequence's length (the kernels
cover max_seqlen_q rows of each sequence); left None they are read from the
offsets, which synchronises with the device (not in a CUDA graph then), and the
offsets are checked (nondecreasing within the packed rows: ValueError
otherwise). Given, the offsets are not read on the host: the kernels clamp bad
ones into the tensors (no access outside them, no hang; the result is then
that of the clamped offsets).

FP8 (issue 26): q, k and v float8_e4m3fn, with q_descale, k_descale, v_descale
(float32 CUDA tensors: one value each, per tensor, or FlashAttention-3's
(B, Hkv), one per batch and key/value head; None: 1), D 128 or 256, fixed
lengths only: out is bfloat16, softmax(softmax_scale * (q q_descale)(k k_descale)^T)
(v v_descale), with fp32 accumulation and P rounded to e4m3 (times 2^8 before,
as FlashAttention-3). v's rows are transposed first into a workspace (B, Hkv,
D, Sk rounded up to 32) by a pass on the same stream (part of the call).

Grouped (MoE) GEMMs, the grouped GEMM of include/tessel/kernels/gemm_sm90_grouped.cuh:

    out = tessel.cuda.grouped_gemm(a, b, group_offsets=offs)   # a (M, K), out (M, N)
    out = tessel.cuda.grouped_gemm(a, b, masked_m=counts)      # a (E, capacity, K), out (E, capacity, N)

b (E, N, K): expert g's weights (K contiguous, as nn.Linear keeps them);
out_g = a_g @ b[g].T for each expert g. group_offsets: int32 CUDA tensor of E
nondecreasing ends (torch._grouped_mm's offs: group g is rows
offs[g-1] .. offs[g] - 1 of a and out, offs[-1] = 0; rows past offs[E-1] are
not written). masked_m: int32 CUDA tensor of E counts in [0, capacity]: rows
masked_m[g] .. capacity - 1 of expert g are not written. bfloat16 or float16
(a, b and out of one dtype), K contiguous with rows 16-byte aligned; or FP8:
a and b float8_e4m3fn with scale_a (float32: one value, or one per row of a)
and scale_b (float32, one value), out bfloat16 = (a * scale_a) @ (b[g] * scale_b).T,
the wgmma accumulators promoted into fp32 every k-tile of 128 (use_fast_accum=True:
never, 128 x 256 tiles; as torch._scaled_mm's flag), K a multiple of 16. out
(optional) receives the result; a new one is torch.empty (rows of no group
stay uninitialised). The sizes stay on the device (no synchronisation); sizes
that are not valid compute nothing, and check=True waits for the kernel and
raises the error. Runs on the current stream.

Dense GEMMs, the Hopper GEMM of include/tessel/kernels/gemm_sm90.cuh (issue 27's FP8 GEMM):

    out = tessel.cuda.gemm(a, b, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb)   # FP8, as torch._scaled_mm
    out = tessel.cuda.gemm(a, b)                                                       # bf16 / fp16, as torch.matmul

out = a @ b for a (M, K) and b (K, N). FP8 (a float8_e4m3fn or float8_e5m2, b the
same or the other; not both e5m2): a row-major and b column-major (b.t()
contiguous: both K-major, what the FP8 wgmma reads; torch._scaled_mm's rule), K a
multiple of 16; scale_a, scale_b float32 CUDA tensors, one value each (per tensor)
or (M, 1) and (1, N) (per row of a, per column of b), or DeepSeek-V3's block scales
(M, ceil(K/128)) and (ceil(N/128), ceil(K/128)) (a per row and 128 elements of K,
b per 128 x 128 block; any strides), applied as each k-tile of 128 is added into
the fp32 accumulator; out_dtype bfloat16 (the
default), float16 or float32; out = (a * scale_a) @ (b * scale_b) accumulated in
fp32 with the wgmma accumulators promoted into an fp32 one every k-tile of 128
(use_fast_accum=True: never, as torch._scaled_mm's flag). bfloat16 / float16: a
and b of one dtype, any strides with a unit one each (others: a slow exact-order
kernel), out of the same dtype, no scales. Runs on the current stream.

The kernels are built on first use: nvcc compiles _attention_capi.cu for each
dtype and head dimension (6 translation units, in parallel) into one shared
library, called through ctypes (no PyTorch headers), kept in a cache folder
(TESSEL_CUDA_CACHE, default ~/.cache/tessel) under a hash of the sources (and
flags, the include folder's path aside: a cache moves with the sources);
TESSEL_CUDA_JOBS limits how many units compile at once (default: all).
TESSEL_INCLUDE_DIR names tessel's include folder where this file is neither in
a source checkout (python/tessel/ beside include/) nor in the CMake build's
package (_include_dir.txt); NVCC names the compiler. The GEMMs' libraries are
built the same way, on their first use: the grouped GEMM's from _gemm_capi.cu (one
translation unit per dtype: bf16, fp16, e4m3; build(kernels="grouped")), the dense
GEMM's from _gemm_dense_capi.cu (one unit per FP8 pair and output dtype, and per
16-bit dtype; build(kernels="gemm")).
"""

import ctypes
import hashlib
import os
import shutil
import subprocess
import threading
import time

__all__ = ["attention", "build", "gemm", "grouped_gemm"]

_HEAD_DIMS = (64, 128, 256)
_DTYPES = ("bf16", "fp16")
_ATTN_FP8_DIMS = (128, 256)  # FP8 attention (e4m3 in, bf16 out)
_FP8_PAIRS = ("e4m3e4m3", "e4m3e5m2", "e5m2e4m3")
_FP8_OUTS = ("bf16", "fp16", "fp32")  # one unit per pair and output: the units build in parallel
_GROUPED_FP8 = ("e4m3",)  # the grouped GEMM's 8-bit inputs (e4m3 x e4m3, bf16 out)
_lock = threading.Lock()
_lib = None
_gemm_lib = None
_grouped_lib = None
build_seconds = None  # the wall time of the last build (None: taken from the cache)


def _include_dir():
    d = os.environ.get("TESSEL_INCLUDE_DIR")
    if d:
        return d
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.path.join(here, "include"),  # an installed package (setup.py copies the headers there)
                  os.path.join(here, "..", "..", "include")]  # a source checkout
    noted = os.path.join(here, "_include_dir.txt")  # the CMake build's copy (python/CMakeLists.txt)
    if os.path.isfile(noted):
        with open(noted) as fh:
            candidates.append(fh.read().strip())
    for d in candidates:
        d = os.path.normpath(d)
        if os.path.isfile(os.path.join(d, "tessel", "kernels", "attention_sm90.cuh")):
            return d
    raise RuntimeError("tessel.cuda: tessel's include folder was not found; set TESSEL_INCLUDE_DIR")


def _nvcc():
    n = os.environ.get("NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.path.exists(n) and not shutil.which(n):
        raise RuntimeError("tessel.cuda: nvcc was not found; set NVCC")
    return n


def _flags(inc):
    # -fno-gnu-unique: the launch's per-configuration statics (the shared-memory attribute set once per device) stay
    # this library's own; as STB_GNU_UNIQUE (g++'s default for statics of templates) a second library loaded in the
    # process with the same kernel configuration shares them, and its kernel launches without the attribute
    # ("invalid argument": attention_pair.py with two libraries, session 16)
    return ["-std=c++20", "-O3", "-gencode=arch=compute_90a,code=sm_90a", "-Xcompiler", "-fPIC", "-Xcompiler", "-fno-gnu-unique", "-I" + inc]


def _source_hash(srcs, inc, flags):
    # the flags with the include folder's path left out (the headers' contents are hashed below), so that a cache
    # built in one checkout serves another of the same sources (TESSEL_CUDA_CACHE carried to another machine)
    h = hashlib.sha256()
    h.update(" ".join(f.replace(inc, "<include>") for f in flags).encode())
    for root in (os.path.join(inc, "tessel"),):
        for dirpath, _, files in sorted(os.walk(root)):
            for f in sorted(files):
                with open(os.path.join(dirpath, f), "rb") as fh:
                    h.update(f.encode())
                    h.update(fh.read())
    for src in srcs:
        with open(src, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()[:16]


def _units(kernels):
    """The library's name and its translation units (source, defines, object name)."""
    if kernels == "attention":
        return "attention", ([("_attention_capi.cu", [f"-DTESSEL_ATTN_T={t}", f"-DTESSEL_ATTN_D={d}"], f"attention_{t}_d{d}.o")
                              for t in _DTYPES for d in _HEAD_DIMS]
                             + [("_attention_capi.cu", ["-DTESSEL_ATTN_T=e4m3", f"-DTESSEL_ATTN_D={d}", "-DTESSEL_ATTN_FP8=1"], f"attention_e4m3_d{d}.o")
                                for d in _ATTN_FP8_DIMS])
    if kernels == "grouped":
        return "grouped", [("_gemm_capi.cu", [f"-DTESSEL_GEMM_T={t}"], f"grouped_{t}.o") for t in _DTYPES + _GROUPED_FP8]
    if kernels == "gemm":
        return "gemm", ([("_gemm_dense_capi.cu", [f"-DTESSEL_GEMM_FP8={p}", f"-DTESSEL_GEMM_FP8_OUT={o}"], f"gemm_fp8_{p}_{o}.o")
                           for p in _FP8_PAIRS for o in _FP8_OUTS]
                        + [("_gemm_dense_capi.cu", [f"-DTESSEL_GEMM_B16={t}"], f"gemm_b16_{t}.o") for t in _DTYPES])
    raise ValueError(f"tessel.cuda.build: kernels is 'attention', 'gemm' or 'grouped', not {kernels!r}")


def _build_jobs(units):
    """How many translation units nvcc compiles at once: TESSEL_CUDA_JOBS (a positive integer), else all of them."""
    v = os.environ.get("TESSEL_CUDA_JOBS", "")
    if v == "":
        return units
    if not v.isdigit() or int(v) < 1:
        raise ValueError(f"tessel.cuda: TESSEL_CUDA_JOBS is {v!r}, not a positive integer")
    return min(int(v), units)


def build(verbose=False, kernels="attention"):
    """Builds (or finds in the cache) the kernels' library (attention or gemm) and returns its path."""
    global build_seconds
    name, units = _units(kernels)
    inc = _include_dir()
    here = os.path.dirname(os.path.abspath(__file__))
    srcs = sorted({os.path.join(here, src_name) for src_name, _, _ in units} | {os.path.join(here, "_capi.cuh")})  # with what the units share
    nvcc = _nvcc()
    flags = _flags(inc)
    cache = os.environ.get("TESSEL_CUDA_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "tessel")
    out = os.path.join(cache, name + "-" + _source_hash(srcs, inc, flags))
    lib = os.path.join(out, f"libtessel_{name}.so")
    if os.path.isfile(lib):
        return lib
    os.makedirs(out, exist_ok=True)
    t0 = time.time()
    jobs = _build_jobs(len(units))
    running, objs, failed = [], [], []

    def finish(cmd, p):
        text = p.communicate()[0].decode(errors="replace")
        if p.returncode != 0:
            failed.append(" ".join(cmd) + "\n" + text[-4000:])
    for src_name, defines, obj_name in units:
        obj = os.path.join(out, obj_name)
        cmd = [nvcc, *flags, *defines, "-c", os.path.join(here, src_name), "-o", obj]
        if verbose:
            print(" ".join(cmd))
        if len(running) == jobs:
            finish(*running.pop(0))
        running.append((cmd, subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)))
        objs.append(obj)
    for cmd, p in running:
        finish(cmd, p)
    if failed:
        raise RuntimeError("tessel.cuda: the kernels did not build:\n" + "\n".join(failed))
    tmp = lib + f".{os.getpid()}.tmp"
    link = subprocess.run([nvcc, "-shared", "-o", tmp, *objs], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if link.returncode != 0:
        raise RuntimeError("tessel.cuda: linking the kernels failed:\n" + link.stdout.decode(errors="replace")[-4000:])
    os.replace(tmp, lib)
    build_seconds = time.time() - t0
    return lib


def _library():
    global _lib
    with _lock:
        if _lib is None:
            lib = ctypes.CDLL(build())
            for t in _DTYPES:
                for d in _HEAD_DIMS:
                    f = getattr(lib, f"tessel_attention_{t}_d{d}")
                    f.restype = ctypes.c_int
                    f.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_void_p] + [ctypes.c_int] * 5 + [
                        ctypes.POINTER(ctypes.c_longlong), ctypes.c_float, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p] + [
                        ctypes.c_int] * 4 + [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
            for d in _ATTN_FP8_DIMS:
                f = getattr(lib, f"tessel_attention_e4m3_d{d}")
                f.restype = ctypes.c_int
                f.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_void_p] + [ctypes.c_int] * 5 + [
                    ctypes.POINTER(ctypes.c_longlong), ctypes.c_float, ctypes.c_int] + [ctypes.c_void_p] * 3 + [
                    ctypes.POINTER(ctypes.c_longlong), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
            _lib = lib
        return _lib


def attention(q, k, v, causal=False, softmax_scale=None, return_lse=False, cu_seqlens_q=None, cu_seqlens_k=None, max_seqlen_q=None,
              max_seqlen_k=None, q_descale=None, k_descale=None, v_descale=None):
    """The attention forward (see the module's documentation): out, or (out, lse) with return_lse."""
    import torch

    names = {torch.bfloat16: "bf16", torch.float16: "fp16"}
    fp8 = getattr(torch, "float8_e4m3fn", None)
    if fp8 is not None and isinstance(q, torch.Tensor) and q.dtype == fp8:
        names[fp8] = "e4m3"
    elif q_descale is not None or k_descale is not None or v_descale is not None:
        raise ValueError("tessel.cuda.attention: descales are for float8_e4m3fn q, k and v")
    varlen = cu_seqlens_q is not None or cu_seqlens_k is not None
    if fp8 is not None and isinstance(q, torch.Tensor) and q.dtype == fp8 and varlen:
        raise ValueError("tessel.cuda.attention: FP8 takes fixed lengths (no cu_seqlens)")
    rank = 3 if varlen else 4
    for name, t in (("q", q), ("k", k), ("v", v)):
        if not isinstance(t, torch.Tensor) or not t.is_cuda:
            raise ValueError(f"tessel.cuda.attention: {name} is not a CUDA tensor")
        if t.dim() != rank:
            raise ValueError(f"tessel.cuda.attention: {name} is not of shape "
                             f"{'(total, heads, head_dim) (varlen)' if varlen else '(batch, seqlen, heads, head_dim)'}")
        if t.dtype not in names or t.dtype != q.dtype:
            raise ValueError(f"tessel.cuda.attention: {name} is {t.dtype}; q, k and v are all bfloat16, all float16 or all float8_e4m3fn")
        if t.device != q.device:
            raise ValueError(f"tessel.cuda.attention: {name} is on {t.device}, q on {q.device}")
        if t.stride(-1) != 1:
            raise ValueError(f"tessel.cuda.attention: {name}'s head dimension is not contiguous")
    if tuple(v.shape) != tuple(k.shape):
        raise ValueError(f"tessel.cuda.attention: v's shape {tuple(v.shape)} is not k's {tuple(k.shape)}")
    if varlen:
        for name, c in (("cu_seqlens_q", cu_seqlens_q), ("cu_seqlens_k", cu_seqlens_k)):
            if not isinstance(c, torch.Tensor) or c.device != q.device or c.dtype != torch.int32 or c.dim() != 1 or not c.is_contiguous():
                raise ValueError(f"tessel.cuda.attention: {name} is not a contiguous 1-d int32 tensor on {q.device}")
        if cu_seqlens_q.numel() != cu_seqlens_k.numel() or cu_seqlens_q.numel() < 1:
            raise ValueError("tessel.cuda.attention: cu_seqlens_q and cu_seqlens_k are not both of B + 1 offsets")
        B = cu_seqlens_q.numel() - 1
        Tq, Hq, D = q.shape
        Tk, Hkv, Dk = k.shape
        Sq = Sk = 0
        for name, c, rows, m in (("q", cu_seqlens_q, Tq, max_seqlen_q), ("k", cu_seqlens_k, Tk, max_seqlen_k)):
            if m is None and B:  # read the offsets (a synchronisation): check them and take the longest sequence
                lens = c[1:] - c[:-1]
                lo, hi, longest, shortest = (int(x) for x in torch.stack((c[0], c[-1], lens.max(), lens.min())).tolist())
                if lo < 0 or hi > rows or shortest < 0:
                    raise ValueError(f"tessel.cuda.attention: cu_seqlens_{name} is not nondecreasing within [0, {rows}] "
                                     f"(first {lo}, last {hi}, shortest sequence {shortest})")
                if name == "q":
                    max_seqlen_q = longest
                else:
                    max_seqlen_k = longest
        max_seqlen_q = 0 if max_seqlen_q is None else max_seqlen_q
        max_seqlen_k = 0 if max_seqlen_k is None else max_seqlen_k
        max_seqlen_q, max_seqlen_k = int(max_seqlen_q), int(max_seqlen_k)
        if not (0 <= max_seqlen_q <= Tq and 0 <= max_seqlen_k <= Tk):
            raise ValueError(f"tessel.cuda.attention: max_seqlen_q {max_seqlen_q} / max_seqlen_k {max_seqlen_k} outside "
                             f"[0, {Tq}] / [0, {Tk}] (the packed tensors' rows)")
        out_shape, lse_shape = (Tq, Hq, D), (Hq, Tq)
    else:
        if max_seqlen_q is not None or max_seqlen_k is not None:
            raise ValueError("tessel.cuda.attention: max_seqlen_q / max_seqlen_k without cu_seqlens_q / cu_seqlens_k")
        B, Sq, Hq, D = q.shape
        Bk, Sk, Hkv, Dk = k.shape
        if Bk != B:
            raise ValueError("tessel.cuda.attention: q and k differ in batch")
        Tq = Tk = max_seqlen_q = max_seqlen_k = 0
        out_shape, lse_shape = (B, Sq, Hq, D), (B, Hq, Sq)
    if Dk != D:
        raise ValueError("tessel.cuda.attention: q and k differ in head dimension")
    dims = _ATTN_FP8_DIMS if names[q.dtype] == "e4m3" else _HEAD_DIMS
    if D not in dims:
        raise ValueError(f"tessel.cuda.attention: head dimension {D}; the {q.dtype} kernels have {dims}")
    if Hkv == 0 or Hq % Hkv != 0:
        raise ValueError(f"tessel.cuda.attention: {Hq} query heads are not a multiple of {Hkv} key/value heads")
    scale = float(softmax_scale) if softmax_scale is not None else D ** -0.5
    out = torch.empty(out_shape, dtype=torch.bfloat16 if names[q.dtype] == "e4m3" else q.dtype, device=q.device)
    lse = torch.empty(lse_shape, dtype=torch.float32, device=q.device) if return_lse else None
    if B == 0 or (Sq if not varlen else max_seqlen_q) == 0:
        return (out, lse) if return_lse else out
    if (Sk if not varlen else Tk) == 0:
        raise ValueError("tessel.cuda.attention: no keys (seqlen of k is 0)")
    if varlen:  # (rows, heads) strides; the batch strides are not used
        q4, k4, v4, o4 = (t.unsqueeze(0) for t in (q, k, v, out))
    else:
        q4, k4, v4, o4 = q, k, v, out
    strides = (ctypes.c_longlong * 12)(q4.stride(0), q4.stride(1), q4.stride(2), k4.stride(0), k4.stride(1), k4.stride(2),
                                       v4.stride(0), v4.stride(1), v4.stride(2), o4.stride(0), o4.stride(1), o4.stride(2))
    fn = getattr(_library(), f"tessel_attention_{names[q.dtype]}_d{D}")
    err = ctypes.create_string_buffer(512)
    if names[q.dtype] == "e4m3":
        ds, ds_strides = [], []
        for name, t in (("q_descale", q_descale), ("k_descale", k_descale), ("v_descale", v_descale)):
            if t is None:
                ds.append(None)
                ds_strides += [0, 0]
                continue
            if not isinstance(t, torch.Tensor) or t.device != q.device or t.dtype != torch.float32:
                raise ValueError(f"tessel.cuda.attention: {name} is not a float32 tensor on {q.device}")
            if t.numel() == 1:
                ds_strides += [0, 0]
            elif tuple(t.shape) == (B, Hkv):
                ds_strides += [t.stride(0), t.stride(1)]
            else:
                raise ValueError(f"tessel.cuda.attention: {name} is of shape {tuple(t.shape)}: one value, or ({B}, {Hkv}) (batch, kv heads)")
            ds.append(t.data_ptr())
        # V^T's workspace (B, Hkv, D, Sk rounded up to 32), kept alive until the kernel has read it (the caching allocator
        # reuses it only for work queued after it on this stream)
        vt = torch.empty(B * Hkv * D * ((Sk + 31) // 32 * 32), dtype=torch.uint8, device=q.device)
        with torch.cuda.device(q.device):
            stream = torch.cuda.current_stream(q.device).cuda_stream
            rc = fn(q.data_ptr(), k.data_ptr(), v.data_ptr(), out.data_ptr(), lse.data_ptr() if lse is not None else None,
                    B, Sq, Sk, Hq, Hkv, strides, scale, int(bool(causal)), ds[0], ds[1], ds[2],
                    (ctypes.c_longlong * 6)(*ds_strides), vt.data_ptr(), stream, err, len(err))
        if rc != 0:
            raise RuntimeError(err.value.decode(errors="replace"))
        return (out, lse) if return_lse else out
    with torch.cuda.device(q.device):
        stream = torch.cuda.current_stream(q.device).cuda_stream
        rc = fn(q.data_ptr(), k.data_ptr(), v.data_ptr(), out.data_ptr(), lse.data_ptr() if lse is not None else None,
                B, Sq, Sk, Hq, Hkv, strides, scale, int(bool(causal)),
                cu_seqlens_q.data_ptr() if varlen else None, cu_seqlens_k.data_ptr() if varlen else None,
                max_seqlen_q, max_seqlen_k, Tq, Tk, stream, err, len(err))
    if rc != 0:
        raise RuntimeError(err.value.decode(errors="replace"))
    return (out, lse) if return_lse else out


def _gemm_library():
    global _gemm_lib
    with _lock:
        if _gemm_lib is None:
            lib = ctypes.CDLL(build(kernels="gemm"))
            for p in _FP8_PAIRS:
                for o in _FP8_OUTS:
                    f = getattr(lib, f"tessel_gemm_fp8_{p}_{o}")
                    f.restype = ctypes.c_int
                    f.argtypes = [ctypes.c_void_p, ctypes.c_longlong] * 3 + [ctypes.c_int] * 3 + [ctypes.c_void_p] * 2 + [ctypes.c_int] * 4 + [
                        ctypes.POINTER(ctypes.c_longlong), ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
            for t in _DTYPES:
                f = getattr(lib, f"tessel_gemm_b16_{t}")
                f.restype = ctypes.c_int
                f.argtypes = ([ctypes.c_void_p, ctypes.c_longlong, ctypes.c_longlong] * 3 + [ctypes.c_int] * 3
                              + [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int])
            _gemm_lib = lib
        return _gemm_lib


def _grouped_library():
    global _grouped_lib
    with _lock:
        if _grouped_lib is None:
            lib = ctypes.CDLL(build(kernels="grouped"))
            for t in _DTYPES + _GROUPED_FP8:
                w = getattr(lib, f"tessel_grouped_workspace_{t}")
                w.restype = ctypes.c_longlong
                w.argtypes = [ctypes.c_int, ctypes.c_int]
                f = getattr(lib, f"tessel_grouped_gemm_{t}")
                f.restype = ctypes.c_int
                scales = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int] if t in _GROUPED_FP8 else []
                f.argtypes = [ctypes.c_void_p, ctypes.c_longlong] * 3 + [ctypes.c_void_p] + [ctypes.c_int] * 5 + [
                    ctypes.c_void_p, ctypes.c_longlong, ctypes.c_int] + scales + [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
            _grouped_lib = lib
        return _grouped_lib


def grouped_gemm(a, b, group_offsets=None, masked_m=None, out=None, check=False, scale_a=None, scale_b=None, use_fast_accum=False):
    """out_g = a_g @ b[g].T for the groups of group_offsets or masked_m, 16-bit or FP8 with scales (see the module's
    documentation); returns out."""
    import torch

    names = {torch.bfloat16: "bf16", torch.float16: "fp16", torch.float8_e4m3fn: "e4m3"}
    if (group_offsets is None) == (masked_m is None):
        raise ValueError("tessel.cuda.grouped_gemm: give one of group_offsets (contiguous) and masked_m (masked)")
    masked = masked_m is not None
    for name, t in (("a", a), ("b", b)):
        if not isinstance(t, torch.Tensor) or not t.is_cuda:
            raise ValueError(f"tessel.cuda.grouped_gemm: {name} is not a CUDA tensor")
        if t.dtype not in names or t.dtype != a.dtype:
            raise ValueError(f"tessel.cuda.grouped_gemm: {name} is {t.dtype}; a and b are both bfloat16, both float16 or both float8_e4m3fn")
        if t.device != a.device:
            raise ValueError(f"tessel.cuda.grouped_gemm: {name} is on {t.device}, a on {a.device}")
    if b.dim() != 3:
        raise ValueError("tessel.cuda.grouped_gemm: b is not of shape (groups, N, K)")
    E, N, K = b.shape
    if a.dim() != (3 if masked else 2):
        raise ValueError(f"tessel.cuda.grouped_gemm: a is not of shape {'(groups, capacity, K)' if masked else '(rows, K)'}")
    if a.shape[-1] != K:
        raise ValueError(f"tessel.cuda.grouped_gemm: a's K {a.shape[-1]} is not b's {K}")
    sizes = masked_m if masked else group_offsets
    what = "masked_m" if masked else "group_offsets"
    if (not isinstance(sizes, torch.Tensor) or sizes.device != a.device or sizes.dtype != torch.int32 or sizes.dim() != 1
            or not sizes.is_contiguous()):
        raise ValueError(f"tessel.cuda.grouped_gemm: {what} is not a contiguous 1-d int32 tensor on {a.device}")
    if sizes.numel() != E:
        raise ValueError(f"tessel.cuda.grouped_gemm: {what} has {sizes.numel()} entries for {E} groups (b's first extent)")
    if masked:
        if a.shape[0] != E:
            raise ValueError(f"tessel.cuda.grouped_gemm: a has {a.shape[0]} groups, b {E}")
        cap = a.shape[1]
        rows = E * cap
        out_shape = (E, cap, N)
    else:
        cap = 0
        rows = a.shape[0]
        out_shape = (rows, N)
    fp8 = names[a.dtype] in _GROUPED_FP8
    out_dtype = torch.bfloat16 if fp8 else a.dtype
    a_rows = False
    if fp8:
        for name, sc in (("scale_a", scale_a), ("scale_b", scale_b)):
            if not isinstance(sc, torch.Tensor) or not sc.is_cuda or sc.dtype != torch.float32 or sc.device != a.device:
                raise ValueError(f"tessel.cuda.grouped_gemm: {name} is not a float32 CUDA tensor on {a.device} (FP8 needs both scales)")
        if scale_b.numel() != 1:
            raise ValueError(f"tessel.cuda.grouped_gemm: scale_b has {scale_b.numel()} values; one (per tensor)")
        if scale_a.numel() != 1:
            a_rows = True
            if scale_a.numel() != rows or not scale_a.is_contiguous() or tuple(scale_a.shape) not in ((rows,), (rows, 1), tuple(a.shape[:-1]),
                                                                                                      tuple(a.shape[:-1]) + (1,)):
                raise ValueError(f"tessel.cuda.grouped_gemm: scale_a {tuple(scale_a.shape)}: one value (per tensor) or one per row of a "
                                 f"({tuple(a.shape[:-1])}, contiguous)")
        if K % 16:
            raise ValueError(f"tessel.cuda.grouped_gemm: FP8 needs K a multiple of 16 (16-byte rows for the TMA), not {K}")
    elif scale_a is not None or scale_b is not None or use_fast_accum:
        raise ValueError("tessel.cuda.grouped_gemm: scale_a, scale_b and use_fast_accum are the FP8 grouped GEMM's")
    if out is None:
        out = torch.empty(out_shape, dtype=out_dtype, device=a.device)
    elif not isinstance(out, torch.Tensor) or tuple(out.shape) != out_shape or out.dtype != out_dtype or out.device != a.device:
        raise ValueError(f"tessel.cuda.grouped_gemm: out is not a {out_dtype} tensor of shape {out_shape} on {a.device}")
    # rows of each operand: (rows, cols) with unit column stride, groups (masked, b) rows * ld apart
    for name, t, inner in (("a", a, cap if masked else None), ("b", b, N), ("out", out, cap if masked else None)):
        if t.stride(-1) != 1:
            raise ValueError(f"tessel.cuda.grouped_gemm: {name}'s last dimension is not contiguous")
        if t.dim() == 3 and t.shape[0] > 1 and t.stride(0) != t.shape[1] * t.stride(1):
            raise ValueError(f"tessel.cuda.grouped_gemm: {name}'s groups are not one after the other (stride(0) != shape[1] * stride(1))")
    if E == 0 or rows == 0 or N == 0:
        return out
    if K == 0:
        raise ValueError("tessel.cuda.grouped_gemm: K = 0")
    t = names[a.dtype]
    lib = _grouped_library()
    ws_bytes = getattr(lib, f"tessel_grouped_workspace_{t}")(E, rows)
    ws = torch.empty(int(ws_bytes), dtype=torch.uint8, device=a.device)
    err = ctypes.create_string_buffer(512)
    scales = [scale_a.data_ptr(), int(a_rows), scale_b.data_ptr(), int(bool(use_fast_accum))] if fp8 else []
    with torch.cuda.device(a.device):
        stream = torch.cuda.current_stream(a.device).cuda_stream
        rc = getattr(lib, f"tessel_grouped_gemm_{t}")(a.data_ptr(), a.stride(-2), b.data_ptr(), b.stride(1), out.data_ptr(), out.stride(-2),
                                                      sizes.data_ptr(), E, rows, cap, N, K, ws.data_ptr(), int(ws_bytes), int(bool(check)),
                                                      *scales, stream, err, len(err))
    if rc != 0:
        raise RuntimeError(err.value.decode(errors="replace"))
    return out


def gemm(a, b, out_dtype=None, scale_a=None, scale_b=None, use_fast_accum=False):
    """out = a @ b: FP8 with scales (as torch._scaled_mm) or bf16/fp16 (as torch.matmul); see the module's documentation."""
    import torch

    fp8 = {torch.float8_e4m3fn: "e4m3", torch.float8_e5m2: "e5m2"}
    b16 = {torch.bfloat16: "bf16", torch.float16: "fp16"}
    outs = {torch.bfloat16: "bf16", torch.float16: "fp16", torch.float32: "fp32"}
    for name, t in (("a", a), ("b", b)):
        if not isinstance(t, torch.Tensor) or not t.is_cuda:
            raise ValueError(f"tessel.cuda.gemm: {name} is not a CUDA tensor")
        if t.dim() != 2:
            raise ValueError(f"tessel.cuda.gemm: {name} is not a matrix (2 dimensions)")
        if t.device != a.device:
            raise ValueError(f"tessel.cuda.gemm: {name} is on {t.device}, a on {a.device}")
    M, K = a.shape
    if b.shape[0] != K:
        raise ValueError(f"tessel.cuda.gemm: a is {M} x {K}, b {b.shape[0]} x {b.shape[1]}: K differs")
    N = b.shape[1]
    lib = None
    err = ctypes.create_string_buffer(512)
    if a.dtype in fp8 or b.dtype in fp8:
        if a.dtype not in fp8 or b.dtype not in fp8:
            raise ValueError(f"tessel.cuda.gemm: a is {a.dtype}, b {b.dtype}: both 8-bit floats or neither")
        pair = fp8[a.dtype] + fp8[b.dtype]
        if pair not in _FP8_PAIRS:
            raise ValueError(f"tessel.cuda.gemm: a {a.dtype} with b {b.dtype} is not taken (e4m3 x e4m3, e4m3 x e5m2, e5m2 x e4m3)")
        out_dtype = torch.bfloat16 if out_dtype is None else out_dtype
        if out_dtype not in outs:
            raise ValueError(f"tessel.cuda.gemm: out_dtype {out_dtype}; the FP8 GEMM writes bfloat16, float16 or float32")
        if (M > 0 and a.stride(1) != 1) or (N > 0 and b.stride(0) != 1):
            raise ValueError("tessel.cuda.gemm: FP8 operands must be K-major: a row-major (a.stride(1) == 1) and b column-major "
                             "(b.stride(0) == 1, b.t() contiguous), as torch._scaled_mm; the FP8 wgmma reads K-major operands only")
        lda, ldb = (a.stride(0) if M > 1 else K), (b.stride(1) if N > 1 else K)
        if K % 16 or lda % 16 or ldb % 16 or a.data_ptr() % 16 or b.data_ptr() % 16:
            raise ValueError(f"tessel.cuda.gemm: the FP8 GEMM needs 16-byte aligned operands and rows (K = {K}, lda = {lda}, ldb = {ldb} "
                             "multiples of 16)")
        KB, NB = (K + 127) // 128, (N + 127) // 128
        for name, s in (("scale_a", scale_a), ("scale_b", scale_b)):
            if not isinstance(s, torch.Tensor) or not s.is_cuda or s.dtype != torch.float32 or s.device != a.device:
                raise ValueError(f"tessel.cuda.gemm: {name} is not a float32 CUDA tensor on {a.device} (the FP8 GEMM needs both scales)")
        sha, shb = tuple(scale_a.shape), tuple(scale_b.shape)
        blocks = False
        if scale_a.numel() == 1 and scale_b.numel() == 1:
            rows = cols = False
        elif sha == (M, 1) and shb == (1, N) and scale_a.is_contiguous() and scale_b.is_contiguous():
            rows = cols = True  # (a block-scale reading of these shapes, possible for N = 1 and K <= 128, is the same product)
        elif sha == (M, KB) and shb == (NB, KB):
            rows = cols = False
            blocks = True
        else:
            raise ValueError(f"tessel.cuda.gemm: scale_a {sha} and scale_b {shb}: one value each, (M, 1) and (1, N) (contiguous), "
                             f"or block scales ({M}, {KB}) and ({NB}, {KB})")
        bst = (ctypes.c_longlong * 4)(scale_a.stride(0), scale_a.stride(1), scale_b.stride(0), scale_b.stride(1)) if blocks else None
        out = torch.empty((M, N), dtype=out_dtype, device=a.device)
        if M == 0 or N == 0:
            return out
        if K == 0:
            raise ValueError("tessel.cuda.gemm: K = 0")
        lib = _gemm_library()
        with torch.cuda.device(a.device):
            stream = torch.cuda.current_stream(a.device).cuda_stream
            rc = getattr(lib, f"tessel_gemm_fp8_{pair}_{outs[out_dtype]}")(a.data_ptr(), lda, b.data_ptr(), ldb, out.data_ptr(), N, M, N, K,
                                                                           scale_a.data_ptr(), scale_b.data_ptr(), int(rows), int(cols),
                                                                           0 if use_fast_accum else 1, int(blocks), bst, stream, err, len(err))
    else:
        if a.dtype not in b16 or b.dtype != a.dtype:
            raise ValueError(f"tessel.cuda.gemm: a is {a.dtype}, b {b.dtype}: both bfloat16, both float16, or 8-bit floats")
        if out_dtype is not None and out_dtype != a.dtype:
            raise ValueError(f"tessel.cuda.gemm: out_dtype {out_dtype}; the 16-bit GEMM writes the inputs' dtype ({a.dtype})")
        if scale_a is not None or scale_b is not None or use_fast_accum:
            raise ValueError("tessel.cuda.gemm: scale_a, scale_b and use_fast_accum are the FP8 GEMM's")
        out = torch.empty((M, N), dtype=a.dtype, device=a.device)
        if M == 0 or N == 0:
            return out
        if K == 0:
            raise ValueError("tessel.cuda.gemm: K = 0")
        lib = _gemm_library()
        with torch.cuda.device(a.device):
            stream = torch.cuda.current_stream(a.device).cuda_stream
            # b (K, N) is the kernel's (N, K) operand with the strides swapped
            rc = getattr(lib, f"tessel_gemm_b16_{b16[a.dtype]}")(a.data_ptr(), a.stride(0), a.stride(1), b.data_ptr(), b.stride(1), b.stride(0),
                                                                  out.data_ptr(), out.stride(0), out.stride(1), M, N, K, stream, err, len(err))
    if rc != 0:
        raise RuntimeError(err.value.decode(errors="replace"))
    return out
