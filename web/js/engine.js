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

  // Converts a WTHOR base: games [{name, bytes}] (.wtb/.wtd files, in order), players and
  // tournaments the bytes of WTHOR.JOU and WTHOR.TRN (or null), target 'csv' or 'ggf'. The
  // output is one file for the whole base, as `kifu convert -t csv|ggf` of the same files:
  // onChunk(string) gets it file by file, with the CSV's BOM and header row only once.
  // onProgress({games, file, files}) follows the games converted. Resolves to {games, diagnostics}.
  async function wthor(games, players, tournaments, target, onChunk, onProgress) {
    let done = 0;
    const diagnostics = [];
    for (let i = 0; i < games.length; i++) {
      const file = games[i];
      const result = await api.convertWthor(
        { games: file.bytes, name: file.name, players, tournaments },
        {
          csv: target === 'csv', ggf: target === 'ggf', mode: 'lenient',
          onProgress: (p) => onProgress({ games: done + p.done, file: i + 1, files: games.length }),
        });
      let text = target === 'csv' ? result.csv : result.ggf;
      if (target === 'csv' && i > 0 && text.charCodeAt(0) === 0xFEFF) {
        const end = text.indexOf('\r\n');
        text = end < 0 ? '' : text.slice(end + 2);
      }
      onChunk(text);
      done += result.games;
      for (const d of result.diagnostics) diagnostics.push(d);
      onProgress({ games: done, file: i + 1, files: games.length });
    }
    return { games: done, diagnostics };
  }

  window.KifuEngine = { load, parse, detect, writers, write, wthor, gameOf, get api() { return api; } };
})();
