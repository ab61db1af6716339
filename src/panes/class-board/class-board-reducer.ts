// The instructor's board pane's state: the last board and the clocks to age it, the selected
// trainee, a trainee's detail when open, the y/N question, the message prompt and the last
// action's note. Pure.
import type { Board, TraineeDetail } from '../../contract/class.js';

export type BoardAsk = 'resetAll' | 'next';

export interface BoardDetail {
  name: string;
  data: TraineeDetail | null;
  error: string | null;
  scroll: number;
}

export interface ClassBoardState {
  board: Board | null;
  /** The server's clock minus ours when the board came: "time on step" uses the server's clock. */
  skewMs: number;
  /** Our clock at the last tick (the frame ages the board with it). */
  nowMs: number;
  selected: number;
  detail: BoardDetail | null;
  ask: BoardAsk | null;
  /** The `m` prompt's text while it is open. */
  prompt: string | null;
  /** What the last action did (or why it failed). */
  note: string | null;
  /** Why the board could not be read (it is read again). */
  error: string | null;
}

export type ClassBoardAction =
  | { type: 'loaded'; board: Board; at: number }
  | { type: 'failed'; error: string }
  | { type: 'tick'; at: number }
  | { type: 'move'; by: number }
  | { type: 'open' }
  | { type: 'detailLoaded'; name: string; data: TraineeDetail }
  | { type: 'detailFailed'; name: string; error: string }
  | { type: 'detailScroll'; by: number }
  | { type: 'detailBack' }
  | { type: 'ask'; ask: BoardAsk }
  | { type: 'answered' }
  | { type: 'promptOpen' }
  | { type: 'promptInput'; text: string }
  | { type: 'promptBackspace' }
  | { type: 'promptClose' }
  | { type: 'note'; text: string };

export const initClassBoardState = (now = Date.now()): ClassBoardState => ({
  board: null,
  skewMs: 0,
  nowMs: now,
  selected: 0,
  detail: null,
  ask: null,
  prompt: null,
  note: null,
  error: null,
});

/** The trainee the selection is on, if any. */
export const selectedName = (s: ClassBoardState): string | undefined => s.board?.trainees[s.selected]?.name;

const clamp = (n: number, count: number) => Math.max(0, Math.min(n, count - 1));

/** A message is one line of bounded length: the server refuses more, the prompt stops before. */
export const MAX_MESSAGE = 500;

export function classBoardReducer(s: ClassBoardState, a: ClassBoardAction): ClassBoardState {
  switch (a.type) {
    case 'loaded':
      return {
        ...s,
        board: a.board,
        skewMs: Date.parse(a.board.now) - a.at,
        nowMs: a.at,
        selected: clamp(s.selected, a.board.trainees.length),
        error: null,
      };
    case 'failed':
      return { ...s, error: a.error };
    case 'tick':
      return { ...s, nowMs: a.at };
    case 'move':
      return { ...s, selected: clamp(s.selected + a.by, s.board?.trainees.length ?? 0) };
    case 'open': {
      const name = selectedName(s);
      return name === undefined ? s : { ...s, detail: { name, data: null, error: null, scroll: 0 } };
    }
    case 'detailLoaded':
      return s.detail?.name === a.name ? { ...s, detail: { ...s.detail, data: a.data, error: null } } : s;
    case 'detailFailed':
      return s.detail?.name === a.name ? { ...s, detail: { ...s.detail, error: a.error } } : s;
    case 'detailScroll':
      return s.detail ? { ...s, detail: { ...s.detail, scroll: Math.max(0, s.detail.scroll + a.by) } } : s;
    case 'detailBack':
      return { ...s, detail: null };
    case 'ask':
      return { ...s, ask: a.ask };
    case 'answered':
      return { ...s, ask: null };
    case 'promptOpen':
      return { ...s, prompt: '' };
    case 'promptInput':
      return s.prompt === null ? s : { ...s, prompt: (s.prompt + a.text).slice(0, MAX_MESSAGE) };
    case 'promptBackspace':
      return s.prompt === null ? s : { ...s, prompt: [...s.prompt].slice(0, -1).join('') };
    case 'promptClose':
      return { ...s, prompt: null };
    case 'note':
      return { ...s, note: a.text };
    default:
      return a satisfies never;
  }
}
