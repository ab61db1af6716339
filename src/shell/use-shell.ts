// The one thin hook of the interactive shell: its state lives in one store (read
// synchronously by the key handler, rendered through useSyncExternalStore), its effects in
// the shell controller, and its keys come from the one key source.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { promptText } from './editor/prompt-text.js';
import { useKeys } from '../panes/key-source/use-keys.js';
import { reseed, initPrompt } from './prompt-state.js';
import { createShellController, type ShellDeps, type ShellState } from './shell-controller.js';
import { createStore } from '../panes/kit/store.js';
import { useWindowLeft } from './use-window-left.js';

export interface UseShellOptions extends ShellDeps {
  /** Entries from the history file, oldest first (a new array with new content re-seeds it). */
  history: readonly string[];
}

export function useShell(o: UseShellOptions) {
  const opts = useRef(o);
  opts.current = o;
  const [{ store, controller }] = useState(() => {
    const store = createStore<ShellState>({
      prompt: initPrompt(o.history),
      context: [],
      running: null,
      pane: null,
      below: [],
      pager: null,
    });
    return { store, controller: createShellController(store, () => opts.current) };
  });
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const windowLeft = useWindowLeft(o.session.services.windows);
  useKeys(controller.onKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once: colour the empty line; stop lookups at the end
  useEffect(() => {
    controller.decorate();
    // Notes between commands (a class's instructor message) go above the prompt, which stays.
    const stopNotes = o.session.services.lessons?.notes?.(controller.note);
    return () => {
      stopNotes?.();
      controller.dispose();
    };
  }, []);
  useEffect(() => store.update((s) => ({ ...s, prompt: reseed(s.prompt, o.history) })), [store, o.history]);

  return {
    state,
    prompt: promptText(
      o.session.label,
      state.context,
      state.leaving ? undefined : windowLeft,
      o.session.services.candidate?.lines()?.length,
    ),
    closePane: controller.closePane,
    openFrom: controller.openFrom,
    open: controller.open,
  };
}
