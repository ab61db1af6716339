// Once per `vitest run`: the terminal end-to-end tests (test/e2e/*, driven in tmux) are skipped
// without tmux; say so at the start rather than let a green run hide it.
import { execFileSync } from 'node:child_process';

export const TMUX_NOTE =
  'note: tmux is not installed: the end-to-end tests that drive routersh in a terminal (test/e2e) are skipped; install tmux to run them\n';

function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export default function setup(): void {
  if (!hasTmux()) process.stderr.write(TMUX_NOTE);
}
