// InputRe handling. Patterns come from a server: they are compiled once (memoized), anchored to
// the whole word, and a pattern that does not compile never throws — it accepts any word
// (the server still validates), so a broken regex cannot lock the user out.
const compiled = new Map<string, RegExp | null>();
const MAX_MEMO = 2000;

function compile(re: string): RegExp | null {
  const hit = compiled.get(re);
  if (hit !== undefined) return hit;
  let out: RegExp | null;
  try {
    out = new RegExp(`^(?:${re})$`);
  } catch {
    out = null;
  }
  if (compiled.size >= MAX_MEMO) compiled.clear();
  compiled.set(re, out);
  return out;
}

/** Whole-word match; an absent or broken pattern accepts any non-empty word. */
export function matchesInputRe(re: string | undefined, word: string): boolean {
  if (re === undefined || re === '') return word !== '';
  const rx = compile(re);
  if (rx === null) return word !== '';
  try {
    return rx.test(word);
  } catch {
    return true;
  }
}

/** True when the pattern compiles (used to tell the user why nothing was checked). */
export function isValidInputRe(re: string): boolean {
  return compile(re) !== null;
}

const DIGITS_ONLY = /^\^?\(?(?:\?:)?(?:\\d|\[0-9\])(?:[+*]|\{\d+(?:,\d*)?\})?\)?\$?$/;

/** A numeric slot: ValueType %NUM, or an InputRe of digits only. */
export function isNumericSlot(valueType: string | undefined, inputRe: string | undefined): boolean {
  if (valueType !== undefined && valueType.toUpperCase() === '%NUM') return true;
  return inputRe !== undefined && DIGITS_ONLY.test(inputRe);
}

export function toNumberIfNumeric(word: string, numeric: boolean): string | number {
  if (!numeric || !/^-?\d+(?:\.\d+)?$/.test(word)) return word;
  const n = Number(word);
  return Number.isFinite(n) ? n : word;
}
