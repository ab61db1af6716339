// The two API clients over the one transport, made for a test server and closed after each
// test: the router's (Basic auth) and the telemetry API's (X-API-Key).
import { afterEach } from 'vitest';
import { RouterClient, type RouterClientConfig } from '../../src/api/router/client.js';
import { TelemetryClient, type TelemetryClientConfig } from '../../src/api/telemetry/client.js';

export const KEY = 'tk_secret_0123456789';
export const PASSWORD = 'pw-123-secret';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

/** Closed after the test. */
export function closeLater<T extends { close(): Promise<void> }>(o: T): T {
  open.push(o);
  return o;
}

export function routerClient(baseUrl: string, over: Partial<RouterClientConfig> = {}): RouterClient {
  return closeLater(
    new RouterClient({ baseUrl, user: 'admin', password: PASSWORD, auth: 'basic', timeoutMs: 3000, ...over }),
  );
}

export function telemetryClient(baseUrl: string, over: Partial<TelemetryClientConfig> = {}): TelemetryClient {
  return closeLater(new TelemetryClient({ baseUrl, apiKey: KEY, sleep: async () => {}, ...over }));
}

/** Everything an error could show a user or a log. */
export function textOf(e: Error & { toJSON?: () => unknown }): string {
  return `${e.message} ${JSON.stringify(e.toJSON?.() ?? {})} ${e.stack ?? ''}`;
}
