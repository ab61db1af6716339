// The `read` check kind (issue 40 item 5): its line parsed (a show or describe line only, a JSON
// path or a one-group RE2 regex, an operator, options) with line-numbered mistakes; every prefix
// of a lesson's check lines, and any text after `check: read`, parses or is an issue with a line,
// never a throw; the value taken from hostile answers (wrong types, huge, deep, prototype keys)
// without a throw, in bounded time, as the documented comparisons say.
// A failing property reports its seed and the command that replays it alone (test/fast-check-replay.ts).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLesson } from '../../../src/features/lessons/parse.js';
import { parsePath, parseReadCheck } from '../../../src/features/lessons/read-check.js';
import { atPath, MAX_SCAN_CHARS, readVerdict, showText } from '../../../src/features/lessons/read-eval.js';
import type { ReadCheck } from '../../../src/features/lessons/types.js';
import { BUILTIN_LESSONS } from '../../../src/features/lessons/builtin.js';
import { loadRegexEngine } from '../../../src/lang/regex.js';
import { toRe2 } from '../../../src/lang/regex-translate.js';

beforeAll(() => loadRegexEngine());

const lessonWith = (check: string) => `---\ntitle: T\n---\n## Step\nDo it.\ncheck: ${check}\n`;

const read = (rest: string): ReadCheck => {
  const c = parseReadCheck(rest);
  if (typeof c === 'string') throw new Error(c);
  return c;
};

describe('parse', () => {
  it('reads the documented forms', () => {
    expect(read(`"show interface eth1.100" regex 'mtu (\\d+)' = 9000 message "not yet"`)).toEqual({
      kind: 'read',
      line: 'show interface eth1.100',
      take: { kind: 'regex', pattern: 'mtu (\\d+)' },
      op: '=',
      value: '9000',
      message: 'not yet',
      level: 'error',
    });
    expect(
      read(
        `"show interface" json 'NodeInfo.ShowOutput[Name=eth1].RX packets' > 10 level warning wait 5s retries 3`,
      ),
    ).toMatchObject({
      take: {
        kind: 'json',
        path: [
          { kind: 'key', key: 'NodeInfo' },
          { kind: 'key', key: 'ShowOutput' },
          { kind: 'where', key: 'Name', value: 'eth1' },
          { kind: 'key', key: 'RX packets' },
        ],
      },
      op: '>',
      value: '10',
      level: 'warning',
      waitMs: 5000,
      retries: 3,
    });
    expect(read(`"describe interface eth0 mtu" json [0] present`)).toMatchObject({
      line: 'describe interface eth0 mtu',
      take: { kind: 'json', path: [{ kind: 'index', index: 0 }] },
      op: 'present',
    });
  });

  it('refuses, with the line, anything that is not a show or describe line, and bad parts', () => {
    const issues = (check: string) => {
      const r = parseLesson('x', lessonWith(check));
      return 'lesson' in r ? [] : r.issues.map((i) => `${i.line}: ${i.message}`);
    };
    expect(issues(`read "interface eth0 mtu 1400" json x present`)).toEqual([
      `6: check 'read' runs only a show or describe line, not 'interface eth0 mtu 1400' (quote it: read "show interface")`,
    ]);
    expect(issues(`read "no interface eth1" json x present`)[0]).toMatch(/^6: check 'read' runs only a show/);
    expect(issues(`read show interface json x present`)).toEqual([
      `6: check 'read': json PATH or regex 'RE', not 'interface' (a line of several words is quoted: read "show interface")`,
    ]);
    expect(issues(`read "show interface | count" json x present`)).toEqual([
      "6: check 'read': no pipes in 'show interface | count'",
    ]);
    expect(issues(`read "show interface" regex '(a)(b)' present`)[0]).toMatch(/more than one group/);
    expect(issues(`read "show interface" regex '(?=a)b' present`)[0]).toMatch(/is not RE2/);
    expect(issues(`read "show interface" json 'a..b' present`)[0]).toMatch(/bad JSON path 'a\.\.b'/);
    expect(issues(`read "show interface" json a > many`)[0]).toMatch(/'>' compares numbers, not 'many'/);
    expect(issues(`read "show interface" json a present wait forever`)[0]).toMatch(/wait is a duration/);
    expect(issues(`read "show interface" json a present wait 1h`)[0]).toMatch(/up to 2m/);
    expect(issues(`read "show interface" json a present retries 99`)[0]).toMatch(/retries is a whole number/);
    expect(issues(`read "show interface" json a present level loud`)[0]).toMatch(/level is warning or error/);
    expect(issues(`read "show interface" json a present colour red`)[0]).toMatch(/unknown option 'colour'/);
    expect(issues(`read "show interface" json a =`)[0]).toMatch(/'=' needs a value/);
    expect(issues(`read "show interface`)).toEqual(['6: unbalanced quote']);
  });

  it('every built-in ran pattern runs on RE2: none on the V8 bound, which a loaded class server overruns', () => {
    for (const [name, source] of BUILTIN_LESSONS) {
      const r = parseLesson(name, source);
      if (!('lesson' in r)) throw new Error(`${name}: ${JSON.stringify(r.issues)}`);
      for (const c of r.lesson.steps.flatMap((s) => s.checks))
        if (c.kind === 'ran') expect(toRe2(c.pattern.source), `${name}: ${c.pattern.source}`).not.toBeNull();
    }
  });

  it('paths: keys, indexes, selectors; malformed ones refused', () => {
    expect(parsePath('a.b[0].c')).toEqual([
      { kind: 'key', key: 'a' },
      { kind: 'key', key: 'b' },
      { kind: 'index', index: 0 },
      { kind: 'key', key: 'c' },
    ]);
    for (const bad of ['', '.', 'a.', '[', '[x]', 'a]', 'a[0]b', '[=v]'])
      expect(typeof parsePath(bad)).toBe('string');
  });

  it('every prefix of every built-in check line parses or is an issue with a line, never a throw', () => {
    const lines = [...BUILTIN_LESSONS.values()].flatMap((s) =>
      s.split('\n').filter((l) => /^(check|solution):/.test(l)),
    );
    expect(lines.some((l) => l.startsWith('check: read '))).toBe(true);
    for (const l of lines)
      for (let n = 0; n <= l.length; n++) {
        const r = parseLesson('x', `---\ntitle: T\n---\n## S\n${l.slice(0, n)}\ncheck: ran x\n`);
        if ('issues' in r && r.issues.length) for (const i of r.issues) expect(i.line).toBeGreaterThan(0);
      }
  });

  it('any text after `check: read` parses or is an issue with a line (property)', () => {
    const word = fc.oneof(
      fc.constantFrom(
        '"show interface"',
        'json',
        'regex',
        '=',
        '~',
        '>',
        '<',
        'present',
        'wait',
        'retries',
        'message',
        'level',
        'warning',
        "'(x)'",
        '[0]',
        'a.b',
        '5s',
        '3',
        '"',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 10 }), (words) => {
        const r = parseLesson('x', lessonWith(`read ${words.join(' ')}`));
        if ('lesson' in r) expect(r.lesson.steps[0]?.checks[0]?.kind).toBe('read');
        else for (const i of r.issues) expect(i.line).toBe(6);
      }),
    );
  });
});

describe('evaluate on hostile answers', () => {
  const json = (path: string, op = 'present', value = '') =>
    read(`"show x" json '${path}' ${op} ${value ? `'${value}'` : ''}`);
  const regex = (re: string, op = 'present', value = '') =>
    read(`"show x" regex '${re}' ${op} ${value ? `'${value}'` : ''}`);
  const show = (ShowOutput: unknown) => ({ RequestStatus: 'OK', NodeInfo: { Name: 'x', ShowOutput } });

  it('JSON paths: values as documented; wrong types find nothing', () => {
    const answer = show([
      { Name: 'eth0', MTU: 1500, Up: true, Note: null },
      { Name: 'eth1', MTU: 9000, Up: false },
    ]);
    expect(readVerdict(json('NodeInfo.ShowOutput[Name=eth1].MTU', '=', '9000'), answer)).toEqual({
      ok: true,
    });
    expect(readVerdict(json('NodeInfo.ShowOutput[1].MTU', '>', '8999'), answer)).toEqual({ ok: true });
    expect(readVerdict(json('NodeInfo.ShowOutput[0].MTU', '<', '1000'), answer)).toEqual({
      ok: false,
      why: "found '1500', not < 1000",
    });
    expect(readVerdict(json('NodeInfo.ShowOutput[0].Up', '=', 'true'), answer).ok).toBe(true);
    expect(readVerdict(json('NodeInfo.ShowOutput[0].Note', '=', 'null'), answer).ok).toBe(true);
    expect(readVerdict(json('NodeInfo.ShowOutput[Name=eth1].Up', '~', '^f'), answer).ok).toBe(true);
    expect(readVerdict(json('NodeInfo.ShowOutput[Name=eth1].Name', '>', '1'), answer)).toEqual({
      ok: false,
      why: "found 'eth1', not a number",
    });
    // An index into an object, a key of an array, a key of a string: nothing, no throw.
    for (const p of [
      'NodeInfo[0]',
      'NodeInfo.ShowOutput.Name',
      'RequestStatus.length',
      'NodeInfo.ShowOutput[9].MTU',
    ])
      expect(readVerdict(json(p), answer)).toEqual({
        ok: false,
        why: 'the path found nothing in the answer',
      });
    for (const bad of [null, 7, 'text', [], undefined])
      expect(readVerdict(json('NodeInfo.Name'), bad).ok).toBe(false);
  });

  it('prototype keys are never read: only the answer’s own keys', () => {
    for (const p of [
      'constructor',
      '__proto__',
      'toString',
      'NodeInfo.hasOwnProperty',
      'NodeInfo.ShowOutput[0].constructor',
    ])
      expect(readVerdict(json(p), show([{}])).ok).toBe(false);
    expect(
      atPath(JSON.parse('{"__proto__": {"a": 1}}'), [
        { kind: 'key', key: '__proto__' },
        { kind: 'key', key: 'a' },
      ]),
    ).toBe(1);
  });

  it('a deep answer: the path walks it without recursion; a value too deep to print compares as not equal', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const path = `${Array(2000).fill('a').join('.')}`;
    expect(
      readVerdict(read(`"show x" json ${path.split('.').slice(0, 64).join('.')} present`), deep).ok,
    ).toBe(true);
    expect(() => parsePath(path)).not.toThrow();
    expect(typeof parsePath(path)).toBe('string'); // too long a path is an issue
    const v = readVerdict(read(`"show x" json a = x`), deep);
    expect(v).toEqual({ ok: false, why: 'the path found a value too deep to compare' });
  });

  it('regex over ShowOutput: text, a table one row a line, huge answers read up to the bound', () => {
    expect(readVerdict(regex('mtu (\\d+)', '=', '9000'), show('eth1: <UP> mtu 9000 state UP')).ok).toBe(true);
    const table = show([
      { Name: 'eth0', MTU: 1500 },
      { Name: 'eth1', MTU: 9000, Extra: { x: 1 } },
    ]);
    expect(showText(table)).toBe('Name  MTU  Extra\neth0  1500\neth1  9000  {"x":1}');
    expect(readVerdict(regex('eth1\\s+(\\d+)', '>', '8000'), table).ok).toBe(true);
    expect(readVerdict(regex('nope(\\d)'), table)).toEqual({
      ok: false,
      why: 'the regex found nothing in the answer',
    });
    expect(readVerdict(regex('x'), { NodeInfo: {} })).toEqual({
      ok: false,
      why: 'the answer has no ShowOutput',
    });
    expect(readVerdict(regex('x'), show(42))).toEqual({ ok: false, why: 'the answer has no ShowOutput' });
    // 8 MiB of text with the value past the bound: not found, and in linear time (RE2).
    const huge = `${'a'.repeat(8 * MAX_SCAN_CHARS)} mtu 9000`;
    expect(readVerdict(regex('(a+)+b'), show(huge))).toEqual({
      ok: false,
      why: 'the regex found nothing in the answer',
    });
    expect(readVerdict(regex('mtu (\\d+)'), show(huge)).ok).toBe(false);
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ Name: `if${i}`, MTU: i }));
    expect(showText(show(rows))!.length).toBeLessThanOrEqual(MAX_SCAN_CHARS);
    expect(readVerdict(regex('if7 +(\\d+)', '=', '7'), show(rows)).ok).toBe(true);
  });
});
