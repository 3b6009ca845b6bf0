"""The timing table of attention_run.sh: for each row of issue 26's table
(head dim, S, mask) tessel's default variant, its fastest variant, and SDPA's
cuDNN and flash (FlashAttention-2) backends of the same call, in TFLOP/s, and
the ratios to cuDNN. Reads the bench's time lines ([variant] time ...) and
attention_torch.py's lines (sdpa ...).
  python3 attention_table.py time.txt torch.txt"""
import re
import sys


def main():
    rows = {}  # (d, S, causal) -> {variant: tflops}
    for line in open(sys.argv[1]):
        m = re.match(r"\[(\w+)\] time bf16 d(\d+) (non-causal|causal).* S=(\d+) H=\d+: [\d.]+ ms, ([\d.]+) TFLOP/s", line)
        if m:
            v, d, mask, s, tf = m.groups()
            rows.setdefault((int(d), int(s), mask == "causal"), {})[v] = float(tf)
    ref = {}
    for line in open(sys.argv[2]):
        m = re.match(r"sdpa d(\d+) S=(\d+) .*?(non-causal|causal): cudnn [\d.]+ ms ([\d.]+) TFLOP/s; flash [\d.]+ ms ([\d.]+) TFLOP/s", line)
        if m:
            d, s, mask, c, f = m.groups()
            ref[(int(d), int(s), mask == "causal")] = (float(c), float(f))
    print("| head dim, S, mask | tessel default | fastest variant | cuDNN | FA2 | default/cuDNN | fastest/cuDNN |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for key in sorted(rows):
        d, s, causal = key
        vs = rows[key]
        default = next((x for v, x in vs.items() if re.fullmatch(r"\d+", v)), None)
        best_v = max(vs, key=vs.get)
        c, f = ref.get(key, (None, None))
        r = lambda x: f"{x / c:.2f}" if (x and c) else "-"
        print(f"| {d}, {s}, {'causal' if causal else 'non-causal'} | {default or '-'} | {best_v} {vs[best_v]} | {c or '-'} | {f or '-'} | "
              f"{r(default)} | {r(vs[best_v])} |")


if __name__ == "__main__":
    main()
