// One simulated fleet router asked one line through routersh's own entry (execute), with its own
// URL, user and password file, as a user asks one router of an inventory by hand.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../../helpers/command-io.js';

/** `ask(router, line, flags)` under a state folder of its own (the caller's file's). */
export function routerAsker() {
  const state = mkdtempSync(join(tmpdir(), 'routersh-state-'));
  return (r: { url: string; user: string; passwordFile?: string }, line: string, more: string[] = []) =>
    runCommand(
      ['--router', r.url, '--user', r.user, '--password-file', r.passwordFile ?? '', ...more, '-c', line],
      { XDG_STATE_HOME: state },
    );
}
