// The shaped router (`variant: 'shaped'`): a tree of its own on the same engine, for testing
// routersh against a router unlike the default (issue 38: other top-level words, Count > 1, two
// Key options, a secret shown in SetValues, Token flags, multi-value slots, nesting, an action).
import { describe, expect, it } from 'vitest';
import type { WireOptionInfo } from '../../../src/api/router/wire.js';
import { call, del, get, post, sim, text } from './sim-http.js';

const shaped = () => sim({ variant: 'shaped' });
type Sim = Awaited<ReturnType<typeof shaped>>;
/** NodeInfo as this simulator always sends it (every field present; SetValues may be null). */
interface Info {
  Name: string;
  SetValues: string[] | null;
  SetOptions: Array<Record<string, string[]>>;
  PossibleOptions: Record<string, WireOptionInfo>;
  SubNodes: Info[];
}
const info = async (s: Sim, path: string): Promise<Info> => {
  const r = await get(s, path);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.NodeInfo as Info;
};
const sub = async (s: Sim, path: string, i = 0) => (await info(s, path)).SubNodes[i] as Info;

describe('router sim: the shaped variant', () => {
  it('has its own top-level words; the default tree is untouched', async () => {
    const s = await shaped();
    expect((await info(s, '/api/')).SubNodes.map((n) => n.Name)).toEqual([
      'interfaces',
      'nat',
      'protocols',
      'snmp',
      'system',
    ]);
    expect((await get(s, '/api/interface')).body.ErrorStatus).toMatch(/^Unknown word 'interface'/);
    const plain = await sim();
    expect((await info(plain, '/api/')).SubNodes.map((n) => n.Name)).toContain('interface');
    expect((await get(plain, '/api/nat')).status).toBe(400);
  });

  it('shows its secret (the SNMP community) in SetValues, with options of Count > 1', async () => {
    const s = await shaped();
    const c = await sub(s, '/api/snmp/community');
    expect(c).toMatchObject({
      Type: 'Value',
      MultiValue: 1,
      HasSubnodes: 0,
      SetValues: ['Pr1vate-c0mm', 'public'],
    });
    expect(c.SetOptions).toEqual([
      { authorization: ['rw'], client: ['10.1.0.50', '10.1.0.51'] },
      { authorization: ['ro'] },
    ]);
    expect(c.PossibleOptions['client']).toMatchObject({ Count: 4, ValueType: '%IP4', AvailableInSet: 1 });
    const five = ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5'];
    const r = await post(s, '/api/snmp/community/other', { Options: { client: five } });
    expect(r.body.ErrorStatus).toBe("Option 'client' given 5 times; at most 4 allowed");
    await post(s, '/api/snmp/community/other', {
      Options: { client: five.slice(0, 4), authorization: ['ro'] },
    });
    expect((await sub(s, '/api/snmp/community')).SetValues).toEqual(['Pr1vate-c0mm', 'public', 'other']);
    expect((await del(s, '/api/snmp/community/Pr1vate-c0mm')).status).toBe(200);
    expect((await sub(s, '/api/snmp/location')).SetValues).toEqual(['rack 4, row B']);
  });

  it('nat rule: source-address up to 8 values, a flag option, SET merges', async () => {
    const s = await shaped();
    const rule = await sub(s, '/api/nat/rule');
    expect(rule.SetValues).toEqual(['100', '200']);
    expect(rule.SetOptions[0]).toEqual({
      'source-address': ['10.1.0.0/24', '10.1.1.0/24'],
      'outbound-interface': ['eth0'],
      'translation-address': ['192.0.2.1'],
      description: ['LAN out'],
      log: [],
    });
    expect(rule.PossibleOptions['source-address']?.Count).toBe(8);
    expect(rule.PossibleOptions['log']).not.toHaveProperty('InputRe');
    await post(s, '/api/nat/rule/200', {
      Options: { 'source-address': ['10.20.0.0/16', '10.30.0.0/16'], log: [] },
    });
    expect((await sub(s, '/api/nat/rule')).SetOptions[1]).toEqual({
      'source-address': ['10.20.0.0/16', '10.30.0.0/16'],
      'outbound-interface': ['eth0'],
      log: [],
    });
    expect((await post(s, '/api/nat/rule/300', { Options: { log: [] } })).body.ErrorStatus).toBe(
      'NAT rule 300 needs option source-address',
    );
  });

  it('nat port-forward: entries of a Token named by two Key options', async () => {
    const s = await shaped();
    const pf = (await info(s, '/api/nat')).SubNodes[1] as Info;
    expect(pf).toMatchObject({ Name: 'port-forward', Type: 'Token', AllowSet: 1, AllowUnSet: 1 });
    expect(pf.SetValues).toEqual(['tcp/443', 'udp/51820']);
    expect(pf.SetOptions).toEqual([
      { protocol: ['tcp'], port: ['443'], to: ['10.1.0.10'], 'to-port': ['8443'] },
      { protocol: ['udp'], port: ['51820'], to: ['10.1.0.11'] },
    ]);
    const keys = Object.entries(pf.PossibleOptions).filter(([, o]) => o.Key === 1);
    expect(keys.map(([k]) => k)).toEqual(['protocol', 'port']);
    const path = '/api/nat/port-forward';
    await post(s, path, { Options: { protocol: ['tcp'], port: [80], to: ['10.1.0.12'] } });
    const half = await post(s, path, { Actions: ['UNSET'], Options: { port: [443] } });
    expect(half.body.ErrorStatus).toBe('A port-forward is named by both protocol and port');
    const none = await post(s, path, { Actions: ['UNSET'], Options: {} });
    expect(none.body.ErrorStatus).toMatch(/requires the key option protocol or port/);
    await post(s, path, { Actions: ['UNSET'], Options: { protocol: ['tcp'], port: [443] } });
    expect((await info(s, '/api/nat')).SubNodes[1]?.SetValues).toEqual(['udp/51820', 'tcp/80']);
  });

  it('protocols static route: four levels of nesting, a Token flag, an option on the deepest value', async () => {
    const s = await shaped();
    expect((await sub(s, '/api/protocols/static/route')).SetValues).toEqual([
      '0.0.0.0/0',
      '10.20.0.0/16',
      '203.0.113.0/24',
    ]);
    const hops = await sub(s, '/api/protocols/static/route/10.20.0.0%2F16/next-hop');
    expect(hops.SetValues).toEqual(['10.1.0.2', '10.1.0.3']);
    expect(hops.SetOptions).toEqual([{ distance: ['10'] }, {}]);
    const flags = await info(s, '/api/protocols/static/route/203.0.113.0%2F24');
    expect(flags.SubNodes.map((n) => [n.Name, n.SetValues])).toEqual([
      ['next-hop', null],
      ['blackhole', ['blackhole']],
    ]);
    await post(s, '/api/protocols/static/route/10.9.0.0%2F16');
    await post(s, '/api/protocols/static/route/10.9.0.0%2F16/next-hop/10.1.0.9', {
      Options: { distance: [5] },
    });
    expect((await sub(s, '/api/protocols/static/route/10.9.0.0%2F16/next-hop')).SetOptions).toEqual([
      { distance: ['5'] },
    ]);
    const shown = await post(s, '/api/protocols/static', { Actions: ['SHOW'] });
    expect(shown.body.NodeInfo?.ShowFormat).toBe('table');
  });

  it('interfaces ethernet: multi-value address, only configured values, the disable flag; system and its action', async () => {
    const s = await shaped();
    expect((await sub(s, '/api/interfaces/ethernet')).SetValues).toEqual(['eth0', 'eth1', 'eth2']);
    expect((await sub(s, '/api/interfaces/ethernet/eth1/address')).SetValues).toEqual([
      '10.1.0.1/24',
      '10.1.1.1/24',
    ]);
    const eth0 = await info(s, '/api/interfaces/ethernet/eth0');
    // mtu is left out while it is the default, as a router shows only what was configured.
    expect(eth0.SubNodes.map((n) => [n.Name, n.SetValues])).toEqual([
      ['address', null],
      ['description', null],
      ['mtu', null],
      ['disable', null],
    ]);
    expect((await sub(s, '/api/interfaces/ethernet/eth0/description')).SetValues).toEqual(['WAN uplink']);
    expect((await info(s, '/api/interfaces/ethernet/eth2')).SubNodes[3]?.SetValues).toEqual(['disable']);
    const system = await info(s, '/api/system');
    expect(system.SubNodes.map((n) => n.Name)).toEqual([
      'host-name',
      'domain-name',
      'name-server',
      'clear-counters',
    ]);
    expect(system.SubNodes[3]).toMatchObject({ AllowSet: 1, SetValues: null, HasSubnodes: 0 });
    expect(text(await post(s, '/api/system/clear-counters'))).toBe('Counters cleared\n');
    expect((await sub(s, '/api/system/name-server')).SetValues).toEqual(['192.0.2.53', '198.51.100.53']);
    expect((await sub(s, '/api/system/host-name')).SetValues).toEqual(['edge-1']);
    expect((await call(s, 'DELETE', '/api/system/domain-name')).status).toBe(200);
    expect((await sub(s, '/api/system/domain-name')).SetValues).toBeNull();
  });

  it('seeds interfaces after its own', async () => {
    const s = await sim({ variant: 'shaped', seed: { interfaces: 5 } });
    expect((await sub(s, '/api/interfaces/ethernet')).SetValues).toEqual([
      'eth0',
      'eth1',
      'eth2',
      'eth3',
      'eth4',
      'eth5',
      'eth6',
      'eth7',
    ]);
  });
});
