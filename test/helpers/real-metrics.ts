// Real metrics on 127.0.0.1 (issue 36, "real data"): Debian's prometheus-node-exporter,
// victoria-metrics, vmalert (one recording and one alerting rule, so the vmalert dashboard has
// its own series) and vmagent scraping all four every 2 s and remote-writing to VM. Each on an
// ephemeral port with a temporary data directory; `start` resolves once VM holds node_*, vm_*,
// vmagent's and vmalert's own series (an event polled on VM's API, with a hang guard far above
// the few seconds it takes), `stop` ends the processes it started and removes the directories.
// A missing binary is an error naming the install command (`.ci/run` installs them): the tests
// that use this fail loudly rather than skip.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const INSTALL = 'apt-get install -y victoria-metrics prometheus-node-exporter';
/** The scrape (and rule evaluation) interval: data arrives within seconds. */
export const SCRAPE_SECONDS = 2;

export interface RealMetrics {
  /** VM's base URL (Prometheus API under /api/v1). */
  vm: string;
  ports: { node: number; vm: number; vmagent: number; vmalert: number };
  /** VM's Prometheus API, GET, parsed; throws on a non-2xx answer. */
  api(path: string, params?: Record<string, string | string[]>): Promise<PromAnswer>;
  /** The processes' stderr so far (for a failure's message). */
  logs(): string;
  stop(): Promise<void>;
}

export interface PromAnswer {
  status: string;
  data: unknown;
  error?: string;
}

/** The path of each binary, or an Error saying how to install the missing ones. */
export function findBinaries(): { node: string; vm: string; vmagent: string; vmalert: string } {
  const which = (name: string) =>
    spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  const found = {
    node: which('prometheus-node-exporter'),
    vm: which('victoria-metrics'),
    vmagent: which('vmagent'),
    vmalert: which('vmalert'),
  };
  const missing = Object.entries(found).filter(([, p]) => !p);
  if (missing.length)
    throw new Error(
      `real metrics need Debian's victoria-metrics (with vmagent, vmalert) and prometheus-node-exporter; missing: ${missing.map(([k]) => k).join(', ')}. Install them: ${INSTALL} (.ci/run does)`,
    );
  return found;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const RULES = `groups:
  - name: routersh-test
    interval: ${SCRAPE_SECONDS}s
    rules:
      - record: job:up:sum
        expr: sum by (job) (up)
      - alert: AlwaysFiring
        expr: vector(1)
        labels: { severity: info }
        annotations: { summary: a test alert that always fires }
`;

/**
 * Debian's build leaves vm_app_version's `version` empty (`version=""`), and the VictoriaMetrics
 * dashboards pick their jobs by it (`vm_app_version{version=~"^vmagent.*"}`): the scrape fills
 * it, in upstream's format with the package's version, as an operator of that build would.
 */
function versionRelabel(app: string): string {
  // `victoria-metrics\t1.79.5+ds1-2+b5` → 1.79.5
  const v = /\t(\d+(?:\.\d+)*)/.exec(
    spawnSync('dpkg-query', ['-W', 'victoria-metrics'], { encoding: 'utf8' }).stdout,
  )?.[1];
  const short = `v${v || '0.0.0'}`;
  return `    metric_relabel_configs:
      - source_labels: [__name__]
        regex: vm_app_version
        target_label: version
        replacement: ${app}-20230101-000000-tags-${short}-0-g0000000
      - source_labels: [__name__]
        regex: vm_app_version
        target_label: short_version
        replacement: ${short}
`;
}

function scrapeConfig(p: RealMetrics['ports']): string {
  const job = (name: string, port: number, app?: string) =>
    `  - job_name: ${name}\n    static_configs:\n      - targets: ['127.0.0.1:${port}']\n${app ? versionRelabel(app) : ''}`;
  return `global:\n  scrape_interval: ${SCRAPE_SECONDS}s\n  scrape_timeout: ${SCRAPE_SECONDS}s\nscrape_configs:\n${job('node', p.node)}${job('victoria-metrics', p.vm, 'victoria-metrics')}${job('vmagent', p.vmagent, 'vmagent')}${job('vmalert', p.vmalert, 'vmalert')}`;
}

/** What VM must hold before a test starts: one series of each, by metric selector. */
export const READY_SELECTORS = [
  'node_cpu_seconds_total',
  'node_uname_info',
  'vm_app_version{version=~"victoria-metrics-.*"}',
  'vm_app_version{version=~"^vmagent.*"}',
  'vmagent_remotewrite_requests_total',
  'vm_app_version{version=~"^vmalert.*"}',
  'vmalert_iteration_total',
];
/** Samples of each that VM must hold: a rate over them has two points at least. */
const READY_SAMPLES = 3;

export interface RealMetricsOptions {
  /** Hang guard of the wait for data (default 90 s). */
  readyTimeoutMs?: number;
  /**
   * Also wait until VM's oldest sample is this old: VM draws a range query's points only from
   * about one step after a series' first sample, so a panel at a 10 s step needs ~15 s of data.
   */
  minDataAgeSeconds?: number;
}

export async function startRealMetrics(o: RealMetricsOptions = {}): Promise<RealMetrics> {
  const bin = findBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'routersh-real-metrics-'));
  const [node, vm, vmagent, vmalert] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const ports = { node, vm, vmagent, vmalert };
  writeFileSync(join(dir, 'scrape.yml'), scrapeConfig(ports));
  writeFileSync(join(dir, 'rules.yml'), RULES);
  const base = `http://127.0.0.1:${vm}`;
  const children: ChildProcess[] = [];
  let stderr = '';
  // vmalert's notifier: an Alertmanager that accepts every alert (1.79 has no -notifier.blackhole).
  const alertmanager = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => alertmanager.listen(0, '127.0.0.1', resolve));
  const amPort = (alertmanager.address() as { port: number }).port;
  const run = (name: string, path: string, args: string[]) => {
    const child = spawn(path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      stderr = `${stderr}[${name}] ${d}`.slice(-20_000);
    });
    children.push(child);
  };
  // A test process that ends without stop() (a worker torn down) takes its servers with it.
  const orphans = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  };
  process.once('exit', orphans);
  const stop = async () => {
    process.off('exit', orphans);
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    alertmanager.closeAllConnections();
    await new Promise((r) => alertmanager.close(r));
    rmSync(dir, { recursive: true, force: true });
  };
  const api = async (path: string, params: Record<string, string | string[]> = {}) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) q.append(k, x);
    const res = await fetch(`${base}${path}?${q}`);
    // VM answers some refusals in plain text (`remoteAddr: …; couldn't start executing …`).
    const text = await res.text();
    let body: PromAnswer | undefined;
    try {
      body = JSON.parse(text) as PromAnswer;
    } catch {
      // Said below with the text itself.
    }
    if (!res.ok || !body) throw new Error(`VM ${path}: ${res.status} ${body?.error ?? text.slice(0, 300)}`);
    return body;
  };
  try {
    run('node-exporter', bin.node, [`--web.listen-address=127.0.0.1:${node}`]);
    run('victoria-metrics', bin.vm, [
      `-httpListenAddr=127.0.0.1:${vm}`,
      `-storageDataPath=${join(dir, 'vm')}`,
      '-loggerLevel=ERROR',
      // Samples are visible at once (default: 30 s later), and no response cache hides the
      // newest ones: the data is seconds old when the tests read it.
      '-search.latencyOffset=0s',
      '-search.disableCache',
      // A query waits for one of VM's few search slots (4 at once) as long as it takes: its
      // default 10 s queue refused the oracle's and the panels' queries beside stress-ng (a
      // 503 in plain text), which is the machine's load, not the dashboard's.
      '-search.maxQueueDuration=120s',
    ]);
    run('vmagent', bin.vmagent, [
      `-httpListenAddr=127.0.0.1:${vmagent}`,
      `-promscrape.config=${join(dir, 'scrape.yml')}`,
      `-remoteWrite.url=${base}/api/v1/write`,
      `-remoteWrite.tmpDataPath=${join(dir, 'vmagent')}`,
      '-remoteWrite.flushInterval=1s',
      '-loggerLevel=ERROR',
    ]);
    run('vmalert', bin.vmalert, [
      `-httpListenAddr=127.0.0.1:${vmalert}`,
      `-rule=${join(dir, 'rules.yml')}`,
      `-datasource.url=${base}`,
      `-remoteWrite.url=${base}`,
      '-remoteWrite.flushInterval=1s',
      `-remoteRead.url=${base}`,
      `-notifier.url=http://127.0.0.1:${amPort}`,
      `-evaluationInterval=${SCRAPE_SECONDS}s`,
      '-loggerLevel=ERROR',
    ]);
    for (const c of children)
      c.once('exit', (code, signal) => {
        stderr += `\n[exited] ${c.spawnfile} ${code ?? signal}`;
      });
    const guard = o.readyTimeoutMs ?? 90_000;
    const until = Date.now() + guard;
    for (;;) {
      const missing = await missingSelectors(api, base, o.minDataAgeSeconds ?? 0);
      if (missing.length === 0) break;
      const dead = children.find((c) => c.exitCode !== null);
      if (dead || Date.now() > until)
        throw new Error(
          `${dead ? `${dead.spawnfile} exited (${dead.exitCode})` : `no data after ${guard / 1000} s`}; VM lacks ${missing.join(', ')}\n${stderr}`,
        );
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  // From now on every sample is searchable within a second of its arrival, as a test reads it.
  const flusher = setInterval(() => void flush(base), 1000);
  flusher.unref();
  const stopped = stop;
  return {
    vm: base,
    ports,
    api,
    logs: () => stderr,
    stop: () => {
      clearInterval(flusher);
      return stopped();
    },
  };
}

/** VM makes new samples searchable ~10 s after they arrive; a flush makes them so at once. */
const flush = (base: string) =>
  fetch(`${base}/internal/force_flush`).then(
    (r) => r.text(),
    () => '',
  );

async function missingSelectors(api: RealMetrics['api'], base: string, minAge: number): Promise<string[]> {
  try {
    await flush(base);
    const out: string[] = [];
    if (minAge > 0) {
      // Samples of node-exporter's `up`, one per scrape: their count is the data's age.
      const r = await api('/api/v1/query', { query: 'count_over_time(up{job="node"}[5m])' });
      const n = Number((r.data as { result: Array<{ value: [number, string] }> }).result[0]?.value[1] ?? 0);
      if ((n - 1) * SCRAPE_SECONDS < minAge)
        out.push(`${minAge} s of data (${(n - 1) * SCRAPE_SECONDS} s so far)`);
    }
    for (const sel of READY_SELECTORS) {
      const r = await api('/api/v1/query', { query: `count_over_time(${sel}[1m])` });
      const result = (r.data as { result: Array<{ value: [number, string] }> }).result;
      if (!result.some((s) => Number(s.value[1]) >= READY_SAMPLES)) out.push(sel);
    }
    return out;
  } catch {
    return ['(VM not answering yet)'];
  }
}

/** A reverse proxy in front of VM: what reached VM, and whether any of it is still in flight. */
export interface VmFront {
  url: string;
  /** Each request's path and query parameters, in arrival order. */
  seen: Array<{ path: string; params: URLSearchParams }>;
  inFlight(): number;
  /** When the last answer went back (ms since the epoch). */
  lastAnswerAt(): number;
  close(): Promise<void>;
}

export async function startVmFront(vm: string): Promise<VmFront> {
  const seen: VmFront['seen'] = [];
  let inFlight = 0;
  let lastAnswerAt = Date.now();
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', vm);
    seen.push({ path: url.pathname, params: url.searchParams });
    inFlight++;
    const done = () => {
      inFlight--;
      lastAnswerAt = Date.now();
    };
    fetch(url, { method: req.method ?? 'GET' }).then(
      async (up) => {
        const body = Buffer.from(await up.arrayBuffer());
        res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
        res.end(body, done);
      },
      () => {
        res.writeHead(502).end(done);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    inFlight: () => inFlight,
    lastAnswerAt: () => lastAnswerAt,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
