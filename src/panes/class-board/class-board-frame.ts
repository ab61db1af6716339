// The instructor's board's lines: a header (the lesson, how many trainees, how many stuck), a
// row per trainee (selection and stuck marks, name, a symbol per step, time on the step, the
// last command and its error) scrolled to keep the selection in view, the legend, then the
// question, the prompt or the last note, and the keys. A trainee's detail replaces the rows.
// Server text (names, lessons, lines, errors, checks) goes through THE sanitizer. Pure.
import { sanitizeLine } from '../../term/sanitize.js';
import { displayWidth, padToWidth, truncateToWidth } from '../../term/text-width.js';
import { isStuck, LEGEND, onStepText, type Span, stepSpans } from './class-board-cells.js';
import type { ClassBoardState } from './class-board-reducer.js';
import { detailLines } from './class-board-detail.js';

export type FrameLine = Span[];

export interface BoardFrameOptions {
  width: number;
  height: number;
  stuckMs: number;
}

const NAME_MAX = 14;
const TIME_W = 7;
const KEYS = '↑/↓ move  Enter open  r reset  R reset all  m message  n next lesson  q quit';

const plain = (text: string, width: number): FrameLine => [{ text: truncateToWidth(text, width) }];

function header(s: ClassBoardState, o: BoardFrameOptions, rows: string): FrameLine[] {
  const b = s.board;
  if (!b) return [plain(s.error ? 'class board: cannot read the board' : 'class board: reading...', o.width)];
  const stuck = b.trainees.filter((t) => isStuck(t, s.nowMs, s.skewMs, o.stuckMs)).length;
  const joined = b.trainees.filter((t) => t.joined).length;
  const lesson = `lesson ${b.lessonIndex + 1}/${b.lessons} ${sanitizeLine(b.lesson.name)}: ${sanitizeLine(b.lesson.title)}`;
  const head = `${lesson} · ${joined}/${b.trainees.length} joined${stuck > 0 ? ` · ${stuck} stuck` : ''}${rows}`;
  return [[{ text: truncateToWidth(head, o.width) }]];
}

/** One row: `>!` marks, the name, the steps, the time, the last command (all cut to fit). */
function traineeRow(
  s: ClassBoardState,
  i: number,
  o: BoardFrameOptions,
  nameW: number,
  stepsW: number,
): FrameLine {
  const t = s.board!.trainees[i]!;
  const stuck = isStuck(t, s.nowMs, s.skewMs, o.stuckMs);
  const sel = i === s.selected;
  const steps = stepSpans(t, stepsW);
  const stepsUsed = steps.reduce((n, x) => n + displayWidth(x.text), 0);
  const lastW = Math.max(0, o.width - 2 - nameW - 1 - stepsW - 1 - TIME_W - 1);
  const last: Span[] = !t.joined
    ? [{ text: truncateToWidth('not joined', lastW), tone: 'dim' }]
    : t.last
      ? lastSpans(t.last.line, t.last.error, lastW)
      : [];
  return [
    { text: sel ? '>' : ' ', inverse: sel },
    { text: stuck ? '!' : ' ', tone: stuck ? 'stuck' : undefined },
    { text: padToWidth(truncateToWidth(sanitizeLine(t.name), nameW), nameW), inverse: sel },
    { text: ' ' },
    ...steps,
    { text: ' '.repeat(Math.max(0, stepsW - stepsUsed) + 1) },
    { text: onStepText(t, s.nowMs, s.skewMs).padStart(TIME_W), tone: stuck ? 'stuck' : undefined },
    { text: ' ' },
    ...last,
  ];
}

function lastSpans(line: string, error: string | undefined, width: number): Span[] {
  const cmd = sanitizeLine(line);
  if (error === undefined) return [{ text: truncateToWidth(cmd, width) }];
  const room = Math.max(0, width - displayWidth(cmd) - 3);
  if (room < 8) return [{ text: truncateToWidth(`${cmd} ✗`, width), tone: 'error' }];
  return [{ text: cmd }, { text: ` ✗ ${truncateToWidth(sanitizeLine(error), room)}`, tone: 'error' }];
}

/** The rows' window: the selection in view, as near the middle as the ends allow. */
export function rowWindow(count: number, selected: number, rows: number): { top: number; end: number } {
  const h = Math.max(1, rows);
  const top = Math.max(0, Math.min(selected - Math.floor(h / 2), count - h));
  return { top, end: Math.min(count, top + h) };
}

function status(s: ClassBoardState): FrameLine {
  const b = s.board;
  if (s.ask === 'resetAll')
    return [{ text: "Reset every trainee's router to the lesson's start? y/N", tone: 'stuck' }];
  if (s.ask === 'next' && b)
    return [
      {
        text: `Move the class to lesson ${b.lessonIndex + 2}/${b.lessons}, every router reset? y/N`,
        tone: 'stuck',
      },
    ];
  if (s.prompt !== null)
    return [{ text: `message to every trainee: ${s.prompt}` }, { text: ' ', inverse: true }];
  if (s.error) return [{ text: `error: ${sanitizeLine(s.error)} (reading again)`, tone: 'error' }];
  // A blank line keeps its place (Ink draws an empty text as no line at all).
  return [{ text: s.note ? sanitizeLine(s.note) : ' ' }];
}

const cut = (line: FrameLine, width: number): FrameLine => {
  const out: FrameLine = [];
  let left = width;
  for (const sp of line) {
    if (left <= 0) break;
    const text = displayWidth(sp.text) <= left ? sp.text : truncateToWidth(sp.text, left);
    out.push({ ...sp, text });
    left -= displayWidth(text);
  }
  return out;
};

export function classBoardFrame(s: ClassBoardState, o: BoardFrameOptions): FrameLine[] {
  const trainees = s.board?.trainees ?? [];
  // Header, column names, legend, status and keys: 5 lines; the rest are rows.
  const room = Math.max(1, o.height - 5);
  const { top, end } = rowWindow(trainees.length, s.selected, room);
  const more = trainees.length > end - top ? ` · rows ${top + 1}-${end} of ${trainees.length}` : '';
  const lines = header(s, o, s.detail ? '' : more);
  if (s.detail) {
    lines.push(...detailLines(s.detail, o.width, room + 2));
    lines.push(plain('↑/↓ scroll  Esc back', o.width));
    return lines.map((l) => cut(l, o.width));
  }
  const nameW = Math.min(NAME_MAX, Math.max(7, ...trainees.map((t) => displayWidth(sanitizeLine(t.name)))));
  const stepCount = s.board?.lesson.steps.length ?? 0;
  const stepsW = Math.max(5, Math.min(stepCount * 2 - 1, Math.floor(o.width / 3)));
  lines.push([
    {
      text: `  ${padToWidth('TRAINEE', nameW)} ${padToWidth('STEPS', stepsW)} ${'ON STEP'.padStart(TIME_W)} LAST COMMAND`,
    },
  ]);
  for (let i = top; i < end; i++) lines.push(traineeRow(s, i, o, nameW, stepsW));
  lines.push([{ text: LEGEND, tone: 'dim' }]);
  lines.push(status(s));
  lines.push(plain(KEYS, o.width));
  return lines.map((l) => cut(l, o.width));
}
