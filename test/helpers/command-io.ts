// A command's I/O for tests that run a command through the product's own entry (execute in
// src/commands/index.ts, as main.ts does): output captured, stdin a pipe, no terminal.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { CommandIo } from '../../src/contract/command-io.js';
import { execute } from '../../src/commands/index.js';
import { exitStatus } from '../../src/exit-status.js';

export interface Captured {
  io: CommandIo;
  out: () => string;
  err: () => string;
  /** Writes to the command's stdin (then ends it). */
  input: (text: string) => void;
}

export function captureIo(env: NodeJS.ProcessEnv = {}): Captured {
  let out = '';
  let err = '';
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
  const sink = () => new PassThrough() as unknown as NodeJS.WriteStream;
  const io: CommandIo = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    stdout: sink(),
    stderr: sink(),
    stdin,
    env: { XDG_CONFIG_HOME: '/nonexistent-routersh-test', ...env },
    onInterrupt: () => () => {},
  };
  return {
    io,
    out: () => out,
    err: () => err,
    input: (text) => (stdin as unknown as PassThrough).end(text),
  };
}

/** Runs `routersh ARGV…` in-process; its exit status and output. */
export async function runCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
  stdin?: string,
): Promise<{ code: number; out: string; err: string; stdout: string; stderr: string }> {
  const c = captureIo(env);
  if (stdin !== undefined) c.input(stdin);
  const code = exitStatus(await execute(argv, c.io));
  return { code, out: c.out(), err: c.err(), stdout: c.out(), stderr: c.err() };
}

/** The environment of a command logged in to `router` as admin, with a state directory of its own (or `state`). */
export function adminEnv(
  router: string,
  state?: string,
): { ROUTERSH_ROUTER: string; ROUTERSH_USER: string; ROUTERSH_PASSWORD: string; XDG_STATE_HOME: string } {
  return {
    ROUTERSH_ROUTER: router,
    ROUTERSH_USER: 'admin',
    ROUTERSH_PASSWORD: 'admin',
    XDG_STATE_HOME: state ?? mkdtempSync(join(tmpdir(), 'routersh-state-')),
  };
}
