// Candidate mode in scripts (-f, stdin), through the product's own entry against the router
// simulator: lines are checked and staged, not sent; compare and commit check read only; a
// script that ends with lines staged fails with one line and has sent nothing; the built-ins
// that change the router at once are refused while lines are staged; outside candidate mode
// `commit check` is refused and lines apply at once as before.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { vlanRouter } from '../../hostile/vlan-router.js';
import { adminEnv, runCommand } from '../../helpers/command-io.js';
import { startServer } from '../../helpers/http-server.js';

let sim: RouterSim;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());

/** Requests that could change the router: every POST and DELETE since `from`. */
const writes = (from: number) => sim.requests.slice(from).filter((r) => r.method !== 'GET');

const script = (lines: string[]) => runCommand(['-f', '-'], adminEnv(sim.url), `${lines.join('\n')}\n`);

describe('candidate mode in a script', () => {
  it('stages, compares and checks without sending; ending staged exits 1 with nothing sent', async () => {
    const from = sim.requests.length;
    const r = await script([
      'configure',
      'interface eth1 mtu 9000',
      'interface eth9',
      'interface eth9 mtu 1400',
      'compare',
      'commit check',
    ]);
    expect(r.err).toContain(
      '% the script ended with 3 lines staged in candidate mode and no commit: none was sent',
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('- interface eth1 mtu 1500\n+ interface eth1 mtu 9000\n');
    expect(r.out).toContain('+ interface eth9\n');
    expect(r.out).toContain('+ interface eth9 mtu 1400\n');
    expect(r.out).toContain('commit check: 3 staged lines, 3 requests: ok (nothing sent)\n');
    expect(writes(from)).toEqual([]);
  });

  it('refuses a line that cannot be right (its column named), stages nothing for it', async () => {
    const from = sim.requests.length;
    const r = await runCommand(
      ['--keep-going', '-f', '-'],
      adminEnv(sim.url),
      [
        'configure',
        'interface eth1 mtu 9000',
        'interface eth1 mtu nine',
        'commit check',
        'discard',
        'end',
      ].join('\n'),
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^% .*'nine'.* \(line 3\)$/m);
    expect(r.out).toContain('commit check: 1 staged line, 1 request: ok (nothing sent)\n');
    expect(writes(from)).toEqual([]);
  });

  it('a line under an entry that does not exist is refused; under one staged before, it is not', async () => {
    const from = sim.requests.length;
    const bad = await script(['configure', 'interface eth7 mtu 1400']);
    expect(bad.err).toContain("'interface eth7' does not exist (line 2)");
    expect(bad.code).toBe(1);
    const good = await script(['configure', 'interface eth7', 'interface eth7 mtu 1400', 'discard', 'end']);
    expect(good.err).toBe('');
    expect(good.out).toContain('discarded 2 staged lines');
    expect(good.code).toBe(0);
    expect(writes(from)).toEqual([]);
  });

  it('configure private is the same; configure again says so', async () => {
    const r = await script(['configure private', 'interface eth1 mtu 9000', 'configure', 'discard', 'end']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('already in candidate mode (1 staged line)\n');
  });

  it('discard and rollback 0 drop the staged lines; end then leaves and the script passes', async () => {
    const from = sim.requests.length;
    const r = await script([
      'configure',
      'interface eth1 mtu 9000',
      'rollback 0',
      'interface eth1 description x',
      'discard',
      'end',
      'interface eth1 mtu 9000',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('discarded 1 staged line\n');
    expect(r.out).toContain('left candidate mode\n');
    // After `end` a line applies at once, as before.
    expect(writes(from).map((q) => `${q.method} ${q.url}`)).toEqual(['POST /api/interface/eth1/mtu/9000']);
    await runCommand(['-c', 'interface eth1 mtu 1500'], adminEnv(sim.url));
  });

  it.each([
    ['rollback 1', 'rollback N would send at once'],
    ['undo', 'undo changes the router at once: in candidate mode, commit or discard first'],
    [
      'confirm-within 5m',
      'confirm-within changes the router at once: in candidate mode, commit or discard first',
    ],
    [
      'match-list import blacklist /dev/null',
      'match-list import changes the router at once: in candidate mode, commit or discard first',
    ],
    [
      'match-list sync blacklist /dev/null',
      'match-list sync changes the router at once: in candidate mode, commit or discard first',
    ],
    ['end', '1 line staged: commit or discard first'],
    [
      'config load merge /dev/null',
      'config load changes the router at once: in candidate mode, commit or discard first',
    ],
    [
      'rollback checkpoint x',
      'rollback checkpoint changes the router at once: in candidate mode, commit or discard first',
    ],
  ])('%s is refused while a line is staged', async (line, why) => {
    const from = sim.requests.length;
    const r = await script(['configure', 'interface eth1 mtu 9000', line]);
    expect(r.err).toContain(why);
    expect(r.code).toBe(1);
    expect(writes(from)).toEqual([]);
  });

  it('outside candidate mode commit check and discard are refused, end says there is nothing to end', async () => {
    for (const [line, why] of [
      ['commit check', 'commit check: only in candidate mode (configure enters it)'],
      ['commit comment x', 'commit comment: only in candidate mode'],
      ['discard', 'not in candidate mode: nothing is staged'],
      ['end', 'not in candidate mode: nothing to end'],
    ] as const) {
      const r = await runCommand(['-c', line], adminEnv(sim.url));
      expect(r.err).toContain(why);
      expect(r.code).toBe(1);
    }
  });
});

describe('commit in a script', () => {
  it('sends the staged lines as one transaction, journaled with its comment; the router then has them', async () => {
    const state = adminEnv(sim.url);
    const from = sim.requests.length;
    const r = await runCommand(
      ['-f', '-'],
      state,
      [
        'configure',
        'interface eth1 mtu 9000',
        'interface eth1 description "up link"',
        'commit comment mtu up',
        'end',
      ].join('\n'),
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/commit complete: 2 staged lines, 2 requests sent \(transaction [\w.-]+\)\n/);
    // Two unrelated nodes: sent at once (tx-send.ts), in either order on the wire.
    expect(
      writes(from)
        .map((q) => `${q.method} ${q.url}`)
        .sort(),
    ).toEqual(['POST /api/interface/eth1/description/up%20link', 'POST /api/interface/eth1/mtu/9000']);
    const journal = readdirSync(join(state.XDG_STATE_HOME, 'routersh', 'journal'));
    const text = readFileSync(join(state.XDG_STATE_HOME, 'routersh', 'journal', journal[0]!), 'utf8');
    expect(text).toMatch(/"t":"tx".*"comment":"mtu up".*"steps":2/);
    expect(text).toMatch(/"t":"txend".*"committed"/);
    // Put back as it was, by the journal: undo reverts the transaction's steps.
    const back = await runCommand(
      ['-c', 'interface eth1 mtu 1500', '-c', 'interface eth1 description lan'],
      state,
    );
    expect(back.code).toBe(0);
  });

  it('a line already so on the router is not sent', async () => {
    const from = sim.requests.length;
    const r = await script(['configure', 'interface eth1 mtu 1500', 'commit']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('= already so on the router, not sent: interface eth1 mtu 1500\n');
    expect(r.out).toContain('commit: the router shows every staged line done already: nothing sent\n');
    expect(writes(from)).toEqual([]);
  });
});

describe('show configuration in candidate mode', () => {
  it('shows live plus staged, the staged lines marked + and -, in tree order; --json the configuration to be', async () => {
    const from = sim.requests.length;
    const r = await script([
      'configure',
      'interface eth1 mtu 9000',
      'no interface eth0 description',
      'interface eth9',
      'interface eth9 mtu 1400',
      'show configuration interface',
      'config show interface --json',
      'discard',
      'end',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const [text, json] = r.out.split('\n{');
    expect(
      text!
        .split('\n')
        .filter((l) => !l.startsWith('candidate mode') && !l.startsWith('commit sends') && l !== ''),
    ).toEqual([
      '  interface eth0',
      '- interface eth0 description uplink',
      '  interface eth0 mtu 1500',
      '  interface eth0 ip address 10.0.0.1/24',
      '  interface eth1',
      '  interface eth1 description lan',
      '- interface eth1 mtu 1500',
      '+ interface eth1 mtu 9000',
      '  interface eth1 ip address 192.168.1.1/24',
      '  interface lo',
      '  interface lo mtu 65536',
      '  interface lo ip address 127.0.0.1/8',
      '+ interface eth9',
      '+ interface eth9 mtu 1400',
    ]);
    const doc = JSON.parse(`{${json!.split('\n')[0]}`) as {
      lines: { path: string[] }[];
      candidate: { added: string[]; removed: string[] };
    };
    expect(doc.candidate).toEqual({
      added: ['interface eth1 mtu 9000', 'interface eth9', 'interface eth9 mtu 1400'],
      removed: ['interface eth0 description uplink', 'interface eth1 mtu 1500'],
    });
    expect(doc.lines.map((l) => l.path.join(' '))).toContain('interface eth9 mtu 1400');
    expect(doc.lines.map((l) => l.path.join(' '))).not.toContain('interface eth0 description uplink');
    expect(writes(from)).toEqual([]);
  });
});

describe('commit confirmed in a script', () => {
  it('a commit refused before sending leaves no window behind', async () => {
    const from = sim.requests.length;
    const r = await script(['configure', 'system user admin password s3cret', 'commit confirmed 5']);
    expect(r.err).toContain('cannot be reverted if the transaction fails');
    expect(r.err).not.toContain('stays open');
    expect(r.err).not.toContain('s3cret');
    expect(r.code).toBe(1);
    expect(writes(from)).toEqual([]);
  });
});

describe('reads in candidate mode', () => {
  it('a show line runs at once, and a wrong one is refused, never staged', async () => {
    const r = await runCommand(
      ['--keep-going', '-f', '-'],
      adminEnv(sim.url),
      [
        'configure',
        'interface eth9',
        'show interface eth9 nonsense',
        'show interface',
        'commit check',
        'discard',
        'end',
      ].join('\n'),
    );
    expect(r.err).toMatch(/nonsense.*\(line 3\)/);
    expect(r.out).toContain('eth0');
    expect(r.out).toContain('commit check: 1 staged line, 1 request: ok (nothing sent)\n');
    expect(r.code).toBe(1);
  });
});

describe('a staged line the metadata cannot check yet', () => {
  // A vlan is described only once it exists (test/hostile/vlan-router.ts): `vlan 20 name core`
  // cannot be checked before `vlan 20` is sent; it is staged as typed and sent after it.
  const run = (url: string, lines: string[]) =>
    runCommand(['-f', '-'], adminEnv(url), [...lines, ''].join('\n'));

  it('is staged unchecked, says why; commit check sends nothing; commit sends it after its node', async () => {
    const handler = vlanRouter({ leafName: true, live: true });
    const vlans = await startServer(handler);
    try {
      const check = await run(vlans.url, [
        'configure',
        'vlan 20',
        'vlan 20 name core',
        'commit check',
        'discard',
      ]);
      expect(check.out).toMatch(/^staged, unchecked: 'vlan 20' is created by an earlier line/m);
      expect(check.out).toMatch(/^! unchecked: vlan 20 name core: /m);
      expect(check.out).toMatch(/^commit check: 2 staged lines, 2 requests: ok \(nothing sent\)$/m);
      expect(check.code, check.err).toBe(0);
      expect(vlans.requests.filter((q) => q.method !== 'GET')).toEqual([]);

      const r = await run(vlans.url, ['configure', 'vlan 20', 'vlan 20 name core', 'commit']);
      expect(r.out).toMatch(/^commit complete: 2 staged lines, 2 requests sent/m);
      expect(r.code, r.err).toBe(0);
      expect([...handler.vlans]).toEqual([
        ['10', ''],
        ['20', 'core'],
      ]);
    } finally {
      await vlans.close();
    }
  });

  it('a router that refuses it reverts the commit: the vlan the commit created is gone again', async () => {
    // The second change (the name) answered 503: the first (vlan 20) is reverted.
    const handler = vlanRouter({ leafName: true, live: true, fail: (n) => n === 2 });
    const vlans = await startServer(handler);
    try {
      const r = await run(vlans.url, ['configure', 'vlan 20', 'vlan 20 name core', 'commit']);
      expect(r.err).toMatch(/commit reverted/);
      expect(r.code).toBe(1);
      expect([...handler.vlans]).toEqual([['10', '']]);
      expect(vlans.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.url}`)).toEqual([
        'POST /api/vlan/20',
        'POST /api/vlan/20/name/core',
        'DELETE /api/vlan/20',
      ]);
    } finally {
      await vlans.close();
    }
  });
});
