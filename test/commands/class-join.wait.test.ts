// `routersh class join` through the product's own entry (execute), against the stand-in class
// server (test/helpers/class-stand-in.ts: the contract's trainee paths, a real router simulator
// whose user is the trainee): the code read from a file reaches only the server and the
// trainee's router as Basic NAME:CODE, never the output or the local state; each command is
// reported (as typed and as resolved) and the server's note shown; hint goes to the server;
// the instructor's message shown between commands; a lost server said once and its return once;
// a hostile answer is one line.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { execute } from '../../src/commands/index.js';
import { exitStatus } from '../../src/exit-status.js';
import { captureIo, runCommand } from '../helpers/command-io.js';
import { type StandIn, startStandIn } from '../helpers/class-stand-in.js';

const CODE = 'KQ7M-2XRP-9D';
let dir: string;
let codeFile: string;
let cls: StandIn;
let env: Record<string, string>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'routersh-join-'));
  codeFile = join(dir, 'code');
  writeFileSync(codeFile, `${CODE}\n`);
  chmodSync(codeFile, 0o600);
  env = { XDG_STATE_HOME: join(dir, 'state') };
  cls = await startStandIn('t1', CODE);
});
afterEach(async () => {
  await cls.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under `d`, read (the trainee's state: journals, history). */
function allText(d: string): string {
  let s = '';
  const walk = (p: string) => {
    for (const f of readdirSync(p)) {
      const q = join(p, f);
      if (statSync(q).isDirectory()) walk(q);
      else s += readFileSync(q, 'utf8');
    }
  };
  try {
    walk(d);
  } catch {}
  return s;
}

/** Waits for `cond`, polling the event loop (a hang guard far above typical). */
async function until(cond: () => boolean, what: string): Promise<void> {
  const guard = Date.now() + 30_000;
  while (!cond()) {
    if (Date.now() > guard) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('joins, runs the script on the trainee router as NAME, reports each line and prints the server notes', async () => {
  const r = await runCommand(
    ['class', 'join', cls.url, '--name', 't1', '--code-file', codeFile, '-c', 'int eth1.100', '-c', 'hint'],
    env,
  );
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^Class: you are t1\./);
  expect(r.stdout).toContain('> 1. Create a VLAN interface');
  expect(r.stdout).toContain('step 1 done (graded by the stand-in)');
  expect(r.stdout).toContain('Hint: interface eth1.100');
  // The line as typed and as resolved (what `ran` checks match), graded on the server.
  expect(cls.lines[0]).toMatchObject({ line: 'int eth1.100', ok: true, resolved: 'interface eth1.100' });
  expect(cls.calls).toContain('POST /class/hint');
  // The trainee's own router, logged in as the trainee with the code.
  const basic = `Basic ${Buffer.from(`t1:${CODE}`).toString('base64')}`;
  expect(cls.router.requests.some((q) => q.headers.authorization === basic)).toBe(true);
  // The code is nowhere but there: not in the output, not in the trainee's state files; no
  // progress file of the trainee's own (the server keeps it).
  expect(r.stdout + r.stderr).not.toContain(CODE);
  expect(allText(join(dir, 'state'))).not.toContain(CODE);
  expect(() => readdirSync(join(dir, 'state', 'routersh', 'lessons'))).toThrow();
});

it('a failed command is reported with its error; a wrong code is one line, exit 3, without the code', async () => {
  const r = await runCommand(
    [
      'class',
      'join',
      cls.url,
      '--name',
      't1',
      '--code-file',
      codeFile,
      '--keep-going',
      '-c',
      'show nonsense-node',
    ],
    env,
  );
  expect(r.code).toBe(1);
  expect(cls.lines[0]).toMatchObject({ line: 'show nonsense-node', ok: false });
  expect(cls.lines[0]?.error).toBeTruthy();

  writeFileSync(codeFile, 'WRONG-CODE-1\n');
  const w = await runCommand(
    ['class', 'join', cls.url, '--name', 't1', '--code-file', codeFile, '-c', 'show interface'],
    env,
  );
  expect(w.code).toBe(3);
  expect(w.stderr.trim().split('\n')).toHaveLength(1);
  expect(w.stderr).toContain('t1 and this code are not let in');
  expect(w.stderr).not.toContain('WRONG-CODE-1');
});

it("shows the instructor's message between commands; a lost server is said once, its return once", async () => {
  const c = captureIo(env);
  const stdin = c.io.stdin as unknown as import('node:stream').PassThrough;
  const run = execute(['class', 'join', cls.url, '--name', 't1', '--code-file', codeFile], c.io);
  stdin.write('show interface\n');
  await until(() => cls.lines.length === 1, 'the first line reported');
  // The events' long poll is waiting by now or soon: the message reaches it.
  await until(() => cls.calls.filter((x) => x.startsWith('GET /class/events')).length >= 2, 'the long poll');
  cls.push({ kind: 'message', text: 'Break\u001b[31m at 10:30\nreally' });
  await until(() => c.err().includes('message from the instructor'), 'the message');
  expect(c.err()).toContain('note: message from the instructor: Break at 10:30 really');
  expect(c.err()).not.toContain('\u001b[31m');

  // The server drops the three calls after the waiting long poll: said once, then back once.
  cls.breakCalls(3);
  cls.push({ kind: 'message', text: 'before the break' });
  await until(() => c.err().includes('class server back'), 'the server back');
  cls.push({ kind: 'message', text: 'after the break' });
  await until(() => c.err().includes('after the break'), 'the message after the retries');
  expect(c.err().match(/class server unreachable, retrying/g)).toHaveLength(1);
  expect(c.err().match(/class server back/g)).toHaveLength(1);
  stdin.end('show interface\n');
  expect(exitStatus(await run)).toBe(0);
  expect(cls.lines).toHaveLength(2);
});

it('a hostile join answer is one line; control characters of the lesson text are not printed', async () => {
  cls.joinBody = (a) => ({ ...a, text: 'Step 1\u001b]0;owned\u0007 go\n', lessons: a.lessons });
  const r = await runCommand(
    ['class', 'join', cls.url, '--name', 't1', '--code-file', codeFile, '-c', 'show interface'],
    env,
  );
  expect(r.code).toBe(0);
  expect(r.stdout).not.toMatch(/\u001b|\u0007/);
  cls.joinBody = (a) => ({ ...a, step: 'one' });
  const bad = await runCommand(
    ['class', 'join', cls.url, '--name', 't1', '--code-file', codeFile, '-c', 'show interface'],
    env,
  );
  expect(bad.code).toBe(1);
  expect(bad.stderr.trim()).toMatch(/^% malformed answer from class server: join\.step: not a whole number$/);
});

it('refuses flags that name another router or login, a script without a code file, a code file others can read', async () => {
  const r = await runCommand(
    ['class', 'join', cls.url, '--name', 't1', '--code-file', codeFile, '--router', 'x'],
    env,
  );
  expect(r.code).toBe(2);
  expect(r.stderr).toContain("--router is the class's to give");
  const n = await runCommand(['class', 'join', cls.url, '--name', 't1', '-c', 'show interface'], env);
  expect(n.code).toBe(2);
  expect(n.stderr).toContain('--code-file');
  chmodSync(codeFile, 0o644);
  const open = await runCommand(
    ['class', 'join', cls.url, '--name', 't1', '--code-file', codeFile, '-c', 'x'],
    env,
  );
  expect(open.code).toBe(2);
  expect(open.stderr).toContain('is readable by others (mode 0644): chmod 600');
  expect(open.stderr).not.toContain(CODE);
  expect(cls.calls).toEqual([]);
});
