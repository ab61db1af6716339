// Once per `vitest run`: the terminal end-to-end tests (test/e2e/*, driven in tmux) are skipped
// without tmux; say so at the start rather than let a green run hide it.
import { tmuxFound } from './e2e/tmux.js';

export const TMUX_NOTE =
  'note: tmux is not installed: the end-to-end tests that drive routersh in a terminal (test/e2e) are skipped; install tmux to run them\n';

/** What the setup says with this PATH: the note when no tmux is found on it, else nothing. */
export const tmuxNote = (path: string | undefined): string => (tmuxFound(path) ? '' : TMUX_NOTE);

export default function setup(): void {
  process.stderr.write(tmuxNote(process.env.PATH));
}
