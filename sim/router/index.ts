// Public entry of the router simulator: a real node:http server implementing the router
// configuration API (router-config-api.md) with fresh state per instance.
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../clock.js';
import type { Faults } from '../faults.js';
import { urlHost } from '../url-host.js';
import { type RecordedRequest, createSimServer } from './server.js';
import type { RouterVariant } from './tree/types.js';

export type { RecordedRequest } from './server.js';
export type { RouterVariant } from './tree/types.js';

export interface RouterSimOptions {
  host?: string;
  port?: number;
  clock?: Clock;
  /** 'reference': show tables hold arrays, objects, null and booleans (default 'default'). */
  variant?: RouterVariant;
  /** Derive the token signing key from this secret, so tokens outlive a restart; default: random. */
  secretSeed?: string;
}

export interface RouterSim {
  url: string;
  port: number;
  clock: Clock;
  faults: Faults;
  requests: RecordedRequest[];
  issueToken(user: string, lifetimeSeconds?: number): Promise<string>;
  close(): Promise<void>;
}

export const DEMO_USERS = {
  admin: { user: 'admin', password: 'admin' },
  operator: { user: 'operator', password: 'operator' },
  tokenOnly: { user: 'automation' },
} as const satisfies {
  admin: { user: 'admin'; password: 'admin' };
  operator: { user: 'operator'; password: 'operator' };
  tokenOnly: { user: 'automation' };
};

export async function startRouterSim(opts: RouterSimOptions = {}): Promise<RouterSim> {
  const clock = opts.clock ?? systemClock;
  const host = opts.host ?? '127.0.0.1';
  const core = createSimServer(clock, opts.variant, opts.secretSeed);
  const { server } = core;
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${port}`,
    port,
    clock,
    faults: core.faults,
    requests: core.requests,
    issueToken: (user, lifetimeSeconds) => core.auth.issue(user, lifetimeSeconds),
    close() {
      closing ??= new Promise<void>((resolve) => {
        core.faults.releaseAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
