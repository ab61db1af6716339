// Shared types of the completion engine: tokens, resolved words, line errors, resolutions,
// completion candidates and the dependencies the engine is given (a cache, a context, an
// optional completer for telemetry value slots).
import type { NodeInfo, OptionInfo, RouterRequest } from '../api/router/types.js';
import type { BuiltinName } from './grammar.js';

export type FetchNode = (words: string[], signal: AbortSignal) => Promise<NodeInfo>;

export interface Token {
  /** Unquoted, unescaped text. */
  text: string;
  /** Columns in the line (UTF-16 indexes); `end` is exclusive. */
  start: number;
  end: number;
  quoted: boolean;
  /** False while a quote is still open at the end of the line. */
  closed: boolean;
  /** The expression of a command whose argument is read raw (grammar.ts `arg.raw`). */
  raw?: 'metricsql' | 'logsql';
  /**
   * Why that expression cannot be sent (an unbalanced quote or bracket, at `column`; `whole`:
   * the message says where by itself, a clause in the wrong place).
   */
  rawError?: { message: string; column: number; whole?: boolean };
  /** Sent, but likely not what was meant (a LogsQL clause before a pipe): said as a warning. */
  rawWarning?: string;
}

export type WordRole =
  | 'verb'
  | 'builtin'
  | 'token'
  | 'value'
  | 'option'
  | 'option-value'
  | 'error'
  | 'pending';

export interface ResolvedWord {
  token: Token;
  role: WordRole;
  node?: NodeInfo;
  option?: OptionInfo;
}

export type LineErrorReason =
  | 'unknown'
  | 'ambiguous'
  | 'value'
  | 'option-unknown'
  | 'option-unavailable'
  | 'option-count'
  | 'option-value'
  | 'missing-value'
  | 'key'
  | 'incomplete'
  | 'builtin'
  /** Refused locally (path-guards.ts, secret-slots.ts, quote-check.ts): never sent. */
  | 'dot-segment'
  | 'redacted-secret'
  | 'secret-in-path'
  | 'unbalanced-quote'
  /** The metadata needed to judge the word could not be read (see metadata-failure.ts). */
  | 'metadata';

export interface LineError {
  /** One line, e.g. "unknown word 'intrface': expected one of interface, ipv4… (did you mean 'interface'?)". */
  message: string;
  /** Index among the line's tokens; `tokens.length` when the error is at the end of the line. */
  wordIndex: number;
  column: number;
  length: number;
  /** The slot's Help or a candidate summary. */
  expected?: string;
  candidates: string[];
  didYouMean?: string;
  reason: LineErrorReason;
}

export type Resolution =
  | { kind: 'router'; request: RouterRequest; words: ResolvedWord[] }
  | {
      kind: 'builtin';
      /** Built-in command words joined by a blank, e.g. 'metrics range' (grammar.ts). */
      name: BuiltinName;
      /** Value words (telemetry), or the absolute router path (edit, help, refresh). */
      args: string[];
      options: Record<string, string[]>;
      words: ResolvedWord[];
      /** Said once per session: the built-in shadows a router word of the same name. */
      note?: string;
      /** Said each time: the line runs, but likely not as meant (expr-clauses.ts). */
      warning?: string;
    }
  | { kind: 'empty' }
  | { kind: 'error'; error: LineError; words: ResolvedWord[] };

/** What classifyLineSync returns: a Resolution, or 'pending' when metadata is not cached yet. */
export type Classification = Resolution | { kind: 'pending'; words: ResolvedWord[] };

export type CandidateKind =
  | 'token'
  | 'value'
  | 'configured'
  | 'possible'
  | 'option'
  | 'key-option'
  | 'flag'
  | 'placeholder'
  | 'builtin'
  | 'verb';

export interface Candidate {
  /** What Tab inserts (quoted when it holds blanks). */
  text: string;
  display: string;
  kind: CandidateKind;
  description?: string;
  configured?: boolean;
  /** False for Help placeholders like <x.x.x.x/x>: shown, never inserted. */
  insertable: boolean;
  /** The word goes on after it (a LogsQL `field:`): inserted without the blank, so Tab goes on. */
  continues?: boolean;
}

export interface Completion {
  replaceFrom: number;
  replaceTo: number;
  candidates: Candidate[];
  /** What Tab puts in [replaceFrom, replaceTo): the common prefix of the insertable matches. */
  commonPrefix: string;
  /** The slot's Help, or why the word is wrong. */
  hint?: string;
  /** The quote open at the cursor, as the lexer sees it (isInsideQuote agrees); a backtick only in an expression. */
  openQuote?: '"' | "'" | '`';
}

export type ValueCompleter = (
  slotId: string,
  partial: string,
  ctx: { words: string[]; options: Record<string, string[]> },
  signal: AbortSignal,
) => Promise<Candidate[]>;

/** The part of MetadataCache the synchronous paths use. */
export interface CacheView {
  peek(words: readonly string[]): NodeInfo | undefined;
  /** Counts the changes of what peek/current answer: equal counts, equal answers (memos key on it). */
  readonly changes?: number;
  /** Like peek, minus what our own write touched since (its SetValues may be out of date). */
  current?(words: readonly string[]): NodeInfo | undefined;
  prefetch?(words: readonly string[]): void;
}

/** The part of MetadataCache the asynchronous paths use. */
export interface AsyncCache extends CacheView {
  /** `current`: re-read a node our own write touched since it was read. */
  get(words: readonly string[], signal?: AbortSignal, o?: { current?: boolean }): Promise<NodeInfo>;
}

export interface EngineDeps {
  cache: AsyncCache;
  /** Words of the `edit` context, prepended to every router path. */
  context?: readonly string[];
  valueCompleter?: ValueCompleter;
}

export interface SyncView {
  cache: CacheView;
  context?: readonly string[];
  /** When a ValueCompleter exists, completeSync answers 'pending' for dynamic slots. */
  dynamicValues?: boolean;
}
