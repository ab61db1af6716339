// Handlers of the lesson built-ins: learn NAME, hint, skip, lesson. The driver is the session's
// (src/run/lesson-driver.ts); without one (a script not started by `routersh learn`) they fail.
import { notConfiguredError } from '../../errors.js';
import type { Handler, HandlerEnv } from '../../contract/handler.js';
import type { LessonDriver } from './lesson-driver.js';
import type { Outcome } from '../../contract/outcome.js';

function driver(env: HandlerEnv): LessonDriver {
  const d = env.services.lessons;
  if (!d) throw notConfiguredError('lessons run in the interactive shell and `routersh learn NAME`');
  return d;
}

const text = (t: string): Outcome => ({ kind: 'text', text: t, json: { lesson: t } });

// A classroom's driver answers after a round trip to the class server (hence the awaits).
export const learn: Handler<'learn'> = async ({ args }, env) =>
  text(args.length ? await driver(env).start(args.join(' ')) : driver(env).list());
export const hint: Handler<'hint'> = async (_c, env) => text(await driver(env).hint());
export const skip: Handler<'skip'> = async (_c, env) => text(await driver(env).skip());
export const lesson: Handler<'lesson'> = async (_c, env) => {
  const d = driver(env);
  return text(d.status() === undefined ? d.list() : await d.where());
};
