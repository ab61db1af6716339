// A chart's range answer can be megabytes (hundreds of series): one JSON.parse of it holds the
// event loop for 50–150 ms, and a key pressed then waits. This parses such an answer in pieces
// between turns of the event loop: a scan finds each element of `data.series` in the text, the
// envelope is parsed with that array empty, then each series on its own. The result is what
// JSON.parse of the whole makes; any text not of that exact form (no such array, a key seen
// twice, anything but commas between elements) is left to JSON.parse whole, which then also
// reports what is wrong with it.
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../json-depth.js';

/**
 * Characters scanned, and series parsed, between two turns of the event loop. Small, because the
 * scan runs once per refresh and is often still interpreted, not compiled: 256 K characters took
 * 20–27 ms then (bench/chart-keys-bench.ts), 32 K take ~3.
 */
const SCAN_SLICE = 32 * 1024;
const PARSE_SLICE = 64 * 1024;

interface Split {
  /** The text with the series array emptied. */
  head: string;
  /** [start, end) of each element of `data.series`. */
  parts: Array<[number, number]>;
}

const Q = 34; // "
const BS = 92; // \
const COLON = 58;
const COMMA = 44;
const OPEN_O = 123; // {
const CLOSE_O = 125;
const OPEN_A = 91; // [
const CLOSE_A = 93;

const blank = (text: string, from: number, to: number) => /^\s*$/.test(text.slice(from, to));

/** Finds `data.series` and its elements; undefined when the text is not plainly of that form. */
export async function splitSeries(text: string, yieldNow: () => Promise<void>): Promise<Split | undefined> {
  // Containers open: 1 = object, 2 = array. keys[d]: the last key read in the object at depth d.
  const kinds: number[] = [];
  const keys: string[] = [];
  let inString = false;
  let stringStart = 0;
  let lastString = '';
  let seenData = false;
  let arrayStart = -1;
  let arrayEnd = -1;
  let elementStart = -1;
  const parts: Array<[number, number]> = [];
  for (let i = 0; i < text.length; i++) {
    if (i % SCAN_SLICE === 0 && i > 0) await yieldNow();
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BS) i++;
      else if (c === Q) {
        inString = false;
        // Keys that matter are plain ASCII: a key with an escape never equals them.
        lastString = i - stringStart <= 16 ? text.slice(stringStart + 1, i) : '';
      }
      continue;
    }
    const depth = kinds.length;
    if (c === Q) {
      // A string where a series belongs: not the form split here.
      if (depth === 3 && arrayStart >= 0 && arrayEnd < 0) return undefined;
      inString = true;
      stringStart = i;
    } else if (c === COLON) {
      keys[depth] = lastString;
      if (depth === 1 && lastString === 'data') {
        if (seenData) return undefined;
        seenData = true;
      }
    } else if (c === OPEN_O || c === OPEN_A) {
      const inSeries = depth === 2 && kinds[1] === 1 && keys[1] === 'data' && keys[2] === 'series';
      if (inSeries) {
        if (c !== OPEN_A || arrayStart >= 0) return undefined;
        arrayStart = i;
      } else if (depth === 3 && i > arrayStart && arrayStart >= 0 && arrayEnd < 0) {
        if (c !== OPEN_O) return undefined;
        const prev = parts.at(-1);
        const gapOk = prev ? /^\s*,\s*$/.test(text.slice(prev[1], i)) : blank(text, arrayStart + 1, i);
        if (!gapOk) return undefined;
        elementStart = i;
      }
      kinds.push(c === OPEN_O ? 1 : 2);
      keys[depth + 1] = '';
    } else if (c === CLOSE_O || c === CLOSE_A) {
      if (depth === 0 || kinds[depth - 1] !== (c === CLOSE_O ? 1 : 2)) return undefined;
      kinds.pop();
      if (depth === 4 && elementStart >= 0) {
        parts.push([elementStart, i + 1]);
        elementStart = -1;
      } else if (depth === 3 && arrayStart >= 0 && arrayEnd < 0) {
        const last = parts.at(-1);
        if (!blank(text, last ? last[1] : arrayStart + 1, i)) return undefined;
        arrayEnd = i;
      }
    } else if (depth === 3 && c !== COMMA && arrayStart >= 0 && arrayEnd < 0 && elementStart < 0) {
      // Only objects, commas and blanks belong between the series.
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return undefined;
    }
  }
  if (inString || kinds.length !== 0 || arrayStart < 0 || arrayEnd < 0) return undefined;
  return { head: `${text.slice(0, arrayStart + 1)}${text.slice(arrayEnd)}`, parts };
}

/**
 * JSON.parse of a range answer in pieces (see above), with the depth check of json-depth.ts;
 * undefined when the text is not of the form split here (the caller parses it whole).
 * Throws what JSON.parse throws for a piece that is not JSON; 'too deep' when it nests too deep.
 */
export async function parseInPieces(
  text: string,
  yieldNow: () => Promise<void>,
): Promise<{ body: unknown } | 'too deep' | undefined> {
  const split = await splitSeries(text, yieldNow);
  if (!split) return undefined;
  const body = JSON.parse(split.head) as { data?: { series?: unknown } };
  // A duplicate key elsewhere could have replaced what the scan found: then parse it whole.
  if (!Array.isArray(body?.data?.series) || body.data.series.length !== 0) return undefined;
  if (nestedDeeperThan(body)) return 'too deep';
  const series: unknown[] = [];
  let chars = 0;
  for (const [from, to] of split.parts) {
    const s: unknown = JSON.parse(text.slice(from, to));
    // Each element sits at depth 3 (envelope → data → series → element).
    if (nestedDeeperThan(s, MAX_JSON_DEPTH - 3)) return 'too deep';
    series.push(s);
    chars += to - from;
    if (chars >= PARSE_SLICE) {
      chars = 0;
      await yieldNow();
    }
  }
  body.data.series = series;
  return { body };
}
