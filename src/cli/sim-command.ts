// `routersh sim`: both simulators in the foreground, for trainees and demos.
import { parseArgs } from 'node:util';
import { usageError } from '../errors.js';
import { startSims, simBanner } from './demo.js';

export async function runSimCommand(argv: string[], io: { stdout: (s: string) => void }): Promise<number> {
  let v: { host?: string | undefined; port?: string | undefined; 'telemetry-port'?: string | undefined };
  try {
    v = parseArgs({
      args: argv,
      options: { host: { type: 'string' }, port: { type: 'string' }, 'telemetry-port': { type: 'string' } },
      strict: true,
    }).values;
  } catch (e) {
    throw usageError(
      `${(e as Error).message.split('\n')[0]} (routersh sim [--host H] [--port N] [--telemetry-port M])`,
    );
  }
  const port = (s: string | undefined, what: string) => {
    if (s === undefined) return 0;
    const n = Number(s);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      throw usageError(`${what} wants a port number, not '${s}'`);
    return n;
  };
  const sims = await startSims({
    host: v.host ?? '127.0.0.1',
    port: port(v.port, '--port') || 8080,
    telemetryPort: port(v['telemetry-port'], '--telemetry-port') || 8428,
  });
  io.stdout(await simBanner(sims));
  io.stdout('Press Ctrl-C to stop.\n');
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await sims.close();
  return 0;
}
