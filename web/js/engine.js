// The page's one door to the kifu WebAssembly package (its classic-script build, kifu.js,
// loaded before this file). Everything the page asks of kifu goes through KifuEngine, so the
// rest of the page does not depend on how the package names things.
(function () {
  'use strict';

  let api = null;

  async function load() {
    if (api) return api;
    const g = window;
    let candidate = g.kifu;
    if (!candidate) throw new Error('kifu.js is not loaded (no global "kifu")');
    if (typeof candidate.ready === 'function') candidate = await candidate.ready();
    else if (candidate.ready && typeof candidate.ready.then === 'function') await candidate.ready;
    else if (typeof candidate.then === 'function') candidate = await candidate;
    api = candidate;
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

  function detect(bytes, name) {
    try { return api.detect(bytesOf(bytes), name) || null; } catch (e) { return null; }
  }

  function writers() { return api.writers(); }

  // {data: Uint8Array|string, extension, diagnostics}
  function write(records, target, options) {
    const result = api.write(records, target, options || {});
    const data = result.bytes !== undefined && result.bytes !== null ? result.bytes : result.text;
    return { data, extension: result.extension, diagnostics: result.diagnostics || [] };
  }

  // Converts a WTHOR base: files [{name, bytes}] (.wtb, WTHOR.JOU, WTHOR.TRN), target 'csv' or
  // 'ggf'; onChunk(Uint8Array|string) receives the output in order, onProgress({games, file,
  // files}) after each chunk. Resolves to {games, diagnostics}.
  async function wthor(files, target, onChunk, onProgress) {
    return api.wthor(files, target, { onChunk, onProgress });
  }

  window.KifuEngine = { load, parse, detect, writers, write, wthor, get api() { return api; } };
})();
