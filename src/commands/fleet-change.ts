// A script that changes something, run on more than one host: a fleet run (commands/fleet-run.ts,
// one guard, waves, revert everywhere). Without --waves it is asked on a terminal with the host
// count and refused in a script unless --yes. A line is judged by the resolver's resolution on
// the first host (its live metadata): a read is a router request that is not a change
// (api/router/is-change.ts) or a built-in that sends none; anything else — a change, a line the
// resolver refuses (it may sit under a context an earlier line entered) — counts as a change.
import { isChange } from '../api/router/is-change.js';
import { LOCAL_BUILTINS } from '../features/fleet/local-builtins.js';
import { scanLine } from '../lang/tokenize.js';
import type { Resolution } from '../lang/types.js';
import { cancelledError, type Ending, failed, usageError } from '../errors.js';
import { hostConfig, openFleet } from '../session/fleet.js';
import { stateDir } from '../config/paths.js';
import { isTerminal } from '../contract/command-io.js';
import { askOnTerminal } from './batch.js';
import type { Flags } from '../cli/args.js';
import type { Config } from '../config/config.js';
import type { CommandIo } from '../contract/command-io.js';
import type { FleetHost } from '../contract/fleet.js';

/** A fleet batch: its flags, hosts, lines and the base configuration (the hosts' defaults). */
export interface FleetBatch {
  flags: Flags;
  io: CommandIo;
  hosts: readonly FleetHost[];
  lines: readonly string[];
  base: Readonly<Config>;
  forks: number;
  signal: AbortSignal;
}

/** Built-ins that send no change (their first argument decides for `match-list` and `config`). */
const READS: ReadonlySet<string> = new Set([
  ...LOCAL_BUILTINS,
  'dry-run',
  'changes',
  'compare',
  'checkpoints',
  'monitor match-list',
  'dashboard',
  'hint',
]);
const READ_ARGS: Readonly<Record<string, ReadonlySet<string>>> = {
  'match-list': new Set(['export', 'show']),
  config: new Set(['diff', 'show', 'export']),
};

/** Whether a resolved line may change the router. */
export function mayChange(res: Resolution): boolean {
  switch (res.kind) {
    case 'empty':
      return false;
    case 'router':
      return isChange(res.request);
    case 'builtin': {
      if (READS.has(res.name)) return false;
      const reads = READ_ARGS[res.name];
      return !reads?.has(res.args[0] ?? '');
    }
    default: {
      // A refused line: a read when it reads (`show …`, `describe …`), as the runner's
      // candidate mode judges (run/runner.ts mayStage); otherwise it may sit under a context.
      const first = res.words[0];
      return !(first?.role === 'verb' && (first.token.text === 'show' || first.token.text === 'describe'));
    }
  }
}

/**
 * Runs the script as a fleet run when it changes something on more than one host (the ending),
 * or undefined: the script only reads, and runs host by host.
 */
/**
 * A line that reads whatever the router's tree: `show …`, `describe …`, or a read built-in by
 * its words. Judged without metadata, so a fleet that cannot be reached still runs its reads.
 */
export function readsByWords(line: string): boolean {
  const words = scanLine(line).tokens.map((t) => (t.quoted ? '' : t.text));
  const [a = '', b = ''] = words;
  if (words.length === 0 || line.trimStart().startsWith('#')) return true;
  if (a === 'show' || a === 'describe') return true;
  if (READS.has(`${a} ${b}`)) return true;
  return READS.has(a) && !a.startsWith('metrics') && !a.startsWith('logs');
}

export async function changeRun(b: FleetBatch): Promise<Ending | undefined> {
  const first = b.hosts[0];
  if (!first || b.lines.every(readsByWords)) return undefined;
  const probe = openFleet(b.base, [first], { env: b.io.env, warn: () => {}, journal: false });
  let changes: boolean;
  try {
    const s = await probe.session(first);
    changes = false;
    for (const line of b.lines) {
      const res = await s.services.resolve(line, [], b.signal);
      if (mayChange(res)) {
        changes = true;
        break;
      }
    }
  } catch {
    // The first host cannot say: judged as a change (asked, or refused without --yes).
    changes = true;
  } finally {
    await probe.close();
  }
  if (!changes) return undefined;
  const n = b.hosts.length;
  if (b.flags.fleet?.waves === undefined && !b.flags.yes) {
    if (!isTerminal(b.io))
      throw usageError(
        `these commands change ${n} hosts: give --yes (or --waves) to run them on all of them`,
      );
    if (!(await askOnTerminal(b.io, `Change ${n} hosts?`)))
      return failed(cancelledError('not changed: no host was sent anything'));
  }
  return run(b);
}

async function run(b: FleetBatch): Promise<Ending> {
  const { runChange } = await import('./fleet-run.js');
  let fleet: ReturnType<typeof openFleet> | undefined;
  try {
    const result = await runChange({
      hosts: b.hosts,
      lines: b.lines,
      fleet: b.flags.fleet ?? {},
      config: (h) => hostConfig(b.base, h),
      open: (h, { guardPort }) => {
        fleet ??= openFleet(b.base, b.hosts, {
          env: b.io.env,
          warn: (m) => b.io.err(`warning: ${m}\n`),
          journal: 'file',
          guardPort,
        });
        return fleet.session(h);
      },
      env: b.io.env,
      stateDir: stateDir(b.io.env),
      forks: b.forks,
      say: (t) => b.io.err(t.endsWith('\n') ? t : `${t}\n`),
      signal: b.signal,
    });
    // The run's own ending: ok, partial (exit 4) with the failed hosts' whys, or failed.
    return result.ending;
  } finally {
    await fleet?.close();
  }
}
