// Every value checked against the router's own InputRe before anything is sent.
import { inputReVerdict, loadRegexEngine } from '../../lang/regex.js';
import type { OptionInfo } from '../../api/router/types.js';
import type { BadLine, Entry } from './input.js';
import type { ListTarget } from './target.js';

function why(o: OptionInfo | undefined, name: string, value: string): string | undefined {
  if (!o) return `this list takes no ${name}`;
  if (inputReVerdict(o.inputRe, value) !== 'no-match') return undefined;
  return `'${value}' is not a valid ${o.name}${o.valueType ? ` (${o.valueType})` : ''}`;
}

/** Loads RE2 first (regex.ts loads it on demand): a verdict here is final, never provisional. */
export async function checkEntries(
  entries: readonly Entry[],
  target: Pick<ListTarget, 'key' | 'port' | 'protocol'>,
  text: (line: number) => string,
): Promise<{ good: Entry[]; bad: BadLine[] }> {
  await loadRegexEngine();
  const good: Entry[] = [];
  const bad: BadLine[] = [];
  for (const e of entries) {
    const reason =
      why(target.key, target.key.name, e.net) ??
      (e.port !== undefined
        ? (why(target.port, 'port', e.port) ?? why(target.protocol, 'protocol', e.protocol ?? ''))
        : undefined);
    if (reason) bad.push({ line: e.line, text: text(e.line), reason });
    else good.push(e);
  }
  return { good, bad };
}
