// A read check's verdict from the router's answer, pure: the value taken (a JSON path over the
// answer as `--json` prints it, or group 1 of an RE2 regex over its ShowOutput), then compared.
// The answer is the router's and the check the lesson file's: both untrusted. The path walks
// own keys only, one step at a time (no recursion, however deep the answer); a regex runs on
// RE2 (linear time) over at most MAX_SCAN_CHARS; values are compared as text or numbers and a
// value too deep to print compares as not equal.
import { re2Find, testJsRegex } from '../../lang/regex.js';
import type { PathStep, ReadCheck } from './types.js';

/** A regex reads at most this much of an answer (1 MiB): a bound on each probe's time. */
export const MAX_SCAN_CHARS = 1 << 20;
/** A value quoted in a verdict is cut here. */
const QUOTE_CHARS = 60;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const own = (o: Record<string, unknown>, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** The value at a path, or undefined when some step finds nothing. */
export function atPath(root: unknown, path: readonly PathStep[]): unknown {
  let cur: unknown = root;
  for (const step of path) {
    if (cur === undefined) return undefined;
    switch (step.kind) {
      case 'key':
        cur = isRecord(cur) ? own(cur, step.key) : undefined;
        break;
      case 'index':
        cur = Array.isArray(cur) ? cur[step.index] : undefined;
        break;
      case 'where':
        cur = Array.isArray(cur)
          ? cur.find((e) => isRecord(e) && scalarText(own(e, step.key)) === step.value)
          : undefined;
        break;
    }
  }
  return cur;
}

/** A scalar as text (what `=` compares); undefined for objects and arrays. */
function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return undefined;
}

/** Any value as text: a scalar as is, an object as JSON (undefined when too deep to print). */
export function valueText(v: unknown): string | undefined {
  const s = scalarText(v);
  if (s !== undefined) return s;
  try {
    return JSON.stringify(v);
  } catch {
    return undefined;
  }
}

/** The ShowOutput of an answer as text: a string as is; a table one row a line, header first,
 *  cells separated by two blanks. At most MAX_SCAN_CHARS. */
export function showText(answer: unknown): string | undefined {
  const info = isRecord(answer) ? own(answer, 'NodeInfo') : undefined;
  const out = isRecord(info) ? own(info, 'ShowOutput') : undefined;
  if (typeof out === 'string') return out.slice(0, MAX_SCAN_CHARS);
  if (isRecord(out)) return rowsText([out]);
  if (Array.isArray(out)) return rowsText(out);
  return undefined;
}

function rowsText(rows: readonly unknown[]): string {
  const columns: string[] = [];
  const lines: string[] = [];
  let size = 0;
  for (const r of rows) {
    if (!isRecord(r)) continue;
    for (const k of Object.keys(r)) if (!columns.includes(k) && columns.length < 256) columns.push(k);
    const line = columns.map((c) => (valueText(own(r, c)) ?? '').replace(/\n/g, ' ')).join('  ');
    lines.push(line);
    size += line.length + 1;
    if (size > MAX_SCAN_CHARS) break;
  }
  return [columns.join('  '), ...lines].join('\n').slice(0, MAX_SCAN_CHARS);
}

const quote = (s: string) => (s.length > QUOTE_CHARS ? `'${s.slice(0, QUOTE_CHARS)}…'` : `'${s}'`);

export type ReadVerdict = { ok: true } | { ok: false; why: string };

/** Whether the check holds for the router's answer (the envelope as `--json` prints it). */
export function readVerdict(c: ReadCheck, answer: unknown): ReadVerdict {
  let value: unknown;
  let what: string;
  if (c.take.kind === 'json') {
    value = atPath(answer, c.take.path);
    what = 'the path';
  } else {
    const text = showText(answer);
    if (text === undefined) return { ok: false, why: 'the answer has no ShowOutput' };
    const found = re2Find(c.take.pattern, text);
    if (found === null) return { ok: false, why: 'the regex cannot run on RE2' };
    value = found;
    what = 'the regex';
  }
  if (value === undefined) return { ok: false, why: `${what} found nothing in the answer` };
  if (c.op === 'present') return { ok: true };
  const text = valueText(value);
  const want = c.value ?? '';
  if (text === undefined) return { ok: false, why: `${what} found a value too deep to compare` };
  const not = (how: string) => ({ ok: false as const, why: `found ${quote(text)}, not ${how}` });
  switch (c.op) {
    case '=':
      return text === want ? { ok: true } : not(quote(want));
    case '~': {
      let matched = false;
      try {
        matched = testJsRegex(new RegExp(want), text.slice(0, MAX_SCAN_CHARS)) === true;
      } catch {
        // A pattern the parser let through but V8 refuses: no match.
      }
      return matched ? { ok: true } : not(`matching ${quote(want)}`);
    }
    case '>':
    case '<': {
      const n = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(n)) return { ok: false, why: `found ${quote(text)}, not a number` };
      const holds = c.op === '>' ? n > Number(want) : n < Number(want);
      return holds ? { ok: true } : not(`${c.op} ${want}`);
    }
  }
}
