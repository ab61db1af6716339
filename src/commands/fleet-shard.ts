// A fleet run's hosts, or one thread's share of them (commands/fleet-batch.ts): the commands run
// on each host as a script runs on one (the same runner, the host's own session and journal), at
// most `forks` hosts at once (session/fleet.ts). What it finds goes out as events, so the same
// code serves the main thread and a second thread (commands/fleet-threads.ts); two threads take
// hosts from one list, each the next one not taken (`next`).
import type { Config } from '../config/config.js';
import type { FleetHost } from '../contract/fleet.js';
import type { RoutershError } from '../errors.js';
import type { CommandResult } from '../features/fleet/run/report.js';
import type { PoolProgress } from '../features/fleet/run/pool.js';
import type { Session } from '../session/session.js';
import { openFleet } from '../session/fleet.js';
import { runBatch } from './batch-loop.js';

/** What a share runs: plain data, so that it crosses to another thread as it is. */
export interface ShardInput {
  base: Readonly<Config>;
  hosts: readonly FleetHost[];
  lines: readonly string[];
  forks: number;
  /** The whole-host bound (fleet-batch.ts, hostBoundOf). */
  hostBoundMs: number;
  env: NodeJS.ProcessEnv;
  json: boolean;
  keepGoing: boolean;
  dryRun: boolean;
  yes: boolean;
  allowUnrevertable: boolean;
  /** The next host's index, shared with the other thread's share of the same hosts (pool.ts). */
  next?: Int32Array;
}

/** A line that ends a host's script, as it ends one router's. */
const ENDS_SCRIPT = /^\s*(exit|quit)\s*$/;

/**
 * Each host's records so far, for the one record a host that was cut off gets: its error, for
 * the command it was at, unless it failed already or its script ended.
 */
export class HostTally {
  private readonly hosts = new Map<string, { count: number; failed: boolean }>();

  constructor(private readonly lines: readonly string[]) {}

  note(r: CommandResult): void {
    const at = this.hosts.get(r.host) ?? { count: 0, failed: false };
    // `exit` ends the host's script: nothing after it is owed.
    at.count = ENDS_SCRIPT.test(r.command) && !r.error ? this.lines.length : at.count + 1;
    if (r.error) at.failed = true;
    this.hosts.set(r.host, at);
  }

  /** The record for `host` cut off by `error`, or none when it has all of its records or failed. */
  cutOff(host: string, error: RoutershError, ms: number): CommandResult | undefined {
    const at = this.hosts.get(host);
    const index = at?.count ?? 0;
    if (index >= this.lines.length || at?.failed) return undefined;
    return { host, index, command: this.lines[index] ?? '', out: '', error, ms };
  }
}

export type ShardEvent =
  | { kind: 'record'; result: CommandResult }
  | { kind: 'progress'; progress: PoolProgress }
  | { kind: 'warn'; message: string };

export async function runShard(
  s: ShardInput,
  emit: (e: ShardEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const { lines } = s;
  const tally = new HostTally(lines);
  const record = (result: CommandResult) => {
    tally.note(result);
    emit({ kind: 'record', result });
  };
  const fleet = openFleet(s.base, s.hosts, {
    env: s.env,
    warn: (message) => emit({ kind: 'warn', message }),
    journal: 'file',
    // A host's lines go one at a time: one socket, and undici's Agent makes a Client for it
    // instead of a Pool of them (less to build and to dispatch through per host).
    connections: 1,
    shareAnswers: true,
    ...(s.yes ? { yes: true } : {}),
    ...(s.allowUnrevertable ? { allowUnrevertable: true } : {}),
  });
  try {
    await fleet.each(
      (host, session, hostSignal) =>
        hostScript(host, session, hostSignal, lines, {
          json: s.json,
          keepGoing: s.keepGoing,
          dryRun: s.dryRun,
          record,
        }),
      {
        forks: s.forks,
        signal,
        hostBoundMs: s.hostBoundMs,
        closeAfter: true,
        // A host that could not start (its session, its password file) or overran its bound:
        // one result for the command it was at.
        onResult: (o) => {
          const cut = o.ok ? undefined : tally.cutOff(o.host.name, o.error, o.ms);
          if (cut) record(cut);
        },
        onProgress: (progress) => emit({ kind: 'progress', progress }),
        ...(s.next ? { next: s.next } : {}),
      },
    );
  } finally {
    await fleet.close();
  }
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
    if (ENDS_SCRIPT.test(command)) return;
  }
}
