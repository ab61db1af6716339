// What `routersh sim` prints: where the APIs are (every address trainees can reach when it
// listens on all interfaces), the users (random passwords for the writers when the network
// reaches it), a token and the API key, and how to connect.
import { networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../../sim/router/index.js';
import type { Sims } from '../session/demo.js';

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
