// The two API clients over the one transport, made for a test server and closed after each
// test: the router's (Basic auth) and the telemetry API's (X-API-Key).
import { onTestFinished } from 'vitest';
import { RouterClient, type RouterClientConfig } from '../../src/api/router/client.js';
import { TelemetryClient, type TelemetryClientConfig } from '../../src/api/telemetry/client.js';

export const KEY = 'tk_secret_0123456789';
export const PASSWORD = 'pw-123-secret';

/**
 * Closed after the test (registered per test: the unit files share this module, and a hook at
 * its top ran for the first file that imported it only).
 */
export function closeLater<T extends { close(): Promise<void> }>(o: T): T {
  onTestFinished(() => o.close());
  return o;
}

export function routerClient(baseUrl: string, over: Partial<RouterClientConfig> = {}): RouterClient {
  return closeLater(
    new RouterClient({
      baseUrl,
      user: 'admin',
      password: PASSWORD,
      auth: 'basic',
      timeoutMs: 60_000,
      ...over,
    }),
  );
}

export function telemetryClient(baseUrl: string, over: Partial<TelemetryClientConfig> = {}): TelemetryClient {
  return closeLater(
    new TelemetryClient({ baseUrl, apiKey: KEY, sleep: async () => {}, timeoutMs: 60_000, ...over }),
  );
}

/** Everything an error could show a user or a log. */
export function textOf(e: Error & { toJSON?: () => unknown }): string {
  return `${e.message} ${JSON.stringify(e.toJSON?.() ?? {})} ${e.stack ?? ''}`;
}
