// A fleet run (issue 39 item 4): one change to many hosts, wave by wave, each host inside a
// confirmed-change window that the run's ONE guard process watches (session/fleet-run-guard.ts;
// a guard per host would not fit at 1,000 hosts). After each wave its gate; the first failure
// past --max-fail decides the run `revert` (run decision file, atomic: the guard takes the same
// decision at a window's end) and every host the run changed is reverted; all gates passed
// decides it `confirmed` and every window is kept — so with --max-fail 0 the hosts end all
// before or all after the run, whoever (this process, the guard, `fleet undo`) finishes it.
// RUN's batch (`-i … -c`) calls runChange when the lines change more than one host.
import type { Config } from '../config/config.js';
import type { FleetFlags } from '../config/flags.js';
import type { FleetHost } from '../contract/fleet.js';
import type { WindowGuardPort } from '../contract/services.js';
import { commandFailedError, type Ending, failed, OK } from '../errors.js';
import { decide, decided } from '../features/changes/window-decision.js';
import { processStart } from '../features/changes/process-alive.js';
import {
  newRunId,
  type RunHost,
  type RunIndex,
  runFile,
  summary,
  writeRun,
} from '../features/fleet/runs/run-index.js';
import { regexEscape } from '../features/dashboards/interpolate.js';
import { checkWindow, durationOf, maxFailOf, planWaves } from '../features/fleet/runs/waves.js';
import { redactLine } from '../lang/secrets.js';
import { sanitizeLine } from '../term/sanitize.js';
import type { ClockSpec } from '../session/clock.js';
import {
  confirmHost,
  gateHost,
  gateMetrics,
  type HostSession,
  openWindow,
  revertHost,
  fleetGuardPort,
  withRunGuard,
  runLines,
  endingWhy,
} from './fleet-run-host.js';
import { guardCredentials, spawnGuard, type RunGuardCredentials } from '../session/guard.js';

export interface FleetRunContext {
  hosts: readonly FleetHost[];
  lines: readonly string[];
  fleet: FleetFlags;
  /** Each host's configuration (its credentials: to the run's guard through its pipe, and to it alone). */
  config(host: FleetHost): Readonly<Config>;
  /**
   * The host's session (RUN's fleet.session(host): cached, closed by its owner): a file journal,
   * and `guardPort` (fleetGuardPort: it hands out the run's one guard) as its window guard port.
   */
  open(host: FleetHost, o: { guardPort: WindowGuardPort }): Promise<HostSession>;
  env: NodeJS.ProcessEnv;
  stateDir: string;
  /** Hosts at once (`--forks`). */
  forks: number;
  /** Progress and the summary (stderr), the lines' output (stdout). */
  say(text: string): void;
  signal: AbortSignal;
  clock?: ClockSpec;
}

export interface FleetRunResult {
  run: RunIndex;
  /** What main.ts makes the exit status of: ok, partial (4: some hosts failed), failed. */
  ending: Ending;
  /** 0 all changed (or nothing to do), 4 some hosts failed and others not, 1 the run was reverted or failed. */
  status: 0 | 1 | 4;
}

/** A run's judged flags: refused up front, one line, before anything is sent. */
export function planRun(ctx: Pick<FleetRunContext, 'hosts' | 'fleet' | 'config'>) {
  const n = ctx.hosts.length;
  const sizes = planWaves(ctx.fleet.waves, n);
  const maxFail = maxFailOf(ctx.fleet.maxFail, n);
  const soakMs = ctx.fleet.soak !== undefined ? durationOf('--soak', ctx.fleet.soak) : 0;
  if (ctx.fleet.confirm !== undefined && ctx.fleet.confirm !== 'manual')
    throw new Error(`--confirm takes 'manual', not '${sanitizeLine(ctx.fleet.confirm)}'`);
  const timeoutMs = Math.max(...ctx.hosts.map((h) => ctx.config(h).timeoutMs), 1000);
  const windowMs = checkWindow(ctx.fleet.confirmWithin, {
    waves: sizes.length,
    soakMs,
    stepMs: 2 * timeoutMs,
  });
  return { sizes, maxFail, soakMs, windowMs, manual: ctx.fleet.confirm === 'manual' };
}

/** Starts the run's guard; refuses the run when none can start (nothing would end its windows). */
function startGuard(ctx: FleetRunContext, run: RunIndex): RunIndex {
  const creds: RunGuardCredentials = {
    hosts: Object.fromEntries(ctx.hosts.map((h) => [h.name, guardCredentials(ctx.config(h), ctx.clock)])),
    ...(ctx.clock ? { clock: ctx.clock } : {}),
  };
  const file = runFile(ctx.stateDir, run.id);
  const guard = spawnGuard(['__guard', '--run', run.id], `${file}.guard.log`, creds, ctx.env);
  if (!guard) throw new Error('a fleet run needs its guard process, and none could start (no built dist/)');
  return { ...run, guard };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    const stop = () => {
      clearTimeout(t);
      resolve();
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/** Runs `fn` over `items`, at most `forks` at once. */
async function pool<T>(items: readonly T[], forks: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(forks, items.length)) }, worker));
}

export async function runChange(ctx: FleetRunContext): Promise<FleetRunResult> {
  const plan = planRun(ctx);
  const now = Date.now();
  let wave = 0;
  let run: RunIndex = {
    v: 1,
    id: newRunId(now, process.pid),
    started: now,
    pid: process.pid,
    ...(processStart(process.pid) ? { pidStart: processStart(process.pid)! } : {}),
    lines: ctx.lines.map((l) => redactLine(l)),
    waves: plan.sizes,
    confirm: plan.manual ? 'manual' : 'auto',
    state: 'running',
    closed: false,
    hosts: ctx.hosts.map((h, i) => {
      while (i >= plan.sizes.slice(0, wave + 1).reduce((a, b) => a + b, 0)) wave++;
      return {
        name: h.name,
        router: h.router,
        wave: wave + 1,
        end: 'pending' as const,
        ...(h.user !== undefined ? { user: h.user } : {}),
        ...(h.passwordFile !== undefined ? { passwordFile: h.passwordFile } : {}),
        ...(h.tokenFile !== undefined ? { tokenFile: h.tokenFile } : {}),
      };
    }),
  };
  writeRun(ctx.stateDir, run);
  run = startGuard(ctx, run);
  writeRun(ctx.stateDir, run);
  ctx.say(
    `run ${run.id}: ${ctx.hosts.length} host(s) in ${plan.sizes.length} wave(s); its guard is process ${run.guard!.pid}`,
  );
  const driver = new RunDriver(ctx, run, plan);
  return withRunGuard(run.guard!, () => driver.drive());
}

type Plan = ReturnType<typeof planRun>;

/**
 * `--gate-metrics EXPR` for a wave: `$hosts` becomes its host names as a regex alternation, each
 * escaped for a PromQL regex inside "..." (the dashboards' escaping), e.g. `edge-01|edge\\.2`.
 */
export const gateQuery = (expr: string, names: readonly string[]): string =>
  expr.replace(/\$hosts\b/g, () => names.map(regexEscape).join('|'));

/** The state of one run as it goes: its index (rewritten at each step) and the hosts' sessions. */
class RunDriver {
  /** The hosts' sessions: their owner (ctx.open's) closes them. */
  private readonly sessions = new Map<string, HostSession>();
  private readonly byName: Map<string, FleetHost>;
  private failures = 0;

  constructor(
    private readonly ctx: FleetRunContext,
    private run: RunIndex,
    private readonly plan: Plan,
  ) {
    this.byName = new Map(ctx.hosts.map((h) => [h.name, h]));
  }

  private get file(): string {
    return runFile(this.ctx.stateDir, this.run.id);
  }

  private set(name: string, h: Partial<RunHost>): void {
    this.run = { ...this.run, hosts: this.run.hosts.map((x) => (x.name === name ? { ...x, ...h } : x)) };
    writeRun(this.ctx.stateDir, this.run);
  }

  private save(patch: Partial<RunIndex>): void {
    this.run = { ...this.run, ...patch };
    writeRun(this.ctx.stateDir, this.run);
  }

  private host(name: string): RunHost {
    return this.run.hosts.find((h) => h.name === name)!;
  }

  /** The result with its Ending: the failed hosts' whys (partial), or the run's summary (failed). */
  private result(status: 0 | 1 | 4): FleetRunResult {
    const whys = this.run.hosts
      .filter((h) => h.why !== undefined)
      .map((h) => commandFailedError(`${sanitizeLine(h.name)}: ${sanitizeLine(h.why!)}`));
    const ending: Ending =
      status === 0
        ? OK
        : status === 4
          ? { kind: 'partial', errors: whys }
          : failed(...whys, commandFailedError(summary(this.run)));
    return { run: this.run, status, ending };
  }

  async drive(): Promise<FleetRunResult> {
    for (let w = 1; w <= this.plan.sizes.length; w++) {
      if (this.ctx.signal.aborted) return this.revertAll('the run was interrupted');
      if (decided(this.file, 'run')?.kind === 'revert')
        return this.revertAll('the run was decided revert elsewhere');
      const names = this.run.hosts.filter((h) => h.wave === w).map((h) => h.name);
      this.ctx.say(`run ${this.run.id}: wave ${w}/${this.plan.sizes.length}: ${names.length} host(s)`);
      await pool(names, this.ctx.forks, (n) => this.apply(n));
      if (this.plan.soakMs > 0 && !this.ctx.signal.aborted) {
        this.ctx.say(`run ${this.run.id}: wave ${w}: soaking ${Math.round(this.plan.soakMs / 1000)}s`);
        await sleep(this.plan.soakMs, this.ctx.signal);
      }
      if (this.ctx.signal.aborted) return this.revertAll('the run was interrupted');
      await this.gate(names, w);
      const failed = names.filter((n) => this.host(n).end === 'failed');
      this.failures += failed.length;
      if (failed.length === 0) continue;
      if (this.failures > this.plan.maxFail)
        return this.revertAll(`${this.failures} host(s) failed (--max-fail ${this.plan.maxFail})`);
      await pool(failed, this.ctx.forks, (n) => this.revertOne(n));
    }
    return this.finish();
  }

  /** Opens the host's window, records it, then sends the lines inside it. */
  private async apply(name: string): Promise<void> {
    const host = this.byName.get(name)!;
    try {
      const s = await this.ctx.open(host, { guardPort: fleetGuardPort });
      this.sessions.set(name, s);
      const w = await openWindow(s.services, this.plan.windowMs, this.run.id, this.ctx.signal);
      // In the index before any change is sent: the guard and `fleet undo` find it there.
      this.set(name, { ...w, end: 'applying' });
      const r = await runLines(s.services, this.ctx.lines, this.ctx.signal);
      const why = endingWhy(r.ending, r.err);
      this.set(name, why ? { end: 'failed', why } : { end: 'changed' });
      this.ctx.say(`${sanitizeLine(name)}: ${why ? `failed: ${sanitizeLine(why)}` : 'changed'}`);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.set(name, { end: 'failed', why });
      this.ctx.say(`${sanitizeLine(name)}: failed: ${sanitizeLine(why)}`);
    }
  }

  /** The wave's gates on each host it changed; a host whose gate fails is `failed`. */
  private async gate(names: readonly string[], wave: number): Promise<void> {
    const gates = this.ctx.fleet.gates ?? [];
    const metrics = this.ctx.fleet.gateMetrics ?? [];
    const changed = names.filter((n) => this.host(n).end === 'changed');
    if (changed.length === 0 || (gates.length === 0 && metrics.length === 0)) return;
    await pool(changed, this.ctx.forks, async (n) => {
      const why = await gateHost(this.sessions.get(n)!.services, gates, this.ctx.signal);
      if (why) {
        this.set(n, { end: 'failed', why });
        this.ctx.say(`${sanitizeLine(n)}: ${sanitizeLine(why)}`);
      }
    });
    // The metrics gate is one query for the wave (its `$hosts`), through the first host's telemetry.
    const first = this.sessions.get(changed[0]!);
    for (const expr of metrics) {
      const why = first && (await gateMetrics(first.services, gateQuery(expr, changed), this.ctx.signal));
      if (!why) continue;
      this.ctx.say(`run ${this.run.id}: ${sanitizeLine(why)}`);
      for (const n of changed) if (this.host(n).end === 'changed') this.set(n, { end: 'failed', why });
    }
    const failing = changed.filter((n) => this.host(n).end === 'failed').length;
    const what = [...gates, ...metrics.map((m) => `metrics ${m}`)].map((g) => `'${g}'`).join(', ');
    this.ctx.say(
      `run ${this.run.id}: wave ${wave}: gate ${failing === 0 ? 'passed' : 'failed'} on ${
        failing === 0 ? changed.length : failing
      } of ${changed.length} host(s): ${sanitizeLine(what)}`,
    );
  }

  /** Reverts one host the run changed; `mine`: its window's decision is taken already. */
  private async revertOne(name: string, mine = false): Promise<void> {
    const s = this.sessions.get(name);
    const h = this.host(name);
    if (!s || !h.window) return;
    const after = await revertHost(s, h, this.ctx.say, mine);
    // A failed host keeps why it failed; where it ended is the revert's.
    this.set(name, { end: after.end, ...(h.why ? { why: h.why } : after.why ? { why: after.why } : {}) });
    this.ctx.say(`${sanitizeLine(name)}: ${this.host(name).end}`);
  }

  /**
   * The run is decided `revert`: every host it changed goes back. Each window's decision is taken
   * before the run's, so the guard (which reverts every window of a run decided `revert`) never
   * reverts one of them beside this process; a window it took first is its own to finish.
   */
  private async revertAll(why: string): Promise<FleetRunResult> {
    if (decided(this.file, 'run')?.kind === 'confirmed') return this.finish();
    this.ctx.say(`run ${this.run.id}: ${sanitizeLine(why)}: reverting every host it changed`);
    const by = `fleet run ${process.pid}`;
    const mine: string[] = [];
    for (const h of this.run.hosts) {
      if (!h.journal || !h.window || h.end === 'reverted') continue;
      const d = decide(h.journal, h.window, { kind: 'revert', by });
      if (d.won) mine.push(h.name);
      else
        this.set(h.name, {
          end: d.decision.kind === 'confirmed' ? 'confirmed' : 'reverted',
          why: `settled by ${d.decision.by}`,
        });
    }
    decide(this.file, 'run', { kind: 'revert', by });
    await pool(mine, this.ctx.forks, (n) => this.revertOne(n, true));
    const unsettled = this.run.hosts.some(
      (h) => h.end === 'unsettled' || h.end === 'applying' || h.end === 'changed',
    );
    // Closed last: from then on the guard may write where the hosts it settles ended.
    this.save({ state: unsettled ? 'unsettled' : 'reverted', closed: true });
    this.ctx.say(summary(this.run));
    return this.result(1);
  }

  /** Every wave passed (within --max-fail): confirm the run's windows, or leave them to `fleet confirm`. */
  private async finish(): Promise<FleetRunResult> {
    const kept = this.run.hosts.filter((h) => h.end === 'changed');
    if (this.plan.manual && kept.length > 0) {
      this.save({ state: 'awaiting-confirm', closed: true });
      const end = Math.min(...kept.map((h) => h.deadline ?? Infinity));
      this.ctx.say(
        `run ${this.run.id}: every gate passed; its windows stay open until ${new Date(end).toISOString()}: keep them: routersh fleet confirm ${this.run.id}; revert now: routersh fleet undo ${this.run.id}`,
      );
      return this.result(this.failures > 0 ? 4 : 0);
    }
    const d = decide(this.file, 'run', { kind: 'confirmed', by: `run ${process.pid}` });
    if (!d.won && d.decision.kind === 'revert')
      return this.revertAll(`the run was decided revert by ${d.decision.by}`);
    await pool(
      kept.map((h) => h.name),
      this.ctx.forks,
      async (n) => {
        const after = await confirmHost(this.sessions.get(n)!, this.host(n));
        this.set(n, { end: after.end, ...(after.why ? { why: after.why } : {}) });
      },
    );
    const failedAll = this.run.hosts.every((h) => h.end === 'failed' || h.end === 'reverted');
    this.save({ state: failedAll ? 'failed' : 'confirmed', closed: true });
    this.ctx.say(summary(this.run));
    return this.result(failedAll ? 1 : this.failures > 0 ? 4 : 0);
  }
}
