// An injectable clock for the simulators: tests move time by hand (match-list expiry, token
// expiry) without sleeping.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  private t: number;
  constructor(start = Date.parse('2026-11-22T12:00:00Z')) {
    this.t = start;
  }
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(ms: number): void {
    this.t = ms;
  }
}
