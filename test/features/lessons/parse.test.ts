// The lesson format: every built-in lesson parses; an instructor's mistake gets its line.
import { describe, expect, it } from 'vitest';
import { BUILTIN_LESSONS } from '../../../src/features/lessons/builtin.js';
import { holds } from '../../../src/features/lessons/evaluate.js';
import { issueLines, lessonOrThrow, parseLesson } from '../../../src/features/lessons/parse.js';

const lines = (src: string) => {
  const r = parseLesson('t', src);
  return 'lesson' in r ? 'ok' : issueLines('lesson.md', r.issues);
};

describe('parseLesson', () => {
  it('parses every built-in lesson, each with steps that all have checks', () => {
    expect([...BUILTIN_LESSONS.keys()]).toHaveLength(6);
    for (const [name, src] of BUILTIN_LESSONS) {
      const l = lessonOrThrow(name, `${name}.md`, src);
      expect(l.steps.length, name).toBeGreaterThanOrEqual(4);
      for (const s of l.steps) expect(s.checks.length, `${name}: ${s.title}`).toBeGreaterThan(0);
    }
  });

  it('reads title, intro, steps, hint and each kind of check', () => {
    const r = parseLesson(
      'x',
      [
        '---',
        'title: A lesson',
        '---',
        'Intro.',
        '## One',
        'Do it.',
        'hint: like this',
        'check: node interface eth9 present',
        'check: value interface eth9 description = "two words"',
        'check: option ipv4 firewall filter forward rule 20 action = DROP',
        'check: option ipv4 firewall filter forward rule 20 src',
        'check: ran ^show interface$',
        'check: metrics sum(rate(pkts_down[5m]))',
        'check: logs service_name:firewall',
      ].join('\n'),
    );
    if (!('lesson' in r)) throw new Error(JSON.stringify(r.issues));
    const { lesson } = r;
    expect(lesson).toMatchObject({ name: 'x', title: 'A lesson', intro: 'Intro.' });
    expect(lesson.steps[0]).toMatchObject({ title: 'One', text: 'Do it.', hint: 'like this', line: 5 });
    expect(lesson.steps[0]?.checks).toEqual([
      { kind: 'node', path: ['interface', 'eth9'], present: true },
      { kind: 'value', path: ['interface', 'eth9', 'description'], value: 'two words' },
      {
        kind: 'option',
        path: ['ipv4', 'firewall', 'filter', 'forward', 'rule'],
        value: '20',
        option: 'action',
        optionValue: 'DROP',
      },
      { kind: 'option', path: ['ipv4', 'firewall', 'filter', 'forward', 'rule'], value: '20', option: 'src' },
      { kind: 'ran', pattern: /^show interface$/ },
      { kind: 'metrics', query: 'sum(rate(pkts_down[5m]))' },
      { kind: 'logs', query: 'service_name:firewall' },
    ]);
  });

  it('names the line of each mistake', () => {
    const src = [
      '---', // 1
      'title: Broken', // 2
      'level: 3', // 3
      '---', // 4
      'hint: too early', // 5
      '## First', // 6 (a wrong check is a check line: no second issue)
      'check: nod interface eth0 present', // 7
      '## Second', // 8
      'check: node interface eth0', // 9
      'check: ran ^(unclosed', // 10
      'check: value interface eth0 mtu', // 11
      'hint: a', // 12
      'hint: b', // 13
    ].join('\n');
    expect(lines(src).split('\n')).toEqual([
      "lesson.md:3: unknown front matter key 'level' (expected title)",
      "lesson.md:5: 'hint:' before the first step (a '## ' heading)",
      "lesson.md:7: unknown check kind 'nod' (expected node, value, option, ran, metrics, logs, read)",
      "lesson.md:9: check 'node' is: node PATH… present|absent",
      expect.stringMatching(/^lesson\.md:10: check 'ran': bad pattern: /),
      "lesson.md:11: check 'value' is: value PATH… = VALUE",
      'lesson.md:13: a step has one hint',
    ]);
  });

  it('wants front matter with a title, and steps', () => {
    expect(lines('## A\ncheck: ran x')).toBe(
      "lesson.md:1: expected front matter: a first line '---', then 'title: …', then '---'",
    );
    expect(lines('---\ntitle: x\n')).toBe(
      "lesson.md:1: front matter not closed by a line '---'\nlesson.md:3: no steps: each step starts with a '## ' heading",
    );
    expect(lines('---\n---\n## A\ncheck: ran x')).toBe("lesson.md:2: front matter has no 'title'");
  });

  it('a lesson with mistakes throws one config error with every line', () => {
    let error: unknown;
    try {
      lessonOrThrow('t', 'my.md', '---\ntitle: t\n---\n## A\ncheck: nod x\n## B');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'config' });
    expect((error as Error).message).toMatch(
      /^my\.md:5: unknown check kind 'nod'.*; my\.md:6: step 'B' has no 'check:' line$/,
    );
  });
});

describe('holds', () => {
  const info = (values: string[], options: Array<Record<string, string[]>> = []) =>
    ({
      setValues: [],
      setOptions: [],
      subNodes: [{ setValues: values, setOptions: options, subNodes: [] }],
    }) as never;
  it('node present/absent and value read the configured values of the node and its Value sub-nodes', () => {
    const seen = { kind: 'node', info: info(['eth0', 'eth1']) } as const;
    expect(holds({ kind: 'node', path: ['interface', 'eth1'], present: true }, seen)).toBe(true);
    expect(holds({ kind: 'node', path: ['interface', 'eth2'], present: true }, seen)).toBe(false);
    expect(holds({ kind: 'node', path: ['interface', 'eth2'], present: false }, seen)).toBe(true);
    expect(holds({ kind: 'value', path: ['interface'], value: 'eth0' }, seen)).toBe(true);
    expect(
      holds({ kind: 'node', path: ['interface', 'eth1'], present: true }, { kind: 'failed', reason: 'x' }),
    ).toBe(false);
  });
  it('option reads the options of the same configured value', () => {
    const seen = {
      kind: 'node',
      info: info(['10', '20'], [{ action: ['DROP'] }, { action: ['ACCEPT'], src: [] }]),
    } as const;
    const rule = { kind: 'option' as const, path: ['rule'], value: '20' };
    expect(holds({ ...rule, option: 'action', optionValue: 'ACCEPT' }, seen)).toBe(true);
    expect(holds({ ...rule, option: 'action', optionValue: 'DROP' }, seen)).toBe(false);
    expect(holds({ ...rule, option: 'src' }, seen)).toBe(true);
    expect(holds({ ...rule, value: '10', option: 'src' }, seen)).toBe(false);
  });
});
