// What a person sees (tmux): a secret typed on a line is drawn as `*` on the screen in every
// shell (routersh is used on projectors), not only under --record; under --record the Ctrl-R
// search text is drawn as `*` too, and the recording holds neither.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let sim: RouterSim;
let term: Tmux | undefined;
const dir = mkdtempSync(join(tmpdir(), 'routersh-secret-screen-'));

beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(() => sim.close());
afterEach(() => {
  term?.kill();
  term = undefined;
});

const PROMPT = /admin@127\.0\.0\.1> ?$/m;
const SECRET = 'Pr0jector9x';

function shell(extra = ''): Tmux {
  term = new Tmux(120, 30);
  term.start(`node ${BIN} --router ${sim.url} --user admin ${extra}`, {
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: join(dir, `s${Math.random().toString(36).slice(2)}`),
  });
  return term;
}

describe.skipIf(!hasTmux())('secrets on the screen', () => {
  it('a password typed on a line is drawn as * while typing and in the echoed line, without --record', async () => {
    const t = shell();
    await t.waitFor(PROMPT);
    t.type(`system user bob password ${SECRET}`);
    await t.waitFor(new RegExp(`password \\*{${SECRET.length}}`));
    expect(t.screen()).not.toContain(SECRET);
    t.keys('Enter');
    await t.waitFor(/admin@127\.0\.0\.1> ?$/m);
    expect(t.screen()).not.toContain(SECRET);
  }, 180_000);

  it('under --record, the Ctrl-R search text is drawn as * and the file holds neither', async () => {
    const cast = join(dir, 'search.cast');
    const t = shell(`--record ${cast}`);
    await t.waitFor(PROMPT);
    t.keys('C-r');
    t.type('Pr0j');
    await t.waitFor(/reverse-i-search\)'\*{4}'/);
    expect(t.screen()).not.toContain('Pr0j');
    t.keys('C-g');
    t.keys('C-d');
    await t.waitFor(/\[exited/);
    expect(readFileSync(cast, 'utf8')).not.toContain('Pr0j');
  }, 180_000);
});
