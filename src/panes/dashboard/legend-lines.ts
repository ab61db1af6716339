// A small chart's legend, uncut: its items (`─ name value`) packed into as few lines as the box
// is wide, in the lines a chart can spare below its 6 plot rows (at least one). When they do not
// fit with their values, they are tried without; only an item wider than the box is cut.
import { displayWidth, truncateToWidth } from '../../term/text-width.js';

/** Plot rows a chart keeps before its legend gets a second line (layout.ts: MIN_BOX). */
export const MIN_PLOT_ROWS = 6;

export interface LegendItem {
  name: string;
  /** The last value with its unit, shown after the name when there is room. */
  value?: string | undefined;
}

/** Items packed left to right, two spaces apart; undefined when they need more than `rows` lines. */
function pack(texts: readonly string[], width: number, rows: number): string[][] | undefined {
  const lines: string[][] = [];
  let used = 0;
  for (const t of texts) {
    const w = Math.min(displayWidth(t), width);
    const line = lines[lines.length - 1];
    if (line && used + 2 + w <= width) {
      line.push(t);
      used += 2 + w;
    } else {
      lines.push([t]);
      used = w;
    }
  }
  return lines.length <= rows ? lines : undefined;
}

/**
 * The legend's lines (plain text, each item's index kept for its colour): with values if they
 * fit in `rows` lines, else without, else as many as fit, the last one ending with `+N`.
 */
export function legendLines(
  items: readonly LegendItem[],
  width: number,
  rows: number,
): Array<Array<{ index: number; text: string }>> {
  const room = Math.max(1, rows);
  const withValues = items.map((it, i) => ({
    index: i,
    text: `─ ${it.name}${it.value ? ` ${it.value}` : ''}`,
  }));
  const bare = items.map((it, i) => ({ index: i, text: `─ ${it.name}` }));
  for (const set of [withValues, bare]) {
    const packed = pack(
      set.map((s) => s.text),
      width,
      room,
    );
    if (packed) {
      let k = 0;
      return packed.map((line) =>
        line.map((text) => ({ index: set[k++]!.index, text: truncateToWidth(text, width) })),
      );
    }
  }
  // Too many for the room: what fits, and how many more there are.
  const packed = pack(
    bare.map((s) => s.text),
    width,
    Number.POSITIVE_INFINITY,
  )!;
  let k = 0;
  const lines = packed.map((line) =>
    line.map((text) => ({ index: bare[k++]!.index, text: truncateToWidth(text, width) })),
  );
  const shown = lines.slice(0, room);
  const more = items.length - shown.flat().length;
  const last = shown[shown.length - 1]!;
  while (last.length > 1 && displayWidth(last.map((x) => x.text).join('  ')) + ` +${more + 1}`.length > width)
    last.pop();
  const left = items.length - shown.flat().length;
  if (left > 0) last.push({ index: -1, text: `+${left}` });
  return shown;
}
