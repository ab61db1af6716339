// Whether a check holds, from what was fetched for it: pure. The edge (lesson-driver.ts)
// fetches what `probeOf` names and passes it here (after loading RE2 for `ran` and `read`).
import type { NodeInfo } from '../../api/router/types.js';
import { testJsRegex } from '../../lang/regex.js';
import { readVerdict } from './read-eval.js';
import type { Check } from './types.js';

/** What a check needs fetched: a router node's metadata, a telemetry query, a read line's answer, or nothing. */
export type Probe =
  | { kind: 'node'; words: string[] }
  | { kind: 'metrics'; query: string }
  | { kind: 'logs'; query: string }
  | { kind: 'read'; line: string }
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
    case 'read':
      return { kind: 'read', line: c.line };
    case 'ran':
      return { kind: 'line' };
  }
}

/** What was fetched (or the line just run), as the check's probe asked. */
export type Seen =
  | { kind: 'node'; info: NodeInfo }
  | { kind: 'count'; count: number }
  | { kind: 'line'; line: string | undefined }
  /** A read line's answer: the envelope as `--json` prints it. */
  | { kind: 'answer'; answer: unknown }
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

export type Verdict = { ok: true } | { ok: false; why: string };

const yes: Verdict = { ok: true };
const no = (why: string): Verdict => ({ ok: false, why });
const when = (ok: boolean, why: string): Verdict => (ok ? yes : no(why));

/** Whether the check holds, given what its probe saw, and why not. */
export function verdictOf(c: Check, seen: Seen): Verdict {
  if (seen.kind === 'failed') return no(seen.reason);
  switch (c.kind) {
    case 'ran':
      // The pattern is the lesson file's: matched in linear time (RE2), or under a time bound
      // (lang/regex.ts); one that cannot be told in time does not hold.
      return when(
        seen.kind === 'line' && seen.line !== undefined && testJsRegex(c.pattern, seen.line) === true,
        'the command run is not the one asked for',
      );
    case 'metrics':
    case 'logs':
      return when(seen.kind === 'count' && seen.count > 0, `the ${c.kind} query found nothing`);
    case 'node': {
      if (seen.kind !== 'node') return no('no metadata');
      const last = c.path.at(-1) ?? '';
      const has = configured(seen.info).some((v) => v.value === last);
      return when(has === c.present, has ? `'${last}' is still configured` : `'${last}' is not configured`);
    }
    case 'value':
      return when(
        seen.kind === 'node' && configured(seen.info).some((v) => v.value === c.value),
        `'${c.value}' is not configured there`,
      );
    case 'option': {
      if (seen.kind !== 'node') return no('no metadata');
      const entry = configured(seen.info).find((v) => v.value === c.value);
      const values = entry?.options[c.option];
      const want = c.optionValue === undefined ? c.option : `${c.option} ${c.optionValue}`;
      return when(
        values !== undefined && (c.optionValue === undefined || values.includes(c.optionValue)),
        `'${c.value}' has no ${want}`,
      );
    }
    case 'read':
      return seen.kind === 'answer' ? readVerdict(c, seen.answer) : no('no answer');
  }
}

/** Whether the check holds, given what its probe saw. */
export const holds = (c: Check, seen: Seen): boolean => verdictOf(c, seen).ok;
