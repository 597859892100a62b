// The page's one door to the kifu WebAssembly package (its classic-script build, kifu.js,
// loaded before this file). Everything the page asks of kifu goes through KifuEngine, so the
// rest of the page does not depend on how the package names things.
(function () {
  'use strict';

  let api = null;

  async function load() {
    if (api) return api;
    const k = window.kifu;
    if (!k || !k.ready) throw new Error('kifu.js is not loaded (no window.kifu)');
    api = await k.ready;
    return api;
  }

  function bytesOf(input) {
    return input instanceof Uint8Array ? input : new Uint8Array(input);
  }

  // {format, encoding, records, diagnostics}; never throws for a bad record.
  function parse(bytes, name, options) {
    try {
      const result = api.parse(bytesOf(bytes), Object.assign({ name, mode: 'lenient' }, options || {}));
      return {
        format: result.format || null,
        encoding: result.encoding || null,
        records: result.records || [],
        diagnostics: result.diagnostics || [],
      };
    } catch (e) {
      return {
        format: null, encoding: null, records: [],
        diagnostics: [{ file: name, line: 0, column: 0, severity: 'error', code: 'read.exception', message: String(e && e.message || e) }],
      };
    }
  }

  // {format (null when unknown), game, binary, encoding}
  function detect(bytes, name) {
    try { return api.detect(bytesOf(bytes), { name }) || null; } catch (e) { return null; }
  }

  function writers() { return api.writers(); }

  // {data: Uint8Array|string, extension, diagnostics}; throws (a KifuError) when the write fails.
  function write(records, target, options) {
    const result = api.writeResult(records, target, options || {});
    return { data: result.data, extension: result.extension, diagnostics: result.diagnostics || [] };
  }

  function gameOf(record) { return api.gameOf(record); }

  // ---------- WTHOR bases ----------
  // The base is converted file by file; with Web Workers, by several files at once (one per
  // core, at most four). A worker cannot load kifu.js from a page opened from disk, so its
  // script is made here from the package's own functions (their source text, the .wasm inside)
  // and started from a Blob URL.
  let pool = null;

  function workerSource() {
    const factory = window.createKifuModule;
    const makeApi = window.kifuMakeApi;
    if (typeof factory !== 'function' || typeof makeApi !== 'function') return null;
    return `'use strict';
var _scriptDir = undefined;
var createKifuModule = ${factory.toString()};
var kifuMakeApi = ${makeApi.toString()};
var ready = createKifuModule().then(function (Module) { return kifuMakeApi(Module); });
onmessage = function (e) {
  var job = e.data;
  ready.then(function (api) {
    return api.convertWthor(
      { games: job.bytes, name: job.name, players: job.players, tournaments: job.tournaments },
      { csv: job.target === 'csv', ggf: job.target === 'ggf', mode: 'lenient', yield: false,
        onProgress: function (p) { postMessage({ id: job.id, done: p.done }); } });
  }).then(function (r) {
    postMessage({ id: job.id, text: job.target === 'csv' ? r.csv : r.ggf, games: r.games, diagnostics: r.diagnostics });
  }, function (err) {
    postMessage({ id: job.id, error: String(err && err.message || err) });
  });
};`;
  }

  function workers() {
    if (pool !== null) return pool;
    pool = [];
    try {
      const source = workerSource();
      if (!source || typeof Worker !== 'function') return pool;
      const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      const count = Math.max(2, Math.min(4, navigator.hardwareConcurrency || 2));
      for (let i = 0; i < count; i++) pool.push(new Worker(url));
    } catch (e) {
      pool = [];
    }
    return pool;
  }

  // The CSV of every file but the first loses its BOM and header row: one CSV for the base.
  function bodyOf(text, target, index) {
    if (target !== 'csv' || index === 0 || text.charCodeAt(0) !== 0xFEFF) return text;
    const end = text.indexOf('\r\n');
    return end < 0 ? '' : text.slice(end + 2);
  }

  // Converts a WTHOR base: games [{name, bytes}] (.wtb/.wtd files, in order), players and
  // tournaments the bytes of WTHOR.JOU and WTHOR.TRN (or null), target 'csv' or 'ggf'. The
  // output is one file for the whole base, as `kifu convert -t csv|ggf` of the same files:
  // onChunk(string) gets it file by file in order, with the CSV's BOM and header row once.
  // onProgress({games, file, files}) follows the games converted. Resolves to {games, diagnostics}.
  function wthor(games, players, tournaments, target, onChunk, onProgress) {
    const team = workers();
    if (!team.length) return wthorHere(games, players, tournaments, target, onChunk, onProgress);
    return new Promise((resolve, reject) => {
      const results = new Array(games.length);
      const doneIn = new Array(games.length).fill(0);
      let next = 0; let emitted = 0; let finished = 0; let total = 0; let failed = false;
      const diagnostics = [];
      const progress = () => onProgress({ games: doneIn.reduce((a, b) => a + b, 0), file: finished, files: games.length });
      const give = (worker) => {
        if (next >= games.length || failed) return;
        const id = next++;
        worker.onmessage = (e) => {
          const m = e.data;
          if (failed) return;
          if (m.error !== undefined) { failed = true; reject(new Error(`${games[id].name}: ${m.error}`)); return; }
          if (m.text === undefined) { doneIn[id] = m.done; progress(); return; }
          results[id] = m;
          doneIn[id] = m.games;
          finished++;
          while (emitted < games.length && results[emitted]) {
            const r = results[emitted];
            onChunk(bodyOf(r.text, target, emitted));
            total += r.games;
            for (const d of r.diagnostics) diagnostics.push(d);
            results[emitted] = true;
            emitted++;
          }
          progress();
          if (finished === games.length) resolve({ games: total, diagnostics });
          else give(worker);
        };
        worker.postMessage({ id, name: games[id].name, bytes: games[id].bytes, players, tournaments, target });
      };
      if (!games.length) { resolve({ games: 0, diagnostics }); return; }
      for (const worker of team) give(worker);
    });
  }

  // The same on the page's own thread (no Worker): the package yields between pieces.
  async function wthorHere(games, players, tournaments, target, onChunk, onProgress) {
    let done = 0;
    const diagnostics = [];
    for (let i = 0; i < games.length; i++) {
      const file = games[i];
      const result = await api.convertWthor(
        { games: file.bytes, name: file.name, players, tournaments },
        {
          csv: target === 'csv', ggf: target === 'ggf', mode: 'lenient',
          onProgress: (p) => onProgress({ games: done + p.done, file: i, files: games.length }),
        });
      onChunk(bodyOf(target === 'csv' ? result.csv : result.ggf, target, i));
      done += result.games;
      for (const d of result.diagnostics) diagnostics.push(d);
      onProgress({ games: done, file: i + 1, files: games.length });
    }
    return { games: done, diagnostics };
  }

  window.KifuEngine = { load, parse, detect, writers, write, wthor, wthorHere, gameOf, get api() { return api; }, get workers() { return pool ? pool.length : 0; } };
})();
