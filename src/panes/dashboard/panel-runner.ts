// The panels' reads, without React: each panel fetches on its own (its AbortSignal, its own
// timeout), a slow or failing panel shows its error in its box and never holds up another panel
// or a key; a panel's refresh never overlaps its previous one (a timer tick while it is still
// busy is skipped; a new window or expression aborts and restarts). A panel under a closed row
// is not read. The hook (use-panel-fetches.ts) says when.
import type { Dashboard } from '../../contract/dashboard.js';
import type { PaneStore } from '../kit/index.js';
import { type DashAction, type DashState, windowRange } from './dashboard-reducer.js';
import { deadline } from './deadline.js';
import { rectOf } from './layout.js';
import type { PageOf } from './page.js';
import type { DashboardSources } from './panel-data.js';
import { fetchPanel, panelText } from './panel-fetch.js';
import type { PanelTexts } from './panel-texts.js';

/** A panel's request gives up after this long (its box then says so). */
export const PANEL_TIMEOUT_MS = 15_000;

export interface RunnerOptions {
  dashboard: Dashboard;
  store: PaneStore<DashState, DashAction>;
  now: () => number;
  pageOf: PageOf;
  texts: PanelTexts;
  /** False until the variables looked up at open have their values. */
  ready: () => boolean;
  /** Why a panel's text (as written) cannot be sent (sources.unfilled). */
  unfilled?: DashboardSources['unfilled'];
}

export interface PanelRunner {
  /** Starts panel i; `restart`: a busy panel is aborted (new window, text); else it is left alone. */
  start(i: number, restart: boolean): void;
  /** Whether panel i was ever started. */
  started(i: number): boolean;
  abortAll(): void;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function panelRunner(o: RunnerOptions): PanelRunner {
  const { dashboard, store, now } = o;
  const dispatch = store.dispatch;
  const running = new Map<number, { controller: AbortController; key: string }>();
  const busy = new Set<number>();
  const start = (i: number, restart: boolean) => {
    const s = store.get();
    const p = dashboard.panels[i];
    const r = rectOf(o.pageOf(s.open), i);
    if (!p || !r || !o.ready()) return;
    // A variable it uses has no values (none found, or its look-up failed): said, not asked.
    const empty = o.unfilled?.(s.edited[i] ?? panelText(p), s.chosen);
    if (empty) return dispatch({ type: 'panelFailed', panel: i, message: empty, at: now() });
    const text = o.texts.textOf(i, s);
    const { startMs, endMs } = windowRange(s.window, now());
    const key = `${text}\u0000${s.window.live}\u0000${s.window.spanMs}\u0000${s.window.live ? 0 : s.window.endMs}`;
    const old = running.get(i);
    if (old && busy.has(i)) {
      if (!restart && old.key === key) return;
      old.controller.abort();
    }
    const source = o.texts.sourceOf(i, text);
    if (!source) return;
    const d = deadline(PANEL_TIMEOUT_MS);
    const { controller, signal } = d;
    running.set(i, { controller, key });
    busy.add(i);
    // "loading" only when a refresh is slow, or at once when the box is empty.
    const loading = () => dispatch({ type: 'panelLoading', panel: i });
    const timer = s.panels[i]?.data ? setTimeout(loading, 200) : undefined;
    if (!s.panels[i]?.data) loading();
    fetchPanel(p, source, { expr: text, startMs, endMs, width: r.w - 2, height: r.h - 2 }, signal)
      .then(
        (data) => {
          if (!signal.aborted) dispatch({ type: 'panelLoaded', panel: i, data, at: now() });
        },
        (e: unknown) => {
          // Aborted by a newer fetch or the screen closing: nothing to say. Out of time: say so.
          if (signal.aborted && !d.timedOut()) return;
          const why = d.timedOut() ? `no answer within ${PANEL_TIMEOUT_MS / 1000}s` : message(e);
          dispatch({ type: 'panelFailed', panel: i, message: why, at: now() });
        },
      )
      .finally(() => {
        d.clear();
        clearTimeout(timer);
        if (running.get(i)?.controller === controller) busy.delete(i);
      });
  };
  return {
    start,
    started: (i) => running.has(i),
    abortAll() {
      for (const r of running.values()) r.controller.abort();
    },
  };
}
