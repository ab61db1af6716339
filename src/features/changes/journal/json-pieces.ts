// A journal line as JSON.stringify writes it, in pieces: a 65,536-entry import's records are
// 10 and 28 MB of JSON, which as one string (then its line, then its UTF-8 copy for the write)
// took the process from ~100 to ~205 MB at its end. The outer levels are walked here; each value
// below them (a request, a setting) is one JSON.stringify. Pure.
//
// A plain recursion handing each piece to a callback: the generators it replaces (a yield* per
// level, a yield per comma) cost more than the JSON.stringify calls themselves and made garbage
// for every entry (profiled on the 65,536-entry import: 0.45 of its 1.4 s outside the sends).

/** Arrays are walked at depths below this (event → after → settings), objects below OBJECT_DEPTH. */
const ARRAY_DEPTH = 3;
/**
 * Objects are walked at depths below this (event → after): an object deeper (a request, a
 * setting) is small, and JSON.stringify writes it as it would inside its parent.
 */
const OBJECT_DEPTH = 2;
/** Pieces are joined up to about this many characters before they are handed out. */
const PIECE = 64 * 1024;

/** JSON.stringify(value) handed to `emit` in order, in pieces of about PIECE characters, for plain JSON data. */
export function jsonPieces(value: unknown, emit: (piece: string) => void): void {
  let buf = '';
  const put = (s: string) => {
    buf += s;
    if (buf.length >= PIECE) {
      emit(buf);
      buf = '';
    }
  };
  walk(value, 0, put);
  if (buf !== '') emit(buf);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as { toJSON?: unknown }).toJSON !== 'function';

function walk(value: unknown, depth: number, put: (s: string) => void): void {
  if (Array.isArray(value) && depth < ARRAY_DEPTH) {
    put('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) put(',');
      // As JSON.stringify: undefined, a function or a symbol in an array is null.
      walk(value[i], depth + 1, put);
    }
    put(']');
    return;
  }
  if (depth >= OBJECT_DEPTH || !isPlainObject(value)) {
    put(JSON.stringify(value) ?? 'null');
    return;
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const v = value[key];
    // As JSON.stringify: a property whose value is undefined, a function or a symbol is left out.
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    put(`${first ? '{' : ','}${JSON.stringify(key)}:`);
    first = false;
    walk(v, depth + 1, put);
  }
  put(first ? '{}' : '}');
}
