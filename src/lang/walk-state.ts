// The walker's state and result types, apart from the walker so that the word-error builders
// it calls can name them without an import cycle.
import type { NodeInfo, OptionInfo } from '../api/router/types.js';
import type { Action } from './match.js';
import type { LineError, ResolvedWord, Token } from './types.js';

/** A node, 'pending' when not cached yet, 'failed' when it could not be fetched. */
export type Lookup = (path: readonly string[]) => NodeInfo | 'pending' | 'failed';

export type Phase = 'first' | 'path' | 'options' | 'option-value';

export interface WalkState {
  mode: 'router' | 'builtin' | 'raw';
  /** The verb's meaning: `delete` is read as `no`, `set` as no verb at all (a bare line). */
  verb?: 'no' | 'show' | 'describe';
  /** `set WORD…`: a router line whose first word is never a built-in. */
  explicitSet?: boolean;
  /** A one-time note for the user about this line (a built-in shadows a router word). */
  note?: string;
  /** A warning about this line, said each time it runs (a LogsQL clause before a pipe). */
  warning?: string;
  /** A built-in whose words are a router path (help, edit, refresh). */
  pathBuiltin?: NodeInfo;
  builtinWords: string[];
  args: string[];
  action: Action;
  /** Router path, context included (raw words: encoding is the client's job). */
  path: string[];
  typedPath: number;
  /** The node reached, once known in full. */
  node?: NodeInfo;
  /** The node reached as described in its parent's SubNodes. */
  entry?: NodeInfo;
  phase: Phase;
  /** The node whose PossibleOptions the options belong to. */
  optNode?: NodeInfo;
  option?: OptionInfo;
  options: Map<string, string[]>;
  optionInfo: Map<string, OptionInfo>;
  counts: Map<string, number>;
  /** The path holds a value typed into a secret slot: described, never fetched (secret-slots.ts). */
  secret?: boolean;
}

export interface WalkResult {
  state: WalkState;
  words: ResolvedWord[];
  error?: LineError;
  /** A path whose metadata is needed to go on. */
  pending?: string[];
}

export type At = { token: Token; wordIndex: number; column: number };
