// `routersh class serve|join|board|grades`: each sub-command's argv, checked before anything
// starts (a flag of another sub-command is refused by name, a bad value as one line, exit 2).
// The flags are one table (cli/command-options.ts CLASS_OPTIONS) that completion and help read.
import { parseArgs } from 'node:util';
import { MAIN_OPTIONS, parsePlayArgs } from '../cli/args.js';
import { CLASS_OPTIONS } from '../cli/command-options.js';
import { usageError } from '../errors.js';
import { readDuration } from '../lang/time.js';

export const CLASS_VERBS = ['serve', 'join', 'board', 'grades'] as const;
export type ClassVerb = (typeof CLASS_VERBS)[number];

export const CLASS_USAGE: Readonly<Record<ClassVerb, string>> = {
  serve:
    'routersh class serve --trainees N | --roster FILE  --lesson L [--lesson L]… [--host A] [--port P] [--state DIR] [--cert F --key F]',
  join: 'routersh class join URL --name NAME [--code-file F] [-c CMD… | -f FILE | --play SCRIPT [--auto S] [--speed N]] [--ca F]',
  board: 'routersh class board URL [--json] [--stuck D] [--token-file F]',
  grades: 'routersh class grades URL --csv|--json [--token-file F]',
};

/** The default port of `class serve` (beside sim's 8080 and 8428). */
export const CLASS_DEFAULT_PORT = 8099;
/** At most this many trainees: one laptop (issue 40 measures 30). */
export const MAX_TRAINEES = 200;

export interface ServeArgs {
  verb: 'serve';
  trainees?: number;
  roster?: string;
  /** Lesson names or files, in order (at least one). */
  lessons: string[];
  host: string;
  port: number;
  state?: string;
  cert?: string;
  key?: string;
}
export interface JoinArgs {
  verb: 'join';
  url: string;
  name: string;
  codeFile?: string;
  /** `--play SCRIPT [--auto S] [--speed N]`: the script typed into the trainee's shell, as `routersh play`. */
  play?: { script: string; autoMs?: number; speed: number };
  /** The main flags after the join's own (-c, -f, --ca, --json…), as written: the shell's. */
  rest: string[];
}
export interface BoardArgs {
  verb: 'board';
  url: string;
  json: boolean;
  /** `--stuck D` in ms: trainees longer than this on one step are marked. */
  stuckMs?: number;
  tokenFile?: string;
}
export interface GradesArgs {
  verb: 'grades';
  url: string;
  format: 'csv' | 'json';
  tokenFile?: string;
}
export type ClassArgs = ServeArgs | JoinArgs | BoardArgs | GradesArgs;

type Values = { [K in keyof typeof CLASS_OPTIONS]?: K extends 'lesson' ? string[] : string | boolean };

/** Which flags each sub-command takes (help aside). */
const TAKES: Readonly<Record<ClassVerb, ReadonlyArray<keyof typeof CLASS_OPTIONS>>> = {
  serve: ['trainees', 'roster', 'lesson', 'host', 'port', 'state', 'cert', 'key'],
  join: ['name', 'code-file', 'play', 'auto', 'speed'],
  board: ['json', 'stuck', 'token-file'],
  grades: ['csv', 'json', 'token-file'],
};

const str = (v: Values, k: keyof typeof CLASS_OPTIONS): string | undefined => {
  const x = v[k];
  return typeof x === 'string' ? x : undefined;
};

export function parseClassArgs(argv: readonly string[]): ClassArgs {
  if (argv[0] === 'join') return joinArgs(argv.slice(1));
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: CLASS_OPTIONS, allowPositionals: true, strict: true }) as {
      values: Values;
      positionals: string[];
    };
  } catch (e) {
    throw usageError(`class: ${(e as Error).message.split('\n')[0]}`);
  }
  const [verb, ...rest] = parsed.positionals;
  if (!CLASS_VERBS.includes(verb as ClassVerb))
    throw usageError(
      verb === undefined
        ? `class: serve, join, board or grades is wanted (${CLASS_USAGE.serve})`
        : `class: no sub-command '${verb}' (serve, join, board, grades)`,
    );
  const v = verb as ClassVerb;
  const values = parsed.values;
  const foreign = (Object.keys(values) as Array<keyof typeof CLASS_OPTIONS>).find(
    (k) => k !== 'help' && !TAKES[v].includes(k),
  );
  if (foreign) throw usageError(`class ${v} takes no --${foreign} (${CLASS_USAGE[v]})`);
  if (v === 'serve') return serveArgs(rest, values);
  if (rest.length !== 1) throw usageError(`class ${v}: one URL is wanted (${CLASS_USAGE[v]})`);
  const url = checkUrl(v, rest[0]!);
  const tokenFile = str(values, 'token-file');
  if (v === 'board') {
    const stuck = str(values, 'stuck');
    let stuckMs: number | undefined;
    if (stuck !== undefined) {
      const d = readDuration(stuck);
      if (!d.ok) throw usageError(`class board --stuck: ${d.why}`);
      stuckMs = d.value;
    }
    return {
      verb: 'board',
      url,
      json: values.json === true,
      ...(stuckMs !== undefined ? { stuckMs } : {}),
      ...(tokenFile !== undefined ? { tokenFile } : {}),
    };
  }
  if ((values.csv === true) === (values.json === true))
    throw usageError(`class grades: --csv or --json, one of them (${CLASS_USAGE.grades})`);
  return {
    verb: 'grades',
    url,
    format: values.csv === true ? 'csv' : 'json',
    ...(tokenFile !== undefined ? { tokenFile } : {}),
  };
}

/** The join's own flags, each with a value; the others are the shell's (main flags). */
const JOIN_OWN = new Set(['name', 'code-file', 'play', 'auto', 'speed']);

/**
 * `join URL --name NAME [--code-file F] [--play SCRIPT [--auto S] [--speed N]]` and then main flags for the trainee's shell, as after
 * `learn NAME`: the join's own are taken out wherever they are, the others kept in order with
 * their values (a `-c` value that looks like a URL is the command's, not the URL).
 */
function joinArgs(argv: readonly string[]): JoinArgs {
  const own: Record<string, string> = {};
  const rest: string[] = [];
  let url: string | undefined;
  const main = MAIN_OPTIONS as Readonly<Record<string, { type: string; short?: string }>>;
  const shortOf = (c: string) => Object.values(main).find((o) => o.short === c);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const long = /^--([^=]+)(?:=(.*))?$/s.exec(a);
    const ownFlag = long?.[1];
    if (ownFlag !== undefined && JOIN_OWN.has(ownFlag)) {
      const value = long?.[2] ?? argv[++i];
      if (value === undefined)
        throw usageError(`class join: --${ownFlag} wants a value (${CLASS_USAGE.join})`);
      own[ownFlag] = value;
      continue;
    }
    if (!a.startsWith('-')) {
      if (url === undefined) url = a;
      else rest.push(a);
      continue;
    }
    const spec = long ? main[long[1]!] : a.length >= 2 && a[1] !== '-' ? shortOf(a[1]!) : undefined;
    if (!spec) throw usageError(`class join: unknown flag '${a}' (${CLASS_USAGE.join})`);
    rest.push(a);
    const attached = long ? long[2] !== undefined : a.length > 2;
    if (spec.type === 'string' && !attached && i + 1 < argv.length) rest.push(argv[++i]!);
  }
  if (url === undefined) throw usageError(`class join: one URL is wanted (${CLASS_USAGE.join})`);
  const name = own['name'];
  if (name === undefined) throw usageError(`class join: --name NAME is wanted (${CLASS_USAGE.join})`);
  const codeFile = own['code-file'];
  const play = joinPlay(own);
  return {
    verb: 'join',
    url: checkUrl('join', url),
    name,
    ...(codeFile !== undefined ? { codeFile } : {}),
    ...(play !== undefined ? { play } : {}),
    rest,
  };
}

/** `--play SCRIPT [--auto S] [--speed N]`, their values judged by play's own rule. */
function joinPlay(own: Record<string, string>): JoinArgs['play'] {
  const script = own['play'];
  if (script === undefined) {
    const stray = ['auto', 'speed'].find((k) => own[k] !== undefined);
    if (stray) throw usageError(`class join: --${stray} goes with --play SCRIPT (${CLASS_USAGE.join})`);
    return undefined;
  }
  const more = (k: string) => (own[k] !== undefined ? [`--${k}`, own[k]] : []);
  const { autoMs, speed } = parsePlayArgs([script, ...more('auto'), ...more('speed')]);
  return { script, speed, ...(autoMs !== undefined ? { autoMs } : {}) };
}

function checkUrl(verb: ClassVerb, text: string): string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw usageError(`class ${verb}: '${text}' is not a URL (http://HOST:PORT)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw usageError(`class ${verb}: '${text}' is not an http:// or https:// URL`);
  if (u.username || u.password)
    throw usageError(
      `class ${verb}: no credentials in the URL (they would show in ps): use --name and the code`,
    );
  return text.replace(/\/+$/, '');
}

function serveArgs(rest: string[], values: Values): ServeArgs {
  if (rest.length) throw usageError(`class serve takes no '${rest[0]}' (${CLASS_USAGE.serve})`);
  const traineesText = str(values, 'trainees');
  const roster = str(values, 'roster');
  if ((traineesText === undefined) === (roster === undefined))
    throw usageError(`class serve: --trainees N or --roster FILE, one of them (${CLASS_USAGE.serve})`);
  let trainees: number | undefined;
  if (traineesText !== undefined) {
    trainees = Number(traineesText);
    if (!/^\d+$/.test(traineesText) || trainees < 1 || trainees > MAX_TRAINEES)
      throw usageError(
        `class serve --trainees: a whole number from 1 to ${MAX_TRAINEES}, not '${traineesText}'`,
      );
  }
  const lessons = values.lesson ?? [];
  if (lessons.length === 0)
    throw usageError(`class serve: --lesson NAME|FILE is wanted (${CLASS_USAGE.serve})`);
  const portText = str(values, 'port');
  const port = portText === undefined ? CLASS_DEFAULT_PORT : Number(portText);
  if (portText !== undefined && (!/^\d+$/.test(portText) || port > 65535))
    throw usageError(`class serve --port: 0 to 65535, not '${portText}'`);
  const cert = str(values, 'cert');
  const key = str(values, 'key');
  if ((cert === undefined) !== (key === undefined))
    throw usageError('class serve: --cert F and --key F go together');
  const state = str(values, 'state');
  return {
    verb: 'serve',
    ...(trainees !== undefined ? { trainees } : {}),
    ...(roster !== undefined ? { roster } : {}),
    lessons,
    host: str(values, 'host') ?? '127.0.0.1',
    port,
    ...(state !== undefined ? { state } : {}),
    ...(cert !== undefined ? { cert, key: key! } : {}),
  };
}
