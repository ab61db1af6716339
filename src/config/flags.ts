// What the command line says, parsed (cli/args.ts parses it; config.ts reads it with the
// environment and the profile). Secrets are never flags: only *-file flags name where one lives.
export interface Flags {
  router?: string;
  user?: string;
  passwordFile?: string;
  auth?: string;
  tokenFile?: string;
  /** The router's TLS: a CA file, no verification, a client certificate and its key (files). */
  ca?: string;
  insecure: boolean;
  cert?: string;
  key?: string;
  timeout?: string;
  telemetry?: string;
  telemetryKeyFile?: string;
  /** The telemetry API's own TLS (absent: the router's when both are on one host). */
  telemetryCa?: string;
  telemetryInsecure?: boolean;
  telemetryCert?: string;
  telemetryCertKey?: string;
  profile?: string;
  json: boolean;
  noColor: boolean;
  noPager: boolean;
  keepGoing: boolean;
  /** Check the lines of -c/-f/stdin and print their requests; send nothing. */
  dryRun: boolean;
  /** Run what would ask on a terminal (undo, an own-path warning) in a script. */
  yes: boolean;
  /** In a script, send inside a confirmed-change window a change it cannot revert (a secret). */
  allowUnrevertable?: boolean;
  commands: string[];
  file?: string;
  demo: boolean;
  /** `--record FILE.cast`: the session as an asciicast v2 file. */
  record?: string;
  /** Fleet flags (issue 39), as written; absent when none was given. */
  fleet?: FleetFlags;
  help: boolean;
  version: boolean;
}

/** `-i/--inventory`, `--limit`, `--forks`, waves and gates, `--routers`: strings as given. */
export interface FleetFlags {
  inventory?: string;
  limit?: string;
  forks?: string;
  waves?: string;
  confirmWithin?: string;
  /** `--confirm manual`. */
  confirm?: string;
  gates?: string[];
  gateMetrics?: string[];
  soak?: string;
  maxFail?: string;
  /** `--demo --routers N`. */
  routers?: string;
}

/** No flag given: what a command reads from a profile alone starts from (other routers, completion). */
export const noFlags = (): Flags => ({
  insecure: false,
  json: false,
  noColor: false,
  noPager: false,
  keepGoing: false,
  dryRun: false,
  yes: false,
  commands: [],
  demo: false,
  help: false,
  version: false,
});
