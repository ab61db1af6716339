// Organizations, their customers and hosts, and the seeded incident windows that both the
// metrics (drops spike, traffic dips) and the logs (warnings about that customer) follow.
import { hash, rand } from './hash.js';

export type Grp = 'business' | 'residential' | 'wholesale';

export interface Customer {
  idx: number;
  id: string;
  shaperId: string;
  grp: Grp;
  prefix: string;
  host: string;
  /** Mean downstream packets per second. */
  pktsDown: number;
  upRatio: number;
  sizeDown: number;
  sizeUp: number;
  /** Hour of day (UTC) with the most traffic. */
  peakHour: number;
  sessions: number;
}

export interface Host {
  name: string;
  cores: number;
}

export interface OrgProfile {
  seed: number;
  org: number;
  customers: Customer[];
  hosts: Host[];
}

export interface Incident {
  customer: Customer;
  /** Epoch ms, start inclusive, end exclusive. */
  start: number;
  end: number;
  /** 0.4 … 0.8: how much traffic dips and drops rise. */
  severity: number;
}

/** Incidents are drawn per customer per bucket; one bucket holds at most one per customer. */
export const BUCKET_MS = 6 * 3_600_000;
const INCIDENT_CHANCE = 0.1;

const profiles = new Map<string, OrgProfile>();

function buildProfile(seed: number, org: number): OrgProfile {
  const hosts: Host[] =
    org === 1
      ? [
          { name: 'bras-1', cores: 4 },
          { name: 'bras-2', cores: 4 },
        ]
      : [{ name: `edge-${org - 1}`, cores: 2 }];
  const count = org === 1 ? 24 : 8;
  const customers: Customer[] = [];
  for (let idx = 0; idx < count; idx++) {
    const r = (salt: number) => rand(seed, org, idx, salt);
    const grp: Grp = idx % 4 === 0 ? 'business' : idx % 4 === 3 && org === 1 ? 'wholesale' : 'residential';
    const prefix =
      org === 1
        ? grp === 'business'
          ? `100.64.${idx + 1}.0/24`
          : grp === 'wholesale'
            ? `100.65.${(idx + 1) * 4}.0/22`
            : `100.66.0.${idx + 1}`
        : grp === 'business'
          ? `10.20.${idx + 1}.0/26`
          : `10.21.0.${idx + 1}`;
    const [lo, hi] = grp === 'business' ? [1500, 5000] : grp === 'wholesale' ? [4000, 12000] : [150, 900];
    const [peakLo, peakSpan] = grp === 'business' ? [13, 3] : grp === 'wholesale' ? [18, 3] : [19, 3];
    customers.push({
      idx,
      id: `c${org}${String(idx + 1).padStart(3, '0')}`,
      shaperId: `shp-${1 + (hash(seed, org, idx, 7) % 6)}`,
      grp,
      prefix,
      host: hosts[idx % hosts.length]!.name,
      pktsDown: Math.round(lo + (hi - lo) * r(1)),
      upRatio: 0.12 + 0.23 * r(2),
      sizeDown: Math.round(900 + 450 * r(3)),
      sizeUp: Math.round(120 + 380 * r(4)),
      peakHour: peakLo + peakSpan * r(5),
      sessions: grp === 'business' ? 40 : grp === 'wholesale' ? 120 : 4,
    });
  }
  return { seed, org, customers, hosts };
}

export function orgProfile(seed: number, org: number): OrgProfile {
  const key = `${seed}:${org}`;
  let p = profiles.get(key);
  if (!p) {
    p = buildProfile(seed, org);
    profiles.set(key, p);
  }
  return p;
}

/** The incident of a customer in a bucket, if any. */
export function incidentIn(p: OrgProfile, c: Customer, bucket: number): Incident | undefined {
  if (rand(p.seed, p.org, c.idx, bucket, 11) >= INCIDENT_CHANCE) return undefined;
  const start = bucket * BUCKET_MS + Math.floor(rand(p.seed, p.org, c.idx, bucket, 12) * 5 * 3_600_000);
  const duration = 300_000 + Math.floor(rand(p.seed, p.org, c.idx, bucket, 13) * 40 * 60_000);
  const severity = 0.4 + 0.4 * rand(p.seed, p.org, c.idx, bucket, 14);
  return { customer: c, start, end: start + duration, severity };
}

const bucketCache = new Map<string, Incident[]>();

/** All incidents of an organization in a bucket (memoized: logs and gauges ask per second). */
export function bucketIncidents(p: OrgProfile, bucket: number): Incident[] {
  const key = `${p.seed}:${p.org}:${bucket}`;
  let list = bucketCache.get(key);
  if (!list) {
    if (bucketCache.size > 20_000) bucketCache.clear();
    list = [];
    for (const c of p.customers) {
      const inc = incidentIn(p, c, bucket);
      if (inc) list.push(inc);
    }
    bucketCache.set(key, list);
  }
  return list;
}

/** Incidents active at epoch ms t. */
export function incidentsAt(p: OrgProfile, t: number): Incident[] {
  const list = bucketIncidents(p, Math.floor(t / BUCKET_MS));
  if (list.length === 0) return list;
  return list.filter((i) => t >= i.start && t < i.end);
}
