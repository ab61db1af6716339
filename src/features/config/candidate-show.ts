// `show configuration` in candidate mode: the live configuration with the staged lines laid
// over it, each line marked as a unified diff marks it — `+ ` a line the staged lines add or
// change, `- ` a live line they remove, two blanks a line they leave — in tree order (an added
// line goes after the live line of its slot it replaces, else after the last line it shares the
// most path words with). `--json`: the configuration as it will be once committed, and the
// staged lines' `added`/`removed` lines apart.
import type { ConfigDoc, ConfigLine } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import type { Setting } from '../../contract/journal.js';
import type { Outcome } from '../../contract/outcome.js';
import type { CandidatePort } from '../../contract/services.js';
import { jsonText } from '../../term/sanitize.js';
import { isEntry } from '../changes/journal/diff.js';
import { planCandidate } from './candidate-plan.js';
import { docJson, lineText } from './line-text.js';

export type Mark = '+' | '-' | ' ';

export interface MarkedLine {
  line: ConfigLine;
  mark: Mark;
}

const shared = (a: readonly string[], b: readonly string[]) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

const under = (path: readonly string[], prefix: readonly string[]) => prefix.every((w, i) => path[i] === w);

/** Where an added line goes: after the line it replaces, else after its closest relative. */
function insertAt(list: readonly MarkedLine[], s: Setting): number {
  let best = -1;
  let bestShared = 0;
  for (let i = 0; i < list.length; i++) {
    const l = list[i]!.line;
    if (l.slot === s.slot && list[i]!.mark === '-') return i + 1;
    const n = shared(l.path, s.path);
    if (n >= bestShared && n > 0) {
      best = i;
      bestShared = n;
    }
  }
  return best < 0 ? list.length : best + 1;
}

/** The live lines with the steps' effects laid over them, in order (pure). */
export function overlayLines(
  live: readonly ConfigLine[],
  effects: ReadonlyArray<{ removed: readonly Setting[]; added: readonly Setting[] }>,
  o: { under: readonly string[]; members: boolean },
): MarkedLine[] {
  const list: MarkedLine[] = live.map((line) => ({ line, mark: ' ' }));
  const shown = (s: Setting) => under(s.path, o.under) && (o.members || !isEntry(s));
  for (const e of effects) {
    for (const s of e.removed) {
      const i = list.findIndex((m) => m.line.id === s.id && m.mark !== '-');
      if (i < 0) continue;
      // A line an earlier staged line added is simply gone again; a live one is marked.
      if (list[i]!.mark === '+') list.splice(i, 1);
      else list[i] = { ...list[i]!, mark: '-' };
    }
    for (const s of e.added) {
      if (!shown(s)) continue;
      const line: ConfigLine = { ...s, secret: false, member: isEntry(s) };
      list.splice(insertAt(list, s), 0, { line, mark: '+' });
    }
  }
  return list;
}

/** `show configuration` (its walk done) in candidate mode. */
export async function showCandidate(
  doc: ConfigDoc,
  json: boolean,
  port: CandidatePort,
  env: HandlerEnv,
): Promise<Outcome> {
  const staged = (port.lines() ?? []).filter((l) => l.request);
  const plan = await planCandidate(staged, env.services, env.signal);
  const marked = overlayLines(doc.lines, plan.effects, doc);
  const candidate = { ...doc, lines: marked.filter((m) => m.mark !== '-').map((m) => m.line) };
  const added = marked.filter((m) => m.mark === '+').map((m) => lineText(m.line));
  const removed = marked.filter((m) => m.mark === '-').map((m) => lineText(m.line));
  const body = { ...docJson(candidate), candidate: { added, removed } };
  const text = marked.map((m) => `${m.mark} ${lineText(m.line)}`).join('\n');
  return {
    kind: 'text',
    text: json ? `${jsonText(body)}\n` : `${text || '(nothing configured)'}\n`,
    json: body,
    ...(json ? {} : { diff: true }),
  };
}
