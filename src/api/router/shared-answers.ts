// Decoded GET answers shared by the router clients of one fleet run (issue 39): 1,000 hosts of
// one model answer `GET /api/` with the same bytes, and parsing and decoding them once instead
// of per host was ~5 % of a `-c` run's CPU. Only an answer that holds none of the asking
// client's secrets is shared (a redacted one is that client's own), and what is shared is
// frozen, deeply: no reader can change what another host's reader sees.
import type { Envelope } from './types.js';

/** Answers larger than this are decoded per client (a big answer is rarely the same twice). */
const MAX_TEXT = 256 * 1024;
/** Distinct answers kept; past it the memo starts again (a fleet of one model needs a few). */
const MAX_ENTRIES = 256;

export class SharedAnswers {
  private readonly byText = new Map<string, Envelope>();

  /** The envelope decoded from `text` (by `decode` the first time), or `decode`'s when not kept. */
  decoded(text: string, decode: () => Envelope): Envelope {
    if (text.length > MAX_TEXT) return decode();
    const kept = this.byText.get(text);
    if (kept) return kept;
    const env = decode();
    if (!env.ok) return env;
    if (this.byText.size >= MAX_ENTRIES) this.byText.clear();
    this.byText.set(text, deepFreeze(env));
    return env;
  }
}

function deepFreeze<T>(v: T): T {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const x of Object.values(v as Record<string, unknown>)) deepFreeze(x);
  return v;
}
