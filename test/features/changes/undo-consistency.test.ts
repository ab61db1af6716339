// A journal's change must be what its line says (issue 17): the check undo makes, without the
// router, before it sends anything — the line as the lexer reads it against the recorded request
// (verbs, an `edit` context, abbreviations, redacted secrets, options), and the undo's own
// requests against the request's node. The pure check, then real lines through the product.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterRequest } from '../../../src/api/router/types.js';
import type { Change, Setting } from '../../../src/contract/journal.js';
import { inconsistency } from '../../../src/features/changes/undo-consistency.js';
import { type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { runCommand } from '../../helpers/command-io.js';

const change = (line: string, requests: RouterRequest[], c: Partial<Change> = {}): Change => ({
  id: 's.1',
  seq: 1,
  session: 's',
  router: 'http://r',
  at: 0,
  line,
  requests,
  words: requests[0]?.words ?? [],
  status: 'done',
  ...c,
});
const set = (words: string[], options?: RouterRequest['options']): RouterRequest => ({
  method: 'POST',
  words,
  actions: ['SET'],
  ...(options ? { options } : {}),
});
const unset = (words: string[], options: NonNullable<RouterRequest['options']>): RouterRequest => ({
  method: 'POST',
  words,
  actions: ['UNSET'],
  options,
});
const del = (words: string[]): RouterRequest => ({ method: 'DELETE', words });
const ok = (c: Change) => expect(inconsistency(c, 'F')).toBeUndefined();
const bad = (c: Change) => expect(inconsistency(c, 'F')).toMatch(/^change #1 of F is inconsistent: /);

describe('a line and its request', () => {
  it('agree: bare, set, no, delete, abbreviations, a context, run/do, a pipe', () => {
    ok(change('interface eth1 mtu 9000', [set(['interface', 'eth1', 'mtu', '9000'])]));
    ok(change('set interface eth1 mtu 9000', [set(['interface', 'eth1', 'mtu', '9000'])]));
    ok(change('int eth1 mt 9000', [set(['interface', 'eth1', 'mtu', '9000'])]));
    ok(change('no interface eth5', [del(['interface', 'eth5'])]));
    ok(change('delete interface eth5', [del(['interface', 'eth5'])]));
    ok(change('del int eth5', [del(['interface', 'eth5'])]));
    ok(change('se int eth5', [set(['interface', 'eth5'])]));
    ok(change('mtu 9000', [set(['interface', 'eth1', 'mtu', '9000'])])); // inside `edit interface eth1`
    ok(change('do interface eth1 mtu 9000', [set(['interface', 'eth1', 'mtu', '9000'])]));
    ok(change('interface eth1 mtu 9000 | json', [set(['interface', 'eth1', 'mtu', '9000'])]));
    ok(change('interface eth1 description "a b #3"', [set(['interface', 'eth1', 'description', 'a b #3'])]));
    ok(change('ip route 10.0.0.0/24 via 10.0.0.1', [set(['ip', 'route', '10.0.0.0/24', 'via', '10.0.0.1'])]));
  });

  it('agree: options and their values in order, numbers, flags, UNSET by the key option', () => {
    ok(change('ping 10.0.0.1 count 3 numeric', [set(['ping', '10.0.0.1'], { count: [3], numeric: [] })]));
    ok(change('ping 10.0.0.1 cou 3', [set(['ping', '10.0.0.1'], { count: [3] })]));
    const words = ['ipv4', 'firewall', 'match-list', 'bl', 'action', 'match'];
    ok(
      change('ipv4 firewall match-list bl action match net 192.0.2.1', [set(words, { net: ['192.0.2.1'] })]),
    );
    ok(
      change('no ipv4 firewall match-list bl action match net 192.0.2.1', [
        unset(words, { net: ['192.0.2.1'] }),
      ]),
    );
    ok(
      change('ipv4 firewall match-list bl action match net 192.0.2.1 port 80 protocol tcp', [
        set(words, { net: ['192.0.2.1'], port: [80], protocol: ['tcp'] }),
      ]),
    );
  });

  it('agree: redacted secrets', () => {
    ok(change('system user bob password ***', [set(['system', 'user', 'bob', 'password', '***'])]));
    ok(change('snmp community ***', [set(['snmp'], { community: ['***'] })]));
  });

  it('agree: a match-list import is one change of its list', () => {
    const words = ['ipv4', 'firewall', 'match-list', 'bl', 'action', 'match'];
    ok(
      change('match-list import bl feed.txt', [
        set(words, { net: ['192.0.2.1'] }),
        set(words, { net: ['192.0.2.2'] }),
      ]),
    );
    ok(change('match-list sync bl -', [unset(words, { net: ['192.0.2.1'] })]));
    bad(change('match-list import other feed.txt', [set(words, { net: ['192.0.2.1'] })]));
  });

  it('disagree: another path, another verb, another value, missing or extra options', () => {
    bad(change('interface eth9 description harmless', [del(['interface', 'eth1'])]));
    bad(change('interface eth1 description harmless', [del(['interface', 'eth1'])]));
    bad(change('no interface eth1', [set(['interface', 'eth1'])]));
    bad(change('interface eth1', [del(['interface', 'eth1'])]));
    bad(change('interface eth1 mtu 9000', [set(['interface', 'eth1', 'mtu', '1400'])]));
    bad(change('interface eth1 mtu 9000', [set(['interface', 'eth2', 'mtu', '9000'])]));
    bad(change('ping 10.0.0.1', [set(['ping', '10.0.0.1'], { count: [3] })]));
    bad(change('ping 10.0.0.1 count 3 size 100', [set(['ping', '10.0.0.1'], { count: [3] })]));
    bad(change('ping 10.0.0.1 count 4', [set(['ping', '10.0.0.1'], { count: [3] })]));
    bad(change('', [set(['interface', 'eth1'])]));
    bad(change('# interface eth1', [set(['interface', 'eth1'])]));
    bad(change('interface eth1', []));
    bad(change('interface eth1', [set(['interface', 'eth1'])], { words: ['interface', 'eth2'] }));
  });
});

describe("the undo's requests and the change's node", () => {
  const setting = (path: string[], multi = true): Setting => ({
    path,
    options: {},
    id: path.join(' '),
    slot: path.slice(0, -1).join(' '),
    multi,
    settable: true,
    unsettable: true,
    setOptions: [],
  });
  const mtu = ['interface', 'eth1', 'mtu', '9000'];
  it('an old value set back beside it is the node; a DELETE beside it is not', () => {
    ok(
      change('interface eth1 mtu 9000', [set(mtu)], {
        before: { settings: [setting(['interface', 'eth1', 'mtu', '1500'], false)] },
        after: { settings: [setting(mtu, false)] },
      }),
    );
    expect(
      inconsistency(
        change('interface eth9', [set(['interface', 'eth9'])], {
          before: { settings: [] },
          after: { settings: [setting(['interface', 'eth1'], false)] },
        }),
        'F',
      ),
    ).toBe(
      'change #1 of F is inconsistent: its line says \'interface eth9\' but undoing it would send DELETE /api/interface/eth1, off the node of its request POST /api/interface/eth9 {"Actions":["SET"]}; not undone',
    );
  });

  it('re-creating what a DELETE took, sub-nodes included, stays on its node', () => {
    ok(
      change('no interface eth5', [del(['interface', 'eth5'])], {
        before: { settings: [setting(['interface', 'eth5'])] },
        after: { settings: [] },
        subtree: [setting(['interface', 'eth5', 'mtu', '9000'], false)],
      }),
    );
  });

  it('journal text in the message is sanitized', () => {
    const msg = inconsistency(
      change('interface eth9\u001b[2J', [del(['interface', 'eth1'])]),
      'F\u001b]0;x\u0007',
    );
    expect(msg).not.toMatch(/\u001b/);
  });
});

describe('real lines through the product', () => {
  let sim: RouterSim;
  beforeAll(async () => {
    sim = await startRouterSim();
  });
  afterAll(() => sim.close());

  it('lines typed in an edit context, abbreviated, with options: undone from the journal file', async () => {
    const state = mkdtempSync(join(tmpdir(), 'routersh-consistent-'));
    const env = {
      ROUTERSH_ROUTER: sim.url,
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: state,
    };
    const made = await runCommand(
      [
        '-c',
        'edit interface eth1',
        '-c',
        'mtu 1601',
        '-c',
        'top',
        '-c',
        'int eth0 mt 1602',
        '-c',
        'ipv4 firewall match-list blacklist action match net 192.0.2.88',
        '-c',
        'no ipv4 firewall match-list blacklist action match net 192.0.2.88',
      ],
      env,
    );
    expect(made.err).toBe('');
    const dir = join(state, 'routersh', 'journal');
    const file = join(dir, readdirSync(dir)[0]!);
    const r = await runCommand(['undo', '--journal', file, '4', '--yes'], env);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/undone #4 no ipv4 firewall match-list blacklist action match net 192\.0\.2\.88/);
    expect(r.out).toMatch(/undone #1 mtu 1601/);
  });
});
