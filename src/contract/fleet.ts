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
}
