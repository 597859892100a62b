#!/usr/bin/env node
// In-process parse+normalize throughput of the kifu package beside json-kifu-format's, in the
// same run, on the same games, timed the same way as the shogi peer harness times a peer
// (../shared/peers/shogi/bench.mjs, when present):
//
// * every file is read and decoded (UTF-8, else Shift_JIS) before timing; files holding several
//   games are split on lines that are exactly "/";
// * every game is parsed once by each side first; the games json-kifu-format rejects are left
//   out (as the peer harness leaves them out), and so are any kifu rejects (reported);
// * per side: a warm-up (>= --warmup s and >= 2 passes), then --rounds rounds of N passes over
//   all games, N chosen so a round lasts >= --min-time s; the median round is reported;
// * timed call: json-kifu-format `Parsers.parseKIF/parseKI2/parseCSA(text)` (PEG parse and
//   normalize to a JKF object); kifu `parse(text, {format})` (text to UTF-8 in the module's
//   input area, read and normalize in WebAssembly, the records' transfer encoding made into
//   objects): both end with JKF objects.
//
//   node parse-vs-json-kifu-format.mjs --peer-dir DIR [--format kif|ki2|csa]... [--rounds 3]
//        [--min-time 2] [--warmup 1] [--package DIR] [--json] [INPUT_DIR...]
//
// --peer-dir: a folder where `json-kifu-format` is installed (its node_modules), e.g. the peer
// harness after `npm ci`. INPUT_DIR defaults to the shared corpus' generated games
// (shogi/generated/seed1-2000/<format>).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const opt = { rounds: 3, minTime: 2, warmup: 1, formats: [], inputs: [], peerDir: null, packageDir: null, json: false };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--peer-dir") opt.peerDir = args[++i];
  else if (a === "--package") opt.packageDir = args[++i];
  else if (a === "--format") opt.formats.push(args[++i]);
  else if (a === "--rounds") opt.rounds = Number(args[++i]);
  else if (a === "--min-time") opt.minTime = Number(args[++i]);
  else if (a === "--warmup") opt.warmup = Number(args[++i]);
  else if (a === "--json") opt.json = true;
  else if (a.startsWith("--")) {
    console.error(`unknown option ${a}`);
    process.exit(2);
  } else opt.inputs.push(a);
}
if (!opt.peerDir) {
  console.error("usage: node parse-vs-json-kifu-format.mjs --peer-dir DIR [--format kif|ki2|csa]... [INPUT_DIR...]");
  process.exit(2);
}
if (opt.formats.length === 0) opt.formats = ["kif", "ki2", "csa"];
const sourceDir = path.resolve(here, "../../..");
const packageDir = opt.packageDir || path.join(sourceDir, "build/bindings/js/package");
const kifu = await import(pathToFileURL(path.join(packageDir, "index.mjs")).href);
const peerRequire = createRequire(path.join(path.resolve(opt.peerDir), "package.json"));
const JKF = peerRequire("json-kifu-format");
const peerVersion = peerRequire("json-kifu-format/package.json").version;

const EXTENSIONS = { kif: [".kif", ".kifu"], ki2: [".ki2", ".ki2u"], csa: [".csa"] };
const PEER_PARSE = { kif: (t) => JKF.Parsers.parseKIF(t), ki2: (t) => JKF.Parsers.parseKI2(t), csa: (t) => JKF.Parsers.parseCSA(t) };

const utf8 = new TextDecoder("utf-8", { fatal: true });
const sjis = new TextDecoder("shift_jis");
function decode(bytes) {
  let b = bytes;
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) b = b.subarray(3);
  try {
    return utf8.decode(b);
  } catch {
    return sjis.decode(b);
  }
}

function collect(p, exts, out) {
  if (fs.statSync(p).isDirectory()) {
    for (const e of fs.readdirSync(p).sort()) collect(path.join(p, e), exts, out);
  } else if (exts.includes(path.extname(p).toLowerCase())) out.push(p);
  return out;
}

// Main-line moves of a JKF object: moves[1…] up to the first entry without a move.
function mainLineMoves(jkf) {
  let n = 0;
  for (let i = 1; i < jkf.moves.length && jkf.moves[i].move; i++) n++;
  return n;
}

const now = () => Number(process.hrtime.bigint()) / 1e9;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function time(parseOne, texts, bytes, moves) {
  let sink = 0;
  const pass = () => {
    for (let i = 0; i < texts.length; i++) sink += parseOne(texts[i]) ? 1 : 0;
  };
  const t0 = now();
  const passTimes = [];
  do {
    const s = now();
    pass();
    passTimes.push(now() - s);
  } while (now() - t0 < opt.warmup || passTimes.length < 2);
  const last = passTimes.slice(-Math.min(5, Math.ceil(passTimes.length / 2))).sort((a, b) => a - b);
  const passTime = last[Math.floor(last.length / 2)];
  const iterations = Math.max(1, Math.ceil(opt.minTime / Math.max(passTime, 1e-6)));
  const rounds = [];
  for (let r = 0; r < opt.rounds; r++) {
    if (global.gc) global.gc();
    const s = now();
    for (let k = 0; k < iterations; k++) pass();
    const dt = now() - s;
    rounds.push({ seconds: dt, gamesPerSec: (texts.length * iterations) / dt, mbPerSec: (bytes * iterations) / dt / 1e6, movesPerSec: (moves * iterations) / dt });
  }
  return {
    iterations,
    rounds,
    median: {
      gamesPerSec: median(rounds.map((r) => r.gamesPerSec)),
      mbPerSec: median(rounds.map((r) => r.mbPerSec)),
      movesPerSec: median(rounds.map((r) => r.movesPerSec)),
    },
    sink,
  };
}

const results = [];
for (const format of opt.formats) {
  const inputs = opt.inputs.length > 0 ? opt.inputs : [path.join(sourceDir, "../shared/corpus/shogi/generated/seed1-2000", format)];
  const files = inputs.flatMap((p) => collect(p, EXTENSIONS[format], []));
  const items = [];
  for (const f of files) {
    const buf = fs.readFileSync(f);
    const text = decode(buf);
    if (/(^|\n)\/\r?\n/.test(text)) {
      const parts = text.split(/\r?\n\/\r?\n/).filter((s) => s.trim().length > 0);
      parts.forEach((part, k) => items.push({ name: `${f}#${k + 1}`, text: part, bytes: Math.round((buf.length * part.length) / text.length) }));
    } else {
      items.push({ name: f, text, bytes: buf.length });
    }
  }
  const accepted = [];
  let peerRejected = 0;
  const kifuRejected = [];
  for (const it of items) {
    try {
      PEER_PARSE[format](it.text);
    } catch {
      ++peerRejected;
      continue;
    }
    const r = kifu.parse(it.text, { format });
    if (r.records.length !== 1 || r.diagnostics.some((d) => d.severity === "error")) {
      kifuRejected.push(it.name);
      continue;
    }
    it.moves = mainLineMoves(r.records[0]);
    accepted.push(it);
  }
  const texts = accepted.map((it) => it.text);
  const bytes = accepted.reduce((s, it) => s + it.bytes, 0);
  const moves = accepted.reduce((s, it) => s + it.moves, 0);
  const peer = time(PEER_PARSE[format], texts, bytes, moves);
  const ours = time((t) => kifu.parse(t, { format }).records[0], texts, bytes, moves);
  // For information: the same reads giving each record's JKF text instead of objects.
  const oursText = time((t) => kifu.parse(t, { format, records: "json" }).records[0], texts, bytes, moves);
  // For information: JSON.parse alone of the same records' JKF text (the floor of any JSON path).
  const jsonTexts = texts.map((t) => kifu.parse(t, { format, records: "json" }).records[0]);
  const jsonOnly = time((t) => JSON.parse(t), jsonTexts, bytes, moves);
  const ratio = ours.median.movesPerSec / peer.median.movesPerSec;
  const roundRatios = ours.rounds.map((r, i) => r.movesPerSec / peer.rounds[i].movesPerSec);
  results.push({ format, files: files.length, games: items.length, timed: accepted.length, peerRejected, kifuRejected: kifuRejected.length, bytes, moves, peer, kifu: ours, kifuText: oursText, jsonParseOnly: jsonOnly, ratio, roundRatios });
  if (!opt.json) {
    const f = (x, d = 1) => x.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
    console.log(
      `${format}: ${items.length} games, ${accepted.length} timed (json-kifu-format rejects ${peerRejected}, kifu ${kifuRejected.length}); ` +
        `${f(bytes / 1e6, 3)} MB, ${moves} main-line moves; node ${process.version}`,
    );
    for (const [name, r] of [[`json-kifu-format@${peerVersion}`, peer], [`kifu@${kifu.version} (wasm)`, ours], ["kifu, JKF text (no objects)", oursText], ["JSON.parse of that text only", jsonOnly]]) {
      console.log(
        `  ${name.padEnd(28)} median ${f(r.median.gamesPerSec)} games/s  ${f(r.median.mbPerSec, 2)} MB/s  ${f(r.median.movesPerSec, 0)} moves/s` +
          `  (rounds: ${r.rounds.map((x) => f(x.movesPerSec, 0)).join(", ")}; ${r.iterations} passes each)`,
      );
    }
    console.log(`  kifu / json-kifu-format: ${f(ratio)}x (per round: ${roundRatios.map((x) => f(x)).join("x, ")}x); JKF text: ${f(oursText.median.movesPerSec / peer.median.movesPerSec)}x`);
    for (const name of kifuRejected.slice(0, 5)) console.log(`  kifu rejected: ${name}`);
  }
}
if (opt.json) console.log(JSON.stringify(results, null, 2));
