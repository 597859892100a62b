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
