// Evaluation values: a scalar per step, or a set of series with a value (or a gap) per step.

export type Labels = Record<string, string>;

export interface VSeries {
  labels: Labels;
  v: Float64Array;
  /** 1 where the series has a sample at that step. */
  has: Uint8Array;
}

export type Value = { t: 'scalar'; v: Float64Array } | { t: 'vector'; s: VSeries[] };

export interface EvalContext {
  /** Evaluation times in epoch ms (one for an instant query). */
  steps: number[];
  /** Step in ms; 0 for an instant query. */
  stepMs: number;
  now: number;
}

export function emptySeries(labels: Labels, n: number): VSeries {
  return { labels, v: new Float64Array(n), has: new Uint8Array(n) };
}

export function withoutName(labels: Labels): Labels {
  const { __name__: _drop, ...rest } = labels;
  return rest;
}

/** A stable key of a label set. */
export function signature(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}\u0001${labels[k]}`)
    .join('\u0002');
}
