// Sends a change (SET, UNSET, DELETE) through the session's journal; inside a confirmed-change
// window it is first checked against routersh's own path to the router (a revert done by
// routersh cannot reach a router whose path it has cut), and a change the window cannot revert
// (it sets a secret, which the journal never stores) is sent only once the user said so: a
// window keeps its promise or says why not.
import type { Envelope, RouterRequest } from '../../api/router/types.js';
import type { RunIo, Services } from '../../contract/services.js';
import { commandFailedError } from '../../errors.js';
import type { ResolvedWord, ScannedLine } from '../../lang/index.js';
import { plainOf, redactLine, redactRequest } from '../../lang/secrets.js';
import { ownPathWarning } from './own-path.js';

/** How old the resolver's read of a node may be to serve as a change's "before". */
const FRESH_MS = 2000;

/** Asks on a terminal; in a script, `--yes` says yes and anything else refuses. */
export async function mayProceed(
  run: { services: Services; io: RunIo },
  question: string,
  signal: AbortSignal,
  refusal: string,
): Promise<void> {
  if (run.io.ask) {
    if (await run.io.ask(question, signal)) return;
    throw commandFailedError('cancelled: nothing sent');
  }
  if (!run.services.yes) throw commandFailedError(refusal);
}

/**
 * A change its window cannot revert (it sets a secret): asked on a terminal, naming it (as the
 * journal writes it: secrets as ***); in a script refused unless `--allow-unrevertable`. Not
 * `--yes`, which scripts pass for undo and own-path questions: a window's promise is given up
 * only by a flag that says so. Actions (ping, create-token) set nothing secret and pass.
 */
export async function mayLeaveUnreverted(
  run: { services: Services; io: RunIo },
  shown: string,
  signal: AbortSignal,
): Promise<void> {
  if (run.io.ask) {
    if (await run.io.ask(`${shown} cannot be reverted by this window: send it anyway?`, signal)) return;
    throw commandFailedError('cancelled: nothing sent');
  }
  if (!run.services.allowUnrevertable)
    throw commandFailedError(
      `not sent: ${shown} cannot be reverted by this window (it sets a secret); --allow-unrevertable sends it anyway`,
    );
}

export async function sendChange(
  request: RouterRequest,
  {
    line,
    scan,
    words,
    context,
    window,
  }: {
    line: string;
    scan?: ScannedLine | undefined;
    /** The line's words as the resolver read them: THE secret rule judges each value by its metadata. */
    words?: readonly ResolvedWord[];
    context?: readonly string[];
    /** The window open when the line began (runner.ts). */
    window?: string | undefined;
  },
  run: { services: Services; io: RunIo },
  signal: AbortSignal,
): Promise<Envelope> {
  const { router, cache } = run.services;
  const journal = await run.services.journal?.open();
  if (!journal) return router.send(request, { signal });
  const fresh = cache.fresh ? (w: readonly string[]) => cache.fresh?.(w, FRESH_MS) : undefined;
  // THE secret rule (lang/secrets.ts) on the words as resolved: the line and the request kept.
  const shown = words ? redactLine(line, { words, context: context ?? [], scan }) : redactLine(line);
  const plain = words ? plainOf(words, context ?? []) : undefined;
  if (journal.window()) {
    const { secretInPath, secretOption } = redactRequest(request, plain);
    if (secretInPath || secretOption) await mayLeaveUnreverted(run, shown, signal);
    const warning = await ownPathWarning(request, { router, signal });
    if (warning)
      await mayProceed(
        run,
        `${warning}: routersh could not revert it. Send it anyway?`,
        signal,
        `${warning}; not sent (--yes sends it anyway)`,
      );
  }
  return journal.record(shown, request, router, signal, { fresh, plain, window });
}
