// When the panels read (panel-runner.ts does the reading): every panel at once for a new window,
// new variables, an edit or `r`; a row's panels when it opens; all on the dashboard's one
// refresh timer (skipped while a panel is zoomed: only the zoomed pane reads then).
import { useEffect, useState } from 'react';
import type { DashState } from './dashboard-reducer.js';
import { panelRunner, type RunnerOptions } from './panel-runner.js';

/** `s`: the state drawn (its changes are the triggers). */
export function usePanelFetches(o: RunnerOptions, s: DashState): void {
  const { dashboard, store } = o;
  const [runner] = useState(() => panelRunner(o));
  const each = (f: (i: number) => void) => {
    for (let i = 0; i < dashboard.panels.length; i++) f(i);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `request` is the trigger
  useEffect(() => each((i) => runner.start(i, true)), [s.request]);
  // A row opened: its panels never read are read now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` is the trigger
  useEffect(() => each((i) => runner.started(i) || runner.start(i, false)), [s.open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer follows the window's mode
  useEffect(() => {
    const every = dashboard.refreshSeconds * 1000;
    if (!(every > 0) || !s.window.live || s.window.paused) return;
    const t = setInterval(() => store.get().zoomed || each((i) => runner.start(i, false)), every);
    return () => clearInterval(t);
  }, [dashboard, s.window.live, s.window.paused]);
  useEffect(() => () => runner.abortAll(), [runner]);
}
