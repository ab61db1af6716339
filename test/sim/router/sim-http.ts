// Test helpers: real HTTP against a started simulator.
import { type RouterSim, type RouterSimOptions, startRouterSim } from '../../../sim/router/index.js';
import type { WireEnvelope } from '../../../src/api/router/wire.js';
import { onTestFinished } from 'vitest';

/**
 * Starts a simulator that is closed after the current test. Registered per test, not by a hook
 * at this module's top: the unit files share modules (isolate: false), so a top-level hook ran
 * for the first file that imported this one only, and every later file's simulators stayed open.
 */
export async function sim(opts: RouterSimOptions = {}): Promise<RouterSim> {
  const s = await startRouterSim(opts);
  onTestFinished(() => s.close());
  return s;
}

export const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export const ADMIN = basic('admin', 'admin');

export interface Reply {
  status: number;
  headers: Headers;
  body: WireEnvelope;
}

export async function call(
  s: RouterSim,
  method: string,
  path: string,
  body?: unknown,
  authorization: string | null = ADMIN,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (authorization) headers['authorization'] = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(s.url + path, {
    method,
    headers,
    redirect: 'manual',
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as WireEnvelope) : {} };
}

export const get = (s: RouterSim, path: string, auth?: string | null) =>
  call(s, 'GET', path, undefined, auth);
export const post = (s: RouterSim, path: string, body: unknown = {}, auth?: string | null) =>
  call(s, 'POST', path, body, auth);
export const del = (s: RouterSim, path: string, auth?: string | null) =>
  call(s, 'DELETE', path, undefined, auth);

/** The whole Message text. */
export const text = (r: Reply): string => (r.body.Message ?? []).join('');
