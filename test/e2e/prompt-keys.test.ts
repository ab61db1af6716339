// Keys typed the moment the prompt first shows are never lost (issue 19): the shell's first
// frame is drawn before Ink reads keys, and a terminal still in cooked mode then would echo
// the keys itself, make Ctrl-C a signal and swallow Ctrl-D as end-of-file (one in seven was
// lost). Each round starts the built binary in tmux and types as soon as the prompt appears in
// the pane's output (tmux's control client streams it); the assertion is only that every key
// took effect. The first
// prompt is drawn before Ink has loaded (src/shell/early-prompt.ts), which reads and echoes
// the keys and hands them to Ink's key source.
// (Needs `npm run build`: npm test builds first.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, hasTmux, Tmux } from './tmux.js';

const ROUNDS = 6;
/**
 * The prompt in the pane's output as streamed, or on the screen. Not its trailing space: Ink's
 * prompt draws the cursor there (an escape sequence in the stream), and the screen as read has
 * no trailing blanks, so a shell whose first prompt was Ink's (its code loaded before the
 * session was ready, as on a loaded machine) never matched.
 */
const DRAWN = /admin@127\.0\.0\.1>/;
const state = mkdtempSync(join(tmpdir(), 'routersh-prompt-keys-'));

let term: Tmux | undefined;
afterEach(() => {
  term?.kill();
  term = undefined;
});

/** A fresh shell; returns the moment its prompt is drawn. */
async function shellAtPrompt(): Promise<Tmux> {
  term?.kill();
  term = undefined;
  const t = new Tmux(120, 30);
  term = t;
  t.start(`node ${BIN} --demo`, { XDG_STATE_HOME: state, XDG_CONFIG_HOME: state, NO_COLOR: '1' });
  await t.waitForOutput(DRAWN);
  return t;
}

describe.skipIf(!hasTmux())('keys typed as the prompt first shows', () => {
  it('Ctrl-D ends the shell, every round', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const t = await shellAtPrompt();
      t.keys('C-d');
      expect(await t.waitFor(/\[exited \d+\]/)).toMatch(/\[exited 0\]/);
    }
  }, 120_000);

  it('a command and Enter run, echoed once; Ctrl-C is a key, not a signal', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const t = await shellAtPrompt();
      t.type('show hostname');
      t.keys('Enter');
      // The answer, then the prompt empty again (a screen caught between Ink writing the answer
      // and redrawing its prompt still shows the line in the prompt: not an echo).
      const shown = await t.waitFor(/^router\nadmin@127\.0\.0\.1>\s*$/m);
      expect(shown.match(/show hostname/g), shown).toHaveLength(1);
      // Ctrl-C at the prompt clears the line; the shell is still there and Ctrl-D ends it.
      t.type('sho');
      t.keys('C-c');
      await t.waitFor(/admin@127\.0\.0\.1>\s*$/);
      t.keys('C-d');
      expect(await t.waitFor(/\[exited \d+\]/)).toMatch(/\[exited 0\]/);
    }
  }, 120_000);

  it('text typed at the first prompt, Tab and an edit key in it, acts once as typed', async () => {
    for (let i = 0; i < 3; i++) {
      const t = await shellAtPrompt();
      // Tab before the root metadata has come: the keys after it wait for it (tab-hold.ts).
      t.type('sh');
      t.keys('Tab');
      t.type('hostnamx');
      t.keys('BSpace');
      t.type('e');
      t.keys('Enter');
      const shown = await t.waitFor(/^router\nadmin@127\.0\.0\.1>\s*$/m);
      expect(shown.match(/show hostnam/g), shown).toHaveLength(1);
      t.keys('C-d');
      expect(await t.waitFor(/\[exited \d+\]/)).toMatch(/\[exited 0\]/);
    }
  }, 120_000);
});
