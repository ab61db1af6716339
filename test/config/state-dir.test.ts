// State only its user can touch (config/state-dir.ts, issue 37 §4), through the product's own
// entry against the router simulator: a change is journaled before it is sent, so a `routersh/`
// others can write, or a journal directory that is another user's link, is refused with one
// line naming the path and the fix, and nothing reaches the router; a /tmp-like sticky parent is
// fine. The checker itself, with a counting file system: one lstat per component the first time,
// one per file after; and the rules judged as a user who is not root (root owns /tmp). The
// open-window index: an entry naming a journal elsewhere is dropped; one in an open index unread.
// The tests run as root here: `chown 65534` makes a file of `nobody`; skipped where it cannot.
import {
  chmodSync,
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { simSeed } from '../../src/commands/sim-seed.js';
import { type StateFs, stateChecker } from '../../src/config/state-dir.js';
import { openJournal } from '../../src/features/changes/journal-open.js';
import { fileLessonStore } from '../../src/features/lessons/lesson-store.js';
import { openWindows, windowsDir } from '../../src/features/changes/open-windows.js';
import { indexFile } from '../../src/features/changes/window-index.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';

const asRoot = process.getuid?.() === 0;
let sim: RouterSim;
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(async () => {
  await sim?.close();
});

const CHANGE = ['-c', 'interface eth0 mtu 1400'];
const scratch = () => mkdtempSync(join(tmpdir(), 'routersh-statedir-'));

/** Runs CHANGE with state under `state`; what the router got. */
async function change(state: string) {
  const writes = sim.requests.filter((r) => r.method !== 'GET').length;
  const out = await runCommand(CHANGE, adminEnv(sim.url, state));
  return { ...out, sent: sim.requests.filter((r) => r.method !== 'GET').length - writes };
}

describe('a change refused when its state is not the user’s alone', () => {
  it('a world-writable routersh/: one line naming it and chmod 700, exit 2, nothing sent', async () => {
    const state = scratch();
    const dir = join(state, 'routersh');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const out = await change(state);
    expect(out.err).toBe(
      `% unsafe state: ${dir} is writable by others (mode 0777): chmod 700 ${dir} (command 1)\n`,
    );
    expect(out.code).toBe(2);
    expect(out.sent).toBe(0);
    // `undo --journal` (listing the open windows) reads the same directory: refused alike.
    mkdirSync(join(dir, 'journal'), { mode: 0o700 });
    const list = await runCommand(['undo', '--journal'], adminEnv(sim.url, state));
    expect(list.err).toBe(`% unsafe state: ${dir} is writable by others (mode 0777): chmod 700 ${dir}\n`);
  });

  it.skipIf(!asRoot)(
    'a journal directory that is a link owned by another user: refused, rm named',
    async () => {
      const state = scratch();
      const dir = join(state, 'routersh');
      mkdirSync(dir, { mode: 0o700 });
      const elsewhere = scratch();
      const link = join(dir, 'journal');
      symlinkSync(elsewhere, link);
      lchownSync(link, 65534, 65534);
      const out = await change(state);
      expect(out.err).toBe(
        `% unsafe state: ${link} is a symbolic link owned by uid 65534, not you: rm ${link} (command 1)\n`,
      );
      expect(out.code).toBe(2);
      expect(out.sent).toBe(0);
    },
  );

  it.skipIf(!asRoot)('the user’s own link to a directory of another user: the target refused', async () => {
    const state = scratch();
    const dir = join(state, 'routersh');
    mkdirSync(dir, { mode: 0o700 });
    const elsewhere = scratch();
    lchownSync(elsewhere, 65534, 65534);
    symlinkSync(elsewhere, join(dir, 'journal'));
    const out = await change(state);
    expect(out.err).toBe(
      `% unsafe state: ${elsewhere} is owned by uid 65534, not you: remove it, or chown 0 ${elsewhere} (command 1)\n`,
    );
    expect(out.sent).toBe(0);
  });

  it('a /tmp-like sticky, world-writable parent: accepted; routersh/ and journal/ made 0700', async () => {
    const state = scratch();
    chmodSync(state, 0o1777);
    const out = await change(state);
    expect(out.err).toBe('');
    expect(out.code).toBe(0);
    expect(out.sent).toBe(1);
    expect(lstatSync(join(state, 'routersh')).mode & 0o777).toBe(0o700);
    expect(lstatSync(join(state, 'routersh', 'journal')).mode & 0o777).toBe(0o700);
  });

  it('the same parent without the sticky bit: refused (anyone could rename routersh/ away)', async () => {
    const state = scratch();
    chmodSync(state, 0o777);
    const out = await change(state);
    expect(out.err).toBe(
      `% unsafe state: ${state} (above routersh/) is writable by others (mode 0777): chmod go-w ${state} (command 1)\n`,
    );
    expect(out.sent).toBe(0);
  });
});

/** The real file system, counting lstat calls. */
function counting(): StateFs & { calls: number } {
  const fs = {
    calls: 0,
    lstat(p: string) {
      fs.calls++;
      return lstatSync(p, { throwIfNoEntry: false });
    },
    readlink: (p: string) => readlinkSync(p),
  };
  return fs;
}

describe('the checker', () => {
  it('the fast path: one lstat per component the first time, one per file after', () => {
    const state = scratch();
    const journal = join(state, 'routersh', 'journal');
    mkdirSync(journal, { recursive: true, mode: 0o700 });
    const fs = counting();
    const check = stateChecker(fs);
    const file = join(journal, 'a.jsonl');
    expect(check.trouble(file)).toBeUndefined();
    // Every component of the journal directory, then the (absent) file.
    expect(fs.calls).toBe(journal.split('/').filter(Boolean).length + 1);
    fs.calls = 0;
    expect(check.trouble(join(journal, 'b.jsonl'))).toBeUndefined();
    expect(check.trouble(join(journal, 'b.jsonl.w1.decided'))).toBeUndefined();
    expect(fs.calls).toBe(2);
    fs.calls = 0;
    check.ensureDir(journal);
    expect(fs.calls).toBe(0);
  });

  it.skipIf(!asRoot)(
    'as a user who is not root: root’s sticky /tmp and the user’s own dirs pass; others’ do not',
    () => {
      const me = 1000;
      const state = scratch(); // in /tmp: root's, sticky
      chmodSync(state, 0o1777);
      const dir = join(state, 'routersh');
      mkdirSync(join(dir, 'journal'), { recursive: true, mode: 0o700 });
      lchownSync(dir, me, me);
      lchownSync(join(dir, 'journal'), me, me);
      const check = () => stateChecker(undefined, me, me).trouble(join(dir, 'journal', 'x.jsonl'));
      expect(check()).toBeUndefined();
      // Root's own routersh/ is not the user's.
      lchownSync(dir, 0, 0);
      expect(check()).toBe(`${dir} is owned by uid 0, not you: remove it, or sudo chown 1000 ${dir}`);
      lchownSync(dir, me, me);
      // A parent of another user's, even sticky: its owner could move routersh/ away.
      lchownSync(state, 65534, 65534);
      expect(check()).toBe(
        `${state} (above routersh/) is owned by uid 65534: keep state in a directory of your own (XDG_STATE_HOME)`,
      );
      // The user's own parent, group-writable in the user's own group (a user private group): fine.
      lchownSync(state, me, me);
      chmodSync(state, 0o775);
      expect(check()).toBeUndefined();
      // ... in another group: not.
      lchownSync(state, me, 50);
      expect(check()).toBe(
        `${state} (above routersh/) is writable by others (mode 0775): chmod go-w ${state}`,
      );
    },
  );
});

describe('the open-window index (a start reads it)', () => {
  const ROUTER = 'http://127.0.0.1:1';
  const open = (dir: string) => {
    const j = openJournal({ router: ROUTER, user: 'admin' }, { dir });
    j.setWindow({ id: 'w1', deadline: Date.now() + 60_000, state: 'open' }, { by: 'shell' });
    return j;
  };

  it('an entry naming a journal outside this state directory is dropped, never read', async () => {
    const dir = join(scratch(), 'routersh');
    const j = open(dir);
    const evil = join(scratch(), 'x.jsonl');
    writeFileSync(evil, readFileSync(j.path!, 'utf8'));
    const planted = indexFile(dir, evil, 'w1');
    writeFileSync(planted, JSON.stringify({ journal: evil, window: 'w1', router: ROUTER, deadline: 1 }));
    expect(openWindows(dir).map((w) => w.journal)).toEqual([j.path]);
    expect(existsSync(planted)).toBe(false);
    await j.close();
  });

  it('an entry in an index directory others can write is not read (made 0700: it is)', async () => {
    // Made by hand in a state directory of its own: a directory this process found safe is not
    // looked at again (only its owner or root could open it up since; a start is a new process).
    const j = open(join(scratch(), 'routersh'));
    const dir = join(scratch(), 'routersh');
    mkdirSync(join(dir, 'journal'), { recursive: true, mode: 0o700 });
    const journal = join(dir, 'journal', basename(j.path!));
    writeFileSync(journal, readFileSync(j.path!));
    const index = windowsDir(dir);
    mkdirSync(index, { mode: 0o700 });
    chmodSync(index, 0o777);
    writeFileSync(
      indexFile(dir, journal, 'w1'),
      JSON.stringify({ journal, window: 'w1', router: ROUTER, deadline: Date.now() + 60_000 }),
    );
    expect(openWindows(dir)).toEqual([]);
    chmodSync(index, 0o700);
    expect(openWindows(dir).map((w) => w.journal)).toEqual([journal]);
    await j.close();
  });
});

describe('the demo secrets’ seed (routersh sim)', () => {
  it('a seed in a routersh/ others can write is not used: a new one, and a warning naming the fix', () => {
    const state = scratch();
    const dir = join(state, 'routersh');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const planted = 'a'.repeat(64);
    writeFileSync(join(dir, 'sim-seed'), `${planted}\n`);
    const warned: string[] = [];
    const seed = simSeed({ XDG_STATE_HOME: state }, (m) => warned.push(m));
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seed).not.toBe(planted);
    expect(warned).toEqual([
      `demo secrets not kept: unsafe state: ${dir} is writable by others (mode 0777): chmod 700 ${dir}: new keys at every start`,
    ]);
  });
});

describe('lesson progress', () => {
  it('in a routersh/ others can write: a planted progress is none, and none is saved there', () => {
    const state = scratch();
    const dir = join(state, 'routersh');
    mkdirSync(join(dir, 'lessons'), { recursive: true });
    chmodSync(dir, 0o777);
    const at = new Date().toISOString();
    const planted = { lesson: 'ping', title: 'Ping', steps: 5, current: 4, done: [1, 2, 3, 4] };
    const run = { skipped: [], startedAt: at, updatedAt: at };
    writeFileSync(join(dir, 'lessons', 'ping.json'), JSON.stringify({ ...planted, ...run }));
    const store = fileLessonStore({ XDG_STATE_HOME: state });
    expect(store.progress('ping')).toBeUndefined();
    store.save({ ...planted, ...run, lesson: 'users', title: 'Users', current: 1, done: [1] });
    expect(existsSync(join(dir, 'lessons', 'users.json'))).toBe(false);
    chmodSync(dir, 0o700);
    expect(fileLessonStore({ XDG_STATE_HOME: state }).progress('ping')).toMatchObject({ current: 4 });
  });
});
