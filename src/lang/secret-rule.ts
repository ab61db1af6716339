// THE secret predicate: which slot of a line holds a secret. Every writer asks it through
// lang/secrets.ts (the one module writers import; the list is docs/safe-changes.md, "What
// counts as a secret"). Pure: a name, a value and, when known, the slot's metadata.
//
// A slot is secret when the name its value follows (a path word, or an option) is named like a
// secret — one of its `-`/`_`-separated parts is a SECRET_WORD — unless
//  - the metadata shows the slot takes a number (ValueType %NUM, an InputRe of digits) or one of
//    a fixed list of literal words (an InputRe like `(net|net-port)`: `key net-port`), or
//  - the value is a number of seconds or a duration (`600`, `15m`, THE duration grammar,
//    time.ts) after a name with a time part (`token-expiration 600`, `key-lifetime 1h`):
//    decided from the line alone, so it holds where no metadata was read (a journal's undo,
//    a router that could not be reached).
// Without metadata any other value after a secret-like name is a secret (the safe failure).
import { enumeratedValues, isNumericSlot } from './regex.js';
import { durationShape, stepShape } from './time.js';

export const SECRET_WORDS: readonly string[] = [
  'pass',
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'key',
  'apikey',
  'community',
  'psk',
];
const SECRET_PART = new RegExp(`^(?:${SECRET_WORDS.join('|')})$`, 'i');

/** Parts of a name that make its number a time, not a secret (`token-expiration`, `psk-lifetime`). */
export const TIME_WORDS: readonly string[] = [
  'expiration',
  'expiry',
  'expire',
  'expires',
  'lifetime',
  'timeout',
  'interval',
  'age',
  'ttl',
  'seconds',
  'duration',
  'period',
];
const TIME_PART = new RegExp(`^(?:${TIME_WORDS.join('|')})$`, 'i');

/** What a secret is shown as wherever it is kept or printed. */
export const REDACTED = '***';

const partsOf = (word: string) => word.replace(/^-+/, '').split(/[-_]/);

/** Whether a word or option name is named like a secret. */
export function isSecretName(word: string): boolean {
  const name = word.replace(/^-+/, '');
  if (name === '') return false;
  if (/^api[-_]?key$/i.test(name)) return true;
  const parts = partsOf(name);
  for (let i = 0; i < parts.length; i++) {
    if (SECRET_PART.test(parts[i]!)) return true;
    // api-key / api_key spread over two parts
    if (/^api$/i.test(parts[i]!) && /^key$/i.test(parts[i + 1] ?? '')) return true;
  }
  return false;
}

/** A number of seconds or a duration after a name with a time part: never a secret. */
export function isSecondsValue(name: string, value: string): boolean {
  if (!partsOf(name).some((p) => TIME_PART.test(p))) return false;
  return stepShape(value) || durationShape(value);
}

/** The slot's metadata, as far as it is known (an option's or a Value node's). */
export interface SlotShape {
  inputRe?: string | undefined;
  valueType?: string | undefined;
}

/**
 * Whether a slot named `name` holds secrets, by its metadata. PossibleValues is only a hint and
 * proves nothing. Without metadata, a secret-like name is a secret.
 */
export function isSecretSlot(name: string, shape?: SlotShape): boolean {
  if (!isSecretName(name)) return false;
  if (!shape) return true;
  if (isNumericSlot(shape.valueType, shape.inputRe)) return false;
  return !(shape.inputRe !== undefined && enumeratedValues(shape.inputRe));
}

/** THE predicate: whether `value`, typed after `name` (a slot with metadata `shape`, if known), is a secret. */
export function isSecretValue(name: string, value: string, shape?: SlotShape): boolean {
  return isSecretSlot(name, shape) && !isSecondsValue(name, value);
}

/**
 * For a word the metadata could not resolve (not cached yet, or after a wrong word): the
 * secret-like name it may abbreviate (`pa` → `password`), so its value is hidden (the safe failure).
 */
export function secretNameStartingWith(typed: string): string | undefined {
  const w = typed.replace(/^-+/, '').toLowerCase();
  return w === '' ? undefined : SECRET_WORDS.find((n) => n.startsWith(w));
}
