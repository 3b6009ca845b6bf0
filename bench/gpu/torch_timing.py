"""The timing the PyTorch references use (torch_ref.py for the copy bench,
gemm_torch.py for the GEMM bench): the median of `reps` timed calls of fn, in
milliseconds, CUDA events around each call, after 5 warm-up calls; and the timing of calls queued back
to back (attention_py.py, grouped_torch.py): queued_ms; and calls of several functions in turn, one each per
cycle (gemm_pair.py's and fp8_pair.py's --interleave): interleaved_ms."""
import torch


def event_ms(fn, calls, rounds, warmup):
    """The median over `rounds` of (CUDA events around `calls` calls of fn queued back to back) / calls, in ms,
    after `warmup` calls."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    ts = []
    for _ in range(rounds):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        for _ in range(calls):
            fn()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b) / calls)
    ts.sort()
    return ts[len(ts) // 2]


def median_ms(fn, reps):
    """The median of `reps` calls, each between two events, after 5 warm-up calls."""
    return event_ms(fn, 1, reps, 5)


def queued_ms(fn, calls=10, rounds=7):
    """The median over rounds of (events around `calls` calls queued back to back) / calls, after 3 warm-up calls."""
    return event_ms(fn, calls, rounds, 3)


def interleaved_ms(fns, cycles, warmup=3):
    """`cycles` cycles of one call of each of fns in turn, each call between two CUDA events (after `warmup` calls
    of each): per fn, the list of its calls' times in ms (cycle order)."""
    for fn in fns:
        for _ in range(warmup):
            fn()
    ev = [torch.cuda.Event(enable_timing=True) for _ in range(cycles * len(fns) + 1)]
    torch.cuda.synchronize()
    ev[0].record()
    k = 0
    for _ in range(cycles):
        for fn in fns:
            fn()
            k += 1
            ev[k].record()
    ev[k].synchronize()
    ms = [ev[i].elapsed_time(ev[i + 1]) for i in range(k)]
    return [ms[j::len(fns)] for j in range(len(fns))]
