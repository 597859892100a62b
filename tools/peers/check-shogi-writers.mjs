#!/usr/bin/env node
// Checks that the KIF, KI2 and CSA kifu writes for the 2,000 generated shogi games
// (../shared/corpus/shogi/generated/seed1-2000) are read with the same main line by the two
// reference readers of ../shared/peers/shogi: tsshogi (KIF, KI2, CSA V3.0, CSA V2.2) and
// json-kifu-format (KIF, KI2, CSA V2.2, the version it reads). The main line of each reading is
// compared with the ground truth, mainline.usi.tsv.
//
//   node tools/peers/check-shogi-writers.mjs [--kifu PATH] [--corpus DIR] [--peers DIR] [--limit N] [--sample N]
//
// Defaults: build/tools/kifu/kifu, ../shared/corpus, ../shared/peers/shogi (its node_modules
// after `npm ci`; KIFU_SHOGI_PEERS overrides), every game. --limit N takes the first N games,
// --sample N takes N games spread evenly over the set (what ctest runs: the games of the set
// differ in length, forks and specials along it). Without the peers or the corpus it prints
// "KIFU-SKIP: …" (ctest then reports the test as skipped) and exits 0. Exit status 1 when any
// reading differs from the ground truth.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const options = {
  kifu: path.join(root, "build", "tools", "kifu", "kifu"),
  corpus: path.resolve(root, "..", "shared", "corpus"),
  peers: process.env.KIFU_SHOGI_PEERS || path.resolve(root, "..", "shared", "peers", "shogi"),
  limit: Infinity,
  sample: Infinity,
};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const key = args[i].replace(/^--/, "");
  if (!(key in options) || i + 1 >= args.length) {
    console.error("usage: check-shogi-writers.mjs [--kifu PATH] [--corpus DIR] [--peers DIR] [--limit N] [--sample N]");
    process.exit(2);
  }
  options[key] = key === "limit" || key === "sample" ? Number(args[++i]) : path.resolve(args[++i]);
}

const set = path.join(options.corpus, "shogi", "generated", "seed1-2000");
const modules = path.join(options.peers, "node_modules");
for (const [what, where] of [["the corpus", set], ["tsshogi", path.join(modules, "tsshogi")],
                             ["json-kifu-format", path.join(modules, "json-kifu-format")], ["kifu", options.kifu]]) {
  if (!fs.existsSync(where)) {
    console.log(`KIFU-SKIP: ${what} not found at ${where}; nothing checked`);
    process.exit(0);
  }
}
const require = createRequire(path.join(modules, "x.js"));
const tsshogi = require("tsshogi");
const { JKFPlayer } = require("json-kifu-format");

// --- the ground truth and the games -----------------------------------------------------------
const expected = new Map();
for (const line of fs.readFileSync(path.join(set, "mainline.usi.tsv"), "utf8").split("\n")) {
  const tab = line.indexOf("\t");
  if (tab > 0) expected.set(line.slice(0, tab), line.slice(tab + 1).trim());
}
const first = [...expected.keys()].slice(0, options.limit);
const ids = options.sample >= first.length ? first
  : Array.from({ length: options.sample }, (_, i) => first[Math.floor((i * first.length) / options.sample)]);
const inputs = ids.map((id) => [".kif", ".kifu"].map((e) => path.join(set, "kif", id + e)).find((f) => fs.existsSync(f)));

// --- kifu writes every game in every target -----------------------------------------------------
const out = fs.mkdtempSync(path.join(os.tmpdir(), "kifu-peer-check-"));
const targets = [
  { to: "kif", ext: ".kif", sjis: true, peers: ["tsshogi", "jkf"], kind: "kif" },
  { to: "kifu", ext: ".kifu", peers: ["tsshogi", "jkf"], kind: "kif" },
  { to: "ki2u", ext: ".ki2u", peers: ["tsshogi", "jkf"], kind: "ki2" },
  { to: "csa", ext: ".csa", peers: ["tsshogi"], kind: "csa" },
  { to: "csa-v2.2", ext: ".csa", peers: ["tsshogi", "jkf"], kind: "csa" },
];
for (const t of targets) {
  const dir = path.join(out, t.to);
  fs.mkdirSync(dir);
  for (let i = 0; i < inputs.length; i += 500) {
    try {
      execFileSync(options.kifu, ["convert", "-t", t.to, "-o", dir, ...inputs.slice(i, i + 500)], { stdio: ["ignore", "ignore", "pipe"] });
    } catch (e) {
      console.error(`kifu convert -t ${t.to} failed (status ${e.status}):\n${String(e.stderr).slice(0, 2000)}`);
    }
  }
}

// --- main lines as USI ------------------------------------------------------------------------
const files = "abcdefghi";
const sfenLetter = { FU: "P", KY: "L", KE: "N", GI: "S", KI: "G", KA: "B", HI: "R", OU: "K",
                     TO: "+P", NY: "+L", NK: "+N", NG: "+S", UM: "+B", RY: "+R" };
const square = (p) => `${p.x}${files[p.y - 1]}`;

function tsshogiMainLine(text, kind) {
  const record = kind === "kif" ? tsshogi.importKIF(text) : kind === "ki2" ? tsshogi.importKI2(text) : tsshogi.importCSA(text);
  if (record instanceof Error) throw record;
  const moves = [];
  for (const node of record.moves) if (node.move instanceof tsshogi.Move) moves.push(node.move.usi);
  return usiLine(record.initialPosition.sfen, moves);
}

function jkfSfen(kifu) {
  const player = new JKFPlayer(kifu);
  player.goto(0);
  const state = player.getState();
  const rows = [];
  for (let y = 0; y < 9; y++) {
    let row = "", empty = 0;
    for (let x = 8; x >= 0; x--) {
      const cell = state.board[x][y];
      if (!cell || !cell.kind) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      const letter = sfenLetter[cell.kind];
      row += cell.color === 0 ? letter : letter.toLowerCase();
    }
    if (empty) row += empty;
    rows.push(row);
  }
  let hands = "";
  for (const color of [0, 1]) {
    for (const kind of ["HI", "KA", "KI", "GI", "KE", "KY", "FU"]) {
      const n = state.hands[color][kind] || 0;
      if (n === 0) continue;
      hands += (n > 1 ? n : "") + (color === 0 ? sfenLetter[kind] : sfenLetter[kind].toLowerCase());
    }
  }
  return `${rows.join("/")} ${state.color === 0 ? "b" : "w"} ${hands || "-"} 1`;
}

function jkfMainLine(text, kind) {
  const player = kind === "kif" ? JKFPlayer.parseKIF(text) : kind === "ki2" ? JKFPlayer.parseKI2(text) : JKFPlayer.parseCSA(text);
  const moves = [];
  for (const entry of player.kifu.moves) {
    const m = entry.move;
    if (!m) continue;
    moves.push(m.from ? square(m.from) + square(m.to) + (m.promote ? "+" : "") : `${sfenLetter[m.piece]}*${square(m.to)}`);
  }
  return usiLine(jkfSfen(player.kifu), moves);
}

const usiLine = (sfen, moves) => `position sfen ${sfen}` + (moves.length ? ` moves ${moves.join(" ")}` : "");

// --- compare ----------------------------------------------------------------------------------
const sjis = new TextDecoder("shift_jis");
let failed = false;
for (const t of targets) {
  for (const peer of t.peers) {
    let same = 0, differ = 0, rejected = 0, missing = 0;
    const examples = [];
    for (const id of ids) {
      const file = path.join(out, t.to, id + t.ext);
      if (!fs.existsSync(file)) { missing++; continue; }
      const bytes = fs.readFileSync(file);
      const text = t.sjis ? sjis.decode(bytes) : bytes.toString("utf8");
      let line;
      try {
        line = peer === "tsshogi" ? tsshogiMainLine(text, t.kind) : jkfMainLine(text, t.kind);
      } catch (e) {
        rejected++;
        if (examples.length < 3) examples.push(`${id}: ${String(e.message || e).split("\n")[0].slice(0, 200)}`);
        continue;
      }
      if (line === expected.get(id)) { same++; continue; }
      differ++;
      if (examples.length < 3) examples.push(`${id}: main line differs`);
    }
    if (differ || rejected || missing) failed = true;
    console.log(`-t ${t.to} read by ${peer}: ${ids.length} games, ${same} same main line, ${differ} differ, ${rejected} rejected, ${missing} not written`);
    for (const e of examples) console.log(`  ${e}`);
  }
}
// --- whole variation trees: the written KIF against the original, by each peer -----------------
// json-kifu-format: every move and special of every fork; tsshogi: its own KIF export of the
// record (moves, forks, comments, times), header lines aside.
const shape = (moves) => moves.map((m) => (m.move ? `${m.move.from ? m.move.from.x * 10 + m.move.from.y : "d"}-` +
  `${m.move.to.x * 10 + m.move.to.y}${m.move.promote ? "+" : ""}` : m.special || "") +
  (m.forks ? `[${m.forks.map(shape).join("|")}]` : "")).join(",");
const body = (kif) => kif.split("\n").filter((l) => !l.includes("：") || l.startsWith("変化")).join("\n");
const decode = (bytes) => { try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch { return sjis.decode(bytes); } };
for (const peer of ["tsshogi", "jkf"]) {
  let same = 0, differ = 0;
  for (let i = 0; i < ids.length; i++) {
    const file = path.join(out, "kifu", ids[i] + ".kifu");
    if (!fs.existsSync(file)) { differ++; continue; }
    const original = decode(fs.readFileSync(inputs[i]));
    const written = fs.readFileSync(file, "utf8");
    try {
      const a = peer === "jkf" ? shape(JKFPlayer.parseKIF(original).kifu.moves) : body(tsshogi.exportKIF(tsshogi.importKIF(original)));
      const b = peer === "jkf" ? shape(JKFPlayer.parseKIF(written).kifu.moves) : body(tsshogi.exportKIF(tsshogi.importKIF(written)));
      if (a === b) { same++; continue; }
    } catch { /* counted below */ }
    differ++;
  }
  if (differ) failed = true;
  console.log(`-t kifu read by ${peer}, whole record with its variations against the original KIF: ${same} same, ${differ} differ`);
}
fs.rmSync(out, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
