// web/page/app.js: the playground's page. Every answer comes from the text
// library compiled to WebAssembly (tessel.js + tessel.wasm, web/src/shim.cpp):
// tessel_eval (what `tessel eval` prints), tessel_show (the SVG of
// `tessel show -f svg`), tessel_check (`tessel check`'s explanation). This
// file only moves text between the engine and the page.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const input = $('expr');
  const HISTORY_KEY = 'tessel.history';
  const HISTORY_MAX = 50;
  const PAGE_MAX_CELLS = 16384;     // larger drawings on request (up to the tool's default)
  const DEFAULT_EXPR = 'logical_divide((9,(4,8)):(59,(13,1)),<3:3,(2,4):(1,8)>)';

  let engine = null;                // {evaluate, show, check, help}
  let current = '';                 // the expression shown
  let zoom = 1;
  let drawn = null;                 // {svg, w, h, rows, cols, modes, rects, hot, crd}
  let historyPos = -1;              // position while walking the history with the arrow keys
  let timer = 0;

  // ---- the engine ------------------------------------------------------------------------------
  async function load() {
    const t0 = performance.now();
    const M = await createTessel();
    const call = (name, ...types) => {
      const f = M.cwrap(name, 'string', types);
      return (...args) => JSON.parse(f(...args));
    };
    engine = {
      evaluate: call('tessel_eval', 'string'),
      show: call('tessel_show', 'string', 'string', 'number'),
      check: call('tessel_check', 'string'),
      help: call('tessel_help'),
    };
    window.tessel = engine;           // for the console (and the tests)
    performance.measure('tessel-engine-load', { start: t0 });
  }

  // ---- evaluation ------------------------------------------------------------------------------
  // A byte offset into the UTF-8 text (the engine's positions) as a string index.
  function charIndex(text, bytePos) {
    const enc = new TextEncoder();
    let bytes = 0;
    let i = 0;
    for (const ch of text) {
      if (bytes >= bytePos) break;
      bytes += enc.encode(ch).length;
      i += ch.length;
    }
    return i;
  }

  function showError(expr, r) {
    $('error').hidden = false;
    $('error-status').textContent = r.status === 2 ? 'exit status 2: syntax, unknown function or wrong arguments'
      : 'exit status 3: not admissible, overflow or too large';
    $('error-message').textContent = r.error;
    const at = charIndex(expr, r.pos);
    const where = $('error-expr');
    where.textContent = '';
    where.append(document.createTextNode(expr.slice(0, at)));
    const bad = document.createElement('mark');
    bad.textContent = at < expr.length ? String.fromCodePoint(expr.codePointAt(at)) : ' ';
    where.append(bad, document.createTextNode(expr.slice(at + bad.textContent.length)));
    $('caret').textContent = ' '.repeat([...expr.slice(0, at)].length) + '^';
    $('error').dataset.pos = String(at);
  }

  function run(expr, maxCells) {
    current = expr;
    if (!expr.trim()) return clear();
    const r = engine.evaluate(expr);
    $('answer').hidden = !r.ok;
    $('error').hidden = true;
    if (r.ok) {
      $('result').textContent = r.text;
      $('kind').textContent = r.kind;
    } else {
      showError(expr, r);
    }
    // The drawing: of a layout, or of a tuple (a shape: the compact column-major layout, as
    // `tessel show` draws it); an integer's or a tiler's is not drawn.
    drawn = null;
    $('drawing').textContent = '';
    $('view').textContent = '';
    $('cellinfo').hidden = true;
    dropDownload();
    const note = $('drawing-note');
    note.hidden = true;
    if (r.ok && (r.kind === 'layout' || r.kind === 'tuple')) {
      const d = engine.show(expr, 'svg', maxCells || PAGE_MAX_CELLS);
      if (d.ok) {
        draw(d);
      } else {
        note.hidden = false;
        note.textContent = d.error + '. ';
        if (!maxCells && d.status === 3 && /too large/.test(d.error)) {
          const more = document.createElement('button');
          more.type = 'button';
          more.textContent = 'Draw it anyway (slow)';
          more.onclick = () => run(expr, 65536);
          note.append(more);
        }
      }
    } else if (r.ok) {
      note.hidden = false;
      note.textContent = 'The result is ' + (r.kind === 'integer' ? 'an integer' : 'a ' + r.kind) + ': nothing to draw.';
    }
    // The explanation.
    const c = engine.check(expr);
    const verdict = $('verdict');
    verdict.className = 'verdict ' + (c.ok ? 'ok' : c.status === 3 ? 'bad' : 'syntax');
    verdict.textContent = c.ok ? 'admissible' : c.verdict || c.failure;
    $('trace').textContent = c.trace;
    document.title = (expr ? expr + ' \u2014 ' : '') + 'tessel playground';
    return r;
  }

  // An empty box: nothing to show.
  function clear() {
    for (const id of ['answer', 'error', 'drawing-note', 'cellinfo']) $(id).hidden = true;
    drawn = null;
    for (const id of ['drawing', 'view', 'verdict', 'trace']) $(id).textContent = '';
    dropDownload();
    return null;
  }

  // ---- the drawing -----------------------------------------------------------------------------
  // The SVG link's object URL is released with the drawing.
  function dropDownload() {
    const link = $('download');
    if (link.href) URL.revokeObjectURL(link.href);
    link.removeAttribute('href');
  }

  function draw(d) {
    const box = $('drawing');
    box.innerHTML = d.doc;
    const svg = box.querySelector('svg');
    const w = parseFloat(svg.getAttribute('width'));
    const h = parseFloat(svg.getAttribute('height'));
    // The cells (row-major, as show.cpp writes them) and, in the next group, their numbers.
    const cellGroup = svg.querySelector(':scope > g[stroke="white"]');
    const rects = cellGroup ? Array.from(cellGroup.querySelectorAll('rect')) : [];
    const nums = cellGroup && cellGroup.nextElementSibling ? Array.from(cellGroup.nextElementSibling.querySelectorAll('text')) : [];
    rects.forEach((rect, k) => {
      rect.classList.add('cell');
      rect.dataset.row = String(Math.floor(k / d.cols));
      rect.dataset.col = String(k % d.cols);
      rect.dataset.index = nums[k] ? nums[k].textContent : '';
    });
    const hot = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    hot.setAttribute('class', 'hot');
    hot.setAttribute('fill', 'none');
    hot.setAttribute('visibility', 'hidden');
    svg.append(hot);
    drawn = { svg, w, h, rows: d.rows, cols: d.cols, modes: d.modes, rects, hot, crd: new Map() };
    const info = $('cellinfo');
    info.hidden = false;
    info.textContent = 'Hover a cell for its coordinate and index.';
    delete info.dataset.index;
    svg.addEventListener('mousemove', hover);
    svg.addEventListener('mouseleave', unhover);
    $('view').textContent = d.rows + ' \u00d7 ' + d.cols + ' cells' + (d.modes ? ', rows ' + d.modes[0] + ', columns ' + d.modes[1] : '');
    $('download').href = URL.createObjectURL(new Blob([d.doc], { type: 'image/svg+xml' }));
    if (w * zoom > box.clientWidth && box.clientWidth > 0) fit(); else applyZoom();
  }

  // The coordinate of index i in a mode of the view drawn, by the engine's idx2crd.
  function coordinate(i, mode) {
    const key = mode + '#' + i;
    if (!drawn.crd.has(key)) {
      const r = engine.evaluate('idx2crd(' + i + ',shape(' + drawn.modes[mode] + '))');
      // As a run-time coordinate: without the static marks (_2 -> 2).
      drawn.crd.set(key, r.ok ? r.text.replace(/_(?=\d)/g, '') : String(i));
    }
    return drawn.crd.get(key);
  }

  function hover(ev) {
    const rect = ev.target.closest && ev.target.closest('rect.cell');
    if (!rect) return unhover();
    const hot = drawn.hot;
    for (const a of ['x', 'y', 'width', 'height']) hot.setAttribute(a, rect.getAttribute(a));
    hot.setAttribute('visibility', 'visible');
    const m = +rect.dataset.row, n = +rect.dataset.col;
    const crd = drawn.modes ? '(' + coordinate(m, 0) + ',' + coordinate(n, 1) + ')' : '(' + m + ',' + n + ')';
    const info = $('cellinfo');
    info.dataset.row = String(m);
    info.dataset.col = String(n);
    info.dataset.index = rect.dataset.index;
    info.innerHTML = '';
    const parts = [['row', m], ['column', n], ['coordinate', crd], ['index', rect.dataset.index]];
    for (const [k, v] of parts) {
      const s = document.createElement('span');
      s.className = 'kv';
      const b = document.createElement('b');
      b.textContent = k + ' ';
      s.append(b, document.createTextNode(String(v)));
      info.append(s);
    }
  }

  function unhover() {
    if (drawn) drawn.hot.setAttribute('visibility', 'hidden');
  }

  function applyZoom() {
    $('zoom-level').textContent = Math.round(zoom * 100) + '%';
    if (!drawn) return;
    drawn.svg.setAttribute('width', (drawn.w * zoom).toFixed(1));
    drawn.svg.setAttribute('height', (drawn.h * zoom).toFixed(1));
  }
  function setZoom(z) {
    zoom = Math.min(8, Math.max(0.1, z));
    applyZoom();
  }
  function fit() {
    if (!drawn) return;
    const box = $('drawing');
    setZoom(Math.min(4, (box.clientWidth - 4) / drawn.w));
  }

  // ---- history, URL, gallery --------------------------------------------------------------------
  function loadHistory() {
    try {
      const h = JSON.parse(localStorage.getItem(HISTORY_KEY) || '[]');
      return Array.isArray(h) ? h.filter((x) => typeof x === 'string') : [];
    } catch (e) {
      return [];
    }
  }
  function saveHistory(h) {
    try { localStorage.setItem(HISTORY_KEY, JSON.stringify(h)); } catch (e) { /* private mode */ }
  }
  function remember(expr) {
    const h = loadHistory().filter((x) => x !== expr);
    h.unshift(expr);
    saveHistory(h.slice(0, HISTORY_MAX));
    renderHistory();
  }
  function renderHistory() {
    const list = $('history');
    list.textContent = '';
    for (const expr of loadHistory()) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = expr;
      b.title = expr;
      b.onclick = () => commit(expr);
      li.append(b);
      list.append(li);
    }
  }

  function urlExpr() {
    const q = new URLSearchParams(location.search).get('e');
    if (q !== null) return q;
    const h = new URLSearchParams(location.hash.slice(1)).get('e');
    return h;
  }
  function urlFor(expr) {
    const u = new URL(location.href);
    u.hash = '';
    u.search = '?e=' + encodeURIComponent(expr);
    return u.toString();
  }

  // Evaluate expr, put it in the box, the URL and the history.
  function commit(expr, push = true) {
    clearTimeout(timer);
    input.value = expr;
    historyPos = -1;
    run(expr);
    if (expr.trim()) remember(expr);
    if (!push) return;
    // The entry being typed becomes this expression's; otherwise a new entry.
    if (history.state && history.state.draft) history.replaceState(null, '', urlFor(expr));
    else if (urlExpr() !== expr) history.pushState(null, '', urlFor(expr));
  }

  // While typing, the URL follows the box in one history entry of its own
  // (the entry of the last evaluated expression stays for Back).
  function draft(expr) {
    if (history.state && history.state.draft) history.replaceState({ draft: true }, '', urlFor(expr));
    else history.pushState({ draft: true }, '', urlFor(expr));
  }

  async function loadGallery() {
    const g = await (await fetch('gallery.json')).json();
    const box = $('gallery');
    for (const group of g.groups) {
      const d = document.createElement('details');
      d.open = ['composition', 'logical_divide', 'logical_product', 'complement'].includes(group.name);
      const s = document.createElement('summary');
      s.textContent = group.name + ' (' + group.exprs.length + ')';
      d.append(s);
      const ul = document.createElement('ul');
      for (const expr of group.exprs) {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'example';
        b.title = expr;
        b.textContent = expr;
        b.onclick = () => { commit(expr); input.focus(); };
        li.append(b);
        ul.append(li);
      }
      d.append(ul);
      box.append(d);
    }
  }

  // ---- wiring -----------------------------------------------------------------------------------
  function wire() {
    $('form').addEventListener('submit', (ev) => { ev.preventDefault(); commit(input.value); });
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        run(input.value);
        draft(input.value);
      }, 120);
    });
    input.addEventListener('keydown', (ev) => {
      if (ev.key !== 'ArrowUp' && ev.key !== 'ArrowDown') return;
      const h = loadHistory();
      if (!h.length) return;
      ev.preventDefault();
      historyPos = ev.key === 'ArrowUp' ? Math.min(h.length - 1, historyPos + 1) : Math.max(-1, historyPos - 1);
      input.value = historyPos < 0 ? current : h[historyPos];
      if (historyPos >= 0) run(input.value);
    });
    const restore = () => {
      const e = urlExpr();
      if (e !== null && engine && e !== input.value) { input.value = e; run(e); }
    };
    window.addEventListener('popstate', restore);
    window.addEventListener('hashchange', restore);
    $('zoom-in').onclick = () => setZoom(zoom * 1.25);
    $('zoom-out').onclick = () => setZoom(zoom / 1.25);
    $('zoom-1').onclick = () => setZoom(1);
    $('zoom-fit').onclick = fit;
    $('drawing').addEventListener('wheel', (ev) => {
      if (!ev.ctrlKey && !ev.metaKey) return;
      ev.preventDefault();
      setZoom(zoom * (ev.deltaY < 0 ? 1.1 : 1 / 1.1));
    }, { passive: false });
    $('clear-history').onclick = () => { saveHistory([]); renderHistory(); };
    $('share').onclick = async () => {
      const link = urlFor(input.value);
      history.replaceState(null, '', link);
      try { await navigator.clipboard.writeText(link); $('status').textContent = 'link copied'; } catch (e) { $('status').textContent = link; }
    };
  }

  async function main() {
    wire();
    renderHistory();
    const gallery = loadGallery().catch((e) => { $('gallery').textContent = 'no gallery: ' + e; });
    try {
      await load();
    } catch (e) {
      $('status').textContent = 'the engine did not load: ' + e;
      return;
    }
    $('help').textContent = engine.help().calls;
    input.disabled = false;
    $('go').disabled = false;
    $('status').textContent = '';
    const e = urlExpr();
    const first = e !== null ? e : DEFAULT_EXPR;
    input.value = first;
    run(first);
    if (e !== null && e.trim()) remember(e);
    performance.mark('tessel-first-result');
    document.body.dataset.ready = '1';
    await gallery;
    document.body.dataset.gallery = '1';
  }

  main();
})();
