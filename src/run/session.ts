// A connected session: the router client, its metadata cache, the telemetry client when one
// is configured, and the runner's dependencies built from them.
import { RouterClient } from '../api/router/client.js';
import { TelemetryClient } from '../api/telemetry/client.js';
import { MetadataCache, resolveLine } from '../lang/index.js';
import type { ValueCompleter } from '../lang/types.js';
import { type Config, routerConnection } from '../config/config.js';
import { stateDir } from '../config/paths.js';
import { fileSink, journalDir, type JournalSink } from '../journal/file.js';
import { Journal, newSessionId } from '../journal/journal.js';
import type { RunnerDeps } from './runner.js';
import { telemetryCompleter } from './telemetry-completer.js';

export interface Session {
  router: RouterClient;
  telemetry: TelemetryClient | undefined;
  cache: MetadataCache;
  valueCompleter: ValueCompleter | undefined;
  deps: RunnerDeps;
  /** user@host for the prompt. */
  label: string;
  close(): Promise<void>;
}

export function createSession(
  cfg: Readonly<Config>,
  o: {
    interactive: boolean;
    warn: (m: string) => void;
    width?: () => number;
    history?: () => string[];
    /** Where the change journal goes: 'file' is $XDG_STATE_HOME/routersh/journal/; none: no journal. */
    journal?: JournalSink | 'file';
    yes?: boolean;
  },
): Session {
  const router = new RouterClient({ baseUrl: cfg.router ?? '', ...routerConnection(cfg, o.warn) });
  const telemetry =
    cfg.telemetryUrl && cfg.telemetryKey
      ? new TelemetryClient({ baseUrl: cfg.telemetryUrl, apiKey: cfg.telemetryKey })
      : undefined;
  const cache = new MetadataCache((words, signal) => router.nodeInfo(words, { signal }));
  const valueCompleter = telemetry ? telemetryCompleter(telemetry) : undefined;
  const width = o.width ?? (() => Number(process.env.COLUMNS) || process.stdout.columns || 80);
  const deps: RunnerDeps = {
    resolve: (line, context, signal) =>
      resolveLine(line, { cache, context, ...(valueCompleter ? { valueCompleter } : {}) }, signal),
    router,
    cache,
    ...(telemetry ? { telemetry } : {}),
    ...(o.history ? { history: o.history } : {}),
    width,
    interactive: o.interactive,
    ...(o.journal ? { journal: openJournal(cfg, o.journal) } : {}),
    ...(o.yes ? { yes: true } : {}),
  };
  const host = (() => {
    try {
      return new URL(cfg.router ?? '').hostname;
    } catch {
      return 'router';
    }
  })();
  return {
    router,
    telemetry,
    cache,
    valueCompleter,
    deps,
    label: `${cfg.user ?? 'token'}@${host}`,
    close: async () => {
      deps.journal?.close();
      await Promise.allSettled([router.close(), telemetry?.close()]);
    },
  };
}

function openJournal(cfg: Readonly<Config>, where: JournalSink | 'file'): Journal {
  const session = newSessionId();
  const sink =
    where === 'file'
      ? fileSink(
          `${journalDir(stateDir(process.env))}/${new Date().toISOString().replace(/[:.]/g, '-')}-${session}.jsonl`,
        )
      : where;
  return new Journal(sink, { session, router: cfg.router ?? '', user: cfg.user ?? 'token', now: Date.now });
}
