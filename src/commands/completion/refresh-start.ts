// Starts a refresh of the kept router words (`routersh __complete --refresh`, refresh.ts): a
// detached process with no terminal, so the Tab press that started it ends at once and the
// shell waiting on its output is not held. What it refreshes (the profile's name, the line the
// deadline cut short) goes through a pipe, not argv: a line being typed may hold anything.
import { createRequire } from 'node:module';
import { binPath } from '../../session/guard.js';
import { withoutRoutershVariables } from './profile-login.js';
import { claimRefresh, releaseRefresh } from './word-store.js';

/** What `__complete --refresh` reads on its standard input. */
export interface RefreshOrder {
  profile: string;
  /** The value of -c whose words to fetch too (the deadline cut its answer short). */
  line?: string;
}

export function startRefresh(file: string, profile: string, env: NodeJS.ProcessEnv, line?: string): void {
  const bin = binPath();
  if (!bin || !claimRefresh(file)) return;
  try {
    const { spawn } = createRequire(import.meta.url)(
      'node:child_process',
    ) as typeof import('node:child_process');
    const child = spawn(process.execPath, [bin, '__complete', '--refresh'], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: withoutRoutershVariables(env),
    });
    child.on('error', () => releaseRefresh(file));
    const order: RefreshOrder = { profile, ...(line !== undefined ? { line } : {}) };
    child.stdin?.end(`${JSON.stringify(order)}\n`);
    child.unref();
  } catch {
    releaseRefresh(file);
  }
}
