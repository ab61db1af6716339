// `routersh sim` as a child process: started with its arguments, resolved once its banner is
// printed (with the ports it chose), stopped with SIGINT as a user's Ctrl-C.
import { type ChildProcess, spawn } from 'node:child_process';
import { BIN } from './run-bin.js';

export interface SimProcess {
  banner: string;
  child: ChildProcess;
  /** The router and telemetry base URLs from the banner. */
  router: string;
  telemetry: string;
  /** What it wrote to stderr so far (warnings). */
  stderr(): string;
  stop(): Promise<void>;
}

export function startSimProcess(args: string[], env: Record<string, string>): Promise<SimProcess> {
  const child = spawn(process.execPath, [BIN, 'sim', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let banner = '';
  let errors = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sim did not start: ${banner}${errors}`));
    }, 10_000);
    child.stderr?.on('data', (d: Buffer) => {
      errors += d.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sim exited ${code}: ${banner}${errors}`));
    });
    child.stdout?.on('data', (d: Buffer) => {
      banner += d.toString();
      if (!banner.includes('Press Ctrl-C')) return;
      clearTimeout(timer);
      const router = /router API\s+(http:\/\/\S+?)\/api\//.exec(banner)?.[1] ?? '';
      const telemetry = /telemetry API\s+(http:\/\/\S+?)\/api\/v1\//.exec(banner)?.[1] ?? '';
      resolve({ banner, child, router, telemetry, stderr: () => errors, stop });
    });
  });
}
