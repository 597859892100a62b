// The WTHOR panel: the loaded .wtb files (with WTHOR.JOU and WTHOR.TRN for the names) are
// converted as one base to one CSV (one header row) or one GGF file, the output arriving in
// chunks while a progress bar follows the games converted.
(function () {
  'use strict';

  const t = (...a) => KifuI18n.t(...a);
  const $ = (id) => document.getElementById(id);
  let files = [];
  let hooks = null;
  let running = false;
  let last = null;

  function baseName(name) { return name.split('/').pop(); }

  function parts(all) {
    const wtb = all.filter((f) => f.kind === 'wtb')
      .sort((a, b) => (baseName(a.name) < baseName(b.name) ? -1 : baseName(a.name) > baseName(b.name) ? 1 : 0));
    const jou = all.find((f) => /^wthor\.jou$/i.test(baseName(f.name)));
    const trn = all.find((f) => /^wthor\.trn$/i.test(baseName(f.name)));
    return { wtb, jou, trn };
  }

  function update(all) {
    files = all;
    const { wtb, jou, trn } = parts(all);
    $('wthor-panel').hidden = wtb.length === 0;
    $('wthor-summary').textContent = t('wthor.summary', wtb.length, jou ? t('wthor.yes') : t('wthor.no'), trn ? t('wthor.yes') : t('wthor.no'));
    $('wthor-csv').disabled = $('wthor-ggf').disabled = running || wtb.length === 0;
    if (last && !running) $('wthor-status').textContent = t('wthor.done', last.games, last.name, last.ms);
  }

  async function run(target) {
    const { wtb, jou, trn } = parts(files);
    if (!wtb.length || running) return;
    running = true;
    update(files);
    const bar = $('wthor-progress');
    const statusEl = $('wthor-status');
    bar.value = 0;
    bar.max = 1;
    statusEl.classList.remove('error');
    const chunks = [];
    const inputs = wtb.map((f) => ({ name: baseName(f.name), bytes: f.bytes }));
    // The number of games each .wtb holds is in its header (bytes 4-7, little endian).
    let total = 0;
    for (const f of wtb) total += f.bytes.length >= 8 ? new DataView(f.bytes.buffer, f.bytes.byteOffset, 8).getUint32(4, true) : 0;
    bar.max = Math.max(1, total);
    const started = performance.now();
    try {
      const result = await KifuEngine.wthor(inputs, jou ? jou.bytes : null, trn ? trn.bytes : null, target,
        (chunk) => { chunks.push(chunk); },
        (p) => {
          bar.value = Math.min(p.games, bar.max);
          statusEl.textContent = t('wthor.running', p.games, p.file, p.files);
        });
      const stem = wtb.length === 1 ? baseName(wtb[0].name).replace(/\.[^.]*$/, '') : 'wthor';
      const name = `${stem}.${target}`;
      const blob = new Blob(chunks, { type: target === 'csv' ? 'text/csv' : 'text/plain' });
      const ms = performance.now() - started;
      bar.value = bar.max;
      last = { target, name, games: result.games, ms, finished: started + ms, bytes: blob.size, diagnostics: result.diagnostics || [] };
      window.kifuPage.lastWthor = last;
      statusEl.textContent = t('wthor.done', result.games, name, ms);
      hooks.download(name, blob);
    } catch (e) {
      statusEl.textContent = String(e && e.message || e);
      statusEl.classList.add('error');
    } finally {
      running = false;
      update(files);
    }
  }

  function init(h) {
    hooks = h;
    $('wthor-csv').addEventListener('click', () => run('csv'));
    $('wthor-ggf').addEventListener('click', () => run('ggf'));
  }

  window.KifuWthor = { init, update, run };
})();
