// The page: loads files, shows what kifu found in them (format, encoding, diagnostics), the
// games on a board with their moves, and converts them. Conversion of WTHOR bases: wthor.js.
(function () {
  'use strict';

  const t = (...a) => KifuI18n.t(...a);
  const $ = (id) => document.getElementById(id);

  const state = {
    files: [],        // {id, name, bytes, kind: 'record'|'names'|'wtb', result, text}
    selected: -1,
    game: 0,
    record: null,
    line: null,
    positions: null,
    ply: 0,
    writers: [],
  };

  // ---------- helpers ----------
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function stemOf(name) {
    const base = name.split('/').pop();
    const dot = base.lastIndexOf('.');
    return dot > 0 ? base.slice(0, dot) : base;
  }

  function status(text, isError) {
    const s = $('status');
    s.textContent = text;
    s.classList.toggle('error', !!isError);
  }

  const decoderLabels = { CP932: 'shift_jis', SHIFT_JIS: 'shift_jis', 'SHIFT-JIS': 'shift_jis', 'EUC-JP': 'euc-jp', 'ISO-8859-1': 'windows-1252', 'ISO-2022-JP': 'iso-2022-jp' };

  // The decoded source, for the lines the diagnostics point at.
  function sourceLines(file) {
    if (file.lines) return file.lines;
    const enc = (file.result && file.result.encoding) || 'UTF-8';
    let text;
    try { text = new TextDecoder(decoderLabels[enc.toUpperCase()] || enc).decode(file.bytes); } catch (e) { text = new TextDecoder().decode(file.bytes); }
    file.lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
    return file.lines;
  }

  function isNamesFile(name) { return /^wthor\.(jou|trn)$/i.test(name.split('/').pop()); }
  function isWtb(name) { return /\.wt[bd]$/i.test(name); }

  function counts(diags) {
    let errors = 0; let warnings = 0;
    for (const d of diags) { if (d.severity === 'error') errors++; else if (d.severity === 'warning') warnings++; }
    return { errors, warnings };
  }

  // ---------- loading ----------
  let nextId = 1;

  async function addFiles(list) {
    const incoming = [];
    for (const f of list) incoming.push({ name: f.relativePath || f.name, file: f });
    if (!incoming.length) return;
    status(t('engine.loading'));
    await KifuEngine.load();
    for (const { name, file } of incoming) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const entry = { id: nextId++, name, bytes, kind: 'record', result: null };
      if (isNamesFile(name)) entry.kind = 'names';
      else if (isWtb(name)) {
        entry.kind = 'wtb';
        const found = KifuEngine.detect(bytes, name);
        entry.result = { format: (found && found.format) || 'wthor', encoding: (found && found.encoding) || null, records: null, diagnostics: [] };
      } else {
        entry.result = KifuEngine.parse(bytes, name);
      }
      state.files.push(entry);
    }
    status('');
    renderFiles();
    const firstNew = state.files.length - incoming.length;
    const pick = state.files.findIndex((f, i) => i >= firstNew && f.kind !== 'names');
    select(pick >= 0 ? pick : state.selected);
    KifuWthor.update(state.files);
    updateConvert();
  }

  // Files and folders of a drop (folders read recursively, as a WTHOR base often is one).
  async function droppedFiles(dataTransfer) {
    const out = [];
    const entries = [];
    for (const item of dataTransfer.items || []) {
      const entry = item.webkitGetAsEntry && item.webkitGetAsEntry();
      if (entry) entries.push(entry);
    }
    if (!entries.length) return Array.from(dataTransfer.files || []);
    async function walk(entry, prefix) {
      if (entry.isFile) {
        const file = await new Promise((res, rej) => entry.file(res, rej));
        if (prefix) file.relativePath = prefix + file.name;
        out.push(file);
      } else if (entry.isDirectory) {
        const reader = entry.createReader();
        let batch;
        const children = [];
        do {
          batch = await new Promise((res, rej) => reader.readEntries(res, rej));
          children.push(...batch);
        } while (batch.length);
        children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const child of children) await walk(child, `${prefix}${entry.name}/`);
      }
    }
    for (const entry of entries) await walk(entry, '');
    return out;
  }

  // ---------- file list ----------
  function renderFiles() {
    const ul = $('files');
    ul.replaceChildren();
    $('files-empty').hidden = state.files.length > 0;
    state.files.forEach((f, i) => {
      const li = el('li', { role: 'option', id: `file-${f.id}`, 'data-index': String(i), 'aria-selected': String(i === state.selected) });
      li.append(el('span', { class: 'file-name' }, f.name));
      const meta = el('span', { class: 'file-meta' });
      if (f.kind === 'names') {
        meta.append(el('span', { class: 'tag' }, t('file.names')));
      } else if (!f.result.format) {
        meta.append(el('span', { class: 'tag bad' }, t('file.unknown')));
      } else {
        meta.append(el('span', { class: 'tag fmt', 'data-role': 'format' }, f.result.format));
        if (f.result.encoding) meta.append(el('span', { class: 'tag', 'data-role': 'encoding' }, f.result.encoding));
        if (f.result.records) meta.append(el('span', { class: 'tag' }, t('file.games', f.result.records.length)));
      }
      if (f.result) {
        const c = counts(f.result.diagnostics);
        if (c.errors) meta.append(el('span', { class: 'tag bad' }, t('file.errors', c.errors)));
        if (c.warnings) meta.append(el('span', { class: 'tag warn' }, t('file.warnings', c.warnings)));
      }
      li.append(meta);
      li.addEventListener('click', () => select(i));
      ul.append(li);
    });
    if (state.selected >= 0 && state.files[state.selected]) ul.setAttribute('aria-activedescendant', `file-${state.files[state.selected].id}`);
  }

  function select(index) {
    if (index < 0 || index >= state.files.length) { renderFiles(); showFile(null); return; }
    state.selected = index;
    state.game = 0;
    for (const li of $('files').children) li.setAttribute('aria-selected', String(Number(li.dataset.index) === index));
    const f = state.files[index];
    $('files').setAttribute('aria-activedescendant', `file-${f.id}`);
    const li = $(`file-${f.id}`);
    if (li) li.scrollIntoView({ block: 'nearest' });
    showFile(f);
  }

  // ---------- the selected file ----------
  function info(dl, pairs) {
    dl.replaceChildren();
    for (const [k, v, role] of pairs) {
      dl.append(el('dt', {}, k));
      const dd = el('dd', role ? { 'data-role': role } : {}, v);
      dl.append(dd);
    }
  }

  function showFile(f) {
    $('view').hidden = !f;
    $('diagnostics-panel').hidden = !f || f.kind === 'names';
    if (!f) return;
    if (f.kind === 'wtb' && f.result.records === null) {
      // the names of players and tournaments, when WTHOR.JOU and WTHOR.TRN are loaded too
      const names = (re) => { const n = state.files.find((x) => re.test(x.name.split('/').pop())); return n ? n.bytes : undefined; };
      const options = { players: names(/^wthor\.jou$/i), tournaments: names(/^wthor\.trn$/i) };
      f.result = Object.assign(KifuEngine.parse(f.bytes, f.name, options), { format: f.result.format || 'wthor' });
      renderFiles();
    }
    const r = f.result || { format: null, encoding: null, records: [], diagnostics: [] };
    const records = r.records || [];
    info($('info'), [
      [t('info.format'), r.format || '—', 'format'],
      [t('info.encoding'), r.encoding || '—', 'encoding'],
      [t('info.games'), String(records.length), 'games'],
      [t('info.size'), t('info.bytes', f.bytes.length)],
    ]);
    const pick = $('game-pick');
    pick.replaceChildren();
    $('game-pick-label').hidden = records.length < 2;
    const shown = Math.min(records.length, 5000);
    for (let i = 0; i < shown; i++) pick.append(el('option', { value: String(i) }, gameLabel(records[i], i)));
    renderDiagnostics(f);
    showGame(records.length ? 0 : -1);
  }

  function gameLabel(record, i) {
    const h = record.header || {};
    const black = h.PB || h['先手'] || h['下手'] || '';
    const white = h.PW || h['後手'] || h['上手'] || '';
    return `${i + 1}. ${black}${black || white ? ' – ' : ''}${white}`;
  }

  function showGame(index) {
    const f = state.files[state.selected];
    const records = (f && f.result && f.result.records) || [];
    const note = $('view-note');
    if (index < 0 || !records[index]) {
      $('viewer').hidden = true;
      note.hidden = false;
      note.textContent = f && f.kind === 'names' ? t('wthor.none') : t('view.none');
      state.record = null;
      return;
    }
    note.hidden = f.kind !== 'wtb';
    note.textContent = f.kind === 'wtb' ? t('view.wthor') : '';
    $('viewer').hidden = false;
    state.game = index;
    $('game-pick').value = String(index);
    state.record = records[index];
    state.line = KifuReplay.mainLine(state.record);
    state.positions = KifuReplay.positions(state.record, state.line);
    renderHeader(state.record);
    renderMoves();
    go(0);
  }

  function renderHeader(record) {
    const dl = $('header');
    dl.replaceChildren();
    for (const [k, v] of Object.entries(record.header || {})) {
      dl.append(el('dt', {}, k), el('dd', {}, String(v)));
    }
  }

  function moveText(entry) {
    const game = KifuReplay.gameOf(state.record);
    if (game === 'shogi') return KifuNotation.shogiMove(entry, KifuI18n.language);
    if (game === 'go') return KifuNotation.goMove(entry, state.positions[0].size, t);
    return KifuNotation.othelloMove(entry, t);
  }

  function renderMoves() {
    const ol = $('moves');
    ol.replaceChildren();
    state.line.forEach((node, p) => {
      const li = el('li', { role: 'option', id: `ply-${p}`, 'data-ply': String(p), 'aria-selected': 'false' });
      li.append(el('span', { class: 'num' }, p === 0 ? '' : String(p)));
      li.append(el('span', { class: 'mv' }, p === 0 ? t('moves.start') : moveText(node.entry)));
      if (node.alts.length > 1) li.append(el('span', { class: 'fork', title: t('moves.variations') }, node.alt ? `◇${node.alt}` : '◆'));
      const time = p === 0 ? '' : KifuNotation.timeOf(node.entry);
      li.append(el('span', { class: 'time' }, time));
      if (node.entry.comments && node.entry.comments.length) li.classList.add('has-comment');
      li.addEventListener('click', () => go(p));
      ol.append(li);
    });
  }

  function go(ply) {
    if (!state.record) return;
    const last = state.line.length - 1;
    state.ply = Math.max(0, Math.min(last, ply));
    const game = KifuReplay.gameOf(state.record);
    KifuBoard.draw($('board'), game, state.positions[state.ply], t);
    $('board').dataset.ply = String(state.ply);
    // the board is one image for screen readers: its label says where the game stands
    const current = state.ply ? moveText(state.line[state.ply].entry) : t('moves.start');
    $('board').setAttribute('aria-label', `${t('board.label')}: ${t('nav.ply', state.ply, last)}, ${current}`);
    $('ply').textContent = t('nav.ply', state.ply, last);
    $('ply').dataset.ply = String(state.ply);
    for (const li of $('moves').children) {
      const on = Number(li.dataset.ply) === state.ply;
      li.setAttribute('aria-selected', String(on));
      li.classList.toggle('current', on);
    }
    $('moves').setAttribute('aria-activedescendant', `ply-${state.ply}`);
    const cur = $(`ply-${state.ply}`);
    if (cur) cur.scrollIntoView({ block: 'nearest' });
    $('nav-first').disabled = $('nav-prev').disabled = state.ply === 0;
    $('nav-next').disabled = $('nav-last').disabled = state.ply === last;
    const node = state.line[state.ply];
    const box = $('comments');
    box.replaceChildren();
    const comments = (node.entry.comments || []);
    if (comments.length) for (const c of comments) box.append(el('p', {}, c));
    else box.append(el('p', { class: 'muted' }, t('comments.none')));
    const vars = $('variations');
    vars.replaceChildren();
    $('variations-label').hidden = node.alts.length < 2;
    node.alts.forEach((alt, i) => {
      vars.append(el('option', { value: String(i) }, `${i === 0 && node.alt === 0 ? t('moves.main') : t('moves.variation', i)}: ${moveText(alt[0])}`));
    });
    vars.value = String(node.alt);
  }

  function chooseVariation(alt) {
    const node = state.line[state.ply];
    if (!node || alt < 0 || alt >= node.alts.length || alt === node.alt) return;
    const ply = state.ply;
    state.line = KifuReplay.choose(state.line, ply, alt);
    state.positions = KifuReplay.positions(state.record, state.line);
    renderMoves();
    go(ply);
  }

  // ---------- diagnostics ----------
  function renderDiagnostics(f) {
    const ul = $('diagnostics');
    ul.replaceChildren();
    const diags = (f.result && f.result.diagnostics) || [];
    if (!diags.length) { ul.append(el('li', { class: 'ok' }, t('diag.none'))); return; }
    const lines = diags.some((d) => d.line > 0) ? sourceLines(f) : [];
    for (const d of diags.slice(0, 500)) {
      const li = el('li', { class: `diag ${d.severity}`, 'data-line': String(d.line || 0), 'data-column': String(d.column || 0), 'data-code': d.code || '' });
      const head = el('div', { class: 'diag-head' });
      head.append(el('span', { class: 'loc' }, d.line ? `${d.line}:${d.column || 0}` : '—'));
      head.append(el('span', { class: `sev ${d.severity}` }, t(`diag.${d.severity}`)));
      head.append(el('span', { class: 'msg' }, d.message));
      head.append(el('code', { class: 'code' }, d.code || ''));
      li.append(head);
      if (d.line > 0 && lines[d.line - 1] !== undefined) {
        const chars = Array.from(lines[d.line - 1]);
        const col = Math.max(1, d.column || 1) - 1;
        const pre = el('pre', { class: 'src' });
        pre.append(el('span', { class: 'ln' }, String(d.line).padStart(4, ' ') + ' │ '));
        pre.append(document.createTextNode(chars.slice(0, col).join('')));
        pre.append(el('mark', {}, chars[col] !== undefined ? chars[col] : ' '));
        pre.append(document.createTextNode(chars.slice(col + 1).join('')));
        li.append(pre);
      }
      ul.append(li);
    }
  }

  // ---------- conversion ----------
  function writersFor(game) {
    return state.writers.filter((w) => !w.game || w.game === 'all' || w.game === game || (Array.isArray(w.game) && w.game.includes(game)));
  }

  function updateConvert() {
    const any = state.files.some((f) => f.kind === 'record' && f.result && f.result.records.length);
    $('convert-panel').hidden = !any;
    const sel = $('target');
    const keep = sel.value;
    sel.replaceChildren();
    for (const w of state.writers) {
      // the description up to its first parenthesis or semicolon: "kif — shogi: KIF"
      const short = (w.description || '').split(/[(;]/)[0].trim().slice(0, 48);
      sel.append(el('option', { value: w.name, title: w.description || '' }, short ? `${w.name} — ${short}` : w.name));
    }
    if (keep) sel.value = keep;
    if (!sel.value && sel.options.length) sel.value = sel.options[0].value;
    const w = state.writers.find((x) => x.name === sel.value);
    $('target-note').textContent = w && w.description ? w.description : '';
  }

  function outputsFor(file, writer) {
    const out = [];
    const records = (file.result && file.result.records) || [];
    const fitting = records.filter((r) => writersFor(KifuReplay.gameOf(r)).includes(writer));
    if (!fitting.length) return out;
    const stem = stemOf(file.name);
    const groups = writer.manyGames !== false ? [fitting] : fitting.map((r) => [r]);
    groups.forEach((group, i) => {
      const result = KifuEngine.write(group.length === 1 ? group[0] : group, writer.name);
      const ext = result.extension || writer.extension || writer.name;
      const name = groups.length > 1 ? `${stem}-${i + 1}.${ext.replace(/^\./, '')}` : `${stem}.${ext.replace(/^\./, '')}`;
      out.push({ name, data: result.data });
    });
    return out;
  }

  function download(name, blob) {
    window.kifuPage.lastDownload = { name, blob };
    const a = el('a', { href: URL.createObjectURL(blob), download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  }

  function blobOf(data) {
    return new Blob([data], { type: 'application/octet-stream' });
  }

  function convert() {
    const s = $('convert-status');
    s.classList.remove('error');
    const writer = state.writers.find((w) => w.name === $('target').value);
    const scope = document.querySelector('input[name="scope"]:checked').value;
    const files = scope === 'all' ? state.files.filter((f) => f.kind === 'record') : [state.files[state.selected]].filter((f) => f && f.kind !== 'names');
    if (!writer || !files.length) { s.textContent = t('convert.empty'); return; }
    const outputs = [];
    let skipped = 0;
    try {
      for (const f of files) {
        const o = outputsFor(f, writer);
        if (!o.length) skipped++;
        outputs.push(...o);
      }
    } catch (e) {
      s.textContent = String(e && e.message || e);
      s.classList.add('error');
      return;
    }
    if (!outputs.length) { s.textContent = t('convert.none'); return; }
    let name;
    if (outputs.length === 1) {
      name = outputs[0].name;
      download(name, blobOf(outputs[0].data));
    } else {
      name = files.length === 1 ? `${stemOf(files[0].name)}-${writer.name}.zip` : `kifu-${writer.name}.zip`;
      download(name, KifuZip.makeZip(outputs));
    }
    s.textContent = t('convert.done', name, outputs.length) + (skipped ? ' ' + t('convert.skipped', skipped) : '');
  }

  // ---------- keyboard ----------
  function onKey(e) {
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target && e.target.id === 'files') {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        select(Math.max(0, Math.min(state.files.length - 1, state.selected + (e.key === 'ArrowDown' ? 1 : -1))));
        return;
      }
    }
    if (!state.record) return;
    const keys = { ArrowRight: () => go(state.ply + 1), ArrowLeft: () => go(state.ply - 1), Home: () => go(0), End: () => go(state.line.length - 1) };
    const node = state.line[state.ply];
    if (node && node.alts.length > 1) {
      keys.ArrowDown = () => chooseVariation((node.alt + 1) % node.alts.length);
      keys.ArrowUp = () => chooseVariation((node.alt + node.alts.length - 1) % node.alts.length);
    }
    if (tag === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  }

  // ---------- start ----------
  function relabel() {
    KifuI18n.apply();
    renderFiles();
    if (state.selected >= 0) {
      const ply = state.ply;
      const f = state.files[state.selected];
      if (f) {
        const game = state.game;
        showFile(f);
        if (state.record) { $('game-pick').value = String(game); if (game) showGame(game); go(ply); }
      }
    }
    KifuWthor.update(state.files);
  }

  async function start() {
    const lang = KifuI18n.initial();
    $('lang').value = lang;
    KifuI18n.setLanguage(lang);
    $('lang').addEventListener('change', () => { KifuI18n.setLanguage($('lang').value); relabel(); });
    $('pick').addEventListener('change', (e) => { addFiles(Array.from(e.target.files)); e.target.value = ''; });
    $('clear').addEventListener('click', () => { state.files = []; state.selected = -1; state.record = null; renderFiles(); showFile(null); updateConvert(); KifuWthor.update([]); });
    document.addEventListener('dragover', (e) => { e.preventDefault(); $('drop').classList.add('over'); });
    document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) $('drop').classList.remove('over'); });
    document.addEventListener('drop', async (e) => { e.preventDefault(); $('drop').classList.remove('over'); addFiles(await droppedFiles(e.dataTransfer)); });
    $('game-pick').addEventListener('change', () => showGame(Number($('game-pick').value)));
    $('nav-first').addEventListener('click', () => go(0));
    $('nav-prev').addEventListener('click', () => go(state.ply - 1));
    $('nav-next').addEventListener('click', () => go(state.ply + 1));
    $('nav-last').addEventListener('click', () => go(state.line.length - 1));
    $('variations').addEventListener('change', () => chooseVariation(Number($('variations').value)));
    $('target').addEventListener('change', updateConvert);
    $('convert').addEventListener('click', convert);
    document.addEventListener('keydown', onKey);
    renderFiles();
    KifuWthor.init({ download, status });
    status(t('engine.loading'));
    try {
      await KifuEngine.load();
      state.writers = KifuEngine.writers();
      status(t('engine.ready'));
      document.body.dataset.ready = 'true';
    } catch (e) {
      status(t('engine.failed') + (e && e.message || e), true);
      document.body.dataset.ready = 'failed';
    }
  }

  window.kifuPage = { state, addFiles, go, select, chooseVariation, lastDownload: null };
  start();
})();
