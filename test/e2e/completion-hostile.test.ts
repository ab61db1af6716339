// Completion never evaluates (issue 37 §2), in the three real shells in tmux: a router
// (node:http) whose interface names are built to run commands if inserted as typed
// (`a'$(touch PWNED1)'`, `b"$(touch PWNED2)"`, a backtick, `;`, blanks, `!`, `\`), names holding
// control characters, descriptions full of them; and profiles named to run commands. Each value
// is completed inside `-c '…'`, inside `-c "…"` and bare, then Enter: no PWNED file appears in
// the shell's directory, and the router receives exactly each value as one path word (the
// profiles: each one's own user); each value in each context in one of the three shells
// (inContext), in every shell in `npm run bench -- whole`. The names with control characters
// are never offered, and the descriptions the shells show carry none (escape sequences removed,
// the rest shown as `^G`).
// zsh and fish are checked where installed (skipped with a note); the scripts are the built
// binary's (`routersh completion SHELL`).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walk } from '../../src/commands/completion/argv-slot.js';
import { mainFlags } from '../../src/commands/completion/flag-specs.js';
import { profileLogin } from '../../src/commands/completion/profile-login.js';
import { type QuoteContext, quoteFor } from '../../src/term/shell-quote.js';
import { storeFile } from '../../src/commands/completion/word-store.js';
import { type Harness, startHarness } from '../hostile/harness.js';
import { wireNode as node } from '../hostile/wire-node.js';
import { BIN, runBin } from '../helpers/run-bin.js';
import { WHOLE } from '../helpers/whole.js';
import { hasTmux, shellQuote, Tmux } from './tmux.js';

const has = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined;
const SHELLS = (['bash', 'zsh', 'fish'] as const).filter((s) => {
  if (!has(s))
    console.warn(`note: ${s} is not installed: its completion is not checked against hostile values`);
  return has(s);
});

/**
 * The interface names to complete, each with what is typed of it in the router's language (a
 * prefix only it has) and a word of it that shows on the line once it is inserted.
 */
const VALUES = [
  { value: "a'$(touch PWNED1)'", typed: 'interface "a', mark: 'PWNED1' },
  { value: 'b"$(touch PWNED2)"', typed: 'interface "b', mark: 'PWNED2' },
  { value: 'c`touch PWNED3`', typed: 'interface "c', mark: 'PWNED3' },
  { value: 'd;touch PWNED4', typed: 'interface "d', mark: 'PWNED4' },
  { value: 'e with  spaces', typed: 'interface "e', mark: 'spaces' },
  { value: 'f!bang', typed: 'interface f', mark: 'bang' },
  { value: 'h\\backslash', typed: 'interface "h', mark: 'backslash' },
];
/** Names a terminal would act on (C0, ESC, BEL, NUL, C1, DEL, a bidi override): never offered (CTRL never shows). */
const CONTROLLED = [
  'j\nCTRLJ',
  'l\u001b[31mCTRLL',
  'n\u0007CTRLN',
  'p\u0000CTRLP',
  'q\u009b2JCTRLQ',
  'r\u007fCTRLR',
  's\u202eCTRLS',
];
/** BEL, BS, clear screen, a window title, NUL, VT, FF, C1 CSI. */
const DESCRIPTION = 'an iface\u0007\u0008\u001b[2J\u001b]0;pwned\u0007\u0000\u000b\u000c\u009b31m!';
/** As the shells must show it: escape sequences removed, the other controls as text. */
const SHOWN = 'an iface^G^H^@^K^L\\x9b31m!';

/**
 * Profiles named to run commands, each with a user of its own (the router sees which came).
 * No mark is part of another (PWNED1 would be found in PWNED10).
 */
const PROFILES: Record<QuoteContext, { name: string; typed: string; user: string; mark: string }> = {
  bare: { name: 'r$(touch PWNED7) ;|&<>!x', typed: 'r', user: 'user-r', mark: 'PWNED7' },
  "'": { name: "s'$(touch PWNED8)'!x", typed: 's', user: 'user-s', mark: 'PWNED8' },
  '"': { name: 't"$(touch PWNED9)"`touch PWNED6`!x', typed: 't', user: 'user-t', mark: 'PWNED6' },
};
const CONTEXTS: readonly QuoteContext[] = ["'", '"', 'bare'];

const home = mkdtempSync(join(tmpdir(), 'routersh-completion-hostile-'));
const xdg = join(home, '.config');
const bin = join(home, 'bin');
/** The shells' directory: a `touch` that ran would leave its file here. */
const work = join(home, 'work');
mkdirSync(bin);
mkdirSync(work);
writeFileSync(join(bin, 'routersh'), `#!/bin/sh\nexec ${process.execPath} ${BIN} "$@"\n`);
chmodSync(join(bin, 'routersh'), 0o755);
const env = { XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: join(home, '.cache'), HOME: home };

interface Post {
  words: string[];
  user: string;
}
let router: Harness<object>;
const posts = (): Post[] =>
  router.requests
    .filter((q) => q.method === 'POST')
    .map((q) => ({
      words: new URL(q.url, 'http://x').pathname.split('/').slice(2).filter(Boolean).map(decodeURIComponent),
      user: Buffer.from((q.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')[0]!,
    }));

/** The tree: `interface` with the hostile names as its entries (SetValues), each settable. */
function startRouter() {
  const ifValue = node('%IF', 'Value', {
    Description: DESCRIPTION,
    InputRe: '.+',
    AllowSet: 1,
    AllowShow: 1,
    SetValues: [...VALUES.map((v) => v.value), ...CONTROLLED],
    PossibleOptions: {
      mtu: {
        InputRe: '\\d+',
        ValueType: '%NUM',
        Count: 1,
        Description: 'bytes',
        AvailableInSet: 1,
        AvailableInUnSet: 0,
        AvailableInShow: 0,
        Key: 0,
      },
    },
  });
  const iface = node('interface', 'Token', { Description: DESCRIPTION, AllowShow: 1, children: [ifValue] });
  const root = node('', 'Token', { children: [iface] });
  return startHarness({}, (_m, rec, _req, res) => {
    const words = new URL(rec.url, 'http://x').pathname
      .split('/')
      .slice(2)
      .filter(Boolean)
      .map(decodeURIComponent);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (rec.method !== 'GET')
      return json(200, { RequestStatus: 'OK', Message: [`done ${words.length}`, '\n'] });
    const info =
      words.length === 0
        ? root
        : words.length === 1 && words[0] === 'interface'
          ? { ...iface, SubNodes: [ifValue] }
          : words.length === 2 && words[0] === 'interface'
            ? { ...ifValue, SubNodes: [] }
            : undefined;
    if (!info) return json(400, { RequestStatus: 'ERROR', ErrorStatus: 'unknown node' });
    json(200, { RequestStatus: 'OK', Message: [], NodeInfo: info });
  });
}

beforeAll(async () => {
  router = await startRouter();
  mkdirSync(join(xdg, 'routersh'), { recursive: true });
  const pw = join(home, 'admin.pw');
  writeFileSync(pw, 'admin\n', { mode: 0o600 });
  const profile = (user: string) => ({ router: router.url, user, passwordFile: pw });
  writeFileSync(
    join(xdg, 'routersh', 'config.json'),
    JSON.stringify({
      profiles: {
        h: profile('admin'),
        ...Object.fromEntries(Object.values(PROFILES).map((p) => [p.name, profile(p.user)])),
      },
    }),
  );
  // The words of `-c 'interface '` kept for each profile's router and user, so each Tab
  // answers from them however busy the machine (test/e2e/completion.test.ts does the same).
  for (const name of ['h', ...Object.values(PROFILES).map((p) => p.name)]) {
    const r = await runBin(['__complete', '--', '--profile', name, '-c', 'interface '], {
      env,
      timeoutMs: 60_000,
    });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const login = profileLogin(walk(['--profile', name], mainFlags()), env)!;
    const file = storeFile(login.cfg.router ?? '', login.cfg.user, env)!;
    await until(() => existsSync(file) && !existsSync(`${file}.lock`), `the words kept for ${name}`);
  }
});
afterAll(async () => {
  await router.close();
});

/** Waits (a hang guard only) until `ok()` holds, looking again every 50 ms. */
async function until(ok: () => boolean, what: string, guardMs = 60_000) {
  const end = Date.now() + guardMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`still waiting after ${guardMs} ms: ${what}`);
    await sleep(50);
  }
}

const START: Record<(typeof SHELLS)[number], { command: string; source: string }> = {
  bash: { command: 'bash --norc --noprofile', source: 'PS1="$ "; source <(routersh completion bash)' },
  zsh: {
    command: 'zsh -f',
    source: 'PS1="$ "; autoload -U compinit && compinit -u && source <(routersh completion zsh)',
  },
  fish: {
    command: 'fish -N',
    // No autosuggestion: its grey text after the cursor would be read as part of the line.
    source:
      'set -g fish_autosuggestion_enabled 0; function fish_prompt; echo -n "\\$ "; end; routersh completion fish | source',
  },
};

/** The shell in tmux, in `work`, with the completion sourced; one line of the screen is wide enough for a whole command. */
async function shell(name: (typeof SHELLS)[number]): Promise<Tmux> {
  const term = new Tmux(700, 30);
  const { command, source } = START[name];
  term.start(`sh -c ${shellQuote(`cd ${shellQuote(work)} && exec ${command}`)}`, {
    ...env,
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    XDG_DATA_HOME: join(home, 'data'),
  });
  term.type(`${source}; echo sourced`);
  term.keys('Enter');
  await term.waitFor(/^sourced$/m);
  term.type('clear');
  term.keys('Enter');
  await term.waitFor((s) => s.split('\n')[0]!.trim() === '$');
  return term;
}
/** The line being typed: the screen's first (the screen was cleared, the terminal is wide). */
const firstLine = (s: string) => s.split('\n')[0] ?? '';
const open = (c: QuoteContext) => (c === 'bare' ? '' : c);

/** Types `text`, presses Tab, and waits until the line shows `mark` (the candidate inserted). */
async function complete(t: Tmux, text: string, mark: string) {
  t.type(text);
  t.keys('Tab');
  await t.waitFor((s) => firstLine(s).includes(mark));
}

/**
 * The values completed in a quote context: a Latin square — value i in shell k's context
 * (i + k) mod 3 — so each shell completes every value once and has every context, and over the
 * three shells every value is completed in every context (each a Tab, a routersh of its own: 21
 * per shell were 45 s of CPU). Every value in every context in every shell: `npm run bench --
 * whole` (test/helpers/whole.ts).
 */
const inContext = (sh: (typeof SHELLS)[number], c: QuoteContext) =>
  [...VALUES.entries()].filter(
    ([i]) => WHOLE || (i + ['bash', 'zsh', 'fish'].indexOf(sh)) % CONTEXTS.length === CONTEXTS.indexOf(c),
  );

// Each shell is started once and serves both checks (a shell and the completion script it
// sources are ~1 s of CPU of the file's ~20).
describe.skipIf(!hasTmux())('completion inserts hostile values quoted: nothing runs (tmux)', () => {
  for (const sh of SHELLS)
    describe(sh, () => {
      let t: Tmux;
      beforeAll(async () => {
        t = await shell(sh);
      });
      afterAll(() => t.kill());

      it(`${sh}: router values and profile names inside '…', inside "…" and bare`, async () => {
        for (const c of CONTEXTS) {
          router.requests.length = 0;
          const p = PROFILES[c];
          const values = inContext(sh, c);
          // The profile's name, then each router value as a -c of its own, in the same quote.
          await complete(t, `routersh --profile ${open(c)}${p.typed}`, p.mark);
          for (const [i, v] of values) {
            await complete(t, ` -c ${open(c)}${quoteFor(v.typed, c)}`, v.mark);
            // The candidate ends with a blank inside the word: the quote is still open.
            t.type(`${quoteFor(`mtu ${1000 + i}`, c)}${open(c)}`);
          }
          await t.waitFor((s) => firstLine(s).endsWith(`${values.at(-1)![0]}${open(c)}`));
          t.keys('Enter');
          await until(() => posts().length === values.length, `the ${values.length} changes of ${c}`);
          expect(posts(), `${sh}, ${c}: ${firstLine(t.screen())}`).toEqual(
            values.map(([, v]) => ({ words: ['interface', v.value], user: p.user })),
          );
          expect(readdirSync(work), `${sh}, ${c}`).toEqual([]);
          await t.waitFor(/^done 2$/m);
          t.type('clear');
          t.keys('Enter');
          await t.waitFor((s) => firstLine(s).trim() === '$');
        }
      });

      it(`${sh}: names with control characters are not offered; descriptions shown sanitized`, async () => {
        t.type(`routersh --profile h -c 'interface "`);
        // bash lists on the second Tab; zsh and fish on the first (a second one then selects).
        t.keys('Tab');
        if (sh === 'bash') t.keys('Tab');
        const s = await t.waitFor((x) =>
          VALUES.filter((v) => v.value.startsWith('f') === false).every((v) => x.includes(v.mark)),
        );
        expect(s).not.toContain('CTRL');
        // zsh and fish show the descriptions: sanitized, the screen not cleared, no title set.
        if (sh !== 'bash') expect(s).toContain(SHOWN);
        expect(firstLine(s)).toContain(`routersh --profile h -c 'interface "`);
        const title = execFileSync(
          'tmux',
          ['-L', t.socket, 'display-message', '-p', '-t', 'app', '#{pane_title}'],
          {
            encoding: 'utf8',
          },
        );
        expect(title).not.toContain('pwned');
        expect(readdirSync(work)).toEqual([]);
      });
    });
});
