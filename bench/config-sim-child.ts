// The router simulator seeded at size (sim/router/seed.ts) in a process of its own, for
// bench/config-bench.ts: argv[2] is JSON { seed, latencyMs? }. Prints one JSON line with its URL;
// ends on SIGTERM.
import { type RouterSeed, startRouterSim } from '../sim/router/index.js';

const o = JSON.parse(process.argv[2] ?? '{}') as { seed?: RouterSeed; latencyMs?: number };
const router = await startRouterSim({ host: '127.0.0.1', port: 0, ...(o.seed ? { seed: o.seed } : {}) });
if (o.latencyMs) router.faults.set({ latencyMs: o.latencyMs });
process.stdout.write(`${JSON.stringify({ url: router.url })}\n`);
const stop = () => {
  setTimeout(() => process.exit(0), 500).unref();
  void router.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
