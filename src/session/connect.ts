// From the command line to a connected session, the same way for every command: flags and
// environment → configuration → password (asked on a terminal; again after a refusal in the
// shell) → the demo simulators (`--demo`) → the session (session.ts).
import type { Config } from '../config/config.js';
import { resolveConfig } from '../config/config.js';
import { connectionWarnings } from '../config/connection-warnings.js';
import type { Flags } from '../config/flags.js';
import type { CommandIo } from '../contract/command-io.js';
import { isRoutershError, usageError } from '../errors.js';
import { sanitizeLine } from '../term/sanitize.js';
import { openSession, type Session, type SessionOptions } from './session.js';

export interface ConnectOptions extends Omit<SessionOptions, 'env' | 'warn'> {
  /** Ask for the password again after the router refuses it (the shell, like ssh). */
  retryPassword?: boolean;
  /** The router when none is configured (`routersh api`: http://localhost, as the vendor's client). */
  defaultRouter?: string;
  /**
   * A login the command got itself, over what flags, environment and profile say (`class join`:
   * the class's router for the trainee, their name and code, the telemetry key the class gave).
   */
  login?: Pick<Config, 'router' | 'user' | 'password' | 'telemetryUrl' | 'telemetryKey'>;
}

export interface Connected {
  readonly cfg: Readonly<Config>;
  readonly session: Session;
  /** Started with --demo: the simulators run in this process. */
  readonly demo: boolean;
  close(): Promise<void>;
}

/** The configuration a command runs with (flags < env < profile < defaults), a router required. */
export function commandConfig(flags: Flags, io: CommandIo): Readonly<Config> {
  return resolveConfig(flags, { env: io.env, isTTY: io.stdout.isTTY === true });
}

export async function connect(flags: Flags, io: CommandIo, o: ConnectOptions): Promise<Connected> {
  let cfg = commandConfig(flags, io);
  if (!cfg.router && o.defaultRouter) cfg = Object.freeze({ ...cfg, router: o.defaultRouter });
  if (o.login) {
    // No token of the environment's rides along: the login given is the one.
    const { token: _, ...rest } = cfg;
    cfg = Object.freeze({ ...rest, ...o.login });
  }
  let closeDemo = async () => {};
  if (flags.demo) {
    const demo = await (await import('./demo.js')).demoConfig(cfg);
    cfg = demo.cfg;
    closeDemo = demo.close;
  }
  try {
    if (!cfg.router)
      throw usageError('no router given: use --router URL (or ROUTERSH_ROUTER, or a --profile), or --demo');
    // Once per run, before anything is sent (a password asked again reopens the session only).
    for (const m of connectionWarnings(cfg)) io.err(`warning: ${sanitizeLine(m)}\n`);
    const { retryPassword: _, defaultRouter: __, login: ___, ...options } = o;
    // --demo's router lives in this process: a guard could not revert anything once it is gone.
    const sessionOptions = flags.demo ? { ...options, guard: false } : options;
    const open = (c: Readonly<Config>) =>
      openSession(c, {
        ...sessionOptions,
        env: io.env,
        warn: (m) => io.err(`warning: ${sanitizeLine(m)}\n`),
      });
    let session: Session;
    if (asksPassword(cfg, io) && o.retryPassword)
      ({ cfg, session } = await loginInteractively(cfg, io, open));
    else {
      cfg = await withPassword(cfg, io);
      session = await open(cfg);
    }
    return {
      cfg,
      session,
      demo: flags.demo,
      close: async () => {
        await session.close();
        await closeDemo();
      },
    };
  } catch (e) {
    await closeDemo();
    throw e;
  }
}

/** No password or token known, a user named, and a terminal to ask on. */
const asksPassword = (cfg: Readonly<Config>, io: CommandIo): boolean =>
  cfg.password === undefined && !cfg.token && Boolean(cfg.user) && io.stdin.isTTY === true;

async function askPassword(cfg: Readonly<Config>, io: CommandIo): Promise<string> {
  const { promptPassword } = await import('./prompt-password.js');
  return promptPassword(`Password for ${cfg.user}: `, io.stdin, io.stderr);
}

export async function withPassword(cfg: Readonly<Config>, io: CommandIo): Promise<Readonly<Config>> {
  if (!asksPassword(cfg, io)) return cfg;
  return Object.freeze({ ...cfg, password: await askPassword(cfg, io) });
}

/** The root metadata is the login check (the shell reads it at start anyway, cached). */
async function loginInteractively(
  asked: Readonly<Config>,
  io: CommandIo,
  open: (c: Readonly<Config>) => Promise<Session>,
): Promise<{ cfg: Readonly<Config>; session: Session }> {
  const { loginWithRetries } = await import('./login.js');
  return loginWithRetries(
    () => askPassword(asked, io),
    async (password) => {
      const cfg = Object.freeze({ ...asked, password });
      const session = await open(cfg);
      try {
        await session.services.cache.get([]);
      } catch (e) {
        // Only a refusal is asked again; an unreachable router is the shell's to report.
        if (isRoutershError(e) && e.code === 'auth') {
          await session.close();
          throw e;
        }
      }
      return { cfg, session };
    },
    io.err,
  );
}
