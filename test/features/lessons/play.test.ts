// Every built-in lesson, played with the expected commands on a fresh simulator: each step
// passes on its command. And a wrong command (or a right one that failed) passes no step.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Rig, lessonRig } from './lesson-rig.js';

let rig: Rig;
beforeEach(async () => {
  rig = await lessonRig();
});
afterEach(() => rig.close());

/** Per lesson: the command of each step, in order (several when a step needs a lead-in). */
const PLAYS: Record<string, string[][]> = {
  discover: [
    ['help'],
    ['sh int'],
    ['show interface eth1'],
    ['describe interface eth0 mtu'],
    ['edit interface eth1'],
    ['show', 'top'],
  ],
  interfaces: [
    ['interface eth1.100'],
    ['interface eth1.100 mtu 9000'],
    ['interface eth1.100 description "VLAN 100 lab"'],
    ['show interface eth1.100'],
    ['no interface eth1.100'],
  ],
  ping: [
    ['ping 10.0.0.254'],
    ['ping 10.0.0.254 count 2'],
    ['ping 10.0.0.254 size 1400 interval 0'],
    ['ping 192.168.1.1 interface eth1'],
    ['ping 10.0.0.254 numeric'],
  ],
  users: [
    ['system user trainee'],
    ['system user trainee password S3cret-pass'],
    ['system user trainee token-expiration 3600'],
    ['system user trainee api create-token'],
    ['show system user'],
    ['no system user trainee'],
  ],
  firewall: [
    ['show ipv4 firewall match-list'],
    ['ipv4 firewall match-list lab-block timeout 600'],
    ['ipv4 firewall match-list lab-block action match net 192.0.2.66'],
    ['ipv4 firewall filter forward rule 20 action DROP match-list lab-block src'],
    ['show ipv4 firewall filter forward'],
    ['no ipv4 firewall match-list lab-block action match net 192.0.2.66'],
  ],
  telemetry: [
    ['metrics names'],
    ["metrics range 'sum by (grp) (rate(pkts_down[5m]))' since 6h"],
    ['logs search service_name:firewall since 1h'],
    ['logs histogram level:error since 6h by service_name'],
  ],
};

/** Per lesson: a line that looks close to step 1 but must not pass it. */
const WRONG: Record<string, string[]> = {
  discover: ['history', 'describe interface'],
  interfaces: ['interface eth1.200', 'interface eth1.100 mtu 99999'],
  ping: ['ping 10.0.0.1', 'ping 10.0.0.254 count 2'],
  users: ['system user trainer', 'show system user'],
  firewall: ['show ipv4 firewall filter forward', 'show ipv4 firewall match-list blacklist'],
  telemetry: ['metrics labels', 'logs fields'],
};

describe('checks a lesson explains (read checks with a message)', () => {
  it('the message under a command that leaves the step undone; a warning said, never holding the step', async () => {
    rig.lessons.start('interfaces');
    await rig.run('interface eth1.100');
    expect((await rig.run('interface eth1.100 mtu 1400')).note).toBe(
      'x show interface eth1.100 does not say mtu 9000 yet\n',
    );
    expect((await rig.run('interface eth1.100 mtu 9000')).note).toMatch(/^✓ step 2\/5 done/);
    // Step 3 (the description) with the MTU back at 1500: its warning is said, the step passes.
    expect((await rig.run('interface eth1.100 mtu 1500')).note).toBe(
      '! eth1.100 lost its jumbo MTU: set mtu 9000 again\n',
    );
    const d = await rig.run('interface eth1.100 description "VLAN 100 lab"');
    expect(d.note).toMatch(/^! eth1\.100 lost its jumbo MTU: set mtu 9000 again\n✓ step 3\/5 done/);
  });
});

describe('built-in lessons', () => {
  it('plays are given for every built-in lesson', () => {
    expect(Object.keys(PLAYS).sort()).toEqual(
      rig.lessons
        .list()
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/)[0])
        .sort(),
    );
  });

  for (const [name, steps] of Object.entries(PLAYS)) {
    it(`${name}: every step passes on its command`, async () => {
      rig.lessons.start(name);
      for (const [i, lines] of steps.entries()) {
        let note = '';
        for (const line of lines) {
          const r = await rig.run(line);
          expect(r.outcome.kind, `${line}: ${JSON.stringify(r.outcome)}`).not.toBe('error');
          note = r.note;
        }
        expect(note, `step ${i + 1}: ${lines.at(-1)}`).toMatch(
          new RegExp(`✓ step ${i + 1}/${steps.length} done`),
        );
      }
      const p = rig.saved.get(name);
      expect(p?.done).toEqual(steps.map((_, i) => i + 1));
      expect(p?.completedAt).toBeTruthy();
      expect(rig.lessons.status()).toMatch(/all \d+ steps done/);
    });

    it(`${name}: a wrong command does not pass step 1`, async () => {
      rig.lessons.start(name);
      for (const line of WRONG[name] ?? []) {
        const r = await rig.run(line);
        expect(r.note, line).toBe('');
      }
      expect(rig.saved.get(name)?.current).toBe(0);
      expect(rig.lessons.status()).toMatch(new RegExp(`^lesson ${name} 1/`));
    });
  }
});
