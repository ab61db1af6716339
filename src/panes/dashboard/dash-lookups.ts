// The lookups a dashboard key starts, without React: a variable's values for the `v` picker and
// the `e` prompt's completion, each answered into the store (a late answer to a closed picker or
// prompt is dropped by the reducer, or here).
import type { Dashboard } from '../../contract/dashboard.js';
import type { PaneStore } from '../kit/index.js';
import type { DashAction, DashState } from './dashboard-reducer.js';
import { deadline } from './deadline.js';
import type { DashboardSources } from './panel-data.js';
import { promptLine } from './prompt-line.js';

type Store = PaneStore<DashState, DashAction>;
const text = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Opens the picker on variable `varIndex`; a looked-up variable's values come when they come. */
export function openPicker(d: Dashboard, sources: DashboardSources, store: Store, varIndex: number): void {
  const v = d.variables[varIndex];
  if (!v) return;
  const fixed = v.kind === 'list' || v.kind === 'interval' ? v.values : null;
  const chosen = store.get().chosen[v.name];
  store.dispatch({ type: 'picker', action: { type: 'open', varIndex, variable: v, chosen, values: fixed } });
  if (fixed) return;
  const dl = deadline(10_000);
  sources.variableValues(varIndex, dl.signal, store.get().chosen).then(
    (values) => {
      dl.clear();
      store.dispatch({ type: 'picker', action: { type: 'values', varIndex, values } });
    },
    (e: unknown) => {
      dl.clear();
      store.dispatch({ type: 'picker', action: { type: 'failed', varIndex, message: text(e) } });
    },
  );
}

/** Completes the prompt's `typed` text; a newer completion (or Esc) aborts this one. */
export function completePrompt(
  d: Dashboard,
  sources: DashboardSources,
  store: Store,
  typed: string,
  previous: AbortController | null,
): AbortController | null {
  const s = store.get();
  const panel = s.prompt ? d.panels[s.prompt.panel] : undefined;
  const lead = panel ? promptLine(panel.kind) : undefined;
  if (!panel || !sources.complete || lead === undefined) return previous;
  previous?.abort();
  const dl = deadline(5000);
  const c = dl.controller;
  sources.complete(lead + typed, c.signal).then(
    (r) => {
      dl.clear();
      if (c.signal.aborted || !store.get().prompt) return;
      const next = r.line.startsWith(lead) ? r.line.slice(lead.length) : typed;
      store.dispatch({
        type: 'promptText',
        text: next,
        candidates: r.candidates.length > 1 ? r.candidates : [],
      });
    },
    (e: unknown) => {
      dl.clear();
      if (!c.signal.aborted || dl.timedOut())
        store.dispatch({ type: 'promptText', text: typed, note: text(e) });
    },
  );
  return c;
}
