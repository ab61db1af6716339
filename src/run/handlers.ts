// THE handler map: one handler per built-in of grammar.ts's table. The type makes a missing
// or extra entry a compile error; the runner dispatches through it and nothing else.
import { isRoutershError, RoutershError } from '../errors.js';
import type { BuiltinName } from '../lang/index.js';
import { dryRun } from '../features/changes/dry-run-command.js';
import { changes, compare } from '../features/changes/changes.js';
import { commit, confirm, confirmWithin } from '../features/changes/confirm.js';
import type { BuiltinCall, Handler, HandlerEnv, Handlers } from '../contract/handler.js';
import {
  logsFacets,
  logsFields,
  logsFieldValues,
  logsHistogram,
  logsSearch,
} from '../features/telemetry/logs-commands.js';
import {
  metricsLabels,
  metricsLabelValues,
  metricsNames,
  metricsQuery,
  metricsRange,
} from '../features/telemetry/metrics-commands.js';
import { matchList } from '../features/match-list/handler.js';
import { configCommand } from '../features/config/config-command.js';
import { hint, learn, lesson, skip } from '../features/lessons/lesson-commands.js';
import { monitorMatchList } from '../features/match-list/monitor-command.js';
import { dashboardCommand } from '../features/dashboards/dashboard-command.js';
import type { Outcome } from '../contract/outcome.js';
import { help, history, moveContext, refresh } from './shell-commands.js';
import { rollback, undo } from '../features/changes/undo.js';
import { checkpoint, checkpoints } from '../features/config/checkpoint-command.js';
import { compareAgainst } from '../features/config/compare-command.js';
import { rollbackCheckpoint } from '../features/config/rollback-checkpoint.js';
import {
  candidateCommit,
  candidateCompare,
  candidateExit,
  candidateRollback,
  configure,
  discard,
  end,
  refusedInCandidate,
} from '../features/config/candidate-command.js';

// In candidate mode (`configure`) these take its meaning; outside it, today's.
const exitOrLeave: Handler<'exit' | 'quit'> = (call, env) =>
  candidateExit(env.state.context, env) ?? moveContext(call, env);

export const HANDLERS: Handlers = {
  help,
  exit: exitOrLeave,
  quit: exitOrLeave,
  history,
  edit: moveContext,
  up: moveContext,
  top: moveContext,
  refresh,
  'metrics query': metricsQuery,
  'metrics range': metricsRange,
  'metrics names': metricsNames,
  'metrics labels': metricsLabels,
  'metrics label-values': metricsLabelValues,
  'logs search': logsSearch,
  'logs histogram': logsHistogram,
  'logs fields': logsFields,
  'logs field-values': logsFieldValues,
  'logs facets': logsFacets,
  'match-list': matchList,
  'dry-run': dryRun,
  config: configCommand,
  changes,
  // With an argument: the live configuration against a file, a checkpoint or another router;
  // alone, in candidate mode, the staged lines; else this session's changes.
  compare: (call, env) =>
    call.args.length ? compareAgainst(call.args, env) : (candidateCompare(env) ?? compare(call, env)),
  checkpoint,
  checkpoints,
  undo,
  // `rollback checkpoint NAME`: a load override of it; `rollback N` as before.
  rollback: (call, env) =>
    candidateRollback(call.args, env) ??
    (call.args[0] === 'checkpoint' ? rollbackCheckpoint(call.args, env) : rollback(call, env)),
  'confirm-within': confirmWithin,
  confirm,
  commit: (call, env) => candidateCommit(call.args, env) ?? commit(call, env),
  configure,
  discard,
  end,
  'monitor match-list': monitorMatchList,
  dashboard: dashboardCommand,
  learn,
  hint,
  skip,
  lesson,
};

/**
 * Runs a built-in. A built-in's bad argument is a failed command (exit 1), whatever a handler or
 * what it shares with a sub-command (`routersh match-list`, `routersh learn`) throws: 2 is for
 * routersh's own flags and configuration (CLI.md).
 */
export async function runBuiltin<K extends BuiltinName>(
  call: BuiltinCall<K>,
  env: HandlerEnv,
): Promise<Outcome> {
  const handler: Handlers[K] = HANDLERS[call.name];
  const refused = refusedInCandidate(call.name, call.args, env);
  if (refused) throw new RoutershError('command_failed', refused);
  try {
    return await handler(call, env);
  } catch (e) {
    if (isRoutershError(e) && (e.code === 'usage' || e.code === 'config'))
      throw new RoutershError('argument', e.message, e.details);
    throw e;
  }
}
