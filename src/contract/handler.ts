// The shape of a built-in's handler. A call carries only the options its table entry
// declares (grammar.ts), so a handler that reads an option its command lacks does not compile.
import type { BuiltinName, OptionOf } from '../lang/index.js';
import type { Outcome } from './outcome.js';
import type { RunIo, RunState, Services } from './services.js';

export interface BuiltinCall<K extends BuiltinName> {
  name: K;
  /** The value words (telemetry), or the absolute router path (edit, help, refresh). */
  args: string[];
  options: Partial<Record<OptionOf<K>, string[]>>;
}

export interface HandlerEnv {
  readonly state: RunState;
  readonly services: Services;
  readonly io: RunIo;
  readonly signal: AbortSignal;
  /** The confirmed-change window open when the line began: a change it journals is sent only inside it. */
  readonly window?: string | undefined;
}

export type Handler<K extends BuiltinName> = (
  call: BuiltinCall<K>,
  env: HandlerEnv,
) => Outcome | Promise<Outcome>;

/** One handler per built-in: a missing one is a compile error. */
export type Handlers = { readonly [K in BuiltinName]: Handler<K> };
