// argv → parsed flags for the main invocation (CLI.md "Invocations"). Pure: no environment,
// no files. Secrets are never flags: only *-file flags name where a secret lives.
import { parseArgs } from 'node:util';
import type { Flags } from '../config/flags.js';
import { usageError } from '../errors.js';

export type { Flags } from '../config/flags.js';

export const CONNECTION_OPTIONS = {
  router: { type: 'string' },
  user: { type: 'string' },
  'password-file': { type: 'string' },
  auth: { type: 'string' },
  'token-file': { type: 'string' },
  ca: { type: 'string' },
  insecure: { type: 'boolean' },
  cert: { type: 'string' },
  key: { type: 'string' },
  timeout: { type: 'string' },
  telemetry: { type: 'string' },
  'telemetry-key-file': { type: 'string' },
  'telemetry-ca': { type: 'string' },
  'telemetry-insecure': { type: 'boolean' },
  'telemetry-cert': { type: 'string' },
  'telemetry-cert-key': { type: 'string' },
  profile: { type: 'string' },
} as const;

export const MAIN_OPTIONS = {
  ...CONNECTION_OPTIONS,
  json: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  'no-pager': { type: 'boolean' },
  'keep-going': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  command: { type: 'string', short: 'c', multiple: true },
  file: { type: 'string', short: 'f' },
  demo: { type: 'boolean' },
  record: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

/**
 * Flags that look like they carry a secret on argv: refused with a pointer to the safe form.
 * (`--key FILE` names the client certificate's key file, as curl's: a path, not a secret.)
 */
const SECRET_FLAGS = ['--password', '--token', '--telemetry-key', '--api-key'];

export function refuseSecretFlags(argv: string[]): void {
  for (const a of argv) {
    const name = a.split('=')[0] ?? a;
    if (SECRET_FLAGS.includes(name)) {
      throw usageError(
        `${name} is not accepted: secrets never go on the command line (use ${name}-file or the environment)`,
      );
    }
  }
}

function parseError(e: unknown): never {
  const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
  throw usageError(`${msg} (see routersh --help)`);
}

export function parseMainArgs(argv: string[]): Flags {
  refuseSecretFlags(argv);
  let parsed: ReturnType<typeof parseArgs<{ options: typeof MAIN_OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: MAIN_OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    parseError(e);
  }
  if (parsed.positionals.length > 0) {
    throw usageError(
      `unexpected argument '${parsed.positionals[0]}' (commands go after -c; see routersh --help)`,
    );
  }
  return flagsOf(parsed.values);
}

type MainValues = ReturnType<typeof parseArgs<{ options: typeof MAIN_OPTIONS }>>['values'];

function flagsOf(v: MainValues): Flags {
  if (v.command && v.file !== undefined) throw usageError('-c and -f cannot be combined');
  return {
    ...pick(v),
    insecure: v.insecure === true,
    ...(v['telemetry-insecure'] === true ? { telemetryInsecure: true } : {}),
    json: v.json === true,
    noColor: v['no-color'] === true,
    noPager: v['no-pager'] === true,
    keepGoing: v['keep-going'] === true,
    dryRun: v['dry-run'] === true,
    yes: v.yes === true,
    commands: v.command ?? [],
    ...(v.file !== undefined ? { file: v.file } : {}),
    demo: v.demo === true,
    ...(v.record !== undefined ? { record: v.record } : {}),
    help: v.help === true,
    version: v.version === true,
  };
}

export interface PlayArgs {
  script: string;
  /** `--auto SECONDS` in milliseconds: the wait before each Enter; absent: the presenter's key. */
  autoMs?: number;
  speed: number;
  flags: Flags;
}

const PLAY_OPTIONS = { ...MAIN_OPTIONS, auto: { type: 'string' }, speed: { type: 'string' } } as const;

/** `routersh play SCRIPT [--auto SECONDS] [--speed N]` and the shell's own flags. */
export function parsePlayArgs(argv: string[]): PlayArgs {
  refuseSecretFlags(argv);
  let parsed: ReturnType<typeof parseArgs<{ options: typeof PLAY_OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: PLAY_OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    parseError(e);
  }
  const { auto, speed, ...v } = parsed.values;
  const [script, extra] = parsed.positionals;
  if (script === undefined && !v.help && !v.version)
    throw usageError('play needs a script: routersh play SCRIPT (see routersh --help)');
  if (extra !== undefined) throw usageError(`unexpected argument '${extra}' (see routersh --help)`);
  if (v.command || v.file !== undefined)
    throw usageError('play types its script into the shell: no -c or -f');
  const number = (name: string, text: string, zero: boolean) => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < 0 || (!zero && n === 0)) {
      throw usageError(
        `--${name} wants a number ${zero ? '(seconds, 0 or more)' : 'above 0'}, not '${text}'`,
      );
    }
    return n;
  };
  return {
    script: script ?? '',
    ...(auto !== undefined ? { autoMs: Math.round(number('auto', auto, true) * 1000) } : {}),
    speed: speed !== undefined ? number('speed', speed, false) : 1,
    flags: flagsOf(v),
  };
}

type ConnValues = { [K in keyof typeof CONNECTION_OPTIONS]?: string | boolean | undefined };

/** The connection part of parsed values, as Flags fields. */
export function pick(
  v: ConnValues,
): Pick<
  Flags,
  | 'router'
  | 'user'
  | 'passwordFile'
  | 'auth'
  | 'tokenFile'
  | 'ca'
  | 'cert'
  | 'key'
  | 'timeout'
  | 'telemetry'
  | 'telemetryKeyFile'
  | 'telemetryCa'
  | 'telemetryCert'
  | 'telemetryCertKey'
  | 'profile'
> {
  const out: Record<string, string> = {};
  const map: Record<string, string> = {
    router: 'router',
    user: 'user',
    'password-file': 'passwordFile',
    auth: 'auth',
    'token-file': 'tokenFile',
    ca: 'ca',
    cert: 'cert',
    key: 'key',
    timeout: 'timeout',
    telemetry: 'telemetry',
    'telemetry-key-file': 'telemetryKeyFile',
    'telemetry-ca': 'telemetryCa',
    'telemetry-cert': 'telemetryCert',
    'telemetry-cert-key': 'telemetryCertKey',
    profile: 'profile',
  };
  for (const [flag, key] of Object.entries(map)) {
    const val = v[flag as keyof ConnValues];
    if (typeof val === 'string') out[key] = val;
  }
  return out;
}

/**
 * Splits the argv of a subcommand (`routersh api …`) into the connection flags main.ts
 * resolves and the rest, which the subcommand parses itself.
 */
export function splitConnectionArgs(argv: string[]): { connection: Flags; rest: string[] } {
  refuseSecretFlags(argv);
  const conn: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const name = a.startsWith('--') ? (a.slice(2).split('=')[0] ?? '') : '';
    const spec = (CONNECTION_OPTIONS as Record<string, { type: string }>)[name];
    const extra = ['json', 'no-color'].includes(name);
    if (spec || extra) {
      conn.push(a);
      if (spec?.type === 'string' && !a.includes('=') && i + 1 < argv.length) conn.push(argv[++i] as string);
    } else {
      rest.push(a);
    }
  }
  return { connection: parseMainArgs(conn), rest };
}

export const HELP = `routersh — a shell for routers whose configuration is a REST node tree

Usage:
  routersh [connection] [output]                 interactive shell (stdin a TTY), else reads commands from stdin
  routersh [connection] [output] -c CMD [-c CMD]… run the commands in order, then exit
  routersh [connection] [output] -f FILE         run a script file ('-' = stdin); a line starting with '#' is a comment
  routersh --demo [output] [-c …|-f …]           start the embedded simulators and connect to them
  routersh sim [--host H] [--port N] [--telemetry-port M] [--variant reference] [--no-save]
                                                 run the simulators in the foreground (and save
                                                 the profile 'sim' for them)
  routersh api [-p|-d] [-s SERVER] [-A ACTIONS] [-O KEY=VALUE]… [-n COUNT] [--debug] [--output json|dumper] WORD…
                                                 one raw router API request (the vendor's demo client)
  routersh match-list import|export|sync LIST [FILE|-] [flags] [connection]
                                                 blacklist operations (import a feed, export, sync);
                                                 flags: --csv COLUMN, --concurrency N, --keep-going,
                                                 --allow-broad, --allow-own-address, --json,
                                                 sync's --dry-run (the difference) or --keep
  routersh learn [NAME [connection]] | --progress [--json] | --validate FILE…
                                                 lessons: list, start one (on an embedded simulator
                                                 unless --router), progress, check lesson files
  routersh confirm --journal FILE                keep the changes of FILE's confirmed-change window
  routersh undo --journal                        list the journals with a confirmed-change window open
  routersh undo --journal FILE [N | ID] [--yes] [connection]
                                                 undo changes of any session's journal: its open
                                                 confirmed-change window (its shell was closed),
                                                 else its newest change; N: the last N; ID: one
  routersh play SCRIPT [--auto SECONDS] [--speed N] [connection] [output]
                                                 type a demo script into the shell: each line at a
                                                 human pace, Enter when you press Enter or space
                                                 (or after --auto SECONDS); '#' lines are captions
  routersh --help | --version                    this text; the version

Connection:
  --router URL              base URL (ROUTERSH_ROUTER)
  --user NAME               user name (ROUTERSH_USER)
  --password-file FILE      password (ROUTERSH_PASSWORD); prompted on a TTY when absent
  --auth basic|token        HTTP Basic on /api/ (default) or a JWT from /token on /api-oauth/ (ROUTERSH_AUTH)
  --token-file FILE         a pre-issued token (ROUTERSH_TOKEN)
  --ca FILE, --insecure     trust a CA file (PEM); skip TLS verification (warns)
  --cert FILE, --key FILE   a client certificate and its private key (PEM)
  --timeout SECONDS         per-request limit (default 30)
  --telemetry URL           telemetry API base URL (ROUTERSH_TELEMETRY_URL)
  --telemetry-key-file FILE telemetry API key (ROUTERSH_TELEMETRY_KEY)
  --telemetry-ca FILE, --telemetry-insecure, --telemetry-cert FILE, --telemetry-cert-key FILE
                            the telemetry API's own TLS (default: the router's, on the same host)
  --profile NAME            profile from $XDG_CONFIG_HOME/routersh/config.json (ROUTERSH_PROFILE)
  proxies: https_proxy, http_proxy (lower case only), all_proxy and no_proxy, as curl reads them

Output:
  --json                    one JSON document per command on stdout
  --no-color                no colour (also NO_COLOR)
  --no-pager                no --More-- under long output (profile: "pager": false)
  --keep-going              in scripts, go on after a failing command (exit 1 if any failed)
  --dry-run                 with -c/-f/stdin: check every line and print the requests it would
                            send (METHOD /api/path {body}); send nothing but metadata GETs
  --yes, -y                 in scripts, run what asks on a terminal (undo)
  --record FILE.cast        record the session as an asciicast v2 file (mode 0600; secrets masked)

In the shell (help WORD… for any of them; set and delete always mean the router):
  help [WORD…] · describe WORD… · show WORD… · no WORD… · set WORD… · delete WORD…
  edit WORD… · up · top · exit · quit · history · refresh [WORD…]
  metrics query|range|names|labels|label-values …
  logs search|histogram|fields|field-values|facets …
  match-list import|export|sync … · monitor match-list LIST · dry-run WORD…
  changes [all] · compare (show | compare) · undo [N|ID] · rollback N
  confirm-within DURATION · confirm · commit [confirmed N] · learn NAME · lesson · hint · skip
  pipes at the end of a line: | match REGEX · | except REGEX · | count · | last N · | json
    · | save FILE · | no-more

Keys:
  prompt   Tab completes (twice: a menu) · ? lists what can follow, Enter then runs the line
           (so does the menu's <Enter> row) · Ctrl-R history search · Ctrl-L clear
           · Ctrl-C cancel · Ctrl-D exit · Ctrl-Z suspend
  --More-- Space page · Enter line · / search · G the rest · q stop
  chart    p pause · +/- zoom · ←/→ pan · c/f coarser/finer step · t top N · [ ] legend page
           · ↑/↓ Enter show/hide a series · 1-9 toggle · r refresh · q back
  logs     ↑/↓ PgUp/PgDn scroll · End follow · w wrap · / find · f facets · q back
  monitor  s sort · / filter · ↑/↓ move · d delete the entry · r refresh · q back

Exit status: 0 ok · 1 a command failed · 2 usage error · 3 could not connect or authenticate
`;
