// Types of kifu/json-kifu-format: json-kifu-format's parsers on kifu.
import type { Diagnostic, JKF } from "./index.js";

/** Thrown on a text with an error: kifu's first error, where it is, and every diagnostic. */
export interface KifuSyntaxError extends SyntaxError {
  diagnostics: Diagnostic[];
  code?: string;
  line?: number;
  column?: number;
  location?: { start: { line: number; column: number } };
}

export function parseKIF(kifu: string, filename?: string): JKF;
export function parseKI2(kifu: string, filename?: string): JKF;
export function parseCSA(kifu: string, filename?: string): JKF;
export function parseJKF(kifu: string, filename?: string): JKF;
export const Parsers: {
  parseKIF: typeof parseKIF;
  parseKI2: typeof parseKI2;
  parseCSA: typeof parseCSA;
  parseJKF: typeof parseJKF;
};
export default Parsers;
