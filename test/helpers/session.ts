// Sessions for tests, built by the product's own builder (src/session/session.ts): the same
// services every command gets. The environment is the test's (XDG dirs, no CI).
import type { Config } from '../../src/config/config.js';
import { openSession, type Session, type SessionOptions } from '../../src/session/session.js';

export type TestSessionOptions = Partial<SessionOptions>;

export function testSession(cfg: Readonly<Config>, o: TestSessionOptions = {}): Promise<Session> {
  return openSession(cfg, {
    interactive: false,
    warn: () => {},
    env: process.env,
    telemetry: 'at-once',
    ...o,
  });
}
