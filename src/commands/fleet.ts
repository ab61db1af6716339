// `routersh fleet runs [--json]`, `routersh fleet confirm RUN`, `routersh fleet undo RUN [--yes]`:
// the fleet runs of this state directory (STATE/runs/, features/fleet/runs/run-index.ts), kept
// or reverted from any terminal after the routersh that made them is gone. `confirm` contacts
// no router; `undo` reverts every host the run changed through that host's own journal, with the
// credentials the run index names for that host (its files), or ROUTERSH_PASSWORD.
import { parseArgs } from 'node:util';
import { FLEET_OPTIONS } from '../cli/command-options.js';
import { stateDir } from '../config/paths.js';
import { commandFailedError, OK, usageError, type Ending } from '../errors.js';
import { openJournal } from '../features/changes/journal-open.js';
import { decide } from '../features/changes/window-decision.js';
import {
  type RunHost,
  type RunIndex,
  readRun,
  runFile,
  runIds,
  summary,
  writeRun,
} from '../features/fleet/runs/run-index.js';
import { jsonText, sanitizeLine } from '../term/sanitize.js';
import type { Command } from './command.js';

export interface FleetArgs {
  verb: 'runs' | 'confirm' | 'undo';
  run?: string;
  json: boolean;
  yes: boolean;
  timeout?: string;
}

const USAGE = 'routersh fleet runs [--json] | fleet confirm RUN | fleet undo RUN [--yes]';

export const command: Command<FleetArgs> = {
  parse(argv) {
    let parsed: ReturnType<
      typeof parseArgs<{
        args: string[];
        options: typeof FLEET_OPTIONS;
        allowPositionals: true;
        strict: true;
      }>
    >;
    try {
      parsed = parseArgs({ args: argv, options: FLEET_OPTIONS, allowPositionals: true, strict: true });
    } catch (e) {
      throw usageError(`${(e as Error).message.split('\n')[0]} (${USAGE})`);
    }
    const [verb, run, ...more] = parsed.positionals;
    if (verb !== 'runs' && verb !== 'confirm' && verb !== 'undo') throw usageError(USAGE);
    if (verb === 'runs' ? run !== undefined : run === undefined || more.length > 0) throw usageError(USAGE);
    const { json = false, yes = false, timeout } = parsed.values;
    return {
      verb,
      ...(run !== undefined ? { run } : {}),
      json,
      yes,
      ...(timeout !== undefined ? { timeout } : {}),
    };
  },
  async run(args, io) {
    const state = stateDir(io.env);
    if (args.verb === 'runs') return listRuns(state, args.json, io.out);
    let run: RunIndex;
    try {
      run = readRun(state, args.run!);
    } catch (e) {
      throw commandFailedError(sanitizeLine((e as Error).message));
    }
    if (args.verb === 'confirm') return confirmRun(state, run, io.out);
    return (await import('./fleet-undo.js')).undoRun(state, run, args, io);
  },
};

function listRuns(state: string, json: boolean, out: (s: string) => void): Ending {
  const ids = runIds(state);
  if (ids.length === 0 && !json) out('no fleet runs\n');
  for (const id of ids) {
    let run: RunIndex;
    try {
      run = readRun(state, id);
    } catch (e) {
      out(
        json
          ? `${jsonText({ run: id, error: (e as Error).message })}\n`
          : `${sanitizeLine((e as Error).message)}\n`,
      );
      continue;
    }
    if (json) {
      const hosts = run.hosts.map((h) => ({
        host: h.name,
        wave: h.wave,
        end: h.end,
        ...(h.why ? { why: h.why } : {}),
      }));
      out(
        `${jsonText({ run: run.id, started: new Date(run.started).toISOString(), state: run.state, waves: run.waves, lines: run.lines, hosts })}\n`,
      );
      continue;
    }
    out(`${new Date(run.started).toISOString()}  ${sanitizeLine(summary(run))}\n`);
    out(`  ${sanitizeLine(run.lines.join(' ; '))}\n`);
    for (const h of run.hosts.filter((x) => x.end !== 'pending' && x.end !== 'confirmed'))
      out(`  ${sanitizeLine(h.name)}: ${h.end}${h.why ? ` (${sanitizeLine(h.why)})` : ''}\n`);
  }
  return OK;
}

/** Keeps every window of the run: the run's decision first (a guard that decided revert wins). */
async function confirmRun(state: string, run: RunIndex, out: (s: string) => void): Promise<Ending> {
  const d = decide(runFile(state, run.id), 'run', { kind: 'confirmed', by: 'routersh fleet confirm' });
  if (!d.won && d.decision.kind === 'revert')
    throw commandFailedError(
      `too late: run ${run.id} was decided revert (${sanitizeLine(d.decision.by)}): routersh fleet undo ${run.id} finishes it`,
    );
  const hosts = [];
  for (const h of run.hosts) hosts.push(await keepHost(h));
  const after: RunIndex = { ...run, hosts, state: 'confirmed' };
  writeRun(state, after);
  const kept = hosts.filter((h, i) => h.end === 'confirmed' && run.hosts[i]!.end === 'changed').length;
  out(`confirmed: run ${run.id}, ${kept} host(s) kept\n${sanitizeLine(summary(after))}\n`);
  return OK;
}

/** One host's window kept (its decision, then `confirmed` in its journal, fsync'd). */
async function keepHost(h: RunHost): Promise<RunHost> {
  if (!h.journal || !h.window || h.end !== 'changed') return h;
  const w = decide(h.journal, h.window, { kind: 'confirmed', by: 'routersh fleet confirm' });
  if (!w.won && w.decision.kind === 'revert')
    return { ...h, end: 'reverted' as const, why: `reverted by ${w.decision.by}` };
  const journal = openJournal({ router: '', user: '' }, { path: h.journal });
  const open = journal.window();
  if (open && open.id === h.window)
    journal.setWindow({ ...open, state: 'confirmed' }, { by: 'routersh fleet confirm' });
  await journal.close();
  return { ...h, end: 'confirmed' as const };
}
