// State of the `show … | refresh N` pane: the last output (kept while a refresh runs or fails),
// when it was read, the last error (shown in place, the pane stays), and the scroll. Pure.
export interface ShowState {
  lines: string[];
  /** When `lines` (or the last error) came (ms); null before the first answer. */
  readAt: number | null;
  error: string | null;
  loading: boolean;
  top: number;
  /** Rows the body has on screen (from the view's size). */
  bodyRows: number;
  /** Reads answered so far (the header's count: a change is visible even when the text is the same). */
  reads: number;
}

export type ShowAction =
  | { type: 'loading' }
  | { type: 'loaded'; text: string; at: number }
  | { type: 'failed'; message: string; at: number }
  | { type: 'scroll'; by: number }
  | { type: 'page'; direction: 1 | -1 }
  | { type: 'viewport'; rows: number };

export const initShowState = (text?: string, at?: number): ShowState => ({
  lines: text === undefined ? [] : linesOf(text),
  readAt: at ?? null,
  error: null,
  loading: false,
  top: 0,
  bodyRows: 1,
  reads: text === undefined ? 0 : 1,
});

const linesOf = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

const clampTop = (top: number, s: Pick<ShowState, 'lines' | 'bodyRows'>) =>
  Math.max(0, Math.min(top, s.lines.length - s.bodyRows));

export function showReducer(s: ShowState, a: ShowAction): ShowState {
  switch (a.type) {
    case 'loading':
      return s.loading ? s : { ...s, loading: true };
    case 'loaded': {
      const next = {
        ...s,
        lines: linesOf(a.text),
        readAt: a.at,
        error: null,
        loading: false,
        reads: s.reads + 1,
      };
      // The scroll stays where the reader left it, as far as the new output reaches.
      return { ...next, top: clampTop(s.top, next) };
    }
    case 'failed':
      return { ...s, error: a.message, readAt: a.at, loading: false, reads: s.reads + 1 };
    case 'scroll':
      return { ...s, top: clampTop(s.top + a.by, s) };
    case 'page':
      return { ...s, top: clampTop(s.top + a.direction * Math.max(1, s.bodyRows - 1), s) };
    case 'viewport': {
      const rows = Math.max(1, a.rows);
      return rows === s.bodyRows
        ? s
        : { ...s, bodyRows: rows, top: clampTop(s.top, { ...s, bodyRows: rows }) };
    }
  }
}
