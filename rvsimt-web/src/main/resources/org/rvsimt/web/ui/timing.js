// rvsimt live page, the performance panel: for the latest launch a client asked to time (LAUNCH's
// timing option), the model's warp states as bars, a roofline plot against the GPU's peaks, and
// the kernel's listing with each instruction's stall warp-cycles as heat. Fed by 'timing' events
// (app.js passes them on) after the snapshot's 'timing' list.
'use strict';

const timing = {latest: null};
const SVG = 'http://www.w3.org/2000/svg';

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = String(text);
  return e;
}

function pct(v) {
  return fmt(100 * v, 1) + '%';
}

function renderTimingSummary(d) {
  const t = d.timing;
  const o = t.occupancy;
  $('timing-summary').textContent = `${fmt(t.cycles)} cycles = ${fmt(t.duration_us, 2)} us at ${fmt(t.clock_mhz)} MHz`
    + ` (${t.gpu}) · IPC ${fmt(t.ipc, 2)} executed, ${fmt(t.issued_ipc, 2)} issued`
    + ` · occupancy ${pct(o.achieved)} achieved of ${pct(o.theoretical)} (limiter: ${o.limiter})`
    + ` · L1 hit ${pct(t.l1.hit_rate)} · L2 hit ${pct(t.l2.hit_rate)} · DRAM ${fmt(t.dram.bytes)} bytes`
    + ` · ${fmt(t.sectors_per_request, 2)} sectors/request · ${fmt(t.shared.bank_conflicts)} bank conflicts`;
}

// Warp states, most warp-cycles first, as bars of their share of all warp-cycles.
function renderStalls(t) {
  const svg = $('stalls');
  const states = Object.entries(t.stalls).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
  const total = states.reduce((s, [, v]) => s + v, 0) || 1;
  const rowH = 18, labelW = 130, barW = 250;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${labelW + barW + 70} ${Math.max(1, states.length) * rowH + 4}`);
  svg.setAttribute('height', Math.max(1, states.length) * rowH + 4);
  states.forEach(([reason, cycles], i) => {
    const y = 2 + i * rowH;
    svg.appendChild(svgEl('text', {x: labelW - 6, y: y + 12, 'text-anchor': 'end'}, reason));
    svg.appendChild(svgEl('rect', {x: labelW, y: y + 2, height: rowH - 6, width: Math.max(1, barW * cycles / total),
      class: 'stall-bar ' + (reason === 'selected' ? 'issued' : 'stalled'), 'data-reason': reason,
      'data-cycles': cycles}));
    svg.appendChild(svgEl('text', {x: labelW + barW + 6, y: y + 12}, pct(cycles / total)));
  });
  svg.dataset.total = total;
}

function decades(lo, hi) {
  const out = [];
  for (let e = Math.round(Math.log10(lo)); e <= Math.round(Math.log10(hi)); e++) out.push(10 ** e);
  return out;
}

function shortNumber(v) {
  return v >= 1000 ? fmt(v / 1000) + 'k' : String(v);
}

// Log-log roofline: the DRAM roof (bandwidth x intensity) up to the ridge, the compute roof
// (peak FLOP/s) after it, and the kernel at its arithmetic intensity and achieved GFLOP/s.
function renderRoofline(t) {
  const r = t.roofline;
  const svg = $('roofline');
  svg.replaceChildren();
  const W = 460, H = 280, left = 64, right = W - 14, top = 12, bottom = H - 40;
  const ridge = r.peak_gflops / r.peak_bandwidth_gbps;
  const placed = r.arithmetic_intensity > 0 && r.gflops > 0;
  const xs = placed ? [ridge, r.arithmetic_intensity] : [ridge];
  const xMin = 10 ** Math.floor(Math.log10(Math.min(...xs) / 8));
  const xMax = 10 ** Math.ceil(Math.log10(Math.max(...xs) * 8));
  const yMax = 10 ** Math.ceil(Math.log10(r.peak_gflops * 2));
  const ys = placed ? [r.gflops, r.peak_bandwidth_gbps * xMin] : [r.peak_bandwidth_gbps * xMin];
  const yMin = 10 ** Math.floor(Math.log10(Math.min(...ys) / 2));
  const X = (v) => left + (right - left) * (Math.log10(v) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin));
  const Y = (v) => bottom - (bottom - top) * (Math.log10(v) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin));
  Object.assign(svg.dataset, {xMin, xMax, yMin, yMax, left, right, top, bottom, ai: r.arithmetic_intensity,
    gflops: r.gflops, peakGflops: r.peak_gflops, peakBandwidth: r.peak_bandwidth_gbps, ridge});
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  for (const x of decades(xMin, xMax)) {
    svg.appendChild(svgEl('line', {x1: X(x), x2: X(x), y1: top, y2: bottom, class: 'grid'}));
    svg.appendChild(svgEl('text', {x: X(x), y: bottom + 14, 'text-anchor': 'middle'}, shortNumber(x)));
  }
  for (const y of decades(yMin, yMax)) {
    svg.appendChild(svgEl('line', {x1: left, x2: right, y1: Y(y), y2: Y(y), class: 'grid'}));
    svg.appendChild(svgEl('text', {x: left - 4, y: Y(y) + 4, 'text-anchor': 'end'}, shortNumber(y)));
  }
  svg.appendChild(svgEl('text', {x: (left + right) / 2, y: H - 6, 'text-anchor': 'middle'},
    'arithmetic intensity (FLOP per DRAM byte)'));
  svg.appendChild(svgEl('text', {x: 12, y: (top + bottom) / 2, 'text-anchor': 'middle',
    transform: `rotate(-90 12 ${(top + bottom) / 2})`}, 'GFLOP/s'));
  svg.appendChild(svgEl('line', {id: 'roof-memory', class: 'roof', x1: X(xMin), y1: Y(r.peak_bandwidth_gbps * xMin),
    x2: X(ridge), y2: Y(r.peak_gflops)}));
  svg.appendChild(svgEl('line', {id: 'roof-compute', class: 'roof', x1: X(ridge), y1: Y(r.peak_gflops), x2: X(xMax),
    y2: Y(r.peak_gflops)}));
  svg.appendChild(svgEl('text', {x: right - 4, y: Y(r.peak_gflops) - 5, 'text-anchor': 'end'},
    `${fmt(r.peak_gflops, 1)} GFLOP/s`));
  svg.appendChild(svgEl('text', {x: X(xMin) + 6, y: Y(r.peak_bandwidth_gbps * xMin) - 8},
    `${fmt(r.peak_bandwidth_gbps, 1)} GB/s`));
  if (placed) {
    svg.appendChild(svgEl('circle', {id: 'roof-point', cx: X(r.arithmetic_intensity), cy: Y(r.gflops), r: 5}));
    svg.appendChild(svgEl('text', {x: X(r.arithmetic_intensity) + 8, y: Y(r.gflops) + 4},
      `${fmt(r.gflops, 2)} GFLOP/s at ${fmt(r.arithmetic_intensity, 3)} FLOP/B`));
  }
  $('roofline-note').textContent = placed ? '' : (r.flops === 0 ? 'no floating-point operations: no point to plot'
    : 'no DRAM traffic: no point to plot');
}

// The listing with each instruction's stall warp-cycles: a red bar and background as its share of the most stalled.
function renderStallHeat(d) {
  const body = $('stall-heat').tBodies[0];
  const most = Math.max(1, ...d.listing.map((l) => l[3]));
  const out = [];
  for (const [pc, text, executed, stall, top, place] of d.listing) {
    const bar = el('td', null, 'bar heat');
    const i = el('i');
    i.style.width = Math.round(80 * stall / most) + 'px';
    bar.appendChild(i);
    const tr = row([hex(pc), fmt(stall), bar, top || '', fmt(executed), text, place || '']);
    tr.style.background = stall > 0 ? `rgba(220, 60, 40, ${(0.35 * stall / most).toFixed(3)})` : '';
    tr.dataset.pc = pc;
    tr.dataset.stall = stall;
    tr.dataset.top = top || '';
    out.push(tr);
  }
  body.replaceChildren(...out);
}

function onTiming(d) {
  timing.latest = d;
  $('timing-launch').textContent = `launch ${d.launch} ${d.kernel}`;
  if (d.error) {
    $('timing-summary').textContent = 'not timed: ' + d.error;
    for (const id of ['stalls', 'roofline']) $(id).replaceChildren();
    $('stall-heat').tBodies[0].replaceChildren();
    return;
  }
  renderTimingSummary(d);
  renderStalls(d.timing);
  renderRoofline(d.timing);
  renderStallHeat(d);
}

(async () => {
  const r = await fetch('/api/state');
  if (!r.ok) return;
  const s = await r.json();
  // an event may have come first: it is newer than the snapshot
  if (!timing.latest && s.timing && s.timing.length > 0) onTiming(s.timing[0]);
})();
