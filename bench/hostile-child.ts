// The hostile router (test/hostile/router.ts) in a process of its own for the benchmarks; its
// modes as JSON in argv[2]. Prints one JSON line with its URL; ends on SIGTERM. In the bench's
// own process it answered late whenever the bench was polling tmux (show-bench: `cat` needs no
// router, so routersh alone paid for the polling).
import { type RouterModes, startHostileRouter } from '../test/hostile/router.js';

const router = await startHostileRouter(JSON.parse(process.argv[2] ?? '{}') as RouterModes);
process.stdout.write(`${JSON.stringify({ url: router.url })}\n`);
const stop = () => {
  setTimeout(() => process.exit(0), 500).unref();
  void router.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
