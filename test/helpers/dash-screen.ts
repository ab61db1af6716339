// Reads a dashboard screen as tmux captures it (plain text): every panel's box (title in its top
// border, heavy when focused), every row header (`── ▸ Title (3 panels) ───`, heavy when
// focused), and the status line's place on the page (`rows 41–80 of 212`). A box is `full` when
// its top and bottom borders are both on screen; its inside is then classified: data, an empty
// answer said in words, an error, or still nothing (loading or blank).

export type BoxState = 'data' | 'empty' | 'error' | 'pending';

export interface Box {
  kind: 'box';
  /** Screen row and column of its top-left corner. */
  row: number;
  col: number;
  width: number;
  title: string;
  /** The title was cut (`Disk writes/rea…`): `title` is its beginning. */
  cut: boolean;
  focused: boolean;
  full: boolean;
  /** The inside, lines trimmed (full boxes only). */
  inside: string[];
  state: BoxState;
}

export interface Header {
  kind: 'row';
  row: number;
  col: number;
  title: string;
  open: boolean;
  focused: boolean;
}

export type Item = Box | Header;

export interface Screen {
  items: Item[];
  /** `rows a–b of n` (1-based, inclusive), when the page is taller than the screen. */
  where: { from: number; to: number; of: number } | undefined;
  status: string;
}

const TL = '┌┏';
const TR = '┐┓';
const BL = '└┗';
const H = '─━';

/** What a panel says when its query matched nothing (panel-body.ts, stat-body.ts, H6's variables). */
export const EMPTY_WORDS = [
  'no series matched',
  'no data points in range',
  'no value',
  'no log records',
  'no values',
];

export function classify(inside: string[]): BoxState {
  const text = inside.join('\n');
  if (/\berror: /.test(text)) return 'error';
  if (text.includes('loading…')) return 'pending';
  if (EMPTY_WORDS.some((w) => text.includes(w))) return 'empty';
  // A stat whose every value is missing draws `–`; a chart always has an axis.
  if (inside.every((l) => /^[–\s]*$/.test(l))) return 'pending';
  return 'data';
}

export function readScreen(text: string): Screen {
  const lines = text.replace(/\n$/, '').split('\n');
  const chars = lines.map((l) => [...l]);
  const items: Item[] = [];
  for (let r = 0; r < chars.length; r++) {
    const row = chars[r]!;
    const header = /^([─━]{2,}) ([▸▾]) (.*?)(?: \(\d+ panels?\))? [─━]*$/.exec(lines[r]!.trimEnd());
    if (header) {
      items.push({
        kind: 'row',
        row: r,
        col: 0,
        title: header[3]!.trim(),
        open: header[2] === '▾',
        focused: header[1]!.includes('━'),
      });
      continue;
    }
    for (let c = 0; c < row.length; c++) {
      if (!TL.includes(row[c]!) || !H.includes(row[c + 1] ?? '')) continue;
      const heavy = row[c] === '┏';
      let end = c + 1;
      while (end < row.length && !TR.includes(row[end]!)) end++;
      if (end >= row.length) continue;
      let title = row
        .slice(c + 2, end)
        .join('')
        .replace(/[─━]+$/, '')
        .trim();
      // The marks after a title: ` !` an error, ` …` loading (dashboard-frame.ts) — or a title
      // cut after a space: either way only its beginning is known.
      title = title.replace(/ !$/, '');
      const cut = title.endsWith('…');
      if (cut) title = title.slice(0, -1).trimEnd();
      let bottom = r + 1;
      while (bottom < chars.length && !BL.includes(chars[bottom]![c] ?? '')) bottom++;
      const full = bottom < chars.length;
      const inside = full
        ? chars.slice(r + 1, bottom).map((l) =>
            l
              .slice(c + 1, end)
              .join('')
              .trim(),
          )
        : [];
      items.push({
        kind: 'box',
        row: r,
        col: c,
        width: end - c + 1,
        title,
        cut,
        focused: heavy,
        full,
        inside,
        state: full ? classify(inside) : 'pending',
      });
      c = end;
    }
  }
  items.sort((a, b) => a.row - b.row || a.col - b.col);
  const status = lines.filter((l) => l.trim()).at(-1) ?? '';
  const m = /rows (\d+)–(\d+) of (\d+)/.exec(status);
  const where = m ? { from: Number(m[1]), to: Number(m[2]), of: Number(m[3]) } : undefined;
  return { items, where, status };
}
