// What running a line needs, injected: the resolver, the router and telemetry clients, the
// metadata cache, the history, the terminal width and a clock.
import type { Envelope, NodeInfo, RouterRequest } from '../api/router/types.js';
import type { TelemetryClient } from '../api/telemetry/client.js';
import type { Journal } from '../features/changes/journal/journal.js';
import type { Resolution } from '../lang/index.js';
import type { LessonDriver } from './lessons.js';

export interface RunnerDeps {
  resolve(line: string, context: string[], signal: AbortSignal): Promise<Resolution>;
  router: {
    send(req: RouterRequest, o: { signal?: AbortSignal }): Promise<Envelope>;
    /** The path every request starts with (`/api`, `/prefix/api-oauth`); shown by dry runs. */
    readonly apiRoot?: string;
  };
  cache: {
    invalidate(words: string[], o?: { deleted?: boolean }): void;
    clear(prefix?: string[]): void;
    /** A node read within `maxAgeMs` and not touched by our own writes since (the journal's before). */
    fresh?(words: readonly string[], maxAgeMs: number): NodeInfo | undefined;
  };
  /** Absent when no telemetry API is configured: `metrics …`/`logs …` then fail. */
  telemetry?: TelemetryClient;
  /** Instead of `telemetry` in a one-shot run: the client, imported and made on first use. */
  loadTelemetry?: () => Promise<TelemetryClient>;
  history?: () => string[];
  /** A long command's progress line (`match-list import`), shown in place on the live region. */
  progress?: (line: string) => void;
  width: () => number;
  interactive: boolean;
  now?: () => number;
  /** The lesson under way (`learn`, `hint`, `skip`, `lesson`); absent outside the shell and `routersh learn`. */
  lessons?: LessonDriver;
  /** The change journal (absent: changes are not journaled; undo and compare say so). */
  journal?: Journal;
  /** Opens the journal on first need (sets `journal`); absent when the session keeps none. */
  openJournal?: () => Promise<Journal>;
  /** Asks a yes/no question on the terminal (the interactive shell only). */
  ask?: (question: string, signal: AbortSignal) => Promise<boolean>;
  /** `--yes`: a script may run what would ask on a terminal (undo, an own-path warning). */
  yes?: boolean;
  /** Writes a note above the prompt outside any command (a confirmed window that expired). */
  notify?: (text: string) => void;
  /** The address this connection comes from, as the router sees it (the own-path check). */
  sourceAddress?: () => string | undefined;
}

export interface RunState {
  context: string[];
}
