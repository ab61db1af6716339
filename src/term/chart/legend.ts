// Legend text: only the labels that tell the series apart (customer_id=c17), not the ones they
// all share. Label text comes from the server and is sanitized.
import type { Series } from './series.js';
import { sanitizeLine } from '../sanitize.js';

/** Per series, `k=v` pairs of the labels that differ between the series (all labels if one). */
export function differingLabels(series: readonly Series[]): string[] {
  if (series.length === 0) return [];
  const keys = new Set<string>();
  for (const s of series) for (const k of Object.keys(s.labels)) keys.add(k);
  const differing = [...keys].sort().filter((k) => {
    if (series.length === 1) return true;
    const first = series[0]!.labels[k];
    return series.some((s) => s.labels[k] !== first);
  });
  return series.map((s, i) => {
    const pairs = differing.filter((k) => k in s.labels).map((k) => `${k}=${s.labels[k]}`);
    const text = pairs.length > 0 ? pairs.join(' ') : series.length === 1 ? '' : `series ${i + 1}`;
    return sanitizeLine(text);
  });
}

export interface LegendItem {
  index: number;
  text: string;
  hidden: boolean;
  /** The digit that toggles it (default: index + 1 for the first nine). */
  key?: number;
  /** Under the legend cursor (Enter toggles it). */
  selected?: boolean;
  /** The series' plot marker (no colour): its sample reads `─●─`. */
  marker?: string | undefined;
}

/** Markers per series position (NO_COLOR and the plain chart): one per colour of the palette. */
export const SERIES_MARKERS: readonly string[] = ['●', '○', '×', '+', '◆', '▲', '■', '□', '◇', '△'];

/**
 * Packs legend items into at most `maxLines` lines of `width` columns; what does not fit is
 * summarised as "+N more". Each item is "N:text ─" (N is the digit that toggles it).
 */
export function layoutLegend(items: readonly LegendItem[], width: number, maxLines: number): LegendItem[][] {
  const lines: LegendItem[][] = [];
  let current: LegendItem[] = [];
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const w = legendItemText(item).length + 2;
    if (used + w > width && current.length > 0) {
      lines.push(current);
      if (lines.length === maxLines) return markMore(lines, items.length, width);
      current = [];
      used = 0;
    }
    current.push(item);
    used += w;
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

export function legendItemText(item: LegendItem): string {
  if (item.index < 0) return item.text;
  const digit = item.key ?? (item.index < 9 ? item.index + 1 : undefined);
  const key = digit !== undefined ? `${digit}:` : '';
  const text = item.text.length > 60 ? `${item.text.slice(0, 59)}…` : item.text;
  const sample = item.marker ? `─${item.marker}─` : '─';
  const body = `${key}${text}${text ? ' ' : ''}${sample}${item.hidden ? ' (hidden)' : ''}`;
  return item.selected ? `[${body}]` : body;
}

function markMore(lines: LegendItem[][], total: number, width: number): LegendItem[][] {
  const last = lines[lines.length - 1]!;
  // Leave room for the marker on the last line.
  while (last.length > 1 && last.reduce((n, it) => n + legendItemText(it).length + 2, 0) + 10 > width)
    last.pop();
  const shown = lines.reduce((n, l) => n + l.length, 0);
  last.push({ index: -1, text: `+${total - shown} more`, hidden: false });
  return lines;
}
