// `routersh __complete --refresh` (refresh-start.ts starts it, detached): reads every path the
// kept router words hold again, and the words of a line the deadline cut short, then writes
// them back in one rename. A path the router no longer answers is dropped; when none answers
// (the router down, the login refused) the kept words stay as they were.
import type { NodeInfo } from '../../api/router/types.js';
import { pathKey } from '../../lang/cache.js';
import { completeLine } from '../../lang/complete-line.js';
import type { AsyncCache } from '../../lang/types.js';
import { completionSession } from './live-words.js';
import type { Login } from './profile-login.js';
import { loadSnapshot, type Snapshot, saveSnapshot, storeFile } from './word-store.js';

/** Paths read at once: a router is not sent a burst. */
const AT_ONCE = 4;

export async function refreshWords(
  login: Login,
  env: NodeJS.ProcessEnv,
  line: string | undefined,
  signal: AbortSignal,
): Promise<void> {
  const file = storeFile(login.cfg.router ?? '', login.cfg.user, env);
  if (!file) return;
  const kept = loadSnapshot(file);
  const session = await completionSession(login, env);
  try {
    const out: Snapshot['nodes'] = new Map(kept?.nodes);
    const paths = [...out.values()].map((e) => e.words);
    let answered = 0;
    const read = async (words: string[]) => {
      const key = pathKey(words);
      try {
        const node = await session.cache.get(words, signal);
        out.delete(key);
        out.set(key, { words, node });
        answered++;
      } catch {
        out.delete(key);
      }
    };
    const queue = [...paths];
    await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, queue.length) }, async () => {
        for (let w = queue.shift(); w; w = queue.shift()) await read(w);
      }),
    );
    if (line !== undefined) {
      const fetched = (words: readonly string[], node: NodeInfo) => {
        const key = pathKey(words);
        out.delete(key);
        out.set(key, { words: [...words], node });
        answered++;
      };
      const recording: AsyncCache = {
        peek: (words) => session.cache.peek(words),
        get: async (words, s) => {
          const node = await session.cache.get(words, s);
          fetched(words, node);
          return node;
        },
      };
      await completeLine({ text: line, cursor: line.length }, { cache: recording }, signal).catch(() => {});
    }
    if (answered > 0) saveSnapshot(file, out);
  } finally {
    await session.close();
  }
}
