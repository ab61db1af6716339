// `routersh learn` through the built binary: the list with progress, a lesson started on the
// trainee's own simulator (its progress saved in $XDG_STATE_HOME/routersh/lessons/), the
// progress report as JSON, and a lesson file's mistakes with their lines (exit 2); the main
// flags given before `learn` (`routersh --router R learn NAME`) as after NAME.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runCommand } from '../helpers/command-io.js';

let dir: string;
let env: Record<string, string>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'routersh-learn-'));
  env = { XDG_STATE_HOME: dir };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('lists the six lessons one a line, with their progress', async () => {
  const r = await runCommand(['learn'], env);
  expect(r.code).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines.map((l) => l.split(/\s+/)[0])).toEqual([
    'discover',
    'interfaces',
    'ping',
    'users',
    'firewall',
    'telemetry',
  ]);
  for (const l of lines) expect(l).toMatch(/ not started /);
});

it('starts a lesson on its own simulator and keeps the progress for --progress --json', async () => {
  const r = await runCommand(['learn', 'interfaces', '-c', 'interface eth1.100', '-c', 'lesson'], env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^Lesson interfaces: Interfaces/);
  expect(r.stdout).toContain('Interface eth1.100 created');
  expect(r.stdout).toContain('> 1. Create a VLAN interface');
  const file = JSON.parse(readFileSync(join(dir, 'routersh', 'lessons', 'interfaces.json'), 'utf8'));
  expect(file).toMatchObject({ lesson: 'interfaces', steps: 5, current: 0 });

  const p = await runCommand(['learn', '--progress', '--json'], env);
  expect(p.code).toBe(0);
  const report = JSON.parse(p.stdout);
  expect(report.lessons).toHaveLength(6);
  expect(report.lessons.find((l: { lesson: string }) => l.lesson === 'interfaces').progress).toMatchObject({
    steps: 5,
    current: 0,
    done: [],
  });
  expect(report.lessons.find((l: { lesson: string }) => l.lesson === 'ping').progress).toBeNull();
  expect((await runCommand(['learn'], env)).stdout).toMatch(/^interfaces\s+0\/5\s/m);
});

it('a lesson file with a mistake: each mistake with its line, exit 2', async () => {
  const bad = join(dir, 'mine.md');
  writeFileSync(bad, '---\ntitle: Mine\n---\n## Step\nDo it.\ncheck: nod interface eth0 present\n');
  const v = await runCommand(['learn', '--validate', bad], env);
  expect(v.code).toBe(2);
  expect(v.stderr).toBe(
    `${bad}:6: unknown check kind 'nod' (expected node, value, option, ran, metrics, logs, read)\n`,
  );
  const s = await runCommand(['learn', bad], env);
  expect(s.code).toBe(2);
  expect(s.stderr).toContain(`${bad}:6: unknown check kind 'nod'`);
  const ok = await runCommand(['learn', '--validate', 'lessons/ping.md'], env);
  expect(ok.stdout).toBe('lessons/ping.md: ok, 5 steps\n');
});

it('an unknown lesson is a usage error naming the lessons', async () => {
  const r = await runCommand(['learn', 'nope'], env);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/no lesson 'nope' \(lessons: discover, interfaces/);
});

describe('main flags before learn (routersh --router R learn NAME), as after NAME', () => {
  let sim: RouterSim;
  beforeAll(async () => {
    sim = await startRouterSim();
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('--router R (and the password from the environment): the lesson runs on that router', async () => {
    const before = sim.requests.length;
    const r = await runCommand(
      [
        '--router',
        sim.url,
        '--user',
        'admin',
        'learn',
        'interfaces',
        '-c',
        'interface eth1.200',
        '-c',
        'lesson',
      ],
      {
        ...env,
        ROUTERSH_PASSWORD: 'admin',
      },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Lesson interfaces: Interfaces/);
    expect(r.stdout).toContain('Interface eth1.200 created');
    expect(sim.requests.length).toBeGreaterThan(before);
  });

  it('-c LINE, --timeout=N and -y before learn, on the trainee’s own simulator', async () => {
    const r = await runCommand(
      ['-c', 'interface eth1.100', '--timeout=5', '-y', 'learn', 'interfaces', '-c', 'lesson'],
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Interface eth1.100 created');
  });

  it('--json before learn --progress; a main flag with no lesson named is one usage line', async () => {
    const p = await runCommand(['--json', 'learn', '--progress'], env);
    expect(p.code).toBe(0);
    expect(JSON.parse(p.stdout).lessons).toHaveLength(6);
    const bare = await runCommand(['--router', sim.url, 'learn'], env);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe(`% learn: a lesson's name is wanted after '--router ${sim.url}'\n`);
  });
});
