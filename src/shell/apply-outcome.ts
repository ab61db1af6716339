// One command's outcome, applied to the shell: its text written (or paged), the context
// changed, the shell left, a pane opened, an error shown with a caret under its word.
import type { Outcome, PaneSpec } from '../contract/outcome.js';
import { errorItem, item } from './scrollback.js';
import type { ShellOutput } from './shell-output.js';

export interface OutcomeTargets {
  out: Pick<ShellOutput, 'push' | 'output'>;
  color: boolean;
  setContext(context: string[]): void;
  leave(): void;
  showPane(spec: PaneSpec): void;
}

/** Returns false when the outcome is a failure (a paste stops there). */
export function applyOutcome(
  outcome: Outcome,
  line: { prompt: string; text: string },
  page: boolean,
  to: OutcomeTargets,
): boolean {
  switch (outcome.kind) {
    case 'empty':
      return true;
    case 'router':
    case 'text':
      if (outcome.kind === 'text' && outcome.diff && to.color) to.out.push(item('diff', outcome.text));
      else if (outcome.kind === 'router' && outcome.shown) {
        // Written in part while it arrived: the rest, never paged.
        const rest = outcome.text.slice(outcome.shown);
        if (rest) to.out.push(item('output', rest));
      } else if (outcome.text) to.out.output(outcome.text, page);
      if (outcome.kind === 'text' && outcome.failure) {
        to.out.push(errorItem(outcome.failure, line));
        return false;
      }
      return true;
    case 'context':
      to.setContext(outcome.context);
      return true;
    case 'exit':
      to.leave();
      return true;
    case 'pane':
      to.showPane(outcome.spec);
      return true;
    case 'error':
      to.out.push(errorItem(outcome.error, { ...line, ...(outcome.at ? { at: outcome.at } : {}) }));
      return false;
    default: {
      const never: never = outcome;
      return Boolean(never);
    }
  }
}
