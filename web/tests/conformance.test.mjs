// web/tests/conformance.test.mjs (node --test): the playground's .wasm on every
// public conformance case (../shared/conformance/cases_public.jsonl beside the
// repository): the same standard output, standard error and exit status as the
// native `tessel eval`, and every answer passes the conformance checker.
//   TESSEL_CLI=path/to/tessel (default: build/tools/tessel or build-main/tools/tessel)
//   TESSEL_CONFORMANCE_DIR=... (default: ../shared/conformance)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { load, evalLikeTool, root } = require('./tessel-wasm.cjs');

const confDir = path.resolve(root, process.env.TESSEL_CONFORMANCE_DIR || '../shared/conformance');
const casesPath = path.join(confDir, 'cases_public.jsonl');
const haveCases = fs.existsSync(casesPath);
const cases = haveCases
  ? fs.readFileSync(casesPath, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l))
  : [];
const cli = [process.env.TESSEL_CLI, 'build/tools/tessel', 'build-main/tools/tessel']
  .filter(Boolean).map((p) => path.resolve(root, p)).find((p) => fs.existsSync(p));

const t = await load();

test('the public conformance cases are there', { skip: !haveCases && `no ${casesPath}` }, () => {
  assert.ok(cases.length >= 100, `${cases.length} cases`);
});

test('every case: the .wasm prints what the native tessel eval prints', { skip: (!haveCases && 'no cases') || (!cli && 'no native tessel (set TESSEL_CLI)') }, () => {
  let same = 0;
  for (const c of cases) {
    const w = evalLikeTool(t, [c.expr]);
    const n = spawnSync(cli, ['eval', c.expr], { encoding: 'utf8' });
    assert.deepEqual(w, { stdout: n.stdout, stderr: n.stderr, status: n.status }, `${c.id}: ${c.expr}`);
    ++same;
  }
  assert.equal(same, cases.length);
});

test('every case: the .wasm answer passes the conformance checker', { skip: !haveCases && 'no cases' }, () => {
  // One python3 process judges all answers with checker.verdict (as run_cli.py does).
  const answers = cases.map((c) => {
    const r = t.evaluate(c.expr);
    return { case: c, out: r.ok ? r.text : null, is_err: !r.ok };
  });
  const judge = `
import json, sys
sys.path.insert(0, sys.argv[1])
import checker
bad = []
for a in json.load(sys.stdin):
    ok, why = checker.verdict(a["case"], a["out"], a["is_err"])
    if not ok:
        bad.append("%s %s -> %s: %s" % (a["case"]["id"], a["case"]["expr"], a["out"], why))
print(json.dumps(bad))`;
  const p = spawnSync('python3', ['-c', judge, confDir], { input: JSON.stringify(answers), encoding: 'utf8' });
  assert.equal(p.status, 0, p.stderr);
  assert.deepEqual(JSON.parse(p.stdout), []);
});

test('check and show answer as the tool does', { skip: !cli && 'no native tessel' }, () => {
  for (const e of ['composition((4,6,8):(2,3,5),6:3)', 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)', 'composition((2,2):(1,2']) {
    const n = spawnSync(cli, ['check', e], { encoding: 'utf8' });
    const c = t.check(e);
    const out = c.trace + (c.verdict ? c.verdict + '\n' : '');
    assert.equal(out, n.stdout, e);
    assert.equal(c.status, n.status, e);
    assert.equal(c.report || '', n.stderr, e);
  }
  for (const e of ['(9,(4,8)):(59,(13,1))', 'zipped_divide((8,24):(1,8),(4,8))', '(2,3,4):(12,4,1)']) {
    for (const f of ['svg', 'table', 'json']) {
      const n = spawnSync(cli, ['show', e, '-f', f], { encoding: 'utf8' });
      const s = t.show(e, f, 0);
      assert.equal(s.doc, n.stdout, `${e} -f ${f}`);
    }
  }
});
