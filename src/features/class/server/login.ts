// Who a request is: the class server's dependencies, and a trainee's name and code checked
// (slowed when wrong, throttle.ts). Used by the port's router (handler.ts) and its routes.
import type { ServerResponse } from 'node:http';
import { sameSecret } from './codes.js';
import type { Room, Trainee } from './room.js';
import type { LoginThrottle } from './throttle.js';
import { fail } from './wire.js';

export interface HandlerDeps {
  room: Room;
  instructorToken: string;
  throttle: LoginThrottle;
  now: () => number;
  /** The graders' listener: /t/ only, no trainee check (the routers check their admin). */
  internal?: boolean;
  /** --state: something it keeps changed. */
  dirty: () => void;
  /** The scheme trainees reach the server with (join answers absolute URLs). */
  scheme: 'http' | 'https';
}

export type Login =
  | { status: 200; trainee: Trainee }
  | { status: 401 | 429; error: string; retryAfterMs?: number };

/** A trainee's name and code checked, slowed when wrong (throttle.ts). */
export async function loginOf(deps: HandlerDeps, name: string, code: string): Promise<Login> {
  const now = deps.now();
  const admitted = deps.throttle.admit(name, now);
  if (!admitted.ok)
    return {
      status: 429,
      error: 'too many wrong codes: wait and try again',
      retryAfterMs: admitted.retryAfterMs,
    };
  const who = deps.room.trainees.get(name);
  if (!who || !sameSecret(code, who.code)) {
    deps.throttle.failed(name, now);
    return { status: 401, error: 'wrong name or join code' };
  }
  deps.throttle.succeeded(name);
  return { status: 200, trainee: who };
}

export function challenge(res: ServerResponse, error: string, status = 401, retryAfterMs?: number): void {
  const headers: Record<string, string> =
    status === 429
      ? { 'retry-after': String(Math.max(1, Math.ceil((retryAfterMs ?? 1000) / 1000))) }
      : { 'www-authenticate': 'Basic realm="class"' };
  fail(res, status, error, headers);
}
