// Running what was typed: a line on Enter, or a pasted block checked as a whole and then run
// line by line, each with one cancellable request; the prompt shows a spinner meanwhile
// (`running`), and the keys typed meanwhile act when it ends.
import { asRoutershError, cancelledError } from '../errors.js';
import type { Outcome } from '../contract/outcome.js';
import type { RunIo } from '../contract/services.js';
import { type ScannedLine, scanLine } from '../lang/index.js';
import { runPiped } from '../run/output-pipes.js';
import { checkPaste } from '../run/paste.js';
import { splitPipes } from '../lang/pipes.js';
import { checkLesson } from './lesson-check.js';
import { errorItem, item } from './scrollback.js';
import type { ShellOutput } from './shell-output.js';
import type { ShellDeps, ShellState } from './shell-state.js';

export interface LineRunner {
  /** Enter on `text`: echoed with its prompt, recorded in the history, run. */
  submit(text: string): void;
  /** A multi-line bracketed paste. */
  paste(text: string): void;
  /** Ctrl-C while a request runs. */
  cancel(): void;
  /** What a run may use of the shell: its questions, its notes (also after the run), its history. */
  runIo(progress?: (line: string) => void): RunIo;
}

export function createLineRunner(o: {
  get: () => ShellState;
  patch: (p: Partial<ShellState>) => void;
  deps: () => Pick<ShellDeps, 'session' | 'recordHistory' | 'shownHistory'>;
  out: ShellOutput;
  ask: NonNullable<RunIo['ask']>;
  choose?: RunIo['choose'];
  /** The prompt as it is now, and a line as it is echoed (secrets masked). */
  prompt: () => string;
  shown: (text: string) => string;
  /** Applies one outcome; false when it failed (apply-outcome.ts). */
  apply: (outcome: Outcome, line: { prompt: string; text: string }, page: boolean) => boolean;
  lessonNote: (note: string) => void;
  /** The run is over: the keys typed meanwhile act. */
  replay: () => void;
}): LineRunner {
  const { get, patch, deps, out } = o;
  let inflight: AbortController | null = null;
  const begin = () => {
    const ac = new AbortController();
    inflight = ac;
    patch({ running: { since: Date.now() } });
    return ac;
  };
  const end = (ac: AbortController) => {
    if (inflight !== ac) return;
    inflight = null;
    patch({ running: null });
    o.replay();
  };
  const runIo = (progress?: (line: string) => void): RunIo => ({
    ask: o.ask,
    ...(o.choose ? { choose: o.choose } : {}),
    notify: out.note,
    history: () => deps().shownHistory?.() ?? [],
    ...(progress ? { progress } : {}),
  });

  /** `scans`: the lines as the lexer read them already (on Enter, once). */
  const run = async (texts: string[], ac: AbortController, scans: readonly ScannedLine[] = []) => {
    try {
      for (const [i, text] of texts.entries()) {
        const p = o.prompt();
        const context = get().context;
        if (texts.length > 1) out.push(item('command', p + o.shown(text)));
        const since = get().running?.since ?? Date.now();
        const progress = (line: string) => {
          if (inflight === ac) patch({ running: { since, progress: line } });
        };
        const { services, fleet } = deps().session;
        // The fleet shell runs the line on its selection and answers with the hosts grouped;
        // one router's show is written while it arrives when no pager would take it.
        const stream = fleet ? undefined : out.streamer();
        const io = stream ? { ...runIo(progress), stream } : runIo(progress);
        const r = fleet
          ? await fleet.run(text, context, ac.signal, io)
          : await runPiped(text, { context }, services, ac.signal, io, scans[i]);
        if (r.note) out.say(`note: ${r.note}`);
        if (r.warning) out.push(item('error', `warning: ${r.warning}`));
        if (!o.apply(r.outcome, { prompt: p, text: o.shown(text) }, r.page) || ac.signal.aborted) break;
        await out.pagerClosed();
        const step = { line: text, context, outcome: r.outcome, signal: ac.signal };
        await checkLesson(deps().session.services, step, out.say, o.lessonNote);
      }
    } finally {
      end(ac);
    }
  };

  const paste = (text: string) => {
    const ac = begin();
    void checkPaste(text, get().context, deps().session.services.resolve, ac.signal)
      .then(async (check) => {
        const n = check.lines.length;
        const bad = check.bad.length ? `; ${check.bad.length} wrong, nothing run:` : '';
        out.say(`pasted ${n} command${n === 1 ? '' : 's'}${bad}`);
        if (check.bad.length) {
          for (const b of check.bad) out.push(item('error', `% line ${b.n}: ${b.message}`));
          return end(ac);
        }
        for (const l of check.lines) deps().recordHistory(l.text, get().context);
        await run(
          check.lines.map((l) => l.text),
          ac,
        );
      })
      .catch((e: unknown) => {
        out.push(errorItem(asRoutershError(e)));
        end(ac);
      });
  };

  const submit = (text: string) => {
    const note = get().note;
    if (note) {
      out.say(note);
      patch({ note: null });
    }
    const p = o.prompt();
    if (text.trim() === '') return out.push(item('command', p + o.shown(text)));
    // The line is read once: its tokens go to the history's redaction and to the run.
    const scan = scanLine(text);
    const context = get().context;
    const ac = begin();
    // THE secret rule reads the line's metadata: the echo and the history wait for it (the
    // run reads it anyway), so a line typed before its metadata came is judged as any other
    // (`key net` is a choice, not a secret). Meanwhile the prompt keeps showing the line.
    patch({ running: { since: get().running?.since ?? Date.now(), echo: text } });
    void warm(text, context, scan, ac.signal).then(() => {
      if (inflight === ac) patch({ running: { since: get().running?.since ?? Date.now() } });
      out.push(item('command', p + o.shown(text)));
      deps().recordHistory(text, context, scan);
      return run([text], ac, [scan]);
    });
  };

  /** The line's metadata read into the cache (a wrong line, a failure: what is cached is judged). */
  const warm = async (text: string, context: string[], scan: ScannedLine, signal: AbortSignal) => {
    const piped = splitPipes(text, scan);
    await deps()
      .session.services.resolve(piped.command, context, signal, piped.scan)
      .catch(() => {});
  };

  return { submit, paste, cancel: () => inflight?.abort(cancelledError()), runIo };
}
