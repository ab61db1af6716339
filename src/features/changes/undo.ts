// `undo [N | ID]` and `rollback N`: show the inverse requests as they go on the wire, ask on a
// terminal (a script needs --yes), send them newest change first. Actions (`ping`,
// `create-token`) and secrets never block it: they are passed over and said.
import { commandFailedError } from '../../errors.js';
import { journalOf } from './changes.js';
import type { Handler, HandlerEnv } from '../../contract/handler.js';
import { mayProceed } from './journal-send.js';
import type { Outcome } from '../../contract/outcome.js';
import { planText, planUndo, runUndo, selectChanges, skippedText } from './undo-plan.js';

async function undoOutcome(
  which: string | undefined,
  { services, io, signal }: HandlerEnv,
): Promise<Outcome> {
  const journal = await journalOf(services);
  const env = {
    router: services.router,
    journal,
    signal,
    invalidate: (r: { words: string[]; method: string }) =>
      services.cache.invalidate(r.words, { deleted: r.method === 'DELETE' }),
  };
  // The newest undoable change(s), and the actions passed over on the way (said, one line each).
  const plan = await planUndo(selectChanges(await journal.settled(), which), env);
  const shown = planText(plan);
  const n = plan.steps.reduce((k, s) => k + s.requests.length, 0);
  if (plan.steps.length === 0)
    throw commandFailedError(`nothing to undo: ${plan.skipped.map(skippedText).join('; ')}`);
  if (n > 0)
    await mayProceed(
      { services, io },
      `${shown}send ${n} request${n === 1 ? '' : 's'}?`,
      signal,
      `undo in a script needs --yes; it would send:\n${shown.trimEnd()}`,
    );
  const done = await runUndo(plan, env, 'undo');
  const text = io.ask ? done : shown + done;
  return {
    kind: 'text',
    text,
    json: {
      undone: plan.steps.map((s) => s.change.id),
      requests: plan.steps.flatMap((s) => s.requests),
      notes: plan.steps.flatMap((s) => s.notes),
      skipped: plan.skipped.map((s) => ({ id: s.change.id, reason: s.reason })),
    },
  };
}

export const undo: Handler<'undo'> = ({ args }, env) => {
  if (args.length > 1) throw commandFailedError('undo takes one N or one change id');
  return undoOutcome(args[0], env);
};

export const rollback: Handler<'rollback'> = ({ args }, env) => {
  if (args.length !== 1 || !/^\d+$/.test(args[0]!)) throw commandFailedError('rollback takes a number N');
  return undoOutcome(args[0], env);
};
