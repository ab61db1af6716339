// Secrets never reach the history file. A word (or option, with or without leading dashes)
// named like a secret has its value replaced with `***`: the next word, or the part after
// `=` in `name=value`. A name is secret-like when one of its `-`/`_`-separated parts is
// pass, password, passwd, passphrase, secret, token, key, apikey, api-key, community or
// psk: `password`, `auth-key`, `pre-shared-key`, `--password-file`, `snmp-community`.
//
// `key` alone is ambiguous: `… match-list x key net` names a key TYPE, not a secret. From
// the line alone the two cannot be told apart, so the value after `key` IS redacted (the
// safe failure) unless the caller's `isPlainValue` says otherwise, e.g. when the value is
// one of the option's PossibleValues in the router metadata.

const SECRET_PART = /^(?:pass|password|passwd|passphrase|secret|token|key|apikey|community|psk)$/i;

export const REDACTED = '***';

export interface RedactOptions {
  /** Return true when `value` after the secret-like `name` is known not to be a secret. */
  isPlainValue?: (name: string, value: string, words: readonly string[]) => boolean;
}

/** Whether a word or option name is named like a secret. */
export function isSecretName(word: string): boolean {
  const name = word.replace(/^-+/, '');
  if (name === '') return false;
  if (/^api[-_]?key$/i.test(name)) return true;
  const parts = name.split(/[-_]/);
  for (let i = 0; i < parts.length; i++) {
    if (SECRET_PART.test(parts[i]!)) return true;
    // api-key / api_key spread over two parts
    if (/^api$/i.test(parts[i]!) && /^key$/i.test(parts[i + 1] ?? '')) return true;
  }
  return false;
}

interface Word {
  start: number;
  end: number;
  /** The word with quotes and escapes removed. */
  value: string;
}

// Splits like the command language: blanks separate, quotes group, backslash escapes.
function words(line: string): Word[] {
  const out: Word[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length) break;
    const start = i;
    let value = '';
    let quote: string | null = null;
    for (; i < line.length; i++) {
      const ch = line[i]!;
      if (quote === null && /\s/.test(ch)) break;
      if (ch === '\\' && quote !== "'" && i + 1 < line.length) {
        value += line[++i];
      } else if (quote === null && (ch === '"' || ch === "'")) {
        quote = ch;
      } else if (ch === quote) {
        quote = null;
      } else {
        value += ch;
      }
    }
    out.push({ start, end: i, value });
  }
  return out;
}

/** `line` with the values of secret-like words replaced by `***`, everything else kept. */
export function redact(line: string, options: RedactOptions = {}): string {
  const ws = words(line);
  const values = ws.map((w) => w.value);
  const cuts: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const eq = w.value.indexOf('=');
    if (eq > 0 && isSecretName(w.value.slice(0, eq))) {
      const raw = line.slice(w.start, w.end);
      const rawEq = raw.indexOf('=');
      const value = w.value.slice(eq + 1);
      if (rawEq > 0 && value !== '' && !options.isPlainValue?.(w.value.slice(0, eq), value, values)) {
        cuts.push({ start: w.start + rawEq + 1, end: w.end });
      }
      continue;
    }
    const next = ws[i + 1];
    if (next && isSecretName(w.value) && !options.isPlainValue?.(w.value, next.value, values)) {
      cuts.push({ start: next.start, end: next.end });
      i++; // the value is not a name itself
    }
  }
  let out = line;
  for (const cut of cuts.reverse()) out = out.slice(0, cut.start) + REDACTED + out.slice(cut.end);
  return out;
}
