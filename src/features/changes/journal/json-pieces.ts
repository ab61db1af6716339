// A journal line as JSON.stringify writes it, in pieces: a 65,536-entry import's records are
// 10 and 28 MB of JSON, which as one string (then its line, then its UTF-8 copy for the write)
// took the process from ~100 to ~205 MB at its end. The outer levels are walked here; each value
// below them (a request, a setting) is one JSON.stringify. Pure.

/** Levels walked before a value is stringified whole: event → after → settings → a setting. */
const WALK_DEPTH = 3;
/** Pieces are joined up to about this many characters before they are handed out. */
const PIECE = 64 * 1024;

/** JSON.stringify(value) split into pieces of about PIECE characters, for plain JSON data. */
export function* jsonPieces(value: unknown): Generator<string> {
  let buf = '';
  for (const part of walk(value, 0)) {
    buf += part;
    if (buf.length >= PIECE) {
      yield buf;
      buf = '';
    }
  }
  if (buf !== '') yield buf;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as { toJSON?: unknown }).toJSON !== 'function';

function* walk(value: unknown, depth: number): Generator<string> {
  if (depth >= WALK_DEPTH || typeof value !== 'object' || value === null) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      // As JSON.stringify: undefined, a function or a symbol in an array is null.
      yield* walk(value[i], depth + 1);
    }
    yield ']';
    return;
  }
  if (!isPlainObject(value)) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const v = value[key];
    // As JSON.stringify: a property whose value is undefined, a function or a symbol is left out.
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* walk(v, depth + 1);
  }
  yield '}';
}
