// Issue 19, start-up, each row against its baseline in the same run (bench/alternate.ts:
// alternated runs, median and range, ratios paired run by run):
// - `-c "show interface"` against a bare node:http script making the same POST (node:http,
//   not undici: the baseline must not load what is being measured; target ≤ 2×) and curl,
//   with the same POST through a bare undici Agent (startup-undici-post.ts) as the floor any
//   transport over undici has;
// - launch → a prompt that takes keys, in tmux, against a bare node prompt (a script that sets
//   raw mode, prints a prompt and echoes keys; target ≤ 200 ms): the time is from starting tmux
//   (its server and session, in control mode) to the echo of a key typed as soon as the prompt
//   shows;
// - `routersh --version` against `node -e 0` (target ≤ 1.5×);
// - where the time of `-c` goes: node boot, module load + config + session (to the first
//   connect), the requests (to the first output), output and exit — marked by a preload script.
// NODE_EXTRA_CA_CERTS (set in this sandbox, rarely on a user's machine) adds ~50 ms to every
// node start: it is unset for every process of every row, baselines included; one extra row
// measures `-c` with it set, when the environment has it. ROUTERSH_BENCH_BEFORE=/path/to/bin/routersh.cjs
// adds another build as one more arm of each row. (Needs `npm run build` first.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, pairedRatio, RUNS, rows, type Summary, summarize } from './alternate.js';
import { bundleForBench } from './bundle.js';
import { Control } from './tmux-control.js';
import { median, ROOT, startChildSims, timeRun } from './util.js';

const BIN = `${ROOT}bin/routersh.cjs`;
const BEFORE = process.env.ROUTERSH_BENCH_BEFORE;

const NODE_HTTP_POST = `
const http = require('node:http');
const body = JSON.stringify({ Actions: ['SHOW'] });
const req = http.request(process.argv[1] + '/api/interface', {
  method: 'POST',
  headers: {
    authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'),
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  },
}, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (d) => { text += d; });
  res.on('end', () => {
    const out = JSON.parse(text).NodeInfo?.ShowOutput;
    if (res.statusCode !== 200 || out === undefined) { process.stderr.write(text); process.exit(1); }
    process.stdout.write(String(out).slice(0, 10) + '\\n');
  });
});
req.end(body);
`;

/** The baseline prompt: raw mode, a prompt, every key echoed; Ctrl-D ends it. */
const BARE_PROMPT = `
process.stdin.setRawMode(true);
process.stdout.write('bare> ');
process.stdin.on('data', (d) => { if (d.includes(4)) process.exit(0); process.stdout.write(d); });
`;

/** Marks for the breakdown: preload (node booted), first connect, first output, exit. */
const MARKS = `
import net from 'node:net';
import { appendFileSync } from 'node:fs';
const marks = { boot: performance.now() };
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...a) { marks.connect ??= performance.now(); return connect.apply(this, a); };
const write = process.stdout.write;
process.stdout.write = function (...a) { marks.output ??= performance.now(); return write.apply(this, a); };
process.on('exit', () => { marks.exit = performance.now(); appendFileSync(process.env.ROUTERSH_BENCH_MARKS, JSON.stringify(marks) + '\\n'); });
`;

/** routersh's prompt, and the prompt with the key typed (the early prompt redraws its line). */
export const PROMPT = /admin@127\.0\.0\.1> /;
export const PROMPT_Q = /admin@127\.0\.0\.1> q/;

const hasCurl = (): boolean => spawnSync('curl', ['--version']).status === 0;

function envWithout(certs: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ROUTERSH_PASSWORD: 'admin' };
  delete env.CI;
  if (!certs) delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/**
 * ms from starting tmux to `prompt` on screen, and to the echo (`echo`) of a key typed then.
 * tmux runs in control mode, started by its client (`tmux -C new-session`): the time includes
 * tmux's own start, and each byte is seen as the pane receives it. (Polling `capture-pane` in a
 * loop, as this bench did until 28 Nov, ran a tmux client after another on this 2-core machine
 * while node started: the bare prompt's key took 163 ms that way, 105 ms this way.)
 */
export async function promptTimes(
  command: string,
  prompt: RegExp,
  echo: RegExp,
  env: Record<string, string>,
): Promise<[number, number]> {
  const c = new Control();
  const t0 = performance.now();
  try {
    c.start(command, env, { cols: 120, rows: 40 }, true);
    await c.until(prompt, 20_000);
    const shown = performance.now() - t0;
    await c.keys('-l q', echo, 20_000);
    return [shown, performance.now() - t0];
  } finally {
    c.stop();
  }
}

export async function benchStartup(): Promise<Record<string, number>> {
  const sims = await startChildSims();
  const dir = mkdtempSync(join(tmpdir(), 'routersh-bench-startup-'));
  try {
    const env = envWithout(false);
    const show = ['--router', sims.routerUrl, '--user', 'admin', '-c', 'show interface'];
    const r: Record<string, number> = { runs: RUNS };

    // 1. -c "show interface" against node:http and curl (a warm-up first: the disk cache).
    timeRun('node', [BIN, ...show], env);
    const url = `${sims.routerUrl}/api/interface`;
    const curlArgs = ['-sf', '-u', 'admin:admin', '-H', 'content-type: application/json', '-o', '/dev/null'];
    const undici = await bundleForBench('bench/startup-undici-post.ts');
    const one = await alternate([
      { name: 'cli', run: () => timeRun('node', [BIN, ...show], env) },
      { name: 'http', run: () => timeRun('node', ['-e', NODE_HTTP_POST, sims.routerUrl], env) },
      // A first run: nothing compiled kept yet (bin/code-cache.cjs), as after an install or upgrade.
      { name: 'cold', run: () => timeRun('node', [BIN, ...show], { ...env, ROUTERSH_CODE_CACHE: 'off' }) },
      { name: 'undici', run: () => timeRun('node', [undici, sims.routerUrl], env) },
      ...(hasCurl()
        ? [
            {
              name: 'curl',
              run: () => timeRun('curl', [...curlArgs, '--data', '{"Actions":["SHOW"]}', url], env),
            },
          ]
        : []),
      ...(BEFORE ? [{ name: 'before', run: () => timeRun('node', [BEFORE, ...show], env) }] : []),
    ]);
    const cli = one.cli as Summary;
    const http = one.http as Summary;
    Object.assign(r, rows('-c show interface ms', cli), rows('node:http POST ms', http));
    Object.assign(r, rows('-c show interface / node:http (target ≤ 2)', pairedRatio(cli, http)));
    Object.assign(
      r,
      rows(
        '-c show interface, no code cache (first run) / node:http',
        pairedRatio(one.cold as Summary, http),
      ),
    );
    // What undici's own load leaves: the same POST through a bare Agent, against node:http.
    Object.assign(r, rows('bare undici POST ms', one.undici as Summary));
    Object.assign(r, rows('bare undici POST / node:http', pairedRatio(one.undici as Summary, http)));
    if (one.curl) {
      Object.assign(r, rows('curl POST ms', one.curl));
      Object.assign(r, rows('-c show interface / curl', pairedRatio(cli, one.curl)));
    }
    if (one.before)
      Object.assign(r, rows('before: -c show interface / node:http', pairedRatio(one.before, http)));

    // 2. --version against node -e 0.
    const version = await alternate([
      { name: 'version', run: () => timeRun('node', [BIN, '--version'], env) },
      { name: 'node0', run: () => timeRun('node', ['-e', '0'], env) },
      ...(BEFORE ? [{ name: 'before', run: () => timeRun('node', [BEFORE, '--version'], env) }] : []),
    ]);
    if (version.before)
      Object.assign(
        r,
        rows('before: --version / node -e 0', pairedRatio(version.before, version.node0 as Summary)),
      );
    Object.assign(r, rows('routersh --version ms', version.version as Summary));
    Object.assign(r, rows('node -e 0 ms', version.node0 as Summary));
    Object.assign(
      r,
      rows(
        '--version / node -e 0 (target ≤ 1.5)',
        pairedRatio(version.version as Summary, version.node0 as Summary),
      ),
    );

    // 3. Launch → prompt in tmux, against a bare node prompt.
    const bare = join(dir, 'bare-prompt.cjs');
    writeFileSync(bare, BARE_PROMPT);
    const tmuxEnv = { ROUTERSH_PASSWORD: 'admin', XDG_STATE_HOME: dir, XDG_CONFIG_HOME: dir };
    const shell = `node ${BIN} --router ${sims.routerUrl} --user admin`;
    const prompts: Record<string, number[]> = { shown: [], keyed: [], bareShown: [], bareKeyed: [] };
    const launch = await alternate([
      {
        name: 'routersh',
        run: async () => {
          const [shown, keyed] = await promptTimes(shell, PROMPT, PROMPT_Q, tmuxEnv);
          prompts.shown?.push(shown);
          return keyed;
        },
      },
      {
        name: 'bare',
        run: async () => {
          const [shown, keyed] = await promptTimes(`node ${bare}`, /bare> /, /q/, {});
          prompts.bareShown?.push(shown);
          return keyed;
        },
      },
      ...(BEFORE
        ? [
            {
              name: 'before',
              run: async () =>
                (
                  await promptTimes(
                    `node ${BEFORE} --router ${sims.routerUrl} --user admin`,
                    PROMPT,
                    PROMPT_Q,
                    tmuxEnv,
                  )
                )[1],
            },
          ]
        : []),
    ]);
    if (launch.before) Object.assign(r, rows('before: launch → prompt takes a key ms', launch.before));
    Object.assign(r, rows('launch → prompt shown ms', summarize(prompts.shown ?? [])));
    Object.assign(r, rows('launch → prompt takes a key ms (target ≤ 200)', launch.routersh as Summary));
    Object.assign(r, rows('bare node prompt takes a key ms', launch.bare as Summary));
    Object.assign(
      r,
      rows(
        'launch → prompt / bare node prompt',
        pairedRatio(launch.routersh as Summary, launch.bare as Summary),
      ),
    );

    // 4. Where the time of -c goes (medians of per-run marks, ms since the process started),
    // and for the node:http baseline (its boot, then its one request and exit).
    const preload = join(dir, 'marks.mjs');
    writeFileSync(preload, MARKS);
    const builds: Array<[label: string, args: string[]]> = [
      ['-c', [BIN, ...show]],
      ...(BEFORE ? [['before: -c', [BEFORE, ...show]] as [string, string[]]] : []),
      ['node:http', ['-e', NODE_HTTP_POST, sims.routerUrl]],
    ];
    for (let i = 0; i < RUNS; i++)
      for (const [label, args] of builds)
        timeRun('node', ['--import', preload, ...args], {
          ...env,
          ROUTERSH_BENCH_MARKS: join(dir, `marks-${label.replace(/\W/g, '')}.jsonl`),
        });
    for (const [label] of builds) {
      const marks = readFileSync(join(dir, `marks-${label.replace(/\W/g, '')}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<'boot' | 'connect' | 'output' | 'exit', number>);
      const phase = (f: (m: (typeof marks)[number]) => number) => median(marks.map(f));
      r[`${label} breakdown: node boot ms`] = phase((m) => m.boot);
      r[`${label} breakdown: module load + config + session ms`] = phase((m) => m.connect - m.boot);
      r[`${label} breakdown: requests ms`] = phase((m) => m.output - m.connect);
      r[`${label} breakdown: output + exit ms`] = phase((m) => m.exit - m.output);
    }

    // 5. With NODE_EXTRA_CA_CERTS as this sandbox sets it (both arms).
    if (process.env.NODE_EXTRA_CA_CERTS) {
      const certs = envWithout(true);
      const withCerts = await alternate([
        { name: 'cli', run: () => timeRun('node', [BIN, ...show], certs) },
        { name: 'http', run: () => timeRun('node', ['-e', NODE_HTTP_POST, sims.routerUrl], certs) },
      ]);
      Object.assign(r, rows('with NODE_EXTRA_CA_CERTS: -c show interface ms', withCerts.cli as Summary));
      Object.assign(
        r,
        rows(
          'with NODE_EXTRA_CA_CERTS: -c / node:http',
          pairedRatio(withCerts.cli as Summary, withCerts.http as Summary),
        ),
      );
    }
    return r;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sims.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchStartup());
}
