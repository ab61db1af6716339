// A class of 30 on this machine (issue 40): `routersh class serve --trainees 30 --lesson
// interfaces` as a user runs it (the built binary, its own process), 30 trainees working the
// lesson at once over HTTP as `class join` does (the router change through /t/NAME/api, then
// the line to /class/line, graded on the server), the instructor's board long-polling. Measured:
// each line's grading (p50/p99), how soon the board shows a passed step (target ≤ 1 s), and
// the server's peak RSS (target ≤ 1 GB). The trainees are fetch loops, not 29 `routersh play`
// shells: the server's side is what is measured here (a trainee's Tab at the screen is the
// fleet-tab and tab benches' kind of measure).
// Run: npm run bench -- class-serve
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxRssPreload, percentile, ROOT } from './util.js';

const TRAINEES = Number(process.env['CLASS_BENCH_TRAINEES']) || 30;
const ROUNDS = Number(process.env['CLASS_BENCH_ROUNDS']) || 3;

// The interfaces lesson: per step, the router change (method, path) and the line the trainee typed.
const STEPS: Array<[method: string | undefined, path: string | undefined, line: string]> = [
  ['POST', '/api/interface/eth1.100', 'interface eth1.100'],
  ['POST', '/api/interface/eth1.100/mtu/9000', 'interface eth1.100 mtu 9000'],
  [
    'POST',
    '/api/interface/eth1.100/description/VLAN%20100%20lab',
    'interface eth1.100 description "VLAN 100 lab"',
  ],
  [undefined, undefined, 'show interface eth1.100'],
  ['DELETE', '/api/interface/eth1.100', 'no interface eth1.100'],
];

const basic = (n: string, c: string) => `Basic ${Buffer.from(`${n}:${c}`).toString('base64')}`;

async function post(url: string, auth: string, body?: unknown, method = 'POST') {
  const r = await fetch(url, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function benchClassServe(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'class-bench-'));
  const child = spawn(
    process.execPath,
    [
      '-r',
      maxRssPreload(dir),
      `${ROOT}bin/routersh.cjs`,
      'class',
      'serve',
      '--trainees',
      String(TRAINEES),
      '--lesson',
      'interfaces',
      '--port',
      '0',
    ],
    { env: { ...process.env, XDG_STATE_HOME: dir, XDG_CONFIG_HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Ctrl-C ends the class')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`class serve ended (${code}): ${err}`)));
  });
  const url = /^class (\S+)/m.exec(out)![1]!;
  const token = /shown once[^\n]*\n {2}(\S+)/.exec(out)![1]!;
  const codes = [...out.matchAll(/^ {2}(t\d+) +(\S{4}-\S{4}-\S{4})$/gm)].map((m) => [m[1]!, m[2]!] as const);

  // The board, long-polled; a passed step's time from the line sent to the board showing it.
  const pending = new Map<string, { step: number; t0: number }>();
  const boardMs: number[] = [];
  let polling = true;
  const poller = (async () => {
    let version = 0;
    while (polling) {
      const r = await fetch(`${url}/class/board?after=${version}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const b = (await r.json()) as { version: number; trainees: Array<{ name: string; current: number }> };
      version = b.version;
      const now = performance.now();
      for (const t of b.trainees) {
        const p = pending.get(t.name);
        if (p && t.current >= p.step) {
          boardMs.push(now - p.t0);
          pending.delete(t.name);
        }
      }
    }
  })();

  const lineMs: number[] = [];
  const trainee = async ([name, code]: readonly [string, string]) => {
    const auth = basic(name, code);
    await post(`${url}/class/join`, auth, {});
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [method, path, line]] of STEPS.entries()) {
        if (method && path) await post(`${url}/t/${name}${path}`, auth, undefined, method);
        const t0 = performance.now();
        pending.set(name, { step: i + 1, t0 });
        // As class join sends it: the line as typed and as the shell resolved it.
        const a = await post(`${url}/class/line`, auth, { line, resolved: line, ok: true });
        lineMs.push(performance.now() - t0);
        if (a['step'] !== i + 1) throw new Error(`${name} step ${i + 1} not passed: ${JSON.stringify(a)}`);
      }
      await post(`${url}/class/reset`, `Bearer ${token}`, { name });
    }
  };
  const t0 = performance.now();
  await Promise.all(codes.map(trainee));
  const wallS = (performance.now() - t0) / 1000;
  polling = false;
  await post(`${url}/class/message`, `Bearer ${token}`, { text: 'end of the bench' }); // wakes the poller
  await poller;
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  const peak = Number(/maxrss_kb (\d+)/.exec(err)?.[1] ?? Number.NaN) / 1024;
  lineMs.sort((a, b) => a - b);
  boardMs.sort((a, b) => a - b);
  const r = {
    trainees: codes.length,
    'lines graded': lineMs.length,
    'line graded: p50 ms': percentile(lineMs, 50),
    'line graded: p99 ms': percentile(lineMs, 99),
    'board shows a passed step: p50 ms': percentile(boardMs, 50),
    'board shows a passed step: p99 ms (target <= 1000)': percentile(boardMs, 99),
    'server peak RSS MB (target <= 1024)': peak,
    'wall s': wallS,
  };
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(52)} ${v.toFixed(1)}\n`);
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchClassServe();
