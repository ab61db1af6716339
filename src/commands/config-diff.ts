// `routersh config diff A B [--exit-code] [--json] [connection]`: two configurations compared
// from the command line — a bare argument is a saved file, `checkpoint:NAME`, `profile:NAME` and
// `router:URL` name the others (a router is walked through a session built as a start builds one:
// flags < environment < profile, the password asked on a terminal). Unified diff lines, `-` A,
// `+` B. Exit 0 whether or not they differ; with --exit-code 1 when they differ (as git diff);
// 2 for a bad argument, an unreadable file or an unknown checkpoint (so that 1 means only "they
// differ"); 3 when a router cannot be reached.
import type { Flags } from '../cli/args.js';
import { colorWanted } from '../config/color.js';
import { stateDir } from '../config/paths.js';
import type { CommandIo } from '../contract/command-io.js';
import type { HandlerEnv } from '../contract/handler.js';
import type { RunIo } from '../contract/services.js';
import { type Ending, failed, isRoutershError, OK, RoutershError, usageError } from '../errors.js';
import { routersWithCheckpoint } from '../features/config/checkpoint-store.js';
import { diffOutcome } from '../features/config/compare-command.js';
import { parseDiffArg, readSide, type Side, type Source } from '../features/config/compare-sources.js';
import { commandConfig, connect } from '../session/connect.js';
import { forOther } from '../session/other-router.js';
import { paintDiff } from '../term/paint.js';
import { jsonText, sanitizeText } from '../term/sanitize.js';

export interface DiffArgs {
  connection: Flags;
  a: Source;
  b: Source;
  exitCode: boolean;
}

/** `diff A B [--exit-code]` (the connection and output flags taken out already). */
export function parseDiffArgs(connection: Flags, rest: readonly string[]): DiffArgs {
  const exitCode = rest.includes('--exit-code');
  const words = rest.filter((w) => w !== '--exit-code');
  const bad = words.find((w) => w.startsWith('-') && w !== '-');
  if (bad)
    throw usageError(`config diff: unknown flag ${bad} (routersh config diff A B [--exit-code] [--json])`);
  if (words.length !== 2)
    throw usageError('config diff takes two arguments: FILE, checkpoint:NAME, profile:NAME or router:URL');
  const parse = (w: string) => {
    try {
      return parseDiffArg(w);
    } catch (e) {
      throw usageError(isRoutershError(e) ? e.message : String(e));
    }
  };
  return { connection, a: parse(words[0]!), b: parse(words[1]!), exitCode };
}

/** The router whose checkpoint NAME is meant: the configured one, else the only one that keeps NAME. */
function checkpointRouter(name: string, flags: Flags, io: CommandIo): string {
  const configured = commandConfig(flags, io).router;
  if (configured) return configured;
  const routers = routersWithCheckpoint(name, { stateDir: stateDir(io.env) });
  if (routers.length === 1) return routers[0]!;
  throw usageError(
    routers.length === 0
      ? `no checkpoint ${name} kept for any router`
      : `checkpoint ${name} is kept for ${routers.length} routers: name one with --router URL`,
  );
}

/** What reading a side may throw, as config diff reports it: a bad argument is 2, not 1. */
const asUsage = (e: unknown): unknown =>
  isRoutershError(e) && (e.code === 'command_failed' || e.code === 'argument')
    ? new RoutershError('usage', e.message)
    : e;

export async function runConfigDiff(args: DiffArgs, io: CommandIo): Promise<Ending> {
  const controller = new AbortController();
  const stopInterrupt = io.onInterrupt(() => controller.abort());
  const runIo: RunIo = io.stderr.isTTY ? { progress: (l) => io.err(`\r\x1b[2K${l}`) } : {};
  const state = stateDir(io.env);
  const open: Array<() => Promise<void>> = [];
  const other = async (which: { profile: string } | { router: string }) => {
    // A profile named is that profile's router, whatever --router or ROUTERSH_ROUTER say.
    const { router: _, profile: __, ...connection } = args.connection;
    const flags: Flags = { ...connection, ...which };
    const c = await connect(
      flags,
      { ...io, env: forOther(io.env, which) },
      { interactive: false, telemetry: 'on-first-use' },
    );
    open.push(c.close);
    const env: HandlerEnv = {
      state: { context: [] },
      services: c.session.services,
      io: runIo,
      signal: controller.signal,
    };
    const label =
      'profile' in which ? `profile ${which.profile} (${c.cfg.router})` : (c.cfg.router ?? which.router);
    return { env, label, close: async () => {} };
  };
  const read = async (s: Source, like?: Side): Promise<Side> => {
    const router = s.kind === 'checkpoint' ? checkpointRouter(s.name, args.connection, io) : '';
    try {
      return await readSide(s, {
        router,
        stateDir: state,
        live: () => Promise.reject(usageError('config diff compares two named configurations')),
        other,
        ...(like ? { like } : {}),
      });
    } catch (e) {
      throw asUsage(e);
    }
  };
  try {
    // A router is walked like the other side when that one is a file (its subtree, its members).
    const walked = (s: Source) => s.kind === 'router' || s.kind === 'profile';
    let a: Side;
    let b: Side;
    if (walked(args.a) && !walked(args.b)) {
      b = await read(args.b);
      a = await read(args.a, b);
    } else {
      a = await read(args.a);
      b = await read(args.b, walked(args.b) && !walked(args.a) ? a : undefined);
    }
    if (runIo.progress) io.err('\r\x1b[2K');
    const outcome = diffOutcome(a, b);
    const text = sanitizeText(outcome.differs ? outcome.text : '');
    // Coloured as the shell's compare on a terminal (NO_COLOR, --no-color and FORCE_COLOR as everywhere).
    const color = colorWanted(args.connection.noColor, io.env, io.stdout.isTTY === true);
    io.out(args.connection.json ? `${jsonText(outcome.json, 0)}\n` : color ? paintDiff(text) : text);
    return outcome.differs && args.exitCode
      ? failed(new RoutershError('command_failed', 'the configurations differ'))
      : OK;
  } finally {
    stopInterrupt();
    for (const close of open) await close();
  }
}
