import { mkdtemp, readFile, rm, stat, writeFile, mkdir, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appendHistory,
  escapeEntry,
  historyEntry,
  loadHistory,
  unescapeEntry,
} from '../../../src/shell/editor/history-file.js';
import { historyPath } from '../../../src/config/paths.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'routersh-hist-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe('historyPath', () => {
  it('uses XDG_STATE_HOME, else ~/.local/state', () => {
    expect(historyPath({ XDG_STATE_HOME: '/x/state' }, '/home/u')).toBe('/x/state/routersh/history');
    expect(historyPath({}, '/home/u')).toBe('/home/u/.local/state/routersh/history');
    expect(historyPath({ HOME: '/h' }, '/home/u')).toBe('/h/.local/state/routersh/history');
  });
  it('ignores a relative XDG_STATE_HOME as the XDG spec says', () => {
    expect(historyPath({ XDG_STATE_HOME: 'rel' }, '/home/u')).toBe('/home/u/.local/state/routersh/history');
  });
});

describe('history file', () => {
  it('creates the directory 0700 and the file 0600, one entry a line', async () => {
    const path = historyPath({ XDG_STATE_HOME: dir });
    await appendHistory(path, historyEntry('show version'));
    await appendHistory(path, historyEntry('show ip route'));
    expect(await mode(join(dir, 'routersh'))).toBe(0o700);
    expect(await mode(path)).toBe(0o600);
    expect(await readFile(path, 'utf8')).toBe('show version\nshow ip route\n');
    expect(await loadHistory(path)).toEqual(['show version', 'show ip route']);
  });

  it('tightens an existing file and directory that are too open', async () => {
    const path = join(dir, 'routersh', 'history');
    await mkdir(join(dir, 'routersh'), { mode: 0o755 });
    await writeFile(path, 'old\n', { mode: 0o644 });
    await chmod(path, 0o644);
    expect(await loadHistory(path)).toEqual(['old']);
    expect(await mode(path)).toBe(0o600);
    await chmod(path, 0o666);
    await appendHistory(path, historyEntry('new'));
    expect(await mode(path)).toBe(0o600);
    expect(await mode(join(dir, 'routersh'))).toBe(0o700);
  });

  it('never writes a secret to the file', async () => {
    const path = join(dir, 'routersh', 'history');
    const secrets = ['hunter2', 'abc.def.ghi', 's3cr3t-value', 'k-123'];
    await appendHistory(path, historyEntry('system user admin password hunter2'));
    await appendHistory(path, historyEntry('set token abc.def.ghi'));
    await appendHistory(path, historyEntry('api -O secret=s3cr3t-value'));
    await appendHistory(path, historyEntry('telemetry api-key k-123'));
    const raw = await readFile(path, 'utf8');
    for (const s of secrets) expect(raw).not.toContain(s);
    expect(raw).toContain('system user admin password ***');
    expect(await loadHistory(path)).toContain('api -O secret=***');
  });

  it('escapes line breaks and backslashes so one entry stays one line', async () => {
    const path = join(dir, 'h');
    const entry = 'logs search "a\nb" x\\ny\r';
    await appendHistory(path, historyEntry(entry));
    expect((await readFile(path, 'utf8')).split('\n')).toHaveLength(2);
    expect(await loadHistory(path)).toEqual([entry]);
    expect(unescapeEntry(escapeEntry('\\\\n\n'))).toBe('\\\\n\n');
  });

  it('a missing file is an empty history; blank commands are not written', async () => {
    const path = join(dir, 'none', 'history');
    expect(await loadHistory(path)).toEqual([]);
    await appendHistory(path, historyEntry('   '));
    expect(await loadHistory(path)).toEqual([]);
  });

  it('truncates a long file to the newest max entries on load', async () => {
    const path = join(dir, 'history');
    const lines = Array.from({ length: 30 }, (_, i) => `cmd ${i}`);
    await writeFile(path, lines.map((l) => `${l}\n`).join(''), { mode: 0o600 });
    expect(await loadHistory(path, 10)).toEqual(lines.slice(20));
    expect((await readFile(path, 'utf8')).trim().split('\n')).toEqual(lines.slice(20));
    expect(await mode(path)).toBe(0o600);
  });
});
