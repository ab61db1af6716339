// Turns raw terminal input into keys. Ink's own input hook hands several keys read at once as
// one event (PLATFORM-NOTES), so the shell parses stdin itself: CR/LF/TAB inside a chunk
// become keys of their own, escape sequences (xterm, tmux, rxvt, SS3, kitty CSI-u) are
// decoded with their modifiers, typed text is one key per grapheme (a run read at once, `jj`
// or `z+`, is split here and nowhere else), and bracketed paste becomes one key even when its
// markers are split across reads. Pure: the caller keeps the returned state between chunks.
import { graphemes } from '../term/text-width.js';

export interface KeyPress {
  /**
   * 'return', 'tab', 'backspace', 'delete', 'insert', 'escape', 'up', 'down', 'left', 'right',
   * 'home', 'end', 'pageup', 'pagedown', 'f1'…'f12', a letter for Ctrl/Alt-letter ('a' with
   * ctrl), the character itself for one printable grapheme ('?', 'q', 'A', ' '), 'unknown'
   * otherwise.
   */
  name: string;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
  /** The raw input; for a printable key, the characters to insert. */
  sequence: string;
}

export interface PasteKey {
  name: 'paste';
  /** Pasted text with CRLF/CR turned into LF. */
  text: string;
  /**
   * A long run read at once without paste markers (UNBRACKETED_PASTE_MIN): a consumer that takes
   * no paste gets it as the keys it would have been typed as (key-stream.ts).
   */
  unbracketed?: true;
}

export type Key = KeyPress | PasteKey;

export interface ParserState {
  /** Bytes held back: an incomplete escape sequence or a possible start of a paste end marker. */
  pending: string;
  /** Text pasted so far while inside a bracketed paste, or null outside one. */
  paste: string | null;
  /**
   * A paste without markers holding line breaks, held at the end of a read: the terminal writes
   * a long paste in pieces of a few kB, and its lines are checked and run as one block, so it
   * is held until a read brings something else or none comes shortly (flushKeys).
   */
  run?: string | undefined;
  /**
   * The last read ended inside a one-line paste without markers, given out already (an
   * insertion needs no whole): text at the start of the next read goes on with it, however
   * short. Cleared by flushKeys (the caller's short wait), so typing later is typing again.
   */
  pasting?: boolean | undefined;
}

export const initialParserState: ParserState = { pending: '', paste: null };

const ESC = '\u001b';
const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';

export const isPaste = (key: Key): key is PasteKey => 'text' in key;

const key = (
  name: string,
  sequence: string,
  mods: Partial<Pick<KeyPress, 'ctrl' | 'meta' | 'shift'>> = {},
) => ({
  name,
  ctrl: mods.ctrl ?? false,
  meta: mods.meta ?? false,
  shift: mods.shift ?? false,
  sequence,
});

const TILDE: Record<string, string> = {
  '1': 'home',
  '2': 'insert',
  '3': 'delete',
  '4': 'end',
  '5': 'pageup',
  '6': 'pagedown',
  '7': 'home',
  '8': 'end',
  '11': 'f1',
  '12': 'f2',
  '13': 'f3',
  '14': 'f4',
  '15': 'f5',
  '17': 'f6',
  '18': 'f7',
  '19': 'f8',
  '20': 'f9',
  '21': 'f10',
  '23': 'f11',
  '24': 'f12',
};

const LETTER: Record<string, string> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  E: 'clear',
  F: 'end',
  H: 'home',
  P: 'f1',
  Q: 'f2',
  R: 'f3',
  S: 'f4',
};

// rxvt reports shifted arrows as lower-case finals (ESC [ a) and ctrl ones as ESC O a.
const RXVT: Record<string, string> = { a: 'up', b: 'down', c: 'right', d: 'left' };

// xterm modifier parameter: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8).
function modifiers(param: string | undefined) {
  const m = Math.max(0, Number.parseInt(param ?? '1', 10) - 1) || 0;
  return { shift: (m & 1) !== 0, meta: (m & 2) !== 0 || (m & 8) !== 0, ctrl: (m & 4) !== 0 };
}

/** A control character or DEL as a key (no ESC). */
function controlKey(ch: string, meta: boolean): KeyPress {
  const code = ch.charCodeAt(0);
  if (ch === '\r' || ch === '\n') return key('return', ch, { meta });
  if (ch === '\t') return key('tab', ch, { meta });
  if (ch === '\b' || ch === '\u007f') return key('backspace', ch, { meta });
  if (code === 0) return key(' ', ch, { ctrl: true, meta });
  if (code >= 1 && code <= 26) return key(String.fromCharCode(code + 96), ch, { ctrl: true, meta });
  return key(String.fromCharCode(code + 64), ch, { ctrl: true, meta }); // ^\ ^] ^^ ^_
}

function decodeCsi(seq: string, params: string, final: string): KeyPress {
  if (final === '~') {
    const [num, mod] = params.split(';');
    const name = TILDE[num ?? ''];
    if (name) return key(name, seq, modifiers(mod));
    // rxvt: ESC [ 2 $ style with modifiers is rare; fall through as unknown.
    return key('unknown', seq);
  }
  if (final === 'u') {
    // kitty / fixterms CSI-u: codepoint;modifiers u
    const [cp, mod] = params.split(';');
    const code = Number.parseInt(cp ?? '', 10);
    const mods = modifiers(mod);
    if (code === 13) return key('return', seq, mods);
    if (code === 9) return key('tab', seq, mods);
    if (code === 27) return key('escape', seq, mods);
    if (code === 127) return key('backspace', seq, mods);
    if (code > 32) return key(String.fromCodePoint(code), seq, mods);
    return key('unknown', seq);
  }
  if (final === 'Z') return key('tab', seq, { shift: true });
  const letter = LETTER[final] ?? RXVT[final];
  if (letter) {
    const parts = params.split(';');
    const mods = modifiers(parts[1] ?? (parts[0] && parts[0] !== '1' ? parts[0] : undefined));
    if (RXVT[final]) mods.shift = true;
    return key(letter, seq, mods);
  }
  return key('unknown', seq);
}

type Scan = { key: KeyPress; length: number } | 'pending';

// Reads one escape-introduced key at `i` (input[i] === ESC).
function scanEscape(input: string, i: number): Scan {
  const next = input[i + 1];
  if (next === undefined) return { key: key('escape', ESC), length: 1 };
  if (next === '[') {
    let j = i + 2;
    if (input[j] === '[') j++; // linux console ESC [ [ A = F1
    const paramStart = j;
    while (j < input.length && /[0-?]/.test(input[j]!)) j++;
    while (j < input.length && /[ -/]/.test(input[j]!)) j++;
    const final = input[j];
    if (final === undefined) return 'pending';
    const seq = input.slice(i, j + 1);
    if (!/[@-~]/.test(final)) return { key: key('unknown', seq), length: seq.length };
    if (paramStart === i + 3) {
      const f = { A: 'f1', B: 'f2', C: 'f3', D: 'f4', E: 'f5' }[final];
      return { key: key(f ?? 'unknown', seq), length: seq.length };
    }
    return { key: decodeCsi(seq, input.slice(paramStart, j), final), length: seq.length };
  }
  if (next === 'O') {
    const final = input[i + 2];
    if (final === undefined) return 'pending';
    const seq = input.slice(i, i + 3);
    const name = LETTER[final] ?? RXVT[final];
    return { key: key(name ?? 'unknown', seq, RXVT[final] ? { ctrl: true } : {}), length: 3 };
  }
  if (next === ESC) {
    // ESC ESC [ A: some terminals send Alt-arrow as ESC before the sequence.
    const inner = input[i + 2];
    if (inner === '[' || inner === 'O') {
      const rest = scanEscape(input, i + 1);
      if (rest === 'pending') return rest;
      return { key: { ...rest.key, meta: true, sequence: ESC + rest.key.sequence }, length: rest.length + 1 };
    }
    return { key: key('escape', ESC + ESC, { meta: true }), length: 2 };
  }
  // Alt-<key>: ESC prefix.
  const cp = input.codePointAt(i + 1) ?? 0;
  const ch = String.fromCodePoint(cp);
  if (cp < 0x20 || cp === 0x7f) {
    const k = controlKey(ch, true);
    return { key: { ...k, sequence: ESC + ch }, length: 1 + ch.length };
  }
  return { key: key(ch, ESC + ch, { meta: true, shift: ch !== ch.toLowerCase() }), length: 1 + ch.length };
}

const isPrintable = (code: number) => code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0);

const normalizeNewlines = (s: string) => s.replace(/\r\n?/g, '\n');

const textKey = (g: string): KeyPress => key(g, g, { shift: g !== g.toLowerCase() });

// graphemes() asks ICU only for what is not plainly one cluster a character (term/text-width.ts).
const graphemeKeys = (run: string): KeyPress[] => graphemes(run).map((g) => textKey(g.segment));

/**
 * A stretch of printable text and line breaks this long, read at once, is a paste, though it
 * came without paste markers (a terminal without bracketed paste, or with it off). Why: a
 * person types a few characters between two reads (a burst over a slow link is tens), so a
 * longer run is a paste, and a paste must stay one key: split, a 10 kB paste would be 10,000
 * keys, each a prompt edit and a frame, where it is one insertion (bench/paste-bench.ts), and
 * its lines would run one by one as typed, unchecked, where a paste is checked as a whole first.
 * Counted in UTF-16 units: cheap, and a grapheme is at least one of them.
 */
export const UNBRACKETED_PASTE_MIN = 64;

const isBreak = (ch: string | undefined) => ch === '\r' || ch === '\n' || ch === '\t';

const isText = (ch: string) => isPrintable(ch.charCodeAt(0)) || isBreak(ch);

/** Where the stretch of text (printables, CR, LF, TAB) that starts at `i` ends. */
function textEnd(input: string, i: number): number {
  let j = i;
  while (j < input.length && isText(input[j]!)) j++;
  return j;
}

/** The end of a stretch's body: without the line breaks and Tabs it ends with. */
function bodyEnd(stretch: string): number {
  let body = stretch.length;
  while (body > 0 && isBreak(stretch[body - 1])) body--;
  return body;
}

const hasLineBreak = (s: string) => /[\r\n]/.test(s);

/**
 * A stretch of text as keys: one per grapheme and control, or, when long (or going on with a
 * paste), one paste. The Enter or Tab that ends a one-line stretch stays a key (a long line
 * typed, then Enter: inserted, then run, as typed); a stretch with a line break inside is one
 * paste to its end (its lines are checked, then run, as a bracketed paste's are).
 */
function stretchKeys(stretch: string, continued: boolean): Key[] {
  const body = bodyEnd(stretch);
  if (body === 0 || (!continued && body < UNBRACKETED_PASTE_MIN)) return typedKeys(stretch);
  const end = hasLineBreak(stretch.slice(0, body)) ? stretch.length : body;
  const paste: PasteKey = {
    name: 'paste',
    text: normalizeNewlines(stretch.slice(0, end)),
    unbracketed: true,
  };
  return [paste, ...typedKeys(stretch.slice(end))];
}

/**
 * A stretch that reaches the end of the read: a paste with line breaks is held for the rest, a
 * one-line paste is given out now (the next read's text goes on with it); null when neither.
 */
function atReadEnd(stretch: string, continued: boolean): { keys: Key[]; state: ParserState } | null {
  const body = bodyEnd(stretch);
  if (body === 0 || (!continued && body < UNBRACKETED_PASTE_MIN)) return null;
  const idle = { pending: '', paste: null };
  if (hasLineBreak(stretch.slice(0, body))) return { keys: [], state: { ...idle, run: stretch } };
  if (body < stretch.length) return null; // it ended with Enter or Tab: typed, not pasting
  return { keys: stretchKeys(stretch, true), state: { ...idle, pasting: true } };
}

/** Printable text and controls (no ESC) as they arrive typed one by one: a key per grapheme. */
export function typedKeys(text: string): KeyPress[] {
  const out: KeyPress[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (!isPrintable(code)) {
      if (code < 0x20 || code === 0x7f) out.push(controlKey(text[i]!, false));
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && isPrintable(text.charCodeAt(j))) j++;
    for (const k of graphemeKeys(text.slice(i, j))) out.push(k); // no spread: a paste may be long
    i = j;
  }
  return out;
}

// Longest suffix of `s` that is a proper prefix of `marker` (it may be completed by the next read).
function partialSuffix(s: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, s.length); n > 0; n--) {
    if (s.endsWith(marker.slice(0, n))) return n;
  }
  return 0;
}

/** Parses one chunk of terminal input; pass the returned state with the next chunk. */
export function parseKeys(
  chunk: string,
  state: ParserState = initialParserState,
): { keys: Key[]; state: ParserState } {
  const keys: Key[] = [];
  const input = state.pending + chunk;
  let paste = state.paste;
  let i = 0;
  if (state.run) {
    // The paste held at the end of the last read goes on while this one starts with text.
    i = textEnd(input, 0);
    const run = state.run + input.slice(0, i);
    if (i === input.length) return { keys, state: { pending: '', paste: null, run } };
    for (const k of stretchKeys(run, true)) keys.push(k);
  }
  while (i < input.length) {
    if (paste !== null) {
      const end = input.indexOf(PASTE_END, i);
      if (end === -1) {
        const rest = input.slice(i);
        const keep = partialSuffix(rest, PASTE_END);
        return {
          keys,
          state: {
            pending: rest.slice(rest.length - keep),
            paste: paste + rest.slice(0, rest.length - keep),
          },
        };
      }
      keys.push({ name: 'paste', text: normalizeNewlines(paste + input.slice(i, end)) });
      paste = null;
      i = end + PASTE_END.length;
      continue;
    }
    const code = input.charCodeAt(i);
    if (input[i] === ESC) {
      if (input.startsWith(PASTE_START, i)) {
        paste = '';
        i += PASTE_START.length;
        continue;
      }
      const scanned = scanEscape(input, i);
      if (scanned === 'pending') return { keys, state: { pending: input.slice(i), paste: null } };
      // A stray paste-end marker outside a paste carries nothing.
      if (scanned.key.sequence !== PASTE_END) keys.push(scanned.key);
      i += scanned.length;
      continue;
    }
    if (!isPrintable(code) && !isBreak(input[i])) {
      if (code < 0x20 || code === 0x7f) keys.push(controlKey(input[i]!, false));
      i++; // C1 controls are dropped
      continue;
    }
    const end = textEnd(input, i);
    const stretch = input.slice(i, end);
    // Text at the very start of this read goes on with a paste the last read ended in.
    const continued = i === 0 && state.pasting === true && state.pending === '';
    const last = end === input.length ? atReadEnd(stretch, continued) : null;
    if (last) return { keys: [...keys, ...last.keys], state: last.state };
    for (const k of stretchKeys(stretch, continued)) keys.push(k);
    i = end;
  }
  return { keys, state: { pending: '', paste } };
}

/**
 * Emits what `parseKeys` held back (an incomplete escape sequence, a long stretch of text) as
 * keys: the caller calls it when no more input arrived shortly after. Bracketed paste content
 * is kept until its end marker.
 */
export function flushKeys(state: ParserState): { keys: Key[]; state: ParserState } {
  if (state.run) return { keys: stretchKeys(state.run, true), state: initialParserState };
  if (state.pasting) return { keys: [], state: initialParserState };
  if (state.paste !== null || state.pending === '') return { keys: [], state };
  // ESC alone, then the rest as ordinary input (e.g. the user typed Esc then '[').
  const rest = parseKeys(state.pending.slice(1), initialParserState);
  const more = flushKeys(rest.state);
  return { keys: [key('escape', ESC), ...rest.keys, ...more.keys], state: initialParserState };
}
