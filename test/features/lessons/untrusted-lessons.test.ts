// Lesson files are untrusted (issue 17, section 5): their text reaches the terminal sanitized
// wherever it leaves (the driver's notes and status line, `routersh learn`, `--validate`), a
// `ran` pattern cannot freeze the shell (RE2, or V8 under a bound), and a lesson file is read
// up to 16 MiB (/dev/zero is one line, read no further).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Outcome } from '../../../src/contract/outcome.js';
import { holds } from '../../../src/features/lessons/evaluate.js';
import { createLessonDriver } from '../../../src/features/lessons/lesson-driver.js';
import { fileLessonStore } from '../../../src/features/lessons/lesson-store.js';
import { listText } from '../../../src/features/lessons/list.js';
import { parseCheck } from '../../../src/features/lessons/check-line.js';
import type { Check, LessonProgress, LessonStore } from '../../../src/features/lessons/types.js';
import type { Resolution } from '../../../src/lang/types.js';
import { loadRegexEngine } from '../../../src/lang/regex.js';
import { runCommand } from '../../helpers/command-io.js';
import { stubServices } from '../../helpers/services.js';

// What a hostile lesson carries: clear screen, window title, clipboard write (OSC 52), a raw C1
// CSI, a bid override.
const CLEAR = '\u001b[2J\u001b[H';
const TITLE = '\u001b]0;pwned\u0007';
const CLIPBOARD = '\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007';
const C1 = '\u009b31m';
const EVIL = `${CLEAR}${TITLE}${CLIPBOARD}${C1}\u202e`;
/** Anything that would drive a terminal. */
const DRIVES = /[\u001b\u0007\u009b\u202e]/;

const CATASTROPHIC = String.raw`^(\w+\s?)*$`;
/** ~5 s of backtracking for V8 on this pattern (measured: 26 a's ≈ 2.6 s, each one more doubles it). */
const SLOW_LINE = `${'a'.repeat(27)}!`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'routersh-untrusted-lesson-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function hostileLesson(ranPattern = '^show interface$'): string {
  const path = join(dir, `evil${TITLE}.md`);
  writeFileSync(
    path,
    [
      '---',
      `title: Evil ${EVIL}`,
      '---',
      `Intro ${EVIL}`,
      `## Step one ${EVIL}`,
      `Do it ${EVIL}`,
      `hint: hint ${EVIL}`,
      `check: ran ${ranPattern}`,
      `## Step two ${EVIL}`,
      `Then ${EVIL}`,
      'check: ran ^never$',
    ].join('\n'),
  );
  return path;
}

function memoryStore(): LessonStore {
  const saved = new Map<string, LessonProgress>();
  const files = fileLessonStore({ XDG_STATE_HOME: '/nonexistent-never-written' });
  return { ...files, progress: (n) => saved.get(n), save: (p) => void saved.set(p.lesson, p) };
}

/** A driver whose every line resolves to the built-in `help` with `args` (the resolved form `help ARGS`). */
function driverResolvingTo(args: string[]) {
  const resolution = { kind: 'builtin', name: 'help', args, options: {}, words: [] } as unknown as Resolution;
  const services = stubServices({ resolve: async () => resolution });
  return createLessonDriver(memoryStore(), services);
}

const ok: Outcome = { kind: 'text', text: 'done\n', json: {} };

describe('a lesson file cannot drive the terminal', () => {
  it('every text the driver returns, and its status line, is sanitized', async () => {
    const path = hostileLesson('^help');
    const d = driverResolvingTo([]);
    const shown: string[] = [];
    shown.push(d.start(path));
    shown.push(d.status() ?? '');
    shown.push(d.hint());
    shown.push(d.where());
    shown.push(await d.afterLine('help', [], ok, AbortSignal.timeout(5000)));
    shown.push(d.status() ?? '');
    shown.push(d.skip());
    shown.push(d.list());
    // The text is there, made harmless: the words around the escapes survive.
    expect(shown[0]).toMatch(/Evil .*Intro .*Step 1\/2: Step one /s);
    expect(shown[4]).toMatch(/✓ step 1\/2 done: Step one/);
    expect(shown[1]).toMatch(/^lesson evil.*1\/2: Step one/);
    for (const text of shown) expect(text).not.toMatch(DRIVES);
    expect(d.status()).not.toContain('\n');
  });

  it('`routersh learn --validate` quotes a hostile file without its escapes', async () => {
    const path = join(dir, 'bad.md');
    writeFileSync(path, `---\ntitle: t\n---\n## s\ncheck: ${CLIPBOARD}nod x present\n`);
    const r = await runCommand(['learn', '--validate', path], { XDG_STATE_HOME: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.md:5: unknown check kind/);
    expect(r.stderr + r.stdout).not.toMatch(DRIVES);
  });

  it('`routersh learn` lists titles as sanitized lines', () => {
    const store: LessonStore = {
      names: () => ['one'],
      load: () => ({ name: 'one', title: `T ${EVIL}\nsecond line`, intro: '', steps: [] }),
      progress: () => undefined,
      save: () => {},
    };
    const text = listText(store);
    expect(text).not.toMatch(DRIVES);
    expect(text.trim().split('\n')).toHaveLength(1);
  });
});

describe('a `ran` pattern runs in linear time or under a bound', () => {
  const ran = (pattern: string) => parseCheck(`ran ${pattern}`) as Check;

  it(`${CATASTROPHIC} against a line V8 would backtrack on for seconds answers at once`, async () => {
    await loadRegexEngine();
    expect(holds(ran(CATASTROPHIC), { kind: 'line', line: SLOW_LINE })).toBe(false);
    expect(holds(ran(CATASTROPHIC), { kind: 'line', line: 'show interface eth0' })).toBe(true);
  });

  it('a pattern RE2 cannot run (a lookahead) is bounded on V8: the check just does not hold', async () => {
    await loadRegexEngine();
    expect(holds(ran(String.raw`^(?=(\w+\s?)*$)`), { kind: 'line', line: SLOW_LINE })).toBe(false);
    expect(holds(ran('^show(?= int)'), { kind: 'line', line: 'show interface' })).toBe(true);
  });

  it('the driver checks a step with that pattern without freezing (RE2 loaded by the driver)', async () => {
    const d = driverResolvingTo([SLOW_LINE]);
    d.start(hostileLesson(CATASTROPHIC));
    expect(await d.afterLine('help x', [], ok, AbortSignal.timeout(5000))).toBe('');
    // A line that matches passes the step.
    const pass = driverResolvingTo(['word', 'and', 'more']);
    pass.start(hostileLesson(CATASTROPHIC));
    expect(await pass.afterLine('help x', [], ok, AbortSignal.timeout(5000))).toMatch(/✓ step 1\/2 done/);
  });
});

describe('a lesson file is read with a bound', () => {
  it('`routersh learn --validate /dev/zero` is one line, quickly', async () => {
    const r = await runCommand(['learn', '--validate', '/dev/zero'], { XDG_STATE_HOME: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('% cannot read lesson /dev/zero: larger than 16 MiB\n');
  });
});
