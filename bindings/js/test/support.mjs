// What the Node tests share: the package built in the build tree, the kifu program, the test
// data of the repository and the shared corpus (tests over it print KIFU-SKIP when absent).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const sourceDir = process.env.KIFU_SOURCE_DIR || path.resolve(here, "../../..");
export const packageDir = process.env.KIFU_JS_PACKAGE || path.resolve(sourceDir, "build/bindings/js/package");
export const cli = process.env.KIFU_CLI || path.resolve(sourceDir, "build/tools/kifu/kifu");
export const corpusDir = process.env.KIFU_CORPUS_DIR || path.resolve(sourceDir, "../shared/corpus");
export const dataDir = path.join(sourceDir, "tests/data");

export const kifu = await import(pathToFileURL(path.join(packageDir, "index.mjs")).href);
export const compat = () => import(pathToFileURL(path.join(packageDir, "json-kifu-format.mjs")).href);

/** Runs the kifu program; returns its stdout as bytes (a Buffer). */
export function runKifu(args, options = {}) {
  return execFileSync(cli, args, { maxBuffer: 1 << 30, stdio: ["ignore", "pipe", options.stderr ?? "pipe"], ...options });
}

/** The corpus folder, or null (after printing KIFU-SKIP, which ctest reports as skipped). */
export function corpus(...parts) {
  const dir = path.join(corpusDir, ...parts);
  if (!fs.existsSync(dir)) {
    console.log(`KIFU-SKIP: ${dir} is absent`);
    return null;
  }
  return dir;
}

export function scratchDir(name) {
  const dir = path.join(process.cwd(), "js-test-scratch", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
