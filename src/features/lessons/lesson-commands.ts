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

export const learn: Handler<'learn'> = ({ args }, env) =>
  text(args.length ? driver(env).start(args.join(' ')) : driver(env).list());
export const hint: Handler<'hint'> = (_c, env) => text(driver(env).hint());
export const skip: Handler<'skip'> = (_c, env) => text(driver(env).skip());
export const lesson: Handler<'lesson'> = (_c, env) => {
  const d = driver(env);
  return text(d.status() === undefined ? d.list() : d.where());
};
