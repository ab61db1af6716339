import { describe, expect, it } from 'vitest';
import { call, del, get, post, sim } from './sim-http.js';

describe('router sim: errors', () => {
  it('GET errors say Error, POST/DELETE errors say ERROR, both HTTP 400', async () => {
    const s = await sim();
    const g = await get(s, '/api/interfaces');
    expect(g.status).toBe(400);
    expect(g.body.RequestStatus).toBe('Error');
    expect(g.body.ErrorStatus).toBe(
      "Unknown word 'interfaces' after the top level; valid: interface, ip, ipv4, ping, system, hostname",
    );
    expect(g.body.Request?.Node).toEqual(['interfaces']);
    const p = await post(s, '/api/interfaces');
    expect(p.body.RequestStatus).toBe('ERROR');
    expect((await del(s, '/api/interfaces')).body.RequestStatus).toBe('ERROR');
  });

  it('names the value failing InputRe with the Help', async () => {
    const s = await sim();
    const r = await get(s, '/api/ping/10.0.0.300');
    expect(r.body.ErrorStatus).toBe("Invalid value '10.0.0.300' after 'ping': expected %IP4 <x.x.x.x>");
    const sub = await get(s, '/api/interface/eth0/bogus');
    expect(sub.body.ErrorStatus).toBe(
      "Unknown word 'bogus' after 'interface eth0'; valid: description, mtu, ip, shutdown",
    );
    const leaf = await get(s, '/api/interface/eth0/shutdown/now');
    expect(leaf.body.ErrorStatus).toContain('takes no further words');
  });

  it('rejects unknown options, options not available for the action, repeats, missing and bad values', async () => {
    const s = await sim();
    const cases: Array<[string, unknown, string]> = [
      [
        '/api/ping/10.0.0.2',
        { Options: { ttl: [5] } },
        "Unknown option 'ttl' for 'ping 10.0.0.2'; valid options: size",
      ],
      [
        '/api/ping/10.0.0.2',
        { Actions: ['UNSET'], Options: { count: [1] } },
        "Option 'count' is not available for UNSET",
      ],
      [
        '/api/ping/10.0.0.2',
        { Options: { count: [1, 2] } },
        "Option 'count' given 2 times; at most 1 allowed",
      ],
      ['/api/ping/10.0.0.2', { Options: { count: [] } }, "Option 'count' needs a value <num>"],
      [
        '/api/ping/10.0.0.2',
        { Options: { count: ['many'] } },
        "Invalid value 'many' for option 'count': expected <num>",
      ],
      ['/api/ping/10.0.0.2', { Options: { count: [true] } }, "Option 'count' has a bad value true"],
      ['/api/ping/10.0.0.2', { Options: { count: 3 } }, "Option 'count' must be an array of values"],
      [
        '/api/ping/10.0.0.2',
        { Options: { numeric: ['yes'] } },
        "Option 'numeric' is a flag and takes no value",
      ],
      ['/api/ping/10.0.0.2', { Options: { count: [1000] } }, 'count 1000 out of range 1-100'],
      [
        '/api/ping/10.0.0.2',
        { Actions: ['FLY'] },
        'Unknown action "FLY"; valid actions: SET, UNSET, GET, SHOW',
      ],
      ['/api/interface/eth0/mtu/20', {}, 'MTU 20 out of range 68-9216'],
      [
        '/api/interface/eth0',
        { Options: { x: [1] } },
        "Unknown option 'x' for 'interface eth0'; it takes no options",
      ],
    ];
    for (const [path, body, msg] of cases) {
      const r = await post(s, path, body);
      expect(r.status, msg).toBe(400);
      expect(r.body.RequestStatus).toBe('ERROR');
      expect(r.body.ErrorStatus).toContain(msg);
    }
  });

  it('refuses incomplete commands and actions a node does not have', async () => {
    const s = await sim();
    expect((await post(s, '/api/interface')).body.ErrorStatus).toBe(
      "Command 'interface' is incomplete; continue with: %IF <ifname.vlanid>",
    );
    expect((await post(s, '/api/ipv4/firewall')).body.ErrorStatus).toBe(
      "Command 'ipv4 firewall' is incomplete; continue with: match-list, filter",
    );
    expect((await post(s, '/api/ping')).body.ErrorStatus).toContain("Command 'ping' is incomplete");
    expect((await post(s, '/api/ping/10.0.0.2', { Actions: ['SHOW'] })).body.ErrorStatus).toBe(
      "Nothing to show at 'ping 10.0.0.2'",
    );
    expect((await del(s, '/api/ping/10.0.0.2')).body.ErrorStatus).toBe(
      "UNSET is not possible on 'ping 10.0.0.2'",
    );
  });

  it('UNSET without the key option, deleting what does not exist', async () => {
    const s = await sim();
    const path = '/api/ipv4/firewall/match-list/blacklist/action/match';
    const noKey = await post(s, path, { Actions: ['UNSET'] });
    expect(noKey.status).toBe(400);
    expect(noKey.body.ErrorStatus).toBe(
      "UNSET on 'ipv4 firewall match-list blacklist action match' requires the key option net",
    );
    expect((await del(s, path)).body.ErrorStatus).toContain('requires the key option net');
    const absent = await post(s, path, { Actions: ['UNSET'], Options: { net: ['1.1.1.1'] } });
    expect(absent.body.ErrorStatus).toBe('Entry 1.1.1.1 is not in match-list blacklist');
    expect((await del(s, '/api/system/user/ghost')).body.ErrorStatus).toBe('User ghost does not exist');
    expect((await del(s, '/api/ipv4/firewall/match-list/nope')).body.ErrorStatus).toBe(
      'Match-list nope does not exist',
    );
  });

  it('bad JSON, bad body shape, bad encoding, bad query, 404 and 405', async () => {
    const s = await sim();
    const badJson = await call(s, 'POST', '/api/interface/eth5', '{"Actions": [');
    expect(badJson).toMatchObject({
      status: 400,
      body: { RequestStatus: 'ERROR', ErrorStatus: 'Request body is not valid JSON' },
    });
    expect((await call(s, 'POST', '/api/interface/eth5', '[1]')).body.ErrorStatus).toContain(
      'must be a JSON object',
    );
    expect((await get(s, '/api/interface/%E0%A4%A')).body.ErrorStatus).toContain(
      'Malformed percent-encoding',
    );
    expect((await get(s, '/api/interface?output=xml')).body.ErrorStatus).toBe(
      "Invalid value 'xml' for query parameter output; valid: json, dumper",
    );
    const nf = await get(s, '/nowhere');
    expect(nf.status).toBe(404);
    expect(nf.body.ErrorStatus).toBe('No such resource: /nowhere');
    const put = await call(s, 'PUT', '/api/interface', {});
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, DELETE');
  });
});
