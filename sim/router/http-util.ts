// Small node:http helpers: read a capped body, answer JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY = 1024 * 1024;

/** Reads the whole body as UTF-8; `null` when it exceeded MAX_BODY. */
export function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    // A client that aborts mid-body never sends 'end'; settle so nothing waits forever.
    req.on('close', () => resolve(over ? null : Buffer.concat(chunks).toString('utf8')));
  });
}

export function sendJson(
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
    ...headers,
  });
  res.end(text);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopback = (req: IncomingMessage): boolean => LOOPBACK.has(req.socket.remoteAddress ?? '');
