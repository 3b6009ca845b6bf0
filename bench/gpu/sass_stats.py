"""Per kernel of a `cuobjdump -sass` listing read from stdin: instructions, instructions under a uniform predicate
(@UPn / @!UPn), instructions naming a uniform register (URn), BSSY (convergence regions), local-memory loads and stores
(STL / LDL: spills), and warpgroup MMAs (HGMMA / QGMMA); kernels without an MMA are left out unless --all.

    cuobjdump -sass attention_bench | python3 bench/gpu/sass_stats.py [--all]

Why (bench/RESULTS.md "Session 25, FP8 V^T written inside the attention kernel"): a branch on threadIdx.x into
warp-collective code (shfl.sync, bar.warp.sync) cost the attention kernel every uniform predicate and 9-14% of its
speed at 0 spills; a count of 0 here where a sibling build has ~120 is that symptom. The workstation has no
cuobjdump: run it on the GPU machine."""
import re
import sys


def kernels(lines):
    name, st = None, None
    for line in lines:
        m = re.search(r"Function : (\S+)", line)
        if m:
            if name is not None:
                yield name, st
            name, st = m[1], dict(n=0, up=0, ur=0, bssy=0, local=0, gmma=0)
            continue
        m = re.match(r"\s+/\*[0-9a-f]+\*/\s+(.*?)\s*;", line)
        if not m or name is None:
            continue
        ins = m[1]
        st["n"] += 1
        st["up"] += bool(re.match(r"@!?UP\d", ins))
        st["ur"] += bool(re.search(r"\bUR\d", ins))
        st["bssy"] += bool(re.search(r"(^|\s)BSSY\b", ins))
        st["local"] += bool(re.search(r"\b(STL|LDL)\b", ins))
        st["gmma"] += bool(re.search(r"\b(HGMMA|QGMMA)\b", ins))
    if name is not None:
        yield name, st


def main():
    show_all = "--all" in sys.argv[1:]
    print(f"{'instr':>6} {'@UP':>5} {'UR':>6} {'BSSY':>5} {'local':>5} {'GMMA':>5}  kernel")
    for name, s in kernels(sys.stdin):
        if s["gmma"] or show_all:
            print(f"{s['n']:6d} {s['up']:5d} {s['ur']:6d} {s['bssy']:5d} {s['local']:5d} {s['gmma']:5d}  {name}")


if __name__ == "__main__":
    main()
