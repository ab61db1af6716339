// A dashboard file's text → the model (model.ts), or every mistake in it with its line, as a
// lesson file's are reported (features/lessons/parse.ts). Pure: the text is read elsewhere
// (dashboard-file.ts). The YAML library keeps each node's place, so a mistake deep in a panel
// names its own line; aliases are bounded before anything walks the tree.
import { LineCounter, parseDocument } from 'yaml';
import { readDuration, readStep, readTime } from '../../lang/time.js';
import type { Dashboard, Panel, TimeWindow, Variable } from '../../contract/dashboard.js';
import { cycleText, variableOrder } from './variable-load.js';
import { jsonTooDeepAt, MAX_NESTING, yamlTooDeepAt } from './nesting.js';
import { readPanels } from './validate-panels.js';
import { type DashIssue, MAX_ISSUES, Reader } from './validate-node.js';
import { readVariables, usedNames } from './validate-variables.js';

export type { DashIssue } from './validate-node.js';

/** Aliases a file may expand: enough for shared panel pieces, never a "billion laughs". */
export const MAX_ALIASES = 100;
const TOP_KEYS = ['title', 'time', 'refresh', 'scrape', 'variables', 'panels'];
const DEFAULT_TIME: TimeWindow = { since: '6h' };
export const DEFAULT_REFRESH_SECONDS = 10;

export type DashboardParse = { dashboard: Dashboard; warnings: DashIssue[] } | { issues: DashIssue[] };

export interface ParseOptions {
  /** Parse as JSON (a `.json` file): scalars as JSON writes them, errors at their JSON place. */
  json?: boolean;
  /** The clock `from`/`to` relative times are checked against. */
  now?: number;
}

/** The first line of the YAML library's message, without its own position. */
const yamlMessage = (m: string) => (m.split('\n')[0] ?? m).replace(/ at line \d+, column \d+:?$/, '');

export function parseDashboard(source: string, opts: ParseOptions = {}): DashboardParse {
  // Before the parser, whose composer recurses once per level: one line, not a stack overflow.
  const deep = opts.json ? jsonTooDeepAt(source) : yamlTooDeepAt(source);
  if (deep !== undefined)
    return {
      issues: [
        { line: deep, message: `nested more than ${MAX_NESTING} levels deep (a dashboard nests about 6)` },
      ],
    };
  const lines = new LineCounter();
  const doc = parseDocument(source, {
    lineCounter: lines,
    prettyErrors: true,
    uniqueKeys: true,
    ...(opts.json ? { schema: 'json' as const } : {}),
  });
  const r = new Reader(lines, (n) => {
    try {
      return (n as { resolve(d: typeof doc): ReturnType<typeof doc.createNode> | undefined }).resolve(doc);
    } catch {
      return undefined;
    }
  });
  for (const e of doc.errors) r.issue(e.linePos?.[0].line ?? 1, yamlMessage(e.message));
  if (r.issues.length) return { issues: r.issues };
  // Expands every alias once, counted: a file of nested aliases stops here, before the walk.
  try {
    doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    return {
      issues: [
        { line: 1, message: `too many YAML aliases (at most ${MAX_ALIASES}): ${(e as Error).message}` },
      ],
    };
  }
  const d = read(r, doc.contents, opts.now ?? Date.now());
  const issues = r.issues.filter((i) => !i.warning);
  if (issues.length || !d) return { issues: sortIssues(r.issues) };
  return { dashboard: d, warnings: sortIssues(r.issues) };
}

function read(r: Reader, root: unknown, now: number): Dashboard | undefined {
  if (root === null || root === undefined) {
    r.issue(1, "the file is empty: a dashboard needs 'title' and 'panels'");
    return undefined;
  }
  const f = r.map(root, 'a dashboard', TOP_KEYS);
  if (!f) return undefined;
  for (const k of ['title', 'panels']) if (!f.has(k)) r.issue(root, `a dashboard needs '${k}'`);
  const title = f.has('title') ? r.text(f.value('title'), "'title'") : undefined;
  const time = f.has('time') ? readWindow(r, f.value('time'), now) : DEFAULT_TIME;
  const refreshSeconds = f.has('refresh') ? readRefresh(r, f.value('refresh')) : DEFAULT_REFRESH_SECONDS;
  const scrape = f.has('scrape') ? readScrape(r, f.value('scrape')) : undefined;
  const variables = f.has('variables') ? readVariables(r, f.value('variables')) : [];
  // Variables that use each other cannot be fetched at open (variable-load.ts): one line.
  const order = variableOrder(variables);
  if ('cycle' in order)
    r.issue(variables.find((v) => v.name === order.cycle[0])?.line ?? 1, cycleText(order.cycle));
  const { panels, rows } = f.has('panels')
    ? readPanels(r, f.value('panels'), f.key('panels'))
    : { panels: [], rows: [] };
  checkUses(r, variables, panels);
  if (title === undefined || time === undefined || refreshSeconds === undefined) return undefined;
  if (f.has('scrape') && scrape === undefined) return undefined;
  return {
    title,
    time,
    refreshSeconds,
    ...(scrape !== undefined ? { scrape } : {}),
    variables,
    panels,
    ...(rows.length ? { rows } : {}),
  };
}

function readWindow(r: Reader, node: unknown, now: number): TimeWindow | undefined {
  const n = r.deref(node);
  if (n && 'items' in n) {
    const f = r.map(n, "'time'", ['from', 'to']);
    if (!f) return undefined;
    if (!f.has('from')) {
      r.issue(n, "'time' needs 'from' (and 'to', default now)");
      return undefined;
    }
    const from = r.text(f.value('from'), "'time: from'");
    const to = f.has('to') ? r.text(f.value('to'), "'time: to'") : 'now';
    if (from === undefined || to === undefined) return undefined;
    const a = readTime(from, now);
    const b = readTime(to, now);
    if (!a.ok) r.issue(f.value('from'), `'time: from': ${a.why}`);
    if (!b.ok) r.issue(f.value('to'), `'time: to': ${b.why}`);
    if (!a.ok || !b.ok) return undefined;
    if (a.value >= b.value) {
      r.issue(n, "'time': 'from' must be before 'to'");
      return undefined;
    }
    return { from, to };
  }
  const text = r.text(n ?? node, "'time' (a duration like 6h, or from/to)");
  if (text === undefined) return undefined;
  const since = text.replace(/^since\s+/, '');
  const d = readDuration(since);
  if (!d.ok) {
    r.issue(n, `'time': ${d.why}, or a map of from/to`);
    return undefined;
  }
  return { since };
}

/** `scrape: 30s`: the scrape interval $__rate_interval assumes (a STEP, as a panel's `step`). */
function readScrape(r: Reader, node: unknown): string | undefined {
  const text = r.word(node, "'scrape' (a duration like 30s)");
  if (text === undefined) return undefined;
  const s = readStep(text);
  if (!s.ok) r.issue(node, `'scrape': ${s.why}`);
  return s.ok ? text : undefined;
}

function readRefresh(r: Reader, node: unknown): number | undefined {
  const text = r.text(node, "'refresh' (a duration like 10s, or off)");
  if (text === undefined) return undefined;
  if (text === 'off') return 0;
  const d = readDuration(text);
  if (!d.ok) r.issue(node, `'refresh': ${d.why}, or off`);
  else if (d.value % 1000 !== 0) r.issue(node, "'refresh' is whole seconds");
  else return d.value / 1000;
  return undefined;
}

/** `$name` that no variable defines: a warning (a `$` may be LogsQL text or a regex's own). */
function checkUses(r: Reader, variables: readonly Variable[], panels: readonly Panel[]): void {
  const defined = new Set(variables.map((v) => v.name));
  const texts = (p: Panel): string[] =>
    p.kind === 'chart' || p.kind === 'stat'
      ? [p.expr]
      : p.kind === 'monitor'
        ? [p.list]
        : p.kind === 'show'
          ? [p.line]
          : [p.query];
  for (const p of panels)
    for (const name of new Set(texts(p).flatMap(usedNames)))
      if (!defined.has(name))
        r.warn(p.fileLine ?? 1, `warning: '$${name}' is not a variable of this dashboard (left as written)`);
  for (const v of variables) {
    const src = v.kind === 'label' ? v.match : v.kind === 'query' ? v.expr : undefined;
    for (const name of new Set(usedNames(src ?? '')))
      if (!defined.has(name))
        r.warn(v.line ?? 1, `warning: '$${name}' is not a variable of this dashboard (left as written)`);
  }
}

function sortIssues(issues: DashIssue[]): DashIssue[] {
  const sorted = [...issues].sort((a, b) => a.line - b.line);
  if (sorted.length <= MAX_ISSUES) return sorted;
  const rest = sorted.length - MAX_ISSUES;
  return [...sorted.slice(0, MAX_ISSUES), { line: sorted[MAX_ISSUES]!.line, message: `… and ${rest} more` }];
}

/** `FILE:LINE: message`, one a line, as compilers print them. */
export const dashIssueLines = (file: string, issues: readonly DashIssue[]): string =>
  issues.map((x) => `${file}:${x.line}: ${x.message}`).join('\n');
