// `routersh class serve` run through the product's own entry (execute), in process: its
// screen read for the URL, the token and the codes; Ctrl-C is the io's interrupt.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { execute } from '../../../src/commands/index.js';
import type { CommandIo } from '../../../src/contract/command-io.js';
import { exitStatus } from '../../../src/exit-status.js';

export interface Served {
  url: string;
  token: string | undefined;
  codes: Map<string, string>;
  out: () => string;
  err: () => string;
  /** Ctrl-C, then the exit status. */
  stop(): Promise<number>;
}

export async function serve(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  let out = '';
  let err = '';
  let onOut = () => {};
  const interrupts = new Set<() => void>();
  const sink = () => new PassThrough() as unknown as NodeJS.WriteStream;
  const io: CommandIo = {
    out: (t) => {
      out += t;
      onOut();
    },
    err: (t) => {
      err += t;
    },
    stdout: sink(),
    stderr: sink(),
    stdin: new PassThrough() as unknown as NodeJS.ReadStream,
    env: {
      XDG_CONFIG_HOME: '/nonexistent-routersh-test',
      XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'class-state-')),
      ...env,
    },
    onInterrupt: (h) => {
      interrupts.add(h);
      return () => interrupts.delete(h);
    },
  };
  const ended = execute(['class', 'serve', '--port', '0', ...argv], io).then(exitStatus);
  // The screen ends with 'Ctrl-C ends the class'; a refusal ends the command first.
  const screen = await Promise.race([
    new Promise<string>((resolve) => {
      onOut = () => out.includes('Ctrl-C ends the class') && resolve(out);
    }),
    ended.then((code) => {
      throw new Error(`class serve ended (${code}) before its screen: ${err}`);
    }),
  ]);
  const url = /^class (\S+)/m.exec(screen)![1]!;
  const token = /shown once[^\n]*\n {2}(\S+)/.exec(screen)?.[1];
  const codes = new Map<string, string>();
  for (const m of screen.matchAll(/^ {2}(\S+) +([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})$/gm))
    codes.set(m[1]!, m[2]!);
  return {
    url,
    token,
    codes,
    out: () => out,
    err: () => err,
    stop: async () => {
      for (const h of interrupts) h();
      return ended;
    },
  };
}

export const basic = (name: string, code: string) =>
  `Basic ${Buffer.from(`${name}:${code}`).toString('base64')}`;
export const bearer = (token: string) => `Bearer ${token}`;

export async function call(
  url: string,
  method: string,
  authorization?: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const res = await fetch(url, {
    method,
    redirect: 'manual',
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, body: parsed, text };
}

/** A GET with the path exactly as written (fetch would resolve `..` before sending). */
export function rawGet(
  base: string,
  path: string,
  authorization?: string,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method: 'GET',
        headers: authorization ? { authorization } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          let body: Record<string, unknown> = {};
          try {
            body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            body = { raw: text };
          }
          resolve({ status: res.statusCode ?? 0, body, text });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
