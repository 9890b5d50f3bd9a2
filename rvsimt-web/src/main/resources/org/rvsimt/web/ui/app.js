// rvsimt live page: plain JavaScript, no framework. State arrives as server-sent events
// (/api/events) after one snapshot (/api/state); every value from the server is shown with
// textContent, never parsed as HTML.
'use strict';

const SAMPLING_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10000];
const KEEP_ROWS = 2000;      // instruction rows kept for filtering
const SHOW_ROWS = 300;       // rows drawn in the table
const HISTORY_ROWS = 100;

const $ = (id) => document.getElementById(id);
const hex = (v) => '0x' + (v >>> 0).toString(16).padStart(8, '0');

const state = {
  rows: [],                // [t, block, warp, pc, mask, text]
  running: new Map(),      // "device.seq" -> launch record
  history: [],             // newest first
  listing: null,           // {device, seq, lines: [[pc, text]]}
  heat: new Map(),         // pc -> samples of the listing's launch
  divergent: new Set(),    // pcs that split a warp in the listing's launch
  timeline: null,          // {key, warps: Map("block:warp" -> [[t, state]]), tMax}
  drops: 0,
};

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function row(cells) {
  const tr = document.createElement('tr');
  for (const c of cells) tr.appendChild(c instanceof Node ? c : el('td', c));
  return tr;
}

// ---------------------------------------------------------------- status and history

function renderRunning() {
  const ul = $('running');
  ul.replaceChildren();
  for (const r of state.running.values()) {
    ul.appendChild(el('li', `launch ${r.device}.${r.seq} ${r.kernel} grid [${r.grid}] block [${r.block}] running`));
  }
  if (state.running.size === 0) ul.appendChild(el('li', 'no launch running', 'muted'));
  $('running-count').textContent = state.running.size;
}

function fmt(n, digits) {
  return typeof n === 'number' ? n.toLocaleString('en', {maximumFractionDigits: digits}) : '';
}

function renderHistory() {
  const body = $('history').tBodies[0];
  body.replaceChildren();
  for (const r of state.history) {
    body.appendChild(row([`${r.device}.${r.seq}`, r.kernel, `[${r.grid}]`, `[${r.block}]`,
      el('td', r.faultKind ? `${r.status} (${r.faultKind})` : r.status, 'status-' + r.status),
      fmt(r.warpInstructions), fmt(r.laneInstructions), fmt(r.simtEfficiency * 100, 1) + ' %',
      fmt(r.wallMs, 2), fmt(r.laneInstructionsPerSecond, 0)]));
  }
}

// The fault panel shows every field the report has: scalars as text, lists of objects (the
// flight-recorder tail) as a table, so new fields of KernelFault appear without a page change.
function renderFaults() {
  const box = $('faults');
  box.replaceChildren();
  const faulted = state.history.filter((r) => r.fault);
  if (faulted.length === 0) box.appendChild(el('p', 'no faults', 'muted'));
  for (const r of faulted.slice(0, 10)) {
    const card = el('div', null, 'fault');
    card.dataset.launch = `${r.device}.${r.seq}`;
    card.appendChild(el('b', `launch ${r.device}.${r.seq}: ${r.faultKind}`));
    if (r.message) card.appendChild(el('div', r.message, 'fault-message'));
    const dl = document.createElement('dl');
    const tables = [];
    for (const [k, v] of Object.entries(r.fault)) {
      if (Array.isArray(v) && v.length > 0 && typeof v[0] === 'object') {
        tables.push([k, v]);
        continue;
      }
      dl.appendChild(el('dt', k));
      dl.appendChild(el('dd', faultValue(k, v)));
    }
    card.appendChild(dl);
    for (const [k, list] of tables) {
      card.appendChild(el('div', `${k} (${list.length})`, 'muted'));
      const t = el('table', null, 'fault-table');
      const cols = Object.keys(list[0]);
      t.appendChild(row(cols.map((c) => el('th', c))));
      const repeats = 'pc' in list[0] ? loopRepeats(list) : [];
      for (let i = 0, r = 0; i < list.length; i++) {
        if (r < repeats.length && repeats[r].from === i) {
          // A loop: one line for its passes, then its last pass in full (the one with the values).
          const rep = repeats[r++];
          const s = rep.period === 1 ? '' : 's';
          const td = el('td', `${hex(list[rep.from].pc)}..${hex(list[rep.from + rep.period - 1].pc)} x${rep.passes}`
            + ` (a loop of ${rep.period} instruction${s}; its last pass:)`);
          td.colSpan = cols.length;
          const tr = row([td]);
          tr.className = 'fold';
          t.appendChild(tr);
          i = rep.from + rep.period * (rep.passes - 1);
        }
        t.appendChild(row(cols.map((c) => faultValue(c, list[i][c]))));
      }
      card.appendChild(t);
    }
    box.appendChild(card);
  }
}

// Loops fill the flight-recorder tail with passes over the same few instructions. Runs of at least
// FOLD_MIN_PASSES identical passes (same pcs and masks) of a body of up to FOLD_MAX_PERIOD
// instructions fold into one line, as in the text report; longest run first, ties to the shorter body.
const FOLD_MAX_PERIOD = 16;
const FOLD_MIN_PASSES = 3;

function loopRepeats(steps) {
  const same = (a, b, period) => {
    for (let k = 0; k < period; k++) {
      if (steps[a + k].pc !== steps[b + k].pc || steps[a + k].mask !== steps[b + k].mask) return false;
    }
    return true;
  };
  const out = [];
  for (let i = 0; i < steps.length;) {
    let best = null;
    for (let period = 1; period <= FOLD_MAX_PERIOD && i + 2 * period <= steps.length; period++) {
      let passes = 1;
      while (i + (passes + 1) * period <= steps.length && same(i, i + passes * period, period)) passes++;
      if (passes >= FOLD_MIN_PASSES && (!best || passes * period > best.passes * best.period)) {
        best = {from: i, period, passes};
      }
    }
    if (best) {
      out.push(best);
      i = best.from + best.period * best.passes;
    } else {
      i++;
    }
  }
  return out;
}

function faultValue(key, v) {
  if (typeof v === 'number' && (key === 'pc' || key === 'address') && v >= 0) return hex(v);
  if (typeof v === 'number' && (key === 'lanes' || key === 'mask')) return '0x' + v.toString(16);
  if (Array.isArray(v)) return `(${v.join(', ')})`;
  return v === null || v === undefined ? '' : String(v);
}

function onLaunch(msg) {
  const r = msg.launch;
  const key = `${r.device}.${r.seq}`;
  if (r.state === 'running') {
    state.running.set(key, r);
    if (msg.listing) setListing(msg.listing);
  } else {
    state.running.delete(key);
    state.history.unshift(r);
    state.history.length = Math.min(state.history.length, HISTORY_ROWS);
    renderHistory();
    renderFaults();
  }
  renderRunning();
}

// ---------------------------------------------------------------- live trace

function filters() {
  const num = (id) => {
    const s = $(id).value.trim();
    if (s === '') return null;
    const n = Number(s);
    return Number.isFinite(n) ? n : NaN;
  };
  return {block: num('f-block'), warp: num('f-warp'), pc: num('f-pc')};
}

function renderTrace() {
  const f = filters();
  const body = $('trace').tBodies[0];
  const out = [];
  for (let i = state.rows.length - 1; i >= 0 && out.length < SHOW_ROWS; i--) {
    const r = state.rows[i];
    if (f.block !== null && r[1] !== f.block) continue;
    if (f.warp !== null && r[2] !== f.warp) continue;
    if (f.pc !== null && r[3] !== f.pc) continue;
    out.push(row([r[0], r[1], r[2], hex(r[3]), '0x' + r[4], r[5]]));
  }
  body.replaceChildren(...out);
  $('trace-count').textContent = state.rows.length;
}

let traceDirty = false;
function onRows(msg) {
  for (const r of msg.rows) state.rows.push(r);
  if (state.rows.length > KEEP_ROWS) state.rows.splice(0, state.rows.length - KEEP_ROWS);
  if (state.listing && state.listing.device === msg.device && state.listing.seq === msg.launch) {
    for (const r of msg.rows) state.heat.set(r[3], (state.heat.get(r[3]) || 0) + 1);
    heatDirty = true;
  }
  traceDirty = true;
}

// ---------------------------------------------------------------- heat view

let heatDirty = false;
function setListing(listing) {
  state.listing = listing;
  state.heat = new Map();
  state.divergent = new Set();
  $('heat-launch').textContent = `launch ${listing.device}.${listing.seq}`;
  heatDirty = true;
}

function renderHeat() {
  const body = $('heat').tBodies[0];
  if (!state.listing) return;
  let max = 1;
  for (const v of state.heat.values()) max = Math.max(max, v);
  const out = [];
  for (const [pc, text] of state.listing.lines) {
    const n = state.heat.get(pc) || 0;
    const bar = el('td', null, 'bar');
    const i = document.createElement('i');
    i.style.width = Math.round(80 * n / max) + 'px';
    bar.appendChild(i);
    const mark = el('td', null, 'div-mark');
    if (state.divergent.has(pc)) {
      mark.appendChild(el('span', null, 'div-icon'));
      mark.appendChild(document.createTextNode('diverges'));
    }
    const tr = row([hex(pc), bar, mark, text]);
    tr.dataset.pc = pc;
    tr.dataset.samples = n;
    out.push(tr);
  }
  body.replaceChildren(...out);
}

// ---------------------------------------------------------------- warp timeline

let timelineDirty = false;
function onWarps(msg) {
  const key = `${msg.device}.${msg.launch}`;
  if (!state.timeline || state.timeline.key !== key) {
    state.timeline = {key, warps: new Map(), tMax: 1};
    $('timeline-launch').textContent = `launch ${key}`;
  }
  const tl = state.timeline;
  for (const [t, block, warp, what, pc] of msg.events) {
    tl.tMax = Math.max(tl.tMax, t);
    if (what === 'diverge') {
      if (state.listing && `${state.listing.device}.${state.listing.seq}` === key) {
        state.divergent.add(pc);
        heatDirty = true;
      }
      continue;
    }
    if (what === 'reconverge') continue;
    if (what === 'release') {
      // Every warp of the block that waits at the barrier runs again.
      for (const [k, segs] of tl.warps) {
        if (k.startsWith(block + ':') && segs[segs.length - 1][1] === 'barrier') segs.push([t, 'active']);
      }
      continue;
    }
    const k = `${block}:${warp}`;
    if (!tl.warps.has(k)) tl.warps.set(k, []);
    tl.warps.get(k).push([t, what]);
  }
  timelineDirty = true;
}

const COLORS = {active: '#3a9', barrier: '#e93', done: '#bbb', fault: '#d33'};
// Time on the timeline is the tracer's clock: warp-instructions issued by the host thread that runs
// the block (each block runs on one host thread, so a block's warps share one clock).
const TIMELINE = {label: 74, right: 16, top: 18, rowHeight: 14, axis: 36, maxRows: 64, ticks: 8,
  unit: 'warp-instructions issued (the host thread\'s issue clock)'};

// A tick step of 1, 2 or 5 times a power of ten giving at most about `ticks` intervals; whole numbers.
function tickStep(span, ticks) {
  const raw = span / ticks;
  const p = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-9))));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
  return Math.max(1, step);
}

function renderTimeline() {
  const c = $('timeline');
  const tl = state.timeline;
  const L = TIMELINE;
  const keys = tl ? [...tl.warps.keys()].sort((a, b) => {
    const [ab, aw] = a.split(':').map(Number); const [bb, bw] = b.split(':').map(Number);
    return ab - bb || aw - bw;
  }) : [];
  const rows = Math.min(keys.length, L.maxRows);
  // Drawn in CSS pixels on a canvas of device pixels, so text stays sharp on any screen.
  const width = c.clientWidth || 900;
  const height = L.top + Math.max(rows, 1) * L.rowHeight + L.axis;
  const dpr = window.devicePixelRatio || 1;
  c.style.height = height + 'px';
  c.width = Math.round(width * dpr);
  c.height = Math.round(height * dpr);
  const g = c.getContext('2d');
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, width, height);
  if (!tl) return;
  const plot = width - L.label - L.right;
  const scale = plot / Math.max(tl.tMax, 1);
  g.font = '11px monospace';
  g.textBaseline = 'middle';
  g.fillStyle = '#555';
  g.textAlign = 'left';
  g.fillText('block/warp', 2, L.top / 2);
  const labels = [];
  let drawn = 0;
  for (let r = 0; r < rows; r++) {
    const [block, warp] = keys[r].split(':');
    const y = L.top + r * L.rowHeight;
    labels.push(`b${block} w${warp}`);
    g.fillStyle = '#555';
    g.fillText(labels[r], 2, y + L.rowHeight / 2);
    const segs = tl.warps.get(keys[r]);
    for (let i = 0; i < segs.length; i++) {
      const [t, what] = segs[i];
      const end = i + 1 < segs.length ? segs[i + 1][0] : (what === 'done' || what === 'fault' ? tl.tMax : t);
      g.fillStyle = COLORS[what] || '#3a9';
      g.fillRect(L.label + t * scale, y + 1, Math.max(2, (end - t) * scale), L.rowHeight - 2);
      drawn++;
    }
  }
  // The time axis: a line, ticks at round numbers, and the unit.
  const axisY = L.top + rows * L.rowHeight + 2;
  g.strokeStyle = '#888';
  g.lineWidth = 1;
  g.beginPath();
  g.moveTo(L.label, axisY + 0.5);
  g.lineTo(L.label + plot, axisY + 0.5);
  const step = tickStep(tl.tMax, L.ticks);
  const ticks = [];
  for (let t = 0; t <= tl.tMax; t += step) {
    const x = Math.round(L.label + t * scale) + 0.5;
    g.moveTo(x, axisY);
    g.lineTo(x, axisY + 4);
    ticks.push(t);
  }
  g.stroke();
  g.fillStyle = '#555';
  g.textAlign = 'center';
  for (const t of ticks) g.fillText(fmt(t), L.label + t * scale, axisY + 11);
  g.fillText(L.unit, L.label + plot / 2, axisY + 26);
  c.dataset.warps = keys.length;
  c.dataset.segments = drawn;
  c.dataset.rowLabels = labels.join(',');
  c.dataset.ticks = ticks.join(',');
  c.dataset.unit = L.unit;
  $('timeline-note').textContent = keys.length > rows ? `(the first ${rows} of ${keys.length} warps)` : '';
}

// ---------------------------------------------------------------- sampling control

function showSampling(every) {
  $('sampling-value').textContent = every;
  let best = 0;
  SAMPLING_STEPS.forEach((s, i) => { if (Math.abs(s - every) < Math.abs(SAMPLING_STEPS[best] - every)) best = i; });
  $('sampling').value = best;
}

async function sendSampling() {
  const every = SAMPLING_STEPS[Number($('sampling').value)];
  $('sampling-value').textContent = every;
  try {
    const r = await fetch('/api/sampling', {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({every})});
    $('sampling-note').textContent = r.ok ? 'applied' : 'refused: ' + (await r.text());
  } catch (e) {
    $('sampling-note').textContent = 'not sent: ' + e;
  }
}

// ---------------------------------------------------------------- wiring

async function loadState() {
  const r = await fetch('/api/state');
  const s = await r.json();
  $('devices').textContent = s.devices;
  showSampling(s.sampling);
  state.running = new Map(s.running.map((l) => [`${l.device}.${l.seq}`, l]));
  state.history = s.history;
  if (s.listing) setListing(s.listing);
  renderRunning();
  renderHistory();
  renderFaults();
}

function connect() {
  const es = new EventSource('/api/events');
  es.addEventListener('hello', (e) => {
    $('conn').textContent = 'live';
    $('conn').className = 'badge';
    showSampling(JSON.parse(e.data).sampling);
    loadState().catch(() => {});
  });
  es.addEventListener('launch', (e) => onLaunch(JSON.parse(e.data)));
  es.addEventListener('rows', (e) => onRows(JSON.parse(e.data)));
  es.addEventListener('warps', (e) => onWarps(JSON.parse(e.data)));
  es.addEventListener('sampling', (e) => showSampling(JSON.parse(e.data).every));
  es.addEventListener('diagnostics', (e) => onDiagnostics(JSON.parse(e.data)));   // diagnostics.js
  es.addEventListener('timing', (e) => onTiming(JSON.parse(e.data)));             // timing.js
  es.onerror = () => { $('conn').textContent = 'reconnecting'; $('conn').className = 'badge off'; };
}

// Drawing is batched into animation frames so that a burst of events costs one redraw.
function frame() {
  if (traceDirty) { traceDirty = false; renderTrace(); }
  if (heatDirty) { heatDirty = false; renderHeat(); }
  if (timelineDirty) { timelineDirty = false; renderTimeline(); }
  requestAnimationFrame(frame);
}

for (const id of ['f-block', 'f-warp', 'f-pc']) $(id).addEventListener('input', () => { traceDirty = true; });
$('sampling').addEventListener('change', sendSampling);
window.addEventListener('resize', () => { timelineDirty = true; });
$('sampling').addEventListener('input', () => { $('sampling-value').textContent = SAMPLING_STEPS[Number($('sampling').value)]; });
connect();
requestAnimationFrame(frame);
