// The shell's side effects, without React. It composes the pieces, each in its own file:
// where a key goes (prompt-keys.ts, editing through the one handleKey), completion and the
// Tab hold (shell-completion.ts), running a line or a pasted block (line-runner.ts) and
// applying its outcome (apply-outcome.ts), writing above the live region and the pager
// (shell-output.ts), panes (pane-stack.ts), questions (asker.ts) and the confirmed-change
// window (shell-window.ts). What handleKey asks for is done in `perform`.
import type { PaneSpec } from '../contract/outcome.js';
import { applyOutcome } from './apply-outcome.js';
import { createAsker } from './asker.js';
import type { PromptEffect } from './handle-key.js';
import { createLineRunner } from './line-runner.js';
import { createPaneStack } from './pane-stack.js';
import type { PromptState } from './prompt-state.js';
import { createPromptKeys } from './prompt-keys.js';
import { createShellCompletion } from './shell-completion.js';
import { createShellOutput } from './shell-output.js';
import type { ShellDeps, ShellState } from './shell-state.js';
import { leaveShell, promptNow } from './shell-window.js';
import type { Store } from '../panes/kit/store.js';
import { item } from './scrollback.js';

export type { ShellDeps, ShellState } from './shell-state.js';

export function createShellController(store: Store<ShellState>, deps: () => ShellDeps) {
  const get = store.get;
  const patch = (p: Partial<ShellState>) => store.set({ ...get(), ...p });
  const setPrompt = (prompt: PromptState) => patch({ prompt });
  const prompt = () => promptNow(deps().session, get().context);
  const shown = (text: string) => deps().mask?.(text, get().context) ?? text;

  const out = createShellOutput(get, patch, deps);
  // Questions (undo) and notes from outside a command (a confirmed window that expired).
  const asker = createAsker(out.say, (question) => patch({ question }));
  const completion = createShellCompletion({
    getPrompt: () => get().prompt,
    setPrompt,
    deps: () => ({
      cache: deps().session.cache,
      context: get().context,
      valueCompleter: deps().session.services.valueCompleter,
      note: deps().session.fleet?.note,
      keyAt: deps().session.fleet?.keyAt,
    }),
    replay: (key) => keys.onKey(key),
  });
  const leave = () => {
    patch({ leaving: true });
    void leaveShell(deps().session.services, asker.choose, out.say, () => deps().onExit());
  };
  const panes = createPaneStack({
    get,
    patch,
    session: () => deps().session,
    runIo: () => runner.runIo(),
    replay: () => keys.replay(),
  });
  const runner = createLineRunner({
    get,
    patch,
    deps,
    out,
    ask: asker.ask,
    choose: (question, letters, fallback) => asker.choose(question, letters, fallback),
    prompt,
    shown,
    apply: (outcome, line, page) =>
      applyOutcome(outcome, line, page, {
        out,
        color: deps().color,
        setContext: (context) => {
          patch({ context });
          completion.decorate();
        },
        leave,
        showPane: (spec) => panes.show(spec),
      }),
    lessonNote: panes.lessonNote,
    replay: () => keys.replay(),
  });

  const clock = keyClock();
  const perform = (e: PromptEffect) => {
    switch (e.type) {
      case 'submit':
        return runner.submit(e.text);
      case 'cancelLine':
        return out.push(item('command', `${prompt()}${shown(e.text)}^C`));
      case 'cancelRun':
        return runner.cancel();
      case 'exit':
        // Ctrl-D in candidate mode leaves candidate mode (`end` asks when lines are staged), not the shell.
        if (deps().session.services.candidate?.lines() !== undefined) return runner.submit('end');
        return leave();
      case 'clearScreen':
        return deps().onClearScreen?.();
      case 'paste':
        return runner.paste(e.text);
      case 'complete':
        return completion.complete(e.how, e.repeat, clock.readAt());
      default:
        e satisfies never;
    }
  };
  const keys = createPromptKeys({
    get,
    setPrompt,
    answer: asker.key,
    pagerKey: out.pagerKey,
    held: completion.take,
    decorate: completion.decorate,
    perform,
    rows: () => deps().rows?.(),
  });

  const onKey = (key: Parameters<typeof keys.onKey>[0]) => {
    clock.stamp();
    return keys.onKey(key);
  };

  return {
    onKey,
    /** `q` in a pane: back to the pane it came from, or to the prompt. */
    closePane: panes.close,
    /** A pane's `c`/`L`: the new pane on top of `from`. */
    openFrom: panes.openFrom,
    /** A pane opened without a typed line (`routersh dash FILE` opens its dashboard at once). */
    open: (spec: PaneSpec) => panes.show(spec),
    decorate: completion.decorate,
    /** A note from outside any command (a lesson driver's: a class's message), above the prompt. */
    note: out.note,
    dispose: () => {
      out.closePager();
      completion.dispose();
      runner.cancel();
    },
  };
}

/**
 * When this turn of the loop began handing keys over, about when their bytes were read: a Tab's
 * wait for the fleet's hosts counts from there, so the keys read with it (`interface <Tab>`
 * pasted or typed fast) and their frame come out of its budget, not on top of it.
 */
function keyClock() {
  let at: number | undefined;
  return {
    stamp(): void {
      if (at !== undefined) return;
      at = performance.now();
      queueMicrotask(() => {
        at = undefined;
      });
    },
    readAt: (): number | undefined => at,
  };
}
