// A lesson file → a Lesson, or every mistake in it with its line. The format (README, "For
// trainers and presenters"): Markdown with a small front matter.
//
//   ---
//   title: Interfaces
//   ---
//   Introduction text.
//   ## Step title
//   Instruction text.
//   hint: one line of help
//   check: node interface eth1.100 present
//   solution: interface eth1.100        (one line a `solution:`, in order: `learn --test` runs them)
import { RoutershError } from '../../errors.js';
import { parseCheck } from './check-line.js';
import type { Check, Lesson, LessonIssue, Step } from './types.js';

const FRONT_KEYS = ['title'] as const;

interface Draft {
  title: string;
  line: number;
  text: string[];
  hint?: string;
  checks: Check[];
  written: string[];
  solution: string[];
  /** A `check:` line was seen, right or wrong (a wrong one is its own issue). */
  checkLines: number;
}

export function parseLesson(
  name: string,
  source: string,
): { lesson: Lesson; issues: [] } | { issues: LessonIssue[] } {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const issues: LessonIssue[] = [];
  const issue = (line: number, message: string) => issues.push({ line, message });
  let title = '';
  let i = 0;
  if (lines[0]?.trim() !== '---') {
    issue(1, "expected front matter: a first line '---', then 'title: …', then '---'");
  } else {
    for (i = 1; i < lines.length && lines[i]?.trim() !== '---'; i++) {
      const l = lines[i] as string;
      if (!l.trim() || l.trimStart().startsWith('#')) continue;
      const m = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(l);
      if (!m) issue(i + 1, `expected 'key: value' in the front matter`);
      else if (!(FRONT_KEYS as readonly string[]).includes(m[1] as string))
        issue(i + 1, `unknown front matter key '${m[1]}' (expected ${FRONT_KEYS.join(', ')})`);
      else title = (m[2] as string).trim();
    }
    if (i >= lines.length) issue(1, "front matter not closed by a line '---'");
    else if (!title) issue(i + 1, "front matter has no 'title'");
    i++;
  }
  const intro: string[] = [];
  const steps: Draft[] = [];
  for (; i < lines.length; i++) {
    const l = lines[i] as string;
    const n = i + 1;
    const heading = /^##\s+(.*)$/.exec(l);
    const step = steps.at(-1);
    if (heading) {
      const t = (heading[1] as string).trim();
      if (!t) issue(n, 'a step heading needs a title');
      steps.push({ title: t, line: n, text: [], checks: [], written: [], solution: [], checkLines: 0 });
    } else if (/^(hint|check|solution):/.test(l)) {
      const [key, ...more] = l.split(':');
      const value = more.join(':').trim();
      if (!step) issue(n, `'${key}:' before the first step (a '## ' heading)`);
      else if (key === 'hint') {
        if (step.hint !== undefined) issue(n, 'a step has one hint');
        else if (!value) issue(n, 'empty hint');
        else step.hint = value;
      } else if (key === 'solution') {
        if (!value) issue(n, 'empty solution line');
        else step.solution.push(value);
      } else {
        step.checkLines++;
        const check = parseCheck(value);
        if (typeof check === 'string') issue(n, check);
        else {
          step.checks.push(check);
          step.written.push(value);
        }
      }
    } else if (step) step.text.push(l);
    else intro.push(l);
  }
  if (!steps.length) issue(lines.length, "no steps: each step starts with a '## ' heading");
  for (const s of steps) if (!s.checkLines) issue(s.line, `step '${s.title}' has no 'check:' line`);
  if (issues.length) return { issues: issues.sort((a, b) => a.line - b.line) };
  const trim = (ls: string[]) => ls.join('\n').trim();
  const out: Step[] = steps.map((s) => ({
    title: s.title,
    text: trim(s.text),
    ...(s.hint !== undefined ? { hint: s.hint } : {}),
    checks: s.checks,
    written: s.written,
    solution: s.solution,
    line: s.line,
  }));
  return { lesson: { name, title, intro: trim(intro), steps: out }, issues: [] };
}

/** `file:line: message`, one a line, as compilers print them. */
export const issueLines = (file: string, issues: readonly LessonIssue[]): string =>
  issues.map((x) => `${file}:${x.line}: ${x.message}`).join('\n');

/** The lesson, or a `config` error listing its issues, `; `-separated (exit 2 at the top level). */
export function lessonOrThrow(name: string, file: string, source: string): Lesson {
  const r = parseLesson(name, source);
  if ('lesson' in r) return r.lesson;
  throw new RoutershError('config', issueLines(file, r.issues).split('\n').join('; '), {
    issues: r.issues,
  });
}
