// The fault harness's SIGKILL (sigkill.test.ts, window-faults.test.ts): the built binary run as a
// user would, killed by the fault router at the chosen write, before or after applying it.
import { spawn } from 'node:child_process';
import { BIN } from '../helpers/run-bin.js';
import type { FaultRouter } from './fault-router.js';

export const PHASES = ['before', 'after'] as const;

/** Runs the binary; SIGKILLs it when the router holds write `at` (before or after applying it). */
export function killedAt(
  router: FaultRouter,
  argv: string[],
  env: Record<string, string>,
  at: number,
  phase: 'before' | 'after',
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`routersh ${argv.join(' ')} never reached write ${at}: ${err}`));
    }, 15_000);
    router.arm({ at, which: 'write', hold: { phase, reached: () => child.kill('SIGKILL') } });
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`routersh ended by itself before write ${at}: ${err}`));
    });
  });
}
