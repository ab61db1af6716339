// What running a line needs. `Services` are built once per session by src/session/ and never
// changed after (frozen; every member readonly): a command that needs something the session
// does not offer gets it as a port here, wired when the session is built. What belongs to one
// run — questions on the terminal, notes, progress, the shell's history — is `RunIo`, handed
// to each run by whoever runs it (the shell, a script, a sub-command).
import type { Envelope, NodeInfo, RouterRequest } from '../api/router/types.js';
import type { TelemetryClient } from '../api/telemetry/client.js';
import type { StagedLine } from './config.js';
import type { GuardIdentity, Journal } from './journal.js';
import type { Resolution, ScannedLine, ValueCompleter } from '../lang/index.js';
import type { LessonDriver } from './lessons.js';
import type { Outcome } from './outcome.js';
import type { PaneSources } from './pane-sources.js';

/** The two ends of the connection to the router, as the socket reports them. */
export interface SocketAddresses {
  /** routersh's own address, as the router sees it (the own-path check). */
  local: string;
  /** The router's address. */
  remote: string;
}

export interface RouterPort {
  /** `onShow`: a SHOW's text as it arrives, redacted; null: not the answer's (api/router/client.ts CallOptions). */
  send(
    req: RouterRequest,
    o: { signal?: AbortSignal; onShow?: (text: string | null) => void },
  ): Promise<Envelope>;
  /** The path every request starts with (`/api`, `/prefix/api-oauth`); shown by dry runs. */
  readonly apiRoot?: string;
  /** The latest connection's addresses; undefined before the first request. */
  readonly addresses?: SocketAddresses | undefined;
}

export interface CachePort {
  /** `current`: re-read a node our own write touched since it was read (its SetValues may be old). */
  get(words: readonly string[], signal?: AbortSignal, o?: { current?: boolean }): Promise<NodeInfo>;
  invalidate(words: string[], o?: { deleted?: boolean }): void;
  clear(prefix?: string[]): void;
  /** A node read within `maxAgeMs` and not touched by our own writes since (the journal's before). */
  fresh?(words: readonly string[], maxAgeMs: number): NodeInfo | undefined;
}

/** The telemetry client; its code loads on first use in a one-shot run. */
export interface TelemetryPort {
  client(): Promise<TelemetryClient>;
  /** The client once made (the shell makes it at once: panes and completion use it synchronously). */
  loaded(): TelemetryClient | undefined;
}

/** The session's change journal; its code loads and its file opens with the first change. */
export interface JournalPort {
  open(): Promise<Journal>;
  /** The journal if it is open (the prompt's countdown reads it without opening it). */
  opened(): Journal | undefined;
}

/** The confirmed-change window as the shell meets it (features/changes/confirm.ts behind it). */
export interface WindowPort {
  /**
   * The open window as the prompt shows it: `confirm 4m59s`, or `unguarded 3m12s` once its
   * guard is gone (this shell reverts it at its end); undefined outside one.
   */
  tag(now: number): string | undefined;
  /** Whether the open window is kept by a live guard process (it outlives this one). */
  guarded(): boolean;
  /** Whether the open window's guard is gone: nothing reverts it after this shell. */
  unguarded(): boolean;
  /** How to settle the open window from another terminal ('' when none is open). */
  settleHint(): string;
  /** Leaving the shell: reverts the window's changes now (this process decides first). */
  revertNow(say: (text: string) => void): Promise<void>;
  /** Leaving the shell: keeps the window's changes. */
  confirmNow(): Promise<Outcome>;
}

/** Ends a confirmed-change window even when this process is gone (a detached guard process). */
export interface WindowGuardPort {
  /** Starts the guard of `window` in the journal file: the process it is, or undefined when none could start. */
  start(w: { journal: string; window: string; deadline: number }): GuardIdentity | undefined;
}

/**
 * Candidate mode (`configure`): router change lines are staged, not sent, until `commit`. The
 * state and its file in the state directory (features/config/candidate-store.ts behind it).
 */
export interface CandidatePort {
  /** The staged lines while in candidate mode; undefined outside it (the prompt's `[candidate 3]`). */
  lines(): readonly StagedLine[] | undefined;
  /** Enters candidate mode with nothing staged (no-op when in it). */
  enter(): void;
  /** Stages one more line (written to the state file at once). */
  add(line: StagedLine): void;
  /** Drops every staged line (discard, a commit done); stays in candidate mode. */
  clear(): void;
  /** Leaves candidate mode; the staged lines (if any) are dropped. */
  leave(): void;
  /** Staged lines a routersh that is gone left for this router (a crash), and when; undefined: none. */
  leftOver(): { at: number; lines: StagedLine[] } | undefined;
  /** Forgets the lines leftOver() found (taken or refused). */
  dropLeftOver(): void;
  /** Other routersh processes that live and have lines staged for this router (their own). */
  elsewhere(): Array<{ pid: number; staged: number }>;
  /**
   * A line in candidate mode that would change the router (or that the resolver refused): checked
   * with the dry-run rules and staged; its outcome (an error when it cannot be right).
   */
  stage(
    line: { line: string; context: string[] },
    run: { services: Services; io: RunIo },
    signal: AbortSignal,
  ): Promise<Outcome>;
}

export interface Services {
  /** `scan`: the line as the lexer read it already (a line is read once per Enter). */
  readonly resolve: (
    line: string,
    context: string[],
    signal: AbortSignal,
    scan?: ScannedLine,
  ) => Promise<Resolution>;
  readonly router: RouterPort;
  readonly cache: CachePort;
  /** Undefined when no telemetry API is configured: `metrics …`/`logs …` then fail. */
  readonly telemetry: TelemetryPort | undefined;
  readonly valueCompleter: ValueCompleter | undefined;
  readonly width: () => number;
  readonly interactive: boolean;
  readonly now: () => number;
  /** The lesson under way (`learn`, `hint`, `skip`, `lesson`); undefined when the session has none. */
  readonly lessons: LessonDriver | undefined;
  /** Undefined: changes are not journaled; undo and compare say so. */
  readonly journal: JournalPort | undefined;
  /** `--yes`: a script may run what would ask on a terminal (undo, an own-path warning). */
  readonly yes: boolean;
  /** `--allow-unrevertable`: a script may send, inside a window, a change it cannot revert (a secret). */
  readonly allowUnrevertable?: boolean;
  /** Undefined: a confirmed-change window lives only as long as this process. */
  readonly guard: WindowGuardPort | undefined;
  /** `$XDG_STATE_HOME/routersh` of this session (checkpoints; absent: this process's). */
  readonly stateDir?: string;
  /**
   * Another router, for one command (`compare --profile P`, `compare --router URL`): a session
   * opened with that profile's configuration (or this one's, with the router replaced), no
   * journal; the caller closes it. Absent: not offered here.
   */
  readonly otherRouter?: (which: { profile: string } | { router: string }) => Promise<OtherSession>;
  /** The panes' data sources, by pane kind (the interactive shell's session only). */
  readonly panes: PaneSources | undefined;
  /** The confirmed-change window as the shell meets it (the interactive shell's session only). */
  readonly windows: WindowPort | undefined;
  /** Candidate mode (`configure`); undefined: the session has none (it is never entered). */
  readonly candidate?: CandidatePort | undefined;
  /** Who is talking to which router, as a saved configuration's header names them (issue 38). */
  readonly identity?: SessionIdentity;
}

export interface SessionIdentity {
  /** The router's URL as configured. */
  readonly router: string;
  readonly user: string;
  /** routersh's version. */
  readonly version: string;
}

/** A session with another router (Services.otherRouter). */
export interface OtherSession {
  readonly services: Services;
  /** `profile P (URL)` or the URL: how a diff names it. */
  readonly label: string;
  close(): Promise<void>;
}

/** What one run may use of its caller's terminal. Absent members: there is none. */
export interface RunIo {
  /** Asks a yes/no question on the terminal. */
  readonly ask?: (question: string, signal: AbortSignal) => Promise<boolean>;
  /**
   * Asks for one of `letters` on the terminal (`fallback` for Enter): leaving candidate mode with
   * lines staged (commit / discard / stay).
   */
  readonly choose?: (question: string, letters: readonly string[], fallback: string) => Promise<string>;
  /** Writes a note outside the command's output, also later (a confirmed window that expired). */
  readonly notify?: (text: string) => void;
  /** A long command's progress line (`match-list import`), shown in place. */
  readonly progress?: (line: string) => void;
  /** The shell's history (`history`). */
  readonly history?: () => string[];
  /** Standard input when it is free for data (`match-list import LIST -` piped into routersh). */
  readonly stdin?: () => Promise<string>;
  /**
   * Streams output as it comes (batch only; `logs search … all`): the runner writes `text`
   * (sanitized), or under --json `json` — the `json` pieces of one command make one JSON
   * document. A handler that wrote its output returns `{ kind: 'empty' }`. Absent (the shell, a
   * piped line): the handler returns its whole output as before.
   */
  readonly write?: (chunk: { text: string; json: string }) => void;
  /**
   * Writes a router show's text (sanitized) while its answer arrives: the shell, for a line
   * with no pipe whose output is not paged. The outcome still carries the whole text and says
   * how much of it was written (`shown`); the rest is written as any output.
   */
  readonly stream?: (text: string) => void;
}

export const NO_IO: RunIo = Object.freeze({});

export interface RunState {
  context: string[];
}
