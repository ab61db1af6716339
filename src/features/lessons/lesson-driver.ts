// The lesson under way in a session: after every command the current step's checks are
// probed against the router and telemetry (this is the edge; the verdict is lessons/evaluate.ts),
// a passed step is saved and the next one shown. One driver per session, so one trainee's
// simulator and progress are never another's. A lesson file is untrusted: every text it lends
// (titles, instructions, hints, its name) leaves here sanitized — the notes as text, the status
// line as one line — and its `ran` patterns run in linear time or under a bound (evaluate.ts).
import { argumentError, notConfiguredError } from '../../errors.js';
import { holds, probeOf, type Seen } from './evaluate.js';
import { listText } from './list.js';
import {
  advance,
  currentStep,
  finished,
  introText,
  passedText,
  startRun,
  statusLine,
  stepText,
  whereText,
} from './progress.js';
import { resolvedLine } from './resolved-line.js';
import type { Check, Lesson, LessonProgress, LessonStore } from './types.js';
import { splitPipes } from '../../lang/pipes.js';
import { loadRegexEngine } from '../../lang/regex.js';
import { sanitizeLine, sanitizeText } from '../../term/sanitize.js';
import type { Services } from '../../contract/services.js';
import type { LessonDriver } from '../../contract/lessons.js';

export type { LessonDriver } from '../../contract/lessons.js';

/** The local driver answers at once (the contract allows a round trip: a classroom's). */
export interface LocalLessonDriver extends LessonDriver {
  start(name: string): string;
  hint(): string;
  skip(): string;
  where(): string;
}

const HOUR_MS = 3_600_000;

export function createLessonDriver(
  store: LessonStore,
  deps: Pick<Services, 'resolve' | 'router' | 'telemetry'>,
  now: () => number = Date.now,
): LocalLessonDriver {
  let run: { lesson: Lesson; progress: LessonProgress } | undefined;
  const listeners = new Set<() => void>();
  let status: string | undefined;
  const set = (lesson: Lesson, progress: LessonProgress) => {
    run = { lesson, progress };
    store.save(progress);
    status = sanitizeLine(statusLine(lesson, progress));
    for (const l of listeners) l();
  };
  const active = () => {
    if (!run) throw argumentError('no lesson under way: `learn` lists them, `learn NAME` starts one');
    return run;
  };

  const probe = async (
    c: Check,
    line: () => Promise<string | undefined>,
    signal: AbortSignal,
  ): Promise<Seen> => {
    const p = probeOf(c);
    try {
      switch (p.kind) {
        case 'line':
          return { kind: 'line', line: await line() };
        case 'node': {
          const env = await deps.router.send({ method: 'GET', words: p.words }, { signal });
          return env.nodeInfo
            ? { kind: 'node', info: env.nodeInfo }
            : { kind: 'failed', reason: 'no metadata' };
        }
        case 'metrics': {
          if (!deps.telemetry) throw notConfiguredError('no telemetry API');
          const r = await (await deps.telemetry.client()).query({ expression: p.query }, signal);
          return { kind: 'count', count: r.data.series.length };
        }
        case 'logs': {
          if (!deps.telemetry) throw notConfiguredError('no telemetry API');
          const end = now();
          const r = await (await deps.telemetry.client()).logsSearch(
            { query: p.query, start: end - HOUR_MS, end, limit: 1 },
            signal,
          );
          return { kind: 'count', count: r.data.length };
        }
      }
    } catch (e) {
      return { kind: 'failed', reason: (e as Error).message };
    }
  };

  return {
    status: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: () => sanitizeText(listText(store)),
    start: (name) => {
      const lesson = store.load(name);
      const progress = startRun(lesson, store.progress(lesson.name), now());
      set(lesson, progress);
      return sanitizeText(introText(lesson, progress));
    },
    hint: () => {
      const { lesson, progress } = active();
      const step = currentStep(lesson, progress);
      if (!step) return 'All steps are done.\n';
      return sanitizeText(`${step.hint ?? 'No hint for this step: read it again with `lesson`.'}\n`);
    },
    skip: () => {
      const { lesson, progress } = active();
      if (finished(progress)) return 'All steps are done.\n';
      const next = advance(progress, 'skipped', now());
      set(lesson, next);
      const step = currentStep(lesson, next);
      const skipped = `- step ${progress.current + 1} skipped\n`;
      return sanitizeText(
        step ? `${skipped}\n${stepText(lesson, next, step)}` : `${skipped}Lesson ${lesson.name} complete.\n`,
      );
    },
    where: () => {
      const { lesson, progress } = active();
      return sanitizeText(whereText(lesson, progress));
    },
    afterLine: async (line, context, outcome, signal) => {
      if (!run || finished(run.progress)) return '';
      if (outcome.kind === 'error' || outcome.kind === 'empty') return '';
      const { lesson, progress } = run;
      const step = currentStep(lesson, progress);
      if (!step) return '';
      // The line is resolved once, and only when a check asks for it.
      let resolved: Promise<string | undefined> | undefined;
      const lineOf = () =>
        (resolved ??= deps
          .resolve(splitPipes(line).command, [...context], signal)
          .then(resolvedLine, () => undefined));
      // `ran` patterns run on RE2 (linear time), loaded once a step has one.
      if (step.checks.some((c) => c.kind === 'ran')) await loadRegexEngine();
      for (const c of step.checks) {
        if (!holds(c, await probe(c, lineOf, signal))) return '';
      }
      // The lesson may have been restarted while the checks ran.
      if (run?.progress !== progress) return '';
      const next = advance(progress, 'done', now());
      set(lesson, next);
      return sanitizeText(passedText(lesson, progress, next));
    },
  };
}
