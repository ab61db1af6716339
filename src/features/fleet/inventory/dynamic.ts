// An executable dynamic inventory, run as Ansible runs one: `SCRIPT --list`, JSON on stdout.
// Bounded: 10 s and 16 MiB of output, then the script (and what it started: its own process
// group) is killed and the load fails with one line. Its stderr is never printed raw: at most
// its first line, sanitized, cut short, in the error of a failed run. It never gets the
// secrets of routersh's environment (ROUTERSH_PASSWORD, ROUTERSH_TOKEN, ...).
import { spawn } from 'node:child_process';
import { configError, cancelledError } from '../../../errors.js';
import { sanitizeLine } from '../../../term/sanitize.js';

export const DYNAMIC_TIMEOUT_MS = 10_000;
export const DYNAMIC_MAX_BYTES = 16 * 1024 * 1024;
const MAX_STDERR = 4096;
/** Secrets of the environment a script never gets: they belong to routers, not to it. */
const SECRET_ENV = ['ROUTERSH_PASSWORD', 'ROUTERSH_TOKEN', 'ROUTERSH_TELEMETRY_KEY'];

export interface DynamicOptions {
  signal?: AbortSignal;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The script's `--list` output (text), or a one-line error naming it. */
export function runDynamic(script: string, o: DynamicOptions): Promise<string> {
  const timeoutMs = o.timeoutMs ?? DYNAMIC_TIMEOUT_MS;
  const maxBytes = o.maxBytes ?? DYNAMIC_MAX_BYTES;
  return new Promise((resolve, reject) => {
    if (o.signal?.aborted) return reject(cancelledError());
    const env = Object.fromEntries(Object.entries(o.env).filter(([k]) => !SECRET_ENV.includes(k)));
    // Its own process group, so a kill reaches what it started (a `sleep` holding the pipe).
    const child = spawn(script, ['--list'], { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true });
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    let failure: Error | undefined;
    const kill = (why: Error) => {
      failure ??= why;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () =>
        kill(
          configError(
            `${script}: the dynamic inventory did not answer --list within ${timeoutMs / 1000} s (killed)`,
          ),
        ),
      timeoutMs,
    );
    const onAbort = () => kill(cancelledError());
    o.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (b: Buffer) => {
      size += b.length;
      if (size > maxBytes)
        kill(
          configError(
            `${script}: the dynamic inventory printed more than ${maxBytes / 1024 / 1024} MiB (killed)`,
          ),
        );
      else out.push(b);
    });
    child.stderr.on('data', (b: Buffer) => {
      if (err.length < MAX_STDERR) err += b.toString('utf8').slice(0, MAX_STDERR - err.length);
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      kill(configError(`${script}: cannot run the dynamic inventory: ${e.code ?? e.message}`)),
    );
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(failure);
      if (code !== 0) {
        const first = sanitizeLine((err.split('\n').find((l) => l.trim() !== '') ?? '').slice(0, 200));
        const how = signal ? `was killed by ${signal}` : `exited ${code}`;
        return reject(configError(`${script}: the dynamic inventory ${how}${first ? `: ${first}` : ''}`));
      }
      resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}
