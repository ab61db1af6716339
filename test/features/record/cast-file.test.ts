// The asciicast v2 writer on a real file: header, events as they happen, private mode, secrets.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCastFile } from '../../../src/features/record/cast-file.js';

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

describe('openCastFile', () => {
  it('writes the header and each event at once, in a file only the user can read', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cast-')), 's.cast');
    writeFileSync(path, 'old', { mode: 0o644 });
    let t = 1000;
    const cast = openCastFile(
      path,
      {
        width: 80,
        height: 24,
        timestamp: 1700000000,
        env: { TERM: 'xterm', SHELL: undefined },
        title: 'demo',
      },
      () => t,
    );
    expect(statSync(path).mode & 0o777).toBe(0o600);
    t = 1250;
    cast.output('hello\r\n');
    // Flushed as it runs: readable before close.
    expect(lines(path)).toEqual([
      { version: 2, width: 80, height: 24, timestamp: 1700000000, env: { TERM: 'xterm' }, title: 'demo' },
      [0.25, 'o', 'hello\r\n'],
    ]);
    t = 2000;
    cast.resize(100, 30);
    cast.addSecret('hunter22');
    cast.addSecret('ab'); // too short to search for
    cast.output('pw hunter22 ab');
    cast.close();
    cast.output('after close');
    expect(lines(path).slice(2)).toEqual([
      [1, 'r', '100x30'],
      [1, 'o', 'pw ******** ab'],
    ]);
  });

  it('refuses a path it cannot write as a usage error', () => {
    expect(() =>
      openCastFile('/nonexistent-dir/x.cast', { width: 1, height: 1, timestamp: 0, env: {} }),
    ).toThrow(expect.objectContaining({ code: 'usage' }));
  });
});

describe('tokens in recorded output', () => {
  it('a JWT (create-token) is drawn as * in the recording, its length kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'routersh-cast-token-'));
    const path = join(dir, 't.cast');
    const cast = openCastFile(path, { width: 80, height: 24, timestamp: 0, env: {} });
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhdXRvbWF0aW9uIn0.HmiwHlCbYfXrdwO8CFpNNdy8';
    cast.output(`token: ${jwt}\r\n`);
    cast.close();
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('eyJ');
    expect(text).toContain(`token: ${'*'.repeat(jwt.length)}`);
  });
});
