// `c` and `f` against the telemetry simulator: with a step the user gave (`step 5m`), `c`
// doubles it and `f` halves it; without one they still change the fitted step.
import { cleanup } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { ChartPane } from '../../../src/panes/chart/ChartPane.js';
import { chartSource } from '../../../src/features/telemetry/telemetry-sources.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';
import { renderWithKeys, waitForFrame } from '../../helpers/ink.js';

let sim: TelemetrySim;
let client: TelemetryClient;
beforeAll(async () => {
  sim = await startTelemetrySim();
  client = new TelemetryClient({ baseUrl: sim.url, apiKey: sim.keys.demo });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});
afterEach(() => cleanup());

const EXPR = 'sum(rate(pkts_down[5m]))';
function pane(fixedStep?: number) {
  return renderWithKeys(
    <ChartPane
      source={chartSource(client, EXPR, fixedStep)}
      expression={EXPR}
      initialRange={{ sinceMs: 6 * 3_600_000 }}
      onClose={() => {}}
      columns={100}
      rows={24}
      utc
    />,
  );
}
const stepIs = (step: string) => (f: string) => f.includes(`· step ${step} ·`) && !f.includes('loading');

describe('chart step keys', () => {
  it('c doubles the step the user gave, f halves it', async () => {
    const { lastFrame, stdin } = pane(300);
    await waitForFrame(lastFrame, stepIs('5m'), 8000);
    stdin.write('c');
    await waitForFrame(lastFrame, stepIs('10m'), 8000);
    stdin.write('c');
    await waitForFrame(lastFrame, stepIs('20m'), 8000);
    stdin.write('f');
    await waitForFrame(lastFrame, stepIs('10m'), 8000);
    stdin.write('f');
    stdin.write('f');
    await waitForFrame(lastFrame, stepIs('2m30s'), 8000);
  });

  it('without a step, c and f move the fitted step', async () => {
    const { lastFrame, stdin } = pane();
    const first = await waitForFrame(
      lastFrame,
      (f) => /· step (\S+) ·/.test(f) && !f.includes('loading'),
      8000,
    );
    const step = /· step (\S+) ·/.exec(first)![1]!;
    stdin.write('c');
    const coarser = await waitForFrame(lastFrame, (f) => /· step (\S+) ·/.exec(f)?.[1] !== step, 8000);
    expect(/· step (\S+) ·/.exec(coarser)![1]).not.toBe(step);
    stdin.write('f');
    await waitForFrame(lastFrame, stepIs(step), 8000);
  });
});
