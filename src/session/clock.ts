// The clock a session (and the guard it spawns) keeps time by. The system's by default. A test
// seam, set only by code (openSession's `clock`, never an environment variable or a flag):
// `{ offsetFile }` shifts the wall clock by the milliseconds that file holds, re-read on every
// reading, so a test moves the wall clock of the real detached guard while it waits. The
// description travels to the guard in its credentials pipe (session/guard.ts).
import { readFileSync } from 'node:fs';
import type { Clock } from '../contract/clock.js';

/** How a spawner describes its clock to the guard; absent: the system clock. */
export interface ClockSpec {
  /** A file holding a number of milliseconds added to Date.now() (missing or unreadable: 0). */
  offsetFile: string;
}

export const systemClock: Clock = Object.freeze({
  wall: () => Date.now(),
  mono: () => performance.now(),
});

function offsetOf(file: string): number {
  try {
    const n = Number(readFileSync(file, 'utf8').trim());
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

/** The clock a spec describes (only its wall clock moves; the monotonic one is the system's). */
export function clockOf(spec: ClockSpec | undefined): Clock {
  if (!spec) return systemClock;
  const { offsetFile } = spec;
  return Object.freeze({ wall: () => Date.now() + offsetOf(offsetFile), mono: systemClock.mono });
}

/** A clock spec as read from the credentials pipe: only its known shape, else the system clock. */
export function clockSpecFrom(v: unknown): ClockSpec | undefined {
  const f = (v as { offsetFile?: unknown } | undefined)?.offsetFile;
  return typeof f === 'string' && f !== '' ? { offsetFile: f } : undefined;
}
