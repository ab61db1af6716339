// THE way to a connected session, for every command: from a resolved configuration to one
// immutable set of services, built once, every port wired here — the router client (whose
// socket knows routersh's own address), the metadata cache, telemetry, the change journal and
// the lessons. Nothing is assigned into the services afterwards (they are frozen): what
// belongs to one run (questions, notes, progress, history) is RunIo, handed to each run.
import { RouterClient, type RouterClientConfig } from '../api/router/client.js';
import type { SharedAnswers } from '../api/router/shared-answers.js';
import type { TelemetryClient } from '../api/telemetry/client.js';
import type { Config } from '../config/config.js';
import type { FleetShellPort } from '../contract/fleet.js';
import { routerConnection, telemetryConnection } from '../config/config.js';
import { stateDir } from '../config/paths.js';
import type { JournalPort, Services, TelemetryPort, WindowGuardPort } from '../contract/services.js';
import type { JournalSink } from '../features/changes/journal/file.js';
import { candidateStore } from '../features/config/candidate-store.js';
import type { Journal } from '../features/changes/journal/journal.js';
import type { LessonStore } from '../features/lessons/types.js';
import type { LessonDriver } from '../contract/lessons.js';
// By file, not from lang/index.js: the index re-exports completion too, which esbuild then
// bundles into what every one-shot command loads.
import { MetadataCache } from '../lang/cache.js';
import { resolveLine } from '../lang/resolve.js';
import type { SharedResolutions } from '../lang/shared-resolutions.js';
import type { ScannedLine } from '../lang/tokenize.js';
import type { ValueCompleter } from '../lang/types.js';
import { type ClockSpec, clockOf } from './clock.js';
import { guardPort } from './guard.js';

export interface SessionOptions {
  interactive: boolean;
  warn: (m: string) => void;
  env: NodeJS.ProcessEnv;
  width?: () => number;
  /**
   * Where the change journal goes: 'file' is a new file in $XDG_STATE_HOME/routersh/journal/,
   * `{ path }` an existing journal (`routersh undo --journal FILE`); absent: no journal.
   */
  journal?: JournalSink | 'file' | { path: string };
  /** `--yes`: a script may run what would ask on a terminal (undo, an own-path warning). */
  yes?: boolean;
  /** `--allow-unrevertable`: a script may send, inside a window, a change it cannot revert. */
  allowUnrevertable?: boolean;
  /** The shell makes the telemetry client at once (panes and completion use it synchronously);
   * a one-shot run imports its code with the first `metrics …`/`logs …` line. */
  telemetry: 'at-once' | 'on-first-use';
  /**
   * A lesson driver (the shell, `routersh learn`): 'file' keeps progress in the state dir; a
   * function makes another kind over the session's resolver (a classroom's: `class join`).
   */
  lessons?: LessonStore | 'file' | ((deps: Pick<Services, 'resolve'>) => LessonDriver);
  /** Connections to the router at once (`match-list import --concurrency`). */
  connections?: number;
  /** GET answers decoded once for the sessions of many routers (a fleet run's). */
  sharedAnswers?: SharedAnswers;
  /** Lines resolved once for the sessions of many routers whose metadata is the same (a fleet run's). */
  sharedResolutions?: SharedResolutions;
  /** The state folder, when the caller found it already (a fleet's sessions: once for all). */
  stateDir?: string;
  /** A confirmed-change window is kept by a guard process that outlives this one (the commands). */
  guard?: boolean;
  /** The guard port itself, over `guard` (a fleet run: one guard for all its windows, session/fleet-run.ts). */
  guardPort?: WindowGuardPort;
  /** A test seam, set only by code: the clock the session and its guard keep time by (session/clock.ts). */
  clock?: ClockSpec;
}

export interface Session {
  readonly services: Services;
  /** The metadata cache behind services.cache, for the shell's synchronous completion. */
  readonly cache: MetadataCache;
  /** user@host for the prompt. */
  readonly label: string;
  /** The fleet shell's way to run a line on many hosts (session/fleet-shell.ts); absent on one router. */
  readonly fleet?: FleetShellPort;
  close(): Promise<void>;
}

declare const __ROUTERSH_VERSION__: string | undefined;
/** Set by the build (scripts/build.mjs); `dev` where the sources run unbuilt (tests). */
const VERSION = typeof __ROUTERSH_VERSION__ === 'string' ? __ROUTERSH_VERSION__ : 'dev';

export async function openSession(cfg: Readonly<Config>, o: SessionOptions): Promise<Session> {
  // Assigned, not spread: a fleet run opens a session per host, and V8's unoptimised code
  // builds an object from conditional spreads many times slower (docs/benchmarks.md, "Running
  // on many").
  const connection: RouterClientConfig = routerConnection(cfg, o.warn);
  if (o.connections !== undefined) connection.connections = o.connections;
  if (o.sharedAnswers) connection.shared = o.sharedAnswers;
  const router = new RouterClient(connection);
  const cache = new MetadataCache((words, signal) => router.nodeInfo(words, { signal }));
  const state = o.stateDir ?? stateDir(o.env);
  // Every module the session needs starts loading now, together: one after the other, each
  // import was a round of its own before the shell's prompt (reading the file, compiling).
  const makeDriver = typeof o.lessons === 'function' ? o.lessons : undefined;
  const localLessons = typeof o.lessons === 'function' ? undefined : o.lessons;
  const lessonCode = localLessons ? lessonModules() : undefined;
  // The panes' sources and the window's port: the interactive shell only (no one-shot run opens a pane).
  const shellCode = o.interactive ? import('./shell-ports.js') : undefined;
  const telemetry = await telemetryPort(cfg, o.telemetry);
  const now = telemetry?.loaded();
  const lessonStore =
    localLessons && lessonCode ? await lessonStoreOf(localLessons, o.env, lessonCode) : undefined;
  const valueCompleter = eitherCompleter(
    now ? (await import('../features/telemetry/telemetry-completer.js')).telemetryCompleter(now) : undefined,
    lessonStore && lessonCode ? (await lessonCode).completer.lessonCompleter(lessonStore) : undefined,
    // The shell's Tab after `rollback checkpoint` and `compare checkpoint`: this router's names.
    o.interactive && cfg.router
      ? (await import('../features/config/checkpoint-completer.js')).checkpointCompleter({
          router: cfg.router,
          stateDir: state,
        })
      : undefined,
  );
  const journal = o.journal ? journalPort(cfg, o.journal, state) : undefined;
  const core = {
    resolve: (line: string, context: string[], signal: AbortSignal, scan?: ScannedLine) => {
      // A value completer (telemetry, lessons) answers per session: such lines are not shared.
      const shared = valueCompleter ? undefined : o.sharedResolutions;
      const deps = { context, ...(valueCompleter ? { valueCompleter } : {}) };
      return shared
        ? shared.resolve(line, context, cache, signal, (seen) =>
            resolveLine(line, { ...deps, cache: seen }, signal, { scan }),
          )
        : resolveLine(line, { ...deps, cache }, signal, { scan });
    },
    router,
    cache,
    telemetry,
    valueCompleter,
    width: o.width ?? (() => Number(o.env.COLUMNS) || process.stdout.columns || 80),
    interactive: o.interactive,
    now: o.clock ? clockOf(o.clock).wall : Date.now,
    journal,
    yes: o.yes === true,
    allowUnrevertable: o.allowUnrevertable === true,
    guard:
      journal && o.guardPort ? o.guardPort : o.guard && journal ? guardPort(cfg, o.env, o.clock) : undefined,
    // Candidate mode's staged lines are kept beside the journal (a session that journals to a file).
    candidate: candidateStore({
      stateDir: o.journal === 'file' ? state : undefined,
      router: cfg.router ?? '',
      ...(o.clock ? { now: clockOf(o.clock).wall } : {}),
    }),
    identity: Object.freeze({ router: cfg.router ?? '', user: cfg.user ?? 'token', version: VERSION }),
    stateDir: state,
    otherRouter: async (which: { profile: string } | { router: string }) =>
      (await import('./other-router.js')).openOtherRouter(cfg, which, o, openSession),
  };
  const lessons = makeDriver
    ? makeDriver(core)
    : lessonStore && lessonCode
      ? (await lessonCode).driver.createLessonDriver(lessonStore, core)
      : undefined;
  const ports = shellCode
    ? (await shellCode).shellPorts(() => services)
    : { panes: undefined, windows: undefined };
  // The services are `core` completed and frozen (not a spread copy of it: see above).
  const services: Services = Object.freeze(
    Object.assign(core, { lessons, panes: ports.panes, windows: ports.windows }),
  );
  const close = async () => {
    // The journal's last afters are read before the connection goes.
    await journal?.opened()?.close();
    await Promise.allSettled([router.close(), telemetry?.loaded()?.close()]);
  };
  return Object.freeze(new OpenSession(services, cache, cfg, close));
}

/**
 * A session, its label made when read (the shell reads it; a fleet run's 1,000 sessions never
 * do). A class, so the getter is its prototype's: a getter in an object literal kept the
 * context it closes over (router, cache, services: the whole session) alive through every young
 * collection until a full one, in V8 11 (Node 20). docs/development.md, "Short-lived objects".
 */
class OpenSession implements Session {
  constructor(
    readonly services: Services,
    readonly cache: MetadataCache,
    private readonly cfg: Readonly<Config>,
    readonly close: () => Promise<void>,
  ) {}

  get label(): string {
    return `${this.cfg.user ?? 'token'}@${hostOf(this.cfg.router)}`;
  }
}

function hostOf(url: string | undefined): string {
  try {
    return new URL(url ?? '').hostname;
  } catch {
    return 'router';
  }
}

async function telemetryPort(
  cfg: Readonly<Config>,
  when: SessionOptions['telemetry'],
): Promise<TelemetryPort | undefined> {
  const { telemetryUrl: baseUrl, telemetryKey: apiKey } = cfg;
  if (!baseUrl || !apiKey) return undefined;
  let made: TelemetryClient | undefined;
  let making: Promise<TelemetryClient> | undefined;
  const make = () =>
    (making ??= import('../api/telemetry/client.js').then(
      ({ TelemetryClient }) => (made = new TelemetryClient({ baseUrl, apiKey, ...telemetryConnection(cfg) })),
    ));
  if (when === 'at-once') await make();
  return Object.freeze({ client: make, loaded: () => made });
}

/** The journal's code loads, and its file opens, with the first change (or `changes`/`undo`). */
function journalPort(
  cfg: Readonly<Config>,
  where: NonNullable<SessionOptions['journal']>,
  state: string,
): JournalPort {
  let opened: Journal | undefined;
  let opening: Promise<Journal> | undefined;
  const meta = { router: cfg.router ?? '', user: cfg.user ?? 'token' };
  return Object.freeze({
    open: () =>
      (opening ??= import('../features/changes/journal-open.js').then(({ openJournal }) => {
        opened = openJournal(meta, where === 'file' ? { dir: state } : where);
        return opened;
      })),
    opened: () => opened,
  });
}

/** The lessons' modules, loading at once. */
function lessonModules() {
  const code = Promise.all([
    import('../features/lessons/lesson-store.js'),
    import('../features/lessons/lesson-completer.js'),
    import('../features/lessons/lesson-driver.js'),
  ]).then(([store, completer, driver]) => ({ store, completer, driver }));
  code.catch(() => {});
  return code;
}

async function lessonStoreOf(
  store: LessonStore | 'file',
  env: NodeJS.ProcessEnv,
  code: ReturnType<typeof lessonModules>,
): Promise<LessonStore> {
  if (store !== 'file') return store;
  return (await code).store.fileLessonStore(env);
}

/** Both completers' candidates: each answers its own slots (telemetry's, `learn`'s) and [] for others. */
function eitherCompleter(...all: Array<ValueCompleter | undefined>): ValueCompleter | undefined {
  const some = all.filter((c): c is ValueCompleter => c !== undefined);
  if (some.length <= 1) return some[0];
  return async (...args) => (await Promise.all(some.map((c) => c(...args)))).flat();
}
