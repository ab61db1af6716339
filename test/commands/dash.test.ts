// `routersh dash`'s argv: --validate FILE…, import …, or FILE with --var NAME=VALUE (repeated,
// `--var=…` too) among the main flags; mistakes are usage errors (exit 2) before anything runs.
import { describe, expect, it } from 'vitest';
import { parseDashArgs } from '../../src/commands/dash-args.js';
import { exitStatusOf } from '../../src/exit-status.js';
import { isRoutershError } from '../../src/errors.js';

const usage = (argv: string[]) => {
  try {
    parseDashArgs(argv);
  } catch (e) {
    if (isRoutershError(e)) return { status: exitStatusOf(e), message: e.message };
    throw e;
  }
  throw new Error(`no error for ${argv.join(' ')}`);
};

describe('parseDashArgs', () => {
  it('--validate FILE…, import …', () => {
    expect(parseDashArgs(['--validate', 'a.yaml', 'b.json'])).toEqual({
      kind: 'validate',
      files: ['a.yaml', 'b.json'],
    });
    expect(parseDashArgs(['import', 'g.json', '-o', 'x.yaml'])).toEqual({
      kind: 'import',
      argv: ['g.json', '-o', 'x.yaml'],
    });
  });

  it('FILE with --var pairs (a name twice: two values) among the connection flags', () => {
    const a = parseDashArgs([
      'overview',
      '--var',
      'grp=business',
      '--demo',
      '--var=grp=residential',
      '--var',
      'q=a=b',
    ]);
    if (a.kind !== 'open') throw new Error(a.kind);
    expect(a.file).toBe('overview');
    expect(a.vars).toEqual([
      ['grp', 'business'],
      ['grp', 'residential'],
      ['q', 'a=b'],
    ]);
    expect(a.flags.demo).toBe(true);
    expect(a.rest).toEqual(['--demo']);
  });

  it.each([
    [[], /dash needs a dashboard file/],
    [['--validate'], /dash --validate needs a dashboard file/],
    [['--bogus'], /dash: unknown flag '--bogus'/],
    [['f.yaml', '--var'], /--var needs NAME=VALUE/],
    [['f.yaml', '--var', 'novalue'], /--var takes NAME=VALUE/],
    [['f.yaml', '--var', '1x=a'], /--var takes NAME=VALUE/],
    [['f.yaml', '--var', 'a=\u001b[2J'], /--var takes NAME=VALUE .*not 'a=\?\[2J'/],
    [['f.yaml', '--bogus'], /Unknown option '--bogus'/],
  ])('%j is a usage error (exit 2)', (argv, message) => {
    const e = usage(argv as string[]);
    expect(e.status).toBe(2);
    expect(e.message).toMatch(message);
  });
});
