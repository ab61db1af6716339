// Fleets (issue 39): the shapes the inventory, the runner, the runs and the fleet shell share.
// Pure types: the inventory reader (features/fleet/inventory/) makes FleetHosts, the runner
// (features/fleet/run/) turns them into per-host sessions and results, the shell and the
// waves consume both. A secret never appears here: only the files that hold one.

/** One host of an inventory, resolved: everything needed to open a session to it. */
export interface FleetHost {
  /** Ansible's inventory_hostname: the name patterns, grouping and output use. */
  readonly name: string;
  /** The router's base URL (`routersh_router`, else `routersh_scheme://ansible_host:ansible_port`). */
  readonly router: string;
  readonly user?: string;
  /** A file holding the password (`routersh_password_file`); never the password itself. */
  readonly passwordFile?: string;
  /** A file holding a bearer token (`routersh_token_file`). */
  readonly tokenFile?: string;
  readonly telemetryUrl?: string;
  /** The groups the host belongs to, `all` included, parents of its groups too. */
  readonly groups: readonly string[];
  /** Every variable that applies to the host after precedence, secrets excluded. */
  readonly vars: Readonly<Record<string, unknown>>;
  /** For `routersh inventory`: each variable's source, `FILE:LINE` or `flag --user`/`env X`. */
  readonly origin: Readonly<Record<string, string>>;
}

export interface FleetGroup {
  readonly name: string;
  readonly hosts: readonly string[];
  readonly children: readonly string[];
}

export interface Inventory {
  /** The file (or `profiles`) it was read from, for messages. */
  readonly source: string;
  /** In inventory order; names unique. */
  readonly hosts: readonly FleetHost[];
  readonly groups: readonly FleetGroup[];
}

/** How one host's run of one command ended (`--json`'s `status`). */
export type HostStatus = 'ok' | 'failed' | 'unreachable';

/** One JSON line of a fleet run: `{"host","command","status","output","error","ms"}`. */
export interface HostResult {
  readonly host: string;
  readonly command: string;
  readonly status: HostStatus;
  /** Exactly what `--json` prints for one router (parsed), or its text when not JSON. */
  readonly output: unknown;
  readonly error?: string;
  readonly ms: number;
}

/**
 * The fleet shell (`routersh -i INV` on a terminal): what the Ink shell asks of a session over
 * many hosts, beside the union metadata it completes from (session/fleet-shell.ts).
 */
export interface FleetShellPort {
  /** Runs a typed line on the selection (or once, or refuses it): one outcome, grouped by host. */
  run(
    line: string,
    context: string[],
    signal: AbortSignal,
    io: import('./services.js').RunIo,
  ): Promise<{ outcome: import('./outcome.js').Outcome; page: boolean; note?: string; warning?: string }>;
  /** `31/40 answered` while completion's metadata lacks some hosts (else undefined). */
  note(): string | undefined;
  /** The Tab waiting for the hosts was read at `at` (performance.now()): their budget counts from it. */
  keyAt(at: number | undefined): void;
}

/** One host's session as a fleet run uses it: a file journal, the run's guard as its window guard. */
export interface FleetRunSession {
  readonly services: import('./services.js').Services;
  close(): Promise<void>;
}

/**
 * A change across the fleet shell's selection made as ONE run (issue 39 items 3-4): waves, gates,
 * the run's guard, `--max-fail`, the run index. commands/ implements it on its run engine
 * (commands/fleet-run.ts runChange, with the flags of the command line that opened the shell) and
 * hands it to the shell, which may not import commands/. The shell lends its own host sessions,
 * so what a run changed is in the journals the shell's `changes` reads.
 */
export interface FleetRunPort {
  /** The window guard port the shell's host sessions are opened with (the run's one guard). */
  readonly guardPort: import('./services.js').WindowGuardPort;
  /** The run's waves over `hosts` (sizes), judged before anything is asked or sent; throws a one-line refusal. */
  plan(hosts: readonly FleetHost[]): readonly number[];
  /** Sends `lines` (a script from the root) to `hosts` as one run; progress and its summary through `say`. */
  run(r: {
    hosts: readonly FleetHost[];
    lines: readonly string[];
    open(host: FleetHost): Promise<FleetRunSession>;
    say(text: string): void;
    signal: AbortSignal;
  }): Promise<FleetRunDone>;
  /** `routersh fleet undo RUN --yes` on the shell's sessions: every host the run changed reverted. */
  undo(r: {
    id: string;
    open(host: string): Promise<FleetRunSession>;
    say(text: string): void;
    signal: AbortSignal;
  }): Promise<{ ok: boolean }>;
}

/** How a run ended: 0 every host changed, 4 some failed and others not, 1 reverted or failed. */
export interface FleetRunDone {
  readonly id: string;
  readonly status: 0 | 1 | 4;
  /** The run index's summary: which host ended where. */
  readonly summary: string;
  /** The failed hosts' whys (`HOST: why`). */
  readonly whys: readonly string[];
  /** Where each host ended (the run index's words: confirmed, reverted, pending, ...). */
  readonly hosts: readonly { readonly name: string; readonly end: string }[];
}
