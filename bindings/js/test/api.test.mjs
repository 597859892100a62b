// The package's API against the kifu program on the repository's own test records: what
// parse() gives is what `kifu convert` writes, write() gives what `kifu convert -t` writes for
// every writer, diagnostics carry the lines and columns `kifu lint` reports, position codes
// are `kifu position`'s, and a WTHOR base converted in pieces is `kifu convert -t csv|ggf`.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import vm from "node:vm";

import { dataDir, kifu, packageDir, runKifu, scratchDir } from "./support.mjs";

const samples = path.join(dataDir, "samples");
const sample = {
  shogi: path.join(samples, "yagura-castle.kif"),
  go: path.join(samples, "short-9x9.sgf"),
  othello: path.join(samples, "othello-opening.ggf"),
};
const read = (file) => new Uint8Array(fs.readFileSync(file));
const parseFile = (file, options = {}) => kifu.parse(read(file), { name: file, ...options });

test("parse gives the JKF kifu convert writes, with the format and encoding kifu detect finds", () => {
  for (const file of [...Object.values(sample), path.join(samples, "yagura-opening.csa"), path.join(samples, "bishop-exchange.jkf")]) {
    const r = parseFile(file);
    assert.deepEqual(r.diagnostics, [], file);
    assert.equal(r.records.length, 1, file);
    assert.deepEqual(r.records[0], JSON.parse(runKifu(["convert", file]).toString("utf8")), file);
    const detected = kifu.detect(read(file), { name: file });
    assert.equal(detected.format, r.format, file);
    assert.match(runKifu(["detect", file]).toString("utf8"), new RegExp(`\\b${r.format}\\b`), file);
    assert.equal(JSON.stringify(r.records[0]), JSON.stringify(JSON.parse(JSON.stringify(r.records[0]))), "plain JSON data");
  }
});

test("a Shift_JIS CSA file and its text as a string give the same record", () => {
  const file = path.join(dataDir, "cli", "shift-jis.csa");
  const fromBytes = parseFile(file);
  assert.equal(fromBytes.encoding, "CP932");
  const text = new TextDecoder("shift_jis").decode(read(file));
  const fromText = kifu.parse(text, { name: file });
  assert.equal(fromText.encoding, "UTF-8");
  assert.deepEqual(fromText.records, fromBytes.records);
  assert.deepEqual(fromBytes.records[0], JSON.parse(runKifu(["convert", file]).toString("utf8")));
});

test("several games in one file are several records; the second's error is located", () => {
  const file = path.join(dataDir, "cli", "two-games.sgf");
  const r = parseFile(file);
  assert.equal(r.records.length, 2);
  const lines = runKifu(["convert", file]).toString("utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(r.records, lines);

  const broken = path.join(dataDir, "cli", "broken-second-game.sgf");
  const diagnostics = kifu.lint(read(broken), { name: broken });
  assert.ok(diagnostics.some((d) => d.severity === "error" && d.line > 0 && d.column > 0));
});

test("lint gives the diagnostics of kifu lint, each with its line and column", () => {
  const bad = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ９九飛(28)\n";
  const dir = scratchDir("lint");
  const file = path.join(dir, "bad.kifu");
  fs.writeFileSync(file, bad);
  const expected = (() => {
    try {
      return runKifu(["lint", "--format", "json", file]).toString("utf8");
    } catch (e) {
      return e.stdout.toString("utf8"); // status 1: the input has errors
    }
  })()
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const actual = kifu.lint(read(file), { name: file });
  assert.ok(actual.length > 0);
  assert.deepEqual(actual, expected);
  const error = actual.find((d) => d.severity === "error");
  assert.equal(error.line, 7);
  assert.ok(error.column > 0);
  for (const key of ["file", "line", "column", "code", "severity", "message"]) assert.ok(key in error, key);

  // parse is strict: the same error, and the records before it.
  const strict = kifu.parse(bad, { name: file, format: "kif" });
  assert.equal(strict.diagnostics.find((d) => d.severity === "error").line, 7);
});

test("write gives what kifu convert -t gives, for every writer", () => {
  const parsed = Object.fromEntries(Object.entries(sample).map(([game, file]) => [game, parseFile(file).records]));
  const names = kifu.writers().map((w) => w.name);
  // The targets of `kifu convert -t` (README.md, docs/cli.md).
  assert.deepEqual([...names].sort(), ["csa", "csa-v2.2", "csv", "ggf", "jkf", "ki2", "ki2u", "kif", "kifu", "positions-csv", "positions-jsonl", "sfen", "sgf", "usi"]);
  assert.match(runKifu(["convert", "--help"]).toString("utf8"), new RegExp(names.join("[^]*")));
  let compared = 0;
  for (const w of kifu.writers()) {
    for (const [game, file] of Object.entries(sample)) {
      if (w.game !== null && w.game !== game) {
        assert.throws(() => kifu.write(parsed[game], w.name), (e) => e instanceof kifu.KifuError && e.code === "write.wrong-game", `${w.name} ${game}`);
        continue;
      }
      const actual = kifu.write(parsed[game], w.name, { source: file });
      const expected = runKifu(["convert", "-t", w.name, file]);
      if (typeof actual === "string") {
        assert.equal(actual, expected.toString("utf8"), `${w.name} of ${file}`);
      } else {
        assert.ok(w.encodings.includes("CP932"), w.name);
        assert.deepEqual(Buffer.from(actual), expected, `${w.name} of ${file}`);
      }
      ++compared;
    }
  }
  assert.ok(compared >= 14);
});

test("a shogi record edited in JavaScript is written as edited; a hand-made go record is refused", () => {
  const [record] = parseFile(sample.shogi).records;
  const edited = structuredClone(record);
  edited.header["先手"] = "先手さん";
  assert.match(kifu.write(edited, "kifu"), /先手：先手さん/);
  assert.doesNotMatch(kifu.write(record, "kifu"), /先手さん/);

  const [go] = parseFile(sample.go).records;
  assert.equal(kifu.gameOf(go), "go");
  assert.equal(typeof kifu.write(go, "sgf"), "string");
  const handMade = JSON.parse(JSON.stringify(go));
  assert.throws(() => kifu.write(handMade, "sgf"), (e) => e instanceof TypeError && /parse\(\) did not return/.test(e.message));
  assert.equal(Object.keys(go).includes(String(kifu.SOURCE)), false);
});

test("SFEN and Shogi64 codes are kifu position's", () => {
  const [record] = parseFile(sample.shogi).records;
  const moves = kifu.positionAfter(record).moves;
  assert.ok(moves >= 10);
  for (const ply of [0, 10, moves]) {
    const p = kifu.positionAfter(record, ply);
    assert.equal(p.sfen, runKifu(["position", sample.shogi, "--ply", String(ply), "-t", "sfen"]).toString("utf8").trim());
    assert.equal(p.shogi64, runKifu(["position", sample.shogi, "--ply", String(ply), "-t", "shogi64"]).toString("utf8").trim());
    assert.equal(p.bod, runKifu(["position", sample.shogi, "--ply", String(ply), "-t", "bod"]).toString("utf8"));
    // Shogi64 has no move number: read back, the SFEN says 1.
    const sfen1 = p.sfen.replace(/ \d+$/, " 1");
    assert.equal(kifu.shogi64ToSfen(kifu.sfenToShogi64(p.sfen)), sfen1);
    assert.equal(kifu.position(p.shogi64).sfen, sfen1);
  }
  const start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
  assert.equal(kifu.sfenToShogi64(start), runKifu(["position", "--sfen", start, "-t", "shogi64"]).toString("utf8").trim());
  assert.throws(() => kifu.position("lnsgkgsnl/9 b - 1", "sfen"), kifu.KifuError);
  assert.throws(() => kifu.positionAfter(record, 100000), /shorter/);
});

test("a WTHOR base converted in pieces gives kifu convert's CSV and GGF", async () => {
  const base = path.join(dataDir, "fuzz", "wthor", "two-games.wtb");
  const progress = [];
  const r = await kifu.convertWthor({ games: read(base), name: base }, { chunk: 1, onProgress: (p) => progress.push(p) });
  assert.equal(r.games, 2);
  assert.deepEqual(progress, [{ done: 0, total: 2 }, { done: 1, total: 2 }, { done: 2, total: 2 }]);
  assert.equal(r.csv, runKifu(["convert", "-t", "csv", base]).toString("utf8"));
  assert.equal(r.ggf, runKifu(["convert", "-t", "ggf", base]).toString("utf8"));
  // The same games read with parse() and written through the registry.
  const parsed = kifu.parse(read(base), { name: base });
  assert.equal(kifu.write(parsed.records, "csv"), r.csv);
  await assert.rejects(kifu.convertWthor({ games: new Uint8Array(5) }, { mode: "strict" }), kifu.KifuError);
});

test("formats and writers describe what kifu reads and writes", () => {
  const formats = kifu.formats();
  for (const name of ["csa", "kif", "ki2", "jkf", "usi", "sgf", "ggf", "wthor"]) assert.ok(formats.some((f) => f.name === name), name);
  assert.ok(formats.find((f) => f.name === "wthor").binary);
  assert.equal(kifu.writers().find((w) => w.name === "kif").encodings[0], "CP932");
  assert.match(kifu.version, /^\d+\.\d+\.\d+$/);
  assert.deepEqual(kifu.detect(new Uint8Array([1, 2, 3]), "x.bin").format, null);
});

test("kifu-browser.js runs as a page's classic script: window.kifu.ready gives the same API", async () => {
  const code = fs.readFileSync(path.join(packageDir, "kifu-browser.js"), "utf8");
  // What a page gives a classic script; no require, module or process.
  const page = { TextEncoder, TextDecoder, WebAssembly, setTimeout, console, atob };
  page.window = page;
  vm.createContext(page);
  vm.runInContext(code, page, { filename: "kifu-browser.js" });
  const k = await page.kifu.ready;
  assert.equal(k, page.kifu);
  const r = k.parse(read(sample.shogi), { name: sample.shogi });
  assert.deepEqual(JSON.parse(JSON.stringify(r.records)), JSON.parse(JSON.stringify(parseFile(sample.shogi).records)));
  assert.equal(k.write(r.records[0], "csa"), kifu.write(r.records[0], "csa"));
});
