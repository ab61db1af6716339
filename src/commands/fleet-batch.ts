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
import {
  cancelledError,
  type Ending,
  failed,
  fleetEnding,
  type RoutershError,
  usageError,
} from '../errors.js';
import {
  type CommandResult,
  groupedText,
  jsonLine,
  progressLine,
  summarize,
  summaryJson,
  summaryText,
} from '../features/fleet/run/report.js';
import { parseForks } from '../features/fleet/run/pool.js';
import type { Session } from '../session/session.js';
import { commandConfig } from '../session/connect.js';
import { openFleet } from '../session/fleet.js';
import { runBatch } from './batch-loop.js';
import type { FleetBatch } from './fleet-change.js';
import { fleetScript } from './fleet-script.js';
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
  const fleet = openFleet(base, b.hosts, {
    env: io.env,
    warn: (m) => io.err(`warning: ${m}\n`),
    journal: 'file',
    // A host's lines go one at a time: one socket, and undici's Agent makes a Client for it
    // instead of a Pool of them (less to build and to dispatch through per host).
    connections: 1,
    shareAnswers: true,
    ...(b.flags.yes ? { yes: true } : {}),
    ...(b.flags.allowUnrevertable ? { allowUnrevertable: true } : {}),
  });
  const record = (r: CommandResult) => {
    results.push(r);
    if (r.error) failedHosts.add(r.host);
    if (json) io.out(jsonLine(r));
  };
  try {
    await fleet.each(
      (host, session, signal) =>
        hostScript(host, session, signal, lines, {
          json,
          keepGoing: base.keepGoing,
          dryRun: b.flags.dryRun,
          record,
        }),
      {
        forks: b.forks,
        signal: b.signal,
        hostBoundMs: hostBoundOf(base, lines.length),
        closeAfter: true,
        // A host that could not start (its session, its password file) or overran its bound:
        // one result for the command it was at.
        onResult: (o) => {
          if (o.ok) return;
          const at = results.filter((r) => r.host === o.host.name).length;
          if (at < lines.length && !results.some((r) => r.host === o.host.name && r.error))
            record({
              host: o.host.name,
              index: at,
              command: lines[at] ?? '',
              out: '',
              error: o.error,
              ms: o.ms,
            });
        },
        ...(progress
          ? { onProgress: (p) => progress.show(progressLine({ ...p, failed: failedHosts.size })) }
          : {}),
      },
    );
  } finally {
    progress?.done();
    await fleet.close();
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

/** The lines on one host, one at a time as a script (the context carries from line to line). */
async function hostScript(
  host: FleetHost,
  session: Session,
  signal: AbortSignal,
  lines: readonly string[],
  o: { json: boolean; keepGoing: boolean; dryRun: boolean; record: (r: CommandResult) => void },
): Promise<void> {
  const state = { context: [] as string[] };
  for (const [index, command] of lines.entries()) {
    if (signal.aborted) return;
    let out = '';
    const at = performance.now();
    const ending = await runBatch(
      [command],
      state,
      session.services,
      { stdout: (s) => (out += s), stderr: () => {} },
      { json: o.json, keepGoing: false, unit: 'command', signal, dryRun: o.dryRun },
    );
    const error: RoutershError | undefined = ending.kind === 'failed' ? ending.errors[0] : undefined;
    // Cut off by the run's end (Ctrl-C, the host's bound): the pool reports it.
    if (signal.aborted) return;
    o.record({
      host: host.name,
      index,
      command,
      out,
      ...(error ? { error } : {}),
      ms: Math.round(performance.now() - at),
    });
    if (error && !o.keepGoing) return;
    // `exit` ends the host's script, as it ends one router's.
    if (/^\s*(exit|quit)\s*$/.test(command)) return;
  }
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
