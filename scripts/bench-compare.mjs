#!/usr/bin/env node
// Compares `npm run bench` between two checkouts of this repository (say, the commit before a
// change and the working tree after it). Builds each tree once, then runs the benchmark N times
// in each, alternating the trees and the order within a round (before/after, after/before, …) so
// that drift of a shared machine falls on both sides alike. Each run's .bench-out/latest.json is
// copied away right after the run (to <after>/.bench-out/compare/{before,after}-<i>.json, with
// the run's output next to it as .log), and the medians are compared per suite and metric.
//
//   node scripts/bench-compare.mjs --before DIR --after DIR [--runs N] [--out FILE.md]
//     [--timeout MIN] [--dir DIR] [--report-only] [SUITE-WORD…]
//
// SUITE-WORDs are passed on to `npm run bench --`; without any, every suite runs.
// --report-only renders the table again from copies already in --dir, without running anything.
// Plain Node, no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { resolve } from 'node:path';

const USAGE =
  'usage: node scripts/bench-compare.mjs --before DIR --after DIR [--runs N (default 5)] [--out FILE.md] ' +
  '[--timeout MIN (default 20)] [--dir COPIES-DIR] [--report-only] [SUITE-WORD…]';
const THRESHOLD = 0.1; // flag a change of the median beyond ±10 %

const fail = (msg, code = 2) => {
  process.stderr.write(`bench-compare: ${msg}\n`);
  process.exit(code);
};

// ---- arguments -------------------------------------------------------------------------------

function parseArgs(argv) {
  const o = { runs: 5, timeoutMin: 20, words: [], reportOnly: false };
  const value = (i, name) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) fail(`${name} needs a value; ${USAGE}`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (a === '--before' || a === '--after' || a === '--out' || a === '--dir') {
      o[a.slice(2)] = value(i, a);
      i++;
    } else if (a === '--runs' || a === '--timeout') {
      const v = value(i, a);
      const n = Number(v);
      if (!Number.isFinite(n) || n <= 0 || (a === '--runs' && !Number.isInteger(n))) {
        fail(`${a} must be a positive ${a === '--runs' ? 'integer' : 'number'}, not '${v}'`);
      }
      if (a === '--runs') o.runs = n;
      else o.timeoutMin = n;
      i++;
    } else if (a === '--report-only') {
      o.reportOnly = true;
    } else if (a === '--') {
      o.words.push(...argv.slice(i + 1));
      break;
    } else if (a.startsWith('--')) {
      fail(`unknown option ${a}; ${USAGE}`);
    } else {
      o.words.push(a);
    }
  }
  if (!o.before || !o.after) fail(`--before and --after are required; ${USAGE}`);
  for (const side of ['before', 'after']) {
    const dir = resolve(o[side]);
    if (!existsSync(`${dir}/package.json`) || !existsSync(`${dir}/bench/run.ts`)) {
      fail(`--${side} ${o[side]} is not a checkout of this repository (no package.json or bench/run.ts)`);
    }
    o[side] = realpathSync(dir);
  }
  o.dir = resolve(o.dir ?? `${o.after}/.bench-out/compare`);
  if (o.out) o.out = resolve(o.out);
  return o;
}

// ---- running ---------------------------------------------------------------------------------

const t0 = Date.now();
const secs = (from = t0) => `${Math.round((Date.now() - from) / 1000)}s`;
const progress = (msg) => process.stderr.write(`[bench-compare +${secs()}] ${msg}\n`);

let current; // the running child, killed on Ctrl-C or timeout
const killGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal); // the whole group: npm, sh, node and the bench's own children
  } catch {
    try {
      child.kill(signal);
    } catch {}
  }
};
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (current) killGroup(current, 'SIGKILL');
    process.stderr.write(`\nbench-compare: interrupted (${sig})\n`);
    process.exit(130);
  });
}

/** Runs `npm args…` in dir; resolves { code, timedOut, output }. Streams suite headings as progress. */
function runNpm(dir, args, { timeoutMs, label }) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn('npm', args, { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    let output = '';
    let partial = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      output += d;
      partial += d;
      const lines = partial.split('\n');
      partial = lines.pop();
      for (const l of lines) {
        if (l.startsWith('## ')) progress(`  ${label}: suite ${l.slice(3)} (run at ${secs(started)})`);
        else if (l.startsWith('failed (')) progress(`  ${label}: ${l.slice(0, 200)}`);
      }
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const heartbeat = setInterval(() => progress(`  ${label}: still running (${secs(started)})`), 60_000);
    const timer = setTimeout(() => {
      timedOut = true;
      progress(`  ${label}: timed out after ${secs(started)}, killing`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
    }, timeoutMs);
    child.on('error', (e) => {
      output += `\nspawn error: ${e.message}\n`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(heartbeat);
      current = undefined;
      done({ code: code ?? signal, timedOut, output, ms: Date.now() - started });
    });
  });
}

async function runAll(o) {
  mkdirSync(o.dir, { recursive: true });
  const timeoutMs = o.timeoutMin * 60_000;
  const trees = o.before === o.after ? [o.before] : [o.before, o.after];
  for (const dir of trees) {
    progress(`building ${dir}`);
    const b = spawnSync('npm', ['run', 'build'], { cwd: dir, encoding: 'utf8' });
    if (b.status !== 0) {
      process.stderr.write(`${b.stdout}${b.stderr}`);
      fail(`npm run build failed in ${dir}`, 1);
    }
  }
  const runs = []; // { side, i, ok, note }
  const durations = [];
  const total = o.runs * 2;
  for (let i = 1; i <= o.runs; i++) {
    const order = i % 2 === 1 ? ['before', 'after'] : ['after', 'before'];
    for (const side of order) {
      const dir = o[side];
      const label = `round ${i}/${o.runs} ${side}`;
      const done = runs.length;
      const eta = durations.length
        ? `, ~${Math.round(((total - done) * durations.reduce((a, b) => a + b, 0)) / durations.length / 1000)}s left`
        : '';
      progress(`${label} (${dir}) starting${eta}`);
      const latest = `${dir}/.bench-out/latest.json`;
      const startedAt = Date.now();
      const r = await runNpm(dir, ['run', 'bench', '--', ...o.words], { timeoutMs, label });
      durations.push(r.ms);
      const base = `${o.dir}/${side}-${i}`;
      writeFileSync(`${base}.log`, r.output);
      // A failed or killed run leaves the previous latest.json behind: only a file written
      // during this run counts.
      let fresh = false;
      try {
        fresh = statSync(latest).mtimeMs >= startedAt - 1000;
      } catch {}
      let note = '';
      if (r.timedOut) note = `timed out after ${o.timeoutMin} min`;
      else if (r.code !== 0) note = `exit ${r.code}`;
      if (fresh) copyFileSync(latest, `${base}.json`);
      else {
        writeFileSync(
          `${base}.json`,
          `${JSON.stringify({ at: null, failed: note || 'no latest.json written', results: {} })}\n`,
        );
        note ||= 'no latest.json written';
      }
      runs.push({ side, i, ok: fresh && !note, note });
      progress(
        `${label} done in ${secs(startedAt)}` +
          (note ? ` — ${note}; no results (output in ${base}.log)` : `; copied to ${base}.json`),
      );
    }
  }
  return runs;
}

// ---- report ----------------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const fmt = (v) => {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1000) return Math.round(v).toLocaleString('en-US');
  if (a >= 100) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  if (a === 0) return '0';
  return v.toPrecision(3);
};

const pct = (r) => `${r >= 1 ? '+' : '−'}${(Math.abs(r - 1) * 100).toFixed(1)} %`;

/** Reads the copies: { before: [results…], after: [results…] } indexed by run, null when unreadable. */
function load(o) {
  const out = { before: [], after: [] };
  for (const side of ['before', 'after']) {
    for (let i = 1; i <= o.runs; i++) {
      const f = `${o.dir}/${side}-${i}.json`;
      try {
        out[side].push(JSON.parse(readFileSync(f, 'utf8')).results ?? {});
      } catch {
        out[side].push(null);
      }
    }
  }
  return out;
}

/** The log's "failed (…)" line for a suite, if the run printed one. */
function suiteFailure(o, side, i, suite) {
  try {
    const log = readFileSync(`${o.dir}/${side}-${i}.log`, 'utf8');
    const at = log.indexOf(`## ${suite}\n`);
    if (at < 0) return 'not run';
    const next = log.slice(at + suite.length + 4).split('\n')[0];
    return next.startsWith('failed (') ? next.slice(0, 160) : 'no result';
  } catch {
    return 'no result';
  }
}

function report(o, data, runs) {
  const lines = [];
  const w = (s = '') => lines.push(s);
  const words = o.words.length ? o.words.map((x) => `'${x}'`).join(' ') : '(all suites)';
  w('# Benchmark comparison');
  w();
  w(`- before: \`${o.before}\``);
  w(`- after: \`${o.after}\``);
  w(`- runs: ${o.runs} per side, alternating; suites: ${words}; copies in \`${o.dir}\``);
  w(
    `- cells: median [min–max] over the runs; ratio = after median / before median; ` +
      `⚠ when the ratio is beyond ±${THRESHOLD * 100} %; "overlap" when the two ranges overlap ` +
      '(then the change may be noise); "noisy" when a side\'s own runs spread beyond ' +
      `±${THRESHOLD * 100} % of its median`,
  );
  if (o.before === o.after) w('- note: before and after are the same tree (a noise check)');
  const failedRuns = (runs ?? []).filter((r) => !r.ok);
  for (const r of failedRuns) w(`- run ${r.side}-${r.i} failed: ${r.note}`);
  for (const side of ['before', 'after']) {
    data[side].forEach((r, k) => {
      if (r === null) w(`- ${side}-${k + 1}.json missing or unreadable`);
    });
  }

  const suites = [];
  for (const side of ['before', 'after']) {
    for (const r of data[side]) for (const s of Object.keys(r ?? {})) if (!suites.includes(s)) suites.push(s);
  }
  if (!suites.length) w('\nNo suite produced results in any run.');
  const flagged = [];
  const noisy = [];
  for (const suite of suites) {
    w();
    w(`## ${suite}`);
    w();
    const missing = [];
    for (const side of ['before', 'after']) {
      data[side].forEach((r, k) => {
        if (!r?.[suite]) missing.push(`${side}-${k + 1} (${suiteFailure(o, side, k + 1, suite)})`);
      });
    }
    if (missing.length) w(`**Missing in ${missing.length} run(s):** ${missing.join('; ')}`);
    if (missing.length) w();
    const metrics = [];
    for (const side of ['before', 'after']) {
      for (const r of data[side])
        for (const m of Object.keys(r?.[suite] ?? {})) if (!metrics.includes(m)) metrics.push(m);
    }
    const rows = [['metric', 'before', 'after', 'after/before', 'flag']];
    for (const m of metrics) {
      // Metrics that are themselves ratios or targets ("a / b", "…_ratio", "(target ≤ 3)"); a bare
      // unit such as "rec/s" does not count. They are compared like every other metric.
      const kind = /ratio|target|\s\/\s/i.test(m) ? ' *(ratio/target)*' : '';
      const cell = {};
      const vals = {};
      for (const side of ['before', 'after']) {
        const xs = data[side]
          .map((r) => r?.[suite]?.[m])
          .filter((x) => typeof x === 'number' && Number.isFinite(x));
        vals[side] = xs;
        cell[side] = xs.length
          ? `${fmt(median(xs))} [${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}]${xs.length < o.runs ? ` (n=${xs.length})` : ''}`
          : '—';
      }
      let ratio = '—';
      let flag = '';
      if (vals.before.length && vals.after.length) {
        const mb = median(vals.before);
        const ma = median(vals.after);
        if (mb !== 0) {
          const r = ma / mb;
          ratio = r.toFixed(3);
          if (Math.abs(r - 1) > THRESHOLD) {
            const overlap =
              Math.max(...vals.before) >= Math.min(...vals.after) &&
              Math.max(...vals.after) >= Math.min(...vals.before);
            flag = `⚠ ${pct(r)}${overlap ? ' (overlap)' : ''}`;
            flagged.push(`${suite} — ${m}: ${pct(r)}${overlap ? ' (ranges overlap)' : ''}`);
          }
        } else if (ma !== 0) {
          ratio = '∞';
          flag = '⚠ was 0';
          flagged.push(`${suite} — ${m}: was 0, now ${fmt(ma)}`);
        } else ratio = '1.000';
      } else {
        flag = vals.before.length ? 'only before' : 'only after';
      }
      // A side whose own runs spread beyond the threshold: a change of that size proves little.
      const spreads = ['before', 'after']
        .filter((side) => vals[side].length > 1 && median(vals[side]) !== 0)
        .map((side) => {
          const med = median(vals[side]);
          const sp = Math.max(Math.max(...vals[side]) / med - 1, 1 - Math.min(...vals[side]) / med);
          return [side, Math.abs(sp)];
        })
        .filter(([, sp]) => sp > THRESHOLD);
      if (spreads.length) {
        const what = spreads.map(([side, sp]) => `${side} ±${(sp * 100).toFixed(0)} %`).join(', ');
        flag = `${flag ? `${flag}; ` : ''}noisy (${what})`;
        noisy.push(`${suite} — ${m}: ${what}`);
      }
      rows.push([`${m}${kind}`, cell.before, cell.after, ratio, flag]);
    }
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
    const line = (r) => `| ${r.map((x, c) => x.padEnd(widths[c])).join(' | ')} |`;
    w(line(rows[0]));
    w(
      `|${widths.map((n, c) => (c === 0 || c === 4 ? '-'.repeat(n + 2) : `${'-'.repeat(n + 1)}:`)).join('|')}|`,
    );
    for (const r of rows.slice(1)) w(line(r));
  }
  w();
  if (suites.length)
    w(
      flagged.length
        ? `## Beyond ±${THRESHOLD * 100} %\n\n${flagged.map((f) => `- ${f}`).join('\n')}`
        : `No metric's median moved beyond ±${THRESHOLD * 100} %.`,
    );
  if (noisy.length) {
    w();
    w(`## Noisy: runs of one side spread beyond ±${THRESHOLD * 100} % of their median`);
    w();
    for (const n of noisy) w(`- ${n}`);
  }
  return `${lines.join('\n')}\n`;
}

// ---- main ------------------------------------------------------------------------------------

const o = parseArgs(process.argv.slice(2));
let runs;
if (o.reportOnly) {
  if (!existsSync(o.dir)) fail(`--report-only: no copies in ${o.dir}`);
} else {
  progress(
    `${o.runs} run(s) per side, timeout ${o.timeoutMin} min each; suites: ${o.words.join(' ') || '(all)'}; copies in ${o.dir}`,
  );
  runs = await runAll(o);
}
const data = load(o);
const md = report(o, data, runs);
process.stdout.write(`\n${md}`);
if (o.out) {
  writeFileSync(o.out, md);
  progress(`written to ${o.out}`);
}
const any = [...data.before, ...data.after].some((r) => r && Object.keys(r).length);
progress(any ? 'done' : 'done, but no run produced any result');
process.exit(any ? 0 : 1);
