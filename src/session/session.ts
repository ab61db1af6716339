// A connected session for the interactive shell: the router half (router-session.ts) plus the
// telemetry client when one is configured, made at once (panes and completion use it
// synchronously), and the completer for telemetry values.
import { TelemetryClient } from '../api/telemetry/client.js';
import type { Config } from '../config/config.js';
import type { ValueCompleter } from '../lang/types.js';
import { createRouterSession, type RouterSession, type SessionOptions } from './router-session.js';
import { telemetryCompleter } from '../features/telemetry/telemetry-completer.js';

export interface Session extends RouterSession {
  telemetry: TelemetryClient | undefined;
  valueCompleter: ValueCompleter | undefined;
}

export function createSession(cfg: Readonly<Config>, o: SessionOptions): Session {
  const telemetry =
    cfg.telemetryUrl && cfg.telemetryKey
      ? new TelemetryClient({ baseUrl: cfg.telemetryUrl, apiKey: cfg.telemetryKey })
      : undefined;
  const valueCompleter = telemetry ? telemetryCompleter(telemetry) : undefined;
  const session = createRouterSession(cfg, o, {
    ...(telemetry ? { client: telemetry } : {}),
    ...(valueCompleter ? { valueCompleter } : {}),
  });
  return {
    ...session,
    telemetry,
    valueCompleter,
    close: async () => {
      await Promise.allSettled([session.close(), telemetry?.close()]);
    },
  };
}
