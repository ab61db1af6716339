// Completion off the keystroke path: colour and hint from the metadata cache at once, then
// (when the cache lacks something) one background lookup that shows once more; Tab and `?`
// from the cache, or after a lookup. Every lookup takes an AbortSignal; a newer one aborts
// the older, and an answer for a line that has changed since is dropped.
import {
  classifyLineSync,
  type Completion,
  type MetadataCache,
  resolveLine,
  type ValueCompleter,
} from '../lang/index.js';
import { commandOf, completeLine, completeLineSync } from '../lang/complete-line.js';
import { applyCompletion, type CompletionHow } from './completion-apply.js';
import { lineHint, lineSpans } from './editor/line-view.js';
import { type LineSnapshot, lineOf, type PromptState, sameLine } from './prompt-state.js';

export interface LookupDeps {
  cache: MetadataCache;
  context: readonly string[];
  valueCompleter: ValueCompleter | undefined;
  /** Said after the hint (the fleet shell: `31/40 answered` while some hosts have not answered). */
  note?: (() => string | undefined) | undefined;
  /** The fleet shell: the key a lookup answers was read at `at`, its hosts' budget counts from it. */
  keyAt?: ((at: number | undefined) => void) | undefined;
}

export interface CompletionLookup {
  /** Colours the line and sets the hint (after every change of the line or the context). */
  decorate(): void;
  /**
   * Tab or `?` on the current line, its key read at `at` (performance.now()); a promise when it
   * waits for the router (settled once shown).
   */
  complete(how: CompletionHow, repeat: boolean, at?: number): Promise<void> | undefined;
  /** Drops the lookup in flight (a completion waiting for the router settles). */
  cancel(): void;
  dispose(): void;
}

export function createCompletionLookup(
  getPrompt: () => PromptState,
  setPrompt: (s: PromptState) => void,
  deps: () => LookupDeps,
): CompletionLookup {
  let background: AbortController | null = null;
  /** The Tab (or `?`) whose key time the fleet's budget holds: only it clears that time. */
  let keyed: AbortController | null = null;
  const view = () => {
    const d = deps();
    return { cache: d.cache, context: d.context, dynamicValues: d.valueCompleter !== undefined };
  };
  const engine = () => {
    const d = deps();
    return {
      cache: d.cache,
      context: d.context,
      ...(d.valueCompleter ? { valueCompleter: d.valueCompleter } : {}),
    };
  };
  const restart = () => {
    background?.abort();
    background = new AbortController();
    return background;
  };
  // Applies `fn` to the prompt only while the line is still `line`.
  const ifStill = (line: LineSnapshot, fn: (s: PromptState) => PromptState) => {
    const s = getPrompt();
    if (sameLine(line, lineOf(s))) setPrompt(fn(s));
  };

  // The pipe part has its own completion, the command before it is classified (complete-line.ts).
  const syncCompletion = (line: LineSnapshot) => {
    const c = completeLineSync(line, view());
    return c === 'pending' ? c : noted(c);
  };
  const noted = (c: Completion): Completion => {
    const note = deps().note?.();
    return note === undefined ? c : { ...c, hint: c.hint ? `${c.hint} (${note})` : note };
  };

  const show = (line: LineSnapshot, comp: ReturnType<typeof completeLineSync>) => {
    const c = classifyLineSync(commandOf(line).text, view());
    const atEnd = line.cursor === line.text.length;
    ifStill(line, (s) => ({ ...s, spans: lineSpans(c), hint: lineHint(c, comp, atEnd) }));
    return c;
  };

  function decorate(): void {
    const line = lineOf(getPrompt());
    const cmd = commandOf(line);
    const comp = syncCompletion(line);
    const c = show(line, comp);
    if (c.kind !== 'pending' && comp !== 'pending') return;
    // Fill the cache, then show once more. No second round: a slot that is always 'pending'
    // synchronously (telemetry values) must not turn into a loop of lookups.
    const ac = restart();
    const e = engine();
    void (async () => {
      if (c.kind === 'pending') await resolveLine(cmd.text, e, ac.signal, { typing: true });
      const done = comp === 'pending' ? noted(await completeLine(line, e, ac.signal)) : comp;
      if (!ac.signal.aborted) show(line, done);
    })().catch(() => {
      // The router may be unreachable: typing goes on; the error shows when the line runs.
    });
  }

  function completeNow(how: CompletionHow, repeat: boolean, at?: number): Promise<void> | undefined {
    const line = lineOf(getPrompt());
    const sync = syncCompletion(line);
    if (sync !== 'pending') {
      setPrompt(applyCompletion(getPrompt(), sync, how, repeat));
      if (!sameLine(line, lineOf(getPrompt()))) decorate();
      return undefined;
    }
    const ac = restart();
    ifStill(line, (s) => ({ ...s, hint: '…' }));
    const keyAt = deps().keyAt;
    keyAt?.(at);
    keyed = ac;
    // Settled (answered, failed or cancelled), unless a newer Tab has said its own key since.
    const settled = () => {
      if (keyed === ac) keyAt?.(undefined);
    };
    return completeLine(line, engine(), ac.signal).then(
      (answer) => {
        settled();
        const res = noted(answer);
        if (ac.signal.aborted) return;
        ifStill(line, (s) => applyCompletion(s, res, how, repeat));
        const now = getPrompt();
        if (!sameLine(line, lineOf(now)) || now.hint === '…') decorate();
      },
      (e: unknown) => {
        settled();
        if (!ac.signal.aborted)
          ifStill(line, (s) => ({ ...s, hint: `completion unavailable: ${(e as Error).message}` }));
      },
    );
  }

  const cancel = () => background?.abort();
  return { decorate, complete: completeNow, cancel, dispose: cancel };
}
