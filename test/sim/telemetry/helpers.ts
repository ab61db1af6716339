// Test helpers: a simulator on an ephemeral port with a manual clock, and raw HTTP calls.
import { ManualClock } from '../../../sim/clock.js';
import { startTelemetrySim, type TelemetrySim } from '../../../sim/telemetry/index.js';

export const NOW = Date.parse('2026-11-22T12:00:00Z');
export const iso = (ms: number) => new Date(ms).toISOString();
export const MIN = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  json: any;
  text: string;
}

export async function startSim(): Promise<{ sim: TelemetrySim; clock: ManualClock }> {
  const clock = new ManualClock(NOW);
  const sim = await startTelemetrySim({ clock, seed: 7 });
  return { sim, clock };
}

async function answer(r: Response): Promise<Answer> {
  const text = await r.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: r.status, headers: r.headers, json, text };
}

export async function post(
  sim: TelemetrySim,
  path: string,
  body: unknown,
  key: string | null = sim.keys.demo,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  const r = await fetch(`${sim.url}/api/v1/${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answer(r);
}

export async function get(sim: TelemetrySim, path: string, key: string | null = sim.keys.demo) {
  const r = await fetch(`${sim.url}/api/v1/${path}`, { headers: key === null ? {} : { 'x-api-key': key } });
  return answer(r);
}

interface WireSeries {
  samples: Array<{ value: string }>;
}

/** The values of every sample of every series, as numbers. */
export const values = (a: Answer): number[][] =>
  (a.json.data.series as WireSeries[]).map((s) => s.samples.map((x) => Number(x.value)));
