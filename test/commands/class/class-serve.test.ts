// `routersh class serve` end to end on 127.0.0.1 (issue 40): each trainee reaches only their own
// router; the instructor's token opens the board and nothing under /t/; the server grades; a
// reset makes a passed check fail again; --state keeps the class across a restart.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../helpers/command-io.js';
import { basic, bearer, call, rawGet, type Served, serve } from './serve-helpers.js';

const running: Served[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});
const start = async (argv: string[]) => {
  const s = await serve(argv);
  running.push(s);
  return s;
};

describe('routersh class serve', () => {
  it('isolation: a code opens only its own router; the token only the class; guessed paths nothing', async () => {
    const s = await start(['--trainees', '2', '--lesson', 'interfaces']);
    const a = basic('t1', s.codes.get('t1')!);
    const b = basic('t2', s.codes.get('t2')!);
    const token = bearer(s.token!);
    const at = (p: string) => `${s.url}${p}`;
    // Own router: yes. Its tree is the lesson's router under the trainee's name.
    const own = await call(at('/t/t1/api/hostname'), 'GET', a);
    expect(own.status).toBe(200);
    expect(own.text).toContain('t1');
    // B's telemetry with A's key: refused by B's own telemetry.
    const join = await call(at('/class/join'), 'POST', a, {});
    const key = join.body['telemetryKey'] as string;
    const ownTel = await fetch(at('/t/t1/telemetry/api/v1/capabilities'), { headers: { 'x-api-key': key } });
    expect(ownTel.status).toBe(200);
    const other = await fetch(at('/t/t2/telemetry/api/v1/capabilities'), { headers: { 'x-api-key': key } });
    expect(other.status).toBe(401);
    const cases: Array<[string, string, string | undefined, number[]]> = [
      ['A on B', '/t/t2/api/interface', a, [403]],
      ['B on A', '/t/t1/api/interface', b, [403]],
      ['no auth', '/t/t1/api/interface', undefined, [401]],
      ['admin on a router', '/t/t1/api/interface', basic('admin', 'admin'), [401]],
      ['operator demo login', '/t/t1/api/interface', basic('operator', 'operator'), [401]],
      ['token on /t/', '/t/t1/api/interface', token, [403]],
      ['token on telemetry', '/t/t1/telemetry/api/v1/capabilities', token, [403]],
      ['sim control', '/t/t1/_sim/faults', a, [404]],
      ['dot dot', '/t/t1/../t2/api/interface', a, [404]],
      ['encoded dot dot', '/t/t1/%2e%2e/t2/api/interface', a, [404]],
      ['encoded slash in name', '/t/t2%2Fapi/interface', a, [403, 404]],
      ['backslash', '/t/t1/api\\..\\interface', a, [404]],
      ['unknown trainee', '/t/t9/api/interface', a, [401, 403, 404]],
      ['a code on the board', '/class/board', a, [403]],
      ['no auth on the board', '/class/board', undefined, [401]],
      ['the token as a trainee', '/class/join', token, [403]],
      ['a guessed class path', '/class/admin', token, [404]],
      ['root', '/', a, [404]],
      // Last: a wrong code slows t1's next attempts (429).
      ['wrong code', '/t/t1/api/interface', basic('t1', 'aaaa-bbbb-cccc'), [401]],
    ];
    for (const [what, path, auth, want] of cases) {
      const r = await rawGet(s.url, path, auth);
      expect({ what, status: want.includes(r.status) ? 'as wanted' : r.status }).toEqual({
        what,
        status: 'as wanted',
      });
      // Nothing beyond the envelope: no tree, no stack, no other trainee's name.
      expect({ what, keys: Object.keys(r.body) }).toEqual({ what, keys: ['error'] });
    }
    // The token opens the board.
    expect((await call(at('/class/board'), 'GET', token)).status).toBe(200);
  });

  it('grades on the server; a reset puts the router back and the passed check fails again', async () => {
    const s = await start(['--trainees', '2', '--lesson', 'interfaces']);
    const a = basic('t1', s.codes.get('t1')!);
    const token = bearer(s.token!);
    const joined = await call(`${s.url}/class/join`, 'POST', a, {});
    expect(joined.body).toMatchObject({ name: 't1', lesson: 'interfaces', step: 0, router: `${s.url}/t/t1` });
    // Reporting the line without doing it does not pass the step: the server looks at the router.
    const claim = await call(`${s.url}/class/line`, 'POST', a, { line: 'interface eth1.100', ok: true });
    expect(claim.body['checks']).toEqual([expect.objectContaining({ ok: false })]);
    expect((await call(`${s.url}/t/t1/api/interface/eth1.100`, 'POST', a)).status).toBe(200);
    const passed = await call(`${s.url}/class/line`, 'POST', a, { line: 'interface eth1.100', ok: true });
    expect(passed.body).toMatchObject({ step: 1, checks: [expect.objectContaining({ ok: true })] });
    const board = await call(`${s.url}/class/board`, 'GET', token);
    const t1 = (board.body['trainees'] as Array<Record<string, unknown>>).find((t) => t['name'] === 't1')!;
    expect(t1['steps']).toEqual(['done', 'current', 'todo', 'todo', 'todo']);
    expect(t1['last']).toMatchObject({ line: 'interface eth1.100' });

    // A user and a match-list made on the way go too: the whole router is back at the start.
    expect((await call(`${s.url}/t/t1/api/system/user/trainee`, 'POST', a)).status).toBe(200);
    expect((await call(`${s.url}/t/t1/api/ipv4/firewall/match-list/lab-block`, 'POST', a)).status).toBe(200);
    expect((await call(`${s.url}/class/reset`, 'POST', token, { name: 't1' })).status).toBe(200);
    const ifaces = await call(`${s.url}/t/t1/api/interface`, 'GET', a);
    expect(ifaces.text).toContain('eth0');
    expect(ifaces.text).not.toContain('eth1.100');
    expect((await call(`${s.url}/t/t1/api/system/user`, 'GET', a)).text).not.toContain('trainee');
    expect((await call(`${s.url}/t/t1/api/ipv4/firewall/match-list`, 'GET', a)).text).not.toContain(
      'lab-block',
    );
    const again = await call(`${s.url}/class/line`, 'POST', a, { line: 'show interface', ok: true });
    expect(again.body).toMatchObject({ step: 0, checks: [expect.objectContaining({ ok: false })] });
    // The trainee hears of it.
    const events = await call(`${s.url}/class/events?after=0`, 'GET', a);
    expect(events.body['events']).toEqual([expect.objectContaining({ kind: 'reset', step: 0 })]);
  });

  it('--state: codes, who joined, progress and the router survive a restart', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'class-')), 'state');
    const first = await serve(['--trainees', '2', '--lesson', 'interfaces', '--state', dir]);
    const code = first.codes.get('t1')!;
    const a = basic('t1', code);
    await call(`${first.url}/class/join`, 'POST', a, {});
    await call(`${first.url}/t/t1/api/interface/eth1.100`, 'POST', a);
    await call(`${first.url}/class/line`, 'POST', a, { line: 'interface eth1.100', ok: true });
    // The whole router: a user and a match-list too.
    expect((await call(`${first.url}/t/t1/api/system/user/trainee`, 'POST', a)).status).toBe(200);
    expect((await call(`${first.url}/t/t1/api/ipv4/firewall/match-list/lab-block`, 'POST', a)).status).toBe(
      200,
    );
    expect(await first.stop()).toBe(0);
    expect(statSync(join(dir, 'roster.txt')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'instructor.token')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const second = await start(['--trainees', '2', '--lesson', 'interfaces', '--state', dir]);
    expect(second.out()).toContain('restored from --state');
    expect(second.codes.get('t1')).toBe(code);
    expect((await call(`${second.url}/t/t1/api/interface`, 'GET', a)).text).toContain('eth1.100');
    expect((await call(`${second.url}/t/t1/api/system/user`, 'GET', a)).text).toContain('trainee');
    expect((await call(`${second.url}/t/t1/api/ipv4/firewall/match-list`, 'GET', a)).text).toContain(
      'lab-block',
    );
    const token = readFileSync(join(dir, 'instructor.token'), 'utf8').trim();
    const board = await call(`${second.url}/class/board`, 'GET', bearer(token));
    const t1 = (board.body['trainees'] as Array<Record<string, unknown>>).find((t) => t['name'] === 't1')!;
    expect(t1).toMatchObject({ joined: true, current: 1 });
  });

  it("a line's secret is masked before the board or the detail shows it", async () => {
    const s = await start(['--trainees', '1', '--lesson', 'users']);
    const a = basic('t1', s.codes.get('t1')!);
    const token = bearer(s.token!);
    const line = 'system user trainee password S3cret-pass';
    await call(`${s.url}/class/line`, 'POST', a, {
      line,
      ok: false,
      error: 'refused S3cret-pass: too short',
    });
    const board = await call(`${s.url}/class/board`, 'GET', token);
    const detail = await call(`${s.url}/class/trainee/t1`, 'GET', token);
    for (const text of [board.text, detail.text]) {
      expect(text).toContain('system user trainee password');
      expect(text).not.toContain('S3cret-pass');
    }
  });

  it('a damaged --state is one line, exit 2, and nothing is overwritten', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'class-damaged-'));
    writeFileSync(join(dir, 'class.json'), '{"version": 1, "lessons": [');
    const r = await runCommand([
      'class',
      'serve',
      '--trainees',
      '1',
      '--lesson',
      'interfaces',
      '--port',
      '0',
      '--state',
      dir,
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/class\.json: not JSON/);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(readFileSync(join(dir, 'class.json'), 'utf8')).toBe('{"version": 1, "lessons": [');
  });

  it("--lesson FILE: the trainer's own lesson graded on the server, its text sanitized; a bad file one line, exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'class-lesson-'));
    const file = join(dir, 'vlan.md');
    writeFileSync(
      file,
      [
        '---',
        'title: "VLAN \u001b]0;owned\u0007lab"',
        '---',
        '## Make \u001b[2Jit',
        'solution: interface eth1.100',
        `check: read "show interface" json 'NodeInfo.ShowOutput[Name=eth1.100].Name' = eth1.100 message "no eth1.100 \u001b[31myet"`,
        '',
      ].join('\n'),
    );
    const s = await start(['--trainees', '1', '--lesson', file]);
    const a = basic('t1', s.codes.get('t1')!);
    const joined = await call(`${s.url}/class/join`, 'POST', a, {});
    expect(joined.body['lesson']).toBe('vlan');
    expect(joined.text).not.toMatch(/\\u001b|\\u0007/);
    const before = await call(`${s.url}/class/line`, 'POST', a, { line: 'show interface', ok: true });
    expect(before.body).toMatchObject({
      step: 0,
      checks: [{ ok: false, message: expect.stringMatching(/^no eth1\.100 .*yet$/) }],
    });
    expect(before.text).not.toMatch(/\\u001b/);
    expect((await call(`${s.url}/t/t1/api/interface/eth1.100`, 'POST', a)).status).toBe(200);
    const after = await call(`${s.url}/class/line`, 'POST', a, { line: 'interface eth1.100', ok: true });
    expect(after.body).toMatchObject({ step: 1, checks: [{ ok: true }] });
    const board = await call(`${s.url}/class/board`, 'GET', bearer(s.token!));
    expect(board.body['lesson']).toMatchObject({
      name: 'vlan',
      steps: [expect.stringMatching(/^Make .*it$/)],
    });
    expect(board.text).not.toMatch(/\\u001b|\\u0007/);

    writeFileSync(file, '---\ntitle: B\n---\n## S\ncheck: read "interface eth0 mtu 1400" json x present\n');
    const bad = await runCommand(['class', 'serve', '--trainees', '1', '--lesson', file, '--port', '0']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/vlan\.md:5: check 'read' runs only a show or describe line/);
    expect(bad.err.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a roster: its names, in order, each with a code of its own; comments and blank lines skipped', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'roster-ok-')), 'class.txt');
    writeFileSync(file, '# Monday\nalice\n\n  bob.k  \r\nCarol_3\n');
    const s = await start(['--roster', file, '--lesson', 'interfaces']);
    expect([...s.codes.keys()]).toEqual(['alice', 'bob.k', 'Carol_3']);
    expect(new Set(s.codes.values()).size).toBe(3);
    const r = await call(`${s.url}/t/bob.k/api/hostname`, 'GET', basic('bob.k', s.codes.get('bob.k')!));
    expect(r.text).toContain('bob.k');
  });

  it("a roster's bad lines: FILE:LINE: why, exit 2, nothing started", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'roster-'));
    const cases: Array<[string, RegExp]> = [
      ['alice\n\n# a comment\nbob\nalice\n', /:5: 'alice' is already on line 1/],
      ['alice\nBob\nbob\n', /:3: 'bob' is already on line 2/],
      ['alice\nbad\u0007name\n', /:2: a control character/],
      ['alice\n../etc\n', /:2: '\.\.\/etc' is not a trainee name/],
      ['# nobody\n\n', /no trainee names/],
    ];
    for (const [text, why] of cases) {
      const file = join(dir, 'roster.txt');
      writeFileSync(file, text);
      const r = await runCommand([
        'class',
        'serve',
        '--roster',
        file,
        '--lesson',
        'interfaces',
        '--port',
        '0',
      ]);
      expect({ text, code: r.code }).toEqual({ text, code: 2 });
      expect(r.err).toMatch(why);
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    }
    const bad = await runCommand([
      'class',
      'serve',
      '--trainees',
      '2',
      '--lesson',
      'no-such-lesson',
      '--port',
      '0',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/no lesson 'no-such-lesson'/);
  });
});
