// --csv COLUMN reads RFC 4180 (csv-parse): a quoted field may span lines, `""` is a quote, an
// unterminated quote is an error naming the line its record starts on, and every line number
// (bad values, skipped lines) is the physical line where the record starts. A sync never acts
// on a CSV it could not read to the end. Against the router simulator over HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { parseMatchListArgs } from '../../../src/features/match-list/args.js';
import { runMatchList } from '../../../src/features/match-list/command.js';
import { parseInput } from '../../../src/features/match-list/input.js';
import type { RouterSim } from '../../../sim/router/index.js';
import { sim } from '../../sim/router/sim-http.js';

const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };
const clients: RouterClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function rig() {
  const s = await sim();
  const client = new RouterClient({
    baseUrl: s.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 5000,
  });
  clients.push(client);
  const files = new Map<string, string>();
  const run = (words: string[]) =>
    runMatchList(parseMatchListArgs(words), {
      router: client,
      readInput: async (f) => files.get(f) ?? '',
      now: () => performance.now(),
    });
  const writes = () => s.requests.filter((r) => r.method !== 'GET').length;
  return { s, files, run, writes };
}

const members = async (s: RouterSim): Promise<string[]> => {
  const res = await fetch(`${s.url}/api/ipv4/firewall/match-list/blacklist/action/match`, { headers: auth });
  return ((await res.json()) as { NodeInfo: { SetValues: string[] | null } }).NodeInfo.SetValues ?? [];
};

// Line 3 opens a note that runs to line 5; the next record starts on line 6.
const MULTI = [
  '# exported 2026-11-22', //                               1
  'id,note,ip', //                                          2
  '1,"seen on ssh,', //                                     3
  'then on ""smtp""', //                                    4
  'twice",192.0.2.1', //                                    5
  '2,plain,192.0.2.300', //                                 6
  '', //                                                    7
  '3,"one more\r\nline",192.0.2.3', //                      8 (a CRLF inside the quotes: 8–9)
  '4,,192.0.2.4', //                                        10
].join('\n');

describe('match-list --csv (RFC 4180, router sim over HTTP)', () => {
  it('a quoted field spans lines; errors name the physical line the record starts on', async () => {
    const r = await rig();
    r.files.set('feed.csv', MULTI);
    await expect(r.run(['import', 'blacklist', 'feed.csv', '--csv', 'ip'])).rejects.toThrow(
      /1 bad line[\s\S]*\nline 6: '192\.0\.2\.300' is not a valid net \(.*\): 2,plain,192\.0\.2\.300$/,
    );
    expect(r.writes()).toBe(0);
    const out = await r.run(['import', 'blacklist', 'feed.csv', '--csv', '3', '--keep-going', '--json']);
    // By number there is no header: line 2's `ip` is a bad value too.
    expect(out.json).toMatchObject({ added: 3, invalid: [{ line: 2 }, { line: 6 }] });
    expect(await members(r.s)).toEqual(expect.arrayContaining(['192.0.2.1', '192.0.2.3', '192.0.2.4']));
    const parsed = await parseInput(MULTI, { csv: 'ip' });
    expect(parsed.entries.map((e) => [e.line, e.net])).toEqual([
      [3, '192.0.2.1'],
      [6, '192.0.2.300'],
      [8, '192.0.2.3'],
      [10, '192.0.2.4'],
    ]);
  });

  it('an unterminated quote is refused with the line it opens on; nothing is sent', async () => {
    const r = await rig();
    r.files.set('broken.csv', 'ip,note\n192.0.2.1,ok\n\n192.0.2.2,"never closed\n192.0.2.3,x\n192.0.2.4,y\n');
    await expect(r.run(['import', 'blacklist', 'broken.csv', '--csv', 'ip'])).rejects.toThrow(
      /1 bad line[\s\S]*\nline 4: a quoted field is not closed \(the rest of the file is inside it\): 192\.0\.2\.2,"never closed$/,
    );
    expect(r.writes()).toBe(0);
    // import --keep-going sends what came before it …
    const some = await r.run(['import', 'blacklist', 'broken.csv', '--csv', 'ip', '--keep-going', '--json']);
    expect(some.json).toMatchObject({ added: 1, invalid: [{ line: 4 }] });
    // … a sync does not: it cannot tell which members the rest of the file lists.
    const before = r.writes();
    await expect(r.run(['sync', 'blacklist', 'broken.csv', '--csv', 'ip', '--keep-going'])).rejects.toThrow(
      /line 4: a quoted field is not closed[\s\S]*sync cannot tell which members the feed still lists; nothing sent/,
    );
    expect(r.writes()).toBe(before);
    expect(await members(r.s)).toContain('203.0.113.7');
  });

  it('a stray quote, a header with a BOM, CRLF line ends', async () => {
    const stray = await parseInput('ip\n192.0.2.1\n192.0.2.2"x\n', { csv: 'ip' });
    expect(stray.entries.map((e) => e.net)).toEqual(['192.0.2.1']);
    expect(stray.broken).toMatchObject({ line: 3, text: '192.0.2.2"x' });
    const bom = await parseInput('\ufeffip,score\r\n192.0.2.1,3\r\n"192.0.2.2",4\r\n', { csv: 'ip' });
    expect(bom.entries.map((e) => [e.line, e.net])).toEqual([
      [2, '192.0.2.1'],
      [3, '192.0.2.2'],
    ]);
    expect((await parseInput('"a\nb",1\n', { csv: 'ip' })).bad).toMatchObject([
      { line: 1, reason: "no column named 'ip' in the header" },
    ]);
  });
});
