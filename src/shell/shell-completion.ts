// Completion at the prompt: the line coloured and hinted after each change, Tab and `?` from
// the metadata cache or after a lookup (completion-lookup.ts), and the keys typed while Tab
// waits for the router held and replayed after its answer (tab-hold.ts).
import type { Key } from '../keys/key-parser.js';
import type { CompletionHow } from './completion-apply.js';
import { createCompletionLookup, type LookupDeps } from './completion-lookup.js';
import type { PromptState } from './prompt-state.js';
import { createTabHold } from './tab-hold.js';

export interface ShellCompletion {
  /** Colours the line and sets the hint (after every change of the line or the context). */
  decorate(): void;
  /** Tab or `?` (its key read at `at`): the keys that follow wait while it asks the router. */
  complete(how: CompletionHow, repeat: boolean, at?: number): void;
  /** True when `key` was held behind a Tab (the caller does nothing more with it). */
  take(key: Key): boolean;
  dispose(): void;
}

export function createShellCompletion(o: {
  getPrompt: () => PromptState;
  setPrompt: (s: PromptState) => void;
  deps: () => LookupDeps;
  /** A held key, once the Tab's answer is shown. */
  replay: (key: Key) => void;
}): ShellCompletion {
  const lookup = createCompletionLookup(o.getPrompt, o.setPrompt, o.deps);
  const tabHold = createTabHold({ replay: o.replay, cancel: () => lookup.cancel() });
  return {
    decorate: lookup.decorate,
    complete: (how, repeat, at) => {
      const waiting = lookup.complete(how, repeat, at);
      if (waiting) tabHold.hold(waiting);
    },
    take: (key) => tabHold.take(key),
    dispose: () => {
      tabHold.dispose();
      lookup.dispose();
    },
  };
}
