// The class server's HTTP plumbing: bounded JSON bodies, the error envelope `{ error }`, and
// the credentials of a request (Basic NAME:CODE or Bearer TOKEN), read and never echoed.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The largest body of a /class/ call (a line and its error are far smaller). */
export const MAX_CLASS_BODY = 64 * 1024;

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export const fail = (
  res: ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
) => send(res, status, { error }, headers);

export type Body = { ok: true; value: unknown } | { ok: false; status: 400 | 413; error: string };

/** The whole body as JSON; over MAX_CLASS_BODY the reading stops (413) and the socket is ended after the answer. */
export function readJson(req: IncomingMessage, limit = MAX_CLASS_BODY): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (b: Body) => {
      if (settled) return;
      settled = true;
      resolve(b);
    };
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        settle({ ok: false, status: 413, error: `the body is over ${limit} bytes` });
      } else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return settle({ ok: true, value: {} });
      try {
        settle({ ok: true, value: JSON.parse(text) as unknown });
      } catch {
        settle({ ok: false, status: 400, error: 'the body is not JSON' });
      }
    });
    req.on('error', () => settle({ ok: false, status: 400, error: 'the body could not be read' }));
    req.on('close', () => settle({ ok: false, status: 400, error: 'the body could not be read' }));
  });
}

export type Credentials =
  | { kind: 'none' }
  | { kind: 'basic'; name: string; code: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'bad' };

export function credentialsOf(req: IncomingMessage): Credentials {
  const h = req.headers.authorization;
  if (h === undefined || h === '') return { kind: 'none' };
  const basic = /^Basic +([A-Za-z0-9+/=]{1,1024})$/i.exec(h);
  if (basic) {
    const text = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon < 0) return { kind: 'bad' };
    return { kind: 'basic', name: text.slice(0, colon), code: text.slice(colon + 1) };
  }
  const bearer = /^Bearer +([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(h);
  if (bearer) return { kind: 'bearer', token: bearer[1]! };
  return { kind: 'bad' };
}

/** An object's field: a string of at most `max` characters, or undefined when absent. */
export function stringField(
  o: Record<string, unknown>,
  key: string,
  max: number,
): string | undefined | Error {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') return new Error(`${key} must be a string`);
  if (v.length > max) return new Error(`${key} is over ${max} characters`);
  return v;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
