// A trainee's calls to the class server (contract/class.ts): join, a command to grade, hint,
// skip and the events long poll, through the class client's one `call` (the transport, the
// trainee's Basic NAME:CODE, the server's `{ error }` as one line). The server is untrusted:
// each answer is decoded field by field, lengths bounded; texts stay as sent (the caller
// sanitizes what it prints).
import {
  CLASS_PATHS,
  type CheckVerdict,
  type ClassEvent,
  type EventsAnswer,
  type JoinAnswer,
  type LessonRef,
  type LineAnswer,
  type LineReport,
  type StepAnswer,
} from '../../contract/class.js';
import { protocolError } from '../../errors.js';

/** What the class client offers: one call, its answer parsed (undefined when empty) or one typed error. */
/** How long a join waits out a name's slow-down before it says so (throttle.ts doubles from 0.5 s). */
const JOIN_WAIT_MS = 5_000;

export interface ClassCaller {
  call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    o?: {
      signal?: AbortSignal | undefined;
      timeoutMs?: number | undefined;
      waitLimitedMs?: number | undefined;
    },
  ): Promise<unknown>;
}

/** The trainee's side of the class (features/class/join drives it). */
export interface TraineePort {
  join(signal?: AbortSignal): Promise<JoinAnswer>;
  line(report: LineReport, signal?: AbortSignal): Promise<LineAnswer>;
  hint(signal?: AbortSignal): Promise<StepAnswer>;
  skip(signal?: AbortSignal): Promise<StepAnswer>;
  /** After `after` (absent: the current sequence number at once, no events). */
  events(after: number | undefined, signal?: AbortSignal): Promise<EventsAnswer>;
}

/** The server answers a long poll within 25 s; the call waits that plus room for a loaded machine. */
const LONG_POLL_MS = 60_000;
/** A command line or an error: what reaches the server is bounded, as is what comes back. */
const MAX_TEXT = 16_384;
const MAX_LIST = 1_000;

const bad = (at: string, why: string) => protocolError(`malformed answer from class server: ${at}: ${why}`);
type Obj = Record<string, unknown>;

function obj(v: unknown, at: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(at, 'not an object');
  return v as Obj;
}
function list(v: unknown, at: string): unknown[] {
  if (!Array.isArray(v)) throw bad(at, 'not a list');
  if (v.length > MAX_LIST) throw bad(at, `more than ${MAX_LIST} entries`);
  return v;
}
function str(v: unknown, at: string): string {
  if (typeof v !== 'string') throw bad(at, 'not a string');
  return v.length > MAX_TEXT ? v.slice(0, MAX_TEXT) : v;
}
function num(v: unknown, at: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw bad(at, 'not a whole number');
  return v;
}
const optStr = (v: unknown, at: string) => (v === undefined || v === null ? undefined : str(v, at));

function lessonRef(v: unknown, at: string): LessonRef {
  const o = obj(v, at);
  return {
    name: str(o.name, `${at}.name`),
    title: str(o.title, `${at}.title`),
    steps: list(o.steps, `${at}.steps`).map((s, i) => str(s, `${at}.steps[${i}]`)),
  };
}

export function decodeJoin(v: unknown): JoinAnswer {
  const o = obj(v, 'join');
  const message = optStr(o.message, 'join.message');
  return {
    name: str(o.name, 'join.name'),
    router: str(o.router, 'join.router'),
    telemetry: str(o.telemetry, 'join.telemetry'),
    telemetryKey: str(o.telemetryKey, 'join.telemetryKey'),
    lessons: list(o.lessons, 'join.lessons').map((l, i) => lessonRef(l, `join.lessons[${i}]`)),
    lesson: str(o.lesson, 'join.lesson'),
    step: num(o.step, 'join.step'),
    text: str(o.text, 'join.text'),
    ...(message !== undefined ? { message } : {}),
  };
}

export function decodeStep(v: unknown, at = 'step'): StepAnswer {
  const o = obj(v, at);
  return {
    lesson: str(o.lesson, `${at}.lesson`),
    step: num(o.step, `${at}.step`),
    note: str(o.note ?? '', `${at}.note`),
    status: str(o.status ?? '', `${at}.status`),
  };
}

function verdict(v: unknown, at: string): CheckVerdict {
  const o = obj(v, at);
  if (typeof o.ok !== 'boolean') throw bad(`${at}.ok`, 'not true or false');
  const message = optStr(o.message, `${at}.message`);
  return {
    check: str(o.check, `${at}.check`),
    ok: o.ok,
    level: o.level === 'warning' ? 'warning' : 'error',
    ...(message !== undefined ? { message } : {}),
  };
}

export function decodeLine(v: unknown): LineAnswer {
  const checks = obj(v, 'line').checks;
  return {
    ...decodeStep(v, 'line'),
    checks: list(checks ?? [], 'line.checks').map((c, i) => verdict(c, `line.checks[${i}]`)),
  };
}

function event(v: unknown, at: string): ClassEvent | undefined {
  const o = obj(v, at);
  if (o.kind === 'message') return { kind: 'message', text: str(o.text, `${at}.text`) };
  if (o.kind === 'lesson' || o.kind === 'reset')
    return {
      kind: o.kind,
      lesson: str(o.lesson, `${at}.lesson`),
      step: num(o.step, `${at}.step`),
      text: str(o.text, `${at}.text`),
    };
  // A kind this client does not know (a newer server): passed over.
  return undefined;
}

export function decodeEvents(v: unknown): EventsAnswer {
  const o = obj(v, 'events');
  return {
    seq: num(o.seq, 'events.seq'),
    events: list(o.events, 'events.events').flatMap((e, i) => event(e, `events.events[${i}]`) ?? []),
  };
}

const cut = (s: string | undefined) => (s === undefined || s.length <= MAX_TEXT ? s : s.slice(0, MAX_TEXT));

export function traineeCalls(c: ClassCaller): TraineePort {
  return {
    // A join right after a mistyped code waits out its name's short slow-down (up to 5 s).
    join: async (signal) =>
      decodeJoin(await c.call('POST', CLASS_PATHS.join, {}, { signal, waitLimitedMs: JOIN_WAIT_MS })),
    line: async (r, signal) => {
      const error = cut(r.error);
      const resolved = cut(r.resolved);
      const body: LineReport = {
        line: cut(r.line) ?? '',
        ok: r.ok,
        ...(resolved !== undefined ? { resolved } : {}),
        ...(error !== undefined ? { error } : {}),
      };
      return decodeLine(await c.call('POST', CLASS_PATHS.line, body, { signal }));
    },
    hint: async (signal) => decodeStep(await c.call('POST', CLASS_PATHS.hint, {}, { signal })),
    skip: async (signal) => decodeStep(await c.call('POST', CLASS_PATHS.skip, {}, { signal })),
    events: async (after, signal) =>
      decodeEvents(
        await c.call(
          'GET',
          `${CLASS_PATHS.events}${after === undefined ? '' : `?after=${after}`}`,
          undefined,
          {
            signal,
            timeoutMs: LONG_POLL_MS,
          },
        ),
      ),
  };
}
