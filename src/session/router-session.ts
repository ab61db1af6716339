// The router half of a session: the router client, its metadata cache and the runner's
// dependencies. It imports no telemetry code: a one-shot run gets the telemetry client through
// `loadTelemetry` (imported on first use), the interactive shell through session.ts.
import { RouterClient } from '../api/router/client.js';
import type { TelemetryClient } from '../api/telemetry/client.js';
import { type Config, routerConnection } from '../config/config.js';
import type { JournalSink } from '../features/changes/journal/file.js';
import type { Journal } from '../features/changes/journal/journal.js';
import { MetadataCache, resolveLine } from '../lang/index.js';
import type { ValueCompleter } from '../lang/types.js';
import type { RunnerDeps } from '../run/runner.js';

export interface SessionOptions {
  interactive: boolean;
  warn: (m: string) => void;
  width?: () => number;
  history?: () => string[];
  /** Where the change journal goes: 'file' is $XDG_STATE_HOME/routersh/journal/; none: no journal. */
  journal?: JournalSink | 'file';
  /** `--yes`: a script may run what would ask on a terminal (undo, an own-path warning). */
  yes?: boolean;
}

export interface RouterSession {
  router: RouterClient;
  cache: MetadataCache;
  deps: RunnerDeps;
  /** user@host for the prompt. */
  label: string;
  close(): Promise<void>;
}

export function createRouterSession(
  cfg: Readonly<Config>,
  o: SessionOptions,
  telemetry: {
    client?: TelemetryClient;
    load?: () => Promise<TelemetryClient>;
    valueCompleter?: ValueCompleter;
  } = {},
): RouterSession {
  const router = new RouterClient({ baseUrl: cfg.router ?? '', ...routerConnection(cfg, o.warn) });
  const cache = new MetadataCache((words, signal) => router.nodeInfo(words, { signal }));
  const { client, load, valueCompleter } = telemetry;
  const width = o.width ?? (() => Number(process.env.COLUMNS) || process.stdout.columns || 80);
  const deps: RunnerDeps = {
    resolve: (line, context, signal) =>
      resolveLine(line, { cache, context, ...(valueCompleter ? { valueCompleter } : {}) }, signal),
    router,
    cache,
    ...(client ? { telemetry: client } : {}),
    ...(load ? { loadTelemetry: load } : {}),
    ...(o.history ? { history: o.history } : {}),
    width,
    interactive: o.interactive,
    // The journal's code loads with the first change (or `changes`/`undo`), not at start-up:
    // `-c "show interface"` never pays for it. The shell opens it at once (prompt windows).
    ...(o.journal ? { openJournal: journalOpener(cfg, o.journal, () => deps) } : {}),
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
    cache,
    deps,
    label: `${cfg.user ?? 'token'}@${host}`,
    close: async () => {
      // The journal's last afters are read before the connection goes.
      await deps.journal?.close();
      return router.close();
    },
  };
}

/**
 * For a one-shot run: telemetry code is imported only by the first `metrics …`/`logs …` line,
 * so `-c "show interface"` does not load it.
 */
export function createBatchSession(cfg: Readonly<Config>, o: SessionOptions): RouterSession {
  const { telemetryUrl, telemetryKey } = cfg;
  if (!telemetryUrl || !telemetryKey) return createRouterSession(cfg, o);
  let made: Promise<TelemetryClient> | undefined;
  const load = () =>
    (made ??= import('../api/telemetry/client.js').then(
      ({ TelemetryClient }) => new TelemetryClient({ baseUrl: telemetryUrl, apiKey: telemetryKey }),
    ));
  const session = createRouterSession(cfg, o, { load });
  return {
    ...session,
    close: async () => {
      await Promise.allSettled([session.close(), made?.then((t) => t.close())]);
    },
  };
}

function journalOpener(
  cfg: Readonly<Config>,
  where: JournalSink | 'file',
  deps: () => RunnerDeps,
): () => Promise<Journal> {
  let opening: Promise<Journal> | undefined;
  return () =>
    (opening ??= import('../features/changes/journal-open.js').then(({ openJournal }) => {
      const journal = openJournal(cfg, where);
      deps().journal = journal;
      return journal;
    }));
}
