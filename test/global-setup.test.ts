// Without tmux the e2e tests skip; the global setup says so once, at the start of the run.
// Asked in this process with the PATH given (a node process started for each case cost ~0.7 s).
import { describe, expect, it } from 'vitest';
import { hasTmux } from './e2e/tmux.js';
import { TMUX_NOTE, tmuxNote } from './global-setup.js';

describe('vitest global setup', () => {
  it('prints the tmux note when tmux cannot be found', () => {
    expect(tmuxNote('/nonexistent')).toBe(TMUX_NOTE);
  });

  it.skipIf(!hasTmux())('is silent when tmux is there', () => {
    expect(tmuxNote(process.env.PATH)).toBe('');
  });
});
