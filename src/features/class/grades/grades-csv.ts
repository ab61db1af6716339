// `class grades --csv`: one row per trainee, lesson and step, then a `total` row per lesson
// with its percentage (the server's, by the rule docs/classroom.md states). RFC 4180: CRLF between records, a cell holding a comma, a
// quote or a line break in double quotes with its quotes doubled. A cell the server filled
// (a name, a lesson, a step's title) is sanitized to one visible line first, and one starting
// with `=`, `+`, `-`, `@` (or a tab or CR) gets a leading `'` so that a spreadsheet opening the
// file never reads it as a formula (OWASP, CSV injection). Pure.
import type { Grades } from '../../../contract/class.js';
import { sanitizeLine } from '../../../term/sanitize.js';

export const GRADES_CSV_HEADER = [
  'trainee',
  'lesson',
  'step',
  'title',
  'passed',
  'hint',
  'skipped',
  'seconds',
  'failed_checks',
  'percent',
] as const;

/** What a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as it is written: one visible line, never a formula. */
export function textCell(value: string): string {
  const line = sanitizeLine(value);
  return FORMULA_START.test(line) ? `'${line}` : line;
}

/** RFC 4180's quoting of one field. */
export function csvField(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

const yes = (b: boolean) => (b ? 'yes' : 'no');
const secs = (n: number) => String(Math.round(n));

export function gradesCsv(g: Grades): string {
  const rows: string[][] = [[...GRADES_CSV_HEADER]];
  for (const t of g.trainees) {
    for (const l of t.lessons) {
      const [name, lesson] = [textCell(t.name), textCell(l.lesson)];
      for (const s of l.steps) {
        rows.push([
          name,
          lesson,
          String(s.step),
          textCell(s.title),
          yes(s.passed),
          yes(s.hint),
          yes(s.skipped),
          secs(s.seconds),
          String(s.failedChecks),
          '',
        ]);
      }
      const count = (f: (s: (typeof l.steps)[number]) => boolean) => String(l.steps.filter(f).length);
      rows.push([
        name,
        lesson,
        'total',
        '',
        count((s) => s.passed),
        count((s) => s.hint),
        count((s) => s.skipped),
        secs(l.steps.reduce((n, s) => n + s.seconds, 0)),
        String(l.steps.reduce((n, s) => n + s.failedChecks, 0)),
        String(l.percent),
      ]);
    }
  }
  return rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}
