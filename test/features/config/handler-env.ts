// What a config command's handler is given by the runner, for a session in a test: its
// services, the io asked for (none by default), and the run's signal (a hang guard by default).
import type { HandlerEnv } from '../../../src/contract/handler.js';
import type { RunIo } from '../../../src/contract/services.js';
import type { Session } from '../../../src/session/session.js';

export const envOf = (s: Session, o: { signal?: AbortSignal; io?: RunIo } = {}): HandlerEnv => ({
  services: s.services,
  io: o.io ?? {},
  signal: o.signal ?? AbortSignal.timeout(60_000),
  state: { context: [] },
});
