// `checkpoint [NAME]` (the whole configuration kept in the state directory), `checkpoints` (this
// router's, with their age) — Junos keeps `rollback N` files, SR Linux named checkpoints; here
// both: named ones, and the automatic ones a load or commit keeps (checkpoint-store.ts).
import type { Handler, HandlerEnv } from '../../contract/handler.js';
import { commandFailedError } from '../../errors.js';
import { renderTable } from '../../term/table.js';
import {
  badName,
  type CheckpointInfo,
  listCheckpoints,
  readCheckpoint,
  saveCheckpoint,
  stamp,
} from './checkpoint-store.js';
import { readConfig } from './walk.js';

/** This session's router (checkpoints are kept per router). */
export function routerOf(env: HandlerEnv): string {
  const router = env.services.identity?.router;
  if (!router) throw commandFailedError('checkpoints need a router (this session has none)');
  return router;
}

const where = (env: HandlerEnv) =>
  env.services.stateDir !== undefined ? { stateDir: env.services.stateDir } : {};

/** `checkpoint [NAME]`: walks the whole configuration (members left out) and keeps it. */
export const checkpoint: Handler<'checkpoint'> = async ({ args }, env) => {
  const router = routerOf(env);
  const given = args[0];
  if (args.length > 1) throw commandFailedError('checkpoint takes one NAME (letters, digits, ., _, -)');
  if (given !== undefined) {
    const bad = badName(given);
    if (bad) throw commandFailedError(bad);
    // Before the walk: an existing name is refused without reading the router.
    if (exists(router, given, env))
      throw commandFailedError(`checkpoint ${given} exists already: choose another name`);
  }
  const doc = await readConfig(env, { under: [], members: false });
  let name = given ?? stamp(env.services.now());
  for (let n = 2; given === undefined && exists(router, name, env); n++)
    name = `${stamp(env.services.now())}-${n}`;
  const file = saveCheckpoint(name, doc, where(env));
  const lines = doc.lines.length;
  return {
    kind: 'text',
    text: `checkpoint ${name}: ${lines} line${lines === 1 ? '' : 's'} kept (${file})\n`,
    json: { checkpoint: name, router: doc.router, time: doc.time, lines, file },
  };
};

function exists(router: string, name: string, env: HandlerEnv): boolean {
  try {
    readCheckpoint(router, name, where(env));
    return true;
  } catch {
    return false;
  }
}

/** `5s`, `12m`, `3h`, `2d` (the largest whole unit). */
export function ageText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

const infoJson = (c: CheckpointInfo, now: number) => ({
  name: c.name,
  kind: c.auto ? 'auto' : 'named',
  time: new Date(c.time).toISOString(),
  ageSeconds: Math.max(0, Math.floor((now - c.time) / 1000)),
  lines: Number.isFinite(c.lines) ? c.lines : null,
  ...(c.why !== undefined ? { why: c.why } : {}),
});

/** `checkpoints`: this router's checkpoints, newest last (name, age, lines, auto or named, why). */
export const checkpoints: Handler<'checkpoints'> = (_call, env) => {
  const router = routerOf(env);
  const list = listCheckpoints(router, where(env));
  const now = env.services.now();
  if (list.length === 0)
    return { kind: 'text', text: `no checkpoints for ${router}\n`, json: { router, checkpoints: [] } };
  const text = renderTable(
    ['NAME', 'AGE', 'LINES', 'KIND', 'WHY'],
    list.map((c) => [
      c.name,
      ageText(now - c.time),
      Number.isFinite(c.lines) ? String(c.lines) : '?',
      c.auto ? 'auto' : 'named',
      c.why ?? '',
    ]),
    { maxWidth: env.services.width(), rightAlign: [false, true, true, false, false] },
  );
  return { kind: 'text', text, json: { router, checkpoints: list.map((c) => infoJson(c, now)) } };
};
