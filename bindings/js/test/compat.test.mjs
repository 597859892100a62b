// kifu/json-kifu-format against json-kifu-format's own test files (jkf-tests in the shared
// corpus) and the JKF json-kifu-format makes of them: every file gives that JKF except the
// deviations docs/deviations.md documents (the C++ corpus tests make the same exceptions).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { compat, corpus, kifu } from "./support.mjs";

const shogi = corpus("shogi");
const { parseKIF, parseKI2, parseCSA, Parsers } = await compat();

// Decodes a file as a json-kifu-format user would: UTF-8 when it is, else the encoding kifu finds.
function text(file) {
  const bytes = fs.readFileSync(file);
  let encoding = "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    encoding = kifu.detect(new Uint8Array(bytes), { name: file }).encoding === "EUC-JP" ? "euc-jp" : "shift_jis";
  }
  return new TextDecoder(encoding).decode(bytes);
}

const expectedOf = (folder, name) =>
  JSON.parse(fs.readFileSync(path.join(shogi, "expected", "jkf-tests", "json-kifu-format", folder, `${name}.json`), "utf8"));

// The deviations: a change that turns json-kifu-format's output into kifu's, or the error kifu
// reports where json-kifu-format reads on.
const deviations = {
  "ki2/20091203.ki2": {
    reason: "a `*` line before the moves is a comment, never a header",
    apply(j) {
      delete j.header["*放送日"];
      j.moves[0].comments = ["放送日：2010/02/13"];
    },
  },
  "kif/fork-test.kif": {
    reason: "two lines of one variation are numbered 5: an error (kif.ply-number)",
    error: { line: 18, column: 4, code: "kif.ply-number" },
  },
};

const parsers = { kif: parseKIF, ki2: parseKI2, csa: parseCSA };

test("json-kifu-format's KIF, KI2 and CSA test files give its JKF", { skip: !shogi }, () => {
  const counts = { kif: 0, ki2: 0, csa: 0 };
  let deviating = 0;
  for (const folder of Object.keys(parsers)) {
    const dir = path.join(shogi, "jkf-tests", folder);
    for (const name of fs.readdirSync(dir).sort()) {
      const key = `${folder}/${name}`;
      const source = text(path.join(dir, name));
      const expected = expectedOf(folder, name);
      const deviation = deviations[key];
      if (deviation && deviation.error) {
        assert.throws(
          () => parsers[folder](source),
          (e) =>
            e instanceof SyntaxError &&
            e.line === deviation.error.line &&
            e.column === deviation.error.column &&
            e.code === deviation.error.code &&
            e.message.startsWith(`${deviation.error.line}:${deviation.error.column}: `),
          key,
        );
        ++deviating;
        ++counts[folder];
        continue;
      }
      if (deviation) {
        deviation.apply(expected);
        ++deviating;
      }
      assert.deepEqual(JSON.parse(JSON.stringify(parsers[folder](source))), expected, key);
      ++counts[folder];
    }
  }
  assert.deepEqual(counts, { kif: 26, ki2: 11, csa: 14 });
  assert.equal(deviating, Object.keys(deviations).length);
});

test("errors are thrown as json-kifu-format throws them, with kifu's line and column", () => {
  assert.equal(Parsers.parseKIF, parseKIF);
  const kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五金(49)\n";
  assert.throws(
    () => parseKIF(kif),
    (e) => e instanceof SyntaxError && e.line === 5 && e.column > 0 && e.location.start.line === 5 && e.diagnostics.length > 0,
  );
  assert.throws(() => parseCSA("PI\n+\n+7776FU\n-3334FU\n+9999ZZ\n"), (e) => e instanceof SyntaxError && e.line === 5);
  assert.throws(() => parseKI2(42), TypeError);
  const ok = parseCSA("PI\n+\n+7776FU\n-3334FU\n");
  assert.equal(ok.moves.length, 3);
  assert.equal(ok.moves[1].move.piece, "FU");
});
