// The fleet shell's changes as runs (issue 39 items 3-4): the FleetRunPort the shell gets from
// here, since session/ may not import commands/. A change line (or a candidate's commit) in the
// shell is one run of runChange with the fleet flags of the command line that opened the shell
// (`--waves`, `--gate`, `--confirm-within`, `--max-fail`, ...), on the shell's own host sessions;
// `undo` of a run is `routersh fleet undo RUN --yes` on those same sessions (their journals).
import type { Flags } from '../cli/args.js';
import type { Config } from '../config/config.js';
import { stateDir } from '../config/paths.js';
import type { CommandIo } from '../contract/command-io.js';
import type { FleetRunPort } from '../contract/fleet.js';
import { usageError } from '../errors.js';
import { readRun, runIds, summary } from '../features/fleet/runs/run-index.js';
import { hostConfig } from '../session/fleet.js';
import { sanitizeLine } from '../term/sanitize.js';
import { planRun, runChange } from './fleet-run.js';
import { fleetGuardPort } from './fleet-run-host.js';

export function fleetRunPort(
  flags: Flags,
  base: Readonly<Config>,
  io: CommandIo,
  forks: number,
): FleetRunPort {
  const fleet = flags.fleet ?? {};
  const config = (h: Parameters<typeof hostConfig>[1]) => hostConfig(base, h);
  const state = () => stateDir(io.env);
  return Object.freeze({
    guardPort: fleetGuardPort,
    plan(hosts) {
      // The engine's own judgement (waves, --max-fail, --confirm-within): a refusal is one line.
      return planRun({ hosts, fleet, config }).sizes;
    },
    async run(r) {
      const result = await runChange({
        hosts: r.hosts,
        lines: r.lines,
        fleet,
        config,
        open: (h) => r.open(h),
        env: io.env,
        stateDir: state(),
        forks,
        say: r.say,
        signal: r.signal,
      });
      const whys = result.run.hosts.filter((h) => h.why !== undefined).map((h) => `${h.name}: ${h.why}`);
      const hosts = result.run.hosts.map((h) => ({ name: h.name, end: h.end }));
      return { id: result.run.id, status: result.status, summary: summary(result.run), whys, hosts };
    },
    async undo(r) {
      if (!runIds(state()).includes(r.id)) throw usageError(`no fleet run ${sanitizeLine(r.id)}`);
      const run = readRun(state(), r.id);
      const { undoRun } = await import('./fleet-undo.js');
      const say = (t: string) => r.say(t.replace(/\n$/, ''));
      const ending = await undoRun(
        state(),
        run,
        { yes: true, open: r.open },
        {
          out: say,
          err: say,
          env: io.env,
          // Ctrl-C in the shell stops the wait for the run's guard, as SIGINT does in `fleet undo`.
          onInterrupt: (handler) => {
            r.signal.addEventListener('abort', handler, { once: true });
            return () => r.signal.removeEventListener('abort', handler);
          },
        },
      );
      return { ok: ending.kind === 'ok' };
    },
  } satisfies FleetRunPort);
}
