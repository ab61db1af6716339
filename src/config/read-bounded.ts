// THE bounded reader: every file routersh reads whole (a journal, a lesson, a feed, a script,
// a configuration file to load), and standard input read as data, is read in chunks up to a
// byte limit, so a path such as /dev/zero, a FIFO that never ends or a pipe that never closes
// costs at most the limit: the first byte past it ends the read with a TooLargeError (one
// line, naming the limit), and no more is read. Regular files, FIFOs, character devices and streams (stdin) read alike.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isRoutershError } from '../errors.js';

const MiB = 1024 * 1024;

/** The limits the README names ("Files read with bounds"). */
export const MAX_JOURNAL_BYTES = 64 * MiB;
export const MAX_LESSON_BYTES = 16 * MiB;
export const MAX_SCRIPT_BYTES = 16 * MiB;
/** A match-list feed: a FILE, or standard input as data. */
export const MAX_FEED_BYTES = 64 * MiB;

const CHUNK = MiB;

/** `16 MiB`, or the bytes when not a whole number of MiB. */
export const sizeText = (bytes: number): string =>
  bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`;

/** More than the limit: `code` is EFBIG, like the errno (messages that show a read's errno show it). */
export class TooLargeError extends Error {
  readonly code = 'EFBIG';
  constructor(readonly maxBytes: number) {
    super(`larger than ${sizeText(maxBytes)}`);
    this.name = 'TooLargeError';
  }
}

/** Why a read failed, for `cannot read … FILE: REASON`: `larger than 16 MiB`, or the errno (`ENOENT`). */
export function readFailure(e: unknown): string {
  if (e instanceof TooLargeError) return e.message;
  if (isRoutershError(e)) return e.message; // an unsafe state file (config/state-dir.ts)
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : 'unreadable';
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** One read; a non-blocking descriptor with nothing yet (EAGAIN) is waited for. */
function readSome(fd: number, buf: Buffer): number {
  for (;;) {
    try {
      return readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      sleepSync(10);
    }
  }
}

/** A file's text (UTF-8), read synchronously, at most `maxBytes` of it: more is a TooLargeError. */
export function readFileBoundedSync(path: string, maxBytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    // A regular file tells its size: one too large is refused without reading it.
    if (st.isFile() && st.size > maxBytes) throw new TooLargeError(maxBytes);
    // A regular file is read in one read of its size and a byte more (a 1,000-host fleet reads
    // a password file per host: a limit-sized buffer each, and a second read for the end, cost
    // more than the rest of the read): when its size has come and not the byte more, that is
    // its end. Anything else reads in chunks to its end.
    const regular = st.isFile() && st.size > 0;
    let want = regular ? st.size + 1 : CHUNK;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // One byte past the limit tells "exactly the limit" from "more".
      const buf = Buffer.allocUnsafe(Math.min(want, maxBytes + 1 - total));
      const n = readSome(fd, buf);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
      if (total > maxBytes) throw new TooLargeError(maxBytes);
      if (regular && total === st.size) break;
      want = CHUNK;
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** readSmallFileSync's buffer, reused: a small file is read into it whole. */
let scratch: Buffer | undefined;

/**
 * A small file's text (a secret file: one line), at most `maxBytes` (≤ 1 MiB) of it, as
 * readFileBoundedSync reads it but without its stat and buffers per read: a 1,000-host fleet
 * reads a password file per host, and the stat's object and the buffers were most of each
 * read. Read into one reused buffer, whose bytes are zeroed after (a secret is not left there).
 */
export function readSmallFileSync(path: string, maxBytes: number): string {
  if (maxBytes > MiB) return readFileBoundedSync(path, maxBytes);
  if (!scratch || scratch.length < maxBytes + 1) scratch = Buffer.allocUnsafe(maxBytes + 1);
  const buf = scratch.subarray(0, maxBytes + 1);
  const fd = openSync(path, 'r');
  let total = 0;
  try {
    for (;;) {
      const n = readSome(fd, buf.subarray(total));
      if (n === 0) break;
      total += n;
      // One byte past the limit tells "exactly the limit" from "more".
      if (total > maxBytes) throw new TooLargeError(maxBytes);
    }
    return buf.toString('utf8', 0, total);
  } finally {
    buf.fill(0, 0, total);
    closeSync(fd);
  }
}

/** A file's text (UTF-8), at most `maxBytes` of it: more is a TooLargeError. */
export async function readFileBounded(path: string, maxBytes: number): Promise<string> {
  return (await readBytesBounded(path, maxBytes)).toString('utf8');
}

/** A file's bytes (a saved configuration: its reader checks the UTF-8), at most `maxBytes`: more is a TooLargeError. */
export async function readBytesBounded(path: string, maxBytes: number): Promise<Buffer> {
  // Loaded here: node:fs/promises costs every one-shot command ~1 ms at start.
  const { open } = await import('node:fs/promises');
  const fh = await open(path, 'r');
  try {
    const st = await fh.stat();
    if (st.isFile() && st.size > maxBytes) throw new TooLargeError(maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1 - total));
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      chunks.push(buf.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw new TooLargeError(maxBytes);
    }
    return Buffer.concat(chunks, total);
  } finally {
    await fh.close();
  }
}

/**
 * A stream's text (standard input), at most `maxBytes` of it: the first chunk past the limit
 * ends the read (the stream is destroyed, nothing more is read) with a TooLargeError. Decoded as
 * node:stream/consumers' `text()` does (a leading BOM dropped).
 */
export async function readStreamBounded(stream: AsyncIterable<unknown>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of stream) {
    const b = Buffer.isBuffer(c) ? c : typeof c === 'string' ? Buffer.from(c) : Buffer.from(c as Uint8Array);
    total += b.length;
    // Leaving the loop by a throw destroys the stream (its iterator's return()).
    if (total > maxBytes) throw new TooLargeError(maxBytes);
    chunks.push(b);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, total));
}

/**
 * A stream's lines as they arrive (standard input's commands), split as node:readline splits
 * them with `crlfDelay: Infinity` (LF, CRLF or a lone CR; a last line without one counts),
 * none longer than `maxLineBytes`: a longer one (/dev/zero piped in) ends the read with a
 * TooLargeError after at most that much.
 */
export async function* boundedLines(
  stream: AsyncIterable<unknown>,
  maxLineBytes: number,
): AsyncIterable<string> {
  const decoder = new TextDecoder();
  const BREAK = /\r\n|\n|\r/g;
  // The line so far, in pieces (joined once it ends: a long line is not copied per chunk).
  let pending: string[] = [];
  let pendingLength = 0;
  let skipLf = false;
  for await (const c of stream) {
    let s = typeof c === 'string' ? c : decoder.decode(c as Uint8Array, { stream: true });
    if (skipLf && s !== '') {
      if (s.startsWith('\n')) s = s.slice(1);
      skipLf = false;
    }
    let start = 0;
    BREAK.lastIndex = 0;
    for (let m = BREAK.exec(s); m; m = BREAK.exec(s)) {
      const end = s.slice(start, m.index);
      const line = pending.length ? pending.join('') + end : end;
      pending = [];
      pendingLength = 0;
      start = BREAK.lastIndex;
      // A CR at the end may be the first half of a CRLF split across chunks.
      if (m[0] === '\r' && start === s.length) skipLf = true;
      yield line;
    }
    if (start < s.length) {
      pending.push(s.slice(start));
      pendingLength += s.length - start;
    }
    // UTF-16 units: never more than the bytes they came from.
    if (pendingLength > maxLineBytes) throw new TooLargeError(maxLineBytes);
  }
  const rest = pending.join('') + decoder.decode();
  if (rest !== '') yield rest;
}
