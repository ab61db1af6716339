// A classroom's lesson driver (contract/lessons.ts) over the class server: the trainee's shell
// only shows what the server decides. After each command the line (as typed and as resolved),
// whether it went well and its error are reported, and the server's note and status line are
// shown; `hint`, `skip` and `lesson` are the server's answers; the lesson and step move only
// when the server says (a passed step, the instructor's reset or next lesson). Everything the
// server sends is untrusted: notes leave here sanitized as text, the status and messages as
// one line. Progress lives on the server: nothing is written to the trainee's state dir.
import type { TraineePort } from '../../../api/class/trainee.js';
import type { ClassEvent, JoinAnswer, LessonRef, StepAnswer } from '../../../contract/class.js';
import type { LessonDriver } from '../../../contract/lessons.js';
import type { Outcome } from '../../../contract/outcome.js';
import type { Services } from '../../../contract/services.js';
import { splitPipes } from '../../../lang/pipes.js';
import { sanitizeLine, sanitizeText } from '../../../term/sanitize.js';
import { resolvedLine } from '../../lessons/resolved-line.js';
import { createLink, type Link, pause } from './link.js';

export interface ClassroomOptions {
  /** After a failed call: the first wait before the next try, doubling up to `max`. */
  retryMs?: { first: number; max: number };
  /** A command's report is tried this many times (with the waits above) before it is given up. */
  lineTries?: number;
}

export interface Classroom {
  /** What the trainee sees first: the lesson, the current step, the class's last message. */
  readonly intro: string;
  /** The session's driver (one per session: session.ts makes it with the session's resolver). */
  driver(deps: Pick<Services, 'resolve'>): LessonDriver;
  /** The class's events until `signal` aborts: messages, a reset, the next lesson. */
  follow(signal: AbortSignal): Promise<void>;
}

/** An instructor's message is one line; a longer one is cut (the board bounds it too). */
const MAX_MESSAGE = 300;
const RETRY = { first: 500, max: 10_000 };

const messageNote = (text: string) =>
  `message from the instructor: ${sanitizeLine(text).slice(0, MAX_MESSAGE)}`;

export function createClassroom(port: TraineePort, joined: JoinAnswer, o: ClassroomOptions = {}): Classroom {
  const retry = o.retryMs ?? RETRY;
  const lessons: readonly LessonRef[] = joined.lessons;
  let at = { lesson: joined.lesson, step: joined.step };
  let serverStatus: string | undefined;
  const statusListeners = new Set<() => void>();
  const noteListeners = new Set<(note: string) => void>();
  const say = (note: string) => {
    for (const l of noteListeners) l(note);
  };
  const link: Link = createLink(say);

  const ref = () => lessons.find((l) => l.name === at.lesson);
  const status = () => {
    if (serverStatus) return serverStatus;
    const l = ref();
    const n = l?.steps.length ?? 0;
    const step = l?.steps[at.step];
    return sanitizeLine(
      step === undefined
        ? `class: lesson ${at.lesson} done - wait for the instructor's next lesson`
        : `class: lesson ${at.lesson} ${at.step + 1}/${n}: ${step} - hint - skip - lesson`,
    );
  };
  const moved = (to: { lesson: string; step: number }, statusLine?: string) => {
    at = { lesson: to.lesson, step: to.step };
    serverStatus = statusLine ? sanitizeLine(statusLine) : undefined;
    for (const l of statusListeners) l();
  };
  const stepAnswer = (a: StepAnswer) => {
    moved(a, a.status);
    return sanitizeText(a.note ? (a.note.endsWith('\n') ? a.note : `${a.note}\n`) : '');
  };
  /** A call to the server: the link said once when it is gone or back. */
  const reach = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      const r = await call();
      link.up();
      return r;
    } catch (e) {
      link.down(e);
      throw e;
    }
  };

  const where = async () => {
    const a = await reach(() => port.join());
    moved(a);
    return whereText(a);
  };

  const intro = `${sanitizeText(`Class: you are ${joined.name}. Your lessons are graded on the class server (lesson, hint, skip).\n${whereText(joined)}`)}${joined.message ? `${messageNote(joined.message)}\n` : ''}`;

  const apply = (e: ClassEvent) => {
    if (e.kind === 'message') return say(messageNote(e.text));
    moved(e);
    const head =
      e.kind === 'reset'
        ? "The instructor reset your router to the lesson's start."
        : `The class moves on to lesson ${e.lesson}.`;
    say(sanitizeText(`${head}\n${e.text}`).trimEnd());
  };

  return {
    intro,
    driver: (deps) => ({
      status,
      subscribe: (listener) => {
        statusListeners.add(listener);
        return () => statusListeners.delete(listener);
      },
      notes: (listener) => {
        noteListeners.add(listener);
        return () => noteListeners.delete(listener);
      },
      list: () =>
        sanitizeText(
          `The class's lessons (the instructor moves the class from one to the next):\n${lessons
            .map((l) => `${l.name === at.lesson ? '>' : ' '} ${l.name}  ${l.title} (${l.steps.length} steps)`)
            .join('\n')}\n`,
        ),
      start: async (name) =>
        name === at.lesson
          ? where()
          : `${sanitizeLine(`The instructor chooses the class's lesson: yours is ${at.lesson} (\`lesson\` shows where you are).`)}\n`,
      hint: async () => stepAnswer(await reach(() => port.hint())),
      skip: async () => stepAnswer(await reach(() => port.skip())),
      where,
      afterLine: async (line, context, outcome, signal) =>
        reportLine(
          { port, link, retry, tries: o.lineTries ?? 3, deps, say },
          { line, context, outcome, signal },
          stepAnswer,
        ),
    }),
    follow: (signal) =>
      followEvents(port, link, retry, signal, { event: apply, rejoined: (a) => moved(a), say }),
  };
}

/** `lesson`: the lesson's steps, the current one marked, and its text. */
function whereText(a: Pick<JoinAnswer, 'lessons' | 'lesson' | 'step' | 'text'>): string {
  const l = a.lessons.find((x) => x.name === a.lesson);
  const steps = (l?.steps ?? []).map((s, i) => `  ${i === a.step ? '>' : ' '} ${i + 1}. ${s}`).join('\n');
  const text = a.text ? (a.text.endsWith('\n') ? a.text : `${a.text}\n`) : '';
  return sanitizeText(`Lesson ${a.lesson}${l ? `: ${l.title}` : ''}\n${steps}\n\n${text}`);
}

interface LineDeps {
  port: TraineePort;
  link: Link;
  retry: { first: number; max: number };
  tries: number;
  deps: Pick<Services, 'resolve'>;
  say: (note: string) => void;
}

/** One command reported and graded; the note to print ('' when none or the server is gone). */
async function reportLine(
  d: LineDeps,
  run: { line: string; context: readonly string[]; outcome: Outcome; signal: AbortSignal },
  shown: (a: StepAnswer) => string,
): Promise<string> {
  const { outcome, signal } = run;
  // A blank line ran nothing; nothing to grade.
  if (outcome.kind === 'empty' || run.line.trim() === '') return '';
  const failure =
    outcome.kind === 'error' ? outcome.error : outcome.kind === 'text' ? outcome.failure : undefined;
  const resolved = await d.deps
    .resolve(splitPipes(run.line).command, [...run.context], signal)
    .then(resolvedLine, () => undefined);
  const report = {
    line: run.line,
    ok: failure === undefined,
    ...(resolved !== undefined ? { resolved } : {}),
    ...(failure ? { error: failure.message.split('\n')[0] ?? '' } : {}),
  };
  let wait = d.retry.first;
  for (let attempt = 1; ; attempt++) {
    try {
      const a = await d.port.line(report, signal);
      d.link.up();
      return shown(a);
    } catch (e) {
      if (signal.aborted) return '';
      // Gone: said once by the link; the command stays ungraded (the next one is graded on the
      // router's state then, so a step done meanwhile still passes).
      if (d.link.down(e)) {
        if (attempt >= d.tries) return '';
        await pause(wait, signal);
        wait = Math.min(wait * 2, d.retry.max);
        continue;
      }
      // A refusal (a flood slowed down, a bad report): one line, the shell goes on.
      return `${refusal(e)}\n`;
    }
  }
}

/**
 * The events' long poll: the first call (no `after`) is answered at once or with what comes
 * next, each next one waits for what comes after the last. A failure is retried with a
 * doubling wait, bounded; the retry is the join call, answered at once, so the server's return
 * is said when it returns (not with its next event) and the lesson and step are taken afresh
 * (a server restarted). A refusal is said once (until a call goes through again).
 */
async function followEvents(
  port: TraineePort,
  link: Link,
  retry: { first: number; max: number },
  signal: AbortSignal,
  on: { event: (e: ClassEvent) => void; rejoined: (a: JoinAnswer) => void; say: (note: string) => void },
): Promise<void> {
  let seq: number | undefined;
  let wait = retry.first;
  let refused = false;
  let probe = false;
  while (!signal.aborted) {
    const asked = Date.now();
    try {
      if (probe) {
        const j = await port.join(signal);
        link.up();
        probe = false;
        refused = false;
        wait = retry.first;
        on.rejoined(j);
        continue;
      }
      const a = await port.events(seq, signal);
      link.up();
      refused = false;
      wait = retry.first;
      for (const e of a.events) on.event(e);
      // A server restarted without its state counts from 0 again: its count is taken as it is.
      seq = a.seq;
      // A server that answers at once with nothing is not waited on in a tight loop.
      if (a.events.length === 0 && Date.now() - asked < retry.first) await pause(retry.first, signal);
    } catch (e) {
      if (signal.aborted) return;
      if (!link.down(e) && !refused) {
        refused = true;
        on.say(refusal(e));
      }
      probe = true;
      await pause(wait, signal);
      wait = Math.min(wait * 2, retry.max);
    }
  }
}

/** A refusal's one line (the class client's own lines already name the class server). */
function refusal(e: unknown): string {
  const m = sanitizeLine((e as Error).message);
  return m.startsWith('class server') ? m : `class server: ${m}`;
}
