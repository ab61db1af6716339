// A dashboard's `e` and the prompt complete a line the same way: Tab on `metrics range EXPR` (…)
// as the prompt completes it, the line back. Lent to the panes' sources (PaneContext.complete).
import { completeLine } from '../lang/complete-line.js';
import type { EngineDeps } from '../lang/types.js';

/** A dashboard's `e`: Tab on `metrics range EXPR` (…) as the prompt completes it, the line back. */
export function lineCompleter(
  deps: () => EngineDeps,
): (line: string, signal: AbortSignal) => Promise<{ candidates: string[]; line: string }> {
  return async (line, signal) => {
    const res = await completeLine({ text: line, cursor: line.length }, deps(), signal);
    const next = line.slice(0, res.replaceFrom) + res.commonPrefix + line.slice(res.replaceTo);
    const candidates = res.candidates.filter((c) => c.insertable).map((c) => c.display);
    // Tab never shortens what was typed; one candidate is taken whole.
    const only =
      res.candidates.length === 1 && res.candidates[0]!.insertable ? res.candidates[0]! : undefined;
    const taken = only
      ? line.slice(0, res.replaceFrom) + only.text + (only.continues ? '' : ' ') + line.slice(res.replaceTo)
      : next;
    return { line: taken.length >= line.length ? taken : line, candidates };
  };
}
