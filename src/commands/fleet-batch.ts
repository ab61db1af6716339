// `routersh -i INV [--limit P] [--forks N] -c CMD… | -f FILE` (and stdin): the commands run on
// every selected host as a script runs on one (the same runner, the host's own session and
// journal), at most --forks hosts at once (session/fleet.ts). Text: a progress line on a terminal,
// then each command's answers grouped (features/fleet/run/report.ts); --json: one line per host
// and command in completion order, and a summary. A change to more than one host is a run
// (commands/fleet-run.ts, WAVES): asked on a terminal, refused in a script without --yes.
import { setMaxListeners } from 'node:events';
import type { Flags } from '../cli/args.js';
import type { Config } from '../config/config.js';
import type { CommandIo } from '../contract/command-io.js';
import type { FleetHost } from '../contract/fleet.js';
import { cancelledError, type Ending, failed, fleetEnding, internalError, usageError } from '../errors.js';
import {
  type CommandResult,
  groupedText,
  jsonLine,
  progressLine,
  summarize,
  summaryJson,
  summaryText,
} from '../features/fleet/run/report.js';
import { parseForks, type PoolProgress } from '../features/fleet/run/pool.js';
import { commandConfig } from '../session/connect.js';
import type { FleetBatch } from './fleet-change.js';
import { fleetScript } from './fleet-script.js';
import { HostTally, runShard, type ShardEvent, type ShardInput } from './fleet-shard.js';
import { runOnThread, threadsFor } from './fleet-threads.js';
import { baselineWasmOnly, hotOnlyOptimised } from './v8-flags.js';

export async function runFleetBatch(
  flags: Flags,
  io: CommandIo,
  hosts: readonly FleetHost[],
): Promise<Ending> {
  if (flags.router !== undefined)
    throw usageError('--router is refused with an inventory: its hosts name their routers');
  // As one router's script (v8-flags.ts): V8's optimising of undici's HTTP parser in the
  // background cost ~0.25 s of CPU at every start, more than 1,000 hosts' answers gain by it.
  baselineWasmOnly();
  hotOnlyOptimised();
  const forks = parseForks(flags.fleet?.forks);
  if (typeof forks !== 'number') throw usageError(forks.error);
  const lines = await fleetScript(flags, io);
  const { router: _, ...rest } = flags;
  const base = commandConfig(rest, io);
  const controller = new AbortController();
  // What runs per host may listen on the run's signal (a run's waves, its lines' lookups):
  // more than Node's 10 listeners is no leak here.
  setMaxListeners(forks + 64, controller.signal);
  const stopInterrupt = io.onInterrupt(() => controller.abort());
  try {
    if (!flags.dryRun && hosts.length > 1) {
      const { changeRun } = await import('./fleet-change.js');
      const ran = await changeRun({ flags, io, hosts, lines, base, forks, signal: controller.signal });
      if (ran) return ran;
    }
    return await eachHost({ flags, io, hosts, lines, base, forks, signal: controller.signal });
  } finally {
    stopInterrupt();
  }
}

/** The whole-host bound: twice the request timeout per command, so a host that trickles never holds the run. */
export const hostBoundOf = (base: Readonly<Config>, lines: number): number =>
  2 * base.timeoutMs * Math.max(1, lines);

async function eachHost(b: FleetBatch): Promise<Ending> {
  const { io, lines, base } = b;
  const json = base.json;
  const started = performance.now();
  const results: CommandResult[] = [];
  const progress = terminalProgress(io);
  const failedHosts = new Set<string>();
  const input: ShardInput = {
    base,
    hosts: b.hosts,
    lines,
    forks: b.forks,
    hostBoundMs: hostBoundOf(base, lines.length),
    env: io.env,
    json,
    keepGoing: base.keepGoing,
    dryRun: b.flags.dryRun === true,
    yes: b.flags.yes === true,
    allowUnrevertable: b.flags.allowUnrevertable === true,
  };
  // Many hosts on a machine of 2 cores or more: a second thread takes its share (fleet-threads.ts).
  const threads = threadsFor(b.hosts.length, b.forks, io.env);
  const shares: PoolProgress[] = [];
  const tally = new HostTally(lines);
  const emitFor =
    (share: number) =>
    (e: ShardEvent): void => {
      if (e.kind === 'record') {
        const r = e.result;
        tally.note(r);
        results.push(r);
        if (r.error) failedHosts.add(r.host);
        if (json) io.out(jsonLine(r));
      } else if (e.kind === 'warn') io.err(`warning: ${e.message}\n`);
      else if (progress) {
        shares[share] = e.progress;
        progress.show(
          progressLine({ ...sumProgress(shares), total: b.hosts.length, failed: failedHosts.size }),
        );
      }
    };
  try {
    if (threads === 1) await runShard(input, emitFor(0), b.signal);
    else {
      const next = new Int32Array(new SharedArrayBuffer(4));
      const [, other] = await Promise.all([
        runShard({ ...input, forks: Math.ceil(b.forks / 2), next }, emitFor(0), b.signal),
        runOnThread({ ...input, forks: Math.floor(b.forks / 2), next }, emitFor(1), b.signal),
      ]);
      // The thread ended early (it failed): each host it left unfinished fails, once.
      if (other !== true) {
        const error = b.signal.aborted
          ? cancelledError()
          : internalError(`the run's second thread failed: ${other}`);
        for (const host of b.hosts) {
          const cut = tally.cutOff(host.name, error, 0);
          if (cut) emitFor(1)({ kind: 'record', result: cut });
        }
      }
    }
  } finally {
    progress?.done();
  }
  const summary = summarize(
    b.hosts.map((h) => h.name),
    results,
    Math.round(performance.now() - started),
  );
  if (json) io.out(summaryJson(summary));
  else {
    const { out, err } = groupedText(lines, results);
    io.out(out);
    io.err(err);
    // A script that went well stays quiet on stderr, as one router's does; a terminal, or a
    // run where some host failed, gets the count.
    if (progress || summary.ok < summary.hosts) io.err(summaryText(summary));
  }
  const errors = results.flatMap((r) => (r.error ? [r.error] : []));
  // Ctrl-C: as one router's script, cancelled (exit 1).
  if (b.signal.aborted) return failed(cancelledError());
  return fleetEnding(b.hosts.length, errors, failedHosts.size);
}

/** The threads' progress as one run's: the slowest host of either (the total is the run's). */
function sumProgress(shares: readonly PoolProgress[]): PoolProgress {
  const sum: PoolProgress = { total: 0, done: 0, failed: 0, running: 0 };
  for (const p of shares) {
    if (!p) continue;
    sum.total += p.total;
    sum.done += p.done;
    sum.failed += p.failed;
    sum.running += p.running;
    if (p.slowest && (!sum.slowest || p.slowest.ms > sum.slowest.ms)) sum.slowest = p.slowest;
  }
  return sum;
}

/** The progress line on a terminal's stderr, rewritten in place at most every 100 ms. */
function terminalProgress(io: CommandIo): { show(line: string): void; done(): void } | undefined {
  if (io.stderr.isTTY !== true) return undefined;
  let last = 0;
  let shown = false;
  return {
    show(line) {
      const now = performance.now();
      if (now - last < 100) return;
      last = now;
      shown = true;
      io.err(`\r\x1b[K${line}`);
    },
    done() {
      if (shown) io.err('\r\x1b[K');
    },
  };
}
