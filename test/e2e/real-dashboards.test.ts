// Issue 36, "real data": four public Grafana dashboards — Node Exporter Full, vmalert,
// VictoriaMetrics, vmagent (test/corpus/grafana/SOURCES.md) — imported with the product's own
// `routersh dash import`, then opened with the built binary (`routersh dash FILE`) at 120×40 in
// tmux, against the telemetry API (the simulator's upstream mode) in front of Debian's
// victoria-metrics, fed by its vmagent scraping prometheus-node-exporter, VM, vmalert and itself
// (test/helpers/real-metrics.ts; `.ci/run` installs them, and without them this fails, naming
// the install). Checked for every page the import wrote:
// - the variables were fetched at open: a label-values request per label variable reached the
//   API, and no expression the API received has an empty alternation (`=~"()"`) or a variable
//   left in it;
// - walking the whole page (Tab, which the view follows; a collapsed row opened with Enter),
//   every panel's title appears in a box shown whole, and every panel shows data — unless VM
//   itself has none for its expression (test/helpers/dash-oracle.ts: the variables chosen from
//   VM's own label values, the expression sent to VM directly over the same window), which is
//   the honest rule for metrics of hardware this machine lacks. A failure lists every panel
//   that broke the rule, with what its box showed.
// The window is narrowed to the last 5 minutes in each written file (the `time:` line): the
// data is seconds old, and over Grafana's 3 h or 24 h windows VM's steps are minutes long, so
// the last point of a rate would fall before the first sample (a user with a fresh VM picks
// "Last 5 minutes" in Grafana the same way).
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../sim/telemetry/index.js';
import { pageFile } from '../../src/commands/dash-import.js';
import { runCommand } from '../helpers/command-io.js';
import {
  type Choice,
  chooseVariables,
  type FileDashboard,
  namesIn,
  readFileDashboard,
  substitute,
  type Verdict,
  vmVerdict,
  type Window,
} from '../helpers/dash-oracle.js';
import { type Box, type Item, readScreen, type Screen } from '../helpers/dash-screen.js';
import { type RealMetrics, startRealMetrics, startVmFront, type VmFront } from '../helpers/real-metrics.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const CORPUS = new URL('../corpus/grafana/', import.meta.url).pathname;
const DASHBOARDS = ['rfmoz-node-exporter-full', 'vm-vmalert', 'vm-victoriametrics', 'vm-vmagent'];
const WINDOW: Window = { rangeSeconds: 300, stepSeconds: 15 };
const dir = mkdtempSync(join(tmpdir(), 'routersh-real-dash-'));

let real: RealMetrics | undefined;
let front: VmFront | undefined;
let tele: TelemetrySim | undefined;
let router: RouterSim | undefined;
beforeAll(async () => {
  real = await startRealMetrics();
  front = await startVmFront(real.vm);
  [tele, router] = await Promise.all([startTelemetrySim({ metricsUpstream: front.url }), startRouterSim()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([tele?.close(), router?.close(), front?.close()]);
  await real?.stop();
});

/** What a panel showed: its box's state and inside, where it was seen whole. */
interface Seen {
  key: string;
  title: string;
  cut: boolean;
  state: Box['state'];
  inside: string[];
}

/** The screen's items with their place on the page (`rows a–b of n` gives the offset). */
const keyOf = (s: Screen, it: Item) => `${(s.where ? s.where.from - 1 : 0) + it.row}:${it.col}`;

/**
 * Waits until every box shown whole has its answer drawn (not loading, not blank); when some
 * never do (the screen's bug, reported), until VM has had nothing in flight and the screen no
 * output for 2 s, so a failing run ends. A hang guard far above both.
 */
async function settled(term: Tmux, f: VmFront): Promise<Screen> {
  let quietSince = Date.now();
  let last = '';
  let screen: Screen | undefined;
  await term.waitFor((text) => {
    if (text !== last) {
      last = text;
      quietSince = Date.now();
    }
    screen = readScreen(text);
    const boxes = screen.items.filter((i): i is Box => i.kind === 'box' && i.full);
    if (boxes.length > 0 && boxes.every((b) => b.state !== 'pending')) return true;
    const idle = f.inFlight() === 0 && Date.now() - Math.max(quietSince, f.lastAnswerAt()) > 2000;
    return idle;
  }, 60_000);
  return screen!;
}

/** Tab `n` times, then waits for the focus to move (or the view: the status line's place). */
async function tab(term: Tmux, f: VmFront, before: Screen, n: number): Promise<Screen> {
  const was = focusKey(before);
  term.keys(...Array.from({ length: n }, () => 'Tab'));
  await term.waitFor((text) => {
    const s = readScreen(text);
    return focusKey(s) !== was || s.where?.from !== before.where?.from;
  }, 30_000);
  return settled(term, f);
}

const focusKey = (s: Screen) => {
  const it = s.items.find((i) => i.focused);
  return it ? `${keyOf(s, it)}:${it.title}` : '';
};

/**
 * Walks one page: every box shown whole is recorded; a collapsed row is focused and opened;
 * then the focus moves to the first box not shown whole (the view follows it), until the page's
 * last line is on screen and every box on it is whole.
 */
async function walk(term: Tmux, f: VmFront): Promise<{ seen: Map<string, Seen>; notes: string[] }> {
  const seen = new Map<string, Seen>();
  const notes: string[] = [];
  let screen = await settled(term, f);
  for (let step = 0; step < 600; step++) {
    for (const it of screen.items) {
      if (it.kind !== 'box' || !it.full) continue;
      const key = keyOf(screen, it);
      const prev = seen.get(key);
      // A box seen again keeps its best showing (data drawn once counts).
      if (!prev || (prev.state !== 'data' && it.state !== 'pending'))
        seen.set(key, { key, title: it.title, cut: it.cut, state: it.state, inside: it.inside });
    }
    const at = screen.items.findIndex((i) => i.focused);
    const closed = screen.items.findIndex((i) => i.kind === 'row' && !i.open);
    if (closed >= 0) {
      if (closed !== at) {
        screen = await tab(
          term,
          f,
          screen,
          at < 0 ? 1 : (closed - at + screen.items.length) % screen.items.length,
        );
        continue;
      }
      term.keys('Enter');
      await term.waitFor(
        (text) => readScreen(text).items.some((i) => i.kind === 'row' && i.focused && i.open),
        30_000,
      );
      screen = await settled(term, f);
      continue;
    }
    const next = screen.items.findIndex((i, k) => k > at && i.kind === 'box' && !i.full);
    if (next >= 0) {
      screen = await tab(term, f, screen, next - at);
      continue;
    }
    if (screen.where && screen.where.to < screen.where.of) {
      // Every box on screen is whole: the page goes on below.
      const last = screen.items.length - 1;
      screen = await tab(term, f, screen, Math.max(1, last - at + 1));
      continue;
    }
    return { seen, notes };
  }
  notes.push('the walk did not end within 600 steps');
  return { seen, notes };
}

/** The panel a box shows: its title as written, variables standing for anything. */
function titleMatches(expected: string, box: Seen): boolean {
  const literal = expected.split(/\$\{?\w|\[\[/)[0]!;
  if (box.cut)
    return box.title.length <= literal.length ? literal.startsWith(box.title) : box.title.startsWith(literal);
  const rx = expected
    .split(/(\$\{\w+(?::\w+)?\}|\[\[\w+(?::\w+)?\]\]|\$\w+)/)
    .map((part, i) => (i % 2 ? '.*?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${rx}$`).test(box.title);
}

const shortSource = (s: string) => s.replace(/\s+/g, ' ').trim();

interface PanelResult {
  title: string;
  verdict: Verdict;
  shown: Seen | undefined;
  problem: string | undefined;
}

function judge(d: FileDashboard, seen: Map<string, Seen>, verdicts: Verdict[]): PanelResult[] {
  const boxes = [...seen.values()];
  const used = new Set<Seen>();
  return d.panels.map((p, i) => {
    const title = p.title ?? shortSource(p.source);
    const shown = boxes.find(
      (b) =>
        !used.has(b) &&
        (p.title !== undefined ? titleMatches(p.title, b) : title.startsWith(b.title) && b.title.length > 0),
    );
    if (shown) used.add(shown);
    const verdict = verdicts[i]!;
    let problem: string | undefined;
    if (!shown) problem = 'its title never appeared in a box shown whole';
    else if (verdict.has === 'data' && shown.state !== 'data')
      problem = `VM has data for it; the box shows ${shown.state}: ${JSON.stringify(shown.inside.filter(Boolean).join(' / ').slice(0, 160))}`;
    else if (verdict.has === 'nothing' && shown.state !== 'data' && shown.state !== 'empty')
      problem = `VM has no series for it; the box shows ${shown.state} (not a "no series" line): ${JSON.stringify(shown.inside.filter(Boolean).join(' / ').slice(0, 160))}`;
    else if (verdict.has === 'error' && shown.state === 'pending')
      problem = `VM refuses it (${verdict.why.slice(0, 100)}); the box is blank`;
    return { title, verdict, shown, problem };
  });
}

interface Sent {
  path: string;
  body: Record<string, unknown>;
}

const sentSince = (from: number): Sent[] =>
  tele!.requests.slice(from).map((r) => ({
    path: new URL(r.url, 'http://x').pathname.replace(/^\/api\/v1\//, ''),
    body: r.body ? (JSON.parse(r.body) as Record<string, unknown>) : {},
  }));

/** What the API received that shows the variables were not fetched or not put in. */
function variableProblems(d: FileDashboard, sent: Sent[], chosen: Map<string, Choice>): string[] {
  const out: string[] = [];
  for (const v of d.variables) {
    if (v.label === undefined) continue;
    const asked = sent.some((s) => s.path === 'metrics/label-values' && s.body.label === v.label);
    if (!asked) out.push(`$${v.name}: no label-values request for '${v.label}' reached the API`);
  }
  const names = new Set(d.variables.map((v) => v.name));
  for (const s of sent) {
    const expr = s.body.expression;
    if (typeof expr !== 'string') continue;
    if (/=~\s*"\(\)"|=~\s*""/.test(expr))
      out.push(`an empty alternation reached the API: ${expr.slice(0, 160)}`);
    const left = namesIn(expr).filter((n) => names.has(n) || n.startsWith('__'));
    if (left.length) out.push(`$${left[0]} left in an expression the API received: ${expr.slice(0, 160)}`);
  }
  for (const [name, c] of chosen)
    if (c.fetched && c.fetched.length === 0)
      out.push(`$${name}: VM itself has no values for it (the oracle's own fetch)`);
  return [...new Set(out)];
}

async function checkPage(file: string): Promise<{ report: string[]; problems: string[] }> {
  const d = readFileDashboard(file);
  const chosen = await chooseVariables(d, real!, WINDOW);
  const verdicts = await Promise.all(
    d.panels.map((p) =>
      p.kind === 'chart' || p.kind === 'stat'
        ? vmVerdict(p.kind, substitute(p.source, d.variables, chosen, WINDOW), real!, WINDOW)
        : Promise.resolve<Verdict>({ has: 'error', why: `a ${p.kind} panel: not a metrics query` }),
    ),
  );
  const from = tele!.requests.length;
  const term = new Tmux(120, 40);
  try {
    term.start(`node ${BIN} dash ${file}`, {
      ROUTERSH_ROUTER: router!.url,
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
      ROUTERSH_TELEMETRY_URL: tele!.url,
      ROUTERSH_TELEMETRY_KEY: tele!.keys.demo,
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CONFIG_HOME: join(dir, 'config'),
    });
    const { seen, notes } = await walk(term, front!);
    const results = judge(d, seen, verdicts);
    const problems = [
      ...notes,
      ...variableProblems(d, sentSince(from), chosen),
      ...results.filter((r) => r.problem).map((r) => `panel "${r.title}": ${r.problem}`),
    ];
    const count = (f: (r: PanelResult) => boolean) => results.filter(f).length;
    const report = [
      `${d.title}: ${d.panels.length} panels; shown whole ${count((r) => r.shown !== undefined)}; with data ${count((r) => r.shown?.state === 'data')}; VM has data for ${count((r) => r.verdict.has === 'data')}, nothing for ${count((r) => r.verdict.has === 'nothing')}, refuses ${count((r) => r.verdict.has === 'error')}; problems ${problems.length}`,
    ];
    return { report, problems };
  } finally {
    term.kill();
  }
}

/** The import's pages for one dashboard, each narrowed to the last 5 minutes. */
async function imported(name: string): Promise<string[]> {
  const out = join(dir, `${name}.yaml`);
  const ran = await runCommand(['dash', 'import', join(CORPUS, `${name}.json`), '-o', out]);
  expect(ran.code, ran.err).toBe(0);
  const pages: string[] = [];
  for (let n = 1; ; n++) {
    const file = pageFile(out, n);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      break;
    }
    expect(text, `${file} has a time line`).toMatch(/^time: .*$/m);
    writeFileSync(file, text.replace(/^time: .*$/m, 'time: 5m'));
    pages.push(file);
  }
  expect(pages.length).toBeGreaterThan(0);
  return pages;
}

it('the real data is there (no skip): VM holds node-exporter, VM, vmagent and vmalert series', async () => {
  const r = await real!.api('/api/v1/query', { query: 'count by (job) (up == 1)' });
  const jobs = (r.data as { result: Array<{ metric: { job: string } }> }).result
    .map((s) => s.metric.job)
    .sort();
  expect(jobs).toEqual(['node', 'victoria-metrics', 'vmagent', 'vmalert']);
});

describe.skipIf(!hasTmux())('real Grafana dashboards on real data, at 120×40', () => {
  for (const name of DASHBOARDS) {
    // TODO(H5/H6 landing): `it.fails` only until the screen side (compaction, minimum heights,
    // scrolling, rows: H5) and the variables side (fetched at open, All, escaping: H6) are on
    // main; then `it`. It documents today's failure: blank, squeezed boxes and `=~"()"`.
    it.fails(`${name}: every panel shown, with data where VM has data; variables fetched`, async () => {
      const all: string[] = [];
      const problems: string[] = [];
      for (const file of await imported(name)) {
        const r = await checkPage(file);
        all.push(...r.report);
        problems.push(...r.problems.map((p) => `${file.slice(dir.length + 1)}: ${p}`));
      }
      console.log([...all, ...problems.slice(0, 400)].join('\n'));
      expect(problems).toEqual([]);
    }, 600_000);
  }
});
