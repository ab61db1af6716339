// The shell built-in `match-list …`: the same command as `routersh match-list …`, its outcome
// a text (summary) or an error. The file is read here, at the edge.
import { sessionJournal } from '../changes/journal-open.js';
import { readFile } from 'node:fs/promises';
import { usageError } from '../../errors.js';
import { redact } from '../../lang/redact.js';
import type { Handler } from '../../contract/handler.js';
import { parseMatchListArgs } from './args.js';
import { runMatchList } from './command.js';
import { listWords } from './target.js';

async function readInput(file: string): Promise<string> {
  // In the shell stdin is the keyboard: a feed comes from a file, or from a pipe into the CLI.
  if (file === '-')
    throw usageError(
      "match-list: '-' reads stdin, which is the keyboard in the shell: give a FILE, or pipe into `routersh match-list import LIST -`",
    );
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    throw usageError(`match-list: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
}

export const matchList: Handler<'match-list'> = async ({ args }, env) => {
  const parsed = parseMatchListArgs(args);
  const journal = parsed.cmd === 'export' ? undefined : await sessionJournal(env.deps);
  const r = await runMatchList(parsed, {
    router: env.deps.router,
    readInput,
    now: env.deps.now ?? Date.now,
    signal: env.signal,
    ...(env.deps.progress ? { progress: env.deps.progress } : {}),
    ...(journal ? { journal, line: redact(['match-list', ...args].join(' ')) } : {}),
  });
  if (r.wrote) env.deps.cache.invalidate(listWords(parsed.list));
  if (r.error) return { kind: 'error', error: r.error };
  return { kind: 'text', text: r.text || '(no entries)\n', json: r.json };
};
