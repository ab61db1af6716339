// Where the histogram reaches the user, against the hostile telemetry API over HTTP: the
// plain `logs histogram` text and the log pane's strip. A shape routersh does not know gives
// one note and the command succeeds; it is never drawn as a chart of zeros.
import { cleanup, render } from 'ink-testing-library';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { LogPane } from '../../../src/panes/logs/LogPane.js';
import { logSource } from '../../../src/features/telemetry/telemetry-sources.js';
import { stubServices, telemetryOf } from '../../helpers/services.js';
import { logsHistogram } from '../../../src/features/telemetry/logs-commands.js';
import { type HostileTelemetry, startHostileTelemetry } from '../../hostile/telemetry.js';
import { waitForFrame } from '../../helpers/ink.js';

const servers: HostileTelemetry[] = [];
const clients: TelemetryClient[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function serve(histogram: 'buckets' | 'hits' | 'garbage') {
  const t = await startHostileTelemetry({ histogram });
  servers.push(t);
  const c = new TelemetryClient({ baseUrl: t.url, apiKey: 'tk_test_histogram_output' });
  clients.push(c);
  return c;
}

const BARS = /[▁▂▃▄▅▆▇█]/;

async function plainHistogram(histogram: 'buckets' | 'hits' | 'garbage') {
  const c = await serve(histogram);
  const services = stubServices({ telemetry: telemetryOf(c), width: () => 80 });
  const out = await logsHistogram(
    { name: 'logs histogram', args: ['*'], options: {} },
    { state: { context: [] }, services, io: {}, signal: new AbortController().signal },
  );
  if (out.kind !== 'text') throw new Error(`expected text, got ${out.kind}`);
  return out;
}

describe('logs histogram (plain text)', () => {
  for (const shape of ['buckets', 'hits'] as const) {
    it(`draws non-zero bars from the ${shape} shape`, async () => {
      const out = await plainHistogram(shape);
      expect(out.text).toMatch(/level=error {2}total 7 {2}max 7 per bucket/);
      expect(out.text).toMatch(BARS);
      expect(out.text).not.toMatch(/^note:/m);
    });
  }

  it('prints one note instead of a chart for a shape it does not know; --json keeps the answer', async () => {
    const out = await plainHistogram('garbage');
    expect(out.text).toBe("note: histogram: the server's answer has a shape routersh does not know\n");
    expect(out.json).toMatchObject({ data: { whatever: [1, 2, 3] } });
  });
});

describe('the log pane histogram strip', () => {
  const pane = async (histogram: 'buckets' | 'garbage') => {
    const c = await serve(histogram);
    return render(
      <LogPane
        source={logSource(c, '*')}
        query="*"
        range={{ sinceMs: 3_600_000 }}
        onClose={() => {}}
        pollMs={60_000}
        columns={80}
        rows={20}
        utc
      />,
    );
  };

  it('draws bars from the buckets shape', async () => {
    const { lastFrame } = await pane('buckets');
    const f = await waitForFrame(lastFrame, (x) => BARS.test(x.split('\n').slice(1, 3).join('\n')));
    expect(f).not.toMatch(/does not know/);
  });

  it('shows the note in the strip, not an empty chart, for a shape it does not know', async () => {
    const { lastFrame } = await pane('garbage');
    const f = await waitForFrame(lastFrame, (x) => x.includes('does not know'));
    const strip = f.split('\n').slice(1, 3);
    expect(strip[0]).toMatch(/^histogram: the server's answer has a shape routersh does not know/);
    expect(f).toMatch(/record 0/);
    expect(f.split('\n').at(-1)).not.toMatch(/^error:/);
  });
});
