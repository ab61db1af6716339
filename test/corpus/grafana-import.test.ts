// The Grafana corpus (grafana/SOURCES.md): each public dashboard goes through `routersh dash
// import FILE -o OUT` (through the product's entry, as `routersh dash import` runs), and the written YAML is
// read back. Reported and checked:
// - the share of PromQL/MetricsQL targets imported (≥ 95 %), counted here from the JSON itself;
// - every imported expression is byte for byte a target expression of the original (the import
//   never rewrites one: variables are substituted only when a panel runs);
// - after substitution (interpolate, with each variable's default or first value, or `a.b` and
//   `c|d` for label and query variables, so regex escaping is exercised) every PromQL/MetricsQL
//   expression is accepted by a real engine: Debian's `victoria-metrics` on 127.0.0.1 (a 4xx is
//   a failure); skipped, and said, when it is not installed.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pageFile } from '../../src/commands/dash-import.js';
import { runCommand } from '../helpers/command-io.js';
import { type Chosen, interpolate } from '../../src/features/dashboards/interpolate.js';
import type { Variable } from '../../src/contract/dashboard.js';

const DIR = new URL('./grafana/', import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const tmp = mkdtempSync(join(tmpdir(), 'grafana-import-'));

type Json = Record<string, unknown>;
const LOGS_DS = 'victoriametrics-logs-datasource';

/** The original's targets: expression and whether it is LogsQL, rows flattened (collapsed too). */
function originalTargets(d: Json): Array<{ expr: string; logs: boolean }> {
  const out: Array<{ expr: string; logs: boolean }> = [];
  const walk = (panels: unknown) => {
    for (const p of (Array.isArray(panels) ? panels : []) as Json[]) {
      walk(p.panels);
      const pds = (p.datasource as Json | undefined)?.type;
      for (const t of (Array.isArray(p.targets) ? p.targets : []) as Json[]) {
        const ds = (t.datasource as Json | undefined)?.type ?? pds;
        if (typeof t.expr === 'string' && t.expr.trim()) out.push({ expr: t.expr, logs: ds === LOGS_DS });
      }
    }
  };
  walk(d.panels);
  return out;
}

/** The file's variables (docs/dashboards.md keys) as the model's. */
function variablesOf(doc: Json): Variable[] {
  return ((doc.variables ?? []) as Json[]).map((v) => {
    const base = {
      name: v.name as string,
      ...(v.multi ? { multi: true } : {}),
      ...(v.includeAll ? { includeAll: true } : {}),
      ...(typeof v.allValue === 'string' ? { allValue: v.allValue } : {}),
      ...(Array.isArray(v.default) ? { default: v.default as string[] } : {}),
    };
    if ('label' in v) return { ...base, kind: 'label', label: v.label as string };
    if ('query' in v) return { ...base, kind: 'query', expr: v.query as string };
    if ('interval' in v) return { ...base, kind: 'interval', values: v.interval as string[] };
    return { ...base, kind: 'list', values: v.values as string[] };
  });
}

/**
 * `defaults`: each variable's default, else its first value (`a.b` and `c|d` for label and query
 * variables, both when multi). `wide`: every multi variable with two values and every includeAll
 * one with All, so the alternation and allValue paths reach the engine too.
 */
function chosenOf(vars: Variable[], mode: 'defaults' | 'wide'): Record<string, Chosen> {
  const out: Record<string, Chosen> = {};
  for (const v of vars) {
    const listed = v.kind === 'list' || v.kind === 'interval' ? v.values : ['a.b', 'c|d'];
    if (mode === 'wide' && (v.multi || v.includeAll)) {
      out[v.name] = {
        values: listed.length > 1 ? listed.slice(0, 2) : [...listed, 'x.y'],
        all: v.includeAll === true,
      };
      continue;
    }
    const def = v.default?.filter((x) => x !== '$__all' && x !== 'All');
    const all = v.default?.includes('$__all') === true;
    const values = all ? listed : def?.length ? def : v.multi ? listed : listed.slice(0, 1);
    out[v.name] = { values, all };
  }
  return out;
}

interface Imported {
  file: string;
  promql: number;
  logsql: number;
  importedPromql: number;
  exprs: Array<{ expr: string; logs: boolean; variables: Variable[] }>;
  notExact: string[];
  reportedPromql: number;
}

const results: Imported[] = [];

beforeAll(async () => {
  for (const file of FILES) {
    const input = join(DIR.pathname, file);
    const out = join(tmp, file.replace(/\.json$/, '.yaml'));
    const ran = await runCommand(['dash', 'import', input, '-o', out]);
    const original = originalTargets(JSON.parse(readFileSync(input, 'utf8')) as Json);
    const pool = new Map<string, number>();
    for (const t of original) pool.set(t.expr, (pool.get(t.expr) ?? 0) + 1);
    const r: Imported = {
      file,
      promql: original.filter((t) => !t.logs).length,
      logsql: original.filter((t) => t.logs).length,
      importedPromql: 0,
      exprs: [],
      notExact: [],
      reportedPromql: Number(/of (\d+) PromQL/.exec(ran.err)?.[1] ?? -1),
    };
    expect(ran.code, `${file}: ${ran.err}`).toBe(0);
    for (let page = 1; ; page++) {
      let text: string;
      try {
        text = readFileSync(pageFile(out, page), 'utf8');
      } catch {
        break;
      }
      const doc = parse(text) as Json;
      const variables = variablesOf(doc);
      for (const p of doc.panels as Json[]) {
        const expr = (p.chart ?? p.stat ?? p.logs) as string | undefined;
        if (expr === undefined) continue;
        const n = pool.get(expr) ?? 0;
        if (n === 0) r.notExact.push(expr);
        else pool.set(expr, n - 1);
        const logs = p.logs !== undefined;
        if (!logs) r.importedPromql++;
        r.exprs.push({ expr, logs, variables });
      }
    }
    results.push(r);
  }
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the Grafana corpus imports', () => {
  it('≥ 95 % of PromQL/MetricsQL targets, every expression byte for byte', () => {
    let total = 0;
    let imported = 0;
    for (const r of results) {
      total += r.promql;
      imported += r.importedPromql;
      // the report's count of targets is the corpus's own
      expect(r.reportedPromql, r.file).toBe(r.promql);
      expect(r.notExact, r.file).toEqual([]);
    }
    const share = (100 * imported) / total;
    const logs = results.reduce((n, r) => n + r.logsql, 0);
    const logsImported = results.reduce((n, r) => n + r.exprs.filter((e) => e.logs).length, 0);
    // the percentages are this test's report
    console.log(
      `grafana import: ${imported} of ${total} PromQL/MetricsQL targets imported (${share.toFixed(2)} %) from ${results.length} dashboards; ${results.reduce((n, r) => n + r.exprs.length, 0)} expressions read back byte for byte (100 %); LogsQL: ${logsImported} of ${logs} (the others are stats queries in chart/stat/table panels, listed as skipped; no LogsQL engine checks them)`,
    );
    expect(share).toBeGreaterThanOrEqual(95);
  });
});

// ---- the real engine ----

const VM = spawnSync('sh', ['-c', 'command -v victoria-metrics'], { encoding: 'utf8' }).stdout.trim();
if (!VM)
  console.log(
    'note: victoria-metrics is not installed (apt-get install victoria-metrics): the engine check is skipped',
  );

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

describe.skipIf(!VM)('after substitution, victoria-metrics accepts', () => {
  let child: ChildProcess | undefined;
  let base = '';
  const data = mkdtempSync(join(tmpdir(), 'vm-data-'));
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(
      VM,
      [`-httpListenAddr=127.0.0.1:${port}`, `-storageDataPath=${data}`, '-loggerLevel=ERROR'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 200; i++) {
      const up = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('victoria-metrics did not start within 10 s');
  }, 180_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(data, { recursive: true, force: true });
  });

  it('every imported PromQL/MetricsQL expression', async () => {
    const failures: Array<{ expr: string; sent: string; why: string }> = [];
    let n = 0;
    for (const r of results)
      for (const e of r.exprs) {
        if (e.logs) continue;
        for (const mode of ['defaults', 'wide'] as const) {
          n++;
          const sent = interpolate(e.expr, {
            variables: e.variables,
            chosen: chosenOf(e.variables, mode),
            stepSeconds: 30,
            rangeSeconds: 3600,
          });
          const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(sent)}`);
          const body = await res.text();
          if (res.status >= 400 && res.status < 500)
            failures.push({ expr: e.expr, sent, why: body.slice(0, 200) });
        }
      }
    const share = (100 * (n - failures.length)) / n;
    console.log(
      `grafana import: ${n - failures.length} of ${n} substitutions (defaults, then multi values and All) accepted by victoria-metrics (${share.toFixed(2)} %)${failures.length ? `; rejected: ${JSON.stringify(failures.slice(0, 8), null, 1)}` : ''}`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
