import { describe, expect, it } from 'vitest';
import { get, post, sim } from './sim-http.js';

describe('router sim: GET metadata', () => {
  it('GET /api/ returns the root with the top-level words', async () => {
    const s = await sim();
    const r = await get(s, '/api/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.body.RequestStatus).toBe('OK');
    expect(r.body.Request).toEqual({ Node: [], PostData: {} });
    const names = r.body.NodeInfo?.SubNodes?.map((n) => n.Name);
    expect(names).toEqual(['interface', 'ip', 'ipv4', 'ping', 'system', 'hostname']);
  });

  it('interface is incomplete and lists %IF with the configured interfaces', async () => {
    const s = await sim();
    const info = (await get(s, '/api/interface')).body.NodeInfo!;
    expect(info).toMatchObject({
      Name: 'interface',
      Type: 'Token',
      AllowSet: 0,
      AllowShow: 1,
      HasSubnodes: 1,
    });
    const ifNode = info.SubNodes?.[0];
    expect(ifNode).toMatchObject({
      Name: '%IF',
      Type: 'Value',
      Help: '<ifname.vlanid>',
      InputRe: '([\\w\\-\\.\\d]+)',
      MultiValue: 1,
      AllowSet: 1,
      AllowUnSet: 1,
      SetValues: ['eth0', 'eth1', 'lo'],
      SubNodes: [],
    });
  });

  it('a Value node reached with a concrete value returns the %IF node and the instance sub-nodes', async () => {
    const s = await sim();
    const r = await get(s, '/api/interface/eth0');
    expect(r.body.Request?.Node).toEqual(['interface', 'eth0']);
    const info = r.body.NodeInfo!;
    expect(info.Name).toBe('%IF');
    expect(info.SubNodes?.map((n) => n.Name)).toEqual(['description', 'mtu', 'ip', 'shutdown']);
    const mtu = (await get(s, '/api/interface/eth0/mtu')).body.NodeInfo!;
    expect(mtu.SubNodes?.[0]).toMatchObject({ Name: '%NUM', Help: '<num>', SetValues: ['1500'] });
  });

  it('ping has the spec options, all Count 1 and SET only; numeric is a flag', async () => {
    const s = await sim();
    const info = (await get(s, '/api/ping')).body.NodeInfo!;
    expect(info.AllowSet).toBe(0);
    const opts = info.PossibleOptions!;
    expect(Object.keys(opts)).toEqual(['size', 'interval', 'count', 'interface', 'source', 'numeric']);
    for (const o of Object.values(opts)) {
      expect(o).toMatchObject({ Count: 1, AvailableInSet: 1, AvailableInUnSet: 0, AvailableInShow: 0 });
    }
    expect(opts['size']?.ValueType).toBe('%NUM');
    expect(opts['interface']?.ValueType).toBe('%IF');
    expect(opts['source']?.ValueType).toBe('%IP4');
    expect(opts['numeric']).not.toHaveProperty('InputRe');
    expect(opts['numeric']).not.toHaveProperty('ValueType');
    expect(info.SubNodes?.[0]).toMatchObject({ Name: '%IP4', Help: '<x.x.x.x>', AllowSet: 1 });
    const target = (await get(s, '/api/ping/10.0.0.2')).body.NodeInfo!;
    expect(target.AllowSet).toBe(1);
    expect(target.PossibleValues).toEqual(['10.0.0.254', '10.0.0.1', '192.168.1.1', '127.0.0.1']);
    expect(target.PossibleOptions?.['count']).toEqual(opts['count']);
  });

  it('match-list nodes mirror state in SetValues / SetOptions and flag the key option', async () => {
    const s = await sim();
    const ml = (await get(s, '/api/ipv4/firewall/match-list')).body.NodeInfo!;
    expect(ml.SubNodes?.[0]).toMatchObject({
      SetValues: ['blacklist'],
      SetOptions: [{ timeout: ['3600'], key: ['net'] }],
    });
    const match = (await get(s, '/api/ipv4/firewall/match-list/blacklist/action/match')).body.NodeInfo!;
    expect(match.AllowSet).toBe(1);
    expect(match.AllowUnSet).toBe(1);
    // Members are listed in expiry order: the /24 was seeded 10 min ago, the host 2 min ago.
    expect(match.SetValues).toEqual(['198.51.100.0/24', '203.0.113.7']);
    expect(match.SetOptions).toEqual([{ net: ['198.51.100.0/24'] }, { net: ['203.0.113.7'] }]);
    expect(match.PossibleOptions?.['net']).toMatchObject({ Key: 1, AvailableInSet: 1, AvailableInUnSet: 1 });
    expect((await get(s, '/api/ipv4/firewall')).body.NodeInfo?.AllowSet).toBe(0);
  });

  it('a percent-encoded / stays inside one word', async () => {
    const s = await sim();
    const r = await get(s, '/api/interface/eth0/ip/address/10.0.0.1%2F24');
    expect(r.status).toBe(200);
    expect(r.body.Request?.Node).toEqual(['interface', 'eth0', 'ip', 'address', '10.0.0.1/24']);
    expect(r.body.NodeInfo).toMatchObject({ Name: '%IP4NET', MultiValue: 1, SetValues: ['10.0.0.1/24'] });
  });

  it('debug=1 adds Debug; output=dumper prints the NodeInfo as Perl data', async () => {
    const s = await sim();
    const d = await get(s, '/api/interface/eth0?debug=1');
    expect(d.body['Debug']).toMatchObject({ Words: ['interface', 'eth0'], Args: { ifname: 'eth0' } });
    const dump = await get(s, '/api/interface?output=dumper');
    expect(dump.body.Message?.[0]).toMatch(/^\$VAR1 = \{\n {2}'Name' => 'interface',/);
    expect(dump.body.Message?.[0]).toContain("'SetValues' => undef");
    expect(dump.body.Message?.at(-1)).toBe('\n');
  });

  it('POST with Actions GET returns NodeInfo; SET+SHOW returns the show after the set', async () => {
    const s = await sim();
    const r = await post(s, '/api/interface/eth0/mtu', { Actions: ['GET'] });
    expect(r.body.NodeInfo?.Name).toBe('mtu');
    const both = await post(s, '/api/interface/eth0', { Actions: ['SET', 'SHOW'] });
    expect(both.body.NodeInfo?.ShowFormat).toBe('text');
    expect(both.body.NodeInfo?.ShowOutput).toContain('eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500');
  });

  it('other top-level nodes answer with descriptions', async () => {
    const s = await sim();
    for (const p of [
      'ip/route',
      'system/user',
      'system/uptime',
      'hostname',
      'ipv4/firewall/filter/forward/rule',
    ]) {
      const r = await get(s, `/api/${p}`);
      expect(r.status, p).toBe(200);
      expect(r.body.NodeInfo?.Description, p).toBeTruthy();
    }
  });
});
