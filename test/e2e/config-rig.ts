// The whole configuration end to end (issue 38, "Done when"): both routers — the default
// simulator and the shaped one (another tree: other words, Count > 1, two Key options, a secret
// in SetValues) — each in this process, routersh as the built binary, and "someone else" as a
// bare node:http client changing the router between two routersh runs. Each router comes with
// the changes that client makes and the lines they change, so one test body serves both.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type RunResult, runBin } from '../helpers/run-bin.js';

export interface LineJson {
  path: string[];
  options: Record<string, string[]>;
  secret: boolean;
}
export interface DocJson {
  router: string;
  user: string;
  time: string;
  version: string;
  lines: LineJson[];
}

/** A raw request of the other client: method, path words, options. */
export interface RawChange {
  method: 'POST' | 'DELETE';
  words: string[];
  options?: Record<string, Array<string | number>>;
  actions?: string[];
}

export interface RouterCase {
  name: 'default' | 'shaped';
  start(): Promise<RouterSim>;
  /** Lines show configuration must print (a few of each kind; all in this order). */
  expected: string[];
  /** Words that must never be printed: action nodes and secrets. */
  never: RegExp[];
  /** A secret the router shows in its metadata (its lines print `***`), if it has one. */
  secret?: string;
  /** Member lines: printed only with `members`. */
  member?: string;
  /** What someone else changes, and the lines that makes differ: - only in the saved file, + only live. */
  change: RawChange[];
  minus: string[];
  plus: string[];
  /** Of `plus`, the lines of entries the change added (a merge keeps them, an override removes them). */
  added: string[];
  /**
   * Lines staged in candidate mode, and lines show configuration then marks `+` and `-`;
   * `racer`: someone else's change to the first line's node between staging and commit.
   */
  stage: { lines: string[]; plus: string[]; minus: string[]; racer: RawChange };
  /** `config load replace`: a file naming one entry, the lines gone from that entry after it, an entry left alone. */
  replace: { lines: string[]; gone: string[]; untouched: string[] };
}

const DEFAULT: RouterCase = {
  name: 'default',
  start: () => startRouterSim({ seed: { interfaces: 3 } }),
  expected: [
    'interface eth0',
    'interface eth0 description uplink',
    'interface eth0 mtu 1500',
    'interface eth0 ip address 10.0.0.1/24',
    'interface eth1',
    'interface eth1 ip address 192.168.1.1/24',
    'interface eth4 description "seeded port 4"',
    'ip route 0.0.0.0/0 via 10.0.0.254',
    'ipv4 firewall match-list blacklist timeout 3600 key net',
    'ipv4 firewall filter forward rule 10 action DROP match-list blacklist src',
    'system user operator token-expiration 1800',
    'hostname router',
  ],
  never: [/^ping/m, /create-token/, /password/],
  member: 'ipv4 firewall match-list blacklist action match net 203.0.113.7',
  change: [
    { method: 'POST', words: ['interface', 'eth1', 'mtu', '1400'] },
    { method: 'POST', words: ['interface', 'eth0', 'description', 'changed by noc'] },
    { method: 'POST', words: ['interface', 'eth9'] },
    { method: 'DELETE', words: ['ipv4', 'firewall', 'filter', 'forward', 'rule', '10'] },
  ],
  minus: [
    'interface eth0 description uplink',
    'interface eth1 mtu 1500',
    'ipv4 firewall filter forward rule 10 action DROP match-list blacklist src',
  ],
  plus: [
    'interface eth0 description "changed by noc"',
    'interface eth1 mtu 1400',
    'interface eth9',
    'interface eth9 mtu 1500',
  ],
  added: ['interface eth9', 'interface eth9 mtu 1500'],
  stage: {
    lines: [
      'interface eth1 mtu 1400',
      'interface eth9',
      'interface eth9 mtu 1400',
      'no ipv4 firewall filter forward rule 10',
    ],
    plus: ['interface eth1 mtu 1400', 'interface eth9', 'interface eth9 mtu 1400'],
    minus: [
      'interface eth1 mtu 1500',
      'ipv4 firewall filter forward rule 10 action DROP match-list blacklist src',
    ],
    racer: { method: 'POST', words: ['interface', 'eth1', 'mtu', '1600'] },
  },
  replace: {
    lines: ['interface eth1', 'interface eth1 mtu 9000', 'interface eth1 description up'],
    gone: ['interface eth1 ip address 192.168.1.1/24'],
    untouched: ['interface eth0 ip address 10.0.0.1/24', 'interface eth0 description uplink'],
  },
};

const SHAPED: RouterCase = {
  name: 'shaped',
  start: () => startRouterSim({ variant: 'shaped' }),
  expected: [
    'interfaces ethernet eth0',
    'interfaces ethernet eth0 address 192.0.2.1/24',
    'interfaces ethernet eth0 description "WAN uplink"',
    'interfaces ethernet eth1 address 10.1.0.1/24',
    'interfaces ethernet eth1 address 10.1.1.1/24',
    'interfaces ethernet eth1 mtu 9000',
    'interfaces ethernet eth2 disable',
    'nat rule 100 source-address 10.1.0.0/24 source-address 10.1.1.0/24 outbound-interface eth0 translation-address 192.0.2.1 description "LAN out" log',
    'nat port-forward protocol tcp port 443 to 10.1.0.10 to-port 8443',
    'nat port-forward protocol udp port 51820 to 10.1.0.11',
    'protocols static route 10.20.0.0/16 next-hop 10.1.0.2 distance 10',
    'protocols static route 203.0.113.0/24 blackhole',
    'snmp community *** authorization rw client 10.1.0.50 client 10.1.0.51',
    'snmp location "rack 4, row B"',
    'system host-name edge-1',
    'system name-server 198.51.100.53',
  ],
  never: [/clear-counters/, /Pr1vate-c0mm/, /public/],
  secret: 'Pr1vate-c0mm',
  change: [
    { method: 'POST', words: ['interfaces', 'ethernet', 'eth1', 'mtu', '1400'] },
    {
      method: 'POST',
      words: ['nat', 'port-forward'],
      options: { protocol: ['tcp'], port: [8080], to: ['10.1.0.20'] },
    },
    { method: 'DELETE', words: ['nat', 'rule', '200'] },
    {
      method: 'POST',
      words: ['protocols', 'static', 'route', '10.20.0.0/16', 'next-hop', '10.1.0.2'],
      options: { distance: [20] },
    },
  ],
  minus: [
    'interfaces ethernet eth1 mtu 9000',
    'nat rule 200 source-address 10.20.0.0/16 outbound-interface eth0',
    'protocols static route 10.20.0.0/16 next-hop 10.1.0.2 distance 10',
  ],
  plus: [
    'interfaces ethernet eth1 mtu 1400',
    'nat port-forward protocol tcp port 8080 to 10.1.0.20',
    'protocols static route 10.20.0.0/16 next-hop 10.1.0.2 distance 20',
  ],
  added: ['nat port-forward protocol tcp port 8080 to 10.1.0.20'],
  stage: {
    lines: [
      'interfaces ethernet eth1 mtu 1400',
      'nat port-forward protocol tcp port 8080 to 10.1.0.20',
      'no nat rule 200',
      // A route, then a line under it: staged unchecked where the metadata cannot know.
      'protocols static route 10.30.0.0/16',
      'protocols static route 10.30.0.0/16 next-hop 10.1.0.9 distance 3',
    ],
    plus: [
      'interfaces ethernet eth1 mtu 1400',
      'nat port-forward protocol tcp port 8080 to 10.1.0.20',
      'protocols static route 10.30.0.0/16',
      'protocols static route 10.30.0.0/16 next-hop 10.1.0.9 distance 3',
    ],
    minus: [
      'interfaces ethernet eth1 mtu 9000',
      'nat rule 200 source-address 10.20.0.0/16 outbound-interface eth0',
    ],
    racer: { method: 'POST', words: ['interfaces', 'ethernet', 'eth1', 'mtu', '1600'] },
  },
  replace: {
    lines: [
      'interfaces ethernet eth1',
      'interfaces ethernet eth1 mtu 9000',
      'interfaces ethernet eth1 description up',
    ],
    gone: ['interfaces ethernet eth1 address 10.1.0.1/24', 'interfaces ethernet eth1 description LAN'],
    untouched: ['interfaces ethernet eth0 address 192.0.2.1/24', 'interfaces ethernet eth2 disable'],
  },
};

export const ROUTERS: readonly RouterCase[] = [DEFAULT, SHAPED];
export const SHAPED_CASE = SHAPED;

/** A state directory of its own per run group (the journal, checkpoints). */
export function rshEnv(url: string): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'routersh-cfg-'));
  return {
    HOME: home,
    XDG_STATE_HOME: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, 'config'),
    ROUTERSH_ROUTER: url,
    ROUTERSH_USER: 'admin',
    ROUTERSH_PASSWORD: 'admin',
  };
}

/** `routersh -c CMD…` (the built binary, no terminal). */
export const rsh = (env: Record<string, string>, ...commands: string[]): Promise<RunResult> =>
  runBin(
    commands.flatMap((c) => ['-c', c]),
    { env },
  );

/** `show configuration [members] --json`, parsed; fails the test with routersh's stderr. */
export async function showJson(env: Record<string, string>, members = false): Promise<DocJson> {
  const r = await runBin(['--json', '-c', `show configuration${members ? ' members' : ''}`], { env });
  if (r.code !== 0) throw new Error(`show configuration --json: exit ${r.code}\n${r.stderr}`);
  return JSON.parse(r.stdout) as DocJson;
}

/**
 * `routersh --yes --json -c CMD…`: several commands in one process (a routersh start is ~0.4 s
 * of CPU), one JSON document per command, in order; fails the test with routersh's stderr.
 */
export async function rshDocs(env: Record<string, string>, ...commands: string[]): Promise<unknown[]> {
  const r = await runBin(['--yes', '--json', ...commands.flatMap((c) => ['-c', c])], { env });
  if (r.code !== 0) throw new Error(`${commands.join(' ; ')}: exit ${r.code}\n${r.stderr}\n${r.stdout}`);
  const docs = r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);
  if (docs.length !== commands.length)
    throw new Error(`${commands.length} commands, ${docs.length} documents:\n${r.stdout}`);
  return docs;
}

/** A `show configuration --json` document's lines as text. */
export const docLines = (doc: unknown): string[] => (doc as DocJson).lines.map(text);

/** A `compare --json` document's lines, `-` only in the file, `+` only live, each sorted. */
export const compared = (doc: unknown, sign: '-' | '+'): string[] => {
  const d = doc as { added: string[]; removed: string[] };
  return [...(sign === '-' ? d.removed : d.added)].sort();
};

/** A line as THE line text prints it (the path words, then `NAME VALUE` per option value). */
export function text(l: LineJson): string {
  const q = (w: string) =>
    w !== '' && !/[\s"'\\]/.test(w) && !w.startsWith('#') ? w : `"${w.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  const opts = Object.entries(l.options).flatMap(([k, vs]) =>
    vs.length ? vs.map((v) => `${k} ${q(v)}`) : [k],
  );
  return [...l.path.map(q), ...opts].join(' ');
}

/** The other client: one raw request, answered 200 or the test fails. */
export function raw(sim: { url: string }, c: RawChange): Promise<void> {
  const body =
    c.method === 'POST'
      ? JSON.stringify({ Actions: c.actions ?? ['SET'], ...(c.options ? { Options: c.options } : {}) })
      : '';
  const path = `/api/${c.words.map(encodeURIComponent).join('/')}`;
  return new Promise((resolve, reject) => {
    const req = request(
      `${sim.url}${path}`,
      {
        method: c.method,
        headers: {
          authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
          'content-type': 'application/json',
        },
      },
      (res) => {
        let got = '';
        res.on('data', (d: Buffer) => {
          got += d.toString();
        });
        res.on('end', () =>
          res.statusCode === 200
            ? resolve()
            : reject(new Error(`${c.method} ${path}: ${res.statusCode} ${got}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Lines of a file saved by `config save`, without its `#` header. */
export const bodyLines = (file: string): string[] =>
  file.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

/** `compare`'s unified diff lines of `sign` (`-` the file, `+` live), without the `---`/`+++` header. */
export const signed = (out: string, sign: '-' | '+') =>
  out
    .split('\n')
    .filter((l) => l.startsWith(sign) && !l.startsWith(`${sign.repeat(3)} `))
    .map((l) => l.slice(1))
    .sort();
