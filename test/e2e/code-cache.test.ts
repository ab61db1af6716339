// V8's compiled code of dist/ kept between runs (bin/code-cache.cjs, Node 20): a run after the
// first uses it (writes nothing), a damaged or foreign file is refused by V8 and replaced, a
// directory others could write is never used, code made under other V8 flags is kept apart,
// and ROUTERSH_CODE_CACHE=off keeps nothing. Every run's output is the output without a cache.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runBin } from '../helpers/run-bin.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

// Node ≥ 22.1 keeps its own cache (module.enableCompileCache) and bin/code-cache.cjs is unused.
const nodeOwn = 'enableCompileCache' in (await import('node:module'));
const buildId = readFileSync(new URL('../../dist/build-id', import.meta.url), 'utf8').trim();

describe.skipIf(nodeOwn)('the code cache (Node 20)', () => {
  let sim: RouterSim;
  let expected: string;
  beforeAll(async () => {
    sim = await startRouterSim();
    const r = await show({ ROUTERSH_CODE_CACHE: 'off' });
    expect(r.code).toBe(0);
    expected = r.stdout;
    expect(expected).toMatch(/^eth0 /m);
  });
  afterAll(() => sim.close());

  /** `show interface`, its packet counters (which the simulator advances) masked. */
  const show = async (env: Record<string, string>) => {
    const r = await runBin(['--router', sim.url, '--user', 'admin', '-c', 'show interface'], {
      env: { ROUTERSH_PASSWORD: 'admin', ...env },
    });
    return { ...r, stdout: r.stdout.replace(/\d{5,}/g, 'N') };
  };
  const fresh = () => mkdtempSync(join(tmpdir(), 'routersh-code-cache-'));
  const dirOf = (base: string) =>
    join(base, 'routersh', 'v8', `${buildId}-${process.version}-${process.arch}`);
  /** File name → [size, mtime] of what the cache holds. */
  const listing = (dir: string) =>
    Object.fromEntries(
      readdirSync(dir).map((f) => {
        const st = statSync(join(dir, f));
        return [f, [st.size, st.mtimeMs]];
      }),
    );

  it('the first run writes the code of each file it loaded; the next one uses it and writes nothing', async () => {
    const base = fresh();
    const first = await show({ XDG_CACHE_HOME: base });
    expect(first.stdout).toBe(expected);
    const dir = dirOf(base);
    const made = listing(dir);
    const names = Object.keys(made);
    expect(names.some((f) => f.startsWith('main.cjs.'))).toBe(true);
    expect(names.some((f) => f.startsWith('session-'))).toBe(true);
    expect(names.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const second = await show({ XDG_CACHE_HOME: base });
    expect(second.stdout).toBe(expected);
    expect(listing(dir)).toMatchObject(made);
  });

  it('damaged files are refused by V8 and written again; the run is as without them', async () => {
    const base = fresh();
    await show({ XDG_CACHE_HOME: base });
    const dir = dirOf(base);
    for (const f of readdirSync(dir)) {
      const size = statSync(join(dir, f)).size;
      // Same length, other bytes; then a file cut short.
      writeFileSync(join(dir, f), Buffer.alloc(size, 0x5a));
    }
    const damaged = await show({ XDG_CACHE_HOME: base });
    expect(damaged).toMatchObject({ code: 0, stdout: expected, stderr: '' });
    // Which chunks a run loads can differ with timing (a slow answer, beside stress-ng, loads its
    // progress line's chunk): the files every run loads (the entry and the session) must be
    // written again; another left as it was is one this run did not load.
    const always = (f: string) => f.startsWith('main.cjs.') || f.startsWith('session-');
    const files = readdirSync(dir);
    expect(files.filter(always).length, files.join(' ')).toBeGreaterThanOrEqual(2);
    for (const f of files) {
      const bytes = readFileSync(join(dir, f));
      if (always(f))
        expect(
          bytes.every((b) => b === 0x5a),
          f,
        ).toBe(false);
      writeFileSync(join(dir, f), bytes.subarray(0, 40));
    }
    const cut = await show({ XDG_CACHE_HOME: base });
    expect(cut).toMatchObject({ code: 0, stdout: expected, stderr: '' });
    for (const f of readdirSync(dir).filter(always))
      expect(statSync(join(dir, f)).size, f).toBeGreaterThan(40);
  });

  it('code made under other V8 flags is kept under another name, and each is used by its own runs', async () => {
    const base = fresh();
    await show({ XDG_CACHE_HOME: base });
    const plain = listing(dirOf(base));
    const flagged = { XDG_CACHE_HOME: base, NODE_OPTIONS: '--max-semi-space-size=8' };
    expect((await show(flagged)).stdout).toBe(expected);
    const both = listing(dirOf(base));
    // Which chunks a run loads can differ with timing (a slow answer loads its progress line), so
    // the assertions are about names and rewrites, not counts: the flagged run's files carry
    // another flags suffix, and no run rewrites a file another run made.
    const suffix = (f: string) => f.slice(f.lastIndexOf('.') + 1);
    const plainSuffixes = new Set(Object.keys(plain).map(suffix));
    expect(plainSuffixes.size).toBe(1);
    const added = Object.keys(both).filter((f) => !(f in plain));
    expect(added.some((f) => f.startsWith('main.cjs.'))).toBe(true);
    for (const f of added) expect(plainSuffixes.has(suffix(f)), f).toBe(false);
    for (const f of Object.keys(plain)) expect(both[f], f).toEqual(plain[f]);
    expect((await show(flagged)).stdout).toBe(expected);
    expect((await show({ XDG_CACHE_HOME: base })).stdout).toBe(expected);
    expect(listing(dirOf(base))).toMatchObject(both);
  });

  it("a new build's first run removes what other builds left untouched for a week, and no more", async () => {
    const base = fresh();
    const v8 = join(base, 'routersh', 'v8');
    const [old, recent] = [join(v8, 'old-build'), join(v8, 'recent-build')];
    for (const d of [old, recent]) {
      mkdirSync(d, { recursive: true, mode: 0o700 });
      writeFileSync(join(d, 'main.cjs.x'), 'x');
    }
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    utimesSync(old, eightDaysAgo, eightDaysAgo);
    expect((await show({ XDG_CACHE_HOME: base })).stdout).toBe(expected);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(join(recent, 'main.cjs.x'))).toBe(true);
    expect(readdirSync(dirOf(base)).length).toBeGreaterThan(0);
  });

  it.skipIf(!hasTmux())(
    'the shell: code loaded after its V8 flag is kept under that flag, and the next session writes nothing',
    async () => {
      const base = fresh();
      const session = async () => {
        const t = new Tmux(100, 30);
        try {
          t.start(`node ${BIN} --router ${sim.url} --user admin`, {
            ROUTERSH_PASSWORD: 'admin',
            XDG_CACHE_HOME: base,
            XDG_STATE_HOME: base,
          });
          await t.waitFor(/admin@127\.0\.0\.1> ?$/m);
          t.type('show interface');
          t.keys('Enter');
          await t.waitFor(/^eth0 /m);
          t.keys('C-d');
          await t.waitFor(/\[exited 0\]/);
        } finally {
          t.kill();
        }
      };
      await session();
      const made = listing(dirOf(base));
      const tagOf = (prefix: string) =>
        Object.keys(made)
          .find((f) => f.startsWith(prefix))
          ?.split('.')
          .at(-1);
      // main.cjs compiles before the shell sets its flag, Ink's chunk after it.
      expect(tagOf('main.cjs')).toBeDefined();
      expect(tagOf('ink-runtime-')).toBeDefined();
      expect(tagOf('ink-runtime-')).not.toBe(tagOf('main.cjs'));
      await session();
      expect(listing(dirOf(base))).toMatchObject(made);
    },
  );

  it('a directory others can write is not used; ROUTERSH_CODE_CACHE=off keeps nothing', async () => {
    const base = fresh();
    await show({ XDG_CACHE_HOME: base });
    const dir = dirOf(base);
    for (const f of readdirSync(dir)) writeFileSync(join(dir, f), Buffer.alloc(64, 0x5a));
    chmodSync(dir, 0o777);
    const r = await show({ XDG_CACHE_HOME: base });
    expect(r.stdout).toBe(expected);
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).size, f).toBe(64);
    chmodSync(dir, 0o700);

    const off = fresh();
    expect((await show({ XDG_CACHE_HOME: off, ROUTERSH_CODE_CACHE: 'off' })).stdout).toBe(expected);
    expect(readdirSync(off)).toEqual([]);
  });
});
