// json-kifu-format's parsers on kifu: `import { parseKIF } from "kifu/json-kifu-format"`
// instead of json-kifu-format. Each takes the text of one record and returns its normalized
// JKF object, or throws when the text has an error (a SyntaxError with the message, line and
// column of kifu's first error, and its diagnostics). Where kifu reads a record differently
// from json-kifu-format, docs/deviations.md says how and why.
import { parse } from "./index.mjs";

function parseAs(format, text, filename) {
  if (typeof text !== "string") throw new TypeError(`parse${format.toUpperCase()}: expected a string`);
  const result = parse(text, { format, mode: "strict", name: filename || `<${format}>` });
  const error = result.diagnostics.find((d) => d.severity === "error");
  if (error || result.records.length === 0) {
    const where = error && error.line ? `${error.line}:${error.column}: ` : "";
    const e = new SyntaxError(error ? `${where}${error.message} [${error.code}]` : `no ${format.toUpperCase()} record in the text`);
    e.diagnostics = result.diagnostics;
    if (error) {
      e.code = error.code;
      e.line = error.line;
      e.column = error.column;
      e.location = { start: { line: error.line, column: error.column } };
    }
    throw e;
  }
  return result.records[0];
}

/** Reads a KIF text into normalized JKF (json-kifu-format's parseKIF). */
export const parseKIF = (kifu, filename) => parseAs("kif", kifu, filename);
/** Reads a KI2 text into normalized JKF (json-kifu-format's parseKI2). */
export const parseKI2 = (kifu, filename) => parseAs("ki2", kifu, filename);
/** Reads a CSA text into normalized JKF (json-kifu-format's parseCSA). */
export const parseCSA = (kifu, filename) => parseAs("csa", kifu, filename);
/** Reads JKF text into normalized JKF. */
export const parseJKF = (kifu, filename) => parseAs("jkf", kifu, filename);

/** The parsers as json-kifu-format groups them (`Parsers.parseKIF`). */
export const Parsers = { parseKIF, parseKI2, parseCSA, parseJKF };
export default Parsers;
