// Runs both simulators in their own process for the benchmarks; prints one JSON line.
import { startRouterSim } from '../sim/router/index.js';
import { startTelemetrySim } from '../sim/telemetry/index.js';

const router = await startRouterSim({ host: '127.0.0.1', port: 0 });
const telemetry = await startTelemetrySim({ host: '127.0.0.1', port: 0 });
process.stdout.write(
  `${JSON.stringify({ router: router.url, telemetry: telemetry.url, key: telemetry.keys.demo })}\n`,
);
const stop = () => {
  // Exit even if a client holds a keep-alive connection open.
  setTimeout(() => process.exit(0), 500).unref();
  void Promise.all([router.close(), telemetry.close()]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
