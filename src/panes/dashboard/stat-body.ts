// A stat panel's inside: the instant value of each series (coloured by the panel's thresholds,
// written in its Grafana unit, named by its legendFormat), and a sparkline of the window under them.
import type { Panel, Threshold } from '../../contract/dashboard.js';
import { formatUnit } from '../../term/format-unit.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { seriesNames } from './legend-format.js';
import type { StatData } from './panel-data.js';

const COLORS: Record<Threshold['color'], string> = {
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  red: '\u001b[31m',
  blue: '\u001b[34m',
  default: '',
};
const BOLD = '\u001b[1m';
const RESET = '\u001b[0m';
const BARS = '▁▂▃▄▅▆▇█';

/** The colour of `v`: the last threshold at or below it (null is −∞). */
export function thresholdColor(
  v: number | null,
  thresholds: readonly Threshold[] | undefined,
): Threshold['color'] {
  if (v === null || !Number.isFinite(v) || !thresholds?.length) return 'default';
  let color: Threshold['color'] = 'default';
  for (const t of [...thresholds].sort((a, b) => (a.value ?? -Infinity) - (b.value ?? -Infinity)))
    if (t.value === null || v >= t.value) color = t.color;
  return color;
}

/** Values resampled to `width` bars (the last value of each column), drawn with ▁…█. */
export function sparkline(values: readonly number[], width: number): string {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0 || width <= 0) return '';
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  // Fewer values than columns: each is drawn wider; more: each column shows its last.
  let out = '';
  for (let c = 0; c < width; c++) {
    const v =
      values[Math.min(values.length - 1, Math.max(0, Math.ceil(((c + 1) * values.length) / width) - 1))]!;
    if (!Number.isFinite(v)) out += ' ';
    else out += BARS[max === min ? 3 : Math.round(((v - min) / (max - min)) * (BARS.length - 1))];
  }
  return out;
}

export function statBody(
  d: StatData,
  panel: Extract<Panel, { kind: 'stat' }> | undefined,
  o: { width: number; height: number; color: boolean },
): string[] {
  if (d.values.length === 0) return ['no value'];
  const names = seriesNames(d.values, panel?.legend);
  const spark = o.height >= 2 && d.spark.length > 0;
  const rows = Math.max(1, o.height - (spark ? 1 : 0));
  const lines = d.values.slice(0, rows).map((v, i) => {
    // The unit's own text (`1.5 MiB`, `True`): sanitized, a custom unit is the file's text.
    const text = v.value === null ? '–' : sanitizeLine(formatUnit(v.value, panel?.unit));
    const c = o.color ? COLORS[thresholdColor(v.value, panel?.thresholds)] : '';
    const painted = o.color ? `${BOLD}${c}${text}${RESET}` : text;
    const name = names[i] ? `  ${names[i]}` : '';
    return `${painted}${name}`;
  });
  if (d.values.length > rows && lines.length > 0)
    lines[lines.length - 1] += `  (+${d.values.length - rows} more)`;
  if (spark)
    lines.push(
      sparkline(
        d.spark[0]!.samples.map((s) => s.v),
        o.width,
      ),
    );
  return lines;
}
