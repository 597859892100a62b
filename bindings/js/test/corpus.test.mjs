// The 2,000 generated games of the shared corpus in KIF, KI2 and CSA through the package
// give the JKF the kifu program writes (`kifu convert -o DIR`), game by game.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { corpus, kifu, runKifu, scratchDir } from "./support.mjs";

const set = corpus("shogi", "generated", "seed1-2000");

for (const folder of ["kif", "ki2", "csa"]) {
  test(`the 2,000 generated ${folder.toUpperCase()} games give kifu convert's JKF`, { skip: !set }, () => {
    const dir = path.join(set, folder);
    const out = scratchDir(`corpus-${folder}`);
    runKifu(["convert", "--force", "--no-progress", "--no-summary", "-o", out, dir]);
    let compared = 0;
    const differ = [];
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      const r = kifu.parse(new Uint8Array(fs.readFileSync(file)), { name: file });
      assert.deepEqual(r.diagnostics.filter((d) => d.severity === "error"), [], name);
      assert.equal(r.records.length, 1, name);
      const expected = fs.readFileSync(path.join(out, name.replace(/\.[^.]+$/, ".jkf")), "utf8").trimEnd();
      // The same JSON text: kifu::to_jkf on both sides, JSON.parse and stringify changing nothing.
      if (JSON.stringify(r.records[0]) !== JSON.stringify(JSON.parse(expected))) differ.push(name);
      ++compared;
    }
    assert.deepEqual(differ.slice(0, 5), []);
    assert.equal(compared, 2000);
  });
}

const wthor = corpus("othello", "wthor", "ffo-1977-2021");

test("a WTHOR year with its names converts to kifu convert's CSV and GGF", { skip: !wthor }, async () => {
  const base = path.join(wthor, "WTH_2000.wtb");
  const bytes = (name) => new Uint8Array(fs.readFileSync(path.join(wthor, name)));
  const r = await kifu.convertWthor(
    { games: bytes("WTH_2000.wtb"), players: bytes("WTHOR.JOU"), tournaments: bytes("WTHOR.TRN"), name: base },
    { chunk: 1000 },
  );
  assert.ok(r.games > 1000);
  assert.equal(r.csv, runKifu(["convert", "-t", "csv", base]).toString("utf8"));
  assert.equal(r.ggf, runKifu(["convert", "-t", "ggf", base]).toString("utf8"));
  assert.deepEqual(r.diagnostics.filter((d) => d.severity === "error"), []);
});
