// `compare FILE | checkpoint NAME | --profile P | --router URL`: the live configuration against
// another one, as a unified diff of their lines — `-` the other, `+` live, as Junos's
// `show | compare rollback N` and VyOS's `compare` write it. `compare` alone keeps its meaning
// (this session's changes: changes.ts). `--json`: the lines added and removed.
import type { HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { commandFailedError } from '../../errors.js';
import { routerOf } from './checkpoint-command.js';
import { parseCompareArgs, readSide, type Side } from './compare-sources.js';
import { diffLines, unifiedDiff } from './line-diff.js';
import { readConfig } from './walk.js';

/** The diff of two sides as an outcome: unified diff text (coloured), `--json` added/removed. */
export function diffOutcome(
  old: Side,
  now: Side,
): { kind: 'text'; text: string; json: unknown; diff: true; differs: boolean } {
  const ops = diffLines(old.texts, now.texts);
  const added: string[] = [];
  const removed: string[] = [];
  for (const op of ops) {
    if (op.sign === '+') added.push(op.text);
    else if (op.sign === '-') removed.push(op.text);
  }
  const lines = unifiedDiff(ops, { old: old.label, now: now.label });
  const differs = lines.length > 0;
  return {
    kind: 'text',
    text: differs ? `${lines.join('\n')}\n` : `no differences: ${old.label} and ${now.label}\n`,
    json: { from: old.label, to: now.label, added, removed },
    diff: true,
    differs,
  };
}

/** `compare SOURCE`: SOURCE as `-`, the live configuration (walked like it) as `+`. */
export async function compareAgainst(args: readonly string[], env: HandlerEnv): Promise<Outcome> {
  const source = parseCompareArgs(args);
  const router = routerOf(env);
  const o = {
    router,
    ...(env.services.stateDir !== undefined ? { stateDir: env.services.stateDir } : {}),
    live: (under: string[], members: boolean) => readConfig(env, { under, members }),
    other: async (which: { profile: string } | { router: string }) => {
      if (!env.services.otherRouter) throw commandFailedError('another router cannot be reached from here');
      const s = await env.services.otherRouter(which);
      return { env: { ...env, services: s.services }, label: s.label, close: () => s.close() };
    },
  };
  const other = await readSide(source, o);
  const live = await readSide({ kind: 'live' }, { ...o, like: other });
  const { differs: _, ...outcome } = diffOutcome(other, live);
  return outcome;
}
