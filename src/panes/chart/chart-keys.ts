// What a key does in the chart pane, from the one keymap (`chart.*`), given the state the last
// key left (the pane kit applies keys to the store one by one, so `jjj` moves three).
import type { Key } from '../../keys/key-parser.js';
import { type Command, resolveCommand } from '../../keys/keymap.js';
import type { PaneKeyResult } from '../kit/index.js';
import { logsForWindow, type PaneLink, type PaneRequest } from '../pane-links.js';
import { type ChartAction, type ChartState, chartRange, seriesKey } from './chart-reducer.js';
import { legendView, pageCursor } from './series-view.js';
import type { Series } from '../../api/telemetry/types.js';

const keyOf = (s: Series) => seriesKey(s.labels);

export interface ChartKeyContext {
  /** The legend's width (its pages depend on it). */
  legendWidth: number;
  now: () => number;
  onClose: () => void;
  /** `L`: log field ↔ metric label pairs, and the shell's pane stack. */
  links: readonly PaneLink[];
  onOpen?: ((req: PaneRequest) => void) | undefined;
}

const SIMPLE: Partial<Record<Command, (now: number) => ChartAction>> = {
  'chart.topN': () => ({ type: 'cycleTopN' }),
  'chart.pause': () => ({ type: 'togglePause' }),
  'chart.zoomIn': (now) => ({ type: 'zoomIn', now }),
  'chart.zoomOut': (now) => ({ type: 'zoomOut', now }),
  'chart.panLeft': (now) => ({ type: 'pan', direction: -1, now }),
  'chart.panRight': (now) => ({ type: 'pan', direction: 1, now }),
  'chart.refresh': () => ({ type: 'refresh' }),
  'chart.coarser': () => ({ type: 'coarser' }),
  'chart.finer': () => ({ type: 'finer' }),
};

export function chartKey(key: Key, s: ChartState, c: ChartKeyContext): PaneKeyResult<ChartAction> {
  const command = resolveCommand(key, { mode: 'chart' });
  if (command === undefined) return undefined;
  const simple = SIMPLE[command];
  if (simple) return simple(c.now());
  const all = s.data?.series ?? [];
  const view = (cursor = s.cursor) => legendView(all, { ...s, cursor }, c.legendWidth, keyOf);
  // The series at a legend position, toggled (the view as it is with the cursor there).
  const toggleAt = (position: number): PaneKeyResult<ChartAction> => {
    const index = view(position).shown[position];
    const series = index === undefined ? undefined : all[index];
    return series ? { type: 'toggleSeries', key: keyOf(series) } : true;
  };
  const toggle = /^chart\.toggle(\d)$/.exec(command);
  if (toggle) {
    // Digits name the items of the legend page on screen.
    const item = view().items.find((it) => it.key === Number(toggle[1]));
    return item ? toggleAt(item.index) : true;
  }
  switch (command) {
    case 'chart.legendPrev':
    case 'chart.legendNext': {
      const by = command === 'chart.legendNext' ? 1 : -1;
      return { type: 'select', position: pageCursor(all, s.topN, view().cursor, c.legendWidth, by) };
    }
    case 'chart.cursorPrev':
    case 'chart.cursorNext': {
      const v = view();
      const by = command === 'chart.cursorNext' ? 1 : -1;
      return { type: 'select', position: Math.max(0, Math.min(v.shown.length - 1, v.cursor + by)) };
    }
    case 'chart.toggleSelected':
      return toggleAt(view().cursor);
    case 'chart.close':
      c.onClose();
      return true;
    case 'chart.logs': {
      // The visible window, and the labels of the series under the legend cursor.
      const v = view();
      const index = v.shown[v.cursor];
      const labels = index === undefined ? undefined : all[index]?.labels;
      c.onOpen?.(logsForWindow({ ...chartRange(s, c.now()), live: s.live }, labels, c.links));
      return true;
    }
    default:
      return false;
  }
}
