// The words of `-c '…'`, from the router: the shell's own completion of a line
// (lang/complete-line.ts, what Tab at the prompt runs), on a session built the one way
// (session/session.ts) with a profile's login (profile-login.ts). Loaded only for -c's value:
// the HTTP stack and the language stay out of every other completion.
import type { Config } from '../../config/config.js';
import { completeLine } from '../../lang/complete-line.js';
import { openSession } from '../../session/session.js';
import type { Word } from './argv-slot.js';
import { withoutRoutershVariables } from './profile-login.js';

/**
 * Candidates for the whole value of -c (`interface e` → `interface eth0`, `interface eth1`):
 * only those that extend what is typed, so the user's shell can insert their common prefix. A
 * single one ends with the blank the shell's Tab adds, so the next word can follow at once.
 */
export async function liveWords(
  value: string,
  cfg: Readonly<Config>,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<Word[]> {
  const session = await openSession(cfg, {
    interactive: false,
    // Nothing may reach the terminal the user is typing in.
    warn: () => {},
    env: withoutRoutershVariables(env),
    telemetry: 'on-first-use',
  });
  try {
    const c = await completeLine({ text: value, cursor: value.length }, { cache: session.cache }, signal);
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
    void session.close();
  }
}
