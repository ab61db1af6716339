// Who settles a confirmed-change window: exactly one decision per window, taken atomically —
// the first process to create `JOURNAL.WINDOW.decided` (O_EXCL) wins, and every other one reads
// what was decided. `confirm` (from the shell or `routersh confirm --journal`), the guard at the
// window's end, and `routersh undo --journal` all go through here, so the shell and the guard
// never both revert, and a confirm that lost to the revert says so instead of "confirmed".
// Only a decision file that passes the state check (config/state-dir.ts: the user's own, not
// writable by others, in a directory only the user can write) is a decision: one planted by
// another user is ignored — said once — and the window is reverted at its end.
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { stateFiles } from '../../config/state-dir.js';

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
  say?: (text: string) => void,
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
    return take(tmp, path, want, say);
  } finally {
    unlinkSync(tmp);
  }
}

/** Links the decision to its name; a planted file there is removed first (three tries). */
function take(
  tmp: string,
  path: string,
  want: WindowDecision,
  say?: (text: string) => void,
): { won: boolean; decision: WindowDecision } {
  for (let tries = 1; ; tries++) {
    try {
      linkSync(tmp, path);
      return { won: true, decision: want };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const d = readDecision(path, say);
    if (d) return { won: false, decision: d };
    try {
      unlinkSync(path);
    } catch {}
    // Still there: never a reason to keep a change. A revert goes on; a confirm does not win.
    if (tries === 3)
      return want.kind === 'revert'
        ? { won: true, decision: want }
        : { won: false, decision: { kind: 'revert', by: 'unknown' } };
  }
}

/** Decision files said to be ignored, each said once per process. */
const ignored = new Set<string>();

/**
 * What was decided for the window, if anything (a half-written file counts as a revert). A file
 * that fails the state check is no decision; `say` hears that once.
 */
export function decided(
  journal: string,
  window: string,
  say?: (text: string) => void,
): WindowDecision | undefined {
  return readDecision(decisionPath(journal, window), say);
}

function readDecision(path: string, say?: (text: string) => void): WindowDecision | undefined {
  const bad = stateFiles.trouble(path);
  if (bad) {
    if (!ignored.has(path))
      say?.(
        bad.startsWith(`${path} `) ? `ignored decision file ${bad}` : `ignored decision file ${path}: ${bad}`,
      );
    if (say) ignored.add(path);
    return undefined;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
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
