"""Compare the SASS of main's GEMM kernels with this tree's plain (no stream-K) kernels.

python3 sass_compare.py MAIN.sass NEW.sass: both `cuobjdump -sass` of a libgemm.so. This tree's
kernels are gemm_kernel<Cfg, Problem, StreamK>; main's gemm_kernel<Cfg, Problem>: a name of this
tree with `Lb0E` (StreamK = false) after the problem is main's name without it. Prints, per
kernel of main, whether its instructions (addresses and comments dropped) are the same."""
import re
import sys


def functions(path):
    funcs, name, body = {}, None, []
    for line in open(path, errors="replace"):
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            if name:
                funcs[name] = body
            name, body = m.group(1), []
            continue
        m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(.*?);", line)
        if m and name:
            body.append(re.sub(r"\s+", " ", m.group(1)).strip())
    if name:
        funcs[name] = body
    return funcs


main, new = functions(sys.argv[1]), functions(sys.argv[2])
renamed = {k.replace("ProblemELb0E", "ProblemE"): v for k, v in new.items() if "ProblemELb0E" in k}
same = differ = missing = 0
for k, v in sorted(main.items()):
    if "gemm_kernel" not in k:
        continue
    w = renamed.get(k)
    if w is None:
        missing += 1
        print("missing", k[:140])
    elif w == v:
        same += 1
    else:
        differ += 1
        n = sum(1 for a, b in zip(v, w) if a != b) + abs(len(v) - len(w))
        print(f"differ ({len(v)} / {len(w)} instructions, {n} positions) {k[:140]}")
sk = sum(1 for k in new if "ProblemELb1E" in k)
print(f"gemm kernels: {same} same, {differ} differ, {missing} missing; stream-K kernels in the new library: {sk}")
