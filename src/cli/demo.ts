// The embedded simulators: `routersh sim` runs them in the foreground, `routersh --demo`
// in-process on ephemeral loopback ports.
import { DEMO_USERS, type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type TelemetrySim, startTelemetrySim } from '../../sim/telemetry/index.js';

export interface Sims {
  router: RouterSim;
  telemetry: TelemetrySim;
  close(): Promise<void>;
}

export async function startSims(o: {
  host: string;
  port: number;
  telemetryPort: number;
  /** 'reference': routers and telemetry servers shaped unlike ours (table cells of any JSON type, histogram buckets). */
  variant?: 'default' | 'reference';
}): Promise<Sims> {
  const reference = o.variant === 'reference';
  const router = await startRouterSim({
    host: o.host,
    port: o.port,
    ...(reference ? { variant: 'reference' } : {}),
  });
  const shape = reference ? { histogram: 'buckets' as const } : {};
  const telemetry = await startTelemetrySim({ host: o.host, port: o.telemetryPort, ...shape }).catch(
    async (e) => {
      await router.close();
      throw e;
    },
  );
  return {
    router,
    telemetry,
    close: async () => {
      await Promise.all([router.close(), telemetry.close()]);
    },
  };
}

export async function simBanner(s: Sims): Promise<string> {
  const token = await s.router.issueToken(DEMO_USERS.tokenOnly.user);
  return [
    `router API     ${s.router.url}/api/  (token route ${s.router.url}/api-oauth/, tokens ${s.router.url}/token)`,
    `  users        ${DEMO_USERS.admin.user}/${DEMO_USERS.admin.password}, ${DEMO_USERS.operator.user}/${DEMO_USERS.operator.password}, ${DEMO_USERS.tokenOnly.user} (token only)`,
    `  token        ${token}`,
    `               (for ${DEMO_USERS.tokenOnly.user}; put it in a file and use --token-file)`,
    `telemetry API  ${s.telemetry.url}/api/v1/`,
    `  API key      ${s.telemetry.keys.demo}`,
    '',
    'Connect:',
    `  ROUTERSH_PASSWORD=${DEMO_USERS.admin.password} routersh --router ${s.router.url} --user ${DEMO_USERS.admin.user} \\`,
    `    --telemetry ${s.telemetry.url}   # with ROUTERSH_TELEMETRY_KEY set to the key above`,
    '',
  ].join('\n');
}
