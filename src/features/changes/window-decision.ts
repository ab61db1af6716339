// Who settles a confirmed-change window: exactly one decision per window, taken atomically —
// the first process to create `JOURNAL.WINDOW.decided` (O_EXCL) wins, and every other one reads
// what was decided. `confirm` (from the shell or `routersh confirm --journal`), the guard at the
// window's end, and `routersh undo --journal` all go through here, so the shell and the guard
// never both revert, and a confirm that lost to the revert says so instead of "confirmed".
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export type WindowDecision = { kind: 'confirmed'; by: string } | { kind: 'revert'; by: string };

export const decisionPath = (journal: string, window: string): string => `${journal}.${window}.decided`;

/**
 * Takes `want` if nothing was decided yet; otherwise returns what was. The decision is written
 * whole to a file of its own, then linked to its name (link fails when the name exists, as
 * O_EXCL does): a reader never sees it half-written. Created empty and then written, a guard
 * polling on a loaded machine read the empty file between the two and took it for a revert.
 */
export function decide(
  journal: string,
  window: string,
  want: WindowDecision,
): { won: boolean; decision: WindowDecision } {
  const path = decisionPath(journal, window);
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(want)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return { won: true, decision: want };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return { won: false, decision: decided(journal, window) ?? { kind: 'revert', by: 'unknown' } };
  } finally {
    unlinkSync(tmp);
  }
}

/** What was decided for the window, if anything (a half-written file counts as a revert). */
export function decided(journal: string, window: string): WindowDecision | undefined {
  let text: string;
  try {
    text = readFileSync(decisionPath(journal, window), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const d = JSON.parse(text) as Partial<WindowDecision>;
    if ((d.kind === 'confirmed' || d.kind === 'revert') && typeof d.by === 'string')
      return d as WindowDecision;
  } catch {}
  return { kind: 'revert', by: 'unknown' };
}
