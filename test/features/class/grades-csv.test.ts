// `class grades --csv` (features/class/grades/grades-csv.ts): read back with csv-parse (RFC 4180),
// every cell is what the server sent (a name, a lesson, a title with quotes, commas, line
// breaks), a text that would start a spreadsheet formula has a leading `'`, no cell holds a
// control character, and each lesson ends with its total row (the server's percent).
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Grades, StepGrade } from '../../../src/contract/class.js';
import { GRADES_CSV_HEADER, gradesCsv } from '../../../src/features/class/grades/grades-csv.js';

const FORMULA = /^[=+\-@\t\r]/;
// Control and invisible format characters (what THE sanitizer rewrites).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('=SUM(A1:A9)', '+1', '-2', '@cmd', '\tx', '\rx', 'a,"b"', 'l1\nl2', '"', ''),
);
const step = (i: number): fc.Arbitrary<StepGrade> =>
  fc.record({
    step: fc.constant(i + 1),
    title: text,
    passed: fc.boolean(),
    skipped: fc.boolean(),
    hint: fc.boolean(),
    seconds: fc.nat(100_000),
    failedChecks: fc.nat(50),
  });
const lesson = fc.record({
  lesson: text,
  steps: fc
    .integer({ min: 0, max: 4 })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => step(i)))),
  percent: fc.integer({ min: 0, max: 1000 }).map((n) => n / 10),
});
const grades: fc.Arbitrary<Grades> = fc.record({
  trainees: fc.array(fc.record({ name: text, lessons: fc.array(lesson, { maxLength: 3 }) }), {
    maxLength: 4,
  }),
});

/** What a text cell must read back as: the text itself when it is plain, else no control character. */
function checkText(cell: string, sent: string): void {
  expect(FORMULA.test(cell), JSON.stringify(cell)).toBe(false);
  expect(UNSAFE.test(cell), JSON.stringify(cell)).toBe(false);
  if (!UNSAFE.test(sent)) expect(cell).toBe(FORMULA.test(sent) ? `'${sent}` : sent);
}

describe('class grades CSV', () => {
  it('reads back cell by cell through an RFC 4180 parser; no cell starts a formula', () => {
    fc.assert(
      fc.property(grades, (g) => {
        const rows: string[][] = parse(gradesCsv(g), { relax_column_count: false });
        expect(rows[0]).toEqual([...GRADES_CSV_HEADER]);
        let r = 1;
        for (const t of g.trainees)
          for (const l of t.lessons) {
            for (const s of [...l.steps, undefined]) {
              const row = rows[r++]!;
              expect(row).toHaveLength(GRADES_CSV_HEADER.length);
              checkText(row[0]!, t.name);
              checkText(row[1]!, l.lesson);
              if (s === undefined) {
                expect(row[2]).toBe('total');
                expect(row[4]).toBe(String(l.steps.filter((x) => x.passed).length));
                expect(row[9]).toBe(String(l.percent));
              } else {
                expect(row[2]).toBe(String(s.step));
                checkText(row[3]!, s.title);
                expect(row.slice(4, 9)).toEqual([
                  s.passed ? 'yes' : 'no',
                  s.hint ? 'yes' : 'no',
                  s.skipped ? 'yes' : 'no',
                  String(s.seconds),
                  String(s.failedChecks),
                ]);
              }
            }
          }
        expect(rows).toHaveLength(r);
      }),
    );
  });

  it('separates records with CRLF and quotes only what needs it', () => {
    const csv = gradesCsv({
      trainees: [
        {
          name: 't1',
          lessons: [
            {
              lesson: 'interfaces',
              percent: 75,
              steps: [
                {
                  step: 1,
                  title: 'Set "mtu", then =check',
                  passed: true,
                  skipped: false,
                  hint: true,
                  seconds: 61.4,
                  failedChecks: 2,
                },
                {
                  step: 2,
                  title: '=HYPERLINK("x")',
                  passed: true,
                  skipped: false,
                  hint: false,
                  seconds: 5,
                  failedChecks: 0,
                },
              ],
            },
          ],
        },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      GRADES_CSV_HEADER.join(','),
      't1,interfaces,1,"Set ""mtu"", then =check",yes,yes,no,61,2,',
      `t1,interfaces,2,"'=HYPERLINK(""x"")",yes,no,no,5,0,`,
      't1,interfaces,total,,2,1,0,66,2,75',
      '',
    ]);
  });
});
