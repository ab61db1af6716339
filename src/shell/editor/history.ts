// In-memory command history with readline navigation: Up from a line being typed keeps it
// as a draft and Down past the newest entry brings it back; edits made to a recalled entry
// survive moving away and back until the next command is run. Pure.

export const DEFAULT_HISTORY_MAX = 1000;

export interface HistoryState {
  /** Oldest first. */
  readonly entries: readonly string[];
  readonly max: number;
  /** Entry being shown while walking; entries.length = the line being typed (the draft). */
  readonly index: number;
  /** Unsaved edits per position, the draft at entries.length. */
  readonly edits: Readonly<Record<number, string>>;
}

export interface HistoryMove {
  history: HistoryState;
  /** The line to show. */
  line: string;
}

/** A history holding the last `max` of `entries` (consecutive duplicates collapsed). */
export function createHistory(entries: readonly string[] = [], max = DEFAULT_HISTORY_MAX): HistoryState {
  const kept: string[] = [];
  for (const e of entries) if (e.trim() !== '' && kept[kept.length - 1] !== e) kept.push(e);
  const tail = kept.slice(Math.max(0, kept.length - max));
  return { entries: tail, max, index: tail.length, edits: {} };
}

/**
 * Records a submitted line and ends the walk. Blank lines and a repeat of the newest
 * entry are not recorded; the oldest entries fall off past `max`.
 */
export function addEntry(history: HistoryState, line: string): HistoryState {
  const { entries, max } = history;
  const skip = line.trim() === '' || entries[entries.length - 1] === line;
  const next = skip ? entries : [...entries, line].slice(-max);
  return { entries: next, max, index: next.length, edits: {} };
}

/** Ends a walk without recording anything (Ctrl-C). */
export function resetNavigation(history: HistoryState): HistoryState {
  return { ...history, index: history.entries.length, edits: {} };
}

function moveTo(history: HistoryState, currentLine: string, index: number): HistoryMove {
  const original = history.entries[history.index];
  // Remember what is on screen at the old position when it differs from the stored entry.
  const edits = { ...history.edits };
  if (currentLine !== original) edits[history.index] = currentLine;
  else delete edits[history.index];
  const line = edits[index] ?? history.entries[index] ?? '';
  return { history: { ...history, index, edits }, line };
}

/** Up: the previous (older) entry, or null at the oldest. */
export function historyPrev(history: HistoryState, currentLine: string): HistoryMove | null {
  if (history.index <= 0) return null;
  return moveTo(history, currentLine, history.index - 1);
}

/** Down: the next (newer) entry, the draft past the newest, or null when already there. */
export function historyNext(history: HistoryState, currentLine: string): HistoryMove | null {
  if (history.index >= history.entries.length) return null;
  return moveTo(history, currentLine, history.index + 1);
}

/** Whether the user is walking the history (not on the draft line). */
