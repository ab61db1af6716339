// Synthetic metric series, computed on demand. Counters are closed-form integrals of a rate
// with a daily cycle plus several incommensurate sines (noise that keeps them monotonic), minus
// the traffic lost in incident windows (or plus the drops gained), so a 31-day range costs the
// same as a 5-minute one. Gauges are sines plus per-scrape jitter plus incident load.
import { rand } from './hash.js';
import { BUCKET_MS, type Customer, incidentIn, incidentsAt, orgProfile, type OrgProfile } from './profile.js';

/** Raw samples exist every SCRAPE_MS, from ORIGIN_MS (the routers' first boot) on. */
export const SCRAPE_MS = 30_000;
export const ORIGIN_MS = Date.UTC(2025, 0, 1);

export interface SeriesData {
  /** Labels including __name__ (never organization_id). */
  labels: Record<string, string>;
  /** Monotonic counter without resets: increase() may use the first and last sample only. */
  counter: boolean;
  /** Value at a grid time (a multiple of SCRAPE_MS, >= ORIGIN_MS). */
  at(t: number): number;
}

const DAY_S = 86_400;
const TAU = 2 * Math.PI;
const PERIODS = [67, 131, 293, 1451, 3571];
const AMPS = [0.1, 0.08, 0.06, 0.06, 0.05];
const DAILY = 0.45;

interface Shape {
  phase: number;
  psi: number[];
}

/** ∫₀^τ of 1 + DAILY·sin(daily) + Σ AMPS·sin(noise): the rate multiplier stays >= 0.2. */
function integral(s: Shape, tau: number): number {
  let v = tau - ((DAILY * DAY_S) / TAU) * Math.cos((TAU * (tau - s.phase)) / DAY_S);
  for (let i = 0; i < PERIODS.length; i++) {
    const p = PERIODS[i]!;
    v -= ((AMPS[i]! * p) / TAU) * Math.cos((TAU * tau) / p + s.psi[i]!);
  }
  return v;
}

function shapeOf(p: OrgProfile, c: Customer, metric: number): Shape {
  // sin peaks a quarter period after the phase; ORIGIN_MS is midnight UTC.
  const phase = c.peakHour * 3600 - DAY_S / 4;
  return { phase, psi: PERIODS.map((_, i) => TAU * rand(p.seed, p.org, c.idx, metric, 100 + i)) };
}

interface CounterDef {
  name: string;
  base(c: Customer): number;
  /** 'dip': incidents remove part of the traffic; 'spike': incidents add drops. */
  effect: 'dip' | 'spike';
}

const COUNTERS: CounterDef[] = [
  { name: 'pkts_down', base: (c) => c.pktsDown, effect: 'dip' },
  { name: 'pkts_up', base: (c) => c.pktsDown * c.upRatio, effect: 'dip' },
  { name: 'bytes_down', base: (c) => c.pktsDown * c.sizeDown, effect: 'dip' },
  { name: 'bytes_up', base: (c) => c.pktsDown * c.upRatio * c.sizeUp, effect: 'dip' },
  { name: 'drops', base: (c) => c.pktsDown * 0.0004, effect: 'spike' },
];

function counterSeries(p: OrgProfile, c: Customer, def: CounterDef, metric: number): SeriesData {
  const shape = shapeOf(p, c, metric);
  const b = def.base(c);
  const g0 = integral(shape, 0);
  const integ = (t: number) => integral(shape, (t - ORIGIN_MS) / 1000) - g0;
  const spikeRate = c.pktsDown * 0.15;
  const effect = (start: number, end: number, severity: number) =>
    def.effect === 'dip'
      ? -0.85 * severity * b * (integ(end) - integ(start))
      : (severity * spikeRate * (end - start)) / 1000;
  // cum[i]: incident correction of buckets [b0, b0 + i), extended lazily.
  const b0 = Math.floor(ORIGIN_MS / BUCKET_MS);
  const cum: number[] = [0];
  const cumAt = (i: number): number => {
    while (cum.length <= i) {
      const k = cum.length - 1;
      const inc = incidentIn(p, c, b0 + k);
      cum.push(cum[k]! + (inc ? effect(inc.start, inc.end, inc.severity) : 0));
    }
    return cum[i]!;
  };
  return {
    labels: { __name__: def.name, customer_id: c.id, shaper_id: c.shaperId, grp: c.grp, prefix: c.prefix },
    counter: true,
    at(t: number): number {
      const bucket = Math.floor(t / BUCKET_MS);
      let v = b * integ(t) + cumAt(bucket - b0);
      const inc = incidentIn(p, c, bucket);
      if (inc && t > inc.start) v += effect(inc.start, Math.min(t, inc.end), inc.severity);
      return Math.floor(v);
    },
  };
}

function daily(t: number, peakHour: number): number {
  return Math.sin((TAU * ((t - ORIGIN_MS) / 1000 - (peakHour * 3600 - DAY_S / 4))) / DAY_S);
}

function hostLoad(p: OrgProfile, host: string, t: number): number {
  let load = 0;
  for (const inc of incidentsAt(p, t)) if (inc.customer.host === host) load += inc.severity;
  return load;
}

function gaugeSeries(p: OrgProfile): SeriesData[] {
  const out: SeriesData[] = [];
  p.hosts.forEach((h, hi) => {
    for (let core = 0; core < h.cores; core++) {
      const psi = TAU * rand(p.seed, p.org, hi, core, 200);
      out.push({
        labels: { __name__: 'cpu_usage_percent', host: h.name, core: String(core) },
        counter: false,
        at(t) {
          const k = t / SCRAPE_MS;
          let v = 28 + 16 * daily(t, 20) + 6 * Math.sin((TAU * (t / 1000)) / 977 + psi);
          v += 8 * (rand(p.seed, p.org, hi * 64 + core, k, 201) - 0.5) + 30 * hostLoad(p, h.name, t);
          return Math.round(Math.min(99.5, Math.max(0.5, v)) * 10) / 10;
        },
      });
    }
    const sessions = p.customers.filter((c) => c.host === h.name).reduce((a, c) => a + c.sessions, 0);
    const sessionsAt = (t: number) =>
      Math.round(
        sessions * (0.8 + 0.15 * daily(t, 20)) * (1 - 0.2 * hostLoad(p, h.name, t)) +
          6 * rand(p.seed, p.org, hi, t / SCRAPE_MS, 202),
      );
    out.push({ labels: { __name__: 'sessions_active', host: h.name }, counter: false, at: sessionsAt });
    out.push({
      labels: { __name__: 'nat_sessions', host: h.name },
      counter: false,
      at: (t) =>
        Math.round(
          sessionsAt(t) * 38 * (1 + 0.05 * Math.sin((TAU * t) / 1000 / 613)) +
            40 * rand(p.seed, p.org, hi, t / SCRAPE_MS, 203),
        ),
    });
  });
  return out;
}

const stores = new Map<string, SeriesData[]>();

/** Every series of an organization (memoized; the data is a pure function of seed and org). */
export function metricsStore(seed: number, org: number): SeriesData[] {
  const key = `${seed}:${org}`;
  let s = stores.get(key);
  if (!s) {
    const p = orgProfile(seed, org);
    s = [];
    for (const c of p.customers) {
      COUNTERS.forEach((def, i) => {
        s!.push(counterSeries(p, c, def, i));
      });
    }
    s.push(...gaugeSeries(p));
    stores.set(key, s);
  }
  return s;
}

export const METRIC_NAMES = [
  ...COUNTERS.map((c) => c.name),
  'cpu_usage_percent',
  'sessions_active',
  'nat_sessions',
];
