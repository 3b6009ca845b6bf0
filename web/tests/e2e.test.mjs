// web/tests/e2e.test.mjs (node --test): the playground, served by
// `python3 -m http.server` as the README serves it, in headless Chromium
// (Debian's /usr/bin/chromium driven by playwright-core; no browser download).
// Any error or warning on the page's console fails the test.
// Skipped when there is no Chromium (CHROMIUM=path overrides).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { serve, launchChromium, chromiumPath } from './server.mjs';

const require = createRequire(import.meta.url);
const { siteDir } = require('./tessel-wasm.cjs');
const skip = !fs.existsSync(chromiumPath) && `no Chromium at ${chromiumPath}`;

let server, browser;
before(async () => {
  if (skip) return;
  server = await serve(siteDir());
  browser = await launchChromium();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

// A fresh page (empty history) at url, once the engine has answered.
async function open(path = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.type() + ': ' + m.text()); });
  await page.goto(server.url + path);
  await page.waitForSelector('body[data-ready="1"]');
  page.errors = errors;
  return page;
}

// Type an expression into the box and press Enter.
async function enter(page, expr) {
  await page.fill('#expr', '');
  await page.type('#expr', expr);
  await page.press('#expr', 'Enter');
}

test('typing an expression shows its result in CuTe notation', { skip }, async () => {
  const page = await open();
  await enter(page, 'composition((2,6,10,14):(840,140,14,1),60:4)');
  assert.equal(await page.textContent('#result'), '(_3,_10,_2):(_280,_14,_1)');
  assert.equal(await page.isVisible('#error'), false);
  assert.equal(await page.textContent('#verdict'), 'admissible');
  assert.match(await page.textContent('#trace'), /composition\(\(2,6,10,14\):\(840,140,14,1\), 60:4\)/);
  await enter(page, 'size((5,4):(4,2))');
  assert.equal(await page.textContent('#result'), '_20');
  assert.equal(await page.textContent('#drawing-note'), 'The result is an integer: nothing to draw.');
  assert.equal(await page.locator('#drawing svg').count(), 0);
  // Drawings past 16384 cells wait for a click.
  await enter(page, '(256,256):(256,1)');
  assert.match(await page.textContent('#drawing-note'), /too large: 256 x 256 cells/);
  assert.equal(await page.locator('#drawing-note button').count(), 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the drawing has a cell per coordinate, each with its index, and hover names it', { skip }, async () => {
  const page = await open();
  await enter(page, '(9,(4,8)):(59,(13,1))');
  assert.equal(await page.locator('#drawing svg rect.cell').count(), 9 * 32);
  // Row 2, column 5 = coordinate (2,(1,1)): 2*59 + 1*13 + 1*1 = 132.
  const cell = page.locator('#drawing svg rect.cell[data-row="2"][data-col="5"]');
  assert.equal(await cell.getAttribute('data-index'), '132');
  const num = await page.evaluate(() => {
    const g = document.querySelector('#drawing svg > g[stroke="white"]').nextElementSibling;
    return g.querySelectorAll('text')[2 * 32 + 5].textContent;
  });
  assert.equal(num, '132');
  await cell.hover();
  assert.equal(await page.getAttribute('#cellinfo', 'data-index'), '132');
  assert.match(await page.textContent('#cellinfo'), /coordinate\s*\(2,\(1,1\)\)/);
  assert.equal(await page.getAttribute('#drawing svg rect.hot', 'visibility'), 'visible');
  assert.match(await page.getAttribute('#download', 'href'), /^blob:/);
  // Zoom.
  await page.click('#zoom-1');
  const w1 = parseFloat(await page.getAttribute('#drawing svg', 'width'));
  await page.click('#zoom-in');
  const w2 = parseFloat(await page.getAttribute('#drawing svg', 'width'));
  assert.ok(Math.abs(w2 / w1 - 1.25) < 0.01, `${w1} -> ${w2}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an inadmissible expression shows the failing condition', { skip }, async () => {
  const page = await open();
  await enter(page, 'composition((4,6,8):(2,3,5),6:3)');
  assert.equal(await page.isVisible('#error'), true);
  assert.match(await page.textContent('#error-message'), /^composition: stride divisibility fails/);
  assert.match(await page.textContent('#verdict'), /^not admissible: composition: stride divisibility fails/);
  assert.match(await page.textContent('#trace'), /c = 3 < 4 and c \| 4 fails => stride divisibility fails/);
  assert.equal(await page.isVisible('#answer'), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a syntax error shows a caret under the bad character', { skip }, async () => {
  const page = await open();
  const expr = 'composition((2,2):(1,2';
  await enter(page, expr);
  assert.equal(await page.textContent('#error-message'), "syntax error: expected ')'");
  assert.equal(await page.textContent('#error-expr'), expr + ' ');
  assert.equal(await page.textContent('#caret'), ' '.repeat(expr.length) + '^');
  await enter(page, 'coalesce((2,4):(1,2)))');
  assert.equal(await page.textContent('#caret'), ' '.repeat(21) + '^');
  assert.equal(await page.textContent('#error-where mark'), ')');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a gallery example evaluates with one click and goes into the URL', { skip }, async () => {
  const page = await open();
  await page.waitForSelector('body[data-gallery="1"]');
  assert.ok(await page.locator('#gallery button.example').count() >= 70);
  await page.click('#gallery button.example:text-is("complement((2,2):(1,6),24)")');
  assert.equal(await page.inputValue('#expr'), 'complement((2,2):(1,6),24)');
  assert.equal(await page.textContent('#result'), '(_3,_2):(_2,_12)');
  assert.equal(new URL(page.url()).searchParams.get('e'), 'complement((2,2):(1,6),24)');
  assert.equal(await page.locator('#drawing svg rect.cell').count(), 6);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a URL with an expression restores it; history keeps what was evaluated', { skip }, async () => {
  const expr = 'zipped_divide((8,24):(1,8),(4,8))';
  const page = await open('?e=' + encodeURIComponent(expr));
  assert.equal(await page.inputValue('#expr'), expr);
  assert.equal(await page.textContent('#result'), '((_4,_8),(_2,_3)):((_1,_8),(_4,_64))');
  assert.equal(await page.locator('#drawing svg rect.cell').count(), 8 * 24);
  await enter(page, 'coalesce((2,4):(1,2))');
  assert.equal(await page.textContent('#result'), '_8:_1');
  assert.deepEqual(await page.locator('#history button').allTextContents(), ['coalesce((2,4):(1,2))', expr]);
  // Back restores the earlier expression; the arrow key walks the history.
  await page.goBack();
  await page.waitForFunction((e) => document.querySelector('#expr').value === e, expr);
  assert.equal(await page.textContent('#result'), '((_4,_8),(_2,_3)):((_1,_8),(_4,_64))');
  await page.fill('#expr', '');
  await page.press('#expr', 'ArrowUp');
  assert.equal(await page.inputValue('#expr'), 'coalesce((2,4):(1,2))');
  // A hash link works too.
  await page.goto(server.url + '#e=' + encodeURIComponent('cosize((5,4):(4,2))'));
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.textContent('#result'), '_23');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
