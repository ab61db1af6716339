// The telemetry client's public surface.
export { alignSeries, type AlignedSeries } from './align.js';
export { DEFAULT_LIMITS } from './capabilities.js';
export { TelemetryClient, type TelemetryClientConfig } from './client.js';
export { DEFAULT_RETRIES, type RetryLimits } from './retry.js';
export type * from './shapes.js';
export {
  chooseStep,
  coarserStep,
  NICE_STEPS,
  pointsPerSeries,
  type StepChoice,
  type StepInput,
} from './step.js';
export { formatTime, parseTime } from './time.js';
export type * from './types.js';
