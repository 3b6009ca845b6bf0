// web/tests/server.mjs: the built site served on a free port of 127.0.0.1 by
// the README's command (`python3 -m http.server`; a small Node server where
// there is no python3), and Debian's Chromium, headless, driven by playwright-core.
import http from 'node:http';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png',
};

export async function serve(dir) {
  if (spawnSync('python3', ['--version']).status === 0) return servePython(dir);
  return serveNode(dir);
}

async function freePort() {
  const srv = net.createServer();
  await new Promise((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address();
  await new Promise((ok) => srv.close(ok));
  return port;
}

async function servePython(dir) {
  const port = await freePort();
  const proc = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '-d', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; ++i) {
    try {
      if ((await fetch(url + 'index.html')).ok) break;
    } catch (e) {
      if (i > 100 || proc.exitCode !== null) { proc.kill(); throw new Error('python3 -m http.server did not start'); }
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
  return { url, close: () => new Promise((ok) => { proc.once('exit', ok); proc.kill(); }) };
}

async function serveNode(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

// Headless Chromium (no browser download: playwright-core and the system's
// binary). /dev/shm is small in many containers: Chromium uses /tmp instead.
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath, args: ['--disable-dev-shm-usage'] });
}
