// Loads end to end on both routers (issue 38, "Done when"): the configuration saved, then
// changed by a bare node:http client; `config load merge`, `replace` and `override` each restore
// what they promise, read back with `show configuration --json`; `--dry-run` sends nothing.
// A load and its read-backs run as one routersh (`--json -c LOAD -c SHOW -c COMPARE`, a document
// each): a routersh start is ~0.4 s of CPU, and one per command was this file's most.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { bodyLines, compared, docLines, ROUTERS, raw, rsh, rshDocs, rshEnv } from './config-rig.js';

const writes = (sim: RouterSim) => sim.requests.filter((r) => r.method !== 'GET').length;

describe.each(ROUTERS)('load on the $name router', (rc) => {
  let sim: RouterSim;
  let env: Record<string, string>;
  let file: string;
  let saved: string[];
  beforeAll(async () => {
    sim = await rc.start();
    env = rshEnv(sim.url);
    file = join(env.HOME!, 'r1.conf');
    const r = await rsh(env, `config save ${file}`);
    expect(r.code, r.stderr).toBe(0);
    saved = bodyLines(readFileSync(file, 'utf8'));
    for (const c of rc.change) await raw(sim, c);
  });
  afterAll(() => sim.close());

  it('config load merge --dry-run prints the plan and sends nothing', async () => {
    const before = writes(sim);
    const r = await rsh(env, `config load merge ${file} --dry-run`);
    expect(r.code).toBe(0);
    for (const l of rc.minus) expect(r.stdout).toContain(l);
    expect(writes(sim)).toBe(before);
  });

  it('config load merge adds and changes back; what was added stays', async () => {
    const [, show, cmp] = await rshDocs(
      env,
      `config load merge ${file}`,
      'show configuration',
      `compare ${file}`,
    );
    const now = docLines(show);
    for (const l of rc.minus) expect(now).toContain(l);
    // Changed values are back; added entries stay (merge never deletes).
    for (const l of rc.added) expect(now).toContain(l);
    expect(compared(cmp, '-')).toEqual([]);
    expect(compared(cmp, '+')).toEqual([...rc.added].sort());
  });

  it('config load override makes the whole configuration the file (secrets left alone)', async () => {
    const [, show, cmp] = await rshDocs(
      env,
      `config load override ${file}`,
      'show configuration',
      `compare ${file}`,
    );
    expect(docLines(show)).toEqual(saved);
    expect([...compared(cmp, '-'), ...compared(cmp, '+')]).toEqual([]);
  });

  it('config load replace makes each entry the file names equal to it, the others untouched', async () => {
    const part = join(env.HOME!, 'part.conf');
    const header = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('#'));
    writeFileSync(part, `${[...header, ...rc.replace.lines].join('\n')}\n`);
    // Then back to the saved file for whoever runs next.
    const [, show, , back] = await rshDocs(
      env,
      `config load replace ${part}`,
      'show configuration',
      `config load override ${file}`,
      'show configuration',
    );
    const now = docLines(show);
    for (const l of rc.replace.lines) expect(now).toContain(l);
    for (const l of rc.replace.gone) expect(now).not.toContain(l);
    for (const l of rc.replace.untouched) expect(now).toContain(l);
    expect(docLines(back)).toEqual(saved);
  });
});

/** A load in a script answers its question with --yes. */
const runYes = (env: Record<string, string>, command: string) => runBin(['--yes', '-c', command], { env });

describe('members, and a file from another router', () => {
  let sim: RouterSim;
  let shaped: RouterSim;
  let env: Record<string, string>;
  beforeAll(async () => {
    [sim, shaped] = await Promise.all([ROUTERS[0]!.start(), ROUTERS[1]!.start()]);
    env = rshEnv(sim.url);
  });
  afterAll(() => Promise.all([sim.close(), shaped.close()]));

  const MATCH = ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'];
  const member = (net: string) => `${MATCH.join(' ')} net ${net}`;
  const members = (doc: unknown) => docLines(doc).filter((l) => l.startsWith(MATCH.join(' ')));

  it('a file saved without members leaves the live members alone; one saved with them adds them back', async () => {
    const without = join(env.HOME!, 'without.conf');
    const withMembers = join(env.HOME!, 'with.conf');
    await rshDocs(env, `config save ${without}`, `config save ${withMembers} members`);
    expect(readFileSync(withMembers, 'utf8')).toContain('# members: yes');
    expect(bodyLines(readFileSync(withMembers, 'utf8'))).toContain(member('203.0.113.7'));
    await raw(sim, { method: 'POST', words: MATCH, actions: ['UNSET'], options: { net: ['203.0.113.7'] } });
    await raw(sim, { method: 'POST', words: MATCH, options: { net: ['192.0.2.99'] } });
    const [live, , afterOverride, back, afterMerge] = await rshDocs(
      env,
      'show configuration members',
      `config load override ${without}`,
      'show configuration members',
      `config load merge ${withMembers}`,
      'show configuration members',
    );
    expect(members(afterOverride)).toEqual(members(live));
    expect(JSON.stringify(back)).toContain(member('203.0.113.7'));
    expect(members(afterMerge)).toEqual(
      expect.arrayContaining([member('203.0.113.7'), member('192.0.2.99')]),
    );
  });

  it('a file from another router is refused without --from; with it, a line the metadata refuses is FILE:LINE and nothing is sent', async () => {
    const file = join(env.HOME!, 'default.conf');
    expect((await rsh(env, `config save ${file} --force`)).code).toBe(0);
    const there = rshEnv(shaped.url);
    const sent = () => shaped.requests.filter((q) => q.method !== 'GET').length;
    const before = sent();
    const refused = await runYes(there, `config load merge ${file}`);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/--from/);
    const lines = await runYes(there, `config load merge ${file} --from ${sim.url}`);
    expect(lines.code).not.toBe(0);
    // The first line of the file the shaped tree does not have: `interface eth0` (its words are `interfaces ethernet`).
    const at = readFileSync(file, 'utf8').split('\n').indexOf('interface eth0') + 1;
    expect(lines.stderr).toContain(`${file}:${at}: `);
    expect(sent()).toBe(before);
  });
});
