// The HTML page's script, embedded in the program at build time (harness/CMakeLists.txt) and put in
// the page by html_page (html_page.h says what `data` holds). Everything shown is computed in C++:
// this only draws it, generically, so that the report's page and the history's share it. It says on
// <body> whether every chart drew (data-status, data-charts, data-drawn), which the browser test reads.
(function () {
  const data = JSON.parse(document.getElementById('data').textContent);
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
  // A cell's text; a long one (a plugin's path, a list of solver specs) may wrap anywhere (page.css), rather than widen the page past the window.
  const fill = (cell, text) => { cell.textContent = text; if (text.length > 32) cell.classList.add('long'); };
  const main = document.getElementById('main');
  document.title = data.title;
  main.appendChild(el('h1', data.title));
  // A comparison's verdict in one line, before anything else.
  if (data.comparison && data.comparison.verdict) main.appendChild(el('p', data.comparison.verdict, 'verdict'));
  const facts = (title, obj) => {
    const d = el('details'); d.appendChild(el('summary', title));
    const t = el('table', undefined, 'facts');
    const add = (k, v) => { if (v === null || v === '' || (Array.isArray(v) && !v.length)) return; const r = t.insertRow(); r.insertCell().textContent = k; fill(r.insertCell(), typeof v === 'object' ? JSON.stringify(v) : String(v)); };
    for (const [k, v] of Object.entries(obj)) { if (v && typeof v === 'object' && !Array.isArray(v)) { for (const [k2, v2] of Object.entries(v)) add(k + '.' + k2, v2); } else add(k, v); }
    d.appendChild(t); return d;
  };
  const c = data.context;
  if (c) main.appendChild(el('p', `${c.cpu_model}, ${c.hardware_threads} hardware threads, ${c.host}, ${c.os}; ${c.compiler} ${c.build_type}; ${c.date}`, 'machine'));
  const warnings = (data.warnings || []).slice();
  if (data.interrupted) warnings.push('Interrupted: the report holds the passes measured before the interrupt.');
  if (data.table) for (const row of data.table.rows) for (const w of row.warnings) warnings.push(`${row.cells[0]} ${row.cells[1]} threads ${row.cells[2]}: ${w}`);
  if (warnings.length) { const ul = el('ul', undefined, 'warnings'); for (const w of warnings) ul.appendChild(el('li', w)); main.appendChild(el('h2', 'Warnings')); main.appendChild(ul); }
  // What the command's text says, line for line (history's findings).
  if (data.findings && data.findings.length) {
    const ul = el('ul', undefined, 'findings'); for (const f of data.findings) ul.appendChild(el('li', f));
    main.appendChild(el('h2', 'Findings')); main.appendChild(ul);
    if (data.findings_note) main.appendChild(el('p', data.findings_note, 'note'));
  }
  const table = (spec, cls) => {
    const t = el('table', undefined, cls); const h = t.createTHead().insertRow();
    spec.header.forEach((x, i) => { const th = el('th', x); if (spec.left && !spec.left[i]) th.className = 'num'; h.appendChild(th); });
    const b = t.createTBody();
    for (const row of spec.rows) { const r = b.insertRow(); (row.cells || row).forEach((x, i) => { const td = r.insertCell(); fill(td, x == null ? '' : String(x)); if (spec.left && !spec.left[i]) td.classList.add('num'); }); }
    return t;
  };
  if (data.table) {
    main.appendChild(el('h2', 'Results'));
    main.appendChild(table(data.table, 'results'));
    if (data.spread) main.appendChild(el('p', data.spread, 'note'));
    for (const line of data.harness || []) main.appendChild(el('p', line, 'note'));
  }
  // A table with no row is no section: nothing to show under its heading.
  for (const section of (data.sections || []).filter(x => x.table.rows.length)) {
    main.appendChild(el('h2', section.heading));
    main.appendChild(table(section.table, 'results'));
    if (section.note) main.appendChild(el('p', section.note, 'note'));
  }
  if (data.comparison) {
    const cmp = data.comparison;
    // "the base 39aa3675ec8f (date)" for a report's base; ab's names its side: "Against old (BASE)".
    main.appendChild(el('h2', 'Against ' + cmp.base));
    const notes = cmp.mismatches.map(m => 'not comparable as it is: ' + m).concat(cmp.only);
    if (notes.length) { const ul = el('ul', undefined, 'warnings'); for (const n of notes) ul.appendChild(el('li', n)); main.appendChild(ul); }
    main.appendChild(table(cmp.table, 'comparison'));
    main.appendChild(el('p', cmp.rule, 'note'));
  }
  const grid = el('div', undefined, 'charts');
  if (data.charts.some(spec => spec.series.some(s => s.points.length > 1))) { main.appendChild(el('h2', 'Charts')); main.appendChild(grid); }
  const palette = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
  const canvases = [];
  const notDrawn = [];
  for (const spec of data.charts) {
    // A chart with no series of two points or more (one thread count, no latencies) shows nothing
    // that the tables do not: named under the charts, not drawn as an empty panel.
    if (!spec.series.some(s => s.points.length > 1)) { notDrawn.push(spec.title); continue; }
    const box = el('div', undefined, 'chart'); grid.appendChild(box);
    const canvas = el('canvas'); canvas.width = 560; canvas.height = 340; canvas.id = spec.id; box.appendChild(canvas); canvases.push(canvas);
    let colour = 0, datasetsDrawn = 0; const colours = {};
    const datasets = spec.series.map(s => {
      if (!(s.group in colours)) colours[s.group] = palette[colour++ % palette.length];
      // Each series its own point style, so that lines that coincide stay visible.
      const pointStyle = ['circle', 'rect', 'triangle', 'rectRot', 'crossRot', 'star'][datasetsDrawn++ % 6];
      // A series of marks (line: false): points apart, large, as history's code changes.
      if (s.line === false) return { label: s.label, data: s.points.map(p => ({ x: p[0], y: p[1] })), showLine: false, borderColor: colours[s.group], backgroundColor: colours[s.group], pointStyle: 'triangle', pointRadius: 8 };
      return { label: s.label, data: s.points.map(p => ({ x: p[0], y: p[1] })), showLine: true, borderColor: colours[s.group], backgroundColor: colours[s.group], borderDash: s.dashed ? [6, 4] : [], pointStyle, pointRadius: s.dashed ? 0 : 4, borderWidth: s.dashed ? 1 : 2 };
    });
    const scale = (a) => {
      const o = { type: a.log ? 'logarithmic' : 'linear', title: { display: true, text: a.label } };
      if (a.from_zero) { o.beginAtZero = true; o.suggestedMax = 1; }
      // The least range the axis shows ([low, high]): a flat series is not drawn as a cliff.
      if (a.suggested) { o.suggestedMin = a.suggested[0]; o.suggestedMax = a.suggested[1]; }
      if (a.ticks) { const labels = new Map(a.ticks.map(t => [t[0], t[1]])); o.afterBuildTicks = ax => { ax.ticks = a.ticks.map(t => ({ value: t[0] })); }; o.ticks = { callback: v => labels.has(v) ? labels.get(v) : '' }; }
      return o;
    };
    new Chart(canvas.getContext('2d'), { type: 'scatter', data: { datasets }, options: { responsive: false, animation: false, plugins: { title: { display: true, text: spec.title }, legend: { labels: { boxWidth: 12, font: { size: 10 } } } }, scales: { x: scale(spec.x), y: scale(spec.y) } } });
  }
  if (notDrawn.length) main.appendChild(el('p', 'Not drawn, having no series of two points or more: ' + notDrawn.join('; '), 'note'));
  if (data.passes) {
    main.appendChild(el('h2', 'Every pass'));
    main.appendChild(table(data.passes, 'passes'));
  }
  if (data.context) main.appendChild(facts('Machine and build (context)', data.context));
  if (data.settings) main.appendChild(facts('Settings', data.settings));
  // Whether each chart left pixels on its canvas: what the browser test checks.
  const drawn = canvases.filter(cv => { const px = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data; for (let i = 3; i < px.length; i += 4) if (px[i]) return true; return false; }).length;
  document.body.dataset.charts = String(canvases.length);
  document.body.dataset.drawn = String(drawn);
  document.body.dataset.status = drawn === canvases.length ? 'ok' : 'not every chart drew';
  // Whether the page is wider than the window (a name that would not wrap): what the browser test checks too.
  document.body.dataset.wide = String(document.documentElement.scrollWidth > document.documentElement.clientWidth);
})();
