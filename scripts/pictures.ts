// The pictures of README.md and docs/: routersh's own recordings against its simulators, so they
// stay true. For each picture, the built binary runs `--demo --record` in tmux, the keys a user
// would press are sent, and the recording is rendered as SVG (scripts/cast-svg.ts) at the
// moment the picture shows. Run: `npm run pictures` (needs tmux and `npm run build`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCast, screenWhen, svgOf } from './cast-svg.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(root, 'bin', 'routersh.cjs');
const OUT = join(root, 'docs', 'pictures');

type Step = { type: string } | { keys: string[] } | { wait: RegExp } | { pause: number };

interface Picture {
  file: string;
  title: string;
  cols: number;
  rows: number;
  steps: Step[];
  /** The frame to draw: the last one whose screen matches. */
  when: RegExp;
}

const PROMPT = /admin@127\.0\.0\.1(?: \[[^\]]*\])?> ?$/m;
const enter = (line: string): Step[] => [{ type: line }, { pause: 300 }, { keys: ['Enter'] }];

const PICTURES: Picture[] = [
  {
    file: 'tour.svg',
    title: 'routersh: a change, compare, and Tab completion from the live metadata',
    cols: 100,
    rows: 21,
    steps: [
      { wait: PROMPT },
      ...enter('interface eth1 mtu 9000'),
      { wait: /MTU of eth1 set to 9000/ },
      ...enter('interface eth1 description "to the lab"'),
      { wait: /Description/i },
      ...enter('compare'),
      { wait: /\+ interface eth1 description/ },
      { type: 'interface eth1 ' },
      { pause: 300 },
      { keys: ['Tab'] },
      { pause: 300 },
      { keys: ['Tab'] },
      { pause: 1200 },
    ],
    when: /\+ interface eth1 description[\s\S]*shutdown/,
  },
  {
    file: 'chart.svg',
    title: 'routersh: a live MetricsQL chart in the terminal',
    cols: 110,
    rows: 30,
    steps: [
      { wait: PROMPT },
      ...enter('metrics range sum by (grp) (rate(pkts_down[5m])) since 6h'),
      { wait: /refreshed \d/ },
      { pause: 1000 },
      { keys: ['q'] },
      { wait: PROMPT },
    ],
    when: /refreshed \d/,
  },
  {
    file: 'logs.svg',
    title: 'routersh: the log pane following a LogsQL search',
    cols: 110,
    rows: 30,
    steps: [
      { wait: PROMPT },
      ...enter('logs search level:error since 1h'),
      { wait: /End follow|following/ },
      { pause: 1500 },
      { keys: ['q'] },
      { wait: PROMPT },
    ],
    when: /\d{2}:\d{2}:\d{2}[\s\S]*(End follow|following)/,
  },
];

function tmux(socket: string, args: string[]): string {
  return execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
}

async function record(p: Picture, dir: string): Promise<string> {
  const socket = `routersh-pictures-${process.pid}`;
  const cast = join(dir, p.file.replace(/\.svg$/, '.cast'));
  const env = `env -u CI -u FORCE_COLOR -u NO_COLOR TERM=xterm-256color XDG_STATE_HOME=${dir}/state XDG_CONFIG_HOME=${dir}/config`;
  tmux(socket, [
    'new-session',
    '-d',
    '-s',
    'pic',
    '-x',
    String(p.cols),
    '-y',
    String(p.rows),
    `${env} node ${BIN} --demo --record ${cast}; sleep 5`,
  ]);
  try {
    for (const s of p.steps) {
      if ('type' in s) tmux(socket, ['send-keys', '-t', 'pic', '-l', s.type]);
      else if ('keys' in s) tmux(socket, ['send-keys', '-t', 'pic', ...s.keys]);
      else if ('pause' in s) await new Promise((r) => setTimeout(r, s.pause));
      else {
        const end = Date.now() + 15_000;
        while (!s.wait.test(tmux(socket, ['capture-pane', '-p', '-t', 'pic']))) {
          if (Date.now() > end) throw new Error(`${p.file}: the screen never showed ${s.wait}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
    tmux(socket, ['send-keys', '-t', 'pic', 'C-d']);
    await new Promise((r) => setTimeout(r, 800));
  } finally {
    tmux(socket, ['kill-server']);
  }
  return cast;
}

const dir = mkdtempSync(join(tmpdir(), 'routersh-pictures-'));
mkdirSync(OUT, { recursive: true });
const only = process.argv.slice(2);
for (const p of PICTURES.filter((x) => only.length === 0 || only.includes(x.file))) {
  const cast = parseCast(readFileSync(await record(p, dir), 'utf8'));
  const screen = await screenWhen(cast, (s) => p.when.test(s));
  writeFileSync(
    join(OUT, p.file),
    svgOf(screen, p.title, 'made by scripts/pictures.ts from a routersh --demo --record session'),
  );
  console.log(`docs/pictures/${p.file}`);
}
