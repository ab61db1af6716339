// The shell's side effects, without React: keys go through the one handleKey, and what it
// asks for is done here (run a line with a cancellable request, check and run a pasted
// block, complete, write output above the live region, open a pane with its data source).
import { asRoutershError, cancelledError } from '../errors.js';
import type { Outcome, PaneSpec } from '../contract/outcome.js';
import { checkPaste } from '../run/paste.js';
import { runPiped } from '../run/output-pipes.js';
import type { RunIo } from '../contract/services.js';
import { type ScannedLine, scanLine } from '../lang/index.js';
import { runLine } from '../run/runner.js';
import { confirmNow, hasGuard, revertNow, settleHint, windowLeft } from '../features/changes/confirm.js';
import { createAsker } from './asker.js';
import { createCompletionLookup } from './completion-lookup.js';
import { createTabHold } from './tab-hold.js';
import { checkLesson } from './lesson-check.js';
import { promptText } from './editor/prompt-text.js';
import { handleKey, type PromptEffect } from './handle-key.js';
import { type Key, splitText } from '../keys/key-parser.js';
import { matchListPort } from '../features/match-list/add-from-pane.js';
import type { PaneRequest } from '../panes/pane-links.js';
import { openPane, type OpenPane, specOf } from './open-pane.js';
import { lineCompleter } from './dashboard-sources.js';
import { lineOf, type PromptState, sameLine } from './prompt-state.js';
import { errorItem, item, itemText, type ShellItem } from './scrollback.js';
import type { Store } from '../panes/kit/store.js';
import type { ShellDeps, ShellState } from './shell-state.js';

export type { ShellDeps, ShellState } from './shell-state.js';
import { type PagerAction, type PagerState, pagerStep, startPager } from './pager.js';
import { pagerKeyAction } from './pager-keys.js';
import { sanitizeText } from '../term/sanitize.js';

/** Longer than one of Ink's frames (30 per second): its throttled render has drawn by then. */
const FRAME_MS = 50;

export function createShellController(store: Store<ShellState>, deps: () => ShellDeps) {
  let inflight: AbortController | null = null;
  // Resolves the run's wait when the pager is done (every line written, or the rest dropped).
  let pagerDone: (() => void) | null = null;
  const get = store.get;
  const patch = (p: Partial<ShellState>) => store.set({ ...get(), ...p });
  const setPrompt = (prompt: PromptState) => patch({ prompt });
  const lookup = createCompletionLookup(
    () => get().prompt,
    setPrompt,
    () => ({
      cache: deps().session.cache,
      context: get().context,
      valueCompleter: deps().session.services.valueCompleter,
    }),
  );
  // Keys typed while Tab waits for the router act after its answer (tab-hold.ts).
  const tabHold = createTabHold({ replay: (key) => onKey(key), cancel: () => lookup.cancel() });
  const prompt = () =>
    promptText(
      deps().session.label,
      get().context,
      windowLeft(deps().session.services.journal?.opened(), Date.now()),
    );
  const shown = (text: string) => deps().mask?.(text, get().context) ?? text;
  // Items are written as they come and not kept: the terminal holds the scrollback.
  const push = (...add: ShellItem[]) => {
    const d = deps();
    d.print(add.map((it) => itemText(it, d.color)).join(''));
  };

  // An output taller than the window starts the pager (unless `| no-more`). Its first page is
  // written once Ink has drawn the one-line `--More--` frame: Ink's write redraws the frame
  // it drew last under the text, and a taller one (prompt and spinner) would push the top
  // of the page off the screen. A key pressed before then writes it at once.
  const output = (text: string, page: boolean) => {
    const size = page ? deps().pagerSize?.() : undefined;
    const pager = size ? startPager(sanitizeText(text), size) : null;
    if (!pager) return push(item('output', text));
    patch({ pager });
    setTimeout(() => {
      const p = get().pager;
      if (p === pager) pagerAct(p, { type: 'page' });
    }, FRAME_MS);
  };
  const pagerClosed = () =>
    get().pager ? new Promise<void>((resolve) => (pagerDone = resolve)) : Promise.resolve();
  const pagerKey = (key: Key) => {
    const p = get().pager;
    if (!p) return;
    const action = pagerKeyAction(key, p.query !== null);
    if (action) pagerAct(p, action);
  };
  const pagerAct = (p: PagerState, action: PagerAction) => {
    // Pages follow the window as it is now (it may have been resized under --More--).
    const step = pagerStep({ ...p, size: deps().pagerSize?.() ?? p.size }, action);
    if (step.write) deps().print(step.write);
    patch({ pager: step.state });
    if (!step.state) closePager();
  };
  const closePager = () => {
    const done = pagerDone;
    pagerDone = null;
    if (get().pager) patch({ pager: null });
    done?.();
  };

  // Questions (undo) and notes from outside a command (a confirmed window that expired).
  const asker = createAsker(
    (text) => push(item('info', text)),
    (question) => patch({ question }),
  );
  /** What a run may use of the shell: its questions, its notes (also after the run), its history. */
  const runIo = (progress?: (line: string) => void): RunIo => ({
    ask: asker.ask,
    notify: (text: string) => push(item('info', text)),
    history: () => deps().shownHistory?.() ?? [],
    ...(progress ? { progress } : {}),
  });

  /**
   * Leaving the shell: with a confirmed-change window open, ask what becomes of its changes —
   * revert now, keep them, or leave the window running (its guard reverts them at its end).
   */
  const leave = async () => {
    const { services } = deps().session;
    const journal = services.journal?.opened();
    if (!journal?.window()) return deps().onExit();
    const say = (text: string) => push(item('info', text));
    const keeps = hasGuard(journal);
    const at = new Date(journal.window()!.deadline).toTimeString().slice(0, 8);
    const answer = await asker.choose(
      keeps
        ? `window open: r revert now · k keep (confirm) · l leave it running until ${at}, then its guard reverts [r/k/L]`
        : 'window open, nothing reverts it after this shell: r revert now · k keep (confirm) [R/k]',
      keeps ? ['r', 'k', 'l'] : ['r', 'k'],
      keeps ? 'l' : 'r',
    );
    if (answer === 'r') {
      say("reverting the window's changes…");
      await revertNow(services, say).catch((e: unknown) => say(asRoutershError(e).message));
    } else if (answer === 'k') {
      const o = await confirmNow(services).catch(
        (e: unknown) => ({ kind: 'error', error: asRoutershError(e) }) as const,
      );
      say(o.kind === 'text' ? o.text.trimEnd() : o.kind === 'error' ? o.error.message : '');
    } else say(settleHint(journal));
    deps().onExit();
  };

  // Applies one outcome; returns false when it failed (a paste stops there).
  const apply = (outcome: Outcome, line: { prompt: string; text: string }, page = true): boolean => {
    switch (outcome.kind) {
      case 'empty':
        return true;
      case 'router':
      case 'text':
        if (outcome.kind === 'text' && outcome.diff && deps().color) push(item('diff', outcome.text));
        else if (outcome.text) output(outcome.text, page);
        if (outcome.kind === 'text' && outcome.failure) {
          push(errorItem(outcome.failure, line));
          return false;
        }
        return true;
      case 'context':
        patch({ context: outcome.context });
        lookup.decorate();
        return true;
      case 'exit':
        void leave();
        return true;
      case 'pane':
        showPane(outcome.spec);
        return true;
      case 'error':
        push(errorItem(outcome.error, { ...line, ...(outcome.at ? { at: outcome.at } : {}) }));
        return false;
      default: {
        const never: never = outcome;
        return Boolean(never);
      }
    }
  };

  // The pane's data source is made here, once per pane, never per render. A command starts a
  // new stack; a pane's `c`/`L` puts the new pane on top of the one it came from.
  const showPane = (spec: PaneSpec, from?: OpenPane) => {
    const { services } = deps().session;
    const io = runIo();
    const pane = openPane(spec, {
      telemetry: services.telemetry?.loaded(),
      router: services.router,
      journal: services.journal,
      matchLists: matchListPort(services, (line, signal) =>
        runLine(line, { context: [] }, services, signal, io),
      ),
      // `| refresh`: in the context the line was typed in, its pipes applied each time.
      runLine: (
        (context) => async (line: string, signal: AbortSignal) =>
          (await runPiped(line, { context }, services, signal, io)).outcome
      )(get().context),
      complete: lineCompleter(() => {
        const completer = deps().session.services.valueCompleter;
        return {
          cache: deps().session.cache,
          context: [],
          ...(completer ? { valueCompleter: completer } : {}),
        };
      }),
    });
    if (!pane) return;
    const s = get();
    patch({ pane, below: from && s.pane === from ? [...s.below, from] : [] });
  };

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
    replay();
  };

  /** A lesson's note held while the pane its command opened is on the screen. */
  let heldLessonNote: string | undefined;

  /** `scans`: the lines as the lexer read them already (on Enter, once). */
  const run = async (texts: string[], ac = begin(), scans: readonly ScannedLine[] = []) => {
    try {
      for (const [i, text] of texts.entries()) {
        const p = prompt();
        const context = get().context;
        if (texts.length > 1) push(item('command', p + shown(text)));
        const since = get().running?.since ?? Date.now();
        const progress = (line: string) => {
          if (inflight === ac) patch({ running: { since, progress: line } });
        };
        const { outcome, page, note, warning } = await runPiped(
          text,
          { context: get().context },
          deps().session.services,
          ac.signal,
          runIo(progress),
          scans[i],
        );
        if (note) push(item('info', `note: ${note}`));
        if (warning) push(item('error', `warning: ${warning}`));
        if (!apply(outcome, { prompt: p, text: shown(text) }, page) || ac.signal.aborted) break;
        await pagerClosed();
        await checkLesson(
          deps().session.services,
          { line: text, context, outcome, signal: ac.signal },
          (n) => push(item('info', n)),
          (n) => {
            // The step's check may end after the pane was closed already: shown at once then.
            if (get().pane) heldLessonNote = n;
            else patch({ note: n });
          },
        );
      }
    } finally {
      end(ac);
    }
  };

  const pasteBlock = (text: string) => {
    const ac = begin();
    void checkPaste(text, get().context, deps().session.services.resolve, ac.signal)
      .then(async (check) => {
        const n = check.lines.length;
        const bad = check.bad.length ? `; ${check.bad.length} wrong, nothing run:` : '';
        push(item('info', `pasted ${n} command${n === 1 ? '' : 's'}${bad}`));
        if (check.bad.length) {
          for (const b of check.bad) push(item('error', `% line ${b.n}: ${b.message}`));
          return end(ac);
        }
        for (const l of check.lines) deps().recordHistory(l.text, get().context);
        await run(
          check.lines.map((l) => l.text),
          ac,
        );
      })
      .catch((e: unknown) => {
        push(errorItem(asRoutershError(e)));
        end(ac);
      });
  };

  const perform = (e: PromptEffect) => {
    switch (e.type) {
      case 'submit': {
        const note = get().note;
        if (note) {
          push(item('info', note));
          patch({ note: null });
        }
        push(item('command', prompt() + shown(e.text)));
        if (e.text.trim() === '') return;
        {
          // The line is read once: its tokens go to the history's redaction and to the run.
          const scan = scanLine(e.text);
          deps().recordHistory(e.text, get().context, scan);
          void run([e.text], begin(), [scan]);
        }
        return;
      }
      case 'cancelLine':
        push(item('command', `${prompt()}${shown(e.text)}^C`));
        return;
      case 'cancelRun':
        inflight?.abort(cancelledError());
        return;
      case 'exit':
        void leave();
        return;
      case 'clearScreen':
        deps().onClearScreen?.();
        return;
      case 'paste':
        pasteBlock(e.text);
        return;
      case 'complete': {
        const waiting = lookup.complete(e.how, e.repeat);
        if (waiting) tabHold.hold(waiting);
        return;
      }
      default:
        e satisfies never;
    }
  };

  function onKey(key: Key): boolean {
    if (asker.key(key)) return true;
    const s = get();
    if (s.pane) return false;
    if (s.pager) {
      // A typed run is split: the keys after the one that ends the pager are the shell's.
      const keys = splitText(key);
      let i = 0;
      while (i < keys.length && get().pager) pagerKey(keys[i++] as Key);
      for (; i < keys.length; i++) onKey(keys[i] as Key);
      return true;
    }
    if (tabHold.take(key)) return true;
    const r = handleKey(s.prompt, key, { running: s.running !== null, rows: deps().rows?.() });
    setPrompt(r.state);
    if (!sameLine(lineOf(s.prompt), lineOf(r.state))) lookup.decorate();
    for (const e of r.effects) perform(e);
    return r.by !== undefined;
  }

  // Keys typed while a request ran (or a pane was open) are replayed at the prompt.
  function replay(): void {
    const s = get();
    if (s.running || s.pane || s.prompt.typeAhead.length === 0) return;
    const keys = s.prompt.typeAhead;
    setPrompt({ ...s.prompt, typeAhead: [] });
    for (const k of keys) onKey(k);
  }

  return {
    onKey,
    /** `q` in a pane: back to the pane it came from, or to the prompt. */
    closePane: () => {
      const below = get().below;
      patch({ pane: below.at(-1) ?? null, below: below.slice(0, -1) });
      // Back at the prompt: the lesson's note from the command that opened the pane (step done,
      // the next one's instruction).
      // Not written above the live region now: that region is still the full-screen pane, and
      // the note would scroll off with it. It is drawn with the prompt instead.
      if (!below.length && heldLessonNote) {
        patch({ note: heldLessonNote });
        heldLessonNote = undefined;
      }
      replay();
    },
    /** A pane's `c`/`L`: the new pane on top of `from`. */
    openFrom: (from: OpenPane, req: PaneRequest) => showPane(specOf(req), from),
    /** A pane opened without a typed line (`routersh dash FILE` opens its dashboard at once). */
    open: (spec: PaneSpec) => showPane(spec),
    decorate: lookup.decorate,
    dispose: () => {
      closePager();
      tabHold.dispose();
      lookup.dispose();
      inflight?.abort(cancelledError());
    },
  };
}
