// The JavaScript API of kifu over its WebAssembly module. It only moves bytes and JSON between
// JavaScript and the C functions of src/kifu_js.cpp: everything else (detection, decoding,
// parsing, normalizing, writing) is the C++ library's. parse() takes the records in the
// transfer encoding of src/transfer.hpp and maps its fields to JKF objects (decodeTransfer).
//
// A CommonJS module (Node: require("./api.cjs")(await createKifuModule())) and a classic
// script (pages: kifu-browser.js defines kifuMakeApi, then window.kifu).
(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    module.exports = factory;
  } else {
    root.kifuMakeApi = factory;
  }
})(typeof globalThis !== "undefined" ? globalThis : this, function kifuMakeApi(Module) {
  "use strict";

  const encoder = new TextEncoder();
  // ignoreBOM: a writer's BOM (csv) is part of its text and stays in the string.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  /** The link from a parsed record to the input it came from (not enumerable, not in JSON). */
  const SOURCE = Symbol.for("kifu.source");

  class KifuError extends Error {
    constructor(message, diagnostics) {
      super(message);
      this.name = "KifuError";
      this.diagnostics = diagnostics || [];
      const first = this.diagnostics.find((d) => d.severity === "error") || this.diagnostics[0];
      if (first) {
        this.code = first.code;
        this.file = first.file;
        this.line = first.line;
        this.column = first.column;
      }
    }
  }

  // ---- moving bytes in and out of the module's memory

  function toBytes(input) {
    if (typeof input === "string") return encoder.encode(input);
    if (input instanceof Uint8Array) return input;
    if (input instanceof ArrayBuffer) return new Uint8Array(input);
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    throw new TypeError("expected a string, a Uint8Array or an ArrayBuffer");
  }

  // Runs fn with the arguments copied into the module's memory: a Uint8Array becomes a pointer
  // and a length, a string a NUL-terminated UTF-8 pointer, a number stays a number.
  function call(fn, ...args) {
    const allocated = [];
    const flat = [];
    try {
      for (const a of args) {
        if (typeof a === "number") {
          flat.push(a);
          continue;
        }
        const bytes = typeof a === "string" ? encoder.encode(a + "\0") : a;
        const p = Module._malloc(Math.max(1, bytes.length));
        if (!p) throw new RangeError(`kifu: cannot allocate ${bytes.length} bytes in the WebAssembly memory`);
        allocated.push(p);
        Module.HEAPU8.set(bytes, p);
        flat.push(p);
        if (typeof a !== "string") flat.push(bytes.length);
      }
      return fn(...flat);
    } finally {
      for (const p of allocated) Module._free(p);
    }
  }

  function outBytes(slot) {
    const p = Module._kj_out(slot);
    return Module.HEAPU8.subarray(p, p + Module._kj_out_size(slot));
  }
  const outText = (slot) => decoder.decode(outBytes(slot));
  const outJSON = () => JSON.parse(outText(0));

  const modeCode = (mode, fallback) => {
    const m = mode || fallback;
    if (m !== "strict" && m !== "lenient") throw new TypeError(`mode must be "strict" or "lenient", not ${JSON.stringify(mode)}`);
    return m === "lenient" ? 1 : 0;
  };

  // ---- what kifu knows

  let info = null;
  const getInfo = () => {
    if (!info) {
      Module._kj_info();
      info = outJSON();
    }
    return info;
  };
  const formats = () => getInfo().formats.map((f) => ({ ...f, extensions: [...f.extensions] }));
  const writers = () => getInfo().writers.map((w) => ({ ...w, encodings: [...w.encodings] }));

  // ---- reading

  function readArgs(input, options) {
    const o = options || {};
    const bytes = toBytes(input);
    // A string is text already: its bytes are the UTF-8 the encoder made.
    const encoding = o.encoding || (typeof input === "string" ? "UTF-8" : "");
    return { bytes, format: o.format || "", encoding, name: o.name || "<buffer>", mode: o.mode || "strict" };
  }

  // ---- the transfer encoding (src/transfer.hpp): records as objects without JSON.parse

  // The layout the decoder is written for; the module's own (kj_transfer_layout) must be it.
  const L = {
    version: 1,
    COMMENTS: 1 << 0,
    MOVE: 1 << 1,
    TIME: 1 << 2,
    SPECIAL: 1 << 3,
    FORKS: 1 << 4,
    COLOR: 1 << 5,
    FROM: 1 << 6,
    TO: 1 << 7,
    PIECE: 1 << 8,
    SAME: 1 << 9,
    PROMOTE: 1 << 10,
    CAPTURE: 1 << 11,
    RELATIVE: 1 << 12,
    NOW_H: 1 << 13,
    NOW_MS: 1 << 14,
    TOTAL: 1 << 15,
    TOTAL_H: 1 << 16,
    TOTAL_MS: 1 << 17,
    KIND_JKF_TEXT: 0,
    KIND_SHOGI: 1,
    INITIAL_PRESET: 1,
    INITIAL_DATA: 2,
  };
  Module._kj_transfer_layout();
  const layout = outJSON();
  for (const [name, value] of Object.entries(layout.layout)) {
    if (L[name] !== value) throw new Error(`kifu: api.cjs and the WebAssembly module disagree on the transfer layout (${name})`);
  }
  if (Object.keys(L).length !== Object.keys(layout.layout).length) throw new Error("kifu: api.cjs and the WebAssembly module disagree on the transfer layout");
  const { COMMENTS, MOVE, TIME, SPECIAL, FORKS, COLOR, FROM, TO, PIECE, SAME, PROMOTE, CAPTURE, RELATIVE, NOW_H, NOW_MS, TOTAL, TOTAL_H, TOTAL_MS } = L;
  const MOVE_FIELDS = COLOR | FROM | TO | PIECE | SAME | PROMOTE | CAPTURE | RELATIVE;
  /** The CSA codes of the pieces, as the library names them. */
  const PIECES = layout.pieces;
  const [FU, KY, KE, GI, KI, KA, HI] = PIECES;

  // The decoder's state for one transfer: the ints, the position in them, the string table.
  let I = null;
  let p = 0;
  let S = null;

  // An own property like JSON.parse makes, also for a key "__proto__".
  const defineOwn = (object, key, value) => Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });

  // One time value at A[q] with the fields its bits say: [object, ints read].
  // (The decoder's hot loop, moves(), keeps the ints and the position in locals.)
  function timeValue(A, q, hasH, hasMs) {
    if (hasH) {
      if (hasMs) return { h: A[q], m: A[q + 1], s: A[q + 2], ms: A[q + 3] };
      return { h: A[q], m: A[q + 1], s: A[q + 2] };
    }
    if (hasMs) return { m: A[q], s: A[q + 1], ms: A[q + 2] };
    return { m: A[q], s: A[q + 1] };
  }
  const timeSize = (hasH, hasMs) => 2 + (hasH ? 1 : 0) + (hasMs ? 1 : 0);

  // A move with the fields of flag word f at A[q], when they are not one of moves()'s shapes.
  function moveByFields(A, q, f) {
    const m = {};
    if (f & COLOR) m.color = A[q++];
    if (f & FROM) {
      m.from = { x: A[q], y: A[q + 1] };
      q += 2;
    }
    if (f & TO) {
      m.to = { x: A[q], y: A[q + 1] };
      q += 2;
    }
    if (f & PIECE) m.piece = PIECES[A[q++]];
    if (f & SAME) m.same = A[q++] === 1;
    if (f & PROMOTE) m.promote = A[q++] === 1;
    if (f & CAPTURE) m.capture = PIECES[A[q++]];
    if (f & RELATIVE) m.relative = S[A[q++]];
    return m;
  }
  const moveSize = (f) =>
    (f & COLOR ? 1 : 0) + (f & FROM ? 2 : 0) + (f & TO ? 2 : 0) + (f & PIECE ? 1 : 0) + (f & SAME ? 1 : 0) +
    (f & PROMOTE ? 1 : 0) + (f & CAPTURE ? 1 : 0) + (f & RELATIVE ? 1 : 0);

  const ENTRY_FIELDS = COMMENTS | MOVE | TIME | SPECIAL | FORKS;

  // A list of entries (the moves of a record or of a fork) from I[p]; p ends after it.
  function moves() {
    const A = I;
    const P = PIECES;
    let q = p;
    const n = A[q++];
    const list = new Array(n);
    for (let i = 0; i < n; i++) {
      const f = A[q++];
      let comments;
      if (f & COMMENTS) {
        const c = A[q++];
        comments = new Array(c);
        for (let j = 0; j < c; j++) comments[j] = S[A[q++]];
      }
      let m;
      if (f & MOVE) {
        switch (f & MOVE_FIELDS) {
          case COLOR | FROM | TO | PIECE:
            m = { color: A[q], from: { x: A[q + 1], y: A[q + 2] }, to: { x: A[q + 3], y: A[q + 4] }, piece: P[A[q + 5]] };
            q += 6;
            break;
          case COLOR | TO | PIECE:
            m = { color: A[q], to: { x: A[q + 1], y: A[q + 2] }, piece: P[A[q + 3]] };
            q += 4;
            break;
          case COLOR | FROM | TO | PIECE | CAPTURE:
            m = { color: A[q], from: { x: A[q + 1], y: A[q + 2] }, to: { x: A[q + 3], y: A[q + 4] }, piece: P[A[q + 5]], capture: P[A[q + 6]] };
            q += 7;
            break;
          case COLOR | FROM | TO | PIECE | PROMOTE:
            m = { color: A[q], from: { x: A[q + 1], y: A[q + 2] }, to: { x: A[q + 3], y: A[q + 4] }, piece: P[A[q + 5]], promote: A[q + 6] === 1 };
            q += 7;
            break;
          case COLOR | FROM | TO | PIECE | SAME | CAPTURE:
            m = { color: A[q], from: { x: A[q + 1], y: A[q + 2] }, to: { x: A[q + 3], y: A[q + 4] }, piece: P[A[q + 5]], same: A[q + 6] === 1, capture: P[A[q + 7]] };
            q += 8;
            break;
          case COLOR | FROM | TO | PIECE | PROMOTE | CAPTURE:
            m = { color: A[q], from: { x: A[q + 1], y: A[q + 2] }, to: { x: A[q + 3], y: A[q + 4] }, piece: P[A[q + 5]], promote: A[q + 6] === 1, capture: P[A[q + 7]] };
            q += 8;
            break;
          default:
            m = moveByFields(A, q, f);
            q += moveSize(f);
        }
      }
      let t;
      if (f & TIME) {
        const nowH = (f & NOW_H) !== 0;
        const nowMs = (f & NOW_MS) !== 0;
        const now = timeValue(A, q, nowH, nowMs);
        q += timeSize(nowH, nowMs);
        if (f & TOTAL) {
          const totalH = (f & TOTAL_H) !== 0;
          const totalMs = (f & TOTAL_MS) !== 0;
          t = { now, total: timeValue(A, q, totalH, totalMs) };
          q += timeSize(totalH, totalMs);
        } else {
          t = { now };
        }
      }
      let e;
      switch (f & ENTRY_FIELDS) {
        case MOVE | TIME:
          e = { move: m, time: t };
          break;
        case MOVE:
          e = { move: m };
          break;
        case COMMENTS | MOVE | TIME:
          e = { comments, move: m, time: t };
          break;
        case COMMENTS | MOVE:
          e = { comments, move: m };
          break;
        default: {
          e = {};
          if (f & COMMENTS) e.comments = comments;
          if (f & MOVE) e.move = m;
          if (f & TIME) e.time = t;
          if (f & SPECIAL) e.special = S[A[q++]];
          if (f & FORKS) {
            const c = A[q++];
            const forks = new Array(c);
            p = q;
            for (let j = 0; j < c; j++) forks[j] = moves();
            q = p;
            e.forks = forks;
          }
        }
      }
      list[i] = e;
    }
    p = q;
    return list;
  }

  function hand() {
    const h = { [FU]: I[p], [KY]: I[p + 1], [KE]: I[p + 2], [GI]: I[p + 3], [KI]: I[p + 4], [KA]: I[p + 5], [HI]: I[p + 6] };
    p += 7;
    return h;
  }

  function shogiRecord() {
    const header = {};
    const headers = I[p++];
    for (let i = 0; i < headers; i++) {
      const key = S[I[p]];
      if (key === "__proto__") defineOwn(header, key, S[I[p + 1]]);
      else header[key] = S[I[p + 1]];
      p += 2;
    }
    const initialKind = I[p++];
    if (initialKind === L.INITIAL_PRESET) {
      const initial = { preset: S[I[p++]] };
      return { header, initial, moves: moves() };
    }
    if (initialKind === L.INITIAL_DATA) {
      const preset = S[I[p++]];
      const color = I[p++];
      const board = new Array(9);
      for (let x = 0; x < 9; x++) {
        const column = new Array(9);
        for (let y = 0; y < 9; y++) {
          const c = I[p++];
          column[y] = c < 0 ? {} : { color: c >> 4, kind: PIECES[c & 15] };
        }
        board[x] = column;
      }
      const black = hand();
      const white = hand();
      const initial = { preset, data: { color, board, hands: [black, white] } };
      return { header, initial, moves: moves() };
    }
    return { header, moves: moves() };
  }

  /**
   * The result of kj_parse_transfer as {format, encoding, records, games, indexes, errors,
   * diagnostics}: the records as JKF objects equal to JSON.parse of the library's JKF text.
   */
  function decodeTransfer(view) {
    if (view[0] !== L.version) throw new Error(`kifu: transfer layout ${view[0]}, not ${L.version}`);
    const heap = Module.HEAPU8;
    const all = decoder.decode(heap.subarray(view[3], view[3] + view[4]));
    const ends = new Int32Array(heap.buffer, view[5], view[6]);
    const count = view[6];
    const table = new Array(count);
    let start = 0;
    for (let i = 0; i < count; i++) {
      const end = ends[i];
      table[i] = all.substring(start, end);
      start = end;
    }
    I = new Int32Array(heap.buffer, view[1], view[2]);
    S = table;
    p = 0;
    try {
      const format = S[I[p++]];
      const encoding = S[I[p++]];
      const n = I[p++];
      const records = new Array(n);
      const games = new Array(n);
      const indexes = new Array(n);
      const errors = new Array(n);
      for (let i = 0; i < n; i++) {
        games[i] = S[I[p]];
        indexes[i] = I[p + 1];
        errors[i] = I[p + 2] === 1;
        const kind = I[p + 3];
        p += 4;
        records[i] = kind === L.KIND_SHOGI ? shogiRecord() : JSON.parse(S[I[p++]]);
      }
      const diagnosticCount = I[p++];
      const diagnosticText = S[I[p++]];
      const diagnostics = diagnosticCount === 0 ? [] : JSON.parse(diagnosticText);
      return { format, encoding, records, games, indexes, errors, diagnostics };
    } finally {
      I = null;
      S = null;
    }
  }

  // Copies the input and the read's strings into the module's input area (kj_input): returns
  // [size of the input, addresses of format, encoding and name].
  function putInput(input, bytes, format, encoding, name) {
    const room = (bytes ? bytes.length : input.length * 3) + (format.length + encoding.length + name.length) * 3 + 3;
    const at = Module._kj_input(room);
    if (!at) throw new RangeError(`kifu: cannot allocate ${room} bytes in the WebAssembly memory`);
    const heap = Module.HEAPU8;
    let size;
    if (bytes) {
      heap.set(bytes, at);
      size = bytes.length;
    } else {
      size = encoder.encodeInto(input, heap.subarray(at, at + input.length * 3)).written;
    }
    let q = at + size;
    const strings = [size];
    for (const s of [format, encoding, name]) {
      strings.push(q);
      q += encoder.encodeInto(s, heap.subarray(q, at + room)).written;
      heap[q++] = 0;
    }
    return strings;
  }

  /**
   * Reads a record: detects format and encoding unless given, parses, normalizes.
   * Returns {format, encoding, records, diagnostics}; records are plain JKF objects.
   */
  function parse(input, options) {
    const o = options || {};
    const asText = o.records === "json";
    const isText = typeof input === "string";
    const format = o.format || "";
    // A string is text already: its bytes are the UTF-8 the encoder makes.
    const encoding = o.encoding || (isText ? "UTF-8" : "");
    const name = o.name || "<buffer>";
    const mode = o.mode || "strict";
    const code = modeCode(mode, "strict");
    let r = null;
    let bytes = null;
    if (!asText) {
      bytes = isText ? null : toBytes(input);
      const [size, f, e, n] = putInput(input, bytes, format, encoding, name);
      const view = Module._kj_parse_transfer(size, f, e, n, code);
      // 0: a string of a record that is not UTF-8; the JSON read below carries it as it is.
      if (view) r = decodeTransfer(new Int32Array(Module.HEAPU8.buffer, view, 7));
    }
    if (r === null) {
      if (bytes === null) bytes = toBytes(input);
      call(Module._kj_parse, bytes, format, encoding, name, code, asText ? 2 : 1);
      r = outJSON();
    }
    if (asText) {
      // Each record as its JKF text, not made into objects (for storing or sending on).
      const lines = outText(1);
      r.records = lines.length === 0 ? [] : lines.slice(0, -1).split("\n");
      return { format: r.format, encoding: r.encoding, records: r.records, diagnostics: r.diagnostics };
    }
    if (r.records.length > 0) {
      // The source stays with the records (a copy: the caller may reuse its buffer) so that
      // write() can read go and othello records again; kifu reads back only shogi JKF.
      const source = { input: isText ? input : bytes === input ? bytes.slice() : bytes, format: r.format, encoding, name, mode };
      r.records.forEach((record, i) => {
        Object.defineProperty(record, SOURCE, { value: { source, index: r.indexes[i], game: r.games[i], hasError: r.errors[i] } });
      });
    }
    return { format: r.format, encoding: r.encoding, records: r.records, diagnostics: r.diagnostics };
  }

  /** Every problem of an input, read leniently unless options.mode says "strict". */
  function lint(input, options) {
    const a = readArgs(input, options);
    call(Module._kj_parse, a.bytes, a.format, a.encoding, a.name, modeCode(options && options.mode, "lenient"), 0);
    return outJSON().diagnostics;
  }

  /** The format and encoding of an input: {format (null when unknown), game, binary, encoding}. */
  function detect(input, options) {
    const o = typeof options === "string" ? { name: options } : options || {};
    call(Module._kj_detect, toBytes(input), o.name || "");
    return outJSON();
  }

  /** The game of a record: "shogi", "go" or "othello". */
  function gameOf(record) {
    const link = record && record[SOURCE];
    if (link) return link.game;
    return record && typeof record.game === "string" ? record.game : "shogi";
  }

  // ---- choosing records for a write or a position question

  function select(records) {
    Module._kj_select_begin();
    const slots = new Map();
    records.forEach((record, i) => {
      if (record === null || typeof record !== "object") throw new TypeError(`record ${i + 1} is not an object`);
      const link = record[SOURCE];
      if (gameOf(record) === "shogi") {
        // Shogi JKF reads back: the object as it is now, edits included.
        const json = encoder.encode(JSON.stringify(record));
        call(Module._kj_select_jkf, json, link ? link.source.name : "<record>");
        return;
      }
      if (!link) {
        throw new TypeError(
          `record ${i + 1} is a ${record.game} record that parse() did not return: kifu reads go and othello ` +
            "records from their source formats only (SGF, GGF, WTHOR, …), not from JKF-shaped objects; " +
            "write the records parse() gave (their source travels with them)",
        );
      }
      let slot = slots.get(link.source);
      if (slot === undefined) {
        const s = link.source;
        slot = call(Module._kj_select_source, toBytes(s.input), s.format, s.encoding, s.name, modeCode(s.mode, "strict"));
        slots.set(link.source, slot);
      }
      if (!Module._kj_select_pick(slot, link.index)) {
        throw new Error(`record ${i + 1}: game ${link.index} of ${link.source.name} cannot be read again`);
      }
    });
  }

  // ---- writing

  function writerInfo(target) {
    const w = getInfo().writers.find((x) => x.name === target);
    if (!w) throw new KifuError(`no writer ${JSON.stringify(target)} (writers: ${getInfo().writers.map((x) => x.name).join(", ")})`, []);
    return w;
  }

  /**
   * Writes records through one of kifu's writers: {data (a string, or a Uint8Array for the
   * writers whose text is not UTF-8, kif and ki2 in CP932, and for binary writers),
   * extension, headerSize, diagnostics}.
   * Throws a KifuError when the write fails.
   */
  function writeResult(recordOrRecords, target, options) {
    const o = options || {};
    const records = Array.isArray(recordOrRecords) ? recordOrRecords : [recordOrRecords];
    const w = writerInfo(target);
    select(records);
    call(
      Module._kj_write,
      target,
      o.source || "",
      o.header === false ? 0 : 1,
      o.pretty ? 1 : 0,
      o.jsonLines ? 1 : 0,
      o.declareEncoding ? 1 : 0,
      o.ply === undefined || o.ply === null ? -1 : o.ply,
    );
    const r = outJSON();
    if (!r.ok) {
      const e = r.diagnostics.find((d) => d.severity === "error");
      throw new KifuError(e ? `${e.message} [${e.code}]` : "the write failed", r.diagnostics);
    }
    // Text for the writers of UTF-8 (or ASCII); bytes for CP932 and for binary writers (no encodings).
    const utf8 = w.encodings.length > 0 && w.encodings.every((enc) => enc === "UTF-8" || enc === "ASCII");
    const data = utf8 ? outText(1) : outBytes(1).slice();
    Module._kj_out_release();
    return { data, extension: r.extension, headerSize: r.headerSize, diagnostics: r.diagnostics };
  }

  /** The text a writer makes of the records (a Uint8Array for CP932 writers); throws on failure. */
  const write = (recordOrRecords, target, options) => writeResult(recordOrRecords, target, options).data;

  // ---- shogi positions

  function positionResult() {
    const r = outJSON();
    if (r.error) throw new KifuError(r.error + (r.column ? ` (column ${r.column})` : ""), r.diagnostics || []);
    delete r.diagnostics;
    return r;
  }

  /** A shogi position code read: {sfen, shogi64 (null when a hand holds more than it can say), bod}. */
  function position(code, kind) {
    const k = kind || (/^\s*(sfen\b|startpos\b|[1-9lnsgkrbpLNSGKRBP+]+\/)/.test(code) ? "sfen" : "shogi64");
    call(Module._kj_position_code, k, String(code));
    return positionResult();
  }

  /** The position after `ply` moves of a shogi record's main line (omitted or -1: its end). */
  function positionAfter(record, ply) {
    select([record]);
    Module._kj_position_after(ply === undefined || ply === null ? -1 : ply);
    return positionResult();
  }

  const sfenToShogi64 = (sfen) => {
    const p = position(sfen, "sfen");
    if (p.shogi64 === null) throw new KifuError(p.shogi64Error, []);
    return p.shogi64;
  };
  const shogi64ToSfen = (code) => position(code, "shogi64").sfen;

  // ---- WTHOR bases

  /**
   * Converts a WTHOR base (.wtb/.wtd bytes, with WTHOR.JOU and WTHOR.TRN bytes for the names)
   * to CSV and/or GGF, `chunk` games at a time, calling onProgress({done, total}) after each
   * piece. Resolves to {csv, ggf, games, diagnostics}.
   */
  async function convertWthor(input, options) {
    const o = options || {};
    const wantCsv = o.csv !== false;
    const wantGgf = o.ggf !== false;
    const chunk = Math.max(1, o.chunk || 8192);
    const empty = new Uint8Array(0);
    call(
      Module._kj_wthor_open,
      toBytes(input.games),
      input.name || "<buffer>",
      input.players ? toBytes(input.players) : empty,
      input.tournaments ? toBytes(input.tournaments) : empty,
      modeCode(o.mode, "lenient"),
    );
    const opened = outJSON();
    const diagnostics = opened.diagnostics;
    const csv = [];
    const ggf = [];
    const total = opened.games;
    try {
      if (!opened.ok) throw new KifuError(`${input.name || "<buffer>"}: not a WTHOR game file`, diagnostics);
      let step = { done: total === 0, next: 0 };
      if (o.onProgress) o.onProgress({ done: 0, total });
      while (!step.done) {
        Module._kj_wthor_step(chunk, wantCsv ? 1 : 0, wantGgf ? 1 : 0);
        step = outJSON();
        for (const d of step.diagnostics) diagnostics.push(d);
        if (wantCsv) csv.push(outText(1));
        if (wantGgf) ggf.push(outText(2));
        if (!step.ok && (o.mode || "lenient") === "strict") break;
        if (o.onProgress) o.onProgress({ done: step.next, total });
        // Let a page paint its progress bar between pieces.
        if (!step.done && o.yield !== false) await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } finally {
      Module._kj_wthor_close();
      Module._kj_out_release();
    }
    return { csv: wantCsv ? csv.join("") : null, ggf: wantGgf ? ggf.join("") : null, games: total, diagnostics };
  }

  return {
    version: getInfo().version,
    KifuError,
    SOURCE,
    parse,
    lint,
    detect,
    formats,
    writers,
    write,
    writeResult,
    gameOf,
    position,
    positionAfter,
    sfenToShogi64,
    shogi64ToSfen,
    convertWthor,
  };
});
