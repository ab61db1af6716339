// THE sanitizer: text from a server (router messages, metadata, log records, labels, error
// text) must not drive the terminal. Escape sequences are removed; other control characters
// are made visible, and so are the invisible format characters that can reorder or hide
// text on screen (bidi overrides such as U+202E, zero-width characters). Newlines and tabs
// survive where the caller allows them (multi-line messages). `jsonText` is the same promise
// for --json: valid JSON whose bytes carry no control or format character raw.

// CSI, OSC (terminated by BEL or ST), and other two-byte ESC sequences.
const ANSI_SEQUENCE =
  /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[PX^_][^\u001b]*(?:\u001b\\)?|[@-Z\\-_])/g;
// Invisible format characters: bidi embeddings, overrides and isolates (U+202A–E, U+2066–9),
// marks (U+200E/F, U+061C), zero-width space/joiners (U+200B–D), word joiner and invisible
// operators (U+2060–4), BOM (U+FEFF), line/paragraph separators (U+2028/9) that some
// terminals and editors treat as newlines.
const FORMAT = '\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
// C0 controls except TAB and LF, DEL, C1 controls (0x80–0x9f act as CSI etc. on some terminals).
const CONTROL = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${FORMAT}]`, 'g');
const CONTROL_NO_NEWLINE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${FORMAT}]`, 'g');
const JSON_UNSAFE = new RegExp(`[\\u007f-\\u009f${FORMAT}]`, 'g');

const hex4 = (code: number) => code.toString(16).padStart(4, '0');

function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code === 0x0d) return '';
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  return `<U+${hex4(code).toUpperCase()}>`;
}

// Anything the sanitizers change; most text has none of it and is returned as it is, with
// no allocation (completion sanitizes every candidate on every keystroke).
const ANY_UNSAFE = new RegExp(`[\u0000-\u001f\u007f-\u009f${FORMAT}]`);

// What sanitizeText changes (all of ANY_UNSAFE but LF and TAB, which it keeps). Multi-line text
// always holds an LF: tested against ANY_UNSAFE it took two replace passes, and a show of
// 65,536 lines was scanned three times; text with none of these is returned as it is.
const TEXT_UNSAFE = new RegExp(`[\u0000-\u0008\u000b-\u001f\u007f-\u009f${FORMAT}]`);

/** Sanitizes multi-line text: keeps LF and TAB, drops CR, removes escapes, shows the rest. */
export function sanitizeText(text: string): string {
  if (!TEXT_UNSAFE.test(text)) return text;
  return text.replace(ANSI_SEQUENCE, '').replace(CONTROL, visible);
}

/** Sanitizes a single-line field (a label, a word): no newline survives. */
export function sanitizeLine(text: string): string {
  if (!ANY_UNSAFE.test(text)) return text;
  return text
    .replace(ANSI_SEQUENCE, '')
    .replace(/\r?\n/g, ' ')
    .replace(CONTROL_NO_NEWLINE, (c) => (c === '\t' ? ' ' : visible(c)));
}

/**
 * One JSON document (on one line unless `indent`). JSON.stringify escapes C0 controls but leaves DEL, C1 and
 * format characters raw; they are escaped here (`\u009b`), so the document means the same
 * and a terminal showing it is not driven by it.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, (c) => `\\u${hex4(c.charCodeAt(0))}`);
}

/**
 * Where `text` may be cut so that sanitizeText of the two parts, joined, equals sanitizeText of
 * the whole: just after its last LF that no escape sequence spans (0: nowhere yet). A CSI or a
 * two-byte escape never holds an LF; an OSC (up to BEL or ESC) or a DCS/SOS/PM/APC string (up
 * to ESC) may, so a cut is taken before the line of an open one. Output streamed as it arrives
 * (a router's show) is cut here.
 */
export function textCut(text: string): number {
  let lf = text.lastIndexOf('\n');
  while (lf >= 0) {
    const esc = text.lastIndexOf('\u001b', lf);
    if (esc < 0 || !opensString(text, esc, lf)) return lf + 1;
    if (esc === 0) return 0;
    lf = text.lastIndexOf('\n', esc - 1);
  }
  return 0;
}

/** The escape at `esc` starts an OSC or DCS-like string still open at `at`. */
function opensString(text: string, esc: number, at: number): boolean {
  const kind = text[esc + 1];
  if (kind === ']') {
    const bel = text.indexOf('\u0007', esc + 2);
    return bel < 0 || bel > at;
  }
  return kind === 'P' || kind === 'X' || kind === '^' || kind === '_';
}
