// Issue 36, "real data": four public Grafana dashboards — Node Exporter Full, vmalert,
// VictoriaMetrics, vmagent (test/corpus/grafana/SOURCES.md) — imported with the product's own
// `routersh dash import`, then opened with the built binary (`routersh dash FILE`) at 120×40 in
// tmux, against the telemetry API (the simulator's upstream mode) in front of Debian's
// victoria-metrics, fed by its vmagent scraping prometheus-node-exporter, VM, vmalert and itself
// (test/helpers/real-metrics.ts; `.ci/run` installs them, and without them this fails, naming
// the install). Checked for the first page of each dashboard (every page the import wrote in
// `npm run bench -- whole`):
// - the variables were fetched at open: a label-values request per label variable reached the
//   API, and no expression the API received has an empty alternation (`=~"()"`) or a variable
//   left in it;
// - walking the whole page (Tab, which the view follows; a collapsed row opened with Enter),
//   every panel's title appears in a box shown whole, and every panel shows data — unless VM
//   itself has none for its expression (test/helpers/dash-oracle.ts: the variables chosen from
//   VM's own label values, the expression sent to VM directly, before and after the walk),
//   which is the honest rule for metrics of hardware this machine lacks. A failure lists every panel
//   that broke the rule, with what its box showed.
// The window is narrowed to the last 2 minutes in each written file (the `time:` line): the
// data is ~20 s old (the harness waits for that), and VM draws a range query's points only from
// about one step after a series' first sample: over Grafana's 3 h or 24 h windows the steps are
// minutes long and every chart would be empty (a user of a fresh VM narrows the window in
// Grafana the same way). At 2 minutes the narrowest box's step is ~10 s.
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
  bothVerdicts,
} from '../helpers/dash-oracle.js';
import { type Box, type Item, readScreen, type Screen } from '../helpers/dash-screen.js';
import { type RealMetrics, startRealMetrics, startVmFront, type VmFront } from '../helpers/real-metrics.js';
import { WHOLE } from '../helpers/whole.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const CORPUS = new URL('../corpus/grafana/', import.meta.url).pathname;
const DASHBOARDS = ['rfmoz-node-exporter-full', 'vm-vmalert', 'vm-victoriametrics', 'vm-vmagent'];
const WINDOW: Window = { rangeSeconds: 120, stepSeconds: 5 };
const dir = mkdtempSync(join(tmpdir(), 'routersh-real-dash-'));

let real: RealMetrics | undefined;
let front: VmFront | undefined;
let router: RouterSim | undefined;
beforeAll(async () => {
  real = await startRealMetrics({ minDataAgeSeconds: 15 });
  front = await startVmFront(real.vm);
  router = await startRouterSim();
}, 120_000);
afterAll(async () => {
  await Promise.all([router?.close(), front?.close()]);
  await real?.stop();
});

/**
 * Pages checked at once, across the dashboards: each page is a routersh in a terminal and a
 * telemetry API of its own (so it reads only its own requests). Node Exporter Full's five
 * pages one after the other took as long as the other three dashboards together.
 */
const AT_ONCE = 4;
let running = 0;
const queue: Array<() => void> = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((r) => queue.push(r));
  running++;
  try {
    return await work();
  } finally {
    running--;
    queue.shift()?.();
  }
}

/** What a panel showed: its box's state and inside, where it was seen whole. */
interface Seen {
  key: string;
  title: string;
  cut: boolean;
  state: Box['state'];
  inside: string[];
}

// A narrow box cuts the message (`error: no ans`): its start is enough, no other error begins so.
const outOfTime = (b: Seen) =>
  b.state === 'error' && b.inside.some((l) => /error: no ans|no answer within/.test(l));

/** The screen's items with their place on the page (`rows a–b of n` gives the offset). */
const keyOf = (s: Screen, it: Item) => `${(s.where ? s.where.from - 1 : 0) + it.row}:${it.col}`;

/**
 * Waits until every box shown whole has its answer drawn (not loading, not blank); when some
 * never do (the screen's bug, reported), until VM has had nothing in flight and the screen no
 * output for 5 s (long enough that a starved routersh still drawing is not taken for one that
 * never will), so a failing run ends. A hang guard far above both.
 */
async function settled(term: Tmux, f: VmFront, title: string): Promise<Screen> {
  let quietSince = Date.now();
  let last = '';
  let screen: Screen | undefined;
  await term.waitFor((text) => {
    if (text !== last) {
      last = text;
      quietSince = Date.now();
    }
    screen = readScreen(text);
    // A frame reaches tmux in pieces: the status line (the dashboard's title) is drawn last.
    if (!screen.status.startsWith(title.slice(0, 24))) return false;
    const boxes = screen.items.filter((i): i is Box => i.kind === 'box' && i.full);
    // (A screen of row headers only has nothing to wait for.)
    if (boxes.every((b) => b.state !== 'pending')) return true;
    const idle = f.inFlight() === 0 && Date.now() - Math.max(quietSince, f.lastAnswerAt()) > 5000;
    return idle;
  }, 60_000);
  return screen!;
}

/** Tab `n` times, then waits for the focus to move (or the view: the status line's place). */
async function tab(term: Tmux, f: VmFront, title: string, before: Screen, n: number): Promise<Screen> {
  const was = focusKey(before);
  term.keys(...Array.from({ length: n }, () => 'Tab'));
  await term.waitFor((text) => {
    const s = readScreen(text);
    return focusKey(s) !== was || s.where?.from !== before.where?.from;
  }, 30_000);
  return settled(term, f, title);
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
async function walk(
  term: Tmux,
  f: VmFront,
  title: string,
): Promise<{ seen: Map<string, Seen>; notes: string[] }> {
  const seen = new Map<string, Seen>();
  const notes: string[] = [];
  let screen = await settled(term, f, title);
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
          title,
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
      screen = await settled(term, f, title);
      continue;
    }
    const next = screen.items.findIndex((i, k) => k > at && i.kind === 'box' && !i.full);
    if (next >= 0) {
      screen = await tab(term, f, title, screen, next - at);
      continue;
    }
    if (screen.where && screen.where.to < screen.where.of) {
      // Every box on screen is whole: the page goes on below.
      const last = screen.items.length - 1;
      screen = await tab(term, f, title, screen, Math.max(1, last - at + 1));
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
  /** Not judged: its fixed step is longer than the window (see judge). */
  stepTooLong: boolean;
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
    // A fixed step longer than the test's narrowed window: the product refuses it (`step 5m is
    // longer than the range`), which says nothing of the dashboard at its own window.
    const stepTooLong = (p.stepSeconds ?? 0) > WINDOW.rangeSeconds;
    if (!shown) problem = 'its title never appeared in a box shown whole';
    else if (stepTooLong && shown.state === 'error') problem = undefined;
    else if (verdict.has === 'data' && shown.state !== 'data')
      problem = `VM has data for it; the box shows ${shown.state}: ${JSON.stringify(shown.inside.filter(Boolean).join(' / ').slice(0, 160))}`;
    else if (verdict.has === 'nothing' && shown.state !== 'data' && shown.state !== 'empty')
      problem = `VM has no series for it; the box shows ${shown.state} (not a "no series" line): ${JSON.stringify(shown.inside.filter(Boolean).join(' / ').slice(0, 160))}`;
    else if (verdict.has === 'error' && shown.state === 'pending')
      problem = `VM refuses it (${verdict.why.slice(0, 100)}); the box is blank`;
    return { title, verdict, shown, problem, stepTooLong };
  });
}

interface Sent {
  path: string;
  body: Record<string, unknown>;
}

const sentSince = (tele: TelemetrySim, from: number): Sent[] =>
  tele.requests.slice(from).map((r) => ({
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
  // Each kind of fault once, with how often and one example.
  const faults = new Map<string, { n: number; example: string }>();
  const fault = (what: string, text: string) => {
    const f = faults.get(what) ?? { n: 0, example: text.slice(0, 160) };
    f.n++;
    faults.set(what, f);
  };
  for (const s of sent) {
    const texts = [s.body.expression, ...((s.body.matchers as unknown[]) ?? [])].filter(
      (t): t is string => typeof t === 'string',
    );
    for (const text of texts) {
      if (/=~\s*"\(\)"|=~\s*""/.test(text)) fault('an empty alternation (=~"()") reached the API', text);
      for (const n of namesIn(text).filter((n) => names.has(n) || n.startsWith('__')))
        fault(`$${n} reached the API unsubstituted (${s.path})`, text);
    }
  }
  for (const [what, f] of faults) out.push(`${what}: ${f.n} time(s), e.g. ${f.example}`);
  for (const [name, c] of chosen)
    if (c.fetched && c.fetched.length === 0)
      out.push(`$${name}: VM itself has no values for it (the oracle's own fetch)`);
  return out;
}

/** Runs `jobs` two at a time; their results in order. */
async function oneByTwo<T>(jobs: Array<() => Promise<T>>): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all([lane(), lane()]);
  return out;
}

async function checkPage(file: string): Promise<{ report: string[]; problems: string[] }> {
  const d = readFileDashboard(file);
  const chosen = await chooseVariables(d, real!, WINDOW);
  // Two of the oracle's queries at a time: all 64 of a page at once took VM's few search
  // slots from the pages being drawn beside it, whose panels then ran out of their 15 s.
  const ask = () =>
    oneByTwo(
      d.panels.map(
        (p) => () =>
          p.kind === 'chart' || p.kind === 'stat'
            ? vmVerdict(substitute(p.source, d.variables, chosen, WINDOW), real!)
            : Promise.resolve<Verdict>({ has: 'error', why: `a ${p.kind} panel: not a metrics query` }),
      ),
    );
  const before = await ask();
  const tele = await startTelemetrySim({ metricsUpstream: front!.url });
  const from = tele.requests.length;
  const env = {
    ROUTERSH_ROUTER: router!.url,
    ROUTERSH_USER: 'admin',
    ROUTERSH_PASSWORD: 'admin',
    ROUTERSH_TELEMETRY_URL: tele.url,
    ROUTERSH_TELEMETRY_KEY: tele.keys.demo,
    XDG_STATE_HOME: join(dir, 'state'),
    XDG_CONFIG_HOME: join(dir, 'config'),
  };
  let term = new Tmux(120, 40);
  try {
    term.start(`node ${BIN} dash ${file}`, env);
    const { seen, notes } = await walk(term, front!, d.title);
    // A box out of time (15 s a panel) is the machine's load, not the dashboard: beside
    // stress-ng a 100-panel dashboard left three so, and seven beside stress-ng and a fleet's
    // worth of other e2e files. They are looked at again in another opening (a box keeps its
    // best showing), four times at most; one out of time then stays a problem.
    for (let again = 0; again < 4 && [...seen.values()].some(outOfTime); again++) {
      term.kill();
      term = new Tmux(120, 40);
      term.start(`node ${BIN} dash ${file}`, env);
      const more = await walk(term, front!, d.title);
      for (const [key, box] of seen) {
        const next = more.seen.get(key);
        if (outOfTime(box) && next) seen.set(key, next);
      }
    }
    const after = await ask();
    const results = judge(
      d,
      seen,
      before.map((v, i) => bothVerdicts(v, after[i]!)),
    );
    const problems = [
      ...notes,
      ...variableProblems(d, sentSince(tele, from), chosen),
      ...results.filter((r) => r.problem).map((r) => `panel "${r.title}": ${r.problem}`),
    ];
    const count = (f: (r: PanelResult) => boolean) => results.filter(f).length;
    const report = [
      `${d.title}: ${d.panels.length} panels; shown whole ${count((r) => r.shown !== undefined)}; with data ${count((r) => r.shown?.state === 'data')}; VM has data for ${count((r) => r.verdict.has === 'data')}, nothing for ${count((r) => r.verdict.has === 'nothing')}, refuses ${count((r) => r.verdict.has === 'error')}; a fixed step over the window ${count((r) => r.stepTooLong)}; problems ${problems.length}`,
    ];
    return { report, problems };
  } finally {
    term.kill();
    await tele.close();
  }
}

/** The import's pages for one dashboard, each narrowed to the last 2 minutes. */
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
    writeFileSync(file, text.replace(/^time: .*$/m, 'time: 2m'));
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

describe.skipIf(!hasTmux()).concurrent('real Grafana dashboards on real data, at 120×40', () => {
  for (const name of DASHBOARDS) {
    it(`${name}: every panel shown, with data where VM has data; variables fetched`, async () => {
      const all: string[] = [];
      const problems: string[] = [];
      // `npm test` walks each dashboard's first page (237 of the 570 panels, every dashboard and
      // its variables); `npm run bench -- whole` walks every page (test/helpers/whole.ts).
      const pages = (await imported(name)).slice(0, WHOLE ? undefined : 1);
      const results = await Promise.all(pages.map((file) => slot(() => checkPage(file))));
      results.forEach((r, i) => {
        all.push(...r.report);
        problems.push(...r.problems.map((p) => `${pages[i]!.slice(dir.length + 1)}: ${p}`));
      });
      console.log([...all, ...problems.slice(0, 400)].join('\n'));
      expect(problems).toEqual([]);
    }, 600_000);
  }
});
