// The fleet shell's changes as runs (issue 39 items 3-4): a change line across more than one
// host, and candidate mode's `commit`, are ONE run of the run engine (FleetRunPort, built by
// commands/fleet-run-shell.ts with the flags of the command line that opened the shell: waves,
// gates, --confirm-within, --max-fail), on the shell's own host sessions — asked first with its
// waves and hosts, its progress said per wave, recorded in the run index (`routersh fleet runs`),
// watched by its one guard. `undo` alone (or `undo RUN`) reverts a run of this shell on every
// host it changed, as `routersh fleet undo RUN` does.
import type { FleetHost, FleetRunDone, FleetRunPort } from '../contract/fleet.js';
import type { RunIo } from '../contract/services.js';
import { asRoutershError, commandFailedError, usageError } from '../errors.js';
import { groupLabel } from '../features/fleet/run/group.js';
import type { FleetStaged } from '../features/fleet/shell/fleet-candidate.js';
import { sanitizeLine } from '../term/sanitize.js';
import type { Fleet } from './fleet.js';

/** What the runs need of the fleet shell's state (session/fleet-shell.ts FleetState). */ import {
  error,
  type Piped,
  plural,
  text,
} from './fleet-shell-answers.js';

export interface RunsState {
  readonly runs: FleetRunPort;
  readonly fleet: Fleet;
  readonly selected: readonly FleetHost[];
  /** The fleet's candidate mode: the lines staged, undefined outside it. */
  staged: FleetStaged[] | undefined;
  /** The runs this shell made and did not undo, oldest first (`undo` alone takes the last). */
  readonly made: string[];
  /** The union's metadata made again (a run may create or delete nodes). */
  refresh(): void;
}

/**
 * `lines` (a script from the root) on every selected host as one run: its plan judged, asked
 * with its waves and hosts, run with progress said as it goes. `what` names it in the question.
 */
export async function runAcross(
  st: RunsState,
  lines: readonly string[],
  what: string,
  signal: AbortSignal,
  io: RunIo,
): Promise<Piped> {
  const hosts = st.selected;
  let waves: readonly number[];
  try {
    waves = st.runs.plan(hosts);
  } catch (e) {
    return error(usageError(asRoutershError(e).message));
  }
  const how = waves.length === 1 ? 'in one wave' : `in ${waves.length} waves (${waves.join(', ')})`;
  const q = `${what} to ${plural(hosts.length, 'host')} ${how}, as one run?`;
  if (!(io.ask ? await io.ask(q, signal) : false))
    return error(commandFailedError(`not sent: no host of the ${hosts.length} was sent anything`));
  const opened = new Set<string>();
  let done: FleetRunDone;
  try {
    done = await st.runs.run({
      hosts,
      lines,
      open: (h) => {
        opened.add(h.name);
        return st.fleet.session(h);
      },
      // Each wave's progress as it comes: a note above the prompt, and the running line's progress.
      say: (t) => {
        const line = sanitizeLine(t.replace(/\n$/, ''));
        io.notify?.(line);
        io.progress?.(line);
      },
      signal,
    });
  } catch (e) {
    return error(asRoutershError(e));
  } finally {
    // A host whose commit failed stays in its candidate mode: the shell's next lines are sent.
    await Promise.all(
      [...opened].map((n) =>
        st.fleet.session(n).then(
          (s) => s.services.candidate?.leave(),
          () => {},
        ),
      ),
    );
    st.refresh();
  }
  st.made.push(done.id);
  return runText(done);
}

/** The run's end: its summary, the hosts grouped by where they ended, the failed hosts' whys. */
function runText(done: FleetRunDone): Piped {
  const byEnd = new Map<string, string[]>();
  for (const h of done.hosts) byEnd.set(h.end, [...(byEnd.get(h.end) ?? []), h.name]);
  const rows = [...byEnd].map(
    ([end, names]) => `  ${end === 'pending' ? 'untouched' : end}: ${groupLabel(names)}`,
  );
  const whys = done.whys.map((w) => `  ${w}`);
  // `--confirm manual`: every gate passed and the windows stay open until `fleet confirm`.
  const open = done.hosts.some((h) => h.end === 'changed');
  const keep = open ? `\nits windows stay open: keep them with routersh fleet confirm ${done.id}` : '';
  const more =
    done.status === 1
      ? ''
      : `${keep}\nroutersh fleet runs lists it; 'undo' here (or routersh fleet undo ${done.id}) reverts it`;
  const t = sanitizeLines(`${done.summary}\n${[...rows, ...whys].join('\n')}${more}\n`);
  const json = { run: done.id, status: done.status, hosts: done.hosts };
  const r = text(t, json);
  if (done.status === 4)
    return { ...r, warning: `run ${done.id}: some hosts failed: ${plural(done.whys.length, 'host')}` };
  if (done.status !== 1) return r;
  const failure = commandFailedError(`run ${done.id} changed no host in the end (see above)`);
  return { ...r, outcome: { kind: 'text', text: t, json, failure } };
}

const sanitizeLines = (t: string) =>
  t
    .split('\n')
    .map((l) => sanitizeLine(l))
    .join('\n');

/**
 * `undo` alone (the last run of this shell not undone) or `undo RUN`: asked once, then every
 * host the run changed is reverted through its journal on the shell's sessions.
 */
export async function undoRunOf(st: RunsState, id: string, signal: AbortSignal, io: RunIo): Promise<Piped> {
  const q = `undo run ${sanitizeLine(id)}: revert every host it changed?`;
  if (!(io.ask ? await io.ask(q, signal) : false))
    return error(commandFailedError(`run ${sanitizeLine(id)} not undone`));
  const said: string[] = [];
  let ok: boolean;
  try {
    ({ ok } = await st.runs.undo({
      id,
      open: (host) => st.fleet.session(host),
      say: (t) => said.push(sanitizeLine(t)),
      signal,
    }));
  } catch (e) {
    return error(asRoutershError(e));
  } finally {
    st.refresh();
  }
  const at = st.made.indexOf(id);
  if (ok && at >= 0) st.made.splice(at, 1);
  const r = text(`${said.join('\n')}\n`, { run: id, undone: ok });
  if (ok) return r;
  const failure = commandFailedError(
    `run ${sanitizeLine(id)}: some hosts were not reverted: 'undo ${sanitizeLine(id)}' again`,
  );
  return {
    ...r,
    outcome: { kind: 'text', text: `${said.join('\n')}\n`, json: { run: id, undone: false }, failure },
  };
}
