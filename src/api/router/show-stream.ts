// A SHOW answer's text while its body arrives (issue 38): a 65,536-line show (4.8 MB of JSON)
// printed its first line only once the whole answer was received and parsed, where `cat`
// starts at once. This scans the JSON text part by part for the envelope's top-level
// `RequestStatus` and `NodeInfo.ShowOutput` and hands out ShowOutput's decoded text as it comes,
// each piece ending after an LF that no escape sequence spans (term/sanitize.ts textCut), the
// last one where the string ends. The scan also keeps the body without ShowOutput's contents
// (`envelopeText`): when it read the whole body, that text parsed and the pieces joined are
// the answer (client.ts), and the 4.8 MB are not decoded again after their last byte while the
// terminal waits. It stops at anything it does not expect (another shape, a ShowOutput before
// an OK status, JSON it cannot read, a key too long to hold, a second ShowOutput, anything but
// whitespace after the envelope): the full parse of the whole body is then the answer, and the
// rest is printed from it, as before.
import { textCut } from '../../term/sanitize.js';
import { isOkStatus } from './decode.js';

/** A key or a status longer than this is not held across parts: the scan stops. */
const MAX_HELD = 64 * 1024;

type Mode = 'json' | 'skip' | 'hold' | 'show' | 'tail' | 'off';

export class ShowOutputScan {
  private mode: Mode = 'json';
  private carry = '';
  /** The open containers, outermost first: `o` an object, `a` an array. */
  private readonly stack: Array<'o' | 'a'> = [];
  /** The key in effect at depth 1 and 2 (the top object and NodeInfo). */
  private readonly keys: Array<string | undefined> = [];
  /** In an object, the next string is a key. */
  private expectKey = false;
  /** What the string being held is: a key, or the top-level RequestStatus. */
  private holding: 'key' | 'status' = 'key';
  private statusOk = false;
  private shown = false;
  private closed = false;
  private seenNodeInfo = false;
  /** Decoded ShowOutput text not yet handed out (after its last safe cut). */
  private pending = '';
  /** The body read so far, but ShowOutput's contents (its quotes kept: `""`). */
  private skeleton: string[] = [];
  /** Where the text not yet in `skeleton` starts in the part being scanned. */
  private from = 0;

  constructor(private readonly emit: (text: string) => void) {}

  /** True once the scan gave up or the envelope closed. */
  get stopped(): boolean {
    return this.mode === 'off' || this.mode === 'tail';
  }

  /**
   * The envelope closed, with nothing but whitespace after it, and the scan never gave up: what
   * it handed out is all of the one ShowOutput of the one NodeInfo (a second of either ends the
   * scan).
   */
  get finished(): boolean {
    return this.closed;
  }

  /**
   * Once the whole body was pushed: its text with ShowOutput's string empty, when the scan
   * finished and handed out a ShowOutput (undefined otherwise). JSON.parse of it is the body's
   * parse but for that string, whose contents the scan decoded (JSON's rules: escapes, no raw
   * control character) - unless another ShowOutput key, not a string, comes after it: the
   * caller checks that the parse holds the empty one.
   */
  envelopeText(): string | undefined {
    return this.closed && this.shown ? this.skeleton.join('') : undefined;
  }

  /** The next part of the body's text (a UTF-8 character is never split: a StringDecoder's). */
  push(part: string): void {
    if (this.mode === 'off' || part === '') return;
    const buf = this.carry === '' ? part : this.carry + part;
    this.carry = '';
    try {
      this.scan(buf);
    } catch {
      this.stop();
    }
  }

  private stop(): void {
    this.mode = 'off';
    this.carry = '';
    this.pending = '';
    this.skeleton = [];
  }

  private scan(buf: string): void {
    let i = 0;
    this.from = 0;
    while (i < buf.length && this.mode !== 'off' && this.mode !== 'tail') {
      if (this.mode === 'json') i = this.token(buf, i);
      else i = this.inString(buf, i);
    }
    if (this.mode === 'tail') {
      // JSON.parse allows whitespace after the value, nothing else.
      if (!/^[ \t\n\r]*$/.test(i === 0 ? buf : buf.slice(i))) {
        this.closed = false;
        this.stop();
      }
      return;
    }
    // What is carried is scanned again with the next part; ShowOutput's contents are not kept.
    const to = buf.length - this.carry.length;
    if (this.mode !== 'off' && this.mode !== 'show' && to > this.from)
      this.skeleton.push(buf.slice(this.from, to));
  }

  /** One token outside strings at `i`; returns where the scan goes on. */
  private token(buf: string, i: number): number {
    const c = buf.charCodeAt(i);
    const top = this.stack[this.stack.length - 1];
    switch (c) {
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        return i + 1;
      case 0x7b: // {
        this.open('o');
        this.expectKey = true;
        return i + 1;
      case 0x5b: // [
        this.open('a');
        this.expectKey = false;
        return i + 1;
      case 0x7d: // }
      case 0x5d: // ]
        this.stack.pop();
        this.keys.length = Math.min(this.keys.length, this.stack.length);
        if (this.stack.length === 0) {
          this.closed = true; // the envelope is closed: nothing more to show
          this.mode = 'tail';
          this.skeleton.push(buf.slice(this.from, i + 1));
        }
        this.expectKey = false;
        return i + 1;
      case 0x2c: // ,
        this.expectKey = top === 'o';
        return i + 1;
      case 0x3a: // :
        this.expectKey = false;
        return i + 1;
      case 0x22: {
        const at = this.startString(i + 1);
        if (this.mode === 'show') this.skeleton.push(buf.slice(this.from, at));
        return at;
      }
      default:
        if (this.stack.length === 0) this.stop(); // not an object: another shape
        return i + 1; // a number, true, false, null
    }
  }

  private open(kind: 'o' | 'a'): void {
    if (this.stack.length === 0 && kind !== 'o') this.stop();
    else this.stack.push(kind);
  }

  private startString(at: number): number {
    const depth = this.stack.length;
    const top = this.stack[depth - 1];
    if (depth === 0) {
      this.stop();
      return at;
    }
    if (top === 'o' && this.expectKey) {
      this.mode = depth <= 2 ? 'hold' : 'skip';
      this.holding = 'key';
    } else if (depth === 1 && this.keys[0] === 'RequestStatus') {
      this.mode = 'hold';
      this.holding = 'status';
    } else if (depth === 2 && this.keys[0] === 'NodeInfo' && top === 'o' && this.keys[1] === 'ShowOutput') {
      // Only a ShowOutput after an OK status is shown early, and only the first one.
      if (!this.statusOk || this.shown) {
        this.stop();
        return at;
      }
      this.shown = true;
      this.mode = 'show';
    } else this.mode = 'skip';
    return at;
  }

  /** Inside a string at `i` (its contents, at an escape's start): returns where the scan goes on. */
  private inString(buf: string, i: number): number {
    const close = closingQuote(buf, i);
    if (close < 0) {
      if (this.mode === 'hold') {
        if (buf.length - i > MAX_HELD) this.stop();
        else this.carry = buf.slice(i);
        return buf.length;
      }
      const end = escapeTail(buf, i);
      if (this.mode === 'show' && end > i) this.text(buf.slice(i, end), false);
      this.carry = buf.slice(end);
      return buf.length;
    }
    const raw = buf.slice(i, close);
    if (this.mode === 'hold') this.held(decode(raw));
    else if (this.mode === 'show') {
      this.text(raw, true);
      this.from = close;
    }
    if (this.mode !== 'off') this.mode = 'json';
    return close + 1;
  }

  private held(value: string): void {
    if (this.holding === 'status') {
      this.statusOk = isOkStatus(value);
      return;
    }
    const depth = this.stack.length;
    // A second NodeInfo would be the answer's (JSON.parse keeps the last): not what was shown.
    if (depth === 1 && value === 'NodeInfo') {
      if (this.seenNodeInfo) this.stop();
      this.seenNodeInfo = true;
    }
    this.keys.length = depth;
    this.keys[depth - 1] = value;
  }

  /** Raw JSON string contents of ShowOutput; `last`: the string ends with them. */
  private text(raw: string, last: boolean): void {
    const text = decode(raw);
    if (this.pending === '') {
      this.cut(text, last);
      return;
    }
    // The line begun in the part before, ended here, goes out first on its own: adding the
    // new text to it would make one more copy of the whole chunk.
    const lf = text.indexOf('\n');
    if (lf < 0 && !last) {
      this.pending += text;
      return;
    }
    const head = this.pending + (lf < 0 ? text : text.slice(0, lf + 1));
    this.pending = '';
    const cut = last && lf < 0 ? head.length : textCut(head);
    if (cut < head.length) {
      // An escape sequence open across the line end: cut as one text (rare).
      this.cut(head + (lf < 0 ? '' : text.slice(lf + 1)), last);
      return;
    }
    this.emit(head);
    if (lf >= 0) this.cut(text.slice(lf + 1), last);
  }

  /** Hands out `text` up to its last safe cut (all of it when `last`); keeps the rest. */
  private cut(text: string, last: boolean): void {
    const at = last ? text.length : textCut(text);
    if (at > 0) this.emit(at === text.length ? text : text.slice(0, at));
    this.pending = text.slice(at);
  }
}

/** JSON string contents (between the quotes, whole escapes) decoded; throws on bad JSON. */
function decode(raw: string): string {
  return raw.indexOf('\\') < 0 && !/[\u0000-\u001f]/.test(raw) ? raw : (JSON.parse(`"${raw}"`) as string);
}

/** The index of the quote that closes a string whose contents start at `from`, or -1. */
function closingQuote(buf: string, from: number): number {
  let q = buf.indexOf('"', from);
  while (q >= 0) {
    let run = 0;
    while (q - run - 1 >= from && buf.charCodeAt(q - run - 1) === 0x5c) run++;
    if (run % 2 === 0) return q;
    q = buf.indexOf('"', q + 1);
  }
  return -1;
}

/** Where an escape that `buf` cuts short starts (buf.length when none does); contents from `from`. */
function escapeTail(buf: string, from: number): number {
  const b = buf.lastIndexOf('\\');
  if (b < from) return buf.length;
  let run = 1;
  while (b - run >= from && buf.charCodeAt(b - run) === 0x5c) run++;
  if (run % 2 === 0) return buf.length; // the last backslash is an escaped one
  const need = buf[b + 1] === 'u' ? 6 : 2;
  return buf.length - b < need ? b : buf.length;
}
