// The node tree is data: each node says what it is (Token word or Value placeholder), how a
// value looks, which options it takes and what SET/UNSET/SHOW do on the state. The engine
// (../engine.ts) walks, validates and dispatches generically, so adding a node needs no HTTP code.
import type { WireTable } from '../../../src/api/router/wire.js';
import type { RouterState } from '../state.js';

export interface OptionDef {
  /** Absent for a flag option (takes no value). */
  valueType?: string;
  inputRe?: string;
  /** Help text shown when a value does not match, e.g. `<num>`. */
  help?: string;
  count?: number;
  description: string;
  inSet?: boolean;
  inUnSet?: boolean;
  inShow?: boolean;
  key?: boolean;
}

/**
 * Which router the simulator imitates: 'default' (our reading of the spec), 'reference' (a
 * router whose show tables hold arrays, objects, null and booleans in their cells) or 'shaped'
 * (a tree of its own, ../tree-shaped/: other words, several Key options, a secret in SetValues).
 */
export type RouterVariant = 'default' | 'reference' | 'shaped';

export interface Ctx {
  state: RouterState;
  variant: RouterVariant;
  /** Values captured by Value nodes along the path, by their `bind` name. */
  args: Record<string, string>;
  /** Validated options of the request (numbers already turned into strings). */
  options: Record<string, string[]>;
  words: string[];
  /** The authenticated user. */
  user: string;
  now: number;
  issueToken(user: string): Promise<string>;
}

export interface SetValuesResult {
  values: string[];
  options?: Array<Record<string, string[]>>;
}

export type ShowResult = { format: 'text'; output: string } | { format: 'table'; output: WireTable };

/** What a handler returns: lines of Message (the engine appends the trailing "\n"). */
export type HandlerResult = string | string[] | undefined;

export interface NodeDef {
  /** The word for a Token node, the placeholder (`%IF`) for a Value node. */
  word: string;
  type: 'Token' | 'Value';
  /** For Value nodes: the key under which the matched word lands in `ctx.args`. */
  bind?: string;
  description: string;
  help?: string;
  inputRe?: string;
  multiValue?: boolean;
  options?: Record<string, OptionDef>;
  children?: NodeDef[];
  possibleValues?: (c: Ctx) => string[];
  setValues?: (c: Ctx) => SetValuesResult | null;
  set?: (c: Ctx) => HandlerResult | Promise<HandlerResult>;
  unset?: (c: Ctx) => HandlerResult | Promise<HandlerResult>;
  show?: (c: Ctx) => ShowResult;
}
