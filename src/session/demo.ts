// The embedded simulators: `routersh sim` runs them in the foreground, `routersh --demo`
// in-process on ephemeral loopback ports.
import { DEMO_USERS, type RouterSeed, type RouterSim, startRouterSim } from '../../sim/router/index.js';
import type { Config } from '../config/config.js';
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
  /**
   * 'reference': routers and telemetry servers shaped unlike ours (table cells of any JSON type,
   * histogram buckets); 'shaped': a router whose tree has other words (docs/configuration.md).
   */
  variant?: 'default' | 'reference' | 'shaped';
  /** Derive keys and the token signing key from it (stable across restarts); default random. */
  secretSeed?: string | undefined;
  /** Generated interfaces and members (`routersh sim --seed-interfaces N --seed-members N`). */
  seed?: RouterSeed | undefined;
}): Promise<Sims> {
  const seed = o.secretSeed !== undefined ? { secretSeed: o.secretSeed } : {};
  const reference = o.variant === 'reference';
  const router = await startRouterSim({
    host: o.host,
    port: o.port,
    ...seed,
    ...(o.variant && o.variant !== 'default' ? { variant: o.variant } : {}),
    ...(o.seed ? { seed: o.seed } : {}),
  });
  const shape = reference ? { histogram: 'buckets' as const } : {};
  const telemetry = await startTelemetrySim({ host: o.host, port: o.telemetryPort, ...shape, ...seed }).catch(
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

/** `--demo`: the simulators on ephemeral loopback ports, and the configuration that logs in to them. */
export async function demoConfig(
  cfg: Readonly<Config>,
): Promise<{ cfg: Readonly<Config>; close: () => Promise<void> }> {
  const sims = await startSims({ host: '127.0.0.1', port: 0, telemetryPort: 0 });
  // The simulators run in this process, on loopback: no proxy stands between.
  const { proxies: _, ...direct } = cfg;
  return {
    cfg: Object.freeze({
      ...direct,
      router: sims.router.url,
      user: DEMO_USERS.admin.user,
      password: DEMO_USERS.admin.password,
      telemetryUrl: sims.telemetry.url,
      telemetryKey: sims.telemetry.keys.demo,
    }),
    close: () => sims.close(),
  };
}
