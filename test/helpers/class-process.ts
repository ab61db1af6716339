// `routersh class serve` as a child process (the built binary): resolved once the instructor's
// screen is printed (`Ctrl-C ends the class`), with the class URL, the trainees' codes and the
// token read from the files it wrote (0600); stopped with SIGINT as an instructor's Ctrl-C.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from './run-bin.js';

export interface ClassProcess {
  url: string;
  screen: string;
  child: ChildProcess;
  codes: Map<string, string>;
  tokenFile: string;
  /** A 0600 file holding NAME's code (for `class join --code-file`), written under `dir`. */
  codeFile(name: string, dir: string): string;
  stderr(): string;
  stop(): Promise<void>;
}

export function startClassProcess(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ClassProcess> {
  const child = spawn(process.execPath, [BIN, 'class', 'serve', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let screen = '';
  let errors = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  return new Promise((resolve, reject) => {
    // A hang guard far above a start on a loaded machine.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`class serve did not start: ${screen}${errors}`));
    }, timeoutMs);
    child.stderr?.on('data', (d: Buffer) => {
      errors += d.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`class serve exited ${code}: ${screen}${errors}`));
    });
    child.stdout?.on('data', (d: Buffer) => {
      screen += d.toString();
      if (!screen.includes('Ctrl-C ends the class')) return;
      clearTimeout(timer);
      const url = /^class (https?:\/\/\S+)/m.exec(screen)?.[1] ?? '';
      const roster = /^names and codes: (.+) \(0600\)$/m.exec(screen)?.[1] ?? '';
      const tokenFile = /also in (.+), 0600\)|unchanged, in (.+)$/m.exec(screen);
      const codes = new Map(
        readFileSync(roster, 'utf8')
          .split('\n')
          .filter((l) => l && !l.startsWith('#'))
          .map((l) => l.split(' ') as [string, string]),
      );
      resolve({
        url,
        screen,
        child,
        codes,
        tokenFile: tokenFile?.[1] ?? tokenFile?.[2] ?? '',
        codeFile: (name, dir) => {
          const f = join(dir, `${name}.code`);
          writeFileSync(f, `${codes.get(name) ?? ''}\n`, { mode: 0o600 });
          chmodSync(f, 0o600);
          return f;
        },
        stderr: () => errors,
        stop,
      });
    });
  });
}
