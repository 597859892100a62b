// Prints the size of the WebAssembly binary that the SINGLE_FILE build embeds in a script
// (as base64), raw and gzipped (zlib level 9), and writes the same line to a file.
//   node report-size.mjs kifu-wasm.cjs size.txt
import fs from "node:fs";
import zlib from "node:zlib";

const [script, out] = process.argv.slice(2);
const text = fs.readFileSync(script, "latin1");
const match = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(text);
if (!match) {
  console.error(`${script}: no embedded WebAssembly binary`);
  process.exit(1);
}
const wasm = Buffer.from(match[1], "base64");
if (wasm.readUInt32LE(0) !== 0x6d736100) {
  console.error(`${script}: the embedded data is not a WebAssembly binary`);
  process.exit(1);
}
const gzipped = zlib.gzipSync(wasm, { level: 9 }).length;
const script_gzipped = zlib.gzipSync(fs.readFileSync(script), { level: 9 }).length;
const mb = (n) => (n / 1e6).toFixed(3);
const line =
  `kifu wasm: ${wasm.length} bytes (${mb(wasm.length)} MB), gzipped ${gzipped} bytes (${mb(gzipped)} MB); ` +
  `the script with it embedded: ${text.length} bytes, gzipped ${script_gzipped} bytes`;
console.log(line);
if (out) fs.writeFileSync(out, line + "\n");
