// rvsimt live page, the launch view's checks and source lines: the findings of the latest launch
// that ran with the sanitizer checks or has DWARF lines, and its instruction counts per source line.
// Fed by the 'diagnostics' events (app.js passes them on) after the snapshot's 'diagnostics' list.
'use strict';

const diagnostics = {latest: null};

function placeText(source) {
  if (!source) return '';
  const file = source.file.substring(source.file.lastIndexOf('/') + 1);
  return file + (source.line ? ':' + source.line : '') + (source.function ? ` (${source.function})` : '');
}

function renderFindings(d) {
  const box = $('findings');
  box.replaceChildren();
  if (!d.checks) {
    box.appendChild(el('p', 'this launch ran without checks', 'muted'));
    return;
  }
  const head = d.findings.length === 0 ? `checks (${d.checks.join(', ')}): no findings`
    : `checks (${d.checks.join(', ')}): ${d.errors} error${d.errors === 1 ? '' : 's'}, `
      + `${d.warnings} warning${d.warnings === 1 ? '' : 's'}`;
  box.appendChild(el('p', head, d.errors > 0 ? 'status-fault' : 'status-ok'));
  for (const f of d.findings) {
    const card = el('div', null, 'finding ' + f.severity);
    card.dataset.kind = f.kind;
    card.appendChild(el('div', `${f.severity} ${f.check} ${f.kind} at ${f.pc} ${f.instruction}`
      + (f.source ? '  ' + placeText(f.source) : '') + `  (${fmt(f.count)} time${f.count === 1 ? '' : 's'})`, 'what'));
    card.appendChild(el('div', f.message));
    if (f.other) {
      card.appendChild(el('div', `other access: ${f.other.pc} ${f.other.instruction}`
        + (f.other.source ? '  ' + placeText(f.other.source) : '')));
    }
    card.appendChild(el('div', `first: block (${f.block}) thread (${f.thread}) warp ${f.warp} lane ${f.lane}`
      + (f.address ? ` address ${f.address}` : ''), 'muted'));
    box.appendChild(card);
  }
}

function renderSource(d) {
  const body = $('source').tBodies[0];
  body.replaceChildren();
  const most = Math.max(1, ...d.source.map((l) => l.warp_instructions));
  for (const l of d.source) {
    const bar = el('td', null, 'bar');
    const i = el('i');
    i.style.width = Math.max(1, Math.round(60 * l.warp_instructions / most)) + 'px';
    bar.appendChild(i);
    const tr = row([placeText({file: l.file, line: l.line}), l.function || '', fmt(l.warp_instructions),
      fmt(l.lane_instructions), bar]);
    tr.dataset.line = l.line;
    tr.dataset.warp = l.warp_instructions;
    tr.dataset.lane = l.lane_instructions;
    body.appendChild(tr);
  }
  if (d.source.length === 0) body.appendChild(row([el('td', 'no line table (an assembly kernel, or C without -g)', 'muted')]));
}

function onDiagnostics(d) {
  diagnostics.latest = d;
  $('diag-launch').textContent = `launch ${d.launch} ${d.kernel}`;
  renderFindings(d);
  renderSource(d);
}

(async () => {
  const r = await fetch('/api/state');
  if (!r.ok) return;
  const s = await r.json();
  // an event may have come first: it is newer than the snapshot
  if (!diagnostics.latest && s.diagnostics && s.diagnostics.length > 0) onDiagnostics(s.diagnostics[0]);
})();
