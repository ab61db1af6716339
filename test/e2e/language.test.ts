// Issue 10, the language, through the built binary (-c, -f, stdin) against the router
// simulator and a node:http router whose root has words named like built-ins: help for every
// built-in, `#` only at the start of a line, output pipes, set/delete, habits, the case fix.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_HELP, BUILTIN_NAMES } from '../../src/lang/index.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { runBin } from '../helpers/run-bin.js';

let sim: RouterSim;
let clash: HostileRouter;
let env: Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'routersh-lang-'));

beforeAll(async () => {
  sim = await startRouterSim();
  clash = await startHostileRouter({ builtinNames: true });
  env = { ROUTERSH_ROUTER: sim.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
});
afterAll(async () => {
  await sim.close();
  await clash.close();
});

const c = (...cmds: string[]) =>
  runBin(
    cmds.flatMap((x) => ['-c', x]),
    { env },
  );
const posts = () =>
  sim.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url} ${r.body}`);
/** The `Examples:` lines of a help text. */
const examplesOf = (text: string) =>
  text
    .split('Examples:\n')[1]
    ?.split('\n')
    .filter((l) => l.startsWith('  ')) ?? [];

describe('help for every built-in', () => {
  it('help WORD… and describe WORD… give syntax, what it does and two examples, for each table entry', async () => {
    const names = [...BUILTIN_NAMES, 'show', 'no', 'describe', 'set', 'delete'];
    for (const verb of ['help', 'describe']) {
      const r = await c(...names.map((n) => `${verb} ${n}`));
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const texts = r.stdout.split(/\n(?=\S)(?!Examples:|Options:)/);
      for (const n of BUILTIN_NAMES) {
        const t = texts.find((x) => x.startsWith(`${BUILTIN_HELP[n].syntax}\n`));
        expect(t, `${verb} ${n}`).toBeDefined();
        expect(examplesOf(t!).length, `${verb} ${n}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("help metrics lists its sub-commands; describe metrics is no longer 'unknown word'", async () => {
    const r = await c('help metrics', 'describe logs', 'help metrics r');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^metrics: query metrics\. Sub-commands:\n {2}metrics query EXPR/);
    expect(r.stdout).toContain('  metrics label-values LABEL [match SELECTOR]');
    expect(r.stdout).toMatch(/logs: search logs\. Sub-commands:[\s\S]*logs facets/);
    expect(r.stdout).toContain('metrics range EXPR [since DURATION | from TIME [to TIME]] [step DURATION]\n');
    expect(r.stdout).not.toMatch(/Try 'describe/);
  });

  it('help pipes and help | NAME describe the pipes; the general help names pipes, set and #', async () => {
    const r = await c('help pipes', 'help pipe save', 'help');
    expect(r.stdout).toMatch(/\| match REGEX +only the lines matching REGEX/);
    expect(r.stdout).toMatch(/COMMAND \| save FILE\n {2}write the output to FILE/);
    expect(r.stdout).toMatch(/set WORD… · delete WORD…/);
    expect(r.stdout).toMatch(/'#' starts a comment only at the beginning of a line/);
  });
});

describe("'#' is a comment only at the beginning of a line", () => {
  it('-c sends a value that starts with #, and a quoted one holding it', async () => {
    const r = await c(
      'interface eth0 description #3',
      'interface eth1 description "rack #3"',
      'show interface eth0',
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('description: #3');
    expect(posts().join('\n')).toContain('/api/interface/eth1/description/rack%20%233');
  });

  it('-f: comment lines (after blanks too) are skipped, # later in a line is text', async () => {
    const f = join(dir, 'hash.rsh');
    writeFileSync(
      f,
      '# set up\n   # indented note\ninterface eth0 description #uplink\nshow interface eth0\n',
    );
    const r = await runBin(['-f', f], { env });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('description: #uplink');
  });

  it('an unquoted value with blanks is refused, saying to quote it', async () => {
    const r = await c('interface eth0 description rack #3');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`(a value with blanks is quoted: "rack #3")`);
  });
});

describe('output pipes', () => {
  it('match, except, count, last chain left to right in -c; stdin too', async () => {
    const r = await c(
      'show interface | match UP',
      'show interface | except UP',
      'show interface | match eth | count',
      'show interface | last 1',
    );
    expect(r.stderr).toBe('');
    const out = r.stdout.split('\n');
    expect(out.filter((l) => /^eth\d/.test(l)).length).toBeGreaterThanOrEqual(2);
    expect(r.stdout).toMatch(/Count: \d+ lines\n/);
    const all = await c('show interface');
    const lines = all.stdout.trimEnd().split('\n');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(/^lo +UP/);
    const stdin = await runBin([], { env, input: 'show interface | count\n' });
    expect(stdin.stdout).toBe(`Count: ${lines.length} lines\n`);
  });

  it('| json is what --json prints; | json | match filters its lines', async () => {
    const j = await c('show interface eth0 | json');
    const ref = await runBin(['--json', '-c', 'show interface eth0'], { env });
    const strip = (x: unknown) => JSON.stringify(x).replace(/(packets|bytes) \d+/g, '$1 N');
    expect(strip(JSON.parse(j.stdout))).toBe(strip(JSON.parse(ref.stdout)));
    const m = await c('show interface eth0 | json | match "RequestStatus"');
    expect(m.stdout.trim()).toBe('"RequestStatus": "OK",');
  });

  it('| save FILE writes the output 0644 and says so; it never overwrites', async () => {
    const file = join(dir, 'ifaces.txt');
    const r = await c(`show interface | match UP | save ${file}`);
    expect(r.stderr).toBe('');
    const saved = readFileSync(file, 'utf8');
    const n = saved.trimEnd().split('\n').length;
    expect(r.stdout).toBe(`Wrote ${n} lines to ${file}\n`);
    expect(saved).toMatch(/^eth0 +UP/m);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    const again = await c(`show interface | save ${file}`);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists; not overwritten/);
    expect(readFileSync(file, 'utf8')).toBe(saved);
  });

  it("built-ins' output goes through pipes; a bad regex is one line with its column; -f too", async () => {
    const f = join(dir, 'pipes.rsh');
    writeFileSync(f, 'help | match "· history "\nhelp metrics | count\n');
    const r = await runBin(['-f', f], { env });
    expect(r.stdout).toMatch(/^ {2}refresh \[WORD…\] · history · run CMD, do CMD: a command from the top$/m);
    expect(r.stdout).toMatch(/Count: 1\d lines/);
    const bad = await c('show interface | match "a(b"');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/'match': bad regex: missing closing \) at column 25/);
  });

  it('on a logs line | belongs to the expression (no pipe is recognised there)', async () => {
    const r = await c('logs search error | count');
    // No telemetry configured: the line got to the telemetry command, not to a `count` pipe.
    expect(r.stderr).toMatch(/telemetry/i);
    expect(r.stdout).not.toMatch(/Count:/);
  });
});

describe('set and delete', () => {
  it('set = the bare line, delete = no', async () => {
    const before = posts().length;
    const r = await c('set interface eth1 mtu 1400', 'delete interface eth1 mtu');
    expect(r.stderr).toBe('');
    expect(posts().slice(before)).toEqual([
      expect.stringMatching(/^POST \/api\/interface\/eth1\/mtu\/1400 \{"Actions":\["SET"\]\}/),
      expect.stringMatching(/^DELETE \/api\/interface\/eth1\/mtu/),
    ]);
  });

  it('set reaches a router word named like a built-in; the built-in wins bare, with a note said once', async () => {
    const e = { ROUTERSH_ROUTER: clash.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
    const before = clash.requests.length;
    const r = await runBin(
      ['-c', 'set history mode on', '-c', 'history', '-c', 'history', '-c', 'delete monitor'],
      {
        env: e,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const sent = clash.requests.slice(before).filter((x) => x.method !== 'GET');
    expect(sent.map((x) => `${x.method} ${x.url}`)).toEqual(['POST /api/history', 'DELETE /api/monitor']);
    const notes = r.stderr.split('\n').filter((l) => l.startsWith('note:'));
    expect(notes).toEqual([expect.stringContaining("'set history …'")]);
  });
});

describe('habits and values', () => {
  it('configure / end enter and leave candidate mode (exit 0); run/do CMD run CMD', async () => {
    const before = posts().length;
    const r = await c('configure', 'run show interface eth0 | count', 'end', 'do interface eth1 mtu 1500');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('candidate mode: changes are staged, not sent');
    expect(r.stdout).toMatch(/Count: \d+ lines/);
    expect(r.stdout).toContain('left candidate mode');
    expect(
      posts()
        .slice(before)
        .some((p) => p.startsWith('POST /api/interface/eth1/mtu/1500')),
    ).toBe(true);
  });

  it('a value refused for its case gets "did you mean \'DROP\'?"', async () => {
    const r = await c('ipv4 firewall filter forward rule 20 action drop');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/invalid value 'drop' for option 'action'.*\(did you mean 'DROP'\?\)/);
  });
});
