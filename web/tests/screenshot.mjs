// web/tests/screenshot.mjs: the README's picture of the playground, taken in
// headless Chromium: node web/tests/screenshot.mjs [OUT.png] [EXPR]
import { createRequire } from 'node:module';
import path from 'node:path';
import { serve, launchChromium } from './server.mjs';

const require = createRequire(import.meta.url);
const { siteDir, root } = require('./tessel-wasm.cjs');
const out = path.resolve(process.argv[2] || path.join(root, 'docs/img/playground.png'));
const expr = process.argv[3] || 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)';

const server = await serve(siteDir());
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1 });
await page.goto(server.url + '?e=' + encodeURIComponent(expr));
await page.waitForSelector('body[data-gallery="1"]');
// A short history and a hovered cell, as someone would have them.
await page.evaluate(() => localStorage.setItem('tessel.history', JSON.stringify([
  'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)', 'composition((4,6,8):(2,3,5),6:3)',
  'complement((2,2):(1,6),24)', 'composition((2,6,10,14):(840,140,14,1),60:4)'])));
await page.reload();
await page.waitForSelector('body[data-gallery="1"]');
const cell = page.locator('#drawing svg rect.cell[data-row="4"][data-col="13"]');
if (await cell.count()) await cell.hover();
await page.screenshot({ path: out });
await browser.close();
await server.close();
console.log('wrote ' + out);
