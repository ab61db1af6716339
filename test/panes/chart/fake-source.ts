// A plain ChartSource for pane tests: it records what the pane asked for and answers with
// series generated over the requested range (one point per requested column).
import type { Series } from '../../../src/api/telemetry/types.js';
import type { ChartData, ChartRange, ChartSource } from '../../../src/contract/chart.js';

export type Generator = (labels: Record<string, string>, i: number, n: number) => number;

export interface FakeChartSource extends ChartSource {
  calls: ChartRange[];
  fail: Error | null;
}

export function makeSeries(
  labels: Record<string, string>,
  startMs: number,
  endMs: number,
  n: number,
  gen: Generator,
): Series {
  const step = (endMs - startMs) / n;
  return {
    labels,
    samples: Array.from({ length: n }, (_, i) => {
      const v = gen(labels, i, n);
      return { t: startMs + i * step, v, raw: String(v) };
    }),
  };
}

export function fakeChartSource(labelSets: Array<Record<string, string>>, gen: Generator): FakeChartSource {
  const src: FakeChartSource = {
    calls: [],
    fail: null,
    async fetch(range: ChartRange): Promise<ChartData> {
      src.calls.push(range);
      if (src.fail) throw src.fail;
      const n = range.columns;
      const stepSeconds = Math.max(1, Math.round((range.endMs - range.startMs) / n / 1000));
      return {
        series: labelSets.map((l) => makeSeries(l, range.startMs, range.endMs, n, gen)),
        stepSeconds,
        startMs: range.startMs,
        endMs: range.endMs,
      };
    },
  };
  return src;
}
