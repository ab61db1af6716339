// What `routersh sim` prints: where the APIs are (every address trainees can reach when it
// listens on all interfaces), the demo users, a token and the API key, and how to connect.
import { networkInterfaces } from 'node:os';
import { DEMO_USERS } from '../../sim/router/index.js';
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

export async function simBanner(s: Sims, host: string, interfaces?: Interfaces): Promise<string> {
  const token = await s.router.issueToken(DEMO_USERS.tokenOnly.user);
  const hosts = reachableHosts(host, interfaces);
  const at = (port: number) =>
    hosts.length > 0 ? [`  reachable at ${hosts.map((h) => `http://${h}:${port}`).join(', ')}`] : [];
  return [
    `router API     ${s.router.url}/api/  (token route ${s.router.url}/api-oauth/, tokens ${s.router.url}/token)`,
    ...at(s.router.port),
    `  users        ${DEMO_USERS.admin.user}/${DEMO_USERS.admin.password}, ${DEMO_USERS.operator.user}/${DEMO_USERS.operator.password}, ${DEMO_USERS.tokenOnly.user} (token only)`,
    `  token        ${token}`,
    `               (for ${DEMO_USERS.tokenOnly.user}; put it in a file and use --token-file)`,
    `telemetry API  ${s.telemetry.url}/api/v1/`,
    ...at(s.telemetry.port),
    `  API key      ${s.telemetry.keys.demo}`,
    '',
    'Connect:',
    `  ROUTERSH_PASSWORD=${DEMO_USERS.admin.password} routersh --router ${s.router.url} --user ${DEMO_USERS.admin.user} \\`,
    `    --telemetry ${s.telemetry.url}   # with ROUTERSH_TELEMETRY_KEY set to the key above`,
    '',
  ].join('\n');
}
