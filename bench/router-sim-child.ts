// The router simulator alone in its own process for the api benchmark (so the server's CPU
// does not share the measured client's event loop); prints {"router": URL} on one line.
import { startRouterSim } from '../src/sim/router/index.js';

const router = await startRouterSim({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ router: router.url })}\n`);
const stop = () => {
  // Exit even if a client holds a connection open.
  setTimeout(() => process.exit(0), 500).unref();
  void router.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
