// argv → parsed flags for the main invocation (CLI.md "Invocations"). Pure: no environment,
// no files. Secrets are never flags: only *-file flags name where a secret lives.
import { parseArgs } from 'node:util';
import type { FleetFlags, Flags } from '../config/flags.js';
import { usageError } from '../errors.js';
import { mainHelpText } from './help-text.js';

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

/** Fleets (issue 39): kept as written; each is judged by the code that uses it. */
export const FLEET_OPTIONS = {
  inventory: { type: 'string', short: 'i' },
  limit: { type: 'string' },
  forks: { type: 'string' },
  waves: { type: 'string' },
  'confirm-within': { type: 'string' },
  confirm: { type: 'string' },
  gate: { type: 'string', multiple: true },
  'gate-metrics': { type: 'string', multiple: true },
  soak: { type: 'string' },
  'max-fail': { type: 'string' },
  routers: { type: 'string' },
} as const;

export const MAIN_OPTIONS = {
  ...CONNECTION_OPTIONS,
  json: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  'no-pager': { type: 'boolean' },
  'keep-going': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  'allow-unrevertable': { type: 'boolean' },
  command: { type: 'string', short: 'c', multiple: true },
  file: { type: 'string', short: 'f' },
  demo: { type: 'boolean' },
  record: { type: 'string' },
  ...FLEET_OPTIONS,
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

/**
 * `routersh --router R --yes undo --journal F`: the main flags before a command's name, as git
 * and kubectl take them. The argv with the command's name first (`undo --router R --yes
 * --journal F`), for the command's own parser to judge each flag; undefined when the first word
 * that is not a flag or a flag's value is not one of `names`.
 */
export function commandAfterFlags(argv: readonly string[], names: readonly string[]): string[] | undefined {
  let tokens: ReturnType<typeof parseArgs>['tokens'];
  try {
    ({ tokens } = parseArgs({
      args: [...argv],
      options: MAIN_OPTIONS,
      allowPositionals: true,
      strict: false,
      tokens: true,
    }));
  } catch {
    return undefined;
  }
  const first = tokens?.find((t) => t.kind !== 'option');
  if (first?.kind !== 'positional' || first.index === 0 || !names.includes(first.value)) return undefined;
  return [first.value, ...argv.slice(0, first.index), ...argv.slice(first.index + 1)];
}

/**
 * How many words at the start of `argv` are main flags with their values (`--router R --yes`,
 * `-c LINE`, `--timeout=5`): a command that takes NAME after them (`routersh --router R learn
 * NAME` arrives as `learn --router R NAME`) finds NAME there.
 */
export function leadingMainFlags(argv: readonly string[]): number {
  const shorts = Object.entries(MAIN_OPTIONS).filter(([, o]) => 'short' in o);
  let i = 0;
  while (i < argv.length) {
    const a = argv[i] ?? '';
    const long = /^--([^=]+)(=)?/.exec(a);
    const short = long ? undefined : /^-([A-Za-z])(.)?/.exec(a);
    const spec = long
      ? (MAIN_OPTIONS as Record<string, { type: string }>)[long[1] ?? '']
      : shorts.find(([, o]) => 'short' in o && o.short === short?.[1])?.[1];
    if (!spec) break;
    const attached = long ? long[2] !== undefined : short?.[2] !== undefined;
    i += spec.type === 'string' && !attached ? 2 : 1;
  }
  return Math.min(i, argv.length);
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
    ...(v['allow-unrevertable'] === true ? { allowUnrevertable: true } : {}),
    commands: v.command ?? [],
    ...(v.file !== undefined ? { file: v.file } : {}),
    demo: v.demo === true,
    ...(v.record !== undefined ? { record: v.record } : {}),
    ...fleetOf(v),
    help: v.help === true,
    version: v.version === true,
  };
}

/** The fleet flags given, as written; absent when none was (a one-router run is unchanged). */
function fleetOf(v: MainValues): { fleet?: FleetFlags } {
  const fleet: FleetFlags = {
    ...(v.inventory !== undefined ? { inventory: v.inventory } : {}),
    ...(v.limit !== undefined ? { limit: v.limit } : {}),
    ...(v.forks !== undefined ? { forks: v.forks } : {}),
    ...(v.waves !== undefined ? { waves: v.waves } : {}),
    ...(v['confirm-within'] !== undefined ? { confirmWithin: v['confirm-within'] } : {}),
    ...(v.confirm !== undefined ? { confirm: v.confirm } : {}),
    ...(v.gate !== undefined ? { gates: v.gate } : {}),
    ...(v['gate-metrics'] !== undefined ? { gateMetrics: v['gate-metrics'] } : {}),
    ...(v.soak !== undefined ? { soak: v.soak } : {}),
    ...(v['max-fail'] !== undefined ? { maxFail: v['max-fail'] } : {}),
    ...(v.routers !== undefined ? { routers: v.routers } : {}),
  };
  return Object.keys(fleet).length > 0 ? { fleet } : {};
}

export interface PlayArgs {
  script: string;
  /** `--auto SECONDS` in milliseconds: the wait before each Enter; absent: the presenter's key. */
  autoMs?: number;
  speed: number;
  flags: Flags;
}

export const PLAY_OPTIONS = { ...MAIN_OPTIONS, auto: { type: 'string' }, speed: { type: 'string' } } as const;

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

/** The output flags a subcommand takes along with the connection flags. */
export const SUBCOMMAND_OUTPUT_FLAGS = ['json', 'no-color'] as const;

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
    const extra = (SUBCOMMAND_OUTPUT_FLAGS as readonly string[]).includes(name);
    if (spec || extra) {
      conn.push(a);
      if (spec?.type === 'string' && !a.includes('=') && i + 1 < argv.length) conn.push(argv[++i] as string);
    } else {
      rest.push(a);
    }
  }
  return { connection: parseMainArgs(conn), rest };
}

/** `routersh --help`, from the tables the man page is made of too (help-tables.ts). */
export const HELP = mainHelpText();
