// `npm pack` gives a tarball that a project installs offline (no dependencies to fetch) and
// uses through both entries: `kifu` and `kifu/json-kifu-format`.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { packageDir, scratchDir } from "./support.mjs";

const npm = (() => {
  try {
    execFileSync("npm", ["--version"], { stdio: "ignore" });
    return "npm";
  } catch {
    console.log("KIFU-SKIP: npm is not installed");
    return null;
  }
})();

test("npm pack gives a tarball a project installs offline and uses", { skip: !npm }, () => {
  const dir = scratchDir("pack");
  const env = { ...process.env, npm_config_cache: path.join(dir, "npm-cache"), npm_config_update_notifier: "false" };
  const packed = JSON.parse(execFileSync(npm, ["pack", "--json", "--pack-destination", dir, packageDir], { env, encoding: "utf8" }));
  const files = packed[0].files.map((f) => f.path).sort();
  assert.deepEqual(files, [
    "README.md",
    "api.cjs",
    "index.d.ts",
    "index.mjs",
    "json-kifu-format.d.ts",
    "json-kifu-format.mjs",
    "kifu-browser.js",
    "kifu-wasm.cjs",
    "package.json",
  ]);
  const tarball = path.join(dir, packed[0].filename);

  const app = path.join(dir, "app");
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  execFileSync(npm, ["install", "--offline", "--no-audit", "--no-fund", tarball], { cwd: app, env, stdio: "pipe" });
  fs.writeFileSync(
    path.join(app, "main.mjs"),
    `import { parse, write, writers } from "kifu";
import { parseCSA } from "kifu/json-kifu-format";
const csa = "PI\\n+\\n+7776FU\\n-3334FU\\n%TORYO\\n";
const { records, format } = parse(csa);
const kif = write(records[0], "kifu");
console.log(JSON.stringify({ format, moves: records[0].moves.length, compat: parseCSA(csa).moves.length,
  kif: kif.split("\\n").filter((l) => /^ +\\d/.test(l)), writers: writers().length }));
`,
  );
  const out = JSON.parse(execFileSync(process.execPath, ["main.mjs"], { cwd: app, encoding: "utf8" }));
  assert.equal(out.format, "csa");
  assert.equal(out.moves, 4);
  assert.equal(out.compat, 4);
  assert.equal(out.kif.length, 3);
  assert.match(out.kif[0], /７六歩\(77\)/);
  assert.equal(out.writers, 14);
});
