// The fault harness's SIGKILL (sigkill.test.ts, window-faults.test.ts): the built binary run as a
// user would, killed by the fault router at the chosen write, before or after applying it.
import { spawn } from 'node:child_process';
import { BIN } from '../helpers/run-bin.js';
import type { Recorded } from '../hostile/harness.js';
import type { FaultRouter } from './fault-router.js';

export const PHASES = ['before', 'after'] as const;

/**
 * Runs the binary; sends it `signal` when the router holds write `at` (before or after applying
 * it). A SIGKILL ends it there; after a SIGTERM it must end by itself, the held write never
 * answered (within 15 s of the signal here, however long its --timeout).
 */
export function killedAt(
  router: FaultRouter,
  argv: string[],
  env: Record<string, string>,
  at: number,
  phase: 'before' | 'after',
  signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL',
  /** Only writes this says yes to count (a transaction's step by its path). */
  match?: (r: Recorded) => boolean,
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
    let sent = false;
    const giveUp = () => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `routersh ${argv.join(' ')} ${sent ? `did not end after ${signal}` : `never reached write ${at}`}: ${err}`,
        ),
      );
    };
    // Reaching the write is only hang-guarded: a routersh started beside a loaded suite (load
    // ~30, four openings at a time) took over 15 s to get there, and the case failed for it.
    let timer = setTimeout(giveUp, 120_000);
    const reached = () => {
      sent = true;
      child.kill(signal);
      clearTimeout(timer);
      timer = setTimeout(giveUp, 15_000);
    };
    router.arm({ at, which: 'write', hold: { phase, reached }, ...(match ? { match } : {}) });
    child.on('exit', (_code, ended) => {
      clearTimeout(timer);
      if (sent && (signal === 'SIGTERM' || ended === 'SIGKILL')) resolve();
      else reject(new Error(`routersh ended by itself before write ${at}: ${err}`));
    });
  });
}
