// How deep a dashboard file (YAML or JSON) or a Grafana export nests, found by one linear scan of
// its text before any parser walks it: the YAML library's composer and the walks after it recurse
// once per level, so a file of 100,000 `[` ended in "Maximum call stack size exceeded" (and the
// YAML parser spends seconds on it first). The scan over-counts rather than under-counts (a
// multi-line quoted scalar's continuation lines count their indentation): real files nest < 10.

import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** Deeper than this is refused: a dashboard nests ~6 levels, a Grafana export ~10. */
export const MAX_NESTING = 64;

/** The 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** JSON: the line where the nesting first passes `max`, or undefined. Strings are skipped whole. */
export function jsonTooDeepAt(text: string, max = MAX_NESTING): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > max) return lineAt(text, i);
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/**
 * YAML: the line where the nesting first passes `max`, or undefined. Block collections nest by
 * indentation (the stack of indents open) and by compact `- - x` on one line; a flow collection
 * (a value starting with `[` or `{`) by its brackets, across lines, quoted text skipped.
 */
export function yamlTooDeepAt(text: string, max = MAX_NESTING): number | undefined {
  const indents: number[] = [];
  const flow = { depth: 0, quote: '', base: 0 };
  /** A block scalar (`|`, `>`) owns the lines indented more than this. */
  let scalarAbove = -1;
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n] ?? '';
    let i = 0;
    if (flow.depth === 0 && flow.quote === '') {
      while (line[i] === ' ') i++;
      if (i === line.length || line[i] === '#') continue;
      if (scalarAbove >= 0 && i > scalarAbove) continue;
      scalarAbove = -1;
      while (indents.length > 0 && (indents[indents.length - 1] ?? 0) >= i) indents.pop();
      indents.push(i);
      // `- - - x`: a sequence in a sequence on one line, each a level.
      let compact = 0;
      while (line[i] === '-' && (line[i + 1] === ' ' || line[i + 1] === undefined)) {
        compact++;
        i++;
        while (line[i] === ' ') i++;
      }
      flow.base = indents.length + compact;
      if (flow.base > max) return n + 1;
      const rest = line.slice(i);
      if (/(^|:\s+)[|>][-+0-9]*\s*(#.*)?$/.test(rest)) scalarAbove = indents[indents.length - 1] ?? 0;
      const start = /^[[{]/.test(rest) ? 0 : rest.search(/:\s+[[{]/);
      if (start < 0) continue;
      i += start + (rest[start] === ':' ? rest.slice(start).search(/[[{]/) : 0);
    }
    if (scanFlow(line, i, flow, max)) return n + 1;
  }
  return undefined;
}

/** A flow collection's characters from `i`: true when its depth passes `max` on this line. */
function scanFlow(
  line: string,
  from: number,
  s: { depth: number; quote: string; base: number },
  max: number,
): boolean {
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (s.quote !== '') {
      if (c === '\\' && s.quote === '"') i++;
      else if (c === s.quote) s.quote = '';
    } else if (c === '"' || c === "'") s.quote = c;
    else if (c === '#' && (line[i - 1] === ' ' || i === 0)) return false;
    else if (c === '[' || c === '{') {
      if (s.base + ++s.depth > max) return true;
    } else if (c === ']' || c === '}') {
      s.depth = Math.max(0, s.depth - 1);
      if (s.depth === 0) return false;
    }
  }
  return false;
}

/**
 * The line of a file's byte `offset` (where a size limit falls): counted in the first `offset`
 * bytes when the file can be read again (a regular file), else 1 (a FIFO is read once).
 */
export function lineOfByte(path: string, offset: number): number {
  let fd: number | undefined;
  try {
    // Opening a FIFO waits for a writer: only a regular file is opened again.
    if (!statSync(path).isFile()) return 1;
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(Math.min(offset, 64 * 1024 * 1024));
    const n = readSync(fd, buf, 0, buf.length, 0);
    let line = 1;
    for (let i = 0; i < n; i++) if (buf[i] === 10) line++;
    return line;
  } catch {
    return 1;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
