// The telemetry API client: capabilities first (memoized), local limit checks, then one POST
// with bounded, cancellable retries. Every method returns the decoded value and the raw
// `{data, meta}` as received.
import { decodeCapabilities, missingProvider } from './capabilities.js';
import {
  type Decoded,
  decodeEnvelope,
  decodeMeta,
  decodeMetrics,
  decodeMetricsYielding,
  decodeRecords,
  nextTurn,
} from './decode.js';
import { BIG_BODY_CHARS, nestedDeeperThanYielding } from './depth-yielding.js';
import { parseInPieces } from './split-series.js';
import { decodeFacets, decodeHistogram, decodeStringList, decodeValueHits } from './decode-undocumented.js';
import { type HttpResponse, Transport } from '../../http/transport.js';
import type { TransportProxy } from '../../http/proxy-agent.js';
import { checkApiKey, parseBaseUrl } from './endpoint.js';
import {
  checkBody,
  checkBuckets,
  checkInstant,
  checkOrder,
  checkPoints,
  checkRangeLimit,
  checkStep,
  metricsWindow,
} from './limits.js';
import { abortable, type Op, type RetryOptions, Sender } from './send.js';
import type {
  FacetsParams,
  FieldsParams,
  FieldValuesParams,
  LabelsParams,
  LabelValuesParams,
  LogsHistogramParams,
  LogsSearchParams,
  NamesParams,
  QueryParams,
  QueryRangeParams,
  TelemetryResponse,
} from './shapes.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../json-depth.js';
import { mayHoldSecret, redactDeep } from '../redact.js';
import { notConfiguredError } from '../../errors.js';
import { garbageError } from './telemetry-errors.js';
import { formatTime } from './time.js';
import type { Capabilities, Facet, HistogramBucket, LogRecord, MetricsResult, ValueHits } from './types.js';

export interface TelemetryClientConfig extends RetryOptions {
  baseUrl: string;
  /** Sent only as X-API-Key; never in a URL, an error or anything returned. */
  apiKey: string;
  /** Per-request timeout; default route_deadline_seconds + 5 s once capabilities are known, 25 s before. */
  timeoutMs?: number;
  /** PEM text: the CAs to trust, a client certificate and its key; no verification. */
  tls?: { ca?: string; cert?: string; key?: string; insecure: boolean } | undefined;
  /** The proxy on the way (absent: straight to the API). */
  proxy?: TransportProxy | undefined;
}

/** The telemetry API's own flags, named as the fix of a TLS failure. */
const TLS_FIXES = {
  ca: '--telemetry-ca FILE',
  insecure: '--telemetry-insecure',
  cert: '--telemetry-cert FILE and --telemetry-cert-key FILE',
};

/**
 * Drops undefined members and empty arrays, so optional fields are omitted rather than sent
 * as null, and `"matchers": []` is never read as "match nothing" by a server.
 */
function compact(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
  );
}

/** Larger answers are refused rather than buffered without bound (100,000 points fit easily). */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Per-request limit until capabilities tell the route deadline. */
const DEFAULT_TIMEOUT_MS = 25_000;

const t = (ms: number | undefined) => (ms === undefined ? undefined : formatTime(ms));

export class TelemetryClient {
  private readonly transport: Transport;
  private readonly sender: Sender;
  private capsPromise: Promise<Capabilities> | undefined;
  private caps: Capabilities | undefined;
  private capsNoted = false;

  constructor(private readonly config: TelemetryClientConfig) {
    const base = parseBaseUrl(config.baseUrl);
    checkApiKey(config.apiKey);
    this.transport = new Transport({
      origin: base.origin,
      service: 'telemetry API',
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBodyBytes: MAX_RESPONSE_BYTES,
      connections: 4,
      ca: config.tls?.ca,
      cert: config.tls?.cert,
      key: config.tls?.key,
      insecure: config.tls?.insecure,
      proxy: config.proxy,
      tlsFixes: TLS_FIXES,
    });
    this.sender = new Sender(this.transport, base, config.apiKey, config);
  }

  /**
   * Fetched once and shared; a failed fetch is forgotten so the next call tries again. The
   * shared fetch ignores callers' signals (one caller's Ctrl-C must not fail the others); each
   * caller stops waiting when its own signal aborts.
   */
  capabilities(signal?: AbortSignal): Promise<Capabilities> {
    this.capsPromise ??= (async () => {
      const env = this.envelope(
        await this.call({ method: 'GET', path: '/api/v1/capabilities', idempotent: true }, undefined),
      );
      this.caps = decodeCapabilities(env.data, env.meta);
      return this.caps;
    })().catch((e: unknown) => {
      this.capsPromise = undefined;
      throw e;
    });
    return abortable(this.capsPromise, signal);
  }

  /** Capabilities, refusing locally (nothing sent) when they list no provider of `kind`. */
  async capabilitiesFor(kind: 'metrics' | 'logs', signal?: AbortSignal): Promise<Capabilities> {
    const caps = await this.capabilities(signal);
    const missing = missingProvider(caps, kind);
    if (missing) throw notConfiguredError(missing);
    return caps;
  }

  async openapi(signal?: AbortSignal): Promise<string> {
    const { text } = await this.call(
      { method: 'GET', path: '/api/v1/openapi.yaml', idempotent: true },
      signal,
    );
    return redactDeep(text, this.config.apiKey);
  }

  async query(p: QueryParams, signal?: AbortSignal): Promise<TelemetryResponse<MetricsResult>> {
    const caps = await this.capabilitiesFor('metrics', signal);
    checkInstant(p.time, caps);
    const body = compact({ expression: p.expression, time: t(p.time) });
    return this.post(
      '/api/v1/metrics/query',
      body,
      false,
      caps,
      [],
      (d) => decodeMetrics(d, 'vector'),
      signal,
    );
  }

  async queryRange(p: QueryRangeParams, signal?: AbortSignal): Promise<TelemetryResponse<MetricsResult>> {
    checkStep(p.stepSeconds);
    const caps = await this.capabilitiesFor('metrics', signal);
    const w = metricsWindow(p.start, p.end, caps, p.stepSeconds * 1000);
    checkPoints(w.startMs, w.endMs, p.stepSeconds, caps.limits);
    const body = {
      expression: p.expression,
      start: t(w.startMs),
      end: t(w.endMs),
      step_seconds: p.stepSeconds,
    };
    const res = await this.post(
      '/api/v1/metrics/query-range',
      body,
      false,
      caps,
      w.notices,
      (d) => decodeMetrics(d, 'matrix'),
      signal,
      (d) => decodeMetricsYielding(d, 'matrix'),
    );
    // The window asked for, after the start was moved up to data_available_from.
    return { ...res, window: { startMs: w.startMs, endMs: w.endMs } };
  }

  /** With `match`, asks label-values of `__name__` (the names operation takes no matchers). */
  async names(p: NamesParams, signal?: AbortSignal): Promise<TelemetryResponse<string[]>> {
    if (p.match !== undefined) {
      const q: LabelValuesParams = { label: '__name__', start: p.start, end: p.end, matchers: [p.match] };
      return this.labelValues(p.limit !== undefined ? { ...q, limit: p.limit } : q, signal);
    }
    return this.discovery('/api/v1/metrics/names', { start: p.start, end: p.end, limit: p.limit }, signal);
  }

  labels(p: LabelsParams, signal?: AbortSignal): Promise<TelemetryResponse<string[]>> {
    return this.discovery('/api/v1/metrics/labels', { ...p }, signal);
  }

  labelValues(p: LabelValuesParams, signal?: AbortSignal): Promise<TelemetryResponse<string[]>> {
    return this.discovery('/api/v1/metrics/label-values', { ...p }, signal);
  }

  async logsSearch(p: LogsSearchParams, signal?: AbortSignal): Promise<TelemetryResponse<LogRecord[]>> {
    checkOrder(p.start, p.end);
    const caps = await this.capabilitiesFor('logs', signal);
    checkRangeLimit('limit', p.limit, 1, caps.limits.searchMax);
    checkRangeLimit('offset', p.offset, 0, caps.limits.searchOffsetMax);
    const body = compact({
      query: p.query,
      start: t(p.start),
      end: t(p.end),
      limit: p.limit,
      offset: p.offset,
    });
    // More records than asked for is the server's mistake: at most `limit` are decoded.
    const max = p.limit ?? caps.limits.searchDefault;
    return this.post('/api/v1/logs/search', body, false, caps, [], (d) => decodeRecords(d, max), signal);
  }

  /** Buckets zero-filled over [start, end) at the step (the server sends non-empty ones only). */
  async logsHistogram(
    p: LogsHistogramParams,
    signal?: AbortSignal,
  ): Promise<TelemetryResponse<HistogramBucket[]>> {
    checkStep(p.stepSeconds);
    checkOrder(p.start, p.end);
    const caps = await this.capabilitiesFor('logs', signal);
    checkBuckets(p.start, p.end, p.stepSeconds, caps.limits);
    const body = compact({
      query: p.query,
      start: t(p.start),
      end: t(p.end),
      step_seconds: p.stepSeconds,
      group_by: p.groupBy,
    });
    const grouped = (p.groupBy?.length ?? 0) > 0;
    const range = { startMs: p.start, endMs: p.end, stepSeconds: p.stepSeconds, grouped };
    return this.post(
      '/api/v1/logs/histogram',
      body,
      false,
      caps,
      [],
      (d) => decodeHistogram(d, range),
      signal,
    );
  }

  facets(p: FacetsParams, signal?: AbortSignal): Promise<TelemetryResponse<Facet[]>> {
    const body = { limit_per_field: p.limitPerField };
    return this.logsLookup('/api/v1/logs/facets', p, body, 'limit_per_field', decodeFacets, signal);
  }

  fields(p: FieldsParams, signal?: AbortSignal): Promise<TelemetryResponse<ValueHits[]>> {
    const body = { filter: p.filter, limit: p.limit };
    return this.logsLookup('/api/v1/logs/fields', p, body, 'limit', decodeValueHits, signal);
  }

  fieldValues(p: FieldValuesParams, signal?: AbortSignal): Promise<TelemetryResponse<ValueHits[]>> {
    const body = { field: p.field, filter: p.filter, limit: p.limit };
    return this.logsLookup('/api/v1/logs/field-values', p, body, 'limit', decodeValueHits, signal);
  }

  /** facets, fields, field-values: an optional query and range, a bounded limit, idempotent. */
  private async logsLookup<T>(
    path: string,
    p: { query?: string | undefined; start?: number | undefined; end?: number | undefined },
    extra: Record<string, unknown>,
    limitName: string,
    decode: (data: unknown) => Decoded<T>,
    signal: AbortSignal | undefined,
  ): Promise<TelemetryResponse<T>> {
    checkOrder(p.start, p.end);
    const caps = await this.capabilitiesFor('logs', signal);
    checkRangeLimit(limitName, extra[limitName] as number | undefined, 1, caps.limits.discoveryLimitMax);
    const body = compact({ query: p.query, start: t(p.start), end: t(p.end), ...extra });
    return this.post(path, body, true, caps, [], decode, signal);
  }

  /** Ends the keep-alive connections; requests still in flight fail. */
  async close(): Promise<void> {
    await this.transport.destroy();
  }

  private async discovery(
    path: string,
    p: {
      start: number;
      end: number;
      limit?: number | undefined;
      matchers?: string[] | undefined;
      label?: string;
    },
    signal: AbortSignal | undefined,
  ): Promise<TelemetryResponse<string[]>> {
    const caps = await this.capabilitiesFor('metrics', signal);
    const w = metricsWindow(p.start, p.end, caps);
    checkRangeLimit('limit', p.limit, 1, caps.limits.discoveryLimitMax);
    const body = compact({
      label: p.label,
      start: t(w.startMs),
      end: t(w.endMs),
      matchers: p.matchers,
      limit: p.limit,
    });
    return this.post(path, body, true, caps, w.notices, decodeStringList, signal);
  }

  private async post<T>(
    path: string,
    body: Record<string, unknown>,
    idempotent: boolean,
    caps: Capabilities,
    notices: string[],
    decode: (data: unknown) => Decoded<T>,
    signal: AbortSignal | undefined,
    /** For big answers (a chart's range): decodes in slices between turns of the event loop. */
    decodeBig?: (data: unknown) => Promise<Decoded<T>>,
  ): Promise<TelemetryResponse<T>> {
    checkBody(JSON.stringify(body), caps.limits);
    const res = await this.call({ method: 'POST', path, body, idempotent }, signal);
    const big = decodeBig !== undefined && res.text.length >= BIG_BODY_CHARS;
    const env = big ? await this.envelopeYielding(res) : this.envelope(res);
    const d = big ? await decodeBig(env.data) : decode(env.data);
    const out: TelemetryResponse<T> = { data: d.value, meta: decodeMeta(env.meta), raw: env };
    // Limits the client clamped are told once, with the first result.
    const all = !this.capsNoted && caps.notes ? [...caps.notes, ...notices] : notices;
    this.capsNoted = true;
    if (all.length > 0) out.notices = all;
    if (d.warning !== undefined) out.shapeWarning = d.warning;
    return out;
  }

  private envelope(res: HttpResponse): { data: unknown; meta: unknown } {
    const body = this.parse(res);
    if (nestedDeeperThan(body))
      throw garbageError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, res.status);
    return this.redacted(res, body);
  }

  /**
   * envelope() for a big answer: parsed a series at a time (split-series.ts), or when it is not of
   * that form parsed whole and depth-checked in slices, with turns of the event loop between.
   */
  private async envelopeYielding(res: HttpResponse): Promise<{ data: unknown; meta: unknown }> {
    // The body's bytes became text in the task that read its end (~4–7 ms for 4 MB): a key first.
    await nextTurn();
    if (!mayHoldSecret(res.text, this.config.apiKey)) {
      let pieces: Awaited<ReturnType<typeof parseInPieces>>;
      try {
        pieces = await parseInPieces(res.text, nextTurn);
      } catch {
        throw garbageError('a body that is not JSON', res.status);
      }
      if (pieces === 'too deep')
        throw garbageError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, res.status);
      if (pieces) return decodeEnvelope(pieces.body);
    }
    const body = this.parse(res);
    if (await nestedDeeperThanYielding(body))
      throw garbageError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, res.status);
    return this.redacted(res, body);
  }

  private parse(res: HttpResponse): unknown {
    try {
      return JSON.parse(res.text);
    } catch {
      throw garbageError('a body that is not JSON', res.status);
    }
  }

  private redacted(res: HttpResponse, body: unknown): { data: unknown; meta: unknown } {
    // A server echoing the key must not make us return (and print) it.
    const safe = mayHoldSecret(res.text, this.config.apiKey) ? redactDeep(body, this.config.apiKey) : body;
    return decodeEnvelope(safe);
  }

  private call(op: Op, signal: AbortSignal | undefined): Promise<HttpResponse> {
    return this.sender.call(op, signal, () => this.timeoutMs());
  }

  private timeoutMs(): number {
    if (this.config.timeoutMs !== undefined) return this.config.timeoutMs;
    return this.caps ? (this.caps.limits.routeDeadlineSeconds + 5) * 1000 : DEFAULT_TIMEOUT_MS;
  }
}
