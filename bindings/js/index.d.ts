// Types of the kifu package (index.mjs; kifu-browser.js gives the same API on window.kifu).

/** One problem of an input: 1-based line and column (0 = unknown), a stable code (docs/diagnostics.md). */
export interface Diagnostic {
  severity: "note" | "warning" | "error";
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  /** The ply the problem belongs to, when it belongs to one. */
  ply?: number;
}

/**
 * A record as kifu writes it in JSON: shogi JKF (JSON Kifu Format), or the same shape for go and
 * othello with a top-level `game` (docs/jkf-go-othello.md). Plain data: JSON.stringify gives it.
 */
export interface JKF {
  header?: Record<string, string>;
  initial?: { preset: string; data?: unknown };
  moves: Array<Record<string, unknown>>;
  game?: "go" | "othello";
  [key: string]: unknown;
}

export type Input = string | Uint8Array | ArrayBuffer | ArrayBufferView;

export interface ReadOptions {
  /** A format name of formats() ("kif", "csa", "sgf", …); detected when omitted. */
  format?: string;
  /** Forces the encoding of the bytes ("CP932", "UTF-8", …); a string input is UTF-8. */
  encoding?: string;
  /** "strict" (parse: the default) stops at the first error; "lenient" (lint's default) reports every problem. */
  mode?: "strict" | "lenient";
  /** The input's file name: named in diagnostics, and its extension helps detection. */
  name?: string;
  /** parse: "objects" (the default) gives JKF objects; "json" gives each record's JKF text instead. */
  records?: "objects" | "json";
}

export interface ParseResult<R = JKF> {
  format: string;
  /** The encoding the text was decoded from ("" for binary formats). */
  encoding: string;
  /** JKF objects (each record's JKF text with `records: "json"`). */
  records: R[];
  diagnostics: Diagnostic[];
}

export interface FormatInfo {
  name: string;
  game: "shogi" | "go" | "othello";
  description: string;
  extensions: string[];
  binary: boolean;
  manyGames: boolean;
  fallbackEncoding: string;
  hasGrammar: boolean;
}

export interface WriterInfo {
  name: string;
  /** The game it writes; null when it writes every game (jkf, positions-*). */
  game: "shogi" | "go" | "othello" | null;
  description: string;
  extension: string;
  linesExtension: string;
  manyGames: boolean;
  encodings: string[];
}

export interface WriteOptions {
  /** The records' input name (positions-* `source` column, diagnostics). */
  source?: string;
  /** csv, positions-csv: the BOM and header row (default true). */
  header?: boolean;
  /** jkf: indented. */
  pretty?: boolean;
  /** jkf: JSON Lines even for one game. */
  jsonLines?: boolean;
  /** kif, kifu, ki2, ki2u: start with the `#KIF version=2.0 encoding=…` line. */
  declareEncoding?: boolean;
  /** sfen: the position after this many moves (default: the end of the main line). */
  ply?: number;
}

export interface WriteResult {
  /** The text; bytes for the writers whose text is not UTF-8 (kif, ki2: CP932). */
  data: string | Uint8Array;
  extension: string;
  headerSize: number;
  /** Warnings of a write that succeeded. */
  diagnostics: Diagnostic[];
}

export interface Position {
  sfen: string;
  /** null when a hand holds more than Shogi64 can say (shogi64Error says what). */
  shogi64: string | null;
  shogi64Error?: string;
  /** The position as a BOD board diagram. */
  bod: string;
  /** positionAfter: the moves of the main line. */
  moves?: number;
}

export interface WthorInput {
  /** The game file (.wtb, .wtd). */
  games: Input;
  /** WTHOR.JOU: the players' names. */
  players?: Input;
  /** WTHOR.TRN: the tournaments' names. */
  tournaments?: Input;
  /** The game file's name, used in diagnostics and the GGF/CSV `source`. */
  name?: string;
}

export interface WthorOptions {
  csv?: boolean;
  ggf?: boolean;
  /** Games converted per piece (default 8192). */
  chunk?: number;
  /** "lenient" (default) keeps going after a broken game; "strict" stops at the first error. */
  mode?: "strict" | "lenient";
  onProgress?: (progress: { done: number; total: number }) => void;
  /** false: do not give the event loop a turn between pieces. */
  yield?: boolean;
}

export interface WthorResult {
  /** The CSV (UTF-8 with a BOM, CRLF), or null when not asked for. */
  csv: string | null;
  /** GGF, one game a line, or null when not asked for. */
  ggf: string | null;
  games: number;
  diagnostics: Diagnostic[];
}

/** Thrown by write() and the position functions; carries the diagnostics. */
export class KifuError extends Error {
  diagnostics: Diagnostic[];
  code?: string;
  file?: string;
  line?: number;
  column?: number;
}

export const version: string;
/** The key of the hidden (non-enumerable) link from a parsed record to its source. */
export const SOURCE: unique symbol;

/** Reads a record in any format kifu knows: detects format and encoding unless given, parses, normalizes. */
export function parse(input: Input, options: ReadOptions & { records: "json" }): ParseResult<string>;
export function parse(input: Input, options?: ReadOptions): ParseResult<JKF>;
/** Every problem of an input (read leniently unless mode says "strict"). */
export function lint(input: Input, options?: ReadOptions): Diagnostic[];
/** The format and encoding of an input. */
export function detect(
  input: Input,
  options?: { name?: string } | string,
): { format: string | null; game?: string; binary?: boolean; encoding: string };
export function formats(): FormatInfo[];
export function writers(): WriterInfo[];
/**
 * Writes records through a writer of writers(). Shogi records are read back from their JKF (edits
 * included); go and othello records only as parse() returned them (their source travels with them).
 * Throws a KifuError when the write fails.
 */
export function write(records: JKF | JKF[], target: string, options?: WriteOptions): string | Uint8Array;
export function writeResult(records: JKF | JKF[], target: string, options?: WriteOptions): WriteResult;
/** "shogi", "go" or "othello". */
export function gameOf(record: JKF): "shogi" | "go" | "othello";
/** A shogi position code (SFEN or Shogi64; `kind` says which, else it is guessed). */
export function position(code: string, kind?: "sfen" | "shogi64"): Position;
/** The position after `ply` moves of a shogi record's main line (default: its end). */
export function positionAfter(record: JKF, ply?: number): Position;
export function sfenToShogi64(sfen: string): string;
export function shogi64ToSfen(code: string): string;
/** Converts a WTHOR base to CSV and GGF a piece at a time. */
export function convertWthor(input: WthorInput, options?: WthorOptions): Promise<WthorResult>;

declare const kifu: {
  version: typeof version;
  KifuError: typeof KifuError;
  SOURCE: typeof SOURCE;
  parse: typeof parse;
  lint: typeof lint;
  detect: typeof detect;
  formats: typeof formats;
  writers: typeof writers;
  write: typeof write;
  writeResult: typeof writeResult;
  gameOf: typeof gameOf;
  position: typeof position;
  positionAfter: typeof positionAfter;
  sfenToShogi64: typeof sfenToShogi64;
  shogi64ToSfen: typeof shogi64ToSfen;
  convertWthor: typeof convertWthor;
};
export default kifu;
