// The shell built-in `match-list …`: the same command as `routersh match-list …`, its outcome
// a text (summary) or an error. The file is read here, at the edge.
import { MAX_FEED_BYTES, readFailure, readFileBounded } from '../../config/read-bounded.js';
import { argumentError } from '../../errors.js';
import { redactLine } from '../../lang/secrets.js';
import type { Handler } from '../../contract/handler.js';
import type { RunIo } from '../../contract/services.js';
import { parseMatchListArgs } from './args.js';
import { runMatchList } from './command.js';
import { listWords } from './target.js';

async function readInput(file: string, io: RunIo): Promise<string> {
  if (file === '-') {
    if (io.stdin) {
      try {
        return await io.stdin();
      } catch (e) {
        throw argumentError(`match-list: cannot read standard input: ${readFailure(e)}`);
      }
    }
    // In the shell stdin is the keyboard: a feed comes from a file, or from a pipe into routersh.
    throw argumentError(
      "match-list: '-' reads stdin, which is the keyboard in the shell: give a FILE, or pipe into `routersh match-list import LIST -`",
    );
  }
  // Up to MAX_FEED_BYTES: a larger feed (or /dev/zero) is one line, read no further.
  try {
    return await readFileBounded(file, MAX_FEED_BYTES);
  } catch (e) {
    throw argumentError(`match-list: cannot read ${file}: ${readFailure(e)}`);
  }
}

export const matchList: Handler<'match-list'> = async ({ args }, env) => {
  const parsed = parseMatchListArgs(args);
  const { services, io } = env;
  const journal = parsed.cmd === 'export' ? undefined : await services.journal?.open();
  const r = await runMatchList(parsed, {
    router: services.router,
    readInput: (file) => readInput(file, io),
    now: services.now,
    signal: env.signal,
    window: env.window,
    ...(io.progress ? { progress: io.progress } : {}),
    ...(io.notify ? { report: io.notify } : {}),
    ...(journal ? { journal, line: redactLine(['match-list', ...args].join(' ')) } : {}),
  });
  if (r.wrote) services.cache.invalidate(listWords(parsed.list));
  return {
    kind: 'text',
    text: r.text || '(no entries)\n',
    json: r.json,
    ...(r.error ? { failure: r.error } : {}),
  };
};
