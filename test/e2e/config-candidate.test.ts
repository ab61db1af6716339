// Candidate mode end to end on both routers (issue 38, "Done when"), as a script: `configure`,
// lines staged (nothing sent), `show configuration` with the staged lines marked, `compare`,
// `commit check`, then `discard` (nothing ever sent) or `commit` (the lines applied, read back
// with `show configuration --json`); a script that ends with lines staged exits 1, nothing sent.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterSim } from '../../sim/router/index.js';
import { BIN, runBin } from '../helpers/run-bin.js';
import { ROUTERS, raw, rshEnv, showJson, text } from './config-rig.js';

describe.each(ROUTERS)('candidate mode on the $name router', (rc) => {
  let sim: RouterSim;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await rc.start();
    env = rshEnv(sim.url);
  });
  afterAll(() => sim.close());

  const writes = () => sim.requests.filter((r) => r.method !== 'GET').length;
  const script = (name: string, lines: string[]) => {
    const f = join(env.HOME!, name);
    writeFileSync(f, `${lines.join('\n')}\n`);
    return f;
  };

  it('stages, shows, compares and checks without sending; discard drops the lines', async () => {
    const before = writes();
    const f = script('discard.routersh', [
      'configure',
      ...rc.stage.lines,
      'show configuration',
      'compare',
      'commit check',
      'discard',
      'end',
    ]);
    const r = await runBin(['-f', f], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const marked = r.stdout.split('\n');
    for (const l of rc.stage.plus) expect(marked).toContain(`+ ${l}`);
    for (const l of rc.stage.minus) expect(marked).toContain(`- ${l}`);
    expect(r.stdout).toMatch(
      new RegExp(`commit check: ${rc.stage.lines.length} staged lines, \\d+ requests: ok \\(nothing sent\\)`),
    );
    expect(writes()).toBe(before);
  });

  it('a script that ends with lines staged exits 1 and sends nothing', async () => {
    const before = writes();
    const r = await runBin(['-f', script('staged.routersh', ['configure', ...rc.stage.lines])], { env });
    expect(r.code).toBe(1);
    expect(writes()).toBe(before);
  });

  it('commit sends the staged lines as one transaction', async () => {
    const f = script('commit.routersh', [
      'configure',
      ...rc.stage.lines,
      'commit comment from the e2e test',
      'commit',
      'end',
    ]);
    const r = await runBin(['--yes', '-f', f], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^commit complete: ${rc.stage.lines.length} staged lines, \\d+ requests sent \\(transaction \\S+\\)$`,
        'm',
      ),
    );
    const now = (await showJson(env)).lines.map(text);
    for (const l of rc.stage.plus) expect(now).toContain(l);
    for (const l of rc.stage.minus) expect(now).not.toContain(l);
  });
});

describe.each(ROUTERS)('candidate mode on the $name router: someone else changes a staged node', (rc) => {
  let sim: RouterSim;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await rc.start();
    env = rshEnv(sim.url);
  });
  afterAll(() => sim.close());

  it('the commit plan shows the line whose node changed since it was staged', async () => {
    const line = rc.stage.lines[0]!;
    // A script read from a pipe as it is written: the change comes between staging and commit.
    const child = spawn(process.execPath, [BIN, '--yes', '-f', '-'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const waiters: Array<() => void> = [];
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      for (const w of waiters.splice(0)) w();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const shown = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (out.includes(text)) resolve();
          else if (child.exitCode !== null) reject(new Error(`routersh ended first:\n${out}\n${err}`));
          else waiters.push(check);
        };
        check();
      });
    child.stdin.write(`configure\n${line}\nshow configuration ${line.split(' ').slice(0, -2).join(' ')}\n`);
    await shown(`+ ${line}`);
    await raw(sim, rc.stage.racer);
    child.stdin.end('commit\nend\n');
    expect(await exited, err).toBe(0);
    expect(out).toContain(`! changed by someone else: ${line}`);
    expect((await showJson(env)).lines.map(text)).toContain(line);
  });
});
