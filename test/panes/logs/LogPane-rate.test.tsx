// The log pane following a real server that produces 5,000 records/s (the hostile telemetry
// harness's stream mode, through the real client over HTTP): once the stream stops, every
// record was fetched, or the status line's skipped count is exactly what was not.
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { TelemetryClient } from '../../../src/api/telemetry/client.js';
import { LogPane } from '../../../src/panes/logs/LogPane.js';
import type { LogSource } from '../../../src/contract/logs.js';
import { logSource } from '../../../src/features/telemetry/telemetry-sources.js';
import { renderWithKeys, waitFor, waitForFrame } from '../../helpers/ink.js';
import {
  type HostileTelemetry,
  startHostileTelemetry,
  streamProduced,
  type TelemetryModes,
} from '../../hostile/telemetry.js';

// Until the stream starts the server has no records (not the harness's default three).
const IDLE = () => ({ ratePerSec: 1, startMs: Date.now() + 3_600_000 });
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  cleanup();
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** The real source, counting the distinct records every search returned. */
function counting(source: LogSource): { source: LogSource; fetched: Set<string> } {
  const fetched = new Set<string>();
  return {
    fetched,
    source: {
      ...source,
      async search(q, signal) {
        const page = await source.search(q, signal);
        for (const r of page.records) if (String(r._msg).startsWith('stream ')) fetched.add(String(r._msg));
        return page;
      },
    },
  };
}

const skippedOn = (status: string) => Number(/(\d+)\+? records? skipped/.exec(status)?.[1] ?? 0);

async function follow(modes: Omit<TelemetryModes, 'stream'>, forMs: number) {
  const api: HostileTelemetry = await startHostileTelemetry({ ...modes, stream: IDLE() });
  open.push(api);
  const client = new TelemetryClient({ baseUrl: api.url, apiKey: 'k'.repeat(20) });
  open.push(client);
  const { source, fetched } = counting(logSource(client, '*'));
  await client.capabilities();
  const { lastFrame } = renderWithKeys(
    <LogPane source={source} query="*" range={{ sinceMs: 60_000 }} onClose={() => {}} utc />,
  );
  // The stream starts once the pane is open: what came before would be history (PgUp), not follow.
  await waitForFrame(lastFrame, (f) => f.includes('following'));
  const stream = { ratePerSec: 5000, startMs: Date.now(), forMs };
  api.modes.stream = stream;
  await new Promise((r) => setTimeout(r, forMs + 100));
  const produced = streamProduced(stream);
  expect(produced).toBe(5 * forMs);
  // Caught up: everything produced was either fetched or counted as skipped.
  const status = await waitFor(() => {
    const s = lastFrame()!.split('\n').at(-1)!;
    expect(fetched.size + skippedOn(s)).toBe(produced);
    return s;
  }, 10_000);
  return { produced, fetched: fetched.size, skipped: skippedOn(status), status };
}

describe('LogPane at 5,000 records/s', () => {
  it('fetches every record, or says exactly how many it skipped', async () => {
    const r = await follow({}, 1500);
    expect(r.fetched + r.skipped).toBe(r.produced);
    if (r.skipped === 0) expect(r.status).not.toContain('skipped');
  }, 20_000);

  it('when the server pages too slowly to keep up, the status line counts the skipped records', async () => {
    // 50 records a page, offsets to 100: ≤ 30 pages (1,500 records) per 2 s poll, under the 5,000 of 1 s.
    const r = await follow({ logsLimits: { search_max: 50, search_offset_max: 100 }, delayMs: 5 }, 1000);
    expect(r.skipped).toBeGreaterThan(0);
    expect(r.fetched + r.skipped).toBe(r.produced);
    expect(r.status).toMatch(/^following · \d+ records skipped \(too fast to follow; narrow the query\)/);
  }, 20_000);
});
