import { describe, expect, it } from 'vitest';
import { del, get, post, sim, text } from './sim-http.js';

describe('router sim: SET / DELETE / SHOW', () => {
  it('creates and deletes an interface with descriptive Messages', async () => {
    const s = await sim();
    const c = await post(s, '/api/interface/eth2.100');
    expect(c.status).toBe(200);
    expect(c.body.Message).toEqual(['Interface eth2.100 created', '\n']);
    expect((await get(s, '/api/interface')).body.NodeInfo?.SubNodes?.[0]?.SetValues).toContain('eth2.100');
    const d = await del(s, '/api/interface/eth2.100');
    expect(d.body).toMatchObject({ RequestStatus: 'OK', Message: ['Interface eth2.100 deleted', '\n'] });
    const again = await del(s, '/api/interface/eth2.100');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      RequestStatus: 'ERROR',
      ErrorStatus: 'Interface eth2.100 does not exist',
    });
  });

  it('sets description, mtu, several addresses and shutdown; SHOW reflects them', async () => {
    const s = await sim();
    await post(s, '/api/interface/eth1/description/office%20lan');
    await post(s, '/api/interface/eth1/mtu/9000');
    await post(s, '/api/interface/eth1/ip/address/10.9.0.1%2F16');
    await post(s, '/api/interface/eth1/shutdown');
    const addr = await get(s, '/api/interface/eth1/ip/address');
    expect(addr.body.NodeInfo?.SubNodes?.[0]?.SetValues).toEqual(['192.168.1.1/24', '10.9.0.1/16']);
    const show = await post(s, '/api/interface/eth1', { Actions: ['SHOW'] });
    const out = String(show.body.NodeInfo?.ShowOutput);
    expect(out).toContain('eth1: <BROADCAST,MULTICAST> mtu 9000 state DOWN');
    expect(out).toContain('description: office lan');
    expect(out).toContain('inet 10.9.0.1/16');
    await del(s, '/api/interface/eth1/ip/address/192.168.1.1%2F24');
    await del(s, '/api/interface/eth1/shutdown');
    await del(s, '/api/interface/eth1/mtu');
    const table = await post(s, '/api/interface', { Actions: ['SHOW'] });
    expect(table.body.NodeInfo?.ShowFormat).toBe('table');
    const rows = table.body.NodeInfo?.ShowOutput as Array<Record<string, unknown>>;
    expect(rows.find((r) => r['Name'] === 'eth1')).toMatchObject({
      State: 'UP',
      MTU: 1500,
      Addresses: '10.9.0.1/16',
    });
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Name',
      'State',
      'MTU',
      'Addresses',
      'RX packets',
      'TX packets',
    ]);
  });

  it('ping answers at once with Linux-style output', async () => {
    const s = await sim();
    const r = await post(s, '/api/ping/10.0.0.2', {
      Options: { count: [3], size: ['100'], interval: [5], numeric: [] },
    });
    expect(r.status).toBe(200);
    const out = text(r);
    expect(out).toMatch(/^PING 10\.0\.0\.2 \(10\.0\.0\.2\) 100\(128\) bytes of data\./);
    expect(out.match(/108 bytes from 10\.0\.0\.2: icmp_seq=\d+ ttl=\d+ time=[\d.]+ ms/g)).toHaveLength(3);
    expect(out).toContain('3 packets transmitted, 3 received, 0% packet loss');
    expect(out).toMatch(/rtt min\/avg\/max\/mdev = [\d.]+\/[\d.]+\/[\d.]+\/[\d.]+ ms/);
    expect(r.body.Message?.at(-1)).toBe('\n');
    const lost = text(
      await post(s, '/api/ping/192.0.2.1', { Options: { interface: ['eth0'], source: ['10.0.0.1'] } }),
    );
    expect(lost).toContain('from 10.0.0.1 eth0:');
    expect(lost).toContain('4 packets transmitted, 0 received, 100% packet loss');
  });

  it('manages users, token expiration, hostname and static routes', async () => {
    const s = await sim();
    expect(text(await post(s, '/api/system/user/bot'))).toContain('User bot created');
    await post(s, '/api/system/user/bot/token-expiration/600');
    const te = await get(s, '/api/system/user/bot/token-expiration');
    expect(te.body.NodeInfo?.SubNodes?.[0]?.SetValues).toEqual(['600']);
    const users = await post(s, '/api/system/user', { Actions: ['SHOW'] });
    expect(users.body.NodeInfo?.ShowOutput).toContainEqual({
      Name: 'bot',
      Password: 'none (token only)',
      'Token expiration': 600,
    });
    await post(s, '/api/hostname/edge-1');
    expect((await post(s, '/api/hostname', { Actions: ['SHOW'] })).body.NodeInfo?.ShowOutput).toBe('edge-1');
    await post(s, '/api/ip/route/172.16.0.0%2F12/via/10.0.0.9');
    const routes = await post(s, '/api/ip/route', { Actions: ['SHOW'] });
    expect(routes.body.NodeInfo?.ShowOutput).toContainEqual({
      Destination: '172.16.0.0/12',
      Gateway: '10.0.0.9',
      Interface: null,
      Protocol: 'static',
    });
    await del(s, '/api/ip/route/172.16.0.0%2F12');
    expect((await del(s, '/api/ip/route/172.16.0.0%2F12')).status).toBe(400);
    const uptime = await post(s, '/api/system/uptime', { Actions: ['SHOW'] });
    expect(uptime.body.NodeInfo?.ShowOutput).toMatch(/^up 3 days, 04:12$/);
  });

  it('forward rules reference match-lists; a referenced list cannot be deleted', async () => {
    const s = await sim();
    const rules = await get(s, '/api/ipv4/firewall/filter/forward/rule');
    expect(rules.body.NodeInfo?.SubNodes?.[0]).toMatchObject({
      SetValues: ['10'],
      SetOptions: [{ action: ['DROP'], 'match-list': ['blacklist'], src: [] }],
    });
    const d = await del(s, '/api/ipv4/firewall/match-list/blacklist');
    expect(d.status).toBe(400);
    expect(d.body.ErrorStatus).toBe('Match-list blacklist is referenced by 1 firewall rule(s)');
    await post(s, '/api/ipv4/firewall/match-list/ports', { Options: { key: ['net-port'], timeout: [60] } });
    const bad = await post(s, '/api/ipv4/firewall/filter/forward/rule/20', {
      Options: { action: ['REJECT'], 'match-list': ['ports'], src: [] },
    });
    expect(bad.body.ErrorStatus).toContain('needs flag dst');
    const ok = await post(s, '/api/ipv4/firewall/filter/forward/rule/20', {
      Options: { action: ['REJECT'], 'match-list': ['ports'], src: [], dst: [] },
    });
    expect(ok.status).toBe(200);
    const show = await post(s, '/api/ipv4/firewall/filter/forward', { Actions: ['SHOW'] });
    expect(show.body.NodeInfo?.ShowOutput).toEqual([
      { Rule: 10, Action: 'DROP', 'Match-list': 'blacklist', Match: 'src' },
      { Rule: 20, Action: 'REJECT', 'Match-list': 'ports', Match: 'src,dst' },
    ]);
    await del(s, '/api/ipv4/firewall/filter/forward/rule/10');
    expect((await del(s, '/api/ipv4/firewall/match-list/blacklist')).status).toBe(200);
  });
});
