// The board's cells: a step's symbol (legible without colour; the colour only repeats it), a
// trainee's time on the current step by the server's clock, whether they are stuck. Pure.
import type { BoardTrainee, StepState } from '../../contract/class.js';
import { formatDuration } from '../../term/format-time.js';

export type Tone = 'done' | 'hint' | 'current' | 'failed' | 'skipped' | 'todo' | 'stuck' | 'dim' | 'error';

export interface Span {
  text: string;
  tone?: Tone | undefined;
  inverse?: boolean | undefined;
}

/** Each state's symbol and tone; a hint used turns `done` into `h` and `current` into `?`. */
const SYMBOL: Readonly<Record<StepState, { text: string; tone: Tone }>> = {
  done: { text: '✓', tone: 'done' },
  current: { text: '▸', tone: 'current' },
  failed: { text: '✗', tone: 'failed' },
  skipped: { text: '»', tone: 'skipped' },
  todo: { text: '·', tone: 'todo' },
};

export function stepSymbol(state: StepState, hint: boolean): { text: string; tone: Tone } {
  if (hint && state === 'done') return { text: 'h', tone: 'hint' };
  if (hint && (state === 'current' || state === 'failed')) return { text: '?', tone: 'hint' };
  return SYMBOL[state];
}

export const LEGEND = '✓ done  h after hint  ▸ now  ? hint  ✗ check failed  » skipped  · to do  ! stuck';

/** Milliseconds on the current step by the server's clock (0 when its time is unreadable). */
export function onStepMs(t: BoardTrainee, nowMs: number, skewMs: number): number {
  const since = Date.parse(t.stepSince);
  return Number.isNaN(since) ? 0 : Math.max(0, nowMs + skewMs - since);
}

/** Still working (joined, lesson not finished) and longer than `stuckMs` on one step. */
export function isStuck(t: BoardTrainee, nowMs: number, skewMs: number, stuckMs: number): boolean {
  return t.joined && t.current < t.steps.length && onStepMs(t, nowMs, skewMs) > stuckMs;
}

/** The ON STEP cell: `4m12s`, `done` when the lesson is finished, `-` before joining. */
export function onStepText(t: BoardTrainee, nowMs: number, skewMs: number): string {
  if (!t.joined) return '-';
  if (t.current >= t.steps.length) return 'done';
  return formatDuration(onStepMs(t, nowMs, skewMs));
}

/**
 * The STEPS cell in `width` columns: a symbol per step, spaced when they fit so, packed when
 * not, and `3/45 ▸` (steps passed, the current step's symbol) when not even packed they fit.
 */
export function stepSpans(t: BoardTrainee, width: number): Span[] {
  const n = t.steps.length;
  const symbols = t.steps.map((s, i) => stepSymbol(s, t.hints[i] === true));
  if (n * 2 - 1 <= width) return symbols.flatMap((s, i) => (i === 0 ? [s] : [{ text: ' ' }, s]));
  if (n <= width) return symbols;
  const passed = t.steps.filter((s) => s === 'done').length;
  const cur = symbols[t.current];
  return [{ text: `${passed}/${n}${cur ? ' ' : ''}` }, ...(cur ? [cur] : [])];
}
