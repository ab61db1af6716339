// An asciicast v2 recording (routersh --record) rendered as SVG: the screen a player shows at
// the last moment a predicate holds, replayed in a headless terminal (@xterm/headless) and
// drawn cell by cell with its colours. Used by scripts/pictures.ts for docs/pictures/.
import xterm from '@xterm/headless';

export interface CastFile {
  width: number;
  height: number;
  events: Array<[number, string, string]>;
}

export function parseCast(text: string): CastFile {
  const [first, ...rest] = text.split('\n').filter((l) => l !== '');
  const header = JSON.parse(first ?? '{}') as { version?: number; width?: number; height?: number };
  if (header.version !== 2 || !header.width || !header.height) throw new Error('not an asciicast v2 file');
  return {
    width: header.width,
    height: header.height,
    events: rest.map((l) => JSON.parse(l) as [number, string, string]),
  };
}

interface Cell {
  ch: string;
  fg: string | undefined;
  bg: string | undefined;
  bold: boolean;
  dim: boolean;
  underline: boolean;
}

type Screen = Cell[][];

// xterm's default 16 colours, then the 6×6×6 cube and the grey ramp of 256-colour mode.
const BASE = [
  '#000000',
  '#cd3131',
  '#0dbc79',
  '#e5e510',
  '#2472c8',
  '#bc3fbc',
  '#11a8cd',
  '#e5e5e5',
  '#666666',
  '#f14c4c',
  '#23d18b',
  '#f5f543',
  '#3b8eea',
  '#d670d6',
  '#29b8db',
  '#ffffff',
];
function palette(i: number): string {
  if (i < 16) return BASE[i]!;
  if (i >= 232) {
    const v = (8 + (i - 232) * 10).toString(16).padStart(2, '0');
    return `#${v}${v}${v}`;
  }
  const n = i - 16;
  const c = (x: number) => (x === 0 ? 0 : 55 + x * 40).toString(16).padStart(2, '0');
  return `#${c(Math.floor(n / 36))}${c(Math.floor(n / 6) % 6)}${c(n % 6)}`;
}
const rgb = (v: number) => `#${v.toString(16).padStart(6, '0')}`;

function snapshot(term: InstanceType<typeof xterm.Terminal>): Screen {
  const buf = term.buffer.active;
  const cell = buf.getNullCell();
  const rows: Screen = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buf.getLine(buf.viewportY + y);
    const row: Cell[] = [];
    for (let x = 0; x < term.cols; x++) {
      const c = line?.getCell(x, cell);
      if (!c || c.getWidth() === 0) continue;
      const fg = c.isFgRGB() ? rgb(c.getFgColor()) : c.isFgPalette() ? palette(c.getFgColor()) : undefined;
      const bg = c.isBgRGB() ? rgb(c.getBgColor()) : c.isBgPalette() ? palette(c.getBgColor()) : undefined;
      const inverse = c.isInverse() !== 0;
      row.push({
        ch: c.getChars() || ' ',
        fg: inverse ? (bg ?? BG) : fg,
        bg: inverse ? (fg ?? FG) : bg,
        bold: c.isBold() !== 0,
        dim: c.isDim() !== 0,
        underline: c.isUnderline() !== 0,
      });
    }
    rows.push(row);
  }
  return rows;
}

const text = (s: Screen) =>
  s
    .map((r) =>
      r
        .map((c) => c.ch)
        .join('')
        .trimEnd(),
    )
    .join('\n');

/** The screen at the last output event after which `when(screen text)` holds (the end if never). */
export async function screenWhen(cast: CastFile, when: (screen: string) => boolean): Promise<Screen> {
  const term = new xterm.Terminal({ cols: cast.width, rows: cast.height, allowProposedApi: true });
  let found: Screen | undefined;
  for (const [, kind, data] of cast.events) {
    if (kind === 'r') {
      const [cols, rows] = data.split('x').map(Number);
      term.resize(cols!, rows!);
      continue;
    }
    if (kind !== 'o') continue;
    await new Promise<void>((resolve) => term.write(data, resolve));
    const s = snapshot(term);
    if (when(text(s))) found = s;
  }
  const last = found ?? snapshot(term);
  term.dispose();
  return last;
}

const FG = '#d4d4d4';
const BG = '#1e1e1e';
const CW = 8.4;
const LH = 18;
const PAD = 12;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The screen as an SVG document: a dark terminal, one text run per stretch of one style. */
export function svgOf(screen: Screen, title: string, source: string): string {
  const cols = Math.max(...screen.map((r) => r.length), 1);
  const w = Math.ceil(cols * CW + 2 * PAD);
  const h = screen.length * LH + 2 * PAD;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(title)}">`,
    `<desc>${esc(source)}</desc>`,
    `<title>${esc(title)}</title>`,
    `<rect width="100%" height="100%" rx="6" fill="${BG}"/>`,
    `<g font-family="'DejaVu Sans Mono','Menlo','Consolas',monospace" font-size="14" xml:space="preserve">`,
  ];
  screen.forEach((row, y) => {
    const top = PAD + y * LH;
    // Backgrounds first, then text over them.
    row.forEach((c, x) => {
      if (c.bg)
        out.push(
          `<rect x="${(PAD + x * CW).toFixed(1)}" y="${top}" width="${CW + 0.2}" height="${LH}" fill="${c.bg}"/>`,
        );
    });
    let x = 0;
    while (x < row.length) {
      const c = row[x]!;
      let end = x + 1;
      const same = (d: Cell) =>
        d.fg === c.fg && d.bold === c.bold && d.dim === c.dim && d.underline === c.underline;
      while (end < row.length && same(row[end]!)) end++;
      const run = row
        .slice(x, end)
        .map((d) => d.ch)
        .join('');
      if (run.trim() !== '') {
        const attrs = [
          `x="${(PAD + x * CW).toFixed(1)}"`,
          `y="${top + 14}"`,
          `fill="${c.fg ?? FG}"`,
          `textLength="${(run.length * CW).toFixed(1)}"`,
          c.bold ? 'font-weight="bold"' : '',
          c.dim ? 'opacity="0.6"' : '',
          c.underline ? 'text-decoration="underline"' : '',
        ].filter(Boolean);
        out.push(`<text ${attrs.join(' ')}>${esc(run)}</text>`);
      }
      x = end;
    }
  });
  out.push('</g>', '</svg>', '');
  return out.join('\n');
}
