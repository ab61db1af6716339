// Blacklist feeds that run for weeks (issue 17, section 4), through the built binary (npm run
// build first) against the router simulator on 127.0.0.1: `sync --keep` survives a 503 between
// rounds and Ctrl-C ends it with status 0; a multi-line CSV record and an unterminated quote;
// broad entries and routersh's own address refused (--yes does not count); a leading-zero
// address never makes a sync remove the entry the feed also lists; csv-parse loads only with --csv.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBinLoading } from '../helpers/loaded-files.js';
import { BIN, runBin } from '../helpers/run-bin.js';

let sim: RouterSim;
let env: Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'routersh-feeds-'));
const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };
const writes = (from: number) => sim.requests.slice(from).filter((q) => q.method !== 'GET').length;
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

beforeAll(async () => {
  sim = await startRouterSim();
  env = {
    ROUTERSH_ROUTER: sim.url,
    ROUTERSH_USER: 'admin',
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'routersh-feeds-state-')),
  };
});
afterAll(() => sim.close());

async function newList(name: string, timeout: number, nets: string[] = []): Promise<void> {
  await fetch(`${sim.url}/api/ipv4/firewall/match-list/${name}`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ Options: { timeout: [timeout] } }),
  });
  for (const net of nets) {
    await fetch(`${sim.url}/api/ipv4/firewall/match-list/${name}/action/match`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ Actions: ['SET'], Options: { net: [net] } }),
    });
  }
}

describe('routersh match-list sync --keep (binary)', () => {
  it('a 503 between rounds is reported with its time and retried after 1 s; Ctrl-C ends it with status 0', async () => {
    await newList('kept', 4); // a round every 2 s
    const feed = file('kept.txt', '192.0.2.77\n');
    const child = spawn(process.execPath, [BIN, 'match-list', 'sync', 'kept', feed, '--keep'], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    const waiters: Array<() => void> = [];
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      for (const w of waiters.splice(0)) w();
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    const seen = async (re: RegExp) => {
      while (!re.test(stderr)) {
        if (child.exitCode !== null) throw new Error(`routersh ended:\n${stdout}\n${stderr}`);
        await new Promise<void>((r) => waiters.push(r));
      }
    };
    try {
      await seen(/match-list kept: 1 added, 0 removed, 0 failed/);
      sim.faults.set({ status: { code: 503, count: 2 } }); // the next round's two reads of the list
      await seen(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ round 1 failed: router rejected the request \(HTTP 503\); retrying in 1 s \(the earliest entry expires in \d s, at .+Z\)$/m,
      );
      await seen(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ round 2: 1 refreshed, 0 added, 0 removed, 0 failed$/m);
    } finally {
      sim.faults.clear();
      child.kill('SIGINT');
    }
    expect(await closed).toBe(0);
    expect(stdout).toMatch(/kept in sync for \d+ rounds\n$/);
  }, 180_000);
});

describe('routersh match-list feeds (binary)', () => {
  it('--csv: a record over several lines is one record; an unterminated quote names the line it opens on', async () => {
    const n = sim.requests.length;
    const multi = file('multi.csv', 'id,note,ip\n1,"seen on ssh,\nthen smtp",192.0.2.61\n2,x,192.0.2.62\n');
    const ok = await runBin(['match-list', 'import', 'blacklist', multi, '--csv', 'ip', '--json'], { env });
    expect(ok.stderr).toBe('');
    expect(JSON.parse(ok.stdout)).toMatchObject({ entries: 2, added: 2, invalid: [] });
    const broken = file('broken.csv', 'ip,note\n192.0.2.63,ok\n192.0.2.64,"never closed\n192.0.2.65,x\n');
    const bad = await runBin(['match-list', 'sync', 'blacklist', broken, '--csv', 'ip'], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      '% line 3: a quoted field is not closed (the rest of the file is inside it): 192.0.2.64,"never closed\n',
    );
    expect(writes(n)).toBe(2);
  });

  it('a broad entry and one covering routersh’s own address: one line each, nothing sent, --yes does not count', async () => {
    const feed = file('broad.txt', '192.0.2.90\n0.0.0.0/0\n127.0.0.0/8\n');
    const n = sim.requests.length;
    const r1 = await runBin(['match-list', 'import', 'blacklist', feed], { env });
    expect(r1.code).toBe(1);
    expect(r1.stderr.split('\n')).toEqual([
      '% 2 bad lines in the input for match-list blacklist; nothing sent (--keep-going sends the good ones)',
      '% line 2: 0.0.0.0/0 is broader than /8 (IPv4): it would block far more than a feed means to (--allow-broad sends it): 0.0.0.0/0',
      "% line 3: 127.0.0.0/8 covers routersh's own address 127.0.0.1: it could cut routersh off the router (--allow-own-address sends it): 127.0.0.0/8",
      '',
    ]);
    // `routersh match-list` takes no --yes (a usage error); the shell's global --yes is no licence.
    expect((await runBin(['match-list', 'import', 'blacklist', feed, '--yes'], { env })).code).toBe(2);
    const r2 = await runBin(['--yes', '-c', `match-list import blacklist ${feed}`], { env });
    expect(r2.code).toBe(1);
    expect(r2.stderr).toContain('line 2: 0.0.0.0/0 is broader than /8 (IPv4)');
    expect(r2.stderr).toContain("line 3: 127.0.0.0/8 covers routersh's own address 127.0.0.1");
    expect(writes(n)).toBe(0);
    const r = await runBin(
      ['match-list', 'import', 'blacklist', feed, '--allow-broad', '--allow-own-address'],
      {
        env,
      },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^match-list blacklist: 3 added/);
  });

  it('`010.000.000.001` before `10.0.0.1`: refused with its line, and sync --keep-going plans no `- 10.0.0.1`', async () => {
    await newList('zeros', 3600, ['10.0.0.1']);
    const feed = file('zeros.txt', '010.000.000.001\n10.0.0.1\n');
    const r = await runBin(['match-list', 'sync', 'zeros', feed, '--dry-run', '--keep-going'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/^- /m);
    expect(r.stdout).toContain(
      "skipped line 1: '010.000.000.001' has an octet with a leading zero, which some tools read as octal: write it without the zeros",
    );
  });
});

describe('start-up: csv-parse loads only when --csv is given', () => {
  const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
  const loadsCsvParse = async (args: string[]) => {
    const { loaded, ...r } = await runBinLoading(args, env);
    expect(r.stderr).toBe('');
    const files = loaded.filter((p) => p.startsWith(DIST));
    expect(files).toContain(join(DIST, 'main.cjs'));
    return files.some((f) => readFileSync(f, 'utf8').includes('// node_modules/csv-parse/'));
  };

  it('not for a plain feed or another command; yes for --csv', async () => {
    const plain = file('plain.txt', '192.0.2.95\n');
    const csv = file('plain.csv', 'ip\n192.0.2.96\n');
    expect(await loadsCsvParse(['match-list', 'import', 'blacklist', plain])).toBe(false);
    expect(await loadsCsvParse(['-c', 'show interface'])).toBe(false);
    expect(await loadsCsvParse(['match-list', 'import', 'blacklist', csv, '--csv', 'ip'])).toBe(true);
  });
});
