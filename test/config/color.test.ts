// Colour as the ecosystem reads the environment (config/color.ts): --no-color, FORCE_COLOR as
// Node reads it, NO_COLOR (no-color.org), TERM=dumb, else whether stdout is a terminal.
import { describe, expect, it } from 'vitest';
import { colorWanted } from '../../src/config/color.js';

describe('colorWanted', () => {
  it.each([
    // flag, env, tty → colour
    [false, {}, true, true],
    [false, {}, false, false],
    [true, {}, true, false],
    [true, { FORCE_COLOR: '1' }, true, false],
    [false, { FORCE_COLOR: '1' }, false, true],
    [false, { FORCE_COLOR: '' }, false, true],
    [false, { FORCE_COLOR: '3' }, false, true],
    [false, { FORCE_COLOR: 'true' }, false, true],
    [false, { FORCE_COLOR: '0' }, true, false],
    [false, { FORCE_COLOR: 'false' }, true, false],
    [false, { FORCE_COLOR: '1', NO_COLOR: '1' }, true, true],
    [false, { NO_COLOR: '1' }, true, false],
    [false, { NO_COLOR: '' }, true, true],
    [false, { TERM: 'dumb' }, true, false],
    [false, { TERM: 'dumb', FORCE_COLOR: '1' }, true, true],
    [false, { TERM: 'xterm-256color' }, true, true],
  ] as const)('--no-color %s, %j, tty %s → %s', (flag, env, tty, want) => {
    expect(colorWanted(flag, env, tty)).toBe(want);
  });
});
