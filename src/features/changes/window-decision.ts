// Who settles a confirmed-change window: exactly one decision per window, taken atomically —
// the first process to create `JOURNAL.WINDOW.decided` (O_EXCL) wins, and every other one reads
// what was decided. `confirm` (from the shell or `routersh confirm --journal`), the guard at the
// window's end, and `routersh undo --journal` all go through here, so the shell and the guard
// never both revert, and a confirm that lost to the revert says so instead of "confirmed".
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';

export type WindowDecision = { kind: 'confirmed'; by: string } | { kind: 'revert'; by: string };

export const decisionPath = (journal: string, window: string): string => `${journal}.${window}.decided`;

/** Takes `want` if nothing was decided yet; otherwise returns what was. */
export function decide(
  journal: string,
  window: string,
  want: WindowDecision,
): { won: boolean; decision: WindowDecision } {
  const path = decisionPath(journal, window);
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(want)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return { won: true, decision: want };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return { won: false, decision: decided(journal, window) ?? { kind: 'revert', by: 'unknown' } };
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
