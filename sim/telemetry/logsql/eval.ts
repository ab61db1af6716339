// LogsQL filter evaluation over one record (case-insensitive).
import type { LNode } from './parser.js';

const WORD = /[A-Za-z0-9_]/;

function prefixMatch(hay: string, prefix: string): boolean {
  let from = 0;
  for (;;) {
    const i = hay.indexOf(prefix, from);
    if (i < 0) return false;
    if (i === 0 || !WORD.test(hay[i - 1]!)) return true;
    from = i + 1;
  }
}

export function matches(n: LNode, fields: Record<string, string>): boolean {
  switch (n.k) {
    case 'all':
    case 'time':
      return true;
    case 'and':
      return n.a.every((x) => matches(x, fields));
    case 'or':
      return n.a.some((x) => matches(x, fields));
    case 'not':
      return !matches(n.x, fields);
    case 'match': {
      const raw = fields[n.field] ?? '';
      switch (n.mode) {
        case 'exists':
          return raw !== '';
        case 'regex':
          return n.re!.test(raw);
        case 'exact':
          return raw.toLowerCase() === n.value;
        case 'prefix':
          return prefixMatch(raw.toLowerCase(), n.value);
        default:
          return raw.toLowerCase().includes(n.value);
      }
    }
  }
}
