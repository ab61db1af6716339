import { describe, expect, it } from 'vitest';
import { parseMainArgs, parsePlayArgs } from '../../src/cli/args.js';

describe('play and --record arguments', () => {
  it('reads the script, --auto in ms, --speed and the shell flags around them', () => {
    const p = parsePlayArgs(['demo.txt', '--auto', '0.5', '--speed', '2', '--demo', '--record', 'a.cast']);
    expect(p).toMatchObject({ script: 'demo.txt', autoMs: 500, speed: 2 });
    expect(p.flags).toMatchObject({ demo: true, record: 'a.cast' });
    expect(parsePlayArgs(['--router', 'http://r', 's.txt'])).toMatchObject({ script: 's.txt', speed: 1 });
    expect(parsePlayArgs(['s.txt']).autoMs).toBeUndefined();
    expect(parseMainArgs(['--record', 'x.cast']).record).toBe('x.cast');
  });

  it('refuses a missing script, -c, and bad numbers as usage errors', () => {
    for (const argv of [
      [],
      ['a', 'b'],
      ['a', '-c', 'show'],
      ['a', '--speed', '0'],
      ['a', '--auto', '-1'],
      ['a', '--auto', 'x'],
    ]) {
      expect(() => parsePlayArgs(argv), argv.join(' ')).toThrow(expect.objectContaining({ code: 'usage' }));
    }
  });
});
