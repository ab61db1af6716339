// Synthetic log records, a pure function of (seed, org, second): ~2–8 records per second in
// normal times, more during incidents (warnings and errors about the affected customer).
// Scans run newest first so search paging (offset/limit) is stable for a fixed end time.
import { ApiError } from '../errors.js';
import { formatSecNanos } from '../time.js';
import { pickWeighted, rand } from './hash.js';
import { incidentMessage, TEMPLATES } from './log-templates.js';
import { incidentsAt, type OrgProfile } from './profile.js';

export interface LogRec {
  sec: number;
  nanos: number;
  /** All fields but _time, in output order. */
  fields: Record<string, string>;
}

/** The record as the API returns it: _time first, then the other fields in order. */
export function toWire(r: LogRec): Record<string, string> {
  return { _time: formatSecNanos(r.sec, r.nanos), ...r.fields };
}

/** The record's time in epoch ms (fractional). */
export const recMs = (r: LogRec) => r.sec * 1000 + r.nanos / 1e6;

const cache = new Map<string, LogRec[]>();

function generate(p: OrgProfile, sec: number): LogRec[] {
  const daily = Math.sin((2 * Math.PI * ((sec % 86_400) - 14 * 3600)) / 86_400);
  const base = 1 + Math.floor(rand(p.seed, p.org, sec, 0, 301) * 7 * (0.75 + 0.25 * daily));
  const out: LogRec[] = [];
  for (let j = 0; j < base; j++) {
    const r = (i: number) => rand(p.seed, p.org, sec, j, 400 + i);
    const t = pickWeighted(TEMPLATES, r(0));
    const c = p.customers[Math.floor(r(50) * p.customers.length)]!;
    const host = t.customer ? c.host : p.hosts[Math.floor(r(51) * p.hosts.length)]!.name;
    const fields: Record<string, string> = {
      _msg: t.msg(r, c),
      service_name: t.service,
      level: t.level,
      host,
    };
    if (t.customer) fields.customer_id = c.id;
    out.push({ sec, nanos: Math.floor(r(52) * 1e9), fields });
  }
  incidentsAt(p, sec * 1000).forEach((inc, i) => {
    const extra = Math.floor(rand(p.seed, p.org, sec, i, 302) * (1 + 2 * inc.severity));
    for (let j = 0; j < extra; j++) {
      const r = (k: number) => rand(p.seed, p.org, sec, 1000 + i * 16 + j, 500 + k);
      const m = incidentMessage(inc, r);
      out.push({
        sec,
        nanos: Math.floor(r(0) * 1e9),
        fields: {
          _msg: m.msg,
          service_name: m.service,
          level: m.level,
          host: inc.customer.host,
          customer_id: inc.customer.id,
        },
      });
    }
  });
  return out.sort((a, b) => a.nanos - b.nanos);
}

export function recordsAt(p: OrgProfile, sec: number): LogRec[] {
  const key = `${p.seed}:${p.org}:${sec}`;
  let recs = cache.get(key);
  if (!recs) {
    if (cache.size > 50_000) cache.clear();
    recs = generate(p, sec);
    cache.set(key, recs);
  }
  return recs;
}

/** Records scanned before a request is answered like a route-deadline overrun. */
const MAX_SCAN = 3_000_000;

/**
 * Visits records with from <= time <= to, newest first, until visit returns false.
 * 504 deadline_exceeded when the scan would be too expensive.
 */
export function scanDesc(p: OrgProfile, from: number, to: number, visit: (r: LogRec) => boolean): void {
  let scanned = 0;
  for (let sec = Math.floor(to / 1000); sec * 1000 + 1000 > from; sec--) {
    const recs = recordsAt(p, sec);
    for (let i = recs.length - 1; i >= 0; i--) {
      const r = recs[i]!;
      const ms = recMs(r);
      if (ms > to || ms < from) continue;
      if (!visit(r)) return;
    }
    scanned += recs.length;
    if (scanned > MAX_SCAN) {
      throw new ApiError(504, 'deadline_exceeded', 'the route deadline was exceeded; narrow the time range');
    }
  }
}
