// `routersh … | head -1` (issue 18): when stdout's reader goes away routersh stops at once,
// without a message, like `cat`: no further script line is sent, a change already sent finishes
// its journal record, and the exit status is 141 (128 + SIGPIPE). The built binary with its
// stdout on a pipe whose reading end the test closes after the first chunk, against the router
// and telemetry simulators.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../sim/telemetry/index.js';
import { BIN } from '../helpers/run-bin.js';

let sim: RouterSim;
let tele: TelemetrySim;
const dir = mkdtempSync(join(tmpdir(), 'routersh-epipe-'));
beforeAll(async () => {
  [sim, tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
});
afterAll(async () => {
  await Promise.all([sim.close(), tele.close()]);
});

let n = 0;
const env = () => ({
  PATH: process.env['PATH'] ?? '',
  HOME: dir,
  XDG_STATE_HOME: join(dir, `state${++n}`),
  XDG_CONFIG_HOME: join(dir, 'none'),
  ROUTERSH_ROUTER: sim.url,
  ROUTERSH_USER: 'admin',
  ROUTERSH_PASSWORD: 'admin',
  ROUTERSH_TELEMETRY_URL: tele.url,
  ROUTERSH_TELEMETRY_KEY: tele.keys.demo,
});

/** Runs routersh, reads its first chunk of stdout, then closes the pipe (as `head -1` does). */
function headOne(
  argv: string[],
  e: Record<string, string>,
): Promise<{ code: number | null; first: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { env: e, stdio: ['ignore', 'pipe', 'pipe'] });
    let first = '';
    let err = '';
    child.stdout.once('data', (d: Buffer) => {
      first = d.toString();
      child.stdout.destroy();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`routersh ${argv.join(' ')} did not stop after its reader went away: ${err}`));
    }, 15_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, first, err });
    });
  });
}

const LINES = 2000;
const script = (name: string, line: (i: number) => string) => {
  const p = join(dir, name);
  writeFileSync(p, `${Array.from({ length: LINES }, (_, i) => line(i)).join('\n')}\n`);
  return p;
};

describe('the reader of stdout goes away', () => {
  it.each([
    ['text', [] as string[]],
    ['--json', ['--json']],
  ])('a script (%s): stops at once, silently, exit 141, no further line sent', async (_name, flags) => {
    const f = script(`show-${flags.length}.routersh`, () => 'show interface');
    const before = sim.requests.length;
    const r = await headOne([...flags, '-f', f], env());
    expect(r.first).not.toBe('');
    expect(r.err).toBe('');
    expect(r.code).toBe(141);
    // The lines after the break were never sent (a few may have run before the first chunk was read).
    expect(sim.requests.length - before).toBeLessThan(LINES / 4);
  });

  it('a script of changes: the change in flight keeps its journal record whole', async () => {
    const f = script('changes.routersh', (i) => `interface eth1 description d${i}`);
    const e = env();
    const r = await headOne(['-f', f], e);
    expect([r.code, r.err]).toEqual([141, '']);
    const jdir = join(e.XDG_STATE_HOME, 'routersh', 'journal');
    const file = join(jdir, readdirSync(jdir).find((x) => x.endsWith('.jsonl'))!);
    const events = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { t: string; id?: string });
    const changes = events.filter((x) => x.t === 'change').map((x) => x.id);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.length).toBeLessThan(LINES / 4);
    // Every change sent has its answer and its after.
    for (const id of changes) {
      expect(
        events.some((x) => x.t === 'answer' && x.id === id),
        `answer of ${id}`,
      ).toBe(true);
      expect(
        events.some((x) => x.t === 'after' && x.id === id),
        `after of ${id}`,
      ).toBe(true);
    }
  });

  it('logs search … all: the stream stops, exit 141', async () => {
    const before = tele.requests.length;
    // 6 h: ~85,000 records, ~90 requests in all (pages of 1,000 in windows, logs-all.ts); 7 days
    // kept the in-process simulator busy for seconds on a busy machine: its time, not routersh's.
    const r = await headOne(['-c', 'logs search * since 6h all'], env());
    expect([r.code, r.err]).toEqual([141, '']);
    // Stopped after the first window it wrote (13 requests here), not the rest.
    expect(tele.requests.length - before).toBeLessThan(50);
  });
});
