// `help` alone (issue 18's first hour): one screen that names every built-in of the grammar's
// table (changes, compare, undo, rollback, confirm-within, confirm, commit, dry-run, the lesson
// commands… were left out), each line within 80 columns so nothing wraps on a default terminal.
import { expect, it } from 'vitest';
import { BUILTIN_NAMES } from '../../src/lang/index.js';
import { helpText } from '../../src/run/help.js';
import { displayWidth } from '../../src/term/text-width.js';

const text = helpText([]);

it('names every built-in', () => {
  // A group's command (`metrics query`) is named as its words.
  expect(BUILTIN_NAMES.filter((n) => !text.includes(n))).toEqual([]);
});

it('fits 80 columns and one screen', () => {
  const lines = text.trimEnd().split('\n');
  expect(lines.filter((l) => displayWidth(l) > 80)).toEqual([]);
  // 80×24 less the echoed line, the prompt and the spinner line a busy machine draws while it
  // runs (a CI run beside stress-ng lost the first line at 22).
  expect(lines.length).toBeLessThanOrEqual(21);
});
