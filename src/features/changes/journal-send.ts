// Sends a router request; a change (SET, UNSET, DELETE) goes through the session's journal, and
// inside a confirmed-change window it is first checked against routersh's own path to the
// router: a revert done by routersh cannot reach a router whose path it has cut.
import type { Envelope, RouterRequest } from '../../api/router/types.js';
import { commandFailedError } from '../../errors.js';
import { isChange } from './journal/journal.js';
import { redact } from '../../lang/redact.js';
import type { RunnerDeps } from '../../contract/services.js';
import { sessionJournal } from './journal-open.js';
import { ownPathWarning } from './own-path.js';

/** How old the resolver's read of a node may be to serve as a change's "before". */
const FRESH_MS = 2000;

/** Asks on a terminal; in a script, `--yes` says yes and anything else refuses. */
export async function mayProceed(
  deps: RunnerDeps,
  question: string,
  signal: AbortSignal,
  refusal: string,
): Promise<void> {
  if (deps.ask) {
    if (await deps.ask(question, signal)) return;
    throw commandFailedError('cancelled: nothing sent');
  }
  if (!deps.yes) throw commandFailedError(refusal);
}

export async function sendChange(
  request: RouterRequest,
  line: string,
  deps: RunnerDeps,
  signal: AbortSignal,
): Promise<Envelope> {
  if (!isChange(request)) return deps.router.send(request, { signal });
  const journal = await sessionJournal(deps);
  if (!journal) return deps.router.send(request, { signal });
  if (journal.window()) {
    const warning = await ownPathWarning(request, {
      router: deps.router,
      ...(deps.sourceAddress ? { sourceAddress: deps.sourceAddress } : {}),
      signal,
    });
    if (warning)
      await mayProceed(
        deps,
        `${warning}: routersh could not revert it. Send it anyway?`,
        signal,
        `${warning}; not sent (--yes sends it anyway)`,
      );
  }
  const { cache } = deps;
  const fresh = cache.fresh ? (w: readonly string[]) => cache.fresh?.(w, FRESH_MS) : undefined;
  return journal.record(redact(line), request, deps.router, signal, fresh);
}
