// web/tests/bench.mjs: the playground's size and speed, beside the native tool
// (bench/RESULTS.md). node web/tests/bench.mjs [--cli build-main/tools/tessel] [--loads 10] [--reps 20]
// The expressions: every public conformance case (../shared/conformance).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { serve, launchChromium } from './server.mjs';

const require = createRequire(import.meta.url);
const { load, siteDir, root } = require('./tessel-wasm.cjs');
const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : dflt; };
const cli = path.resolve(root, arg('--cli', 'build-main/tools/tessel'));
const loads = +arg('--loads', 10), reps = +arg('--reps', 20);
const site = siteDir();
const exprs = fs.readFileSync(path.resolve(root, '../shared/conformance/cases_public.jsonl'), 'utf8')
  .split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l).expr);
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
const kb = (n) => (n / 1024).toFixed(1) + ' KiB';
const us = (ms) => (ms * 1000).toFixed(1) + ' µs';

const rows = [];
// ---- sizes
for (const f of ['tessel.wasm', 'tessel.js', 'app.js', 'index.html', 'style.css', 'gallery.json']) {
  const b = fs.readFileSync(path.join(site, f));
  rows.push([`size of ${f}`, `${kb(b.length)} (${kb(zlib.gzipSync(b, { level: 9 }).length)} gzip -9)`]);
}

// ---- Node over the .wasm
{
  const t0 = performance.now();
  const t = await load(site);
  rows.push(['Node: load + instantiate the .wasm', (performance.now() - t0).toFixed(1) + ' ms']);
  for (const e of exprs) t.evaluate(e);   // warm
  const per = exprs.map((e) => {
    const t1 = performance.now();
    for (let r = 0; r < reps; ++r) t.evaluate(e);
    return (performance.now() - t1) / reps;
  });
  rows.push(['Node, .wasm: tessel_eval per expression, median (mean) over the cases', us(median(per)) + ' (' + us(mean(per)) + ')']);
}

// ---- Chromium: page load to first result, evaluations in the page
{
  const server = await serve(site);
  const browser = await launchChromium();
  const first = [], engineLoad = [];
  for (let i = 0; i < loads; ++i) {
    const ctx = await browser.newContext();   // a fresh cache each time
    const page = await ctx.newPage();
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="1"]');
    const m = await page.evaluate(() => ({
      first: performance.getEntriesByName('tessel-first-result')[0].startTime,
      engine: performance.getEntriesByName('tessel-engine-load')[0].duration,
    }));
    first.push(m.first);
    engineLoad.push(m.engine);
    await ctx.close();
  }
  rows.push([`Chromium (headless, localhost): navigation start to the first result on the page (median of ${loads} cold loads)`, median(first).toFixed(0) + ' ms']);
  rows.push(['Chromium: of which the engine (fetch + compile + instantiate tessel.wasm)', median(engineLoad).toFixed(0) + ' ms']);
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="1"]');
  const inPage = await page.evaluate(([exprs, reps]) => {
    const t = window.tessel;
    const time = (f) => exprs.map((e) => {
      const t0 = performance.now();
      for (let r = 0; r < reps; ++r) f(e);
      return (performance.now() - t0) / reps;
    });
    for (const e of exprs) { t.evaluate(e); t.check(e); }
    const evalMs = time(t.evaluate), checkMs = time(t.check);
    // What the page does on each expression: eval, the SVG, check, and the DOM (layout included).
    const input = document.getElementById('expr');
    const form = document.getElementById('form');
    const pageMs = exprs.map((e) => {
      const t0 = performance.now();
      input.value = e;
      form.requestSubmit();
      document.getElementById('drawing').getBoundingClientRect();
      return performance.now() - t0;
    });
    return { evalMs, checkMs, pageMs };
  }, [exprs, reps]);
  rows.push(['Chromium, .wasm: tessel_eval per expression, median (mean) over the cases', us(median(inPage.evalMs)) + ' (' + us(mean(inPage.evalMs)) + ')']);
  rows.push(['Chromium, .wasm: tessel_check per expression, median (mean)', us(median(inPage.checkMs)) + ' (' + us(mean(inPage.checkMs)) + ')']);
  rows.push(['Chromium: the page\'s whole update per expression (eval + SVG + check + DOM), median (mean)', median(inPage.pageMs).toFixed(2) + ' ms (' + mean(inPage.pageMs).toFixed(2) + ' ms)']);
  await browser.close();
  await server.close();
}

// ---- the native tool
if (fs.existsSync(cli)) {
  const wall = (args) => { const t0 = performance.now(); spawnSync(cli, args); return performance.now() - t0; };
  const proc = exprs.map((e) => wall(['eval', e]));
  rows.push(['native `tessel eval EXPR`, one process per expression (start, evaluate, print), median (mean)', median(proc).toFixed(2) + ' ms (' + mean(proc).toFixed(2) + ' ms)']);
  // In the process: one `tessel eval` of the expression N times, less one of it once.
  const n = 50 * reps;
  const inproc = exprs.map((e) => Math.max(0, wall(['eval', ...Array(n).fill(e)]) - wall(['eval', e])) / (n - 1));
  rows.push([`native, in the process: per evaluation (one \`tessel eval\` of the expression ${n} times, less once), median (mean)`, us(median(inproc)) + ' (' + us(mean(inproc)) + ')']);
}
console.log('| measure | value |\n|---|---|');
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
