// Whether the class server answers, said once per change: "class server unreachable, retrying"
// when a call fails for want of the server (not for a refusal), "class server back" when one
// goes through again. The events' long poll and the trainee's commands share one link, so a
// server that is gone is said once however many calls find it gone.
import { isRoutershError } from '../../../errors.js';

export const UNREACHABLE_NOTE = 'class server unreachable, retrying';
export const BACK_NOTE = 'class server back';

export interface Link {
  /** A call went through. */
  up(): void;
  /** A call failed; true when the failure was the server's absence (a retry may help). */
  down(e: unknown): boolean;
  readonly reachable: boolean;
}

/** A failure a retry may mend: no answer, a cut connection, a timeout, a server error. */
export function isTransient(e: unknown): boolean {
  if (!isRoutershError(e)) return false;
  if (e.code === 'transport' || e.code === 'timeout') return true;
  // The server's 5xx (the class client maps it to protocol with the status in its line).
  return e.code === 'protocol' && /answered 5\d\d/.test(e.message);
}

export function createLink(say: (note: string) => void): Link {
  let reachable = true;
  return {
    up: () => {
      if (reachable) return;
      reachable = true;
      say(BACK_NOTE);
    },
    down: (e) => {
      if (!isTransient(e)) return false;
      if (reachable) {
        reachable = false;
        say(UNREACHABLE_NOTE);
      }
      return true;
    },
    get reachable() {
      return reachable;
    },
  };
}

/** Waits `ms`, or less when `signal` aborts (then resolves: the caller looks at the signal). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
