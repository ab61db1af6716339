// Masking secrets in terminal text, keeping its layout: every UTF-16 unit of a secret becomes
// one `*`, so columns, cursor indices and line wraps stay where they were (a wide character
// becomes two units' worth only when it was a surrogate pair; the shown width may shrink by a
// column for CJK, never grow).

export const MASK = '*';

/** `text` with the given ranges (UTF-16 indices, end exclusive) masked. */
export function maskRanges(text: string, ranges: ReadonlyArray<{ start: number; end: number }>): string {
  if (ranges.length === 0) return text;
  let out = '';
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const start = Math.max(r.start, at);
    if (r.end <= start) continue;
    out += text.slice(at, start) + MASK.repeat(r.end - start);
    at = r.end;
  }
  return out + text.slice(at);
}

// CSI (ESC [ … final), OSC (ESC ] … BEL or ST), other two-byte ESC sequences, and C1 CSI.
const ESCAPE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[ -~]|\u009b[0-?]*[ -/]*[@-~]/gy;

/**
 * Terminal output with every occurrence of the known `secrets` masked where it shows, also when
 * escape sequences (colour, the cursor's inverse) cut through it: the visible characters are
 * searched, and only they are replaced.
 */
export function maskKnownSecrets(chunk: string, secrets: Iterable<string>): string {
  const list = [...secrets].filter((s) => s !== '');
  if (list.length === 0 || !chunk) return chunk;
  // The visible text, and where each of its units sits in the chunk.
  let visible = '';
  const at: number[] = [];
  for (let i = 0; i < chunk.length; ) {
    const c = chunk.charCodeAt(i);
    if (c === 0x1b || c === 0x9b) {
      ESCAPE.lastIndex = i;
      const m = ESCAPE.exec(chunk);
      if (m) {
        i += m[0].length;
        continue;
      }
    }
    visible += chunk[i];
    at.push(i);
    i++;
  }
  const hidden = new Set<number>();
  for (const secret of list) {
    for (let k = visible.indexOf(secret); k !== -1; k = visible.indexOf(secret, k + 1)) {
      for (let j = k; j < k + secret.length; j++) hidden.add(at[j] as number);
    }
  }
  if (hidden.size === 0) return chunk;
  let out = '';
  for (let i = 0; i < chunk.length; i++) out += hidden.has(i) ? MASK : chunk[i];
  return out;
}

/** A JSON Web Token (`create-token`'s answer, a Bearer token): three base64url parts, the first `eyJ`. */
const TOKEN = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

/** Whether `text` holds a token (`| save` then writes the file 0600). */
export const holdsToken = (text: string): boolean => text.search(TOKEN) >= 0;

/** `text` with every token drawn as `*`s of its length (a recording never shows one). */
export const maskTokens = (text: string): string => text.replace(TOKEN, (t) => '*'.repeat(t.length));
