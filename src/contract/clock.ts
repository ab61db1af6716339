// The two clocks a confirmed-change window is timed by. The deadline is a wall-clock instant
// (in the journal, so any process can judge it); the guard also counts on a monotonic clock
// from its own start, which a wall-clock step does not move (session/clock.ts makes both).
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  wall(): number;
  /** Milliseconds from an arbitrary origin, only forward (not during a suspend), as performance.now(). */
  mono(): number;
}
