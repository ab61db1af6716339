// Which series the chart shows and how its legend pages, as pure functions of the state, the
// data and the width (the frame draws it, the hook maps keys through it). With hundreds of
// series only the top N by recent value are plotted (in the server's order, so colours stay
// put); the legend lists those N a page at a time, with a cursor for toggling any of them.
import type { Series } from '../../api/telemetry/types.js';
import { differingLabels, type LegendItem, legendItemText } from '../../term/chart/legend.js';

/** `t` cycles through these; 0 shows every series. */
export const TOP_N_STEPS: readonly number[] = [10, 20, 50, 0];
export const LEGEND_LINES = 2;
/** Room kept on a page's last line for its "‹ 2/20 ›" marker. */
const MARKER_WIDTH = 14;

/** The last finite value of a series (its "recent" value), or −∞. */
export function recentValue(s: Series): number {
  for (let i = s.samples.length - 1; i >= 0; i--) {
    const v = s.samples[i]!.v;
    if (Number.isFinite(v)) return v;
  }
  return Number.NEGATIVE_INFINITY;
}

/** Indexes of the top `topN` series by recent value (0 = all), in the server's order. */
export function shownIndexes(series: readonly Series[], topN: number): number[] {
  if (topN <= 0 || series.length <= topN) return series.map((_, i) => i);
  const recent = series.map(recentValue);
  const ranked = series.map((_, i) => i).sort((a, b) => recent[b]! - recent[a]! || a - b);
  return ranked.slice(0, topN).sort((a, b) => a - b);
}

/** First item of each legend page: items packed greedily into `lines` lines of `width`. */
export function legendPageStarts(texts: readonly string[], width: number, lines = LEGEND_LINES): number[] {
  const starts = [0];
  let line = 0;
  let used = 0;
  for (let i = 0; i < texts.length; i++) {
    // Widest form of the item (a digit key, "(hidden)", the cursor), so toggling never re-pages.
    const w = legendItemText({ index: 0, key: 1, text: texts[i]!, hidden: true, selected: true }).length + 2;
    const room = line === lines - 1 ? width - MARKER_WIDTH : width;
    if (used + w > room && used > 0) {
      line++;
      used = 0;
      if (line === lines) {
        starts.push(i);
        line = 0;
      }
    }
    used += w;
  }
  return starts;
}

export interface LegendView {
  /** Series indexes plotted (before the user's own toggles). */
  shown: number[];
  /** Cursor as a position in `shown`. */
  cursor: number;
  page: number;
  pages: number;
  /** The current page's items; `key` is the digit that toggles it, `selected` the cursor. */
  items: LegendItem[];
}

export function legendView(
  series: readonly Series[],
  state: { topN: number; cursor: number; hidden: ReadonlySet<string> },
  width: number,
  keyOf: (s: Series) => string,
): LegendView {
  const shown = shownIndexes(series, state.topN);
  const texts = differingLabels(shown.map((i) => series[i]!));
  const starts = legendPageStarts(texts, width);
  const cursor = Math.max(0, Math.min(state.cursor, shown.length - 1));
  let page = 0;
  while (page + 1 < starts.length && starts[page + 1]! <= cursor) page++;
  const from = starts[page]!;
  const to = starts[page + 1] ?? shown.length;
  const items: LegendItem[] = [];
  for (let pos = from; pos < to; pos++) {
    const s = series[shown[pos]!]!;
    items.push({
      index: pos,
      text: texts[pos]!,
      hidden: state.hidden.has(keyOf(s)),
      ...(pos - from < 9 && { key: pos - from + 1 }),
      ...(pos === cursor && shown.length > 1 && { selected: true }),
    });
  }
  return { shown, cursor, page, pages: starts.length, items };
}

/** The cursor position that starts the page `by` pages away (clamped). */
export function pageCursor(
  series: readonly Series[],
  topN: number,
  cursor: number,
  width: number,
  by: number,
): number {
  const shown = shownIndexes(series, topN);
  const starts = legendPageStarts(differingLabels(shown.map((i) => series[i]!)), width);
  let page = 0;
  while (page + 1 < starts.length && starts[page + 1]! <= cursor) page++;
  return starts[Math.max(0, Math.min(starts.length - 1, page + by))]!;
}
