#!/usr/bin/env node
// web/tests/tessel-wasm.cjs: the playground's .wasm in Node.
//   const { load } = require('./tessel-wasm.cjs'); const t = await load(); t.evaluate('size(4:1)')
// Run as a program it answers `tessel eval EXPR...` as the tool does (the same
// standard output, standard error and exit status), so the conformance runner
// can judge the .wasm: python3 ../shared/conformance/run_cli.py web/tests/tessel-wasm.cjs
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const siteDir = () => path.resolve(root, process.env.TESSEL_WEB_SITE || path.join(process.env.TESSEL_WEB_BUILD || 'build-web', 'site'));

async function load(site = siteDir()) {
  const createTessel = require(path.join(site, 'tessel.js'));
  // Node's fetch cannot read a file path: hand the module its bytes.
  const M = await createTessel({ wasmBinary: fs.readFileSync(path.join(site, 'tessel.wasm')) });
  const call = (name, ...types) => {
    const f = M.cwrap(name, 'string', types);
    return (...args) => JSON.parse(f(...args));
  };
  return {
    evaluate: call('tessel_eval', 'string'),
    show: call('tessel_show', 'string', 'string', 'number'),
    check: call('tessel_check', 'string'),
    help: call('tessel_help'),
  };
}

// What `tessel eval EXPR...` writes: {stdout, stderr, status}.
function evalLikeTool(t, exprs) {
  let stdout = '', stderr = '', status = 0;
  for (const e of exprs) {
    const r = t.evaluate(e);
    if (r.ok) stdout += r.text + '\n';
    else {
      stderr += r.report;
      if (status === 0) status = r.status;
    }
  }
  return { stdout, stderr, status };
}

module.exports = { load, evalLikeTool, siteDir, root };

if (require.main === module) {
  const [cmd, ...exprs] = process.argv.slice(2);
  if (cmd !== 'eval' || exprs.length === 0) {
    process.stderr.write('usage: tessel-wasm.cjs eval EXPR...\n');
    process.exit(2);
  }
  load().then((t) => {
    const r = evalLikeTool(t, exprs);
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    process.exitCode = r.status;
  });
}
