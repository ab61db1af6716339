// Show tables from routers unlike ours, through the real client over HTTP: the hostile
// router's cells of every JSON type (and a show answer whose NodeInfo has no Name), and the
// simulator's 'reference' variant. A surprising table degrades to text cells, never fails.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { decodeShowOutput } from '../../../src/api/router/decode.js';
import { formatShow } from '../../../src/run/format-router.js';
import { DEMO_USERS, type RouterSim, startRouterSim } from '../../../sim/router/index.js';
import { EVIL, type HostileRouter, startHostileRouter } from '../../hostile/router.js';
import { emptyNode } from '../../../src/lang/empty-node.js';

const clients: RouterClient[] = [];
const servers: Array<HostileRouter | RouterSim> = [];
const client = (baseUrl: string) => {
  const c = new RouterClient({ baseUrl, ...DEMO_USERS.admin, auth: 'basic', timeoutMs: 5000 });
  clients.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('hostile router: table cells of any JSON type', () => {
  it('decodes arrays, objects, null, booleans and numbers into text cells', async () => {
    const r = await startHostileRouter({ tableCells: true });
    servers.push(r);
    const env = await client(r.url).post(['interface'], { Actions: ['SHOW'] });
    expect(env.nodeInfo?.showOutput).toEqual({
      columns: ['name', 'addresses', 'stats', 'note', 'up', 'mtu'],
      rows: [
        ['eth0', '10.0.0.1/24, 10.0.1.1/24', '{"rx":1,"tx":2}', '', 'true', '1500'],
        ['eth1', '', '{}', 'spare', 'false', ''],
      ],
    });
    const text = formatShow(env, 100);
    expect(text).toMatch(/eth0\s+10\.0\.0\.1\/24, 10\.0\.1\.1\/24\s+\{"rx":1,"tx":2\}\s+true\s+1500/);
    // The envelope as received stays for --json.
    expect((env.raw['NodeInfo'] as { ShowOutput: unknown[] }).ShowOutput[0]).toMatchObject({
      addresses: ['10.0.0.1/24', '10.0.1.1/24'],
    });
  });
});

describe('router simulator, variant reference', () => {
  it('answers show tables with arrays, objects, null and booleans; the default stays as it was', async () => {
    const ref = await startRouterSim({ variant: 'reference' });
    const plain = await startRouterSim();
    servers.push(ref, plain);
    const c = client(ref.url);
    await c.post(['interface', 'eth0', 'ip', 'address', '192.0.2.9/24'], {});
    const env = await c.post(['interface'], { Actions: ['SHOW'] });
    const wire = (env.raw['NodeInfo'] as { ShowOutput: Array<Record<string, unknown>> }).ShowOutput;
    const eth0 = wire.find((row) => row['Name'] === 'eth0')!;
    expect(Array.isArray(eth0['Addresses'])).toBe(true);
    expect(typeof eth0['Up']).toBe('boolean');
    expect(typeof eth0['Counters']).toBe('object');
    const table = env.nodeInfo?.showOutput;
    if (typeof table !== 'object' || table === undefined) throw new Error('expected a table');
    const row = table.rows.find((x) => x[0] === 'eth0')!;
    const cell = (name: string) => row[table.columns.indexOf(name)];
    expect(cell('Addresses')).toMatch(/, 192\.0\.2\.9\/24$/);
    expect(cell('Up')).toBe('true');
    expect(cell('Counters')).toMatch(/^\{"rx_packets":\d+,"tx_packets":\d+\}$/);

    const before = await client(plain.url).post(['interface'], { Actions: ['SHOW'] });
    const plainRow = (before.raw['NodeInfo'] as { ShowOutput: Array<Record<string, unknown>> })
      .ShowOutput[0]!;
    expect(Object.keys(plainRow)).toEqual(['Name', 'State', 'MTU', 'Addresses', 'RX packets', 'TX packets']);
    expect(typeof plainRow['Addresses']).toBe('string');
  });
});

describe('decodeShowOutput', () => {
  it('unions the columns of all rows in first-seen order; a non-object row is one JSON cell', () => {
    expect(decodeShowOutput([{ a: 1 }, 'odd', { b: [true, null, { x: 1 }], a: 1.5e300 }, [1, 2]])).toEqual({
      columns: ['a', 'b'],
      rows: [
        ['1', ''],
        ['"odd"', ''],
        ['1.5e+300', 'true, , {"x":1}'],
        ['[1,2]', ''],
      ],
    });
    expect(decodeShowOutput({ only: 'row' })).toEqual({ columns: ['only'], rows: [['row']] });
  });

  it('leaves cells raw; the table renderer sanitizes every cell it draws', () => {
    const env = {
      ok: true,
      requestStatus: 'OK',
      message: '',
      messageLines: [],
      raw: {},
      nodeInfo: {
        ...emptyNode(),
        showOutput: decodeShowOutput([{ name: [`x${EVIL}`], obj: { k: EVIL } }]),
      },
    };
    const text = formatShow(env, 200);
    expect(text).not.toMatch(/\u001b|\u009b|\u202e|\u200b/);
    expect(text).toContain('x');
  });
});
