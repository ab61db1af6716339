// Services for unit tests of one handler or the runner, when a whole session would hide what
// is tested: every member the product's builder (src/session/session.ts) sets, with test values.
import type { TelemetryClient } from '../../src/api/telemetry/client.js';
import type { Services, TelemetryPort } from '../../src/contract/services.js';

const none = () => Promise.reject(new Error('not in this test'));

export function stubServices(over: Partial<Services> = {}): Services {
  return Object.freeze({
    resolve: none,
    router: { send: none },
    cache: { get: none, invalidate: () => {}, clear: () => {} },
    telemetry: undefined,
    valueCompleter: undefined,
    width: () => 100,
    interactive: false,
    now: Date.now,
    lessons: undefined,
    journal: undefined,
    yes: false,
    guard: undefined,
    panes: undefined,
    windows: undefined,
    ...over,
  });
}

/** A telemetry port over a client made already. */
export const telemetryOf = (client: TelemetryClient): TelemetryPort => ({
  client: async () => client,
  loaded: () => client,
});
