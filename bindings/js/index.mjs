// kifu for Node: the ES module of the package. Loads the WebAssembly module (embedded in
// kifu-wasm.cjs) once, when imported.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const createKifuModule = require("./kifu-wasm.cjs");
const kifuMakeApi = require("./api.cjs");

const api = kifuMakeApi(await createKifuModule());

export const {
  version,
  KifuError,
  SOURCE,
  parse,
  lint,
  detect,
  formats,
  writers,
  write,
  writeResult,
  gameOf,
  position,
  positionAfter,
  sfenToShogi64,
  shogi64ToSfen,
  convertWthor,
} = api;
export default api;
