// The monitor parser over the simulator's real output (through the real client over HTTP) and
// invented layouts of other routers: fields by name in any layout, the rest kept as text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { parseAmount, parseMonitor } from '../../../src/features/match-list/parse-monitor.js';
import { DEMO_USERS, type RouterSim, startRouterSim } from '../../../sim/router/index.js';

describe('parseMonitor: the simulator', () => {
  let sim: RouterSim;
  let client: RouterClient;
  beforeAll(async () => {
    sim = await startRouterSim();
    client = new RouterClient({ baseUrl: sim.url, ...DEMO_USERS.admin, auth: 'basic', timeoutMs: 5000 });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it('reads the header and the members of the seeded blacklist', async () => {
    const env = await client.post(['ipv4', 'firewall', 'match-list', 'blacklist'], { Actions: ['SHOW'] });
    const d = parseMonitor(env.nodeInfo?.showOutput);
    expect(d.header).toMatchObject({
      name: 'blacklist',
      entries: 2,
      references: 1,
      maxElements: 65536,
      defaultTimeout: '3600 s',
    });
    expect(d.header.memory).toMatch(/^\d+ bytes$/);
    expect(d.members.map((m) => m.address).sort()).toEqual(['198.51.100.0/24', '203.0.113.7']);
    for (const m of d.members) {
      expect(m.timeout).toBeGreaterThan(0);
      expect(m.timeout).toBeLessThanOrEqual(3600);
      expect(m.packets).toBeGreaterThan(0);
      expect(m.bytes).toBeGreaterThan(0);
    }
    // `Key: net` names no monitor field: kept as text.
    expect(d.other).toEqual(['Key: net']);
  });
});

describe('parseMonitor: other layouts', () => {
  it('a members table with a header row, units and a rule line', () => {
    const d = parseMonitor(
      [
        'match-list bl2',
        '  entries 3   refs 2',
        'Memory usage = 4 KiB',
        'Capacity: 1,000',
        'Entry TTL: 1h',
        '',
        'Address            Remaining   Pkts     Bytes',
        '-----------------  ----------  -------  --------',
        '10.0.0.1           59m59s      1,200    64,000',
        '2001:db8::/32      30          0        0',
        'weird trailing line',
      ].join('\n'),
    );
    expect(d.header).toMatchObject({ memory: '4 KiB', maxElements: 1000, defaultTimeout: '1h' });
    expect(d.members).toEqual([
      { address: '10.0.0.1', timeout: 3599, packets: 1200, bytes: 64000 },
      { address: '2001:db8::/32', timeout: 30, packets: 0, bytes: 0 },
    ]);
    expect(d.other).toEqual(['match-list bl2', '  entries 3   refs 2', 'weird trailing line']);
  });

  it('key=value pairs on member lines, multi-word columns with pipes', () => {
    const d = parseMonitor(
      [
        'Entries: 2',
        'References: 0',
        '192.0.2.1/32,tcp:22 expires=120 hits=5 octets=300',
        '| Member address | Time left (s) | Packets | Bytes |',
        '| 192.0.2.9 | 15 | 7 | 700 |',
      ].join('\n'),
    );
    expect(d.header).toEqual({ entries: 2, references: 0 });
    expect(d.members).toEqual([
      { address: '192.0.2.1/32,tcp:22', timeout: 120, packets: 5, bytes: 300 },
      { address: '192.0.2.9', timeout: 15, packets: 7, bytes: 700 },
    ]);
  });

  it('a ShowFormat table of members, and a two-column table of fields', () => {
    const members = parseMonitor({
      columns: ['Net', 'Timeout', 'Packets', 'Bytes', 'Flags'],
      rows: [
        ['10.1.0.0/16', '100', '1', '60', 'x'],
        ['10.2.0.0/16', 'never', '2', '120', ''],
      ],
    });
    expect(members.members).toEqual([
      { address: '10.1.0.0/16', timeout: 100, packets: 1, bytes: 60 },
      { address: '10.2.0.0/16', packets: 2, bytes: 120 },
    ]);
    const fields = parseMonitor({
      columns: ['Field', 'Value'],
      rows: [
        ['Number of entries', '5'],
        ['Max elements', '65536'],
        ['Colour', 'blue'],
      ],
    });
    expect(fields.header).toEqual({ entries: 5, maxElements: 65536 });
    expect(fields.other).toEqual(['Colour: blue']);
  });

  it('never throws: nonsense is kept as text', () => {
    const d = parseMonitor('%%% garbage\n\u0000\nTimeout: soon');
    expect(d.members).toEqual([]);
    expect(d.other).toEqual(['%%% garbage', '\u0000']);
    expect(d.header).toEqual({ defaultTimeout: 'soon' });
    expect(parseMonitor(undefined)).toEqual({ header: {}, members: [], other: [] });
  });

  it('reads amounts', () => {
    expect(parseAmount('1,234')).toBe(1234);
    expect(parseAmount('3600 s')).toBe(3600);
    expect(parseAmount('1h2m3s')).toBe(3723);
    expect(parseAmount('2:30')).toBe(150);
    expect(parseAmount('soon')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });
});
