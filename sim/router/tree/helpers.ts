// Small builders so tree definitions read as data.
import { bad } from '../api-error.js';
import type { Ctx, NodeDef, OptionDef } from './types.js';

type Extra = Omit<NodeDef, 'word' | 'type' | 'description'>;

export const token = (word: string, description: string, extra: Extra = {}): NodeDef => ({
  word,
  type: 'Token',
  description,
  ...extra,
});

export const value = (
  word: string,
  bind: string,
  help: string,
  inputRe: string,
  description: string,
  extra: Omit<Extra, 'bind' | 'help' | 'inputRe'> = {},
): NodeDef => ({ word, type: 'Value', bind, help, inputRe, description, ...extra });

export const NUM_RE = '(\\d+)';
export const STR_RE = '(.+)';
export const IF_RE = '([\\w\\-\\.\\d]+)';
export const NAME_RE = '([A-Za-z_][\\w\\-\\.]*)';

export const numOption = (description: string, extra: Partial<OptionDef> = {}): OptionDef => ({
  valueType: '%NUM',
  inputRe: NUM_RE,
  help: '<num>',
  count: 1,
  description,
  inSet: true,
  ...extra,
});

/** The value a Value node captured on the path (always present once the engine reached it). */
export function arg(c: Ctx, name: string): string {
  const v = c.args[name];
  if (v === undefined) throw bad(`Missing value for ${name}`);
  return v;
}

/** First value of an option, if given. */
export const opt = (c: Ctx, name: string): string | undefined => c.options[name]?.[0];

export const has = (c: Ctx, name: string): boolean => c.options[name] !== undefined;

/** Parses a number and checks its range; the message names the thing and the range. */
export function numberIn(text: string, min: number, max: number, what: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw bad(`${what} ${text} out of range ${min}-${max}`);
  return n;
}
