// Wrong join codes slowed down (issue 40). On one laptop every trainee is 127.0.0.1, so never
// per address: per trainee NAME, each failure doubles the wait before that name's next attempt
// is looked at (capped), and a bucket of failures for the whole server bounds guessing across
// names. Memory is bounded: state only for names on the roster (an unknown name costs the
// bucket a token and nothing else). A name without recent failures is always looked at, so one
// trainee's guesser never locks the others out.

/** The first wait after a failure; each further failure doubles it. */
export const FIRST_WAIT_MS = 500;
/** The longest wait for one name. */
export const MAX_WAIT_MS = 30_000;
/** Failures the whole server takes at once, and how many come back per second. */
export const BUCKET_SIZE = 60;
export const BUCKET_REFILL_PER_S = 2;
/** After this long without a failure, a name's count starts over. */
const FORGET_MS = 10 * 60_000;

interface NameState {
  fails: number;
  /** No attempt for this name is looked at before then. */
  until: number;
  lastFail: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number };

export class LoginThrottle {
  private readonly names = new Map<string, NameState>();
  private tokens = BUCKET_SIZE;
  private refilledAt: number;

  constructor(
    private readonly known: (name: string) => boolean,
    now: number,
  ) {
    this.refilledAt = now;
  }

  /** Whether an attempt for `name` may be checked now (before the code is looked at). */
  admit(name: string, now: number): Verdict {
    this.refill(now);
    const s = this.names.get(name);
    if (!s) return { ok: true };
    if (now - s.lastFail > FORGET_MS) {
      this.names.delete(name);
      return { ok: true };
    }
    if (now < s.until) return { ok: false, retryAfterMs: s.until - now };
    // A name under suspicion waits for the server's bucket too; a clean one never does.
    if (this.tokens < 1) return { ok: false, retryAfterMs: Math.ceil(1000 / BUCKET_REFILL_PER_S) };
    return { ok: true };
  }

  /** A wrong code (or an unknown name) was given. */
  failed(name: string, now: number): void {
    this.refill(now);
    this.tokens = Math.max(0, this.tokens - 1);
    if (!this.known(name)) return;
    const s = this.names.get(name) ?? { fails: 0, until: 0, lastFail: now };
    s.fails++;
    s.lastFail = now;
    s.until = now + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(20, s.fails - 1));
    this.names.set(name, s);
  }

  /** The right code: the name's count starts over. */
  succeeded(name: string): void {
    this.names.delete(name);
  }

  /** Names with failures on record (a test's look at the bound). */
  get tracked(): number {
    return this.names.size;
  }

  private refill(now: number): void {
    const add = ((now - this.refilledAt) / 1000) * BUCKET_REFILL_PER_S;
    if (add > 0) {
      this.tokens = Math.min(BUCKET_SIZE, this.tokens + add);
      this.refilledAt = now;
    }
  }
}
