// The words of `-c '…'`, from the router: the shell's own completion of a line
// (lang/complete-line.ts, what Tab at the prompt runs) over the router's metadata. The metadata
// comes from the words kept on disk (word-store.ts) when they hold what the line needs, so a Tab
// press answers at once whatever the router or the machine's load; only what they lack is asked
// of the router, on a session built the one way (session/session.ts) with a profile's login
// (profile-login.ts), within __complete's deadline. Kept words older than STALE_MS are answered
// and refreshed by a process of their own (refresh.ts); so is a line the deadline cut short.
// Loaded only for -c's value: the language stays out of every other completion, and the HTTP
// stack out of an answer from the kept words.
import type { NodeInfo } from '../../api/router/types.js';
import { pathKey } from '../../lang/cache.js';
import { completeLine } from '../../lang/complete-line.js';
import type { AsyncCache } from '../../lang/types.js';
import type { Session } from '../../session/session.js';
import type { Word } from './argv-slot.js';
import type { Login } from './profile-login.js';
import { startRefresh } from './refresh-start.js';
import { loadSnapshot, type Snapshot, STALE_MS, saveSnapshot, storeFile } from './word-store.js';

/** A session for completion, loaded (with the HTTP stack) only when the router is asked. */
export const completionSession = async (login: Login, env: NodeJS.ProcessEnv): Promise<Session> =>
  (await import('./router-session.js')).routerSession(login, env);

/** The kept words first; what they lack from the router, remembered to be kept. */
class KeptThenRouter implements AsyncCache {
  readonly fetched: Snapshot['nodes'] = new Map();
  /** Lookups waiting on the router now. */
  waiting = 0;
  private session: Promise<Session> | undefined;

  constructor(
    private readonly login: Login,
    private readonly env: NodeJS.ProcessEnv,
    private readonly kept: Snapshot | undefined,
  ) {}

  peek(words: readonly string[]): NodeInfo | undefined {
    const key = pathKey(words);
    return this.kept?.nodes.get(key)?.node ?? this.fetched.get(key)?.node;
  }

  async get(words: readonly string[], signal?: AbortSignal): Promise<NodeInfo> {
    const hit = this.peek(words);
    if (hit) return hit;
    this.waiting++;
    try {
      this.session ??= completionSession(this.login, this.env);
      const node = await (await this.session).cache.get(words, signal);
      this.fetched.set(pathKey(words), { words: [...words], node });
      return node;
    } finally {
      this.waiting--;
    }
  }

  async close(): Promise<void> {
    if (this.session) await (await this.session).close();
  }
}

/**
 * Candidates for the whole value of -c (`interface e` → `interface eth0`, `interface eth1`):
 * only those that extend what is typed, so the user's shell can insert their common prefix. A
 * single one ends with the blank the shell's Tab adds, so the next word can follow at once.
 */
export async function liveWords(
  value: string,
  login: Login,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<Word[]> {
  const file = storeFile(login.cfg.router ?? '', login.cfg.user, env);
  const kept = file ? loadSnapshot(file) : undefined;
  const cache = new KeptThenRouter(login, env, kept);
  // The deadline came while the router was being asked: the line's words are fetched and kept
  // by a refresh, for the next Tab.
  const late = () => {
    if (file && cache.waiting > 0) startRefresh(file, login.profile, env, value);
  };
  signal.addEventListener('abort', late, { once: true });
  try {
    const c = await completeLine({ text: value, cursor: value.length }, { cache }, signal);
    const head = value.slice(0, c.replaceFrom);
    const tail = value.slice(c.replaceTo);
    const out = c.candidates
      .filter((x) => x.insertable)
      .map((x) => ({ x, value: `${head}${x.text}${tail}` }))
      // Only what extends the typed text: the user's shell inserts what the candidates share.
      .filter(({ value: v }) => v.startsWith(value));
    const only = out.length === 1 && out[0]!.x.continues !== true;
    return out.map(({ x, value: v }) => ({
      value: only ? `${v} ` : v,
      ...(x.description ? { help: x.description } : {}),
    }));
  } finally {
    signal.removeEventListener('abort', late);
    if (file) keep(file, kept, cache.fetched, login, env);
    void cache.close();
  }
}

/** Adds what the router answered to the kept words; an old file is refreshed beside the answer. */
function keep(
  file: string,
  kept: Snapshot | undefined,
  fetched: Snapshot['nodes'],
  login: Login,
  env: NodeJS.ProcessEnv,
) {
  try {
    if (fetched.size > 0) {
      const all: Snapshot['nodes'] = new Map(kept?.nodes);
      for (const [k, e] of fetched) {
        all.delete(k);
        all.set(k, e);
      }
      saveSnapshot(file, all);
    }
  } catch {
    // A cache that cannot be written: the next Tab asks the router again.
  }
  if (kept && kept.ageMs >= STALE_MS) startRefresh(file, login.profile, env);
}
