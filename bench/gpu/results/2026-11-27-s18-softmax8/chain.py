#!/usr/bin/env python3
"""chain.py FILE KIND [KERNEL_SUBSTR]: the FP8 softmax region of the attention kernel in PTX (KIND ptx) or in
cuobjdump -sass output (KIND sass): its instructions by opcode and its longest read-after-write chain under a rough
H100 latency model (cycles). Region: from the wait for S in the overlapped loop (PTX: wgmma.wait_group.sync.aligned 1;
SASS: WARPGROUP.DEPBAR.LE gsb0, 0x1) to the next wait for P V (wait_group 0 / DEPBAR.LE gsb0, 0x0). Helper
softmax8, session 18: written without a GPU (no cuobjdump on the build machine); the SASS form for the device run."""
import re, sys
from collections import Counter

LAT = [  # (opcode prefix, cycles): rough H100 dependent-issue latencies
    ('shfl', 24), ('SHFL', 24), ('ex2', 18), ('MUFU', 18), ('cvt', 6), ('F2FP', 6), ('vote', 8), ('VOTE', 8),
    ('mov', 2), ('MOV', 2), ('PRMT', 4), ('prmt', 4)]

def lat(op):
    for p, c in LAT:
        if op.startswith(p):
            return c
    return 4

def kernel_lines(text, kind, sub):
    lines = text.splitlines()
    if kind == 'ptx':
        start = [i for i, l in enumerate(lines) if '.entry' in l and 'attention_kernel' in l and sub in l]
    else:
        start = [i for i, l in enumerate(lines) if 'Function :' in l and 'attention_kernel' in l and sub in l]
    assert start, 'kernel not found'
    i = start[0]
    end = next((j for j in range(i + 1, len(lines)) if ('.entry' in lines[j] if kind == 'ptx' else 'Function :' in lines[j])), len(lines))
    return lines[i:end]

def instrs(lines, kind):
    out = []
    for l in lines:
        if kind == 'ptx':
            s = l.split('//')[0].strip()
            if not s or s.endswith(':') or s.startswith('.') or s in '{}':
                continue
            s = s.rstrip(';')
            s = re.sub(r'^@!?%p\d+\s+', '', s)
            m = re.match(r'([\w.]+)\s*(.*)', s)
            if not m:
                continue
            op, args = m.group(1), m.group(2)
            regs = re.findall(r'%[a-z]+\d+', args)
            # destinations: the first operand (two for shfl/setp with |, vector braces of wgmma ignored here)
            if op.startswith(('st.', 'bar', 'wgmma', 'fence', 'mbarrier', 'bra', 'ret')):
                dst, src = [], regs
            else:
                first = args.split(',')[0]
                dst = re.findall(r'%[a-z]+\d+', first)
                src = regs[len(dst):]
            out.append((op, dst, src, s))
        else:
            m = re.match(r'\s*/\*[0-9a-f]+\*/\s*(@!?U?P\w+\s+)?([A-Z][\w.]*)\s*([^;]*);', l)
            if not m:
                continue
            op, args = m.group(2), m.group(3)
            regs = re.findall(r'\b(U?R\d+|U?P\d+)\b', args)
            ops = [a.strip() for a in args.split(',')]
            nodst = op.startswith(('ST', 'BAR', 'WARPGROUP', 'HGMMA', 'BRA', 'EXIT', 'SYNCS', 'ISETP', 'FSETP')) and not op.startswith(('ISETP', 'FSETP'))
            dst = [] if nodst else re.findall(r'\b(U?R\d+|U?P\d+)\b', ops[0]) if ops else []
            if op.startswith(('ISETP', 'FSETP')) and len(ops) >= 2:
                dst = re.findall(r'\b(U?P\d+)\b', ops[0] + ',' + ops[1])
            src = [r for r in regs if r not in dst or args.count(r) > 1]
            out.append((op, dst, src, l.strip()))
    return out

def region(ins, kind):
    if kind == 'ptx':
        a = next(i for i, x in enumerate(ins) if x[0].startswith('wgmma.wait_group') and x[3].endswith(' 1'))
        b = next(i for i in range(a + 1, len(ins)) if ins[i][0].startswith('wgmma.wait_group'))
    else:
        a = next(i for i, x in enumerate(ins) if x[0].startswith('WARPGROUP.DEPBAR') and '0x1' in x[3])
        b = next(i for i in range(a + 1, len(ins)) if ins[i][0].startswith('WARPGROUP.DEPBAR'))
    return ins[a:b + 1]

def chain(reg_ins):
    ready, best, cnt = {}, (0, None), Counter()
    depth = {}
    for k, (op, dst, src, text) in enumerate(reg_ins):
        base = op.split('.')[0]
        cnt[base] += 1
        t0 = max([ready.get(r, (0, None))[0] for r in src] + [0])
        t = t0 + lat(op)
        for r in dst:
            ready[r] = (t, k)
        depth[k] = (t, max(src, key=lambda r: ready.get(r, (0, None))[0], default=None))
        best = max(best, (t, k))
    return best[0], cnt, len(reg_ins)

def pipe(op):  # (pipe, cycles a warp instruction occupies it on one SM sub-partition)
    o = op.upper()
    if o.startswith(('MUFU', 'EX2')):
        return 'xu', 8
    if o.startswith(('SHFL', 'VOTE')):
        return 'shfl', 2
    return ('fma' if o.startswith(('FFMA', 'FADD', 'FMUL', 'FMA', 'ADD', 'MUL', 'SUB')) else 'alu'), 2

def issue(reg_ins):
    # in-order issue of the region by one warp alone: an instruction issues when its sources are ready and its pipe
    # is free, one a cycle; returns the cycle the last result is ready (a model: no other warp, no bank conflicts)
    ready, free, t, end = {}, {}, 0, 0
    for op, dst, src, text in reg_ins:
        p, occ = pipe(op)
        t = max([t + 1, free.get(p, 0)] + [ready.get(r, 0) for r in src])
        free[p] = t + occ
        for r in dst:
            ready[r] = t + lat(op)
        end = max(end, t + lat(op))
    return end

if __name__ == '__main__':
    path, kind = sys.argv[1], sys.argv[2]
    sub = sys.argv[3] if len(sys.argv) > 3 else ''
    ins = instrs(kernel_lines(open(path).read(), kind, sub), kind)
    reg = region(ins, kind)
    t, cnt, n = chain(reg)
    print(f'{path}: region {n} instructions, longest dependent chain ~{t} cycles, in-order issue ~{issue(reg)} cycles (model)')
    print('  ' + ', '.join(f'{k} {v}' for k, v in sorted(cnt.items(), key=lambda kv: -kv[1])[:16]))
