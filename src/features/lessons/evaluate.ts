// Whether a check holds, from what was fetched for it: pure. The edge (run/lesson-driver.ts)
// fetches what `probeOf` names and passes it here (after loading RE2 for a `ran` check).
import type { NodeInfo } from '../../api/router/types.js';
import { testJsRegex } from '../../lang/regex.js';
import type { Check } from './types.js';

/** What a check needs fetched: a router node's metadata, a telemetry query, or nothing. */
export type Probe =
  | { kind: 'node'; words: string[] }
  | { kind: 'metrics'; query: string }
  | { kind: 'logs'; query: string }
  | { kind: 'line' };

export function probeOf(c: Check): Probe {
  switch (c.kind) {
    case 'node':
      return { kind: 'node', words: c.path.slice(0, -1) };
    case 'value':
    case 'option':
      return { kind: 'node', words: c.path };
    case 'metrics':
    case 'logs':
      return { kind: c.kind, query: c.query };
    case 'ran':
      return { kind: 'line' };
  }
}

/** What was fetched (or the line just run), as the check's probe asked. */
export type Seen =
  | { kind: 'node'; info: NodeInfo }
  | { kind: 'count'; count: number }
  | { kind: 'line'; line: string | undefined }
  /** The probe failed (the router refused the path, telemetry is not configured). */
  | { kind: 'failed'; reason: string };

/** Configured values at a node: its own SetValues and those of its Value sub-nodes, with options. */
function configured(info: NodeInfo): Array<{ value: string; options: Record<string, string[]> }> {
  const out: Array<{ value: string; options: Record<string, string[]> }> = [];
  for (const n of [info, ...info.subNodes]) {
    n.setValues.forEach((value, i) => {
      out.push({ value, options: n.setOptions[i] ?? {} });
    });
  }
  return out;
}

/** Whether the check holds, given what its probe saw. */
export function holds(c: Check, seen: Seen): boolean {
  if (seen.kind === 'failed') return false;
  switch (c.kind) {
    case 'ran':
      // The pattern is the lesson file's: matched in linear time (RE2), or under a time bound
      // (lang/regex.ts); one that cannot be told in time does not hold.
      return seen.kind === 'line' && seen.line !== undefined && testJsRegex(c.pattern, seen.line) === true;
    case 'metrics':
    case 'logs':
      return seen.kind === 'count' && seen.count > 0;
    case 'node': {
      if (seen.kind !== 'node') return false;
      const last = c.path.at(-1);
      return configured(seen.info).some((v) => v.value === last) === c.present;
    }
    case 'value':
      return seen.kind === 'node' && configured(seen.info).some((v) => v.value === c.value);
    case 'option': {
      if (seen.kind !== 'node') return false;
      const entry = configured(seen.info).find((v) => v.value === c.value);
      const values = entry?.options[c.option];
      if (values === undefined) return false;
      return c.optionValue === undefined || values.includes(c.optionValue);
    }
  }
}
