// parse() builds records as objects from the transfer encoding (src/transfer.hpp); they must be
// what JSON.parse makes of the library's JKF writer (parse(..., {records: "json"})), key order
// included, for every record: the test data of the repository (all three games, strict and
// lenient), records made here for the encoding's corners, and the 2,000 generated games of the
// shared corpus in KIF, KI2 and CSA.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { corpus, dataDir, kifu } from "./support.mjs";

// Compares the two ways of one read; returns a message when they differ, else null.
function compare(input, options, label) {
  const objects = kifu.parse(input, options);
  const text = kifu.parse(input, { ...options, records: "json" });
  const expected = text.records.map((t) => JSON.parse(t));
  try {
    assert.deepStrictEqual(objects.records, expected);
    // The same keys in the same order (deepStrictEqual does not look at the order).
    assert.equal(JSON.stringify(objects.records), JSON.stringify(expected));
    assert.deepStrictEqual(objects.diagnostics, text.diagnostics);
    assert.equal(objects.format, text.format);
    assert.equal(objects.encoding, text.encoding);
  } catch (e) {
    return `${label}: ${String(e.message).split("\n").slice(0, 6).join(" ")}`;
  }
  return null;
}

function files(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else out.push(p);
  }
  return out;
}

const RECORD_EXTENSIONS = /\.(kif|kifu|ki2|ki2u|csa|jkf|usi|sfen|sgf|gib|ngf|ugf|ggf)$/i;

test("every record file of the test data: objects equal JSON.parse of the JKF writer's text", () => {
  const differ = [];
  let records = 0;
  for (const file of files(dataDir).filter((f) => RECORD_EXTENSIONS.test(f)).sort()) {
    const bytes = new Uint8Array(fs.readFileSync(file));
    for (const mode of ["strict", "lenient"]) {
      const d = compare(bytes, { name: file, mode }, `${path.relative(dataDir, file)} (${mode})`);
      if (d) differ.push(d);
    }
    records += kifu.parse(bytes, { name: file, mode: "lenient" }).records.length;
  }
  assert.deepEqual(differ.slice(0, 5), []);
  // Shogi, go and othello records among them (go and othello travel as JKF text).
  assert.ok(records > 100, `${records} records`);
});

// Records for the corners of the encoding.
const KIF_CORNERS = `# ---- edge cases of the transfer
開始日時：2024/01/02 03:04:05
棋戦：😀 emoji 𠮷 and 🐟
__proto__：not a prototype
constructor：neither
先手：先手さん
後手：後手さん
手合割：平手
手数----指手---------消費時間--
*開始局面へのコメント 😀
   1 ７六歩(77)   ( 0:01/00:00:01)
*一手目のコメント
*二行目
   2 ３四歩(33)   ( 0:02/00:00:02)
   3 ２二角成(88) ( 0:03/00:00:04)+
   4 同　銀(31)   ( 0:04/00:00:06)
   5 ５五角打     ( 1:05/00:01:09)
   6 中断         ( 0:00/00:00:06)

変化：3手
   3 ６六歩(67)   ( 0:01/00:00:02)
   4 ８四歩(83)   ( 0:01/00:00:03)
   5 投了

変化：4手
   4 ４二銀(31)   ( 0:00/00:00:02)
`;

const CSA_CORNERS = `'CSA encoding=UTF-8
V3.0
N+先手😀
N-後手
$EVENT:持駒のある初期局面
P1 *  *  *  * -OU *  *  *  * 
P2 *  *  *  *  *  *  *  *  * 
P3 *  *  *  *  *  *  *  *  * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7 *  *  *  *  *  *  *  *  * 
P8 *  *  *  *  *  *  *  *  * 
P9 *  *  *  * +OU *  *  *  * 
P+00KI00GI00GI00FU
P-00AL
+
'*コメント
+0052KI
T1.250
-5152OU
T12.5
%TORYO
`;

const KI2_CORNERS = `手合割：平手
先手：😀
▲７六歩 △３四歩 ▲６六歩 △８四歩 ▲６八銀 △６二銀 ▲５八金右
*相対位置のある手
△５二金右
まで8手で中断
`;

test("records made for the corners: forks, comments, times, specials, hands, unicode and odd header keys", () => {
  const cases = [
    ["kif", KIF_CORNERS],
    ["csa", CSA_CORNERS],
    ["ki2", KI2_CORNERS],
  ];
  for (const [format, text] of cases) {
    for (const mode of ["strict", "lenient"]) {
      assert.equal(compare(text, { format, mode }, `${format} (${mode})`), null);
      assert.equal(compare(new TextEncoder().encode(text), { format, mode, name: `corners.${format}` }, `${format} bytes (${mode})`), null);
    }
  }
  const kif = kifu.parse(KIF_CORNERS, { format: "kif" });
  assert.deepEqual(kif.diagnostics.filter((d) => d.severity === "error"), []);
  const record = kif.records[0];
  // A header key "__proto__" is an own property, as JSON.parse makes it, not the prototype.
  assert.equal(Object.getPrototypeOf(record.header), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(record.header, "__proto__").value, "not a prototype");
  assert.equal(record.header["棋戦"], "😀 emoji 𠮷 and 🐟");
  assert.ok(record.moves.some((e) => e.forks && e.forks.length > 0));
  const csa = kifu.parse(CSA_CORNERS, { format: "csa" }).records[0];
  assert.ok(csa.initial.data.hands[0].GI === 2);
  assert.ok(csa.moves.some((e) => e.time && e.time.now.ms !== undefined));
  const ki2 = kifu.parse(KI2_CORNERS, { format: "ki2" }).records[0];
  assert.ok(ki2.moves.some((e) => e.move && e.move.relative));
});

test("a read with errors, several games and no record at all", () => {
  const broken = "手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n   3 ２六歩(27)\n";
  for (const mode of ["strict", "lenient"]) assert.equal(compare(broken, { format: "kif", mode }, `broken (${mode})`), null);
  const two = fs.readFileSync(path.join(dataDir, "cli/two-games.csa"));
  const r = kifu.parse(new Uint8Array(two), { name: "two-games.csa" });
  assert.equal(r.records.length, 2);
  assert.equal(compare(new Uint8Array(two), { name: "two-games.csa" }, "two games"), null);
  assert.equal(compare("", { format: "kif", mode: "lenient" }, "empty"), null);
  assert.equal(compare("not a record", { mode: "lenient" }, "not a record"), null);
});

const set = corpus("shogi", "generated", "seed1-2000");

for (const folder of ["kif", "ki2", "csa"]) {
  test(`the 2,000 generated ${folder.toUpperCase()} games: objects equal JSON.parse of the JKF writer's text`, { skip: !set }, () => {
    const dir = path.join(set, folder);
    const differ = [];
    let compared = 0;
    for (const name of fs.readdirSync(dir).sort()) {
      const d = compare(new Uint8Array(fs.readFileSync(path.join(dir, name))), { name }, name);
      if (d) differ.push(d);
      ++compared;
    }
    assert.deepEqual(differ.slice(0, 5), []);
    assert.equal(compared, 2000);
  });
}
