// Runs both simulators in their own process for the benchmarks; prints one JSON line.
import { startRouterSim } from '../src/sim/router/index.js';
import { startTelemetrySim } from '../src/sim/telemetry/index.js';

const router = await startRouterSim({ host: '127.0.0.1', port: 0 });
const telemetry = await startTelemetrySim({ host: '127.0.0.1', port: 0 });
process.stdout.write(
  `${JSON.stringify({ router: router.url, telemetry: telemetry.url, key: telemetry.keys.demo })}\n`,
);
const stop = async () => {
  await Promise.all([router.close(), telemetry.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
