// The session completion asks a router on, built the one way (session/session.ts) with a
// profile's login; loaded only when the words kept on disk lack what a line needs, so an
// answer from them loads no HTTP stack.
import { openSession, type Session } from '../../session/session.js';
import { type Login, withoutRoutershVariables } from './profile-login.js';

/** Nothing may reach the terminal the user is typing in. */
export function routerSession(login: Login, env: NodeJS.ProcessEnv): Promise<Session> {
  return openSession(login.cfg, {
    interactive: false,
    warn: () => {},
    env: withoutRoutershVariables(env),
    telemetry: 'on-first-use',
  });
}
