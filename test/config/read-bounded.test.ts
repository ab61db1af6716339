// THE bounded reader (issue 17, section 5, "files are read with bounds"): regular files, FIFOs,
// /dev/zero and streams read up to a limit and no further; and the commands that read whole
// files — journals, lessons, scripts, match-list feeds (a FILE or stdin) — fail with one line
// where they used to read gigabytes.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type PassThrough, Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import {
  boundedLines,
  MAX_FEED_BYTES,
  readFileBounded,
  readFileBoundedSync,
  readSmallFileSync,
  readStreamBounded,
  TooLargeError,
} from '../../src/config/read-bounded.js';
import { execute } from '../../src/commands/index.js';
import { exitStatus } from '../../src/exit-status.js';
import { captureIo, adminEnv, runCommand } from '../helpers/command-io.js';

const MiB = 1024 * 1024;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'routersh-bounded-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An endless stream of `chunk`s that counts what was pulled from it. */
function endless(chunk = Buffer.alloc(64 * 1024, 0x41)) {
  const seen = { bytes: 0 };
  const stream = new Readable({
    read() {
      seen.bytes += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, seen };
}

describe('readFileBounded / readFileBoundedSync / readStreamBounded', () => {
  it('reads a file up to the limit, exactly the limit included', async () => {
    const f = join(dir, 'f');
    writeFileSync(f, 'héllo\n');
    expect(readFileBoundedSync(f, 7)).toBe('héllo\n');
    expect(await readFileBounded(f, 7)).toBe('héllo\n');
    expect(() => readFileBoundedSync(f, 6)).toThrow(TooLargeError);
    await expect(readFileBounded(f, 6)).rejects.toThrow('larger than 6 bytes');
  });

  it('a small file (a secret file) reads as readFileBoundedSync does, one after another', () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    writeFileSync(a, 'héllo-longer\n');
    writeFileSync(b, 'hé\n');
    expect(readSmallFileSync(a, 64 * 1024)).toBe('héllo-longer\n');
    // Its buffer is reused: nothing of the longer file before shows through.
    expect(readSmallFileSync(b, 64 * 1024)).toBe('hé\n');
    expect(readSmallFileSync(b, 4)).toBe('hé\n');
    expect(() => readSmallFileSync(b, 3)).toThrow(TooLargeError);
    expect(() => readSmallFileSync('/dev/zero', 64 * 1024)).toThrow('larger than 65536 bytes');
    expect(() => readSmallFileSync(join(dir, 'none'), 64)).toThrow(/ENOENT/);
  });

  it('/dev/zero stops at the limit (sync and async), in a blink', async () => {
    expect(() => readFileBoundedSync('/dev/zero', 4 * MiB)).toThrow('larger than 4 MiB');
    await expect(readFileBounded('/dev/zero', 4 * MiB)).rejects.toMatchObject({ code: 'EFBIG' });
  });

  it('a FIFO whose writer never stops is read up to the limit', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const { stream, seen } = endless();
    // The writer opens the FIFO as the reader does; it ends with EPIPE once the reader gives up.
    const out = createWriteStream(fifo);
    out.on('error', () => {});
    stream.pipe(out);
    await expect(readFileBounded(fifo, 2 * MiB)).rejects.toThrow(TooLargeError);
    stream.destroy();
    out.destroy();
    expect(seen.bytes).toBeLessThan(16 * MiB);
  });

  it('a stream (stdin) is read up to the limit, then destroyed: nothing more is pulled', async () => {
    const { stream, seen } = endless();
    await expect(readStreamBounded(stream, 3 * MiB)).rejects.toThrow('larger than 3 MiB');
    expect(stream.destroyed).toBe(true);
    expect(seen.bytes).toBeLessThan(4 * MiB);
    expect(await readStreamBounded(Readable.from([Buffer.from('\ufeffa\n'), 'b']), 10)).toBe('a\nb');
  });
});

describe('boundedLines', () => {
  const chunksOf = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));
  const all = async (it: AsyncIterable<string>) => {
    const out: string[] = [];
    for await (const l of it) out.push(l);
    return out;
  };
  const viaReadline = (...parts: string[]) =>
    all(createInterface({ input: chunksOf(...parts), crlfDelay: Number.POSITIVE_INFINITY }));

  it.each([
    [['a\nb\n']],
    [['a\r\nb\r', '\nc']],
    [['a\r', 'b\n\n', 'c']],
    [['one', ' line', ' split\n', 'é'.repeat(3)]],
    [['\n\n']],
    [['x\ry\r\n']],
  ])('splits %j as node:readline does', async (parts) => {
    expect(await all(boundedLines(chunksOf(...parts), 100))).toEqual(await viaReadline(...parts));
  });

  it('a line longer than the limit ends the read (after about the limit)', async () => {
    const { stream, seen } = endless();
    await expect(all(boundedLines(stream, MiB))).rejects.toThrow('larger than 1 MiB');
    expect(seen.bytes).toBeLessThan(3 * MiB);
  });
});

describe('the commands that read whole files', () => {
  let sim: RouterSim;
  beforeAll(async () => {
    sim = await startRouterSim();
  });
  afterAll(() => sim.close());
  const env = () => adminEnv(sim.url, dir);

  it('`routersh undo --journal /dev/zero` is one line, read no further', async () => {
    const r = await runCommand(['undo', '--journal', '/dev/zero'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('% cannot read journal /dev/zero: larger than 64 MiB\n');
  });

  it('`routersh -f /dev/zero` is one line', async () => {
    const r = await runCommand(['-f', '/dev/zero'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('% cannot read script /dev/zero: larger than 16 MiB\n');
  });

  it('`match-list import LIST /dev/zero` (shell built-in and routersh match-list) is one line', async () => {
    const viaC = await runCommand(['-c', 'match-list import blacklist /dev/zero'], env());
    expect(viaC.code).toBe(1);
    expect(viaC.stderr).toBe('% match-list: cannot read /dev/zero: larger than 64 MiB (command 1)\n');
    const viaCmd = await runCommand(['match-list', 'import', 'blacklist', '/dev/zero'], env());
    expect(viaCmd.code).toBe(1);
    expect(viaCmd.stderr).toMatch(/^% match-list: cannot read \/dev\/zero: larger than 64 MiB\n$/);
  });

  it.each([
    ['routersh -c "match-list import LIST -"', ['-c', 'match-list import blacklist -']],
    ['routersh match-list import LIST -', ['match-list', 'import', 'blacklist', '-']],
  ])('%s with an endless stdin stops at 64 MiB with one line', async (_name, argv) => {
    const c = captureIo(env());
    const { stream, seen } = endless(Buffer.from('192.0.2.1\n'.repeat(6554)));
    stream.pipe(c.io.stdin as unknown as PassThrough);
    const code = exitStatus(await execute(argv, c.io));
    stream.destroy();
    expect(code).toBe(1);
    expect(c.err()).toMatch(
      /^% match-list: cannot read standard input: larger than 64 MiB( \(command 1\))?\n$/,
    );
    expect(seen.bytes).toBeLessThan(MAX_FEED_BYTES + 16 * MiB);
  });

  it('commands on stdin: a line that never ends stops at 16 MiB with one line', async () => {
    const c = captureIo(env());
    const { stream } = endless();
    stream.pipe(c.io.stdin as unknown as PassThrough);
    const code = exitStatus(await execute([], c.io));
    stream.destroy();
    expect(code).toBe(2);
    expect(c.err()).toBe('% cannot read commands from standard input: a line larger than 16 MiB\n');
  });
});
