// What `routersh sim` prints: where the APIs are (every address trainees can reach when it
// listens on all interfaces), the users (random passwords for the writers when the network
// reaches it), a token and the API key, and how to connect.
import { networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../../sim/router/index.js';
import type { SimFleet, Sims } from '../session/demo.js';
import { sanitizeLine } from '../term/sanitize.js';
import { shellWord } from '../term/shell-quote.js';

type Interfaces = ReturnType<typeof networkInterfaces>;

/** The hosts a client can use: for a wildcard address 127.0.0.1 and every non-internal IPv4. */
export function reachableHosts(host: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [];
  const out = ['127.0.0.1'];
  for (const list of Object.values(interfaces))
    for (const a of list ?? [])
      if (a.family === 'IPv4' && !a.internal && !out.includes(a.address)) out.push(a.address);
  return out;
}

/** The warning `routersh sim` gives when it listens beyond loopback; undefined on loopback. */
export function networkWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return `warning: listening on ${host}: the simulators' APIs are reachable from the network; admin and operator get random passwords (printed below, kept across restarts by the seed), not admin/admin`;
}

export async function simBanner(s: Sims, host: string, interfaces?: Interfaces): Promise<string> {
  const users = s.router.users;
  const token = await s.router.issueToken(users.tokenOnly.user);
  const hosts = reachableHosts(host, interfaces);
  const at = (port: number) =>
    hosts.length > 0 ? [`  reachable at ${hosts.map((h) => `http://${h}:${port}`).join(', ')}`] : [];
  return [
    `router API     ${s.router.url}/api/  (token route ${s.router.url}/api-oauth/, tokens ${s.router.url}/token)`,
    ...at(s.router.port),
    `  users        ${users.admin.user}/${users.admin.password}, ${users.operator.user}/${users.operator.password}, ${users.tokenOnly.user} (token only)`,
    `  token        ${token}`,
    `               (for ${users.tokenOnly.user}; put it in a file and use --token-file)`,
    `telemetry API  ${s.telemetry.url}/api/v1/`,
    ...at(s.telemetry.port),
    `  API key      ${s.telemetry.keys.demo}`,
    '',
    'Connect:',
    `  ROUTERSH_PASSWORD=${users.admin.password} routersh --router ${s.router.url} --user ${users.admin.user} \\`,
    `    --telemetry ${s.telemetry.url}   # with ROUTERSH_TELEMETRY_KEY set to the key above`,
    '',
  ].join('\n');
}

/** `edge-01 … edge-40`: the first and last of the names with a prefix, in fleet order. */
function spans(names: readonly string[]): string {
  const byRole = new Map<string, string[]>();
  for (const n of names) {
    const role = n.replace(/-\d+$/, '');
    byRole.set(role, [...(byRole.get(role) ?? []), n]);
  }
  return [...byRole.values()].map((r) => (r.length === 1 ? r[0] : `${r[0]} … ${r[r.length - 1]}`)).join(', ');
}

/** What `routersh sim --routers N` prints: the routers, the telemetry, the inventory and how to use it. */
export function fleetBanner(f: SimFleet): string {
  const { routers, telemetry } = f.fleet;
  const file = shellWord(sanitizeLine(f.written.file));
  const lines = [
    `${routers.length} routers    ${spans(routers.map((r) => r.name))} (groups edge, core, dc1, dc2), each on a port of its own`,
    `  users        ${routers[0]?.user ?? 'admin'}, a password of its own each, in 0600 files in ${shellWord(sanitizeLine(f.written.passwordDir))}`,
  ];
  if (telemetry)
    lines.push(
      `telemetry API  ${telemetry.url}/api/v1/  (up, router_cpu_percent, router_rx_bytes labelled router=HOSTNAME)`,
      `  API key      ${telemetry.keys.demo}`,
    );
  lines.push(
    `inventory      ${file}  (Ansible YAML: routersh_router, routersh_user, routersh_password_file per host)`,
    '',
    'Use it:',
    `  routersh -i ${file} --limit 'edge:&dc1' -c 'show hostname'`,
    `  routersh -i ${file}    # the fleet shell`,
    ...(telemetry ? [`  # telemetry: set ROUTERSH_TELEMETRY_KEY to the key above`] : []),
    '',
  );
  return lines.join('\n');
}
