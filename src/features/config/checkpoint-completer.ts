// Tab after `rollback` and `compare` in the shell: the word `checkpoint` (and compare's
// `--profile`, `--router`), then this router's checkpoint names, newest first. Read from the
// state directory at each Tab (a directory listing and each file's first bytes).
import type { Candidate, ValueCompleter } from '../../lang/types.js';
import { listCheckpoints } from './checkpoint-store.js';

const SLOTS: Readonly<Record<string, { command: string; first: readonly string[] }>> = {
  'undo.count': { command: 'rollback', first: ['checkpoint'] },
  'compare.source': { command: 'compare', first: ['checkpoint', '--profile', '--router'] },
};

const value = (text: string, description?: string): Candidate => ({
  text,
  display: text,
  kind: 'value',
  insertable: true,
  ...(description !== undefined ? { description } : {}),
});

export function checkpointCompleter(o: { router: string; stateDir: string }): ValueCompleter {
  return async (slot, partial, ctx) => {
    const spec = SLOTS[slot];
    if (!spec) return [];
    const after = ctx.words.slice(ctx.words.lastIndexOf(spec.command) + 1);
    if (after.length === 0) return spec.first.filter((w) => w.startsWith(partial)).map((w) => value(w));
    if (after.length !== 1 || after[0] !== 'checkpoint') return [];
    let list: ReturnType<typeof listCheckpoints>;
    try {
      list = listCheckpoints(o.router, { stateDir: o.stateDir });
    } catch {
      return []; // an unsafe state directory: the command itself says so
    }
    return list
      .reverse()
      .filter((c) => c.name.startsWith(partial))
      .map((c) =>
        value(
          c.name,
          `${c.auto ? 'auto' : 'named'}, ${new Date(c.time).toISOString()}${c.why ? `, ${c.why}` : ''}`,
        ),
      );
  };
}
