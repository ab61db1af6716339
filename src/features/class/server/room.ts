// The class as the server keeps it: each trainee's login, their grader and simulators, their
// recent commands; the lesson under way; the events trainees poll for and the board's version
// the instructor polls on. Long polls wait for a change, a bound (≤ 25 s) or the client going.
import type { CheckVerdict, ClassEvent, LessonRef } from '../../../contract/class.js';
import type { GraderPort, TraineeSims } from './ports.js';

/** Commands kept per trainee for the board's detail view. */
export const RECENT = 50;
/** Events kept for trainees that poll late (a trainee further behind gets the step again on join). */
const EVENTS_KEPT = 200;
/** The longest a long poll is held. */
export const LONG_POLL_MS = 25_000;

export interface Recent {
  at: number;
  line: string;
  ok: boolean;
  error?: string;
  checks: CheckVerdict[];
}

export interface Trainee {
  readonly name: string;
  code: string;
  joined: boolean;
  readonly grader: GraderPort;
  readonly sims: TraineeSims;
  recent: Recent[];
  /** A line being graded: the next waits its turn (429), never queues. */
  busy: boolean;
  /** Lines a trainee may send in a burst, refilled by LINE_REFILL_PER_S. */
  lineTokens: number;
  lineAt: number;
}

interface Stored {
  seq: number;
  /** Absent: for everyone. */
  to?: string;
  event: ClassEvent;
}

type Waiter = () => void;

export class Room {
  readonly trainees = new Map<string, Trainee>();
  constructor(readonly lessons: readonly LessonRef[]) {}
  lessonIndex = 0;
  message: string | undefined;
  version = 1;
  private seq = 0;
  private readonly events: Stored[] = [];
  private boardWaiters = new Set<Waiter>();
  private eventWaiters = new Set<Waiter>();

  /** Something the board shows changed. */
  changed(): void {
    this.version++;
    const w = this.boardWaiters;
    this.boardWaiters = new Set();
    for (const f of w) f();
  }

  emit(event: ClassEvent, to?: string): void {
    this.events.push({ seq: ++this.seq, ...(to !== undefined ? { to } : {}), event });
    if (this.events.length > EVENTS_KEPT) this.events.shift();
    const w = this.eventWaiters;
    this.eventWaiters = new Set();
    for (const f of w) f();
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** The events for `name` after `after`, and the sequence number to poll after next. */
  eventsFor(name: string, after: number): { seq: number; events: ClassEvent[] } {
    const events = this.events
      .filter((e) => e.seq > after && (e.to === undefined || e.to === name))
      .map((e) => e.event);
    return { seq: this.seq, events };
  }

  /** Resolves when the board's version passes `after`, after `ms`, or when `signal` aborts. */
  waitBoard(after: number, signal: AbortSignal, ms = LONG_POLL_MS): Promise<void> {
    if (this.version > after) return Promise.resolve();
    return wait(this.boardWaiters, signal, ms);
  }

  waitEvents(name: string, after: number, signal: AbortSignal, ms = LONG_POLL_MS): Promise<void> {
    if (this.eventsFor(name, after).events.length > 0) return Promise.resolve();
    const poll = async (): Promise<void> => {
      // Woken by any event: one for another trainee waits again (until the bound).
      const until = Date.now() + ms;
      while (!signal.aborted && Date.now() < until && this.eventsFor(name, after).events.length === 0)
        await wait(this.eventWaiters, signal, until - Date.now());
    };
    return poll();
  }
}

function wait(set: Set<Waiter>, signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      set.delete(done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener('abort', done, { once: true });
    set.add(done);
  });
}
