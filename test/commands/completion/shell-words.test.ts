// The user's shell line split into routersh's argv as the shell will split it: quotes, escapes,
// the last command of a pipeline, the environment before the command, an open quote.
import { describe, expect, it } from 'vitest';
import { splitShellLine } from '../../../src/commands/completion/shell-words.js';

describe('splitShellLine', () => {
  it.each([
    ['routersh --pro', { words: ['--pro'] }],
    ['routersh --profile lab ', { words: ['--profile', 'lab', ''] }],
    ['routersh', { words: [''] }],
    ["routersh -c 'interface e", { words: ['-c', 'interface e'], openQuote: "'" }],
    ['routersh -c "a \\"b\\" \\x', { words: ['-c', 'a "b" \\x'], openQuote: '"' }],
    ["routersh -c 'it'\\''s' --j", { words: ['-c', "it's", '--j'] }],
    ['routersh a\\ b c', { words: ['a b', 'c'] }],
    ['ls | FOO=1 BAR=2 ./routersh --auth t', { words: ['--auth', 't'] }],
    ['make; routersh learn ', { words: ['learn', ''] }],
  ])('%s', (line, want) => expect(splitShellLine(line)).toEqual(want));
});

describe('splitShellLine: zsh and fish quote their own way', () => {
  it.each([
    ['sh', 'routersh --profile "t\\!x" ', ['--profile', 't\\!x', '']],
    ['zsh', 'routersh --profile "t\\!x" ', ['--profile', 't!x', '']],
    ['sh', "routersh --profile 's\\'x", ['--profile', 's\\x']],
    ['fish', "routersh --profile 's\\'$(x)\\'!x' -c ", ['--profile', "s'$(x)'!x", '-c', '']],
    ['fish', 'routersh --profile "a\\`b" ', ['--profile', 'a\\`b', '']],
  ] as const)('%s: %s', (dialect, line, words) => expect(splitShellLine(line, dialect).words).toEqual(words));
});
