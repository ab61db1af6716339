// Completion inside `metrics …` and `logs …` lines: metric names, label names and values
// (passing the matchers already typed), log fields and their values, from the discovery
// endpoints. Answers are kept for a minute so a burst of Tabs costs one request.
import type { TelemetryClient } from '../../api/telemetry/client.js';
import type { Candidate, ValueCompleter } from '../../lang/types.js';
import { abortable } from '../../api/telemetry/send.js';
import { logsSlot, metricsSlot } from '../../lang/expr-context.js';

const TTL_MS = 60_000;
const LOOKBACK_MS = 3_600_000;

type Lookup = (signal: AbortSignal | undefined) => Promise<string[]>;

export function telemetryCompleter(client: TelemetryClient, now: () => number = Date.now): ValueCompleter {
  const cache = new Map<string, { at: number; values: Promise<string[]> }>();
  const cached = (key: string, lookup: Lookup, signal: AbortSignal): Promise<string[]> => {
    const hit = cache.get(key);
    if (hit && now() - hit.at < TTL_MS) return abortable(hit.values, signal);
    // The shared lookup is not bound to this caller's signal: a keystroke that aborts one
    // completion must not fail the next Tab waiting on the same answer. A failed lookup is
    // not kept: the next Tab asks again.
    const values = lookup(undefined).catch((e: unknown) => {
      cache.delete(key);
      throw e;
    });
    cache.set(key, { at: now(), values });
    return abortable(values, signal);
  };
  const range = () => ({ start: now() - LOOKBACK_MS, end: now() });

  const metricNames = (signal: AbortSignal) =>
    cached('names', async (s) => (await client.names({ ...range(), limit: 1000 }, s)).data, signal);
  const labelNames = (metric: string, signal: AbortSignal) =>
    cached(
      `labels\u0000${metric}`,
      async (s) =>
        (await client.labels({ ...range(), ...(metric ? { matchers: [metric] } : {}), limit: 1000 }, s)).data,
      signal,
    );
  const labelValues = (label: string, metric: string, signal: AbortSignal) =>
    cached(
      `values\u0000${label}\u0000${metric}`,
      async (s) =>
        (
          await client.labelValues(
            { label, ...range(), ...(metric ? { matchers: [metric] } : {}), limit: 1000 },
            s,
          )
        ).data,
      signal,
    );
  const fields = (signal: AbortSignal) =>
    cached('fields', async (s) => (await client.fields({ limit: 1000 }, s)).data.map((v) => v.value), signal);
  const fieldValues = (field: string, signal: AbortSignal) =>
    cached(
      `fv\u0000${field}`,
      async (s) => (await client.fieldValues({ field, limit: 1000 }, s)).data.map((v) => v.value),
      signal,
    );

  // A LogsQL field is inserted as `field:` with no blank after it: its value comes next.
  const offer = (values: string[], prefix: string, before: string, kind: Candidate['kind'], after = '') =>
    values
      .filter((v) => v.startsWith(prefix))
      .map(
        (v): Candidate => ({
          text: `${before}${v}${after}`,
          display: v,
          kind,
          insertable: true,
          ...(after === ':' ? { continues: true } : {}),
        }),
      );

  return async (slotId, partial, ctx, signal) => {
    const slot = slotId.toLowerCase();
    if (slot.includes('expr') || slot.includes('match') || slot.includes('selector')) {
      const at = metricsSlot(partial);
      if (at.kind === 'metric') return offer(await metricNames(signal), at.prefix, at.before, 'value');
      if (at.kind === 'label')
        return offer(await labelNames(at.metric, signal), at.prefix, at.before, 'option');
      if (at.kind === 'label-value') {
        const q = at.quote || '"';
        const before = at.quote ? at.before : `${at.before}"`;
        return offer(await labelValues(at.label, at.metric, signal), at.prefix, before, 'value', q);
      }
      return [];
    }
    if (slot.includes('label')) return offer(await labelNames('', signal), partial, '', 'value');
    if (slot.includes('query')) {
      const at = logsSlot(partial);
      if (at.kind === 'field') return offer(await fields(signal), at.prefix, at.before, 'option', ':');
      const after = at.quote ? at.quote : '';
      return offer(await fieldValues(at.field, signal), at.prefix, at.before, 'value', after);
    }
    if (slot.includes('field') || slot.includes('by'))
      return offer(await fields(signal), partial, '', 'value');
    void ctx;
    return [];
  };
}
