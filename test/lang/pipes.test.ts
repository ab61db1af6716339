// Output pipes at the end of a line: parsed outside quotes and outside metrics/logs
// expressions, checked against the one table, and completed after `|`.
import { describe, expect, it } from 'vitest';
import { completePipe, splitPipes } from '../../src/lang/pipes.js';

describe('splitPipes', () => {
  it('splits trailing pipes off the command; a unique prefix names a pipe', () => {
    expect(splitPipes('show interface | no-more')).toMatchObject({
      command: 'show interface',
      pipes: [{ spec: { name: 'no-more' }, args: [] }],
    });
    expect(splitPipes('show interface | no-m').pipes.map((p) => p.spec.name)).toEqual(['no-more']);
    expect(splitPipes('show interface').pipes).toEqual([]);
  });

  it('a | in quotes, inside a word, or in a metrics/logs expression is not a pipe', () => {
    expect(splitPipes('interface eth0 description "a | b"')).toEqual({
      command: 'interface eth0 description "a | b"',
      pipes: [],
    });
    expect(splitPipes('interface eth0 description a|b').pipes).toEqual([]);
    const expr = 'logs search "error" | stats count() since 1h';
    expect(splitPipes(expr)).toEqual({ command: expr, pipes: [] });
    const m = 'metrics query sum(rate(x[5m])) | no-more';
    expect(splitPipes(m).command).toBe(m);
  });

  it('an unknown pipe, a missing name or an extra word is an error at its column', () => {
    const line = 'show interface | bogus';
    const e = splitPipes(line).error;
    expect(e?.message).toMatch(/unknown pipe 'bogus' \(pipes: no-more\)/);
    expect(line.slice(e!.column, e!.column + e!.length)).toBe('bogus');
    expect(splitPipes('show interface |').error?.message).toMatch(/pipe name is missing/);
    expect(splitPipes('show interface | no-more x').error?.message).toMatch(/takes no argument, not 'x'/);
    expect(splitPipes('show | no-more | zz').error?.message).toMatch(/unknown pipe 'zz'/);
  });
});

describe('completePipe', () => {
  it('offers pipe names after |, and leaves the command part to the command completion', () => {
    const after = completePipe('show interface | ', 17);
    expect(after?.candidates.map((c) => c.text)).toEqual(['no-more']);
    const partial = completePipe('show interface | no', 19);
    expect(partial).toMatchObject({ replaceFrom: 17, replaceTo: 19, commonPrefix: 'no-more' });
    expect(completePipe('show interface | x', 18)?.hint).toMatch(/unknown pipe 'x'/);
    expect(completePipe('show interface | no-more', 4)).toBeUndefined();
    expect(completePipe('show interface', 14)).toBeUndefined();
  });
});
