// Grafana's legendFormat for a series: `{{label}}` → that label's value. A label the series does
// not have (or has empty) is written as its name, as Grafana's renderLegendFormat does
// (packages/grafana-prometheus, legend.ts: `aliasData[g1] ? aliasData[g1] : g1`). `__auto` and an
// empty format: the labels that tell the series apart, as without a format.
import type { Series } from '../../term/chart/series.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { differingLabels } from '../../term/chart/legend.js';

// Bounded inside the braces: a format of many unclosed `{{` costs linear time.
const ALIAS = /\{\{\s*([^{}]{1,200}?)\s*\}\}/g;

/** One series' name under `format` (untrusted label text sanitized). */
export const legendName = (format: string, labels: Readonly<Record<string, string>>): string =>
  sanitizeLine(format.replace(ALIAS, (_, name: string) => (labels[name] ? labels[name] : name)));

/** Every series' name: the panel's legendFormat when it has one, else the differing labels. */
export function seriesNames(
  series: ReadonlyArray<Pick<Series, 'labels'>>,
  format: string | undefined,
): string[] {
  if (format === undefined || format === '' || format === '__auto')
    return differingLabels(series.map((s) => ({ labels: s.labels, samples: [] })));
  return series.map((s) => legendName(format, s.labels));
}
