// `rollback checkpoint NAME [--dry-run]`: a `config load override` of checkpoint NAME (the plan
// as a diff, the question, one transaction) through load's runLoad. An automatic checkpoint
// holds only the nodes a load or commit changed: only those nodes are made equal to it.
import type { HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { commandFailedError } from '../../errors.js';
import { routerOf } from './checkpoint-command.js';
import { readCheckpoint } from './checkpoint-store.js';
import { runLoad } from './load-command.js';

export async function rollbackCheckpoint(args: readonly string[], env: HandlerEnv): Promise<Outcome> {
  const rest = args.slice(1);
  const dryRun = rest.includes('--dry-run');
  const names = rest.filter((a) => a !== '--dry-run');
  if (names.length !== 1 || names[0]!.startsWith('-'))
    throw commandFailedError('rollback checkpoint takes one NAME [--dry-run] (checkpoints lists them)');
  const name = names[0]!;
  const c = readCheckpoint(
    routerOf(env),
    name,
    env.services.stateDir !== undefined ? { stateDir: env.services.stateDir } : {},
  );
  return runLoad(
    {
      mode: 'override',
      file: c.file,
      text: c.text,
      dryRun,
      line: `rollback checkpoint ${name}`,
      ...(c.nodes ? { nodes: c.nodes } : {}),
    },
    env,
  );
}
