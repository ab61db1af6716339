// The fleet shell's session (issue 39 item 3): what the one Ink shell runs on when `-i INV`
// opens it on a selection of hosts. The hosts are RUN's per-host sessions (fleet.ts: lazy, each
// with its own credentials); completion reads one MetadataCache made of the union of the
// selected hosts' metadata (features/fleet/shell/fleet-metadata.ts), so it stays synchronous as
// on one router; a line runs on every selected host and its answers come back grouped
// (grouped-text.ts). The shell's own services (telemetry, panes, the history) are a session of
// the first host's, whose cache and resolver are the union's: nothing of a line goes to that
// router except through the per-host sessions, `on HOST`, or a telemetry built-in run once.
// A change across more than one host, and candidate mode's `commit`, is one run
// (fleet-shell-runs.ts: waves, gates, the run's guard, the run index).
import type { NodeInfo, RouterRequest } from '../api/router/types.js';
import { isChange } from '../api/router/is-change.js';
import type { Config } from '../config/config.js';
import type { FleetHost, FleetRunPort, FleetShellPort, Inventory } from '../contract/fleet.js';
import type { RunIo, Services } from '../contract/services.js';
import { asRoutershError, cancelledError, commandFailedError, usageError } from '../errors.js';
import { type FleetMetadata, fleetMetadata } from '../features/fleet/shell/fleet-metadata.js';
import { fleetMonitorSource } from '../features/fleet/shell/fleet-monitor.js';
import { monitorSource } from '../features/match-list/monitor-source.js';
import type { MonitorSource } from '../contract/monitor.js';
import type { PaneSpecOf } from '../contract/panes.js';
import { acrossOf, fleetLineOf, refusedText } from '../features/fleet/shell/fleet-line.js';
import { changeScript } from '../features/fleet/shell/fleet-candidate.js';
import { type RunsState, runAcross, undoRunOf } from './fleet-shell-runs.js';
import { error, grouped, type Piped, text } from './fleet-shell-answers.js';
import { enterCandidate, fleetCandidatePort, inCandidate } from './fleet-shell-candidate.js';
import { emptyNode } from '../lang/empty-node.js';
import { resolveLine } from '../lang/resolve.js';
import { splitPipes } from '../lang/pipes.js';
import { sanitizeLine } from '../term/sanitize.js';
import { shellWord } from '../term/shell-quote.js';
import { type Fleet, hostConfig, openFleet } from './fleet.js';
import { openSession, type Session } from './session.js';

export interface FleetShellOptions {
  env: NodeJS.ProcessEnv;
  warn: (m: string) => void;
  /** `--limit` as given (absent: `all`). */
  pattern: string | undefined;
  /** INV's pattern matcher: the hosts `pattern` selects, or a usage error. */
  select: (pattern: string) => Promise<readonly FleetHost[]>;
  /** Hosts at work at once (`--forks`). */
  forks: number;
  /** THE runner of a line with its pipes (run/output-pipes.ts runPiped: session/ may not import run/). */
  runPiped: (
    line: string,
    state: { context: string[] },
    services: Services,
    signal: AbortSignal,
    io: RunIo,
  ) => Promise<Piped>;
  /** Completion's budget per path (default 300 ms). */
  budgetMs?: number;
  /** A change across hosts as one run, with the flags that opened the shell (commands/fleet-run-shell.ts). */
  runs: FleetRunPort;
}

export interface FleetShellSession extends Session {
  readonly fleet: FleetShellPort;
  readonly hosts: () => readonly FleetHost[];
}

/** What the fleet shell's lines act on: the selection (changed by `limit`) and the hosts' sessions. */
interface FleetState extends RunsState {
  readonly o: FleetShellOptions;
  readonly inventory: Inventory;
  readonly fleet: Fleet;
  readonly meta: FleetMetadata;
  /** The shell's own services (a line that runs once, or that no host accepts). */
  services?: Services;
  pattern: string;
  selected: readonly FleetHost[];
}

export async function openFleetShell(
  base: Readonly<Config>,
  inventory: Inventory,
  o: FleetShellOptions,
): Promise<FleetShellSession> {
  const pattern = o.pattern ?? 'all';
  const selected = await o.select(pattern);
  const first = selected[0];
  if (!first)
    throw usageError(`${sanitizeLine(pattern)} selects no host of ${sanitizeLine(inventory.source)}`);
  // The run's flags judged now: a wrong --waves is one line before the shell opens.
  try {
    o.runs.plan(selected);
  } catch (e) {
    throw usageError(asRoutershError(e).message);
  }
  // The hosts' windows are the run's: its one guard (the port hands it out during a run only).
  const fleet = openFleet(base, inventory.hosts, {
    env: o.env,
    warn: o.warn,
    journal: 'file',
    guardPort: o.runs.guardPort,
  });
  const meta = fleetMetadata({
    hosts: () =>
      st.selected.map((h) => ({
        name: h.name,
        // Current data: a list this shell's own change touched on the host is read again there
        // (the union is re-made after a change; the host's cache must not hand back the old list).
        get: (words: readonly string[]) =>
          fleet.session(h).then((s) => s.cache.get(words, undefined, { current: true })),
      })),
    ...(o.budgetMs !== undefined ? { budgetMs: o.budgetMs } : {}),
    rootWords: () => shellWords(st.selected),
  });
  const st: FleetState = {
    o,
    inventory,
    fleet,
    meta,
    pattern,
    selected,
    runs: o.runs,
    staged: undefined,
    made: [],
    refresh: () => meta.reset(),
  };
  const { cache } = meta;
  // The shell's own services: telemetry, panes and the history's redaction, on a session of the
  // first host's (its configuration gives telemetry); lines never reach its router directly.
  const local = await openSession(hostConfig(base, first), {
    interactive: true,
    env: o.env,
    warn: o.warn,
    telemetry: 'at-once',
  });
  const { valueCompleter } = local.services;
  const resolve: Services['resolve'] = (line, context, signal, scan) =>
    resolveLine(line, { cache, context, ...(valueCompleter ? { valueCompleter } : {}) }, signal, { scan });
  st.services = Object.freeze({
    ...local.services,
    cache,
    resolve,
    // One router's: a journal, a window, candidate mode (`on HOST` reaches them).
    journal: undefined,
    guard: undefined,
    windows: undefined,
    // The fleet's candidate mode, for the prompt's `[candidate N]` and Ctrl-D (`end`).
    candidate: fleetCandidatePort(st),
    lessons: undefined,
    panes: local.services.panes && {
      ...local.services.panes,
      fleetMonitor: (spec: PaneSpecOf<'fleetMonitor'>) =>
        fleetMonitorSource(st.selected.map((h) => ({ name: h.name, source: hostMonitor(st, h, spec.list) }))),
    },
  });
  const label = () => `${st.pattern} (${st.selected.length})`;
  return {
    services: st.services,
    cache,
    fleet: {
      note: meta.note,
      keyAt: meta.keyAt,
      run: (line, context, signal, io) => runFleetLine(st, line, context, signal, io),
    },
    hosts: () => st.selected,
    get label() {
      return label();
    },
    close: async () => {
      await Promise.allSettled([fleet.close(), local.close()]);
    },
  };
}

async function runFleetLine(
  st: FleetState,
  line: string,
  context: string[],
  signal: AbortSignal,
  io: RunIo,
): Promise<Piped> {
  const { runPiped } = st.o;
  const services = st.services as Services;
  const f = fleetLineOf(line);
  switch (f.kind) {
    case 'hosts':
      return text(
        hostsText(st.selected),
        st.selected.map((h) => ({ name: h.name, router: h.router })),
      );
    case 'limit':
      return limitTo(st, f.pattern);
    case 'on': {
      const host = st.inventory.hosts.find((h) => h.name === f.host);
      if (!host)
        return error(usageError(`no host ${sanitizeLine(f.host)} in ${sanitizeLine(st.inventory.source)}`));
      const s = await st.fleet.session(host);
      const piped = await runPiped(f.line, { context }, s.services, signal, io);
      const o = piped.outcome;
      if (o.kind === 'router' && isChange(o.request)) forgetInUnion(st, o.request);
      return piped;
    }
    case 'usage':
      return error(usageError(f.message));
    case 'other':
      break;
  }
  const r = await services.resolve(splitPipes(line).command, context, signal);
  if (r.kind === 'empty') return { outcome: { kind: 'empty' }, page: false };
  if (st.staged !== undefined) {
    const staged = await inCandidate(st, st.staged, r, line, context, signal, io);
    if (staged) return staged;
  }
  // A line no host accepts (the union refuses it) and what runs once: here, as on one router.
  // In the fleet's candidate mode too: nothing is staged for it (one router's candidate stages it
  // unchecked; across hosts a staged line is one that some host accepts).
  if (r.kind === 'error')
    return runPiped(line, { context }, { ...services, candidate: undefined }, signal, io);
  if (r.kind === 'builtin') {
    // One pane, a row per host (the fleet monitor, its source the hosts': openFleetShell).
    if (r.name === 'monitor match-list' && r.args[0] !== undefined)
      return { outcome: { kind: 'pane', spec: { pane: 'fleetMonitor', list: r.args[0] } }, page: false };
    if (r.name === 'configure') return enterCandidate(st, r.args);
    // `undo` alone after a run of this shell, or `undo RUN`: the run, on every host it changed.
    const run = r.name === 'undo' ? (r.args.length === 0 ? st.made.at(-1) : r.args[0]) : undefined;
    if (run !== undefined && r.args.length <= 1 && st.made.includes(run))
      return undoRunOf(st, run, signal, io);
    const sends = r.name === 'match-list' && (r.args[0] === 'import' || r.args[0] === 'sync');
    if (sends && st.selected.length > 1)
      return runAcross(st, changeScript(line, context), `${r.name} ${r.args[0]}`, signal, io);
    const how = acrossOf(r.name);
    if (how === 'refused') return error(usageError(refusedText(r.name)));
    if (how === 'once') return runPiped(line, { context }, services, signal, io);
    if (how === 'undo') return undoAcross(st, line, context, signal, io);
    return across(st, line, context, signal, io);
  }
  if (isChange(r.request) && st.selected.length > 1)
    return runAcross(st, changeScript(line, context), 'send this change', signal, io);
  if (!isChange(r.request)) return across(st, line, context, signal, io);
  // One host's change (a run re-makes the whole union): whatever its outcome, the union's
  // lists of the path and its ancestors are read again, as the host's own cache does.
  try {
    return await across(st, line, context, signal, io);
  } finally {
    forgetInUnion(st, r.request);
  }
}

/** The union's lists a change of `request` may have altered: the path and its ancestors. */
function forgetInUnion(st: FleetState, request: RouterRequest): void {
  st.meta.cache.invalidate(request.words, { deleted: request.method === 'DELETE' });
}

/**
 * A line in the fleet's candidate mode: a change is staged (refused when no host accepts it),
 * `commit` sends the staged lines as one run, `compare` lists them, `discard` drops them, `end`
 * leaves; what would change the hosts at once is refused. Undefined: it runs as outside.
 */
/** `limit PATTERN`: the selection from now on (the union made again from its hosts). */
async function limitTo(st: FleetState, pattern: string): Promise<Piped> {
  let next: readonly FleetHost[];
  try {
    next = await st.o.select(pattern);
  } catch (e) {
    return error(asRoutershError(e));
  }
  if (next.length === 0) return error(usageError(`${sanitizeLine(pattern)} selects no host`));
  st.pattern = pattern;
  st.selected = next;
  st.meta.reset();
  const n = next.length;
  return text(`${n} host${n === 1 ? '' : 's'} selected: ${sanitizeLine(`${pattern} (${n})`)}\n`);
}

/** The line on every selected host (a change to more than one is a run: runAcross), answers grouped. */
async function across(
  st: FleetState,
  line: string,
  context: string[],
  signal: AbortSignal,
  io: RunIo,
): Promise<Piped> {
  const hosts = st.selected;
  // Each host's own questions (an own-path warning) are not asked 40 times: refused there.
  const hostIo: RunIo = { ...(io.notify ? { notify: io.notify } : {}) };
  const done = await st.fleet.each(
    (_h, s, sig) => st.o.runPiped(line, { context }, s.services, sig, hostIo),
    { forks: st.o.forks, signal },
    hosts,
  );
  if (signal.aborted) throw cancelledError();
  const contexts = done.flatMap((d) => (d.ok && d.value.outcome.kind === 'context' ? [d.value.outcome] : []));
  if (contexts.length === done.length && contexts[0]) return { outcome: contexts[0], page: false };
  return grouped(done);
}

/**
 * `undo [N | ID]` / `rollback N` on every selected host: asked once for all of them, then each
 * host's session undoes its own changes made from this shell (its journal), answers grouped.
 * A host with nothing to undo says so in its group.
 */
async function undoAcross(
  st: FleetState,
  line: string,
  context: string[],
  signal: AbortSignal,
  io: RunIo,
): Promise<Piped> {
  const n = st.selected.length;
  const yes = io.ask
    ? await io.ask(
        `${sanitizeLine(line.trim())} on ${n} host${n === 1 ? '' : 's'}: each undoes its own changes from this shell?`,
        signal,
      )
    : false;
  if (!yes) return error(commandFailedError(`nothing undone on the ${n} host${n === 1 ? '' : 's'}`));
  // The question was asked once, for every host: each host's own is answered by it.
  const hostIo: RunIo = { ask: async () => true, ...(io.notify ? { notify: io.notify } : {}) };
  const done = await st.fleet.each(
    (_h, s, sig) => st.o.runPiped(line, { context }, s.services, sig, hostIo),
    { forks: st.o.forks, signal },
    st.selected,
  );
  if (signal.aborted) throw cancelledError();
  return grouped(done);
}

/** One host's monitor of `list`, on its session (opened on first read). */
function hostMonitor(st: FleetState, host: FleetHost, list: string): MonitorSource {
  let made: Promise<MonitorSource> | undefined;
  return {
    read: async (signal) => {
      made ??= st.fleet.session(host).then((s) => monitorSource(s.services.router, list));
      made.catch(() => {
        made = undefined;
      });
      return (await made).read(signal);
    },
  };
}

/** `hosts`: one line each, the name as a shell word (quoted when it must be) and its router. */
function hostsText(hosts: readonly FleetHost[]): string {
  const names = hosts.map((h) => sanitizeLine(shellWord(h.name)));
  const width = Math.min(40, Math.max(...names.map((n) => n.length)));
  return `${hosts.map((h, i) => `${(names[i] as string).padEnd(width)}  ${sanitizeLine(h.router)}`).join('\n')}\n`;
}

/**
 * The fleet shell's own words at the root (`hosts`, `limit PATTERN`, `on HOST …`): Tab offers
 * them and the line is not coloured as a word no host knows.
 */
function shellWords(hosts: readonly FleetHost[]): NodeInfo[] {
  const token = (name: string, description: string, children: NodeInfo[] = []): NodeInfo => ({
    ...emptyNode(name),
    type: 'Token',
    description,
    allowShow: true,
    hasSubnodes: children.length > 0,
    subNodes: children,
  });
  const value = (name: string, help: string, values: string[]): NodeInfo => ({
    ...emptyNode(name),
    type: 'Value',
    help,
    inputRe: '.*',
    allowShow: true,
    possibleValues: values,
  });
  return [
    token('hosts', 'the hosts selected'),
    token('limit', 'select hosts: limit PATTERN, limit all', [value('%PATTERN', '<pattern>', ['all'])]),
    token('on', 'one host: on HOST CMD', [
      value(
        '%HOST',
        '<host>',
        hosts.map((h) => h.name),
      ),
    ]),
  ];
}
