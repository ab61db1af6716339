// `rollback checkpoint NAME`: a `config load override` of checkpoint NAME (the plan as a diff,
// the question, one transaction), through helper load's function. An automatic checkpoint holds
// only the nodes a load or commit changed: it is loaded over those nodes alone.
import type { HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { commandFailedError } from '../../errors.js';
import { routerOf } from './checkpoint-command.js';
import { readCheckpoint } from './checkpoint-store.js';

export async function rollbackCheckpoint(args: readonly string[], env: HandlerEnv): Promise<Outcome> {
  if (args.length !== 2)
    throw commandFailedError('rollback checkpoint takes one NAME (checkpoints lists them)');
  const c = readCheckpoint(
    routerOf(env),
    args[1]!,
    env.services.stateDir !== undefined ? { stateDir: env.services.stateDir } : {},
  );
  throw commandFailedError(`rollback checkpoint ${c.name}: not built yet (config load override ${c.file})`);
}
