// What the text plot reads of a series: its labels and its samples' time and value. The
// telemetry API's Series (api/telemetry/types.ts) is one by shape; term/ sits below api/, so
// the plot names only what it reads.
export interface Series {
  labels: Readonly<Record<string, string>>;
  samples: ReadonlyArray<{ readonly t: number; readonly v: number }>;
}
