// Issue 40's "done when", the class's guards (built binary, `class serve` as a process): trainee
// A cannot reach B's router with any code or path (their code on B's paths, B's name with A's
// code, the instructor's token on a router, no credentials, guessed and traversing paths:
// 401/403/404 and nothing else); wrong codes are slowed for that name without locking the others
// out; `class serve` restarted with --state keeps who passed what and each router's tree, and a
// trainee's shell open through it (tmux) says the loss once and the return once, then is graded
// again; `learn --test` passes every built-in lesson. The room itself is classroom.test.ts.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ClassClient } from '../../src/api/class/client.js';
import { type ClassProcess, startClassProcess } from '../helpers/class-process.js';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-classguard-'));
const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state') };
const state = join(dir, 'class');
let serve: ClassProcess | undefined;
let term: Tmux | undefined;
afterAll(async () => {
  term?.kill();
  await serve?.stop();
});

/**
 * A free port below Linux's ephemeral range (32768–60999): the class restarts on the port it had,
 * and a port from that range could be handed to another test's socket while it is down.
 */
async function portOutsideEphemeral(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

const basic = (name: string, code: string) => `Basic ${Buffer.from(`${name}:${code}`).toString('base64')}`;

async function status(url: string, path: string, authorization?: string): Promise<number> {
  const r = await fetch(`${url}${path}`, { headers: authorization ? { authorization } : {} });
  const body = await r.text();
  // A refusal is the envelope and nothing else (no tree, no other trainee's data).
  if (r.status >= 400 && body) expect(Object.keys(JSON.parse(body) as object)).toEqual(['error']);
  return r.status;
}

const join3 = (url: string, name: string, codeFile: string, ...lines: string[]) =>
  runBin(
    ['class', 'join', url, '--name', name, '--code-file', codeFile, ...lines.flatMap((l) => ['-c', l])],
    {
      env,
      timeoutMs: 45_000,
    },
  );

it("A reaches only A's router; wrong codes slow that name only", async () => {
  const port = String(await portOutsideEphemeral());
  serve = await startClassProcess(
    ['--trainees', '3', '--lesson', 'interfaces', '--port', port, '--state', state],
    env,
  );
  const { url, codes } = serve;
  const a = codes.get('t1')!;
  const b = codes.get('t2')!;
  const token = readFileSync(serve.tokenFile, 'utf8').trim();
  expect(await status(url, '/t/t1/api/interface', basic('t1', a))).toBe(200);
  const refused = [
    await status(url, '/t/t2/api/interface', basic('t1', a)), // A's code on B's router
    await status(url, '/t/t2/api/interface', basic('t2', a)), // B's name, A's code
    await status(url, '/t/t1/api/interface', `Bearer ${token}`), // the board's token on a router
    await status(url, '/t/t1/api/interface'), // nothing
    await status(url, '/class/board', basic('t1', a)), // the board with a trainee's code
    await status(url, '/t/t1/../t2/api/interface', basic('t1', a)),
    await status(url, '/t/t1/%2e%2e/t2/api/interface', basic('t1', a)),
    await status(url, '/t/t1%2ft2/api/interface', basic('t1', a)),
    await status(url, '/t/t1/sim/faults', basic('t1', a)), // no simulator control
    await status(url, '/t/t2/telemetry/api/v1/query?query=up', basic('t1', a)),
  ];
  for (const s of refused) expect([401, 403, 404]).toContain(s);
  // Through the product: B's name with A's code is one line, exit 3.
  const wrong = await join3(url, 't2', serve.codeFile('t1', dir), 'show hostname');
  expect(wrong.code).toBe(3);
  expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
  expect(wrong.stderr).not.toContain(a);

  // Wrong codes for t3: t3 is slowed (even its right code waits: 429), t2 is not.
  for (let i = 0; i < 5; i++) await status(url, '/class/join', basic('t3', `WRONG${i}`));
  const slowed = await fetch(`${url}/class/join`, {
    method: 'POST',
    headers: { authorization: basic('t3', codes.get('t3')!) },
  });
  expect(slowed.status).toBe(429);
  await slowed.text();
  const t2 = await join3(url, 't2', serve.codeFile('t2', dir), 'show hostname');
  expect(t2.code, t2.stderr).toBe(0);
  expect(b).not.toBe(a);
});

it('a restart with --state keeps who passed what and the routers; learn --test passes the built-ins', async () => {
  const t1 = serve!.codeFile('t1', dir);
  const first = await join3(serve!.url, 't1', t1, 'interface eth1.100', 'interface eth1.100 mtu 9000');
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toMatch(/step 2\/5 done/);
  // t2's shell stays open through the restart (the same port: a class URL handed out keeps working).
  const port = new URL(serve!.url).port;
  if (hasTmux()) {
    term = new Tmux(100, 30);
    term.start(
      `node ${BIN} class join ${serve!.url} --name t2 --code-file ${serve!.codeFile('t2', dir)}`,
      env,
    );
    await term.waitFor(/t2@127\.0\.0\.1> ?$/m);
    // A command graded first: the shell's start-up check of its router is over (a router gone
    // during that check ends a shell, as ssh does; a class server gone later is waited for).
    term.type('interface eth1.100');
    term.keys('Enter');
    await term.waitFor(/step 1\/5 done/);
  }
  await serve!.stop();
  await term?.waitFor(/class server unreachable, retrying/);
  serve = await startClassProcess(
    ['--trainees', '3', '--lesson', 'interfaces', '--port', port, '--state', state],
    env,
  );
  expect(serve.screen).toContain('(restored from --state)');
  if (term) {
    const back = await term.waitFor(/class server back/);
    expect(back.match(/class server unreachable/g)).toHaveLength(1);
    term.type('interface eth1.100 mtu 9000');
    term.keys('Enter');
    await term.waitFor(/step 2\/5 done/);
  }
  const instructor = new ClassClient({
    url: serve.url,
    auth: { bearer: readFileSync(serve.tokenFile, 'utf8').trim() },
  });
  try {
    const b = await instructor.board(undefined);
    expect(b.trainees.find((t) => t.name === 't1')?.steps.slice(0, 2)).toEqual(['done', 'done']);
    expect(b.trainees.find((t) => t.name === 't3')?.steps[0]).not.toBe('done');
  } finally {
    await instructor.close();
  }
  // The same code (kept), the same router (the interface and its MTU are there).
  const again = await join3(serve.url, 't1', serve.codeFile('t1', dir), 'show interface eth1.100');
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/9000/);
  expect(again.stdout).toContain('> 3. ');

  const builtins = ['discover', 'interfaces', 'ping', 'users', 'firewall', 'telemetry'];
  const test = await runBin(['learn', '--test', ...builtins], { env, timeoutMs: 120_000 });
  expect(test.code, test.stdout + test.stderr).toBe(0);
});
